/// The text source: the members of an object read by the scanner as the decode
/// engine's loop asks for them, in the order the document has them, for a model
/// decoded as its object is read (see `JSONAdapter+Streaming.swift`).
///
/// The loop is the engine's one loop (``JSONAdapter/assignMapped(_:from:into:)``);
/// this source gives it the entry of each mapped member as the scanner reaches
/// it, with its value as a ``Slot`` for the engine's own step, or stores the value
/// straight into its field where the plan's store strategy for the entry allows
/// (``storesDirectly(_:at:of:into:)``). Required keys are checked once the object
/// is read (``checkRequiredKeysRead(of:)``).
///
/// Any error means only that the object must be read again into slots: the
/// caller sets the scanner back to the object's start and decodes it from the
/// slots source, which reports exactly the error a whole read reports.
///
/// The scanner and the member walk are held by address: the source lives inside
/// the call that has them `inout`
/// (``JSONAdapter/decodeStreaming(_:keys:from:levelsLeft:)``), and nothing else
/// reaches them while the loop runs.
struct TextSource: EntrySource {
    /// The scanner reading the object.
    let scanner: UnsafeMutablePointer<JSONAdapter.MemberScanner>
    /// The object's mapped members, one after another.
    let members: UnsafeMutablePointer<MappedMembers>
    /// How many levels of nested models may still be read below the object.
    let levelsLeft: Int
    /// The required entries read with a value that meets their requirement, entry
    /// `i` at bit `i`: kept only for a plan with required keys.
    var present: UInt64 = 0

    static var readsText: Bool { true }
}

extension JSONAdapter {
    /// ``decodeMapped(_:takingFrom:)`` on the text source for the object at `scanner`,
    /// whose mapped members `members` walks; both addresses are valid for this call.
    @inline(__always)
    static func decodeMapped<T: JSONSerializing>(
        _ plan: MappingPlan<T>, readingObjectAt scanner: UnsafeMutablePointer<MemberScanner>,
        members: UnsafeMutablePointer<MappedMembers>, levelsLeft: Int
    ) throws -> T {
        var source = TextSource(scanner: scanner, members: members, levelsLeft: levelsLeft)
        return try decodeMapped(plan, takingFrom: &source)
    }
}

extension TextSource {
    /// The entry index of the object's next mapped member, with the scanner at its
    /// value; `nil` once the object's `}` is read.
    @inline(__always)
    func nextEntry(after index: Int, count: Int) throws -> Int? {
        try members.pointee.next(in: &scanner.pointee)
    }

    /// Reads the value of the member the entry at `index` maps, at the scanner's
    /// position, straight into its field in `model`, and returns `true`, when the
    /// plan's store strategy for the entry is a direct store and the value has
    /// that strategy's form; returns `false`, having read nothing, otherwise.
    ///
    /// The strategies: a `String`, integer, Boolean or array of numbers read into
    /// its field (``MappingPlan/Entry/memberRead``; not for a plan with required
    /// keys, which must see each slot), and a model or array of models decoded as
    /// it is read into a field of exactly its type
    /// (``MemberRead/storesNestedInPlace``).
    @inline(__always)
    mutating func storesDirectly<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws -> Bool {
        if !plan.hasRequiredEntries, try entry.memberRead?.read(from: &scanner.pointee, into: &model) == true {
            return true
        }
        guard plan.memberReads[index].storesNestedInPlace else { return false }
        // The entry's nested type used where it lies: taking it out costs a retain and a release.
        guard let field = entry.nestedField, entry.nested != nil else {
            throw JSONAdapter.StreamingDeclined()
        }
        let kind = plan.memberReads[index].kind
        try field.withMutableAddress(in: &model) { address in
            try kind == .model
                ? entry.nested?.streamObject(from: &scanner.pointee, levelsLeft: levelsLeft, into: address)
                : entry.nested?.streamArray(from: &scanner.pointee, levelsLeft: levelsLeft, into: address)
        }
        if plan.hasRequiredEntries, index < UInt64.bitWidth { present |= 1 << UInt64(index) }
        return true
    }

    /// The slot of the member the entry at `index` of `plan` maps, read at the
    /// scanner's position: a model or array of models decoded as it is read, any
    /// other value as ``JSONAdapter/readSlot(_:at:from:levelsLeft:streams:)`` reads it.
    @inline(__always)
    mutating func take<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, read: inout Int
    ) throws -> Slot {
        let slot: Slot
        let kind = plan.memberReads[index].kind
        if kind != .value {
            // The read's kind and model type were checked when the plan was found to stream.
            let value =
                try kind == .model
                ? entry.nested?.streamedObject(from: &scanner.pointee, levelsLeft: levelsLeft)
                : entry.nested?.streamedArray(from: &scanner.pointee, levelsLeft: levelsLeft)
            guard let value else { throw JSONAdapter.StreamingDeclined() }
            slot = .converted(value)
        } else {
            slot = try JSONAdapter.readSlot(plan, at: index, from: &scanner.pointee, levelsLeft: levelsLeft, streams: false)
        }
        // Looked at only for a plan with required keys: the look copies the slot. A later
        // duplicate key replaces an earlier one, so a `null` after a value is absent again.
        if plan.hasRequiredEntries, index < UInt64.bitWidth {
            if entry.unmetRequirement(by: slot) == nil {
                present |= 1 << UInt64(index)
            } else {
                present &= ~(1 << UInt64(index))
            }
        }
        return slot
    }

    /// Gives way to the slots, whose read applies the recovery.
    ///
    /// Never reached: a model is decoded as it is read only when none of its
    /// entries can recover (see ``MappingPlan/streamsModels(visiting:asChosen:)``).
    func assignRecovering<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws {
        throw JSONAdapter.StreamingDeclined()
    }

    /// Nothing: checked as the object is read (see ``checkRequiredKeysRead(of:)``).
    @inline(__always)
    func checkRequiredKeys<M>(of plan: MappingPlan<M>) throws {}

    /// Checks, once the object is read, that every required key was met: gives way
    /// to the slots source (``JSONAdapter/StreamingDeclined``) when one is absent or
    /// unmet, for the slots' check to report it with the others.
    @inline(__always)
    func checkRequiredKeysRead<M>(of plan: MappingPlan<M>) throws {
        guard plan.hasRequiredEntries else { return }
        guard let required = plan.requiredEntryBits, present & required == required else {
            throw JSONAdapter.StreamingDeclined()
        }
    }
}
