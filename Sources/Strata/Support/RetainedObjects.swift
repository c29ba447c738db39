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
/// Objects go in and come out as `AnyObject`: callers that know the class cast
/// with ``knownClassObject(_:as:)``, which code not specialised for a generic class
/// can do without looking up its metadata.
///
///     let slots = RetainedObjects(count: 4)
///     slots.publish(plan, at: 2)  // `plan`, or the object another thread published first
///     slots.object(at: 2)         // the same object
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
    convenience init(_ objects: [AnyObject]) {
        self.init(count: objects.count)
        for (index, object) in objects.enumerated() { publish(object, at: index) }
    }

    deinit {
        for index in 0..<addresses.count {
            if let pointer = UnsafeRawPointer(bitPattern: addresses.loadAcquiring(at: index)) {
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        }
    }

    /// The object in slot `index`, or `nil` while the slot is empty.
    @inline(__always)
    func object(at index: Int) -> AnyObject? {
        guard let pointer = UnsafeRawPointer(bitPattern: addresses.loadAcquiring(at: index)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether slot `index` is empty; with no ordering, for a writer that holds a
    /// lock all writers take.
    func isEmpty(at index: Int) -> Bool {
        addresses.loadRelaxed(at: index) == 0
    }

    /// Runs `body` with the object in slot `index`, borrowed: without the retain and
    /// release that taking it out costs. The slot must hold an object.
    ///
    /// The table keeps the object alive, and the caller keeps the table alive, for
    /// the duration of `body`.
    @inline(__always)
    func withObject<Result>(at index: Int, _ body: (AnyObject) throws -> Result) rethrows -> Result {
        let address = addresses.loadAcquiring(at: index)
        #if DEBUG || STRATA_INTERNAL_CHECKS
        precondition(address != 0, "RetainedObjects: slot \(index) is empty")
        #endif
        let pointer = UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
        return try Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Puts `object` in slot `index` when it is empty; returns the object the slot
    /// holds after the call: `object`, or the one another thread published first.
    @discardableResult
    func publish(_ object: AnyObject, at index: Int) -> AnyObject {
        let retained = Unmanaged<AnyObject>.passRetained(object)
        let (stored, original) = addresses.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), at: index)
        if stored { return object }
        // Another thread published first: keep its object, retained once already.
        retained.release()
        // `original` is non-zero: the exchange failed because the slot held an address.
        return Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped).takeUnretainedValue()
    }
}
