import Foundation

extension JSONAdapter {
    /// The JSON object for `model`: each mapped property, reverse-transformed, at its key
    /// path.
    ///
    /// Dotted paths build nested objects; `nil` is `NSNull` unless `options` has
    /// ``EncodingOptions/omitsNulls``.
    ///
    /// ```swift
    /// let json = try JSONAdapter.dictionary(from: repo)
    /// // ["id": 1, "full_name": "a/b", "meta": ["created_at": "2024-05-01T12:30:00Z"], …]
    /// let compact = try JSONAdapter.dictionary(from: repo, options: .omitNulls)
    /// ```
    /// The result passes `JSONSerialization.isValidJSONObject`, unless a ``JSONValue``
    /// holds a number that no Foundation number holds exactly (`1e400`, more than 38
    /// significant digits): that number is its ``JSONNumber``, which
    /// `model(of:from:)` reads back and Strata's writers write.
    /// - Throws: a ``StrataError`` naming the key whose value JSON cannot represent.
    public static func dictionary<T: JSONSerializing>(
        from model: T, options: EncodingOptions = .default
    ) throws -> [String: Any] {
        try writing(with: options, sortsKeys: false) { try encode(model) }
    }

    /// The JSON array for `models`.
    ///
    /// Errors name the index: `[2].homepage`.
    public static func dictionaries<T: JSONSerializing>(
        from models: [T], options: EncodingOptions = .default
    ) throws -> [[String: Any]] {
        try writing(with: options, sortsKeys: false) { try encodeEach(models) }
    }

    /// JSON data for `model`: the object ``dictionary(from:options:)-6hg56`` returns,
    /// written straight to bytes, laid out as `formatting` says.
    ///
    /// ```swift
    /// let data = try JSONAdapter.data(from: repo)
    /// let stable = try JSONAdapter.data(from: repo, options: .omitNulls, formatting: .sortedKeys)
    /// ```
    /// - Throws: a ``StrataError`` naming the key whose value JSON cannot represent.
    public static func data<T: JSONSerializing>(
        from model: T, options: EncodingOptions = .default, formatting: OutputFormatting = []
    ) throws -> Data {
        try writing(with: options, sortsKeys: formatting.contains(.sortedKeys)) {
            try writingData(
                sizes: MappingPlan<T>.shared.lastOutputSizes, at: 0, formatting: formatting, options: options
            ) { try encode(model, into: &$0) }
        }
    }

    /// JSON data for an array of models, laid out as `formatting` says.
    ///
    /// Errors name the index: `[2].homepage`.
    public static func data<T: JSONSerializing>(
        from models: [T], options: EncodingOptions = .default, formatting: OutputFormatting = []
    ) throws -> Data {
        try writing(with: options, sortsKeys: formatting.contains(.sortedKeys)) {
            try writingData(
                sizes: MappingPlan<T>.shared.lastOutputSizes, at: 1, formatting: formatting, options: options
            ) { try encode(models, into: &$0) }
        }
    }

    /// The bytes `write` writes into an ``EmitterSink``, whose buffer starts at the
    /// size of the last data of the same type written the same way (the word at
    /// `word` of `sizes`: its plan's ``MappingPlan/lastOutputSizes``, or a tagged
    /// enum's ``TaggedCaseTable/lastOutputSizes``), with a sixteenth more.
    static func writingData(
        sizes: AtomicWords, at word: Int, formatting: OutputFormatting, options: EncodingOptions,
        _ write: (inout EmitterSink) throws -> Void
    ) throws -> Data {
        let last = Int(clamping: sizes.loadRelaxed(at: word))
        var sink = EmitterSink(
            options: writerOptions(formatting), maximumDepth: writerDepth(for: options), capacity: last + last / 16)
        try write(&sink)
        let data = sink.emitter.takeData()
        sizes.storeReleasing(UInt(data.count), at: word)
        return data
    }

    /// The writer's options for the adapter's formatting.
    ///
    /// Slashes are not escaped (`"https://…"`, not `"https:\/\/…"`); both are
    /// valid JSON.
    static func writerOptions(_ formatting: OutputFormatting) -> JSONWriter.Options {
        var writing: JSONWriter.Options = [.withoutEscapingSlashes]
        if formatting.contains(.sortedKeys) { writing.insert(.sortedKeys) }
        if formatting.contains(.prettyPrinted) { writing.insert(.prettyPrinted) }
        return writing
    }

