import Foundation

/// The decoding methods that report what they recovered from: the same reads as
/// the ones without `diagnostics:`, with every recovery (``JSONRecovery``, and
/// unknown enum values read as their fallback) appended to a ``JSONDiagnostics``.
extension JSONAdapter {
    /// Creates a model from JSON data, and appends what the read recovered from to
    /// `diagnostics`.
    ///
    /// ```swift
    /// var diagnostics = JSONDiagnostics()
    /// let status = try JSONAdapter.model(of: Status.self, from: data, diagnostics: &diagnostics)
    /// if !diagnostics.isEmpty { logger.warning("\(diagnostics)") }
    /// ```
    /// - Throws: what `model(of:from:options:)` throws; the recoveries
    ///   made before the failure are in `diagnostics` even then.
    public static func model<T: JSONSerializing>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default, diagnostics: inout JSONDiagnostics
    ) throws -> T {
        try RecoveryLog.collecting(into: &diagnostics) { try model(of: T.self, from: data, options: options) }
    }

    /// Creates a model from a JSON object, and appends what the read recovered from
    /// to `diagnostics`.
    public static func model<T: JSONSerializing>(
        of type: T.Type, from json: [String: Any], options: DecodingOptions = .default,
        diagnostics: inout JSONDiagnostics
    ) throws -> T {
        try RecoveryLog.collecting(into: &diagnostics) { try model(of: T.self, from: json, options: options) }
    }

    /// Creates models from JSON data holding an array of objects, and appends what
    /// the read recovered from to `diagnostics`; their paths start with the index.
    ///
    /// With `recovery: .skipsInvalidElements`, an element that fails is left out of
    /// the result rather than failing the page, and reported with its index, as a
    /// property's array with that recovery does; each element's own properties
    /// still follow their model's recoveries.
    ///
    /// ```swift
    /// var diagnostics = JSONDiagnostics()
    /// let issues = try JSONAdapter.models(
    ///     of: Issue.self, from: data, recovery: .skipsInvalidElements, diagnostics: &diagnostics)
    /// // diagnostics: "[3].number: left out this element: Expected Int …"
    /// ```
    /// - Throws: what `models(of:from:options:)` throws for an element a recovery
    ///   cannot hide (data that is not JSON, an invalid mapping), and
    ///   ``StrataError/Code-swift.enum/invalidOptions`` for a recovery other than
    ///   ``JSONRecovery/skipsInvalidElements``, which has no meaning for an array.
    public static func models<T: JSONSerializing>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default, recovery: JSONRecovery = [],
        diagnostics: inout JSONDiagnostics
    ) throws -> [T] {
        let skips = try skipsInvalidElements(recovery, of: T.self)
        return try RecoveryLog.collecting(into: &diagnostics) {
            guard skips else { return try models(of: T.self, from: data, options: options) }
            // The dictionary source: an element that fails is left behind whole, and the
            // read goes on with the next.
            return try reading(with: options) { _ in
                let json = try parseArray(of: T.self, from: data, options: options)
                return try decodeEach(T.self, from: json, elements: CollectionElements(skipsInvalidElements: true))
            }
        }
    }

    /// Creates models from a JSON array of objects, and appends what the read
    /// recovered from to `diagnostics`; their paths start with the index.
    ///
    /// `recovery` is as for JSON data: `.skipsInvalidElements` leaves out, and
    /// reports, each element that fails.
    public static func models<T: JSONSerializing>(
        of type: T.Type, from json: [Any], options: DecodingOptions = .default, recovery: JSONRecovery = [],
        diagnostics: inout JSONDiagnostics
    ) throws -> [T] {
        let skips = try skipsInvalidElements(recovery, of: T.self)
        return try RecoveryLog.collecting(into: &diagnostics) {
            try reading(with: options) { _ in
                try decodeEach(T.self, from: json, elements: CollectionElements(skipsInvalidElements: skips))
            }
        }
    }

    /// Whether the recovery of a top-level array skips its invalid elements; throws
    /// for a recovery that only a property can have.
    private static func skipsInvalidElements<T>(_ recovery: JSONRecovery, of _: T.Type) throws -> Bool {
        guard recovery.subtracting(.skipsInvalidElements).isEmpty else {
            throw StrataError(
                .invalidOptions,
                "A top-level array of \(T.self) takes only the recovery .skipsInvalidElements: a default for null or "
                    + "for an invalid value belongs to a property. Give it in jsonRecoveryByPropertyKey.")
        }
        return recovery.contains(.skipsInvalidElements)
    }
}
