import Foundation

/// The date formatters the hand-written mappings use, made once as people do.
enum HandWrittenFormatters {
    /// `DateFormatter` for Twitter's dates, with the POSIX locale and UTC, as
    /// Strata's `.date(format:)` sets it up.
    static func twitterDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = twitterDateFormat
        return formatter
    }

    static let twitter = twitterDateFormatter()
    /// ISO 8601 with `Date.ISO8601FormatStyle`, the parser Strata's `.iso8601Date`
    /// and `JSONDecoder`'s `.iso8601` use: the rows then compare the mappings, not
    /// date parsers (`ISO8601DateFormatter` is several times slower on Linux).
    static let iso8601 = Date.ISO8601FormatStyle()
}
