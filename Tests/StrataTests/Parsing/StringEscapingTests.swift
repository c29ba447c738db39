import Foundation
import Testing
@testable import Strata

/// Strings written with the characters JSON needs escaped wherever they fall:
/// in the sixteen bytes the writer checks at once, in the last bytes of a
/// string, before and after another escape.
@Suite("Escaping strings wherever the characters fall")
struct StringEscapingTests {
    /// Each character the writer escapes, with and without `withoutEscapingSlashes`.
    static let escaped: [Character] = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "/", "\t"]

    /// The string of `length` bytes of `filler` with `characters` at `positions`.
    static func string(length: Int, filler: Character = "a", placing characters: [(Int, Character)]) -> String {
        var filled = Array(repeating: filler, count: length)
        for (position, character) in characters where position < length { filled[position] = character }
        return String(filled)
    }

    /// The string `data` holds as its one array element, read back by Foundation.
    static func readBack(_ data: Data) throws -> String? {
        (try JSONSerialization.jsonObject(with: data) as? [Any])?.first as? String
    }

    @Test(arguments: 0...24)
    func oneEscapeAtEveryPositionReadsBack(_ length: Int) throws {
        for position in 0..<max(length, 1) {
            for character in Self.escaped {
                let text = Self.string(length: length, placing: [(position, character)])
                for options in [JSONWriter.Options(), .withoutEscapingSlashes] {
                    let data = try JSONWriter.data(withJSONObject: [text], options: options)
                    #expect(try Self.readBack(data) == text, "\(text.debugDescription) \(options)")
                    let slashes = data.filter { $0 == UInt8(ascii: "/") }.count
                    let escapedSlashes = String(decoding: data, as: UTF8.self).components(separatedBy: "\\/").count - 1
                    #expect(options.contains(.withoutEscapingSlashes) ? escapedSlashes == 0 : slashes == escapedSlashes)
                }
            }
        }
    }

    @Test(arguments: 2...20)
    func twoEscapesAtEveryPairOfPositionsReadBack(_ length: Int) throws {
        for first in 0..<length {
            for second in first + 1..<length {
                let text = Self.string(length: length, placing: [(first, "\""), (second, "\n")])
                let data = try JSONWriter.data(withJSONObject: [text])
                #expect(try Self.readBack(data) == text, "\(text.debugDescription)")
            }
        }
    }

    /// Multi-byte characters, whose bytes are all above 0x7F, are never taken for
    /// characters to escape, in a word or in the last bytes.
    @Test(arguments: 0...12)
    func multiByteCharactersAreWrittenAsTheyAre(_ length: Int) throws {
        let text = Self.string(length: length, filler: "é", placing: [(length / 2, "\"")])
        let data = try JSONWriter.data(withJSONObject: [text])
        #expect(try Self.readBack(data) == text)
        #expect(String(decoding: data, as: UTF8.self) == "[\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"]")
    }

    /// The JSON text of `text` (its quotes included), escaped byte by byte as the
    /// writer escapes: the reference the writer's scan is checked against.
    static func referenceText(_ text: String, escapingSlashes: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/" where escapingSlashes: result += "\\/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Every length up to three chunks of sixteen, with a character to escape at
    /// each position, followed by the bytes just above what is escaped (a space,
    /// `!`, `#`, `0`, `]`) and by a multi-byte character: written byte for byte
    /// as the reference writes them, nothing escaped that needs no escape.
    @Test(arguments: 0...48)
    func eachLengthIsWrittenAsTheReferenceWritesIt(_ length: Int) throws {
        let followers: [Character] = [" ", "!", "#", "0", "]", "é"]
        for position in 0..<max(length, 1) {
            for character in Self.escaped + ["\u{0}", "\u{8}", "\u{C}", "\r"] {
                for follower in followers {
                    let text = Self.string(length: length, placing: [(position, character), (position + 1, follower)])
                    for options in [JSONWriter.Options(), .withoutEscapingSlashes] {
                        let data = try JSONWriter.data(withJSONObject: [text], options: options)
                        let expected = "[" + Self.referenceText(text, escapingSlashes: !options.contains(.withoutEscapingSlashes)) + "]"
                        #expect(String(decoding: data, as: UTF8.self) == expected, "\(text.debugDescription) \(options)")
                    }
                }
            }
        }
    }

    /// A string with nothing to escape, of every length up to three chunks of
    /// sixteen, is written as it is.
    @Test func plainStringsOfEveryLengthAreWrittenAsTheyAre() throws {
        for length in 0...48 {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x20 + $0 % 0x5F))) })
                .replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\\", with: "|")
                .replacingOccurrences(of: "/", with: "-")
            let data = try JSONWriter.data(withJSONObject: [text])
            #expect(String(decoding: data, as: UTF8.self) == "[\"" + text + "\"]")
        }
    }
}
