/// One property of a model type, resolved from its key path when the schema is
/// built: how to read it, how to write it, and what type it holds.
///
/// This is the only place that touches key paths; the key-value coding API, the
/// JSON adapter and the archive bridge all go through it.
final class ModelProperty<M>: @unchecked Sendable {
    // @unchecked: the closures capture only the key path they were made from (a
    // `Sendable` key path from `PropertyKeys`, re-typed by a cast), byte offsets and
    // metatypes; key paths are immutable, so sharing them across threads is safe.

    /// The KVC-style key.
    let key: String
    /// What the property holds.
    let type: PropertyType
    /// The property's Swift type.
    let valueType: Any.Type
    /// Whether `nil` is a valid value (the property is an `Optional`).
    let isOptional: Bool
    /// Reads the value; an optional that holds nothing reads as `nil`.
    let read: (M) -> Any?
    /// Stores an already validated value. Returns `false`, and leaves the model
    /// unchanged, when the value is not of the property's type. `nil` when the key
    /// path is read-only.
    let write: ((inout M, Any?) -> Bool)?
    /// For a stored property of a struct: its byte offset in the struct (0 otherwise).
    let offset: Int
    /// Whether ``offset`` is valid: the property is stored inline in a struct.
    let hasOffset: Bool
    /// For a stored property of a struct of a common type: a specialised load at
    /// ``offset`` (see ``FastAccessors``).
    let fastLoad: FastAccessors.Load?
    /// For a writable stored property of a struct of a common type: a specialised
    /// store at ``offset`` that skips the general path (see ``FastAccessors``).
    let fastStore: FastAccessors.Store?
    /// For a writable stored optional property of a struct of a common type: a
    /// specialised store of `nil` at ``offset``.
    let fastStoreNil: FastAccessors.StoreNil?

    /// Whether the key path can be written.
    let isWritable: Bool
    /// Which hooks of the model type are its defaults (shared by all its properties).
    let hooks: ModelHooks

    init(
        key: String, type: PropertyType, isOptional: Bool, read: @escaping (M) -> Any?,
        write: ((inout M, Any?) -> Bool)?,
        valueType: Any.Type, offset: Int? = nil, hooks: ModelHooks
    ) {
        self.key = key
        self.hooks = hooks
        self.type = type
        self.isOptional = isOptional
        self.read = read
        self.write = write
        self.valueType = valueType
        self.isWritable = write != nil
        // Built here, not passed through generic helpers such as Optional.map: a
        // closure that goes through a generic context is stored re-abstracted, and
        // every call then pays for conversion thunks that copy the `Any?`.
        self.offset = offset ?? 0
        self.hasOffset = offset != nil
        self.fastLoad = offset == nil ? nil : FastAccessors.load(for: valueType)
        self.fastStore = offset == nil || write == nil ? nil : FastAccessors.store(for: valueType)
        self.fastStoreNil = offset == nil || write == nil ? nil : FastAccessors.storeNil(for: valueType)
    }
}

/// Key paths that can describe themselves as a ``ModelProperty``: the bridge from
/// an erased key path back to its `Root` and `Value` types.
protocol ModelPropertyMaking {
    func makeProperty<M>(key: String, for model: M.Type, hooks: ModelHooks) -> ModelProperty<M>?
}

extension KeyPath: ModelPropertyMaking {
    /// Builds the property for model type `M`: either `Root` itself, or (for class
    /// hierarchies) a subclass of `Root`. Returns `nil` when `M` is neither.
    func makeProperty<M>(key: String, for model: M.Type, hooks: ModelHooks) -> ModelProperty<M>? {
        let type = PropertyType(Value.self)
        let coerce = TypedValue(Value.self, type).coerce
        if let direct = self as? KeyPath<M, Value> {
            var write: ((inout M, Any?) -> Bool)?
            if let writable = self as? WritableKeyPath<M, Value> { write = Self.writer(writable, coerce: coerce) }
            let offset = MemoryLayout<M>.offset(of: direct)
            return ModelProperty(
                key: key, type: type, isOptional: type.isOptional,
                read: Self.reader(direct, offset: offset), write: write,
                valueType: Value.self, offset: offset, hooks: hooks)
        }
        guard M.self is Root.Type else { return nil }
        var write: ((inout M, Any?) -> Bool)?
        if let reference = self as? ReferenceWritableKeyPath<Root, Value> {
            write = { model, value in
                guard let object = model as? Root, let typed = coerce(value) else { return false }
                object[keyPath: reference] = typed
                return true
            }
        }
        return ModelProperty(
            key: key, type: type, isOptional: type.isOptional,
            read: { model in (model as? Root).flatMap { flatten($0[keyPath: self]) } },
            write: write, valueType: Value.self, hooks: hooks)
    }

    /// Reads a stored property of a struct at its byte offset, anything else through
    /// the key path (whose projection instantiates generic metadata on every read);
    /// optionals are unwrapped without a dynamic cast.
    private static func reader<M>(_ keyPath: KeyPath<M, Value>, offset: Int?) -> (M) -> Any? {
        if let optional = Value.self as? any OptionalProtocol.Type,
            let unwrapping = optional.unwrappingReader(keyPath, offset: offset, for: M.self)
        {
            return unwrapping
        }
        guard let offset else { return { $0[keyPath: keyPath] } }
        return { model in
            withUnsafePointer(to: model) { UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee }
        }
    }

    /// Type-checks and stores. A stored property of a struct is written in place at
    /// its byte offset (what `MemoryLayout.offset(of:)` guarantees addressable);
    /// anything else goes through the key path.
    private static func writer<M>(
        _ keyPath: WritableKeyPath<M, Value>, coerce: @escaping (Any?) -> Value?
    ) -> (inout M, Any?) -> Bool {
        guard let offset = MemoryLayout<M>.offset(of: keyPath) else {
            return { model, value in
                guard let typed = coerce(value) else { return false }
                model[keyPath: keyPath] = typed
                return true
            }
        }
        return { model, value in
            guard let typed = coerce(value) else { return false }
            withUnsafeMutablePointer(to: &model) { pointer in
                UnsafeMutableRawPointer(pointer).advanced(by: offset)
                    .assumingMemoryBound(to: Value.self).pointee = typed
            }
            return true
        }
    }
}

extension Optional {
    /// A reader for a key path to `Wrapped?` that returns the wrapped value or `nil`;
    /// at `offset` in the struct when there is one.
    static func unwrappingReader<M>(_ keyPath: AnyKeyPath, offset: Int?, for model: M.Type) -> ((M) -> Any?)? {
        guard !(Wrapped.self is any OptionalProtocol.Type), let typed = keyPath as? KeyPath<M, Wrapped?> else {
            return nil
        }
        guard let offset else {
            return { model in
                guard let wrapped = model[keyPath: typed] else { return nil }
                return wrapped
            }
        }
        return { model in
            withUnsafePointer(to: model) { pointer -> Any? in
                let stored = UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Wrapped?.self)
                guard let wrapped = stored.pointee else { return nil }
                return wrapped
            }
        }
    }
}
