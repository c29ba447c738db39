/// Turns loosely typed values (`Any?`, as JSON and key-value coding hand them
/// over) into `T`: numbers convert exactly between representations, booleans and
/// numbers stay apart, everything else must already be a `T`.
///
/// Used by the property setters and by typed value transformers, so both accept
/// exactly the same values.
struct TypedValue<T>: @unchecked Sendable {
    // @unchecked: holds a `PropertyType`, which only stores metatypes.
    let type: PropertyType
    private let numeric: PropertyType?
    /// The type a value must have to be stored as it is: `T`, or `Wrapped` for `T == Wrapped?`.
    private let exactType: Any.Type
    // No stored property of a type that depends on `T` (such as `T`'s `nil`): the
    // layout is then fixed, and unspecialised code reads the fields without looking up
    // `TypedValue<T>`'s metadata on every call.

    init(_ value: T.Type, _ type: PropertyType? = nil) {
        let type = type ?? PropertyType(T.self)
        self.type = type
        self.numeric = type.unwrapped.isNumeric ? type.unwrapped : nil
        self.exactType = (T.self as? any OptionalProtocol.Type)?.wrappedType ?? T.self
    }

    /// `value` as a `T`, or `nil` when it is not one (`nil` is a `T` only when `T` is optional).
    @inline(__always)
    func coerce(_ value: Any?) -> T? {
        guard let value else { return cast(nil, to: T.self) }
        return coerce(some: value)
    }

    /// `value` as a `T`, or `nil` when it is not one: ``coerce(_:)`` of a value that
    /// is not `nil`, without wrapping it in an `Optional` (a copy through its value
    /// witnesses).
    @inline(__always)
    func coerce(some value: Any) -> T? {
        if let typed = exactValue(value, as: T.self) { return typed }
        if T.self == Double.self, let integer = exactValue(value, as: Int.self) {
            // The scanner's whole numbers, into a `Double` (epoch seconds, say): what
            // `exactNumber` gives for them, rounded to the nearest `Double`.
            return exactValue(Double(integer), as: T.self)
        }
        if Swift.type(of: value) == exactType { return value as? T }
        guard let numeric else { return value as? T }
        return numeric.exactNumber(from: value).flatMap { cast($0, to: T.self) }
    }

    /// `value` as a `T`, or a type-mismatch error naming both types.
    func require(_ value: Any?) throws -> T {
        if let typed = coerce(value) { return typed }
        throw StrataError.expected(type.name, found: value)
    }

    /// `value`, which is not `nil`, as a `T`, or a type-mismatch error naming both types.
    func require(some value: Any) throws -> T {
        if let typed = coerce(some: value) { return typed }
        throw StrataError.expected(type.name, found: value)
    }
}
