import Foundation
import Testing

@testable import Strata

/// A Stripe-shaped object: free-form `metadata`, an arbitrary `payload`, and
/// optional and array forms of `JSONValue`.
private struct Charge: JSONSerializing, SecureCodingModel, Equatable {
    var id = ""
    var metadata: [String: JSONValue] = [:]
    var payload: JSONValue = .null
    var extra: JSONValue?
    var items: [JSONValue] = []

    static let propertyKeys: PropertyKeys<Charge> = [
        "id": \.id, "metadata": \.metadata, "payload": \.payload, "extra": \.extra, "items": \.items,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Literals, subscripts and typed accessors")
    func literalsAndAccessors() {
        let value: JSONValue = ["tags": ["a", "b"], "count": 2, "ratio": 0.5, "on": true, "note": nil]
        #expect(value["tags"]?[1]?.stringValue == "b")
        #expect(value["tags"]?[2] == nil)
        #expect(value["count"]?.intValue == 2)
        #expect(value["ratio"]?.doubleValue == 0.5)
        #expect(value["on"]?.boolValue == true)
        #expect(value["note"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(value["count"]?.stringValue == nil)
        #expect(value.description == #"{"count":2,"note":null,"on":true,"ratio":0.5,"tags":["a","b"]}"#)
        #expect(JSONValue.string("a\"b\\\n\u{1}").description == #""a\"b\\\n\u0001""#)
    }

    @Test("A number keeps its text and compares by value")
    func numbers() throws {
        let big = try #require(JSONNumber("12345678901234567890"))
        #expect(big.intValue == nil)
        #expect(big.decimalValue == Decimal(string: "12345678901234567890"))
        #expect(big.text == "12345678901234567890")
        #expect(JSONNumber("1.50") == JSONNumber("1.5"))
        #expect(JSONNumber("1e2") == JSONNumber(100))
        #expect(JSONNumber("-0") == JSONNumber("0.000"))
        #expect(JSONNumber("1.5") != JSONNumber("1.50001"))
        #expect(Set([JSONNumber("2.0"), JSONNumber("2")]).count == 1)
        #expect(JSONNumber("3.0")?.intValue == 3)
        #expect(JSONNumber("2.5")?.intValue == nil)
        #expect(JSONNumber("1e400")?.doubleValue == nil)
        #expect(JSONNumber("1e400")?.decimalValue == nil)
        #expect(JSONNumber(Double(0.1))?.text == "0.1")
        #expect(JSONNumber(Double.nan) == nil)
        for invalid in ["", "-", "1.", ".5", "+1", "01", "0x10", "1e", "NaN", "1 "] {
            #expect(JSONNumber(invalid) == nil, "\(invalid)")
        }
    }

    @Test("As properties: any JSON, from Data and from a dictionary alike, null a value")
    func asProperties() throws {
        let json = #"""
            {"id": "ch_1", "metadata": {"order_id": "6735", "attempt": 2, "flags": [true, null], "none": null},
             "payload": null, "extra": null, "items": [1, null, "x", {"a": 0.1}]}
            """#
        let charge = try decodeEqualBothWays(Charge.self, json)
        #expect(charge.metadata["order_id"] == "6735")
        #expect(charge.metadata["attempt"] == 2)
        #expect(charge.metadata["flags"] == [true, nil])
        #expect(charge.metadata["none"] == .null)
        #expect(charge.payload == .null)
        // An optional reads null as nil, as every optional does; nil is written as null.
        #expect(charge.extra == nil)
        #expect(charge.items == [1, nil, "x", ["a": 0.1]])
        let nested = try decodeEqualBothWays(Charge.self, #"{"id": "ch_2", "extra": {"k": null}}"#)
        #expect(nested.extra == ["k": nil])
        #expect(nested.payload == .null)
    }

    @Test("Numbers a Double would round are read and written back exactly")
    func exactNumbersRoundTrip() throws {
        let json = #"{"payload": [12345678901234567890, 0.1, 0.12345678901234567, -9223372036854775809, 1e300]}"#
        let charge = try decodeEqualBothWays(Charge.self, json)
        let elements = try #require(charge.payload.arrayValue)
        let numbers = elements.compactMap(\.numberValue)
        #expect(numbers.map(\.text) == ["12345678901234567890", "0.1", "0.12345678901234567", "-9223372036854775809", "1e+300"])
        #expect(numbers[4] == JSONNumber("1e300"))
        let written = try JSONAdapter.data(from: charge)
        let again = try JSONAdapter.model(of: Charge.self, from: written)
        #expect(again == charge)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("12345678901234567890"))
        #expect(text.contains("0.12345678901234567"))
        #expect(try JSONAdapter.model(of: Charge.self, from: try JSONAdapter.dictionary(from: charge)) == charge)
    }

    /// An integer of 200 digits, a fraction of 43 significant digits, numbers beyond
    /// a Double's range and below it.
    static let beyondDoubleAndDecimal = [
        "1" + String(repeating: "0", count: 199), "0.1000000000000000000000000000000000000000001", "1e400", "-2.5E+999",
        "1e-400", "3e-324", "-12345678901234567890123456789012345678901234567890e-7",
    ]

    @Test("Numbers no Double or Decimal holds are read, written and archived with every digit")
    func numbersBeyondDoubleAndDecimalRoundTrip() throws {
        let list = Self.beyondDoubleAndDecimal.joined(separator: ", ")
        let charge = try JSONAdapter.model(of: Charge.self, from: Data("{\"payload\": [\(list)], \"metadata\": {\"n\": 1e400}}".utf8))
        let numbers = try #require(charge.payload.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.text) == Self.beyondDoubleAndDecimal)
        #expect(numbers[2].doubleValue == nil && numbers[2].decimalValue == nil)
        #expect(charge.metadata["n"] == .number(try #require(JSONNumber("1e400"))))

        let written = try JSONAdapter.data(from: charge)
        let text = String(decoding: written, as: UTF8.self)
        for number in Self.beyondDoubleAndDecimal { #expect(text.contains(number), "\(number)") }
        #expect(try JSONAdapter.model(of: Charge.self, from: written) == charge)
        #expect(try JSONAdapter.model(of: Charge.self, from: try JSONAdapter.dictionary(from: charge)) == charge)
        #expect(try ModelArchiver.unarchivedModel(of: Charge.self, from: try ModelArchiver.archivedData(with: charge)) == charge)
        #expect(charge.payload.description == "[" + Self.beyondDoubleAndDecimal.joined(separator: ",") + "]")
    }

    @Test("A JSONNumber made in code is written and archived with its text")
    func numberMadeInCode() throws {
        var charge = Charge()
        charge.payload = .number(try #require(JSONNumber("1e400")))
        #expect(String(decoding: try JSONAdapter.data(from: charge), as: UTF8.self).contains(#""payload":1e400"#))
        #expect(try ModelArchiver.unarchivedModel(of: Charge.self, from: try ModelArchiver.archivedData(with: charge)) == charge)
    }

    @Test("Exponents too long for Int compare by their digits, not by a rounded value")
    func hugeExponents() throws {
        let nines = try #require(JSONNumber("1e" + String(repeating: "9", count: 21)))
        let other = try #require(JSONNumber("1e461168601842738790"))
        #expect(nines != other)
        #expect(JSONNumber("1e000000000000000000000012") == JSONNumber("1e12"))
        #expect(nines.doubleValue == nil && nines.decimalValue == nil && nines.intValue == nil)
    }

    @Test("A number with a fraction or an exponent stays a Double in its Foundation form, -0.0 included")
    func foundationKinds() throws {
        #expect(try JSONValue(json: -0.0).foundation as? Double == 0)
        #expect((try JSONValue(json: -0.0).foundation as? Double)?.sign == .minus)
        #expect(try JSONValue(json: 3.0).foundation as? Double == 3)
        #expect(try JSONValue(json: 3).foundation as? Int == 3)
        #expect(try JSONValue(json: UInt64.max).foundation as? UInt64 == UInt64.max)
        let huge = try #require(JSONNumber("1e400"))
        #expect(JSONValue.number(huge).foundation as? JSONNumber == huge)
    }

    @Test("Archived and read back")
    func archived() throws {
        let charge = try decodeBothWays(
            Charge.self, #"{"id": "ch_3", "metadata": {"k": [1, 2.5, "v", null]}, "payload": {"n": 12345678901234567890}, "extra": false}"#)
        let data = try ModelArchiver.archivedData(with: charge)
        #expect(try ModelArchiver.unarchivedModel(of: Charge.self, from: data) == charge)
    }

    @Test("Codable: through JSONEncoder and JSONDecoder, every digit kept")
    func codable() throws {
        let value: JSONValue = [
            "big": .number(try #require(JSONNumber("12345678901234567890"))), "list": [1, "two", nil, false],
            "fraction": .number(try #require(JSONNumber("0.12345678901234567"))),
        ]
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
    }
}
