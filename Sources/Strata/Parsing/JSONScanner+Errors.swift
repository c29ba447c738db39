/// Errors: a parsing error at a byte offset, with that offset's line and column.
extension JSONScanner {
    /// Builds an error at byte `offset`, computing its line and column (only on the failure path).
    func makeError(_ kind: JSONParsingError.Kind, at offset: Int) -> JSONParsingError {
        let end = min(max(offset, 0), count)
        var line = 1
        var lineStart = 0
        var position = 0
        while position < end {
            if input[position] == Byte.newline {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var column = 1
        position = lineStart
        while position < end {
            if input[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return JSONParsingError(kind: kind, offset: offset, line: line, column: column)
    }
}
