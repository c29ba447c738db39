import Foundation

extension JSONAdapter {
    /// The JSON object for `model`: each mapped property, reverse-transformed, at
    /// its key path. Dotted paths build nested objects; `nil` is `NSNull` unless
    /// `options` has ``Options/omitNulls``.
    ///
    /// ```swift
    /// let json = try JSONAdapter.dictionary(from: repo)
    /// // ["id": 1, "full_name": "a/b", "meta": ["created_at": "2024-05-01T12:30:00Z"], …]
    /// ```
    /// The result always passes `JSONSerialization.isValidJSONObject`.
    /// - Throws: a ``StrataError`` naming the key whose value JSON cannot represent.
    public static func dictionary<T: JSONSerializing>(from model: T, options: Options = []) throws -> [String: Any] {
        if options == currentOptions { return try encode(model) }
        return try $currentOptions.withValue(options) { try encode(model) }
    }

    /// The JSON array for `models`. Errors name the index: `[2].homepage`.
    public static func dictionaries<T: JSONSerializing>(from models: [T], options: Options = []) throws -> [[String: Any]] {
        try $currentOptions.withValue(options) { try encodeEach(models) }
    }

    /// Encodes each model; errors name the index.
    static func encodeEach<T: JSONSerializing>(_ models: [T]) throws -> [[String: Any]] {
        var array: [[String: Any]] = []
        array.reserveCapacity(models.count)
        for (index, model) in models.enumerated() {
            do {
                array.append(try encode(model))
            } catch let error as StrataError {
                throw error.prefixed(with: [.index(index)])
            }
        }
        return array
    }

    /// JSON data for `model`: the object ``dictionary(from:options:)`` returns,
    /// written straight to bytes.
    public static func data<T: JSONSerializing>(from model: T, options: Options = []) throws -> Data {
        var emitter = JSONEmitter(options: writerOptions(options))
        try $currentOptions.withValue(options) { try stream(model, into: &emitter, depth: 0) }
        return Data(emitter.bytes)
    }

    /// JSON data for an array of models.
    public static func data<T: JSONSerializing>(from models: [T], options: Options = []) throws -> Data {
        var emitter = JSONEmitter(options: writerOptions(options))
        try $currentOptions.withValue(options) { try stream(models, into: &emitter, depth: 0) }
        return Data(emitter.bytes)
    }

    /// The writer's options for the adapter's. Slashes are not escaped
    /// (`"https://…"`, not `"https:\/\/…"`); both are valid JSON.
    static func writerOptions(_ options: Options) -> JSONWriter.Options {
        var writing: JSONWriter.Options = [.withoutEscapingSlashes]
        if options.contains(.sortedKeys) { writing.insert(.sortedKeys) }
        if options.contains(.prettyPrinted) { writing.insert(.prettyPrinted) }
        return writing
    }

    /// Encodes `model` with the mapping of its dynamic type, so a subclass held as
    /// its base class writes its own properties.
    static func encode<T: JSONSerializing>(_ model: T) throws -> [String: Any] {
        let dynamicType: any JSONSerializing.Type = type(of: model)
        if dynamicType == T.self { return try encodeMapped(model) }
        func encodeAs<U: JSONSerializing>(_: U.Type) throws -> [String: Any] {
            guard let typed = model as? U else { return try encodeMapped(model) }
            return try encodeMapped(typed)
        }
        return try encodeAs(dynamicType)
    }

    /// Encodes `model` with the mapping of exactly `T`.
    static func encodeMapped<T: JSONSerializing>(_ model: T) throws -> [String: Any] {
        let mapping = try JSONMapping<T>.resolved()
        let omitNulls = currentOptions.contains(.omitNulls)
        // `init(minimumCapacity:)` is specialised here; `reserveCapacity` on an empty
        // dictionary ran unspecialised in the standard library.
        var json = [String: Any](minimumCapacity: mapping.entries.count)
        let included = includedKeys(of: model, in: mapping)
        // Keys are unique, so the order of insertion does not matter: the plain
        // reads first, then the entries that need their transformer.
        withUnsafePointer(to: model) { base in
            mapping.plainReads.withUnsafeBufferPointer { reads in
                for index in reads.indices {
                    if let included, !included.contains(reads[index].propertyKey) { continue }
                    if let value = reads[index].load(UnsafeRawPointer(base), reads[index].offset) {
                        json[reads[index].jsonKey] = consume value  // moved in; without `consume` it was copied
                    } else if !omitNulls {
                        json[reads[index].jsonKey] = null
                    }
                }
            }
        }
        for entry in mapping.generalEntries {
            if let included, !included.contains(entry.property.key) { continue }
            try write(entry, of: model, omitNulls: omitNulls, into: &json)
        }
        return json
    }

