/// Where the decode engine takes each entry's ``Slot`` from: one of four sources.
///
/// - A `[String: Any]` object: each entry is looked up at its key path when the
///   engine asks for it (see `DictionarySource.swift`).
/// - The slots the scanner read from JSON data, one per plan entry (see
///   ``JSONAdapter/readObject(_:keys:from:levelsLeft:streams:)``), which the engine moves
///   out one by one: each slot is taken once, so none is copied.
/// - Values by property, for the ``MappingPlan/propertyKeyed`` plan: a closure
///   gives the value of the property at an index of the plan (see ``values(_:)``).
/// - The members of an object as the scanner reaches them, in the document's
///   order, for a model decoded as it is read (see `TextSource.swift`).
///
/// The first three give the entries in plan order; the text source gives them in
/// the order its object has them (see ``nextEntry(after:count:readsText:)``).
///
/// A struct rather than a protocol with several conformances: the engine runs in code
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
    /// The value of the property at an index of the plan, for the values source.
    private let valueAt: ((Int) throws -> Any??)?
    /// The scanner reading the object, for the text source: valid while the
    /// decode that made the source runs (see `TextSource.swift`).
    let scanner: UnsafeMutablePointer<JSONAdapter.MemberScanner>?
    /// The object's mapped members, one after another, for the text source: held
    /// by address as the scanner is.
    let members: UnsafeMutablePointer<MappedMembers>?
    /// How many levels of nested models may still be read below the object, for
    /// the text source.
    let levelsLeft: Int
    /// The required entries the text source read with a value that meets their
    /// requirement, entry `i` at bit `i`: kept only for a plan with required keys.
    var present: UInt64 = 0

    /// The source for a JSON object.
    static func dictionary(_ object: [String: Any]) -> DecodeSource {
        DecodeSource(object: object, slots: [], valueAt: nil, scanner: nil, members: nil, levelsLeft: 0)
    }

    /// The source for slots the scanner read, one per plan entry.
    ///
    /// The slots are moved out as they are taken: when nothing else holds the
    /// array (a document's object, or a nested one moved out of its parent's slot),
    /// no value is copied; otherwise the first take copies the array once.
    static func slots(_ slots: consuming [Slot]) -> DecodeSource {
        DecodeSource(object: nil, slots: consume slots, valueAt: nil, scanner: nil, members: nil, levelsLeft: 0)
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
        DecodeSource(object: nil, slots: [], valueAt: valueAt, scanner: nil, members: nil, levelsLeft: 0)
    }

    /// The text source, for the object at the scanner's position, whose mapped
    /// members `members` walks: both must stay valid while the source is used (see
    /// `TextSource.swift`).
    static func text(
        _ scanner: UnsafeMutablePointer<JSONAdapter.MemberScanner>, members: UnsafeMutablePointer<MappedMembers>,
        levelsLeft: Int
    ) -> DecodeSource {
        DecodeSource(object: nil, slots: [], valueAt: nil, scanner: scanner, members: members, levelsLeft: levelsLeft)
    }

    /// The index of the entry the engine assigns after the one at `index` (`-1`
    /// before the first), or `nil` when none is left: the next in plan order, or,
    /// for the text source, the entry of the object's next mapped member.
    @inline(__always)
    mutating func nextEntry(after index: Int, count: Int, readsText: Bool) throws -> Int? {
        guard readsText, let scanner else { return index + 1 < count ? index + 1 : nil }
        return try nextMember(of: scanner)
    }

    /// The slot of `entry`, the entry at `index` of `plan`; called once per entry
    /// ``nextEntry(after:count:readsText:)`` gives.
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
        if scanner != nil { return try readMemberOutOfLine(entry, at: index, of: plan) }
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
    /// before any ``take(_:at:of:read:)``; never for the text source, which checks
    /// its required keys as it reads them (see ``checkRequiredRead(_:)``).
    func peek<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        var read = 0
        if let object { return try Self.lookUp(entry, in: object, read: &read) }
        if let valueAt { return Self.slot(of: try valueAt(index)) }
        return slots[index]
    }

    /// The slot of a value of the values source.
    private static func slot(of value: Any??) -> Slot {
        guard let value else { return .missing }
        guard let present = value, !isJSONNull(present) else { return .json(nil) }
        return .json(present)
    }
}
