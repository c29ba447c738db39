extension Model {
    /// Replaces the value for `key` with the one in `model`, through
    /// ``mergedValue(forKey:current:incoming:)`` and the validated setter.
    ///
    /// By default the other model's value wins, `nil` included (Mantle's semantics).
    ///
    /// ```swift
    /// var local = Settings()
    /// try local.mergeValue(forKey: "theme", from: remote)
    /// ```
    /// - Throws: a ``StrataError`` for an unknown or read-only key, or a refused value;
    ///   the model is then unchanged.
    public mutating func mergeValue(forKey key: String, from model: Self) throws {
        let property = try ModelSchema<Self>.shared.property(forKey: key)
        try merge(property, from: model)
    }

    /// Merges every writable property from `model`, as ``mergeValue(forKey:from:)`` does.
    ///
    /// Read-only keys are skipped. The merge is all or nothing for value types: on an
    /// error, the model is left as it was.
    public mutating func mergeValues(from model: Self) throws {
        let schema = ModelSchema<Self>.shared
        try schema.check()
        var merged = self
        for property in schema.properties where property.isWritable {
            try merged.merge(property, from: model)
        }
        self = merged
    }

    private mutating func merge(_ property: ModelProperty<Self>, from model: Self) throws {
        try StrataError.at([.key(property.key)], wrapping: .validationFailed, "Merge failed") {
            let incoming = try mergedValue(forKey: property.key, current: property.read(self), incoming: property.read(model))
            try setValidatedValue(incoming, for: property)
        }
    }
}
