import Foundation

/// `Decimal`: a JSON number with every digit it has; archived as its text.
struct DecimalProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> DecimalProperty? { type == Decimal.self ? DecimalProperty() : nil }

    var valueType: Any.Type { Decimal.self }
    var name: String { "Decimal" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { DefaultTransformers.scalar(self) }
    var lenientTransformer: Transformation { LenientTransformers.number(self) }
    /// `Decimal.nan` is no JSON number.
    var mayBeUnrepresentableInJSON: Bool { true }

    // MARK: Numbers

    var isNumeric: Bool { true }
    func converted(_ number: ExactNumber) -> Any? { number.decimal }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, Decimal.self, .leaf(self)).description as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self), Self.exactDecimal)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `text` as a `Decimal`, when it is a plain decimal number, as `Decimal.description`
    /// writes it (`-12.5`, `0.001`, `12345678901234567890.125`), whose every digit
    /// `Decimal` holds, or `NaN`, as it writes `Decimal.nan`; otherwise `nil`.
    ///
    /// `Decimal(string:locale:)` alone reads a leading number and ignores the rest
    /// (`"0x10"` is 0, `"12abc"` 12, `" 5"` 5) and rounds digits beyond its
    /// mantissa: a tampered archive would read as another value.
    static func exactDecimal(_ text: String) -> Decimal? {
        if text == Decimal.nan.description { return .nan }
        guard let written = DecimalDigits(text), let decimal = Decimal(string: text, locale: posix), !decimal.isNaN,
            DecimalDigits(decimal.description) == written
        else { return nil }
        return decimal
    }

    /// The value of a plain decimal number's text (`-?[0-9]+(\.[0-9]+)?`), as its
    /// significant digits and the power of ten of the last one: `"-01.50"` is
    /// `-15 × 10^-1`.
    ///
    /// Zero has no digits and no sign.
    private struct DecimalDigits: Equatable {
        var negative = false
        var digits: ArraySlice<UInt8> = []
        var exponent = 0

        init?(_ text: String) {
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
            let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
            guard !integer.isEmpty, integer.allSatisfy(isDigit), fraction.allSatisfy(isDigit) else { return nil }
            var all = Array(integer + fraction)[...]
            exponent = -fraction.count
            while all.first == UInt8(ascii: "0") { all = all.dropFirst() }
            while all.last == UInt8(ascii: "0") {
                all = all.dropLast()
                exponent += 1
            }
            digits = all
            if all.isEmpty {
                negative = false
                exponent = 0
            }
        }
    }

}
