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
