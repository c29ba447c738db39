import Foundation
import Strata

/// Reads a sample file into a ``JSONSample``, keeping key order and number
/// spelling, and reports text that is not JSON with its line and column.
///
/// It reads RFC 8259 JSON: one value, with whitespace around it, UTF-8 text (a
/// byte order mark is skipped). Errors are ``GeneratorError/Code/invalidJSON``
/// errors whose column counts characters (Unicode scalars) from 1.
///
/// ```swift
/// let sample = try SampleReader.read(Data("[1, 2.5]".utf8), file: "numbers.json")
/// // .array([.number("1"), .number("2.5")])
/// try SampleReader.read(Data("[1, 2,]".utf8), file: "numbers.json")
/// // numbers.json:1:7: Expected a value, found ']'.
/// ```
public struct SampleReader {
    /// How deep arrays and objects may nest, so a hostile file cannot exhaust the stack.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The JSON value in `data`; `file` names it in errors.
    ///
    /// - Throws: a ``GeneratorError`` with code ``GeneratorError/Code/invalidJSON``
    ///   and the line and column of the first problem.
    public static func read(_ data: Data, file: String) throws(GeneratorError) -> JSONSample {
        var reader = SampleReader(bytes: Array(data), file: file)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else {
            throw reader.error("The file is empty: give a JSON object, or an array of objects.")
        }
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < reader.bytes.count {
            throw reader.error("Expected the end of the file after the JSON value, found \(reader.describeCurrent()).")
        }
        return value
    }

    // MARK: Values

    private mutating func readValue() throws(GeneratorError) -> JSONSample {
        guard let byte = current else { throw error("The file ends where a value was expected.") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("Expected a value, found \(describeCurrent()).")
        }
    }

    private mutating func readObject() throws(GeneratorError) -> JSONSample {
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let byte = current else { throw error("The file ends inside an object: close it with '}'.") }
            guard byte == UInt8(ascii: "\"") else {
                throw error("Expected a key in double quotes, found \(describeCurrent()).")
            }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("Expected ':' after the key \(quoted(key)), found \(describeCurrent()).")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try readValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default:
                throw error("Expected ',' or '}' after the value of \(quoted(key)), found \(describeCurrent()).")
            }
        }
    }

    private mutating func readArray() throws(GeneratorError) -> JSONSample {
        try enterContainer()
        index += 1
        var elements: [JSONSample] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("Expected ',' or ']' after an element of the array, found \(describeCurrent()).")
            }
        }
    }

    private mutating func enterContainer() throws(GeneratorError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("Arrays and objects nest deeper than \(Self.maximumDepth) levels.")
        }
    }

    private mutating func readLiteral(_ word: String, _ value: JSONSample) throws(GeneratorError) -> JSONSample {
        for expected in word.utf8 {
            guard current == expected else {
                throw error("Expected \(word), found \(describeCurrent()).")
            }
            index += 1
        }
        return value
    }

    // MARK: Numbers

    private mutating func readNumber() throws(GeneratorError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else {
            throw error("Expected a digit in the number, found \(describeCurrent()).")
        }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
            throw error("A number cannot start with 0 followed by another digit.")
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else {
                throw error("Expected a digit after the decimal point, found \(describeCurrent()).")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else {
                throw error("Expected a digit in the exponent, found \(describeCurrent()).")
            }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Strings

    private mutating func readString() throws(GeneratorError) -> String {
        let opening = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                index = opening
                throw error("The string that starts here is not closed: add the closing '\"'.")
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = ValidatedText.string(utf8: utf8) else {
                    index = opening
                    throw error("The string that starts here is not valid UTF-8 text.")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw error(
                    "A string cannot hold the control character \(describeCurrent()) as it is: write it as an escape such as \\n or \\u0009."
                )
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(GeneratorError) {
        guard let byte = current else { throw error("The file ends inside an escape sequence.") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            index += 1
            return
        }
        guard byte == UInt8(ascii: "u") else {
            index -= 1
            throw error("Invalid escape \(describeEscape()) in a string: JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.")
        }
        index += 1
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("The escape \\u\(hex(scalar)) is half of a surrogate pair: add the \\u escape of its second half.")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("The escape \\u\(hex(scalar)) must be followed by a low surrogate (\\uDC00 to \\uDFFF), not \\u\(hex(low)).")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("The escape \\u\(hex(scalar)) is the second half of a surrogate pair without its first half.")
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error("The escape \\u\(hex(scalar)) is not a Unicode character.")
        }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws(GeneratorError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw error("Expected four hexadecimal digits after \\u, found \(describeCurrent()).")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Positions and errors

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// The character at the current position, for a message: `'x'`, `U+0007`, or "the end of the file".
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "U+" + hex(UInt32(byte)) }
        // The scalar that starts here, when it is well-formed UTF-8.
        let end = min(bytes.count, index + 4)
        for length in 2...4 where index + length <= end {
            if let text = ValidatedText.string(utf8: bytes[index..<(index + length)]),
                let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1
            {
                return "'\(Character(scalar))' (U+\(hex(scalar.value)))"
            }
        }
        return "a byte that is not UTF-8 text (0x\(String(byte, radix: 16, uppercase: true)))"
    }

    private func describeEscape() -> String {
        let end = min(bytes.count, index + 2)
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    private func quoted(_ key: String) -> String { "\"\(key)\"" }

    /// An ``GeneratorError/Code/invalidJSON`` error at the current position.
    private func error(_ reason: String) -> GeneratorError {
        var line = 1
        var column = 1
        // A byte order mark is not a character of the text.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, index) : 0
        for byte in bytes[start..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // a continuation byte belongs to the character before it
            }
        }
        return GeneratorError(.invalidJSON, file: file, line: line, column: column, reason: reason)
    }
}
