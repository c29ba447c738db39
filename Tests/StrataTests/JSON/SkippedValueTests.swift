import Foundation
import Testing
@testable import Strata

/// The value of a member no entry maps, in a model decoded from data: skipped, and
/// checked as strictly as the whole document's parser checks it.
///
/// Each form of value (literals, numbers, strings with and without escapes or
/// non-ASCII text, containers) is skipped in a model decoded as it is read, at the
/// top level and inside an array of models, and in a model read into slots. A valid
/// value changes nothing; an invalid one fails with the error, at the same offset,
/// that parsing the document whole gives.
@Suite("Values no entry maps")
struct SkippedValueTests {
    /// A model decoded as it is read once warm.
    struct Pair: JSONSerializing, Equatable {
        var name = ""
        var count = 0

        static let propertyKeys: PropertyKeys<Pair> = ["name": \.name, "count": \.count]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// ``Pair`` with a `validate()` of its own: read into slots, never as it is read.
    struct CheckedPair: JSONSerializing, Equatable {
        var name = ""
        var count = 0

        static let propertyKeys: PropertyKeys<CheckedPair> = ["name": \.name, "count": \.count]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validate() throws {}
    }

    /// Pairs in an array, each decoded where it lies.
    struct Holder: JSONSerializing, Equatable {
        var pairs: [Pair] = []

        static let propertyKeys: PropertyKeys<Holder> = ["pairs": \.pairs]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// Values every form of which is skipped without changing the model.
    static let validValues = [
        "true", "false", "null", "0", "-12", "3.5e-7", "-0.0", "123456789012345678901234567890", "1e400",
        #""plain""#, #""""#, #""日本語 ✨""#, #""line\nbreak \u00e9 \ud83d\ude00""#, #""日本\"語""#,
        "[]", "{}", #"[1, {"a": [true, null, "x"]}, -2.5]"#, #"{"name": "not this one", "count": "nor this"}"#,
    ]

    /// Values that are not JSON, each the start of a different error.
    static let invalidValues = [
        "tru", "t", "nul", "nulL", "falsy", "fals", "-", "01", "1.", "1e", "-a", "+1", ".5",
        #""unterminated"#, "\"control \u{01} byte\"", #""bad \x escape""#, #""\u12""#, #""\ud800 alone""#,
        "[1,]", #"{"a" 1}"#, "[", "{", "]",
    ]

    private static func warm() throws {
        for _ in 0..<2 {
            _ = try JSONAdapter.model(of: Pair.self, from: Data(#"{"name": "w", "count": 1}"#.utf8))
            _ = try JSONAdapter.model(of: CheckedPair.self, from: Data(#"{"name": "w", "count": 1}"#.utf8))
            _ = try JSONAdapter.model(of: Holder.self, from: Data(#"{"pairs": [{"name": "w", "count": 1}]}"#.utf8))
        }
    }

    /// The documents that hold `value` as an unmapped member: at the start, in the
    /// middle, at the end of an object, and in an object inside an array of models.
    private static func documents(with value: String) -> (pair: [String], holder: [String]) {
        let pair = [
            #"{"extra": \#(value), "name": "a", "count": 2}"#,
            #"{"name": "a", "extra": \#(value), "count": 2}"#,
            #"{"name": "a", "count": 2, "extra": \#(value)}"#,
        ]
        let holder = [
            #"{"pairs": [{"name": "a", "extra": \#(value), "count": 2}]}"#,
            #"{"extra": \#(value), "pairs": [{"name": "a", "count": 2}]}"#,
        ]
        return (pair, holder)
    }

    /// The error the whole-document parser gives for `json`, described.
    private static func parserError(_ json: String) -> String? {
        do {
            _ = try JSONReader.nativeObject(with: Data(json.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The parse error inside the adapter's error for `json`, described.
    private static func adapterError<T>(_ decode: () throws -> T) -> String? {
        guard let failure = strataFailure(decode) else { return nil }
        guard failure.code == .invalidJSON, let parsing = failure.underlyingError else { return "\(failure)" }
        return "\(parsing)"
    }

    @Test("A valid value no entry maps is skipped, whatever its form")
    func validValuesAreSkipped() throws {
        try Self.warm()
        #expect(JSONAdapter.streamsModels(MappingPlan<Pair>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Holder>.shared))
        for value in Self.validValues {
            let (pairs, holders) = Self.documents(with: value)
            for json in pairs {
                #expect(try JSONAdapter.model(of: Pair.self, from: Data(json.utf8)) == Pair(name: "a", count: 2), "\(json)")
                #expect(
                    try JSONAdapter.model(of: CheckedPair.self, from: Data(json.utf8)) == CheckedPair(name: "a", count: 2),
                    "\(json)")
            }
            for json in holders {
                #expect(
                    try JSONAdapter.model(of: Holder.self, from: Data(json.utf8))
                        == Holder(pairs: [Pair(name: "a", count: 2)]), "\(json)")
            }
        }
    }

    @Test("An invalid value no entry maps fails as parsing the whole document fails")
    func invalidValuesFailAsTheParserDoes() throws {
        try Self.warm()
        for value in Self.invalidValues {
            let (pairs, holders) = Self.documents(with: value)
            for json in pairs {
                let expected = try #require(Self.parserError(json), "\(json) parses")
                #expect(Self.adapterError { try JSONAdapter.model(of: Pair.self, from: Data(json.utf8)) } == expected)
                #expect(Self.adapterError { try JSONAdapter.model(of: CheckedPair.self, from: Data(json.utf8)) } == expected)
            }
            for json in holders {
                let expected = try #require(Self.parserError(json), "\(json) parses")
                #expect(Self.adapterError { try JSONAdapter.model(of: Holder.self, from: Data(json.utf8)) } == expected)
            }
        }
    }

    @Test("A value no entry maps that is cut off by the end of the input fails as the parser does")
    func truncatedValues() throws {
        try Self.warm()
        for value in ["tru", "fals", "nul", "-", "12", #""open"#, #""日本"#, "[1", #"{"a""#] {
            let json = #"{"name": "a", "extra": \#(value)"#
            let expected = try #require(Self.parserError(json), "\(json) parses")
            #expect(Self.adapterError { try JSONAdapter.model(of: Pair.self, from: Data(json.utf8)) } == expected)
        }
    }

    @Test("Ill-formed UTF-8 in a string no entry maps fails at its first bad byte, as the parser does")
    func illFormedUTF8() throws {
        try Self.warm()
        let sequences: [[UInt8]] = [[0xC3, 0x28], [0xE6, 0x97], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC0, 0xAF]]
        for sequence in sequences {
            var bytes = Array(#"{"name": "a", "extra": "ok "#.utf8)
            bytes += sequence
            bytes += Array(#" end", "count": 2}"#.utf8)
            let data = Data(bytes)
            let expected: String? = {
                do {
                    _ = try JSONReader.nativeObject(with: data)
                    return nil
                } catch {
                    return "\(error)"
                }
            }()
            #expect(expected != nil, "\(sequence) parses")
            #expect(Self.adapterError { try JSONAdapter.model(of: Pair.self, from: data) } == expected, "\(sequence)")
            #expect(Self.adapterError { try JSONAdapter.model(of: CheckedPair.self, from: data) } == expected, "\(sequence)")
        }
    }
}
