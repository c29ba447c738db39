import Foundation
import Testing
@testable import Strata

/// Numbers at the edges of what any Swift type holds. The Foundation shape reads
/// integers beyond `Decimal` as the nearest `Double` and refuses a number beyond a
/// `Double`'s range, as `JSONSerialization` does; the native shape, which the
/// adapter reads, keeps both as `JSONNumber`s, and a property takes one only when
/// its type holds the value.
@Suite("JSONReader huge numbers")
struct HugeNumberTests {
    /// `1` followed by `zeros` zeros.
    static func power(_ zeros: Int, negative: Bool = false) -> String {
        (negative ? "-1" : "1") + String(repeating: "0", count: zeros)
    }

    static let readAsDoubles: [(String, Double)] = [
        (power(170), 1e170),
        (power(170, negative: true), -1e170),
        (power(166), 1e166),  // just past Decimal's range (about 3.4e165)
        (power(308), 1e308),  // the largest power of ten a Double holds
        (String(repeating: "9", count: 200), 1e200),
        // 40 digits: within Decimal's range, but beyond the digits its mantissa holds.
        ("3402823669209384634633746074317682114551", 3.402823669209384634633746074317682114551e39),
    ]

    @Test("Integers beyond Decimal are the nearest Double in the Foundation shape, a JSONNumber in the native one",
          arguments: readAsDoubles)
    func integersBeyondDecimal(_ example: (document: String, value: Double)) throws {
        #expect(try ReaderOutput.foundation.shape(of: example.document) == .double(example.value))
        #expect(try ReaderOutput.foundation.shape(of: "[\(example.document)]") == .array([.double(example.value)]))
        #expect(try ReaderOutput.native.shape(of: example.document) == .number(example.document))
        #expect(try ReaderOutput.native.shape(of: "[\(example.document)]") == .array([.number(example.document)]))
    }

    /// Past Decimal's range, as JSONSerialization. (Within its range but past its digits,
    /// JSONSerialization gives a `Decimal` with the digits rounded, which the reader does not.)
    @Test(arguments: readAsDoubles.map(\.0).filter { $0.count > 100 })
    func integersBeyondDecimalMatchJSONSerialization(_ document: String) throws {
        let data = Data("{\"n\": [\(document)]}".utf8)
        let expected = JSONShape(foundation: try JSONSerialization.jsonObject(with: data))
        #expect(try ReaderOutput.foundation.shape(of: data) == expected)
    }

    /// Integers `Decimal` holds digit for digit stay `Decimal`s.
    @Test(arguments: ReaderOutput.allCases, [power(165), "340282366920938463463374607431768211455", power(40, negative: true)])
    func integersDecimalHoldsStayDecimals(_ output: ReaderOutput, _ document: String) throws {
        let decimal = try #require(Decimal(string: document, locale: nil))
        #expect(try output.shape(of: document) == .decimal(decimal))
    }

    static let beyondDouble = [power(309), power(400, negative: true), "1e400", "-1e400", "1.5e309", "2E+999999999999999999999"]

    /// Beyond a Double's range the Foundation shape has no value to give: refused, as `JSONSerialization` refuses it.
    @Test(arguments: beyondDouble)
    func numbersBeyondDoubleAreRefusedByTheFoundationShape(_ document: String) throws {
        let error = try #require(ReaderOutput.foundation.error(for: Data("[\(document)]".utf8)))
        #expect(error.kind == .numberOutOfRange(document))
        #expect(error.offset == 1)
        #expect(error.description == "Number \(document) at line 1, column 2 is too large to be represented as a Double.")
        #expect((try? JSONSerialization.jsonObject(with: Data("[\(document)]".utf8))) == nil)
    }

    @Test(arguments: beyondDouble)
    func numbersBeyondDoubleAreJSONNumbersInTheNativeShape(_ document: String) throws {
        #expect(try ReaderOutput.native.shape(of: "[\(document)]") == .array([.number(document)]))
        #expect(try ReaderOutput.native.shape(of: "{\"n\": \(document)}") == .object(["n": .number(document)]))
    }

