import Foundation
import Testing
@testable import Strata

/// Arrays and sets of `String`, `Int` and `Bool` are written by the encode engine
/// straight from the typed value (`ScalarArray`); these check that both sinks
/// write what the default transformer gives, which the same values take when
/// their elements are optional (`[String?]` is not a `ScalarArray`).
@Suite("Arrays of scalars → JSON")
struct ScalarArrayEncodingTests {
    /// Exact arrays and sets: the engine's `ScalarArray` case.
    struct Exact: JSONSerializing, Equatable {
        var names: [String] = []
        var counts: [Int] = []
        var flags: [Bool] = []
        var maybeNames: [String]?
        var tags: Set<String> = []
        var ids: Set<Int> = []

        static let propertyKeys: PropertyKeys<Exact> = [
            "names": \.names, "counts": \.counts, "flags": \.flags, "maybeNames": \.maybeNames, "tags": \.tags,
            "ids": \.ids,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "names": "names", "counts": "counts", "flags": "flags", "maybeNames": "maybe_names", "tags": "tags",
            "ids": "ids",
        ]
    }

    /// The same arrays with optional elements: the default transformer's own path.
    struct General: JSONSerializing {
        var names: [String?] = []
        var counts: [Int?] = []
        var flags: [Bool?] = []
        var maybeNames: [String?]?

        static let propertyKeys: PropertyKeys<General> = [
            "names": \.names, "counts": \.counts, "flags": \.flags, "maybeNames": \.maybeNames,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "names": "names", "counts": "counts", "flags": "flags", "maybeNames": "maybe_names",
        ]
    }

    /// An array held as `Any`: no default transformer, written as it is.
    struct Untyped: JSONSerializing {
        var values: Any = [1, 2]

        static let propertyKeys: PropertyKeys<Untyped> = ["values": \.values]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["values": "values"]
    }

