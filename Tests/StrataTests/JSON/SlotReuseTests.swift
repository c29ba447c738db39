import Foundation
import Testing
@testable import Strata

/// A flat model with a default for every key, and a validation that can refuse.
struct SlotReuseItem: JSONSerializing, Equatable {
    var id = -1
    var name = "default"
    var note: String?

    static let propertyKeys: PropertyKeys<SlotReuseItem> = ["id": \.id, "name": \.name, "note": \.note]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name", "note": "note"]
}

// The elements of a top-level array are read into one array of slots in turn:
// nothing one element holds may reach the next.
@Suite("Array elements read into the same slots")
struct SlotReuseTests {
    private func fromDataAndArray(_ json: String) throws -> (fromData: [SlotReuseItem], fromArray: [SlotReuseItem]) {
        let data = Data(json.utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        return (
            try JSONAdapter.models(of: SlotReuseItem.self, from: data),
            try JSONAdapter.models(of: SlotReuseItem.self, from: array)
        )
    }

    @Test("An element without a key keeps the default, whatever the one before held")
    func absentKeysKeepDefaults() throws {
        let (fromData, fromArray) = try fromDataAndArray(
            #"[{"id": 1, "name": "a", "note": "n"}, {}, {"note": null}, {"id": 4}, {"name": "e", "id": 5}]"#)
        #expect(fromData == fromArray)
        #expect(fromData[1] == SlotReuseItem())
        #expect(fromData[2] == SlotReuseItem())
        #expect(fromData[3] == SlotReuseItem(id: 4, name: "default", note: nil))
        #expect(fromData[4] == SlotReuseItem(id: 5, name: "e", note: nil))
    }

    @Test("A duplicate key replaces the earlier value in its own element only")
    func duplicateKeys() throws {
        let (fromData, fromArray) = try fromDataAndArray(
            #"[{"id": 1, "id": 2, "note": "x", "note": null}, {"name": "b"}, {"note": "z", "id": 3}]"#)
        #expect(fromData == fromArray)
        #expect(fromData[0] == SlotReuseItem(id: 2, name: "default", note: nil))
        #expect(fromData[1] == SlotReuseItem(id: -1, name: "b", note: nil))
        #expect(fromData[2] == SlotReuseItem(id: 3, name: "default", note: "z"))
    }
}

/// A model holding `SlotReuseItem`s, one alone and some in an array.
struct SlotReuseParent: JSONSerializing, Equatable {
    var title = "untitled"
    var child = SlotReuseItem()
    var children: [SlotReuseItem] = []

    static let propertyKeys: PropertyKeys<SlotReuseParent> = ["title": \.title, "child": \.child, "children": \.children]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "title": "title", "child": "child", "children": "children",
    ]
}

// The slots of each object read from data are kept for the next object of its type,
// across calls and threads: a read must never see what another left.
@Suite("Slots kept for the next read")
struct SpareSlotTests {
    private func item(_ json: String) throws -> SlotReuseItem {
        try JSONAdapter.model(of: SlotReuseItem.self, from: Data(json.utf8))
    }

    @Test("One read after another: keys the second object lacks keep their defaults")
    func consecutiveReads() throws {
        #expect(try item(#"{"id": 1, "name": "a", "note": "n"}"#) == SlotReuseItem(id: 1, name: "a", note: "n"))
        #expect(try item("{}") == SlotReuseItem())
        #expect(try item(#"{"note": "m"}"#) == SlotReuseItem(id: -1, name: "default", note: "m"))
        #expect(try item(#"{"id": 2}"#) == SlotReuseItem(id: 2, name: "default", note: nil))
    }

    @Test("Nested models read in turn keep their own defaults")
    func nestedReads() throws {
        let full = #"{"title": "t", "child": {"id": 1, "name": "a", "note": "n"}, "children": [{"id": 2, "note": "x"}, {"name": "b"}]}"#
        let first = try decodeEqualBothWays(SlotReuseParent.self, full)
        #expect(first.child == SlotReuseItem(id: 1, name: "a", note: "n"))
        #expect(first.children == [SlotReuseItem(id: 2, name: "default", note: "x"), SlotReuseItem(id: -1, name: "b", note: nil)])
        let second = try decodeEqualBothWays(SlotReuseParent.self, #"{"child": {}, "children": [{}, {"id": 3}]}"#)
        #expect(second == SlotReuseParent(children: [SlotReuseItem(), SlotReuseItem(id: 3, name: "default", note: nil)]))
    }

    @Test("A read that fails at its first property leaves nothing of the others for the next one")
    func afterAFailedRead() throws {
        // The engine assigns in plan order: `id` and `title` come first, so the values
        // after them are still in their slots when the read fails. The reads before
        // make sure both types are read into slots (see `readsObjects(_:)`).
        _ = try item("{}")
        _ = try JSONAdapter.model(of: SlotReuseParent.self, from: Data("{}".utf8))
        #expect(throws: StrataError.self) { try item(#"{"id": "x", "name": "a", "note": "n"}"#) }
        #expect(try item("{}") == SlotReuseItem())
        #expect(throws: StrataError.self) {
            try JSONAdapter.model(
                of: SlotReuseParent.self,
                from: Data(#"{"child": {"id": 1, "name": "a"}, "children": [{"id": 2}], "title": 7}"#.utf8))
        }
        #expect(try JSONAdapter.model(of: SlotReuseParent.self, from: Data("{}".utf8)) == SlotReuseParent())
    }

    @Test("Reads from many tasks at once each get their own values")
    func concurrentReads() async throws {
        let results = await withTaskGroup(of: (Int, SlotReuseItem?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let json = index.isMultiple(of: 2) ? #"{"id": \#(index), "note": "n\#(index)"}"# : #"{"name": "\#(index)"}"#
                    return (index, try? JSONAdapter.model(of: SlotReuseItem.self, from: Data(json.utf8)))
                }
            }
            var results: [Int: SlotReuseItem?] = [:]
            for await (index, item) in group { results[index] = item }
            return results
        }
        #expect(results.count == 64)
        for (index, item) in results {
            let expected =
                index.isMultiple(of: 2)
                ? SlotReuseItem(id: index, name: "default", note: "n\(index)")
                : SlotReuseItem(id: -1, name: "\(index)", note: nil)
            #expect(item == expected, "\(index)")
        }
    }
}
