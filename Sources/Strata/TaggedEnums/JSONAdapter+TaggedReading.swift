import Foundation

/// Tagged enums read from JSON data: the tag found in the object's bytes, then
/// the case's model decoded from the same bytes by the scanner source, with no
/// dictionary of the object.
///
/// Anything else (a tag that is absent, not a string or unknown, a case that
/// keeps the object as a ``JSONValue``, a model that must be decoded from its
/// dictionary) parses the object and decodes it as from a dictionary: the same
/// value or the same error either way.
extension JSONAdapter {
    /// The value of the tagged object that is the whole of `data`, or `nil` when the
    /// top-level value is not an object.
    static func taggedReadingObject<T: JSONTaggedEnum>(
        _: T.Type, from data: Data, maximumNestingDepth: Int, levelsLeft: Int
    ) throws -> T? {
        try scanning(data, maximumNestingDepth: maximumNestingDepth) { scanner -> T? in
            guard scanner.nextByte == Byte.openBrace else { return nil }
            // The whole document is checked before any value is decoded.
            let found = try TaggedObject(T.self, from: &scanner, checkingDocumentEnd: true)
            return try found.decode(from: &scanner, levelsLeft: levelsLeft)
        }
    }

    /// The values of the tagged objects of the array that is the whole of `data`.
    ///
    /// Read element by element; `nil` when the top-level value is not an array.
    /// Errors name the index: `[3].id`.
    static func taggedReadingElements<T: JSONTaggedEnum>(
        _: T.Type, from data: Data, maximumNestingDepth: Int, levelsLeft: Int
    ) throws -> [T]? {
        try scanning(data, maximumNestingDepth: maximumNestingDepth) { scanner -> [T]? in
            guard scanner.nextByte == Byte.openBracket else { return nil }
            var values: [T] = []
            guard try scanner.beginArray() else {
                try scanner.endDocument()
                return values
            }
            let elements = CollectionElements(skipsInvalidElements: false)
            repeat {
                try scanner.expectElement()
                let index = values.count
                do {
                    // A value that is not an object is refused as from the parsed array.
                    let found = try TaggedObject(T.self, from: &scanner, checkingDocumentEnd: false)
                    values.append(try elements.element(at: .index(index)) { try found.decode(from: &scanner, levelsLeft: levelsLeft) })
                } catch let error as StrataError {
                    // The rest of the document must be valid JSON for this error to be the one reported.
                    try skipRemainingElements(of: &scanner)
                    throw error
                }
            } while try scanner.nextElement()
            try scanner.endDocument()
            return values
        }
    }
}

/// One tagged object at a scanner's position, its syntax checked and its tag
/// looked up: what decodes its value.
private struct TaggedObject<T: JSONTaggedEnum> {
    /// Where the object starts.
    let start: JSONAdapter.MemberScanner.Position
    /// The case of its tag, when its model is read from the bytes.
    let taggedCase: JSONTaggedCase<T>?

    /// Finds the tag of the value at the scanner's position, checking the value
    /// whole (and, when `checkingDocumentEnd`, that nothing but whitespace follows
    /// it); the scanner is left after the value.
    init(_: T.Type, from scanner: inout JSONAdapter.MemberScanner, checkingDocumentEnd: Bool) throws(JSONParsingError) {
        start = scanner.position
        var tag: String?
        if scanner.nextByte == Byte.openBrace, let path = try? T.tagPath() {
            tag = try scanner.stringMember(at: path.segments[...])
        } else {
            try scanner.skipValue()
        }
        if checkingDocumentEnd { try scanner.endDocument() }
        // Found in the table's index, not generic over `T`: a look-up in `casesByTag` looks
        // up the metadata of its dictionary and optionals first.
        let table = TaggedCaseTable<T>.shared
        if let tag, let index = table.indicesByTag[tag], table.cases[index].readScanned != nil {
            taggedCase = table.cases[index]
        } else {
            taggedCase = nil
        }
    }

    /// The value: the case's model read from the object's bytes, or the object
    /// parsed and decoded as from a dictionary.
    ///
    /// The scanner is left after the object.
    ///
    /// Throws only ``StrataError``s and the errors of user code: the object's
    /// syntax was checked when its tag was found.
    func decode(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> T {
        let end = scanner.position
        scanner.position = start
        do {
            if let read = taggedCase?.readScanned, let value = try read(&scanner, levelsLeft) {
                scanner.position = end
                return value
            }
            scanner.position = start
            let object = try scanner.parseValueTree()
            scanner.position = end
            return try JSONAdapter.decodeTagged(T.self, object)
        } catch let error as JSONParsingError {
            // Not met in bytes already checked; reported as the reader reports it.
            throw JSONAdapter.invalidJSON(error)
        }
    }
}
