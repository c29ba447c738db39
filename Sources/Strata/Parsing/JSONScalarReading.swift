/// A value the member-wise reader reads from JSON by its static type, without an
/// `Any`: a `String`, an `Int` or a `Bool`, the value ``JSONScanner/parseValueTree()``
/// would give the builder for the same text.
///
/// ```swift
/// if let id = try Int.read(from: &scanner) { model.id = id }  // else the value is read another way
/// ```
protocol JSONScalarReading: SendableMetatype {
    /// The value at the scanner's position, read, when the JSON there is exactly
    /// this type's form (a string, an integer that fits, `true` or `false`); `nil`,
    /// having read nothing, for any other value.
    static func read(from scanner: inout JSONScanner<NativeJSONBuilder>) throws(JSONParsingError) -> Self?
}

extension String: JSONScalarReading {
    @inline(__always)
    static func read(from scanner: inout JSONScanner<NativeJSONBuilder>) throws(JSONParsingError) -> String? {
        guard scanner.nextByte == Byte.quote else { return nil }
        return try scanner.parseString()
    }
}

extension Int: JSONScalarReading {
    @inline(__always)
    static func read(from scanner: inout JSONScanner<NativeJSONBuilder>) throws(JSONParsingError) -> Int? {
        try scanner.parseInteger()
    }
}

extension Bool: JSONScalarReading {
    @inline(__always)
    static func read(from scanner: inout JSONScanner<NativeJSONBuilder>) throws(JSONParsingError) -> Bool? {
        try scanner.parseBool()
    }
}
