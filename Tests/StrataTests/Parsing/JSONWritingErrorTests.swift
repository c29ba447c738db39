import Foundation
import Testing
@testable import Strata

/// What `JSONWriter` throws for values JSON cannot represent: the type, the path, a sentence.
@Suite("JSONWriter errors")
struct JSONWritingErrorTests {
    struct Point {
        var x = 0
    }

    static func message(_ value: Any) -> String? {
        do {
            _ = try JSONWriter.data(withJSONObject: value)
            return nil
        } catch {
            return (error as? JSONWritingError)?.description
        }
    }

    static let nonFinite: [(String, any Sendable)] = [
        ("NaN", Double.nan),
        ("infinity", Double.infinity),
        ("-infinity", -Double.infinity),
        ("NaN", Float.nan),
        ("infinity", Float.infinity),
        ("NaN", NSNumber(value: Double.nan)),
        ("-infinity", NSNumber(value: -Float.infinity)),
        ("NaN", Decimal.nan),
    ]

    @Test("NaN and infinity throw", arguments: nonFinite)
    func nonFiniteNumbers(_ example: (name: String, value: any Sendable)) {
        #expect(Self.message(["stats": ["ratio": example.value]])
            == "Cannot write the number \(example.name) at \"stats.ratio\"; JSON has no NaN or infinity, so write null or a string instead.")
    }

    @Test func unsupportedTypesNameTheTypeAndPath() {
        let supported = "JSON supports only strings, numbers, booleans, NSNull, arrays and dictionaries with String keys, so convert it first."
        #expect(Self.message(["user": ["tags": ["a", "b", Date(timeIntervalSince1970: 0)]]])
            == "Cannot write a value of type Date at \"user.tags[2]\"; \(supported)")
        #expect(Self.message([["points": [Point()]]]) == "Cannot write a value of type Point at \"[0].points[0]\"; \(supported)")
        #expect(Self.message(URL(fileURLWithPath: "/tmp")) == "Cannot write a value of type URL at the top level; \(supported)")
        #expect(Self.message(["data": Data([1])]) == "Cannot write a value of type Data at \"data\"; \(supported)")
    }

    @Test func nonStringKeysThrow() {
        #expect(Self.message(["user": ["ids": [1: "a"]]])
            == "Cannot write a dictionary key of type Int at \"user.ids\"; JSON object keys must be strings.")
        #expect(Self.message(NSDictionary(dictionary: [NSNumber(value: 2): "b"]))
            == "Cannot write a dictionary key of type NSNumber at the top level; JSON object keys must be strings.")
    }

    @Test func errorCarriesKindAndPath() throws {
        let error = try #require(throws: JSONWritingError.self) {
            try JSONWriter.data(withJSONObject: ["a": [1, Point()]])
        }
        #expect(error.kind == .unsupportedType("Point"))
        #expect(error.path == [.key("a"), .index(1)])
        #expect(error.pathDescription == "a[1]")
        #expect(!JSONWriter.isValidJSONObject(["a": [1, Point()]]))
        #expect(JSONWriter.isValidJSONObject(["a": [1, "b"]]))
    }

    @Test func nestingBeyondTheLimitThrows() throws {
        var value: Any = 1
        for _ in 0..<(JSONEmitter.defaultMaximumDepth + 1) { value = [value] }
        let error = try #require(throws: JSONWritingError.self) { try JSONWriter.data(withJSONObject: value) }
        #expect(error.kind == .maximumDepthExceeded(JSONEmitter.defaultMaximumDepth))
        #expect(error.path == Array(repeating: .index(0), count: JSONEmitter.defaultMaximumDepth))

        var deepest: Any = 1
        for _ in 0..<JSONEmitter.defaultMaximumDepth { deepest = ["k": deepest] }
        #expect(throws: Never.self) { try JSONWriter.data(withJSONObject: deepest) }
    }
}
