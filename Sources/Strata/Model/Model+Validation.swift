extension Model {
    /// Runs ``validateValue(_:forKey:)`` over the value of every key of
    /// ``propertyKeys``, as Mantle's `-validate:` does: the whole-model validation
    /// that a payload cannot get around by leaving a key out.
    ///
    /// A setter validates only the values it sets, so a key the JSON (or a
    /// dictionary, or an archive) leaves out keeps its default without its
    /// validator seeing it. Call this from ``validate()``, which every front end
    /// runs last, to check the defaults too:
    ///
    /// ```swift
    /// struct Account: JSONSerializing {
    ///     var email = ""
    ///     static let propertyKeys: PropertyKeys<Account> = ["email": \.email]
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    ///
    ///     func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
    ///         if key == "email", (value as? String)?.contains("@") != true {
    ///             throw StrataError(.validationFailed, "An account needs an email address.")
    ///         }
    ///         return value
    ///     }
    ///     func validate() throws { try validateEveryKey() }
    /// }
    /// // {} now fails: email: An account needs an email address.
    /// ```
    ///
    /// Keys are checked in the order of the model's properties, and the first
    /// refusal is thrown, with the property key as its path. The value a
    /// validator returns is not stored (the model is not changed here): only a
    /// refusal counts. A value that was set through a setter is validated again,
    /// as Mantle does.
    ///
    /// - Throws: the validator's refusal, as a ``StrataError`` with the key as its
    ///   path (``StrataError/Code-swift.enum/validationFailed`` for an error of your own).
    public func validateEveryKey() throws {
        if let subclass = subclassType {
            func validate<Subclass: Model>(as _: Subclass.Type) throws {
                try (self as? Subclass)?.validateEveryKey()
            }
            return try validate(as: subclass)
        }
        let schema = ModelSchema<Self>.shared
        try schema.check()
        for property in schema.properties {
            let value = property.read(self)
            try StrataError.at([.key(property.key)], wrapping: .validationFailed, "Validation failed") {
                switch property.hooks.usage(of: .validateValue) {
                case .isDefault: return
                case .isCustom: _ = try validatedValue(value, forKey: property.key)
                case .unknown: _ = try property.hooks.probe(.validateValue) { try validatedValue(value, forKey: property.key) }
                }
            }
        }
    }
}
