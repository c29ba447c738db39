import Foundation

extension Model {
    /// The value of the property named `key`; an optional holding nothing reads as `nil`.
    ///
    /// ```swift
    /// try user.value(forKey: "login")   // Optional("ada")
    /// ```
    /// - Throws: ``StrataError/Code-swift.enum/unknownKey`` when `key` is not in ``propertyKeys``.
    public func value(forKey key: String) throws -> Any? {
        if let subclass = subclassType {
            func read<Subclass: Model>(as _: Subclass.Type) throws -> Any? {
                try (self as? Subclass)?.value(forKey: key)
            }
            return try read(as: subclass)
        }
        return try ModelSchema<Self>.shared.property(forKey: key).read(self)
    }

    /// Validates `value` and stores it in the property named `key`.
    ///
    /// The value goes through ``validateValue(_:forKey:)`` first; what that returns is
    /// type-checked and stored. Numbers convert exactly between representations
    /// (`Int8(3)` into an `Int`, never `1.5` into an `Int`); booleans and numbers stay
    /// apart. On any error the model is left unchanged.
    ///
    /// ```swift
    /// try user.setValue("ada", forKey: "login")
    /// try user.setValue(nil, forKey: "age")      // throws: age is not optional
    /// ```
    /// - Throws: a ``StrataError`` for an unknown or read-only key, a value of the
    ///   wrong type, `nil` for a non-optional property, or a refused validation.
    public mutating func setValue(_ value: Any?, forKey key: String) throws {
        if let subclass = subclassType {
            func write<Subclass: Model>(as _: Subclass.Type) throws {
                // A class instance: setting through the subclass sets this object.
                var object = self as? Subclass
                try object?.setValue(value, forKey: key)
            }
            return try write(as: subclass)
        }
        let property = try ModelSchema<Self>.shared.property(forKey: key)
        try StrataError.at([.key(key)], wrapping: .validationFailed, "Validation failed") {
            try setValidatedValue(value, for: property)
        }
    }

    /// The validated setter every front end shares: ``validateValue(_:forKey:)``, then
    /// the type check, then the store.
    ///
    /// Errors carry no path; callers add theirs.
    mutating func setValidatedValue(_ value: consuming Any?, for property: ModelProperty<Self>) throws {
        guard property.isWritable else {
            throw StrataError(
                .readOnlyKey,
                "'\(property.key)' of \(Self.self) is read-only (a let or computed property); it cannot be set.")
        }
        let validated: Any?
        switch property.hooks.usage(of: .validateValue) {
        case .isDefault: validated = consume value  // the default would return it unchanged
        case .isCustom: validated = try validatedValue(value, forKey: property.key)
        case .unknown: validated = try property.hooks.probe(.validateValue) { try validatedValue(value, forKey: property.key) }
        }
        // Moved out of the optional, not copied: the stores take `Any`.
        guard let validated = consume validated else {
            guard property.nullRule == .isNil, property.writeNil(into: &self) else {
                throw StrataError(
                    .nullForNonOptional,
                    "'\(property.key)' of \(Self.self) is not optional, so it cannot be set to nil. "
                        + "Make the property optional, or leave the value out.")
            }
            return
        }
        guard property.write(validated, into: &self) else {
            throw StrataError.expected(property.type.name, found: validated, forProperty: property.key, of: Self.self)
        }
    }

    /// Runs ``validateValue(_:forKey:)``, wrapping an error from user code.
    func validatedValue(_ value: Any?, forKey key: String) throws -> Any? {
        do {
            return try validateValue(value, forKey: key)
        } catch let error as StrataError {
            throw error
        } catch {
            throw StrataError(.validationFailed, "\(Self.self) refused the value for '\(key)': \(error)", underlyingError: error)
        }
    }

    /// The model's properties as a dictionary keyed by property key; `nil` values
    /// are `NSNull`, as in Mantle.
    ///
    /// ```swift
    /// user.dictionaryValue   // ["login": "ada", "age": 36]
    /// ```
    public var dictionaryValue: [String: Any] {
        if let subclass = subclassType {
            func dictionary<Subclass: Model>(as _: Subclass.Type) -> [String: Any] {
                (self as? Subclass)?.dictionaryValue ?? [:]
            }
            return dictionary(as: subclass)
        }
        let schema = ModelSchema<Self>.shared
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(schema.properties.count)
        for property in schema.properties {
            dictionary[property.key] = property.read(self) ?? NSNull()
        }
        return dictionary
    }

    /// For a class instance held as one of its superclasses, its own type: key-value
    /// coding then sees the subclass's properties too.
    ///
    /// `nil` when the static type is the dynamic one (always, for structs).
    var subclassType: (any Model.Type)? {
        let dynamicType: any Model.Type = type(of: self)
        return ObjectIdentifier(dynamicType) == ObjectIdentifier(Self.self) ? nil : dynamicType
    }

    /// Runs ``validate()``, wrapping an error from user code.
    ///
    /// `hooks` are `Self`'s: the call is skipped once `validate()` is known to be
    /// the default.
    func validateModel(_ hooks: ModelHooks) throws {
        do {
            switch hooks.usage(of: .validate) {
            case .isDefault: return
            case .isCustom: try validate()
            case .unknown: try hooks.probe(.validate) { try validate() }
            }
        } catch let error as StrataError {
            throw error
        } catch {
            throw StrataError(.validationFailed, "\(Self.self) is not valid: \(error)", underlyingError: error)
        }
    }
}
