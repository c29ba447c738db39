import Foundation
import Testing
@testable import Strata

/// Strings written with the characters JSON needs escaped wherever they fall:
/// in the eight-byte words the writer checks at once, in the last bytes of a
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
}
