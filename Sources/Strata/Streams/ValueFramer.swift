import Foundation

/// Concatenated JSON, a top-level array's elements, and the elements of an
/// array inside an envelope object: elements found by ``ValueExtent``.
///
/// For an envelope, the framer walks the objects along the key path: each other
/// member's value is framed the same way and kept as a ``JSONValue`` in
/// ``envelope``; at the last key, the array's elements are the stream's.
struct ValueFramer: StreamFramer {
    /// Where the framer is in the document.
    private enum Phase {
        /// Before the document's value (or, for concatenated JSON, between values).
        case start
        /// In an envelope object at `level`, before a key (`first`: or before its `}`).
        case beforeKey(level: Int, first: Bool)
        /// In a key's string, at `level`.
        case key(level: Int)
        /// After a key, before its colon.
        case colon(level: Int)
        /// After a colon, before the member's value.
        case memberValue(level: Int)
        /// In the value of another member of the envelope.
        case otherMember(level: Int)
        /// After a member, before `,` or `}`.
        case afterMember(level: Int)
        /// Inside the array, before its first element or its `]`.
        case arrayStart
        /// Inside the array, after a `,`.
        case beforeElement
        /// In an element (or, for concatenated JSON, a value).
        case element
        /// After an element, before `,` or `]`.
        case afterElement
        /// After the document's value: only whitespace may follow.
        case done
    }

    private let isConcatenated: Bool
    private let keyPath: [String]
    private let maximumDepth: Int
    private var phase = Phase.start
    private var extent = ValueExtent()
    /// The offset of the first byte of the element, key or member being read.
    private var start = 0
    /// How far the bytes have been looked at.
    private var scanned = 0
    /// The line at ``scanned``.
    private var line = 1
    /// The line ``start`` is on.
    private var startLine = 1
    /// The key just read, and the envelope's other members so far, by level.
    private var key = ""
    private var members: [[String: JSONValue]] = []
    private var foundArray = false

    init(framing: JSONFraming, maximumDepth: Int) {
        isConcatenated = framing.kind == .concatenated
        keyPath = framing.keyPath
        self.maximumDepth = maximumDepth
    }

    mutating func begin(at offset: Int) {
        start = offset
        scanned = offset
    }

    var retainedFrom: Int {
        switch phase {
        case .element, .key, .otherMember: return start
        default: return scanned
        }
    }

    var envelope: JSONValue? {
        guard !keyPath.isEmpty else { return nil }
        // Each level's members, with the level below nested under its key.
        var result: JSONValue?
        for level in members.indices.reversed() {
            var object = members[level]
            if let inner = result { object[keyPath[level]] = inner }
            result = .object(object)
        }
        return result ?? .object([:])
    }

    mutating func next(in view: ByteView, base: Int, atEnd: Bool) throws(StreamFramingError) -> FramerStep {
        let count = view.count
        var i = scanned - base
        defer { scanned = base + i }
        while true {
            switch phase {
            case .element, .otherMember, .key:
                break
            default:
                // Whitespace between the structure's bytes.
                while i < count {
                    let byte = view[unchecked: i]
                    guard isJSONWhitespace(byte) else { break }
                    if byte == Byte.newline { line += 1 }
                    i += 1
                }
                guard i < count else {
                    guard atEnd else { return .needsMore }
                    return try finish(at: base + i)
                }
            }
            switch phase {
            case .start:
                if isConcatenated {
                    try startElement(at: base + i, first: view[unchecked: i])
                    continue
                }
                let expected = keyPath.isEmpty ? Byte.openBracket : Byte.openBrace
                try expect(expected, view[unchecked: i], at: base + i, what: keyPath.isEmpty ? "a JSON array" : "a JSON object")
                i += 1
                if keyPath.isEmpty {
                    phase = .arrayStart
                } else {
                    members = [[:]]
                    phase = .beforeKey(level: 0, first: true)
                }
            case .beforeKey(let level, let first):
                let byte = view[unchecked: i]
                if first, byte == Byte.closeBrace {
                    i += 1
                    try closeObject(level: level, at: base + i - 1)
                    continue
                }
                try expect(Byte.quote, byte, at: base + i, what: "a member's key")
                start = base + i
                startLine = line
                extent.reset()
                phase = .key(level: level)
            case .key(let level):
                guard let end = try extent.scan(view, from: &i, maximumDepth: maximumDepth, base: base, line: line) else {
                    if atEnd { return try finish(at: base + i) }
                    return .needsMore
                }
                key = try Self.string(view, from: start - base, to: end, line: line, offset: start)
                phase = .colon(level: level)
            case .colon(let level):
                try expect(Byte.colon, view[unchecked: i], at: base + i, what: "':' after the key")
                i += 1
                phase = .memberValue(level: level)
            case .memberValue(let level):
                let byte = view[unchecked: i]
                if key == keyPath[level] {
                    if foundArray {
                        throw framingError("The envelope has the key \"\(key)\" twice.", at: base + i)
                    }
                    if level == keyPath.count - 1 {
                        try expect(Byte.openBracket, byte, at: base + i, what: "the array at \(keyPath.joined(separator: "."))")
                        i += 1
                        foundArray = true
                        phase = .arrayStart
                    } else {
                        try expect(Byte.openBrace, byte, at: base + i, what: "an object at \(keyPath[...level].joined(separator: "."))")
                        i += 1
                        members.append([:])
                        phase = .beforeKey(level: level + 1, first: true)
                    }
                    continue
                }
                start = base + i
                startLine = line
                extent.reset()
                phase = .otherMember(level: level)
            case .otherMember(let level):
                guard let end = try extent.scan(view, from: &i, maximumDepth: maximumDepth, base: base, line: line) else {
                    if atEnd { return try finish(at: base + i) }
                    return .needsMore
                }
                line += extent.newlines
                members[level][key] = try Self.value(view, from: start - base, to: end, line: startLine, offset: start)
                phase = .afterMember(level: level)
            case .afterMember(let level):
                let byte = view[unchecked: i]
                i += 1
                if byte == Byte.comma {
                    phase = .beforeKey(level: level, first: false)
                } else {
                    try expect(Byte.closeBrace, byte, at: base + i - 1, what: "',' or '}' after a member")
                    try closeObject(level: level, at: base + i - 1)
                }
            case .arrayStart, .beforeElement:
                if case .arrayStart = phase, view[unchecked: i] == Byte.closeBracket {
                    i += 1
                    closeArray()
                    continue
                }
                try startElement(at: base + i, first: view[unchecked: i])
            case .element:
                guard let end = try extent.scan(view, from: &i, maximumDepth: maximumDepth, base: base, line: line) else {
                    if atEnd, extent.isScalarInProgress {
                        // A number or literal that the end of the stream ends.
                        return frameElement(endingAt: base + i)
                    }
                    if atEnd { return try finish(at: base + i) }
                    return .needsMore
                }
                return frameElement(endingAt: base + end)
            case .afterElement:
                let byte = view[unchecked: i]
                i += 1
                if byte == Byte.comma {
                    phase = .beforeElement
                } else {
                    try expect(Byte.closeBracket, byte, at: base + i - 1, what: "',' or ']' after an element")
                    closeArray()
                }
            case .done:
                throw framingError(
                    "The document goes on after its \(keyPath.isEmpty ? "array" : "object") ends. "
                        + "Fix the stream, or read it with the framing that it has.",
                    at: base + i)
            }
        }
    }

