import Foundation
import Testing
@testable import Strata

/// Object keys written from their plan: a key whose JSON text the plan works out
/// once (short, nothing to escape) and a key written as a string (long, or with a
/// character to escape) give the bytes the writer gives for the same key in a
/// dictionary, compact and pretty, at the top level and in nested models.
@Suite("Writing object keys from the plan")
struct MemberKeyWritingTests {
    /// Keys at and around the longest one the plan holds quoted (30 bytes), keys
    /// with each character the writer escapes, and keys of multi-byte characters.
    static let keys = [
        "a",
        String(repeating: "k", count: 29),
        String(repeating: "k", count: 30),
        String(repeating: "k", count: 31),
        String(repeating: "é", count: 15),
        String(repeating: "é", count: 16),
        "with/slash",
        "with\"quote",
        "back\\slash",
        "tab\there",
        "bell\u{7}",
        "naïve 🚀",
    ]

    /// A model with one string property per key of ``keys``, and a nested model and
    /// array of them, so that keys are written both for values read from their
    /// fields and for members the engine writes itself.
    struct Keyed: JSONSerializing, Equatable {
        var v0 = "0", v1 = "1", v2 = "2", v3 = "3", v4 = "4", v5 = "5"
        var v6 = "6", v7 = "7", v8 = "8", v9 = "9", v10 = "10", v11 = "11"
        var child: Leaf? = Leaf()
        var children: [Leaf] = [Leaf(), Leaf()]

        static let propertyKeys: PropertyKeys<Keyed> = [
            "v0": \.v0, "v1": \.v1, "v2": \.v2, "v3": \.v3, "v4": \.v4, "v5": \.v5,
            "v6": \.v6, "v7": \.v7, "v8": \.v8, "v9": \.v9, "v10": \.v10, "v11": \.v11,
            "child": \.child, "children": \.children,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = {
            // `child` at a key written quoted, `children` at one written as a string.
            var paths: [String: JSONKeyPath] = ["child": "child", "children": JSONKeyPath(segments: ["kids/all"])]
            for (index, key) in MemberKeyWritingTests.keys.enumerated() {
                paths["v\(index)"] = JSONKeyPath(segments: [key])
            }
            return paths
        }()
    }

    /// A nested model whose keys are some of ``keys``.
    struct Leaf: JSONSerializing, Equatable {
        var short = 1
        var long = 2
        var escaped = "x"

        static let propertyKeys: PropertyKeys<Leaf> = ["short": \.short, "long": \.long, "escaped": \.escaped]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "short": JSONKeyPath(segments: [MemberKeyWritingTests.keys[2]]),
            "long": JSONKeyPath(segments: [MemberKeyWritingTests.keys[3]]),
            "escaped": JSONKeyPath(segments: [MemberKeyWritingTests.keys[9]]),
        ]
    }

    @Test(arguments: [JSONAdapter.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]])
    func keysAreWrittenAsTheWriterWritesThem(_ formatting: JSONAdapter.OutputFormatting) throws {
        let model = Keyed()
        let written = try JSONAdapter.data(from: model, formatting: formatting)
        var options: JSONWriter.Options = [.sortedKeys, .withoutEscapingSlashes]
        if formatting.contains(.prettyPrinted) { options.insert(.prettyPrinted) }
        let expected = try JSONWriter.data(withJSONObject: JSONAdapter.dictionary(from: model), options: options)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONAdapter.model(of: Keyed.self, from: written) == model)
    }

    @Test func keysInPlanOrderReadBackAsTheModel() throws {
        let written = try JSONAdapter.data(from: Keyed())
        let object = try #require(JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(Set(object.keys) == Set(Self.keys + ["child", "kids/all"]))
        #expect((object["kids/all"] as? [Any])?.count == 2)
        #expect(try JSONAdapter.model(of: Keyed.self, from: written) == Keyed())
    }

    @Test func aKeyIsQuotedOnlyWhenItFitsAndNeedsNoEscape() {
        #expect(QuotedKey(String(repeating: "k", count: 30))?.count == 32)
        #expect(QuotedKey(String(repeating: "k", count: 31)) == nil)
        #expect(QuotedKey("")?.count == 2)
        for key in ["with/slash", "with\"quote", "back\\slash", "tab\there", "bell\u{7}"] {
            #expect(QuotedKey(key) == nil, "\(key.debugDescription)")
        }
        #expect(QuotedKey("naïve 🚀")?.count == "naïve 🚀".utf8.count + 2)
    }
}
