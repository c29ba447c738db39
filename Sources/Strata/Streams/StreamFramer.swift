import Foundation

/// One element found in a stream by a ``StreamFramer``: where its bytes are, or
/// the bytes themselves when the framing assembles them (an event's `data:` lines).
@usableFromInline
struct StreamFrame {
    /// The stream offset of the element's first byte (of its event, for events).
    var start: Int
    /// The stream offset just past its last byte; unused when ``bytes`` or
    /// ``assembled`` says where the element's bytes are.
    var end: Int
    /// The line it starts on, from 1.
    var line: Int
    /// The stream range of the element's bytes, when it is not `start..<end` (an
    /// event's one `data:` line).
    var bytes: Range<Int>?
    /// Whether the framer has read every byte it was given, the stream not
    /// ended, so that it needs more bytes before it finds anything else.
    ///
    /// A framer may leave it `false`.
    @usableFromInline
    var endsBytesHeld = false
    /// The element's bytes, when they are not one range of the stream.
    var assembled: Data?
    /// An event's fields other than its data, for server-sent events.
    var event: ServerSentEvent<Void>?
}

/// What a framer found in the bytes it has been given so far.
@usableFromInline
enum FramerStep {
    /// An element, which the caller reads before asking for the next.
    case frame(StreamFrame)
    /// More bytes are needed to find the next element.
    case needsMore
    /// The stream has ended, and holds no more elements.
    case finished
}

/// A framing error: the stream cannot be cut into elements from here on.
struct StreamFramingError: Error {
    /// What is wrong and what to do.
    var reason: String
    /// The stream offset where it was found.
    var offset: Int
    /// The line it is on.
    var line: Int
}

/// Cuts a stream's bytes into elements, incrementally: it is given the bytes
/// held so far and keeps its state between calls, so a chunk may end anywhere.
///
/// Offsets are the stream's, from its first byte; the view it is given starts at
/// `base`. Everything before ``retainedFrom`` may be dropped by the caller.
protocol StreamFramer {
    /// Starts at `offset` (past a BOM).
    mutating func begin(at offset: Int)
    /// The next element in `view` (the stream's bytes from `base`), given that
    /// nothing follows when `atEnd`.
    mutating func next(in view: ByteView, base: Int, atEnd: Bool) throws(StreamFramingError) -> FramerStep
    /// The offset of the first byte still needed.
    var retainedFrom: Int { get }
    /// The members of the envelope around the array read so far (``JSONFraming/array(at:)``).
    var envelope: JSONValue? { get }
}

extension StreamFramer {
    var envelope: JSONValue? { nil }
}

/// Bytes the framers name.
extension Byte {
    static let recordSeparator: UInt8 = 0x1E
}

/// Whether `byte` is JSON whitespace.
@inline(__always)
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}
