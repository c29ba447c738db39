import Foundation

/// The bytes of a stream held while its elements are found: at most the element
/// being read, the bytes that came in last, and 64 KiB already read.
///
/// Bytes every element found so far is done with are dropped before more are
/// appended.
@usableFromInline
struct FrameBuffer {
    /// Where the bytes are: the whole stream, given at once, or the bytes
    /// appended so far.
    private enum Held {
        case whole(Data)
        case appended(StreamBytes)
    }

    private let held: Held
    /// The stream offset of the first byte held.
    private(set) var base = 0
    private var framer: any StreamFramer
    /// Whether the source has ended.
    private(set) var isEnded = false
    /// Whether a BOM has been looked for, at the stream's start.
    private var hasBegun = false
    /// Whether the framer has read every byte held, so that it needs more until
    /// bytes are appended or the stream ends: the framer is then not asked.
    private var isScanned = false

    /// An empty buffer, filled by ``append(_:)`` or through ``bytesForAppending()``.
    init(framer: any StreamFramer) {
        self.framer = framer
        held = .appended(StreamBytes())
    }

    /// A buffer holding the whole stream, `data`, which it does not copy.
    init(framer: any StreamFramer, whole data: Data) {
        self.framer = framer
        held = .whole(data)
        isEnded = true
    }

    /// The members of the envelope read so far, for an array inside one.
    var envelope: JSONValue? { framer.envelope }

    /// How many bytes are held.
    var heldCount: Int {
        switch held {
        case .whole(let data): return data.count
        case .appended(let bytes): return bytes.count
        }
    }

    /// Appends a chunk, first dropping the bytes no element needs any more.
    @usableFromInline
    mutating func append(_ chunk: Data) {
        bytesForAppending().append(chunk)
    }

    /// Appends a chunk, first dropping the bytes no element needs any more.
    mutating func append(_ chunk: [UInt8]) {
        let bytes = bytesForAppending()
        chunk.withUnsafeBytes { bytes.append($0) }
    }

    /// The bytes to append to, the bytes no element needs any more dropped first.
    @usableFromInline
    mutating func bytesForAppending() -> StreamBytes {
        guard case .appended(let bytes) = held else {
            // Never met: only an empty buffer is appended to; a new store takes the bytes, read by no one.
            return StreamBytes()
        }
        isScanned = false
        dropConsumed(from: bytes)
        return bytes
    }

    /// Drops the bytes before the first one the framer still needs: all of them
    /// when none is needed, else once they are ``compactionThreshold`` bytes, so
    /// that the bytes still needed are not moved for every small run.
    private mutating func dropConsumed(from bytes: StreamBytes) {
        let dropped = framer.retainedFrom - base
        guard hasBegun, dropped > 0 else { return }
        guard dropped >= bytes.count || dropped >= Self.compactionThreshold else { return }
        bytes.dropFirst(min(dropped, bytes.count))
        base += dropped
    }

    /// How many bytes no element needs are kept rather than moved: 64 KiB.
    static let compactionThreshold = 64 * 1024

    /// Marks the end of the stream.
    @usableFromInline
    mutating func finish() {
        isEnded = true
        isScanned = false
    }

    /// Calls `body` with the bytes held.
    private func withView<R, E: Error>(_ body: (ByteView) throws(E) -> R) throws(E) -> R {
        switch held {
        case .appended(let bytes):
            return try body(bytes.view)
        case .whole(let data):
            let result = data.withUnsafeBytes { raw in Result { () throws(E) -> R in try body(ByteView(raw)) } }
            return try result.get()
        }
    }

    /// The next element's frame, ``FramerStep/needsMore`` when the bytes held do
    /// not say, or ``FramerStep/finished``.
    mutating func next() throws(StreamFramingError) -> FramerStep {
        if isScanned { return .needsMore }
        if !hasBegun {
            // A BOM at the stream's start is skipped.
            let (count, atEnd) = (heldCount, isEnded)
            guard count >= 3 || atEnd else { return .needsMore }
            hasBegun = true
            let hasBOM = withView { view in count >= 3 && view[0] == 0xEF && view[1] == 0xBB && view[2] == 0xBF }
            framer.begin(at: hasBOM ? 3 : 0)
        }
        // The framer taken out while it reads the bytes, so that it is the only
        // reference to its state and is changed in place.
        var framer = self.framer
        self.framer = FinishedFramer()
        defer { self.framer = framer }
        let (atEnd, base) = (isEnded, base)
        return try withView { view throws(StreamFramingError) in try framer.next(in: view, base: base, atEnd: atEnd) }
    }

    /// Notes that the framer has read every byte held, as the frame it last found
    /// says (``StreamFrame/endsBytesHeld``): until bytes are appended or the
    /// stream ends, ``next()`` needs more without asking the framer.
    @usableFromInline
    mutating func noteScanned() {
        isScanned = true
    }

    /// Calls `body` with the bytes of `frame`: the buffer's own, not a copy, or
    /// the bytes the framer assembled.
    func withBytes<R>(of frame: StreamFrame, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let assembled = frame.assembled { return try assembled.withUnsafeBytes(body) }
        let range = frame.bytes ?? frame.start..<frame.end
        let offsets = (range.lowerBound - base)..<(range.upperBound - base)
        switch held {
        case .appended(let bytes): return try bytes.withBytes(in: offsets, body)
        case .whole(let data): return try StreamBytes.withBytes(of: data, in: offsets, body)
        }
    }
}

/// A framer that finds nothing: the buffer's placeholder while its framer reads.
private struct FinishedFramer: StreamFramer {
    mutating func begin(at offset: Int) {}
    func next(in view: ByteView, base: Int, atEnd: Bool) -> FramerStep { .finished }
    var retainedFrom: Int { 0 }
}
