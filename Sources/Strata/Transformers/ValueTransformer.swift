/// Converts values in one direction, and optionally back: JSON values into
/// property values (forward) and property values into JSON values (reverse).
///
/// Strata's own type (Foundation on Linux has no `ValueTransformer`), a value
/// type you can keep in a `static let`. Closures throw to refuse a value; the
/// adapter reports the error with the JSON path of the value.
///
/// ```swift
/// let cents = ValueTransformer(
///     forward: { ($0 as? Int).map { Double($0) / 100 } },
///     reverse: { ($0 as? Double).map { Int(($0 * 100).rounded()) } })
///
/// // Typed: no casting, the input is checked for you.
/// let date = ValueTransformer { (text: String) in try parseDate(text) }
/// ```
public struct ValueTransformer: Sendable {
    private let forward: @Sendable (Any?) throws -> Any?
    private let reverse: (@Sendable (Any?) throws -> Any?)?

    /// A one-way transformer.
    public init(forward: @escaping @Sendable (Any?) throws -> Any?) {
        self.forward = forward
        self.reverse = nil
    }

    /// A two-way transformer.
    public init(
        forward: @escaping @Sendable (Any?) throws -> Any?,
        reverse: @escaping @Sendable (Any?) throws -> Any?
    ) {
        self.forward = forward
        self.reverse = reverse
    }

    /// Transforms a JSON value into a property value.
    public func transformedValue(_ value: Any?) throws -> Any? {
        try forward(value)
    }

    /// Transforms a property value back into a JSON value.
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` when the
    ///   transformer is one-way.
    public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let reverse else {
            throw StrataError(
                .unsupportedValue,
                "The value transformer is one-way, so this value cannot be written back. "
                    + "Give it a reverse closure, or leave the key out of serializablePropertyKeys.")
        }
        return try reverse(value)
    }

    /// Whether ``reverseTransformedValue(_:)`` is available.
    public var allowsReverseTransformation: Bool { reverse != nil }

    /// The transformer with its directions swapped. A one-way transformer becomes
    /// one whose reverse direction is the original forward one.
    public var inverted: ValueTransformer {
        let forward = self.forward
        guard let reverse else {
            return ValueTransformer(
                forward: { _ in
                    throw StrataError(.unsupportedValue, "The inverted transformer has no forward direction: the original is one-way.")
                },
                reverse: forward)
        }
        return ValueTransformer(forward: reverse, reverse: forward)
    }
}

extension ValueTransformer {
    /// A transformer written with types: `Input` is checked (numbers exactly) before
    /// `forward` runs, so no casting is needed. `nil` passes through untouched.
    ///
    /// ```swift
    /// let upper = ValueTransformer(
    ///     { (text: String) in text.uppercased() },
    ///     reverse: { (text: String) in text.lowercased() })
    /// ```
    public init<Input, Output>(
        _ forward: @escaping @Sendable (Input) throws -> Output,
        reverse: (@Sendable (Output) throws -> Input)? = nil
    ) {
        let input = TypedValue(Input.self)
        let typedForward: @Sendable (Any?) throws -> Any? = { value in
            guard let value else { return nil }
            return try forward(try input.require(value))
        }
        if let reverse {
            let output = TypedValue(Output.self)
            self.init(forward: typedForward, reverse: { value in
                guard let value else { return nil }
                return try reverse(try output.require(value))
            })
        } else {
            self.init(forward: typedForward)
        }
    }
}

