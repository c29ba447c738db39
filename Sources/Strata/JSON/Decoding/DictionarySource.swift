import Foundation

/// The decode source for a `[String: Any]` JSON object: each entry is looked up
/// at its key path when the engine asks for it.
struct DictionarySource: DecodeSource {
    let object: [String: Any]

    func take<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        if let key = entry.singleKey {
            guard let raw = object[key] else { return .missing }
            return .json(isJSONNull(raw) ? nil : raw)
        }
        return try Self.value(at: entry.keyPath, in: object)
    }

    func isPresent<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Bool {
        try take(entry, at: index).isPresent
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

/// The decode source for slots the scanner read from JSON data, one per plan entry.
struct MemberSource: DecodeSource {
    var slots: [Slot]

    mutating func take<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot {
        var slot = Slot.missing
        swap(&slot, &slots[index])  // moved out: no copy of the value
        return slot
    }

    func isPresent<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Bool {
        slots[index].isPresent
    }
}
