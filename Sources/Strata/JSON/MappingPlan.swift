/// The mapping plan of a model type: for each mapped property, where it lives in
/// JSON, how its value is transformed, and what kind of value it is.
///
/// Built once per type from its ``ModelSchema`` and its JSON mapping, checked
/// once, cached.
///
/// Every decision that depends on a property's type is taken when the plan is
/// built, from the property's representation (`JSON/PropertyType+JSON.swift`):
/// the decode engine (``JSONAdapter/decodeMapped(_:from:)``) and the encode engine
/// (``JSONAdapter/encodeMapped(_:into:)``) only follow the plan, whatever source
/// they read from or sink they write to.
final class MappingPlan<M: Model>: Sendable {
    /// One mapped property.
    final class Entry: Sendable {
        let property: ModelProperty<M>
        let keyPath: JSONKeyPath
        /// The only key of a one-segment key path: the common case, looked up directly.
        let singleKey: String?
        /// The JSON text of ``singleKey``, when it has one (see ``QuotedKey``).
        let quotedKey: QuotedKey?
        /// The user's transformer, or the default for the property's type.
        let transformer: Transformation?
        /// Whether the transformer is the user's, which may also turn `nil` into a value.
        let isCustomTransformer: Bool
        /// Whether the value needs a check that JSON can represent it when written:
        /// values from user transformers, floating-point numbers (NaN, infinity) and
        /// values of types with no default transformer.
        let checksWrittenValue: Bool
        /// Whether the transformer is a `JSONValue` default (see
        /// ``Transformation/jsonValueForm``): a sink that ``JSONSink/writesJSONValues``
        /// is given the value as it is.
        let writesJSONValues: Bool
        /// Whether the transformer is not the user's and has a
        /// ``Transformation/textWriter``: a flag, so that writing any other entry
        /// copies no transformer.
        let writesText: Bool
        /// The path in error messages: the keys and indices of a single key path (of
        /// the first path for ``JSONKeyPath/firstPresent(_:_:)``), or the array form
        /// as one component.
        let errorPath: [StrataError.PathComponent]
        /// For ``JSONKeyPath/firstPresent(_:_:)``, the error path of each alternative,
        /// for errors about the value read from it; empty otherwise.
        let alternativeErrorPaths: [[StrataError.PathComponent]]
        /// What kind of value the entry holds.
        let kind: MappingKind
        /// The model type of a ``MappingKind/model`` or ``MappingKind/models`` entry.
        let nested: (any NestedModel)?
        /// The field of a ``MappingKind/model`` or ``MappingKind/models`` entry whose
        /// property stores the model type, or an array of it, itself or as an
        /// optional: written where it lies (see ``NestedModel/encodeStored(at:array:into:)``).
        let nestedField: StoredField?
        /// Whether ``nestedField`` holds an optional.
        let nestedFieldIsOptional: Bool
        /// The field the property's JSON value is read straight from (see
        /// ``StoredField/readJSON(_:)``), when the value needs no transformer or its
        /// default transformer is a fixed conversion.
        let jsonField: StoredField?
        /// The read that takes the entry's value straight from the scanner into its
        /// field, for a model decoded as it is read (see ``FieldText``): a `String`,
        /// `Int` or `Bool` property or its optional, or an `[Int]` or `[Double]`, with
        /// the default transformer.
        let memberRead: FieldText.Reader?
        /// How the property recovers from a value it cannot take (``JSONSerializing/jsonRecoveryByPropertyKey``).
        let recovery: JSONRecovery
        /// The entry's index in the plan's ``MappingPlan/entries``: its position in
        /// the plan's ``MappingPlan/objectTemplate``.
        let position: Int
        /// Whether decoding the entry goes through the engine's recovering step: when
        /// it has a recovery, or when a recovery may happen inside its value (a nested
        /// model, or a transformer of the user's or Strata's that may read one), whose
        /// path needs the entry's in front.
        let decodesWithRecovery: Bool
        /// The element type of the array the entry's value is read into and written
        /// from straight, when the property is an array of numbers (or of arrays of
        /// them) with its default transformer (see ``TypedJSONArrayElement``).
        let typedArrayElement: (any TypedJSONArrayElement.Type)?
        /// Whether the entry maps a JSON value: false in the ``propertyKeyed`` plan,
        /// whose values are Swift values by property key, stored as they are.
        let mapsJSON: Bool
        /// The keys of the members other entries map, for the entry of
        /// ``JSONSerializing/unmappedKeysPropertyKey``; `nil` for every other entry.
        ///
        /// That entry's value is every other member of the model's object.
        let unmappedExcept: Set<String>?

