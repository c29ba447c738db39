import Foundation

/// Member-wise reading, for mapping JSON straight to models: the caller walks an
/// object's members (or an array's elements) itself, matches each key against
/// its mapping, and parses only the values it wants, with ``parseValueTree()``.
///
/// The steps accept and reject exactly what ``parseDocument(topLevelContainerRequired:)``
/// does, with the same errors at the same offsets: a document read member-wise is
/// checked as strictly as one parsed whole. Containers opened here count towards
/// `maximumDepth` through `outerDepth`.
extension JSONScanner {
    /// A member's key that is not one the caller expected (see
    /// ``readKey(_:)``): its bytes in the input when it is plain ASCII without
    /// escapes (the common case, compared without making a `String`), or the
    /// decoded string otherwise.
    enum MemberKey {
        case ascii(UnsafeBufferPointer<UInt8>)
        case decoded(String)
    }

    /// The byte at `index`, or `nil` at the end of the input.
    var nextByte: UInt8? { index < count ? input[index] : nil }

    /// Where the member-wise reader is in the document: what a reader that gives up
    /// on a value sets back, to read the value again another way.
    struct Position {
        fileprivate let index: Int
        fileprivate let outerDepth: Int
    }

    /// The reader's position, to set back after a read that gave up part-way
    /// (whatever it threw: the reusable buffers are left empty however a read ends).
    var position: Position {
        get { Position(index: index, outerDepth: outerDepth) }
        set {
            index = newValue.index
            outerDepth = newValue.outerDepth
        }
    }

    /// Consumes the `{` at `index`.
    ///
    /// Returns whether the object has members; an empty object is consumed
    /// whole.
    mutating func beginObject() throws(JSONParsingError) -> Bool {
        try beginContainer(closedBy: Byte.closeBrace)
    }

    /// A key the member-wise reader expects, recognised by comparing its quoted
    /// bytes where the input's key stands: the key is plain (ASCII without `"`, `\`
    /// or bytes below the space), so the same bytes in the input are that key and no
    /// other.
    struct ExpectedKey {
        /// The key's bytes between its quotes, the quotes included.
        let quoted: ByteView
        /// The first eight bytes of ``quoted`` as a little-endian word, those past its
        /// end zero.
        let head: UInt64
        /// The bits of ``head`` that are ``quoted``'s: all of them for a quoted key of
        /// eight bytes or more.
        let headMask: UInt64

        /// The key quoted in `quoted`, whose memory holds at least eight bytes from
        /// its start (padding after a short key).
        init(quoted: ByteView, padded: ByteView) {
            self.quoted = quoted
            headMask = quoted.count >= 8 ? ~0 : (1 << UInt64(8 * quoted.count)) &- 1
            head = padded.word(at: 0) & headMask
        }
    }

    /// Reads the member's key and its `:` when the key is `key`, leaving `index` at
    /// the value, and returns `true`; returns `false`, having read nothing,
    /// otherwise.
    ///
    /// The key is recognised by comparing its bytes where it stands, without
    /// looking for the string's end first: a key the caller expects (the next one
    /// of its mapping, or one it knows to skip).
    mutating func readKey(_ key: ExpectedKey) throws(JSONParsingError) -> Bool {
        guard keyAtIndexIs(key) else { return false }
        index += key.quoted.count
        // `": "` or `":"` straight after the key (the common cases), or anything else
        // read by the general steps, which report what is wrong.
        if index &+ 1 < count, input[index] == Byte.colon {
            let next = input[index &+ 1]
            if next > Byte.space {
                index &+= 1
                return true
            }
            if next == Byte.space, index &+ 2 < count, input[index &+ 2] > Byte.space {
                index &+= 2
                return true
            }
        }
        try colonAndWhitespace()
        return true
    }

    /// ``expectColon()`` then ``skipWhitespace()``: out of line, for the cases
    /// ``readKey(_:)`` leaves to them.
    @inline(never)
    private mutating func colonAndWhitespace() throws(JSONParsingError) {
        try expectColon()
        skipWhitespace()
    }

    /// Reads a member's key and its `:`, leaving `index` at the value.
    ///
    /// `afterComma` is `false` for an object's first member.
    mutating func memberKey(afterComma: Bool) throws(JSONParsingError) -> MemberKey {
        try expectKeyStart(afterComma: afterComma)
        if let end = plainStringEnd() {
            let key = input.bytes((index + 1)..<end)
            index = end + 1
            try expectColon()
            skipWhitespace()
            return .ascii(key)
        }
        // Escapes, non-ASCII or an error: the string parser decodes or reports it.
        let key = try parseString()
        try expectColon()
        skipWhitespace()
        return .decoded(key)
    }

