import Testing

@testable import Strata

@Suite("Strings from well-formed code units only")
struct ValidatedTextTests {
    @Test("Well-formed UTF-8 gives its string, U+FFFD written in the input included")
    func wellFormedUTF8() {
        #expect(ValidatedText.string(utf8: Array("héllo 🎉".utf8)) == "héllo 🎉")
        #expect(ValidatedText.string(utf8: [UInt8]()) == "")
        #expect(ValidatedText.string(utf8: [0xEF, 0xBF, 0xBD]) == "\u{FFFD}")
        #expect(ValidatedText.string(utf8: Array("abc".utf8)[1...]) == "bc")
    }

    @Test("Ill-formed UTF-8 gives nil", arguments: [
        [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x8E], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x61, 0x80, 0x62],
        [0xEF, 0xBF, 0xBD, 0xFF],
    ] as [[UInt8]])
    func illFormedUTF8(bytes: [UInt8]) {
        #expect(ValidatedText.string(utf8: bytes) == nil)
    }

    @Test("Well-formed UTF-16 gives its string; a lone surrogate gives nil")
    func utf16() {
        #expect(ValidatedText.string(utf16: Array("a🎉".utf16)) == "a🎉")
        #expect(ValidatedText.string(utf16: [0x0061, 0xFFFD]) == "a\u{FFFD}")
        #expect(ValidatedText.string(utf16: [0xD83C]) == nil)
        #expect(ValidatedText.string(utf16: [0xDF89, 0x0061]) == nil)
        #expect(ValidatedText.string(utf16: [0x0061, 0xD83C, 0x0062]) == nil)
    }
}
