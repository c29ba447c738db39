/// The `[String: Any]` a flat model's object starts from in ``DictionarySink``:
/// every key of the plan, each holding a placeholder, and where each key lies.
///
/// Writing a member replaces its placeholder through the key's index, so no key
/// is hashed: a copy of a dictionary has the indices of the dictionary it was
/// copied from, and replacing a value through `values[index]` keeps them valid.
/// Building the object key by key would hash every key and compare it with the
/// keys of its bucket, about half of the time the object takes that way.
///
/// Members the engine leaves out (`nil` with ``JSONAdapter/EncodingOptions/omitsNulls``,
/// keys `serializablePropertyKeys(_:)` drops) still hold the placeholder when the
/// object ends, and are removed then (``removingPlaceholders(from:)``).
///
/// Every object of a type built this way iterates its keys in the same order, the
/// template's; like any dictionary's order, it is not one to rely on (JSON text
/// written with sorted keys does not depend on it).
///
/// A class, so that a sink holding it for an object counts one reference.
final class ObjectTemplate: @unchecked Sendable {
    // @unchecked: the dictionary is never mutated after `init` (sinks mutate their
    // own copies), and holds only strings and the empty `Placeholder`.

    /// Every key, holding a ``Placeholder``.
    let object: [String: Any]
    /// The index in ``object`` of the key of each position (an entry's index in its plan).
    private let indices: [Dictionary<String, Any>.Index]

    /// The template of an object with `keys`, the key at position `n` being
    /// `keys[n]`; `nil` when two keys are the same.
    init?(keys: [String]) {
        var object = [String: Any](minimumCapacity: keys.count)
        for key in keys { object[key] = Placeholder() }
        guard object.count == keys.count else { return nil }
        // Taken once every key is in: inserting may grow the storage, and moves keys.
        var indices: [Dictionary<String, Any>.Index] = []
        indices.reserveCapacity(keys.count)
        for key in keys {
            guard let index = object.index(forKey: key) else { return nil }
            indices.append(index)
        }
        self.indices = indices
        self.object = object
    }

    /// The number of keys.
    var count: Int { indices.count }

    /// Stores `value` at the key of `position` in `object`, a copy of ``object``
    /// whose values alone have changed since.
    @inline(__always)
    func write(_ value: consuming Any, at position: Int, in object: inout [String: Any]) {
        object.values[indices[position]] = consume value
    }

    /// `object` without the members still holding the placeholder: those the
    /// engine did not write.
    func removingPlaceholders(from object: [String: Any]) -> [String: Any] {
        object.filter { !Self.isPlaceholder($0.value) }
    }

    /// Whether a member of `object` still holds the placeholder: never once an object
    /// has ended (checked in debug builds).
    func holdsPlaceholders(_ object: [String: Any]) -> Bool {
        object.values.contains { Self.isPlaceholder($0) }
    }

    /// Whether `value` is the placeholder: its dynamic type compared, without the
    /// dynamic cast of `is` (a value of another type is never one).
    @inline(__always)
    private static func isPlaceholder(_ value: Any) -> Bool {
        type(of: value) == Placeholder.self
    }

    /// What a member of the template holds until it is written: a value of a type
    /// of its own, which no value written can be, and empty, so that copying the
    /// template counts no reference.
    private struct Placeholder {}
}
