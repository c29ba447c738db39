/// JSON Lines and RFC 7464 text sequences: elements cut at a separator byte (LF,
/// or RS).
///
/// For lines, an element is a line without its LF (a CR before it is
/// whitespace to the reader) and a line of whitespace is skipped; the last line
/// needs no LF. For text sequences, an element is what follows an RS up to the
/// next one; what comes before the first RS must be whitespace.
struct LineFramer: StreamFramer {
    /// The byte that ends (lines) or starts (text sequences) an element.
    let separator: UInt8
    /// The offset of the current line or record's first byte.
    private var start = 0
    /// How far the bytes have been searched for the separator.
    private var scanned = 0
    /// The line ``start`` is on.
    private var line = 1
    /// LFs seen in the current record since ``start`` (text sequences).
    private var linesInRecord = 0
    /// Whether an RS has been seen (text sequences).
    private var sawSeparator = false

    init(separator: UInt8) {
        self.separator = separator
    }

    mutating func begin(at offset: Int) {
        start = offset
        scanned = offset
    }

    var retainedFrom: Int { start }

    mutating func next(in view: ByteView, base: Int, atEnd: Bool) throws(StreamFramingError) -> FramerStep {
        let count = view.count
        while true {
            let from = scanned - base
            let found = separator == Byte.newline ? Self.firstNewline(in: view, from: from) : firstSeparator(in: view, from: from)
            guard let found else {
                scanned = base + count
                guard atEnd else { return .needsMore }
                // The last line, or record, has no separator after it.
                let frame = try element(from: start, to: base + count, view: view, base: base, isFirst: !sawSeparator)
                start = base + count
                if let frame { return .frame(frame) }
                return .finished
            }
            let end = base + found
            let frame = try element(from: start, to: end, view: view, base: base, isFirst: !sawSeparator)
            if separator == Byte.newline {
                start = end + 1
            } else {
                sawSeparator = true
                // The record begins after its RS.
                start = end + 1
                line += linesInRecord
                linesInRecord = 0
            }
            scanned = start
            if var frame {
                frame.endsBytesHeld = !atEnd && found + 1 == count
                return .frame(frame)
            }
        }
    }

    /// The element in `from..<to`, or `nil` when it is only whitespace; moves the
    /// line count past a line.
    private mutating func element(
        from: Int, to: Int, view: ByteView, base: Int, isFirst: Bool
    ) throws(StreamFramingError) -> StreamFrame? {
        let frameLine = line
        if separator == Byte.newline { line += 1 }
        var index = from - base
        while index < to - base, isJSONWhitespace(view[unchecked: index]) { index += 1 }
        guard index < to - base else { return nil }
        if separator != Byte.newline, isFirst {
            throw StreamFramingError(
                reason: "A JSON text sequence has bytes before its first record separator (RS, 0x1E). "
                    + "Fix the stream, or read it with the framing that it has.",
                offset: base + index, line: frameLine)
        }
        return StreamFrame(start: from, end: to, line: frameLine)
    }

    /// The index of the first LF in `view` from `index`, eight bytes at a time.
    private static func firstNewline(in view: ByteView, from index: Int) -> Int? {
        var index = index
        let count = view.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let newlines = ones &* UInt64(Byte.newline)
        while index + 8 <= count {
            let word = view.word(at: index) ^ newlines
            let zeros = (word &- ones) & ~word & highs
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            if view[unchecked: index] == Byte.newline { return index }
            index += 1
        }
        return nil
    }

    /// The index of the first RS from `index`, counting the LFs before it into the
    /// record's lines.
    private mutating func firstSeparator(in view: ByteView, from index: Int) -> Int? {
        var index = index
        while index < view.count {
            let byte = view[unchecked: index]
            if byte == separator { return index }
            if byte == Byte.newline { linesInRecord += 1 }
            index += 1
        }
        return nil
    }
}
