import Foundation

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
    return sameTypeValue(value, as: V.self)
}

/// `value` as a `V`, where the caller has established that `T` is `V` (a generic
/// parameter compared with another, or known from the type's description): the
/// one place Strata reinterprets a value as the type it already has.
///
/// Code not specialised for either type cannot convert with `as!` without a
/// dynamic cast on every value; this is a copy. Debug builds and builds with
/// `STRATA_INTERNAL_CHECKS` check that the types are the same.
@inline(__always)
func sameTypeValue<T, V>(_ value: T, as _: V.Type) -> V {
    #if DEBUG || STRATA_INTERNAL_CHECKS
    precondition(T.self == V.self, "sameTypeValue: \(T.self) is not \(V.self)")
    #endif
    return unsafeBitCast(value, to: V.self)
}

/// `object` as a `T`, where the caller knows its class (an object it stored in a
/// cache or table under a key that fixes the class): the one place Strata
/// downcasts a reference without a check.
///
/// A checked cast to a generic class looks up the class's metadata on every call,
/// on the hot path of every decode and encode. Debug builds and builds with
/// `STRATA_INTERNAL_CHECKS` check the class.
@inline(__always)
func knownClassObject<T: AnyObject>(_ object: AnyObject, as _: T.Type) -> T {
    #if DEBUG || STRATA_INTERNAL_CHECKS
    precondition(object is T, "knownClassObject: \(type(of: object)) is not \(T.self)")
    #endif
    return unsafeDowncast(object, to: T.self)
}

/// Stores `value` at `pointer`, memory bound to `V`, when the value inside the
/// `Any` is of type `V` itself, and returns whether it did.
///
/// ``exactValue(_:as:)`` followed by a store, without the `V?` in between: in code
/// not specialised for `V`, every use of `V?` costs a runtime metadata look-up.
@inline(__always)
func storeExactly<V>(_ value: Any, at pointer: UnsafeMutableRawPointer, as _: V.Type) -> Bool {
    storeOpened(value, at: pointer, as: V.self)
}

@inline(__always)
private func storeOpened<T, V>(_ value: T, at pointer: UnsafeMutableRawPointer, as _: V.Type) -> Bool {
    guard T.self == V.self else { return false }
    // `T` is `V`: the memory is bound to the value's own type.
    pointer.assumingMemoryBound(to: T.self).pointee = value
    return true
}

/// Stores `.some(value)` at `pointer`, memory bound to `W?`, when the value inside
/// the `Any` is of type `W` itself, and returns whether it did.
@inline(__always)
func storeSomeExactly<W>(_ value: Any, at pointer: UnsafeMutableRawPointer, wrapped _: W.Type) -> Bool {
    guard let wrapped = exactValue(value, as: W.self) else { return false }
    pointer.assumingMemoryBound(to: W?.self).pointee = wrapped
    return true
}

/// Initialises the uninitialised `pointer` with `value` when the value inside the
/// `Any` is of type `V` itself, and returns whether it did (``storeExactly(_:at:as:)``
/// for memory that holds no value yet).
@inline(__always)
func storeExactly<V>(_ value: Any, initializing pointer: UnsafeMutablePointer<V>) -> Bool {
    initializeOpened(value, pointer)
}

@inline(__always)
private func initializeOpened<T, V>(_ value: T, _ pointer: UnsafeMutablePointer<V>) -> Bool {
    guard T.self == V.self else { return false }
    // `T` is `V`.
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self).initialize(to: value)
    return true
}

/// `value` as an `NSNumber` when it holds one (an instance of `NSNumber` or of a
/// subclass, as `JSONSerialization` gives numbers), or `nil`.
///
/// The same opening as ``exactValue(_:as:)``: once the dynamic type is known to be
/// `NSNumber` or a subclass, the value is a reference to one, loaded as it is. An
/// `as? NSNumber` cast would also look for bridging conformances first, a
/// protocol-conformance search of the runtime on every number read.
@inline(__always)
func numberObject(_ value: Any) -> NSNumber? {
    openedNumber(value)
}

@inline(__always)
private func openedNumber<T>(_ value: T) -> NSNumber? {
    guard T.self is NSNumber.Type else { return nil }
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: NSNumber.self) }
}

/// Runs `body` with the `V` stored at `address`, borrowed where it lies: no copy
/// of it, and no box.
///
/// Generic over a `V` that may not be copyable, so that the value is passed on
/// by its address: over a copyable `V`, code not specialised for it copies a
/// value read through a pointer before passing it, even as a `borrowing`
/// argument (for a struct model, a value-witness call that retains each of its
/// references).
///
/// `address` must hold an initialised `V`, or a `V?` that holds a value (see
/// ``Optional/storedHoldsValue(at:)``): the payload of a single-payload
/// enum such as `Optional` is laid out at offset 0, its tag after it or in the
/// payload's spare bits, so a `V?` holding a value holds it at its own address.
@inline(__always)
func withStoredValue<V: ~Copyable, Result>(
    at address: UnsafeRawPointer, as _: V.Type, _ body: (borrowing V) throws -> Result
) rethrows -> Result {
    try body(address.assumingMemoryBound(to: V.self).pointee)
}

/// Replaces the `V` stored at `address` with `value`, moved in: the old value is
/// destroyed, the new one neither copied nor boxed (a nested model decoded where
/// its field lies; see ``StoredField/withMutableAddress(in:_:)``).
///
/// `address` must hold an initialised `V`, of exactly that type.
@inline(__always)
func replaceStoredValue<V>(at address: UnsafeMutableRawPointer, with value: consuming V) {
    address.assumingMemoryBound(to: V.self).pointee = value
}

extension Optional {
    /// Whether the optional stored at `address` holds a value, found from its tag
    /// where it lies.
    ///
    /// Called on a metatype kept as an ``OptionalProtocol``, so that code not
    /// specialised for `Wrapped` does not look up the metadata of `Wrapped?` on
    /// every call.
    static func storedHoldsValue(at address: UnsafeRawPointer) -> Bool {
        holdsValue(address.assumingMemoryBound(to: Wrapped?.self).pointee)
    }
}

/// Whether `optional` holds a value.
///
/// Generic over a `Wrapped` that may not be copyable, so that the switch reads
/// the tag in place: over a copyable `Wrapped`, code not specialised for it
/// copies the whole optional first, and looks up its metadata to do so.
@inline(never)
private func holdsValue<Wrapped: ~Copyable>(_ optional: borrowing Wrapped?) -> Bool {
    switch optional {
    case .some: true
    case .none: false
    }
}

/// Runs `body` with the element at `index` of `elements`, borrowed where it lies,
/// as ``withStoredValue(at:as:_:)`` runs it (the buffer's subscript returns a
/// copy).
///
/// `index` must be in `elements.indices`.
@inline(__always)
func withStoredElement<V: ~Copyable, Result>(
    of elements: UnsafeBufferPointer<V>, at index: Int, _ body: (borrowing V) throws -> Result
) rethrows -> Result {
    // A buffer with an element at `index` has a base address.
    try body((elements.baseAddress.unsafelyUnwrapped + index).pointee)
}

/// Whether `a` and `b` are stored as the same bytes.
///
/// Then they are the same value (for an enum, the same case holding the same
/// payload). `false` says nothing: equal values may differ in padding, or in the
/// address of an indirect payload's box.
func haveSameBytes<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { first in withUnsafeBytes(of: b) { second in first.elementsEqual(second) } }
}
