import Foundation

/// The dictionary source: an entry's value looked up at its key path in a
/// `[String: Any]` JSON object.
extension DecodeSource {
    /// The slot of `entry` in `object`: missing, or its value (`nil` for `null`);
    /// `read` is set to the index of the path it was read from (for
    /// ``JSONKeyPath/firstPresent(_:_:)``; 0 otherwise).
    ///
    /// A key path that runs through a value that is not an object is an error
    /// naming the entry's property and `M`.
    @inline(__always)
    static func lookUp<M>(_ entry: MappingPlan<M>.Entry, in object: [String: Any], read: inout Int) throws -> Slot {
        if let key = entry.singleKey {
            guard let raw = object[key] else { return .missing }
            return .json(isJSONNull(raw) ? nil : raw)
        }
        if let mapped = entry.unmappedExcept {
            return .json(object.filter { !mapped.contains($0.key) })
        }
        do {
            return try value(at: entry.keyPath, in: object, read: &read)
        } catch let error as StrataError {
            throw error.naming(property: entry.property.key, of: M.self)
        }
    }

    /// Looks `keyPath` up in `object`.
    ///
    /// For the array form, the value is a dictionary keyed by the paths that
    /// resolved (missing when none did). For ``JSONKeyPath/firstPresent(_:_:)``, the
    /// first path's value that is not `null`, else `null` when one path is `null`,
    /// else missing; `read` is set to the index of that path.
    static func value(at keyPath: JSONKeyPath, in object: [String: Any], read: inout Int) throws -> Slot {
        switch keyPath.form {
        case .single:
            return try value(at: keyPath.paths[0], in: object)
        case .firstPresent:
            var null: Int?
            for (index, path) in keyPath.paths.enumerated() {
                let slot = try value(at: path, in: object)
                if slot.isPresent {
                    read = index
                    return slot
                }
                if null == nil, case .json(nil) = slot { null = index }
            }
            guard let null else { return .missing }
            read = null
            return .json(nil)
        case .combined:
            var values: [String: Any] = [:]
            for path in keyPath.paths {
                if case .json(let value) = try value(at: path, in: object) {
                    values[path.text] = value ?? NSNull()
                }
            }
            return values.isEmpty ? .missing : .json(values)
        }
    }

    /// The value at `path`: missing when a key is absent, an index is out of range
    /// or not into an array, or a value on the way is `null`.
    ///
    /// A key into a value that is not an object is an error.
    private static func value(at path: JSONKeyPath.Path, in json: [String: Any]) throws -> Slot {
        // The container the segment at `depth` reads: an object for a key, an array
        // for an index (the first segment is always a key).
        var object = json
        var elements: [Any] = []
        let last = path.segments.count - 1
        for depth in path.segments.indices {
            let value: Any
            if let index = path.indices[depth] {
                guard index < elements.count else { return .missing }
                value = elements[index]
            } else {
                guard let found = object[path.segments[depth]] else { return .missing }
                value = found
            }
            if depth == last { return .json(isJSONNull(value) ? nil : value) }
            if isJSONNull(value) { return .missing }
            if path.indices[depth + 1] != nil {
                guard let next = value as? [Any] else { return .missing }
                elements = next
            } else {
                guard let next = value as? [String: Any] else {
                    let prefix = path.segments[...depth].joined(separator: ".")
                    throw StrataError.expected(
                        "an object at '\(prefix)' to read '\(path.text)'", found: value, code: .invalidJSONKeyPath,
                        advice: "Fix the payload, or map the property to the key path where the value is.",
                        path: Array(path.components[...depth]))
                }
                object = next
            }
        }
        return .missing
    }
}
