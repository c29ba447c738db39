import Foundation

/// Finds which of a mapping's JSON keys a member key read from the input is.
///
/// Keys match as they would in a `[String: Any]`: by canonical equivalence, so a
/// decomposed "é" (e + U+0301) finds a mapping key written with the precomposed
/// one. Plain ASCII keys, the common case, are compared and hashed by their
/// bytes: no `String` is made. A key with escapes or non-ASCII bytes
/// is compared as a `String`; so is an ASCII key that matched no key's bytes when
/// the mapping has non-ASCII keys (U+212A KELVIN SIGN is canonically "K").
///
/// Payloads of one type usually list their members in the same order, often the
/// mapping's own, so each search first compares the key at a hint (the key after
/// the last one found): in the common case it matches. Any other key is looked up
/// by a hash of its length and first and last bytes, so a member the mapping
/// leaves out costs a probe or two, not a comparison with every key.
///
/// The scanner also takes the key at the hint as the one it expects (see
/// ``expectedKey(at:)``): when the member's key is that one, it is recognised by
/// comparing its bytes where it stands, without looking for the end of the string
/// first or searching the table.
///
/// Keys the mapping leaves out are learned as they are met (see
/// ``learnedSkip(at:run:)``): the first plain key no entry matches, met as the
/// `run`-th such key in a row at a hint, is kept for that place. The next object
/// whose member there has those bytes is known to leave it out, found as the
/// expected key is. Learning only saves work: a key is skipped only when its bytes
/// are a learned key's, which no entry matches.
///
/// A class, so that handing a table on (once per object read) counts one reference,
/// not one per array it holds.
final class MemberKeyTable: @unchecked Sendable {
    // @unchecked: `storage`, `plainKeys` and `hashSlots` are allocated and written
    // in `init`, only read after, and freed in `deinit`.

    /// The keys, in the order given.
    private let keys: [String]
    /// Every key's UTF-8 in quotes, back to back, then eight zero bytes, in memory
    /// the table owns (so that ``expectedKey(at:)`` can hand out a span of it, and
    /// read a word from any key's start).
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Where each key lies in ``storage``, without its quotes.
    private let spans: [Range<Int>]
    /// For each key, its quoted bytes in ``storage`` when the scanner may recognise
    /// it by them.
    ///
    /// A key of ASCII without `"`, `\` or bytes below the space has them (see
    /// ``expectedKey(at:)``): the same bytes in the input between quotes are that
    /// key and no other. Any other key has `nil`, and so does one more entry after
    /// the keys, so that a table without keys answers for the first hint, `0`.
    private let plainKeys: UnsafeMutableBufferPointer<JSONAdapter.MemberScanner.ExpectedKey?>
    /// Whether any key has non-ASCII characters, which an ASCII key may be
    /// canonically equivalent to without sharing its bytes.
    private let hasNonASCIIKeys: Bool
    /// An open-addressed hash table of the keys' bytes: at each slot, the index of a
    /// key, or `-1`.
    ///
    /// A key is at the slot its ``hash(of:)`` picks or, when that is taken, at the
    /// first free one after it, going round. There are at least twice as many slots
    /// as keys, so a key that is none of them soon meets a free slot. The table is
    /// empty when two keys are the same (an invalid mapping): then the keys are
    /// searched in turn from the hint, so the table never changes which is found.
    private let hashSlots: UnsafeMutableBufferPointer<Int32>
    /// How far ``hash(of:)`` is shifted right to give a slot of ``hashSlots``.
    private let hashShift: UInt64
    /// The keys no entry matches, learned (see ``learnedSkip(at:run:)``): at slot
    /// `hint * learnedRunLength + run`, a ``LearnedKey``, set once.
    private let learnedSkips: RetainedObjects
    /// How many unmapped keys in a row are learned at one hint.
    private static var learnedRunLength: Int { 4 }

    /// Whether the members of keys not in the table are kept, as the `JSONValue`s of
    /// the plan's ``JSONSerializing/unmappedKeysPropertyKey`` entry, the entry after
    /// the table's keys (see ``MappedMembers/unmappedKey``).
    let keepsUnmapped: Bool

    /// A table of `keys`; a key's index in the table is its index in `keys`.
    ///
    /// `keepsUnmapped` is ``keepsUnmapped``.
    init(keys: [String], keepsUnmapped: Bool = false) {
        self.keepsUnmapped = keepsUnmapped
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []
        for key in keys {
            bytes.append(Byte.quote)
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            spans.append(start..<bytes.count)
            bytes.append(Byte.quote)
        }
        self.hasNonASCIIKeys = !bytes.allSatisfy { $0 < 0x80 }
        bytes += repeatElement(0, count: 8)
        self.keys = keys
        storage = .allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
        self.spans = spans
        plainKeys = .allocate(capacity: keys.count + 1)
        plainKeys.initialize(repeating: nil)
        for (index, key) in keys.enumerated() where key.utf8.allSatisfy(Byte.isPlainStringByte) {
            let quoted = (spans[index].lowerBound - 1)..<(spans[index].upperBound + 1)
            plainKeys[index] = .init(
                quoted: ByteView(UnsafeBufferPointer(rebasing: storage[quoted])),
                padded: ByteView(UnsafeBufferPointer(rebasing: storage[quoted.lowerBound..<(quoted.lowerBound + 8)])))
        }
        var slotBits: UInt64 = 1
        while 1 << slotBits < 2 * keys.count { slotBits += 1 }
        hashShift = 64 - slotBits
        learnedSkips = RetainedObjects(count: max(keys.count, 1) * Self.learnedRunLength)
        let areDistinct = Set(keys).count == keys.count
        hashSlots = .allocate(capacity: areDistinct ? 1 << Int(slotBits) : 0)
        hashSlots.initialize(repeating: -1)
        if areDistinct {
            for index in keys.indices {
                let key = UnsafeBufferPointer(rebasing: storage[spans[index]])
                var slot = Int(truncatingIfNeeded: Self.hash(of: key) >> hashShift)
                while hashSlots[slot] >= 0 { slot = (slot + 1) & (hashSlots.count - 1) }
                hashSlots[slot] = Int32(truncatingIfNeeded: index)
            }
        }
    }

