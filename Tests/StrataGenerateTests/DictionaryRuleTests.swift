import Foundation
import StrataGeneratorCore
import Testing

/// Objects whose keys are data become dictionaries, never a model that drops
/// the keys the sample did not show.
@Suite struct DictionaryRuleTests {
    /// The Swift source generated for `json` with `options` (named `Root`).
    /// A top-level object is given twice, as two responses that agree.
    private func generated(_ json: String, dictionaryKeys: Set<String> = [], modelKeys: Set<String> = []) throws -> String {
        let samples = json.hasPrefix("{") ? "[\(json), \(json)]" : json
        return try StrataGenerator.generate(
            samples: [StrataGenerator.Sample(file: "sample.json", data: Data(samples.utf8))],
            options: GeneratorOptions(rootName: "Root", dictionaryKeys: dictionaryKeys, modelKeys: modelKeys))
    }

    @Test func freeFormNamesAreDictionariesOfTheirValuesType() throws {
        let source = try generated(#"""
            [{"metadata": {"order_id": "6735"}, "custom_fields": {"a": 1}, "annotations": {"x": "y", "n": 2}, "customData": {"k": null}},
             {"metadata": {}, "custom_fields": {"b": 2}, "annotations": {}, "customData": {}}]
            """#)
        #expect(source.contains("var metadata: [String: String] = [:]\n"))
        #expect(source.contains("var customFields: [String: Int] = [:]\n"))
        #expect(source.contains("var annotations: [String: JSONValue] = [:]\n"))
        #expect(source.contains("var customData: [String: JSONValue] = [:]\n"))
        #expect(!source.contains("struct Metadata"))
    }

    @Test func anObjectEmptyInEverySampleIsADictionaryOfJSONValues() throws {
        let source = try generated(#"[{"settings": {}}, {"settings": {}}]"#)
        #expect(source.contains("var settings: [String: JSONValue] = [:]\n"))
        #expect(!source.contains("struct Settings"))
    }

    @Test func keysThatDifferBetweenSamplesMakeADictionary() throws {
        let source = try generated(#"""
            [{"prefs": {"theme": "dark"}, "owner": {"login": "a", "site_admin": true}},
             {"prefs": {"locale": "fr"}, "owner": {"login": "b"}},
             {"prefs": {"beta": "on"}, "owner": {"login": "c"}}]
            """#)
        #expect(source.contains("var prefs: [String: String] = [:]\n"))
        // Keys most objects share are a model's, some of them optional.
        #expect(source.contains("var owner = Owner()\n"))
        #expect(source.contains("struct Owner: JSONSerializing {\n        var login = \"\"\n        var siteAdmin: Bool?\n"))
    }

    @Test func moreKeysThanAModelHoldsMakeADictionary() throws {
        // 101 keys: one more than a model is given.
        let members = (0...100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let source = try generated("{\"counts\": {\(members)}, \"small\": {\"a\": 1}}")
        #expect(source.contains("var counts: [String: Int] = [:]\n"))
        #expect(source.contains("var small = Small()\n"))
    }

    @Test func elementsOfAnArrayAtAFreeFormNameStayModels() throws {
        let source = try generated(#"{"annotations": [{"path": "a.swift", "line": 3}]}"#)
        #expect(source.contains("var annotations: [Annotation] = []\n"))
    }

    @Test func dictionariesAtOneKeyThatDisagreeAnywhereHoldJSONValueEverywhere() throws {
        let source = try generated(#"""
            {"charge": {"id": "ch_1", "amount": 5, "metadata": {"order": "6735"}},
             "card": {"brand": "Visa", "last4": "4242", "metadata": {"seats": 3}}}
            """#)
        #expect(source.components(separatedBy: "var metadata: [String: JSONValue] = [:]\n").count == 3)
        #expect(!source.contains("[String: String]") && !source.contains("[String: Int]"))
    }

    @Test func dictionariesAtOneKeyThatAgreeKeepTheirValuesType() throws {
        let source = try generated(#"""
            {"charge": {"id": "ch_1", "amount": 5, "metadata": {"order": "6735"}},
             "card": {"brand": "Visa", "last4": "4242", "metadata": {"team": "ops"}}}
            """#)
        #expect(source.components(separatedBy: "var metadata: [String: String] = [:]\n").count == 3)
    }

    @Test func theOptionsDecideAKeyEitherWay() throws {
        let json = #"{"metadata": {"result_type": "recent"}, "owner": {"login": "a"}}"#
        let source = try generated(json, dictionaryKeys: ["owner"], modelKeys: ["metadata"])
        #expect(source.contains("var metadata = Metadata()\n"))
        #expect(source.contains("var owner: [String: String] = [:]\n"))
        #expect(source.contains("--dictionary owner --model metadata\n"))
    }
}
