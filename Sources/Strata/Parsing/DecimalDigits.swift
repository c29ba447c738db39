/// Decimal digits of an unsigned integer written straight into bytes, eight at a
/// time: what the writer writes integers and a `Double`'s shortest digits with
/// (see ``ShortestDigits``).
///
/// ```swift
/// var bytes = [UInt8](repeating: 0, count: 24)
/// bytes.withUnsafeMutableBufferPointer { buffer in
///     buffer.baseAddress.map { DecimalDigits.write(1_234_567_890, count: DecimalDigits.count(of: 1_234_567_890), to: $0) }
/// }
/// // bytes begins with "1234567890"
/// ```
enum DecimalDigits {
    /// Writes the `count` decimal digits of `value` (which has that many) at `start`.
    ///
    /// Eight at a time: the first chunk holds what is left over, and is stored as
    /// eight bytes whose last ones the next chunk (or the caller) overwrites. So
    /// up to 8 bytes from `start` are written whatever `count` is.
    @inline(__always)
    static func write(_ value: UInt64, count: Int, to start: UnsafeMutablePointer<UInt8>) {
        guard count > 8 else {
            storeFirst(UInt32(truncatingIfNeeded: value), digits: count, at: start)
            return
        }
        let high = value / 100_000_000
        let low = UInt32(truncatingIfNeeded: value &- high &* 100_000_000)
        if count <= 16 {
            storeFirst(UInt32(truncatingIfNeeded: high), digits: count - 8, at: start)
        } else {
            let top = high / 100_000_000
            storeFirst(UInt32(truncatingIfNeeded: top), digits: count - 16, at: start)
            store(eightDigits(UInt32(truncatingIfNeeded: high &- top &* 100_000_000)), at: start + count - 16)
        }
        store(eightDigits(low), at: start + count - 8)
    }

    /// Stores the `digits` (1 to 8) decimal digits of `value` at `start`, and
    /// bytes after them up to the eighth.
    @inline(__always)
    private static func storeFirst(_ value: UInt32, digits: Int, at start: UnsafeMutablePointer<UInt8>) {
        store(eightDigits(value) >> UInt64(8 &* (8 &- digits)), at: start)
    }

    /// Stores the eight bytes of `word`, its lowest first, at `start` (byte by byte
    /// in the source; the compiler merges the stores into one).
    @inline(__always)
    private static func store(_ word: UInt64, at start: UnsafeMutablePointer<UInt8>) {
        start[0] = UInt8(truncatingIfNeeded: word)
        start[1] = UInt8(truncatingIfNeeded: word >> 8)
        start[2] = UInt8(truncatingIfNeeded: word >> 16)
        start[3] = UInt8(truncatingIfNeeded: word >> 24)
        start[4] = UInt8(truncatingIfNeeded: word >> 32)
        start[5] = UInt8(truncatingIfNeeded: word >> 40)
        start[6] = UInt8(truncatingIfNeeded: word >> 48)
        start[7] = UInt8(truncatingIfNeeded: word >> 56)
    }

    /// The eight ASCII digits of `value` (below 10^8, with leading zeros), the
    /// first in the lowest byte: the two halves of four digits in 32-bit lanes,
    /// each split into hundreds and the rest in 16-bit lanes, each of those into
    /// tens and units in bytes (x × 10,486 / 2^20 is x / 100 below 10,000, and
    /// x × 103 / 2^10 is x / 10 below 100).
    @inline(__always)
    private static func eightDigits(_ value: UInt32) -> UInt64 {
        let firstFour = value / 10_000
        let halves = UInt64(firstFour) | UInt64(value &- firstFour &* 10_000) << 32
        let hundreds = ((halves &* 10_486) >> 20) & 0x0000_007F_0000_007F
        let pairs = (halves &- hundreds &* 100) << 16 | hundreds
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        let digits = (pairs &- tens &* 10) << 8 | tens
        return digits | 0x3030_3030_3030_3030
    }

    /// How many decimal digits `value` (not zero) has.
    @inline(__always)
    static func count(of value: UInt64) -> Int {
        // floor(log10(2^bits)) from the bit length, then one more when the value reaches the next power.
        let estimate = ((64 - value.leadingZeroBitCount) &* 1_233) >> 12
        return value >= powerOfTen(estimate) ? estimate + 1 : estimate
    }

    /// 10 to the power `exponent`, for 0 to 19.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var power: UInt64 = 1
        switch exponent {
        case 0: power = 1
        case 1: power = 10
        case 2: power = 100
        case 3: power = 1_000
        case 4: power = 10_000
        case 5: power = 100_000
        case 6: power = 1_000_000
        case 7: power = 10_000_000
        case 8: power = 100_000_000
        case 9: power = 1_000_000_000
        case 10: power = 10_000_000_000
        case 11: power = 100_000_000_000
        case 12: power = 1_000_000_000_000
        case 13: power = 10_000_000_000_000
        case 14: power = 100_000_000_000_000
        case 15: power = 1_000_000_000_000_000
        case 16: power = 10_000_000_000_000_000
        case 17: power = 100_000_000_000_000_000
        case 18: power = 1_000_000_000_000_000_000
        default: power = 10_000_000_000_000_000_000
        }
        return power
    }
}
