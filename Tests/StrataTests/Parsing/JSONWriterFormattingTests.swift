import Foundation
import Testing
@testable import Strata

/// The exact text `JSONWriter` produces.
@Suite("JSONWriter formatting")
struct JSONWriterFormattingTests {
    static func text(_ value: Any, _ options: JSONWriter.Options = []) throws -> String {
        String(decoding: try JSONWriter.data(withJSONObject: value, options: options), as: UTF8.self)
    }

    static var nested: [String: Any] { [
        "b": 1,
        "a": ["d": true, "c": NSNull(), "e": [1, "two", false]] as [String: Any],
        "é": -2,
        "aa": ["/"],
    ] }

    /// Keys sort by Swift `String` comparison (code points), so "A" comes before "a";
    /// JSONSerialization on Linux sorts case-insensitively instead.
    @Test func sortedKeys() throws {
        var object = Self.nested
        object["A"] = "x"
        #expect(try Self.text(object, .sortedKeys)
            == #"{"A":"x","a":{"c":null,"d":true,"e":[1,"two",false]},"aa":["\/"],"b":1,"é":-2}"#)
    }

    @Test func sortedKeysMatchesJSONSerializationForLowercaseKeys() throws {
        let reference = try JSONSerialization.data(withJSONObject: Self.nested, options: .sortedKeys)
        #expect(try JSONWriter.data(withJSONObject: Self.nested, options: .sortedKeys) == reference)
    }

    @Test func prettyPrinted() throws {
        #expect(try Self.text(Self.nested, [.prettyPrinted, .sortedKeys]) == """
            {
              "a" : {
                "c" : null,
                "d" : true,
                "e" : [
                  1,
                  "two",
                  false
                ]
              },
              "aa" : [
                "\\/"
              ],
              "b" : 1,
              "é" : -2
            }
            """)
    }

    @Test func prettyPrintedMatchesJSONSerializationForNonEmptyContainers() throws {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys]
        let reference = try JSONSerialization.data(withJSONObject: Self.nested, options: options)
        #expect(try JSONWriter.data(withJSONObject: Self.nested, options: [.prettyPrinted, .sortedKeys]) == reference)
    }

    /// Unlike JSONSerialization on Linux (which writes "[\n\n]"), empty containers stay on one line.
    @Test func prettyPrintedEmptyContainers() throws {
        #expect(try Self.text(["a": [Any](), "b": [String: Any]()], [.prettyPrinted, .sortedKeys]) == """
            {
              "a" : [],
              "b" : {}
            }
            """)
        #expect(try Self.text([Any](), .prettyPrinted) == "[]")
    }

    @Test func booleansAreWrittenAsLiterals() throws {
        let values: [Any] = [true, false, NSNumber(value: true), NSNumber(value: false), ["k": NSNumber(value: true)]]
        #expect(try Self.text(values) == #"[true,false,true,false,{"k":true}]"#)
        let fromJSONSerialization = try JSONSerialization.jsonObject(with: Data("[true,false]".utf8))
        #expect(try Self.text(fromJSONSerialization) == "[true,false]")
    }

    @Test func smallIntegerNumbersAreWrittenAsNumbers() throws {
        let values: [Any] = [
            NSNumber(value: Int8(1)), NSNumber(value: Int8(0)), NSNumber(value: Int8(-5)), NSNumber(value: UInt8(200)),
            NSNumber(value: 1), Int8(-5), UInt8(255), Int16(-300), UInt16(65535), Int32(-7), UInt32(7), Int64(-8), UInt(9),
        ]
        #expect(try Self.text(values) == "[1,0,-5,200,1,-5,255,-300,65535,-7,7,-8,9]")
    }

    @Test func numbers() throws {
        let values: [Any] = [
            Int.min, Int.max, UInt64.max, NSNumber(value: UInt64.max), NSNumber(value: Int64.min),
            NSDecimalNumber(string: "123456789012345678901234567890"), Decimal(string: "-1.5") ?? Decimal.nan,
            0.1, 1e-7, -0.0, 100.0, Double.leastNonzeroMagnitude, 1.7976931348623157e308, NSNumber(value: 2.5),
            Float(0.1), NSNumber(value: Float(0.5)),
        ]
        #expect(try Self.text(values) == "[-9223372036854775808,9223372036854775807,18446744073709551615,"
            + "18446744073709551615,-9223372036854775808,123456789012345678901234567890,-1.5,"
            + "0.1,1e-07,-0.0,100.0,5e-324,1.7976931348623157e+308,2.5,0.1,0.5]")
    }

    @Test func stringEscapes() throws {
        let string = "\"\\/\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é😀"
        #expect(try Self.text([string]) == #"["\"\\\/\n\r\t\b\f\u0000\u001f"# + "\u{7F}é😀\"]")
    }

    static let escapedCharacters: [(String, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("/", #"\/"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#), ("é", "é"), ("😀", "😀"),
    ]

    /// The writer scans eight bytes at a time; a character needing an escape must be found at every offset.
    @Test("Escapes are found at every offset", arguments: escapedCharacters, 0..<18)
    func escapeAtEveryOffset(_ character: (raw: String, escaped: String), offset: Int) throws {
        let prefix = String(repeating: "a", count: offset)
        #expect(try Self.text([prefix + character.raw + "bcdefghijk"]) == "[\"" + prefix + character.escaped + "bcdefghijk\"]")
    }

    @Test func withoutEscapingSlashes() throws {
        #expect(try Self.text(["a/b": "https://example.com/x"]) == #"{"a\/b":"https:\/\/example.com\/x"}"#)
        #expect(try Self.text(["a/b": "https://example.com/x"], .withoutEscapingSlashes)
            == #"{"a/b":"https://example.com/x"}"#)
    }

    @Test func topLevelScalars() throws {
        #expect(try Self.text("x") == #""x""#)
        #expect(try Self.text(1) == "1")
        #expect(try Self.text(NSNull()) == "null")
        #expect(try Self.text(false) == "false")
    }

    @Test func optionalsAndTypedContainers() throws {
        let none: Int? = nil
        let some: Int? = 3
        #expect(try Self.text([none as Any, some as Any]) == "[null,3]")
        #expect(try Self.text(["a": [1, 2]] as [String: [Int]]) == #"{"a":[1,2]}"#)
        #expect(try Self.text(NSArray(array: ["x", NSNumber(value: 1)])) == #"["x",1]"#)
        #expect(try Self.text(NSDictionary(dictionary: ["k": "v"])) == #"{"k":"v"}"#)
        #expect(try Self.text(NSString(string: "ns")) == #""ns""#)
    }
}
