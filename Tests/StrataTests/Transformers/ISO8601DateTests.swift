import Foundation
import Testing
@testable import Strata

/// `.iso8601Date` and the byte-level reader and writer behind it.
@Suite("ISO 8601 dates")
struct ISO8601DateTests {
    static func read(_ text: String) throws -> Date {
        try #require(try ValueTransformer.iso8601Date.checkedTransformedValue(text) as? Date)
    }

    static func write(_ date: Date) throws -> String {
        try #require(try ValueTransformer.iso8601Date.checkedReverseTransformedValue(date) as? String)
    }

    static let utc = Date.ISO8601FormatStyle()

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A timestamp's text as the writer must give it back: in UTC, with the
    /// milliseconds' digits up to the last that is not zero, or none when they are
    /// zero. `whole` is the UTC text without a fraction (`…:48Z`).
    static func normalized(whole: String, milliseconds: Int) -> String {
        guard milliseconds != 0 else { return whole }
        var fraction = String(String(milliseconds + 1000).dropFirst())
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole.dropLast() + "." + fraction + "Z"
    }

    // MARK: Round trips

    @Test(arguments: [
        ("2024-05-01T12:30:48.415Z", "2024-05-01T12:30:48.415Z"),
        ("2023-11-14T22:13:20.001Z", "2023-11-14T22:13:20.001Z"),
        ("2021-01-01T00:00:00.999Z", "2021-01-01T00:00:00.999Z"),
        ("2020-02-29T23:59:59.5Z", "2020-02-29T23:59:59.5Z"),
        ("2019-06-15T08:00:00.123+02:00", "2019-06-15T06:00:00.123Z"),
        ("2024-12-31T23:59:59.010Z", "2024-12-31T23:59:59.01Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
        ("2024-05-01T12:30:00.123456Z", "2024-05-01T12:30:00.123456Z"),
    ])
    func sampledTimestampsWriteBackAsRead(_ text: String, written: String) throws {
        #expect(try Self.write(Self.read(text)) == written)
    }

    @Test func generatedTimestampsWithUpToThreeFractionalDigitsWriteBackAsRead() throws {
        var generator = SeededGenerator(seed: 0x15_08_601)
        func digits(_ value: Int, _ count: Int) -> String {
            String(String(value + 10_000).suffix(count))
        }
        for _ in 0..<20_000 {
            // Any day of any four-digit year, leap days included.
            let year = Int.random(in: 0...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...Self.daysIn(month: month, year: year), using: &generator)
            let whole = "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
                + "\(digits(Int.random(in: 0...23, using: &generator), 2)):\(digits(Int.random(in: 0...59, using: &generator), 2))"
                + ":\(digits(Int.random(in: 0...59, using: &generator), 2))Z"
            let milliseconds = Int.random(in: 0...999, using: &generator)
            let expected = Self.normalized(whole: whole, milliseconds: milliseconds)
            // The fraction with 1, 2 or 3 digits, as its trailing zeros allow.
            var fraction = digits(milliseconds, 3)
            let length = Int.random(in: 1...3, using: &generator)
            while fraction.count > length, fraction.hasSuffix("0") {
                fraction.removeLast()
            }
            let text = milliseconds == 0 && Bool.random(using: &generator) ? whole : whole.dropLast() + "." + fraction + "Z"
            #expect(try Self.write(Self.read(text)) == expected, "\(text)")
        }
    }

    @Test func generatedTimestampsWithOffsetsWriteBackInUTC() throws {
        var generator = SeededGenerator(seed: 0x0FF5E7)
        let seconds = Int64(-2_208_988_800)...Int64(4_102_444_799)  // 1900–2099
        for _ in 0..<5_000 {
            let second = Int64.random(in: seconds, using: &generator)
            let milliseconds = Int.random(in: 0...999, using: &generator)
            let offset = Int.random(in: -14 * 4...14 * 4, using: &generator) * 900
            let zone = try #require(TimeZone(secondsFromGMT: offset))
            let date = Date(timeIntervalSince1970: Double(second))
            let local = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone).format(date)  // …:48+02:00
            let wholeLocal = local.hasSuffix("Z") ? String(local.dropLast()) : String(local.dropLast(6))
            let designator = local.hasSuffix("Z") ? "Z" : String(local.suffix(6))
            let compact = designator.replacingOccurrences(of: ":", with: "")  // +0200, as some servers write it
            let fraction = "." + String(String(milliseconds + 1000).dropFirst())
            let expected = Self.normalized(whole: Self.utc.format(date), milliseconds: milliseconds)
            for text in [wholeLocal + fraction + designator, wholeLocal + fraction + compact] {
                #expect(try Self.write(Self.read(text)) == expected, "\(text)")
            }
        }
    }

