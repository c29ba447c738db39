import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// `requiredKeys: .allMapped`, and errors that say whether the payload or the
    /// model is to fix: the same from a dictionary and from `Data`.
    @Suite("Strict models and error advice")
    struct StrictAndAdviceConformanceTests {
        typealias S = Strict<TagEnd>

        @Test func everyMappedKeyIsRequired() throws {
            let none = try #require(Conformance.decodeEveryWay(.strict, "{}").model.failure)
            #expect(none.code == .missingRequiredKeys)
            #expect(none.text == "Strict requires keys that the JSON lacks: id, name, owner. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
            let some = try #require(
                Conformance.decodeEveryWay(.strict, #"{"owner": null, "name": "a", "extra": 1}"#).model.failure)
            #expect(some.text == "Strict requires keys that the JSON lacks: id, owner is null. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
            let models = try #require(
                Conformance.decodeEveryWay(.strict, #"[{"id": 1, "name": "a", "owner": {}}, {"id": 2}]"#).models.failure)
            #expect(models.text == "[1]: Strict requires keys that the JSON lacks: name, owner. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
        }

        @Test(arguments: [
            #"{"id": 1, "name": "a", "owner": {"login": "x"}}"#,
            #"{"owner": {}, "name": "", "id": 0}"#,
            #"{"id": 1, "name": "a", "owner": {"login": "x"}, "id": null}"#,
            #"{"id": 1, "name": "a", "owner": 5}"#,
        ])
        func strictModelsDecodeTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.strict, text)
        }

        @Test func aCompletePayloadDecodes() {
            #expect(
                Conformance.decodeEveryWay(.strict, #"{"id": 1, "name": "a", "owner": {"login": "x"}}"#).model
                    == .value(S(id: 1, name: "a", owner: PersonOwner(login: "x", id: 0))))
        }

        @Test(arguments: Conformance.optionSets)
        func strictModelsEncodeTheSame(_ options: WriteOptions) {
            Conformance.expectSinksAgree(S(id: 1, name: "a", owner: nil), padding: [S()], options)
        }

        @Test func theDefaultRequiresNoKeys() {
            #expect(Person<TagEnd>.requiredKeys == .listed)
            #expect(!MappingPlan<Person<TagEnd>>.shared.hasRequiredEntries)
        }

        // MARK: Model or payload

        @Test func aTransformerOfAnotherTypeIsTheModelsMistake() throws {
            let failure = try #require(Conformance.decodeEveryWay(.misfit, #"{"link": "https://example.org"}"#).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "link")
            #expect(!failure.reason.contains("payload"))
            #expect(failure.reason.hasSuffix(
                "The transformer for 'link' returns another type: fix Misfit, by making the transformer return String "
                    + "or giving 'link' the type the transformer returns."))
        }

        @Test func aTypeThatIsNotAModelIsTheModelsMistake() throws {
            let failure = try #require(Conformance.decodeEveryWay(.misfit, #"{"point": {"x": 1}}"#).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(!failure.reason.contains("payload"))
            #expect(failure.reason.hasSuffix(
                "MisfitPoint is not a model, and no JSON value is one: fix Misfit, by making MisfitPoint conform to "
                    + "JSONSerializing or giving 'point' a transformer that converts it."))
            let date = try #require(Conformance.decodeEveryWay(.misfit, #"{"when": "2024-05-01"}"#).model.failure)
            #expect(date.reason.hasSuffix(
                "No JSON value is a Date: fix Misfit, by giving 'when' a transformer that converts it (such as .iso8601Date)."))
        }

        @Test func aValueOfAnotherTypeIsThePayloadsMistake() throws {
            let failure = try #require(Conformance.decodeEveryWay(.misfit, #"{"count": "3"}"#).model.failure)
            #expect(failure.reason.hasSuffix("Fix the payload, or give 'count' a transformer that converts it."))
        }
    }
}
