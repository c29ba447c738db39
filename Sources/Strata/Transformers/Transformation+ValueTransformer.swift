import Foundation

extension Transformation {
    /// The transformation the plan runs for a user's transformer: Strata's own closure
    /// transformers give theirs (the one fitting `propertyType`, for a
    /// ``PropertyAdaptingTransformer``); any other is called through ``HeldTransformer``,
    /// which tells once whether it reports errors.
    ///
    /// `role` names the transformer's use in errors ("The transformer for 'id' of User").
    init(_ transformer: ValueTransformer, role: String? = nil, for propertyType: PropertyType? = nil) {
        if let propertyType, let adapting = transformer as? any PropertyAdaptingTransformer {
            self = adapting.transformation(for: propertyType)
            return
        }
        if let closure = transformer as? ClosureValueTransformer {
            self = closure.transformation
            return
        }
        let held = HeldTransformer(transformer, role: role)
        let forward: @Sendable (Any?) throws -> Any? = { try held.transformedValue($0) }
        if held.isReversible {
            self.init(forward: forward, reverse: { try held.reverseTransformedValue($0) })
        } else {
            self.init(forward: forward)
        }
    }
}

/// One of Strata's transformers whose transformation depends on the type of the
/// property it serves (``ValueTransformer/models(_:)``: whether elements may be
/// `null`).
///
/// The plan asks it once, when it is built.
protocol PropertyAdaptingTransformer: ValueTransformer {
    /// The transformation for a property of `type`.
    func transformation(for type: PropertyType) -> Transformation
}
