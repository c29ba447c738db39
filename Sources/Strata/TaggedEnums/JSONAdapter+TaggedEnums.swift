import Foundation

/// Tagged enums at the top level: a document that is one tagged object, or an
/// array of them, read and written as the properties that hold them are.
extension JSONAdapter {
    /// Creates a tagged enum's value from JSON data holding its tagged object.
    ///
    /// ```swift
    /// let source = try JSONAdapter.model(of: PaymentSource.self, from: data)
    /// ```
    /// - Throws: a ``StrataError``: ``StrataError/Code-swift.enum/noClassFound`` for a
    ///   tag the enum does not know (naming it and the known ones), or the error of
    ///   the case's model.
    public static func model<T: JSONTaggedEnum>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default
    ) throws -> T {
        try reading(with: options) { levelsLeft in
            if let value = try taggedReadingObject(
                T.self, from: data, maximumNestingDepth: options.maximumNestingDepth, levelsLeft: levelsLeft)
            {
                return value
            }
            let object = try parse(data, maximumNestingDepth: options.maximumNestingDepth)
            return try decodeTagged(T.self, object)
        }
    }

    /// Creates a tagged enum's value from its tagged JSON object.
    public static func model<T: JSONTaggedEnum>(
        of type: T.Type, from json: [String: Any], options: DecodingOptions = .default
    ) throws -> T {
        try reading(with: options) { _ in try T.decodeTagged(json) }
    }

    /// Creates tagged enum values from JSON data holding an array of tagged
    /// objects; errors name the index: `[3].object`.
    public static func models<T: JSONTaggedEnum>(
        of type: T.Type, from data: Data, options: DecodingOptions = .default
    ) throws -> [T] {
        try reading(with: options) { levelsLeft in
            if let values = try taggedReadingElements(
                T.self, from: data, maximumNestingDepth: options.maximumNestingDepth, levelsLeft: levelsLeft)
            {
                return values
            }
            return try decodeEachTagged(T.self, parseArray(of: T.self, from: data, options: options))
        }
    }

    /// Creates tagged enum values from a JSON array of tagged objects; errors name
    /// the index.
    public static func models<T: JSONTaggedEnum>(
        of type: T.Type, from json: [Any], options: DecodingOptions = .default
    ) throws -> [T] {
        try reading(with: options) { _ in try decodeEachTagged(T.self, json) }
    }

    /// The tagged JSON object of `value`: its case's model, with its tag.
    public static func dictionary<T: JSONTaggedEnum>(
        from value: T, options: EncodingOptions = .default
    ) throws -> [String: Any] {
        try writing(with: options, sortsKeys: false) { try T.encodeTagged(value) }
    }

    /// JSON data for `value`: its tagged object, laid out as `formatting` says.
    public static func data<T: JSONTaggedEnum>(
        from value: T, options: EncodingOptions = .default, formatting: OutputFormatting = []
    ) throws -> Data {
        try writing(with: options, sortsKeys: formatting.contains(.sortedKeys)) {
            let table = TaggedCaseTable<T>.shared
            return try writingData(sizes: table.lastOutputSizes, at: 0, formatting: formatting, options: options) { sink in
                try T.writeTagged(value, table: table, into: &sink)
            }
        }
    }

    /// JSON data for an array of tagged enum values; errors name the index.
    public static func data<T: JSONTaggedEnum>(
        from values: [T], options: EncodingOptions = .default, formatting: OutputFormatting = []
    ) throws -> Data {
        try writing(with: options, sortsKeys: formatting.contains(.sortedKeys)) {
            let table = TaggedCaseTable<T>.shared
            return try writingData(sizes: table.lastOutputSizes, at: 1, formatting: formatting, options: options) { sink in
                try writeTaggedElements(values, table: table, asTransformed: false, into: &sink)
            }
        }
    }

    /// Writes `values` as a JSON array of their tagged objects, each as
    /// `JSONTaggedEnum.writeTagged` writes it; an element's error gets its index in
    /// front of its path.
    ///
    /// `asTransformed`: each element is written as the default transformer of a
    /// property's array writes it through the tagged enum's transformer, one model
    /// level deeper, its errors those of a reverse transformer. `table` is
    /// `TaggedCaseTable<T>.shared`.
    static func writeTaggedElements<T: JSONTaggedEnum>(
        _ values: [T], table: TaggedCaseTable<T>, asTransformed: Bool, into sink: inout EmitterSink
    ) throws {
        // Each value used where it lies in the array's storage: not copied out.
        try values.withUnsafeBufferPointer { values in
            try sink.writeArray(count: values.count) { sink, index in
                try CollectionElements.write(at: .index(index), transforms: asTransformed) {
                    try withStoredElement(of: values, at: index) { value in
                        guard asTransformed else { return try T.writeTagged(value, table: table, into: &sink) }
                        try nested { try T.writeTagged(value, table: table, into: &sink) }
                    }
                }
            }
        }
    }

    /// `object`, a document's top level, read as a `T`.
    static func decodeTagged<T: JSONTaggedEnum>(_ type: T.Type, _ object: Any) throws -> T {
        guard let json = object as? [String: Any] else { throw notAnObject(object, for: T.self) }
        return try T.decodeTagged(json)
    }

    /// Each element of the top-level array `json`, read as a `T`; errors name the index.
    private static func decodeEachTagged<T: JSONTaggedEnum>(_ type: T.Type, _ json: [Any]) throws -> [T] {
        var values: [T] = []
        values.reserveCapacity(json.count)
        // A `null` element is refused as any other value that is not an object.
        try CollectionElements(skipsInvalidElements: false).forEach(count: json.count) { index in
            values.append(try decodeTagged(T.self, json[index]))
        }
        return values
    }
}
