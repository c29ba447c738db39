import Foundation

/// ``JSONValue`` and the JSON values Strata's engines read and write: `NSNull`,
/// `String`, `Bool`, numbers (`Int`, `UInt64`, `Double`, `Decimal`, `NSNumber`),
/// `[Any]` and `[String: Any]`, as `JSONSerialization` and Strata's reader give them.
extension JSONValue {
    /// The value of a JSON value in its Foundation form; an
    /// ``StrataError/Code-swift.enum/unsupportedValue`` error naming the first value
    /// inside that is none (a `Date`, a NaN).
    init(json value: Any) throws {
        if isJSONNull(value) {
            self = .null
        } else if let string = value as? String {
            self = .string(string)
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

    /// The value in its Foundation form, which Strata's engines read: throws for a
    /// number none of them holds exactly (see ``foundation``).
    var json: Any {
        get throws {
            guard let foundation else {
                throw StrataError(
                    .unsupportedValue,
                    "The number \(firstInexactNumber?.text ?? "") has more digits, or a larger exponent, than "
                        + "Strata's writers hold exactly (38 significant digits, Decimal's range).")
            }
            return foundation
        }
    }

    /// The value in its Foundation form, which Strata's writers write exactly (see
    /// ``JSONNumber/foundation`` for numbers); `nil` for a number no Foundation value
    /// holds exactly (more than 38 significant digits, or beyond `Decimal`'s range).
    var foundation: Any? {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .string(let string): return string
        case .number(let number): return number.foundation
        case .array(let elements):
            var values: [Any] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = element.foundation else { return nil }
                values.append(value)
            }
            return values
        case .object(let members):
            var values: [String: Any] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let value = member.foundation else { return nil }
                values[key] = value
            }
            return values
        }
    }

    /// The first number inside the value that ``foundation`` cannot hold exactly.
    var firstInexactNumber: JSONNumber? {
        switch self {
        case .null, .bool, .string: return nil
        case .number(let number): return number.foundation == nil ? number : nil
        case .array(let elements): return elements.lazy.compactMap(\.firstInexactNumber).first
        case .object(let members): return members.values.lazy.compactMap(\.firstInexactNumber).first
        }
    }
}

extension JSONNumber {
    /// The number as the Foundation value that holds it exactly (see
    /// ``JSONValue/foundation``), or `nil`.
    ///
    /// A number written as an integer is an `Int` or a `UInt64` when it fits one; a
    /// number written with a fraction or an exponent is a `Double` (`-0.0` and
    /// `3.0` included) when a `Double` is exactly its value.
    var foundation: Any? {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            if let integer = integer(as: Int.self) { return integer }
            if let unsigned = integer(as: UInt64.self) { return unsigned }
        } else if let double = doubleValue, JSONNumber(double) == self {
            return double
        }
        return decimalValue
    }
}
