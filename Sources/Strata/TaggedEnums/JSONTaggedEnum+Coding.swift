import Foundation

/// Reading and writing a ``JSONTaggedEnum`` value as its tagged object: the one
/// place both the property type and the top-level calls go through.
extension JSONTaggedEnum {
    /// The value `object` holds: the case of its tag, or the fallback for a tag
    /// the enum does not know.
    static func decodeTagged(_ object: [String: Any]) throws -> Self {
        let path = try tagPath()
        var read = 0
        let slot = try DecodeSource.value(at: tagKeyPath, in: object, read: &read)
        guard case .json(let found as String) = slot else {
            // No tag, or one that is not a string: an object the enum does not know.
            if let fallback = unknownTagCase { return try fallback.read(object) }
            throw noTag(slot, at: path)
        }
        let tag = found
        if let taggedCase = casesByTag[tag] { return try taggedCase.read(object) }
        if let fallback = unknownTagCase { return try fallback.read(object) }
        let known = casesByTag.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        throw StrataError(
            .noClassFound,
            "\(Self.self) has no case for the tag \"\(tag)\" at '\(path.text)'. Known tags: \(known). "
                + "Fix the payload, or give \(Self.self) an unknownTagCase.",
            path: path.components)
    }

    /// The value an object's ``ObjectText`` holds, as ``decodeTagged(_:)-([String:Any])``
    /// gives it for the object's dictionary.
    static func decodeTagged(_ text: ObjectText) throws -> Self {
        try JSONAdapter.taggedReading(Self.self, text: text)
    }

    /// The tagged object of `value`: its case's model written, and its tag put back.
    ///
    /// The case is found from the value: its name, and the value it holds, which
    /// the entry of ``casesByTag`` (or ``unknownTagCase``) whose model type it has
    /// builds into the same case.
    static func encodeTagged(_ value: Any) throws -> [String: Any] {
        switch try chosenCase(of: value) {
        case .kept(let fallback, let payload):
            return try fallback.write(payload)
        case .tagged(let tag, let taggedCase, let payload):
            var object = try taggedCase.write(payload)
            try insert(tag, into: &object, at: tagPath())
            return object
        }
    }

    /// Writes the tagged object of `value` into a sink of JSON text: the tag, then
    /// its case's model's members straight from the model, where the model allows
    /// it (see `JSONAdapter.encode(_:taggedWith:into:)`); otherwise the object
    /// ``encodeTagged(_:)`` builds.
    ///
    /// The case is found as ``encodeTagged(_:)`` finds it the first time a value
    /// of its case index (see `EnumCaseLayout`) is written. When that case's model
    /// is the very bytes the enum's case holds, later values of the index are
    /// written from those bytes, with no reflection.
    ///
    /// `table` is `TaggedCaseTable<Self>.shared`, looked up once by the caller.
    static func writeTagged(_ value: Self, table: TaggedCaseTable<Self>, into sink: inout EmitterSink) throws {
        guard let members = table.tagMembers, let caseIndex = EnumCaseLayout.caseIndex(of: value) else {
            return try writeReflected(value, into: &sink)
        }
        switch table.route(ofCase: caseIndex) {
        case .payloadOf(let index)?:
            if let writer = table.payloadWriters[index],
                try EnumCaseLayout.withPayload(of: value, { try writer.write($0, members[index], &sink) }) == true
            {
                return
            }
        case .reflected?:
            break
        case nil:
            table.learn(try route(of: value, table: table), ofCase: caseIndex)
        }
        try writeReflected(value, into: &sink)
    }

    /// How values of `value`'s case index are written: from their payload's bytes
    /// when `value`'s case, found by reflection, holds its model as the model's bytes.
    private static func route(of value: Self, table: TaggedCaseTable<Self>) throws -> CaseRoute {
        guard case .tagged(let tag, let taggedCase, let payload) = try chosenCase(of: value),
            let index = table.indicesByTag[tag], let holds = taggedCase.holdsPayload, taggedCase.writeTaggedAt != nil,
            unknownTagCase.map({ $0.payloadIsClass || $0.payloadType == taggedCase.payloadType }) != true,
            EnumCaseLayout.withPayload(of: value, { holds($0, MemoryLayout<Self>.size, payload) }) == true
        else { return .reflected }
        return .payloadOf(index)
    }

    /// ``writeTagged(_:into:)`` through reflection on the value.
    private static func writeReflected(_ value: Self, into sink: inout EmitterSink) throws {
        if case .tagged(let tag, let taggedCase, let payload) = try chosenCase(of: value),
            let write = taggedCase.writeTagged, let path = try? tagPath(), path.segments.count == 1
        {
            if try write(payload, LeadingMember(key: path.segments[0], value: tag), &sink) { return }
            var object = try taggedCase.write(payload)
            try insert(tag, into: &object, at: path)
            return try sink.writeObject(object)
        }
        try sink.writeObject(encodeTagged(value))
    }