    /// Whether the input at `index` is the quoted `key`: its first eight bytes
    /// compared as one word, any others a word at a time.
    @inline(__always)
    private func keyAtIndexIs(_ key: ExpectedKey) -> Bool {
        guard index &+ 8 <= count else { return input.hasBytes(of: key.quoted, at: index) }
        guard (input.word(at: index) ^ key.head) & key.headMask == 0 else { return false }
        let length = key.quoted.count
        guard length > 8 else { return true }
        // The bytes after the first word: whole words, then the last word, which may
        // overlap the one before.
        guard index <= count &- length else { return false }
        var offset = 8
        while offset &+ 8 < length {
            guard input.word(at: index &+ offset) == key.quoted.word(at: offset) else { return false }
            offset &+= 8
        }
        return input.word(at: index &+ length &- 8) == key.quoted.word(at: length &- 8)
    }

    /// The string at `index` converted by `convert` from its bytes, and consumed, when
    /// it is plain (see ``plainStringEnd()``) and `convert` gives a value; `nil`, with
    /// nothing consumed, otherwise.
    mutating func plainString<Value>(_ convert: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        guard index < count, input[index] == Byte.quote, let end = plainStringEnd(),
            let value = convert(input.bytes((index + 1)..<end))
        else { return nil }
        index = end + 1
        return value
    }

    /// The array at `index` as `[String]`, and consumed, when it holds only plain
    /// strings (see ``plainStringEnd()``) and may open at this depth; `nil`, with
    /// nothing consumed, otherwise (the value parser then reads it, or reports
    /// what is wrong with it).
    ///
    /// The strings are found first and made once their number is known: the array
    /// is allocated once, at its size.
    mutating func plainStringArray() -> [String]? {
        let start = index
        guard index < count, input[index] == Byte.openBracket, outerDepth < maximumDepth else { return nil }
        index += 1
        skipWhitespace()
        if index < count, input[index] == Byte.closeBracket {
            index += 1
            return []
        }
        // The strings' spans (after their opening quotes), in the scanner's reused buffer.
        var spans = takeStringSpans()
        defer { returnStringSpans(&spans) }
        while index < count, input[index] == Byte.quote, let end = plainStringEnd() {
            spans.append(index + 1..<end)
            index = end + 1
            skipWhitespace()
            guard index < count else { break }
            if input[index] == Byte.closeBracket {
                index += 1
                var strings: [String] = []
                strings.reserveCapacity(spans.count)
                for span in spans {
                    strings.append(String(decoding: input.bytes(span), as: UTF8.self))
                }
                return strings
            }
            guard input[index] == Byte.comma else { break }
            index += 1
            skipWhitespace()
        }
        index = start
        return nil
    }

    /// For the string whose opening quote is at `index`: the position of its closing
    /// quote when every byte before it is plain ASCII (no escape, no control byte),
    /// or `nil` (the string parser then decodes it or reports the error).
    @inline(__always)
    private func plainStringEnd() -> Int? {
        // 8 plain ASCII bytes at a time, as in `parseString()`; then byte by byte from the
        // first that needs a look (a quote, a backslash, a control or non-ASCII byte).
        var position = firstMarkedByte(from: index + 1) { Self.attentionFlags($0) | ($0 & 0x8080_8080_8080_8080) }
        while position < count {
            let byte = input[position]
            if byte == Byte.quote { return position }
            if !Byte.isPlainStringByte(byte) { return nil }
            position += 1
        }
        return nil
    }

    /// After a member's value: consumes `,` and returns `true` when another member
    /// follows, or consumes `}` and returns `false`.
    mutating func nextMember() throws(JSONParsingError) -> Bool {
        try nextItem(closedBy: Byte.closeBrace, expected: "',' or '}' after an object member")
    }

    /// Consumes the `[` at `index`.
    ///
    /// Returns whether the array has elements; an empty array is consumed
    /// whole.
    mutating func beginArray() throws(JSONParsingError) -> Bool {
        try beginContainer(closedBy: Byte.closeBracket)
    }

    /// Before an element: rejects the `]` of a trailing comma, which
    /// ``parseValueTree()`` on its own would report as a missing value.
    mutating func expectElement() throws(JSONParsingError) {
        if index < count, input[index] == Byte.closeBracket {
            throw makeError(.unexpectedCharacter(Byte.closeBracket, expected: "a value after ','" + Self.trailingCommaNote), at: index)
        }
    }

    /// After an element: consumes `,` and returns `true` when another element
    /// follows, or consumes `]` and returns `false`.
    mutating func nextElement() throws(JSONParsingError) -> Bool {
        try nextItem(closedBy: Byte.closeBracket, expected: "',' or ']' after an array element")
    }

    /// Checks the value at `index` and moves past it without building it.
    mutating func skipValue() throws(JSONParsingError) {
        // A scalar (most values a mapping leaves out) is checked where it stands, as
        // `parseValueTree()` checks it; a container, or a string with escapes, by a
        // scanner that builds nothing.
        switch nextByte ?? 0 {
        case Byte.quote:
            if try skipUnescapedString() { return }
        case Byte.t, Byte.f:
            _ = try parseBool()
            return
        case Byte.n:
            _ = try parseNull()
            return
        case Byte.minus, Byte.zero...Byte.nine:
            _ = try scanNumber()
            return
        default:
            break
        }
        var skipper = JSONScanner<DiscardingJSONBuilder>(
            input: input, builder: DiscardingJSONBuilder(), maximumDepth: maximumDepth)
        skipper.index = index
        skipper.outerDepth = outerDepth
        // The reused stacks lent to the skipper, and taken back however it ends.
        let stacks = takeLentStacks()
        swap(&skipper.treeStacks, &stacks.skip)
        defer { swap(&skipper.treeStacks, &stacks.skip) }
        try skipper.parseValueTree()
        index = skipper.index
    }

