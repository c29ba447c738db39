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

// The elements of a top-level array are read into one array of slots in turn (issue
// #14): nothing one element holds may reach the next.
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
