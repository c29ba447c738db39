/// Nested models read member by member too: a property holding a model, or an
/// array of models, with its default transformer is decoded straight from the
/// data, by the rules that transformer follows (one nesting level deeper per
/// model, errors named by index), so a whole document is read without building
/// any of its objects' dictionaries.
///
/// Whatever those rules would reject, or handle in a way not repeated here (a
/// value that is not an object, an array holding something other than objects, a
/// nested type with its own `classForParsing(_:)`), is left to the transformer:
/// the reader consumes nothing, or rewinds, and the value is read as JSON.
extension JSONAdapter {
    /// Reads the value at the scanner's position as the entry's nested model(s),
    /// returning the decoded value or the error the transformer would have thrown;
    /// `nil`, with the scanner where it was, when the transformer must do it.
    typealias NestedReader = @Sendable (inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>?

    /// The nested reader for an entry, or `nil` when its value is not a model or
    /// an array of models with the default transformer.
    static func nestedReader<T>(for entry: JSONMapping<T>.Entry) -> NestedReader? {
        switch (entry.streaming, entry.property.type.unwrapped) {
        case (.model, .model(let type)):
            guard let type = type as? any JSONSerializing.Type else { return nil }
            return modelReader(type)
        case (.models, .array(.model(let type), let builder)):
            guard let type = type as? any JSONSerializing.Type else { return nil }
            return modelsReader(type, builder: builder)
        default:
            return nil
        }
    }

    private static func modelReader<U: JSONSerializing>(_: U.Type) -> NestedReader {
        { (scanner: inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>? in
            let mapping = JSONMapping<U>.shared
            guard scanner.nextByte == Byte.openBrace, let keys = memberKeys(of: mapping) else { return nil }
            return try decodeNested(mapping, keys: keys, from: &scanner).map { $0 }
        }
    }

    private static func modelsReader<U: JSONSerializing>(_: U.Type, builder: any ArrayBuilding.Type) -> NestedReader {
        { (scanner: inout MemberScanner) throws(JSONParsingError) -> Result<Any, any Error>? in
            let mapping = JSONMapping<U>.shared
            guard scanner.nextByte == Byte.openBracket, let keys = memberKeys(of: mapping) else { return nil }
            let start = (index: scanner.index, depth: scanner.outerDepth)
            var models: [Any?] = []
            var failure: (any Error)?
            if try scanner.beginArray() {
                repeat {
                    try scanner.expectElement()
                    guard scanner.nextByte == Byte.openBrace else {
                        // `null` or another value: the transformer reads the array as JSON.
                        (scanner.index, scanner.outerDepth) = start
                        return nil
                    }
                    if failure != nil {
                        try scanner.skipValue()
                        continue
                    }
                    let index = models.count
                    switch try decodeNested(mapping, keys: keys, from: &scanner) {
                    case .success(let model): models.append(model)
                    case .failure(let error): failure = elementError(error, at: index)
                    }
                } while try scanner.nextElement()
            }
            if let failure { return .failure(failure) }
            guard case .success(let array) = builder.build(models) else {
                (scanner.index, scanner.outerDepth) = start
                return nil
            }
            return .success(array)
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
