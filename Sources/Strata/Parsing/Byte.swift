/// ASCII bytes the scanner and writer compare against.
enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let b: UInt8 = 0x62
    static let e: UInt8 = 0x65
    static let f: UInt8 = 0x66
    static let n: UInt8 = 0x6E
    static let r: UInt8 = 0x72
    static let t: UInt8 = 0x74
    static let u: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let trueLiteral: StaticString = "true"
    static let falseLiteral: StaticString = "false"
    static let nullLiteral: StaticString = "null"

    /// Whether `byte` may stand as it is inside a plain string.
    ///
    /// A plain string is one the scanner reads from its bytes (see `plainStringEnd()`):
    /// ASCII from the space up, but not `"` or `\`, so its bytes are its characters,
    /// with no escape to decode.
    @inline(__always)
    static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte >= space && byte < 0x80 && byte != quote && byte != backslash
    }
}
