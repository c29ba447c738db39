import Foundation
import Testing
@testable import Strata

/// The errors `JSONReader` throws: exact sentences, with byte offset, line and column.
@Suite("JSONReader errors")
struct JSONParsingErrorTests {
    struct Example: Sendable, CustomStringConvertible {
        let bytes: [UInt8]
        let message: String
        let offset: Int
        let line: Int
        let column: Int

        init(_ text: String, _ message: String, offset: Int, line: Int = 1, column: Int) {
            self.init(bytes: Array(text.utf8), message, offset: offset, line: line, column: column)
        }

        init(bytes: [UInt8], _ message: String, offset: Int, line: Int = 1, column: Int) {
            self.bytes = bytes
            self.message = message
            self.offset = offset
            self.line = line
            self.column = column
        }

        var description: String { String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription }
    }

    static let examples: [Example] = [
        Example("", "Unexpected end of input at line 1, column 1; expected a value.", offset: 0, column: 1),
        Example("  \n ", "Unexpected end of input at line 2, column 2; expected a value.", offset: 4, line: 2, column: 2),
        Example(#"{"a" 1}"#, "Unexpected character '1' at line 1, column 6; expected ':' after an object key.",
                offset: 5, column: 6),
        Example("[1,]", "Unexpected character ']' at line 1, column 4; expected a value after ',' (JSON does not allow a trailing comma).",
                offset: 3, column: 4),
        Example(#"{"a":1,}"#, #"Unexpected character '}' at line 1, column 8; expected '"' to begin an object key after ',' (JSON does not allow a trailing comma)."#,
                offset: 7, column: 8),
        Example("{'a': 1}", #"Unexpected character "'" (JSON strings use double quotes) at line 1, column 2; expected '"' to begin an object key or '}' to end the object."#,
                offset: 1, column: 2),
        Example("[1 2]", "Unexpected character '2' at line 1, column 4; expected ',' or ']' after an array element.",
                offset: 3, column: 4),
        Example(#"{"a": 1"#, "Unexpected end of input at line 1, column 8; expected ',' or '}' after an object member.",
                offset: 7, column: 8),
        Example(#""abc"#, #"Unexpected end of input at line 1, column 5; expected '"' to close the string."#,
                offset: 4, column: 5),
        Example("[01]", "Invalid number at line 1, column 2; leading zeros are not allowed.", offset: 1, column: 2),
        Example("[1.]", "Unexpected character ']' at line 1, column 4; expected a digit after the decimal point.",
                offset: 3, column: 4),
        Example("tru", "Unexpected end of input at line 1, column 4; expected the literal true.", offset: 3, column: 4),
        Example("[nul1]", "Unexpected character '1' at line 1, column 5; expected the literal null.", offset: 4, column: 5),
        Example("[1] x", "Unexpected character 'x' at line 1, column 5; expected end of input after the top-level value.",
                offset: 4, column: 5),
        Example("{\n  \"a\": [1,\n    2,,\n  ]\n}", "Unexpected character ',' at line 3, column 7; expected a value.",
                offset: 19, line: 3, column: 7),
        Example("[\"é😀\", x]", "Unexpected character 'x' at line 1, column 8; expected a value.", offset: 11, column: 8),
        Example(#"["\x"]"#, #"Invalid escape sequence '\x' at line 1, column 3; valid escapes are \" \\ \/ \b \f \n \r \t and \uXXXX."#,
                offset: 2, column: 3),
        Example(#"["\u12G4"]"#, #"Invalid \u escape at line 1, column 3; expected four hexadecimal digits."#,
                offset: 2, column: 3),
        Example(#"["\ud800x"]"#, #"Unpaired UTF-16 surrogate \uD800 at line 1, column 3; a high surrogate (D800-DBFF) must be followed by a low surrogate escape (DC00-DFFF)."#,
                offset: 2, column: 3),
        Example("[\"a\tb\"]", #"Unescaped control character U+0009 in a string at line 1, column 4; write it as an escape such as \n or \u0009."#,
                offset: 3, column: 4),
        Example(bytes: [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], "Invalid UTF-8 byte 0xFF in a string at line 1, column 4; JSON text must be UTF-8.",
                offset: 3, column: 4),
        Example(String(repeating: "[", count: 100_000),
                "Arrays and objects are nested more than 512 levels deep at line 1, column 513; flatten the document, or raise maximumNestingDepth in the decoding options.",
                offset: 512, column: 513),
        Example(String(repeating: #"{"a":"#, count: 600),
                "Arrays and objects are nested more than 512 levels deep at line 1, column 2561; flatten the document, or raise maximumNestingDepth in the decoding options.",
                offset: 2560, column: 2561),
    ]

    @Test("Errors are exact sentences with their location", arguments: ReaderOutput.allCases, examples)
    func error(_ output: ReaderOutput, _ example: Example) throws {
        let error = try #require(output.error(for: Data(example.bytes)))
        #expect(error.description == example.message)
        #expect(error.offset == example.offset)
        #expect(error.line == example.line)
        #expect(error.column == example.column)
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let limit = JSONReader.defaultMaximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONReader.jsonObject(with: Data(deepest.utf8)) }
        let tooDeep = "[" + deepest + "]"
        let error = try #require(ReaderOutput.native.error(for: Data(tooDeep.utf8)))
        #expect(error.kind == .maximumDepthExceeded(limit))
    }

    @Test func customDepthLimit() throws {
        #expect(throws: Never.self) { try JSONReader.jsonObject(with: Data("[[1]]".utf8), maximumDepth: 2) }
        #expect(throws: JSONParsingError(kind: .maximumDepthExceeded(2), offset: 2, line: 1, column: 3)) {
            try JSONReader.jsonObject(with: Data("[[[1]]]".utf8), maximumDepth: 2)
        }
        // Deeper documents are fine when asked for: the parser keeps no call stack per level.
        // (Kept moderate: releasing a very deeply nested Swift array recurses in the runtime.)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: Never.self) {
            try JSONReader.jsonObject(with: Data(deep.utf8), maximumDepth: 10_000)
        }
    }

    @Test func topLevelContainerRequired() throws {
        let data = Data(" 1".utf8)
        #expect(throws: Never.self) { try JSONReader.jsonObject(with: data) }
        #expect(throws: Never.self) {
            try JSONReader.jsonObject(with: data, options: [.topLevelContainerRequired, .fragmentsAllowed])
        }
        do {
            _ = try JSONReader.jsonObject(with: data, options: .topLevelContainerRequired)
            Issue.record("a top-level number was accepted")
        } catch let error as JSONParsingError {
            #expect(error.description == "The top-level value at line 1, column 2 is not an array or object; wrap it in [ ] or { }, or read it without topLevelContainerRequired.")
        }
    }
}
