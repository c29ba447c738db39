import Foundation

/// Class clusters: the type ``JSONSerializing/classForParsing(_:)`` chooses, and
/// the scanner source's case for a cluster that declares the members it reads
/// (``JSONSerializing/classForParsingJSONKeys``).
///
/// Every route asks `classForParsing(_:)` through ``chosenType(_:for:)``, with the
/// declared members when there are any, so the choice and its errors are the same
/// whatever the route. From JSON data, the declared members are read from the
/// object's bytes (the rest checked and skipped), the choice is made, and the same
/// bytes are read again into the chosen class's slots: no dictionary of the object
/// is built. An object of an array whose declared members come first, written as
/// a recent object's, is read once, as the class last chosen for them (see
/// ``ClusterMembers/readAhead(from:recent:levelsLeft:streams:)``). A cluster nested in another model is read while no user code may run
/// (see `JSONAdapter+ScannerSource.swift`), so its members and its text are kept
/// in a ``ClusterObject`` until the engine assigns it, in plan order.
extension JSONAdapter {
    /// The declared members of `plan`'s type, when its objects are read from data
    /// as a cluster's: its `classForParsing(_:)` is not known to be the default and
    /// it declares ``JSONSerializing/classForParsingJSONKeys``.
    @inline(__always)
    static func readsClusters<T: JSONSerializing>(_ plan: MappingPlan<T>) -> ClusterMembers? {
        guard let members = plan.clusterMembers, !plan.hooks.isDefault(.classForParsing) else { return nil }
        return members
    }

    /// The type `T.classForParsing(_:)` chooses for `json` (the whole object, or its
    /// declared members), checked to be `T` or a subclass; `nil` for `T` itself.
    ///
    /// The one place the hook is asked and its answer judged, for every route.
    static func chosenType<T: JSONSerializing>(
        _ plan: MappingPlan<T>, for json: [String: Any]
    ) throws -> (any JSONSerializing.Type)? {
        let chosen: (any JSONSerializing.Type)?
        switch plan.hooks.usage(of: .classForParsing) {
        case .isDefault: return nil
        case .isCustom: chosen = T.classForParsing(json)
        case .unknown: chosen = plan.hooks.probe(.classForParsing) { T.classForParsing(json) }
        }
        guard let chosen else {
            throw StrataError(
                .noClassFound,
                "\(T.self).classForParsing(_:) chose no type for this JSON object (\(describe(json))). "
                    + "Fix the payload, or make classForParsing(_:) return a type for it.")
        }
        if chosen == T.self { return nil }
        guard chosen is T.Type else {
            throw StrataError(
                .noClassFound,
                "\(T.self).classForParsing(_:) chose \(chosen), which is not \(T.self) or a subclass of it.")
        }
        return chosen
    }

    /// The error for a chosen type whose model is not a `T` after all.
    static func unusableChoice<T>(_ chosen: any JSONSerializing.Type, as _: T.Type) -> StrataError {
        StrataError(.noClassFound, "\(chosen) could not be used as \(T.self).")
    }

    /// `T`, or the class `T.classForParsing(_:)` chooses for `members` (the object's
    /// declared members), decoded from the object at the scanner's position, which
    /// has been checked: read into the chosen class's slots, or, for a class whose
    /// plan is not flat, parsed into its dictionary.
    ///
    /// `levelsLeft` and `streams` are as for ``readObject(_:keys:from:levelsLeft:streams:)``;
    /// `lastChoice`, when given, is kept by the read for objects with these members.
    /// `decodedAhead`, when given, is the object decoded as a class before the choice
    /// (see ``ClusterMembers/readAhead(from:recent:levelsLeft:streams:)``): the
    /// model when the choice is that class.
    static func decodeCluster<T: JSONSerializing>(
        _ plan: MappingPlan<T>, members: [String: Any], from scanner: inout MemberScanner, levelsLeft: Int,
        streams: Bool, lastChoice: LastChoice? = nil, decodedAhead: (type: ObjectIdentifier, model: Any)? = nil
    ) throws -> T {
        let chosen = try chosenType(plan, for: members)
        // The model decoded ahead of the choice, when the choice is its class.
        if let decodedAhead, let chosen, decodedAhead.type == ObjectIdentifier(chosen),
            let model = decodedAhead.model as? T
        {
            return model
        }
        return try decodeChosen(
            chosen, of: plan, from: &scanner, levelsLeft: levelsLeft, streams: streams, lastChoice: lastChoice)
    }

