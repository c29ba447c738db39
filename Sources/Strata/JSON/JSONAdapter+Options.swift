extension JSONAdapter {
    /// How models are read from JSON: the limits `model(of:from:options:)` and
    /// `models(of:from:options:)` apply, from `Data` and from a dictionary.
    ///
    /// The defaults suit any real payload; change them only for input that is
    /// known to nest deeper, or to refuse deep input sooner.
    ///
    /// ```swift
    /// let thread = try JSONAdapter.model(
    ///     of: Reply.self, from: data, options: .init(maximumModelDepth: 100))
    /// ```
    ///
    /// Both limits must be at least 1: a smaller value is not clamped, the
    /// reading method throws a ``StrataError`` with code
    /// ``StrataError/Code/invalidOptions`` before it reads anything.
    public struct DecodingOptions: Sendable, Hashable {
        /// How many levels deep models may nest inside the model being read; one level
        /// more throws ``StrataError/Code/nestingTooDeep``.
        ///
        /// 64 by default.
        ///
        /// A model held by a property is one level, and so is each model of an
        /// array of models (the array itself is none). A ``JSONTaggedEnum`` held by
        /// a property or an array is a level, and its case's model another: the
        /// two take about twice the stack of one model. Levels are counted the
        /// same way from `Data` and from a dictionary, and by the writing methods:
        /// a model read with this limit is written with the same
        /// ``EncodingOptions/maximumModelDepth``. Nested models that transformers
        /// read with ``ValueTransformer/model(_:)`` and ``ValueTransformer/models(_:)``
        /// count too, and follow these options.
        ///
        /// Each level is a level of recursion: a higher limit needs a deeper stack
        /// (64 levels fit the 512 KiB stacks of secondary threads on Apple platforms).
        public var maximumModelDepth: Int = 64

        /// How many arrays and objects may be open at once in JSON text read from
        /// `Data`; one more throws ``StrataError/Code/invalidJSON``, naming the
        /// limit.
        ///
        /// 512 by default.
        ///
        /// It counts every container, those of models included. It does not apply
        /// to a `[String: Any]` or `[Any]` you pass in: that value is already built.
        /// The reader itself does not recurse, but converting and releasing a
        /// nested value does, one level per container: raise it with care.
        public var maximumNestingDepth: Int = 512

        /// Creates options; each limit must be at least 1.
        ///
        /// ```swift
        /// let shallow = JSONAdapter.DecodingOptions(maximumNestingDepth: 32)
        /// ```
        public init(maximumModelDepth: Int = 64, maximumNestingDepth: Int = 512) {
            self.maximumModelDepth = maximumModelDepth
            self.maximumNestingDepth = maximumNestingDepth
        }

        /// Models nest at most 64 levels deep, JSON text at most 512.
        public static let `default` = DecodingOptions()
    }

    /// How models are written as JSON: by ``dictionary(from:options:)-6hg56``,
    /// ``dictionaries(from:options:)`` and `data(from:options:formatting:)`.
    ///
    /// ```swift
    /// let json = try JSONAdapter.dictionary(from: repo, options: .omitNulls)
    ///
    /// var options = JSONAdapter.EncodingOptions.default
    /// options.maximumModelDepth = 100
    /// let data = try JSONAdapter.data(from: thread, options: options)
    /// ```
    ///
    /// ``maximumModelDepth`` must be at least 1: a smaller value is not clamped,
    /// the writing method throws a ``StrataError`` with code
    /// ``StrataError/Code/invalidOptions`` before it writes anything.
    public struct EncodingOptions: Sendable, Hashable {
        /// Whether a property whose value is `nil` is left out, instead of being
        /// written as `null`.
        ///
        /// `false` by default.
        public var omitsNulls: Bool = false

        /// How many levels deep models may nest inside the model being written; one
        /// level more throws ``StrataError/Code/nestingTooDeep``, and so does a class
        /// graph with a cycle.
        ///
        /// 64 by default.
        ///
        /// Levels are counted as ``DecodingOptions/maximumModelDepth`` counts them,
        /// so whatever was read with a limit is written with the same limit, by
        /// every writing method. Each level is a level of recursion.
        public var maximumModelDepth: Int = 64

        /// Creates options.
        ///
        /// ```swift
        /// let options = JSONAdapter.EncodingOptions(omitsNulls: true, maximumModelDepth: 100)
        /// ```
        public init(omitsNulls: Bool = false, maximumModelDepth: Int = 64) {
            self.omitsNulls = omitsNulls
            self.maximumModelDepth = maximumModelDepth
        }

        /// `nil` is left out instead of written as `null`; the other options are
        /// the defaults.
        ///
        /// ```swift
        /// let data = try JSONAdapter.data(from: repo, options: .omitNulls)
        /// ```
        public static let omitNulls = EncodingOptions(omitsNulls: true)

        /// `nil` is written as `null`, and models nest at most 64 levels deep.
        public static let `default` = EncodingOptions()
    }

    /// How `data(from:options:formatting:)` lays out the JSON text it writes.
    ///
    /// The default, `[]`, is compact, with keys in mapping order.
    ///
    /// ```swift
    /// let data = try JSONAdapter.data(from: repo, formatting: [.sortedKeys, .prettyPrinted])
    /// ```
    ///
    /// Formatting applies to text only: a dictionary has no order or layout. Slashes
    /// are never escaped (`"https://…"`); both spellings are valid JSON.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The option set's bits.
        public let rawValue: UInt

        /// Creates an option set from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Write object keys in ascending order (Swift `String` comparison), so
        /// equal models always give identical bytes.
        ///
        /// Nested models' `serializablePropertyKeys(_:)` then run in that order
        /// too.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)

        /// Indent nested values by two spaces per level, one member or element per
        /// line, with `" : "` between a key and its value (the `JSONSerialization`
        /// layout).
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 1)
    }
}

extension JSONAdapter.DecodingOptions {
    /// Throws when a limit is below 1.
    func check() throws(StrataError) {
        try JSONAdapter.checkLimit(maximumModelDepth, named: "maximumModelDepth", default: 64)
        try JSONAdapter.checkLimit(maximumNestingDepth, named: "maximumNestingDepth", default: 512)
    }
}

extension JSONAdapter.EncodingOptions {
    /// Throws when the limit is below 1.
    func check() throws(StrataError) {
        try JSONAdapter.checkLimit(maximumModelDepth, named: "maximumModelDepth", default: 64)
    }
}

extension JSONAdapter {
    /// Throws ``StrataError/Code/invalidOptions`` when `limit` is below 1.
    @inline(__always)
    static func checkLimit(_ limit: Int, named name: String, default defaultValue: Int) throws(StrataError) {
        guard limit < 1 else { return }
        throw StrataError(
            .invalidOptions,
            "\(name) is \(limit), but it must be at least 1 (the default is \(defaultValue)). Pass a positive limit.")
    }
}