    /// How deep the arrays and objects `data(from:)` writes may nest: 8 per level
    /// of models the options allow, and never less than the writer's default (512,
    /// which is 8 × 64).
    ///
    /// The writer's own limit bounds its recursion; scaled this way it does not
    /// refuse a model graph that the model limit lets through, which
    /// ``dictionary(from:options:)-6hg56`` would write (a level takes 2 containers for
    /// an array of models, more under dotted key paths).
    static func writerDepth(for options: EncodingOptions) -> Int {
        let (scaled, overflow) = options.maximumModelDepth.multipliedReportingOverflow(by: 8)
        return overflow ? Int.max : max(JSONEmitter.defaultMaximumDepth, scaled)
    }

    /// The JSON object for `model`, with the settings of the write in progress.
    static func encode<T: JSONSerializing>(_ model: T) throws -> [String: Any] {
        var sink = DictionarySink()
        try encode(model, into: &sink)
        return sink.object
    }

    /// The JSON objects for `models`; errors name the index.
    static func encodeEach<T: JSONSerializing>(_ models: [T]) throws -> [[String: Any]] {
        var array: [[String: Any]] = []
        array.reserveCapacity(models.count)
        for (index, model) in models.enumerated() {
            array.append(try CollectionElements.write(at: .index(index)) { try encode(model) })
        }
        return array
    }

    /// Writes `models` into `sink` as a top-level array; errors name the index.
    /// (An array held by a property is written by its ``NestedModel``, each element
    /// one nesting level deeper.)
    static func encode<T: JSONSerializing, Sink: JSONSink>(_ models: [T], into sink: inout Sink) throws {
        try sink.writeArray(count: models.count) { sink, index in
            try CollectionElements.write(at: .index(index)) { try encode(models[index], into: &sink) }
        }
    }

    /// Writes `model` into `sink` with the plan of its dynamic type, so a subclass
    /// held as its base class writes its own properties.
    static func encode<T: JSONSerializing, Sink: JSONSink>(_ model: T, into sink: inout Sink) throws {
        if hasStaticType(model) { return try encodeMapped(model, plan: encodePlan(of: T.self), into: &sink) }
        try encode(model, as: dynamicModelType(of: model), into: &sink)
    }

    /// Writes `model` with `plan`, `T`'s, when `T` is its dynamic type, and with its
    /// dynamic type's plan otherwise: for a caller that holds `T`'s plan already (a
    /// ``NestedModelType``), saving the schema cache's lookup.
    static func encode<T: JSONSerializing, Sink: JSONSink>(
        _ model: T, plan: MappingPlan<T>, into sink: inout Sink
    ) throws {
        if hasStaticType(model) {
            if let problem = plan.problem { throw problem }
            return try encodeMapped(model, plan: plan, into: &sink)
        }
        try encode(model, as: dynamicModelType(of: model), into: &sink)
    }

    /// Writes `model`, which lies at `address` (a nested model in its field), with
    /// `plan`, `T`'s, as ``encode(_:plan:into:)`` writes it: a value of a type that is
    /// not a class read where it lies.
    static func encode<T: JSONSerializing, Sink: JSONSink>(
        _ model: T, plan: MappingPlan<T>, storedAt address: UnsafeRawPointer, into sink: inout Sink
    ) throws {
        guard let storage = StoredField.storage(of: model, at: address) else {
            return try encode(model, plan: plan, into: &sink)
        }
        if let problem = plan.problem { throw problem }
        try encodeMapped(model, plan: plan, storage: storage, into: &sink)
    }

    /// Writes `model`, held as `T`, with the plan of `dynamicType`, its subclass.
    private static func encode<T: JSONSerializing, Sink: JSONSink>(
        _ model: T, as dynamicType: any JSONSerializing.Type, into sink: inout Sink
    ) throws {
        func encodeAs<U: JSONSerializing>(_: U.Type) throws {
            guard let typed = model as? U else { return try encodeMapped(model, into: &sink) }
            try encodeMapped(typed, into: &sink)
        }
        try encodeAs(dynamicType)
    }

    /// Whether `model` is of type `T` itself: always for a struct or an enum, and
    /// for an object that is not an instance of a subclass.
    ///
    /// A value type is known from `T` alone, without asking the runtime for the
    /// dynamic type of each model written.
    @inline(__always)
    static func hasStaticType<T: JSONSerializing>(_ model: T) -> Bool {
        !(T.self is AnyObject.Type) || dynamicModelType(of: model) == T.self
    }

