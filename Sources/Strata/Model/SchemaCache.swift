import Synchronization

/// A process-wide cache of the per-type artefacts Strata builds once: model
/// schemas and JSON mappings. Entries are immutable and never evicted (there is
/// one per model type).
enum SchemaCache {
    private static let entries = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// Returns the cached value of type `T`, building it with `make` the first time.
    /// The key is `T` itself, so each generic instantiation (`ModelSchema<Repo>`)
    /// has its own entry.
    static func value<T: Sendable>(_ type: T.Type, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        if let cached = entries.withLock({ $0[key] }) as? T { return cached }
        // Built outside the lock: building may recurse into other types' entries.
        let made = make()
        return entries.withLock { entries in
            if let raced = entries[key] as? T { return raced }
            entries[key] = made
            return made
        }
    }
}
