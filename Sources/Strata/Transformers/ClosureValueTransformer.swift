import Foundation

/// The ``ValueTransformer`` behind Strata's closure-based and predefined
/// transformers (Mantle's `MTLValueTransformer`): a class, so that it is a
/// Foundation `ValueTransformer` on Apple platforms, wrapping a ``Transformation``
/// that the plan takes back out and runs directly.
class ClosureValueTransformer: ValueTransformer, TransformerErrorHandling {
    let transformation: Transformation

    init(_ transformation: Transformation) {
        self.transformation = transformation
        super.init()
    }

    /// A transformer for `transformation`, whose class says whether it is reversible.
    static func make(_ transformation: Transformation) -> ValueTransformer {
        transformation.reverse == nil
            ? OneWayClosureValueTransformer(transformation) : ClosureValueTransformer(transformation)
    }

    override class func allowsReverseTransformation() -> Bool { true }

    func transform(_ value: Any?) throws -> Any? {
        try transformation.transformedValue(value)
    }

    func reverseTransform(_ value: Any?) throws -> Any? {
        try transformation.reverseTransformedValue(value)
    }

    /// Foundation's entry point: the transformed value, or `nil` when the closure throws.
    override func transformedValue(_ value: Any?) -> Any? {
        try? transformation.transformedValue(value)
    }

    /// Foundation's entry point: the value transformed back, or `nil` when the closure throws.
    override func reverseTransformedValue(_ value: Any?) -> Any? {
        try? transformation.reverseTransformedValue(value)
    }
}

/// A closure transformer without a reverse closure.
final class OneWayClosureValueTransformer: ClosureValueTransformer {
    override class func allowsReverseTransformation() -> Bool { false }
}

// Initializers on `Equatable where Self == ValueTransformer`, because only there
// can an initializer hand back an instance of a subclass: a class's own
// initializers, and Foundation's class on Apple platforms, cannot.
extension Equatable where Self == ValueTransformer {
    /// A one-way transformer from a closure that throws to refuse a value.
    ///
    /// Strata reports the error with the JSON path of the value.
    ///
    /// The closure receives JSON values as Foundation's `JSONSerialization` gives
    /// them, whether the JSON came as `Data` or as a dictionary: numbers and
    /// booleans as `NSNumber`, so `as? Int` and `as? Double` accept any number
    /// that fits exactly, as in Mantle.
    ///
    /// ```swift
    /// let lowercased = ValueTransformer(forward: { ($0 as? String)?.lowercased() })
    /// ```
    public init(forward: @escaping @Sendable (Any?) throws -> Any?) {
        self = ClosureValueTransformer.make(Transformation(forward: { try forward(FoundationForm.of($0)) }))
    }

    /// A two-way transformer from closures that throw to refuse a value.
    ///
    /// `forward` receives JSON numbers and booleans as `NSNumber`, like
    /// ``init(forward:)``.
    ///
    /// ```swift
    /// let cents = ValueTransformer(
    ///     forward: { ($0 as? Int).map { Double($0) / 100 } },
    ///     reverse: { ($0 as? Double).map { Int(($0 * 100).rounded()) } })
    /// ```
    public init(
        forward: @escaping @Sendable (Any?) throws -> Any?,
        reverse: @escaping @Sendable (Any?) throws -> Any?
    ) {
        self = ClosureValueTransformer.make(
            Transformation(forward: { try forward(FoundationForm.of($0)) }, reverse: reverse))
    }

    /// A transformer written with types: `Input` is checked (numbers exactly) before
    /// `forward` runs, so no casting is needed.
    ///
    /// `nil` passes through untouched.
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
        self = ClosureValueTransformer.make(Transformation(forward, reverse: reverse))
    }
}

extension ValueTransformer {
    /// The transformer with its directions swapped (Mantle's
    /// `mtl_invertedTransformer`).
    ///
    /// A one-way transformer becomes one whose reverse direction is the original
    /// forward one.
    ///
    /// ```swift
    /// let toText = ValueTransformer.url.inverted   // URL → String, and back
    /// ```
    public var inverted: ValueTransformer {
        ClosureValueTransformer.make(Transformation(self).inverted)
    }
}
