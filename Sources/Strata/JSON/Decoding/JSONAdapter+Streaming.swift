/// Models decoded as their objects are read: the scanner source's case for types
/// whose decoding runs no code of the user's and no rule that depends on order.
///
/// The scanner source reads a whole object into slots before the engine assigns
/// any (see `JSONAdapter+ScannerSource.swift`): so hooks run in plan order, and a
/// syntax error anywhere in the document is reported before any mapping error.
/// For a type with none of its own hooks, transformers or setters, and nothing
/// but such types inside it, neither order can be seen: each member's value is
/// read into a slot and handed to the engine's own ``assign(_:to:read:of:)`` at
/// once, and a nested model or array of models is decoded the same way where it
/// lies. No array of slots is made for it.
///
/// What can differ is only which error a bad document gets, so a read that meets
/// one does not report it: the reader sets the scanner back to where the model
/// began and reads it into slots, with nothing below it decoded as it is read, and
/// the engine then assigns those slots and reports exactly what it would have
/// reported had this never been tried. A model's `init()` may so run for a try
/// that gives up.
extension JSONAdapter {
    /// Thrown by a model decoded as it is read that gives up before any error of
    /// its own: the caller reads the object again into slots.
    struct StreamingDeclined: Error {}

    /// Exactly `T`, decoded as the object at the scanner's position (with keys
    /// `keys`) is read: each mapped member assigned as it is read, by the engine's
    /// own step, then the required keys checked.
    ///
    /// For a plan that ``streamsModels(_:)``. `levelsLeft` is as for
    /// ``readObject(_:keys:from:levelsLeft:streams:)``. Any error means only that the
    /// caller must set the scanner back and read the object into slots.
    static func decodeStreaming<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, from scanner: inout MemberScanner, levelsLeft: Int
    ) throws -> T {
        var model = T()
        var present: UInt64 = 0
        var members = MappedMembers(keys)
        while let index = try members.next(in: &scanner) {
            // A string, integer, Boolean or array of numbers stored in its field with no `Any`
            // in between; the slot's path for any other value. (Not for a plan with required
            // keys, which needs to know what was present.)
            if !plan.hasRequiredEntries,
                try plan.withEntry(at: index, { try $0.memberRead?.read(from: &scanner, into: &model) == true })
            {
                continue
            }
            var slot: Slot
            let kind = plan.memberReads[index].kind
            if plan.memberReads[index].storesNestedInPlace {
                // A model, or array of models, moved into its field: the value the slot's
                // path would store, with no `Any` in between. The entry's nested type is
                // used where it lies: taking it out costs a retain and a release.
                try plan.withEntry(at: index) { entry in
                    guard let field = entry.nestedField, entry.nested != nil else { throw StreamingDeclined() }
                    try field.withMutableAddress(in: &model) { address in
                        try kind == .model
                            ? entry.nested?.streamObject(from: &scanner, levelsLeft: levelsLeft, into: address)
                            : entry.nested?.streamArray(from: &scanner, levelsLeft: levelsLeft, into: address)
                    }
                }
                if plan.hasRequiredEntries, index < UInt64.bitWidth { present |= 1 << UInt64(index) }
                continue
            }
            if kind != .value {
                // The read's kind and model type were checked when the plan was found to stream.
                let value = try plan.withEntry(at: index) { entry in
                    try kind == .model
                        ? entry.nested?.streamedObject(from: &scanner, levelsLeft: levelsLeft)
                        : entry.nested?.streamedArray(from: &scanner, levelsLeft: levelsLeft)
                }
                guard let value else { throw StreamingDeclined() }
                slot = .converted(value)
            } else {
                slot = try readSlot(plan, at: index, from: &scanner, levelsLeft: levelsLeft, streams: false)
            }
            // Looked at only for a plan with required keys: the look copies the slot. A later
            // duplicate key replaces an earlier one, so a `null` after a value is absent again.
            if plan.hasRequiredEntries, index < UInt64.bitWidth {
                if plan.withEntry(at: index, { $0.unmetRequirement(by: slot) == nil }) {
                    present |= 1 << UInt64(index)
                } else {
                    present &= ~(1 << UInt64(index))
                }
            }
            // Moved out of the local, as a closure cannot consume what it captures.
            try plan.withEntry(at: index) { entry in try assign(slot.moveOut(), to: entry, read: 0, of: &model) }
        }
        if plan.hasRequiredEntries {
            // A required key that is absent or `null` gets its error from the slots reader.
            guard let required = plan.requiredEntryBits, present & required == required else {
                throw StreamingDeclined()
            }
        }
        // Moved out: a copy of a struct model retains each of its references.
        return consume model
    }

    /// Whether models of `plan`'s type are decoded as their objects are read (see
    /// ``MappingPlan/streamsModels(visiting:)``): decided once, when every hook it
    /// depends on is known.
    @inline(__always)
    static func streamsModels<T>(_ plan: MappingPlan<T>) -> Bool {
        switch plan.streamingDecision.loadRelaxed() {
        case 1: return true
        case 2: return false
        default: return decideStreaming(plan)
        }
    }

    /// Checks `plan` and the plans of every model type it holds, and records the
    /// answer once it is final.
    @inline(never)
    private static func decideStreaming<T>(_ plan: MappingPlan<T>) -> Bool {
        var visiting: [ObjectIdentifier] = []
        guard let streams = plan.streamsModels(visiting: &visiting) else { return false }
        plan.streamingDecision.storeReleasing(streams ? 1 : 2)
        return streams
    }
}

