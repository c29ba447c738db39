import Foundation

/// A member's string found in an object without reading the object into values:
/// the tag of a tagged object (see `JSONAdapter+TaggedReading.swift`).
extension JSONScanner {
    /// The string at the key path `segments` in the object at the scanner's position.
    ///
    /// The object starts with `{`; the string is the one a dictionary of the object
    /// holds, the last member with a key counting. `nil` when a key of the path is absent,
    /// a value on the way is not an object, or the value is not a string.
    ///
    /// The whole object is checked, as the parser checks it, and skipped: the
    /// scanner is left after it.
    mutating func stringMember(at segments: ArraySlice<String>) throws(JSONParsingError) -> String? {
        guard let key = segments.first else {
            try skipValue()
            return nil
        }
        let keyIsASCII = key.utf8.allSatisfy { $0 < 0x80 }
        var found: Position?
        if try beginObject() {
            var afterComma = false
            repeat {
                let matches: Bool
                switch try memberKey(afterComma: afterComma) {
                case .ascii(let bytes):
                    // Keys equal as strings: bytes alike for an ASCII key, canonical equivalence otherwise.
                    matches = keyIsASCII ? bytes.elementsEqual(key.utf8) : String(decoding: bytes, as: UTF8.self) == key
                case .decoded(let decoded):
                    matches = decoded == key
                }
                afterComma = true
                if matches { found = position }
                try skipValue()
            } while try nextMember()
        }
        guard let found else { return nil }
        let end = position
        position = found
        let string: String?
        if segments.count == 1 {
            string = nextByte == Byte.quote ? try parseString() : nil
        } else {
            string = nextByte == Byte.openBrace ? try stringMember(at: segments.dropFirst()) : nil
        }
        position = end
        return string
    }
}

extension JSONScanner {
    /// The string of the object's first member at the scanner's position when that
    /// member's key is `key`, and the index just after the string; `nil` when the
    /// object is empty, its first key is another, or the value is not a string.
    ///
    /// Reads only the first member: the scanner is left inside the object, and the
    /// caller sets its position back.
    mutating func leadingStringMember(_ key: TagKeyBytes) throws(JSONParsingError) -> (String, end: Int)? {
        guard nextByte == Byte.openBrace, try beginObject() else { return nil }
        switch try memberKey(afterComma: false) {
        case .ascii(let bytes):
            guard bytes.elementsEqual(key.bytes) else { return nil }
        case .decoded(let decoded):
            guard decoded.utf8.elementsEqual(key.bytes) else { return nil }
        }
        guard nextByte == Byte.quote else { return nil }
        let string = try parseString()
        return (string, index)
    }

    /// Whether a member after the first of the object at `start` has the key `key`.
    ///
    /// The object's members are read one by one, their values skipped, so that a
    /// key inside a nested value does not count. The scanner is left where it was.
    /// For an object already checked: the caller asks only when ``mayHoldKey(_:from:)``
    /// finds the key's bytes, or an escape, after the first member.
    mutating func laterMemberHasKey(_ key: TagKeyBytes, inObjectAt start: Position) throws(JSONParsingError) -> Bool {
        let end = position
        defer { position = end }
        position = start
        guard try beginObject() else { return false }
        _ = try memberKey(afterComma: false)
        try skipValue()
        while try nextMember() {
            switch try memberKey(afterComma: true) {
            case .ascii(let bytes):
                if bytes.elementsEqual(key.bytes) { return true }
            case .decoded(let decoded):
                if decoded.utf8.elementsEqual(key.bytes) { return true }
            }
            try skipValue()
        }
        return false
    }

    /// Whether the bytes from `start` to the scanner's index may hold a member
    /// whose key is `key`: they contain its bytes, or a `\u` escape, which may
    /// spell them.
    ///
    /// `false` means no member there has that key.
    func mayHoldKey(_ key: TagKeyBytes, from start: Int) -> Bool {
        guard start < index else { return false }
        return input.contains(key.quoted, anchor: key.anchor, in: start..<index)
            || input.contains([Byte.backslash, UInt8(ascii: "u")], anchor: 0, in: start..<index)
    }

}

/// A tag's key as bytes, when its every spelling in JSON text other than its
/// own bytes uses a `\u` escape: printable ASCII without `"`, `\`, `/`, and
/// without `K`, `;` and `` ` ``, which other characters (the Kelvin sign,
/// the Greek question mark, the Greek varia) are canonically equivalent to.
struct TagKeyBytes: Sendable {
    /// The key's UTF-8 bytes.
    let bytes: [UInt8]
    /// ``bytes`` between quotes: the key as it stands in JSON text without escapes.
    let quoted: [UInt8]
    /// The index in ``quoted`` of the byte searched for first: the key's letter that
    /// is rarest in English text, where most of a payload's strings are written.
    let anchor: Int

    init?(_ key: String) {
        let bytes = Array(key.utf8)
        let excluded: Set<UInt8> = [0x22, 0x5C, 0x2F, 0x4B, 0x3B, 0x60]
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !excluded.contains($0) }) else { return nil }
        self.bytes = bytes
        quoted = [Byte.quote] + bytes + [Byte.quote]
        let byFrequency = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
        func rarity(_ byte: UInt8) -> Int { byFrequency.firstIndex(of: byte | 0x20) ?? byFrequency.count / 2 }
        anchor = 1 + (bytes.indices.max { rarity(bytes[$0]) < rarity(bytes[$1]) } ?? 0)
    }
}