    static let exact = Exact(
        names: ["ada", "b\"q\\/\n", "é✓", ""], counts: [0, -1, Int.max, Int.min, 42], flags: [true, false],
        maybeNames: ["x"], tags: ["pear", "apple", "fig"], ids: [30, 1, 200])
    static let general = General(
        names: ["ada", "b\"q\\/\n", "é✓", ""], counts: [0, -1, Int.max, Int.min, 42], flags: [true, false],
        maybeNames: ["x"])

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func bothSinksWriteWhatTheDefaultTransformerWrites() throws {
        let sorted = try Self.text(JSONAdapter.data(from: Self.exact, formatting: .sortedKeys))
        let expected =
            #"{"counts":[0,-1,9223372036854775807,-9223372036854775808,42],"flags":[true,false],"ids":[1,30,200],"#
            + #""maybe_names":["x"],"names":["ada","b\"q\\/\n","é✓",""],"tags":["apple","fig","pear"]}"#
        #expect(sorted == expected)
        // The general path, for the arrays that have one.
        let general = try Self.text(JSONAdapter.data(from: Self.general, formatting: .sortedKeys))
        #expect(general == #"{"counts":[0,-1,9223372036854775807,-9223372036854775808,42],"flags":[true,false],"#
            + #""maybe_names":["x"],"names":["ada","b\"q\\/\n","é✓",""]}"#)
        for options in [JSONAdapter.EncodingOptions.default, .omitNulls] {
            let exactJSON = try JSONAdapter.dictionary(from: Self.exact, options: options)
            let generalJSON = try JSONAdapter.dictionary(from: Self.general, options: options)
            for key in ["names", "counts", "flags", "maybe_names"] {
                // The same `[Any]`, element for element.
                let written = try #require(exactJSON[key] as? [Any])
                let reference = try #require(generalJSON[key] as? [Any])
                #expect(type(of: exactJSON[key] ?? 0) == [Any].self)
                #expect(String(reflecting: written) == String(reflecting: reference))
            }
            #expect(type(of: exactJSON["tags"] ?? 0) == [Any].self)
            #expect(exactJSON["tags"] as? [String] == ["apple", "fig", "pear"])
            #expect(exactJSON["ids"] as? [Int] == [1, 30, 200])
            // The dictionary, written by the standard writer, is the data written.
            let serialized = try JSONSerialization.data(withJSONObject: exactJSON, options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(try Self.text(serialized) == Self.text(JSONAdapter.data(from: Self.exact, options: options, formatting: .sortedKeys)))
        }
    }

    @Test func nilAndEmptyArraysAndPrettyPrinting() throws {
        let empty = Exact()
        #expect(
            try Self.text(JSONAdapter.data(from: empty, formatting: .sortedKeys))
                == #"{"counts":[],"flags":[],"ids":[],"maybe_names":null,"names":[],"tags":[]}"#)
        #expect(
            try Self.text(JSONAdapter.data(from: empty, options: .omitNulls, formatting: .sortedKeys))
                == #"{"counts":[],"flags":[],"ids":[],"names":[],"tags":[]}"#)
        #expect(try JSONAdapter.dictionary(from: empty)["maybe_names"] is NSNull)
        #expect(try JSONAdapter.dictionary(from: empty, options: .omitNulls)["maybe_names"] == nil)
        let pretty = try Self.text(JSONAdapter.data(from: Self.exact, formatting: [.sortedKeys, .prettyPrinted]))
        let generalPretty = try Self.text(JSONAdapter.data(from: Self.general, formatting: [.sortedKeys, .prettyPrinted]))
        #expect(pretty.contains("\"counts\" : [\n    0,\n    -1,"))
        #expect(generalPretty.contains("\"counts\" : [\n    0,\n    -1,"))
        #expect(try JSONAdapter.model(of: Exact.self, from: Data(pretty.utf8)) == Self.exact)
    }

    @Test func anArrayWithoutADefaultTransformerIsWrittenAsItIs() throws {
        let json = try JSONAdapter.dictionary(from: Untyped())
        #expect(type(of: json["values"] ?? 0) == [Int].self)
        #expect(try Self.text(JSONAdapter.data(from: Untyped())) == #"{"values":[1,2]}"#)
    }

    @Test func aDepthLimitStopsTheArrayAsItStopsAnyOther() throws {
        // Depth 0 for the array's own `[` at the writer's limit of 1: the same error
        // text from the typed array as from the general one.
        var exactSink = EmitterSink(options: [], maximumDepth: 1)
        var generalSink = EmitterSink(options: [], maximumDepth: 1)
        let exactError = #expect(throws: StrataError.self) {
            try JSONAdapter.writing(with: .default, sortsKeys: false) { try JSONAdapter.encode(Self.exact, into: &exactSink) }
        }
        let generalError = #expect(throws: StrataError.self) {
            try JSONAdapter.writing(with: .default, sortsKeys: false) { try JSONAdapter.encode(Self.general, into: &generalSink) }
        }
        #expect(exactError?.description == generalError?.description)
    }

    @Test func aLongDocumentGrowsTheEmittersBufferAndMatchesTheDictionary() throws {
        // Far past the emitter's first 512 bytes, in runs longer and shorter than it.
        var model = Exact()
        model.names = (0..<300).map { String(repeating: "é\"\\x", count: $0 % 170) }
        model.counts = (0..<2000).map { $0 &* 7_919 &- 1_000_000 }
        model.flags = (0..<500).map { $0 % 3 == 0 }
        let data = try JSONAdapter.data(from: model, formatting: .sortedKeys)
        let dictionary = try JSONAdapter.dictionary(from: model)
        let serialized = try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(data.count > 20_000)
        #expect(Self.text(data) == Self.text(serialized))
        #expect(try JSONAdapter.model(of: Exact.self, from: data) == model)
        #expect(try JSONWriter.bytes(withJSONObject: dictionary, options: [.sortedKeys, .withoutEscapingSlashes]) == [UInt8](data))
    }
}
