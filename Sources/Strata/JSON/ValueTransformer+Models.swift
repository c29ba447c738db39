import Foundation

extension ValueTransformer {
    /// JSON object ↔ nested model of type `type`, through ``JSONAdapter``.
    ///
    /// Properties whose type is a `JSONSerializing` model get this transformer by
    /// default; use it explicitly inside other transformers.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "owner" ? .model(Owner.self) : nil
    /// }
    /// ```
    public static func model<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ClosureValueTransformer.make(.model(T.self))
    }

    /// JSON array of objects ↔ an array of `T`.
    ///
    /// Errors name the index: `contributors[1].id`.
    ///
    /// `null` in place of the array is refused, as ``model(_:)`` refuses it in place
    /// of an object: for a property, the engine gives the transformer `nil` for
    /// `null`, which is `nil` when the property is optional and a
    /// `nullForNonOptional` error otherwise. A
    /// `null` element is read as `nil` when the property's elements are optional
    /// (`[Owner?]`), and is a `nullForNonOptional` error naming its index otherwise
    /// (`[Owner]`); used on its own, outside a property, it reads a `null` element
    /// as `nil`. `nil` elements are written as `null`.
    ///
    /// ```swift
    /// struct Team: JSONSerializing {
    ///     var members: [Owner?] = []
    ///     static let propertyKeys: PropertyKeys<Team> = ["members": \.members]
    ///     static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["members": "data.members"]
    ///     static func jsonTransformer(forKey key: String) -> ValueTransformer? { .models(Owner.self) }
    /// }
    /// // {"data": {"members": [{"login": "ada"}, null]}} → [Owner(login: "ada"), nil]
    /// ```
    public static func models<T: JSONSerializing>(_ type: T.Type) -> ValueTransformer {
        ModelsValueTransformer(T.self)
    }
}

/// The transformer ``ValueTransformer/models(_:)`` returns: it knows its model
/// type, so that the plan can give it the transformation that fits the property
/// it serves (whether the elements may be `null`).
final class ModelsValueTransformer: ClosureValueTransformer, PropertyAdaptingTransformer {
    private let adapted: @Sendable (_ elementsAreOptional: Bool) -> Transformation

    init<T: JSONSerializing>(_ type: T.Type) {
        adapted = { Transformation.models(T.self, elementsAreOptional: $0) }
        super.init(.models(T.self, elementsAreOptional: true))
    }

    /// For an array of optionals, `null` elements are `nil`; for any other array
    /// they are an error naming their index.
    ///
    /// A property of another type gets the transformation that accepts `null`,
    /// and its setter decides.
    func transformation(for type: PropertyType) -> Transformation {
        guard case .array(let element, _) = type.unwrapped else { return transformation }
        return adapted(element.nullRule == .isNil)
    }
}

/// The nested-model transformers' implementations.
extension Transformation {
    static func model<T: JSONSerializing>(_ type: T.Type) -> Transformation {
        let output = TypedValue(T.self)
        let plans = PlanReference<T>()
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                let json = try jsonObject(value)
                return try JSONAdapter.nested { try JSONAdapter.decode(plans.plan, from: json) }
            },
            reverse: { value in
                guard let value else { return nil }
                let model = try output.require(some: value)
                return try JSONAdapter.nested { try JSONAdapter.encode(model) }
            })
    }

    /// The reading of a model's JSON object, for ``jsonObject(_:)``.
    private static let objectValue = TypedValue([String: Any].self)

    /// `value` as a JSON object, or the type-mismatch error of any typed
    /// transformer: in code compiled for `[String: Any]`, which in a transformer
    /// generic over the model type would look up the metadata of its optional on
    /// every call.
    private static func jsonObject(_ value: Any) throws -> [String: Any] {
        try objectValue.require(some: value)
    }

    /// An array of `T`, element by element, each error with its index.
    ///
    /// `null` elements are `nil` when `elementsAreOptional` (the result is then
    /// `[T?]`, or `[T]` when there is none), and an error otherwise.
    static func models<T: JSONSerializing>(_ type: T.Type, elementsAreOptional: Bool) -> Transformation {
        let nulls: CollectionElements.Nulls = elementsAreOptional ? .areNil : .areRefused(elementName: "\(T.self)")
        let plans = PlanReference<T>()
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                guard let array = value as? [Any] else {
                    throw StrataError.expected("an array of \(T.self) objects", found: value)
                }
                let elements = CollectionElements()  // outside `nested`, which starts a model's own rules
                return try JSONAdapter.nested {
                    var models: [T?] = []
                    models.reserveCapacity(array.count)
                    var hasNull = false
                    // The steps of `CollectionElements.forEach`, in this loop: see there.
                    for (index, element) in array.enumerated() {
                        do {
                            if isJSONNull(element), try elements.readsNull(at: .index(index), by: nulls) {
                                hasNull = true
                                models.append(nil)
                                continue
                            }
                            let mark = elements.beginElement()
                            do {
                                models.append(try JSONAdapter.decodeElement(plans.plan, element))
                            } catch {
                                throw elements.failed(error, at: .index(index), from: mark)
                            }
                            elements.converted(at: .index(index), from: mark)
                        } catch {
                            try elements.skip(error)
                        }
                    }
                    return hasNull ? models : models.compactMap { $0 }
                }
            },
            reverse: { value in
                guard let value else { return nil }
                guard let models = value as? [T?] else {
                    throw StrataError.expected("an array of \(T.self)", found: value)
                }
                return try JSONAdapter.nested {
                    try models.enumerated().map { index, model -> Any in
                        try CollectionElements.jsonValue(of: model, at: .index(index), transforms: false) { model in
                            try JSONAdapter.encode(model)
                        }
                    }
                }
            })
    }

    /// The default transformation for a nested model type known only at run time.
    static func anyModel(_ type: any JSONSerializing.Type) -> Transformation {
        func make<T: JSONSerializing>(_: T.Type) -> Transformation { .model(T.self) }
        return make(type)
    }
}
