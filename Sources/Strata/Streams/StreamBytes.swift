import Foundation

/// The bytes of a stream that arrive piece by piece: a growable buffer that a
/// source appends to and a ``FrameBuffer``'s framer reads.
///
/// A source of single bytes writes them straight into the free space after
/// ``count`` (``freeSpace(atLeast:)``, then ``commit(_:)``), so no byte is
/// copied twice; a source of chunks appends them whole.
@usableFromInline
final class StreamBytes {
    /// The first byte held.
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are held.
    private(set) var count = 0

    @usableFromInline
    init() {
        capacity = 64 * 1024
        start = .allocate(capacity: capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The bytes held.
    var view: ByteView { ByteView(start: start, count: count) }

    /// Where the next bytes go, with room for at least `minimum` of them; the
    /// buffer grows when it has less.
    @usableFromInline
    func freeSpace(atLeast minimum: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < minimum {
            var grown = capacity * 2
            while grown - count < minimum { grown *= 2 }
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: start, count: count)
            start.deallocate()
            start = moved
            capacity = grown
        }
        return start + count
    }

    /// Counts the `added` bytes written at ``freeSpace(atLeast:)`` as held.
    @usableFromInline
    func commit(_ added: Int) {
        count += added
    }

    /// Appends `chunk`.
    @usableFromInline
    func append(_ chunk: Data) {
        chunk.withUnsafeBytes { append($0) }
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        freeSpace(atLeast: bytes.count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Drops the first `dropped` bytes, moving the rest to the start.
    func dropFirst(_ dropped: Int) {
        let kept = count - dropped
        if kept > 0 { UnsafeMutableRawPointer(start).copyMemory(from: start + dropped, byteCount: kept) }
        count = max(kept, 0)
    }

    /// Calls `body` with the bytes held in `range` (offsets from the first byte held).
    func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(view.bytes(range)))
    }

    /// Calls `body` with the bytes of `data` in `range` (offsets from its first byte).
    static func withBytes<R>(of data: Data, in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try data.withUnsafeBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[range])) }
    }
}
