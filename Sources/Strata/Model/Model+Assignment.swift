extension Model {
    /// The assignment loop of the entry points that take values by property key:
    /// ``init(dictionary:)``, ``mergeValues(from:)``, ``mergeValue(forKey:from:)``
    /// and the archive bridge.
    ///
    /// For each of `properties`, in order, `valueOf` gives the value to assign, or
    /// `nil` when the source has none (the property keeps its value); `NSNull`
    /// stands for `nil`. Each value goes through the validated setter, and an error
    /// from it gets the property's key as its path. Then ``validate()`` runs. The
    /// JSON decode engine takes the same two steps, the validated setter for each
    /// entry of its plan and then `validateModel(_:)`.
    ///
    /// Errors thrown by `valueOf` pass through unchanged: a source names its own paths.
    mutating func assign(
        _ properties: [ModelProperty<Self>], hooks: ModelHooks, valueOf: (ModelProperty<Self>) throws -> Any??
    ) throws {
        for property in properties {
            guard let value = try valueOf(property) else { continue }
            let assigned = value.flatMap { isJSONNull($0) ? nil : $0 }
            try StrataError.at([.key(property.key)], wrapping: .validationFailed, "Validation failed") {
                try setValidatedValue(assigned, for: property)
            }
        }
        try validateModel(hooks)
    }
}
