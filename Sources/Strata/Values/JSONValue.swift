import Foundation

/// Any JSON value, typed and `Sendable`: for free-form JSON a model keeps as it
/// is, such as Stripe's `metadata` or a webhook's payload.
///
/// A property of type `JSONValue`, `JSONValue?`, `[JSONValue]` or
/// `[String: JSONValue]` reads whatever JSON the key holds and writes it back
/// as it was; numbers keep their exact value (``JSONNumber``), and `null` is a
/// value, ``null`` (for a `JSONValue?`, as for any optional, it is `nil`).
///
/// ```swift
/// struct Charge: JSONSerializing {
///     var id = ""
///     var metadata: [String: JSONValue] = [:]
///
///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
/// }
///
/// let charge = try JSONAdapter.model(of: Charge.self, from: data)
/// charge.metadata["order_id"]?.stringValue   // "6735"
/// let value: JSONValue = ["tags": ["a", "b"], "count": 2, "ratio": 0.5, "note": nil]
/// value["tags"]?[1]                          // "b"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; its members have no order.
    case object([String: JSONValue])

    // MARK: Reading

    /// The member `key` of an object; `nil` when the value is not an object or
    /// has no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; `nil` when the value is not an array
    /// or `index` is out of its range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, when the value is one.
    public var boolValue: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The number, when the value is one.
    public var numberValue: JSONNumber? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The number as an `Int`, when the value is a whole number in `Int`'s range.
    public var intValue: Int? { numberValue?.intValue }

    /// The number as its nearest `Double`, when the value is a number in
    /// `Double`'s range.
    public var doubleValue: Double? { numberValue?.doubleValue }

    /// The number as a `Decimal`, when the value is a number a `Decimal` holds exactly.
    public var decimalValue: Decimal? { numberValue?.decimalValue }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members, when the value is an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) {
        self = .null
    }

    /// A boolean.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An integer.
    public init(integerLiteral value: Int) {
        self = .number(JSONNumber(value))
    }

    /// A number, as the `Double` the literal makes.
    public init(floatLiteral value: Double) {
        self = .number(JSONNumber(floatLiteral: value))
    }

    /// A string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An array.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// An object; a key written twice keeps its last value.
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, an object's members in key order:
    /// `{"a":[1,true,null]}`.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): JSONValue.writeString(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                JSONValue.writeString(key, to: &text)
                text += ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// `string` as a JSON string literal, escaped as RFC 8259 requires.
    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
