/// The encode sink that writes JSON bytes with a ``JSONEmitter``, without building
/// any dictionary.
///
/// It writes flat plans only (every entry at one key); the engine hands it the
/// dictionary of any other model.
struct EmitterSink: JSONSink {
    static var writesKeyPaths: Bool { false }
    static var usesObjectTemplates: Bool { false }
    static var writesJSONValues: Bool { true }

    /// The bytes written so far.
    private(set) var emitter: JSONEmitter
    /// How many containers enclose what is written next.
    private var depth = 0
    /// Whether the object being written has no member yet.
    private var isFirstMember = true
    /// A member the next object begun starts with, then forgotten: a tagged enum's
    /// tag, before its case's model's members (see `JSONAdapter.encode(_:taggedWith:into:)`).
    var leadingMember: LeadingMember?

    /// A sink writing with `options`, its arrays and objects nested at most
    /// `maximumDepth` deep, into a buffer with room for `capacity` bytes (at least
    /// ``JSONEmitter/defaultCapacity``) before it grows.
    init(options: JSONWriter.Options, maximumDepth: Int, capacity: Int = JSONEmitter.defaultCapacity) {
        emitter = JSONEmitter(options: options, maximumDepth: maximumDepth, capacity: capacity)
    }

    mutating func beginObject(capacity: Int, template: ObjectTemplate?) throws {
        try Self.writing { () throws(JSONWritingError) in try emitter.beginObject(depth: depth) }
        isFirstMember = true
        if leadingMember != nil { writeLeadingMember() }
    }

    /// Writes ``leadingMember`` and forgets it.
    @inline(never)
    private mutating func writeLeadingMember() {
        guard let member = leadingMember else { return }
        leadingMember = nil
        if let (key, value) = member.quoted {
            emitter.writeMember(key, first: true, depth: depth, quotedString: value)
        } else {
            emitter.writeKey(member.key, first: true, depth: depth)
            emitter.write(member.value)
        }
        isFirstMember = false
    }

    mutating func endObject() {
        emitter.endObject(hasMembers: !isFirstMember, depth: depth)
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ value: consuming Any) throws {
        writeKey(of: entry)
        try writeValue(value, at: entry.errorPath)
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ array: ScalarArray) throws {
        writeKey(of: entry)
        let depth = self.depth
        try Self.writing(at: entry.errorPath) { () throws(JSONWritingError) in try emitter.write(array, depth: depth + 1) }
    }

    mutating func writeMember(_ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, _ value: consuming Any) throws {
        // Read in place: the step's key is copied only for an error.
        guard let quotedKey = steps[index].quotedKey else {
            return try writeMember(key: steps[index].jsonKey ?? "", position: steps[index].position, value)
        }
        emitter.writeKey(quotedKey, first: isFirstMember, depth: depth)
        isFirstMember = false
        try writeValue(value, at: [.key(steps[index].jsonKey ?? "")])
    }

    @inline(__always)
    mutating func writeStoredMember(
        _ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, of storage: StoredField.Storage
    ) -> Bool {
        guard let key = steps[index].quotedKey else { return false }
        // The write called through the optional: the step is not copied.
        guard steps[index].memberWrite(storage, key: key, first: isFirstMember, depth: depth, into: &emitter) == true else {
            return false
        }
        isFirstMember = false
        return true
    }

    mutating func writeMember(key: String, position: Int, _ value: consuming Any) throws {
        emitter.writeKey(key, first: isFirstMember, depth: depth)
        isFirstMember = false
        try writeValue(value, at: [.key(key)])
    }

    /// Writes a member's value, after its key; an error names `path` (made only
    /// then: a path of one key is an array allocated).
    private mutating func writeValue(_ value: consuming Any, at path: @autoclosure () -> [StrataError.PathComponent]) throws {
        let value = consume value
        let depth = self.depth
        try Self.writing(at: path()) { () throws(JSONWritingError) in try emitter.write(value, depth: depth + 1) }
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, writing body: (inout EmitterSink) throws -> Void) throws {
        writeKey(of: entry)
        depth += 1
        defer {
            depth -= 1
            isFirstMember = false
        }
        try body(&self)
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, emitting body: (inout EmitterSink) throws -> Void) throws -> Bool {
        try writeMember(entry, writing: body)
        return true
    }

    mutating func writeArray(count: Int, element: (inout EmitterSink, Int) throws -> Void) throws {
        let depth = self.depth
        try Self.writing { () throws(JSONWritingError) in try emitter.beginArray(depth: depth) }
        for index in 0..<count {
            emitter.beginElement(first: index == 0, depth: depth)
            self.depth = depth + 1
            defer { self.depth = depth }
            try element(&self, index)
        }
        emitter.endArray(hasElements: count > 0, depth: depth)
    }

    mutating func writeObject(_ object: [String: Any]) throws {
        let depth = self.depth
        try Self.writing { () throws(JSONWritingError) in try emitter.write(object, depth: depth) }
    }

    private mutating func writeKey<M>(of entry: MappingPlan<M>.Entry) {
        // Flat plans only: every entry has a single key.
        if let quotedKey = entry.quotedKey {
            emitter.writeKey(quotedKey, first: isFirstMember, depth: depth)
        } else {
            emitter.writeKey(entry.singleKey ?? entry.keyPath.description, first: isFirstMember, depth: depth)
        }
        isFirstMember = false
    }

    /// Runs a write into the emitter, turning its error into a ``StrataError`` at `path`.
    private static func writing(
        at path: @autoclosure () -> [StrataError.PathComponent] = [], _ body: () throws(JSONWritingError) -> Void
    ) throws {
        do {
            try body()
        } catch {
            throw StrataError(.unsupportedValue, "The value cannot be written as JSON: \(error)", path: path(), underlyingError: error)
        }
    }
}
