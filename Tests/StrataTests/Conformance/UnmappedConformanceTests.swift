import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// A model that keeps the members it does not map (`unmappedKeysPropertyKey`)
    /// reads them from JSON data while it reads its own, and writes them straight to
    /// it, with the values and errors the dictionary route gives.
    @Suite("Unmapped members")
    struct UnmappedConformanceTests {
        typealias K = Keeper<TagEnd>

        @Test(arguments: [
            #"{"id": 1, "name": "n", "owner": {"login": "o", "id": 2}, "a": 1, "b": [true, null], "c": {"d": 1.0}}"#,
            #"{"z": -0, "id": 1, "y": 1e2, "name": null, "x": 12345678901234567890, "owner": null, "w": 1e400}"#,
            #"{}"#,
            #"{"id": 3}"#,
            #"{"only": "unmapped", "others": {"nested": 1}}"#,
            // Escaped and non-ASCII keys, mapped or not.
            #"{"\u0069d": 4, "n\u00e4me": 1, "\ud83d\ude00": "\u00e9", "tab\tkey": null, "": 0}"#,
            // Duplicate keys, mapped and unmapped: the later wins.
            #"{"a": 1, "id": 1, "a": 2, "id": 2, "a": {"b": 3}}"#,
            // Mapping errors beside unmapped members, with their paths.
            #"{"id": "x", "a": 1}"#,
            #"{"owner": {"login": 5}, "a": [1]}"#,
            #"{"name": 1, "b": null}"#,
            // Invalid JSON in an unmapped member, or after it.
            #"{"a": [1, 2,], "id": 1}"#,
            #"{"id": 1, "a": {"b" 1}}"#,
            #"{"a": 1, "id": 1"#,
            #"{"a": 01}"#,
        ])
        func decodesAsFromADictionary(_ document: String) {
            Conformance.decodeEveryWay(.keeper, document)
        }

        @Test(arguments: Conformance.optionSets)
        func writesAsTheDictionaryRouteDoes(_ options: WriteOptions) throws {
            let documents = [
                #"{"id": 1, "name": "n", "owner": {"login": "o", "id": 2}, "a": 1, "b": [true, null], "c": {"d": 1.0}}"#,
                #"{"z": -0, "id": 1, "y": 1e2, "name": null, "x": 12345678901234567890, "w": 1e400, "\u00e9\"": "\/"}"#,
                #"{"id": 1}"#,
            ]
            for document in documents {
                let model = try JSONAdapter.model(of: K.self, from: Data(document.utf8))
                Conformance.expectSinksAgree(model, padding: [K()], options)
            }
        }

        @Test(arguments: Conformance.optionSets)
        func aKeptMemberAtAMappedKeyIsTheSameErrorFromBothSinks(_ options: WriteOptions) {
            var model = K()
            model.others = ["zz": 1, "name": "clash", "id": 2]
            let encoded = Conformance.expectSinksAgree(model, padding: [K()], options)
            #expect(encoded.failure?.path == [.key("id")])
        }
    }
}
