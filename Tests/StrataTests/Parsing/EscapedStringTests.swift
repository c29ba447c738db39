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

    @Test("Ill-formed UTF-8 before a string's first escape is the error reported, whatever follows")
    func illFormedBeforeTheFirstEscape() {
        for gap in 0...12 {
            let run = Array(repeating: UInt8(ascii: "a"), count: gap)
            let prefix = Array(#"[""#.utf8) + run
            // A `z` after each escape: `\u12` stays short of four hexadecimal digits.
            let tail = Array("z".utf8) + run + Array(#""]"#.utf8)
            for escape in [#"\n"#, #"\x"#, #"\u12"#] {
                // Each sequence with its offending byte and where that lies: 0xFF itself, the
                // byte after a lead byte, or the escape's backslash after a truncated sequence.
                let sequences: [(bytes: [UInt8], bad: UInt8, at: Int)] = [
                    ([0xFF], 0xFF, 0), ([0xC3, 0x28], 0x28, 1), ([0xE6, 0x97], UInt8(ascii: "\\"), 2),
                ]
                for sequence in sequences {
                    let text = prefix + Array("名".utf8) + sequence.bytes + Array(escape.utf8) + tail
                    let error = jsonParsingError(text)
                    #expect(error?.kind == .invalidUTF8(sequence.bad), "gap \(gap), \(escape), \(sequence.bytes)")
                    #expect(error?.offset == prefix.count + 3 + sequence.at, "gap \(gap), \(escape), \(sequence.bytes)")
                }
                // Well-formed before the escape: the escape's own error, or none.
                let wellFormed = prefix + Array("名".utf8) + Array(escape.utf8) + tail
                #expect((jsonParsingError(wellFormed) == nil) == (escape == #"\n"#), "gap \(gap), \(escape)")
            }
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
