import Foundation

/// How a value of each ``PropertyType`` is represented in JSON: what the JSON
/// plan (``MappingPlan``) takes its per-property decisions from when it is built.
///
/// Which default transformer a JSON value gets, and whether the engines read it
/// as a nested model. A leaf type's answers are its own (``LeafPropertyType``,
/// one file per type in `PropertyTypes/`); the answers here combine them through
/// optionals, collections, enums and nested models.
extension PropertyType {
    /// The transformer a JSON-mapped property of this type gets when its model
    /// names none, or `nil` when the validated setter alone does the job (strings,
    /// booleans and numbers at the top level, and types with no default, whose
    /// JSON value is stored as it is).
    var defaultPropertyTransformer: Transformation? {
        switch unwrapped {
        case .leaf(let leaf):
            // `null` is an optional's `nil` (its rule), even for a type that takes it as a value.
            return nullRule == .isNil && unwrapped.nullRule == .isValue
                ? leaf.defaultPropertyTransformer?.readingNullAsNil : leaf.defaultPropertyTransformer
        case .other: return nil
        default: return defaultValueTransformer
        }
    }

    /// The transformer for a value of this type anywhere in JSON: a property, an
    /// array element, a dictionary value.
    ///
    /// Scalars are checked here too, so that an element's error names its index.
    var defaultValueTransformer: Transformation? {
        switch self {
        case .optional(let wrapped):
            // `null` is an optional's `nil` (its rule), even for a type that takes it as a value.
            return wrapped.nullRule == .isValue
                ? wrapped.defaultValueTransformer?.readingNullAsNil : wrapped.defaultValueTransformer
        case .leaf(let leaf): return leaf.defaultValueTransformer
        case .other: return nil
        case .rawRepresentable(let enumType, let raw): return RawValueEnums.defaultTransformer(enumType, raw: raw)
        case .model(let modelType):
            guard let serializable = modelType as? any JSONSerializing.Type else { return nil }
            return .anyModel(serializable)
        case .array(let element, let builder): return DefaultTransformers.array(element: element, builder: builder)
        case .dictionary(let value, let builder): return DefaultTransformers.dictionary(value: value, builder: builder)
        }
    }

    /// The transformation ``ValueTransformer/lenient`` gives a property of this
    /// type: looser scalars, `""` as `nil` for optionals other than `String?`, and
    /// the default conversion for any other type.
    var lenientTransformer: Transformation {
        switch self {
        case .optional(let wrapped):
            if case .leaf(is StringProperty) = wrapped.unwrapped { return LenientTransformers.string }
            return LenientTransformers.emptyStringAsNil(wrapped.lenientTransformer)
        case .leaf(let leaf): return leaf.lenientTransformer
        default: return defaultValueTransformer ?? Transformation(forward: { $0 }, reverse: { $0 })
        }
    }

    /// How the engines read and write a JSON-mapped property of this type with
    /// its default transformer: a nested model and an array of them are theirs,
    /// with the nested type; anything else is a value for the transformer.
    var mappingKind: (kind: MappingKind, nested: (any NestedModel)?) {
        switch unwrapped {
        case .model(let model as any JSONSerializing.Type): return (.model, model.nested)
        case .array(.model(let model as any JSONSerializing.Type), let builder) where builder.isArray:
            return (.models, model.nested)
        default: return (.value, nil)
        }
    }

    /// Whether the default JSON transformer of this type is a fixed conversion,
    /// which the encode engine may apply by reading the field itself (a URL's
    /// `absoluteString`, a UUID's `uuidString`, an enum's raw value).
    var hasFixedJSONConversion: Bool {
        switch self {
        case .leaf(let leaf), .optional(.leaf(let leaf)): return leaf.hasFixedJSONConversion
        case .rawRepresentable: return true
        default: return false
        }
    }

    /// Whether the default JSON transformer gives a value already of this type back
    /// as it is.
    ///
    /// True for `String`, `Bool`, `Int` and `Double`, the types JSON text is read
    /// into. A collection of such elements can then be built
    /// straight from elements of exactly that type (``ArrayBuilding/buildExactly(_:)``).
    var convertsExactValuesToThemselves: Bool {
        guard case .leaf(let leaf) = self else { return false }
        return leaf.convertsExactValuesToThemselves
    }

    /// Whether a value of this type, written without a custom transformer, may be
    /// one JSON cannot represent (NaN, a `Date` with no transformer, …).
    var mayBeUnrepresentableInJSON: Bool {
        switch unwrapped {
        case .leaf(let leaf): return leaf.mayBeUnrepresentableInJSON
        case .model: return false
        case .rawRepresentable(_, let raw): return raw.mayBeUnrepresentableInJSON
        case .array(let element, _), .dictionary(let element, _): return element.mayBeUnrepresentableInJSON
        case .other, .optional: return true
        }
    }

    /// The first model type inside this type (through optionals and collections)
    /// that has no JSON mapping, which no default transformer can read or write.
    var modelWithoutJSONMapping: String? {
        switch self {
        case .optional(let wrapped): return wrapped.modelWithoutJSONMapping
        case .array(let element, _), .dictionary(let element, _): return element.modelWithoutJSONMapping
        case .model(let model): return model is any JSONSerializing.Type ? nil : String(describing: model)
        default: return nil
        }
    }
}
