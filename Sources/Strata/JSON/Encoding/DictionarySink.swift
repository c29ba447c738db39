import Foundation

/// The encode sink that builds Foundation JSON objects: `[String: Any]` for a
/// model, `[Any]` for an array, `NSNull` for `nil`. Dotted key paths build nested
/// objects.
struct DictionarySink: JSONSink {
    static var writesKeyPaths: Bool { true }

    /// The object written by the last ``beginObject(capacity:)``, or given to ``writeObject(_:)``.
    private(set) var object: [String: Any] = [:]
    /// The array written by ``writeArray(count:element:)``, if one was.
    private var array: [Any]?

    /// What was written: an object or an array.
    var value: Any { array ?? object }

    mutating func beginObject(capacity: Int) {
        // `init(minimumCapacity:)` is specialised here; `reserveCapacity` on an empty
        // dictionary ran unspecialised in the standard library.
        object = [String: Any](minimumCapacity: capacity)
    }

    func endObject() {}

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ value: consuming Any) throws {
        if let key = entry.singleKey {
            object[key] = consume value  // moved in; without `consume` it was copied
        } else {
            try write(value, for: entry)
        }
    }

    mutating func writeMember(key: String, _ value: consuming Any) {
        object[key] = consume value  // moved in; without `consume` it was copied
    }

    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, writing body: (inout DictionarySink) throws -> Void) throws {
        var nested = DictionarySink()
        try body(&nested)
        try writeMember(entry, nested.value)
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
        self.object = object
    }

    /// Writes a value at the entry's key path; for the array form, writes each path
    /// from the dictionary the reverse transformer returned.
    private mutating func write<M>(_ value: Any, for entry: MappingPlan<M>.Entry) throws {
        guard entry.keyPath.isMultiple else {
            try Self.insert(value, at: entry.keyPath.paths[0].segments[...], into: &object, entry: entry)
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
            try Self.insert(item, at: path.segments[...], into: &object, entry: entry)
        }
    }

    private static func insert<M>(
        _ value: Any, at segments: ArraySlice<String>, into json: inout [String: Any], entry: MappingPlan<M>.Entry
    ) throws {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            json[first] = value
            return
        }
        var child: [String: Any]
        switch json[first] {
        case nil: child = [:]
        case let existing as [String: Any]: child = existing
        case let other?: throw overlap(of: entry, at: first, with: other)
        }
        json[first] = nil
        try insert(value, at: segments.dropFirst(), into: &child, entry: entry)
        json[first] = child
    }

    /// Two mapped key paths write at the same JSON key; writing on would drop a value.
    private static func overlap<M>(of entry: MappingPlan<M>.Entry, at key: String, with existing: Any) -> StrataError {
        StrataError(
            .invalidMapping,
            "'\(entry.property.key)' is written at '\(key)', but another key already wrote \(describe(existing)) there. "
                + "Two mapped key paths overlap.",
            path: entry.errorPath)
    }
}
