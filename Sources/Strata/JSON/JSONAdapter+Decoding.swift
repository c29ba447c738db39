import Foundation

extension JSONAdapter {
    /// Creates a model from a JSON object.
    ///
    /// ```swift
    /// let repo = try JSONAdapter.model(of: Repo.self, from: ["id": 1, "full_name": "a/b"])
    /// ```
    /// - Throws: a ``StrataError`` naming the JSON path of the value that failed.
    public static func model<T: JSONSerializing>(of type: T.Type, from json: [String: Any]) throws -> T {
        try decode(T.self, from: json)
    }

    /// Creates a model from JSON data, which must hold an object.
    public static func model<T: JSONSerializing>(of type: T.Type, from data: Data) throws -> T {
        if let model = try modelReadingMembers(of: T.self, from: data) { return model }
        let object = try parse(data)
        guard let json = object as? [String: Any] else {
            throw notAnObject(object, for: T.self)
        }
        return try decode(T.self, from: json)
    }

    /// Creates models from a JSON array of objects. Errors name the index: `[3].id`.
    public static func models<T: JSONSerializing>(of type: T.Type, from json: [Any]) throws -> [T] {
        var models: [T] = []
        models.reserveCapacity(json.count)
        for (index, element) in json.enumerated() {
            guard let object = element as? [String: Any] else {
                throw notAnObject(element, for: T.self).prefixed(with: [.index(index)])
            }
            do {
                models.append(try decode(T.self, from: object))
            } catch let error as StrataError {
                throw error.prefixed(with: [.index(index)])
            }
        }
        return models
    }

    /// Creates models from JSON data, which must hold an array of objects.
    public static func models<T: JSONSerializing>(of type: T.Type, from data: Data) throws -> [T] {
        if let models = try modelsReadingMembers(of: T.self, from: data) { return models }
        let object = try parse(data)
        guard let json = object as? [Any] else {
            throw StrataError(.invalidJSONDictionary, "Expected a JSON array of \(T.self) objects, found \(describe(object)).")
        }
        return try models(of: T.self, from: json)
    }

