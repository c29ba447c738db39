/// One property of a model type, resolved from its key path when the schema is
/// built: how to read it, how to write it, and what type it holds.
///
/// This is the only place that touches key paths; the key-value coding API, the
/// JSON adapter and the archive bridge all go through it.
struct ModelProperty<M>: @unchecked Sendable {
    // @unchecked: the closures capture only the key path they were made from (a
    // `Sendable` key path from `PropertyKeys`, re-typed by a cast) and metatypes;
    // key paths are immutable, so sharing them across threads is safe.

    /// The KVC-style key.
    let key: String
    /// What the property holds.
    let type: PropertyType
    /// Reads the value; an optional that holds nothing reads as `nil`.
    let read: (M) -> Any?
    /// Stores an already validated value. Returns `false`, and leaves the model
    /// unchanged, when the value is not of the property's type. `nil` when the key
    /// path is read-only.
    let write: ((inout M, Any?) -> Bool)?

    var isWritable: Bool { write != nil }
}

/// Key paths that can describe themselves as a ``ModelProperty``: the bridge from
/// an erased key path back to its `Root` and `Value` types.
protocol ModelPropertyMaking {
    func makeProperty<M>(key: String, for model: M.Type) -> ModelProperty<M>?
}

extension KeyPath: ModelPropertyMaking {
    /// Builds the property for model type `M`: either `Root` itself, or (for class
    /// hierarchies) a subclass of `Root`. Returns `nil` when `M` is neither.
    func makeProperty<M>(key: String, for model: M.Type) -> ModelProperty<M>? {
        let type = PropertyType(Value.self)
        let coerce = TypedValue(Value.self, type).coerce
        if let direct = self as? KeyPath<M, Value> {
            let writable = self as? WritableKeyPath<M, Value>
            return ModelProperty(
                key: key,
                type: type,
                read: type.isOptional ? { flatten($0[keyPath: direct]) } : { $0[keyPath: direct] },
                write: writable.map { writable in
                    { model, value in
                        guard let typed = coerce(value) else { return false }
                        model[keyPath: writable] = typed
                        return true
                    }
                }
            )
        }
        guard M.self is Root.Type else { return nil }
        let reference = self as? ReferenceWritableKeyPath<Root, Value>
        return ModelProperty(
            key: key,
            type: type,
            read: { model in (model as? Root).flatMap { flatten($0[keyPath: self]) } },
            write: reference.map { reference in
                { model, value in
                    guard let object = model as? Root, let typed = coerce(value) else { return false }
                    object[keyPath: reference] = typed
                    return true
                }
            }
        )
    }
}
