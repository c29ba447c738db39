/// A ``ValueTransformer`` that reports why it cannot convert a value, by throwing:
/// Strata's `MTLTransformerErrorHandling`.
///
/// Strata calls ``transform(_:)`` and ``reverseTransform(_:)`` instead of
/// `transformedValue(_:)` and `reverseTransformedValue(_:)`, and reports a thrown
/// error with the JSON path of the value. Returning `nil` is then a value, not a
/// failure. All of Strata's own transformers adopt it.
///
/// ```swift
/// final class HexColorTransformer: ValueTransformer, TransformerErrorHandling {
///     override class func allowsReverseTransformation() -> Bool { false }
///
///     func transform(_ value: Any?) throws -> Any? {
///         guard let text = value as? String else { return nil }
///         guard text.hasPrefix("#"), let rgb = Int(text.dropFirst(), radix: 16) else {
///             throw StrataError(.transformerFailed, "Expected a color such as \"#ff8800\", found \"\(text)\".")
///         }
///         return rgb
///     }
/// }
/// ```
public protocol TransformerErrorHandling: ValueTransformer {
    /// Transforms a JSON value into a property value, or throws why it cannot.
    func transform(_ value: Any?) throws -> Any?

    /// Transforms a property value back into a JSON value, or throws why it cannot.
    /// Called only when the class's `allowsReverseTransformation()` is `true`. By
    /// default, `reverseTransformedValue(_:)`, where `nil` for a value is a failure.
    func reverseTransform(_ value: Any?) throws -> Any?
}

extension TransformerErrorHandling {
    /// `reverseTransformedValue(_:)`, where `nil` for a value is a failure.
    public func reverseTransform(_ value: Any?) throws -> Any? {
        try checkedResult(reverseTransformedValue(value), for: value, direction: "reverse-transform")
    }
}
