import Foundation

/// Numbers: an RFC 8259 number literal read as an integer or its nearest
/// `Double` (see ``scanNumber()``), and made into the builder's value.
extension JSONScanner {
    /// Parses an RFC 8259 number at `index` into the builder's value.
    mutating func parseNumber() throws(JSONParsingError) -> Builder.Value {
        let start = index
        switch try scanNumber() {
        case .integer(let value): return builder.integer(value)
        case .unsigned(let value): return builder.unsignedInteger(value)
        case .double(let value): return builder.double(value)
        case .preciseDouble(let value):
            // More digits than a Double keeps faithfully (15, fewer below its normal
            // range): a builder that asks for the text may keep its precision.
            guard builder.keepsPreciseDigits else { return builder.double(value) }
            return builder.preciseDouble(value, text: numberText(from: start, to: index))
        case .bigInteger:
            let text = numberText(from: start, to: index)
            // A Decimal only while it holds every digit as written.
            if let decimal = Decimal(string: text, locale: nil), !decimal.isNaN, decimal.description == text {
                return builder.bigInteger(decimal)
            }
            return try inexactNumber(text, at: start)
        case .outOfRange:
            return try inexactNumber(numberText(from: start, to: index), at: start)
        }
    }

    /// The number at `index`, read, when it is an integer that `Int` holds (what
    /// ``parseNumber()`` gives the builder as one); `nil`, having read nothing, for
    /// any other value.
    mutating func parseInteger() throws(JSONParsingError) -> Int? {
        guard index < count, input[index] == Byte.minus || Self.isDigit(input[index]) else { return nil }
        let start = index
        guard case .integer(let value) = try scanNumber() else {
            index = start
            return nil
        }
        return value
    }

    /// The builder's value for a number no `Int`, `UInt64`, `Double` or `Decimal`
    /// holds exactly; an error when the builder has none.
    private mutating func inexactNumber(_ text: String, at start: Int) throws(JSONParsingError) -> Builder.Value {
        guard let value = builder.inexactNumber(text: text) else {
            throw makeError(.numberOutOfRange(text), at: start)
        }
        return value
    }

    /// Reads the RFC 8259 number at `index`, leaving `index` after it.
    @inline(__always)
    mutating func scanNumber() throws(JSONParsingError) -> ScannedNumber {
        let start = index
        var position = index
        let negative = input[position] == Byte.minus
        if negative { position += 1 }

        var mantissa: UInt64 = 0
        var mantissaOverflow = false

        // Integer part.
        guard position < count else {
            throw makeError(.unexpectedEndOfInput(expected: "a digit after '-'"), at: position)
        }
        let first = input[position]
        if first == Byte.zero {
            position += 1
            if position < count, Self.isDigit(input[position]) {
                throw makeError(.invalidNumber(reason: "leading zeros are not allowed"), at: start)
            }
        } else if Self.isDigit(first) {
            _ = accumulateDigits(at: &position, into: &mantissa, overflow: &mantissaOverflow)
        } else {
            throw makeError(.unexpectedCharacter(first, expected: "a digit after '-'"), at: position)
        }

        var isInteger = true
        var fractionDigits = 0
        if position < count, input[position] == Byte.period {
            isInteger = false
            position += 1
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a digit after the decimal point"), at: position)
            }
            guard Self.isDigit(input[position]) else {
                throw makeError(.unexpectedCharacter(input[position], expected: "a digit after the decimal point"), at: position)
            }
            fractionDigits = accumulateDigits(at: &position, into: &mantissa, overflow: &mantissaOverflow)
        }

        var exponent = 0
        var exponentSaturated = false
        if position < count, input[position] | 0x20 == Byte.e {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < count, input[position] == Byte.plus || input[position] == Byte.minus {
                exponentNegative = input[position] == Byte.minus
                position += 1
            }
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a digit in the exponent"), at: position)
            }
            guard Self.isDigit(input[position]) else {
                throw makeError(.unexpectedCharacter(input[position], expected: "a digit in the exponent"), at: position)
            }
            while position < count, Self.isDigit(input[position]) {
                // Saturate: the text gives the value of an exponent this large.
                if exponent < 1_000_000 {
                    exponent = exponent * 10 + Int(input[position] - Byte.zero)
                } else {
                    exponentSaturated = true
                }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = position

        if isInteger {
            if !mantissaOverflow {
                if negative {
                    if mantissa <= UInt64(Int.max) + 1 { return .integer(Int(truncatingIfNeeded: 0 &- mantissa)) }
                } else if mantissa <= UInt64(Int.max) {
                    return .integer(Int(mantissa))
                } else {
                    return .unsigned(mantissa)
                }
            }
            return .bigInteger
        }

        // Exact fast path (Clinger): mantissa and power of ten are both exact doubles.
        let decimalExponent = exponent - fractionDigits
        let exact = !mantissaOverflow && !exponentSaturated
        if exact, mantissa < 1_000_000_000_000_000, decimalExponent >= -22, decimalExponent <= 22 {
            var value = Double(mantissa)
            let power = Self.powerOfTen(decimalExponent < 0 ? -decimalExponent : decimalExponent)
            value = decimalExponent < 0 ? value / power : value * power
            return .double(negative ? -value : value)
        }

        // The nearest Double from the two integers; from the text only when the
        // digits overflow a UInt64, the exponent saturates, or the rounding is too
        // close to call.
        let nearest = exact ? NearestDouble.nearest(mantissa: mantissa, exponent: decimalExponent) : nil
        guard let magnitude = nearest ?? Double(numberText(from: negative ? start + 1 : start, to: position)),
            magnitude.isFinite
        else { return .outOfRange }
        let value = negative ? -magnitude : magnitude
        if mantissaOverflow || mantissa >= 1_000_000_000_000_000 { return .preciseDouble(value) }
        // Below the normal range a Double keeps fewer digits (and none past it:
        // `1e-400` is 0), so its text holds the value there too.
        return magnitude < Double.leastNormalMagnitude && mantissa != 0 ? .preciseDouble(value) : .double(value)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- Byte.zero < 10 }

