import Foundation
import Testing
@testable import Strata

/// Numbers convert exactly, booleans and numbers stay apart, and strings are
/// never numbers: for Swift values and for `JSONSerialization` output alike.
@Suite("Exact numbers")
struct ExactNumberTests {
    /// `(key of Scalars, JSON value text)` pairs that must be refused.
    static let refused: [(String, String)] = [
        ("int", "1.5"), ("int", "1e30"), ("int", "-1e30"), ("int", "9223372036854775808"),
        ("int8", "300"), ("int8", "-129"), ("uint8", "256"), ("uint", "-1"), ("uint64", "-1"), ("uint16", "0.5"),
        ("int64", "18446744073709551615"),
        ("bool", "1"), ("bool", "0"), ("int", "true"), ("int", "false"), ("double", "true"), ("decimal", "false"),
        ("uint8", "true"),
        ("int", "\"12\""), ("double", "\"1.5\""), ("decimal", "\"3\""), ("bool", "\"true\""),
        ("string", "12"), ("string", "true"), ("float", "1e300"),
    ]

    /// `(key, JSON value text, expected value)` that must be accepted exactly.
    static let accepted: [(String, String, String)] = [
        ("int", "2.0", "2"), ("int8", "-128", "-128"), ("int8", "127", "127"), ("uint8", "255", "255"),
        ("int64", "-9223372036854775808", "-9223372036854775808"), ("int64", "9223372036854775807", "9223372036854775807"),
        ("uint64", "18446744073709551615", "18446744073709551615"), ("uint32", "4294967295", "4294967295"),
        ("double", "1", "1.0"), ("double", "0.1", "0.1"), ("float", "0.5", "0.5"), ("decimal", "0.1", "0.1"),
        ("decimal", "12", "12"), ("bool", "false", "false"), ("bool", "true", "true"),
    ]

    @Test(arguments: refused)
    func refusedFromJSONSerialization(key: String, value: String) throws {
        let json = try jsonObject("{\"\(key)\": \(value)}")
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Scalars.self, from: json) }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == key)
    }

    @Test(arguments: refused)
    func refusedFromData(key: String, value: String) throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Scalars.self, from: Data("{\"\(key)\": \(value)}".utf8))
        }
        #expect(error.pathDescription == key)
    }

    @Test(arguments: accepted)
    func acceptedFromJSONSerialization(key: String, value: String, expected: String) throws {
        let model = try JSONAdapter.model(of: Scalars.self, from: try jsonObject("{\"\(key)\": \(value)}"))
        let stored = try #require(try model.value(forKey: key))
        #expect("\(stored)" == expected)
    }

    /// Swift values, as a dictionary built in code would hold them.
    @Test func refusedSwiftValues() throws {
        let cases: [(String, any Sendable)] = [
            ("int", 1.5), ("int", 1e30), ("int8", 300), ("uint", -1), ("bool", 1), ("int", true),
            ("double", true), ("int", "12"), ("string", 12), ("int", Double.nan), ("int", Double.infinity),
            ("float", Double.greatestFiniteMagnitude), ("int", NSNumber(value: 1.5)), ("bool", NSNumber(value: 1)),
            ("int", NSNumber(value: true)), ("uint64", Int8(-1)), ("int8", Decimal(string: "1.5") ?? 0),
        ]
        for (key, value) in cases {
            let error = #expect(throws: StrataError.self, "\(key) ← \(value)") {
                try JSONAdapter.model(of: Scalars.self, from: [key: value])
            }
            #expect(error?.code == .typeMismatch, "\(key) ← \(value)")
        }
    }

    @Test func acceptedSwiftValuesAcrossRepresentations() throws {
        let model = try JSONAdapter.model(
            of: Scalars.self,
            from: [
                "int": Int64(5), "int8": NSNumber(value: 3), "uint64": UInt64.max, "double": Float(0.5),
                "float": 2, "decimal": Decimal(string: "1.25") ?? 0, "bool": NSNumber(value: true), "int16": 7.0,
                "int32": Decimal(40),
            ])
        #expect(model.int == 5)
        #expect(model.int8 == 3)
        #expect(model.uint64 == .max)
        #expect(model.double == 0.5)
        #expect(model.float == 2)
        #expect(model.decimal == Decimal(string: "1.25"))
        #expect(model.bool)
        #expect(model.int16 == 7)
        #expect(model.int32 == 40)
    }

    @Test func numberMismatchMessageDescribesTheValue() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Scalars.self, from: try jsonObject(#"{"int8": 300}"#))
        }
        #expect(
            error.description
                == "int8: Expected Int8 for 'int8' of Scalars, found the number 300. "
                + "Fix the payload, or give 'int8' a transformer that converts it.")
        let boolean = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Scalars.self, from: try jsonObject(#"{"int": true}"#))
        }
        #expect(
            boolean.description
                == "int: Expected Int for 'int' of Scalars, found the boolean true. "
                + "Fix the payload, or give 'int' a transformer that converts it.")
    }

    @Test func booleansInsideArraysFromJSONSerializationStayBooleans() throws {
        struct Flags: JSONSerializing {
            var flags: [Bool] = []
            var counts: [Int] = []
            static let propertyKeys: PropertyKeys<Flags> = ["flags": \.flags, "counts": \.counts]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["flags": "flags", "counts": "counts"]
        }
        let good = try JSONAdapter.model(of: Flags.self, from: try jsonObject(#"{"flags": [true, false], "counts": [1, 0]}"#))
        #expect(good.flags == [true, false])
        #expect(good.counts == [1, 0])
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: Flags.self, from: try jsonObject(#"{"flags": [1]}"#)) }
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: Flags.self, from: try jsonObject(#"{"counts": [true]}"#)) }
    }
}

struct WideNumbers: JSONSerializing, Equatable {
    var wide: Int128 = 0
    var unsignedWide: UInt128 = 0
    static let propertyKeys: PropertyKeys<WideNumbers> = ["wide": \.wide, "unsignedWide": \.unsignedWide]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["wide": "wide", "unsignedWide": "unsigned_wide"]
}

@Suite("Wide integers")
struct WideIntegerTests {
    /// Integers beyond 64 bits reach 128-bit properties digit for digit.
    @Test func integersBeyondSixtyFourBitsAreExact() throws {
        let data = Data(#"{"wide": -100000000000000000000000000000001, "unsigned_wide": 340282366920938463463374607431768211455}"#.utf8)
        let model = try JSONAdapter.model(of: WideNumbers.self, from: data)
        #expect(model.wide == -100_000_000_000_000_000_000_000_000_000_001)
        #expect(model.unsignedWide == UInt128.max)
    }

    @Test func anIntegerTooWideEvenForUInt128IsRefused() throws {
        let data = Data(#"{"unsigned_wide": 340282366920938463463374607431768211456}"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: WideNumbers.self, from: data) }
        #expect(error.code == .typeMismatch)
    }
}