    /// The dynamic type of `model`.
    ///
    /// Not inlined on purpose: in `-O` builds, Swift 6.3 folds `type(of:)` of a
    /// non-final class instance converted to `any JSONSerializing.Type`, and opened,
    /// into the static type, so a subclass held as its base class would lose its
    /// own keys (see `Docs/Reliability.md`). Behind a call the optimizer cannot see
    /// through, the dynamic type is kept.
    @inline(never)
    static func dynamicModelType<T: JSONSerializing>(of model: T) -> any JSONSerializing.Type {
        type(of: model)
    }

    /// The encode engine: writes exactly `T`'s mapped properties into `sink`, in
    /// plan order (or key order with ``OutputFormatting/sortedKeys``): the keys
    /// `serializablePropertyKeys(_:)` lets through, each property's JSON value (a
    /// nested model or array of models written recursively), `null` or nothing for
    /// `nil`.
    ///
    /// The same steps, values and errors whatever the sink.
    static func encodeMapped<T: JSONSerializing, Sink: JSONSink>(_ model: T, into sink: inout Sink) throws {
        try encodeMapped(model, plan: encodePlan(of: T.self), into: &sink)
    }

    /// Writes `model`'s object into `sink` with the member `tag` first, the tag of
    /// a tagged enum's case at its key, and returns `true`; returns `false`, having
    /// written nothing, when the object must be built as a dictionary first: the
    /// model's dynamic type is a subclass, its plan is not flat or writes the tag's
    /// key itself, or the write sorts its keys.
    static func encode<T: JSONSerializing>(
        _ model: T, taggedWith tag: LeadingMember, into sink: inout EmitterSink
    ) throws -> Bool {
        guard hasStaticType(model), !CallSettings.current.sortsKeys else { return false }
        return try encode(model, plan: encodePlan(of: T.self), taggedWith: tag, storage: nil, into: &sink)
    }

    /// ``encode(_:taggedWith:into:)`` for a model of a type that is not a class, which
    /// lies at `address` (a tagged enum's payload), with `plan`, `T`'s: read where it lies.
    static func encode<T: JSONSerializing>(
        _ model: T, plan: MappingPlan<T>, taggedWith tag: LeadingMember, storedAt address: UnsafeRawPointer,
        into sink: inout EmitterSink
    ) throws -> Bool {
        guard hasStaticType(model), !CallSettings.current.sortsKeys else { return false }
        if let problem = plan.problem { throw problem }
        return try encode(
            model, plan: plan, taggedWith: tag, storage: StoredField.storage(of: model, at: address), into: &sink)
    }

    /// ``encode(_:taggedWith:into:)`` with `T`'s plan, its problem already thrown, and the
    /// model's storage when the caller has it.
    private static func encode<T: JSONSerializing>(
        _ model: T, plan: MappingPlan<T>, taggedWith tag: LeadingMember, storage: StoredField.Storage?,
        into sink: inout EmitterSink
    ) throws -> Bool {
        guard plan.isFlat, !plan.encodeSteps.contains(where: { tag.hasKey($0.jsonKey, quotedKey: $0.quotedKey) }) else { return false }
        // Written by the sink when the object begins, before its first member.
        sink.leadingMember = tag
        defer { sink.leadingMember = nil }
        try encodeMapped(model, plan: plan, storage: storage, into: &sink)
        return true
    }

    /// ``encodeMapped(_:into:)`` with `T`'s plan, its problem already thrown, and the
    /// model's storage when the caller has it (`nil`: taken here).
    private static func encodeMapped<T: JSONSerializing, Sink: JSONSink>(
        _ model: T, plan: MappingPlan<T>, storage: StoredField.Storage? = nil, into sink: inout Sink
    ) throws {
        guard plan.isFlat || Sink.writesKeyPaths || plan.writesUnmappedInPlace && !CallSettings.current.sortsKeys else {
            // Dotted and array-form key paths are written into objects first.
            return try sink.writeObject(encode(model))
        }
        let settings = CallSettings.current
        let omitNulls = settings.omitsNulls
        let included = includedKeys(of: model, in: plan)
        // The order is the call's, not the sink's: within one `data(from:)`, hooks of
        // nested models run in the same order whichever sink writes them.
        let steps = settings.sortsKeys ? plan.encodeStepsSortedByKey : plan.encodeSteps
        try sink.beginObject(capacity: steps.count, template: Sink.usesObjectTemplates ? plan.objectTemplate : nil)
        if let storage {
            try writeMembers(
                of: model, plan: plan, steps: steps, storage: storage, included: included, omitNulls: omitNulls, into: &sink)
        } else {
            try StoredField.withStorage(of: model) { storage in
                try writeMembers(
                    of: model, plan: plan, steps: steps, storage: storage, included: included, omitNulls: omitNulls,
                    into: &sink)
            }
        }
        sink.endObject()
    }