    /// Checks the value at `index` and moves past it without building it, as
    /// ``skipValue()`` does, a small container first by ``skipsPlainContainer(nesting:)``.
    ///
    /// For the members of a class cluster's object that its `classForParsing(_:)`
    /// does not read, and for a tagged object kept as its text (`ObjectText`):
    /// small containers, which the value parser, set up for large ones, checks at
    /// several times the cost.
    mutating func skipValuePlainContainersFirst() throws(JSONParsingError) {
        if let byte = nextByte, byte == Byte.openBrace || byte == Byte.openBracket, skipsPlainContainer(nesting: 0) {
            return
        }
        try skipValue()
    }

    /// Moves past the container at `index` when it is well formed and plain.
    ///
    /// Plain: strings, numbers, literals, and containers of the same, at most
    /// ``plainNestingLimit`` deep. Otherwise returns
    /// `false` with nothing consumed, and ``skipValue()`` checks the container with
    /// the value parser, which reports what is wrong with it.
    ///
    /// `nesting` is how many containers around it this skip has opened.
    private mutating func skipsPlainContainer(nesting: Int) -> Bool {
        let start = index
        guard nesting < Self.plainNestingLimit, outerDepth + nesting < maximumDepth else { return false }
        let close = input[index] == Byte.openBrace ? Byte.closeBrace : Byte.closeBracket
        index += 1
        skipWhitespace()
        if index < count, input[index] == close {
            index += 1
            return true
        }
        while true {
            if close == Byte.closeBrace {
                guard index < count, input[index] == Byte.quote, (try? skipValue()) != nil else { break }
                skipWhitespace()
                guard index < count, input[index] == Byte.colon else { break }
                index += 1
                skipWhitespace()
            }
            guard index < count, skipsPlainValue(nesting: nesting + 1) else { break }
            skipWhitespace()
            guard index < count else { break }
            if input[index] == close {
                index += 1
                return true
            }
            guard input[index] == Byte.comma else { break }
            index += 1
            skipWhitespace()
        }
        index = start
        return false
    }

    /// How deep ``skipsPlainContainer(nesting:)`` goes before leaving a container to
    /// the value parser, whose stack is explicit.
    private static var plainNestingLimit: Int { 16 }

    /// Moves past the value at `index` as ``skipsPlainContainer(nesting:)`` does a
    /// member's (a scalar as ``skipValue()`` does); `false` when it is not plain or
    /// not well formed, `index` then anywhere.
    private mutating func skipsPlainValue(nesting: Int) -> Bool {
        switch input[index] {
        case Byte.openBrace, Byte.openBracket:
            return skipsPlainContainer(nesting: nesting)
        default:
            return (try? skipValue()) != nil
        }
    }

    private mutating func beginContainer(closedBy close: UInt8) throws(JSONParsingError) -> Bool {
        if outerDepth >= maximumDepth {
            throw makeError(.maximumDepthExceeded(maximumDepth), at: index)
        }
        index += 1
        skipWhitespace()
        if index < count, input[index] == close {
            index += 1
            return false
        }
        outerDepth += 1
        return true
    }

    private mutating func nextItem(closedBy close: UInt8, expected: StaticString) throws(JSONParsingError) -> Bool {
        skipWhitespace()
        guard index < count else {
            throw makeError(.unexpectedEndOfInput(expected: "\(expected)"), at: index)
        }
        let separator = input[index]
        index += 1
        if separator == Byte.comma {
            skipWhitespace()
            return true
        }
        if separator == close {
            outerDepth -= 1
            return false
        }
        index -= 1
        throw makeError(.unexpectedCharacter(separator, expected: "\(expected)"), at: index)
    }
}

/// Builds nothing: the scanner specialised for it only checks a value.
struct DiscardingJSONBuilder: JSONValueBuilder {
    static var usesStrings: Bool { false }
    @inline(__always) func string(_ value: String) {}
    @inline(__always) func integer(_ value: Int) {}
    @inline(__always) func unsignedInteger(_ value: UInt64) {}
    @inline(__always) func bigInteger(_ value: Decimal) {}
    @inline(__always) func double(_ value: Double) {}
    @inline(__always) func inexactNumber(text: String) -> Void? { () }
    @inline(__always) func bool(_ value: Bool) {}
    @inline(__always) func null() {}
    @inline(__always) func array(_ elements: ArraySlice<Void>) {}
    @inline(__always) func object(keys: ArraySlice<String>, values: ArraySlice<Void>) {}
}