    /// `chosen` (`nil` for `T` itself), decoded from the object at the scanner's
    /// position, as ``decodeCluster(_:members:from:levelsLeft:streams:lastChoice:decodedAhead:)`` decodes it.
    private static func decodeChosen<T: JSONSerializing>(
        _ chosen: (any JSONSerializing.Type)?, of plan: MappingPlan<T>, from scanner: inout MemberScanner,
        levelsLeft: Int, streams: Bool, lastChoice: LastChoice?
    ) throws -> T {
        guard let chosen else {
            return try decodeExactly(plan, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        }
        let clusterMembers = plan.clusterMembers ?? ClusterMembers([])
        let chosenClass =
            lastChoice?.chosenClass(chosen, of: clusterMembers) ?? clusterMembers.chosenClass(chosen)
        guard let model = try chosenClass.decode(from: &scanner, levelsLeft: levelsLeft, streams: streams) as? T else {
            throw unusableChoice(chosen, as: T.self)
        }
        return model
    }

    /// A nested cluster's model, from the ``ClusterObject`` the scanner source kept
    /// for it: the choice made and its text read, as ``decodeCluster(_:members:from:levelsLeft:streams:)`` does.
    static func decodeCluster<T: JSONSerializing>(_ plan: MappingPlan<T>, _ object: ClusterObject) throws -> T {
        let chosen = try chosenType(plan, for: object.members)
        if let decodedAhead = object.decodedAhead, let chosen, decodedAhead.type == ObjectIdentifier(chosen),
            let model = decodedAhead.model as? T
        {
            return model
        }
        do {
            return try object.text.withUnsafeBytes { text in
                var scanner = MemberScanner(
                    input: ByteView(text), builder: NativeJSONBuilder(), maximumDepth: object.maximumDepth)
                return try decodeChosen(
                    chosen, of: plan, from: &scanner, levelsLeft: object.levelsLeft, streams: object.streams,
                    lastChoice: object.lastChoice)
            }
        } catch let error as JSONParsingError {
            // Never for text the scanner source checked; reported as any syntax error is.
            throw invalidJSON(error)
        }
    }

    /// Reads the object of a nested cluster at the scanner's position (see
    /// ``ClusterObject``): its declared members, and its text once checked.
    ///
    /// `recent` holds the declared members of the objects read before it in the
    /// same array.
    static func readClusterObject(
        _ members: ClusterMembers, from scanner: inout MemberScanner, recent: inout RecentClusterMembers,
        levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot {
        let start = scanner.index
        if let ahead = members.readAhead(from: &scanner, recent: &recent, levelsLeft: levelsLeft, streams: streams) {
            return .cluster(
                ClusterObject(
                    members: ahead.members, text: Array(scanner.input.bytes(start..<scanner.index)),
                    maximumDepth: scanner.maximumDepth, levelsLeft: levelsLeft, streams: streams,
                    lastChoice: ahead.choice, decodedAhead: (ahead.type, ahead.model)))
        }
        let read = try members.read(from: &scanner, recent: &recent)
        let text = Array(scanner.input.bytes(start..<scanner.index))
        return .cluster(
            ClusterObject(
                members: read, text: text, maximumDepth: scanner.maximumDepth, levelsLeft: levelsLeft, streams: streams,
                lastChoice: recent.lastChoice))
    }

    /// A cluster's model from the object in `data`, or `nil` when the data's
    /// top-level value is not an object.
    ///
    /// The whole document is checked before the choice is made, as it is when the
    /// document is parsed first.
    static func modelReadingCluster<T: JSONSerializing>(
        _ plan: MappingPlan<T>, members: ClusterMembers, from data: Data, maximumNestingDepth: Int, levelsLeft: Int
    ) throws -> T? {
        try scanning(data, maximumNestingDepth: maximumNestingDepth) { scanner -> T? in
            guard scanner.nextByte == Byte.openBrace else { return nil }
            let start = scanner.position
            var recent = RecentClusterMembers(keepsMembers: false)
            let read = try members.read(from: &scanner, recent: &recent)
            try scanner.endDocument()
            scanner.position = start
            return try decodeCluster(
                plan, members: read, from: &scanner, levelsLeft: levelsLeft, streams: !RecoveryLog.mayBeActive)
        }
    }

    /// Exactly `U`, decoded from the object at the scanner's position, which has been
    /// checked.
    static func decodeExactly<U: JSONSerializing>(
        _ plan: MappingPlan<U>, from scanner: inout MemberScanner, levelsLeft: Int, streams: Bool
    ) throws -> U {
        guard let keys = plan.memberKeys else {
            let object = try scanner.parseValueTree()
            guard let json = object as? [String: Any] else { throw notAnObject(object, for: U.self) }
            return try decodeMapped(plan, from: json)
        }
        let slots = try readObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft, streams: streams)
        var source = DecodeSource.slots(consume slots)
        let model = try decodeMapped(plan, from: &source)
        plan.spareSlots.keep(source.reclaimSlots())
        return model
    }
}
