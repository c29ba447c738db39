import Foundation
@testable import Strata

/// A type-exact description of a parsed JSON value, for comparing parser output.
///
/// `init(foundation:)` accepts only the shapes `JSONSerialization` returns and
/// `init(native:)` only the Swift natives `JSONReader.nativeObject` returns; any
/// other dynamic type becomes ``other(_:)`` naming it, so a wrong representation
/// (an `NSNumber` where a `Bool` belongs, an `Int` where a `Double` belongs) makes
/// two shapes unequal. Doubles compare by bit pattern, so `-0.0` differs from `0.0`.
/// Not `indirect`: arrays and dictionaries already hold their elements out of line.
enum JSONShape: Equatable, Sendable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(bitPattern: UInt64)
    case decimal(Decimal)
    /// A ``JSONNumber``, by its text.
    case number(String)
    case null
    case array([JSONShape])
    case object([String: JSONShape])
    case other(String)

    static func double(_ value: Double) -> JSONShape { .double(bitPattern: value.bitPattern) }

    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Describes a value built from `[String: Any]`, `[Any]`, `String`, `NSNumber` and `NSNull`.
    init(foundation value: Any) {
        let type = type(of: value)
        if let number = value as? NSNumber, type is NSNumber.Type {
            if ObjectIdentifier(type) == Self.booleanNumberClass {
                self = .bool(number.boolValue)
            } else if let decimal = number as? NSDecimalNumber {
                self = .decimal(decimal.decimalValue)
            } else {
                switch UInt8(bitPattern: number.objCType.pointee) {
                case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
                    self = .signed(number.int64Value)
                case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
                    self = .unsigned(number.uint64Value)
                case UInt8(ascii: "d"), UInt8(ascii: "f"):
                    self = .double(number.doubleValue)
                default:
                    self = .other("NSNumber(\(number.objCType.pointee))")
                }
            }
        } else {
            self = Self.common(value, type: type) { JSONShape(foundation: $0) }
        }
    }

    /// Describes a value built from `[String: Any]`, `[Any]`, `String`, `Bool`, `Int`, `UInt64`, `Double`, `Decimal`,
    /// `JSONNumber` and `NSNull`.
    init(native value: Any) {
        let type = type(of: value)
        if type == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if type == Int.self, let int = value as? Int {
            self = .signed(Int64(int))
        } else if type == UInt64.self, let unsigned = value as? UInt64 {
            self = .unsigned(unsigned)
        } else if type == Double.self, let double = value as? Double {
            self = .double(double)
        } else if type == Decimal.self, let decimal = value as? Decimal {
            self = .decimal(decimal)
        } else if type == JSONNumber.self, let number = value as? JSONNumber {
            self = .number(number.text)
        } else {
            self = Self.common(value, type: type) { JSONShape(native: $0) }
        }
    }

    private static func common(_ value: Any, type: Any.Type, element: (Any) -> JSONShape) -> JSONShape {
        if type == String.self, let string = value as? String {
            return .string(string)
        } else if type == NSNull.self {
            return .null
        } else if type == [Any].self, let array = value as? [Any] {
            return .array(array.map(element))
        } else if type == [String: Any].self, let object = value as? [String: Any] {
            return .object(object.mapValues(element))
        }
        return .other(String(describing: type))
    }

    var description: String {
        switch self {
        case .string(let string): return "string \(string.debugDescription)"
        case .bool(let bool): return "bool \(bool)"
        case .signed(let int): return "signed \(int)"
        case .unsigned(let int): return "unsigned \(int)"
        case .double(let bits): return "double \(Double(bitPattern: bits))"
        case .decimal(let decimal): return "decimal \(decimal)"
        case .number(let text): return "number \(text)"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
                .joined(separator: ", ") + "}"
        case .other(let name): return "<\(name)>"
        }
    }
}

/// The two shapes `JSONReader` builds, as a test argument.
enum ReaderOutput: String, CaseIterable, Sendable, CustomStringConvertible {
    case foundation
    case native

    var description: String { rawValue }

    /// Parses `data` with this output's entry point and describes the result.
    func shape(of data: Data) throws -> JSONShape {
        switch self {
        case .foundation: return JSONShape(foundation: try JSONReader.jsonObject(with: data))
        case .native: return JSONShape(native: try JSONReader.nativeObject(with: data))
        }
    }

    func shape(of text: String) throws -> JSONShape { try shape(of: Data(text.utf8)) }

    /// Parses `data`, returning the parsing error or `nil` when it parses.
    func error(for data: Data) -> JSONParsingError? {
        do {
            switch self {
            case .foundation: _ = try JSONReader.jsonObject(with: data)
            case .native: _ = try JSONReader.nativeObject(with: data)
            }
            return nil
        } catch {
            return error as? JSONParsingError
        }
    }
}