    /// Parses JSON data with Strata's reader, into Swift natives (`Int`, `Double`,
    /// `Bool`, `String`, …): the shapes the mapping layer converts fastest.
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONReader.nativeObject(with: data)
        } catch {
            throw invalidJSON(error)
        }
    }

    /// The error for a JSON value that should have been an object holding a `T`.
    static func notAnObject<T>(_ value: Any, for _: T.Type) -> StrataError {
        StrataError(.invalidJSONDictionary, "Expected a JSON object for \(T.self), found \(describe(value)).")
    }

    /// The error for data the JSON reader refused.
    static func invalidJSON(_ error: JSONParsingError) -> StrataError {
        StrataError(.invalidJSON, "The data is not valid JSON. \(error)", underlyingError: error)
    }

    /// Decodes `json` as `T`, or as the type `T.classForParsing(_:)` chooses.
    static func decode<T: JSONSerializing>(_ type: T.Type, from json: [String: Any]) throws -> T {
        let mapping = JSONMapping<T>.shared
        let chosen: (any JSONSerializing.Type)?
        switch mapping.hooks.usage(of: .classForParsing) {
        case .isDefault: return try decodeMapped(mapping, from: json)
        case .isCustom: chosen = T.classForParsing(json)
        case .unknown: chosen = mapping.hooks.probe(.classForParsing) { T.classForParsing(json) }
        }
        guard let chosen else {
            throw StrataError(
                .noClassFound,
                "\(T.self).classForParsing(_:) chose no type for this JSON object (\(describe(json))).")
        }
        if chosen == T.self { return try decodeMapped(mapping, from: json) }
        guard chosen is T.Type else {
            throw StrataError(
                .noClassFound,
                "\(T.self).classForParsing(_:) chose \(chosen), which is not \(T.self) or a subclass of it.")
        }
        func decodeChosen<U: JSONSerializing>(_ chosen: U.Type) throws -> T? {
            try decodeMapped(JSONMapping<U>.shared, from: json) as? T
        }
        guard let model = try decodeChosen(chosen) else {
            throw StrataError(.noClassFound, "\(chosen) could not be used as \(T.self).")
        }
        return model
    }

    /// Decodes `json` as exactly `T`: reads, transforms and sets each mapped
    /// property, then validates the model.
    static func decodeMapped<T: JSONSerializing>(_ mapping: JSONMapping<T>, from json: [String: Any]) throws -> T {
        if let problem = mapping.problem { throw problem }
        if mapping.hasRequiredEntries {
            try checkRequired(mapping) { entry, _ in
                if case .found(let value?) = try value(at: entry.keyPath, in: json), !isJSONNull(value) { return true }
                return false
            }
        }
        var model = T()
        for entry in mapping.entries {
            // `let`s, each value moved on rather than reassigned: reassigning a `var`
            // destroys its old value through the optional's value witnesses.
            let found: Any?
            if let key = entry.singleKey {
                guard let raw = json[key] else { continue }
                found = isJSONNull(raw) ? nil : raw
            } else {
                guard case .found(let raw) = try self.value(at: entry.keyPath, in: json) else { continue }
                found = raw
            }
            try assign(consume found, to: entry, of: &model)
        }
        try model.validateModel(mapping.hooks)
        return model
    }

    /// Decodes exactly `T` from its members as read from JSON data, one per entry of
    /// `mapping` (see ``readMembers(of:keys:from:)``): the same steps, in the same
    /// order, as ``decodeMapped(_:from:)-(_,[String:Any])`` takes for a dictionary.
    static func decodeMapped<T: JSONSerializing>(_ mapping: JSONMapping<T>, from members: consuming [Member]) throws -> T {
        if let problem = mapping.problem { throw problem }
        if mapping.hasRequiredEntries {
            try checkRequired(mapping) { _, index in
                switch members[index] {
                case .missing, .json(nil): return false
                case .json(let value?): return !isJSONNull(value)
                case .decoded: return true
                }
            }
        }
        var model = T()
        for index in mapping.entries.indices {
            var member = Member.missing
            swap(&member, &members[index])  // moved out: no copy of the value
            switch consume member {
            case .missing:
                continue
            case .json(let found):
                try assign(consume found, to: mapping.entries[index], of: &model)
            case .decoded(let result):
                let entry = mapping.entries[index]
                let value: Any
                do {
                    value = try result.get()
                } catch {
                    throw transformerError(error, for: entry)
                }
                try store(value, for: entry, in: &model)
            }
        }
        try model.validateModel(mapping.hooks)
        return model
    }

    /// Transforms `found` (`nil` for JSON `null`) with the entry's transformer and
    /// stores it through the validated setter; errors name the entry's JSON path.
    @inline(__always)
    private static func assign<T: JSONSerializing>(
        _ found: consuming Any?, to entry: JSONMapping<T>.Entry, of model: inout T
    ) throws {
        let value: Any?
        if let transformer = entry.transformer {
            do {
                value = try transformer.transformedValue(found)
            } catch {
                throw transformerError(error, for: entry)
            }
        } else {
            value = consume found
        }
        try store(consume value, for: entry, in: &model)
    }

    /// An error from the entry's transformer, with the entry's JSON path.
    private static func transformerError<T: JSONSerializing>(_ error: any Error, for entry: JSONMapping<T>.Entry) -> StrataError {
        if let error = error as? StrataError { return error.prefixed(with: entry.errorPath) }
        return StrataError(
            .transformerFailed,
            "The transformer for '\(entry.property.key)' of \(T.self) failed: \(error)",
            path: entry.errorPath, underlyingError: error)
    }

    /// Stores a transformed value through the validated setter; errors name the
    /// entry's JSON path.
    @inline(__always)
    private static func store<T: JSONSerializing>(
        _ value: consuming Any?, for entry: JSONMapping<T>.Entry, in model: inout T
    ) throws {
        do {
            try model.setValidatedValue(consume value, for: entry.property)
        } catch let error as StrataError where error.code == .typeMismatch {
            throw StrataError(
                .typeMismatch,
                error.reason + " Fix the payload, or give '\(entry.property.key)' a transformer that converts it.",
                path: entry.errorPath + error.path, underlyingError: error.underlyingError)
        } catch let error as StrataError {
            throw error.prefixed(with: entry.errorPath)
        }
    }

    /// The result of looking a key path up in a JSON object.
    enum Lookup {
        /// The path is absent (or runs through `null`): the property keeps its default.
        case missing
        /// The value, `nil` for JSON `null`; for the array form, a dictionary.
        case found(Any?)
    }

    /// Looks `keyPath` up in `json`. For the array form, the value is a dictionary
    /// keyed by the paths that resolved (missing when none did).
    static func value(at keyPath: JSONKeyPath, in json: [String: Any]) throws -> Lookup {
        guard keyPath.isMultiple else { return try value(at: keyPath.paths[0], in: json) }
        var values: [String: Any] = [:]
        for path in keyPath.paths {
            if case .found(let value) = try value(at: path, in: json) {
                values[path.text] = value ?? NSNull()
            }
        }
        return values.isEmpty ? .missing : .found(values)
    }

    private static func value(at path: JSONKeyPath.Path, in json: [String: Any]) throws -> Lookup {
        var object = json
        let last = path.segments.count - 1
        for (depth, segment) in path.segments.enumerated() {
            guard let value = object[segment] else { return .missing }
            if depth == last { return .found(isJSONNull(value) ? nil : value) }
            if isJSONNull(value) { return .missing }
            guard let next = value as? [String: Any] else {
                let prefix = path.segments[...depth].joined(separator: ".")
                throw StrataError(
                    .invalidJSONKeyPath,
                    "Expected an object at '\(prefix)' to read '\(path.text)', found \(describe(value)).",
                    path: path.segments[...depth].map { .key($0) })
            }
            object = next
        }
        return .missing
    }

    /// Throws one error listing every required key that is absent or `null`;
    /// `isPresent` gets each required entry and its index in the mapping.
    private static func checkRequired<T>(
        _ mapping: JSONMapping<T>, isPresent: (JSONMapping<T>.Entry, Int) throws -> Bool
    ) throws {
        var missing: [String] = []
        for index in mapping.requiredEntryIndices {
            let entry = mapping.entries[index]
            if try !isPresent(entry, index) { missing.append(entry.keyPath.description) }
        }
        guard missing.isEmpty else {
            throw StrataError(
                .missingRequiredKeys,
                "\(T.self) requires \(missing.count == 1 ? "key" : "keys") that the JSON lacks: \(missing.joined(separator: ", ")).")
        }
    }
}
