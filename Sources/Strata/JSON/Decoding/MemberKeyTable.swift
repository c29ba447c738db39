import Foundation

/// Finds which of a mapping's JSON keys a member key read from the input is.
///
/// Keys match as they would in a `[String: Any]`: by canonical equivalence, so a
/// decomposed "é" (e + U+0301) finds a mapping key written with the precomposed
/// one. Plain ASCII keys, the common case, are compared by their bytes: no
/// `String` is made and nothing is hashed. A key with escapes or non-ASCII bytes
/// is compared as a `String`; so is an ASCII key that matched no key's bytes when
/// the mapping has non-ASCII keys (U+212A KELVIN SIGN is canonically "K").
///
/// Payloads of one type usually list their members in the same order, often the
/// mapping's own, so each search starts at a hint (the key after the last one
/// found) and goes round from there: in the common case the first comparison matches.
///
/// A class, so that handing a table on (once per object read) counts one reference,
/// not one per array it holds.
final class MemberKeyTable: Sendable {
    /// The keys, in the order given.
    private let keys: [String]
    /// Every key's UTF-8, back to back.
    private let bytes: [UInt8]
    /// Where each key lies in ``bytes``.
    private let spans: [Range<Int>]
    /// Whether any key has non-ASCII characters, which an ASCII key may be
    /// canonically equivalent to without sharing its bytes.
    private let hasNonASCIIKeys: Bool
    /// One bit per ``signature(of:)`` of the keys' bytes: a key read from the input
    /// whose signature's bit is clear is none of them, and is passed over without a
    /// comparison (the members a mapping leaves out, most of some payloads).
    private let signatures: UInt64

    /// A table of `keys`; a key's index in the table is its index in `keys`.
    init(keys: [String]) {
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []
        for key in keys {
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            spans.append(start..<bytes.count)
        }
        self.keys = keys
        self.bytes = bytes
        self.spans = spans
        self.hasNonASCIIKeys = !bytes.allSatisfy { $0 < 0x80 }
        self.signatures = keys.reduce(0) { bits, key in
            let utf8 = Array(key.utf8)
            return utf8.withUnsafeBufferPointer { bits | 1 << Self.signature(of: $0) }
        }
    }

    /// A number below 64 made from a key's length and its first and last bytes:
    /// keys with different signatures are different.
    @inline(__always)
    private static func signature(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = key.first, let last = key.last else { return 0 }
        return (UInt64(key.count) &* 7 &+ UInt64(first) &* 3 &+ UInt64(last)) & 63
    }

    /// The number of keys.
    var count: Int { spans.count }

    /// The index of the key matching `key`, the bytes of a plain ASCII key, or
    /// `nil`.
    ///
    /// `hint` is where the search starts (any value is correct; a good one is
    /// fast).
    func index(ofASCII key: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
        if let index = byteIndex(of: key, hint: hint) { return index }
        guard hasNonASCIIKeys else { return nil }
        return index(of: String(decoding: key, as: UTF8.self), hint: hint)
    }

    /// The index of the key canonically equivalent to `key`, or `nil`.
    func index(of key: String, hint: Int) -> Int? {
        search(from: hint) { keys[$0] == key }
    }

    private func byteIndex(of key: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
        guard let keyBase = key.baseAddress, !key.isEmpty else { return search(from: hint) { spans[$0].isEmpty } }
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let matches = { (candidate: Int) in
                let span = self.spans[candidate]
                return span.count == key.count && memcmp(base + span.lowerBound, keyBase, key.count) == 0
            }
            // The key at the hint first (the common case), then none at all when the
            // signature rules every key out, then the others.
            if hint >= 0, hint < spans.count, matches(hint) { return hint }
            guard signatures & (1 << Self.signature(of: key)) != 0 else { return nil }
            return search(from: hint, where: matches)
        }
    }

    /// The first index, going round from `hint`, for which `matches` holds.
    @inline(__always)
    private func search(from hint: Int, where matches: (Int) -> Bool) -> Int? {
        let count = spans.count
        var candidate = hint < count && hint >= 0 ? hint : 0
        for _ in 0..<count {
            if matches(candidate) { return candidate }
            candidate = candidate + 1 == count ? 0 : candidate + 1
        }
        return nil
    }
}
