import Foundation

/// A JSON number, kept exactly: its text as JSON writes it, compared by value.
///
/// A `Double` rounds `0.1` and `12345678901234567890`; a `JSONNumber` keeps both
/// exactly as they were read, and writes them back unchanged. Two numbers are
/// equal when their values are (`1.50 == 1.5`, `1e2 == 100`), whatever their text.
///
/// ```swift
/// let big = JSONNumber("12345678901234567890")
/// big?.intValue            // nil: past Int.max
/// big?.decimalValue        // 12345678901234567890, every digit
/// JSONNumber(0.1).text     // "0.1"
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, in RFC 8259's grammar: `-12`, `0.5`, `1e400`.
    public let text: String
    /// The value, for comparing and hashing.
    private let value: ExactDigits

    /// The number `text` stands for, or `nil` when `text` is not a JSON number
    /// (`"1."`, `"+1"`, `"0x10"`, `"NaN"`).
    public init?(_ text: String) {
        guard let value = ExactDigits(jsonNumber: text) else { return nil }
        self.text = text
        self.value = value
    }

    /// The number of an integer.
    public init<I: BinaryInteger>(_ integer: I) {
        let text = String(integer)
        self.text = text
        // The decimal text of an integer is a JSON number.
        self.value = ExactDigits(jsonNumber: text) ?? ExactDigits.zero
    }

    /// The number of a `Double`, written as its shortest text that reads back as the
    /// same `Double` (`0.1`, `1e+300`); `nil` for NaN and the infinities, which JSON
    /// has no number for.
    public init?(_ double: Double) {
        guard double.isFinite else { return nil }
        self.init(double.description)
    }

    /// The number of a `Decimal`, with every digit it holds; `nil` for NaN.
    public init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        self.init(decimal.description)
    }

    /// The value as an `Int`, when it is a whole number in `Int`'s range (`3`,
    /// `3.0` and `3e0` alike); `nil` otherwise.
    public var intValue: Int? { value.integer(as: Int.self) }

    /// The value as `I`, when it is a whole number in `I`'s range.
    func integer<I: FixedWidthInteger>(as type: I.Type) -> I? { value.integer(as: type) }

    /// The value as its nearest `Double`; `nil` when it is beyond `Double`'s range
    /// (`1e400`).
    public var doubleValue: Double? {
        guard let double = Double(text), double.isFinite else { return nil }
        return double
    }

    /// The value as a `Decimal`, when a `Decimal` holds it exactly; `nil` otherwise
    /// (more than 38 digits, or `1e400`).
    public var decimalValue: Decimal? {
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN,
            ExactDigits(jsonNumber: decimal.description) == value
        else { return nil }
        return decimal
    }

    /// ``text``.
    public var description: String { text }

    /// Whether the two numbers have the same value, whatever their text: `1.50 == 1.5`.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }

    /// Hashes the value, so that equal numbers written differently hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number of an integer literal: `let count: JSONNumber = 3`.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The number of a floating-point literal, as the `Double` it makes: `let ratio: JSONNumber = 0.5`.
    ///
    /// A literal that is no finite `Double` is zero.
    public init(floatLiteral value: Double) {
        self = JSONNumber(value) ?? JSONNumber(Int(0))
    }
}

/// The value of a JSON number, exactly.
///
/// Its significant digits (no leading or trailing zeros), the power of ten of the
/// last one, and its sign. Zero has no digits and no sign, so `-0`, `0.00` and
/// `0e5` are one value.
private struct ExactDigits: Hashable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0

    static let zero = ExactDigits()

    private init() {}

    /// The value of `text`, when it is a number in RFC 8259's grammar; an exponent
    /// too large for `Int` saturates.
    init?(jsonNumber text: String) {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integer = bytes.prefix(while: isDigit)
        guard !integer.isEmpty, integer.first != UInt8(ascii: "0") || integer.count == 1 else { return nil }
        bytes = bytes.dropFirst(integer.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return nil }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        var written = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let exponentDigits = bytes.prefix(while: isDigit)
            guard !exponentDigits.isEmpty else { return nil }
            bytes = bytes.dropFirst(exponentDigits.count)
            for digit in exponentDigits {
                // Saturated: no JSON number has a value that needs an exponent past Int's range.
                written = written > Int.max / 20 ? Int.max / 20 : written * 10 + Int(digit - UInt8(ascii: "0"))
            }
            if exponentNegative { written = -written }
        }
        guard bytes.isEmpty else { return nil }
        var all = Array(integer) + Array(fraction)
        exponent = written - fraction.count
        let leadingZeros = all.prefix(while: { $0 == UInt8(ascii: "0") }).count
        all.removeFirst(leadingZeros)
        while all.last == UInt8(ascii: "0") {
            all.removeLast()
            exponent += 1
        }
        digits = all
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
    }

    /// The value as `I`, when it is a whole number in `I`'s range.
    func integer<I: FixedWidthInteger>(as _: I.Type) -> I? {
        guard exponent >= 0, digits.count + exponent <= 40 else { return digits.isEmpty ? 0 : nil }
        var value: I = 0
        for digit in digits + Array(repeating: UInt8(ascii: "0"), count: exponent) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let next = I(digit - UInt8(ascii: "0"))
            let (sum, carry) = negative ? times.subtractingReportingOverflow(next) : times.addingReportingOverflow(next)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
