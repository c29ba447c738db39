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

    var archivedKind: ArchiveLayout.Kind? { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, Decimal.self, .leaf(self)).description as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self), Self.exactDecimal)
    }

    /// `text` as a `Decimal`, when it is a plain decimal number, as `Decimal.description`
    /// writes it (`-12.5`, `0.001`, `12345678901234567890.125`), whose every digit
    /// `Decimal` holds, or `NaN`, as it writes `Decimal.nan`; otherwise `nil`, so that
    /// a tampered archive is not read as another value.
    static func exactDecimal(_ text: String) -> Decimal? {
        if text == Decimal.nan.description { return .nan }
        return ExactDigits.exactDecimal(text, read: ExactDigits.init(plainDecimal:))
    }
}
