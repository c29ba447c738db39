import Foundation
import Testing
@testable import Strata

// A string with non-ASCII bytes is made with `String(decoding:as:)` and accepted
// when its bytes are the input's, that is, when no ill-formed sequence was
// replaced with U+FFFD (`String(validating:as:)`, generic over the encoding, would
// look up type metadata for every such string). Each kind of
// ill-formed sequence must still be refused, at its offset, in plain and escaped
// strings, and a U+FFFD written in the input must still be read.

@Suite("UTF-8 of strings with non-ASCII bytes")
struct UTF8ValidationTests {
    /// `["` + `body` + `"]`, with an escape (`\n`) before the body when `escaped`.
    private func document(_ body: [UInt8], escaped: Bool) -> [UInt8] {
        Array(#"[""#.utf8) + (escaped ? Array(#"\n"#.utf8) : []) + body + Array(#""]"#.utf8)
    }

    @Test("U+FFFD in the input, with other non-ASCII characters, is read as it is", arguments: [false, true])
    func replacementCharacterInInput(escaped: Bool) throws {
        let text = "a\u{FFFD}é名😀\u{FFFD}"
        let array = try #require(try readJSON(document(Array(text.utf8), escaped: escaped)) as? [String])
        #expect(array == [(escaped ? "\n" : "") + text])
    }

    @Test("Each kind of ill-formed sequence is refused, at one of its bytes", arguments: [false, true])
    func illFormedSequences(escaped: Bool) throws {
        let sequences: [[UInt8]] = [
            [0x80],  // a lone continuation byte
            [0xC0, 0xAF],  // an overlong "/"
            [0xE0, 0x80, 0xAF],  // an overlong "/" in three bytes
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xE5, 0x90],  // a three-byte sequence cut short
            // A four-byte sequence cut short after three: repaired to one U+FFFD, as
            // long as it, so only comparing the bytes tells it from valid text.
            [0xF0, 0x9F, 0x98],
            [0xFF],
        ]
        // After the bad bytes: a plain ASCII byte, or U+FFFD, as a repair would write.
        let followers = [Array("a".utf8), Array("\u{FFFD}".utf8)]
        for sequence in sequences {
            for follower in followers {
                // Valid non-ASCII text first, so that the string takes the non-ASCII path.
                let body = Array("é名".utf8) + sequence + follower
                let bytes = document(body, escaped: escaped)
                // Reported at the byte where the sequence stops being UTF-8 (for one cut
                // short, the byte after it), and naming it.
                let error = try #require(jsonParsingError(bytes), "\(sequence) before \(follower)")
                let start = 2 + (escaped ? 2 : 0) + 5
                #expect((start...start + sequence.count).contains(error.offset), "\(sequence) before \(follower)")
                #expect(error.kind == .invalidUTF8(bytes[error.offset]), "\(sequence) before \(follower)")
            }
        }
    }
}
