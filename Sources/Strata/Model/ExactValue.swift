/// `value` as a `V` when the value inside the `Any` is of type `V` itself, or `nil`.
///
/// Passing the `Any` to the generic parameter `T` opens it, so the check is a
/// comparison of type metadata and the result a copy: no `type(of:)` (a runtime
/// call that walks the existential) and no dynamic cast. `nil` does not mean the
/// value is not a `V`; callers fall back to their general rules (a subclass, a
/// bridged `NSString`, a number to convert), so results never change.
@inline(__always)
func exactValue<V>(_ value: Any, as _: V.Type) -> V? {
    opened(value, as: V.self)
}

@inline(__always)
private func opened<T, V>(_ value: T, as _: V.Type) -> V? {
    guard T.self == V.self else { return nil }
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: V.self) }
}
