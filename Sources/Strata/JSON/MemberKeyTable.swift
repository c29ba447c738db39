import Foundation

/// Finds which of a mapping's JSON keys a member key read from the input is,
/// comparing bytes: no `String` is made and nothing is hashed.
///
/// Payloads of one type usually list their members in the same order, often the
/// mapping's own, so the search starts at a hint (the key after the last one found)
/// and goes round from there: in the common case the first comparison matches.
struct MemberKeyTable: Sendable {
    /// Every key's UTF-8, back to back.
    private let bytes: [UInt8]
    /// Where each key lies in ``bytes``.
    private let spans: [Range<Int>]

    /// A table of `keys`; a key's index in the table is its index in `keys`.
    init(keys: [String]) {
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []
        for key in keys {
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            spans.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.spans = spans
    }

    /// The number of keys.
    var count: Int { spans.count }

    /// The index of the key whose UTF-8 is `key`, or `nil`. `hint` is where the
    /// search starts (any value is correct; a good one is fast).
    func index(of key: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
        guard let keyBase = key.baseAddress, !key.isEmpty else { return spans.firstIndex(where: \.isEmpty) }
        let count = spans.count
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var candidate = hint < count && hint >= 0 ? hint : 0
            for _ in 0..<count {
                let span = spans[candidate]
                if span.count == key.count, memcmp(base + span.lowerBound, keyBase, key.count) == 0 {
                    return candidate
                }
                candidate = candidate + 1 == count ? 0 : candidate + 1
            }
            return nil
        }
    }

    /// The index of `key`, or `nil`.
    func index(of key: String, hint: Int) -> Int? {
        var key = key
        return key.withUTF8 { index(of: $0, hint: hint) }
    }
}
