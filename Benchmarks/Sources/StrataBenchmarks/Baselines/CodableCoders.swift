import Foundation

/// The `JSONDecoder`s and `JSONEncoder`s of the `Codable` baseline, configured
/// once, as an app would keep them, for the same date formats as the Strata models.
enum CodableCoders {
    /// ISO 8601 dates (the GitHub user).
    static func iso8601Decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func iso8601Encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Twitter's "Sun Aug 31 00:29:15 +0000 2014" dates.
    static func twitterDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(HandWrittenFormatters.twitterDateFormatter())
        return decoder
    }

    static func twitterEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .formatted(HandWrittenFormatters.twitterDateFormatter())
        return encoder
    }

    /// Dates as seconds since 1970 (the generated records).
    static func secondsDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    static func secondsEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }
}