    /// Writes the members of `model`, whose storage is `storage`, step by step.
    @inline(__always)
    private static func writeMembers<T: JSONSerializing, Sink: JSONSink>(
        of model: T, plan: MappingPlan<T>, steps: [EncodeStep], storage: StoredField.Storage, included: Set<String>?,
        omitNulls: Bool, into sink: inout Sink
    ) throws {
        // Walked through the buffer, each step used in place: a pass retains nothing.
        try steps.withUnsafeBufferPointer { steps in
            var index = 0
            while index < steps.count {
                // The common case first: values read straight from their fields.
                index = try sink.writeFieldSteps(steps, from: index, of: storage, included: included, omitNulls: omitNulls)
                guard index < steps.count else { break }
                if included?.contains(steps[index].propertyKey) != false {
                    try encodeEntry(steps[index].entry(of: plan), of: model, storage: storage, omitNulls: omitNulls, into: &sink)
                }
                index += 1
            }
        }
    }

    /// `MappingPlan<T>.resolved()`, without the generic metadata of `MappingPlan<T>`.
    ///
    /// This code is not specialised for `T`, and asking the generic class for its
    /// plan looked that metadata up once per model written. The plan is the one the
    /// schema cache holds for `T` (put there by `MappingPlan<T>.shared`, the only
    /// way a `.jsonMapping` entry is made), so the unchecked downcast holds by
    /// construction, as it does for `NestedModelType`'s cached plan.
    @inline(__always)
    private static func encodePlan<T: JSONSerializing>(of _: T.Type) throws -> MappingPlan<T> {
        let cached: any AnyObject & Sendable = SchemaCache.value(.jsonMapping, for: T.self) {
            MappingPlan<T>.shared as any AnyObject & Sendable
        }
        let plan = knownClassObject(cached, as: MappingPlan<T>.self)
        if let problem = plan.problem { throw problem }
        return plan
    }

    /// Writes one entry the general way: its JSON value read, reverse-transformed
    /// and checked, or its nested model(s) written recursively.
    private static func encodeEntry<T: JSONSerializing, Sink: JSONSink>(
        _ entry: MappingPlan<T>.Entry, of model: T, storage: StoredField.Storage, omitNulls: Bool, into sink: inout Sink
    ) throws {
        if let mapped = entry.unmappedExcept {
            return try writeUnmappedMembers(of: entry, in: model, mapped: mapped, into: &sink)
        }
        let value: Any?
        switch entry.kind {
        case .value:
            // The value read is moved, never copied: a copy of an `Any?` here goes
            // through its value witnesses.
            switch entry.property.read(model) {
            case .some(let read):
                // An array or set of strings, integers or Booleans, or an array of numbers
                // at any depth, with its default transformer (the only one that is not the
                // user's, a value of one of these types being exact): its elements written
                // as they are, which is what that transformer returns for them.
                if entry.transformer != nil, !entry.isCustomTransformer,
                    let array = ScalarArray(exactly: read, element: entry.typedArrayElement)
                {
                    return try sink.writeMember(entry, array)
                }
                // A `JSONValue`, `[JSONValue]` or `[String: JSONValue]` with its default
                // transformer, to a sink that writes it as its Foundation form.
                if Sink.writesJSONValues, entry.writesJSONValues {
                    return try sink.writeMember(entry, consume read)
                }
                // A tagged enum with its default transformer, to a sink of JSON text.
                if Sink.writesJSONValues, entry.writesText, try writeText(of: entry, read, in: T.self, into: &sink) {
                    return
                }
                value = try jsonValue(of: entry, in: model, read: consume read)
            case .none:
                value = try jsonValue(of: entry, in: model, read: nil)
            }
        case .model, .models:
            guard let nested = entry.nested else {
                value = nil
                break
            }
            let array = entry.kind == .models
            if let field = entry.nestedField {
                // Used where it lies in the model's storage: not read out into an `Any`.
                let address = field.address(in: storage)
                if nested.holdsValue(at: address, optional: entry.nestedFieldIsOptional, array: array) {
                    return try writeNested(of: entry, into: &sink) { sink in
                        try nested.encodeStored(at: address, array: array, into: &sink)
                    }
                }
                value = nil
                break
            }
            guard let nestedValue = entry.property.read(model) else {
                value = nil
                break
            }
            return try writeNested(of: entry, into: &sink) { sink in
                if array {
                    try nested.encodeArray(nestedValue, into: &sink)
                } else {
                    try nested.encode(nestedValue, into: &sink)
                }
            }
        }
        // `nil` is written as `null`, or left out with `omitsNulls`.
        if let value = consume value {
            try sink.writeMember(entry, value)
        } else if !omitNulls {
            try sink.writeMember(entry, null)
        }
    }

