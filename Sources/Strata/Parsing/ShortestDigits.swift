/// The shortest decimal digits that read back as a `Double`, written as its
/// `description` writes them, straight into the writer's bytes.
///
/// The digits are Giulietti's Schubfach ("The Schubfach way to render doubles",
/// 2020): the significand, scaled by a 126-bit power of ten rounded up
/// (``powersOfTen``), gives the 16 or 17 digits just below the value and the
/// bounds of the interval of decimals that read back as it; the shortest digits
/// are one digit fewer when a multiple of ten lies in that interval, and
/// otherwise whichever of the two nearest 16- or 17-digit candidates is closer
/// (the even one on a tie): two 64-bit multiplications per bound, no big
/// integer, no `String`.
///
/// The layout is `description`'s: plain digits with a point (`65.61361699999998`,
/// `0.0001`, `100.0`) for magnitudes from `1e-4` up to 2^53, and a power of ten
/// (`1e-05`, `9.007199254740994e+15`) outside them. For normal numbers and zero
/// only: the writer leaves subnormal ones (below `2.2250738585072014e-308`) to
/// `description`.
///
/// ```swift
/// var bytes = [UInt8](repeating: 0, count: ShortestDigits.maximumLength)
/// let length = bytes.withUnsafeMutableBufferPointer { buffer in
///     buffer.baseAddress.map { ShortestDigits.write(0.1, to: $0) } ?? 0
/// }
/// // bytes[..<length] is "0.1"
/// ```
enum ShortestDigits {
    /// The most bytes ``write(_:to:)`` writes at: a sign, 17 digits, a point and
    /// `e-308` take 24, `0.000` and 17 digits 23; the digits are stored eight
    /// bytes at a time, and the last store may reach 8 bytes past the exponent's
    /// first digit.
    static let maximumLength = 32

    /// The smallest decimal exponent with an entry in ``powersOfTen``.
    private static let smallestExponent = -324

    /// Writes `value`, a normal number or zero, at `start` as its `description`
    /// reads, and returns how many bytes it wrote (at most ``maximumLength``).
    ///
    /// Not for a subnormal number: the method needs more digits than the smallest
    /// of them have, and may give one digit more than `description`.
    @inline(__always)
    static func write(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var position = 0
        if value.sign == .minus {
            start[0] = Byte.minus
            position = 1
        }
        let magnitude = value.magnitude
        if magnitude == 0 {
            start[position] = Byte.zero
            start[position + 1] = Byte.period
            start[position + 2] = Byte.zero
            return position + 3
        }
        var (digits, exponent) = decimal(of: magnitude)
        while digits % 10 == 0 {
            digits /= 10
            exponent += 1
        }
        let count = DecimalDigits.count(of: digits)
        // How many of the digits come before the point (none or fewer than none: zeros after it).
        let point = count + exponent
        if magnitude <= 9_007_199_254_740_992, point >= -3 {
            return position + writePlain(digits, count: count, point: point, to: start + position)
        }
        return position + writeScientific(digits, count: count, point: point, to: start + position)
    }

    /// `digits` with a point: `0.00ddd`, `dd.ddd` or `ddd00.0`.
    @inline(__always)
    private static func writePlain(_ digits: UInt64, count: Int, point: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        if point <= 0 {
            start[0] = Byte.zero
            start[1] = Byte.period
            let zeros = -point
            for index in 0..<zeros { start[2 + index] = Byte.zero }
            DecimalDigits.write(digits, count: count, to: start + 2 + zeros)
            return 2 + zeros + count
        }
        if point < count {
            // All the digits one place on, then those before the point moved back before it.
            DecimalDigits.write(digits, count: count, to: start + 1)
            for index in 0..<point { start[index] = start[index + 1] }
            start[point] = Byte.period
            return count + 1
        }
        DecimalDigits.write(digits, count: count, to: start)
        for index in count..<point { start[index] = Byte.zero }
        start[point] = Byte.period
        start[point + 1] = Byte.zero
        return point + 2
    }