        init(
            property: ModelProperty<M>, keyPath: JSONKeyPath, transformer: Transformation?,
            isCustomTransformer: Bool, checksWrittenValue: Bool, recovery: JSONRecovery, position: Int,
            mapsJSON: Bool = true, unmappedExcept: Set<String>? = nil
        ) {
            self.mapsJSON = mapsJSON
            self.unmappedExcept = unmappedExcept
            self.property = property
            self.position = position
            self.keyPath = keyPath
            let first = keyPath.paths[0]
            self.singleKey =
                unmappedExcept == nil && !keyPath.isMultiple && keyPath.paths.count == 1 && first.segments.count == 1
                ? first.segments[0] : nil
            self.quotedKey = singleKey.flatMap(QuotedKey.init)
            self.transformer = transformer
            self.isCustomTransformer = isCustomTransformer
            self.checksWrittenValue = checksWrittenValue
            self.writesJSONValues = !isCustomTransformer && transformer?.jsonValueForm != nil
            self.writesText = !isCustomTransformer && transformer?.textWriter != nil
            // The unmapped members are the object's own: their errors start with their keys.
            self.errorPath = unmappedExcept != nil ? [] : keyPath.isMultiple ? [.key(keyPath.description)] : first.components
            self.alternativeErrorPaths = keyPath.form == .firstPresent ? keyPath.paths.map(\.components) : []
            (kind, nested) = isCustomTransformer || !mapsJSON ? (.value, nil) : property.type.mappingKind
            if let nested, let field = property.field,
                let optional = nested.storedOptionality(of: property.valueType, array: kind == .models)
            {
                (nestedField, nestedFieldIsOptional) = (field, optional)
            } else {
                (nestedField, nestedFieldIsOptional) = (nil, false)
            }
            let readsFieldJSON =
                isCustomTransformer || !mapsJSON
                ? false : property.type.hasFixedJSONConversion || (transformer == nil && !checksWrittenValue)
            self.jsonField = readsFieldJSON && property.field?.readsJSON == true ? property.field : nil
            self.memberRead =
                !isCustomTransformer && mapsJSON && kind == .value
                ? property.field?.bound(stores: true, FieldText.reader(for:at:)) : nil
            self.recovery = recovery
            self.decodesWithRecovery = !recovery.isEmpty || isCustomTransformer || kind != .value
            self.typedArrayElement = isCustomTransformer || !mapsJSON ? nil : property.type.typedJSONArrayElement
        }
    }

    let entries: [Entry]
    /// ``entries`` with their type erased, for the decode engine's loop: code not
    /// specialised for `M` walks an `[Entry]` through the generic metadata of
    /// `Entry` and `Array<Entry>`, looked up on every pass; see ``entry(at:)``.
    private let erasedEntries: [any AnyObject & Sendable]
    /// The number of entries.
    var entryCount: Int { erasedEntries.count }

    /// ``entries`` again, for the decode engine's loop to borrow each entry (see
    /// ``withEntry(at:_:)``).
    private let borrowedEntries: RetainedObjects

    /// The entry at `index` of ``entries``, without a look-up of `Entry`'s metadata.
    @inline(__always)
    func entry(at index: Int) -> Entry {
        // `erasedEntries` holds this plan's entries, in order (see `init`).
        knownClassObject(erasedEntries[index], as: Entry.self)
    }

    /// Runs `body` with the entry at `index` of ``entries``, borrowed: without the
    /// retain and release that taking it out of the array costs, once per entry of
    /// every model decoded.
    @inline(__always)
    func withEntry<Result>(at index: Int, _ body: (Entry) throws -> Result) rethrows -> Result {
        // Each slot holds this plan's entry at its index (see `init`), kept alive by
        // the table for as long as the plan, which the caller holds.
        try borrowedEntries.withObject(at: index, as: Entry.self, body)
    }

