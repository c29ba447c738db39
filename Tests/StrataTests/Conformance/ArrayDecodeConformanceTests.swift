import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// Models from an array: `models(of:from:)` on `Data` and on `[Any]`, cold and
    /// warm, give the same models or the same error, for element 0 as for element n.
    @Suite("Decoding arrays")
    struct ArrayDecodeConformanceTests {
        typealias P = Person<TagEnd>

        @Test(arguments: [
            "[]",
            " [ ] ",
            "\n[\n]\n",
            "\t[\r\n\t]",
        ])
        func anEmptyArrayIsNoModels(_ text: String) {
            #expect(Conformance.decodeEveryWay(.person, text).models == .values([P]()))
        }

        @Test(arguments: [
            #"[{"id": 1}]"#,
            #"[{}, {}, {}]"#,
            " [ { \"id\" : 1 } ,\n{\"id\":2,\"name\":\"b\"} \t, { } ] ",
            #"[{"id": 1, "x": [[{}]]}, {"owner": {"login": "o", "k": {}}}]"#,
            #"[{"id": 1, "id": 2}, {"id": "x", "id": 3}]"#,
            #"[{"owner": {"login": "a"}, "owner": {"login": "b"}}, {"owner": {"login": 1}, "owner": null}]"#,
        ])
        func modelsDecodeTheSameEveryWay(_ text: String) throws {
            guard case .decoded = Conformance.decodeEveryWay(.person, text).models else {
                Issue.record("\(text) did not decode")
                return
            }
        }

        @Test func aTypeMismatchInAnArrayNamesTheIndex() throws {
            let outcome = Conformance.decodeEveryWay(.person, #"[{"id": 1}, {"id": 2}, {"id": "x"}, {"id": 4}]"#).models
            let failure = try #require(outcome.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "[2].id")
        }

        @Test(arguments: [
            #"[{"id": 1}, 5]"#,
            #"[{"id": 1}, [{"id": 2}]]"#,
            #"[{"id": 1}, null, {"id": "x"}]"#,
            #"[{"id": 1}, "s"]"#,
        ])
        func anElementThatIsNotAnObjectIsInvalidJSONDictionary(_ text: String) throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, text).models.failure)
            #expect(failure.code == .invalidJSONDictionary)
            #expect(failure.pathDescription == "[1]")
        }

        @Test(arguments: [
            #"[{"id": "x"}, 5]"#,
            #"[7, {"id": "x"}]"#,
            #"[{"id": 1}, {"name": 1}, {"id": "x"}]"#,
        ])
        func theFirstFailingElementIsReported(_ text: String) {
            Conformance.decodeEveryWay(.person, text)
        }

        @Test func aTopLevelArrayForOneModelIsInvalidJSONDictionary() throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, #"[{"id": 1}, {"id": 2}]"#).model.failure)
            #expect(failure.code == .invalidJSONDictionary)
            #expect(failure.text == "Expected a JSON object for Person, found an array of 2 elements. Fix the payload, or read "
                + "an array of Person with JSONAdapter.models(of:from:) or a property of type [Person].")
            for scalar in ["1", "\"text\"", "null", "true"] {
                #expect(Conformance.decodeEveryWay(.person, scalar).model.failure?.code == .invalidJSONDictionary, "\(scalar)")
            }
        }

        @Test func aTopLevelObjectForModelsIsInvalidJSONDictionary() throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, #"{"id": 1}"#).models.failure)
            #expect(failure.code == .invalidJSONDictionary)
            #expect(failure.text == "Expected a JSON array of Person objects, found an object with keys id. Fix the payload, "
                + "or read one Person with JSONAdapter.model(of:from:).")
            for scalar in ["1", "\"text\"", "null"] {
                #expect(Conformance.decodeEveryWay(.person, scalar).models.failure?.code == .invalidJSONDictionary, "\(scalar)")
            }
        }

        /// Nested models in every element, with duplicated keys, cold and warm.
        @Test(arguments: [
            #"[{"members": [{"login": "a"}]}, {"members": [{"login": "b"}], "members": [{"login": "c"}]}]"#,
            #"[{"members": [{"login": 1}], "members": []}, {"members": [{"login": "b"}, 5]}]"#,
            #"[{"name": "a"}, {"members": [{"login": "a"}, {"login": "b", "login": 2}]}]"#,
        ])
        func nestedModelsInEveryElementDecodeTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.crew, text)
        }

        @Test func aLargeArrayDecodesTheSameEveryWay() throws {
            let records = (0..<1_000).map { index in
                #"{"id": \#(index), "name": "person \#(index)", "extra": {"n": [\#(index), null, true]}, "#
                    + #""nickname": \#(index % 3 == 0 ? "null" : "\"n\(index)\""), "score": \#(Double(index) / 4), "#
                    + #""active": \#(index % 2 == 0), "tags": ["t\#(index)", "u"], "owner": {"login": "o\#(index)", "id": \#(index * 2)}}"#
            }
            let outcome = Conformance.runs(
                .person, Data(("[" + records.joined(separator: ",\n") + "]").utf8), .models, coldDictionary: false)
            let reference = Conformance.expectAgreement(outcome, "1,000 people")
            guard case .decoded(let models) = reference else {
                Issue.record("The array did not decode: \(reference)")
                return
            }
            #expect(models.count == 1_000)
            #expect(Outcome.decoded([models[998]]) == .value(P(
                id: 998, name: "person 998", nickname: "n998", score: 249.5, active: true, tags: ["t998", "u"],
                owner: PersonOwner(login: "o998", id: 1_996))))
            #expect(models[999].contains("nickname: nil"))
        }
    }
}
