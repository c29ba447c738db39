import Foundation

extension ValueTransformer {
    /// `String` ↔ `URL`, and the default for `URL` properties.
    ///
    /// The string must be a URL (or a relative reference) as RFC 3986 writes it:
    /// only ASCII letters, digits and `-._~:/?#[]@!$&'()*+,;=`, with `%` only before
    /// two hexadecimal digits, read by `URL(string:)` without a change. Anything else
    /// (a space, a character outside ASCII, a stray `%`, an empty string) is a
    /// `transformerFailed` error, rather than a URL percent-encoded for it. A URL is
    /// written as its `absoluteString`, so it is written back as it was read.
    /// Archives read URL text by the same rule.
    ///
    /// ```swift
    /// try ValueTransformer.url.checkedTransformedValue("https://example.com/a%20b")  // a URL
    /// try ValueTransformer.url.checkedTransformedValue("not a valid URL")
    /// // Expected a URL, found the string "not a valid URL".
    /// ```
    public static var url: ValueTransformer { ClosureValueTransformer.make(.url) }

    /// `String` ↔ `UUID` (written in upper case, as `UUID.uuidString` gives it).
    public static var uuid: ValueTransformer { ClosureValueTransformer.make(.uuid) }

    /// `String` ↔ `Date` in ISO 8601, as JSON APIs send it (RFC 3339).
    ///
    /// Reads `2024-05-01T12:30:00Z`, with fractional seconds of any length
    /// (`.4`, `.415`, `.123456789`) and any time-zone offset (`Z`, `+02:00`, `+0200`,
    /// `+02`), and a date alone, `2024-05-01`, as midnight UTC. Years are four
    /// digits in the proleptic Gregorian calendar; the day must exist, and nothing
    /// may follow the offset.
    ///
    /// Writes UTC with `Z` and the fewest fractional digits that read back as the
    /// same `Date` (rounded to nearest, none when the seconds are whole):
    /// `2024-05-01T12:30:48.415Z`, `2024-05-01T12:30:48.123456Z`. Every date read
    /// writes back as the same instant. A date read from a date alone is written in
    /// the full form (`2024-05-01T00:00:00Z`).
    ///
    /// ```swift
    /// let date = try ValueTransformer.iso8601Date.checkedTransformedValue("2019-06-15T08:00:00.123+02:00")
    /// let text = try ValueTransformer.iso8601Date.checkedReverseTransformedValue(date)
    /// // "2019-06-15T06:00:00.123Z"
    /// ```
    public static var iso8601Date: ValueTransformer { ClosureValueTransformer.make(.iso8601Date) }

    /// `Double` (seconds since 1970) ↔ `Date`: Unix timestamps.
    ///
    /// Writes a whole number of seconds as an integer (`1557995166`), and a date
    /// between two seconds with its fraction (`1557995166.25`).
    public static var secondsSince1970: ValueTransformer { ClosureValueTransformer.make(.secondsSince1970) }

    /// `Double` (milliseconds since 1970) ↔ `Date`: JavaScript timestamps.
    ///
    /// Writes the date rounded to the nearest millisecond, as an integer
    /// (`1557995166250`).
    public static var millisecondsSince1970: ValueTransformer { ClosureValueTransformer.make(.millisecondsSince1970) }

    /// Base64 `String` ↔ `Data`.
    public static var base64Data: ValueTransformer { ClosureValueTransformer.make(.base64Data) }

    /// `String` ↔ `Date` with a fixed `DateFormatter` format, such as `"EEE MMM dd
    /// HH:mm:ss Z yyyy"`.
    ///
    /// The locale is `en_US_POSIX` and the time zone UTC unless you pass others, so
    /// parsing does not depend on the device.
    ///
    /// With that locale and a time zone of one fixed offset (UTC, or
    /// `TimeZone(secondsFromGMT:)`), formats made of `yyyy`, `MM`, `MMM`, `dd`,
    /// `EEE`, `HH`, `mm`, `ss`, `SSS`, `Z`, `XXX` and literal text (`'T'`) are read
    /// and written without a `DateFormatter` call, and without a lock, for years
    /// 1600–9999: the text a formatter writes is read straight from its bytes, and
    /// anything else (lenient input such as `5` for `MM`, other years, other
    /// formats, locales or time zones) goes to the formatter. The results and the
    /// errors are the formatter's either way.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "createdAt" ? .date(format: "EEE MMM dd HH:mm:ss Z yyyy") : nil
    /// }
    /// ```
    public static func date(
        format: String,
        locale: Locale = Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) -> ValueTransformer {
        ClosureValueTransformer.make(.date(formats: [format], locale: locale, timeZone: timeZone))
    }

