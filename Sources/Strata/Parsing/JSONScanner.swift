import Foundation

/// The byte-level RFC 8259 parser, generic over the shape it builds.
///
/// The scanner is iterative: open arrays and objects live on an explicit
/// container stack and their finished children on one reusable value stack
/// (plus a key stack for objects), so nesting depth is bounded only by
/// `maximumDepth` and never by the thread's call stack.
///
/// Every read is preceded by an explicit `index < count` check, and goes through
/// ``ByteView``, which checks it again in builds that check; the view is only
/// valid inside the `withUnsafeBytes` call that created the scanner.
struct JSONScanner<Builder: JSONValueBuilder> {
    /// The document's bytes.
    let input: ByteView
    /// How many bytes the document has.
    var count: Int { input.count }
    var index: Int = 0
    private var builder: Builder
    let maximumDepth: Int
    /// Containers opened outside ``parseValueTree()`` by the member-wise reader
    /// (see `JSONScanner+Members.swift`); they count towards `maximumDepth`.
    var outerDepth = 0
    /// Reused buffer for strings that contain escapes.
    private var scratch: [UInt8] = []
    /// The stacks of ``parseContainerTree()``, empty between its calls and kept with
    /// their capacity: the arrays, objects and values a document holds are parsed
    /// one after another (a record's tags, then the next record's), and each
    /// would otherwise allocate and free the three.
    private var treeStacks = TreeStacks()
    /// The spans of the strings of an array being read by `plainStringArray()`, empty
    /// between its calls and kept with its capacity.
    private var stringSpans: [Range<Int>] = []

    /// The reused buffer of string spans, moved out (`self` keeps an empty one).
    mutating func takeStringSpans() -> [Range<Int>] {
        var spans: [Range<Int>] = []
        swap(&spans, &stringSpans)
        return spans
    }

    /// Gives back the buffer `takeStringSpans()` moved out, emptied, with its capacity.
    mutating func returnStringSpans(_ spans: inout [Range<Int>]) {
        spans.removeAll(keepingCapacity: true)
        swap(&spans, &stringSpans)
    }

    /// The explicit stacks of a tree being parsed: its open containers, and the
    /// finished values and keys of their members.
    private struct TreeStacks {
        var containers: [OpenContainer] = []
        var values: [Builder.Value] = []
        var keys: [String] = []
    }

    private struct OpenContainer {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
    }

