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
// read straight into the `[String]` (issue #14); anything else takes the value parser.
// Either way the model, or the error, is the one the dictionary source gives.
@Suite("Arrays of strings read from their bytes")
struct StringArrayReadTests {
    private func bothWays(_ json: String) throws -> (fromData: StringArrays, fromObject: StringArrays) {
        let data = Data(json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try JSONAdapter.model(of: StringArrays.self, from: data), try JSONAdapter.model(of: StringArrays.self, from: object))
    }

    @Test(
        "Plain, empty, spaced and escaped arrays read as from a dictionary",
        arguments: [
            #"["a", "b", "c"]"#, #"[]"#, "[ ]", "[\n \"a\" ,\t\"b\"\n]", #"[""]"#, #"["a\"b", "c"]"#, #"["caf\u00e9"]"#,
            #"["é", "a"]"#, #"["a", "\/"]"#,
        ])
    func readsAsFromADictionary(_ array: String) throws {
        let (fromData, fromObject) = try bothWays(#"{"tags": \#(array), "topics": \#(array), "shouted": \#(array)}"#)
        #expect(fromData == fromObject)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
        #expect(fromData.tags == expected)
        #expect(fromData.topics == expected)
        #expect(fromData.shouted == expected.map { $0.uppercased() })
    }

    @Test("null and absent arrays read as from a dictionary")
    func nullAndAbsent() throws {
        let (fromData, fromObject) = try bothWays(#"{"topics": null}"#)
        #expect(fromData == fromObject)
        #expect(fromData.topics == nil)
        #expect(fromData.tags == [])
    }

    @Test(
        "An element that is no string fails with the same error as from a dictionary",
        arguments: [#"["a", 1]"#, #"["a", null]"#, #"[["a"]]"#, #"["a", {"b": 1}]"#, #"[true]"#])
    func nonStringElements(_ array: String) throws {
        let json = #"{"tags": \#(array)}"#
        let data = Data(json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromData = #expect(throws: StrataError.self) { try JSONAdapter.model(of: StringArrays.self, from: data) }
        let fromObject = #expect(throws: StrataError.self) { try JSONAdapter.model(of: StringArrays.self, from: object) }
        #expect(fromData?.description == fromObject?.description, "\(array)")
        #expect(fromData?.pathDescription.hasPrefix("tags") == true, "\(array)")
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
        let (fromData, fromObject) = try bothWays(json)
        #expect(fromData == fromObject)
        #expect(fromData.tags == expected)
    }

    @Test("With skipsInvalidElements, a plain array reads whole and a mixed one loses its non-strings")
    func skippingInvalidElements() throws {
        for (json, expected) in [(#"{"tags": ["a", "b"]}"#, ["a", "b"]), (#"{"tags": ["a", 1, "c", null]}"#, ["a", "c"])] {
            let data = Data(json.utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let fromData = try JSONAdapter.model(of: LossyTags.self, from: data)
            #expect(fromData == (try JSONAdapter.model(of: LossyTags.self, from: object)))
            #expect(fromData.tags == expected)
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
