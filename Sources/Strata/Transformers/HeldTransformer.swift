import Foundation

/// A user's transformer, held by a plan that threads share, with what Strata asks
/// of it each time told once: whether it reports errors, whether it is reversible.
///
/// `@unchecked Sendable`: `ValueTransformer` is not `Sendable` (Foundation's class
/// on Apple platforms is not, and Strata's on Linux mirrors it). Strata never
/// changes a transformer; it only calls its transform methods, from whichever
/// thread decodes or encodes, as Mantle does and as Foundation's own named
/// transformers are shared. A transformer that changes state of its own must lock
/// it (documented on ``ValueTransformer`` and in the README).
struct HeldTransformer: @unchecked Sendable {
    let transformer: ValueTransformer
    let reporting: (any TransformerErrorHandling)?
    let isReversible: Bool
    /// The transformer's use, for errors.
    let role: String?

    init(_ transformer: ValueTransformer, role: String? = nil) {
        self.transformer = transformer
        self.role = role
        reporting = transformer as? any TransformerErrorHandling
        isReversible = type(of: transformer).allowsReverseTransformation()
    }

    /// Transforms `value`, given in ``FoundationForm``, as Mantle's transformers receive it.
    func transformedValue(_ value: Any?) throws -> Any? {
        let value = FoundationForm.of(value)
        if let reporting { return try reporting.transform(value) }
        return try transformer.checkedResult(
            transformer.transformedValue(value), for: value, direction: "transform", role: role)
    }

    func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard isReversible else { throw Transformation.oneWay() }
        if let reporting { return try reporting.reverseTransform(value) }
        return try transformer.checkedResult(
            transformer.reverseTransformedValue(value), for: value, direction: "reverse-transform", role: role)
    }
}
