/// Where the decode engine takes each entry's ``Slot`` from, in plan order: one
/// of three sources (the fourth, an object read as the engine asks, is
/// ``TextSource``).
///
/// - A `[String: Any]` object: each entry is looked up at its key path when the
///   engine asks for it (see `DictionarySource.swift`).
/// - The slots the scanner read from JSON data, one per plan entry (see
///   ``JSONAdapter/readObject(_:keys:from:levelsLeft:streams:)``), which the engine moves
///   out one by one: each slot is taken once, so none is copied.
/// - Values by property, for the ``MappingPlan/propertyKeyed`` plan: a closure
///   gives the value of the property at an index of the plan (see ``values(_:)``).
///
/// One struct for the three rather than a conformance each: the engine runs in code
/// that is not specialised for the model's type, where the loop's copies would
/// multiply; this way each lookup is inlined in the one copy.
struct DecodeSource: EntrySource {
    /// The object entries are looked up in, for the dictionary source.
    private let object: [String: Any]?
    /// The slots read from data, for the scanner source; each is left
    /// ``Slot/missing`` once taken.
    private var slots: [Slot]
    /// How many slots have been taken; each is taken once at most.
    private var takenCount = 0
    /// The value of the property at an index of the plan, for the values source.
    private let valueAt: ((Int) throws -> Any??)?

    /// The source for a JSON object.
    static func dictionary(_ object: [String: Any]) -> DecodeSource {
        DecodeSource(object: object, slots: [], valueAt: nil)
    }

    /// The source for slots the scanner read, one per plan entry.
    ///
    /// The slots are moved out as they are taken: when nothing else holds the
    /// array (a document's object, or a nested one moved out of its parent's slot),
    /// no value is copied; otherwise the first take copies the array once.
    static func slots(_ slots: consuming [Slot]) -> DecodeSource {
        DecodeSource(object: nil, slots: consume slots, valueAt: nil)
    }

    /// The source of the entry points that assign by property key.
    ///
    /// `valueAt` gives the value of the property at an index of the
    /// ``MappingPlan/propertyKeyed`` plan (the index of the property in its
    /// schema), or `nil` when the property keeps its value. `NSNull` and
    /// `.some(nil)` stand for `nil`.
    ///
    /// Errors thrown by `valueAt` reach the caller unchanged: it names its own paths.
    static func values(_ valueAt: @escaping (Int) throws -> Any??) -> DecodeSource {
        DecodeSource(object: nil, slots: [], valueAt: valueAt)
    }

    static var readsText: Bool { false }

    /// The next entry in plan order.
    @inline(__always)
    func nextEntry(after index: Int, count: Int) throws -> Int? {
        index + 1 < count ? index + 1 : nil
    }

    /// None: this source's values reach their fields through the engine's step.
    @inline(__always)
    func storesDirectly<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws -> Bool {
        false
    }

    /// The slot of `entry`, the entry at `index` of `plan`; called once per entry,
    /// in plan order.
    ///
    /// Throws when a dotted key path runs through a value that is not an object.
    /// `read` is set to the index of the path the value was read from, for a
    /// ``JSONKeyPath/firstPresent(_:_:)`` entry (left alone otherwise).
    @inline(__always)
    mutating func take<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, read: inout Int
    ) throws -> Slot {
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        if let valueAt { return Self.slot(of: try valueAt(index)) }
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
    /// before any ``take(_:at:of:read:)``.
    func peek<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        var read = 0
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        if let valueAt { return Self.slot(of: try valueAt(index)) }
        return slots[index]
    }

    /// The engine's recovering step on this source (see
    /// ``JSONAdapter/assignRecovering(_:at:of:from:into:)``).
    @inline(__always)
    mutating func assignRecovering<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws {
        try JSONAdapter.assignRecovering(entry, at: index, of: plan, from: &self, into: &model)
    }

    /// One error listing every required key of `plan` that is absent or unmet (see
    /// ``JSONAdapter/checkRequired(_:in:)``).
    @inline(__always)
    func checkRequiredKeys<M>(of plan: MappingPlan<M>) throws {
        try JSONAdapter.checkRequired(plan, in: self)
    }

    /// Nothing: checked before any value is assigned.
    @inline(__always)
    func checkRequiredKeysRead<M>(of plan: MappingPlan<M>) throws {}

    /// The slot of a value of the values source.
    private static func slot(of value: Any??) -> Slot {
        guard let value else { return .missing }
        guard let present = value, !isJSONNull(present) else { return .json(nil) }
        return .json(present)
    }
}
