/// Reads a string's UTF-8 bytes from the front, for the byte-level date readers
/// (``ISO8601`` and ``CompiledDateFormat``).
///
/// Every access is checked against the end: reading past it answers "no match",
/// never out of bounds.
struct ByteReader {
    let bytes: ByteView
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = ByteView(bytes)
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Skips `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Skips `expected` if the bytes from here start with it.
    mutating func skip(_ expected: [UInt8]) -> Bool {
        guard bytes.count - index >= expected.count else { return false }
        for (offset, byte) in expected.enumerated() where bytes[index + offset] != byte { return false }
        index += expected.count
        return true
    }

    /// The next byte's value as a decimal digit, consumed, or `nil` when it is not one.
    mutating func digit() -> Int64? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- UInt8(ascii: "0")
        guard value < 10 else { return nil }
        index += 1
        return Int64(value)
    }

    /// The sign of an offset from UTC, `+` (1) or `-` (-1), consumed; `nil` when
    /// neither is next.
    mutating func offsetSign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    /// A number of exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
