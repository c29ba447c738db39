/// A fixed table of slots, each empty or holding an object the table retains,
/// read without a lock: one atomic load and no reference counting to find an
/// object.
///
/// Strata's lock-free caches keep their objects here: the schema cache's
/// published entries, a nested model type's plan, and a plan's entries. A slot is
/// set at most once ("published") and never cleared while the table lives, so an
/// object read from it stays alive as long as the table does; the table releases
/// its objects when it is freed.
///
/// Objects go in as `AnyObject` and come out as the class the caller names, which
/// must be the class of every object it publishes in that slot: a reference taken
/// from its address as that class, with no check, so code not specialised for a
/// generic class does not look up its metadata. Debug builds and builds with
/// `STRATA_INTERNAL_CHECKS` check the class.
///
///     let slots = RetainedObjects(count: 4)
///     slots.publish(plan, at: 2)                      // `plan`, or the one another thread published first
///     slots.object(at: 2, as: MappingPlan<User>.self)  // the same plan
final class RetainedObjects: Sendable {
    /// Each word `0` or the address of an object retained once by the table.
    private let addresses: AtomicWords

    /// How many slots there are.
    var count: Int { addresses.count }

    /// `count` empty slots.
    init(count: Int) {
        addresses = AtomicWords(count: count)
    }

    /// A table whose slots hold `objects`, in order: for a table that is filled
    /// once, before any other thread can see it.
    convenience init<T: AnyObject>(_ objects: [T]) {
        self.init(count: objects.count)
        for (index, object) in objects.enumerated() { publish(object, at: index) }
    }

    deinit {
        for index in 0..<addresses.count {
            if let pointer = UnsafeRawPointer(bitPattern: addresses.loadAcquiring(at: index)) {
                // Each address is that of an object the table retained once.
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        }
    }

    /// The object in slot `index`, or `nil` while the slot is empty; the slot's
    /// objects are all of class `T`.
    @inline(__always)
    func object<T: AnyObject>(at index: Int, as _: T.Type) -> T? {
        guard let pointer = UnsafeRawPointer(bitPattern: addresses.loadAcquiring(at: index)) else { return nil }
        return Self.checked(Unmanaged<T>.fromOpaque(pointer)).takeUnretainedValue()
    }

    /// `object` as it is, after checking, in builds that check, that it is a `T`.
    @inline(__always)
    private static func checked<T: AnyObject>(_ object: Unmanaged<T>) -> Unmanaged<T> {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        let reference: AnyObject = object.takeUnretainedValue()
        precondition(reference is T, "RetainedObjects: \(type(of: reference)) is not \(T.self)")
        #endif
        return object
    }

    /// Whether slot `index` is empty; with no ordering: exact for a writer that
    /// holds a lock all writers take, a hint for one that publishes without.
    func isEmpty(at index: Int) -> Bool {
        addresses.loadRelaxed(at: index) == 0
    }

    /// Runs `body` with the object in slot `index`, of class `T`, borrowed.
    ///
    /// Borrowed: without the retain and release that taking it out costs. The slot
    /// must hold an object. The table keeps the object alive, and the caller keeps the table alive, for
    /// the duration of `body`.
    @inline(__always)
    func withObject<T: AnyObject, Result>(at index: Int, as _: T.Type, _ body: (T) throws -> Result) rethrows -> Result {
        let address = addresses.loadAcquiring(at: index)
        #if DEBUG || STRATA_INTERNAL_CHECKS
        precondition(address != 0, "RetainedObjects: slot \(index) is empty")
        #endif
        let pointer = UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
        return try Self.checked(Unmanaged<T>.fromOpaque(pointer))._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the object in slot `index`, of class `T`, borrowed (see
    /// ``withObject(at:as:_:)``), or with `nil` while the slot is empty.
    @inline(__always)
    func withObjectIfPresent<T: AnyObject, Result>(
        at index: Int, as _: T.Type, _ body: (T?) throws -> Result
    ) rethrows -> Result {
        guard let pointer = UnsafeRawPointer(bitPattern: addresses.loadAcquiring(at: index)) else { return try body(nil) }
        return try Self.checked(Unmanaged<T>.fromOpaque(pointer))._withUnsafeGuaranteedRef { try body($0) }
    }

    /// Puts `object` in slot `index` when it is empty; returns the object the slot
    /// holds after the call: `object`, or the one another thread published first.
    @discardableResult
    func publish<T: AnyObject>(_ object: T, at index: Int) -> T {
        let retained = Unmanaged<T>.passRetained(object)
        let (stored, original) = addresses.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), at: index)
        if stored { return object }
        // Another thread published first: keep its object, retained once already.
        retained.release()
        // `original` is non-zero: the exchange failed because the slot held an address.
        return Self.checked(Unmanaged<T>.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped))
            .takeUnretainedValue()
    }
}