extension MappingPlan {
    /// Whether models of `M` can be decoded as their objects are read without any
    /// difference a caller could see (see `JSONAdapter+Streaming.swift`); `nil`
    /// while a hook that decides it is not known yet.
    ///
    /// They can when the plan is usable and flat, `M`'s hooks are the defaults, and
    /// every entry is a stored property with no setter of its own, no recovery and
    /// no transformer of the user's, holding either models of types that can too
    /// or values that convert without any code of the user's (see
    /// ``PropertyType/convertsWithoutUserCode``). Plans in `visiting` (those being checked, up the chain of
    /// types that hold one another) count as able: a type that holds itself streams
    /// when everything else it holds does.
    ///
    /// `asChosen`: for `M` as the class a cluster's `classForParsing(_:)` chose,
    /// which is decoded as exactly `M`, so its own `classForParsing(_:)` does not
    /// count (see ``ChosenClassType``).
    func streamsModels(visiting: inout [ObjectIdentifier], asChosen: Bool = false) -> Bool? {
        if !asChosen {
            switch streamingDecision.loadRelaxed() {
            case 1: return true
            case 2: return false
            default: break
            }
        }
        let identifier = ObjectIdentifier(self)
        if visiting.contains(identifier) { return true }
        visiting.append(identifier)
        defer { visiting.removeLast() }
        guard problem == nil, memberKeys != nil, !hasRequiredEntries || requiredEntryBits != nil else { return false }
        var isKnown = true
        let hooks: [ModelHooks.Hook] = asChosen ? [.validate, .validateValue] : [.classForParsing, .validate, .validateValue]
        for hook in hooks {
            switch self.hooks.usage(of: hook) {
            case .isDefault: continue
            case .isCustom: return false
            case .unknown: isKnown = false
            }
        }
        for entry in entries {
            guard !entry.isCustomTransformer, entry.recovery.isEmpty, entry.mapsJSON, entry.unmappedExcept == nil,
                entry.property.field != nil,
                entry.property.isWritable
            else { return false }
            switch entry.kind {
            case .value:
                if !entry.property.type.convertsWithoutUserCode { return false }
            case .model, .models:
                guard let nested = entry.nested else { return false }
                switch nested.streamsModels(visiting: &visiting) {
                case true?: continue
                case false?: return false
                case nil: isKnown = false
                }
            }
        }
        return isKnown ? true : nil
    }
}