    /// Writes the member of a ``MappingKind/model`` or ``MappingKind/models`` entry,
    /// which `write` writes: a model one nesting level deeper (the elements of an
    /// array are, each), errors prefixed with the entry's path.
    private static func writeNested<T: JSONSerializing, Sink: JSONSink>(
        of entry: MappingPlan<T>.Entry, into sink: inout Sink, _ write: (inout Sink) throws -> Void
    ) throws {
        try sink.writeMember(entry) { sink in
            do {
                if entry.kind == .model {
                    try nested { try write(&sink) }
                } else {
                    try write(&sink)
                }
            } catch let error as StrataError {
                throw error.prefixed(with: entry.errorPath)
            }
        }
    }

    /// Writes the members the property of ``JSONSerializing/unmappedKeysPropertyKey``
    /// keeps into the model's own object, each at its key; a member at a key another
    /// property writes (`mapped`) is an error, as it would overwrite that value.
    ///
    /// The plan of such a model is not flat, so `sink` builds an object (see
    /// ``encodeMapped(_:into:)``) and the writer writes it in key order when asked to.
    private static func writeUnmappedMembers<T: JSONSerializing, Sink: JSONSink>(
        of entry: MappingPlan<T>.Entry, in model: T, mapped: Set<String>, into sink: inout Sink
    ) throws {
        if Sink.writesJSONValues, entry.writesJSONValues,
            let members = entry.property.read(model).flatMap({ exactValue($0, as: [String: JSONValue].self) })
        {
            // Written as they are, in the dictionary's order: the object is not sorted.
            if let clash = members.keys.filter(mapped.contains).min() {
                throw unmappedClash(of: entry, key: clash, in: T.self)
            }
            for (key, member) in members {
                try sink.writeMember(key: key, position: entry.position, member)
            }
            return
        }
        guard let members = try jsonValue(of: entry, in: model, read: entry.property.read(model)) as? [String: Any] else {
            return
        }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            guard !mapped.contains(key) else { throw unmappedClash(of: entry, key: key, in: T.self) }
            try sink.writeMember(key: key, position: entry.position, member)
        }
    }

    /// The error for a member of the unmapped members' property at `key`, a key
    /// another property writes.
    private static func unmappedClash<T>(of entry: MappingPlan<T>.Entry, key: String, in _: T.Type) -> StrataError {
        StrataError(
            .unsupportedValue,
            "Cannot write '\(entry.property.key)' of \(T.self): its member '\(key)' is a key another property "
                + "writes. Remove it from '\(entry.property.key)', or set the property that maps it.",
            path: [.key(key)])
    }

    /// The keys `serializablePropertyKeys(_:)` lets through, or `nil` for all of them
    /// (without the call, once the hook is known to be the default).
    static func includedKeys<T: JSONSerializing>(of model: T, in plan: MappingPlan<T>) -> Set<String>? {
        let serializable: Set<String>
        switch plan.hooks.usage(of: .serializablePropertyKeys) {
        case .isDefault: return nil
        case .isCustom: serializable = model.serializablePropertyKeys(plan.mappedKeys)
        case .unknown:
            serializable = plan.hooks.probe(.serializablePropertyKeys) { model.serializablePropertyKeys(plan.mappedKeys) }
        }
        return serializable == plan.mappedKeys ? nil : serializable
    }

    /// The JSON value of one entry of `model`, whose property holds `read`:
    /// reverse-transformed, checked that JSON can represent it; `nil` for null.
    static func jsonValue<T: JSONSerializing>(of entry: MappingPlan<T>.Entry, in model: T, read: consuming Any?) throws -> Any? {
        var value = consume read
        if let transformer = entry.transformer, entry.isCustomTransformer || !isNone(value) {
            do {
                value = try transformer.reverseTransformedValue(consume value)
            } catch {
                throw reverseError(error, of: entry, in: T.self)
            }
        }
        if entry.checksWrittenValue, let written = value, !isPlainJSONScalar(written),
            let problem = JSONRepresentable.problem(with: written)
        {
            throw StrataError(
                .unsupportedValue,
                "Cannot write '\(entry.property.key)' of \(T.self): \(problem) "
                    + "Give it a transformer that produces strings, numbers, booleans, arrays or objects.",
                path: entry.errorPath)
        }
        return value
    }

    /// Writes `value`, the value of an entry that ``MappingPlan/Entry/writesText``,
    /// through its transformer's ``Transformation/textWriter``, as the transformer's
    /// JSON value would be written, with the same errors; `false`, having written
    /// nothing, for a value the writer leaves to the transformer or a sink that
    /// writes no JSON text.
    ///
    /// Out of ``encodeEntry(_:of:omitNulls:into:)``, whose other entries it would
    /// otherwise cost.
    @inline(never)
    private static func writeText<T: JSONSerializing, Sink: JSONSink>(
        of entry: MappingPlan<T>.Entry, _ value: Any, in _: T.Type, into sink: inout Sink
    ) throws -> Bool {
        guard let writer = entry.transformer?.textWriter?(value) else { return false }
        do {
            return try sink.writeMember(entry, emitting: writer)
        } catch {
            throw reverseError(error, of: entry, in: T.self)
        }
    }

    /// The error of an entry's reverse transformation, `error`, with the entry's path.
    static func reverseError<T>(_ error: any Error, of entry: MappingPlan<T>.Entry, in _: T.Type) -> StrataError {
        if let error = error as? StrataError {
            return StrataError(
                error.code, "Cannot write '\(entry.property.key)' of \(T.self): \(error.reason)",
                path: entry.errorPath + error.path, underlyingError: error.underlyingError)
        }
        return StrataError(
            .transformerFailed, "The reverse transformer for '\(entry.property.key)' of \(T.self) failed: \(error)",
            path: entry.errorPath, underlyingError: error)
    }

    /// Whether `value` is `nil`, found without copying it (`value != nil` copies an
    /// `Any?` through its value witnesses).
    @inline(__always)
    private static func isNone(_ value: Any?) -> Bool {
        switch value {
        case .none: true
        case .some: false
        }
    }

    /// Whether `value` is exactly a `String`, `Int`, `Bool` or finite `Double`, which
    /// `JSONRepresentable.problem(with:)` always passes: found by opened-type
    /// comparisons, without its dynamic casts.
    @inline(__always)
    private static func isPlainJSONScalar(_ value: Any) -> Bool {
        if let double = exactValue(value, as: Double.self) { return double.isFinite }
        return isExactly(value, String.self) || isExactly(value, Int.self) || isExactly(value, Bool.self)
    }

    /// Whether the value inside an `Any` passed as `value` is of type `V` itself.
    @inline(__always)
    private static func isExactly<T, V>(_ value: T, _: V.Type) -> Bool {
        T.self == V.self
    }

    /// The one `NSNull` written for every `nil`.
    static let null = NSNull()
}

