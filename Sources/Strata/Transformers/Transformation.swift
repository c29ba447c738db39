/// A conversion the plan runs: JSON values into property values (forward) and,
/// when there is a reverse, property values back into JSON values.
///
/// Closures throw to refuse a value; the engines add the value's path to the
/// error.
///
/// Strata's own transformers are written as transformations (the defaults for
/// each property type, and the predefined ones behind ``ValueTransformer/url`` and
/// the others). A user's ``ValueTransformer`` becomes one when the plan is built
/// (`Transformation(_:)`, in `Transformation+ValueTransformer.swift`), so the engines
/// call one kind of thing, a `Sendable` value, whatever the transformer's class.
struct Transformation: Sendable {
    private(set) var forward: @Sendable (Any?) throws -> Any?
    let reverse: (@Sendable (Any?) throws -> Any?)?
    /// ``forward`` for a plain JSON string (no escapes, only ASCII), given as its bytes.
    ///
    /// What the scanner source runs instead of making the `String` (see
    /// ``MemberRead``). Returns what `forward` returns for that string, or `nil` when
    /// the bytes need `forward` itself (which then gives the value or the error);
    /// never set on a transformation whose `forward` could give another value.
    private(set) var forwardFromPlainString: (@Sendable (UnsafeBufferPointer<UInt8>) -> Any?)?
    /// Whether ``forward`` gives a JSON array of strings back as the `[String]` of its
    /// elements, so that the scanner source may make that `[String]` itself from an
    /// array of plain strings (see ``MemberRead``).
    private(set) var keepsStringArrays = false
    /// What this transformation gives when it is a `JSONValue` default; `nil` otherwise.
    ///
    /// Such a ``forward`` gives any JSON value as its ``JSONValue`` (``JSONValueForm/value``),
    /// an array as its `[JSONValue]` or an object as its `[String: JSONValue]`, and
    /// ``reverse`` gives such a value back in its Foundation form: so the scanner source
    /// reads the value straight as `JSONValue`s (`JSONValueTreeBuilder`), and a sink of
    /// JSON text writes it as it is.
    private(set) var jsonValueForm: JSONValueForm?
    /// Whether ``forward`` also takes an object as its ``ObjectText``, the object's
    /// JSON text as the scanner source read and checked it, and gives what it gives
    /// for the object's dictionary: so a tagged enum's object is decoded from its
    /// bytes, with no dictionary made of it.
    private(set) var readsObjectText = false
    /// Whether ``forward`` also takes a JSON array whose objects are given as their
    /// ``ObjectText``s (its other elements as JSON values), and gives what it gives for
    /// the array of the objects' dictionaries: the default transformer of an array
    /// whose element transformer ``readsObjectText``, so that an array of tagged enums
    /// is decoded from its bytes.
    private(set) var readsObjectTextElements = false
    /// How a value is written straight into a sink of JSON text.
    ///
    /// The write for the value, as what ``reverse`` gives for it would be written,
    /// or `nil` for a value left to ``reverse`` (which then gives the JSON value or
    /// the error): so a tagged enum held by a property is written with no
    /// dictionary of its object.
    private(set) var textWriter: (@Sendable (Any) -> ((inout EmitterSink) throws -> Void)?)?

    /// A one-way transformation.
    init(forward: @escaping @Sendable (Any?) throws -> Any?) {
        self.forward = forward
        self.reverse = nil
    }

    /// A two-way transformation.
    init(
        forward: @escaping @Sendable (Any?) throws -> Any?,
        reverse: (@Sendable (Any?) throws -> Any?)?
    ) {
        self.forward = forward
        self.reverse = reverse
    }

    /// Transforms a JSON value into a property value.
    func transformedValue(_ value: Any?) throws -> Any? {
        try forward(value)
    }

