/// Gives every dictionary at one key the same type in the whole file.
///
/// A free-form object such as Stripe's `metadata` holds strings in one sample,
/// numbers or nothing in another: read place by place, it would be
/// `[String: String]` in one model and `[String: JSONValue]` in the next. When
/// the dictionaries found at one key disagree on their values' type anywhere,
/// every one of them holds `JSONValue`; when they agree, they keep that type.
enum DictionaryValueUnification {
    /// `types` with the dictionaries at each key given one value type.
    static func unified(_ types: [InferredType]) -> [InferredType] {
        var valuesByKey: [String: [InferredType]] = [:]
        for type in types { collect(type, into: &valuesByKey) }
        let conflicting = Set(valuesByKey.filter { Set($0.value.map(Key.init)).count > 1 }.keys)
        guard !conflicting.isEmpty else { return types }
        return types.map { rewrite($0, conflicting: conflicting) }
    }

    /// A type as a set element: `InferredType` is `Equatable` only.
    private struct Key: Hashable {
        let text: String
        init(_ type: InferredType) { text = String(describing: type) }
    }

    private static func collect(_ type: InferredType, into valuesByKey: inout [String: [InferredType]]) {
        switch type {
        case .model(let shape): collect(shape, into: &valuesByKey)
        case .array(let inner), .optional(let inner), .dictionary(let inner): collect(inner, into: &valuesByKey)
        case .tagged(let shape): for item in shape.cases { collect(item.model, into: &valuesByKey) }
        case .generic(let shape):
            collect(shape.base, into: &valuesByKey)
            for argument in shape.arguments { collect(argument, into: &valuesByKey) }
        case .bool, .int, .double, .string, .url, .uuid, .date, .enumeration, .parameter, .json, .unknown: break
        }
    }

    private static func collect(_ shape: ModelShape, into valuesByKey: inout [String: [InferredType]]) {
        for field in shape.fields {
            guard let type = field.type else { continue }
            if case .dictionary(let values) = type { valuesByKey[field.key, default: []].append(values) }
            collect(type, into: &valuesByKey)
        }
    }

    private static func rewrite(_ type: InferredType, conflicting: Set<String>) -> InferredType {
        switch type {
        case .model(let shape): return .model(rewrite(shape, conflicting: conflicting))
        case .array(let inner): return .array(rewrite(inner, conflicting: conflicting))
        case .optional(let inner): return .optional(rewrite(inner, conflicting: conflicting))
        case .dictionary(let inner): return .dictionary(rewrite(inner, conflicting: conflicting))
        case .tagged(var shape):
            for index in shape.cases.indices {
                shape.cases[index].model = rewrite(shape.cases[index].model, conflicting: conflicting)
            }
            return .tagged(shape)
        case .generic(var shape):
            shape.base = rewrite(shape.base, conflicting: conflicting)
            shape.arguments = shape.arguments.map { rewrite($0, conflicting: conflicting) }
            return .generic(shape)
        case .bool, .int, .double, .string, .url, .uuid, .date, .enumeration, .parameter, .json, .unknown:
            return type
        }
    }

    private static func rewrite(_ shape: ModelShape, conflicting: Set<String>) -> ModelShape {
        var shape = shape
        for index in shape.fields.indices {
            guard let type = shape.fields[index].type else { continue }
            if case .dictionary = type, conflicting.contains(shape.fields[index].key) {
                shape.fields[index].type = .dictionary(.json)
            } else {
                shape.fields[index].type = rewrite(type, conflicting: conflicting)
            }
        }
        return shape
    }
}
