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
    /// `nonisolated(unsafe)`: ISO8601DateFormatter is not `Sendable`, and the
    /// benchmark uses it from one thread only.
    nonisolated(unsafe) static let iso8601 = ISO8601DateFormatter()
}
