/// An object key's JSON text, `"key"` with its quotes, worked out once by the plan
/// that writes it, so the writer copies the bytes instead of scanning the key for
/// characters to escape on every object.
///
/// Held inline, in four words: only for a key of at most 30 bytes of UTF-8 with no
/// byte the writer could escape (a control character, `"`, `\` or `/`, escaped or
/// not by the writer's options). Any other key has no quoted form and is written
/// as a string.
struct QuotedKey: Sendable {
    /// The most bytes a quoted key holds, its two quotes included.
    static let capacity = 32

    /// The bytes, in memory order: `"`, the key, `"`, then zeros (stored as they are
    /// by ``JSONOutputBuffer/append(_:then:)``).
    let words: (UInt64, UInt64, UInt64, UInt64)
    /// How many of the bytes are the quoted key.
    let count: Int

    /// The quoted form of `key`, or `nil` when it has none.
    init?(_ key: String) {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var count = 0
        let fits = withUnsafeMutableBytes(of: &bytes) { buffer in
            var utf8 = key.utf8.makeIterator()
            buffer[0] = Byte.quote
            count = 1
            while let byte = utf8.next() {
                guard count < Self.capacity - 1, byte >= 0x20, byte != Byte.quote, byte != Byte.backslash,
                    byte != Byte.slash
                else { return false }
                buffer[count] = byte
                count += 1
            }
            buffer[count] = Byte.quote
            count += 1
            return true
        }
        guard fits else { return nil }
        words = bytes
        self.count = count
    }

}