    /// Begins an element at `offset`, whose first byte is `first`.
    private mutating func startElement(at offset: Int, first: UInt8) throws(StreamFramingError) {
        switch first {
        case Byte.comma, Byte.colon, Byte.closeBracket, Byte.closeBrace:
            throw framingError(
                "Expected a value, found '\(Character(Unicode.Scalar(first)))'. Fix the stream: "
                    + "its elements cannot be told apart from here on.",
                at: offset)
        default: break
        }
        start = offset
        startLine = line
        extent.reset()
        phase = .element
    }

    /// The element from ``start`` to `end`, and the phase after it.
    private mutating func frameElement(endingAt end: Int) -> FramerStep {
        line += extent.newlines
        phase = isConcatenated ? .start : .afterElement
        return .frame(StreamFrame(start: start, end: end, line: startLine))
    }

    /// The array's `]` has been read.
    private mutating func closeArray() {
        phase = keyPath.isEmpty ? .done : .afterMember(level: keyPath.count - 1)
    }

    /// The `}` of the envelope's object at `level` has been read.
    private mutating func closeObject(level: Int, at offset: Int) throws(StreamFramingError) {
        guard level > 0 else {
            guard foundArray else {
                throw framingError(
                    "The envelope has no array at \(keyPath.joined(separator: ".")). "
                        + "Fix the key path, or read the document with JSONAdapter.model(of:from:).",
                    at: offset)
            }
            phase = .done
            return
        }
        phase = .afterMember(level: level - 1)
    }

    /// What the end of the stream means where the framer is.
    private mutating func finish(at offset: Int) throws(StreamFramingError) -> FramerStep {
        switch phase {
        case .done: return .finished
        case .start where isConcatenated: return .finished
        case .start:
            throw framingError(
                "The stream is empty: it has no \(keyPath.isEmpty ? "array" : "object"). Fix the stream.", at: offset)
        default:
            let inside = isConcatenated ? "a value" : keyPath.isEmpty ? "its array" : "its envelope"
            throw framingError(
                "The stream ends inside \(inside): it is cut short. Fix the stream; the elements before this point were read.",
                at: offset)
        }
    }

    private mutating func expect(_ expected: UInt8, _ byte: UInt8, at offset: Int, what: String) throws(StreamFramingError) {
        guard byte != expected else { return }
        throw framingError(
            "Expected \(what), found '\(Character(Unicode.Scalar(byte)))'. Fix the stream: "
                + "its elements cannot be told apart from here on.",
            at: offset)
    }

    private func framingError(_ reason: String, at offset: Int) -> StreamFramingError {
        StreamFramingError(reason: reason, offset: offset, line: line)
    }

    /// The key in `view[from..<to]`, its quotes included.
    private static func string(
        _ view: ByteView, from: Int, to: Int, line: Int, offset: Int
    ) throws(StreamFramingError) -> String {
        guard case .string(let key) = try value(view, from: from, to: to, line: line, offset: offset) else {
            throw StreamFramingError(reason: "A key of the envelope is not a string.", offset: offset, line: line)
        }
        return key
    }

    /// The value in `view[from..<to]`, read by Strata's reader.
    private static func value(
        _ view: ByteView, from: Int, to: Int, line: Int, offset: Int
    ) throws(StreamFramingError) -> JSONValue {
        let data = Data(view.bytes(from..<to))
        do {
            return try JSONValue(json: JSONReader.nativeObject(with: data, options: .fragmentsAllowed))
        } catch {
            throw StreamFramingError(
                reason: "A member of the envelope is not valid JSON: \(error) Fix the stream.", offset: offset, line: line)
        }
    }
}
