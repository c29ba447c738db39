import Foundation

/// A number or boolean read from any of the shapes JSON values come in: Swift
/// integers, floating-point values, `Decimal`, `Bool`, ``JSONNumber`` (a number
/// none of the others holds exactly), and Foundation's `NSNumber` (whose booleans
/// ``BooleanNumber`` tells apart: a boolean `NSNumber` casts to `Int`, and `1`
/// casts to `Bool`).
///
/// Conversions out of it are exact: `1.5` or `1e30` is not an `Int`, `300` is not
/// an `Int8`, `-1` is not a `UInt`, and booleans are never numbers.
enum ExactNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)
    case decimal(Decimal)
    /// A number none of the others holds exactly (a ``JSONNumber`` such as `1e400`,
    /// or one of more than 38 digits): its nearest `Double`, `nil` beyond `Double`'s
    /// range. A `Double` payload, not the number, so that every case stays trivial
    /// to copy.
    case approximate(Double?)
    case boolean(Bool)

    /// Reads `value`, or returns `nil` when it is not a number or a boolean.
    init?(_ value: Any) {
        let type = type(of: value)
        if type == Int.self, let v = value as? Int {
            self = .signed(Int64(v))
        } else if type == Double.self, let v = value as? Double {
            self = .floating(v)
        } else if type == Bool.self, let v = value as? Bool {
            self = .boolean(v)
        } else if let number = numberObject(value) {
            self.init(number)
        } else if type == Decimal.self, let v = value as? Decimal {
            self = .decimal(v)
        } else if type == JSONNumber.self, let v = value as? JSONNumber {
            self.init(v)
        } else if type == Int64.self, let v = value as? Int64 {
            self = .signed(v)
        } else if type == Int32.self, let v = value as? Int32 {
            self = .signed(Int64(v))
        } else if type == Int16.self, let v = value as? Int16 {
            self = .signed(Int64(v))
        } else if type == Int8.self, let v = value as? Int8 {
            self = .signed(Int64(v))
        } else if type == UInt.self, let v = value as? UInt {
            self = .unsigned(UInt64(v))
        } else if type == UInt64.self, let v = value as? UInt64 {
            self = .unsigned(v)
        } else if type == UInt32.self, let v = value as? UInt32 {
            self = .unsigned(UInt64(v))
        } else if type == UInt16.self, let v = value as? UInt16 {
            self = .unsigned(UInt64(v))
        } else if type == UInt8.self, let v = value as? UInt8 {
            self = .unsigned(UInt64(v))
        } else if type == Float.self, let v = value as? Float {
            self = .floating(Double(v))
        } else {
            return nil
        }
    }

    init(_ number: NSNumber) {
        if BooleanNumber.isBoolean(number) {
            self = .boolean(number.boolValue)
        } else if let decimal = number as? NSDecimalNumber {
            self = .decimal(decimal.decimalValue)
        } else {
            switch number.objCType.pointee {
            case 0x63, 0x73, 0x69, 0x6C, 0x71:  // c s i l q
                self = .signed(number.int64Value)
            case 0x43, 0x53, 0x49, 0x4C, 0x51:  // C S I L Q
                self = .unsigned(number.uint64Value)
            default:
                self = .floating(number.doubleValue)
            }
        }
    }

    /// The number `number` holds: an integer, or a `Decimal`, when one holds it
    /// exactly; otherwise ``approximate(_:)``.
    init(_ number: JSONNumber) {
        if let integer = number.integer(as: Int64.self) {
            self = .signed(integer)
        } else if let integer = number.integer(as: UInt64.self) {
            self = .unsigned(integer)
        } else if let decimal = number.decimalValue {
            self = .decimal(decimal)
        } else {
            self = .approximate(number.doubleValue)
        }
    }

    /// The value as `I`, when it is an integer that fits.
    func integer<I: FixedWidthInteger>(_ type: I.Type) -> I? {
        switch self {
        case .signed(let v): return I(exactly: v)
        case .unsigned(let v): return I(exactly: v)
        case .floating(let v): return v.isFinite ? I(exactly: v) : nil
        case .decimal(let v): return Self.integer(from: v, as: type)
        case .approximate: return nil
        case .boolean: return nil
        }
    }

    /// The value as a floating-point number, rounded to the nearest `F` when needed.
    ///
    /// Booleans and values beyond `F`'s range are refused.
    func floatingPoint<F: BinaryFloatingPoint>(_ type: F.Type) -> F? {
        let result: F
        switch self {
        case .signed(let v): result = F(v)
        case .unsigned(let v): result = F(v)
        case .floating(let v):
            guard v.isFinite else { return v.isNaN ? nil : F(v) }
            result = F(v)
        case .decimal(let v):
            // Correctly rounded, where NSDecimalNumber.doubleValue is not.
            guard let double = NearestDouble.nearest(to: v) else { return nil }
            result = F(double)
        case .approximate(let v):
            guard let v else { return nil }
            result = F(v)
        case .boolean: return nil
        }
        return result.isFinite ? result : nil
    }

    /// The value as a `Decimal`.
    ///
    /// Doubles convert through their shortest representation, so `0.1`
    /// becomes exactly `0.1`.
    var decimal: Decimal? {
        switch self {
        case .signed(let v): return Decimal(v)
        case .unsigned(let v): return Decimal(v)
        case .floating(let v): return v.isFinite ? Decimal(string: v.description, locale: Self.posix) : nil
        case .decimal(let v): return v
        case .approximate: return nil
        case .boolean: return nil
        }
    }

    /// The value as a `Bool`, only when it is a boolean.
    var boolean: Bool? {
        if case .boolean(let v) = self { return v }
        return nil
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A whole `Decimal` as `I`, through its digits: exact for every width,
    /// `Int128` included.
    private static func integer<I: FixedWidthInteger>(from decimal: Decimal, as type: I.Type) -> I? {
        guard decimal.isFinite else { return nil }
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        guard rounded == decimal else { return nil }
        return I(rounded.description)
    }
}
