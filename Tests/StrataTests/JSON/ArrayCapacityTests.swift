import Foundation
import Testing
@testable import Strata

/// A small model for arrays of many elements.
struct CapacityItem: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<CapacityItem> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name"]
}

// A top-level array read from data is sized from its first elements: one
// allocation rather than a doubling per power of two. Only the capacity may depend
// on the estimate; the models never do.
@Suite("Arrays of models sized from their first elements")
struct ArrayCapacityTests {
    private func document(_ elements: [String]) -> Data {
        Data(("[" + elements.joined(separator: ",") + "]").utf8)
    }

    private func fromDictionary(_ data: Data) throws -> [CapacityItem] {
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        return try JSONAdapter.models(of: CapacityItem.self, from: array)
    }

    @Test("Elements alike: the array holds about as many as it needs, not the next power of two")
    func uniformElements() throws {
        let data = document((0..<257).map { #"{"id": \#(1000 + $0), "name": "item"}"# })
        let models = try JSONAdapter.models(of: CapacityItem.self, from: data)
        #expect(models == (try fromDictionary(data)))
        #expect(models.count == 257)
        #expect(models.capacity < 257 + 257 / 4, "capacity \(models.capacity)")
    }

    @Test("Short first elements: the array is trimmed to what appending would have left")
    func shortFirstElements() throws {
        let long = String(repeating: "x", count: 500)
        let data = document(Array(repeating: #"{}"#, count: 8) + (0..<40).map { #"{"id": \#($0), "name": "\#(long)"}"# })
        let models = try JSONAdapter.models(of: CapacityItem.self, from: data)
        #expect(models == (try fromDictionary(data)))
        #expect(models.count == 48)
        #expect(models.capacity <= 2 * models.count + 16, "capacity \(models.capacity)")
    }

    @Test("Long first elements: the array grows past the estimate")
    func longFirstElement() throws {
        let data = document(
            (0..<8).map { #"{"id": \#($0), "name": "\#(String(repeating: "y", count: 2_000))", "skipped": [1, 2]}"# }
                + (8..<300).map { #"{"id": \#($0)}"# })
        let models = try JSONAdapter.models(of: CapacityItem.self, from: data)
        #expect(models == (try fromDictionary(data)))
        #expect(models.count == 300)
        #expect(models.last?.id == 299)
    }
}
