import Foundation

/// A `UUID`'s text form, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (8-4-4-4-12
/// hexadecimal digits), read from and written to its 36 bytes directly.
///
/// Foundation on Linux reads a UUID with `sscanf`, a tenth of a record decode
/// here. The hand-written reader takes the canonical form in either case; any
/// other text goes to `UUID(uuidString:)`, so what is accepted, and the value
/// read, are Foundation's. Written in upper case, as `uuidString` is.
enum UUIDText {
    /// The UUID `text` stands for, or `nil`.
    static func uuid(from text: String) -> UUID? {
        var text = text
        if let uuid = text.withUTF8(canonical) { return uuid }
        return UUID(uuidString: text)
    }

    /// The UUID of the canonical text in `bytes`, or `nil` for any other text.
    static func canonical(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        let bytes = ByteView(text)
        guard bytes.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &raw) { output -> Bool in
            var input = 0
            for index in 0..<16 {
                if input == 8 || input == 13 || input == 18 || input == 23 {
                    guard bytes[input] == UInt8(ascii: "-") else { return false }
                    input += 1
                }
                guard let high = hexValue(bytes[input]), let low = hexValue(bytes[input + 1]) else { return false }
                output[index] = high << 4 | low
                input += 2
            }
            return true
        }
        return parsed ? UUID(uuid: raw) : nil
    }

    /// The canonical text of `uuid`, in upper case: `uuid.uuidString`.
    static func text(of uuid: UUID) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid.uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { text in
                digits.withUTF8Buffer { digits in
                    var output = 0
                    for index in 0..<16 {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            text[output] = UInt8(ascii: "-")
                            output += 1
                        }
                        text[output] = digits[Int(raw[index] >> 4)]
                        text[output + 1] = digits[Int(raw[index] & 0x0F)]
                        output += 2
                    }
                    return output
                }
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
