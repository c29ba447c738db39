import Foundation

/// The declared members of the last few objects of a class cluster read from JSON
/// data (see ``ClusterMembers/read(from:recent:)``), by the text of their values.
///
/// An object whose declared members are written exactly as those of a recent one
/// has the same members: its values are checked, and the dictionary made for the
/// earlier object is handed to `classForParsing(_:)` again, which is still asked
/// once for each object. A value written another way is parsed where it stands, so
/// that any error it holds is reported where the reader reports it.
///
/// Kept by one read of an array of a cluster's objects, never shared.
struct RecentClusterMembers {
    /// The declared members of one object, and the text of each declared key's value.
    private struct Entry {
        /// By declared key (in ``ClusterMembers/keys`` order), the text of its last
        /// value; empty when the object has none.
        let texts: [[UInt8]]
        let members: [String: Any]
        /// The class chosen for the objects with these members.
        let choice: LastChoice
        /// For a cluster of one declared key, the text an object that begins with this
        /// member begins with, written without spaces: `{`, the key, `:` and the value
        /// (see ``sameLeadingMember(at:in:)``); empty otherwise.
        let leading: [UInt8]
    }

    /// How many objects' members are kept: a few, as a cluster has a few kinds.
    private static let capacity = 4

    /// Whether members are kept at all: not when a single object is read.
    private let keepsMembers: Bool
    /// The choice kept with the members ``members(of:from:)`` gave last, when
    /// they are kept.
    private(set) var lastChoice: LastChoice?
    private var entries: [Entry] = []
    /// The entry the next new object's members replace, once ``capacity`` is reached.
    private var nextReplaced = 0
    /// For the object being read, by declared key: the span of its last value, empty
    /// when it has none.
    private var spans: [Range<Int>] = []
    /// For the object being read, by declared key: the entries that have its last
    /// value's text, one bit each.
    private var sameText: [UInt8] = []
    /// For the object being read, by declared key: its last value, when it was
    /// parsed where it stands (no recent object has its text).
    private var parsed: [Any?] = []
    /// Whether ``parsed`` holds any value.
    private var parsedAny = false

    /// Members kept across the objects of one read when `keepsMembers`.
    init(keepsMembers: Bool) {
        self.keepsMembers = keepsMembers
    }

    /// Starts an object with `keyCount` declared keys.
    mutating func beginObject(keyCount: Int) {
        if spans.count != keyCount {
            spans = Array(repeating: 0..<0, count: keyCount)
            sameText = Array(repeating: 0, count: keyCount)
            parsed = Array(repeating: nil, count: keyCount)
            parsedAny = false
            return
        }
        for key in 0..<keyCount {
            spans[key] = 0..<0
        }
        if parsedAny {
            for key in 0..<keyCount { parsed[key] = nil }
            parsedAny = false
        }
    }

    /// The members and choice of the recent object whose only declared member the
    /// object at `start` of `input` begins with, written as that object's without
    /// spaces, and the index after its value; `nil` when there is none.
    ///
    /// Only the text is compared: the object is checked by the read that follows.
    mutating func sameLeadingMember(
        at start: Int, in input: ByteView
    ) -> (members: [String: Any], choice: LastChoice, end: Int)? {
        for entry in entries where !entry.leading.isEmpty && input.hasBytes(entry.leading, at: start) {
            // The value ends where the text does (a number may go on).
            let end = start + entry.leading.count
            guard end < input.count else { continue }
            switch input[end] {
            case Byte.comma, Byte.closeBrace, Byte.space, Byte.newline, Byte.tab, Byte.carriageReturn: break
            default: continue
            }
            lastChoice = entry.choice
            return (entry.members, entry.choice, end)
        }
        return nil
    }

    /// Whether the object being read has a value for declared key `key` so far.
    func hasValue(ofKey key: Int) -> Bool { !spans[key].isEmpty }

    /// Reads the value of declared key `key` at the scanner's position: checked and
    /// skipped when a recent object has the same text for the key, parsed otherwise.
    mutating func readValue(ofKey key: Int, from scanner: inout JSONAdapter.MemberScanner) throws(JSONParsingError) {
        let start = scanner.index
        var candidates: UInt8 = 0
        for entry in entries.indices where scanner.input.hasBytes(entries[entry].texts[key], at: start) {
            candidates |= 1 << entry
        }
        if candidates != 0 {
            try scanner.skipValue()
            // The value is an entry's when it ends where that entry's text does (a number may go on).
            let length = scanner.index - start
            for entry in entries.indices where entries[entry].texts[key].count != length {
                candidates &= ~(1 << entry)
            }
            if candidates != 0 {
                spans[key] = start..<scanner.index
                sameText[key] = candidates
                if parsedAny { parsed[key] = nil }
                return
            }
            scanner.index = start
        }
        parsed[key] = try scanner.parseValueTree()
        parsedAny = true
        spans[key] = start..<scanner.index
        sameText[key] = 0
    }

    /// Whether the members of any object are kept.
    var holdsMembers: Bool { !entries.isEmpty }

    /// The members of the recent object whose declared values have the text of
    /// those of the object read (absent where its are), and the choice kept with
    /// them; `nil` when no recent object has.
    mutating func sameMembers() -> (members: [String: Any], choice: LastChoice)? {
        guard !entries.isEmpty else { return nil }
        var same: UInt8 = (1 << entries.count) &- 1
        for key in spans.indices {
            if spans[key].isEmpty {
                for entry in entries.indices where !entries[entry].texts[key].isEmpty { same &= ~(1 << entry) }
            } else {
                same &= sameText[key]
            }
        }
        guard same != 0 else { return nil }
        let entry = entries[same.trailingZeroBitCount]
        lastChoice = entry.choice
        return (entry.members, entry.choice)
    }

    /// The declared members of the object read, named by `cluster`'s keys: a recent
    /// object's when every value has its text, made (and kept) otherwise.
    ///
    /// `scanner` is the one the object was read from; it is left where it is.
    mutating func members(
        of cluster: ClusterMembers, from scanner: inout JSONAdapter.MemberScanner
    ) throws(JSONParsingError) -> [String: Any] {
        if let same = sameMembers() { return same.members }
        let keys = cluster.keys
        var members: [String: Any] = [:]
        let end = scanner.index
        defer { scanner.index = end }
        for key in keys.indices where !spans[key].isEmpty {
            if let value = parsed[key] {
                members[keys[key]] = value
            } else {
                // A value with the text of one read before: it parses as that one did.
                scanner.index = spans[key].lowerBound
                members[keys[key]] = try scanner.parseValueTree()
            }
        }
        if keepsMembers {
            let texts = spans.map { Array(scanner.input.bytes($0)) }
            let leading = cluster.leadingKey.map { key in texts[0].isEmpty ? [] : key + texts[0] } ?? []
            let entry = Entry(
                texts: texts, members: members, choice: LastChoice(texts: texts, of: cluster), leading: leading)
            lastChoice = entry.choice
            if entries.count < Self.capacity {
                entries.append(entry)
            } else {
                entries[nextReplaced] = entry
                nextReplaced = (nextReplaced + 1) % Self.capacity
            }
        }
        return members
    }
}
