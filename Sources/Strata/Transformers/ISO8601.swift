import Foundation

/// ISO 8601 dates (the RFC 3339 profile JSON APIs send) read and written byte by
/// byte: what ``ValueTransformer/iso8601Date`` runs.
///
/// Reading accepts:
///
/// - `YYYY-MM-DDTHH:MM:SS` followed by a time-zone designator: `Z`, `±HH:MM`,
///   `±HHMM` or `±HH` (`T` and `Z` may be lower case, as RFC 3339 allows);
/// - fractional seconds of any length after the seconds, with `.` or `,`: digits
///   beyond the ninth are checked but cannot change a `Date`;
/// - a leap second (`23:59:60`, the next minute's first second, since `Date` has
///   no leap seconds) and `24:00:00` (the next day's midnight);
/// - a date alone, `YYYY-MM-DD`: midnight UTC.
///
/// Years are four digits, 0000 to 9999, in the proleptic Gregorian calendar as ISO
/// 8601 says (and as JavaScript, Java, Go and Python write them): before 15 October
/// 1582 this differs from Foundation's formatters, which switch to the Julian
/// calendar there. Days must exist (no 30 February), and nothing may follow the
/// time zone. The instant, in UTC, must be one writing gives back: a time zone, a
/// leap second or `24:00` that carries it out of the years 0000–9999
/// (`9999-12-31T23:59:60Z`, `0000-01-01T00:00:00+01:00`) is refused.
///
/// Writing gives UTC with `Z` and the fewest fractional digits (none to nine) that
/// read back as the same `Date`, rounded to nearest: `2024-05-01T12:30:48Z`,
/// `2024-05-01T12:30:48.415Z`, `2024-05-01T12:30:48.123456Z`. So every date read
/// writes back as the same instant, and a timestamp written in UTC with no more
/// fractional digits than it needs writes back as the same text. (Within about 97
/// days (2^23 seconds) of 2001-01-01, `Date`'s reference date, a `Date` can hold
/// instants finer than a nanosecond; those are written to the nearest nanosecond.)
enum ISO8601 {
    /// The date `text` stands for, or `nil` when it is not an ISO 8601 date Strata reads.
    static func date(from text: String) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ date(fromUTF8: $0) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { date(fromUTF8: $0) }
    }

    /// `date` in UTC with the fractional digits it needs, or `nil` when its year is
    /// outside 0000–9999 (or it is not a finite date).
    static func string(from date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return nil }
        let floor = interval.rounded(.down)
        guard floor >= Self.firstSecond, floor < Self.endSecond else { return nil }
        var whole = Int64(floor)
        var (fraction, digitCount) = shortestFraction(of: interval, whole: whole)
        if fraction == Self.powersOfTen[digitCount] {
            // Rounded up to the next second.
            whole += 1
            (fraction, digitCount) = (0, 0)
            guard Double(whole) < Self.endSecond else { return nil }
        }
        let sinceEpoch = whole + referenceDateSeconds
        let secondOfDay = CivilCalendar.floorModulo(sinceEpoch, 86_400)
        let (year, month, day) = CivilCalendar.civilDate(daysSince1970: (sinceEpoch - secondOfDay) / 86_400)
        let length = digitCount == 0 ? 20 : 21 + digitCount
        return String(unsafeUninitializedCapacity: length) { buffer in
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, 2, at: 17)
            if digitCount > 0 {
                buffer[19] = UInt8(ascii: ".")
                put(fraction, digitCount, at: 20)
            }
            buffer[length - 1] = UInt8(ascii: "Z")
            return length
        }
    }

    /// The fraction of a second after `whole` (seconds from the reference date) to
    /// write for `interval`: the value of its first `digitCount` fractional digits,
    /// rounded to nearest, for the fewest digits that read back as `interval`.
    ///
    /// `fraction` is `10^digitCount` when the rounding carries into the next second.
    /// Nine digits, a nanosecond, are the finest the reader keeps: an instant it
    /// cannot tell apart at that precision is written to the nearest nanosecond.
    private static func shortestFraction(of interval: Double, whole: Int64) -> (fraction: Int64, digitCount: Int) {
        // Exact, but within a second before the reference date, where it may round
        // up to 1: the carry in `string(from:)` then writes the next second.
        let remainder = interval - Double(whole)
        for digitCount in 0..<9 {
            let scale = powersOfTen[digitCount]
            let fraction = Int64((remainder * Double(scale)).rounded())
            let nanoseconds = fraction * powersOfTen[9 - digitCount]
            if Self.interval(secondsSinceReference: whole, nanoseconds: nanoseconds) == interval {
                return (fraction, digitCount)
            }
        }
        var fraction = Int64((remainder * 1e9).rounded())
        var digitCount = 9
        while digitCount > 1, fraction % 10 == 0 {
            fraction /= 10
            digitCount -= 1
        }
        return (fraction, digitCount)
    }

    private static let powersOfTen: [Int64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ]

    // MARK: Reading

    /// The date the UTF-8 bytes stand for, or `nil`: ``date(from:)`` for a text
    /// given as its bytes.
    static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = ByteReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2),
            (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year)
        else { return nil }
        var secondsSince1970 = CivilCalendar.daysSince1970(year: year, month: month, day: day) * 86_400
        guard !reader.isAtEnd else { return writable(makeDate(secondsSince1970: secondsSince1970, nanoseconds: 0)) }

        guard reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2),
            hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var nanoseconds: Int64 = 0
        var fractionIsZero = true
        if reader.skip(".") || reader.skip(",") {
            var scale: Int64 = 100_000_000
            var count = 0
            while let digit = reader.digit() {
                nanoseconds += digit * scale
                scale /= 10
                fractionIsZero = fractionIsZero && digit == 0
                count += 1
            }
            guard count > 0 else { return nil }
        }
        // 24:00:00 is the end of the day, and nothing after it.
        guard hour < 24 || (minute == 0 && second == 0 && fractionIsZero) else { return nil }
        guard let offset = reader.iso8601TimeZoneOffset(), reader.isAtEnd else { return nil }
        secondsSince1970 += hour * 3600 + minute * 60 + second - offset
        return writable(makeDate(secondsSince1970: secondsSince1970, nanoseconds: nanoseconds))
    }

    /// `date`, or `nil` when writing cannot give it back.
    ///
    /// Only within two days of the ends of the years 0000–9999 can a time zone, a
    /// leap second, `24:00` or the rounding of a fraction carry an instant past them;
    /// there the date is written to tell.
    private static func writable(_ date: Date) -> Date? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval < firstSecond + 2 * 86_400 || interval >= endSecond - 2 * 86_400 else { return date }
        return string(from: date) == nil ? nil : date
    }

    private static func makeDate(secondsSince1970: Int64, nanoseconds: Int64) -> Date {
        Date(
            timeIntervalSinceReferenceDate: interval(
                secondsSinceReference: secondsSince1970 - referenceDateSeconds, nanoseconds: nanoseconds))
    }

    /// The `timeIntervalSinceReferenceDate` of a time read as whole seconds from the
    /// reference date and nanoseconds: the one formula reading uses, and writing
    /// checks its digits against.
    private static func interval(secondsSinceReference seconds: Int64, nanoseconds: Int64) -> Double {
        Double(seconds) + Double(nanoseconds) / 1e9
    }

    // MARK: The reference date and the years written

    /// Seconds from 1970 to 2001-01-01, `Date`'s reference date.
    private static let referenceDateSeconds: Int64 = 978_307_200
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds from the
    /// reference date: the dates four-digit years can write.
    private static let firstSecond = Double(
        CivilCalendar.daysSince1970(year: 0, month: 1, day: 1) * 86_400 - referenceDateSeconds)
    private static let endSecond = Double(
        CivilCalendar.daysSince1970(year: 10_000, month: 1, day: 1) * 86_400 - referenceDateSeconds)
}

extension ByteReader {
    /// The ISO 8601 time-zone designator's offset from UTC in seconds: `Z`, `±HH:MM`,
    /// `±HHMM` or `±HH`.
    fileprivate mutating func iso8601TimeZoneOffset() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        guard let sign = offsetSign() else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes: Int64 = 0
        if skip(":") {
            guard let value = number(digits: 2) else { return nil }
            minutes = value
        } else if let value = number(digits: 2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
