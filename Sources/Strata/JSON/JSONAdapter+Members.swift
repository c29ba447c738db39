import Foundation

/// Mapping JSON data straight to models, member by member, without building the
/// `[String: Any]` of each object first.
///
/// Each member's key is matched against the mapping's keys (see ``MemberKeyTable``);
/// the value of a mapped key is parsed into that entry's ``Member`` slot, and any
/// other value is checked and skipped. When the object closes,
/// ``decodeMapped(_:from:)-(_,[Member])`` assigns the slots in mapping order: the
/// same transformers, validated setter, errors and order as for a dictionary, with
/// a later duplicate key replacing an earlier one as it does in the dictionary the
/// reader would build. Syntax errors are reported before mapping errors, as they
/// are when the whole document is parsed first.
///
/// Objects are read this way for types whose mapping is flat (every key path a
/// single key) and whose `classForParsing(_:)` is known to be the default (a type
/// with its own must be handed the object's dictionary); anything else takes the
/// dictionary path. A top-level array is always read element by element, each
/// element either way.
extension JSONAdapter {
    /// The scanner for member-wise reading: native values, as ``parse(_:)`` builds.
    typealias MemberScanner = JSONScanner<NativeJSONBuilder>

    /// One mapping entry's value as read from JSON data.
    enum Member {
        /// The object has no member with the entry's key: the property keeps its default.
        case missing
        /// The member's JSON value, `nil` for `null`, for the entry's transformer.
        case json(Any?)
        /// A nested model, or array of them, already decoded from the data by the
        /// rules of the entry's default transformer (see ``nestedReader(for:)``), or
        /// the error that transformer would have thrown.
        case decoded(Result<Any, any Error>)
    }

    /// `T` decoded member by member from `data`, or `nil` when `T` or the data's
    /// top-level value (not an object) needs the dictionary path.
    static func modelReadingMembers<T: JSONSerializing>(of type: T.Type, from data: Data) throws -> T? {
        let mapping = JSONMapping<T>.shared
        guard let keys = memberKeys(of: mapping) else { return nil }
        let members: [Member]? = try scanning(data) { scanner in
            guard scanner.nextByte == Byte.openBrace else { return nil }
            let members = try readMembers(of: mapping, keys: keys, from: &scanner)
            try scanner.endDocument()
            return members
        }
        guard let members else { return nil }
        return try decodeMapped(mapping, from: members)
    }

    /// Models decoded element by element from `data`, or `nil` when the data's
    /// top-level value (not an array) needs the dictionary path. Errors name the
    /// index: `[3].id`.
    ///
    /// Each element is read member by member when `T` allows it, and otherwise
    /// parsed into its dictionary and decoded as ``models(of:from:)-([Any])``
    /// would: so the document is never held whole, and a type's first decode
    /// (which learns whether its `classForParsing(_:)` is the default) is only
    /// that of its first element.
    static func modelsReadingMembers<T: JSONSerializing>(of type: T.Type, from data: Data) throws -> [T]? {
        let mapping = JSONMapping<T>.shared
        return try scanning(data) { scanner -> [T]? in
            guard scanner.nextByte == Byte.openBracket else { return nil }
            var models: [T] = []
            guard try scanner.beginArray() else {
                try scanner.endDocument()
                return models
            }
            repeat {
                try scanner.expectElement()
                let index = models.count
                do {
                    if scanner.nextByte == Byte.openBrace, let keys = memberKeys(of: mapping) {
                        models.append(try decodeMapped(mapping, from: readMembers(of: mapping, keys: keys, from: &scanner)))
                        continue
                    }
                    let element = try scanner.parseValueTree()
                    guard let object = element as? [String: Any] else { throw notAnObject(element, for: T.self) }
                    models.append(try decode(T.self, from: object))
                } catch let error as StrataError {
                    // The rest of the document must be valid JSON for this error to be the one reported.
                    try skipRemainingElements(of: &scanner)
                    throw error.prefixed(with: [.index(index)])
                }
            } while try scanner.nextElement()
            try scanner.endDocument()
            return models
        }
    }

    /// The key table of `mapping`, when its type can be read member by member.
    static func memberKeys<T: JSONSerializing>(of mapping: JSONMapping<T>) -> MemberKeyTable? {
        guard let keys = mapping.memberKeys, mapping.hooks.isDefault(.classForParsing) else { return nil }
        return keys
    }

    /// Reads the object at the scanner's position into one ``Member`` per entry of
    /// `mapping` (whose keys are `keys`). Members with other keys are checked and
    /// skipped.
    static func readMembers<T: JSONSerializing>(
        of mapping: JSONMapping<T>, keys: MemberKeyTable, from scanner: inout MemberScanner
    ) throws(JSONParsingError) -> [Member] {
        var members = [Member](repeating: .missing, count: keys.count)
        guard try scanner.beginObject() else { return members }
        var hint = 0
        var afterComma = false
        repeat {
            let index: Int?
            switch try scanner.memberKey(afterComma: afterComma) {
            case .ascii(let bytes): index = keys.index(ofASCII: bytes, hint: hint)
            case .decoded(let key): index = keys.index(of: key, hint: hint)
            }
            afterComma = true
            guard let index else {
                try scanner.skipValue()
                continue
            }
            hint = index + 1
            if let read = mapping.nestedReaders[index], let decoded = try read(&scanner) {
                members[index] = .decoded(decoded)
                continue
            }
            let value = try scanner.parseValueTree()
            members[index] = .json(isJSONNull(value) ? nil : value)
        } while try scanner.nextMember()
        return members
    }

    /// Checks, and skips, the elements after the current one (read whole) and the
    /// end of the document.
    private static func skipRemainingElements(of scanner: inout MemberScanner) throws(StrataError) {
        do {
            while try scanner.nextElement() {
                try scanner.expectElement()
                try scanner.skipValue()
            }
            try scanner.endDocument()
        } catch {
            throw invalidJSON(error)
        }
    }

    /// Runs `body` on a scanner over `data`, past any BOM and leading whitespace;
    /// parsing errors become ``StrataError/Code/invalidJSON``.
    private static func scanning<Value>(
        _ data: Data, _ body: (inout MemberScanner) throws -> Value?
    ) throws -> Value? {
        do {
            return try data.withUnsafeBytes { raw -> Value? in
                guard let base = raw.baseAddress, raw.count > 0 else { return nil }
                var scanner = MemberScanner(
                    base: base.assumingMemoryBound(to: UInt8.self), count: raw.count,
                    builder: NativeJSONBuilder(), maximumDepth: JSONReader.defaultMaximumDepth)
                try scanner.beginDocument(topLevelContainerRequired: false)
                return try body(&scanner)
            }
        } catch let error as JSONParsingError {
            throw invalidJSON(error)
        }
    }
}
