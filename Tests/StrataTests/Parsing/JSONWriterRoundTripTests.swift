import Foundation
import Testing
import StrataTestSupport
@testable import Strata

/// `JSONWriter` output read back by `JSONSerialization` and `JSONDecoder` gives the values written.
@Suite("JSONWriter round trips")
struct JSONWriterRoundTripTests {
    struct Rich: Codable, Equatable {
        struct Inner: Codable, Equatable {
            var flag: Bool
            var note: String?
        }

        var unicode: String
        var emoji: String
        var escapes: String
        var controls: String
        var intMax: Int
        var intMin: Int
        var uint64Max: UInt64
        var negativeZero: Double
        var tenth: Double
        var tiny: Double
        var smallest: Double
        var largest: Double
        var whole: Double
        var yes: Bool
        var no: Bool
        var items: [Inner]
    }

    static let expected = Rich(
        unicode: "Grüße, 日本語, Ελληνικά, עברית",
        emoji: "😀👍🏽👨‍👩‍👧 🇫🇷",
        escapes: "quote \" backslash \\ slash / a/b",
        controls: "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}\u{2028}",
        intMax: Int.max,
        intMin: Int.min,
        uint64Max: UInt64.max,
        negativeZero: -0.0,
        tenth: 0.1,
        tiny: 1e-7,
        smallest: Double.leastNonzeroMagnitude,
        largest: 1.7976931348623157e308,
        whole: 100,
        yes: true,
        no: false,
        items: [Rich.Inner(flag: true, note: "x"), Rich.Inner(flag: false, note: nil)]
    )

    /// `expected` as the untyped value a caller hands to the writer.
    static func untyped(_ rich: Rich, includeIntMin: Bool = true) -> [String: Any] {
        var object: [String: Any] = [
            "unicode": rich.unicode, "emoji": rich.emoji, "escapes": rich.escapes, "controls": rich.controls,
            "intMax": rich.intMax, "uint64Max": rich.uint64Max,
            "negativeZero": rich.negativeZero, "tenth": rich.tenth, "tiny": rich.tiny, "smallest": rich.smallest,
            "largest": rich.largest, "whole": rich.whole, "yes": rich.yes, "no": rich.no,
            "items": rich.items.map { item -> Any in
                ["flag": item.flag, "note": item.note.map { $0 as Any } ?? NSNull()] as [String: Any]
            },
        ]
        if includeIntMin { object["intMin"] = rich.intMin }
        return object
    }

    @Test("JSONDecoder reads the output back", arguments: [JSONWriter.Options(), .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    func decodable(options: JSONWriter.Options) throws {
        let data = try JSONWriter.data(withJSONObject: Self.untyped(Self.expected), options: options)
        let decoded = try JSONDecoder().decode(Rich.self, from: data)
        #expect(decoded == Self.expected)
        #expect(decoded.negativeZero.sign == .minus)
    }

    @Test("JSONSerialization reads the output back", arguments: [JSONWriter.Options(), .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    func serialization(options: JSONWriter.Options) throws {
        // JSONSerialization on Linux reads Int.min as an NSDecimalNumber, so it is checked through JSONDecoder only.
        let object = Self.untyped(Self.expected, includeIntMin: false)
        let data = try JSONWriter.data(withJSONObject: object, options: options)
        let readBack = try JSONSerialization.jsonObject(with: data)
        #expect(JSONShape(foundation: readBack) == JSONShape(native: object))
    }

    @Test("Native reader reads the output back")
    func nativeReader() throws {
        let object = Self.untyped(Self.expected)
        let data = try JSONWriter.data(withJSONObject: object)
        #expect(JSONShape(native: try JSONReader.nativeObject(with: data)) == JSONShape(native: object))
    }

    @Test(
        "Foundation values from the accepted corpus survive a write and a JSONSerialization read",
        .enabled(if: SharedData.hasJSONTestSuite, Comment(rawValue: SharedData.jsonTestSuiteAbsence)),
        arguments: JSONTestSuiteTests.accepted.filter { !JSONReaderShapeTests.misreadByJSONSerialization.contains($0) }
    )
    func corpus(_ name: String) throws {
        let value = try JSONReader.jsonObject(with: try JSONTestSuiteTests.contents(of: name))
        let data = try JSONWriter.data(withJSONObject: value)
        let readBack = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        #expect(JSONShape(foundation: readBack) == JSONShape(foundation: value))
    }
}
