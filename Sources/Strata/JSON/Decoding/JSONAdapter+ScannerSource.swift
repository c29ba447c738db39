import Foundation

/// The scanner source: JSON data read straight into the decode engine's slots,
/// member by member, without building the `[String: Any]` of each object.
///
/// Each member's key is matched against the plan's keys (see ``MemberKeyTable``);
/// the value of a mapped key is read into that entry's ``Slot`` and any other
/// value is checked and skipped. A nested model (or array of models) is read
/// into slots of its own by its type's plan, so no user code runs while the data
/// is read: the engine then assigns the slots in plan order, running every hook
/// exactly as it does for a dictionary. A later duplicate key replaces an
/// earlier one, as it does in the dictionary the reader would build. Syntax
/// errors are reported before mapping errors, as they are when the whole
/// document is parsed first.
///
/// Objects are read this way for types whose plan is flat (every key path a
/// single key) and whose `classForParsing(_:)` is known to be the default, and
/// for class clusters that declare the members their `classForParsing(_:)` reads
/// (see `JSONAdapter+ClassClusters.swift`); anything else is parsed into its
/// dictionary and decoded from that. Which
/// source a value takes never changes the result. A top-level array is always
/// read element by element.
extension JSONAdapter {
    /// The scanner for member-wise reading: native values, as ``parse(_:)`` builds.
    typealias MemberScanner = JSONScanner<NativeJSONBuilder>

