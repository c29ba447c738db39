/// Models decoded as their objects are read: the engine's one loop run on the
/// text source (see `TextSource.swift`), for types whose decoding runs no code of
/// the user's and no rule that depends on order.
///
/// From the slots source, a whole object is read into slots before the loop
/// assigns any (see `JSONAdapter+ScannerSource.swift`): so hooks run in plan
/// order, and a syntax error anywhere in the document is reported before any
/// mapping error. For a type with none of its own hooks, transformers or setters,
/// and nothing but such types inside it, neither order can be seen: the text
/// source gives the loop each member as the scanner reaches it, the loop assigns
/// it through the engine's own step or stores it straight into its field, and a
/// nested model or array of models is decoded the same way where it lies. No
/// array of slots is made for it.
///
/// What can differ is only which error a bad document gets, so a read that meets
/// one does not report it: the reader sets the scanner back to where the model
/// began and reads it into slots, with nothing below it decoded as it is read, and
/// the same loop then assigns those slots and reports exactly what it would have
/// reported had this never been tried. A model's `init()` may so run for a try
/// that gives up.
extension JSONAdapter {
    /// Thrown by a model decoded as it is read that gives up before any error of
    /// its own: the caller reads the object again into slots.
    struct StreamingDeclined: Error {}

    /// Exactly `T`, decoded as the object at the scanner's position (with keys
    /// `keys`) is read: the engine's one loop (``decodeMapped(_:takingFrom:)``) run on
    /// the text source, which gives each mapped member as the scanner reaches it.
    ///
    /// For a plan that ``streamsModels(_:)``. `levelsLeft` is as for
    /// ``readObject(_:keys:from:levelsLeft:streams:)``. Any error means only that the
    /// caller must set the scanner back and read the object into slots.
    static func decodeStreaming<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, from scanner: inout MemberScanner, levelsLeft: Int
    ) throws -> T {
        var members = MappedMembers(keys)
        return try decodeMapped(plan, readingObjectAt: &scanner, members: &members, levelsLeft: levelsLeft)
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