    /// The indices in ``entries`` of the entries that are required: listed in
    /// `requiredPropertyKeys`, or required by the model's `requiredKeys` rule.
    let requiredEntryIndices: [Int]
    /// Whether ``requiredEntryIndices`` has any: a stored flag, because asking the array in
    /// unspecialised generic code costs a metadata and a witness-table look-up per call.
    let hasRequiredEntries: Bool
    /// For a flat mapping (every entry at one key of the model's object), the
    /// entries' keys in ``entries`` order: what the scanner source matches member
    /// keys with.
    ///
    /// `nil` otherwise.
    let memberKeys: MemberKeyTable?
    /// The keys of ``entries``, as `serializablePropertyKeys(_:)` receives them.
    let mappedKeys: Set<String>
    /// Whether every entry is written at one key of the model's own object (no
    /// dotted or array key paths).
    let isFlat: Bool
    /// Whether every entry but the last has a single key and the last keeps the
    /// unmapped members as `[String: JSONValue]`: a sink of JSON text then writes
    /// the object itself, the kept members after the others, unless its keys are
    /// sorted (a dictionary is built and sorted then).
    let writesUnmappedInPlace: Bool
    /// What the encode engine does for each entry, in ``entries`` order.
    let encodeSteps: [EncodeStep]
    /// How the scanner source reads each entry's value, in ``entries`` order.
    let memberReads: [MemberRead]
    /// The slots of the last object the scanner read for this plan, for the next one.
    let spareSlots = SpareSlots()
    /// Whether models of this plan's type are decoded as their objects are read,
    /// once known: 0 not yet, 1 yes, 2 no (see ``JSONAdapter/streamsModels(_:)``).
    let streamingDecision = AtomicWords(count: 1)
    /// The ``requiredEntryIndices`` as bits (entry `i` at bit `i`), when every one is
    /// below 64: what a model decoded as it is read checks its members against.
    let requiredEntryBits: UInt64?
    /// How many bytes the last `data(from:)` of one model (word 0) and of an array
    /// of models (word 1) of this type wrote: the next one's first capacity, so that
    /// a large document is not copied at every doubling of its buffer.
    let lastOutputSizes = AtomicWords(count: 2)
    /// ``encodeSteps`` in the order of their JSON keys, for sorted output.
    let encodeStepsSortedByKey: [EncodeStep]
    /// For a flat mapping, the `[String: Any]` its objects start from in
    /// ``DictionarySink``, with each entry at its ``Entry/position``; `nil` otherwise.
    let objectTemplate: ObjectTemplate?

    /// Why the mapping is unusable, if it is.
    let problem: StrataError?
    /// Which of `M`'s hooks are the protocol's defaults.
    let hooks: ModelHooks
    /// The members `M`'s `classForParsing(_:)` reads, when it declares them
    /// (``JSONSerializing/classForParsingJSONKeys``).
    let clusterMembers: ClusterMembers?

