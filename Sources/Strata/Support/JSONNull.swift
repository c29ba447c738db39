import Foundation

/// Whether a value is JSON's `null` (`NSNull`).
///
/// A comparison of types, where `value is NSNull` would be a cast: on Linux, casting
/// a `[String: Any]` or `[Any]` to a class bridges the whole collection to Foundation
/// first, which would make checking each element of an array of objects its most expensive step.
@inline(__always)
func isJSONNull(_ value: Any) -> Bool {
    if isJSONScalar(value) { return false }
    return type(of: value) == NSNull.self
}

/// Whether the opened type of an `Any` (passed as `T`) is one of the value types
/// JSON scalars are parsed into: a comparison of metadata, where `type(of:)` on an
/// `Any` is a runtime call.
///
/// Value types, so no subclass of `NSNull` can be one.
@inline(__always)
private func isJSONScalar<T>(_: T) -> Bool {
    T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
}
