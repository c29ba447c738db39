import Foundation

/// Any JSON value, as `Codable` reads and writes it: the bridge between Strata's
/// JSON values (`[String: Any]`, `[Any]`, strings, numbers, booleans, `NSNull`) and
/// any `Decoder` or `Encoder`.
///
/// Numbers keep their kind: an integer stays an integer, a `Decimal` a `Decimal`.
enum JSONTree: Sendable, Codable {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// A key of an object, whatever its text.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    /// The tree of a Strata JSON value; an `unsupportedValue` error when `value`
    /// is not one.
    init(json value: Any) throws {
        if isJSONNull(value) {
            self = .null
        } else if let string = value as? String {
            self = .string(string)
        } else if let number = ExactNumber(value) {
            switch number {
            case .boolean(let flag): self = .bool(flag)
            case .signed(let integer): self = .signed(integer)
            case .unsigned(let integer): self = .unsigned(integer)
            case .floating(let double): self = .double(double)
            case .decimal(let decimal): self = .decimal(decimal)
            }
        } else if let object = value as? [String: Any] {
            self = .object(try object.mapValues { try JSONTree(json: $0) })
        } else if let array = value as? [Any] {
            self = .array(try array.map { try JSONTree(json: $0) })
        } else {
            throw StrataError(.unsupportedValue, "JSON cannot represent \(describe(value)).")
        }
    }

    /// The value as Strata's JSON values: `[String: Any]`, `[Any]`, `String`, `Int`
    /// (or `Int64`/`UInt64` when it does not fit), `Double`, `Decimal`, `Bool`, `NSNull`.
    var json: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .signed(let integer): return Int(exactly: integer) as Any? ?? integer
        case .unsigned(let integer): return Int(exactly: integer) as Any? ?? integer
        case .double(let double): return double
        case .decimal(let decimal): return decimal
        case .string(let string): return string
        case .array(let array): return array.map(\.json)
        case .object(let object): return object.mapValues(\.json)
        }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONTree] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONTree.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONTree.self)) }
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? value.decode(Int64.self) {
                self = .signed(integer)
            } else if let integer = try? value.decode(UInt64.self) {
                self = .unsigned(integer)
            } else if let double = try? value.decode(Double.self) {
                self = .double(double)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for (key, member) in members { try object.encode(member, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .null, .bool, .signed, .unsigned, .double, .decimal, .string:
            var value = encoder.singleValueContainer()
            switch self {
            case .null: try value.encodeNil()
            case .bool(let flag): try value.encode(flag)
            case .signed(let integer): try value.encode(integer)
            case .unsigned(let integer): try value.encode(integer)
            case .double(let double): try value.encode(double)
            case .decimal(let decimal): try value.encode(decimal)
            case .string(let string): try value.encode(string)
            case .object, .array: break  // written above
            }
        }
    }
}
