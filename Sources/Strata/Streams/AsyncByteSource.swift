import Foundation

/// An asynchronous source of a stream's bytes, read a run at a time.
///
/// Its conformances are inlinable, so a byte sequence's `next()` is compiled for
/// its type where the stream is made (for `URLSession.AsyncBytes`, in the app):
/// one call through this protocol per run, not per byte.
@usableFromInline
protocol AsyncByteSource {
    /// Appends the next run of bytes to `bytes`; `false` when the source has ended
    /// and appended nothing.
    ///
    /// A run ends after a byte that may end an element (LF, CR, RS, `}`, `]`), so
    /// that an element is read as soon as its last byte arrives, or at
    /// ``asyncRunLimit`` bytes.
    mutating func read(into bytes: inout [UInt8]) async throws -> Bool
}

/// The most bytes an ``AsyncByteSource`` appends in one run.
@usableFromInline
let asyncRunLimit = 64 * 1024

/// The bytes of an `AsyncSequence` of bytes, such as `URLSession.AsyncBytes`.
@usableFromInline
struct AsyncByteSequenceSource<Bytes: AsyncSequence>: AsyncByteSource where Bytes.Element == UInt8 {
    @usableFromInline
    var iterator: Bytes.AsyncIterator
    @usableFromInline
    var isEnded = false

    @inlinable
    init(_ bytes: Bytes) {
        iterator = bytes.makeAsyncIterator()
    }

    @inlinable
    mutating func read(into bytes: inout [UInt8]) async throws -> Bool {
        guard !isEnded else { return false }
        let start = bytes.count
        while let byte = try await iterator.next() {
            bytes.append(byte)
            // LF, CR, RS, '}' and ']': bytes that may end an element.
            if byte == 0x0A || byte == 0x7D || byte == 0x5D || byte == 0x0D || byte == 0x1E
                || bytes.count - start >= asyncRunLimit
            {
                return true
            }
        }
        isEnded = true
        return bytes.count > start
    }
}

/// The bytes of an `AsyncSequence` of `Data` chunks.
@usableFromInline
struct AsyncChunkSequenceSource<Chunks: AsyncSequence>: AsyncByteSource where Chunks.Element == Data {
    @usableFromInline
    var iterator: Chunks.AsyncIterator

    @inlinable
    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    @inlinable
    mutating func read(into bytes: inout [UInt8]) async throws -> Bool {
        while let chunk = try await iterator.next() {
            if chunk.isEmpty { continue }
            bytes.append(contentsOf: chunk)
            return true
        }
        return false
    }
}
