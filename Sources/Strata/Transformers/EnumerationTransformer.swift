extension ValueTransformer {
    /// Raw value ↔ a case of `type`, where a raw value that names no case reads as
    /// `unknown`: for an API that may add values, without a `.valueMapping` table.
    ///
    /// Only an unknown value of the raw value's type falls back: a number for a
    /// `String` enum is still a `typeMismatch` error, and raw values are checked
    /// exactly, as elsewhere. Writing writes the case's raw value,
    /// so an unknown value read as `unknown` is written as `unknown`'s raw value.
    /// Without this transformer an unknown raw value is an error (strict by default).
    ///
    /// ```swift
    /// enum BuildState: String, Sendable { case queued, running, passed, failed, unknown }
    ///
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "state" ? .enumeration(BuildState.self, unknown: .unknown) : nil
    /// }
    /// // {"state": "cancelled"} → .unknown
    /// ```
    public static func enumeration<E: RawRepresentable & Sendable>(_ type: E.Type, unknown: E) -> ValueTransformer {
        ClosureValueTransformer.make(RawValueEnums.enumeration(E.self, unknown: unknown))
    }
}
