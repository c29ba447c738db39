import Testing
@testable import Strata

@Suite("JSONKeyPath")
struct JSONKeyPathTests {
    @Test func stringLiteralIsOneDottedPath() {
        let path: JSONKeyPath = "meta.created_at"
        #expect(path.dottedPaths == ["meta.created_at"])
        #expect(path.paths[0].segments == ["meta", "created_at"])
        #expect(!path.isMultiple)
        #expect(path.description == "meta.created_at")
    }

    @Test func arrayLiteralIsTheMultiplePathForm() {
        let path: JSONKeyPath = ["geo.lat", "geo.lng"]
        #expect(path.dottedPaths == ["geo.lat", "geo.lng"])
        #expect(path.isMultiple)
        #expect(path.description == "[\"geo.lat\", \"geo.lng\"]")
    }

    @Test func segmentsInitKeepsADotInsideAKey() {
        let path = JSONKeyPath(segments: ["a.b", "c"])
        #expect(path.paths[0].segments == ["a.b", "c"])
    }

    @Test func isHashable() {
        let single: JSONKeyPath = "a.b"
        let multiple: JSONKeyPath = ["a.b"]
        #expect(single == JSONKeyPath("a.b"))
        #expect(single != multiple)
        #expect(Set<JSONKeyPath>(["a", "a", "b", ["a"]]).count == 3)
    }

    @Test func firstPresentListsItsAlternatives() {
        let path = JSONKeyPath.firstPresent("id", "ID", "book.id")
        #expect(path.dottedPaths == ["id", "ID", "book.id"])
        #expect(!path.isMultiple)
        #expect(path.description == "id|ID|book.id")
        #expect(path != ["id", "ID", "book.id"])
        #expect(path != JSONKeyPath("id"))
    }

    @Test(arguments: [
        ("items.0.name", [nil, 0, nil] as [Int?]),
        ("items.12", [nil, 12]),
        ("items.07", [nil, nil]),
        ("items.-1", [nil, nil]),
        ("items.1a", [nil, nil]),
        ("items.١", [nil, nil]),
        ("0.name", [nil, nil]),
        ("a.99999999999999999999999", [nil, nil]),
    ])
    func aSegmentAfterTheFirstOfDigitsIsAnIndex(_ text: String, _ indices: [Int?]) {
        #expect(JSONKeyPath(text).paths[0].indices == indices, "\(text)")
    }

    @Test func segmentsAreAlwaysKeys() {
        #expect(JSONKeyPath(segments: ["items", "0"]).paths[0].indices == [nil, nil])
    }

    @Test func theAlternativesOfOneKeyMayOverlapEachOtherButNotOtherKeys() throws {
        #expect(MappingPlan<FallbackOverlap>.shared.problem == nil)
        let error = try #require(MappingPlan<FallbackClash>.shared.problem)
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'id' (book.id) and 'book' (book) overlap"))
        #expect(MappingPlan<IndexNeighbours>.shared.problem == nil)
        let indexError = try #require(MappingPlan<IndexClash>.shared.problem)
        #expect(indexError.reason.contains("'a' (items.0) and 'b' (items.0.name) overlap"))
    }
}

private struct FallbackOverlap: JSONSerializing {
    var id = 0
    static let propertyKeys: PropertyKeys<FallbackOverlap> = ["id": \.id]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": .firstPresent("book", "book.id")]
}

private struct FallbackClash: JSONSerializing {
    var id = 0
    var book = ""
    static let propertyKeys: PropertyKeys<FallbackClash> = ["id": \.id, "book": \.book]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": .firstPresent("id", "book.id"), "book": "book"]
}

private struct IndexNeighbours: JSONSerializing {
    var a = ""
    var b = ""
    static let propertyKeys: PropertyKeys<IndexNeighbours> = ["a": \.a, "b": \.b]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["a": "items.0", "b": "items.1.name"]
}

private struct IndexClash: JSONSerializing {
    var a = ""
    var b = ""
    static let propertyKeys: PropertyKeys<IndexClash> = ["a": \.a, "b": \.b]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["a": "items.0", "b": "items.0.name"]
}
