/// The key-value entry points that assign values by property key through the
/// decode engine's one loop (``JSONAdapter/assignMapped(_:from:into:)``), with the
/// ``MappingPlan/propertyKeyed`` plan and a ``DecodeSource/values(_:)`` source:
/// ``Model/init(dictionary:)`` and merging. Here, beside the engine, so that
/// Model/ uses nothing of JSON/.
extension Model {
    /// Creates a model from a dictionary keyed by property key, setting each value
    /// through the validated setter and then calling ``validate()``.
    ///
    /// `NSNull` stands for `nil`; keys that are absent keep their defaults. Read-only
    /// keys are skipped, so `try User(dictionary: user.dictionaryValue)` rebuilds a model.
    ///
    /// ```swift
    /// let user = try User(dictionary: ["login": "ada", "age": 36])
    /// ```
    /// - Throws: a ``StrataError`` for an unknown key or any value the setter refuses.
    public init(dictionary: [String: Any]) throws {
        self.init()
        let schema = ModelSchema<Self>.shared
        try schema.check()
        // Unknown keys first, in a stable order; then the values, in declaration order.
        if let unknown = dictionary.keys.sorted().first(where: { !schema.contains($0) }) {
            throw schema.unknownKey(unknown)
        }
        // Read-only keys are derived or fixed at creation: dictionaryValue lists
        // them, so a model rebuilt from its dictionaryValue skips them.
        let properties = schema.properties
        var source = DecodeSource.values { index in
            guard properties[index].isWritable else { return nil }
            return dictionary[properties[index].key].map { .some($0) }
        }
        try JSONAdapter.assignMapped(MappingPlan<Self>.propertyKeyed, from: &source, into: &self)
    }

    /// Replaces the value for `key` with the one in `model`, through
    /// ``mergedValue(forKey:current:incoming:)`` and the validated setter.
    ///
    /// By default the other model's value wins, `nil` included (Mantle's semantics).
    /// Then ``validate()`` runs, as after every assignment; when it throws, the model
    /// is left as it was.
    ///
    /// ```swift
    /// var local = Settings()
    /// try local.mergeValue(forKey: "theme", from: remote)
    /// ```
    /// - Throws: a ``StrataError`` for an unknown or read-only key, or a refused value;
    ///   the model is then unchanged.
    public mutating func mergeValue(forKey key: String, from model: Self) throws {
        try merge([ModelSchema<Self>.shared.property(forKey: key)], from: model)
    }

    /// Merges every writable property from `model`, as ``mergeValue(forKey:from:)`` does.
    ///
    /// Read-only keys are skipped; then ``validate()`` runs. The merge is all or
    /// nothing: on an error, the model is left as it was.
    public mutating func mergeValues(from model: Self) throws {
        let schema = ModelSchema<Self>.shared
        try schema.check()
        try merge(schema.writableProperties, from: model)
    }

    /// Assigns `properties` their merged values through the decode engine's loop
    /// (``JSONAdapter/assignMapped(_:from:into:)``), then validates; on an error
    /// the model keeps the values it had.
    ///
    /// A struct is merged into a copy, kept only when everything succeeded. A class
    /// instance is merged in place (the copy is the same object), so its values are
    /// saved first and written back, unvalidated, on an error.
    private mutating func merge(_ properties: [ModelProperty<Self>], from model: Self) throws {
        // Each property is assigned once: its current value is the one before the merge.
        let current = self
        var merged = self
        let saved = Self.self is AnyClass ? properties.map { $0.read(self) } : []
        let merging = Set(properties.map(\.key))
        let all = ModelSchema<Self>.shared.properties
        var source = DecodeSource.values { index in
            guard merging.contains(all[index].key) else { return nil }
            return try current.mergedValue(of: all[index], from: model)
        }
        do {
            try JSONAdapter.assignMapped(MappingPlan<Self>.propertyKeyed, from: &source, into: &merged)
        } catch {
            for (property, value) in zip(properties, saved) {
                if let value {
                    _ = property.write(value, into: &merged)
                } else {
                    _ = property.writeNil(into: &merged)
                }
            }
            throw error
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
