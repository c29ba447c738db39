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
