/// The mapped members of the object at a scanner's position, one after another:
/// each key is matched against a plan's keys (see ``MemberKeyTable``), and the
/// value of any member no entry maps is checked and skipped.
///
/// What both readers of an object walk: the one that fills a slot per entry
/// (``JSONAdapter/readObject(_:keys:into:from:levelsLeft:streams:)``) and the one
/// that assigns each value as it is read (``JSONAdapter/decodeStreaming(_:keys:from:levelsLeft:)``).
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

    /// Reads a member's key: the index of its entry, or `nil` having skipped the
    /// value of a key no entry maps.
    @inline(__always)
    private mutating func mappedIndex(
        afterComma: Bool, in scanner: inout JSONAdapter.MemberScanner
    ) throws(JSONParsingError) -> Int? {
        let index: Int?
        switch try scanner.memberKey(afterComma: afterComma, expecting: keys.expectedKey(at: hint)) {
        case .expected: index = hint
        case .ascii(let bytes): index = keys.index(ofASCII: bytes, hint: hint)
        case .decoded(let key): index = keys.index(of: key, hint: hint)
        }
        guard let index else {
            try scanner.skipValue()
            return nil
        }
        hint = keys.hint(after: index)
        return index
    }
}
