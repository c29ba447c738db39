import Foundation
import Testing
@testable import Strata

// Dates with `.iso8601Date` and with `.date(format:)` are read by the scanner source
// from the bytes of plain strings, without making the `String`. The
// model and the errors must be those of the dictionary source, which runs the
// transformer on the `String`.

/// One property per date transformer; the validated setter refuses any `iso`
/// that is not a `Date`. The first format of `uncompiledFirst` is one only its
/// formatter reads.
struct PlainDateModel: JSONSerializing, Equatable {
    var iso = Date.distantPast
    var twitter: Date?
    var either: Date?
    var uncompiledFirst: Date?

    static let propertyKeys: PropertyKeys<PlainDateModel> = [
        "iso": \.iso, "twitter": \.twitter, "either": \.either, "uncompiledFirst": \.uncompiledFirst,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "iso": "iso", "twitter": "twitter", "either": "either", "uncompiledFirst": "uncompiled_first",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "iso": return .iso8601Date
        case "twitter": return .date(format: "EEE MMM dd HH:mm:ss Z yyyy")
        case "either": return .date(formats: ["yyyy-MM-dd", "dd/MM/yyyy"])
        case "uncompiledFirst": return .date(formats: ["yyyy-MM-dd EEEE", "yyyy-MM-dd"])
        default: return nil
        }
    }

    struct NotADate: Error {}

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "iso", let value, !(value is Date) { throw NotADate() }
        return value
    }
}

@Suite("Dates read from the bytes of plain strings")
struct PlainDateReadTests {
    private func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test("Dates read plain strings from their bytes, unless the first format is left to its formatter")
    func plainStringReads() throws {
        let plan = MappingPlan<PlainDateModel>.shared
        #expect(plan.memberReads.count == 4)
        // Reading with the second format would pass over the first, which must win.
        #expect(plan.memberReads.map(\.readsPlainStrings) == [true, true, true, false])
    }

    @Test("With a first format only its formatter reads, each format reads its text both ways")
    func uncompiledFirstFormat() throws {
        let first = try decodeEqualBothWays(PlainDateModel.self, #"{"uncompiled_first": "2011-01-25 Tuesday"}"#)
        #expect(first.uncompiledFirst == date(1_295_913_600))
        let second = try decodeEqualBothWays(PlainDateModel.self, #"{"uncompiled_first": "2011-01-25"}"#)
        #expect(second.uncompiledFirst == date(1_295_913_600))
    }

    @Test("ISO 8601 dates, plain, with fractions and offsets, and escaped, read the same both ways")
    func isoForms() throws {
        let cases: [(text: String, seconds: TimeInterval)] = [
            ("2011-01-25T18:44:36Z", 1_295_981_076),
            ("2019-06-15T08:00:00.123+02:00", 1_560_578_400.123),
            (#"\u0032011-01-25T18:44:36Z"#, 1_295_981_076),
            ("2000-02-29", 951_782_400),
        ]
        for (text, seconds) in cases {
            let model = try decodeEqualBothWays(PlainDateModel.self, #"{"iso": "\#(text)"}"#)
            #expect(abs(model.iso.timeIntervalSince1970 - seconds) < 0.0005, "\(text)")
        }
    }

    @Test("Text that is no ISO 8601 date fails with the same error both ways")
    func invalidISO() throws {
        for text in ["", "2011-13-25T18:44:36Z", "2011-02-29", "yesterday", "2011-01-25T18:44:36+25:00"] {
            // The same error text from both sources, or the helper records an issue.
            let failure = strataFailure { try decodeBothWays(PlainDateModel.self, #"{"iso": "\#(text)"}"#) }
            #expect(failure?.code == .transformerFailed, "\(text)")
            #expect(failure?.pathDescription == "iso", "\(text)")
        }
    }

    @Test("A compiled format reads its text both ways; what it leaves goes to the formatter both ways")
    func formattedDates() throws {
        let model = try decodeEqualBothWays(PlainDateModel.self, #"{"twitter": "Tue Jan 25 18:44:36 +0000 2011"}"#)
        #expect(model.twitter == date(1_295_981_076))
        // A year before 1600, which only the formatter reads, and a text neither reads.
        _ = try decodeEqualBothWays(PlainDateModel.self, #"{"twitter": "Tue Jan 25 18:44:36 +0000 1500"}"#)
        let failure = strataFailure { try decodeBothWays(PlainDateModel.self, #"{"twitter": "2011-01-25"}"#) }
        #expect(failure?.code == .transformerFailed)
    }

    @Test("With two formats, a text only the second reads is read by it both ways")
    func secondFormat() throws {
        #expect(try decodeEqualBothWays(PlainDateModel.self, #"{"either": "2011-01-25"}"#).either == date(1_295_913_600))
        #expect(try decodeEqualBothWays(PlainDateModel.self, #"{"either": "25/01/2011"}"#).either == date(1_295_913_600))
    }

    @Test("Numbers, null and arrays take the general path, with its errors")
    func nonStringValues() throws {
        #expect(try decodeEqualBothWays(PlainDateModel.self, #"{"twitter": null}"#).twitter == nil)
        for json in [#"{"iso": 12}"#, #"{"iso": ["2011-01-25T18:44:36Z"]}"#, #"{"iso": null}"#] {
            #expect(strataFailure { try decodeBothWays(PlainDateModel.self, json) } != nil, "\(json)")
        }
    }
}
