import Foundation

/// ``JSONValue`` and the JSON values Strata's engines read and write: `NSNull`,
/// `String`, `Bool`, numbers (`Int`, `UInt64`, `Double`, `Decimal`, `NSNumber`, and
/// ``JSONNumber`` for a number none of these holds exactly), `[Any]` and `[String:
/// Any]`, as `JSONSerialization` and Strata's reader give them.
extension JSONValue {
    /// The value of a JSON value in its Foundation form; an
    /// ``StrataError/Code-swift.enum/unsupportedValue`` error naming the first value
    /// inside that is none (a `Date`, a NaN).
    init(json value: Any) throws {
        if isJSONNull(value) {
            self = .null
        } else if let string = value as? String {
            self = .string(string)
        } else if let number = value as? JSONNumber {
            self = .number(number)
        } else if let number = ExactNumber(value) {
            switch number {
            case .boolean(let flag): self = .bool(flag)
            case .signed(let integer): self = .number(JSONNumber(integer))
            case .unsigned(let integer): self = .number(JSONNumber(integer))
            case .floating(let double):
                guard let number = JSONNumber(double) else { throw Self.unrepresentable(value) }
                self = .number(number)
            case .decimal(let decimal):
                guard let number = JSONNumber(decimal) else { throw Self.unrepresentable(value) }
                self = .number(number)
            case .approximate: throw Self.unrepresentable(value)
            }
        } else if let elements = value as? [Any] {
            self = .array(try elements.map { try JSONValue(json: $0) })
        } else if let members = value as? [String: Any] {
            self = .object(try members.mapValues { try JSONValue(json: $0) })
        } else {
            throw Self.unrepresentable(value)
        }
    }

    private static func unrepresentable(_ value: Any) -> StrataError {
        StrataError(.unsupportedValue, "JSON cannot represent \(describe(value)).")
    }

    /// The value in its Foundation form, which Strata's engines read and write
    /// exactly (see ``JSONNumber/foundation`` for numbers).
    var foundation: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .string(let string): return string
        case .number(let number): return number.foundation
        case .array(let elements): return elements.map(\.foundation)
        case .object(let members): return members.mapValues(\.foundation)
        }
    }
}