    /// `String` ↔ `Date` in any of several `DateFormatter` formats, for an API that sends
    /// dates more than one way: reading tries the formats in order and the first that parses
    /// wins; writing uses the first format.
    ///
    /// The locale is `en_US_POSIX` and the time zone UTC unless you pass others.
    ///
    /// A string no format reads is a `transformerFailed` error that lists the
    /// formats. With no formats at all, every value is refused.
    ///
    /// Each format is compiled as ``date(format:locale:timeZone:)`` describes,
    /// and tried in order, by itself and then by its `DateFormatter`, so the
    /// first format that reads a string is the one a formatter would pick. A
    /// string the first formats do not read costs their formatters' calls.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "postedAt" ? .date(formats: ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"]) : nil
    /// }
    /// // "2024-05-01 12:30:00" and "2024-05-01" both read; written as "2024-05-01 12:30:00"
    /// ```
    public static func date(
        formats: [String],
        locale: Locale = Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) -> ValueTransformer {
        ClosureValueTransformer.make(.date(formats: formats, locale: locale, timeZone: timeZone))
    }

    /// Number text ↔ `NSNumber`, with a `NumberFormatter` style (POSIX locale unless
    /// told otherwise): `"1,234.5"` with `.decimal`.
    ///
    /// The number is then stored exactly into the property's numeric type (`Int`,
    /// `Double`, `Decimal`, …).
    public static func number(
        style: NumberFormatter.Style = .decimal,
        locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> ValueTransformer {
        ClosureValueTransformer.make(.number(style: style, locale: locale))
    }

    /// Maps JSON values to property values through a table, Mantle's value-mapping
    /// transformer.
    ///
    /// A value that is not in the table becomes `default`, or is an error when there
    /// is no default. The reverse looks the value up in the inverted table, and
    /// falls back to `reverseDefault`.
    ///
    /// ```swift
    /// .valueMapping(["open": State.open, "closed": .closed], default: .unknown)
    /// ```
    public static func valueMapping<JSONValue: Hashable & Sendable, Value: Hashable & Sendable>(
        _ mapping: [JSONValue: Value],
        default defaultValue: Value? = nil,
        reverseDefault: JSONValue? = nil
    ) -> ValueTransformer {
        ClosureValueTransformer.make(.valueMapping(mapping, default: defaultValue, reverseDefault: reverseDefault))
    }

    /// Applies `element` to each element of a JSON array; `null` elements reach it as
    /// `nil`.
    ///
    /// Errors name the index: `tags[2]`. The transformer is one-way when `element`
    /// is: its class's `allowsReverseTransformation()` is then `false`.
    ///
    /// ```swift
    /// case "updates": return .array(of: .iso8601Date)
    /// ```
    public static func array(of element: ValueTransformer) -> ValueTransformer {
        ClosureValueTransformer.make(.array(of: Transformation(element)))
    }
}

/// The predefined transformers' implementations.
extension Transformation {
    static let iso8601Date = Transformation(
        { (text: String) throws -> Date in
            guard let date = ISO8601.date(from: text) else {
                throw StrataError.expected(
                    "an ISO 8601 date such as \"2024-05-01T12:30:00Z\"", found: text, code: .transformerFailed)
            }
            return date
        },
        reverse: { (date: Date) throws -> String in
            guard let text = ISO8601.string(from: date) else {
                throw StrataError(
                    .unsupportedValue,
                    "The date \(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01 is outside the years "
                        + "0000–9999 that ISO 8601 writes.")
            }
            return text
        }
    )
    // A plain string from its bytes, read as `ISO8601.date(from:)` reads the `String`.
    .readingPlainStrings { ISO8601.date(fromUTF8: $0) }

    static let secondsSince1970 = Transformation(
        { (seconds: Double) in Date(timeIntervalSince1970: seconds) },
        writing: { (date: Date) in jsonNumber(date.timeIntervalSince1970) },
        expecting: "a date as a number of seconds since 1970 (such as 1714566600)")

    static let millisecondsSince1970 = Transformation(
        { (milliseconds: Double) in Date(timeIntervalSince1970: milliseconds / 1000) },
        writing: { (date: Date) in jsonNumber((date.timeIntervalSince1970 * 1000).rounded()) },
        expecting: "a date as a number of milliseconds since 1970 (such as 1714566600000)")

    /// `value` as the JSON number a timestamp is written as: an integer when it is
    /// whole (`1557995166`, not `1557995166.0`, as other encoders write it), the
    /// `Double` otherwise.
    ///
    /// The integer is an `Int` where it fits (always on 64-bit platforms), an
    /// `Int64` on 32-bit ones (watchOS) when it does not.
    private static func jsonNumber(_ value: Double) -> Any {
        guard value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else { return value }
        if let integer = Int(exactly: value) { return integer }
        return Int64(exactly: value) ?? value
    }

    static let base64Data = Transformation(
        { (text: String) throws -> Data in
            guard let data = Data(base64Encoded: text) else {
                throw StrataError.expected("Base64 text", found: text, code: .transformerFailed)
            }
            return data
        },
        reverse: { (data: Data) in data.base64EncodedString() })

