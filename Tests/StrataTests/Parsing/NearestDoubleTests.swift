import Foundation
import StrataTestSupport
import Testing
@testable import Strata

/// A number's `Double` is the one nearest to its decimal value, computed from its
/// digits as the scanner reads them: the same bits as the standard library's
/// correctly rounded `Double(_:)` for every literal, whatever its digit count.
@Suite("Reading numbers as their nearest Double")
struct NearestDoubleTests {
    /// The `Double` the scanner reads from `text` for a value whose numbers are
    /// only binary floating point (no digits kept for a `Decimal`).
    static func scanned(_ text: String) throws -> Double? {
        let data = Data(text.utf8)
        let value = try data.withUnsafeBytes { raw throws(JSONParsingError) -> Any in
            var scanner = JSONScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 4)
            return try scanner.parseValueTreeWithBinaryNumbers()
        }
        switch value {
        case let double as Double: return double
        case let integer as Int: return Double(integer)
        case let unsigned as UInt64: return Double(unsigned)
        default: return nil
        }
    }

    /// Whether the scanner's `Double` for `text` has the bits of `Double(text)`.
    static func agrees(_ text: String) throws -> Bool {
        guard let expected = Double(text), let read = try scanned(text) else { return false }
        return read.bitPattern == expected.bitPattern
    }

    /// The number literals of a JSON text, found by their first character (a
    /// digit or '-' outside a string).
    static func numberLiterals(in data: Data) -> [String] {
        var literals: [String] = []
        var inString = false
        var escaped = false
        var current: [UInt8] = []
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || (!current.isEmpty && "+.eE".utf8.contains(byte))
            {
                current.append(byte)
                continue
            }
            if !current.isEmpty {
                literals.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        return literals
    }

    @Test(
        "Every number of the benchmark documents reads as Double(_:) reads it",
        .enabled(if: SharedData.hasBenchmarkDocuments, Comment(rawValue: SharedData.benchmarkDocumentsAbsence)),
        arguments: ["canada.json", "twitter.json", "citm_catalog.json"])
    func everyNumberOfTheBenchmarkDocuments(_ name: String) throws {
        let literals = Self.numberLiterals(in: try SharedData.benchmarkDocument(name))
        #expect(literals.count > 100)
        let disagreeing = try literals.filter { try !Self.agrees($0) }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    /// Literals where a conversion that rounds twice, or that trusts 64 bits of
    /// the power of ten, goes wrong; all but the last group have at most 19
    /// significant digits, so the scanner computes them from its two integers.
    static let hardCases = [
        // Exactly halfway between two doubles, and either side: ties to even.
        "9007199254740993.0", "9007199254740995.0", "4503599627370496.5", "4503599627370497.5",
        "18014398509481986e0", "18014398509481990e0", "1152921504606847104e0", "1152921504606847105e0",
        "1152921504606847103e0", "9007199254740993.01", "9007199254740992.99", "1.0000000000000001110",
        "1.0000000000000002220", "0.50000000000000005551",
        // The smallest normal, the largest subnormal, the smallest subnormal and below.
        "2.2250738585072014e-308", "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324", "1.5e-323", "1e-320", "-4.9406564584124654e-324",
        // The largest finite double and its neighbourhood.
        "1.7976931348623157e308", "1.7976931348623158e308", "8.98846567431158e307", "1e308",
        // 16 to 19 significant digits.
        "-65.613616999999977", "0.10000000000000001", "0.30000000000000004", "123456789012345678e-5",
        "7.2057594037927933e16", "3.4028234663852886e38", "1.234567890123456789e-200", "9.999999999999999999e-1",
        "2.718281828459045235",
        // Powers of ten at the ends of the table and past them.
        "1e23", "1e22", "1e-22", "1e-342", "1e-343", "1e-400", "-1e-400", "10000000000000000000e-361",
        "1e-324", "18446744073709551615e-343", "18446744073709551615e288",
        // More than 19 digits (the text's conversion), and an exponent past what the scanner counts.
        "1.00000000000000011102230246251565404236316680908203125", "0.1000000000000000055511151231257827",
        "0.\(String(repeating: "0", count: 40))1e30",
    ]

    @Test("Hard cases read as Double(_:) reads them", arguments: hardCases)
    func hardCasesAgree(_ text: String) throws {
        #expect(try Self.agrees(text))
    }

    /// Random mantissas of 1 to 19 digits at every exponent the table covers and
    /// beyond, from a fixed seed: the method agrees with `Double(_:)` wherever it
    /// decides, and declines to decide almost never.
    @Test func randomMantissasAtEveryExponent() throws {
        var generator = SeededGenerator(seed: 0x5EED_0F_F1E1D5)
        var declined = 0
        var disagreeing: [String] = []
        for exponent in stride(from: -360, through: 320, by: 1) {
            for _ in 0..<60 {
                let digits = Int.random(in: 1...19, using: &generator)
                let limit = digits == 19 ? UInt64.max : (0..<digits).reduce(UInt64(1)) { value, _ in value * 10 }
                let mantissa = UInt64.random(in: 1..<limit, using: &generator)
                let text = "\(mantissa)e\(exponent)"
                guard let expected = Double(text) else { continue }
                guard let nearest = NearestDouble.nearest(mantissa: mantissa, exponent: exponent) else {
                    declined += 1
                    continue
                }
                if nearest.bitPattern != expected.bitPattern { disagreeing.append(text) }
            }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
        #expect(declined < 10)
    }

    /// Runs of 1 to 20 digits before and after the point, each followed by every
    /// byte that may end a number, at every offset from the start of the input (so
    /// the eight bytes read at once end anywhere in the number or past it): the
    /// integers exact, the others the nearest `Double`, as `Double(_:)` reads them.
    @Test func digitRunsOfEveryLengthReadWhereverTheyEnd() throws {
        var generator = SeededGenerator(seed: 0xD161_7505)
        var disagreeing: [String] = []
        func randomDigits(_ count: Int, leading: Bool) -> String {
            String((0..<count).map { index in
                Character(String(Int.random(in: (index == 0 && leading ? 1 : 0)...9, using: &generator)))
            })
        }
        for integerDigits in 1...20 {
            for fractionDigits in 0...20 {
                let integer = randomDigits(integerDigits, leading: true)
                let literal = fractionDigits == 0 ? integer : integer + "." + randomDigits(fractionDigits, leading: false)
                for (padding, end) in zip(0..<8, [",", "]", " ", "\n", "e3", "E-2", ", 7", "\t"]) {
                    let text = "[" + String(repeating: " ", count: padding) + literal + end + (end.hasPrefix(",") ? "1]" : "]")
                    let data = Data(text.utf8)
                    let value = try data.withUnsafeBytes { raw throws(JSONParsingError) -> Any? in
                        var scanner = JSONScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 4)
                        return (try scanner.parseValueTreeWithBinaryNumbers() as? [Any])?.first
                    }
                    let written = literal + (end.hasPrefix("e") || end.hasPrefix("E") ? end : "")
                    switch value {
                    case let read as Int where Int(written) == read: continue
                    case let read as UInt64 where UInt64(written) == read: continue
                    case let read as Decimal where UInt64(written) == nil && Decimal(string: written) == read: continue
                    case let read as NSDecimalNumber
                    where UInt64(written) == nil && Decimal(string: written) == read.decimalValue:
                        continue
                    case let read as Double where Int(written) == nil && UInt64(written) == nil
                        && Double(written)?.bitPattern == read.bitPattern:
                        continue
                    default: disagreeing.append(text)
                    }
                }
            }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    /// Halfway cases built from their bits: the integer exactly halfway between two
    /// doubles above 2^53 (a double's significand, shifted, plus half its unit in
    /// the last place), and its neighbours, round to the even one.
    @Test func constructedHalfwayCases() throws {
        var generator = SeededGenerator(seed: 0x4A1F_4A1F)
        for _ in 0..<2_000 {
            let shift = UInt64.random(in: 1...11, using: &generator)
            let significand = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator)
            let halfway = (significand << shift) | (1 << (shift - 1))
            for mantissa in [halfway - 1, halfway, halfway + 1] {
                let nearest = try #require(NearestDouble.nearest(mantissa: mantissa, exponent: 0))
                #expect(nearest.bitPattern == Double("\(mantissa)")?.bitPattern, "\(mantissa)")
                #expect(try Self.agrees("\(mantissa)e0"), "\(mantissa)e0")
            }
        }
    }

    /// A `Decimal`'s nearest `Double`, from its significand and exponent, is the
    /// one its text gives; a significand beyond `UInt64` is left to the text.
    @Test func decimalsReadAsTheirTextReads() throws {
        var generator = SeededGenerator(seed: 0xDEC1_3A15)
        for _ in 0..<2_000 {
            let digits = (0..<Int.random(in: 1...19, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }
            let sign = Bool.random(using: &generator) ? "-" : ""
            let text = "\(sign)\(digits.joined())e\(Int.random(in: -120...120, using: &generator))"
            let decimal = try #require(Decimal(string: text, locale: nil))
            let nearest = try #require(NearestDouble.nearestFromParts(of: decimal))
            #expect(nearest.bitPattern == Double(decimal.description)?.bitPattern, "\(text)")
        }
        let wide = try #require(Decimal(string: "123456789012345678901234567.5", locale: nil))
        #expect(NearestDouble.nearestFromParts(of: wide) == nil)
        #expect(NearestDouble.nearest(to: wide) == Double(wide.description))
        #expect(NearestDouble.nearest(to: .nan) == nil)
    }

    @Test("Past the largest double there is no Double", arguments: ["1.7976931348623159e308", "1e309", "-18446744073709551615e308"])
    func pastTheLargestDoubleIsNoDouble(_ text: String) throws {
        #expect(try Self.scanned(text) == nil)
        #expect(throws: JSONParsingError.self) { try JSONReader.jsonObject(with: Data(text.utf8)) }
    }

    /// An exponent past what the scanner counts is read from the text: a fraction
    /// of a million zeros does not bring `e10000000` back into range.
    @Test func aSaturatedExponentIsReadFromTheText() throws {
        let zeros = String(repeating: "0", count: 1_000_050)
        #expect(try Self.scanned("0.\(zeros)1e10000000") == nil)
        #expect(try Self.scanned("0.\(zeros)1e-10000000") == 0)
    }

    /// A model's `[Double]` and `Float` take the nearest value of 17-digit numbers,
    /// and a `Decimal` beside them keeps every digit: the same from `Data` as from
    /// the dictionary the reader builds.
    @Test func modelPropertiesTakeTheNearestValueAndDecimalsTheirDigits() throws {
        let json = """
            {"values": [-65.613616999999977, 0.10000000000000001, 1.7976931348623157e308],
             "single": 3.4028234663852886e38, "amount": 0.12345678901234567890123}
            """
        let fromData = try JSONAdapter.model(of: NearestDoubleModel.self, from: Data(json.utf8))
        #expect(fromData.values.map(\.bitPattern) == [-65.613616999999977, 0.10000000000000001, 1.7976931348623157e308].map(\.bitPattern))
        #expect(fromData.single == Float("3.4028234663852886e38"))
        #expect(fromData.amount == Decimal(string: "0.12345678901234567890123", locale: nil))
        let dictionary = try #require(try JSONReader.nativeObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary = try JSONAdapter.model(of: NearestDoubleModel.self, from: dictionary)
        #expect(fromDictionary.values.map(\.bitPattern) == fromData.values.map(\.bitPattern))
        #expect(fromDictionary.single == fromData.single)
        #expect(fromDictionary.amount == fromData.amount)
    }

    /// A `Float` given a 17-digit number beyond its range fails with the same
    /// message from `Data` as from a dictionary: the number as written.
    @Test func aFloatOutOfRangeFailsAlikeEitherWay() throws {
        let json = #"{"values": [], "single": 1.2345678901234567e39, "amount": 0}"#
        let fromData = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: NearestDoubleModel.self, from: Data(json.utf8))
        }
        let dictionary = try #require(try JSONReader.nativeObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary = try #require(throws: StrataError.self) { try JSONAdapter.model(of: NearestDoubleModel.self, from: dictionary) }
        #expect(fromData.description == fromDictionary.description)
    }

    /// An integer property refuses a 17-digit fraction whose nearest `Double` is
    /// whole: its digits are checked, not the `Double`'s.
    @Test func integersCheckTheDigitsNotTheNearestDouble() throws {
        let json = #"{"count": 12345678901234567.5}"#
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: NearestIntegerModel.self, from: Data(json.utf8)) }
    }
}

private struct NearestDoubleModel: JSONSerializing, Equatable {
    var values: [Double] = []
    var single: Float = 0
    var amount: Decimal = 0

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct NearestIntegerModel: JSONSerializing, Equatable {
    var count = 0

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}