extension JSONSink {
    /// Writes the steps from `start` on whose value is read straight from its
    /// field at one key (see ``EncodeStep/jsonRead``), up to the first other step;
    /// returns that step's index (the end when there is none).
    ///
    /// Part of the encode engine. A requirement of ``JSONSink`` with this one
    /// implementation, and independent of the model's type, so that it is
    /// compiled for each sink with the sink's writes inlined.
    mutating func writeFieldSteps(
        _ steps: UnsafeBufferPointer<EncodeStep>, from start: Int, of storage: StoredField.Storage,
        included: Set<String>?, omitNulls: Bool
    ) throws -> Int {
        var index = start
        // Each step used in place, its read called through the optional: no copy of it.
        while index < steps.count, steps[index].jsonRead != nil, steps[index].jsonKey != nil {
            defer { index += 1 }
            if let included, !included.contains(steps[index].propertyKey) { continue }
            // A string, integer or Boolean written by a sink of JSON text straight from
            // its field; anything else, or `nil`, read as a value first.
            if writeStoredMember(steps, at: index, of: storage) { continue }
            switch steps[index].jsonRead?(storage) {
            case .some(let value): try writeMember(steps, at: index, consume value)
            case .none: if !omitNulls { try writeMember(steps, at: index, JSONAdapter.null) }
            }
        }
        return index
    }
}