    /// Too small is not refused: the Foundation shape rounds it to zero (keeping its
    /// sign) or a subnormal, as `strtod` and `JSONSerialization` do; the native shape
    /// keeps the text, and a `Double` property gets the same rounded value.
    @Test func numbersBelowDoubleRoundToZero() throws {
        let cases: [(String, Double)] = [("1e-400", 0), ("-1e-400", -0.0), ("4e-324", Double.leastNonzeroMagnitude)]
        for (document, value) in cases {
            #expect(try ReaderOutput.foundation.shape(of: document) == .double(value))
            #expect(try ReaderOutput.native.shape(of: document) == .number(document))
            let model = try JSONAdapter.model(of: Scalars.self, from: Data("{\"double\": \(document)}".utf8))
            #expect(model.double.bitPattern == value.bitPattern)
        }
        // A normal number of few digits stays a Double.
        #expect(try ReaderOutput.native.shape(of: "2.5e-300") == .double(2.5e-300))
    }

    @Test func aHugeIntegerFillsADoubleProperty() throws {
        let data = Data("{\"double\": \(Self.power(170)), \"float\": 1}".utf8)
        let model = try JSONAdapter.model(of: Scalars.self, from: data)
        #expect(model.double == 1e170)
        let models = try JSONAdapter.models(of: Scalars.self, from: Data("[{\"double\": \(Self.power(170, negative: true))}]".utf8))
        #expect(models.map(\.double) == [-1e170])
        // The dictionary entry point, given what JSONSerialization reads, agrees.
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try JSONAdapter.model(of: Scalars.self, from: dictionary).double == 1e170)
    }

    /// An approximate value is not an integer: integer and `Decimal` properties refuse it.
    @Test(arguments: ["int", "uint64", "decimal", "float"])
    func aHugeIntegerIsRefusedWhereItDoesNotFit(_ key: String) throws {
        let data = Data("{\"\(key)\": \(Self.power(170))}".utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Scalars.self, from: data) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [.key(key)])
    }

    /// Valid JSON, whose value no numeric property holds: a type mismatch at its path.
    @Test(arguments: ["double", "float", "int", "uint64", "decimal"])
    func aNumberBeyondDoubleIsRefusedWithItsPath(_ key: String) throws {
        for document in [Self.power(309), "1e400"] {
            let data = Data("[{}, {\"\(key)\": \(document)}]".utf8)
            let error = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Scalars.self, from: data) }
            #expect(error.code == .typeMismatch)
            #expect(error.path == [.index(1), .key(key)])
            #expect(error.localizedDescription.contains(String(document.prefix(40))))
        }
    }

    /// An element of a `[Double]` or `[[Double]]` beyond a Double's range is refused at its index.
    @Test func aNumberBeyondDoubleInAnArrayIsRefusedAtItsIndex() throws {
        struct Series: JSONSerializing {
            var values: [Double] = []
            var rings: [[Double]] = []
            static let propertyKeys: PropertyKeys<Series> = ["values": \.values, "rings": \.rings]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        }
        let flat = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Series.self, from: Data(#"{"values": [1.5, 2, 1e400]}"#.utf8))
        }
        #expect(flat.code == .typeMismatch)
        #expect(flat.path == [.key("values"), .index(2)])
        let nested = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Series.self, from: Data(#"{"rings": [[1.5], [2, -1e999]]}"#.utf8))
        }
        #expect(nested.code == .typeMismatch)
        #expect(nested.path == [.key("rings"), .index(1), .index(1)])
        let read = try JSONAdapter.model(of: Series.self, from: Data("{\"values\": [\(Self.power(170)), 1e-400]}".utf8))
        #expect(read.values == [1e170, 0])
    }

    @Test func aNumberBeyondDoubleInAnUnmappedMemberIsSkipped() throws {
        let model = try JSONAdapter.model(of: Scalars.self, from: Data(#"{"double": 2, "other": [1e400, -1e999]}"#.utf8))
        #expect(model.double == 2)
    }

    /// More digits than a `Decimal` holds: a `Double` property takes the nearest
    /// value, a `Decimal` property refuses the number rather than round it.
    @Test func moreDigitsThanDecimalHolds() throws {
        let long = "0.1000000000000000000000000000000000000000001"
        let model = try JSONAdapter.model(of: Scalars.self, from: Data("{\"double\": \(long)}".utf8))
        #expect(model.double == 0.1)
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Scalars.self, from: Data("{\"decimal\": \(long)}".utf8))
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [.key("decimal")])
        let exact = "0.12345678901234567890123456789012345678"
        let decimal = try JSONAdapter.model(of: Scalars.self, from: Data("{\"decimal\": \(exact)}".utf8)).decimal
        #expect(decimal == Decimal(string: exact, locale: nil))
    }
}
