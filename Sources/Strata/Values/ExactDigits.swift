import Foundation

/// The value of a JSON number, exactly.
///
/// Its significant digits (no leading or trailing zeros), the power of ten of the
/// last one, and its sign. Zero has no digits and no sign, so `-0`, `0.00` and
/// `0e5` are one value.
struct ExactDigits: Hashable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0
    /// An exponent of more than 15 digits, as written without leading zeros (and
    /// `-` for a negative one), kept apart from ``exponent`` rather than rounded:
    /// two such numbers are equal only when their exponents are written alike.
    var hugeExponent: String?

    static let zero = ExactDigits()

    private init() {}

    /// The value of `text`, when it is a number in RFC 8259's grammar.
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
            let significant = exponentDigits.drop(while: { $0 == UInt8(ascii: "0") })
            if significant.count > 15 {
                hugeExponent = (exponentNegative ? "-" : "") + String(decoding: significant, as: UTF8.self)
            } else {
                for digit in significant { written = written * 10 + Int(digit - UInt8(ascii: "0")) }
                if exponentNegative { written = -written }
            }
        }
        guard bytes.isEmpty else { return nil }
        normalize(integer: integer, fraction: fraction, exponent: written)
    }

    /// The value of `text` when it is a plain decimal number, as `Decimal.description`
    /// writes one: `-?[0-9]+(\.[0-9]+)?`, leading zeros allowed (`"-01.50"`).
    init?(plainDecimal text: String) {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var integer = bytes
        var fraction: ArraySlice<UInt8> = []
        if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
            integer = bytes[..<point]
            fraction = bytes[(point + 1)...]
            guard !fraction.isEmpty else { return nil }
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard !integer.isEmpty, integer.allSatisfy(isDigit), fraction.allSatisfy(isDigit) else { return nil }
        normalize(integer: integer, fraction: fraction, exponent: 0)
    }

    /// Sets the digits and exponent of `integer.fraction × 10^exponent`, without
    /// leading or trailing zeros.
    private mutating func normalize(integer: ArraySlice<UInt8>, fraction: ArraySlice<UInt8>, exponent written: Int) {
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
            hugeExponent = nil
        }
    }

    /// The `Decimal` of the number `text` is (read by `read`: a JSON number, or a
    /// plain decimal number), when a `Decimal` holds its value exactly; `nil`
    /// otherwise (more than 38 significant digits, beyond its range).
    ///
    /// `Decimal(string:locale:)` alone reads a leading number and ignores the rest
    /// (`"0x10"` is 0, `"12abc"` 12) and rounds digits beyond its mantissa.
    static func exactDecimal(_ text: String, read: (String) -> ExactDigits? = ExactDigits.init(jsonNumber:)) -> Decimal? {
        guard let written = read(text), written.hugeExponent == nil,
            let decimal = Decimal(string: text, locale: posix), !decimal.isNaN,
            ExactDigits(plainDecimal: decimal.description) == written
        else { return nil }
        return decimal
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The value as `I`, when it is a whole number in `I`'s range.
    func integer<I: FixedWidthInteger>(as _: I.Type) -> I? {
        if digits.isEmpty { return 0 }
        guard hugeExponent == nil, exponent >= 0, digits.count + exponent <= 40 else { return nil }
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
