/// The mapped members of the object at a scanner's position, one after another:
/// each key is matched against a plan's keys (see ``MemberKeyTable``), and the
/// value of any member no entry maps is checked and skipped.
///
/// What both readers of an object walk: the one that fills a slot per entry
/// (``JSONAdapter/readObject(_:keys:into:from:levelsLeft:streams:)``) and the one
/// that assigns each value as it is read (``TextSource``, which
/// ``JSONAdapter/decodeStreaming(_:keys:from:levelsLeft:)`` runs).
///
/// ```swift
/// var members = MappedMembers(keys)
/// while let index = try members.next(in: &scanner) {
///     // Read the value at the scanner's position, for the entry at `index`.
/// }
/// ```
struct MappedMembers {
    private let keys: MemberKeyTable
    /// Where the key search starts: the key after the last one found.
    private var hint = 0
    /// How many keys no entry maps were read in a row since the last one found.
    private var run = 0
    /// Whether the object's `{` has been read.
    private var hasBegun = false

    init(_ keys: MemberKeyTable) {
        self.keys = keys
    }

    /// The entry index of the next mapped member, with the scanner at its value;
    /// `nil` once the object's `}` is read.
    ///
    /// Called first with the scanner at the object's `{`, then after each value.
    @inline(__always)
    mutating func next(in scanner: inout JSONAdapter.MemberScanner) throws(JSONParsingError) -> Int? {
        if hasBegun {
            guard try scanner.nextMember() else { return nil }
        } else {
            hasBegun = true
            guard try scanner.beginObject() else { return nil }
            if let index = try mappedIndex(afterComma: false, in: &scanner) { return index }
            guard try scanner.nextMember() else { return nil }
        }
        while true {
            if let index = try mappedIndex(afterComma: true, in: &scanner) { return index }
            guard try scanner.nextMember() else { return nil }
        }
    }

    /// ``next(in:)`` for a table that ``MemberKeyTable/keepsUnmapped``: every member
    /// is returned, one no entry maps with the index of the unmapped members' entry
    /// (the table's ``MemberKeyTable/count``) and its key in `unmappedKey`, its value
    /// left for the caller to read; `unmappedKey` is `nil` for a member an entry maps.
    mutating func next(
        in scanner: inout JSONAdapter.MemberScanner, keeping unmappedKey: inout String?
    ) throws(JSONParsingError) -> Int? {
        unmappedKey = nil
        let afterComma = hasBegun
        if hasBegun {
            guard try scanner.nextMember() else { return nil }
        } else {
            hasBegun = true
            guard try scanner.beginObject() else { return nil }
        }
        if let expected = keys.expectedKey(at: hint), try scanner.readKey(expected) {
            let index = hint
            hint = keys.hint(after: index)
            return index
        }
        return try keptIndex(afterComma: afterComma, in: &scanner, unmappedKey: &unmappedKey)
    }

    /// Reads a member's key: the index of its entry, or `nil` having skipped the
    /// value of a key no entry maps.
    @inline(__always)
    private mutating func mappedIndex(
        afterComma: Bool, in scanner: inout JSONAdapter.MemberScanner
    ) throws(JSONParsingError) -> Int? {
        // The key at the hint (the common case), recognised where it stands.
        if let expected = keys.expectedKey(at: hint), try scanner.readKey(expected) {
            let index = hint
            hint = keys.hint(after: index)
            run = 0
            return index
        }
        return try otherIndex(afterComma: afterComma, in: &scanner)
    }

    /// ``mappedIndex(afterComma:in:)`` for a key that is not the one at the hint: a
    /// key learned to be skipped there, or one looked up (and learned when no entry
    /// maps it).
    @inline(never)
    private mutating func otherIndex(
        afterComma: Bool, in scanner: inout JSONAdapter.MemberScanner
    ) throws(JSONParsingError) -> Int? {
        let index: Int?
        if let skipped = keys.learnedSkip(at: hint, run: run), try scanner.readKey(skipped) {
            index = nil
        } else {
            switch try scanner.memberKey(afterComma: afterComma) {
            case .ascii(let bytes):
                index = keys.index(ofASCII: bytes, hint: hint)
                if index == nil { keys.learnSkip(bytes, at: hint, run: run) }
            case .decoded(let key):
                index = keys.index(of: key, hint: hint)
            }
        }
        guard let index else {
            run += 1
            try scanner.skipValue()
            return nil
        }
        hint = keys.hint(after: index)
        run = 0
        return index
    }

    /// ``otherIndex(afterComma:in:)`` for a table that keeps the unmapped members: a
    /// key no entry maps is not skipped but returned in `unmappedKey`, with the
    /// index of the unmapped members' entry.
    @inline(never)
    private mutating func keptIndex(
        afterComma: Bool, in scanner: inout JSONAdapter.MemberScanner, unmappedKey: inout String?
    ) throws(JSONParsingError) -> Int {
        let index: Int?
        let key: String
        switch try scanner.memberKey(afterComma: afterComma) {
        case .ascii(let bytes):
            index = keys.index(ofASCII: bytes, hint: hint)
            key = index == nil ? String(decoding: bytes, as: UTF8.self) : ""
        case .decoded(let decoded):
            index = keys.index(of: decoded, hint: hint)
            key = decoded
        }
        guard let index else {
            unmappedKey = key
            return keys.count
        }
        hint = keys.hint(after: index)
        return index
    }
}
