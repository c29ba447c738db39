import Foundation
import Testing
@testable import Strata

/// A case's model with a nested model.
private struct EventPayload: JSONSerializing, Hashable {
    var id = 0
    var owner: EventOwner?
    static let propertyKeys: PropertyKeys<EventPayload> = ["id": \.id, "owner": \.owner]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct EventOwner: JSONSerializing, Hashable {
    var login = ""
    static let propertyKeys: PropertyKeys<EventOwner> = ["login": \.login]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private enum Event: JSONTaggedEnum, Hashable {
    case push(EventPayload)
    case star(EventPayload)
    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<Event>] = [
        "push": .model(EventPayload.self, Event.push), "star": .model(EventPayload.self, Event.star),
    ]
}

/// Arrays of tagged enums in each form a property holds them.
private struct Feed: JSONSerializing {
    var name = ""
    var events: [Event] = []
    var maybe: [Event]?
    var optionals: [Event?] = []
    var lossy: [Event] = []
    var unique: Set<Event> = []
    static let propertyKeys: PropertyKeys<Feed> = [
        "name": \.name, "events": \.events, "maybe": \.maybe, "optionals": \.optionals, "lossy": \.lossy,
        "unique": \.unique,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["lossy": .skipsInvalidElements]
}

/// Arrays of tagged enums held by properties, read from JSON data: each object
/// of the array is kept as its text while the holder's members are read, and the
/// array's transformer reads each case's model from those bytes, as it reads each
/// object of the array's dictionary form.
@Suite("Arrays of tagged enums held by properties")
struct TaggedArrayPropertyTests {
    static func push(_ id: Int) -> String { #"{"type": "push", "id": \#(id), "owner": {"login": "o\#(id)"}}"# }

    /// `Feed` from `document`'s data and from its dictionary: the same model (with
    /// the same diagnostics), or the same error.
    @discardableResult
    private func expectRoutesAgree(
        _ document: String, options: JSONAdapter.DecodingOptions = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        let data = Data(document.utf8)
        func described(_ read: (inout JSONDiagnostics) throws -> Feed) throws -> [String] {
            var diagnostics = JSONDiagnostics()
            let feed = try read(&diagnostics)
            return ["\(feed) diagnostics: \(diagnostics)"]
        }
        return Conformance.expectAgreement(
            [
                Run("from Data", Outcome(String.self) {
                    try described { try JSONAdapter.model(of: Feed.self, from: data, options: options, diagnostics: &$0) }
                }),
                Run("from the adapter's dictionary", Outcome(String.self) {
                    let json = try Conformance.parseWhole(data, .dictionary) as? [String: Any] ?? [:]
                    return try described { try JSONAdapter.model(of: Feed.self, from: json, options: options, diagnostics: &$0) }
                }),
            ], "Feed from \(document)", sourceLocation: sourceLocation)
    }

    /// `plan`, once a `Feed` has been decoded: the first decode learns whether its
    /// `classForParsing(_:)` is the default, which reading objects into slots needs.
    private static func decodedOnce(_ plan: MappingPlan<Feed>) throws -> MappingPlan<Feed> {
        _ = try JSONAdapter.model(of: Feed.self, from: Data(#"{"name": "first"}"#.utf8))
        return plan
    }

    @Test func eachFormOfArrayReadsItsObjectsAsText() throws {
        let plan = MappingPlan<Feed>.shared
        for key in ["events", "maybe", "optionals", "lossy", "unique"] {
            let index = try #require(plan.entries.firstIndex { $0.property.key == key })
            #expect(plan.memberReads[index].readsObjectTextElements, "\(key)")
            #expect(plan.memberReads[index].readsTypedValues, "\(key)")
            #expect(!plan.memberReads[index].readsObjectText, "\(key)")
        }
        let name = try #require(plan.entries.firstIndex { $0.property.key == "name" })
        #expect(!plan.memberReads[name].readsObjectTextElements)
    }

    /// The scanner source gives the array's transformer each object as its text, and
    /// any other element as its JSON value: no dictionary is made of an object.
    @Test func theScannerSourceKeepsEachObjectAsText() throws {
        let data = Data(#"{"events": [\#(Self.push(1)), null, 7, \#(Self.push(2))], "name": "n"}"#.utf8)
        let plan = MappingPlan<Feed>.shared
        let keys = try #require(JSONAdapter.readsObjects(try Self.decodedOnce(plan)))
        let index = try #require(plan.entries.firstIndex { $0.property.key == "events" })
        var slots = try data.withUnsafeBytes { raw in
            var scanner = JSONAdapter.MemberScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 512)
            return try JSONAdapter.readObject(plan, keys: keys, from: &scanner, levelsLeft: 8, streams: false)
        }
        guard case .json(let value?) = slots[index].moveOut(), let elements = value as? [Any] else {
            Issue.record("the events are no JSON array")
            return
        }
        #expect(elements.count == 4)
        #expect(elements[0] is ObjectText)
        #expect(isJSONNull(elements[1]))
        #expect(elements[2] as? Int == 7)
        #expect(elements[3] is ObjectText)
        let transformer = try #require(plan.entries[index].transformer)
        #expect(transformer.readsObjectTextElements)
        let objects = [elements[0], elements[3]]
        let events = try #require(try transformer.transformedValue(objects) as? [Event])
        #expect(events == [.push(EventPayload(id: 1, owner: EventOwner(login: "o1"))), .push(EventPayload(id: 2, owner: EventOwner(login: "o2")))])
    }

    /// No more than the model limit allows: the holder, then each tagged object and
    /// its case's model are a level each, as a single one held by a property is.
    @Test func objectsAtTheModelLimitAreReadAsText() throws {
        let data = Data(#"{"events": [\#(Self.push(1))]}"#.utf8)
        let plan = MappingPlan<Feed>.shared
        let keys = try #require(JSONAdapter.readsObjects(try Self.decodedOnce(plan)))
        let index = try #require(plan.entries.firstIndex { $0.property.key == "events" })
        for levelsLeft in [1, 2] {
            var slots = try data.withUnsafeBytes { raw in
                var scanner = JSONAdapter.MemberScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 512)
                return try JSONAdapter.readObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft, streams: false)
            }
            guard case .json(let value?) = slots[index].moveOut(), let elements = value as? [Any] else {
                Issue.record("the events are no JSON array")
                return
            }
            // One level left is the tagged object's alone: parsed, for its transformer to refuse.
            #expect((elements[0] is ObjectText) == (levelsLeft == 2))
        }
    }

    @Test func valuesAreReadAsFromTheDictionary() {
        let events = "[\(Self.push(1)), {\"id\": 2, \"type\": \"star\"}, \(Self.push(3))]"
        let outcome = expectRoutesAgree(
            #"{"name": "n", "events": \#(events), "maybe": \#(events), "optionals": [null, \#(Self.push(4))], "lossy": []}"#)
        guard case .decoded(let described) = outcome else {
            Issue.record("not decoded: \(outcome)")
            return
        }
        #expect(described[0].contains("star(") && described[0].contains("login: \"o3\""))
        expectRoutesAgree(#"{"events": [], "maybe": null, "optionals": []}"#)
        expectRoutesAgree(#"{"unique": [\#(Self.push(1)), \#(Self.push(1))]}"#)
        #expect(expectRoutesAgree(#"{"unique": [\#(Self.push(1)), {"type": 1}]}"#).failure?.pathDescription == "unique[1].type")
    }

    @Test func aBadElementInTheMiddleIsReportedAtItsIndex() {
        let document = #"{"events": [\#(Self.push(0)), \#(Self.push(1)), {"type": "push", "id": "2"}, \#(Self.push(3))]}"#
        let outcome = expectRoutesAgree(document)
        #expect(outcome.failure?.pathDescription == "events[2].id")
        #expect(outcome.failure?.code == .typeMismatch)
        let owner = #"{"maybe": [\#(Self.push(0)), {"type": "star", "id": 1, "owner": {"login": 5}}]}"#
        #expect(expectRoutesAgree(owner).failure?.pathDescription == "maybe[1].owner.login")
    }

    @Test func badTagsAreReportedAtTheirIndex() {
        let unknown = expectRoutesAgree(#"{"events": [\#(Self.push(0)), {"type": "fork", "id": 1}]}"#)
        #expect(unknown.failure?.code == .noClassFound)
        #expect(unknown.failure?.pathDescription == "events[1].type")
        let missing = expectRoutesAgree(#"{"events": [{"id": 1}]}"#)
        #expect(missing.failure?.code == .noClassFound)
        #expect(missing.failure?.pathDescription == "events[0].type")
        let notAString = expectRoutesAgree(#"{"optionals": [null, {"type": 3}]}"#)
        #expect(notAString.failure?.code == .noClassFound)
        #expect(notAString.failure?.pathDescription == "optionals[1].type")
    }

    @Test func nullAndOtherValuesThatAreNoObject() {
        let null = expectRoutesAgree(#"{"events": [\#(Self.push(0)), null]}"#)
        #expect(null.failure?.code == .nullForNonOptional)
        #expect(null.failure?.pathDescription == "events[1]")
        #expect(expectRoutesAgree(#"{"events": [1]}"#).failure?.pathDescription == "events[0]")
        #expect(expectRoutesAgree(#"{"events": [[\#(Self.push(0))]]}"#).failure?.pathDescription == "events[0]")
        // A value that is no array, an object among them.
        for value in [Self.push(0), "\"push\"", "3", "null"] {
            expectRoutesAgree(#"{"events": \#(value)}"#)
            expectRoutesAgree(#"{"maybe": \#(value)}"#)
        }
        #expect(expectRoutesAgree(#"{"events": \#(Self.push(0))}"#).failure?.pathDescription == "events")
    }

    @Test func invalidElementsAreLeftOutAndReported() {
        let document = #"{"lossy": [\#(Self.push(0)), {"type": "fork"}, null, {"type": "push", "id": "x"}, \#(Self.push(4))]}"#
        let outcome = expectRoutesAgree(document)
        guard case .decoded(let described) = outcome else {
            Issue.record("not decoded: \(outcome)")
            return
        }
        #expect(described[0].contains("lossy[1].type"))
        #expect(described[0].contains("lossy[2]"))
        #expect(described[0].contains("lossy[3].id"))
    }

    @Test func theModelDepthLimitIsReportedAlike() {
        let document = #"{"events": [\#(Self.push(0)), \#(Self.push(1))], "optionals": [\#(Self.push(2))]}"#
        var failures: [String] = []
        for depth in 1...4 {
            let outcome = expectRoutesAgree(document, options: JSONAdapter.DecodingOptions(maximumModelDepth: depth))
            failures.append(outcome.failure.map { "\($0.code) \($0.pathDescription)" } ?? "decoded")
        }
        // Below the holder: a tagged object, its case's model, that model's owner, a level each.
        #expect(failures == ["nestingTooDeep events[0]", "nestingTooDeep events[0].owner", "decoded", "decoded"])
    }

    @Test func syntaxErrorsWinOverMappingErrors() {
        let outcome = expectRoutesAgree(#"{"events": [{"type": "fork"}, {"type": "push",}]}"#)
        #expect(outcome.failure?.code == .invalidJSON)
    }

    @Test func anArrayIsWrittenStraightAsText() throws {
        let plan = MappingPlan<Feed>.shared
        let events: [Event] = [.push(EventPayload(id: 1)), .star(EventPayload(id: 2, owner: EventOwner(login: "l")))]
        for key in ["events", "maybe"] {
            let entry = try #require(plan.entries.first { $0.property.key == key })
            #expect(entry.writesText)
            #expect(entry.transformer?.textWriter?(events) != nil)
            #expect(entry.transformer?.textWriter?(["not an event"]) == nil)
        }
        // Other collections of them take the reverse transformer.
        let optionals = try #require(plan.entries.first { $0.property.key == "optionals" })
        #expect(optionals.transformer?.textWriter?([Event?.none]) == nil)
        #expect(try #require(plan.entries.first { $0.property.key == "unique" }).writesText == false)
        var feed = Feed()
        feed.events = events
        feed.maybe = events
        feed.optionals = [nil, events[0]]
        feed.unique = [events[1]]
        let written = try JSONAdapter.data(from: feed, formatting: .sortedKeys)
        let viaDictionary = try JSONWriter.data(
            withJSONObject: JSONAdapter.dictionary(from: feed), options: JSONAdapter.writerOptions(.sortedKeys))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: viaDictionary, as: UTF8.self))
        #expect(
            String(decoding: written, as: UTF8.self).hasPrefix(
                #"{"events":[{"id":1,"owner":null,"type":"push"},{"id":2,"owner":{"login":"l"},"type":"star"}],"lossy":[]"#))
    }

    @Test func aTooDeepElementIsTheSameErrorWrittenEitherWay() throws {
        var feed = Feed()
        feed.events = [.push(EventPayload(id: 1)), .star(EventPayload(id: 2, owner: EventOwner(login: "l")))]
        for depth in 1...4 {
            let options = JSONAdapter.EncodingOptions(maximumModelDepth: depth)
            let data = Outcome(String.self) { [String(decoding: try JSONAdapter.data(from: feed, options: options), as: UTF8.self)] }
            let dictionary = Outcome(String.self) {
                let object = try JSONAdapter.dictionary(from: feed, options: options)
                return [String(decoding: try JSONWriter.data(withJSONObject: object, options: []), as: UTF8.self)]
            }
            #expect(data.failure == dictionary.failure, "maximumModelDepth \(depth)")
            #expect((data.failure != nil) == (depth < 3), "maximumModelDepth \(depth)")
            if depth == 2 { #expect(data.failure?.pathDescription == "events[1].owner") }
        }
    }
}
