/// A process-wide cache of the per-type artefacts Strata builds once: model
/// schemas and JSON mappings.
///
/// Entries are immutable and never evicted (there is one per model type and
/// kind).
enum SchemaCache {
    /// What is cached for a model type.
    enum Kind: Hashable, Sendable {
        case schema
        case jsonMapping
        case archivePlan
        case archiveClassNames
    }

    private struct Key: Hashable {
        let model: ObjectIdentifier
        let kind: Kind
    }

    private static let entries = Locked<[Key: any AnyObject & Sendable]>([:])

    /// Returns the cached `kind` artefact of `model`, building it with `make` the
    /// first time.
    ///
    /// Each kind is always stored with the same class for a given model type, so the
    /// downcast is checked by construction; it is unchecked because a checked cast to
    /// a generic class costs a metadata look-up on every call, on the hot path.
    static func value<Model, Value: AnyObject & Sendable>(
        _ kind: Kind, for model: Model.Type, make: () -> Value
    ) -> Value {
        let key = Key(model: ObjectIdentifier(model), kind: kind)
        if let cached = entries.withLock({ $0[key] }) { return unsafeDowncast(cached, to: Value.self) }
        // Built outside the lock: building may recurse into other types' entries.
        let made = make()
        return entries.withLock { entries in
            if let raced = entries[key] { return unsafeDowncast(raced, to: Value.self) }
            entries[key] = made
            return made
        }
    }
}
