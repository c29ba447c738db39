import Foundation

extension ValueTransformer {
    /// Transforms `value` as Strata does when it reads JSON: a
    /// ``TransformerErrorHandling`` transformer's error is thrown as it is, and a
    /// plain transformer that returns `nil` for a value is a
    /// ``StrataError/Code-swift.enum/transformerFailed`` error naming the value.
    ///
    /// ```swift
    /// let date = try ValueTransformer.iso8601Date.checkedTransformedValue("2024-05-01T12:30:00Z")
    /// ```
    public func checkedTransformedValue(_ value: Any?) throws -> Any? {
        try HeldTransformer(self).transformedValue(value)
    }

    /// Transforms `value` back as Strata does when it writes JSON: like
    /// ``checkedTransformedValue(_:)``, and an
    /// ``StrataError/Code-swift.enum/unsupportedValue`` error when the class's
    /// `allowsReverseTransformation()` is `false`.
    public func checkedReverseTransformedValue(_ value: Any?) throws -> Any? {
        try HeldTransformer(self).reverseTransformedValue(value)
    }

    /// `result`, or the error for a plain transformer that gave `nil` for a value.
    ///
    /// `role` names the transformer's use, such as "The transformer for 'id' of User".
    func checkedResult(_ result: Any?, for value: Any?, direction: String, role: String? = nil) throws -> Any? {
        guard result == nil, let value, !isJSONNull(value) else { return result }
        let name = role.map { "\($0) (\(Self.self))" } ?? "\(Self.self)"
        throw StrataError(
            .transformerFailed,
            "\(name) returned nil for \(describe(value)): it could not \(direction) it. "
                + "Fix the value, or have \(Self.self) adopt TransformerErrorHandling to say why.")
    }
}

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
