/// The validated JSON mapping of a model type: for each mapped property, where it
/// lives in JSON and how its value is transformed. Built once per type, checked
/// once, cached.
final class JSONMapping<M: JSONSerializing>: Sendable {
    final class Entry: Sendable {
        let property: ModelProperty<M>
        let keyPath: JSONKeyPath
        /// The only key of a one-segment key path: the common case, looked up directly.
        let singleKey: String?
        /// The user's transformer, or the default for the property's type.
        let transformer: ValueTransformer?
        /// Whether the transformer is the user's, which may also turn `nil` into a value.
        let isCustomTransformer: Bool
        /// Whether the value needs a check that JSON can represent it when written:
        /// values from user transformers, floating-point numbers (NaN, infinity) and
        /// values of types with no default transformer.
        let checksWrittenValue: Bool
        /// The path in error messages: the keys of a single key path, or the array
        /// form as one component.
        let errorPath: [StrataError.PathComponent]
        /// For a property at one key whose JSON value a specialised load reads
        /// directly (see ``JSONValueLoads``): the key and the load.
        let plainKey: String?
        let plainLoad: FastAccessors.Load?
        /// How the value is written when it can be streamed without its JSON value
        /// being built first (see ``JSONAdapter/stream(_:into:depth:)``).
        let streaming: Streaming

        /// Values the streaming writer writes itself.
        enum Streaming {
            /// Through ``JSONAdapter/jsonValue(of:in:)``.
            case general
            /// A nested model with the default transformer.
            case model
            /// An array of nested models with the default transformer.
            case models
        }

        init(
            property: ModelProperty<M>, keyPath: JSONKeyPath, singleKey: String?, transformer: ValueTransformer?,
            isCustomTransformer: Bool, checksWrittenValue: Bool, errorPath: [StrataError.PathComponent]
        ) {
            self.property = property
            self.keyPath = keyPath
            self.singleKey = singleKey
            self.transformer = transformer
            self.isCustomTransformer = isCustomTransformer
            self.checksWrittenValue = checksWrittenValue
            self.errorPath = errorPath
            // Untransformed values, and URLs and UUIDs with their default transformers.
            let loadable: Bool
            switch property.type {
            case .url, .uuid, .optional(.url), .optional(.uuid), .rawRepresentable: loadable = !isCustomTransformer
            default: loadable = transformer == nil && !checksWrittenValue
            }
            plainLoad = loadable && property.hasOffset
                ? JSONValueLoads.load(for: property.valueType, described: property.type) : nil
            plainKey = plainLoad == nil ? nil : singleKey
            switch (isCustomTransformer, property.type.unwrapped) {
            case (false, .model(let type)) where type is any JSONSerializing.Type:
                streaming = .model
            case (false, .array(.model(let type), _)) where type is any JSONSerializing.Type:
                streaming = .models
            default:
                streaming = .general
            }
        }
    }

    /// An entry whose JSON value a specialised load reads straight from the model
    /// (see ``Entry/plainLoad``), flattened into a value: a loop over these, as
    /// ``JSONAdapter/dictionary(from:options:)`` runs, retains no entry object.
    struct PlainRead: Sendable {
        let jsonKey: String
        let propertyKey: String
        let offset: Int
        let load: FastAccessors.Load
    }

    let entries: [Entry]
    /// The entries read by a ``PlainRead``, in ``entries`` order.
    let plainReads: [PlainRead]
    /// The other entries, in ``entries`` order.
    let generalEntries: [Entry]
    /// The indices in ``entries`` of the entries listed in `requiredPropertyKeys`.
    let requiredEntryIndices: [Int]
    /// Whether ``requiredEntryIndices`` has any: a stored flag, because asking the array in
    /// unspecialised generic code costs a metadata and a witness-table look-up per call.
    let hasRequiredEntries: Bool
    /// For a flat mapping (every entry at one key of the model's object), the
    /// entries' keys in ``entries`` order: what JSON data is read member by member
    /// with (see ``JSONAdapter/readMembers(of:keys:from:)``). `nil` otherwise.
    let memberKeys: MemberKeyTable?
    /// For each entry of ``entries``, how a nested model or array of models is read
    /// straight from JSON data (see ``JSONAdapter/nestedReader(for:)``); `nil` for
    /// other values.
    let nestedReaders: [JSONAdapter.NestedReader?]
    /// The keys of ``entries``, as `serializablePropertyKeys(_:)` receives them.
    let mappedKeys: Set<String>
    /// Whether every entry is written at one key of the model's own object (no
    /// dotted or array key paths), so the model can be streamed member by member.
    let isFlat: Bool
    /// ``entries`` in the order of their JSON keys, for sorted output.
    let entriesSortedByKey: [Entry]
    /// Why the mapping is unusable, if it is.
    let problem: StrataError?
    /// Which of `M`'s hooks are the protocol's defaults.
    let hooks: ModelHooks

    /// The cached mapping of `M`.
    static var shared: JSONMapping<M> {
        SchemaCache.value(.jsonMapping, for: M.self) { JSONMapping() }
    }

    /// The mapping, or the error that makes it unusable.
    static func resolved() throws -> JSONMapping<M> {
        let mapping = shared
        if let problem = mapping.problem { throw problem }
        return mapping
    }

