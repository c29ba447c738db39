import Foundation

/// A JSON number, kept exactly: its text as JSON writes it, compared by value.
///
/// A `Double` rounds `0.1` and `12345678901234567890`; a `JSONNumber` keeps the
/// value of both exactly. Two numbers are equal when their values are
/// (`1.50 == 1.5`, `1e2 == 100`), whatever their text. Read from JSON, a number
/// that a `Decimal` holds has the text of its value (`1.50` reads as `1.5`); one
/// it would round (more than 38 significant digits, or beyond its range, as
/// `1e400`) keeps its text as written, and Strata's writers and archives write
/// that text back. An exponent of more than 15 digits is compared as written
/// (`1e1000000000000000` and `10e999999999999999` differ).
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

    /// The number of `text`, which the scanner has read as a JSON number.
    init(exactText text: String) {
        self.text = text
        self.value = ExactDigits(jsonNumber: text) ?? ExactDigits.zero
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
    public var decimalValue: Decimal? { ExactDigits.exactDecimal(text) }

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

extension JSONNumber {
    /// The number as the Foundation value that holds it exactly (see
    /// ``JSONValue/foundation``).
    ///
    /// A number written as an integer is an `Int` or a `UInt64` when it fits one; a
    /// number written with a fraction or an exponent is a `Double` (`-0.0` and
    /// `3.0` included) when a `Double` is exactly its value; otherwise a `Decimal`
    /// when one holds it exactly, and the `JSONNumber` itself when none does.
    var foundation: Any {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            if let integer = integer(as: Int.self) { return integer }
            if let unsigned = integer(as: UInt64.self) { return unsigned }
        } else if let double = doubleValue, JSONNumber(double) == self {
            return double
        }
        return decimalValue ?? self
    }
}
