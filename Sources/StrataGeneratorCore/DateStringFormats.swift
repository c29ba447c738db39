import Foundation
import Strata

/// The ways of writing a date in a string that the generator recognises: one
/// table, tried in order, each checked with Strata's own transformer.
///
/// - ISO 8601 with a time and an offset, with or without a fraction, is read with
///   `.iso8601Date` (which writes it back in UTC to the millisecond, so the text
///   may change while the date does not).
/// - Each fixed format is read with `.date(format:)`, and counts only when every
///   string reads with it and is written back unchanged.
///
/// ```swift
/// DateStringFormats().encoding(of: ["Sun Aug 31 00:29:15 +0000 2014"])
/// // .format("EEE MMM dd HH:mm:ss Z yyyy")
/// ```
struct DateStringFormats {
    /// The encodings, in the order they are tried.
    static let table: [DateEncoding] = [
        .format("yyyy-MM-dd"),  // 2024-05-01
        .iso8601,  // 2024-05-01T12:30:00Z, 2022-11-18T14:50:02.117+02:00
        .format("EEE MMM dd HH:mm:ss Z yyyy"),  // Sun Aug 31 00:29:15 +0000 2014 (Twitter)
    ]

    private let isoTransformer = ValueTransformer.iso8601Date
    private let formatTransformers: [String: ValueTransformer]

    init() {
        var transformers: [String: ValueTransformer] = [:]
        for case .format(let format) in Self.table { transformers[format] = .date(format: format) }
        formatTransformers = transformers
    }

    /// The first encoding of the table that reads every string of `strings`, or
    /// `nil` when there is none (or no string).
    func encoding(of strings: [String]) -> DateEncoding? {
        guard !strings.isEmpty else { return nil }
        return Self.table.first { encoding in strings.allSatisfy { reads($0, as: encoding) } }
    }

    private func reads(_ text: String, as encoding: DateEncoding) -> Bool {
        switch encoding {
        case .iso8601:
            let characters = Array(text.utf8)
            guard characters.count > 10, characters[10] == UInt8(ascii: "T") || characters[10] == UInt8(ascii: "t") else {
                return false
            }
            return (try? isoTransformer.checkedTransformedValue(text)) is Date
        case .format(let format):
            guard let transformer = formatTransformers[format],
                let date = (try? transformer.checkedTransformedValue(text)) as? Date
            else { return false }
            return (try? transformer.checkedReverseTransformedValue(date)) as? String == text
        case .secondsSince1970, .millisecondsSince1970:
            return false
        }
    }
}