    /// A plan of `entries`, with the hooks of `M`'s schema; `required` is the indices of
    /// the required entries, `problem` why the plan is unusable, if it is, and
    /// `clusterMembers` the members `M`'s `classForParsing(_:)` reads.
    private init(entries: [Entry], required: [Int], problem: StrataError?, clusterMembers: ClusterMembers? = nil) {
        hooks = ModelSchema<M>.shared.hooks
        self.clusterMembers = clusterMembers
        let mappedKeys = Set(entries.map(\.property.key))
        self.entries = entries
        self.erasedEntries = entries
        self.borrowedEntries = RetainedObjects(entries)
        self.mappedKeys = mappedKeys
        self.isFlat = entries.allSatisfy { $0.singleKey != nil }
        let steps = entries.indices.map { index in
            EncodeStep(
                jsonKey: entries[index].singleKey, position: index, propertyKey: entries[index].property.key,
                jsonField: entries[index].jsonField, entry: entries[index])
        }
        self.encodeSteps = steps
        self.memberReads = entries.map {
            MemberRead(
                kind: $0.kind, nested: $0.nested, readsPlainStrings: $0.transformer?.forwardFromPlainString != nil,
                readsStringArrays: $0.transformer?.keepsStringArrays == true,
                jsonValueForm: $0.isCustomTransformer ? nil : $0.transformer?.jsonValueForm,
                readsObjectText: !$0.isCustomTransformer && $0.transformer?.readsObjectText == true,
                readsObjectTextElements: !$0.isCustomTransformer && $0.transformer?.readsObjectTextElements == true,
                readsBinaryNumbers: !$0.isCustomTransformer && $0.property.type.holdsOnlyDoubles,
                typedArrayElement: $0.typedArrayElement,
                readsTypedValues: $0.typedArrayElement != nil
                    || !$0.isCustomTransformer
                        && ($0.transformer?.jsonValueForm != nil || $0.transformer?.readsObjectText == true
                            || $0.transformer?.readsObjectTextElements == true),
                storesNestedInPlace: $0.nestedField != nil && !$0.nestedFieldIsOptional && $0.property.isWritable)
        }
        self.encodeStepsSortedByKey = steps.sorted { ($0.jsonKey ?? "") < ($1.jsonKey ?? "") }
        self.requiredEntryIndices = required
        self.hasRequiredEntries = !requiredEntryIndices.isEmpty
        self.requiredEntryBits =
            required.allSatisfy { $0 < UInt64.bitWidth } ? required.reduce(0) { $0 | 1 << UInt64($1) } : nil
        let singleKeys = entries.compactMap(\.singleKey)
        // A plan whose only entry without a single key keeps the unmapped members (the
        // last entry) reads them as `JSONValue`s while its own members are read.
        let keepsUnmapped =
            singleKeys.count == entries.count - 1 && entries.last?.unmappedExcept != nil
            && entries.last?.transformer?.jsonValueForm == .object
        self.writesUnmappedInPlace = keepsUnmapped
        self.memberKeys =
            singleKeys.count == entries.count || keepsUnmapped
            ? MemberKeyTable(keys: singleKeys, keepsUnmapped: keepsUnmapped) : nil
        self.objectTemplate = singleKeys.count == entries.count ? ObjectTemplate(keys: singleKeys) : nil
        self.problem = problem
    }

    /// The plan of the entry points that assign values by property key, Swift values
    /// rather than JSON: ``Model/init(dictionary:)``, merging and the archive bridge.
    ///
    /// One entry per property of `M`, in declaration order, with no transformer; each
    /// entry point's source gives the properties it assigns (``DecodeSource/values(_:)``)
    /// and the decode engine stores them, as it stores JSON values.
    static var propertyKeyed: MappingPlan<M> {
        SchemaCache.value(.propertyKeyed, for: M.self) {
            let schema = ModelSchema<M>.shared
            let entries = schema.properties.enumerated().map { position, property in
                Entry(
                    property: property, keyPath: JSONKeyPath(segments: [property.key]), transformer: nil,
                    isCustomTransformer: false, checksWrittenValue: false, recovery: [], position: position,
                    mapsJSON: false)
            }
            return MappingPlan(entries: entries, required: [], problem: schema.problem)
        }
    }
}

extension MappingPlan where M: JSONSerializing {

    /// The cached plan of `M`.
    static var shared: MappingPlan<M> {
        SchemaCache.value(.jsonMapping, for: M.self) { jsonPlan() }
    }

    /// The plan, or the error that makes it unusable.
    static func resolved() throws -> MappingPlan<M> {
        let plan = shared
        if let problem = plan.problem { throw problem }
        return plan
    }

