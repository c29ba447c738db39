import Foundation

/// Server-sent events: lines ending with CR, LF or CRLF, each a field, a
/// comment or blank; a blank line dispatches the event its fields built (see
/// ``ServerSentEvent``).
///
/// An event the stream ends before its blank line is not dispatched, as the HTML
/// standard says, and it is an error: the stream was cut short.
struct EventFramer: StreamFramer {
    /// The offset of the current line's first byte.
    private var start = 0
    /// How far the bytes have been searched for a line's end.
    private var scanned = 0
    /// Whether the last line ended with a CR, so an LF first is no new line.
    private var afterCR = false
    private var line = 1
    /// The event being built: the stream range of its one `data:` line's value,
    /// read where it lies, until a second line makes ``data`` join them.
    private var firstData: Range<Int>?
    private var data = Data()
    private var dataLines = 0
    private var eventType: String?
    private var eventStart = 0
    private var eventLine = 1
    private var isEventStarted = false
    /// What events keep from one to the next.
    private var lastEventID: String?
    private var retry: Int?

    mutating func begin(at offset: Int) {
        start = offset
        scanned = offset
    }

    /// The current line's start, or the event's one data line while it is read where it lies.
    var retainedFrom: Int {
        if dataLines == 1, let firstData { return min(firstData.lowerBound, start) }
        return start
    }

    mutating func next(in view: ByteView, base: Int, atEnd: Bool) throws(StreamFramingError) -> FramerStep {
        let count = view.count
        while true {
            var index = scanned - base
            if afterCR, index < count, index == start - base {
                afterCR = false
                if view[unchecked: index] == Byte.newline {
                    index += 1
                    start += 1
                }
            }
            index = Self.firstLineEnd(in: view, from: index)
            scanned = base + index
            guard index < count else {
                guard atEnd else { return .needsMore }
                // A last line without its end is a line; an event without its blank line is cut short.
                if start - base < count {
                    _ = process(view, from: start - base, to: count, offset: start, line: line)
                    start = base + count
                }
                guard dataLines == 0 else {
                    throw StreamFramingError(
                        reason: "The stream ends inside an event: its data has no blank line after it, so the event "
                            + "is not dispatched. Fix the stream, or end it with a blank line.",
                        offset: eventStart, line: eventLine)
                }
                return .finished
            }
            afterCR = view[unchecked: index] == Byte.carriageReturn
            let lineStart = start - base
            start = base + index + 1
            scanned = start
            let thisLine = line
            line += 1
            if var event = process(view, from: lineStart, to: index, offset: base + lineStart, line: thisLine) {
                event.endsBytesHeld = !atEnd && scanned == base + count
                return .frame(event)
            }
        }
    }

    /// Applies one line; the event it dispatches, if any.
    private mutating func process(_ view: ByteView, from: Int, to: Int, offset: Int, line: Int) -> StreamFrame? {
        guard from < to else { return dispatch() }
        if !isEventStarted {
            isEventStarted = true
            eventStart = offset
            eventLine = line
        }
        // A comment.
        if view[unchecked: from] == Byte.colon { return nil }
        var colon = from
        while colon < to, view[unchecked: colon] != Byte.colon { colon += 1 }
        var valueStart = min(colon + 1, to)
        if valueStart < to, view[unchecked: valueStart] == Byte.space { valueStart += 1 }
        let field = view.bytes(from..<colon)
        let value = view.bytes(valueStart..<to)
        if Self.field(field, is: "data") {
            // The stream offset of the view's first byte.
            let base = offset - from
            if dataLines == 0 {
                firstData = (base + valueStart)..<(base + to)
            } else {
                if dataLines == 1, let firstData {
                    // Still held: the framer retains it (see retainedFrom).
                    data = Data(view.bytes((firstData.lowerBound - base)..<(firstData.upperBound - base)))
                }
                data.append(Byte.newline)
                data.append(contentsOf: value)
            }
            dataLines += 1
        } else if Self.field(field, is: "event") {
            eventType = String(decoding: value, as: UTF8.self)
        } else if Self.field(field, is: "id") {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if Self.field(field, is: "retry") {
            if !value.isEmpty, value.allSatisfy({ $0 >= Byte.zero && $0 <= Byte.nine }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                retry = milliseconds
            }
        }
        return nil
    }

    /// Whether the bytes of a field's name are `name`.
    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        name.utf8CodeUnitCount == bytes.count
            && name.withUTF8Buffer { name in name.elementsEqual(bytes) }
    }

    /// The index of the first LF or CR in `view` from `index`, eight bytes at a
    /// time; `view.count` when there is none.
    private static func firstLineEnd(in view: ByteView, from index: Int) -> Int {
        var index = index
        let count = view.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let newlines = ones &* UInt64(Byte.newline)
        let returns = ones &* UInt64(Byte.carriageReturn)
        while index + 8 <= count {
            let word = view.word(at: index)
            let lf = word ^ newlines
            let cr = word ^ returns
            // The lowest flagged byte of each mask is exact, so the lowest of both is the first end.
            let ends = ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs
            if ends != 0 { return index + ends.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            let byte = view[unchecked: index]
            if byte == Byte.newline || byte == Byte.carriageReturn { return index }
            index += 1
        }
        return count
    }

    /// The event built so far, at a blank line; `nil` when it has no data.
    private mutating func dispatch() -> StreamFrame? {
        defer {
            firstData = nil
            data = Data()
            dataLines = 0
            eventType = nil
            isEventStarted = false
        }
        guard dataLines > 0 else { return nil }
        let event = ServerSentEvent(
            event: eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message", id: lastEventID, retry: retry, data: ())
        var frame = StreamFrame(start: eventStart, end: eventStart, line: eventLine, event: event)
        if dataLines == 1 { frame.bytes = firstData } else { frame.assembled = data }
        return frame
    }
}
