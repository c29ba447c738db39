import Foundation
import Testing
@testable import Strata

/// A flat model whose members can each be left out: `nil` with `omitsNulls`, or
/// dropped by `serializablePropertyKeys(_:)` through `hidden`.
struct TemplateItem: JSONSerializing, Equatable {
    var id = 0
    var name: String?
    var tags: [String] = []
    var inner: TemplateInner?
    var hidden: Set<String> = []

    static let propertyKeys: PropertyKeys<TemplateItem> = [
        "id": \.id, "name": \.name, "tags": \.tags, "inner": \.inner, "hidden": \.hidden,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "display_name", "tags": "tags", "inner": "inner",
    ]

    func serializablePropertyKeys(_ keys: Set<String>) -> Set<String> {
        keys.subtracting(hidden)
    }
}

struct TemplateInner: JSONSerializing, Equatable {
    var value = 0
    var note: String?

    static let propertyKeys: PropertyKeys<TemplateInner> = ["value": \.value, "note": \.note]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value", "note": "note"]
}

// A flat model's `[String: Any]` starts from its plan's template and each member is
// written through the template's index of its key: the dictionaries must
// be exactly those built key by key, and no write may reach the template or another
// object.
@Suite("Objects written from the plan's template")
struct ObjectTemplateTests {
    private let full = TemplateItem(id: 7, name: "seven", tags: ["a", "b"], inner: TemplateInner(value: 1, note: "n"))

    /// `object` as sorted JSON text, to compare dictionaries of `Any`.
    private func text(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("Every member written: the keys and values of the model, nested objects too")
    func everyMember() throws {
        let object = try JSONAdapter.dictionary(from: full)
        #expect(object.count == 4)
        #expect(object["id"] as? Int == 7)
        #expect(object["display_name"] as? String == "seven")
        #expect(object["tags"] as? [String] == ["a", "b"])
        let inner = try #require(object["inner"] as? [String: Any])
        #expect(inner.count == 2 && inner["value"] as? Int == 1 && inner["note"] as? String == "n")
        #expect(try JSONAdapter.model(of: TemplateItem.self, from: object) == full)
    }

    @Test("nil members are null by default and left out with omitsNulls")
    func nilMembers() throws {
        let empty = TemplateItem(id: 1, inner: TemplateInner())
        let written = try JSONAdapter.dictionary(from: empty)
        #expect(written["display_name"] is NSNull)
        #expect((written["inner"] as? [String: Any])?["note"] is NSNull)
        let omitted = try JSONAdapter.dictionary(from: empty, options: .omitNulls)
        #expect(try text(omitted) == #"{"id":1,"inner":{"value":0},"tags":[]}"#)
    }

    @Test("Keys serializablePropertyKeys drops are left out, down to an empty object")
    func droppedKeys() throws {
        var item = full
        item.hidden = ["name", "inner"]
        #expect(try text(JSONAdapter.dictionary(from: item)) == #"{"id":7,"tags":["a","b"]}"#)
        item.hidden = ["id", "name", "tags", "inner"]
        #expect(try JSONAdapter.dictionary(from: item).isEmpty)
    }

    @Test("Objects written one after another share nothing: each holds its own values")
    func objectsAreIndependent() throws {
        let first = try JSONAdapter.dictionary(from: full)
        var other = full
        other.id = 8
        other.name = nil
        other.hidden = ["tags"]
        let second = try JSONAdapter.dictionary(from: other, options: .omitNulls)
        let third = try JSONAdapter.dictionary(from: full)
        #expect(try text(first) == text(third))
        #expect(try text(second) == #"{"id":8,"inner":{"note":"n","value":1}}"#)
        // The plan's template itself still holds no written value.
        let template = try #require(MappingPlan<TemplateItem>.shared.objectTemplate)
        #expect(template.object.count == 4)
        #expect(template.object.values.allSatisfy { !($0 is Int || $0 is String || $0 is NSNull) })
    }

    @Test("An array of models: each element its own object")
    func arrayOfModels() throws {
        let items = (0..<5).map { TemplateItem(id: $0, name: $0.isMultiple(of: 2) ? "\($0)" : nil) }
        let objects = try JSONAdapter.dictionaries(from: items, options: .omitNulls)
        #expect(objects.map { $0["id"] as? Int } == [0, 1, 2, 3, 4])
        #expect(objects.map { $0["display_name"] as? String } == ["0", nil, "2", nil, "4"])
        #expect(objects.map(\.count) == [3, 2, 3, 2, 3])
    }

    @Test("The dictionary is the one JSONSerialization reads from the written data")
    func matchesWrittenData() throws {
        for options in [JSONAdapter.EncodingOptions.default, .omitNulls] {
            for item in [full, TemplateItem(), TemplateItem(id: 3, hidden: ["tags"])] {
                let data = try JSONAdapter.data(from: item, options: options, formatting: .sortedKeys)
                #expect(try text(JSONAdapter.dictionary(from: item, options: options)) == String(decoding: data, as: UTF8.self))
            }
        }
    }

    @Test("Many writers at once, each object holding its own model's values")
    func concurrentWrites() async throws {
        let items = (0..<64).map { TemplateItem(id: $0, name: "\($0)", tags: ["\($0)"]) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var mismatches = 0
                    for _ in 0..<50 {
                        for object in try JSONAdapter.dictionaries(from: items) {
                            let name = (object["id"] as? Int).map(String.init)
                            let matches = name != nil && object["display_name"] as? String == name
                                && object["tags"] as? [String] == name.map({ [$0] })
                            if !matches { mismatches += 1 }
                        }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