    /// The JSON plan of `M`, from its schema and its JSON mapping.
    private static func jsonPlan() -> MappingPlan<M> {
        let schema = ModelSchema<M>.shared
        let keyPaths = M.jsonKeyPathsByPropertyKey
        let recoveries = M.jsonRecoveryByPropertyKey
        var entries: [Entry] = []
        var problems: [String] = []
        if let problem = schema.problem { problems.append(problem.reason) }
        for key in keyPaths.keys.sorted() where !schema.contains(key) && schema.problem == nil {
            problems.append("'\(key)' is mapped to JSON but is not in propertyKeys.")
        }
        let unmappedKey = M.unmappedKeysPropertyKey
        for property in schema.properties where property.key != unmappedKey {
            guard let keyPath = keyPaths[property.key] else { continue }
            if !property.isWritable {
                // A class lists its keys; only a struct's list can be derived without one.
                let generatedMapFix =
                    M.self is AnyObject.Type
                    ? ".filter { $0.key != \"\(property.key)\" }"
                    : "PropertyKeys.storedProperties(excluding: [\"\(property.key)\"])"
                problems.append(
                    "'\(property.key)' is mapped to JSON but is read-only (a let or computed property): make '\(property.key)' "
                        + "a var, or leave it out of the map (of a generated map, with \(generatedMapFix)).")
                continue
            }
            if let invalid = Self.invalidPath(in: keyPath) {
                problems.append("'\(property.key)' is mapped to \(invalid).")
                continue
            }
            let custom = Self.customTransformer(for: property).map {
                Transformation($0, role: "The transformer for '\(property.key)' of \(M.self)", for: property.type)
            }
            if custom == nil, let model = property.type.modelWithoutJSONMapping {
                problems.append(
                    "'\(property.key)' holds \(model), a Model that is not JSONSerializing: "
                        + "conform \(model) to JSONSerializing, or give '\(property.key)' a transformer.")
                continue
            }
            entries.append(
                Entry(
                    property: property,
                    keyPath: keyPath,
                    transformer: custom ?? property.type.defaultPropertyTransformer,
                    isCustomTransformer: custom != nil,
                    checksWrittenValue: custom != nil || property.type.mayBeUnrepresentableInJSON,
                    recovery: recoveries[property.key] ?? [],
                    position: entries.count))
        }
        problems += overlaps(in: entries)
        if let unmappedKey, schema.problem == nil {
            switch unmappedEntry(for: unmappedKey, after: entries, in: schema) {
            case .success(let entry): entries.append(entry)
            case .failure(let problem): problems.append(problem.reason)
            }
            // Its value is the members no other entry maps: none of these applies to it.
            if recoveries[unmappedKey] != nil || M.requiredPropertyKeys.contains(unmappedKey)
                || M.jsonTransformer(forKey: unmappedKey) != nil
            {
                problems.append(
                    "'\(unmappedKey)' keeps the unmapped members, so it takes no recovery, requiredPropertyKeys entry or "
                        + "transformer.")
            }
        }
        let mappedKeys = Set(entries.map(\.property.key))
        for key in M.requiredPropertyKeys.sorted() where !mappedKeys.contains(key) {
            problems.append("'\(key)' is listed in requiredPropertyKeys but is not mapped to JSON.")
        }
        for key in recoveries.keys.sorted() where !mappedKeys.contains(key) {
            problems.append("'\(key)' has a recovery in jsonRecoveryByPropertyKey but is not mapped to JSON.")
        }
        let required = M.requiredPropertyKeys
        let rule = M.requiredKeys
        let requiredIndices = entries.indices.filter {
            entries[$0].unmappedExcept == nil
                && (rule.requires(optional: entries[$0].property.nullRule == .isNil) || required.contains(entries[$0].property.key))
        }
        let problem =
            problems.isEmpty
            ? nil
            : StrataError(
                .invalidMapping,
                "The JSON mapping of \(M.self) is invalid: " + problems.joined(separator: " ")
                    + " Fix jsonKeyPathsByPropertyKey and propertyKeys.")
        return MappingPlan(
            entries: entries, required: requiredIndices, problem: problem,
            clusterMembers: M.classForParsingJSONKeys.map(ClusterMembers.init))
    }

    /// A problem with the model's JSON mapping, for ``unmappedEntry(for:after:in:)``.
    private struct Problem: Error {
        let reason: String
    }

