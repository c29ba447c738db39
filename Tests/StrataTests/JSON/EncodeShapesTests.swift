import Foundation
import Testing
@testable import Strata

/// The shapes the encode engine writes by its own cases (values read from their
/// fields, arrays and sets of scalars, nested models and arrays of models, enums,
/// dates through their transformers, `nil`) give the same JSON from `data(from:)`,
/// from `dictionary(from:)` written by `JSONSerialization`, and, for the types
/// `JSONEncoder` writes the same way, from `JSONEncoder`.
@Suite("Encode shapes agree across writers")
struct EncodeShapesTests {
    enum Level: String, Codable { case low, high }
    enum Rank: Int, Codable { case first = 1, second }

    struct Leaf: JSONSerializing, Codable, Equatable {
        var name = ""
        var count = 0
        var ratio = 0.5
        var note: String?

        static let propertyKeys: PropertyKeys<Leaf> = ["name": \.name, "count": \.count, "ratio": \.ratio, "note": \.note]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "count": "count", "ratio": "ratio", "note": "note"]
    }

    struct Shapes: JSONSerializing, Codable, Equatable {
        var id = 0
        var title = ""
        var flag = false
        var leaf = Leaf()
        var leaves: [Leaf] = []
        var maybeLeaf: Leaf?
        var names: [String] = []
        var counts: [Int] = []
        var ids: Set<Int> = []
        var level = Level.low
        var maybeLevel: Level?
        var rank = Rank.first
        var link: URL?
        var nothing: String?

        static let propertyKeys: PropertyKeys<Shapes> = [
            "id": \.id, "title": \.title, "flag": \.flag, "leaf": \.leaf, "leaves": \.leaves, "maybeLeaf": \.maybeLeaf,
            "names": \.names, "counts": \.counts, "ids": \.ids, "level": \.level, "maybeLevel": \.maybeLevel,
            "rank": \.rank, "link": \.link, "nothing": \.nothing,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "title": "title", "flag": "flag", "leaf": "leaf", "leaves": "leaves", "maybeLeaf": "maybeLeaf",
            "names": "names", "counts": "counts", "ids": "ids", "level": "level", "maybeLevel": "maybeLevel",
            "rank": "rank", "link": "link", "nothing": "nothing",
        ]
    }

    /// Dates through a compiled format and through seconds since 1970.
    struct Dated: JSONSerializing {
        var created = Date(timeIntervalSince1970: 1_400_000_000)
        var updated: Date? = Date(timeIntervalSince1970: 1_500_000_000.25)
        var removed: Date?

        static let propertyKeys: PropertyKeys<Dated> = ["created": \.created, "updated": \.updated, "removed": \.removed]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["created": "created", "updated": "updated", "removed": "removed"]
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "created" ? .date(format: "EEE MMM dd HH:mm:ss Z yyyy") : .secondsSince1970
        }
    }

    static let shapes = Shapes(
        id: 7, title: "t\"/\u{1}é", flag: true, leaf: Leaf(name: "a", count: 1, ratio: 2.25, note: "n"),
        leaves: [Leaf(name: "b"), Leaf(name: "c", count: -3, ratio: 1e-7, note: nil)], maybeLeaf: nil,
        names: ["x", "y"], counts: [3, 1], ids: [9, 2, 5], level: .high, maybeLevel: .low, rank: .second,
        link: URL(string: "https://example.org/a/b?c=d"), nothing: nil)

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    private static func serialized(_ object: Any) throws -> String {
        try text(JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    @Test(arguments: [false, true])
    func dataDictionaryAndJSONEncoderAgree(omitNulls: Bool) throws {
        let options: JSONAdapter.EncodingOptions = omitNulls ? .omitNulls : .default
        let data = try Self.text(JSONAdapter.data(from: Self.shapes, options: options, formatting: .sortedKeys))
        #expect(data == (try Self.serialized(JSONAdapter.dictionary(from: Self.shapes, options: options))))
        if omitNulls {
            // JSONEncoder leaves nil out, and writes a set in its own order.
            var unordered = Self.shapes
            unordered.ids = [5]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            #expect(
                try Self.text(JSONAdapter.data(from: unordered, options: options, formatting: .sortedKeys))
                    == Self.text(encoder.encode(unordered)))
        } else {
            #expect(data.contains(#""maybeLeaf":null"#) && data.contains(#""nothing":null"#))
            #expect(data.contains(#""note":null"#))
        }
        #expect(data.contains(#""ids":[2,5,9]"#))
        #expect(try JSONAdapter.model(of: Shapes.self, from: Data(data.utf8)) == Self.shapes)
    }

    @Test func datesThroughTheirTransformersAgree() throws {
        for options in [JSONAdapter.EncodingOptions.default, .omitNulls] {
            let data = try Self.text(JSONAdapter.data(from: Dated(), options: options, formatting: .sortedKeys))
            #expect(data == (try Self.serialized(JSONAdapter.dictionary(from: Dated(), options: options))))
            #expect(data.hasPrefix(#"{"created":"Tue May 13 16:53:20 +0000 2014","#))
            #expect(data.contains(#""updated":1500000000.25"#))
            #expect(data.contains(#""removed":null"#) == (options == .default))
        }
    }

    @Test func planOrderAndSortedOrderWriteTheSameMembers() throws {
        let planOrder = try JSONAdapter.data(from: Self.shapes)
        let sorted = try JSONAdapter.data(from: Self.shapes, formatting: .sortedKeys)
        let first = try #require(JSONSerialization.jsonObject(with: planOrder) as? NSDictionary)
        let second = try #require(JSONSerialization.jsonObject(with: sorted) as? NSDictionary)
        #expect(first == second)
    }
}