    deinit {
        storage.deallocate()
        plainKeys.deallocate()
        hashSlots.deallocate()
    }

    /// A hash of a non-empty key's bytes, from its length and its first and last
    /// eight bytes (or all of a shorter key's), whose high bits pick its slot in
    /// ``hashSlots``.
    @inline(__always)
    private static func hash(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let bytes = ByteView(key)
        let count = bytes.count
        guard count > 0 else { return 0 }
        let mixed: UInt64
        if count >= 8 {
            mixed = bytes.word(at: 0) &* 0x9E37_79B9_7F4A_7C15 ^ bytes.word(at: count - 8)
        } else if count >= 4 {
            mixed = UInt64(bytes.word32(at: 0)) << 32 | UInt64(bytes.word32(at: count - 4))
        } else {
            mixed = UInt64(bytes[0]) << 16 | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1])
        }
        return (mixed ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// The number of keys.
    var count: Int { spans.count }

    /// The number of slots an object read with the table fills: one per key, and
    /// one for the unmapped members when the table ``keepsUnmapped``.
    var slotCount: Int { keepsUnmapped ? spans.count + 1 : spans.count }

    /// The hint for the member after the one whose key is at `index`: the next key,
    /// going round to the first after the last.
    @inline(__always)
    func hint(after index: Int) -> Int {
        index + 1 < spans.count ? index + 1 : 0
    }

    /// The key at `hint`, when the scanner may recognise it by its bytes.
    ///
    /// `hint` is `0` or a hint from ``hint(after:)``; the result is `nil` for a key
    /// that is not plain (see ``plainKeys``), and valid while the table is alive.
    @inline(__always)
    func expectedKey(at hint: Int) -> JSONAdapter.MemberScanner.ExpectedKey? {
        plainKeys[hint]
    }

    /// The key no entry matches that was met at `hint` as the `run`-th such key in
    /// a row (`run` from 0), when one has been learned: the key the scanner may skip
    /// there, recognised by its bytes.
    ///
    /// Valid while the table is alive.
    @inline(__always)
    func learnedSkip(at hint: Int, run: Int) -> JSONAdapter.MemberScanner.ExpectedKey? {
        guard run < Self.learnedRunLength else { return nil }
        return learnedSkips.withObjectIfPresent(at: hint &* Self.learnedRunLength &+ run, as: LearnedKey.self) {
            $0?.key
        }
    }

    /// Learns `key`, the bytes of a key for which ``index(ofASCII:hint:)`` found no
    /// entry, met at `hint` as the `run`-th such key in a row: kept when the place
    /// has no key yet and `key` is plain.
    func learnSkip(_ key: UnsafeBufferPointer<UInt8>, at hint: Int, run: Int) {
        guard run < Self.learnedRunLength, hint >= 0, hint < max(count, 1) else { return }
        let slot = hint * Self.learnedRunLength + run
        guard learnedSkips.isEmpty(at: slot), key.allSatisfy(Byte.isPlainStringByte) else { return }
        learnedSkips.publish(LearnedKey(key), at: slot)
    }

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
        guard let base = storage.baseAddress else { return nil }
        let matches = { (candidate: Int) in
            let span = self.spans[candidate]
            return span.count == key.count && memcmp(base + span.lowerBound, keyBase, key.count) == 0
        }
        // The key at the hint first (the common case), then the key its hash leads to.
        if hint >= 0, hint < spans.count, matches(hint) { return hint }
        guard !hashSlots.isEmpty, let slots = hashSlots.baseAddress else { return search(from: hint, where: matches) }
        let mask = hashSlots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(of: key) >> hashShift)
        while true {
            // The table has more slots than keys, so a free slot ends every probe.
            let candidate = Int(slots[slot])
            if candidate < 0 { return nil }
            if matches(candidate) { return candidate }
            slot = (slot + 1) & mask
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

/// A key learned by a ``MemberKeyTable``: its bytes in quotes, then eight zero
/// bytes, in memory it owns.
private final class LearnedKey: @unchecked Sendable {
    // @unchecked: `storage` is allocated and written in `init`, only read after,
    // and freed in `deinit`.

    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The key as the scanner compares it, pointing into ``storage``.
    let key: JSONAdapter.MemberScanner.ExpectedKey

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let quoted = [Byte.quote] + Array(bytes) + [Byte.quote]
        storage = .allocate(capacity: quoted.count + 8)
        _ = storage.initialize(from: quoted + repeatElement(0, count: 8))
        key = .init(
            quoted: ByteView(UnsafeBufferPointer(rebasing: storage[0..<quoted.count])),
            padded: ByteView(UnsafeBufferPointer(rebasing: storage[0..<8])))
    }

    deinit {
        storage.deallocate()
    }
}
