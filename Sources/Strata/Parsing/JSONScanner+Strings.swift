/// Strings: plain bytes skipped eight at a time, escapes decoded into `scratch`,
/// and UTF-8 validated once per string.
extension JSONScanner {
    /// Parses a string whose opening quote is at `index`; leaves `index` after the closing quote.
    ///
    /// Non-ASCII bytes are skipped by the scan and validated once, by ``string(validating:)``, when the
    /// string is made; only if that fails does ``validateUTF8(from:to:)`` walk the bytes to locate the error.
    mutating func parseString() throws(JSONParsingError) -> String {
        let start = index + 1
        let (position, hasNonASCII) = try unescapedRun(from: start)
        if input[position] == Byte.quote {
            index = position + 1
            guard Builder.usesStrings else {
                // Checked, not made: the value is skipped.
                if hasNonASCII { try validateUTF8(from: start, to: position) }
                return ""
            }
            let utf8 = input.bytes(start..<position)
            if !hasNonASCII {
                return String(decoding: utf8, as: UTF8.self)
            }
            if let string = Self.string(validating: utf8) {
                return string
            }
            try validateUTF8(from: start, to: position)
            throw makeError(.invalidUTF8(input[start]), at: start)  // not reached: the walk above throws
        }
        // A backslash: the bytes before it are checked with the rest of the string, or
        // before the error it meets.
        return try parseEscapedString(start: start, escapeAt: position)
    }

    /// Moves past the string whose opening quote is at `index` without making it,
    /// when it has no escape.
    ///
    /// Checks it as ``parseString()`` does. Returns `false`, having read nothing,
    /// when the string has an escape.
    mutating func skipUnescapedString() throws(JSONParsingError) -> Bool {
        let start = index + 1
        let (position, hasNonASCII) = try unescapedRun(from: start)
        guard input[position] == Byte.quote else { return false }
        if hasNonASCII { try validateUTF8(from: start, to: position) }
        index = position + 1
        return true
    }