    /// The case `value` is written as (see ``encodeTagged(_:)``).
    private static func chosenCase(of value: Any) throws -> ChosenTaggedCase<Self> {
        guard let value = value as? Self else { throw StrataError.expected("\(Self.self)", found: value) }
        let table = TaggedCaseTable<Self>.shared
        guard let (name, payload) = caseAndPayload(of: value, table: table) else {
            throw StrataError(
                .unsupportedValue,
                "\(value) of \(Self.self) holds no value to write: each case of a tagged enum holds its model.")
        }
        let held = ObjectIdentifier(type(of: payload))
        // An object the fallback kept, whose tag the table does not know, is written as it was read.
        if let fallback = unknownTagCase, table.mayHold(held, in: fallback), isCase(name, fallback.make(payload)),
            let kept = payload as? JSONValue, try tag(of: kept).flatMap({ casesByTag[$0] }) == nil
        {
            return .kept(fallback, payload: payload)
        }
        var tags: [String] = []
        var chosen: JSONTaggedCase<Self>?
        // By index: in this code, not specialised for the enum, an enumerated sequence
        // of its cases looks up its generic metadata at each step.
        for index in table.cases.indices {
            let taggedCase = table.cases[index]
            guard table.mayHold(held, in: taggedCase), isCase(name, of: value, taggedCase.make(payload)) else { continue }
            tags.append(table.tags[index])
            if chosen == nil { chosen = taggedCase }
        }
        guard let tag = tags.first, let taggedCase = chosen else {
            throw StrataError(
                .unsupportedValue,
                "\(Self.self).\(name) has no tag in casesByTag, so it cannot be written. Give it a tag.")
        }
        guard tags.count == 1 else {
            throw StrataError(
                .invalidMapping,
                "The tags \(tags.map { "\"\($0)\"" }.joined(separator: ", ")) of \(Self.self) all build the case \(name), "
                    + "so a value of it cannot say which to write. Give each tag its own case.")
        }
        return .tagged(tag, taggedCase, payload: payload)
    }

    /// The name of `value`'s case and the value it holds (the one value of a
    /// labeled payload, `case card(card: Card)`, rather than its tuple).
    private static func caseAndPayload(of value: Self, table: TaggedCaseTable<Self>) -> (name: String, payload: Any)? {
        guard let held = Mirror(reflecting: value).children.first, let name = held.label else { return nil }
        // A value of a type a case holds, not a class, is no tuple: no second mirror to tell.
        if table.valueTypes.contains(ObjectIdentifier(type(of: held.value))) { return (name, held.value) }
        let payload = Mirror(reflecting: held.value)
        if payload.displayStyle == .tuple, payload.children.count == 1, let only = payload.children.first {
            return (name, only.value)
        }
        return (name, held.value)
    }

    /// The error for an object without a string tag at `path` (`slot` is what is there).
    private static func noTag(_ slot: Slot, at path: JSONKeyPath.Path) -> StrataError {
        if case .json(let found?) = slot {
            return StrataError.expected(
                "a string tag", for: "\(Self.self)", found: found, code: .noClassFound,
                advice: "Fix the payload: the tag at '\(path.text)' names the case.", path: path.components)
        }
        return StrataError(
            .noClassFound,
            "The object has no tag at '\(path.text)' to choose a case of \(Self.self). Fix the payload.",
            path: path.components)
    }

    /// The tag of an object the fallback kept, at ``tagKeyPath``; `nil` when it has none.
    private static func tag(of kept: JSONValue) throws -> String? {
        var value: JSONValue? = kept
        for key in try tagPath().segments { value = value?[key] }
        return value?.stringValue
    }

    /// Whether `made` is a value of the case named `name`.
    private static func isCase(_ name: String, _ made: Self?) -> Bool {
        guard let made else { return false }
        return Mirror(reflecting: made).children.first?.label == name
    }

    /// Whether `made` is a value of the case named `name`, the case of `value`: at
    /// once when `made` is `value` byte for byte (the same case, holding the same
    /// value), else by its mirror.
    private static func isCase(_ name: String, of value: Self, _ made: Self?) -> Bool {
        guard let made else { return false }
        return haveSameBytes(made, value) || isCase(name, made)
    }

    /// The one path of ``tagKeyPath``, which names a member by keys alone.
    static func tagPath() throws -> JSONKeyPath.Path {
        let keyPath = tagKeyPath
        guard keyPath.form == .single, let path = keyPath.paths.first, !path.segments.isEmpty,
            !path.hasIndex, !path.segments.contains(where: \.isEmpty)
        else {
            throw StrataError(
                .invalidMapping,
                "The tagKeyPath of \(Self.self), \(keyPath), is not one key path of keys: give it one, such as \"type\".")
        }
        return path
    }

    /// Puts `tag` at `path` in `object`, in the nested objects the path names
    /// (made when absent).
    private static func insert(_ tag: String, into object: inout [String: Any], at path: JSONKeyPath.Path) throws {
        func insert(at depth: Int, into object: inout [String: Any]) throws {
            let key = path.segments[depth]
            guard depth + 1 < path.segments.count else {
                object[key] = tag
                return
            }
            var nested: [String: Any]
            switch object[key] {
            case nil: nested = [:]
            case let found as [String: Any]: nested = found
            case let found?:
                throw StrataError.expected(
                    "an object to hold the tag", for: "\(Self.self)", foundDescription: describe(found),
                    code: .unsupportedValue, advice: "The model writes another value at '\(key)'.",
                    path: Array(path.components[...depth]))
            }
            try insert(at: depth + 1, into: &nested)
            object[key] = nested
        }
        try insert(at: 0, into: &object)
    }
}

/// How a tagged enum's value is written: as the object the fallback kept, or as
/// its tag's case (see `JSONTaggedEnum.encodeTagged(_:)`).
private enum ChosenTaggedCase<Enum: JSONTaggedEnum> {
    case kept(JSONTaggedCase<Enum>, payload: Any)
    case tagged(String, JSONTaggedCase<Enum>, payload: Any)
}