    /// The keys `serializablePropertyKeys(_:)` lets through, or `nil` for all of them
    /// (without the call, once the hook is known to be the default).
    static func includedKeys<T: JSONSerializing>(of model: T, in mapping: JSONMapping<T>) -> Set<String>? {
        let serializable: Set<String>
        switch mapping.hooks.usage(of: .serializablePropertyKeys) {
        case .isDefault: return nil
        case .isCustom: serializable = model.serializablePropertyKeys(mapping.mappedKeys)
        case .unknown:
            serializable = mapping.hooks.probe(.serializablePropertyKeys) { model.serializablePropertyKeys(mapping.mappedKeys) }
        }
        return serializable == mapping.mappedKeys ? nil : serializable
    }

    /// Writes one entry the general way: read, reverse-transform, check, write at
    /// the key path.
    private static func write<T: JSONSerializing>(
        _ entry: JSONMapping<T>.Entry, of model: T, omitNulls: Bool, into json: inout [String: Any]
    ) throws {
        let value = try jsonValue(of: entry, in: model)
        if value == nil, omitNulls { return }
        if let key = entry.singleKey {
            json[key] = value ?? null
        } else {
            try write(value ?? null, for: entry, into: &json)
        }
    }

    /// The JSON value of one entry of `model`: read, reverse-transformed, checked
    /// that JSON can represent it; `nil` for null.
    static func jsonValue<T: JSONSerializing>(of entry: JSONMapping<T>.Entry, in model: T) throws -> Any? {
        var value: Any?
        if let load = entry.property.fastLoad {
            value = withUnsafePointer(to: model) { load(UnsafeRawPointer($0), entry.property.offset) }
        } else {
            value = entry.property.read(model)
        }
        if let transformer = entry.transformer, value != nil || entry.isCustomTransformer {
            do {
                value = try transformer.reverseTransformedValue(value)
            } catch let error as StrataError {
                throw StrataError(
                    error.code, "Cannot write '\(entry.property.key)' of \(T.self): \(error.reason)",
                    path: entry.errorPath + error.path, underlyingError: error.underlyingError)
            } catch {
                throw StrataError(
                    .transformerFailed,
                    "The reverse transformer for '\(entry.property.key)' of \(T.self) failed: \(error)",
                    path: entry.errorPath, underlyingError: error)
            }
        }
        if let written = value, entry.checksWrittenValue, let problem = JSONRepresentable.problem(with: written) {
            throw StrataError(
                .unsupportedValue,
                "Cannot write '\(entry.property.key)' of \(T.self): \(problem) "
                    + "Give it a transformer that produces strings, numbers, booleans, arrays or objects.",
                path: entry.errorPath)
        }
        return value
    }

    /// The one `NSNull` written for every `nil`.
    static let null = NSNull()

    /// Writes a value at the entry's key path; for the array form, writes each path
    /// from the dictionary the reverse transformer returned.
    private static func write<T>(_ value: Any, for entry: JSONMapping<T>.Entry, into json: inout [String: Any]) throws {
        guard entry.keyPath.isMultiple else {
            try insert(value, at: entry.keyPath.paths[0].segments[...], into: &json, entry: entry)
            return
        }
        if isJSONNull(value) { return }
        guard let values = value as? [String: Any] else {
            throw StrataError(
                .unsupportedValue,
                "The reverse transformer for '\(entry.property.key)' must return a dictionary keyed by "
                    + "\(entry.keyPath.description), but returned \(describe(value)).",
                path: entry.errorPath)
        }
        for path in entry.keyPath.paths {
            guard let item = values[path.text] else { continue }
            try insert(item, at: path.segments[...], into: &json, entry: entry)
        }
    }

    private static func insert<T>(
        _ value: Any, at segments: ArraySlice<String>, into json: inout [String: Any], entry: JSONMapping<T>.Entry
    ) throws {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            json[first] = value
            return
        }
        var child: [String: Any]
        switch json[first] {
        case nil: child = [:]
        case let existing as [String: Any]: child = existing
        case let other?: throw overlap(of: entry, at: first, with: other)
        }
        json[first] = nil
        try insert(value, at: segments.dropFirst(), into: &child, entry: entry)
        json[first] = child
    }

    /// Two mapped key paths write at the same JSON key; writing on would drop a value.
    private static func overlap<T>(of entry: JSONMapping<T>.Entry, at key: String, with existing: Any) -> StrataError {
        StrataError(
            .invalidMapping,
            "'\(entry.property.key)' is written at '\(key)', but another key already wrote \(describe(existing)) there. "
                + "Two mapped key paths overlap.",
            path: entry.errorPath)
    }
}