    init(input: ByteView, builder: Builder, maximumDepth: Int) {
        self.input = input
        self.builder = builder
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON text: optional UTF-8 BOM, whitespace, one value, whitespace, end of input.
    mutating func parseDocument(topLevelContainerRequired: Bool) throws(JSONParsingError) -> Builder.Value {
        try beginDocument(topLevelContainerRequired: topLevelContainerRequired)
        let value = try parseValueTree()
        try endDocument()
        return value
    }

    /// Skips an optional UTF-8 BOM and whitespace, up to the top-level value.
    mutating func beginDocument(topLevelContainerRequired: Bool) throws(JSONParsingError) {
        if count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            index = 3
        }
        skipWhitespace()
        if topLevelContainerRequired, index < count, input[index] != Byte.openBrace, input[index] != Byte.openBracket {
            throw makeError(.topLevelContainerRequired, at: index)
        }
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func endDocument() throws(JSONParsingError) {
        skipWhitespace()
        if index < count {
            throw makeError(.unexpectedCharacter(input[index], expected: "end of input after the top-level value"), at: index)
        }
    }

    // MARK: - Structure

    /// ``parseValueTree()`` with every number of more than 15 significant digits
    /// given to the builder as its nearest `Double` alone: for a value whose numbers
    /// only ever become `Double`s, which the digits past a `Double`'s precision
    /// cannot change.
    mutating func parseValueTreeWithBinaryNumbers() throws(JSONParsingError) -> Builder.Value {
        let keeps = builder.keepsPreciseDigits
        builder.setKeepsPreciseDigits(false)
        defer { builder.setKeepsPreciseDigits(keeps) }
        return try parseValueTree()
    }

    mutating func parseValueTree() throws(JSONParsingError) -> Builder.Value {
        // A scalar on its own (most values a model reads): no container stacks to set up.
        if index < count, input[index] != Byte.openBrace, input[index] != Byte.openBracket,
            let scalar = try parseScalar(startingWith: input[index])
        {
            return scalar
        }
        return try parseContainerTree()
    }

    /// The scalar at `index`, which starts with `byte`, or `nil` when no value starts
    /// with that byte (a container does too: the caller handles both).
    @inline(__always)
    private mutating func parseScalar(startingWith byte: UInt8) throws(JSONParsingError) -> Builder.Value? {
        switch byte {
        case Byte.quote:
            return builder.string(try parseString())
        case Byte.t:
            try expectLiteral(Byte.trueLiteral)
            return builder.bool(true)
        case Byte.f:
            try expectLiteral(Byte.falseLiteral)
            return builder.bool(false)
        case Byte.n:
            try expectLiteral(Byte.nullLiteral)
            return builder.null()
        case Byte.minus, Byte.zero...Byte.nine:
            return try parseNumber()
        default:
            return nil
        }
    }

    /// ``parseValueTree()`` for a value that may be a container: an explicit stack,
    /// so that deep input cannot exhaust the call stack.
    private mutating func parseContainerTree() throws(JSONParsingError) -> Builder.Value {
        // The reused stacks, moved out for the parse (left empty in `self`) and moved
        // back emptied, with their capacity, however it ends.
        var stacks = TreeStacks()
        swap(&stacks, &treeStacks)
        defer {
            stacks.containers.removeAll(keepingCapacity: true)
            stacks.values.removeAll(keepingCapacity: true)
            stacks.keys.removeAll(keepingCapacity: true)
            swap(&stacks, &treeStacks)
        }
        return try parseContainerTree(with: &stacks.containers, &stacks.values, &stacks.keys)
    }

    /// ``parseContainerTree()`` on the given stacks, which are empty.
    private mutating func parseContainerTree(
        with containers: inout [OpenContainer], _ values: inout [Builder.Value], _ keys: inout [String]
    ) throws(JSONParsingError) -> Builder.Value {
        while true {
            // Parse one value starting at `index` (whitespace already skipped).
            guard index < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a value"), at: index)
            }
            var value: Builder.Value
            let byte = input[index]
            switch byte {
            case Byte.openBrace, Byte.openBracket:
                let isObject = byte == Byte.openBrace
                if containers.count + outerDepth >= maximumDepth {
                    throw makeError(.maximumDepthExceeded(maximumDepth), at: index)
                }
                index += 1
                skipWhitespace()
                if index < count, input[index] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    index += 1
                    value = isObject ? builder.object(keys: [], values: []) : builder.array([])
                } else {
                    if containers.capacity == 0 {
                        // Enough for typical documents without regrowing; a few hundred bytes at most.
                        containers.reserveCapacity(16)
                        values.reserveCapacity(32)
                        keys.reserveCapacity(32)
                    }
                    containers.append(OpenContainer(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                    if isObject {
                        keys.append(try parseKey(afterComma: false))
                    }
                    skipWhitespace()
                    continue
                }
            default:
                if let scalar = try parseScalar(startingWith: byte) {
                    value = scalar
                    break
                }
                // Inside an array a value is only required here after ',' (an empty array was handled above).
                let isTrailingComma = byte == Byte.closeBracket && containers.last?.isObject == false
                throw makeError(
                    .unexpectedCharacter(byte, expected: isTrailingComma ? Self.trailingCommaHint : "a value"),
                    at: index
                )
            }

            // Attach the finished value to its parent, closing as many containers as the input closes.
            while true {
                guard let top = containers.last else { return value }
                values.append(value)
                skipWhitespace()
                guard index < count else {
                    throw makeError(
                        .unexpectedEndOfInput(
                            expected: top.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"), at: index)
                }
                let separator = input[index]
                if top.isObject {
                    if separator == Byte.comma {
                        index += 1
                        skipWhitespace()
                        keys.append(try parseKey(afterComma: true))
                        skipWhitespace()
                        break
                    } else if separator == Byte.closeBrace {
                        index += 1
                        value = builder.object(keys: keys[top.keyStart...], values: values[top.valueStart...])
                        keys.removeSubrange(top.keyStart...)
                        values.removeSubrange(top.valueStart...)
                        containers.removeLast()
                    } else {
                        throw makeError(.unexpectedCharacter(separator, expected: "',' or '}' after an object member"), at: index)
                    }
                } else {
                    if separator == Byte.comma {
                        index += 1
                        skipWhitespace()
                        break
                    } else if separator == Byte.closeBracket {
                        index += 1
                        value = builder.array(values[top.valueStart...])
                        values.removeSubrange(top.valueStart...)
                        containers.removeLast()
                    } else {
                        throw makeError(.unexpectedCharacter(separator, expected: "',' or ']' after an array element"), at: index)
                    }
                }
            }
        }
    }

    static var trailingCommaNote: String { " (JSON does not allow a trailing comma)" }
    private static var trailingCommaHint: String { "a value after ','" + trailingCommaNote }

    /// Parses `"key"`, whitespace and `:`; leaves `index` after the colon and following whitespace is not skipped.
    @inline(__always)
    private mutating func parseKey(afterComma: Bool) throws(JSONParsingError) -> String {
        try expectKeyStart(afterComma: afterComma)
        let key = try parseString()
        try expectColon()
        return key
    }

    /// Checks that a key's opening quote is at `index`.
    @inline(__always)
    mutating func expectKeyStart(afterComma: Bool) throws(JSONParsingError) {
        guard index < count else {
            throw makeError(.unexpectedEndOfInput(expected: Self.expectedKeyStart(afterComma: afterComma)), at: index)
        }
        guard input[index] == Byte.quote else {
            let isTrailingComma = afterComma && input[index] == Byte.closeBrace
            throw makeError(
                .unexpectedCharacter(
                    input[index],
                    expected: Self.expectedKeyStart(afterComma: afterComma) + (isTrailingComma ? Self.trailingCommaNote : "")),
                at: index
            )
        }
    }

    /// What ``expectKeyStart(afterComma:)`` expected, for its errors: made only when
    /// one is thrown, so that reading a key makes no `String`.
    private static func expectedKeyStart(afterComma: Bool) -> String {
        afterComma ? "'\"' to begin an object key after ','" : "'\"' to begin an object key or '}' to end the object"
    }

    /// Skips whitespace after a key and consumes its `:`.
    @inline(__always)
    mutating func expectColon() throws(JSONParsingError) {
        skipWhitespace()
        guard index < count else {
            throw makeError(.unexpectedEndOfInput(expected: "':' after an object key"), at: index)
        }
        guard input[index] == Byte.colon else {
            throw makeError(.unexpectedCharacter(input[index], expected: "':' after an object key"), at: index)
        }
        index += 1
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            let byte = input[index]
            // Every whitespace byte is at most a space: anything above ends the run at once.
            guard byte <= Byte.space else { return }
            switch byte {
            case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab:
                index += 1
                // Spaces (indentation) a word at a time, up to the first other byte.
                index = firstMarkedByte(from: index) { $0 ^ 0x2020_2020_2020_2020 }
            default:
                return
            }
        }
    }

    /// Consumes `literal` (`true`, `false` or `null`); its name in an error is its own
    /// text, so no `String` is made unless one is thrown.
    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParsingError) {
        let bytes = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            let position = index + offset
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "the literal \(literal)"), at: position)
            }
            guard input[position] == bytes[offset] else {
                throw makeError(.unexpectedCharacter(input[position], expected: "the literal \(literal)"), at: position)
            }
        }
        index += literal.utf8CodeUnitCount
    }

    // MARK: - Strings

    /// Parses a string whose opening quote is at `index`; leaves `index` after the closing quote.
    ///
    /// Non-ASCII bytes are skipped by the scan and validated once, by ``string(validating:)``, when the
    /// string is made; only if that fails does ``validateUTF8(from:to:)`` walk the bytes to locate the error.
    mutating func parseString() throws(JSONParsingError) -> String {
        let start = index + 1
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
            if byte == Byte.quote {
                index = position + 1
                guard Builder.usesStrings else {
                    // Checked, not made: the value is skipped.
                    if highBits & 0x8080_8080_8080_8080 != 0 { try validateUTF8(from: start, to: position) }
                    return ""
                }
                let utf8 = input.bytes(start..<position)
                if highBits & 0x8080_8080_8080_8080 == 0 {
                    return String(decoding: utf8, as: UTF8.self)
                }
                if let string = Self.string(validating: utf8) {
                    return string
                }
                try validateUTF8(from: start, to: position)
                throw makeError(.invalidUTF8(input[start]), at: start)  // not reached: the walk above throws
            } else if byte == Byte.backslash {
                if highBits & 0x8080_8080_8080_8080 != 0 {
                    try validateUTF8(from: start, to: position)
                }
                return try parseEscapedString(start: start, escapeAt: position)
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

    // MARK: - Numbers

    /// Parses an RFC 8259 number at `index` into the builder's value.
    private mutating func parseNumber() throws(JSONParsingError) -> Builder.Value {
        let start = index
        switch try scanNumber() {
        case .integer(let value): return builder.integer(value)
        case .unsigned(let value): return builder.unsignedInteger(value)
        case .double(let value): return builder.double(value)
        case .preciseDouble(let value):
            // More digits than a Double keeps faithfully (15): a builder that asks for
            // the text may keep its precision.
            guard builder.keepsPreciseDigits else { return builder.double(value) }
            return builder.preciseDouble(value, text: numberText(from: start, to: index))
        case .bigInteger:
            let text = numberText(from: start, to: index)
            // A Decimal only while it holds every digit as written.
            if let decimal = Decimal(string: text, locale: nil), !decimal.isNaN, decimal.description == text {
                return builder.bigInteger(decimal)
            }
            // Past Decimal's 128-bit mantissa the digits would be rounded, and past its
            // range (about 3.4e165) it has no value at all: a Double says plainly that the
            // value is approximate (no integer type can hold it), as JSONSerialization
            // reads it. Only an integer too large for a Double too is refused.
            guard let approximate = Double(text), approximate.isFinite else {
                throw makeError(.numberOutOfRange(text), at: start)
            }
            return builder.double(approximate)
        }
    }

    /// Reads the RFC 8259 number at `index`, leaving `index` after it.
    @inline(__always)
    mutating func scanNumber() throws(JSONParsingError) -> ScannedNumber {
        let start = index
        var position = index
        let negative = input[position] == Byte.minus
        if negative { position += 1 }

        var mantissa: UInt64 = 0
        var mantissaOverflow = false

        // Integer part.
        guard position < count else {
            throw makeError(.unexpectedEndOfInput(expected: "a digit after '-'"), at: position)
        }
        let first = input[position]
        if first == Byte.zero {
            position += 1
            if position < count, Self.isDigit(input[position]) {
                throw makeError(.invalidNumber(reason: "leading zeros are not allowed"), at: start)
            }
        } else if Self.isDigit(first) {
            _ = accumulateDigits(at: &position, into: &mantissa, overflow: &mantissaOverflow)
        } else {
            throw makeError(.unexpectedCharacter(first, expected: "a digit after '-'"), at: position)
        }

        var isInteger = true
        var fractionDigits = 0
        if position < count, input[position] == Byte.period {
            isInteger = false
            position += 1
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a digit after the decimal point"), at: position)
            }
            guard Self.isDigit(input[position]) else {
                throw makeError(.unexpectedCharacter(input[position], expected: "a digit after the decimal point"), at: position)
            }
            fractionDigits = accumulateDigits(at: &position, into: &mantissa, overflow: &mantissaOverflow)
        }

        var exponent = 0
        var exponentSaturated = false
        if position < count, input[position] | 0x20 == Byte.e {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < count, input[position] == Byte.plus || input[position] == Byte.minus {
                exponentNegative = input[position] == Byte.minus
                position += 1
            }
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a digit in the exponent"), at: position)
            }
            guard Self.isDigit(input[position]) else {
                throw makeError(.unexpectedCharacter(input[position], expected: "a digit in the exponent"), at: position)
            }
            while position < count, Self.isDigit(input[position]) {
                // Saturate: the text gives the value of an exponent this large.
                if exponent < 1_000_000 {
                    exponent = exponent * 10 + Int(input[position] - Byte.zero)
                } else {
                    exponentSaturated = true
                }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = position

        if isInteger {
            if !mantissaOverflow {
                if negative {
                    if mantissa <= UInt64(Int.max) + 1 { return .integer(Int(truncatingIfNeeded: 0 &- mantissa)) }
                } else if mantissa <= UInt64(Int.max) {
                    return .integer(Int(mantissa))
                } else {
                    return .unsigned(mantissa)
                }
            }
            return .bigInteger
        }

        // Exact fast path (Clinger): mantissa and power of ten are both exact doubles.
        let decimalExponent = exponent - fractionDigits
        let exact = !mantissaOverflow && !exponentSaturated
        if exact, mantissa < 1_000_000_000_000_000, decimalExponent >= -22, decimalExponent <= 22 {
            var value = Double(mantissa)
            let power = Self.powerOfTen(decimalExponent < 0 ? -decimalExponent : decimalExponent)
            value = decimalExponent < 0 ? value / power : value * power
            return .double(negative ? -value : value)
        }

        // The nearest Double from the two integers; from the text only when the
        // digits overflow a UInt64, the exponent saturates, or the rounding is too
        // close to call.
        let nearest = exact ? NearestDouble.nearest(mantissa: mantissa, exponent: decimalExponent) : nil
        guard let magnitude = nearest ?? Double(numberText(from: negative ? start + 1 : start, to: position)),
            magnitude.isFinite
        else {
            throw makeError(.numberOutOfRange(numberText(from: start, to: position)), at: start)
        }
        let value = negative ? -magnitude : magnitude
        return mantissaOverflow || mantissa >= 1_000_000_000_000_000 ? .preciseDouble(value) : .double(value)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- Byte.zero < 10 }

    /// Reads the digits from `position` on into `mantissa` (`overflow` set, and
    /// `mantissa` left as it was, once it would pass `UInt64`), leaving `position`
    /// after them; returns how many there were.
    ///
    /// Eight at a time while eight digits follow and the mantissa has room for
    /// them, then one at a time.
    @inline(__always)
    private func accumulateDigits(at position: inout Int, into mantissa: inout UInt64, overflow: inout Bool) -> Int {
        let first = position
        while !overflow, mantissa < 100_000_000_000, position + 8 <= count {
            let word = input.word(at: position)
            guard Self.areEightDigits(word) else { break }
            mantissa = mantissa &* 100_000_000 &+ Self.valueOfEightDigits(word)
            position += 8
        }
        while position < count, Self.isDigit(input[position]) {
            Self.accumulate(input[position], into: &mantissa, overflow: &overflow)
            position += 1
        }
        return position - first
    }

    /// Whether every byte of `word` is an ASCII digit: its high nibble is 3, and
    /// still 3 once 6 is added (which carries out of the nibble from `:` on).
    @inline(__always)
    private static func areEightDigits(_ word: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        return word & highNibbles == threes && (word &+ 0x0606_0606_0606_0606) & highNibbles == threes
    }

    /// The value of the eight ASCII digits of `word`, the first in its lowest byte:
    /// pairs of digits combined into bytes, pairs of those into 16-bit lanes, and
    /// the two 4-digit halves by one multiplication whose high half is the sum.
    @inline(__always)
    private static func valueOfEightDigits(_ word: UInt64) -> UInt64 {
        let digits = word &- 0x3030_3030_3030_3030
        // Each 16-bit lane's low byte: 10 × its first digit + its second.
        let pairs = (digits &* 10) &+ (digits >> 8)
        let lowPairs = pairs & 0x0000_00FF_0000_00FF
        let highPairs = (pairs >> 16) & 0x0000_00FF_0000_00FF
        // Bits 32 and up of the sum: pair1 × 1,000,000 + pair2 × 10,000 + pair3 × 100 + pair4.
        return (lowPairs &* (100 &+ (1_000_000 << 32)) &+ highPairs &* (1 &+ (10_000 << 32))) >> 32
    }

    @inline(__always)
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, overflow: inout Bool) {
        if overflow { return }
        let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - Byte.zero))
        if overflow1 || overflow2 { overflow = true } else { mantissa = sum }
    }

    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    private func numberText(from start: Int, to end: Int) -> String {
        String(decoding: input.bytes(start..<end), as: UTF8.self)
    }

    // MARK: - Errors

    /// Builds an error at byte `offset`, computing its line and column (only on the failure path).
    func makeError(_ kind: JSONParsingError.Kind, at offset: Int) -> JSONParsingError {
        let end = min(max(offset, 0), count)
        var line = 1
        var lineStart = 0
        var position = 0
        while position < end {
            if input[position] == Byte.newline {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var column = 1
        position = lineStart
        while position < end {
            if input[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return JSONParsingError(kind: kind, offset: offset, line: line, column: column)
    }
}

/// ASCII bytes the scanner and writer compare against.
enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let b: UInt8 = 0x62
    static let e: UInt8 = 0x65
    static let f: UInt8 = 0x66
    static let n: UInt8 = 0x6E
    static let r: UInt8 = 0x72
    static let t: UInt8 = 0x74
    static let u: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let trueLiteral: StaticString = "true"
    static let falseLiteral: StaticString = "false"
    static let nullLiteral: StaticString = "null"

    /// Whether `byte` may stand as it is inside a plain string.
    ///
    /// A plain string is one the scanner reads from its bytes (see `plainStringEnd()`):
    /// ASCII from the space up, but not `"` or `\`, so its bytes are its characters,
    /// with no escape to decode.
    @inline(__always)
    static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte >= space && byte < 0x80 && byte != quote && byte != backslash
    }
}

/// A number literal as the scanner reads it, before a value builder makes its
/// value; the literal's text is the input between where the scan started and
/// where it stopped.
enum ScannedNumber {
    /// An integer that fits `Int`.
    case integer(Int)
    /// A non-negative integer above `Int.max` that fits `UInt64`.
    case unsigned(UInt64)
    /// An integer outside `Int64.min...UInt64.max`, whose value its text gives.
    case bigInteger
    /// A number with a fraction or exponent and at most 15 significant digits:
    /// its nearest `Double`.
    case double(Double)
    /// A number with a fraction or exponent and more than 15 significant digits:
    /// its nearest `Double`, which its text makes more precise.
    case preciseDouble(Double)
}
