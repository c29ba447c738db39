import Foundation
import Testing
@testable import Strata

/// `[String]` properties: with the default transformer, optional, and with a user's.
struct StringArrays: JSONSerializing, Equatable {
    var tags: [String] = []
    var topics: [String]?
    var shouted: [String] = []

    static let propertyKeys: PropertyKeys<StringArrays> = ["tags": \.tags, "topics": \.topics, "shouted": \.shouted]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["tags": "tags", "topics": "topics", "shouted": "shouted"]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        // A user's transformer on a [String] property: always run, never read around.
        key == "shouted" ? ValueTransformer(forward: { ($0 as? [String])?.map { $0.uppercased() } }) : nil
    }
}

/// `tags` through a user's transformer, which the value parser always reads: its
/// errors are the ones the plain-string read must leave unchanged.
struct ParsedTags: JSONSerializing {
    var tags: [String] = []

    static let propertyKeys: PropertyKeys<ParsedTags> = ["tags": \.tags]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["tags": "tags"]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(forward: { $0 })
    }
}

/// `tags` leaving out the elements that are not strings.
struct LossyTags: JSONSerializing, Equatable {
    var tags: [String] = []

    static let propertyKeys: PropertyKeys<LossyTags> = ["tags": \.tags]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["tags": "tags"]
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["tags": .skipsInvalidElements]
}

// An array of plain strings for a `[String]` property with the default transformer is
// read straight into the `[String]`; anything else takes the value parser.
// Either way the model, or the error, is the one the dictionary source gives.
@Suite("Arrays of strings read from their bytes")
struct StringArrayReadTests {
    @Test(
        "Plain, empty, spaced and escaped arrays read as from a dictionary",
        arguments: [
            #"["a", "b", "c"]"#, #"[]"#, "[ ]", "[\n \"a\" ,\t\"b\"\n]", #"[""]"#, #"["a\"b", "c"]"#, #"["caf\u00e9"]"#,
            #"["é", "a"]"#, #"["a", "\/"]"#,
        ])
    func readsAsFromADictionary(_ array: String) throws {
        let model = try decodeEqualBothWays(StringArrays.self, #"{"tags": \#(array), "topics": \#(array), "shouted": \#(array)}"#)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
        #expect(model.tags == expected)
        #expect(model.topics == expected)
        #expect(model.shouted == expected.map { $0.uppercased() })
    }

    @Test("null and absent arrays read as from a dictionary")
    func nullAndAbsent() throws {
        let model = try decodeEqualBothWays(StringArrays.self, #"{"topics": null}"#)
        #expect(model.topics == nil)
        #expect(model.tags == [])
    }

    @Test(
        "An element that is no string fails with the same error as from a dictionary",
        arguments: [#"["a", 1]"#, #"["a", null]"#, #"[["a"]]"#, #"["a", {"b": 1}]"#, #"[true]"#])
    func nonStringElements(_ array: String) throws {
        // The same error text from both sources, or the helper records an issue.
        let failure = strataFailure { try decodeBothWays(StringArrays.self, #"{"tags": \#(array)}"#) }
        #expect(failure?.pathDescription.hasPrefix("tags") == true, "\(array)")
    }

    @Test(
        "Invalid JSON in an array of strings is reported by the value parser",
        arguments: [#"["a",]"#, #"["a" "b"]"#, #"["a""#, #"["a", "b"#, "[\"a\u{01}\"]", #"["a"}"#])
    func invalidJSON(_ array: String) throws {
        let data = Data(#"{"tags": \#(array)}"#.utf8)
        let failure = #expect(throws: StrataError.self) { try JSONAdapter.model(of: StringArrays.self, from: data) }
        let parsed = #expect(throws: StrataError.self) { try JSONAdapter.model(of: ParsedTags.self, from: data) }
        #expect(failure?.code == .invalidJSON, "\(array)")
        // The same sentence, offset included: a failed plain read consumed nothing.
        #expect(failure?.description == parsed?.description, "\(array)")
    }

    @Test(
        "A duplicate key's last value wins, whichever of the two is plain",
        arguments: [
            (#"{"tags": ["a"], "tags": ["b\u0063"]}"#, ["bc"]), (#"{"tags": ["a\u0062"], "tags": ["c", "d"]}"#, ["c", "d"]),
            (#"{"topics": ["x"], "topics": null, "tags": ["a"], "tags": []}"#, []),
        ])
    func duplicateKeys(_ json: String, _ expected: [String]) throws {
        #expect(try decodeEqualBothWays(StringArrays.self, json).tags == expected)
    }

    @Test("With skipsInvalidElements, a plain array reads whole and a mixed one loses its non-strings")
    func skippingInvalidElements() throws {
        for (json, expected) in [(#"{"tags": ["a", "b"]}"#, ["a", "b"]), (#"{"tags": ["a", 1, "c", null]}"#, ["a", "c"])] {
            #expect(try decodeEqualBothWays(LossyTags.self, json).tags == expected)
        }
    }

    @Test("An array of strings one level too deep is refused as any array is")
    func nestingDepth() throws {
        let data = Data(#"{"tags": ["a"]}"#.utf8)
        let options = JSONAdapter.DecodingOptions(maximumNestingDepth: 1)
        let failure = #expect(throws: StrataError.self) { try JSONAdapter.model(of: StringArrays.self, from: data, options: options) }
        #expect(failure?.code == .invalidJSON)
        #expect(try JSONAdapter.model(of: StringArrays.self, from: data, options: .init(maximumNestingDepth: 2)).tags == ["a"])
    }
}