    private init() {
        let schema = ModelSchema<M>.shared
        hooks = schema.hooks
        let keyPaths = M.jsonKeyPathsByPropertyKey
        var entries: [Entry] = []
        var problems: [String] = []
        if let problem = schema.problem { problems.append(problem.reason) }
        for key in keyPaths.keys.sorted() where (try? schema.property(forKey: key)) == nil {
            problems.append("'\(key)' is mapped to JSON but is not in propertyKeys.")
        }
        for property in schema.properties {
            guard let keyPath = keyPaths[property.key] else { continue }
            if !property.isWritable {
                problems.append("'\(property.key)' is mapped to JSON but its key path is read-only (a let or computed property).")
                continue
            }
            if let invalid = Self.invalidPath(in: keyPath) {
                problems.append("'\(property.key)' is mapped to \(invalid).")
                continue
            }
            let custom = M.jsonTransformer(forKey: property.key)
            if custom == nil, let model = Self.modelWithoutMapping(in: property.type) {
                problems.append(
                    "'\(property.key)' holds \(model), a Model that is not JSONSerializing: "
                        + "conform \(model) to JSONSerializing, or give '\(property.key)' a transformer.")
                continue
            }
            let transformer = custom ?? DefaultTransformers.forProperty(of: property.type)
            entries.append(Entry(
                property: property,
                keyPath: keyPath,
                singleKey: !keyPath.isMultiple && keyPath.paths[0].segments.count == 1 ? keyPath.paths[0].segments[0] : nil,
                transformer: transformer,
                isCustomTransformer: custom != nil,
                checksWrittenValue: custom != nil || Self.mayBeUnrepresentable(property.type),
                errorPath: keyPath.isMultiple
                    ? [.key(keyPath.description)] : keyPath.paths[0].segments.map { .key($0) }))
        }
        problems += Self.overlaps(in: entries)
        let mappedKeys = Set(entries.map(\.property.key))
        for key in M.requiredPropertyKeys.sorted() where !mappedKeys.contains(key) {
            problems.append("'\(key)' is listed in requiredPropertyKeys but is not mapped to JSON.")
        }
        self.entries = entries
        self.plainReads = entries.compactMap { entry in
            guard let key = entry.plainKey, let load = entry.plainLoad else { return nil }
            return PlainRead(jsonKey: key, propertyKey: entry.property.key, offset: entry.property.offset, load: load)
        }
        self.generalEntries = entries.filter { $0.plainKey == nil }
        self.mappedKeys = mappedKeys
        self.isFlat = entries.allSatisfy { $0.singleKey != nil }
        self.entriesSortedByKey = entries.sorted { ($0.singleKey ?? "") < ($1.singleKey ?? "") }
        self.requiredEntryIndices = entries.indices.filter { M.requiredPropertyKeys.contains(entries[$0].property.key) }
        self.hasRequiredEntries = !requiredEntryIndices.isEmpty
        let singleKeys = entries.compactMap(\.singleKey)
        self.memberKeys = singleKeys.count == entries.count ? MemberKeyTable(keys: singleKeys) : nil
        self.nestedReaders = entries.map { JSONAdapter.nestedReader(for: $0) }
        self.problem = problems.isEmpty ? nil : StrataError(
            .invalidMapping,
            "The JSON mapping of \(M.self) is invalid: " + problems.joined(separator: " ")
                + " Fix jsonKeyPathsByPropertyKey and propertyKeys.")
    }

    /// Describes each pair of key paths where one is the other or lies inside it
    /// ("meta" and "meta.a"): writing both would drop a value, so such a mapping
    /// cannot be two-way.
    private static func overlaps(in entries: [Entry]) -> [String] {
        let paths = entries.flatMap { entry in entry.keyPath.paths.map { (key: entry.property.key, path: $0) } }
        var problems: [String] = []
        for (index, first) in paths.enumerated() {
            for second in paths[(index + 1)...] {
                let shorter = min(first.path.segments.count, second.path.segments.count)
                guard first.path.segments.prefix(shorter) == second.path.segments.prefix(shorter) else { continue }
                problems.append(
                    "'\(first.key)' (\(first.path.text)) and '\(second.key)' (\(second.path.text)) overlap, "
                        + "so writing one would overwrite the other.")
            }
        }
        return problems
    }

    /// The first model type inside `type` (through optionals and collections) that
    /// has no JSON mapping, which no default transformer can read or write.
    private static func modelWithoutMapping(in type: PropertyType) -> String? {
        switch type {
        case .optional(let wrapped): return modelWithoutMapping(in: wrapped)
        case .array(let element, _), .dictionary(let element, _): return modelWithoutMapping(in: element)
        case .model(let model): return model is any JSONSerializing.Type ? nil : String(describing: model)
        default: return nil
        }
    }

    /// Whether a value of `type`, written without a custom transformer, may be one
    /// JSON cannot represent.
    private static func mayBeUnrepresentable(_ type: PropertyType) -> Bool {
        switch type.unwrapped {
        case .bool, .string, .integer, .url, .uuid, .model: return false
        case .rawRepresentable(_, let raw): return mayBeUnrepresentable(raw)
        case .array(let element, _), .dictionary(let element, _): return mayBeUnrepresentable(element)
        case .floatingPoint, .decimal, .date, .data, .other, .optional: return true
        }
    }

    /// Describes what is wrong with `keyPath`, or returns `nil` when it is usable.
    private static func invalidPath(in keyPath: JSONKeyPath) -> String? {
        if keyPath.paths.isEmpty { return "an empty list of key paths" }
        for path in keyPath.paths {
            if path.text.isEmpty && path.segments.count <= 1 { return "an empty key path" }
            if path.segments.contains(where: \.isEmpty) { return "\"\(path.text)\", which has an empty segment" }
        }
        return nil
    }
}
