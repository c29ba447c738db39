/// One property of a model type, resolved from its key path when the schema is
/// built: how to read it, how to write it, and what type it holds.
///
/// This is the only place that touches key paths; the key-value coding API, the
/// JSON adapter and the archive bridge all go through it.
final class ModelProperty<M>: @unchecked Sendable {
    // @unchecked: the closures capture only the key path they were made from (a
    // `Sendable` key path from `PropertyKeys`, re-typed by a cast) and metatypes;
    // key paths are immutable, so sharing them across threads is safe.

    /// The KVC-style key.
    let key: String
    /// What the property holds.
    let type: PropertyType
    /// The property's Swift type.
    let valueType: Any.Type
    /// What `null`, or `nil`, is for the property (``PropertyType/nullRule``).
    let nullRule: NullRule
    /// For a stored property of a struct or class: reads and writes in place (see ``StoredField``).
    let field: StoredField?
    /// Reads the value through the key path; an optional that holds nothing reads as `nil`.
    private let readThroughKeyPath: (M) -> Any?
    /// Stores an already validated value through the key path.
    ///
    /// Returns `false`, and leaves the model unchanged, when the value is not of
    /// the property's type. `nil` when the key path is read-only.
    private let writeThroughKeyPath: ((inout M, Any?) -> Bool)?

    /// Whether the key path can be written.
    let isWritable: Bool
    /// Which hooks of the model type are its defaults (shared by all its properties).
    let hooks: ModelHooks

    init(
        key: String, type: PropertyType, valueType: Any.Type, field: StoredField?,
        read: @escaping (M) -> Any?, write: ((inout M, Any?) -> Bool)?, hooks: ModelHooks
    ) {
        self.key = key
        self.hooks = hooks
        self.type = type
        self.nullRule = type.nullRule
        self.valueType = valueType
        self.field = field
        self.readThroughKeyPath = read
        self.writeThroughKeyPath = write
        self.isWritable = write != nil
    }

    /// The property's value in `model`; an optional that holds nothing reads as `nil`.
    @inline(__always)
    func read(_ model: M) -> Any? {
        if let field { return field.readFast(model) }
        return readThroughKeyPath(model)
    }

    /// Stores an already validated value.
    ///
    /// Returns `false`, and leaves the model unchanged, when the value is not of
    /// the property's type or the key path is read-only.
    @inline(__always)
    func write(_ value: Any, into model: inout M) -> Bool {
        // Through the optional, not bound from it: a binding retains the field.
        if let written = field?.write(value, into: &model) { return written }
        return writeThroughKeyPath?(&model, value) ?? false
    }

    /// Stores `nil`.
    ///
    /// Returns `false`, and leaves the model unchanged, when the property is
    /// not optional or the key path is read-only.
    @inline(__always)
    func writeNil(into model: inout M) -> Bool {
        if let field { return field.writeNil(into: &model) }
        return writeThroughKeyPath?(&model, nil) ?? false
    }
}

/// Key paths that can describe themselves as a ``ModelProperty``: the bridge from
/// an erased key path back to its `Root` and `Value` types.
protocol ModelPropertyMaking {
    func makeProperty<M>(key: String, for model: M.Type, hooks: ModelHooks) -> ModelProperty<M>?
}

extension KeyPath: ModelPropertyMaking {
    /// Builds the property for model type `M`: either `Root` itself, or (for class
    /// hierarchies) a subclass of `Root`.
    ///
    /// Returns `nil` when `M` is neither.
    func makeProperty<M>(key: String, for model: M.Type, hooks: ModelHooks) -> ModelProperty<M>? {
        let type = PropertyType(Value.self)
        let coerce = TypedValue(Value.self, type).coerce
        if let direct = self as? KeyPath<M, Value> {
            let writable = self as? WritableKeyPath<M, Value>
            var write: ((inout M, Any?) -> Bool)?
            if let writable {
                write = { model, value in
                    guard let typed = coerce(value) else { return false }
                    model[keyPath: writable] = typed
                    return true
                }
            }
            return ModelProperty(
                key: key, type: type, valueType: Value.self,
                field: StoredField.make(direct, writable: writable != nil, type: type, coerce: coerce),
                read: Self.reader(direct), write: write, hooks: hooks)
        }
        guard M.self is Root.Type else { return nil }
        var write: ((inout M, Any?) -> Bool)?
        let reference = self as? ReferenceWritableKeyPath<Root, Value>
        if let reference {
            write = { model, value in
                guard let object = model as? Root, let typed = coerce(value) else { return false }
                object[keyPath: reference] = typed
                return true
            }
        }
        // A superclass's stored property lies at the same offset in every instance of a
        // subclass: `M`, a class below `Root`, reads and writes it in place too.
        return ModelProperty(
            key: key, type: type, valueType: Value.self,
            field: StoredField.make(self, writable: reference != nil, type: type, coerce: coerce),
            read: { model in (model as? Root).flatMap { flatten($0[keyPath: self]) } },
            write: write, hooks: hooks)
    }

    /// Reads through the key path; an optional is unwrapped without a dynamic cast.
    private static func reader<M>(_ keyPath: KeyPath<M, Value>) -> (M) -> Any? {
        if let optional = Value.self as? any OptionalProtocol.Type,
            let unwrapping = optional.unwrappingReader(keyPath, for: M.self)
        {
            return unwrapping
        }
        return { $0[keyPath: keyPath] }
    }
}

extension Optional {
    /// A reader for a key path to `Wrapped?` that returns the wrapped value or `nil`,
    /// for one level of optional (nested optionals are flattened by the caller).
    static func unwrappingReader<M>(_ keyPath: AnyKeyPath, for model: M.Type) -> ((M) -> Any?)? {
        guard !(Wrapped.self is any OptionalProtocol.Type), let typed = keyPath as? KeyPath<M, Wrapped?> else {
            return nil
        }
        return { model in
            guard let wrapped = model[keyPath: typed] else { return nil }
            return wrapped
        }
    }
}
