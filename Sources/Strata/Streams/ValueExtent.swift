/// Finds where one JSON value ends, incrementally: its strings (and their
/// escapes) and the nesting of its arrays and objects, whose brackets must match.
///
/// It checks no more than that: the value's own syntax is the reader's to check
/// once the value is whole. A value that is not an array, object or string ends
/// before the first byte that cannot be part of it (whitespace, a bracket, a
/// comma, a quote), or at the end of the stream.
struct ValueExtent {
    /// The closing byte of each array and object open in the value, innermost last.
    private var closers: [UInt8] = []
    private var inString = false
    private var escaped = false
    private var inScalar = false
    /// Whether the value has begun.
    private(set) var hasBegun = false
    /// LFs seen in the value so far.
    private(set) var newlines = 0

    /// Starts a new value.
    mutating func reset() {
        closers.removeAll(keepingCapacity: true)
        inString = false
        escaped = false
        inScalar = false
        hasBegun = false
        newlines = 0
    }

    /// Whether the value is a number or literal, which only the end of the stream
    /// or the next byte can end.
    var isScalarInProgress: Bool { inScalar }

    /// Scans `view` from `index`: returns the index just past the value's end, or
    /// `nil` having scanned every byte; `index` is where it stopped.
    ///
    /// A value that nests deeper than `maximumDepth`, or whose brackets do not
    /// match, is an error (`offset` gives `base`, to report where).
    mutating func scan(
        _ view: ByteView, from index: inout Int, maximumDepth: Int, base: Int, line: Int
    ) throws(StreamFramingError) -> Int? {
        let count = view.count
        var i = index
        defer { index = i }
        if !hasBegun, i < count {
            hasBegun = true
            switch view[unchecked: i] {
            case Byte.quote, Byte.openBrace, Byte.openBracket: break
            default: inScalar = true
            }
        }
        if inScalar {
            while i < count {
                switch view[unchecked: i] {
                case 0x20, 0x0A, 0x0D, 0x09, Byte.comma, Byte.closeBracket, Byte.closeBrace, Byte.openBracket,
                    Byte.openBrace, Byte.quote:
                    inScalar = false
                    return i
                default: i += 1
                }
            }
            return nil
        }
        while i < count {
            if inString {
                // The bytes of a string up to its quote or next escape.
                while i < count {
                    let byte = view[unchecked: i]
                    if escaped {
                        escaped = false
                    } else if byte == Byte.backslash {
                        escaped = true
                    } else if byte == Byte.quote {
                        break
                    }
                    i += 1
                }
                guard i < count else { return nil }
                inString = false
                i += 1
                if closers.isEmpty { return i }
                continue
            }
            let byte = view[unchecked: i]
            i += 1
            switch byte {
            case Byte.quote:
                inString = true
            case Byte.openBrace, Byte.openBracket:
                guard closers.count < maximumDepth else {
                    throw StreamFramingError(
                        reason: "An element nests arrays and objects more than \(maximumDepth) levels deep. "
                            + "Flatten the data, or raise maximumNestingDepth in the options.",
                        offset: base + i - 1, line: line + newlines)
                }
                closers.append(byte == Byte.openBrace ? Byte.closeBrace : Byte.closeBracket)
            case Byte.closeBrace, Byte.closeBracket:
                guard let closer = closers.popLast(), closer == byte else {
                    throw StreamFramingError(
                        reason: "An element has a '\(Character(Unicode.Scalar(byte)))' that closes no "
                            + "\(byte == Byte.closeBrace ? "object" : "array"). Fix the stream: "
                            + "its elements cannot be told apart from here on.",
                        offset: base + i - 1, line: line + newlines)
                }
                if closers.isEmpty { return i }
            case Byte.newline:
                newlines += 1
            default:
                break
            }
        }
        return nil
    }
}
