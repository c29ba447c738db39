/// Nested models read member by member too: a property holding a model, or an
/// array of models, with its default transformer is decoded straight from the
/// data, by the rules that transformer follows (one nesting level deeper per
/// model, errors named by index), so a whole document is read without building
/// any of its objects' dictionaries.
///
/// A value that is not an object (or array), or a nested type with its own
/// `classForParsing(_:)` or whose hooks are not known yet, is left to the
/// transformer: the reader consumes nothing, and the value is read as JSON.
///
/// Nested models are decoded as they are read, so their own hooks
/// (`validateValue(_:forKey:)`, `validate()`) run in the order of the document,
/// and for each value of a duplicated key; the results are those of the
/// dictionary path.
extension JSONAdapter {
    /// Reads the value at the scanner's position as the entry's nested model(s),
    /// returning the decoded value or the error the transformer would have thrown;
    /// `nil`, having consumed nothing, when the transformer must do it.
    typealias NestedReader = @Sendable (inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>?

    /// The nested reader for an entry, or `nil` when its value is not a model or
    /// an array of models with the default transformer.
    static func nestedReader<T>(for entry: JSONMapping<T>.Entry) -> NestedReader? {
        switch (entry.streaming, entry.property.type.unwrapped) {
        case (.model, .model(let type)):
            guard let type = type as? any JSONSerializing.Type else { return nil }
            return modelReader(type)
        case (.models, .array(.model(let type), _)):
            // `Array` is the only `ArrayBuilding` type, so the value is a `[U]`.
            guard let type = type as? any JSONSerializing.Type else { return nil }
            return modelsReader(type)
        default:
            return nil
        }
    }

    /// Reads a nested model from an object; anything else is left to the transformer.
    private static func modelReader<U: JSONSerializing>(_: U.Type) -> NestedReader {
        { (scanner: inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>? in
            let mapping = JSONMapping<U>.shared
            guard scanner.nextByte == Byte.openBrace, let keys = memberKeys(of: mapping) else { return nil }
            return try decodeNested(mapping, keys: keys, from: &scanner).map { $0 }
        }
    }

    /// Reads an array of nested models element by element, as the array
    /// transformer converts it: objects are decoded member by member, and any other
    /// element (`null`, a number, …) is parsed and converted by the transformer's
    /// own element rule, which refuses it. After the first error the remaining
    /// elements are only checked; that error is the one returned.
    private static func modelsReader<U: JSONSerializing>(_: U.Type) -> NestedReader {
        let element = PropertyType.model(U.self)
        let transformer = ValueTransformer.model(U.self)
        return { (scanner: inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>? in
            let mapping = JSONMapping<U>.shared
            guard scanner.nextByte == Byte.openBracket, let keys = memberKeys(of: mapping) else { return nil }
            var models: [U] = []
            var failure: (any Error)?
            if try scanner.beginArray() {
                repeat {
                    try scanner.expectElement()
                    if failure != nil {
                        try scanner.skipValue()
                        continue
                    }
                    let index = models.count
                    guard scanner.nextByte == Byte.openBrace else {
                        let value = try scanner.parseValueTree()
                        do {
                            let converted = try DefaultTransformers.convert(value, with: transformer, element: element, at: .index(index))
                            guard let model = converted as? U else {
                                throw StrataError(.typeMismatch, "Expected \(U.self), found \(describe(value)).", path: [.index(index)])
                            }
                            models.append(model)
                        } catch {
                            failure = error
                        }
                        continue
                    }
                    switch try decodeNested(mapping, keys: keys, from: &scanner) {
                    case .success(let model): models.append(model)
                    case .failure(let error): failure = elementError(error, at: index)
                    }
                } while try scanner.nextElement()
            }
            if let failure { return .failure(failure) }
            return .success(models)
        }
    }

    /// Decodes the object at the scanner's position one nesting level deeper, as
    /// ``ValueTransformer/model(_:)`` does; a mapping error is returned, a syntax
    /// error thrown. The object is consumed either way.
    private static func decodeNested<U: JSONSerializing>(
        _ mapping: JSONMapping<U>, keys: MemberKeyTable, from scanner: inout MemberScanner
    ) throws(JSONParsingError) -> Result<U, any Error> {
        var syntaxError: JSONParsingError?
        var didRead = false
        let result = Result { () throws -> U in
            try nested {
                let members: [Member]
                do throws(JSONParsingError) {
                    members = try readMembers(of: mapping, keys: keys, from: &scanner)
                    didRead = true
                } catch {
                    syntaxError = error
                    throw error
                }
                return try decodeMapped(mapping, from: members)
            }
        }
        if let syntaxError { throw syntaxError }
        // Nested too deep: refused before reading, so the object is still ahead.
        if !didRead { try scanner.skipValue() }
        return result
    }

    /// An element's error as the array transformer reports it: named by its index.
    private static func elementError(_ error: any Error, at index: Int) -> any Error {
        do {
            return try StrataError.at([.index(index)], wrapping: .transformerFailed, "Transformer failed") { throw error }
        } catch {
            return error
        }
    }
}
