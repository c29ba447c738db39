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
    /// The event being built.
    private var data = Data()
    private var hasData = false
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

    var retainedFrom: Int { start }

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
            while index < count {
                let byte = view[unchecked: index]
                if byte == Byte.newline || byte == Byte.carriageReturn { break }
                index += 1
            }
            scanned = base + index
            guard index < count else {
                guard atEnd else { return .needsMore }
                // A last line without its end is a line; an event without its blank line is cut short.
                if start - base < count {
                    _ = process(view, from: start - base, to: count, offset: start, line: line)
                    start = base + count
                }
                guard !hasData else {
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
            if let event = process(view, from: lineStart, to: index, offset: base + lineStart, line: thisLine) {
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
        let field = String(decoding: view.bytes(from..<colon), as: UTF8.self)
        let value = view.bytes(valueStart..<to)
        switch field {
        case "data":
            if hasData { data.append(Byte.newline) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= Byte.zero && $0 <= Byte.nine }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                retry = milliseconds
            }
        default:
            break
        }
        return nil
    }

    /// The event built so far, at a blank line; `nil` when it has no data.
    private mutating func dispatch() -> StreamFrame? {
        defer {
            data = Data()
            hasData = false
            eventType = nil
            isEventStarted = false
        }
        guard hasData else { return nil }
        let event = ServerSentEvent(
            event: eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message", id: lastEventID, retry: retry, data: data)
        return StreamFrame(start: eventStart, end: eventStart, line: eventLine, assembled: data, event: event)
    }
}