    static func date(
        formats: [String],
        locale: Locale = Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) -> Transformation {
        let formatters = formats.map { format in
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateFormat = format
            return formatter
        }
        // Each format read and written byte by byte when its pattern, locale and
        // time zone allow (CompiledDateFormat.swift), with no lock; its formatter
        // for the rest, so results and errors are the formatter's.
        let compiled = zip(formats, formatters).map { format, formatter in
            DateFormatPattern(format).flatMap { CompiledDateFormat($0, formatter: formatter) }
        }
        // DateFormatter is not Sendable; the lock gives one caller at a time.
        let locked = Locked(formatters)
        let expected =
            switch formats.count {
            case 0: "a date"
            case 1: "a date in the format \"\(formats[0])\""
            default: "a date in one of the formats " + formats.map { "\"\($0)\"" }.joined(separator: ", ")
            }
        let advice = formats.isEmpty ? "Give .date(formats:) a format to read the date with." : nil
        let transformation = Transformation(
            { (text: String) throws -> Date in
                // In order, each format by itself and then by its formatter, so the
                // first format that reads the text wins, as with formatters alone.
                for index in compiled.indices {
                    if let date = compiled[index]?.date(from: text) { return date }
                    if let date = locked.withLock({ $0[index].date(from: text) }) { return date }
                }
                throw StrataError.expected(expected, found: text, code: .transformerFailed, advice: advice)
            },
            reverse: { (date: Date) throws -> String in
                if let text = compiled.first??.string(from: date) { return text }
                guard let text = locked.withLock({ $0.first?.string(from: date) }) else {
                    throw StrataError(.unsupportedValue, "The date transformer has no format to write with: give .date(formats:) one.")
                }
                return text
            })
        // A plain string from its bytes, by the first format when it reads it: the
        // forward closure's first step, which then returns that date.
        guard let first = compiled.first, let first else { return transformation }
        return transformation.readingPlainStrings { first.date(fromUTF8: $0) }
    }

    static func number(
        style: NumberFormatter.Style = .decimal,
        locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> Transformation {
        let formatter = NumberFormatter()
        formatter.numberStyle = style
        formatter.locale = locale
        formatter.generatesDecimalNumbers = true
        let locked = Locked(formatter)
        return Transformation(
            { (text: String) throws -> NSNumber in
                guard let number = locked.withLock({ $0.number(from: text) }) else {
                    throw StrataError.expected("a number", found: text, code: .transformerFailed)
                }
                return number
            },
            reverse: { (value: Any) throws -> String in
                guard let number = ExactNumber(value), number.boolean == nil, let decimal = number.decimal,
                    let text = locked.withLock({ $0.string(from: NSDecimalNumber(decimal: decimal)) })
                else {
                    throw StrataError.expected("a number to format", found: value, code: .unsupportedValue)
                }
                return text
            })
    }

    static func valueMapping<JSONValue: Hashable & Sendable, Value: Hashable & Sendable>(
        _ mapping: [JSONValue: Value],
        default defaultValue: Value? = nil,
        reverseDefault: JSONValue? = nil
    ) -> Transformation {
        var reversed: [Value: JSONValue] = [:]
        for (json, value) in mapping where reversed[value] == nil { reversed[value] = json }
        let reverseTable = reversed
        let known = mapping.keys.map { "\($0)" }.sorted().joined(separator: ", ")
        return Transformation(
            { (json: JSONValue) throws -> Value in
                if let value = mapping[json] ?? defaultValue { return value }
                throw StrataError(.transformerFailed, "\(describe(json).capitalizedFirst) is not one of the mapped values (\(known)).")
            },
            reverse: { (value: Value) throws -> JSONValue in
                if let json = reverseTable[value] ?? reverseDefault { return json }
                throw StrataError(.unsupportedValue, "\(value) has no JSON value in the mapping and there is no reverse default.")
            })
    }

    /// Each element through `element`; one-way when `element` is.
    static func array(of element: Transformation) -> Transformation {
        let forward: @Sendable ([Any]) throws -> [Any?] = { array in
            var converted: [Any?] = []
            converted.reserveCapacity(array.count)
            // The element transformer decides what `null` is: it is given `nil`.
            try CollectionElements().forEach(count: array.count) { index in
                let value = array[index]
                converted.append(try element.transformedValue(isJSONNull(value) ? nil : value))
            }
            return converted
        }
        guard element.reverse != nil else { return Transformation(forward) }
        return Transformation(
            forward,
            reverse: { (array: [Any?]) throws -> [Any] in
                try array.enumerated().map { index, value in
                    // As for reading, the element transformer decides what `nil` is.
                    try CollectionElements.write(at: .index(index), transforms: true) {
                        try element.reverseTransformedValue(value) ?? NSNull()
                    }
                }
            })
    }
}

extension String {
    /// The string with its first letter in upper case, for sentences that start
    /// with a described value.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
