import Foundation
import Testing
@testable import Strata

/// Numbers at the edges of what any Swift type holds: integers beyond `Decimal`
/// are read as the nearest `Double` (as `JSONSerialization` reads them); only a
/// number beyond a `Double`'s range is refused.
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

    @Test("Integers beyond Decimal are the nearest Double", arguments: ReaderOutput.allCases, readAsDoubles)
    func integersBeyondDecimalAreDoubles(_ output: ReaderOutput, _ example: (document: String, value: Double)) throws {
        #expect(try output.shape(of: example.document) == .double(example.value))
        #expect(try output.shape(of: "[\(example.document)]") == .array([.double(example.value)]))
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

    /// Beyond a Double's range there is no value to give: refused, as `JSONSerialization` refuses it.
    @Test(arguments: ReaderOutput.allCases, [power(309), power(400, negative: true), "1e400", "-1e400", "1.5e309"])
    func numbersBeyondDoubleAreRefused(_ output: ReaderOutput, _ document: String) throws {
        let error = try #require(output.error(for: Data("[\(document)]".utf8)))
        #expect(error.kind == .numberOutOfRange(document))
        #expect(error.offset == 1)
        #expect(error.description == "Number \(document) at line 1, column 2 is too large to be represented as a Double.")
        #expect((try? JSONSerialization.jsonObject(with: Data("[\(document)]".utf8))) == nil)
    }

    /// Too small is not refused: it rounds to zero (keeping its sign) or a subnormal, as `strtod` and `JSONSerialization` do.
    @Test(arguments: ReaderOutput.allCases)
    func numbersBelowDoubleRoundToZero(_ output: ReaderOutput) throws {
        #expect(try output.shape(of: "1e-400") == .double(0))
        #expect(try output.shape(of: "-1e-400") == .double(-0.0))
        #expect(try output.shape(of: "4e-324") == .double(Double.leastNonzeroMagnitude))
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

    @Test func aNumberBeyondDoubleIsInvalidJSONForTheAdapter() throws {
        for document in ["{\"double\": \(Self.power(309))}", "{\"double\": 1e400}"] {
            let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Scalars.self, from: Data(document.utf8)) }
            #expect(error.code == .invalidJSON)
            #expect(error.underlyingError is JSONParsingError)
        }
    }
}
