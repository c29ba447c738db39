import Foundation

extension ValueTransformer {
    /// JSON value ↔ a `Codable` value of type `type`, for a property whose type is
    /// `Codable` but not a Strata model.
    ///
    /// The JSON value is decoded and encoded by `JSONDecoder` and `JSONEncoder`
    /// with their default strategies; a value they refuse is a `transformerFailed`
    /// error whose underlying error is theirs.
    ///
    /// ```swift
    /// struct Geo: Codable, Sendable { var lat: Double; var lng: Double }
    ///
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "location" ? .codable(Geo.self) : nil
    /// }
    /// // {"location": {"lat": 48.85, "lng": 2.35}} → Geo(lat: 48.85, lng: 2.35)
    /// ```
    public static func codable<T: Codable & SendableMetatype>(_ type: T.Type) -> ValueTransformer {
        ClosureValueTransformer.make(.codable(T.self))
    }
}

extension Transformation {
    static func codable<T: Codable & SendableMetatype>(_ type: T.Type) -> Transformation {
        Transformation(
            forward: { value in
                guard let value, !isJSONNull(value) else { return nil }
                let tree = try JSONValue(json: value)
                do {
                    return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(tree))
                } catch {
                    throw StrataError(
                        .transformerFailed, "Could not decode \(T.self) from \(describe(value)): \(error)",
                        underlyingError: error)
                }
            },
            reverse: { value in
                guard let value else { return nil }
                guard let typed = value as? T else {
                    throw StrataError.expected("\(T.self)", found: value)
                }
                do {
                    return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(typed)).foundation
                } catch {
                    throw StrataError(.unsupportedValue, "Could not encode \(describe(value)): \(error)", underlyingError: error)
                }
            })
    }
}
