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
}
