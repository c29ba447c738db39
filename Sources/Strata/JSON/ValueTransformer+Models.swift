extension ValueTransformer {
    /// JSON object ↔ nested model of type `type`, through ``JSONAdapter``.
    ///
    /// Properties whose type is a `JSONSerializing` model get this transformer by
    /// default; use it explicitly inside other transformers.
    public static func model<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ClosureValueTransformer.make(.model(T.self))
    }

    /// JSON array of objects ↔ `[T]`. Errors name the index: `contributors[1].id`.
    public static func models<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ClosureValueTransformer.make(.models(T.self))
    }
}

/// The nested-model transformers' implementations.
extension Transformation {
    static func model<T: JSONSerializing>(_ type: T.Type) -> Transformation {
        Transformation(
            { (json: [String: Any]) throws -> T in try JSONAdapter.nested { try JSONAdapter.decode(T.self, from: json) } },
            reverse: { (model: T) throws -> [String: Any] in try JSONAdapter.nested { try JSONAdapter.encode(model) } })
    }

    static func models<T: JSONSerializing>(_ type: T.Type) -> Transformation {
        Transformation(
            { (json: [Any]) throws -> [T] in try JSONAdapter.nested { try JSONAdapter.decodeEach(T.self, from: json) } },
            reverse: { (models: [T]) throws -> [[String: Any]] in
                try JSONAdapter.nested { try JSONAdapter.encodeEach(models) }
            })
    }

    /// The default transformation for a nested model type known only at run time.
    static func anyModel(_ type: any JSONSerializing.Type) -> Transformation {
        func make<T: JSONSerializing>(_: T.Type) -> Transformation { .model(T.self) }
        return make(type)
    }
}
