/// An error thrown by ``JSONReader`` when the input is not valid JSON.
///
/// Internal: users meet it as the ``StrataError/underlyingError`` of an
/// ``StrataError/Code/invalidJSON`` error, whose reason includes ``description``.
///
/// Every error carries the zero-based byte ``offset`` of the problem and the
/// one-based ``line`` and ``column`` (the column counts Unicode scalars, so a
/// multi-byte character counts as one). ``description`` is a sentence a person
/// can act on.
///
/// ```swift
/// do {
///     _ = try JSONReader.jsonObject(with: Data(#"{"a" 1}"#.utf8))
/// } catch let error as JSONParsingError {
///     print(error)
///     // Unexpected character '1' at line 1, column 6; expected ':' after an object key.
/// }
/// ```
struct JSONParsingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    ///
    /// The associated values hold the details used in ``JSONParsingError/description``.
    ///
    /// ```swift
    /// if case .maximumDepthExceeded(let limit) = error.kind { print(limit) }
    /// ```
    enum Kind: Equatable, Sendable {
        /// A byte that cannot start or continue the expected construct; `expected` describes what was expected.
        case unexpectedCharacter(UInt8, expected: String)
        /// The input ended while `expected` was still required.
        case unexpectedEndOfInput(expected: String)
        /// A string contains a byte sequence that is not well-formed UTF-8 (overlong, surrogate, truncated, out of range).
        case invalidUTF8(UInt8)
        /// A string contains an unescaped control character (below U+0020).
        case unescapedControlCharacter(UInt8)
        /// A backslash followed by a character that is not a JSON escape.
        case invalidEscape(UInt8)
        /// A `\u` escape not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape naming a UTF-16 surrogate that is not part of a valid high/low pair.
        case unpairedSurrogate(UInt16)
        /// A number that breaks the RFC 8259 grammar; `reason` says how.
        case invalidNumber(reason: String)
        /// A number whose magnitude is too large for a `Double` (`1e400`, or an integer above about `1.8e308`),
        /// read into the Foundation shape, which has no value for it.
        case numberOutOfRange(String)
        /// Arrays and objects are nested deeper than the configured limit.
        case maximumDepthExceeded(Int)
        /// The top-level value is not an array or object and ``JSONReader/Options/topLevelContainerRequired`` is set.
        case topLevelContainerRequired
    }

    /// What went wrong.
    let kind: Kind
    /// Zero-based byte offset in the input where the problem was found.
    let offset: Int
    /// One-based line of ``offset`` (lines are separated by `\n`).
    let line: Int
    /// One-based column of ``offset`` within its line, counted in Unicode scalars.
    let column: Int

    /// Creates an error; ``JSONReader`` computes `line` and `column` from the input.
    ///
    /// ```swift
    /// let error = JSONParsingError(kind: .invalidUnicodeEscape, offset: 3, line: 1, column: 4)
    /// ```
    init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A sentence describing the problem, where it is and, when useful, how to fix it.
    ///
    /// ```swift
    /// print(error.description)
    /// // Unexpected end of input at line 1, column 2; expected a value.
    /// ```
    var description: String {
        let location = "at line \(line), column \(column)"
        switch kind {
        case .unexpectedCharacter(let byte, let expected):
            return "Unexpected character \(Self.show(byte)) \(location); expected \(expected)."
        case .unexpectedEndOfInput(let expected):
            return "Unexpected end of input \(location); expected \(expected)."
        case .invalidUTF8(let byte):
            return "Invalid UTF-8 byte \(Self.hex(byte)) in a string \(location); JSON text must be UTF-8."
        case .unescapedControlCharacter(let byte):
            return
                "Unescaped control character \(Self.scalar(byte)) in a string \(location); write it as an escape such as \\n or \\u\(Self.hex4(UInt16(byte)))."
        case .invalidEscape(let byte):
            return
                "Invalid escape sequence '\\\(Self.printable(byte))' \(location); valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX."
        case .invalidUnicodeEscape:
            return "Invalid \\u escape \(location); expected four hexadecimal digits."
        case .unpairedSurrogate(let unit):
            return
                "Unpaired UTF-16 surrogate \\u\(Self.hex4(unit)) \(location); a high surrogate (D800-DBFF) must be followed by a low surrogate escape (DC00-DFFF)."
        case .invalidNumber(let reason):
            return "Invalid number \(location); \(reason)."
        case .numberOutOfRange(let text):
            return "Number \(text) \(location) is too large to be represented as a Double."
        case .maximumDepthExceeded(let limit):
            return
                "Arrays and objects are nested more than \(limit) levels deep \(location); flatten the document, or raise maximumNestingDepth in the decoding options."
        case .topLevelContainerRequired:
            return
                "The top-level value \(location) is not an array or object; wrap it in [ ] or { }, or read it without topLevelContainerRequired."
        }
    }

    private static func show(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: "'") { return "\"'\" (JSON strings use double quotes)" }
        if byte >= 0x20 && byte < 0x7F { return "'\(printable(byte))'" }
        if byte < 0x80 { return scalar(byte) }
        return "byte \(hex(byte))"
    }

    private static func printable(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return hex(byte)
    }

    private static func scalar(_ byte: UInt8) -> String { "U+" + hex4(UInt16(byte)) }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