    /// The entry of the property that keeps the members `entries` do not map
    /// (``JSONSerializing/unmappedKeysPropertyKey``), or why it cannot.
    private static func unmappedEntry(
        for key: String, after entries: [Entry], in schema: ModelSchema<M>
    ) -> Result<Entry, Problem> {
        guard let property = schema.properties.first(where: { $0.key == key }) else {
            return .failure(Problem(reason: "'\(key)' is named by unmappedKeysPropertyKey but is not in propertyKeys."))
        }
        guard case .dictionary(.leaf(is JSONValueProperty), _) = property.type, property.isWritable else {
            return .failure(
                Problem(
                    reason: "'\(key)' is named by unmappedKeysPropertyKey, so it must be a var of type "
                        + "[String: JSONValue], not \(property.type.name)\(property.isWritable ? "" : " (read-only)")."))
        }
        // The first key of every path another entry reads or writes.
        let mapped = Set(entries.flatMap { $0.keyPath.paths.compactMap(\.segments.first) })
        return .success(
            Entry(
                property: property, keyPath: JSONKeyPath(segments: [key]), transformer: property.type.defaultPropertyTransformer,
                isCustomTransformer: false, checksWrittenValue: false, recovery: [], position: entries.count,
                unmappedExcept: mapped))
    }

    /// The model's transformer for `property`: the one for its key, else the one
    /// for its declared type, else, for an optional, the one for the type inside.
    private static func customTransformer(for property: ModelProperty<M>) -> ValueTransformer? {
        if let byKey = M.jsonTransformer(forKey: property.key) { return byKey }
        var type: Any.Type = property.valueType
        while true {
            if let byType = M.jsonTransformer(forType: type) { return byType }
            guard let optional = type as? any OptionalProtocol.Type else { return nil }
            type = optional.wrappedType
        }
    }

