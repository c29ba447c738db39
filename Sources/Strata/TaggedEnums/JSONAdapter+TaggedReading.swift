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
            return try taggedReadingDocument(T.self, from: &scanner, levelsLeft: levelsLeft)
        }
    }

    /// The value of the tagged object a property's ``ObjectText`` holds, read as the
    /// object that is the whole of JSON data is, one model level deeper.
    static func taggedReading<T: JSONTaggedEnum>(_: T.Type, text: ObjectText) throws -> T {
        try text.scanning { scanner in try taggedReadingDocument(T.self, from: &scanner, levelsLeft: text.levelsLeft) }
    }

    /// The value of the tagged object at the scanner's position, which is followed
    /// by nothing but whitespace.
    private static func taggedReadingDocument<T: JSONTaggedEnum>(
        _: T.Type, from scanner: inout MemberScanner, levelsLeft: Int
    ) throws -> T {
        var read: [T] = []
        if try taggedReadingInOnePass(
            T.self, table: .shared, from: &scanner, levelsLeft: levelsLeft, checkingDocumentEnd: true,
            log: RecoveryLog.current, appendingTo: &read, wrapping: { try $0() }),
            let value = read.first
        {
            try scanner.endDocument()
            return value
        }
        // The whole document is checked before any value is decoded.
        let found = try TaggedObject(T.self, from: &scanner, checkingDocumentEnd: true)
        return try found.decode(from: &scanner, levelsLeft: levelsLeft)
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
            let table = TaggedCaseTable<T>.shared
            let log = RecoveryLog.current
            repeat {
                try scanner.expectElement()
                let index = values.count
                do {
                    if try taggedReadingInOnePass(
                        T.self, table: table, from: &scanner, levelsLeft: levelsLeft, checkingDocumentEnd: false,
                        log: log, appendingTo: &values, wrapping: { read in try elements.element(at: .index(index), read) })
                    {
                        continue
                    }
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

extension JSONAdapter {
    /// Appends the value of the tagged object at the scanner's position, its tag its
    /// first member, read in one pass: the tag, then the case's model from the
    /// object's start, the scanner left after the object; returns `true`.
    ///
    /// Returns `false`, having appended nothing, the scanner where it was and no
    /// recovery of the read kept, when the object is to be read as `TaggedObject`
    /// reads it: the tag is not first, not a string or unknown, the case's model is
    /// not read from the bytes, or the rest of the object holds another member with
    /// the tag's key (whose value a dictionary of the object would take, whether the
    /// read of the first tag's case gave a value or an error).
    ///
    /// The value and the errors are the ones `TaggedObject` gives: a failed read is
    /// reported only once the object's syntax is checked, so a syntax error wins,
    /// as it does when the syntax is checked first (and, when `checkingDocumentEnd`,
    /// that nothing but whitespace follows the object). `wrapping` runs the read
    /// (and names the element in its errors). `log` is the read's
    /// `RecoveryLog.current`, looked up once by the caller.
    ///
    /// No optional of `T` on the way: in this code, not specialised for `T`, each
    /// would look up its generic metadata once per object.
    static func taggedReadingInOnePass<T: JSONTaggedEnum>(
        _: T.Type, table: TaggedCaseTable<T>, from scanner: inout MemberScanner, levelsLeft: Int,
        checkingDocumentEnd: Bool, log: RecoveryLog?, appendingTo values: inout [T],
        wrapping: (() throws -> T) throws -> T
    ) throws -> Bool {
        guard let key = table.leadingTagKey else { return false }
        let start = scanner.position
        guard let (tag, afterTag) = try? scanner.leadingStringMember(key), let index = table.indicesByTag[tag],
            let reader = table.scannedReader(at: index), let keys = reader.objectKeys(levelsLeft)
        else {
            scanner.position = start
            return false
        }
        scanner.position = start
        // What the read records is dropped when the object is read again the other way.
        let mark = log?.mark ?? 0
        let value: T
        do {
            value = try wrapping {
                do {
                    return try reader.read(&scanner, levelsLeft, keys)
                } catch let error as JSONParsingError {
                    throw JSONAdapter.invalidJSON(error)
                }
            }
        } catch {
            scanner.position = start
            try scanner.skipValue()
            if checkingDocumentEnd { try scanner.endDocument() }
            guard try !hasLaterTag(key, afterTag: afterTag, inObjectAt: start, scanner: &scanner) else {
                log?.discard(from: mark)
                scanner.position = start
                return false
            }
            throw error
        }
        guard try !hasLaterTag(key, afterTag: afterTag, inObjectAt: start, scanner: &scanner) else {
            log?.discard(from: mark)
            scanner.position = start
            return false
        }
        values.append(value)
        return true
    }

    /// Whether a member after the leading tag of the object at `start` has the tag's
    /// key: the tag a dictionary of the object keeps, which the object is then read
    /// by, whether the read of the leading tag's case gave a value or an error.
    ///
    /// The scanner is at the object's end (`afterTag`: the index after the leading
    /// tag), and is left there. The same key inside a nested value is no member of
    /// the object, and reading the object again for it would read each nested tagged
    /// object twice.
    @inline(__always)
    private static func hasLaterTag(
        _ key: TagKeyBytes, afterTag: Int, inObjectAt start: MemberScanner.Position, scanner: inout MemberScanner
    ) throws(JSONParsingError) -> Bool {
        guard scanner.mayHoldKey(key, from: afterTag) else { return false }
        return try scanner.laterMemberHasKey(key, inObjectAt: start)
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
        if let tag, let index = table.indicesByTag[tag], table.cases[index].scanned != nil {
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
            if let reader = taggedCase?.scanned, let keys = reader.objectKeys(levelsLeft) {
                let value = try reader.read(&scanner, levelsLeft, keys)
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
