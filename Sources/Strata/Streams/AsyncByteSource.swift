import Foundation

/// An asynchronous source of a stream's bytes, read a run at a time: the next
/// run, or `nil` when the source has ended.
///
/// A run ends after a byte that may end an element (LF, CR, RS, `}`, `]`), so
/// that an element is read as soon as its last byte arrives, or at
/// ``asyncRunLimit`` bytes. The closure is made where the stream is made, by
/// inlinable code, so a byte sequence's `next()` is compiled for its type there
/// (for `URLSession.AsyncBytes`, in the app): one call through the closure per
/// run, none per byte.
@usableFromInline
typealias AsyncByteSource = () async throws -> AsyncByteRun?

/// A run of bytes from an ``AsyncByteSource``: bytes gathered one by one, or a
/// chunk as the sequence gave it.
@usableFromInline
enum AsyncByteRun {
    case bytes([UInt8])
    case data(Data)
}

/// The most bytes an ``AsyncByteSource`` appends in one run.
@usableFromInline
let asyncRunLimit = 64 * 1024

/// The bytes of an `AsyncSequence` of bytes, such as `URLSession.AsyncBytes`.
@usableFromInline
struct AsyncByteSequenceSource<Bytes: AsyncSequence> where Bytes.Element == UInt8 {
    @usableFromInline
    var iterator: Bytes.AsyncIterator
    @usableFromInline
    var isEnded = false
    /// Whether `}` and `]` end a run too: for framings whose elements they may end.
    @usableFromInline
    let endsRunsAtBrackets: Bool

    @inlinable
    init(_ bytes: Bytes, endsRunsAtBrackets: Bool) {
        iterator = bytes.makeAsyncIterator()
        self.endsRunsAtBrackets = endsRunsAtBrackets
    }

    /// The source that reads `bytes`, for elements that `framing` separates (`nil`
    /// for server-sent events).
    @inlinable
    static func source(_ bytes: Bytes, framing: JSONFraming?) -> AsyncByteSource {
        var reader = AsyncByteSequenceSource(bytes, endsRunsAtBrackets: framing?.endsAtBrackets ?? false)
        // One array for every run: each is handed on, appended, and dropped before the next.
        var run: [UInt8] = []
        return {
            run.removeAll(keepingCapacity: true)
            return try await reader.read(into: &run) ? .bytes(run) : nil
        }
    }

    @inlinable
    mutating func read(into bytes: inout [UInt8]) async throws -> Bool {
        guard !isEnded else { return false }
        let limit = bytes.count + asyncRunLimit
        while let byte = try await iterator.next() {
            bytes.append(byte)
            // LF, CR and RS end a run; '}' and ']' (0x7D and 0x5D, one compare) when they may end an element.
            if byte < 0x1F ? (byte == 0x0A || byte == 0x0D || byte == 0x1E) : endsRunsAtBrackets && byte | 0x20 == 0x7D {
                return true
            }
            if bytes.count >= limit { return true }
        }
        isEnded = true
        return bytes.count > limit - asyncRunLimit
    }
}

/// The bytes of an `AsyncSequence` of `Data` chunks.
@usableFromInline
struct AsyncChunkSequenceSource<Chunks: AsyncSequence> where Chunks.Element == Data {
    @usableFromInline
    var iterator: Chunks.AsyncIterator

    @inlinable
    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    /// The source that reads `chunks`.
    @inlinable
    static func source(_ chunks: Chunks) -> AsyncByteSource {
        var reader = AsyncChunkSequenceSource(chunks)
        return { try await reader.next().map(AsyncByteRun.data) }
    }

    /// The next chunk that is not empty.
    @inlinable
    mutating func next() async throws -> Data? {
        while let chunk = try await iterator.next() {
            if !chunk.isEmpty { return chunk }
        }
        return nil
    }
}
