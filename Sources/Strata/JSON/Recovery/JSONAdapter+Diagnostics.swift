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
    public static func models<T: JSONSerializing>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default, diagnostics: inout JSONDiagnostics
    ) throws -> [T] {
        try RecoveryLog.collecting(into: &diagnostics) { try models(of: T.self, from: data, options: options) }
    }

    /// Creates models from a JSON array of objects, and appends what the read
    /// recovered from to `diagnostics`; their paths start with the index.
    public static func models<T: JSONSerializing>(
        of type: T.Type, from json: [Any], options: DecodingOptions = .default, diagnostics: inout JSONDiagnostics
    ) throws -> [T] {
        try RecoveryLog.collecting(into: &diagnostics) { try models(of: T.self, from: json, options: options) }
    }
}
