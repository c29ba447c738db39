import Foundation
import Testing
import StrataTestSupport
@testable import Strata

/// What `JSONReader` builds for each kind of JSON value, in both output shapes.
@Suite("JSONReader value shapes")
struct JSONReaderShapeTests {
    static let scalars: [(String, JSONShape)] = [
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("1", .signed(1)),
        ("0", .signed(0)),
        ("-0", .signed(0)),
        ("-42", .signed(-42)),
        ("9223372036854775807", .signed(Int64.max)),
        ("-9223372036854775808", .signed(Int64.min)),
        ("9223372036854775808", .unsigned(9_223_372_036_854_775_808)),
        ("12345678901234567890", .unsigned(12_345_678_901_234_567_890)),
        ("18446744073709551615", .unsigned(UInt64.max)),
        ("123456789012345678901234567890", .decimal(Decimal(string: "123456789012345678901234567890") ?? .nan)),
        ("-18446744073709551616", .decimal(Decimal(string: "-18446744073709551616") ?? .nan)),
        ("1.0", .double(1.0)),
        ("1E2", .double(100)),
        ("0.1", .double(0.1)),
        ("1e-7", .double(1e-7)),
        ("5e-324", .double(Double.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", .double(1.7976931348623157e308)),
        ("-0.0", .double(-0.0)),
        ("2.2250738585072014e-308", .double(2.2250738585072014e-308)),
        ("-0.000000000000000000000000000000000000000000000000000000000000000000000000000001", .double(-1e-78)),
        ("null", .null),
        (#""plain""#, .string("plain")),
        (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
        (#""\u00e9\u0000\u001F""#, .string("é\u{0}\u{1F}")),
        (#""\ud83d\ude00""#, .string("😀")),
        (#""caf\u00E9 \uD83D\uDE00 ok""#, .string("café 😀 ok")),
        ("\"é😀\"", .string("é😀")),
        (#""a longer ASCII string that crosses several eight-byte words""#,
         .string("a longer ASCII string that crosses several eight-byte words")),
    ]

    @Test("Scalars keep their kind", arguments: ReaderOutput.allCases, scalars)
    func scalar(_ output: ReaderOutput, _ example: (document: String, expected: JSONShape)) throws {
        #expect(try output.shape(of: example.document) == example.expected)
    }

    /// Fractions with more than 15 significant digits, more than a Double keeps: the
    /// Foundation shape has the nearest Double (as JSONSerialization), the native shape
    /// a Decimal with every digit, so a Decimal property receives them exactly.
    @Test(arguments: [
        ("0.30000000000000004", 0.30000000000000004),
        ("123456789012345678901234567890.5", 123456789012345678901234567890.5),
    ])
    func longFractionsKeepTheirDigitsInTheNativeShape(_ document: String, nearest: Double) throws {
        #expect(try ReaderOutput.foundation.shape(of: document) == .double(nearest))
        #expect(try ReaderOutput.native.shape(of: document) == .decimal(Decimal(string: document) ?? .nan))
    }

    @Test func foundationBooleansAreTheBooleanNumberClassAndIntegersAreNot() throws {
        let values = try #require(try JSONReader.jsonObject(with: Data("[true, 1, false, 0]".utf8)) as? [Any])
        let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
        let classes = values.map { ObjectIdentifier(type(of: $0)) }
        #expect(classes.map { $0 == booleanClass } == [true, false, true, false])
        let unsigned = try #require(try JSONReader.jsonObject(with: Data("12345678901234567890".utf8)) as? NSNumber)
        #expect(String(cString: unsigned.objCType) == "Q")
        #expect(unsigned.uint64Value == 12_345_678_901_234_567_890)
        let big = try JSONReader.jsonObject(with: Data("123456789012345678901234567890".utf8))
        #expect(type(of: big) == NSDecimalNumber.self)
    }

    @Test func nativeBooleansAreBoolAndIntegersAreInt() throws {
        let values = try #require(try JSONReader.nativeObject(with: Data("[true, 1, 1.5]".utf8)) as? [Any])
        #expect(values.count == 3)
        #expect(values.map { "\(type(of: $0))" } == ["Bool", "Int", "Double"])
    }

    /// The scanner reads eight bytes at a time; a quote, escape or non-ASCII byte must be found at every offset.
    @Test("Special characters are found at every offset", arguments: ReaderOutput.allCases, 0..<18)
    func specialCharacterAtEveryOffset(_ output: ReaderOutput, offset: Int) throws {
        let prefix = String(repeating: "a", count: offset)
        for (escaped, raw) in [(#"\""#, "\""), (#"\n"#, "\n"), ("é", "é"), ("😀", "😀"), ("", "")] {
            let document = "[\"" + prefix + escaped + "bcdefghijk\", \"" + prefix + escaped + "\"]"
            #expect(try output.shape(of: document) == .array([.string(prefix + raw + "bcdefghijk"), .string(prefix + raw)]))
        }
    }

    @Test("Containers nest", arguments: ReaderOutput.allCases)
    func containers(_ output: ReaderOutput) throws {
        let document = #" { "a" : [ 1 , { "b" : null } , [ ] , { } ] , "c" : "d" } "#
        #expect(try output.shape(of: document) == .object([
            "a": .array([.signed(1), .object(["b": .null]), .array([]), .object([:])]),
            "c": .string("d"),
        ]))
    }

    @Test("Duplicate keys: the last one wins", arguments: ReaderOutput.allCases)
    func duplicateKeys(_ output: ReaderOutput) throws {
        #expect(try output.shape(of: #"{"a": 1, "b": 2, "a": [3]}"#) == .object(["a": .array([.signed(3)]), "b": .signed(2)]))
    }

    static let invalidUTF8: [[UInt8]] = [
        [0x22, 0xFF, 0x22],  // never valid
        [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
        [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
        [0x22, 0x80, 0x22],  // lone continuation byte
        [0x5B, 0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xE9, 0x22, 0x5D],  // Latin-1 after a fast-path word
    ]

    @Test("Invalid UTF-8 in strings is rejected", arguments: ReaderOutput.allCases, invalidUTF8)
    func rejectsInvalidUTF8(_ output: ReaderOutput, _ bytes: [UInt8]) throws {
        let error = try #require(output.error(for: Data(bytes)))
        guard case .invalidUTF8 = error.kind else {
            Issue.record("expected invalidUTF8, got \(error.kind)")
            return
        }
    }

    static let documents: [String] = [
        #"{"id": 1, "name": "Ada", "admin": true, "score": 9.5, "tags": ["a", "b"], "manager": null}"#,
        #"[0, -1, 1.5, -2.25e-3, 1E+2, 9223372036854775807, 12345678901234567890, 123456789012345678901234567890]"#,
        #"{"text": "line\nbreak \"quoted\" \\ \/ \u00e9 \ud83d\ude00 \u0001", "empty": "", "nested": {"deeper": {"deepest": [[], {}]}}}"#,
        #"[true, false, null, 0.1, 1e-7, 5e-324, 1.7976931348623157e308, -0.0, 1.0]"#,
        #"{"a": 1, "a": 2, "ü": "日本語", "": 0}"#,
    ]

    @Test("Foundation output matches JSONSerialization", arguments: documents)
    func matchesJSONSerialization(_ document: String) throws {
        let data = Data(document.utf8)
        let expected = JSONShape(foundation: try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
        #expect(try ReaderOutput.foundation.shape(of: data) == expected)
    }

    /// Files where swift-corelibs-foundation's JSONSerialization rounds a double wrongly
    /// (it reads the -1e-78 in this file 4 ulps off); the exact value is checked in `scalars`.
    static let misreadByJSONSerialization: Set<String> = ["y_number_double_close_to_zero.json"]

    @Test(
        "Foundation output matches JSONSerialization on the accepted corpus",
        .enabled(if: SharedData.hasJSONTestSuite, Comment(rawValue: SharedData.jsonTestSuiteAbsence)),
        arguments: JSONTestSuiteTests.accepted.filter { !misreadByJSONSerialization.contains($0) }
    )
    func matchesJSONSerializationOnCorpus(_ name: String) throws {
        let data = try JSONTestSuiteTests.contents(of: name)
        guard let reference = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else { return }
        #expect(try ReaderOutput.foundation.shape(of: data) == JSONShape(foundation: reference))
    }
}
