import Foundation

/// The dictionary source: an entry's value looked up at its key path in a
/// `[String: Any]` JSON object.
extension DecodeSource {
    /// The slot of `entry` in `object`: missing, or its value (`nil` for `null`).
    @inline(__always)
    static func lookUp<M>(_ entry: MappingPlan<M>.Entry, in object: [String: Any]) throws -> Slot {
        if let key = entry.singleKey {
            guard let raw = object[key] else { return .missing }
            return .json(isJSONNull(raw) ? nil : raw)
        }
        return try value(at: entry.keyPath, in: object)
    }

    /// Looks `keyPath` up in `object`. For the array form, the value is a dictionary
    /// keyed by the paths that resolved (missing when none did).
    static func value(at keyPath: JSONKeyPath, in object: [String: Any]) throws -> Slot {
        guard keyPath.isMultiple else { return try value(at: keyPath.paths[0], in: object) }
        var values: [String: Any] = [:]
        for path in keyPath.paths {
            if case .json(let value) = try value(at: path, in: object) {
                values[path.text] = value ?? NSNull()
            }
        }
        return values.isEmpty ? .missing : .json(values)
    }

    private static func value(at path: JSONKeyPath.Path, in json: [String: Any]) throws -> Slot {
        var object = json
        let last = path.segments.count - 1
        for (depth, segment) in path.segments.enumerated() {
            guard let value = object[segment] else { return .missing }
            if depth == last { return .json(isJSONNull(value) ? nil : value) }
            if isJSONNull(value) { return .missing }
            guard let next = value as? [String: Any] else {
                let prefix = path.segments[...depth].joined(separator: ".")
                throw StrataError(
                    .invalidJSONKeyPath,
                    "Expected an object at '\(prefix)' to read '\(path.text)', found \(describe(value)).",
                    path: path.segments[...depth].map { .key($0) })
            }
            object = next
        }
        return .missing
    }
}