    // MARK: Against Foundation

    @Test func readingAgreesWithFoundationOnGeneratedDatesLeapDaysAndOffsets() throws {
        var generator = SeededGenerator(seed: 0xF0DA7E)
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        // From 1583: before 15 October 1582 Foundation's calendar is Julian.
        let seconds = Int64(-12_212_553_600)...Int64(253_402_300_799)
        var texts: [String] = []
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: seconds, using: &generator)))
            let zone = try #require(TimeZone(secondsFromGMT: Int.random(in: -12 * 4...14 * 4, using: &generator) * 900))
            texts.append(Date.ISO8601FormatStyle(timeZone: zone).format(date))
        }
        let leapYears = (1584...9996).filter { $0 % 4 == 0 && ($0 % 100 != 0 || $0 % 400 == 0) }
        for _ in 0..<500 {
            let year = try #require(leapYears.randomElement(using: &generator))
            let hour = Int.random(in: 0...23, using: &generator)
            texts.append("\(year)-02-29T\(hour < 10 ? "0" : "")\(hour):59:59Z")
            texts.append("\(year)-02-29T23:00:00.125-01:30")
            texts.append("\(year)-03-01T00:00:00.5+0100")
        }
        for text in texts {
            let expected = try #require(try? fractional.parse(text), "Foundation refused \(text)")
            let date = try Self.read(text)
            #expect(abs(date.timeIntervalSince(expected)) < 1e-6, "\(text)")
            if !text.contains(".") {
                #expect(date == expected, "\(text)")
                #expect(try Self.write(date) == Self.utc.format(expected), "\(text)")
            }
        }
    }

    // MARK: What is read

    @Test(arguments: [
        ("2024-05-01T12:30:48.4Z", 1_714_566_648.4),
        ("2024-05-01T12:30:48.41Z", 1_714_566_648.41),
        ("2024-05-01T12:30:48.123456Z", 1_714_566_648.123456),
        ("2024-05-01T12:30:48.123456789Z", 1_714_566_648.123456789),
        ("2024-05-01T12:30:48.1234567891234Z", 1_714_566_648.123456789),
        ("2024-05-01T12:30:48,5Z", 1_714_566_648.5),
        ("2024-05-01T12:30:48z", 1_714_566_648),
        ("2024-05-01t12:30:48Z", 1_714_566_648),
        ("2024-05-01T14:30:48+02:00", 1_714_566_648),
        ("2024-05-01T14:30:48+0200", 1_714_566_648),
        ("2024-05-01T14:30:48+02", 1_714_566_648),
        ("2024-05-01T07:00:48-05:30", 1_714_566_648),
        ("2024-05-01T12:30:48-00:00", 1_714_566_648),
        ("2024-05-01", 1_714_521_600),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("2024-04-30T24:00:00Z", 1_714_521_600),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("0000-03-01T00:00:00Z", -62_162_035_200),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
    ])
    func reads(_ text: String, secondsSince1970: Double) throws {
        let date = try Self.read(text)
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 1e-6, "\(date.timeIntervalSince1970)")
    }

    @Test(arguments: [
        "", "2024", "2024-05", "2024-5-1T12:30:48Z", "20240501T123048Z", " 2024-05-01T12:30:48Z",
        "2024-05-01T12:30:48Z ", "2024-05-01T12:30:48Zjunk", "2024-05-01T12:30:48", "2024-05-01T12:30Z",
        "2024-05-01 12:30:48Z", "2024-05-01T12:30:48.Z", "2024-05-01T12:30:48.5", "2024-05-01Z",
        "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31",
        "2024-05-00", "2024-05-01T25:00:00Z", "2024-05-01T24:00:01Z", "2024-05-01T24:00:00.5Z",
        "2024-05-01T12:60:00Z", "2024-05-01T12:30:61Z", "2024-05-01T12:30:48+24:00", "2024-05-01T12:30:48+02:60",
        "2024-05-01T12:30:48+2", "2024-05-01T12:30:48+02:0", "2024-05-01T12:30:48+02:00:00", "+2024-05-01",
        "2024-05-01T12:30:48.1e3Z", "２０２４-05-01",
    ])
    func refuses(_ text: String) throws {
        let error = try #require(throws: StrataError.self) { try ValueTransformer.iso8601Date.checkedTransformedValue(text) }
        #expect(error.code == .transformerFailed)
        #expect(error.reason == "Expected an ISO 8601 date such as \"2024-05-01T12:30:00Z\", found \(describe(text)).")
    }

    /// Valid ISO 8601 whose instant in UTC falls outside the years 0000–9999, which
    /// the writer cannot give back: refused when read, so that every model read can
    /// be written.
    @Test(arguments: [
        "9999-12-31T23:59:60Z", "9999-12-31T23:59:60.999Z", "9999-12-31T24:00:00Z", "9999-12-31T23:59:59-01:00",
        "9999-12-31T23:30:00-00:45", "0000-01-01T00:00:00+01:00", "0000-01-01T00:59:59.999+01:00",
        "9999-12-31T23:59:59.9999999999Z",
    ])
    func refusesInstantsOutsideTheYearsWritten(_ text: String) throws {
        let error = try #require(throws: StrataError.self) { try ValueTransformer.iso8601Date.checkedTransformedValue(text) }
        #expect(error.code == .transformerFailed)
    }

    /// Next to the ends of the years written, an instant inside them is read and
    /// written back.
    @Test(arguments: [
        "9999-12-31T23:59:59.999Z", "9999-12-31T22:59:60+01:00", "9999-12-31T23:59:59+00:00", "0000-01-01T00:00:00Z",
        "0000-01-01T01:00:00+01:00", "0000-01-01T00:00:00-01:00", "9999-12-31", "9999-12-31T24:00:00+01:00",
    ])
    func nearTheEndsWhatIsReadIsWritten(_ text: String) throws {
        let date = try Self.read(text)
        #expect(try Self.read(try Self.write(date)) == date, "\(text)")
    }

    // MARK: What is written

    @Test func aDateAloneIsWrittenInTheFullForm() throws {
        #expect(try Self.write(Self.read("2024-05-01")) == "2024-05-01T00:00:00Z")
    }

    @Test(arguments: [
        ("2024-05-01T12:30:48.123456Z", "2024-05-01T12:30:48.123456Z"),
        ("2024-05-01T12:30:48.12351Z", "2024-05-01T12:30:48.12351Z"),
        ("2024-05-01T12:30:48.0004Z", "2024-05-01T12:30:48.0004Z"),
        ("2024-12-31T23:59:59.9996Z", "2024-12-31T23:59:59.9996Z"),
        ("1969-12-31T23:59:59.9996Z", "1969-12-31T23:59:59.9996Z"),
        ("1969-12-31T23:59:58.5Z", "1969-12-31T23:59:58.5Z"),
        // A Date holds about seven fractional digits in 2024: the rest cannot come back.
        ("2024-05-01T12:30:48.123456789Z", "2024-05-01T12:30:48.1234568Z"),
        ("2024-05-01T12:30:48.99999999Z", "2024-05-01T12:30:49Z"),
    ])
    func finerFractionsAreWrittenWithTheDigitsTheyNeed(_ text: String, written: String) throws {
        #expect(try Self.write(Self.read(text)) == written)
    }

    @Test func generatedTimestampsWithUpToSixFractionalDigitsWriteBackAsRead() throws {
        // From 1970 to 2100 a Date tells microseconds apart, so each text is its
        // date's shortest form.
        var generator = SeededGenerator(seed: 0x0601_2100)
        for _ in 0..<20_000 {
            let seconds = Int64.random(in: 0..<4_102_444_800, using: &generator)
            var fraction = String(Int.random(in: 0..<1_000_000, using: &generator) + 1_000_000).dropFirst()
            fraction = fraction.prefix(Int.random(in: 1...6, using: &generator))
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let whole = Self.utc.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
            let text = fraction.isEmpty ? whole : whole.dropLast() + "." + fraction + "Z"
            #expect(try Self.write(Self.read(text)) == text, "\(text)")
        }
    }

    @Test func everyDateReadWritesBackAsTheSameInstant() throws {
        // Any year, up to twelve fractional digits: the written text reads back as
        // the same Date, so a decoded model equals itself after a round trip.
        var generator = SeededGenerator(seed: 0x0600_9999)
        for _ in 0..<20_000 {
            let year = Int.random(in: 0...9999, using: &generator)
            let digits = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }
            let text = String(format: "%04d", year) + "-03-01T12:34:56." + digits.joined() + "Z"
            let date = try Self.read(text)
            let written = try Self.write(date)
            #expect(try Self.read(written) == date, "\(text) → \(written)")
        }
    }

    @Test func writingRoundsToNearestRatherThanTruncating() throws {
        // 48.415 is stored as 48.41499999…: truncated to milliseconds it would read "…48.414Z".
        let date = Date(timeIntervalSinceReferenceDate: 736_259_448.415)
        #expect(try Self.write(date) == "2024-05-01T12:30:48.415Z")
        #expect(try Self.write(Date(timeIntervalSince1970: 1_714_566_600)) == "2024-05-01T12:30:00Z")
    }

    @Test func yearsAreProlepticGregorian() throws {
        #expect(try Self.write(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(try Self.write(Date(timeIntervalSince1970: -12_219_292_800)) == "1582-10-15T00:00:00Z")
        #expect(try Self.write(Date(timeIntervalSince1970: -12_219_379_200)) == "1582-10-14T00:00:00Z")
        #expect(try Self.write(.distantPast) == "0000-12-30T00:00:00Z")
        #expect(try Self.write(.distantFuture) == "4001-01-01T00:00:00Z")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e12, -1e12, 253_402_300_800 - 978_307_200])
    func datesOutsideFourDigitYearsAreAnErrorNotACrash(_ seconds: Double) throws {
        let error = try #require(throws: StrataError.self) {
            try ValueTransformer.iso8601Date.checkedReverseTransformedValue(Date(timeIntervalSinceReferenceDate: seconds))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason.hasSuffix("is outside the years 0000–9999 that ISO 8601 writes."))
    }

    @Test func theCalendarArithmeticAgreesWithItselfOnEveryDay() {
        // Every day from 0000-01-01 to 9999-12-31 converts to a valid date, later than
        // the day before's, and back: with the count, that is every date exactly once.
        let first = CivilCalendar.daysSince1970(year: 0, month: 1, day: 1)
        let end = CivilCalendar.daysSince1970(year: 10_000, month: 1, day: 1)
        #expect(end - first == 3_652_425)  // 10,000 years of 365.2425 days
        #expect(first == -719_528)
        var previous = (year: Int64(-1), month: Int64(12), day: Int64(31))
        var failures = 0
        for days in first..<end {
            let date = CivilCalendar.civilDate(daysSince1970: days)
            let valid = (1...12).contains(date.month) && date.day >= 1
                && date.day <= Self.daysIn(month: Int(date.month), year: Int(date.year))
            let later = (date.year, date.month, date.day) > previous
            if !valid || !later || CivilCalendar.daysSince1970(year: date.year, month: date.month, day: date.day) != days {
                failures += 1
            }
            previous = date
        }
        #expect(failures == 0)
        #expect(previous == (9999, 12, 31))
    }

    @Test func aModelsDateRoundTripsThroughTheAdapter() throws {
        struct Event: JSONSerializing, Equatable {
            var at = Date.distantPast
            static let propertyKeys: PropertyKeys<Event> = ["at": \.at]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["at": "at"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? { .iso8601Date }
        }
        let event = try JSONAdapter.model(of: Event.self, from: Data(#"{"at": "2024-05-01T12:30:48.415Z"}"#.utf8))
        #expect(try JSONAdapter.dictionary(from: event)["at"] as? String == "2024-05-01T12:30:48.415Z")
    }
}
