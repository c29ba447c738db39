/// The resolved property list of a model type: every key of `propertyKeys` turned
/// into a ``ModelProperty``, in declaration order.
///
/// Built once per type and cached.
final class ModelSchema<M: Model>: Sendable {
    let properties: [ModelProperty<M>]
    /// The properties that can be set: all but the read-only ones.
    let writableProperties: [ModelProperty<M>]
    /// Which of `M`'s hooks are the protocol's defaults.
    let hooks = ModelHooks(for: M.self)
    private let indexByKey: [String: Int]
    /// Why the property list is unusable, if it is (duplicate key, foreign key path).
    let problem: StrataError?

    /// The cached schema of `M`.
    static var shared: ModelSchema<M> {
        SchemaCache.value(.schema, for: M.self) { ModelSchema() }
    }

    private init() {
        var properties: [ModelProperty<M>] = []
        var indexByKey: [String: Int] = [:]
        let keys = M.propertyKeys
        var problem = keys.problems.isEmpty ? nil : StrataError(.invalidMapping, keys.problems.joined(separator: " "))
        for entry in keys.entries {
            guard indexByKey[entry.key] == nil else {
                problem = StrataError(
                    .invalidMapping,
                    "\(M.self).propertyKeys lists '\(entry.key)' twice. Keep one entry per key.")
                continue
            }
            guard let maker = entry.keyPath as? any ModelPropertyMaking,
                let property = maker.makeProperty(key: entry.key, for: M.self, hooks: hooks)
            else {
                problem = StrataError(
                    .invalidMapping,
                    "\(M.self).propertyKeys binds '\(entry.key)' to a key path of \(type(of: entry.keyPath)), "
                        + "which does not start at \(M.self) or one of its superclasses.")
                continue
            }
            indexByKey[entry.key] = properties.count
            properties.append(property)
        }
        self.properties = properties
        writableProperties = properties.filter(\.isWritable)
        self.indexByKey = indexByKey
        self.problem = problem
    }

    /// The property for `key`; throws when the schema is broken or the key unknown.
    func property(forKey key: String) throws -> ModelProperty<M> {
        if let problem { throw problem }
        guard let index = indexByKey[key] else { throw unknownKey(key) }
        return properties[index]
    }

    /// Whether `key` names a property.
    func contains(_ key: String) -> Bool { indexByKey[key] != nil }

    /// The error for a key that is not in the property list.
    func unknownKey(_ key: String) -> StrataError {
        StrataError(
            .unknownKey,
            "\(M.self) has no property '\(key)'. Known keys: \(properties.map(\.key).joined(separator: ", ")).",
            path: [.key(key)])
    }

    /// Throws ``problem`` when the schema is broken.
    func check() throws {
        if let problem { throw problem }
    }
}
