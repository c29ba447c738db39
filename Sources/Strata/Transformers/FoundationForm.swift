import Foundation

/// JSON values in the form Foundation's `JSONSerialization` gives them, and so
/// Mantle's transformers receive them: numbers and booleans as `NSNumber` (long
/// numbers as `NSDecimalNumber`), inside arrays and objects too.
///
/// What an untyped transformer (a closure over `Any?`, or a `ValueTransformer`
/// subclass) receives, whatever the source: Strata's reader parses `Data` into
/// Swift values (`Int`, `Double`, `Bool`, `Decimal`), a dictionary from
/// `JSONSerialization` holds `NSNumber`s, and a closure that casts `as? Double`
/// must see `48` the same way from both. An `NSNumber` casts to each Swift
/// number type that holds its value exactly (`48` to `Int` and `Double`, not
/// `2.5` to `Int`), as on Apple platforms. Typed transformers and Strata's own
/// check their input exactly instead, and never pay for this. A number that no
/// `NSNumber` holds exactly (`1e400`, more than 38 significant digits) arrives as
/// its ``JSONNumber``.
enum FoundationForm {
    /// `value` with its numbers and booleans as `NSNumber`, at any depth; values
    /// that hold none are returned as they are.
    static func of(_ value: Any?) -> Any? {
        guard let value else { return nil }
        return of(value)
    }

    static func of(_ value: Any) -> Any {
        // Exact dynamic types: a cast (`as? Int`) would also match an NSNumber, and
        // turn a boolean NSNumber into a number.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(String.self) { return value }
        if type == ObjectIdentifier(Int.self), let number = value as? Int { return NSNumber(value: number) }
        if type == ObjectIdentifier(Double.self), let number = value as? Double { return NSNumber(value: number) }
        if type == ObjectIdentifier(Bool.self), let flag = value as? Bool { return NSNumber(value: flag) }
        if type == ObjectIdentifier(Decimal.self), let number = value as? Decimal { return NSDecimalNumber(decimal: number) }
        if let array = value as? [Any] { return array.map { of($0) } }
        if let object = value as? [String: Any] { return object.mapValues { of($0) } }
        return value
    }
}
