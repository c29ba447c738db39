import Foundation

/// Read-only bytes that another owner keeps alive: the one type through which
/// Strata's byte-scanning code (the JSON scanner, the member-key table, the
/// string writer's escape scan) reads its input.
///
/// Every read by offset, ``subscript(_:)``, ``word(at:)`` and ``bytes(_:)``, is
/// checked against ``count`` in debug builds and in builds with the
/// `STRATA_INTERNAL_CHECKS` compilation condition (which `scripts/release-tests` and
/// `scripts/sanitizers` set); a failed check stops the program, since it can only
/// be a bug in Strata, never a property of the input. Other builds read unchecked,
/// relying on the explicit `index < count` tests the scanner makes before each
/// read. The read that is never checked is spelled ``subscript(unchecked:)``, so a
/// search for `unchecked:` finds every one.
///
/// A view is valid only while its owner keeps the bytes alive: inside the
/// `withUnsafeBytes` call that made it.
///
///     let bytes: [UInt8] = Array("[1]".utf8)
///     bytes.withUnsafeBufferPointer { buffer in
///         let view = ByteView(buffer)
///         view[0]  // 0x5B, "["
///     }
struct ByteView {
    private let start: UnsafePointer<UInt8>
    /// How many bytes there are.
    let count: Int

    /// The `count` bytes at `start`.
    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    /// The bytes of `buffer`.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.init(start: buffer.baseAddress ?? Self.emptyStart, count: buffer.count)
    }

    /// The bytes of `raw`, as `Data.withUnsafeBytes` hands them.
    init(_ raw: UnsafeRawBufferPointer) {
        self.init(raw.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the two views hold the same bytes.
    @inline(__always)
    func hasSameBytes(as other: ByteView) -> Bool {
        count == other.count && hasBytes(of: other, at: 0)
    }

    /// Where an empty view points: a byte that is never read.
    ///
    /// `nonisolated(unsafe)`: the pointer is immutable, and no view reads its byte.
    nonisolated(unsafe) private static let emptyStart: UnsafePointer<UInt8> = {
        let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        byte.initialize(to: 0)
        return UnsafePointer(byte)
    }()

    /// Stops the program when `length` bytes at `offset` are not all in the view, in
    /// builds that check (see the type's summary).
    @inline(__always)
    private func check(_ offset: Int, _ length: Int) {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        precondition(
            offset >= 0 && length >= 0 && offset <= count - length,
            "ByteView: \(length) bytes at \(offset) are outside 0..<\(count)")
        #endif
    }

    /// The byte at `offset`.
    @inline(__always)
    subscript(_ offset: Int) -> UInt8 {
        check(offset, 1)
        return start[offset]
    }

    /// The byte at `offset`, never checked: only where the caller has just checked
    /// `offset < count` itself, on a path where the check would cost.
    @inline(__always)
    subscript(unchecked offset: Int) -> UInt8 {
        start[offset]
    }

    /// The eight bytes at `offset` as a little-endian word.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        check(offset, 8)
        return UInt64(littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
    }

    /// The four bytes at `offset` as a little-endian word.
    @inline(__always)
    func word32(at offset: Int) -> UInt32 {
        check(offset, 4)
        return UInt32(littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt32.self))
    }

    /// The bytes in `range`, as a buffer valid as long as the view.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        check(range.lowerBound, range.count)
        return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// The bytes from `offset` on, as a view of their own.
    @inline(__always)
    func dropFirst(_ offset: Int) -> ByteView {
        check(offset, 0)
        return ByteView(start: start + offset, count: count - offset)
    }

    /// Whether the bytes at `offset` are those of `other`, compared a word at a time.
    @inline(__always)
    func hasBytes(of other: ByteView, at offset: Int) -> Bool {
        let length = other.count
        guard offset >= 0, offset <= count - length else { return false }
        guard length >= 8 else {
            for position in 0..<length where self[offset + position] != other[position] { return false }
            return true
        }
        var position = 0
        while position + 8 < length {
            guard word(at: offset + position) == other.word(at: position) else { return false }
            position += 8
        }
        // The last word overlaps the one before.
        return word(at: offset + length - 8) == other.word(at: length - 8)
    }

    /// Whether the bytes at `offset` are `text`, which is not empty.
    @inline(__always)
    func hasBytes(_ text: [UInt8], at offset: Int) -> Bool {
        guard !text.isEmpty, offset >= 0, offset <= count - text.count else { return false }
        return text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            return memcmp(base, start + offset, text.count) == 0
        }
    }

    /// Whether `needle` occurs in the bytes of `range`: its byte at `anchor` found
    /// with `memchr`, the whole compared with `memcmp` where it may stand.
    func contains(_ needle: [UInt8], anchor: Int, in range: Range<Int>) -> Bool {
        guard anchor < needle.count, range.count >= needle.count else { return false }
        check(range.lowerBound, range.count)
        let base = UnsafeRawPointer(start + range.lowerBound)
        return needle.withUnsafeBufferPointer { needle -> Bool in
            guard let needleBase = needle.baseAddress else { return false }
            // The anchor byte of a match lies in this range.
            let end = base + (range.count - needle.count + 1 + anchor)
            var from = base + anchor
            while from < end {
                guard let found = memchr(from, Int32(needle[anchor]), from.distance(to: end)) else { return false }
                if memcmp(UnsafeRawPointer(found) - anchor, needleBase, needle.count) == 0 { return true }
                from = UnsafeRawPointer(found) + 1
            }
            return false
        }
    }
}
