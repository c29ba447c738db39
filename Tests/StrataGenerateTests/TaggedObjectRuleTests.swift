import Foundation
import Strata
import StrataGeneratorCore
import Testing

/// Objects told apart by a tag become a tagged enum with one model per shape,
/// never one model holding the fields of them all.
@Suite struct TaggedObjectRuleTests {
    /// The Swift source generated for `json`, named `Root`.
    /// A top-level object is given twice, as two responses that agree.
    private func generated(_ json: String) throws -> String {
        try StrataGenerator.generate(
            samples: [StrataGenerator.Sample(file: "sample.json", data: Data((json.hasPrefix("{") ? "[\(json), \(json)]" : json).utf8))],
            options: GeneratorOptions(rootName: "Root"))
    }

    @Test func tagsWithTheirOwnKeysMakeATaggedEnumWithACaseForEachTag() throws {
        let source = try generated(#"""
            {"sources": [{"id": "card_1", "object": "card", "last4": "4242"},
                         {"id": "ba_1", "object": "bank_account", "routing_number": "110000000"}]}
            """#)
        #expect(source.contains("var sources: [Source] = []\n"))
        #expect(source.contains("enum Source: JSONTaggedEnum {\n"))
        #expect(source.contains("case card(Card)\n"))
        #expect(source.contains("case bankAccount(BankAccount)\n"))
        #expect(source.contains("case other(JSONValue)"))
        #expect(source.contains(#"static let tagKeyPath: JSONKeyPath = "object""#))
        #expect(source.contains(#""bank_account": .model(BankAccount.self, Source.bankAccount),"#))
        #expect(source.contains("static let unknownTagCase: JSONTaggedCase<Source>? = .value(Source.other)\n"))
        // The tag is the enum's: no case model has it, and no model holds the other's fields.
        #expect(!source.contains("var object"))
        let card = try #require(source.range(of: "struct Card: JSONSerializing {"))
        let bankAccount = try #require(source.range(of: "struct BankAccount: JSONSerializing {"))
        #expect(!source[card.upperBound..<bankAccount.lowerBound].contains("routingNumber"))
    }

    @Test func tagsWhoseObjectsHaveTheSameKeysStayOneModelWithATagString() throws {
        let source = try generated(#"""
            [{"owner": {"login": "ada", "type": "User"}}, {"owner": {"login": "acme", "type": "Organization"}}]
            """#)
        #expect(!source.contains("JSONTaggedEnum"))
        #expect(source.contains("var type = \"\"\n"))
    }

    @Test func tagsWithTheSameKeysShareOneCaseModel() throws {
        let source = try generated(#"""
            [{"id": 1, "event": "closed", "commit_id": "4e1c"}, {"id": 2, "event": "reopened", "commit_id": null},
             {"id": 3, "event": "labeled", "commit_id": null, "label": {"name": "bug"}}]
            """#)
        #expect(source.contains("enum Root: JSONTaggedEnum {\n"))
        #expect(source.contains("case closed(Closed)\n"))
        #expect(source.contains("case reopened(Closed)\n"))
        #expect(source.contains("case labeled(Labeled)\n"))
        // commit_id is null in every labeled event: it takes the type the other tags give it.
        #expect(!source.contains("JSONValue?"))
        #expect(source.components(separatedBy: "var commitID: String?\n").count == 3)
    }

    @Test func objectsWithoutATagInEachOrWithOneTagAreOneModel() throws {
        let untagged = try generated(#"[{"a": {"kind": "x", "p": 1}}, {"a": {"q": 2}}]"#)
        #expect(!untagged.contains("JSONTaggedEnum"))
        let oneTag = try generated(#"[{"a": {"kind": "x", "p": 1}}, {"a": {"kind": "x", "q": 2}}]"#)
        #expect(!oneTag.contains("JSONTaggedEnum"))
        let notWords = try generated(#"[{"a": {"kind": "1 x", "p": 1}}, {"a": {"kind": "2 y", "q": 2}}]"#)
        #expect(!notWords.contains("JSONTaggedEnum"))
    }

    @Test func theSameTaggedShapeInTwoPlacesIsOneEnumAndOneModelPerTag() throws {
        let source = try generated(#"""
            {"sources": {"data": [{"object": "card", "last4": "4242"}, {"object": "bank_account", "bank_name": "B"}]},
             "external_accounts": {"data": [{"object": "card", "last4": "5556"}, {"object": "bank_account", "bank_name": "C"}]}}
            """#)
        #expect(source.components(separatedBy: "struct Card:").count == 2)
        #expect(source.components(separatedBy: ": JSONTaggedEnum {").count == 2)
    }

    @Test func aTagThatIsASwiftKeywordOrTheFallbacksNameGetsAUsableCase() throws {
        let source = try generated(#"[{"type": "default", "a": 1}, {"type": "other", "b": 2}]"#)
        #expect(source.contains("case `default`(Default)\n"))
        #expect(source.contains("case other(Other)\n"))
        #expect(source.contains("case otherTag(JSONValue)"))
        #expect(source.contains(".model(Default.self, Root.`default`)"))
    }

    @Test func eachTagHasOneCaseWhenPlacesGroupTheirTagsDifferently() throws {
        let source = try generated(#"""
            {"a": {"src": [{"object": "card", "last4": "1"}, {"object": "bank_account", "routing": "2"}]},
             "b": {"src": [{"object": "card", "id": "c"}, {"object": "bank_account", "id": "b"}, {"object": "x", "zz": 1}]}}
            """#)
        #expect(source.components(separatedBy: #""bank_account": .model("#).count == 2)
        #expect(source.components(separatedBy: #""card": .model("#).count == 2)
    }

    @Test func aTagNamedLikeTheEnumsStaticPropertiesGetsAnotherCaseName() throws {
        let source = try generated(#"[{"type": "tag_key_path", "a": 1}, {"type": "cases_by_tag", "b": 2}]"#)
        #expect(source.contains("case tagKeyPath2(TagKeyPath)\n"))
        #expect(source.contains("case casesByTag2(CasesByTag)\n"))
    }

    @Test func anotherKeySplitsOnlyWhenItsValuesPartitionTheShapesBeyondDoubt() throws {
        let shapes = try generated(#"[{"shape": "circle", "radius": 1}, {"shape": "square", "side": 2}, {"shape": "circle", "radius": 3}]"#)
        #expect(shapes.contains(#"static let tagKeyPath: JSONKeyPath = "shape""#))
        #expect(shapes.contains("case circle(Circle)\n") && shapes.contains("case square(Square)\n"))
        // Closed issues have a key open ones lack, but open ones have none of their own.
        let states = try generated(#"""
            [{"state": "open", "id": 1}, {"state": "closed", "id": 2, "closed_at": "2024-05-01T12:00:00Z"}, {"state": "open", "id": 3}]
            """#)
        #expect(!states.contains("JSONTaggedEnum"))
        // A value seen once in each object names it, it does not tag it.
        let names = try generated(#"[{"name": "a", "x": 1}, {"name": "b", "y": 2}]"#)
        #expect(!names.contains("JSONTaggedEnum"))
    }
}
