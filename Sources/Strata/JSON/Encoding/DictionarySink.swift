import Foundation

/// The encode sink that builds Foundation JSON objects: `[String: Any]` for a
/// model, `[Any]` for an array, `NSNull` for `nil`.
///
/// Dotted key paths build nested objects.
struct DictionarySink: JSONSink {
    static var writesKeyPaths: Bool { true }
    static var usesObjectTemplates: Bool { true }
    static var writesJSONValues: Bool { false }

    /// The object written by the last ``beginObject(capacity:template:)``, or given to ``writeObject(_:)``;
    /// complete only after ``endObject()``: until then it may hold the template's placeholders.
    private(set) var object: [String: Any] = [:]
    /// The array written by ``writeArray(count:element:)``, if one was.
    private var array: [Any]?
    /// The template ``object`` started from, when its plan has one.
    private var template: ObjectTemplate?
    /// How many members were written into the template's placeholders.
    private var written = 0

    /// What was written: an object or an array.
    var value: Any { array ?? object }

    mutating func beginObject(capacity: Int, template: ObjectTemplate?) {
        self.template = template
        written = 0
        if let template {
            object = template.object  // shared until the first write copies it, indices and all
        } else {
            // `init(minimumCapacity:)` is specialised here; `reserveCapacity` on an empty
            // dictionary ran unspecialised in the standard library.
            object = [String: Any](minimumCapacity: capacity)
        }
    }

    mutating func endObject() {
        guard let template else { return }
        // Each key's position is written once at most (a flat plan's keys are distinct,
        // and each step runs once), so as many writes as keys leave no placeholder.
        if written < template.count {
            object = template.removingPlaceholders(from: object)
        }
        assert(!template.holdsPlaceholders(object), "A member was written twice, leaving a placeholder")
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ value: consuming Any) throws {
        if let key = entry.singleKey {
            writeMember(key: key, position: entry.position, consume value)
        } else {
            try write(value, for: entry)
        }
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ array: ScalarArray) throws {
        try writeMember(entry, array.jsonArray)
    }

    mutating func writeMember(_ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, _ value: consuming Any) {
        writeMember(key: steps[index].jsonKey ?? "", position: steps[index].position, consume value)
    }

    /// Builds values, never JSON text: every member is written as a value.
    @inline(__always)
    mutating func writeStoredMember(
        _ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, of storage: StoredField.Storage
    ) -> Bool {
        false
    }

    mutating func writeMember(key: String, position: Int, _ value: consuming Any) {
        // Moved in: without `consume` it would be copied.
        if let template {
            template.write(consume value, at: position, in: &object)
            written += 1
        } else {
            object[key] = consume value
        }
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, writing body: (inout DictionarySink) throws -> Void) throws {
        var nested = DictionarySink()
        try body(&nested)
        try writeMember(entry, nested.value)
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, emitting body: (inout EmitterSink) throws -> Void) throws -> Bool {
        false
    }

    mutating func writeArray(count: Int, element: (inout DictionarySink, Int) throws -> Void) throws {
        var items: [Any] = []
        items.reserveCapacity(count)
        for index in 0..<count {
            var nested = DictionarySink()
            try element(&nested, index)
            items.append(nested.value)
        }
        array = items
    }

    mutating func writeObject(_ object: [String: Any]) {
        template = nil
        self.object = object
    }

    /// Writes a value at the entry's key path (the first path of
    /// ``JSONKeyPath/firstPresent(_:_:)``); for the array form, writes each path
    /// from the dictionary the reverse transformer returned.
    private mutating func write<M>(_ value: Any, for entry: MappingPlan<M>.Entry) throws {
        guard entry.keyPath.isMultiple else {
            try Self.insert(value, at: entry.keyPath.paths[0], into: &object, entry: entry)
            return
        }
        if isJSONNull(value) { return }
        guard let values = value as? [String: Any] else {
            throw StrataError(
                .unsupportedValue,
                "The reverse transformer for '\(entry.property.key)' must return a dictionary keyed by "
                    + "\(entry.keyPath.description), but returned \(describe(value)).",
                path: entry.errorPath)
        }
        for path in entry.keyPath.paths {
            guard let item = values[path.text] else { continue }
            try Self.insert(item, at: path, into: &object, entry: entry)
        }
    }

    /// Writes `value` at `path` in `json`, creating the objects and arrays on the way.
    private static func insert<M>(
        _ value: Any, at path: JSONKeyPath.Path, into json: inout [String: Any], entry: MappingPlan<M>.Entry
    ) throws {
        let key = path.segments[0]
        guard path.segments.count > 1 else {
            json[key] = value
            return
        }
        let existing = json.removeValue(forKey: key)
        json[key] = try inserting(value, at: path, from: 1, into: existing, entry: entry)
    }

    /// `container` (an object or array, or `nil` for none yet) with `value` written
    /// at the segments of `path` from `depth` on.
    ///
    /// An index past the end of an array appends `null`s up to it; a `null` already
    /// in an array (one of those) is replaced.
    private static func inserting<M>(
        _ value: Any, at path: JSONKeyPath.Path, from depth: Int, into container: Any?, entry: MappingPlan<M>.Entry
    ) throws -> Any {
        guard depth < path.segments.count else { return value }
        if let index = path.indices[depth] {
            var array: [Any]
            switch container {
            case nil: array = []
            case let existing as [Any]: array = existing
            case let other?: throw overlap(of: entry, at: path, depth: depth, with: other)
            }
            while array.count <= index { array.append(NSNull()) }
            let element = array[index]
            array[index] = NSNull()  // released before the nested write: no copy of the element
            let inner: Any? = isJSONNull(element) ? nil : element
            array[index] = try inserting(value, at: path, from: depth + 1, into: inner, entry: entry)
            return array
        }
        var object: [String: Any]
        switch container {
        case nil: object = [:]
        case let existing as [String: Any]: object = existing
        case let other?: throw overlap(of: entry, at: path, depth: depth, with: other)
        }
        let key = path.segments[depth]
        let existing = object.removeValue(forKey: key)
        object[key] = try inserting(value, at: path, from: depth + 1, into: existing, entry: entry)
        return object
    }

    /// Two mapped key paths write at the same JSON key; writing on would drop a value.
    ///
    /// `depth` is the number of segments of `path` that lead to the value found.
    private static func overlap<M>(
        of entry: MappingPlan<M>.Entry, at path: JSONKeyPath.Path, depth: Int, with existing: Any
    ) -> StrataError {
        let key = path.segments[..<depth].joined(separator: ".")
        return StrataError(
            .invalidMapping,
            "'\(entry.property.key)' is written at '\(key)', but another key already wrote \(describe(existing)) there. "
                + "Two mapped key paths overlap.",
            path: entry.errorPath)
    }
}
