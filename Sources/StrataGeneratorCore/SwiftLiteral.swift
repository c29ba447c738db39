/// Swift source spellings of values.
enum SwiftLiteral {
    /// `text` as a Swift string literal: in double quotes, with `\`, `"` and
    /// control characters escaped.
    ///
    /// ```swift
    /// SwiftLiteral.string("say \"hi\"")  // "\"say \\\"hi\\\"\""
    /// ```
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format:
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
