extension Model {
    /// Replaces the value for `key` with the one in `model`, through
    /// ``mergedValue(forKey:current:incoming:)`` and the validated setter.
    ///
    /// By default the other model's value wins, `nil` included (Mantle's semantics).
    /// Then ``validate()`` runs, as after every assignment; when it throws, the model
    /// is left as it was (for value types).
    ///
    /// ```swift
    /// var local = Settings()
    /// try local.mergeValue(forKey: "theme", from: remote)
    /// ```
    /// - Throws: a ``StrataError`` for an unknown or read-only key, or a refused value;
    ///   the model is then unchanged.
    public mutating func mergeValue(forKey key: String, from model: Self) throws {
        let schema = ModelSchema<Self>.shared
        let property = try schema.property(forKey: key)
        let current = self
        var merged = self
        try merged.assign(CollectionOfOne(property), hooks: schema.hooks) { property in
            try current.mergedValue(of: property, from: model)
        }
        self = merged
    }

    /// Merges every writable property from `model`, as ``mergeValue(forKey:from:)`` does.
    ///
    /// Read-only keys are skipped; then ``validate()`` runs. The merge is all or
    /// nothing for value types: on an error, the model is left as it was.
    public mutating func mergeValues(from model: Self) throws {
        let schema = ModelSchema<Self>.shared
        try schema.check()
        // Each property is assigned once: its current value is the one before the merge.
        let current = self
        var merged = self
        try merged.assign(schema.properties.lazy.filter(\.isWritable), hooks: schema.hooks) { property in
            try current.mergedValue(of: property, from: model)
        }
        self = merged
    }

    /// What ``mergedValue(forKey:current:incoming:)`` makes of the values of
    /// `property` here and in `model`; an error from it names the key.
    private func mergedValue(of property: ModelProperty<Self>, from model: Self) throws -> Any?? {
        try StrataError.at([.key(property.key)], wrapping: .validationFailed, "Merge failed") {
            .some(try mergedValue(forKey: property.key, current: property.read(self), incoming: property.read(model)))
        }
    }
}