    /// Transforms a property value back into a JSON value.
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` when the
    ///   transformation is one-way.
    func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let reverse else { throw Self.oneWay() }
        return try reverse(value)
    }

    /// This transformation with `nil` (JSON `null`) read as `nil`, for an optional
    /// of a type whose transformer reads `null` as a value (``PropertyType/nullRule``).
    var readingNullAsNil: Transformation {
        let forward = self.forward
        var transformation = self
        transformation.forward = { value in try value.map { try forward($0) } ?? nil }
        return transformation
    }

    /// This transformation, with `convert` as its ``forwardFromPlainString``.
    func readingPlainStrings(with convert: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Any?) -> Transformation {
        var transformation = self
        transformation.forwardFromPlainString = convert
        return transformation
    }

    /// This transformation, marked as one whose ``forward`` gives an array of strings
    /// back as its `[String]` (see ``keepsStringArrays``).
    func keepingStringArrays() -> Transformation {
        var transformation = self
        transformation.keepsStringArrays = true
        return transformation
    }

    /// This transformation, marked as the `JSONValue` default of `form` (see ``jsonValueForm``).
    func holdingJSONValues(as form: JSONValueForm) -> Transformation {
        var transformation = self
        transformation.jsonValueForm = form
        return transformation
    }

    /// This transformation, marked as one whose ``forward`` takes an object's
    /// ``ObjectText`` (see ``readsObjectText``).
    func readingObjectText() -> Transformation {
        var transformation = self
        transformation.readsObjectText = true
        return transformation
    }

    /// This transformation, marked as one whose ``forward`` takes an array whose
    /// objects are given as their ``ObjectText``s (see ``readsObjectTextElements``).
    func readingObjectTextElements() -> Transformation {
        var transformation = self
        transformation.readsObjectTextElements = true
        return transformation
    }

    /// This transformation, with `writer` as its ``textWriter``.
    func writingText(with writer: @escaping @Sendable (Any) -> ((inout EmitterSink) throws -> Void)?) -> Transformation {
        var transformation = self
        transformation.textWriter = writer
        return transformation
    }

    /// The transformation with its directions swapped.
    ///
    /// A one-way transformation becomes one whose reverse direction is the
    /// original forward one.
    var inverted: Transformation {
        let forward = self.forward
        guard let reverse else {
            return Transformation(
                forward: { _ in
                    throw StrataError(.unsupportedValue, "The inverted transformer has no forward direction: the original is one-way.")
                },
                reverse: forward)
        }
        return Transformation(forward: reverse, reverse: forward)
    }

    /// The error for writing through a one-way transformer.
    static func oneWay() -> StrataError {
        StrataError(
            .unsupportedValue,
            "The value transformer is one-way, so this value cannot be written back. "
                + "Give it a reverse closure (or a class whose allowsReverseTransformation() is true), "
                + "or leave the key out of serializablePropertyKeys.")
    }
}

extension Transformation {
    /// A transformation written with types: `Input` is checked (numbers exactly)
    /// before `forward` runs, so no casting is needed.
    ///
    /// `nil` passes through untouched.
    init<Input, Output>(
        _ forward: @escaping @Sendable (Input) throws -> Output,
        reverse: (@Sendable (Output) throws -> Input)? = nil
    ) {
        let writing: (@Sendable (Output) throws -> Any)?
        if let reverse {
            writing = { output in try reverse(output) }
        } else {
            writing = nil
        }
        self.init(forward, writing: writing)
    }

    /// A typed transformation whose reverse writes a value of another type than the
    /// one `forward` reads (a whole number of seconds as an `Int`, where `forward`
    /// reads any `Double`).
    ///
    /// A value that is not an `Input` is an error that expects `expecting` when it
    /// is given (`a date as seconds since 1970, …`), the name of `Input` otherwise.
    init<Input, Output>(
        _ forward: @escaping @Sendable (Input) throws -> Output,
        writing reverse: (@Sendable (Output) throws -> Any)?,
        expecting: String? = nil
    ) {
        let input = TypedValue(Input.self)
        let expected = expecting ?? input.type.name
        let typedForward: @Sendable (Any?) throws -> Any? = { value in
            guard let value else { return nil }
            guard let typed = input.coerce(some: value) else { throw StrataError.expected(expected, found: value) }
            return try forward(typed)
        }
        if let reverse {
            let output = TypedValue(Output.self)
            self.init(
                forward: typedForward,
                reverse: { value in
                    guard let value else { return nil }
                    return try reverse(try output.require(some: value))
                })
        } else {
            self.init(forward: typedForward)
        }
    }
}
