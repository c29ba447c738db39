import Foundation
import Testing

@testable import Strata

private struct Label: JSONSerializing, Equatable {
    var name = ""
    var color = ""
    static let propertyKeys: PropertyKeys<Label> = ["name": \.name, "color": \.color]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// Fits an existential's inline buffer.
private struct Tiny: JSONSerializing, Equatable {
    var id = 0
    static let propertyKeys: PropertyKeys<Tiny> = ["id": \.id]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// Two tags with one model type, an indirect case, and a case without a value.
private enum Event: JSONTaggedEnum, Equatable {
    case labeled(Label)
    case unlabeled(Label)
    indirect case pinned(Label)
    case tiny(Tiny)
    case nothing

    static let tagKeyPath: JSONKeyPath = "event"
    static let casesByTag: [String: JSONTaggedCase<Event>] = [
        "labeled": .model(Label.self, Event.labeled),
        "unlabeled": .model(Label.self, Event.unlabeled),
        "pinned": .model(Label.self, Event.pinned),
        "tiny": .model(Tiny.self, Event.tiny),
    ]
}

/// Cases that hold their models inside existentials.
private enum Boxed: JSONTaggedEnum {
    case small(any Sendable)
    case large(any Sendable)

    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<Boxed>] = [
        "small": .model(Tiny.self, { Boxed.small($0) }),
        "large": .model(Label.self, { Boxed.large($0) }),
    ]
}

/// 36 integers: larger than the copy of a written value kept on the stack (256 bytes).
private struct Wide: JSONSerializing, Equatable {
    var field0 = 0
    var field1 = 0
    var field2 = 0
    var field3 = 0
    var field4 = 0
    var field5 = 0
    var field6 = 0
    var field7 = 0
    var field8 = 0
    var field9 = 0
    var field10 = 0
    var field11 = 0
    var field12 = 0
    var field13 = 0
    var field14 = 0
    var field15 = 0
    var field16 = 0
    var field17 = 0
    var field18 = 0
    var field19 = 0
    var field20 = 0
    var field21 = 0
    var field22 = 0
    var field23 = 0
    var field24 = 0
    var field25 = 0
    var field26 = 0
    var field27 = 0
    var field28 = 0
    var field29 = 0
    var field30 = 0
    var field31 = 0
    var field32 = 0
    var field33 = 0
    var field34 = 0
    var field35 = 0
    static let propertyKeys = PropertyKeys<Wide>.storedProperties()
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A case larger than the stack's copy of a written value, and tags whose member
/// has no text worked out beforehand: one JSON escapes, one longer than a quoted key.
private enum Unusual: JSONTaggedEnum, Equatable {
    case wide(Wide)
    case quoted(Tiny)
    case long(Label)

    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<Unusual>] = [
        "wide": .model(Wide.self, Unusual.wide),
        #"say "hi"/now"#: .model(Tiny.self, Unusual.quoted),
        "a-tag-longer-than-thirty-two-bytes-in-all": .model(Label.self, Unusual.long),
    ]
}

@Suite("Tagged enums: the case of a written value")
struct TaggedEnumCaseRouteTests {
    /// Each value written alone, as a dictionary and as data, then all of them as one array.
    private func writtenTags(_ values: [Event]) throws -> [String] {
        for value in values {
            let object = try JSONAdapter.dictionary(from: value)
            let alone = try JSONSerialization.jsonObject(with: JSONAdapter.data(from: value)) as? [String: Any]
            #expect(alone?["event"] as? String == object["event"] as? String)
        }
        let data = try JSONAdapter.data(from: values)
        #expect(try JSONAdapter.models(of: Event.self, from: data) == values)
        let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return array.map { $0["event"] as? String ?? "" }
    }

    @Test("Values of cases sharing a model type, written again and again, each keep their own tag")
    func sharedModelType() throws {
        let red = Label(name: "bug", color: "red")
        let values: [Event] = [.labeled(red), .unlabeled(red), .unlabeled(Label()), .labeled(Label(name: "x")), .tiny(Tiny(id: 3))]
        #expect(try writtenTags(values) == ["labeled", "unlabeled", "unlabeled", "labeled", "tiny"])
        #expect(try writtenTags(values.reversed()) == ["tiny", "labeled", "unlabeled", "unlabeled", "labeled"])
    }

    @Test("An indirect case is written with its tag, every time")
    func indirectCase() throws {
        let values: [Event] = [.pinned(Label(name: "a")), .labeled(Label(name: "b")), .pinned(Label(name: "c", color: "d"))]
        #expect(try writtenTags(values + values) == ["pinned", "labeled", "pinned", "pinned", "labeled", "pinned"])
    }

    @Test("A case without a value is an error each time it is written, naming the case")
    func caseWithoutValue() {
        for _ in 0..<2 {
            let error = strataFailure { try JSONAdapter.data(from: [Event.labeled(Label()), .nothing]) }
            #expect(error?.code == .unsupportedValue)
            #expect(error?.pathDescription == "[1]")
        }
    }

    @Test("A case larger than the stack's copy, a tag JSON escapes and a long tag are written first and read back")
    func unusualCases() throws {
        var wide = Wide()
        wide.field0 = 1
        wide.field35 = 36
        let values: [Unusual] = [.wide(wide), .quoted(Tiny(id: 2)), .long(Label(name: "n", color: "c")), .wide(Wide())]
        for _ in 0..<2 {
            let data = try JSONAdapter.data(from: values)
            #expect(try JSONAdapter.models(of: Unusual.self, from: data) == values)
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(#"{"type":"wide","field0":1,"#))
            #expect(text.contains(#"{"type":"say \"hi\"/now","id":2}"#))
            #expect(text.contains(#"{"type":"a-tag-longer-than-thirty-two-bytes-in-all","#))
            let single = try JSONAdapter.data(from: Unusual.wide(wide))
            #expect(try JSONAdapter.model(of: Unusual.self, from: single) == .wide(wide))
        }
    }

    @Test("A case holding its model in an existential is written from the model, and another value there is an error")
    func existentialCases() throws {
        for _ in 0..<2 {
            let data = try JSONAdapter.data(
                from: [Boxed.small(Tiny(id: 7)), .large(Label(name: "n", color: "c")), .small(Tiny(id: 8))],
                formatting: .sortedKeys)
            #expect(
                String(decoding: data, as: UTF8.self)
                    == #"[{"id":7,"kind":"small"},{"color":"c","kind":"large","name":"n"},{"id":8,"kind":"small"}]"#)
            let small = strataFailure { try JSONAdapter.data(from: [Boxed.small(Tiny(id: 1)), .small("text")]) }
            #expect(small?.code == .unsupportedValue)
            let large = strataFailure { try JSONAdapter.data(from: [Boxed.large(Label()), .large(42)]) }
            #expect(large?.code == .unsupportedValue)
        }
    }
}