    /// From `start`, inside a string: the position of the first `"` or `\`.
    ///
    /// Also whether any byte before it is not ASCII. Throws at a control byte or at
    /// the end of the input, whichever comes first.
    @inline(__always)
    private func unescapedRun(from start: Int) throws(JSONParsingError) -> (end: Int, hasNonASCII: Bool) {
        var position = start
        var highBits: UInt64 = 0
        while true {
            // Skip 8 plain bytes at a time (no quote, backslash or control byte), then jump straight
            // to the first byte that needs a look.
            position = firstMarkedByte(from: position) { word in
                highBits |= word
                return Self.attentionFlags(word)
            }
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "'\"' to close the string"), at: position)
            }
            let byte = input[position]
            if byte == Byte.quote || byte == Byte.backslash {
                return (position, highBits & 0x8080_8080_8080_8080 != 0)
            } else if byte < 0x20 {
                throw makeError(.unescapedControlCharacter(byte), at: position)
            } else {
                highBits |= UInt64(byte)
                position += 1
            }
        }
    }

    /// The high bit of each byte of `word` (read little-endian) that is `"`, `\` or below 0x20; zero when
    /// there is none.
    ///
    /// Bits above the lowest set one may be false positives (borrows), but the lowest set bit always marks
    /// the first such byte. Bytes of 0x80 and above are never flagged.
    @inline(__always)
    static func attentionFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(Byte.quote))
        let backslashes = word ^ (ones &* UInt64(Byte.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & highs
    }

    /// From `position`, eight bytes at a time: the position of the first byte that
    /// `marks` flags in its word (the lowest set bit of `marks(word)` is in that
    /// byte), or the position where fewer than eight bytes are left, for the caller
    /// to walk byte by byte.
    ///
    /// Each word is read little-endian, only where `position + 8 <= count`.
    @inline(__always)
    func firstMarkedByte(from position: Int, marks: (UInt64) -> UInt64) -> Int {
        var position = position
        while position &+ 8 <= count {
            let word = input.word(at: position)
            let flags = marks(word)
            if flags != 0 { return position &+ flags.trailingZeroBitCount &>> 3 }
            position &+= 8
        }
        return position
    }

    /// The string of `utf8`, or `nil` when the bytes are not valid UTF-8: what
    /// ``ValidatedText`` gives, with the bytes compared a word at a time rather than
    /// by its code generic over the collection.
    ///
    /// `String(decoding:as:)` replaces each ill-formed sequence with U+FFFD, whose
    /// bytes an ill-formed sequence never has, so the string's bytes are the input's
    /// exactly when there was none.
    private static func string(validating utf8: UnsafeBufferPointer<UInt8>) -> String? {
        let string = String(decoding: utf8, as: UTF8.self)
        let unchanged = string.utf8.withContiguousStorageIfAvailable { decoded -> Bool in
            ByteView(decoded).hasSameBytes(as: ByteView(utf8))
        }
        switch unchanged {
        case true?: return string
        case false?: return nil
        case nil: return ValidatedText.string(utf8: utf8)
        }
    }

    /// Validates the UTF-8 in `start..<end`, throwing at the first ill-formed sequence.
    private func validateUTF8(from start: Int, to end: Int) throws(JSONParsingError) {
        var position = start
        while position < end {
            position = input[position] < 0x80 ? position + 1 : try validateUTF8Sequence(at: position)
        }
    }

    /// Slow path for a string with escapes: decodes into `scratch`, then makes the `String`.
    ///
    /// The bytes between escapes are found eight at a time and copied in one piece;
    /// their UTF-8 is checked once, in the finished string. Before any error is
    /// thrown, the bytes before it are checked: an ill-formed sequence earlier in the
    /// string is reported first, as a walk byte by byte would.
    private mutating func parseEscapedString(start: Int, escapeAt firstEscape: Int) throws(JSONParsingError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var plainStart = start
        var position = firstEscape
        do throws(JSONParsingError) {
            while true {
                // The next quote, backslash or control byte (non-ASCII bytes are plain here).
                position = firstMarkedByte(from: position) { Self.attentionFlags($0) }
                while position < count, input[position] != Byte.quote, input[position] != Byte.backslash,
                    input[position] >= 0x20
                {
                    position += 1
                }
                guard position < count else {
                    throw makeError(.unexpectedEndOfInput(expected: "'\"' to close the string"), at: position)
                }
                scratch.append(contentsOf: input.bytes(plainStart..<position))
                let byte = input[position]
                if byte == Byte.quote {
                    guard Builder.usesStrings else {
                        // Checked, not made: the value is skipped.
                        try validateUTF8(from: start, to: position)
                        index = position + 1
                        return ""
                    }
                    if let string = scratch.withUnsafeBufferPointer({ Self.string(validating: $0) }) {
                        index = position + 1
                        return string
                    }
                    try validateUTF8(from: start, to: position)
                    throw makeError(.invalidUTF8(input[start]), at: start)  // not reached: the walk above throws
                } else if byte == Byte.backslash {
                    position = try decodeEscape(at: position)
                    plainStart = position
                } else {
                    throw makeError(.unescapedControlCharacter(byte), at: position)
                }
            }
        } catch {
            try validateUTF8(from: start, to: Swift.min(position, count))
            throw error
        }
    }

    /// Decodes the escape whose backslash is at `position` into `scratch`; returns the position after it.
    private mutating func decodeEscape(at position: Int) throws(JSONParsingError) -> Int {
        guard position + 1 < count else {
            throw makeError(.unexpectedEndOfInput(expected: "an escape character after '\\'"), at: position + 1)
        }
        let decoded: UInt8
        switch input[position + 1] {
        case Byte.quote: decoded = Byte.quote
        case Byte.backslash: decoded = Byte.backslash
        case Byte.slash: decoded = Byte.slash
        case Byte.b: decoded = 0x08
        case Byte.f: decoded = 0x0C
        case Byte.n: decoded = Byte.newline
        case Byte.r: decoded = Byte.carriageReturn
        case Byte.t: decoded = Byte.tab
        case Byte.u:
            return try decodeUnicodeEscape(at: position)
        default:
            throw makeError(.invalidEscape(input[position + 1]), at: position)
        }
        scratch.append(decoded)
        return position + 2
    }

    /// Decodes `\uXXXX` (and a following low-surrogate escape when needed) at `position`.
    private mutating func decodeUnicodeEscape(at position: Int) throws(JSONParsingError) -> Int {
        let unit = try readHex4(at: position + 2)
        var scalarValue = UInt32(unit)
        var next = position + 6
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard next + 1 < count, input[next] == Byte.backslash, input[next + 1] == Byte.u else {
                throw makeError(.unpairedSurrogate(unit), at: position)
            }
            let low = try readHex4(at: next + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw makeError(.unpairedSurrogate(unit), at: position)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw makeError(.unpairedSurrogate(unit), at: position)
        }
        appendUTF8(scalarValue)
        return next
    }

    private func readHex4(at position: Int) throws(JSONParsingError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            let at = position + offset
            guard at < count else {
                throw makeError(.unexpectedEndOfInput(expected: "four hexadecimal digits after '\\u'"), at: at)
            }
            let byte = input[at]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: throw makeError(.invalidUnicodeEscape, at: position - 2)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte is at `position`
    /// (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF).
    ///
    /// Returns the position after the sequence.
    private func validateUTF8Sequence(at position: Int) throws(JSONParsingError) -> Int {
        let lead = input[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw makeError(.invalidUTF8(lead), at: position)
        }
        for offset in 1..<length {
            let at = position + offset
            guard at < count else {
                throw makeError(.invalidUTF8(lead), at: position)
            }
            let byte = input[at]
            let (minimum, maximum) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= minimum && byte <= maximum else {
                throw makeError(.invalidUTF8(byte), at: at)
            }
        }
        return position + length
    }
}
