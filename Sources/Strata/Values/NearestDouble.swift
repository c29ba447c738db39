import Foundation

/// The `Double` nearest to a decimal number given as an integer mantissa and a
/// power of ten, computed from the two integers alone (no text, no `Decimal`).
///
/// The scanner reads a number's digits into a `UInt64` as it checks them; for
/// the numbers a `Double` holds exactly (at most 15 digits and a power of ten up
/// to 22) it multiplies or divides directly, and for the rest it asks this type.
///
/// The method is Eisel and Lemire's ("Number Parsing at a Gigabyte per Second",
/// Lemire 2021): the mantissa, shifted so its top bit is set, is multiplied by a
/// 128-bit approximation of `5^q` (``powersOfFive``), and the 53 bits that
/// follow the product's leading one are the result's, rounded to nearest, ties
/// to even. When the bits the rounding depends on are too close to a tie for the
/// approximation to tell (rare: none of the numbers of a typical document),
/// ``nearest(mantissa:exponent:)`` returns `nil` and the caller converts the
/// number's text with the standard library.
enum NearestDouble {
    /// The smallest decimal exponent with an entry in ``powersOfFive``: below it,
    /// any `UInt64` mantissa gives less than half the smallest subnormal.
    static let smallestExponent = -342
    /// The largest decimal exponent with an entry: above it, any mantissa but zero
    /// gives more than `Double.greatestFiniteMagnitude`.
    static let largestExponent = 308

    /// The `Double` nearest to `mantissa × 10^exponent` (ties to even), infinity
    /// when that is beyond `Double.greatestFiniteMagnitude`, or `nil` when this
    /// method cannot decide the rounding (the caller then converts the text).
    ///
    /// ```swift
    /// NearestDouble.nearest(mantissa: 65_613_616_999_999_977, exponent: -15)  // 65.613616999999977
    /// ```
    static func nearest(mantissa: UInt64, exponent: Int) -> Double? {
        guard mantissa != 0, exponent >= smallestExponent else { return 0 }
        guard exponent <= largestExponent else { return .infinity }
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        let index = 2 * (exponent - smallestExponent)
        var (high, low) = normalized.multipliedFullWidth(by: powersOfFive[index])
        // The 9 bits below the 55 kept (53 and two for rounding) all ones: the
        // truncated low word of the power could carry into them, so add its product.
        if high & 0x1FF == 0x1FF {
            let carried = normalized.multipliedFullWidth(by: powersOfFive[index + 1]).high
            let (sum, overflow) = low.addingReportingOverflow(carried)
            low = sum
            if overflow { high &+= 1 }
            // Still all ones below: the error bound of the approximation reaches
            // the rounding bit. Exact powers (5^q for q in -27...55) never get here.
            if low == .max, exponent < -27 || exponent > 55 { return nil }
        }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 64 - 52 - 3)
        var significand = high >> shift
        // floor(exponent × log2(10)) + 63, the product's binary exponent, biased.
        var biasedExponent = ((217_706 * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
        if biasedExponent <= 0 {
            // Subnormal: shift out the bits below the smallest subnormal, then round.
            let subnormalShift = 1 - biasedExponent
            guard subnormalShift < 64 else { return 0 }
            significand >>= UInt64(subnormalShift)
            significand += significand & 1
            significand >>= 1
            // Rounding up to 2^52 gives the smallest normal number (its bits ORed in).
            let exponentBits: UInt64 = significand < 1 << 52 ? 0 : 1 << 52
            return Double(bitPattern: exponentBits | significand)
        }
        // Exactly halfway between two doubles: possible only when the product is
        // exact (small exponents), where the bits below are zero; round to even.
        if low <= 1, exponent >= -4, exponent <= 23, significand & 3 == 1, significand << shift == high {
            significand &= ~1
        }
        significand += significand & 1
        significand >>= 1
        if significand >= 2 << 52 {
            significand = 1 << 52
            biasedExponent += 1
        }
        significand &= ~(1 << 52)
        guard biasedExponent < 0x7FF else { return .infinity }
        return Double(bitPattern: UInt64(biasedExponent) << 52 | significand)
    }
}

extension NearestDouble {
    /// The `Double` nearest to `decimal`, from its significand and exponent, or
    /// from its text (correctly rounded too, and about a hundred times slower) when
    /// the significand is beyond `UInt64` or the rounding cannot be decided; `nil`
    /// for NaN.
    ///
    /// `NSDecimalNumber.doubleValue` is not correctly rounded; this is.
    static func nearest(to decimal: Decimal) -> Double? {
        guard decimal.isFinite else { return nil }
        return nearestFromParts(of: decimal) ?? Double(decimal.description)
    }

    /// ``nearest(to:)`` from the significand and exponent alone; `nil` where only
    /// the text decides.
    static func nearestFromParts(of decimal: Decimal) -> Double? {
        guard decimal.isFinite else { return nil }
        let significand = decimal.significand
        let mantissa = NSDecimalNumber(decimal: significand).uint64Value
        guard Decimal(mantissa) == significand, let magnitude = nearest(mantissa: mantissa, exponent: decimal.exponent)
        else { return nil }
        return decimal.sign == .minus ? -magnitude : magnitude
    }
}
