import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// Fallback keys (`JSONKeyPath.firstPresent`) and array indices in key paths:
    /// the same models and errors from a dictionary and from `Data`, the same JSON
    /// from both sinks.
    @Suite("Key path forms")
    struct KeyPathConformanceTests {
        typealias P = Pathed<TagEnd>

        // MARK: firstPresent

        @Test(arguments: [
            (#"{"id": 7}"#, 7),
            (#"{"ID": 7}"#, 7),
            (#"{"book": {"id": 7}}"#, 7),
            (#"{"id": null, "ID": 7, "book": {"id": 8}}"#, 7),
            (#"{"id": null, "ID": null, "book": {"id": 8}}"#, 8),
            (#"{"ID": 7, "id": 6}"#, 6),
            (#"{"book": null, "ID": 7}"#, 7),
        ])
        func theFirstPresentPathIsRead(_ text: String, _ id: Int) {
            #expect(Conformance.decodeEveryWay(.pathed, text).model == .value(P(id: id)), "\(text)")
        }

        @Test(arguments: [
            (#"{"id": "x"}"#, "id"),
            (#"{"ID": "x"}"#, "ID"),
            (#"{"id": null, "book": {"id": "x"}}"#, "book.id"),
        ])
        func anErrorNamesThePathThatWasRead(_ text: String, _ path: String) throws {
            let failure = try #require(Conformance.decodeEveryWay(.pathed, text).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == path)
        }

        @Test func aRequiredFallbackNeedsOnePathWithAValue() throws {
            let absent = try #require(Conformance.decodeEveryWay(.pathed, #"{"book": {}}"#).model.failure)
            #expect(absent.code == .missingRequiredKeys)
            #expect(absent.reason == "Pathed requires key that the JSON lacks: id|ID|book.id. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
            let null = try #require(Conformance.decodeEveryWay(.pathed, #"{"id": null, "ID": null}"#).model.failure)
            #expect(null.code == .missingRequiredKeys)
        }

        @Test(arguments: Conformance.optionSets)
        func aFallbackIsWrittenAtItsFirstPath(_ options: WriteOptions) {
            Conformance.expectSinksAgree(P(id: 5, first: "a", third: "c"), padding: [P()], options)
        }

        @Test func theWrittenJSONReadsBack() throws {
            let model = P(id: 5, first: "a", third: "c")
            #expect(Conformance.expectSinksAgree(model, [.sortedKeys]) == .json(
                .object([
                    "id": .signed(5),
                    "items": .array([.object(["name": .string("a")]), .null, .object(["name": .string("c")])]),
                ]),
                text: #"{"id":5,"items":[{"name":"a"},null,{"name":"c"}]}"#))
            let data = try JSONAdapter.data(from: model)
            #expect(Conformance.decodeEveryWay(.pathed, data).model == .value(model))
        }

        // MARK: Index segments

        @Test(arguments: [
            (#"{"id": 1, "items": [{"name": "a"}]}"#, "a", "none"),
            (#"{"id": 1, "items": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {}]}"#, "a", "c"),
            (#"{"id": 1, "items": [{"name": "a"}, 2, {"name": null}]}"#, "a", nil),
            (#"{"id": 1, "items": []}"#, "", "none"),
            (#"{"id": 1, "items": {"0": {"name": "a"}}}"#, "", "none"),
            (#"{"id": 1, "items": "abc"}"#, "", "none"),
            (#"{"id": 1, "items": null}"#, "", "none"),
            (#"{"id": 1, "items": [null, 1, {"name": "c"}]}"#, "", "c"),
        ])
        func anIndexReadsAnElementOrNothing(_ text: String, _ first: String, _ third: String?) {
            #expect(Conformance.decodeEveryWay(.pathed, text).model == .value(P(id: 1, first: first, third: third)), "\(text)")
        }

        @Test func anErrorInAnElementNamesItsIndex() throws {
            let mismatch = try #require(
                Conformance.decodeEveryWay(.pathed, #"{"id": 1, "items": [{"name": 5}]}"#).model.failure)
            #expect(mismatch.code == .typeMismatch)
            #expect(mismatch.pathDescription == "items[0].name")
            let notAnObject = try #require(
                Conformance.decodeEveryWay(.pathed, #"{"id": 1, "items": ["x"]}"#).model.failure)
            #expect(notAnObject.code == .invalidJSONKeyPath)
            #expect(notAnObject.pathDescription == "items[0]")
        }

        @Test(arguments: Conformance.optionSets)
        func indicesAreWrittenWithNullPadding(_ options: WriteOptions) {
            Conformance.expectSinksAgree(P(id: 1, first: "", third: nil), padding: [P(id: 2, first: "b", third: "d")], options)
        }

        @Test func aMissingEarlierElementIsNull() {
            #expect(Conformance.expectSinksAgree(P(id: 1, first: "a", third: nil), [.sortedKeys, .omitNulls]) == .json(
                .object(["id": .signed(1), "items": .array([.object(["name": .string("a")])])]),
                text: #"{"id":1,"items":[{"name":"a"}]}"#))
        }
    }
}
