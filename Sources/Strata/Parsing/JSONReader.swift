import Foundation

/// Parses UTF-8 JSON text (RFC 8259) into Foundation objects, like `JSONSerialization`.
///
/// Internal: the engine behind ``JSONAdapter``'s reading of `Data`, which reports
/// its failures as ``StrataError/Code/invalidJSON``. The tests and the fuzz
/// targets call it directly.
///
/// The result has the shapes `JSONSerialization.jsonObject(with:)` returns on Linux:
/// `[String: Any]`, `[Any]`, `String`, `NSNumber` and `NSNull`. Booleans are
/// `NSNumber(value: Bool)` (the boolean `NSNumber` class), integers that fit
/// `Int` are integer `NSNumber`s, larger integers up to `UInt64.max` are unsigned
/// `NSNumber`s, integers beyond that are `NSDecimalNumber`s, and numbers with a
/// fraction or exponent are `Double` `NSNumber`s.
///
/// Decisions, for inputs the RFC leaves open:
/// - Top-level scalars (`"a"`, `1`, `null`) are accepted unless
///   ``Options/topLevelContainerRequired`` is set.
/// - A leading UTF-8 byte order mark is skipped; any other encoding is rejected.
/// - A `\u` escape naming an unpaired UTF-16 surrogate is rejected (Swift strings
///   cannot hold one, and replacing it would silently change the data).
/// - Duplicate object keys: the last one wins.
/// - Integers beyond `UInt64` are `Decimal`s while `Decimal` holds every digit
///   as written (its 128-bit mantissa holds 38 significant digits, and its range
///   ends near `3.4e165`). The Foundation shape reads a larger one, such as `1`
///   followed by 170 zeros, as its nearest `Double`, as `JSONSerialization` does,
///   and rejects a number too large for a `Double` (`1e400`) with
///   ``JSONParsingError/Kind/numberOutOfRange(_:)``; the native shape keeps both
///   as ``JSONNumber``s, with every digit as written. One too small for a `Double`
///   becomes `0` or a subnormal, as `strtod` rounds it.
/// - Arrays and objects may nest ``defaultMaximumDepth`` levels deep; deeper
///   input throws ``JSONParsingError/Kind/maximumDepthExceeded(_:)`` instead of
///   exhausting the stack (the parser is not recursive).
///
/// ```swift
/// let object = try JSONReader.jsonObject(with: Data(#"{"name": "Ada", "admin": true}"#.utf8))
/// let user = object as? [String: Any]
/// ```
enum JSONReader {
    /// Options that change what ``JSONReader`` accepts.
    ///
    /// ```swift
    /// let strict: JSONReader.Options = [.topLevelContainerRequired]
    /// ```
    struct Options: OptionSet, Sendable {
        /// The raw bits of the option set.
        let rawValue: UInt

        /// Creates an option set from raw bits.
        ///
        /// ```swift
        /// let options = JSONReader.Options(rawValue: 0)
        /// ```
        init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Accept any JSON value at the top level, not only arrays and objects.
        ///
        /// This is already the default (RFC 8259 allows top-level scalars); the option
        /// exists so code written for `JSONSerialization.ReadingOptions.fragmentsAllowed`
        /// reads the same, and it overrides ``topLevelContainerRequired``.
        ///
        /// ```swift
        /// let one = try JSONReader.jsonObject(with: Data("1".utf8), options: .fragmentsAllowed)
        /// ```
        static let fragmentsAllowed = Options(rawValue: 1 << 0)

        /// Reject a top-level value that is not an array or object (RFC 4627 behaviour).
        ///
        /// ```swift
        /// // Throws JSONParsingError with kind .topLevelContainerRequired:
        /// _ = try JSONReader.jsonObject(with: Data("1".utf8), options: .topLevelContainerRequired)
        /// ```
        static let topLevelContainerRequired = Options(rawValue: 1 << 1)
    }

    /// The default limit on how deeply arrays and objects may nest: 512.
    ///
    /// ```swift
    /// let deep = try JSONReader.jsonObject(with: data, maximumDepth: JSONReader.defaultMaximumDepth * 2)
    /// ```
    static let defaultMaximumDepth = 512

    /// Parses `data` (UTF-8 JSON) into `JSONSerialization`-shaped Foundation objects.
    ///
    /// Throws ``JSONParsingError`` with the byte offset, line and column of the first
    /// problem. Nesting is limited to ``defaultMaximumDepth`` levels.
    ///
    /// ```swift
    /// let value = try JSONReader.jsonObject(with: Data("[1, true, null]".utf8))
    /// // [1, true, <null>] as [Any] holding NSNumber, NSNumber (boolean), NSNull
    /// ```
    static func jsonObject(with data: Data, options: Options = []) throws -> Any {
        try jsonObject(with: data, options: options, maximumDepth: defaultMaximumDepth)
    }

    /// Parses `data` into `JSONSerialization`-shaped Foundation objects with a custom nesting limit.
    ///
    /// `maximumDepth` is the number of arrays and objects that may be open at once;
    /// exceeding it throws ``JSONParsingError/Kind/maximumDepthExceeded(_:)``.
    ///
    /// ```swift
    /// let shallow = try JSONReader.jsonObject(with: Data("[[1]]".utf8), options: [], maximumDepth: 2)
    /// ```
    static func jsonObject(with data: Data, options: Options = [], maximumDepth: Int) throws -> Any {
        try parse(data, builder: FoundationJSONBuilder(), options: options, maximumDepth: maximumDepth)
    }

    /// Parses `data` into Swift natives boxed in `Any` (the mapping layer's fast path).
    ///
    /// Shapes: `Int` (integers that fit `Int64`), `UInt64` (larger integers that fit),
    /// `Decimal` (integers beyond `UInt64`, and numbers of more than 15 significant
    /// digits that it holds exactly), `Double` (numbers with a fraction or exponent),
    /// ``JSONNumber`` (numbers none of these holds exactly, such as `1e400`), `Bool`,
    /// `String`, `NSNull`, `[String: Any]`, `[Any]`.
    static func nativeObject(
        with data: Data,
        options: Options = [],
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParsingError) -> Any {
        try parse(data, builder: NativeJSONBuilder(), options: options, maximumDepth: maximumDepth)
    }

    /// Runs the scanner specialised for `Builder` over the bytes of `data`.
    @inline(__always)
    static func parse<Builder: JSONValueBuilder>(
        _ data: Data,
        builder: Builder,
        options: Options,
        maximumDepth: Int
    ) throws(JSONParsingError) -> Builder.Value {
        let containerRequired = options.contains(.topLevelContainerRequired) && !options.contains(.fragmentsAllowed)
        let result: Result<Builder.Value, JSONParsingError> = data.withUnsafeBytes { raw in
            guard raw.count > 0 else {
                return .failure(JSONParsingError(kind: .unexpectedEndOfInput(expected: "a value"), offset: 0, line: 1, column: 1))
            }
            var scanner = JSONScanner(
                input: ByteView(raw),
                builder: builder,
                maximumDepth: maximumDepth
            )
            return Result { () throws(JSONParsingError) in
                try scanner.parseDocument(topLevelContainerRequired: containerRequired)
            }
        }
        return try result.get()
    }
}
