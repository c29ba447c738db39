/// One plan entry's value, as a decode source found it: what the decode engine
/// assigns (see ``JSONAdapter/decodeMapped(_:from:)``).
///
/// A source fills one slot per entry of a ``MappingPlan``; every rule that applies
/// to the value (null handling, required keys, transformers, nested models) is
/// the engine's, so both sources follow the same ones.
enum Slot {
    /// The object has no value for the entry: the property keeps its default.
    case missing
    /// A JSON value for the entry's transformer, `nil` for `null`. For the elements
    /// of ``array(_:)``, the value as parsed (`NSNull` for `null`).
    case json(Any?)
    /// The members of a nested model's object, one slot per entry of the nested
    /// type's plan, read straight from JSON data.
    case object([Slot])
    /// The elements of an array of nested models, each an ``object(_:)`` or a
    /// ``json(_:)`` value, read straight from JSON data.
    case array([Slot])

    /// Whether the slot holds a value that is not `null`: what a required key needs.
    var isPresent: Bool {
        switch self {
        case .missing, .json(nil): return false
        case .json, .object, .array: return true
        }
    }
}

/// Where the decode engine takes each entry's ``Slot`` from: one of two sources.
///
/// - A `[String: Any]` object: each entry is looked up at its key path when the
///   engine asks for it (see `DictionarySource.swift`).
/// - The slots the scanner read from JSON data, one per plan entry (see
///   ``JSONAdapter/readObject(_:keys:from:levelsLeft:)``).
///
/// A struct rather than a protocol with two conformances: the engine runs in code
/// that is not specialised for the model's type, where a protocol's requirements
/// would be called through its witness table; this way each lookup is inlined.
struct DecodeSource {
    /// The object entries are looked up in, for the dictionary source.
    private let object: [String: Any]?
    /// The slots read from data, for the scanner source.
    private var slots: [Slot]
    /// Whether nothing else holds ``slots``, so that a slot can be moved out of it
    /// rather than copied (a move from a shared array would copy all of it).
    private let ownsSlots: Bool

    /// The source for a JSON object.
    static func dictionary(_ object: [String: Any]) -> DecodeSource {
        DecodeSource(object: object, slots: [], ownsSlots: false)
    }

    /// The source for slots the scanner read, one per plan entry, which may also be
    /// held elsewhere (a nested model's, inside its parent's slot).
    static func slots(_ slots: [Slot]) -> DecodeSource {
        DecodeSource(object: nil, slots: slots, ownsSlots: false)
    }

    /// The source for slots the scanner read that nothing else holds (a document's
    /// own object, or an element of a top-level array, just read).
    static func ownedSlots(_ slots: consuming [Slot]) -> DecodeSource {
        DecodeSource(object: nil, slots: slots, ownsSlots: true)
    }

    /// The slot of `entry`, the entry at `index` of its plan; called once per entry,
    /// in plan order.
    ///
    /// Throws when a dotted key path runs through a value that is not an object.
    /// `read` is set to the index of the path the value was read from, for a
    /// ``JSONKeyPath/firstPresent(_:_:)`` entry (left alone otherwise).
    @inline(__always)
    mutating func take<M>(_ entry: MappingPlan<M>.Entry, at index: Int, read: inout Int) throws -> Slot {
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        guard ownsSlots else { return slots[index] }
        var slot = Slot.missing
        swap(&slot, &slots[index])  // moved out: no copy of the value
        return slot
    }

    /// The slot of `entry`, without its value's path, for required keys: called
    /// before any ``take(_:at:read:)``.
    func peek<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        var read = 0
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        return slots[index]
    }
}
