import Foundation

extension JSONAdapter {
    /// Creates a model from a JSON object.
    ///
    /// ```swift
    /// let repo = try JSONAdapter.model(of: Repo.self, from: ["id": 1, "full_name": "a/b"])
    /// ```
    /// - Parameters:
    ///   - type: The model type to create.
    ///   - json: The JSON object, as `JSONSerialization` returns it.
    ///   - options: The limits of the read; its `maximumModelDepth`
    ///     applies (the object is already built, so `maximumNestingDepth` does not).
    /// - Throws: a ``StrataError`` naming the JSON path of the value that failed.
    public static func model<T: JSONSerializing>(
        of type: T.Type, from json: [String: Any], options: DecodingOptions = .default
    ) throws -> T {
        try reading(with: options) { _ in try decode(T.self, from: json) }
    }

    /// Creates a model from JSON data, which must hold an object.
    ///
    /// ```swift
    /// let repo = try JSONAdapter.model(of: Repo.self, from: data)
    /// let thread = try JSONAdapter.model(of: Reply.self, from: data, options: .init(maximumModelDepth: 100))
    /// ```
    /// - Parameters:
    ///   - type: The model type to create.
    ///   - data: UTF-8 JSON text whose top level is an object.
    ///   - options: The limits of the read: how deep models, and the JSON
    ///     text's arrays and objects, may nest.
    /// - Throws: a ``StrataError`` naming the JSON path of the value that failed;
    ///   ``StrataError/Code/invalidJSON`` when the data is not valid JSON.
    public static func model<T: JSONSerializing>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default
    ) throws -> T {
        try reading(with: options) { levelsLeft in
            if let model = try modelReadingObject(
                of: T.self, from: data, maximumNestingDepth: options.maximumNestingDepth, levelsLeft: levelsLeft)
            {
                return model
            }
            let object = try parse(data, maximumNestingDepth: options.maximumNestingDepth)
            guard let json = object as? [String: Any] else {
                throw notAnObject(object, for: T.self)
            }
            return try decode(T.self, from: json)
        }
    }

    /// Creates models from a JSON array of objects.
    ///
    /// Errors name the index: `[3].id`.
    ///
    /// - Parameters:
    ///   - type: The model type to create for each element.
    ///   - json: The JSON array, as `JSONSerialization` returns it.
    ///   - options: The limits of the read; its `maximumModelDepth`
    ///     applies (the array is already built, so `maximumNestingDepth` does not).
    public static func models<T: JSONSerializing>(
        of type: T.Type, from json: [Any], options: DecodingOptions = .default
    ) throws -> [T] {
        try reading(with: options) { _ in
            try decodeEach(T.self, from: json, elements: CollectionElements(skipsInvalidElements: false))
        }
    }

    /// Creates models from JSON data, which must hold an array of objects.
    ///
    /// Errors name the index: `[3].id`.
    ///
    /// - Parameters:
    ///   - type: The model type to create for each element.
    ///   - data: UTF-8 JSON text whose top level is an array of objects.
    ///   - options: The limits of the read: how deep models, and the JSON
    ///     text's arrays and objects, may nest.
    public static func models<T: JSONSerializing>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default
    ) throws -> [T] {
        try reading(with: options) { levelsLeft in
            if let models = try modelsReadingElements(
                of: T.self, from: data, maximumNestingDepth: options.maximumNestingDepth, levelsLeft: levelsLeft)
            {
                return models
            }
            return try decodeEach(
                T.self, from: parseArray(of: T.self, from: data, options: options),
                elements: CollectionElements(skipsInvalidElements: false))
        }
    }

    /// `data` parsed as a JSON array of `T` objects, by Strata's reader.
    static func parseArray<T>(of _: T.Type, from data: Data, options: DecodingOptions) throws -> [Any] {
        let object = try parse(data, maximumNestingDepth: options.maximumNestingDepth)
        guard let json = object as? [Any] else {
            throw StrataError.expected(
                "a JSON array of \(T.self) objects", found: object, code: .invalidJSONDictionary,
                advice: "Fix the payload, or read one \(T.self) with JSONAdapter.model(of:from:).")
        }
        return json
    }

    /// Decodes each object of the top-level array `json` as `T`, with the settings
    /// of the read in progress.
    ///
    /// Errors name the index. `elements` is the array's element routine, which
    /// leaves out the elements that fail only when the caller asked for it
    /// (``CollectionElements/init(skipsInvalidElements:)``).
    static func decodeEach<T: JSONSerializing>(_ type: T.Type, from json: [Any], elements: CollectionElements) throws -> [T] {
        var models: [T] = []
        models.reserveCapacity(json.count)
        // A `null` element is refused as any other value that is not an object.
        try elements.forEach(count: json.count) { index in
            models.append(try decodeElement(T.self, json[index]))
        }
        return models
    }

    /// `element`, of an array of `T` objects, decoded as `T`.
    ///
    /// The one rule for an element of an array of models, whether the array is the
    /// document or a property's (``ValueTransformer/models(_:)``).
    /// ``CollectionElements`` gives its errors the index.
    static func decodeElement<T: JSONSerializing>(_ type: T.Type, _ element: Any) throws -> T {
        try decodeElement(MappingPlan<T>.shared, element)
    }

    /// ``decodeElement(_:_:)`` with `T`'s plan.
    static func decodeElement<T: JSONSerializing>(_ plan: MappingPlan<T>, _ element: Any) throws -> T {
        guard let object = element as? [String: Any] else { throw notAnObject(element, for: T.self) }
        return try decode(plan, from: object)
    }

    /// Parses JSON data with Strata's reader, into Swift natives (`Int`, `Double`,
    /// `Bool`, `String`, …): the shapes the mapping layer converts fastest.
    static func parse(_ data: Data, maximumNestingDepth: Int) throws -> Any {
        do {
            return try JSONReader.nativeObject(with: data, maximumDepth: maximumNestingDepth)
        } catch {
            throw invalidJSON(error)
        }
    }

    /// The error for a JSON value that should have been an object holding a `T`.
    static func notAnObject<T>(_ value: Any, for _: T.Type) -> StrataError {
        let advice =
            value is [Any]
            ? "Fix the payload, or read an array of \(T.self) with JSONAdapter.models(of:from:) or a property of type [\(T.self)]."
            : "Fix the payload."
        return StrataError.expected("a JSON object", for: "\(T.self)", found: value, code: .invalidJSONDictionary, advice: advice)
    }

    /// The error for data the JSON reader refused.
    static func invalidJSON(_ error: JSONParsingError) -> StrataError {
        StrataError(.invalidJSON, "The data is not valid JSON. \(error)", underlyingError: error)
    }

    /// Decodes `json` as `T`, or as the type `T.classForParsing(_:)` chooses.
    static func decode<T: JSONSerializing>(_ type: T.Type, from json: [String: Any]) throws -> T {
        try decode(MappingPlan<T>.shared, from: json)
    }

    /// ``decode(_:from:)`` with `T`'s plan.
    static func decode<T: JSONSerializing>(_ plan: MappingPlan<T>, from json: [String: Any]) throws -> T {
        if plan.hooks.isDefault(.classForParsing) { return try decodeMapped(plan, from: json) }
        return try decodeChoosing(plan, from: json)
    }

    /// ``decode(_:from:)`` for a type whose `classForParsing(_:)` is not known to be
    /// the default: the hook is handed the object's declared members
    /// (``JSONSerializing/classForParsingJSONKeys``), or the whole object.
    ///
    /// In a function of its own: it holds a `T?`, whose metadata code not specialised
    /// for `T` looks up on entry, once per model decoded.
    @inline(never)
    private static func decodeChoosing<T: JSONSerializing>(_ plan: MappingPlan<T>, from json: [String: Any]) throws -> T {
        let given = plan.clusterMembers?.members(of: json) ?? json
        guard let chosen = try chosenType(plan, for: given) else { return try decodeMapped(plan, from: json) }
        func decodeChosen<U: JSONSerializing>(_ chosen: U.Type) throws -> T? {
            try decodeMapped(MappingPlan<U>.shared, from: json) as? T
        }
        guard let model = try decodeChosen(chosen) else { throw unusableChoice(chosen, as: T.self) }
        return model
    }

    /// Decodes exactly `T` from a dictionary.
    static func decodeMapped<T: JSONSerializing>(_ plan: MappingPlan<T>, from json: [String: Any]) throws -> T {
        var source = DecodeSource.dictionary(json)
        return try decodeMapped(plan, from: &source)
    }

    /// The decode engine: decodes exactly `T`, taking each entry's value from
    /// `source`.
    ///
    /// Checks the mapping and the required keys, then assigns the values to a new
    /// model (``assignMapped(_:from:into:)``): the same steps, in the same order,
    /// whatever the source.
    static func decodeMapped<T: JSONSerializing>(_ plan: MappingPlan<T>, from source: inout DecodeSource) throws -> T {
        try decodeMapped(plan, takingFrom: &source)
    }

    /// ``decodeMapped(_:from:)`` on any source: inlined where it is called, with
    /// that caller's source (see ``EntrySource``).
    @inline(__always)
    static func decodeMapped<T: JSONSerializing, Source: EntrySource>(
        _ plan: MappingPlan<T>, takingFrom source: inout Source
    ) throws -> T {
        if let problem = plan.problem { throw problem }
        if plan.hasRequiredEntries { try source.checkRequiredKeys(of: plan) }
        var model = T()
        try assignMapped(plan, from: &source, into: &model)
        return consume model
    }

    /// The engine's assignment loop, the one every entry point runs: takes each
    /// entry the source gives (``EntrySource/nextEntry(after:count:)``: in plan
    /// order, or in the document's order for the text source), transforms its
    /// value, and stores it through the validated setter; then validates the model.
    ///
    /// How a value is stored is the plan's store strategy for the entry: straight
    /// into its field where the source reads text and the entry allows
    /// (``EntrySource/storesDirectly(_:at:of:into:)``), else through the engine's
    /// own step (``assign(_:to:read:of:)``), or its recovering step for an entry
    /// with a recovery or with one possible inside its value.
    ///
    /// A value the source does not have leaves the property as it is; `null` is
    /// `nil` for the setter, which refuses it for a property that is not optional;
    /// each error names the entry's path. The JSON entry points run it with their
    /// JSON plan; ``Model/init(dictionary:)``, merging and the archive bridge with
    /// the ``MappingPlan/propertyKeyed`` plan and a ``DecodeSource/values(_:)``
    /// source.
    ///
    /// Inlined where it is called, with that caller's source: each copy holds only
    /// its source's steps.
    @inline(__always)
    static func assignMapped<T: Model, Source: EntrySource>(
        _ plan: MappingPlan<T>, from source: inout Source, into model: inout T
    ) throws {
        // Through the plan's erased list: in unspecialised code each use of an array
        // of a generic type's elements is a call through its metadata. (Not asked for
        // the text source, which knows when its object ends.)
        let count = Source.readsText ? 0 : plan.entryCount
        var index = -1
        while let next = try source.nextEntry(after: index, count: count) {
            index = next
            if Source.readsText {
                // The plan's direct store where the entry has one, else the engine's step;
                // never a recovery, as a model is decoded as it is read only when none can
                // happen. Each step borrows the entry in a closure small enough to inline.
                if try plan.withEntry(at: index, { try source.storesDirectly($0, at: index, of: plan, into: &model) }) {
                    continue
                }
                var read = 0
                var slot = try plan.withEntry(at: index) { entry in try source.take(entry, at: index, of: plan, read: &read) }
                // Moved out of the local, as a closure cannot consume what it captures.
                try plan.withEntry(at: index) { entry in try assign(slot.moveOut(), to: entry, read: read, of: &model) }
                continue
            }
            try plan.withEntry(at: index) { entry in
                if entry.decodesWithRecovery && (!entry.recovery.isEmpty || RecoveryLog.mayBeActive) {
                    // The recovering step only when the entry has a recovery, or when one may
                    // be recorded inside its value: otherwise the plain step, whose frame is
                    // the only one a nested model adds to the stack (see `NestingDepthTests`).
                    try source.assignRecovering(entry, at: index, of: plan, into: &model)
                } else {
                    var read = 0
                    let slot = try source.take(entry, at: index, of: plan, read: &read)
                    // Consumed, not copied: a local's lifetime lasts to the end of its scope, and
                    // a nested model's slots it still held would be shared, so copied when moved out.
                    try assign(consume slot, to: entry, read: read, of: &model)
                }
            }
        }
        try source.checkRequiredKeysRead(of: plan)
        if !plan.hooks.isDefault(.validate) { try model.validateModel(plan.hooks) }
    }

    /// Converts a slot's value by the entry's kind and transformer and stores it
    /// through the validated setter; errors name the JSON path it was read from
    /// (`read`, the index of the path, for ``JSONKeyPath/firstPresent(_:_:)``).
    @inline(__always)
    static func assign<T: Model>(
        _ slot: consuming Slot, to entry: MappingPlan<T>.Entry, read: Int, of model: inout T
    ) throws {
        let value: Any?
        do {
            switch consume slot {
            case .missing:
                // Reported only to a read with diagnostics: one relaxed load otherwise.
                if RecoveryLog.mayBeActive { noteAbsent(entry) }
                return
            case .json(let found):
                if let transformer = entry.transformer {
                    value = try transformer.transformedValue(found)
                } else {
                    value = consume found
                }
            case .converted(let converted):
                value = consume converted
            case .object(let members):
                // Read by the scanner for a nested model: decoded as its transformer would.
                guard entry.kind == .model, let nested = entry.nested else { throw unexpectedSlot(for: entry) }
                value = try nested.decodeObject(consume members)
            case .array(let elements):
                guard entry.kind == .models, let nested = entry.nested else { throw unexpectedSlot(for: entry) }
                value = try nested.decodeArray(consume elements)
            case .cluster(let object):
                guard entry.kind == .model, let nested = entry.nested else { throw unexpectedSlot(for: entry) }
                value = try nested.decodeCluster(object)
            }
        } catch {
            throw transformerError(error, for: entry, read: read)
        }
        try store(consume value, for: entry, read: read, in: &model)
    }

    /// Takes and assigns the value of an entry that has a recovery, or in whose value
    /// one may happen (see ``MappingPlan/Entry/decodesWithRecovery``): the one place
    /// the engine applies ``JSONRecovery``.
    ///
    /// The entry's collections skip their invalid elements while it is read when it
    /// asks for that; when its value fails in a way its recovery covers, the property
    /// keeps its default and the failure is recorded; recoveries recorded inside the
    /// value get its path.
    @inline(never)
    static func assignRecovering<T: Model>(
        _ entry: MappingPlan<T>.Entry, at index: Int, of plan: MappingPlan<T>, from source: inout DecodeSource,
        into model: inout T
    ) throws {
        let log = RecoveryLog.current
        let mark = log?.mark ?? 0
        var read = 0
        var wasNull = false
        do {
            let slot = try source.take(entry, at: index, of: plan, read: &read)
            if case .missing = slot {
                // Recorded with the entry's own path, which the prefix below would repeat.
                noteAbsent(entry)
                return
            }
            if case .json(nil) = slot { wasNull = true }
            if entry.recovery.contains(.skipsInvalidElements) {
                try assignSkippingInvalidElements(consume slot, to: entry, read: read, of: &model)
            } else {
                try assign(consume slot, to: entry, read: read, of: &model)
            }
        } catch {
            try keepDefault(after: error, for: entry, wasNull: wasNull, log: log, mark: mark)
            return
        }
        log?.prefix(from: mark, with: errorPath(of: entry, read: read))
    }

    /// After the value of `entry` failed with `error`: keeps the property's default
    /// and records the recovery when the entry's recovery covers the failure, and
    /// rethrows it otherwise.
    ///
    /// Out of ``assignRecovering(_:at:of:from:into:)``'s frame, which nested models read
    /// with diagnostics stack up.
    @inline(never)
    private static func keepDefault<T: Model>(
        after error: any Error, for entry: MappingPlan<T>.Entry, wasNull: Bool, log: RecoveryLog?, mark: Int
    ) throws {
        guard let failure = error as? StrataError, entry.recovery.keepsDefault(after: failure, wasNull: wasNull),
            !isModelMistake(failure, for: entry)
        else { throw error }
        log?.discard(from: mark)
        // Errors from the entry's value already carry its path; one from the key
        // path's lookup (`invalidJSONKeyPath`) does too.
        log?.record(.keptDefault, failure)
    }

    /// Whether `error` is a mistake in the model rather than in the payload, which no
    /// recovery hides: a value reached a property that needs a transformer and has
    /// none (see ``mismatchAdvice(for:)``).
    private static func isModelMistake<T: Model>(_ error: StrataError, for entry: MappingPlan<T>.Entry) -> Bool {
        error.code == .typeMismatch && !entry.isCustomTransformer && entry.property.type.isOutsideJSON
    }

    /// ``assign(_:to:read:of:)`` with the collections read skipping their invalid
    /// elements; in a frame of its own, so that the recovering step's frame, which
    /// every nested model read with diagnostics adds to the stack, stays small.
    @inline(never)
    private static func assignSkippingInvalidElements<T: Model>(
        _ slot: consuming Slot, to entry: MappingPlan<T>.Entry, read: Int, of model: inout T
    ) throws {
        var slot = consume slot
        try ElementRecovery.skippingInvalidElements { try assign(slot.moveOut(), to: entry, read: read, of: &model) }
    }

    /// Records, for a read with diagnostics, that the JSON lacks the key of `entry`:
    /// the property keeps its default, and the report says so (a key sent as `null`
    /// is present, and never reported here).
    ///
    /// The recovery's error is the ``StrataError/Code/missingRequiredKeys`` the key
    /// would fail with if it were required, at the key's JSON path; the levels the
    /// model is read at put their paths in front.
    @inline(never)
    private static func noteAbsent<T: Model>(_ entry: MappingPlan<T>.Entry) {
        // A value by property key the caller did not give is no JSON key left out.
        guard entry.mapsJSON, let log = RecoveryLog.current else { return }
        let key = entry.keyPath.description
        log.record(
            .absentKey,
            StrataError(
                .missingRequiredKeys,
                "The JSON has no \(key), so '\(entry.property.key)' of \(T.self) keeps its default value. "
                    + "Map '\(entry.property.key)' to the key the payload sends, or require it (requiredKeys, "
                    + "requiredPropertyKeys) to make its absence an error.",
                path: entry.errorPath))
    }

    /// A source gave a nested object or array to an entry that holds no model: a
    /// broken invariant of the sources, reported rather than trusted.
    private static func unexpectedSlot<T: Model>(for entry: MappingPlan<T>.Entry) -> StrataError {
        StrataError.expected(
            entry.property.type.name, for: StrataError.subject(property: entry.property.key, of: T.self),
            foundDescription: "a nested model",
            advice: "The source that read the JSON gave a nested model to a property that holds none: report it.")
    }

    /// The JSON path of the value of `entry` read from its path at index `read`.
    private static func errorPath<T: Model>(of entry: MappingPlan<T>.Entry, read: Int) -> [StrataError.PathComponent] {
        entry.alternativeErrorPaths.isEmpty ? entry.errorPath : entry.alternativeErrorPaths[read]
    }

    /// An error from the entry's transformer, with the value's JSON path.
    private static func transformerError<T: Model>(
        _ error: any Error, for entry: MappingPlan<T>.Entry, read: Int
    ) -> StrataError {
        let path = errorPath(of: entry, read: read)
        if let error = error as? StrataError {
            return error.naming(property: entry.property.key, of: T.self, advice: readingAdvice(for: entry))
                .prefixed(with: path)
        }
        return StrataError(
            .transformerFailed,
            "The transformer for '\(entry.property.key)' of \(T.self) failed: \(error)",
            path: path, underlyingError: error)
    }

    /// Stores a transformed value through the validated setter; errors name the
    /// entry's JSON path.
    @inline(__always)
    private static func store<T: Model>(
        _ value: consuming Any?, for entry: MappingPlan<T>.Entry, read: Int, in model: inout T
    ) throws {
        do {
            try model.setValidatedValue(consume value, for: entry.property)
        } catch let error as StrataError where error.code == .typeMismatch && entry.mapsJSON {
            throw error.advising(mismatchAdvice(for: entry)).prefixed(with: errorPath(of: entry, read: read))
        } catch let error as StrataError {
            throw error.prefixed(with: errorPath(of: entry, read: read))
        }
    }

    /// What to fix when the entry's transformer refused the JSON value: the payload,
    /// or the transformer the model gives the key.
    private static func readingAdvice<T: Model>(for entry: MappingPlan<T>.Entry) -> String {
        guard entry.isCustomTransformer else { return mismatchAdvice(for: entry) }
        return "Fix the payload, or give '\(entry.property.key)' a transformer that reads this value."
    }

    /// What to fix when a value of the wrong type reached `entry`'s setter: the
    /// payload, when JSON can hold the property's type; the model, when the user's
    /// transformer returned another type (`.url` on a `String`), or no JSON value
    /// is of the property's type (a `Date` without a transformer, a type that is
    /// not a model).
    private static func mismatchAdvice<T: Model>(for entry: MappingPlan<T>.Entry) -> String {
        let key = entry.property.key
        let type = entry.property.type
        if entry.isCustomTransformer {
            return "The transformer for '\(key)' returns another type: fix \(T.self), by making the transformer "
                + "return \(type.name) or giving '\(key)' the type the transformer returns."
        }
        switch type.unwrapped {
        case .leaf(let leaf) where leaf.outsideJSON != nil:
            let outside = leaf.outsideJSON
            return "No JSON value is \(outside?.description ?? leaf.name): fix \(T.self), by giving '\(key)' a "
                + "transformer that converts it (such as \(outside?.transformer ?? ".iso8601Date"))."
        case .other(let valueType):
            return "\(valueType) is not a model, and no JSON value is one: fix \(T.self), by making \(valueType) "
                + "conform to JSONSerializing or giving '\(key)' a transformer that converts it."
        default:
            return "Fix the payload, or give '\(key)' a transformer that converts it."
        }
    }

    /// Throws one error listing, in plan order, every required key that is absent
    /// or `null` (`full_name is null`); `null` passes for a key whose recovery
    /// covers it, to be handled by ``assignRecovering(_:at:of:from:into:)``.
    static func checkRequired<T>(_ plan: MappingPlan<T>, in source: DecodeSource) throws {
        var missing: [String] = []
        for index in plan.requiredEntryIndices {
            let entry = plan.entry(at: index)
            switch entry.unmetRequirement(by: try source.peek(entry, at: index)) {
            case .absent: missing.append(entry.keyPath.description)
            case .null: missing.append("\(entry.keyPath.description) is null")
            case nil: break
            }
        }
        guard missing.isEmpty else {
            throw StrataError(
                .missingRequiredKeys,
                "\(T.self) requires \(missing.count == 1 ? "key" : "keys") that the JSON lacks: \(missing.joined(separator: ", ")). "
                    + "Fix the payload, or stop requiring \(missing.count == 1 ? "it" : "them") (requiredKeys, "
                    + "requiredPropertyKeys).")
        }
    }
}