    /// Reads the digits from `position` on into `mantissa` (`overflow` set, and
    /// `mantissa` left as it was, once it would pass `UInt64`), leaving `position`
    /// after them; returns how many there were.
    ///
    /// Eight bytes at a time while eight bytes follow and the mantissa has room for
    /// eight more digits: all eight while they are digits, then the digits up to
    /// the first byte that is not one, which ends the run. Then one at a time.
    @inline(__always)
    private func accumulateDigits(at position: inout Int, into mantissa: inout UInt64, overflow: inout Bool) -> Int {
        let first = position
        while !overflow, mantissa < 100_000_000_000, position + 8 <= count {
            let word = input.word(at: position)
            if Self.areEightDigits(word) {
                mantissa = mantissa &* 100_000_000 &+ Self.valueOfEightDigits(word)
                position &+= 8
                continue
            }
            let digits = Self.leadingDigitCount(word)
            if digits > 1 {
                // The digits moved up to the last bytes, behind as many `0`s as they leave.
                let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* digits)
                let padded = (word &<< shift) | (0x3030_3030_3030_3030 & ~(UInt64.max &<< shift))
                mantissa = mantissa &* Self.powerOfTenInteger(digits) &+ Self.valueOfEightDigits(padded)
            } else if digits == 1 {
                // One (the ninth of a nine-digit integer, say): no need to pad.
                mantissa = mantissa &* 10 &+ (word & 0x0F)
            }
            // A byte that is not a digit follows, which ends the loop below at once.
            position &+= digits
            break
        }
        while position < count, Self.isDigit(input[position]) {
            Self.accumulate(input[position], into: &mantissa, overflow: &overflow)
            position += 1
        }
        return position - first
    }

    /// Whether every byte of `word` is an ASCII digit: its high nibble is 3, and
    /// still 3 once 6 is added (which carries out of the nibble from `:` on).
    @inline(__always)
    private static func areEightDigits(_ word: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        return word & highNibbles == threes && (word &+ 0x0606_0606_0606_0606) & highNibbles == threes
    }

    /// How many of `word`'s bytes, from its lowest, are ASCII digits before the
    /// first that is not (8 when all are).
    ///
    /// A byte is not a digit when its high nibble is not 3, or is not 3 once 6 is
    /// added; a carry out of a byte reaches only the bytes after it, and the first
    /// byte that is not a digit is the one counted to.
    @inline(__always)
    private static func leadingDigitCount(_ word: UInt64) -> Int {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let notDigits = ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
        return notDigits.trailingZeroBitCount >> 3
    }

    /// 10 to the power `exponent`, for 2 to 7.
    ///
    /// Not `DecimalDigits.powerOfTen`: its twenty cases make the digit reader too
    /// large for the optimiser to inline into `scanNumber` (+9% of canada's read).
    @inline(__always)
    private static func powerOfTenInteger(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        default: return 10_000_000
        }
    }

    /// The value of the eight ASCII digits of `word`, the first in its lowest byte:
    /// pairs of digits combined into bytes, pairs of those into 16-bit lanes, and
    /// the two 4-digit halves by one multiplication whose high half is the sum.
    @inline(__always)
    private static func valueOfEightDigits(_ word: UInt64) -> UInt64 {
        let digits = word &- 0x3030_3030_3030_3030
        // Each 16-bit lane's low byte: 10 × its first digit + its second.
        let pairs = (digits &* 10) &+ (digits >> 8)
        let lowPairs = pairs & 0x0000_00FF_0000_00FF
        let highPairs = (pairs >> 16) & 0x0000_00FF_0000_00FF
        // Bits 32 and up of the sum: pair1 × 1,000,000 + pair2 × 10,000 + pair3 × 100 + pair4.
        return (lowPairs &* (100 &+ (1_000_000 << 32)) &+ highPairs &* (1 &+ (10_000 << 32))) >> 32
    }

    @inline(__always)
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, overflow: inout Bool) {
        if overflow { return }
        let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - Byte.zero))
        if overflow1 || overflow2 { overflow = true } else { mantissa = sum }
    }

    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    private func numberText(from start: Int, to end: Int) -> String {
        String(decoding: input.bytes(start..<end), as: UTF8.self)
    }
}

/// A number literal as the scanner reads it, before a value builder makes its
/// value; the literal's text is the input between where the scan started and
/// where it stopped.
enum ScannedNumber {
    /// An integer that fits `Int`.
    case integer(Int)
    /// A non-negative integer above `Int.max` that fits `UInt64`.
    case unsigned(UInt64)
    /// An integer outside `Int64.min...UInt64.max`, whose value its text gives.
    case bigInteger
    /// A number with a fraction or exponent and at most 15 significant digits:
    /// its nearest `Double`.
    case double(Double)
    /// A number with a fraction or exponent and more than 15 significant digits, or
    /// below `Double`'s normal range: its nearest `Double`, which its text makes
    /// more precise.
    case preciseDouble(Double)
    /// A number with a fraction or exponent beyond `Double`'s range (`1e400`), whose
    /// value only its text gives.
    case outOfRange
}
