/// Where the decode engine takes each entry's ``Slot`` from: one of two sources.
///
/// - A `[String: Any]` object: each entry is looked up at its key path when the
///   engine asks for it (see `DictionarySource.swift`).
/// - The slots the scanner read from JSON data, one per plan entry (see
///   ``JSONAdapter/readObject(_:keys:from:levelsLeft:)``), which the engine moves
///   out one by one: each slot is taken once, so none is copied.
///
/// A struct rather than a protocol with two conformances: the engine runs in code
/// that is not specialised for the model's type, where a protocol's requirements
/// would be called through its witness table; this way each lookup is inlined.
struct DecodeSource {
    /// The object entries are looked up in, for the dictionary source.
    private let object: [String: Any]?
    /// The slots read from data, for the scanner source; each is left
    /// ``Slot/missing`` once taken.
    private var slots: [Slot]
    /// How many slots have been taken; each is taken once at most.
    private var takenCount = 0

    /// The source for a JSON object.
    static func dictionary(_ object: [String: Any]) -> DecodeSource {
        DecodeSource(object: object, slots: [])
    }

    /// The source for slots the scanner read, one per plan entry.
    ///
    /// The slots are moved out as they are taken: when nothing else holds the
    /// array (a document's object, or a nested one moved out of its parent's slot),
    /// no value is copied; otherwise the first take copies the array once.
    static func slots(_ slots: consuming [Slot]) -> DecodeSource {
        DecodeSource(object: nil, slots: consume slots)
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
        takenCount += 1
        return slots.moveOut(at: index)
    }

    /// The slots of the scanner source, for the next object of the same type, when
    /// every one has been taken (so each is ``Slot/missing`` again); empty otherwise,
    /// and for the dictionary source.
    mutating func reclaimSlots() -> [Slot] {
        guard takenCount == slots.count else { return [] }
        var reclaimed: [Slot] = []
        swap(&reclaimed, &slots)
        return reclaimed
    }

    /// The slot of `entry`, without its value's path, for required keys: called
    /// before any ``take(_:at:read:)``.
    func peek<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        var read = 0
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        return slots[index]
    }
}
