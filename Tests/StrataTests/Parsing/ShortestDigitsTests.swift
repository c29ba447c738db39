import Foundation
import StrataTestSupport
import Testing
@testable import Strata

/// A `Double` is written with the shortest digits that read back as it, laid out
/// as its `description` lays them out, byte for byte, whichever way the writer
/// makes them.
@Suite("Writing doubles with their shortest digits")
struct ShortestDigitsTests {
    /// The text the writer writes for `value`: by ``ShortestDigits`` for a normal
    /// number or zero, by `description` for a subnormal one.
    static func written(_ value: Double) -> String {
        String(decoding: (try? JSONWriter.bytes(withJSONObject: value)) ?? [], as: UTF8.self)
    }

    /// The values among `values` whose written text is not their `description`.
    static func disagreeing(_ values: some Sequence<Double>) -> [String] {
        values.compactMap { value in
            let text = written(value)
            return text == value.description ? nil : "\(value.description) written as \(text)"
        }
    }

    @Test func limitsAndLayoutBoundariesReadAsTheirDescription() {
        let twoTo53 = 9_007_199_254_740_992.0
        let values: [Double] = [
            0, -0.0, 1, -1, 0.1, 100, 1e15, 1e16, 1e22, 1e23, twoTo53, twoTo53.nextDown, twoTo53.nextUp,
            1e-4, 1e-4.nextDown, 1e-4.nextUp, 1e-5, 0.001, 123_456.789, -65.613616999999977,
            .leastNonzeroMagnitude, 2 * .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude,
            .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .pi, 1.0 / 3, 2.0 / 3, 1.7976931348623157e308,
        ]
        #expect(Self.disagreeing(values).isEmpty, "\(Self.disagreeing(values))")
    }

    /// Every power of two and of ten a `Double` holds, and their neighbours: the
    /// significands where the interval below is narrower than the one above.
    @Test func powersOfTwoAndTenReadAsTheirDescription() {
        var values: [Double] = []
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextDown, power.nextUp]
        }
        for exponent in -323...308 {
            guard let power = Double("1e\(exponent)") else { continue }
            values += [power, power.nextDown, power.nextUp]
        }
        let disagreeing = Self.disagreeing(values)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    /// Random bit patterns (every exponent, subnormals included) from a fixed seed.
    @Test func randomDoublesReadAsTheirDescription() {
        var generator = SeededGenerator(seed: 0x5407_7E57)
        let values = (0..<200_000).compactMap { _ -> Double? in
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            return value.isFinite ? value : nil
        }
        let disagreeing = Self.disagreeing(values)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    /// Short decimals, as people and programs write them, and the doubles next to them.
    @Test func shortDecimalsReadAsTheirDescription() {
        var generator = SeededGenerator(seed: 0xDEC1_3A15)
        var values: [Double] = []
        for _ in 0..<50_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let mantissa = UInt64.random(in: 1...(UInt64(pow(10.0, Double(digits))) - 1), using: &generator)
            guard let value = Double("\(mantissa)e\(Int.random(in: -30...30, using: &generator))") else { continue }
            values += [value, value.nextUp, value.nextDown]
        }
        let disagreeing = Self.disagreeing(values)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    @Test(
        "Every number of canada.json is written as its description",
        .enabled(if: SharedData.hasBenchmarkDocuments, Comment(rawValue: SharedData.benchmarkDocumentsAbsence)))
    func everyNumberOfCanada() throws {
        let literals = NearestDoubleTests.numberLiterals(in: try SharedData.benchmarkDocument("canada.json"))
        let values = literals.compactMap { Double($0) }
        #expect(values.count > 100_000)
        let disagreeing = Self.disagreeing(values)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    /// The writer writes a document's doubles so, in an array and as a member.
    @Test func theWriterWritesDoublesWithTheirShortestDigits() throws {
        let values: [Double] = [0.1, -65.613616999999977, 1e-7, 9_007_199_254_740_994, 100]
        let json = try JSONAdapter.data(from: ShortestDigitsModel(values: values, single: 2.5e-5))
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("[0.1,-65.61361699999998,1e-07,9.007199254740994e+15,100.0]"))
        #expect(text.contains("2.5e-05"))
    }
}

private struct ShortestDigitsModel: JSONSerializing, Equatable {
    var values: [Double] = []
    var single: Double = 0

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}
