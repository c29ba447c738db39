import Foundation
import Testing
@testable import Strata

// Strings with escapes are decoded a run of plain bytes at a time, their UTF-8
// checked once at the end. Whatever the lengths of the runs and
// wherever the escapes and non-ASCII characters fall, the string must be the one
// `JSONSerialization` reads, and the first problem in a string must be the one
// reported, at its offset.

@Suite("Escaped strings")
struct EscapedStringTests {
    @Test("Runs of every length between escapes and non-ASCII characters read as JSONSerialization reads them")
    func runsOfEveryLength() throws {
        let pieces = [#"\n"#, "é", #"\u00e9"#, "名", #"\ud83d\ude00"#, #"\""#, "😀", #"\\"#]
        for length in 0...17 {
            for (first, second) in zip(pieces, pieces.reversed()) {
                let run = String(repeating: "a", count: length)
                let json = "[\"\(run)\(first)\(run)é\(run)\(second)\(run)\"]"
                let expected = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
                let read = try #require(try readJSON(Array(json.utf8)) as? [String])
                #expect(read == expected, "\(json)")
            }
        }
    }

    @Test("Ill-formed UTF-8 before an invalid escape is the error reported, and after it is not")
    func firstProblemIsReported() {
        for gap in 0...12 {
            let run = Array(repeating: UInt8(ascii: "a"), count: gap)
            let prefix = Array(#"["\n"#.utf8)
            // 0xFF first, then `\x`.
            let utf8First = prefix + run + [0xFF] + run + Array(#"\x"]"#.utf8)
            let error = jsonParsingError(utf8First)
            #expect(error?.kind == .invalidUTF8(0xFF), "gap \(gap)")
            #expect(error?.offset == prefix.count + gap, "gap \(gap)")
            // `\x` first, then 0xFF.
            let escapeFirst = prefix + run + Array(#"\x"#.utf8) + run + [0xFF] + Array(#""]"#.utf8)
            let escapeError = jsonParsingError(escapeFirst)
            #expect(escapeError?.kind == .invalidEscape(UInt8(ascii: "x")), "gap \(gap)")
            #expect(escapeError?.offset == prefix.count + gap, "gap \(gap)")
        }
    }

    @Test("A control byte after an escape, at any distance, is refused at its offset")
    func controlByteAtEveryDistance() {
        for gap in 0...20 {
            let prefix = Array(#"["\t"#.utf8) + Array(repeating: UInt8(ascii: "b"), count: gap)
            let error = jsonParsingError(prefix + [0x01] + Array(#""]"#.utf8))
            #expect(error?.kind == .unescapedControlCharacter(0x01), "gap \(gap)")
            #expect(error?.offset == prefix.count, "gap \(gap)")
        }
    }

    @Test("A string with escapes cut off by the end of the data is refused, a truncated sequence first")
    func truncatedAfterAnEscape() {
        for gap in 0...12 {
            let text = Array(#"["\r"#.utf8) + Array(repeating: UInt8(ascii: "c"), count: gap)
            #expect(jsonParsingError(text)?.kind == .unexpectedEndOfInput(expected: "'\"' to close the string"), "gap \(gap)")
            // The first two bytes of a three-byte sequence, then the end.
            let truncated = text + [0xE5, 0x90]
            #expect(jsonParsingError(truncated)?.kind == .invalidUTF8(0xE5), "gap \(gap)")
            #expect(jsonParsingError(truncated)?.offset == text.count, "gap \(gap)")
        }
    }
}