    /// `digits` as `d.ddde+XX` (`de-XX` for one digit), the exponent of at least two digits.
    @inline(__always)
    private static func writeScientific(
        _ digits: UInt64, count: Int, point: Int, to start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // The digits one place on, then the first moved back before the point.
        DecimalDigits.write(digits, count: count, to: start + 1)
        start[0] = start[1]
        var position = 1
        if count > 1 {
            start[1] = Byte.period
            position = count + 1
        }
        let exponent = point - 1
        start[position] = Byte.e
        start[position + 1] = exponent < 0 ? Byte.minus : Byte.plus
        position += 2
        let magnitude = UInt64(exponent.magnitude)
        let exponentDigits = magnitude < 100 ? 2 : 3
        DecimalDigits.write(magnitude, count: exponentDigits, to: start + position)
        return position + exponentDigits
    }

    /// The shortest decimal `digits × 10^exponent` that reads back as `magnitude`
    /// (a normal number above zero); `digits` may end in zeros.
    static func decimal(of magnitude: Double) -> (digits: UInt64, exponent: Int) {
        let bits = magnitude.bitPattern
        let significand = 1 << 52 | bits & (1 << 52 - 1)
        let binaryExponent = Int(bits >> 52) - 1075
        // An integer below 2^53: its own digits.
        if binaryExponent < 0, binaryExponent > -53 {
            let integer = significand >> UInt64(-binaryExponent)
            if integer << UInt64(-binaryExponent) == significand { return (integer, 0) }
        }
        return decimal(significand: significand, binaryExponent: binaryExponent)
    }

    /// The shortest decimal of `significand × 2^binaryExponent`, a normal number.
    @inline(__always)
    private static func decimal(significand c: UInt64, binaryExponent q: Int) -> (digits: UInt64, exponent: Int) {
        let odd = c & 1
        // Four times the significand and the bounds of the interval that reads back as it:
        // halfway to each neighbour, a quarter of the way below a power of two.
        let scaled = c << 2
        let upper = scaled + 2
        let lower: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            lower = scaled - 2
            k = floorLog10Pow2(q)
        } else {
            lower = scaled - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let shift = q + floorLog2Pow10(-k) + 2
        let index = 2 * (k - smallestExponent)
        let high = powersOfTen[index]
        let low = powersOfTen[index + 1]
        let value = roundedToOdd(high, low, scaled << UInt64(shift))
        let lowerBound = roundedToOdd(high, low, lower << UInt64(shift))
        let upperBound = roundedToOdd(high, low, upper << UInt64(shift))
        let s = value >> 2
        if s >= 100 {
            // One digit fewer: s rounded down to a multiple of ten (s × ⌈2^64 / 10⌉ / 2^64 is s / 10), and up.
            let down = 10 &* s.multipliedFullWidth(by: 1_844_674_407_370_955_168).high
            let up = down + 10
            let downIn = lowerBound + odd <= down << 2
            let upIn = (up << 2) + odd <= upperBound
            if downIn != upIn { return (downIn ? down : up, k) }
        }
        let t = s + 1
        let sIn = lowerBound + odd <= s << 2
        let tIn = (t << 2) + odd <= upperBound
        if sIn != tIn { return (sIn ? s : t, k) }
        // Both read back: the closer, the even one on a tie.
        let comparison = Int64(bitPattern: value &- ((s + t) << 1))
        return (comparison < 0 || (comparison == 0 && s & 1 == 0) ? s : t, k)
    }

    /// `product × g / 2^127` for the power `g = high × 2^63 + low`, rounded to odd:
    /// its lowest bit set when the bits below it are not all zero.
    @inline(__always)
    private static func roundedToOdd(_ high: UInt64, _ low: UInt64, _ product: UInt64) -> UInt64 {
        let lowHigh = low.multipliedFullWidth(by: product).high
        let (highHigh, highLow) = high.multipliedFullWidth(by: product)
        let middle = (highLow >> 1) &+ lowHigh
        let result = highHigh &+ (middle >> 63)
        let lowBits: UInt64 = 1 << 63 - 1
        return result | (((middle & lowBits) &+ lowBits) >> 63)
    }

    /// floor(e × log10(2)).
    @inline(__always)
    private static func floorLog10Pow2(_ e: Int) -> Int { (e &* 661_971_961_083) >> 41 }

    /// floor(log10(3/4 × 2^e)).
    @inline(__always)
    private static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int {
        (e &* 661_971_961_083 &- 274_743_187_321) >> 41
    }

    /// floor(e × log2(10)).
    @inline(__always)
    private static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }
}
