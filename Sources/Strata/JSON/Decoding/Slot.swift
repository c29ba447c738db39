/// One plan entry's value, as a decode source found it: what the decode engine
/// assigns (see ``JSONAdapter/decodeMapped(_:from:)``).
///
/// A source fills one slot per entry of a ``MappingPlan``; every rule that applies
/// to the value (null handling, required keys, transformers, nested models) is
/// the engine's, so every source follows the same ones.
enum Slot {
    /// The object has no value for the entry: the property keeps its default.
    case missing
    /// A JSON value for the entry's transformer (or, from the values source, a
    /// Swift value for the setter), `nil` for `null`. For the elements of
    /// ``array(_:)``, the value as parsed (`NSNull` for `null`).
    case json(Any?)
    /// The entry's value as its transformer gives it, made by the scanner source
    /// straight from the JSON data: from a plain string's bytes (see
    /// ``Transformation/forwardFromPlainString``), an array of plain strings, or an
    /// array of numbers (see ``TypedJSONArrayElement``). Never `null`.
    case converted(Any)
    /// The members of a nested model's object, one slot per entry of the nested
    /// type's plan, read straight from JSON data.
    case object([Slot])
    /// The elements of an array of nested models, each an ``object(_:)`` or a
    /// ``json(_:)`` value, read straight from JSON data.
    case array([Slot])
    /// An object of a class cluster read straight from JSON data: the members its
    /// `classForParsing(_:)` reads and its text, decoded as the class it chooses
    /// when the engine assigns it (see ``ClusterObject``). For an entry that holds
    /// a model, or as an element of ``array(_:)``.
    case cluster(ClusterObject)

    /// The slots of an ``object(_:)`` or ``array(_:)``, moved out (the slot is left
    /// ``missing``); empty for the other cases.
    ///
    /// For a closure, which cannot consume what it captures: were the payload bound
    /// and passed on, the slot would still hold it, the nested slots would be
    /// shared, and moving them out one by one would copy them all first.
    mutating func moveNestedSlots() -> [Slot] {
        switch self {
        case .object(let slots), .array(let slots):
            self = .missing  // releases the slot's reference: `slots` is the only one
            return slots
        case .missing, .json, .converted, .cluster:
            return []
        }
    }

    /// The slot's value, moved out (the slot is left ``missing``): for a closure to
    /// hand on a slot it captured without copying it.
    mutating func moveOut() -> Slot {
        var slot = Slot.missing
        swap(&slot, &self)
        return slot
    }

    /// Whether the slot is a `null` element of an ``array(_:)``: `.json` of `nil` or
    /// of `NSNull`.
    var isNullElement: Bool {
        guard case .json(let value) = self else { return false }
        guard let value else { return true }
        return isJSONNull(value)
    }

    /// Whether the slot holds a value that is not `null`: what
    /// ``JSONKeyPath/firstPresent(_:_:)`` takes from the first of its paths that has one.
    var isPresent: Bool {
        switch self {
        case .missing, .json(nil): return false
        case .json, .converted, .object, .array, .cluster: return true
        }
    }
}

extension Array where Element == Slot {
    /// `count` slots, all ``Slot/missing``: what the scanner fills.
    ///
    /// Appended to reserved capacity, in code specialised for `Slot`: the library's
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)` allocate
    /// through a function that is not, which looks up the storage class's generic
    /// metadata on every call, once per object read.
    static func missing(count: Int) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        for _ in 0..<count { slots.append(.missing) }
        return slots
    }

    /// The slot at `index`, moved out and replaced by ``Slot/missing``: no copy of its
    /// value (a copy of a nested model's slots would also make them shared).
    @inline(__always)
    mutating func moveOut(at index: Int) -> Slot {
        var slot = Slot.missing
        swap(&slot, &self[index])
        return slot
    }
}