    /// Describes each pair of key paths where one is the other or lies inside it
    /// ("meta" and "meta.a"): writing both would drop a value, so such a mapping
    /// cannot be two-way.
    ///
    /// The alternatives of one ``JSONKeyPath/firstPresent(_:_:)`` may overlap each
    /// other: only the first is written.
    private static func overlaps(in entries: [Entry]) -> [String] {
        let paths = entries.flatMap { entry in
            entry.keyPath.paths.map { (key: entry.property.key, path: $0, alternative: entry.keyPath.form == .firstPresent) }
        }
        var problems: [String] = []
        for (index, first) in paths.enumerated() {
            for second in paths[(index + 1)...] where !(first.alternative && first.key == second.key) {
                let shorter = min(first.path.segments.count, second.path.segments.count)
                guard first.path.segments.prefix(shorter) == second.path.segments.prefix(shorter) else { continue }
                problems.append(
                    "'\(first.key)' (\(first.path.text)) and '\(second.key)' (\(second.path.text)) overlap, "
                        + "so writing one would overwrite the other.")
            }
        }
        return problems
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

/// What kind of value a ``MappingPlan`` entry holds, which decides how the
/// engines read and write it.
///
/// Not nested in the generic plan, and without a payload: a generic type's
/// metadata is looked up at run time on every use in unspecialised code, and a
/// payload would be copied on every `switch`.
enum MappingKind: Sendable {
    /// A value its transformer (if any) converts, and the validated setter stores.
    case value
    /// A `JSONSerializing` model with its default transformer: decoded and
    /// encoded by the engines themselves (through the entry's ``NestedModel``),
    /// from and to any source and sink.
    case model
    /// An array of `JSONSerializing` models with its default transformer.
    case models
}

/// One entry as the encode engine walks it: what it needs for the common case
/// (a value read straight from its field, written at one key) held inline, so
/// that a pass retains nothing; anything else goes through the entry.
///
/// Not nested in the generic plan (nor is ``MemberRead``): in unspecialised
/// code, each access to an array of a generic type's elements looks its
/// metadata up at run time.
struct EncodeStep: Sendable {
    /// The entry's single JSON key, or `nil` for a dotted or array-form key path.
    let jsonKey: String?
    /// The JSON text of ``jsonKey``, when it has one (see ``QuotedKey``).
    let quotedKey: QuotedKey?
    /// The entry's ``MappingPlan/Entry/position``.
    let position: Int
    let propertyKey: String
    /// Reads the JSON value straight from the model (see ``Entry/jsonField``).
    let jsonRead: StoredField.JSONValueLoad?
    /// Writes the JSON value straight from the model as the member at ``quotedKey``,
    /// for a sink that writes JSON text (see ``JSONSink/writeStoredMember(_:at:of:)``).
    let memberWrite: FieldText.Writer
    /// The plan's entry for the step, a `MappingPlan<M>.Entry` of the plan that made
    /// the step (see ``entry(of:)``), held without its type: in unspecialised code,
    /// reaching it through the plan's array of entries would look up the array's
    /// metadata on every access.
    private let entry: any AnyObject & Sendable

    init(
        jsonKey: String?, position: Int, propertyKey: String, jsonField: StoredField?,
        entry: any AnyObject & Sendable
    ) {
        self.jsonKey = jsonKey
        self.quotedKey = jsonKey.flatMap(QuotedKey.init)
        self.position = position
        self.propertyKey = propertyKey
        self.jsonRead = jsonField?.jsonValueLoad
        self.memberWrite = (quotedKey != nil ? jsonField?.bound(stores: false, FieldText.writer(for:at:)) : nil) ?? .writesNothing
        self.entry = entry
    }

    /// The step's entry, for a step of `MappingPlan<M>`'s own ``MappingPlan/encodeSteps``.
    @inline(__always)
    func entry<M>(of _: MappingPlan<M>) -> MappingPlan<M>.Entry {
        // A plan's steps hold only that plan's entries (see `MappingPlan.init`).
        knownClassObject(entry, as: MappingPlan<M>.Entry.self)
    }
}

/// How the scanner source reads one entry's value (see
/// ``JSONAdapter/readObject(_:keys:from:levelsLeft:streams:)``): a nested model or array of
/// models into slots of its own, a plain string through its transformer's
/// ``Transformation/forwardFromPlainString`` when it has one, an array of plain
/// strings as the `[String]` its transformer would give, anything else as a JSON
/// value.
struct MemberRead: Sendable {
    let kind: MappingKind
    let nested: (any NestedModel)?
    /// Whether the entry's transformer reads plain strings from their bytes (see
    /// ``Transformation/forwardFromPlainString``): a flag, so that reading the other entries
    /// copies no closure.
    let readsPlainStrings: Bool
    /// Whether an array of plain strings is read straight into the `[String]` the
    /// entry's transformer would give (see ``Transformation/keepsStringArrays``).
    let readsStringArrays: Bool
    /// How the value is read straight as `JSONValue`s, when the entry's transformer is
    /// a `JSONValue` default (see ``Transformation/jsonValueForm``).
    let jsonValueForm: JSONValueForm?
    /// Whether an object is read as its ``ObjectText``, for a transformer that
    /// decodes it from its text (see ``Transformation/readsObjectText``).
    let readsObjectText: Bool
    /// Whether an array is read as its elements, each object as its ``ObjectText``,
    /// for a transformer of arrays of such objects (see
    /// ``Transformation/readsObjectTextElements``).
    let readsObjectTextElements: Bool
    /// Whether the entry's numbers are read as their nearest `Double` alone, without
    /// the digits a `Decimal` would keep: its type holds only `Double`s and its
    /// transformer is the default (see ``PropertyType/holdsOnlyDoubles``).
    let readsBinaryNumbers: Bool
    /// The entry's ``MappingPlan/Entry/typedArrayElement``: the array is read
    /// straight into its storage when it holds only numbers that type takes as they
    /// are (see `JSONScanner+TypedArrays.swift`).
    let typedArrayElement: (any TypedJSONArrayElement.Type)?
    /// Whether the entry has a ``typedArrayElement``, a ``jsonValueForm``,
    /// ``readsObjectText`` or ``readsObjectTextElements``: one flag for them all, so
    /// that reading any other entry tests one byte for them.
    let readsTypedValues: Bool
    /// Whether a nested model (or array of models) decoded as it is read is stored
    /// straight into the entry's ``MappingPlan/Entry/nestedField``: a writable field of
    /// exactly the model type (or an array of it), not an optional.
    let storesNestedInPlace: Bool
}
