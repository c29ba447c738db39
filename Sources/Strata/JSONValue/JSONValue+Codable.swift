import Foundation

/// `JSONValue` through any `Decoder` and `Encoder`, so that it works inside
/// `Codable` models (and ``JSONMappedCodable`` ones) as well as Strata's.
///
/// Numbers are read as an integer when they are one, else as a `Decimal`, which
/// `JSONDecoder` reads with every digit up to 38, else as a `Double`; written as
/// the integer, `Double` or `Decimal` that holds them exactly. Members' keys are
/// data: leave the coder's key strategies at their defaults, which keep them as
/// they are.
extension JSONValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(JSONNumber(integer))
        } else if let integer = try? container.decode(UInt64.self) {
            self = .number(JSONNumber(integer))
        } else if let decimal = try? container.decode(Decimal.self), let number = JSONNumber(decimal) {
            self = .number(number)
        } else if let double = try? container.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Writes the value; a number no `Int`, `UInt64`, `Double` or `Decimal` holds
    /// exactly is an `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .number(let number):
            var container = encoder.singleValueContainer()
            switch number.foundation {
            case let integer as Int: try container.encode(integer)
            case let unsigned as UInt64: try container.encode(unsigned)
            case let double as Double: try container.encode(double)
            case let decimal as Decimal: try container.encode(decimal)
            default:
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "The number \(number.text) has no Int, UInt64, Double or Decimal that holds it exactly."))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                try container.encode(member, forKey: MemberKey(stringValue: key))
            }
        }
    }

    /// A member's key, whatever its text.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}
