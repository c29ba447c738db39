import Foundation

/// Whether a value is JSON's `null` (`NSNull`).
///
/// A comparison of types, where `value is NSNull` would be a cast: on Linux, casting
/// a `[String: Any]` or `[Any]` to a class bridges the whole collection to Foundation
/// first, which made checking each element of an array of objects its most expensive step.
@inline(__always)
func isJSONNull(_ value: Any) -> Bool {
    type(of: value) == NSNull.self
}