    /// `T` decoded from the object in `data` read member by member, or `nil` when
    /// `T` or the data's top-level value (not an object) needs the dictionary path.
    ///
    /// `levelsLeft` is how many levels of nested models may be read into slots.
    static func modelReadingObject<T: JSONSerializing>(
        of type: T.Type, from data: Data, maximumNestingDepth: Int, levelsLeft: Int
    ) throws -> T? {
        let plan = MappingPlan<T>.shared
        guard let keys = readsObjects(plan) else {
            guard let members = readsClusters(plan) else { return nil }
            return try modelReadingCluster(
                plan, members: members, from: data, maximumNestingDepth: maximumNestingDepth, levelsLeft: levelsLeft)
        }
        var streamed: T?
        var read: [Slot]? = try scanning(data, maximumNestingDepth: maximumNestingDepth) { scanner in
            guard scanner.nextByte == Byte.openBrace else { return nil }
            var streams = !RecoveryLog.mayBeActive
            if streams, streamsModels(plan) {
                // Decoded as it is read; read again into slots if that gives up.
                let start = scanner.position
                do {
                    streamed = try decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft)
                    try scanner.endDocument()
                    return []
                } catch {
                    streamed = nil
                    scanner.position = start
                    streams = false
                }
            }
            let slots = try readObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft, streams: streams)
            try scanner.endDocument()
            return slots
        }
        if let streamed = streamed.take() { return streamed }
        // Taken out of the optional, not bound from it: a binding is a second reference,
        // and the slots would be copied when they are moved out.
        guard let slots = read.take() else { return nil }
        var source = DecodeSource.slots(consume slots)
        let model = try decodeMapped(plan, from: &source)
        plan.spareSlots.keep(source.reclaimSlots())
        return model
    }

    /// A `T` decoded from the object at the scanner's position as a nested model is.
    ///
    /// One nesting level deeper (`levelsLeft` levels of models left to the read in
    /// progress, at least one): decoded as it is read where `T` allows, else read
    /// into slots. `keys` is what ``readsObjects(_:)`` gives for `plan`, `T`'s.
    static func nestedModelReadingObject<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, from scanner: inout MemberScanner, levelsLeft: Int
    ) throws -> T {
        var streams = !RecoveryLog.mayBeActive
        if streams, streamsModels(plan) {
            // Decoded as it is read; read again into slots if that gives up.
            let start = scanner.position
            do {
                return try decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft - 1)
            } catch {
                scanner.position = start
                streams = false
            }
        }
        let slots = try readObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft - 1, streams: streams)
        var source = DecodeSource.slots(consume slots)
        let model = try nested { try decodeMapped(plan, from: &source) }
        plan.spareSlots.keep(source.reclaimSlots())
        return model
    }

    /// Models decoded element by element from `data`, or `nil` when the data's
    /// top-level value (not an array) needs the dictionary path.
    ///
    /// Errors name the index: `[3].id`.
    ///
    /// Each element is read into slots when `T` allows it, and otherwise parsed
    /// into its dictionary and decoded as ``decodeEach(_:from:elements:)`` would: so the
    /// document is never held whole.
    static func modelsReadingElements<T: JSONSerializing>(
        of type: T.Type, from data: Data, maximumNestingDepth: Int, levelsLeft: Int
    ) throws -> [T]? {
        let plan = MappingPlan<T>.shared
        return try scanning(data, maximumNestingDepth: maximumNestingDepth) { scanner -> [T]? in
            guard scanner.nextByte == Byte.openBracket else { return nil }
            var models: [T] = []
            guard try scanner.beginArray() else {
                try scanner.endDocument()
                return models
            }
            let elements = CollectionElements(skipsInvalidElements: false)
            let mayStream = !RecoveryLog.mayBeActive
            let streams = mayStream && streamsModels(plan)
            var spareSlots: [Slot] = []
            var recentMembers = RecentClusterMembers(keepsMembers: true)
            let firstElementStart = scanner.index
            repeat {
                try scanner.expectElement()
                let index = models.count
                if index == sizingSample {
                    reserveForRemainingElements(
                        &models, sampleBytes: scanner.index - firstElementStart, bytesLeft: scanner.count - scanner.index)
                }
                do {
                    if scanner.nextByte == Byte.openBrace, let keys = readsObjects(plan) {
                        // Whether models below the element may be decoded as they are read: not
                        // below one that gave up.
                        var streamsBelow = mayStream
                        if streams {
                            // Decoded as it is read; read again into slots if that gives up.
                            let start = scanner.position
                            do {
                                models.append(
                                    try decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft))
                                continue
                            } catch {
                                scanner.position = start
                                streamsBelow = false
                            }
                        }
                        // One array of slots for every element: the engine takes each slot,
                        // leaving it missing, so the next element is read into the same one.
                        var slots: [Slot] = []
                        swap(&slots, &spareSlots)
                        if slots.count != keys.slotCount { slots = .missing(count: keys.slotCount) }
                        if keys.keepsUnmapped {
                            try readObjectKeepingUnmapped(
                                plan, keys: keys, into: &slots, from: &scanner, levelsLeft: levelsLeft, streams: streamsBelow)
                        } else {
                            try readObject(
                                plan, keys: keys, into: &slots, from: &scanner, levelsLeft: levelsLeft, streams: streamsBelow)
                        }
                        var source = DecodeSource.slots(consume slots)
                        models.append(try elements.element(at: .index(index)) { try decodeMapped(plan, from: &source) })
                        spareSlots = source.reclaimSlots()
                        continue
                    }
                    if scanner.nextByte == Byte.openBrace, let members = readsClusters(plan) {
                        // The element checked and its declared members read, then read again from its start
                        // as the chosen class, unless it was decoded as that class as it was checked; the
                        // scanner is left after it however that ends.
                        let start = scanner.position
                        let read: [String: Any]
                        let lastChoice: LastChoice?
                        var decodedAhead: (type: ObjectIdentifier, model: Any)?
                        if let ahead = members.readAhead(
                            from: &scanner, recent: &recentMembers, levelsLeft: levelsLeft, streams: mayStream)
                        {
                            read = ahead.members
                            lastChoice = ahead.choice
                            decodedAhead = (ahead.type, ahead.model)
                        } else {
                            read = try members.read(from: &scanner, recent: &recentMembers)
                            lastChoice = recentMembers.lastChoice
                        }
                        let end = scanner.position
                        scanner.position = start
                        defer { scanner.position = end }
                        models.append(
                            try elements.element(at: .index(index)) {
                                try decodeCluster(
                                    plan, members: read, from: &scanner, levelsLeft: levelsLeft, streams: mayStream,
                                    lastChoice: lastChoice, decodedAhead: decodedAhead)
                            })
                        continue
                    }
                    let element = try scanner.parseValueTree()
                    // A `null` element is refused as any other value that is not an object.
                    models.append(try elements.element(at: .index(index)) { try decodeElement(T.self, element) })
                } catch let error as StrataError {
                    // The rest of the document must be valid JSON for this error to be the one reported.
                    try skipRemainingElements(of: &scanner)
                    throw error
                }
            } while try scanner.nextElement()
            try scanner.endDocument()
            return exactlySized(models)
        }
    }

    /// How many elements of a top-level array are read before it is sized for the
    /// rest (see ``reserveForRemainingElements(_:sampleBytes:bytesLeft:)``).
    private static let sizingSample = 8

    /// Reserves room in `models`, which holds the first elements of an array, for
    /// as many more as the `bytesLeft` of the document hold if each is as long as
    /// the first ones were on average (`sampleBytes`, separators included).
    ///
    /// One allocation instead of the doublings of appending one by one, each of
    /// which copies the array so far and frees a large block, which makes glibc's
    /// `malloc` consolidate every small block freed since. The estimate only sizes
    /// the buffer: a short one grows by appending, and a long one (short elements
    /// first) is bounded by the input's size in bytes and trimmed at the end by
    /// ``exactlySized(_:)``.
    private static func reserveForRemainingElements<T>(_ models: inout [T], sampleBytes: Int, bytesLeft: Int) {
        let estimate = bytesLeft * models.count / max(sampleBytes, 1)
        let bound = bytesLeft / max(MemoryLayout<T>.stride, 1)
        models.reserveCapacity(models.count + min(estimate, bound))
    }

    /// `models`, copied into an array of their number when the estimate left much
    /// more room than they fill: the result holds no more than appending one by one
    /// would have left it.
    private static func exactlySized<T>(_ models: [T]) -> [T] {
        guard models.capacity > 2 * models.count + 16 else { return models }
        var exact: [T] = []
        exact.reserveCapacity(models.count)
        exact.append(contentsOf: models)
        return exact
    }

    /// The key table of `plan`, when objects of its type can be read into slots:
    /// its plan is flat, and its `classForParsing(_:)` is known to be the default.
    static func readsObjects<T: JSONSerializing>(_ plan: MappingPlan<T>) -> MemberKeyTable? {
        guard let keys = plan.memberKeys, plan.hooks.isDefault(.classForParsing) else { return nil }
        return keys
    }

    /// Reads the object at the scanner's position into one ``Slot`` per entry of
    /// `plan` (whose keys are `keys`).
    ///
    /// Members with other keys are checked and skipped. `levelsLeft` is how many
    /// levels of models below this object may still be read into slots (the limit
    /// of the read in progress less the object's depth); a nested model deeper
    /// than that is parsed as a value, and its transformer reports the depth, as
    /// from a dictionary. `streams` is whether a nested model may be decoded as
    /// it is read (see ``readModels(_:of:from:levelsLeft:streams:)``).
    static func readObject<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, from scanner: inout MemberScanner, levelsLeft: Int,
        streams: Bool
    ) throws(JSONParsingError) -> [Slot] {
        var slots = plan.spareSlots.take(count: keys.slotCount)
        if keys.keepsUnmapped {
            try readObjectKeepingUnmapped(plan, keys: keys, into: &slots, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        } else {
            try readObject(plan, keys: keys, into: &slots, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        }
        return slots
    }

    /// ``readObject(_:keys:from:levelsLeft:streams:)`` into `slots`, one per key, all
    /// ``Slot/missing``, for a table that does not keep unmapped members.
    static func readObject<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, into slots: inout [Slot], from scanner: inout MemberScanner,
        levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) {
        var members = MappedMembers(keys)
        while let index = try members.next(in: &scanner) {
            slots[index] = try readSlot(plan, at: index, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        }
    }

    /// ``readObject(_:keys:into:from:levelsLeft:streams:)`` for a table that
    /// ``MemberKeyTable/keepsUnmapped``, a plan that keeps the
    /// members no entry maps (``JSONSerializing/unmappedKeysPropertyKey``): each is
    /// read as a `JSONValue` where it stands, and the slot of their entry, the last,
    /// holds them all, as the dictionary source gives them to the entry's transformer.
    @inline(never)
    static func readObjectKeepingUnmapped<T: JSONSerializing>(
        _ plan: MappingPlan<T>, keys: MemberKeyTable, into slots: inout [Slot], from scanner: inout MemberScanner,
        levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) {
        var members = MappedMembers(keys)
        var unmapped: [String: JSONValue] = [:]
        var unmappedKey: String?
        while let index = try members.next(in: &scanner, keeping: &unmappedKey) {
            if let key = unmappedKey {
                // A later duplicate key replaces an earlier one.
                unmapped[key] = try scanner.parseJSONValue()
            } else {
                slots[index] = try readSlot(plan, at: index, from: &scanner, levelsLeft: levelsLeft, streams: streams)
            }
        }
        slots[keys.count] = .converted(unmapped)
    }

    /// Reads the value of the member the entry at `index` maps, at the scanner's
    /// position: a plain string, an array of them or of numbers straight into what
    /// the entry's transformer would give, a `JSONValue` (or an array or object of
    /// them) straight as `JSONValue`s, a nested model or array of models as
    /// ``readModels(_:of:from:levelsLeft:streams:)`` reads it, anything else as a JSON
    /// value.
    @inline(__always)
    static func readSlot<T: Model>(
        _ plan: MappingPlan<T>, at index: Int, from scanner: inout MemberScanner, levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot {
        // The read's flags in place: a copy of the read would retain its nested plan.
        if plan.memberReads[index].readsPlainStrings,
            let converted = plan.withEntry(at: index, { scanner.plainString(with: $0.transformer) })
        {
            return .converted(consume converted)
        }
        if plan.memberReads[index].readsStringArrays, let strings = scanner.plainStringArray() {
            return .converted(consume strings)
        }
        if plan.memberReads[index].readsTypedValues,
            let slot = try readTypedValue(plan, at: index, from: &scanner, levelsLeft: levelsLeft)
        {
            return slot
        }
        // The nested model type taken out only for an entry that holds models: a copy of
        // the whole read, or of its references, costs a retain and a release each.
        let kind = plan.memberReads[index].kind
        if kind != .value, let nested = plan.memberReads[index].nested,
            let slot = try readModels(kind, of: nested, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        {
            return slot
        }
        let value =
            try plan.memberReads[index].readsBinaryNumbers
            ? scanner.parseValueTreeWithBinaryNumbers() : scanner.parseValueTree()
        return .json(isJSONNull(value) ? nil : value)
    }

    /// The value of an entry that ``MemberRead/readsTypedValues``, read straight into
    /// what its transformer would give: an array of numbers into its storage, a
    /// `JSONValue` (or an array or object of them) as `JSONValue`s; an object as its
    /// ``ObjectText``, and an array as its elements with each object as its
    /// ``ObjectText``, for the transformer; `nil`, having read nothing, for a value
    /// to read as JSON.
    @inline(never)
    private static func readTypedValue<T: Model>(
        _ plan: MappingPlan<T>, at index: Int, from scanner: inout MemberScanner, levelsLeft: Int
    ) throws(JSONParsingError) -> Slot? {
        if let element = plan.memberReads[index].typedArrayElement, let array = scanner.typedArray(of: element) {
            return .converted(array)
        }
        if let form = plan.memberReads[index].jsonValueForm { return try scanner.jsonValue(as: form).map(Slot.converted) }
        // The object's text, for a transformer that decodes it a model level deeper:
        // the tagged object's level, then its case's model's.
        if plan.memberReads[index].readsObjectText, levelsLeft > 1, scanner.nextByte == Byte.openBrace {
            return .json(try ObjectText(from: &scanner, levelsLeft: levelsLeft - 1))
        }
        // An array of such objects, for the array's transformer: each object as its text,
        // at the level a single one would be.
        if plan.memberReads[index].readsObjectTextElements, levelsLeft > 1, scanner.nextByte == Byte.openBracket {
            return .json(try ObjectText.elements(from: &scanner, levelsLeft: levelsLeft - 1))
        }
        return nil
    }

    /// Reads a nested model (`kind` ``MappingKind/model``) or array of models
    /// (``MappingKind/models``) of type `nested`: decoded as it is read where its
    /// type and `streams` allow (see ``NestedModel/streamedObject(from:levelsLeft:)``),
    /// else into slots of its own where its type allows; `nil`, having read nothing,
    /// for a value to read as JSON.
    ///
    /// A model that cannot be decoded as it is read (its value is not what the
    /// type needs, or the JSON is not valid) is read again from the same place,
    /// into slots, and nothing below it is decoded as it is read: the engine then
    /// finds the same values, and reports the same error, as if it had never been
    /// tried.
    @inline(__always)
    private static func readModels(
        _ kind: MappingKind, of nested: any NestedModel, from scanner: inout MemberScanner, levelsLeft: Int,
        streams: Bool
    ) throws(JSONParsingError) -> Slot? {
        var streamsBelow = streams
        if streams, nested.streams, scanner.nextByte == (kind == .model ? Byte.openBrace : Byte.openBracket) {
            let start = scanner.position
            do {
                return .converted(
                    try kind == .model
                        ? nested.streamedObject(from: &scanner, levelsLeft: levelsLeft)
                        : nested.streamedArray(from: &scanner, levelsLeft: levelsLeft))
            } catch {
                scanner.position = start
                streamsBelow = false
            }
        }
        return try kind == .model
            ? nested.readObject(from: &scanner, levelsLeft: levelsLeft, streams: streamsBelow)
            : nested.readArray(from: &scanner, levelsLeft: levelsLeft, streams: streamsBelow)
    }

    /// Checks, and skips, the elements after the current one (read whole) and the
    /// end of the document.
    static func skipRemainingElements(of scanner: inout MemberScanner) throws(StrataError) {
        do {
            while try scanner.nextElement() {
                try scanner.expectElement()
                try scanner.skipValue()
            }
            try scanner.endDocument()
        } catch {
            throw invalidJSON(error)
        }
    }

    /// Runs `body` on a scanner over `data` (whose arrays and objects may nest
    /// `maximumNestingDepth` deep), past any BOM and leading whitespace; parsing
    /// errors become ``StrataError/Code/invalidJSON``.
    static func scanning<Value>(
        _ data: Data, maximumNestingDepth: Int, _ body: (inout MemberScanner) throws -> Value?
    ) throws -> Value? {
        do {
            return try data.withUnsafeBytes { raw -> Value? in
                guard raw.count > 0 else { return nil }
                var scanner = MemberScanner(
                    input: ByteView(raw),
                    builder: NativeJSONBuilder(), maximumDepth: maximumNestingDepth)
                try scanner.beginDocument(topLevelContainerRequired: false)
                return try body(&scanner)
            }
        } catch let error as JSONParsingError {
            throw invalidJSON(error)
        }
    }
}
