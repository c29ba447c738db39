import Foundation
import Testing
@testable import Strata

/// Integers are written with their decimal digits, whatever their length.
@Suite("Writing integers' digits")
struct DecimalDigitsTests {
    /// Every power of ten a `UInt64` holds and its neighbours, the limits of `Int`
    /// and `UInt64`, and random values of every length from a fixed seed, written
    /// by the writer as their `description` reads.
    @Test func integersOfEveryLengthReadAsTheirDescription() throws {
        var unsigned: [UInt64] = [0, 1, 9, 10, .max, UInt64(Int.max) + 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            unsigned += [power - 1, power, power + 1]
        }
        var generator = SeededGenerator(seed: 0xD161_7501)
        for _ in 0..<20_000 {
            let bits = Int.random(in: 1...64, using: &generator)
            unsigned.append(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64(64 - bits))
        }
        let signed = unsigned.map { Int(truncatingIfNeeded: $0) } + [.min, .max, -1, -10]
        var disagreeing: [String] = []
        for value in unsigned where try Self.written(value) != value.description {
            disagreeing.append(value.description)
        }
        for value in signed where try Self.written(value) != value.description {
            disagreeing.append(value.description)
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    static func written(_ value: Any) throws -> String {
        String(decoding: try JSONWriter.bytes(withJSONObject: value), as: UTF8.self)
    }
}
