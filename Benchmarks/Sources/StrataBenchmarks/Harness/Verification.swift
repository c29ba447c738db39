import Foundation

/// Checks that Strata and the baseline produced the same result, before timing.
enum Verification {
    /// A canonical encoding of a `Codable` model, field by field: two models are
    /// equal when their fingerprints are.
    static func fingerprint(_ model: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(model)
    }

    /// A canonical encoding of a JSON object (keys sorted), so that two
    /// dictionaries, or two documents with keys in different orders, compare.
    static func canonical(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The canonical encoding of a JSON document.
    static func canonical(document data: Data) throws -> Data {
        try canonical(JSONSerialization.jsonObject(with: data))
    }

    /// Throws unless `strata` equals `baseline`, showing where they first differ.
    static func expectEqual(_ strata: Data, _ baseline: Data, _ what: String) throws {
        guard strata != baseline else { return }
        let common = zip(strata, baseline).prefix { $0 == $1 }.count
        throw BenchmarkError(
            "\(what): Strata's result differs from the baseline's at byte \(common):\n"
                + "  Strata:   …\(excerpt(strata, around: common))…\n"
                + "  baseline: …\(excerpt(baseline, around: common))…")
    }

    private static func excerpt(_ data: Data, around offset: Int) -> String {
        let start = max(0, offset - 120), end = min(data.count, offset + 120)
        return String(decoding: data[data.startIndex + start ..< data.startIndex + end], as: UTF8.self)
    }
}
