/// A `DateFormatter` pattern such as `"EEE MMM dd HH:mm:ss Z yyyy"`, split into
/// the fields and literal text ``CompiledDateFormat`` reads and writes byte by
/// byte: or `nil`, for a pattern with anything else in it, which is then left to
/// `DateFormatter`.
///
/// The fields it knows are those JSON APIs use, in the widths that write a fixed
/// number of characters:
///
/// | field | writes |
/// | --- | --- |
/// | `yyyy` | the year, four digits |
/// | `MM`, `dd` | the month and the day of the month, two digits |
/// | `MMM` | the month's abbreviation (`Aug`) |
/// | `EEE` | the weekday's abbreviation (`Sun`) |
/// | `HH`, `mm`, `ss` | the hour (00–23), minute and second, two digits |
/// | `SSS` | the milliseconds, three digits |
/// | `Z` (or `ZZ`, `ZZZ`) | the offset from UTC as `+0000`, `-0800` |
/// | `XXX` | the offset as `Z` for UTC, otherwise `+02:00` |
///
/// Literal text is ASCII other than digits: characters that are not letters, and
/// anything inside single quotes (`'T'`); `''` is a quote. A pattern must name the year, the
/// month and the day, each field at most once, and at most one offset; any other
/// letter (`y`, `hh`, `a`, `MMMM`, `YYYY`…), a character outside ASCII or an
/// unclosed quote makes it a pattern this type does not compile.
struct DateFormatPattern: Equatable, Sendable {
    /// A field of the pattern.
    enum Field: Equatable, Hashable, Sendable {
        case year, month, monthAbbreviation, day, weekdayAbbreviation
        case hour, minute, second, millisecond
        /// `Z`: `+0000`.
        case offsetBasic
        /// `XXX`: `Z` or `+02:00`.
        case offsetExtended
    }

    /// A field or a run of literal bytes.
    ///
    /// A struct rather than an enum with two payloads: such an enum keeps its case
    /// in the spare bits of the array's pointer, which LeakSanitizer then does not
    /// recognise as an address, and reports the bytes of patterns held for the
    /// life of the process as leaked.
    struct Element: Equatable, Sendable {
        /// The field, or `nil` for literal text.
        let field: Field?
        /// The literal bytes; empty for a field.
        let literal: [UInt8]

        static func field(_ field: Field) -> Element { Element(field: field, literal: []) }
        static func literal(_ bytes: [UInt8]) -> Element { Element(field: nil, literal: bytes) }
    }

    /// The pattern's elements in order; adjacent literal text is one element.
    let elements: [Element]

    /// The pattern compiled, or `nil` when it has anything beyond the fields above.
    init?(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        var elements: [Element] = []
        var fields: Set<Field> = []
        var index = 0

        func appendLiteral(_ byte: UInt8) {
            if let last = elements.last, last.field == nil {
                elements[elements.count - 1] = .literal(last.literal + [byte])
            } else {
                elements.append(.literal([byte]))
            }
        }

        // Inside single quotes, everything is literal text; '' is a quote, inside
        // quotes or out.
        var isQuoted = false
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "'") {
                if index + 1 < bytes.count, bytes[index + 1] == byte {
                    appendLiteral(byte)
                    index += 2
                } else {
                    isQuoted.toggle()
                    index += 1
                }
            } else if isQuoted {
                appendLiteral(byte)
                index += 1
            } else if Self.isLetter(byte) {
                var count = 1
                while index + count < bytes.count, bytes[index + count] == byte { count += 1 }
                guard let field = Self.field(letter: byte, count: count), fields.insert(field).inserted else { return nil }
                elements.append(.field(field))
                index += count
            } else {
                appendLiteral(byte)
                index += 1
            }
        }
        guard !isQuoted else { return nil }  // an unclosed quote
        // Digits in the literal text could run into a number's digits.
        for element in elements where element.literal.contains(where: { (0x30...0x39).contains($0) }) { return nil }
        guard fields.contains(.year), fields.contains(.day),
            fields.contains(.month) != fields.contains(.monthAbbreviation),
            !(fields.contains(.offsetBasic) && fields.contains(.offsetExtended))
        else { return nil }
        self.elements = elements
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The field a run of `count` letters `letter` stands for, when it is one of those compiled.
    private static func field(letter: UInt8, count: Int) -> Field? {
        switch (Unicode.Scalar(letter), count) {
        case ("y", 4): .year
        case ("M", 2): .month
        case ("M", 3): .monthAbbreviation
        case ("d", 2): .day
        case ("E", 3): .weekdayAbbreviation
        case ("H", 2): .hour
        case ("m", 2): .minute
        case ("s", 2): .second
        case ("S", 3): .millisecond
        case ("Z", 1...3): .offsetBasic
        case ("X", 3): .offsetExtended
        default: nil
        }
    }
}
