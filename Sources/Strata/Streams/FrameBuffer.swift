import Foundation

/// The bytes of a stream held while its elements are found: at most the element
/// being read, the chunk that came in last, and 64 KiB already read.
///
/// Bytes every element found so far is done with are dropped before the next
/// chunk is appended.
struct FrameBuffer {
    /// The bytes held, from the stream offset ``base``.
    private(set) var bytes: Data
    private(set) var base = 0
    private var framer: any StreamFramer
    /// Whether the source has ended.
    private(set) var isEnded = false
    /// Whether a BOM has been looked for, at the stream's start.
    private var hasBegun = false

    /// An empty buffer, filled by ``append(_:)``.
    init(framer: any StreamFramer) {
        self.framer = framer
        bytes = Data()
    }

    /// A buffer holding the whole stream, `data`, which it does not copy.
    init(framer: any StreamFramer, whole data: Data) {
        self.framer = framer
        bytes = data
        isEnded = true
    }

    /// The members of the envelope read so far, for an array inside one.
    var envelope: JSONValue? { framer.envelope }

    /// Appends a chunk, first dropping the bytes no element needs any more.
    mutating func append(_ chunk: [UInt8]) {
        dropConsumed()
        bytes.append(contentsOf: chunk)
    }

    /// Appends a chunk, first dropping the bytes no element needs any more.
    mutating func append(_ chunk: Data) {
        dropConsumed()
        bytes.append(chunk)
    }

    /// Drops the bytes before the first one the framer still needs: all of them
    /// when none is needed, else once they are ``compactionThreshold`` bytes, so
    /// that the bytes still needed are not moved for every small run.
    private mutating func dropConsumed() {
        let dropped = framer.retainedFrom - base
        guard hasBegun, dropped > 0 else { return }
        if dropped >= bytes.count {
            bytes.removeAll(keepingCapacity: true)
        } else if dropped >= Self.compactionThreshold {
            bytes.removeSubrange(bytes.startIndex..<(bytes.startIndex + dropped))
        } else {
            return
        }
        base += dropped
    }

    /// How many bytes no element needs are kept rather than moved: 64 KiB.
    static let compactionThreshold = 64 * 1024

    /// Marks the end of the stream.
    mutating func finish() {
        isEnded = true
    }

    /// The next element's frame, ``FramerStep/needsMore`` when the bytes held do
    /// not say, or ``FramerStep/finished``.
    mutating func next() throws(StreamFramingError) -> FramerStep {
        if !hasBegun {
            // A BOM at the stream's start is skipped.
            guard bytes.count >= 3 || isEnded else { return .needsMore }
            hasBegun = true
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            framer.begin(at: start)
        }
        // The framer taken out while it reads the bytes, so that it is the only
        // reference to its state and is changed in place.
        var framer = self.framer
        self.framer = FinishedFramer()
        defer { self.framer = framer }
        let (atEnd, base) = (isEnded, base)
        let step = bytes.withUnsafeBytes { raw in
            Result { () throws(StreamFramingError) -> FramerStep in
                try framer.next(in: ByteView(raw), base: base, atEnd: atEnd)
            }
        }
        return try step.get()
    }

    /// The bytes of `frame`: a slice of the buffer, not a copy, or the bytes the
    /// framer assembled.
    func data(of frame: StreamFrame) -> Data {
        if let assembled = frame.assembled { return assembled }
        let from = bytes.startIndex + (frame.start - base)
        return bytes[from..<(from + frame.end - frame.start)]
    }
}

/// A framer that finds nothing: the buffer's placeholder while its framer reads.
private struct FinishedFramer: StreamFramer {
    mutating func begin(at offset: Int) {}
    func next(in view: ByteView, base: Int, atEnd: Bool) -> FramerStep { .finished }
    var retainedFrom: Int { 0 }
}
