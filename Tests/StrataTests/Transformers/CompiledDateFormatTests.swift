import Foundation
import Testing
@testable import Strata

/// `.date(format:)` reads and writes common patterns byte by byte
/// (`CompiledDateFormat`) and must give exactly what `DateFormatter` gives.
@Suite("Compiled date formats")
struct CompiledDateFormatTests {
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current
    static let twitter = "EEE MMM dd HH:mm:ss Z yyyy"

    static func formatter(_ pattern: String, zone: TimeZone = utc, locale: String = "en_US_POSIX") -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    static func compiled(_ pattern: String, zone: TimeZone = utc, locale: String = "en_US_POSIX") -> CompiledDateFormat? {
        DateFormatPattern(pattern).flatMap { CompiledDateFormat($0, formatter: formatter(pattern, zone: zone, locale: locale)) }
    }

    static func zone(_ hours: Int, _ minutes: Int = 0) -> TimeZone {
        TimeZone(secondsFromGMT: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60) ?? .current
    }

    // MARK: The pattern

    @Test func aPatternSplitsIntoFieldsAndLiteralText() throws {
        let pattern = try #require(DateFormatPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"))
        #expect(pattern.elements == [
            .field(.year), .literal(Array("-".utf8)), .field(.month), .literal(Array("-".utf8)), .field(.day),
            .literal(Array("T".utf8)), .field(.hour), .literal(Array(":".utf8)), .field(.minute),
            .literal(Array(":".utf8)), .field(.second), .literal(Array(".".utf8)), .field(.millisecond),
            .field(.offsetExtended),
        ])
        let quoted = try #require(DateFormatPattern("dd MMM yyyy 'o''clock' '' HH"))
        #expect(quoted.elements == [
            .field(.day), .literal(Array(" ".utf8)), .field(.monthAbbreviation), .literal(Array(" ".utf8)),
            .field(.year), .literal(Array(" o'clock ' ".utf8)), .field(.hour),
        ])
        #expect(DateFormatPattern(Self.twitter)?.elements.count == 15)
    }

    @Test(arguments: [
        "yyyy-MM-dd hh:mm a",  // 12-hour clock
        "d MMMM yyyy",  // full month names, a one-digit day
        "y-M-d", "yy-MM-dd", "YYYY-MM-dd",
        "yyyy-MM-ddTHH:mm",  // an unquoted letter
        "yyyy-MM-dd 'unclosed",
        "yyyy-MM",  // no day
        "yyyy-MM-dd yyyy",  // a field twice
        "yyyy-MM-dd Z XXX",  // two offsets
        "yyyy-MM-dd MMM",  // two months
        "yyyy年MM月dd日",  // text outside ASCII
        "yyyy-MM-dd HH:mm:ss.SS", "yyyy-MM-dd zzz", "yyyy-MM-dd xxx", "yyyy-MM-dd EEEE",
        "yyyy-MM-dd'T'HH:mm:ss'.000Z'",  // digits in the literal text
    ])
    func patternsBeyondTheCompiledFieldsAreLeftToDateFormatter(_ pattern: String) {
        #expect(DateFormatPattern(pattern) == nil)
    }

    @Test func onlyThePOSIXLocaleAndFixedOffsetsCompile() throws {
        #expect(Self.compiled(Self.twitter) != nil)
        #expect(Self.compiled(Self.twitter, zone: Self.zone(5, 30)) != nil)
        #expect(Self.compiled(Self.twitter, zone: try #require(TimeZone(identifier: "UTC"))) != nil)
        #expect(Self.compiled(Self.twitter, locale: "en_US") == nil)
        #expect(Self.compiled(Self.twitter, locale: "fr_FR") == nil)
        #expect(Self.compiled(Self.twitter, zone: try #require(TimeZone(identifier: "America/New_York"))) == nil)
        #expect(Self.compiled(Self.twitter, zone: try #require(TimeZone(identifier: "Africa/Abidjan"))) == nil)
        // Not a whole number of minutes.
        #expect(Self.compiled(Self.twitter, zone: try #require(TimeZone(secondsFromGMT: 7230))) == nil)
    }

    // MARK: Against DateFormatter on a range of dates

    /// Every day of these years, each at a different time of day (midnight, the
    /// last millisecond, or a time with a fraction of a millisecond): the turns of
    /// the centuries (1900 and 2100 not leap years, 2000 one), the first and last
    /// years compiled, and the twitter payload's.
    static let years: [Int64] = [1600, 1899, 1900, 1901, 1999, 2000, 2001, 2014, 2024, 2099, 2100, 2101, 9999]

    static func generatedDates() -> [Date] {
        var dates: [Date] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for year in years {
            let first = CivilCalendar.daysSince1970(year: year, month: 1, day: 1)
            let end = CivilCalendar.daysSince1970(year: year + 1, month: 1, day: 1)
            // A day inside the years compiled in every time zone used.
            for day in max(first, CivilCalendar.daysSince1970(year: 1600, month: 1, day: 2))..<min(end, end - (year == 9999 ? 1 : 0)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let secondOfDay: Double = switch day % 4 {
                case 0: 0
                case 1: 86_399.999
                default: Double((state >> 33) % 86_400_000_000) / 1e6
                }
                dates.append(Date(timeIntervalSince1970: Double(day * 86_400) + secondOfDay.truncatingRemainder(dividingBy: 86_400)))
            }
        }
        return dates
    }

    static let dates = generatedDates()

    @Test(arguments: [
        twitter, "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ssZ",
        "dd/MM/yyyy HH:mm", "yyyyMMddHHmmssSSS", "dd MMM yyyy 'at' HH:mm:ss.SSS", "yyyy-MM-dd EEE",
        "MMM dd, yyyy HH:mm:ss ZZZ",
    ])
    func writesAndReadsAsDateFormatterDoes(_ pattern: String) throws {
        #expect(Self.dates.count > 4_500)
        for zone in [Self.utc, Self.zone(2), Self.zone(-5, 30)] {
            let formatter = Self.formatter(pattern, zone: zone)
            let compiled = try #require(Self.compiled(pattern, zone: zone))
            var mismatches: [String] = []
            for date in Self.dates {
                let expected = formatter.string(from: date)
                let written = compiled.string(from: date)
                if written != expected { mismatches.append("wrote \(written ?? "nil") for \(expected)") }
                let read = compiled.date(from: expected)
                let expectedDate = formatter.date(from: expected)
                if read == nil || read?.timeIntervalSinceReferenceDate.bitPattern != expectedDate?.timeIntervalSinceReferenceDate.bitPattern {
                    mismatches.append("read \(expected) as \(read.map { "\($0.timeIntervalSince1970)" } ?? "nil"), not \(expectedDate.map { "\($0.timeIntervalSince1970)" } ?? "nil")")
                }
            }
            #expect(mismatches.isEmpty, "\(pattern) in \(zone.identifier): \(mismatches.count) differences, first \(mismatches.prefix(5))")
        }
    }

    @Test(arguments: [twitter, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"])
    func readsTheOffsetInTheTextAsDateFormatterDoes(_ pattern: String) throws {
        // Text written in one zone, read by a formatter of another: the offset in
        // the text decides, negative ones and half hours included.
        let writers = [Self.zone(5, 45), Self.zone(-8), Self.zone(14), Self.zone(-11), Self.zone(-3, 30), Self.zone(12, 45), Self.zone(-12)]
        for zone in [Self.utc, Self.zone(2)] {
            let formatter = Self.formatter(pattern, zone: zone)
            let compiled = try #require(Self.compiled(pattern, zone: zone))
            var mismatches: [String] = []
            for (index, date) in Self.dates.enumerated() where index % 3 == 0 {
                let text = Self.formatter(pattern, zone: writers[index % writers.count]).string(from: date)
                let read = compiled.date(from: text)
                if read == nil || read?.timeIntervalSinceReferenceDate.bitPattern != formatter.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern {
                    mismatches.append(text)
                }
            }
            #expect(mismatches.isEmpty, "\(pattern) in \(zone.identifier): \(mismatches.count) differences, first \(mismatches.prefix(5))")
        }
    }

    /// Text the formatter wrote, changed at random (a byte replaced, removed or
    /// doubled, bytes swapped): whenever the compiled reader accepts a changed
    /// text, the formatter reads it as the same date, and through the transformer
    /// every text reads as the formatter reads it or fails as it does.
    @Test(arguments: [twitter, "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "dd MMM yyyy HH:mm:ssZ", "yyyyMMddHHmmss"])
    func changedTextIsReadOnlyAsDateFormatterReadsIt(_ pattern: String) throws {
        let formatter = Self.formatter(pattern)
        let compiled = try #require(Self.compiled(pattern))
        let transformation = Transformation.date(formats: [pattern])
        let alphabet = Array("0123456789 +-:.TZz/'aAuUgGsSeEpPxX\u{0}\u{7F}".utf8) + [0xC3, 0xA9, 0xEF, 0xBC, 0x92]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0
        var mismatches: [String] = []
        for (index, date) in Self.dates.enumerated() where index % 2 == 0 {
            var bytes = Array(formatter.string(from: date).utf8)
            for _ in 0...random(2) {
                guard !bytes.isEmpty else { break }
                let at = random(bytes.count)
                switch random(4) {
                case 0: bytes[at] = alphabet[random(alphabet.count)]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(bytes[at], at: at)
                default: bytes.swapAt(at, random(bytes.count))
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = formatter.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern
            if let read = compiled.date(from: text) {
                accepted += 1
                if read.timeIntervalSinceReferenceDate.bitPattern != expected { mismatches.append("compiled: \(text)") }
            }
            let transformed = (try? transformation.transformedValue(text)) as? Date
            if transformed?.timeIntervalSinceReferenceDate.bitPattern != expected { mismatches.append("transformer: \(text)") }
        }
        #expect(accepted > 0)
        #expect(mismatches.isEmpty, "\(pattern): \(mismatches.count) differences, first \(mismatches.prefix(5))")
    }

    @Test func writesTheOffsetAsDateFormatterDoes() throws {
        let date = Date(timeIntervalSince1970: 1_409_444_955)
        for (zone, basic, extended) in [
            (Self.utc, "+0000", "Z"), (Self.zone(2), "+0200", "+02:00"), (Self.zone(-5, 30), "-0530", "-05:30"),
        ] {
            #expect(try #require(Self.compiled("yyyy-MM-dd Z", zone: zone)).string(from: date)?.hasSuffix(" \(basic)") == true)
            #expect(try #require(Self.compiled("yyyy-MM-dd XXX", zone: zone)).string(from: date)?.hasSuffix(" \(extended)") == true)
        }
    }

    // MARK: Through the transformer

    /// Text DateFormatter reads although it does not write it: the compiled
    /// reader refuses it, and the transformer asks the formatter.
    @Test(arguments: [
        "Sun Aug 31 00:29:15 +0000 2014", "Mon Aug 31 00:29:15 +0000 2014", "sun aug 31 00:29:15 +0000 2014",
        "Sun Aug 31 00:29:15 -0000 2014", "Sun Aug 31 00:29:15 GMT 2014", "Sun Aug 31 00:29:15 +00:00 2014",
        "Sun Aug 31 0:29:15 +0000 2014", " Sun Aug 31 00:29:15 +0000 2014", "Sun  Aug 31 00:29:15 +0000 2014",
        "Sunday August 31 00:29:15 +0000 2014", "Sun Aug 31 00:29:15 +0000 14", "Sun Aug 31 00:29:15 +0000 02014",
        "Sun Aug 31 00:29:15 +0000 1582", "Sun Aug 31 00:29:15 +2359 2014",
    ])
    func lenientTwitterTextReadsAsDateFormatterReadsIt(_ text: String) throws {
        let expected = try #require(Self.formatter(Self.twitter).date(from: text))
        let date = try ValueTransformer.date(format: Self.twitter).checkedTransformedValue(text) as? Date
        #expect(date?.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern)
        if text != "Sun Aug 31 00:29:15 +0000 2014" && text != "Sun Aug 31 00:29:15 +2359 2014" {
            #expect(Self.compiled(Self.twitter)?.date(from: text) == nil)
        }
    }

    @Test(arguments: [
        "", "May 1", "2024-02-30", "2023-02-29", "2100-02-29", "2024-13-01", "2024-00-10", "2024-05-00", "2024-05-32",
        "2024-05-01x", "2024-05-01\u{0}", "+2024-05-01", "2024-05", "2024-05-01 12:30", "２０２４-05-0",
    ])
    func malformedTextIsATransformerErrorNamingTheFormat(_ text: String) throws {
        #expect(Self.formatter("yyyy-MM-dd").date(from: text) == nil)
        let error = try #require(throws: StrataError.self) { try ValueTransformer.date(format: "yyyy-MM-dd").checkedTransformedValue(text) }
        #expect(error.code == .transformerFailed)
        #expect(error.reason == "Expected a date in the format \"yyyy-MM-dd\", found \(describe(text)).")
    }

    @Test func leapDaysReadOnlyInLeapYears() throws {
        let dates = ValueTransformer.date(format: "yyyy-MM-dd")
        for (text, seconds) in [("2000-02-29", 951_782_400.0), ("2024-02-29", 1_709_164_800), ("1600-02-29", -11_670_998_400)] {
            #expect((try dates.checkedTransformedValue(text) as? Date)?.timeIntervalSince1970 == seconds)
        }
        for text in ["1900-02-29", "2100-02-29", "2023-02-29"] {
            #expect(throws: StrataError.self) { try dates.checkedTransformedValue(text) }
        }
    }

    @Test(arguments: [-12_300_000_000.0, -11_676_096_001, 253_402_300_800, 300_000_000_000])
    func yearsOutsideTheCompiledOnesAreWrittenByDateFormatter(_ seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let transformer = ValueTransformer.date(format: "yyyy-MM-dd HH:mm:ss EEE")
        #expect(try transformer.checkedReverseTransformedValue(date) as? String == Self.formatter("yyyy-MM-dd HH:mm:ss EEE").string(from: date))
        #expect(Self.compiled("yyyy-MM-dd HH:mm:ss EEE")?.string(from: date) == nil)
    }

    @Test func otherLocalesAndTimeZonesUseDateFormatter() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let local = ValueTransformer.date(format: "yyyy-MM-dd HH:mm", timeZone: zone)
        // Summer time: 08:30 in New York is 12:30 UTC.
        let date = try #require(try local.checkedTransformedValue("2024-05-01 08:30") as? Date)
        #expect(date.timeIntervalSince1970 == 1_714_566_600)
        #expect(try local.checkedReverseTransformedValue(date) as? String == "2024-05-01 08:30")
        let french = ValueTransformer.date(format: "dd MMM yyyy", locale: Locale(identifier: "fr_FR"))
        #expect(try french.checkedReverseTransformedValue(date) as? String == Self.formatter("dd MMM yyyy", locale: "fr_FR").string(from: date))
    }

    @Test func anEarlierFormatsFormatterWinsOverALaterCompiledFormat() throws {
        // "dd-MM-yyyy"'s formatter reads "04/03/2024" (it is lenient about the
        // separators) as 4 March; the second format reads it exactly, as 3 April.
        // Formats are tried in order, each compiled and then by its formatter.
        #expect(Self.formatter("dd-MM-yyyy").date(from: "04/03/2024") != nil)
        #expect(Self.compiled("dd-MM-yyyy")?.date(from: "04/03/2024") == nil)
        let dates = ValueTransformer.date(formats: ["dd-MM-yyyy", "MM/dd/yyyy"])
        #expect(try dates.checkedTransformedValue("04/03/2024") as? Date == Date(timeIntervalSince1970: 1_709_510_400))
    }

    @Test func oneTransformerFromManyTasks() async throws {
        // The Sendable transformation the adapter runs behind `.date(formats:)`.
        let transformation = Transformation.date(formats: [Self.twitter, "yyyy-MM-dd"])
        let formatter = Self.formatter(Self.twitter)
        let cases = Self.dates.prefix(400).map { date in
            let text = formatter.string(from: date)
            return (text, date, formatter.date(from: text)?.timeIntervalSince1970)
        }
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for (index, (text, date, seconds)) in cases.enumerated() {
                        // Some tasks read, some write, some take the formatter's path.
                        let input = (index + task) % 5 == 0 ? "2024-05-01" : text
                        let read = try? transformation.transformedValue(input) as? Date
                        let written = try? transformation.reverseTransformedValue(date) as? String
                        if input == text ? read?.timeIntervalSince1970 != seconds : read?.timeIntervalSince1970 != 1_714_521_600 { failures += 1 }
                        if written != text { failures += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
