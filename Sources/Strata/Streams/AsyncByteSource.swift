import Foundation

/// An asynchronous source of a stream's bytes, read a run at a time: appends
/// the next run to the stream's bytes, or returns `false` when the source has
/// ended.
///
/// A run ends after a byte that may end an element (see ``AsyncRunEnd``), so
/// that an element is read as soon as its last byte arrives, or at
/// ``asyncRunLimit`` bytes. The closure is made where the stream is made, by
/// inlinable code, so a byte sequence's `next()` is compiled for its type there
/// (for `URLSession.AsyncBytes`, in the app): one call through the closure per
/// run, none per byte.
@usableFromInline
typealias AsyncByteSource = (StreamBytes) async throws -> Bool

/// The most bytes an ``AsyncByteSource`` appends in one run.
@usableFromInline
let asyncRunLimit = 64 * 1024

/// Which bytes end a run of an ``AsyncByteSequenceSource``: those after which
/// an element may be whole.
@usableFromInline
enum AsyncRunEnd {
    /// LF, CR and RS: the end of a line or a record, for JSON Lines and text sequences.
    case lines
    /// LF, CR, RS, `}` and `]`: for concatenated values and an array's elements.
    case brackets
    /// A line end right after a line end, the blank line that dispatches a
    /// server-sent event.
    case blankLines
}

/// The bytes of an `AsyncSequence` of bytes, such as `URLSession.AsyncBytes`.
@usableFromInline
struct AsyncByteSequenceSource<Bytes: AsyncSequence> where Bytes.Element == UInt8 {
    @usableFromInline
    var iterator: Bytes.AsyncIterator
    @usableFromInline
    var isEnded = false
    @usableFromInline
    let runEnd: AsyncRunEnd
    /// Whether the last byte read ended a line (for ``AsyncRunEnd/blankLines``).
    @usableFromInline
    var endedLine = false

    @inlinable
    init(_ bytes: Bytes, runEnd: AsyncRunEnd) {
        iterator = bytes.makeAsyncIterator()
        self.runEnd = runEnd
    }

    /// The source that reads `bytes`, for elements that `framing` separates (`nil`
    /// for server-sent events).
    @inlinable
    static func source(_ bytes: Bytes, framing: JSONFraming?) -> AsyncByteSource {
        let runEnd: AsyncRunEnd = if let framing { framing.endsAtBrackets ? .brackets : .lines } else { .blankLines }
        var reader = AsyncByteSequenceSource(bytes, runEnd: runEnd)
        return { stream in
            let count = try await reader.read(into: stream.freeSpace(atLeast: asyncRunLimit))
            stream.commit(count)
            return count > 0
        }
    }

    /// Reads the next run into `run`, which has room for ``asyncRunLimit`` bytes;
    /// how many bytes it wrote, 0 at the end of the sequence.
    ///
    /// The loop is the whole cost of a byte: the iterator held in a local, each
    /// byte stored and compared once, and written straight where the stream's
    /// bytes are held. It is inlined into the source's closure, so that a run is
    /// one awaited call.
    @inlinable @inline(__always)
    mutating func read(into run: UnsafeMutablePointer<UInt8>) async throws -> Int {
        guard !isEnded else { return 0 }
        var iterator = self.iterator
        defer { self.iterator = iterator }
        let limit = 64 * 1024
        var count = 0
        switch runEnd {
        case .lines:
            while let byte = try await iterator.next() {
                run[count] = byte
                count &+= 1
                if byte < 0x1F, byte == 0x0A || byte == 0x0D || byte == 0x1E { return count }
                if count == limit { return count }
            }
        case .brackets:
            while let byte = try await iterator.next() {
                run[count] = byte
                count &+= 1
                // '}' and ']' are 0x7D and 0x5D: one compare.
                if byte < 0x1F ? (byte == 0x0A || byte == 0x0D || byte == 0x1E) : byte | 0x20 == 0x7D { return count }
                if count == limit { return count }
            }
        case .blankLines:
            var endedLine = self.endedLine
            defer { self.endedLine = endedLine }
            while let byte = try await iterator.next() {
                run[count] = byte
                count &+= 1
                if byte < 0x0E, byte == 0x0A || byte == 0x0D {
                    // CRLF ends one line, but a run that ends at its LF only ends sooner than it must.
                    if endedLine { return count }
                    endedLine = true
                } else {
                    endedLine = false
                }
                if count == limit { return count }
            }
        }
        isEnded = true
        return count
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
        return { stream in
            guard let chunk = try await reader.next() else { return false }
            stream.append(chunk)
            return true
        }
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
