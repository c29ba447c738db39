extension ValueTransformer {
    /// JSON object ↔ nested model of type `type`, through ``JSONAdapter``.
    ///
    /// Properties whose type is a `JSONSerializing` model get this transformer by
    /// default; use it explicitly inside other transformers.
    public static func model<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ValueTransformer(
            { (json: [String: Any]) throws -> T in try JSONAdapter.nested { try JSONAdapter.decode(T.self, from: json) } },
            reverse: { (model: T) throws -> [String: Any] in try JSONAdapter.nested { try JSONAdapter.encode(model) } })
    }

    /// JSON array of objects ↔ `[T]`. Errors name the index: `contributors[1].id`.
    public static func models<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ValueTransformer(
            { (json: [Any]) throws -> [T] in try JSONAdapter.nested { try JSONAdapter.decodeEach(T.self, from: json) } },
            reverse: { (models: [T]) throws -> [[String: Any]] in
                try JSONAdapter.nested { try JSONAdapter.encodeEach(models) }
            })
    }

    /// The default transformer for a nested model type known only at run time.
    static func anyModel(_ type: any JSONSerializing.Type) -> ValueTransformer {
        func make<T: JSONSerializing>(_: T.Type) -> ValueTransformer { .model(T.self) }
        return make(type)
    }
}
