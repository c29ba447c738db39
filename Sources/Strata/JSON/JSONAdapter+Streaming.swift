extension JSONAdapter {
    /// Writes `model` straight into `emitter`: the bytes of the JSON object
    /// ``dictionary(from:options:)`` returns, without building that dictionary.
    ///
    /// Models whose entries each sit at one key of their own object are written
    /// member by member, nested models and arrays of models recursively; any other
    /// model is written through its dictionary. Values go through exactly the same
    /// reading, reverse transforming and checking as the dictionary path.
    static func stream<T: JSONSerializing>(_ model: T, into emitter: inout JSONEmitter, depth: Int) throws {
        let dynamicType: any JSONSerializing.Type = type(of: model)
        if dynamicType == T.self { return try streamMapped(model, into: &emitter, depth: depth) }
        func streamAs<U: JSONSerializing>(_: U.Type) throws {
            guard let typed = model as? U else { return try streamMapped(model, into: &emitter, depth: depth) }
            try streamMapped(typed, into: &emitter, depth: depth)
        }
        try streamAs(dynamicType)
    }

    /// Writes `models` as a JSON array. Errors name the index.
    static func stream<T: JSONSerializing>(_ models: [T], into emitter: inout JSONEmitter, depth: Int) throws {
        try writing { () throws(JSONWritingError) in try emitter.beginArray(depth: depth) }
        for (index, model) in models.enumerated() {
            emitter.beginElement(first: index == 0, depth: depth)
            do {
                try stream(model, into: &emitter, depth: depth + 1)
            } catch let error as StrataError {
                throw error.prefixed(with: [.index(index)])
            }
        }
        emitter.endArray(hasElements: !models.isEmpty, depth: depth)
    }

    private static func streamMapped<T: JSONSerializing>(_ model: T, into emitter: inout JSONEmitter, depth: Int) throws {
        let mapping = try JSONMapping<T>.resolved()
        guard mapping.isFlat else {
            let json = try encodeMapped(model)
            return try writing { () throws(JSONWritingError) in try emitter.write(json, depth: depth) }
        }
        let omitNulls = currentOptions.contains(.omitNulls)
        let included = includedKeys(of: model, in: mapping)
        try writing { () throws(JSONWritingError) in try emitter.beginObject(depth: depth) }
        var first = true
        for entry in emitter.writesSortedKeys ? mapping.entriesSortedByKey : mapping.entries {
            guard let key = entry.singleKey else { continue }
            if let included, !included.contains(entry.property.key) { continue }
            let value: Any?
            if let load = entry.plainLoad {
                value = withUnsafePointer(to: model) { load(UnsafeRawPointer($0), entry.property.offset) }
            } else if entry.streaming != .general {
                // A nested model, or an array of them: written recursively.
                guard let nested = entry.property.read(model) else {
                    if !omitNulls { emitter.writeKey(key, first: first, depth: depth); emitter.writeNull(); first = false }
                    continue
                }
                emitter.writeKey(key, first: first, depth: depth)
                first = false
                do {
                    try self.nested { try streamNested(nested, into: &emitter, depth: depth + 1) }
                } catch let error as StrataError {
                    throw error.prefixed(with: entry.errorPath)
                }
                continue
            } else {
                value = try jsonValue(of: entry, in: model)
            }
            guard let value else {
                if !omitNulls { emitter.writeKey(key, first: first, depth: depth); emitter.writeNull(); first = false }
                continue
            }
            emitter.writeKey(key, first: first, depth: depth)
            first = false
            try writing(at: entry.errorPath) { () throws(JSONWritingError) in try emitter.write(value, depth: depth + 1) }
        }
        emitter.endObject(hasMembers: !first, depth: depth)
    }

    /// Writes a nested model or array of models known only as `Any`.
    private static func streamNested(_ value: Any, into emitter: inout JSONEmitter, depth: Int) throws {
        if let model = value as? any JSONSerializing {
            func write<U: JSONSerializing>(_ model: U) throws { try stream(model, into: &emitter, depth: depth) }
            return try write(model)
        }
        guard let elements = value as? [Any] else {
            return try writing { () throws(JSONWritingError) in try emitter.write(value, depth: depth) }
        }
        try writing { () throws(JSONWritingError) in try emitter.beginArray(depth: depth) }
        for (index, element) in elements.enumerated() {
            emitter.beginElement(first: index == 0, depth: depth)
            do {
                try streamNested(element, into: &emitter, depth: depth + 1)
            } catch let error as StrataError {
                throw error.prefixed(with: [.index(index)])
            }
        }
        emitter.endArray(hasElements: !elements.isEmpty, depth: depth)
    }

    /// Runs a write into the emitter, turning its error into a ``StrataError`` at `path`.
    private static func writing(at path: [StrataError.PathComponent] = [], _ body: () throws(JSONWritingError) -> Void) throws {
        do {
            try body()
        } catch {
            throw StrataError(.unsupportedValue, "The value cannot be written as JSON: \(error)", path: path, underlyingError: error)
        }
    }
}
