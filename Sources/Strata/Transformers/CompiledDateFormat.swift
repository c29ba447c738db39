import Foundation

/// A ``DateFormatPattern`` read and written byte by byte, for one `DateFormatter`
/// configuration: what ``ValueTransformer/date(format:locale:timeZone:)`` runs
/// before it asks the formatter.
///
/// It exists only for what it reproduces exactly: the `en_US_POSIX` locale (with
/// the formatter's own English abbreviations for `MMM` and `EEE`) and a time zone
/// of one fixed offset in whole minutes (`GMT`, `UTC`, `TimeZone(secondsFromGMT:)`).
/// For other locales and time zones `init` gives `nil` and the formatter does all
/// the work.
///
/// Reading accepts only the text `DateFormatter` itself writes, in any offset
/// the pattern names: every field in its full width (`05`, not `5`), month and
/// weekday abbreviations as written (`Aug`, not `aug` or `August`), a weekday
/// that is the date's, `+0000` rather than `-0000` or `GMT`, literal text byte
/// for byte, nothing after the end. Anything else gives `nil`, and the caller
/// asks the formatter, which is more lenient (it ignores a wrong weekday, reads
/// `5` for `MM` and skips extra spaces): so a string reads as the same `Date`,
/// or fails with the same error, as with the formatter alone. The date is
/// computed as Foundation computes it from ICU's milliseconds:
/// `milliseconds / 1000 - 978307200`, bit for bit.
///
/// Writing gives what the formatter writes: the date rounded to the nearest
/// millisecond as Foundation rounds it (`(seconds + 978307200) * 1000 + 0.5`,
/// then ICU's floor), in the time zone, with `Z` as `+0000` and `XXX` as `Z` for
/// a zero offset.
///
/// Years 1600 to 9999 only, both ways: before October 1582 the formatter's
/// calendar is Julian, and `yyyy` writes five digits after 9999. Dates outside
/// them (`nil` from both directions) are the formatter's.
struct CompiledDateFormat: Sendable {
    private let elements: [DateFormatPattern.Element]
    /// The time zone's offset from UTC, in seconds (a whole number of minutes).
    private let zoneOffset: Int64
    /// `MMM`'s names, January first, and `EEE`'s, Sunday first, as the formatter writes them.
    private let monthNames: [[UInt8]]
    private let weekdayNames: [[UInt8]]
    /// The most bytes a date can take.
    private let maximumLength: Int

    /// The years the compiled format reads and writes.
    static let years: ClosedRange<Int64> = 1600...9999

    /// `pattern` compiled for `formatter`'s locale and time zone, or `nil` when
    /// they are not ones it reproduces exactly.
    init?(_ pattern: DateFormatPattern, formatter: DateFormatter) {
        // The locale and the time zone first: a formatter in a zone it cannot
        // handle (GMT+1800 on Linux) traps once it makes its ICU formatter, which
        // asking for the calendar and the symbols does.
        guard formatter.locale?.identifier == "en_US_POSIX",
            let zone = formatter.timeZone, let offset = Self.fixedOffset(of: zone),
            !formatter.isLenient, formatter.calendar?.identifier == .gregorian,
            let monthNames = Self.names(formatter.shortMonthSymbols, count: 12),
            let weekdayNames = Self.names(formatter.shortWeekdaySymbols, count: 7)
        else { return nil }
        elements = pattern.elements
        zoneOffset = offset
        self.monthNames = monthNames
        self.weekdayNames = weekdayNames
        maximumLength = pattern.elements.reduce(0) { length, element in
            switch element.field {
            case nil: length + element.literal.count
            case .monthAbbreviation: length + (monthNames.map(\.count).max() ?? 0)
            case .weekdayAbbreviation: length + (weekdayNames.map(\.count).max() ?? 0)
            case .year, .offsetBasic: length + 5
            case .millisecond: length + 3
            case .offsetExtended: length + 6
            case .month, .day, .hour, .minute, .second: length + 2
            }
        }
    }

    /// The offset of `zone` when it is one fixed offset of whole minutes, under
    /// 18 hours: `GMT`, `UTC` or a zone made with `TimeZone(secondsFromGMT:)`.
    private static func fixedOffset(of zone: TimeZone) -> Int64? {
        let seconds = zone.secondsFromGMT()
        guard seconds % 60 == 0, abs(seconds) < 18 * 3600, zone.nextDaylightSavingTimeTransition == nil else { return nil }
        let fixed =
            ["GMT", "UTC", "Etc/GMT", "Etc/UTC"].contains(zone.identifier) && seconds == 0
            || TimeZone(secondsFromGMT: seconds)?.identifier == zone.identifier
        return fixed ? Int64(seconds) : nil
    }

    /// The symbols as bytes, when there are `count` of them, each non-empty
    /// ASCII letters and none the start of another (so reading one is unambiguous).
    private static func names(_ symbols: [String]?, count: Int) -> [[UInt8]]? {
        guard let symbols, symbols.count == count else { return nil }
        let names = symbols.map { Array($0.utf8) }
        for name in names {
            guard !name.isEmpty, name.allSatisfy({ $0 < 0x80 && ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
            else { return nil }
        }
        for (index, name) in names.enumerated() {
            for (other, longer) in names.enumerated() where other != index && longer.starts(with: name) { return nil }
        }
        return names
    }

    // MARK: Reading

    /// The date `text` stands for, or `nil` when it is not text the formatter
    /// writes (the caller then asks the formatter).
    func date(from text: String) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ date(fromUTF8: $0) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { date(fromUTF8: $0) }
    }

    /// ``date(from:)`` for a text given as its UTF-8 bytes.
    func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = ByteReader(bytes: bytes)
        var year: Int64 = 0
        var month: Int64 = 1
        var day: Int64 = 1
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var millisecond: Int64 = 0
        var weekday: Int64?
        var offset = zoneOffset
        for element in elements {
            guard let field = element.field else {
                guard reader.skip(element.literal) else { return nil }
                continue
            }
            switch field {
            case .year:
                guard let value = reader.number(digits: 4) else { return nil }
                year = value
            case .month:
                guard let value = reader.number(digits: 2), (1...12).contains(value) else { return nil }
                month = value
            case .monthAbbreviation:
                guard let index = reader.name(in: monthNames) else { return nil }
                month = index + 1
            case .day:
                guard let value = reader.number(digits: 2), value >= 1 else { return nil }
                day = value
            case .weekdayAbbreviation:
                guard let index = reader.name(in: weekdayNames) else { return nil }
                weekday = index
            case .hour:
                guard let value = reader.number(digits: 2), value <= 23 else { return nil }
                hour = value
            case .minute:
                guard let value = reader.number(digits: 2), value <= 59 else { return nil }
                minute = value
            case .second:
                guard let value = reader.number(digits: 2), value <= 59 else { return nil }
                second = value
            case .millisecond:
                guard let value = reader.number(digits: 3) else { return nil }
                millisecond = value
            case .offsetBasic:
                guard let value = reader.offset(separator: false) else { return nil }
                offset = value
            case .offsetExtended:
                if reader.skip("Z") {
                    offset = 0
                } else {
                    // A zero offset is written "Z", never "+00:00".
                    guard let value = reader.offset(separator: true), value != 0 else { return nil }
                    offset = value
                }
            }
        }
        guard reader.isAtEnd, Self.years.contains(year), day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        if let weekday, weekday != CivilCalendar.weekday(daysSince1970: days) { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        // As Foundation turns ICU's milliseconds into a Date.
        return Date(timeIntervalSinceReferenceDate: Double(seconds * 1000 + millisecond) / 1000 - Self.referenceDateSeconds)
    }

    // MARK: Writing

    /// `date` as the formatter writes it, or `nil` when its year (in the time
    /// zone) is outside ``years``.
    func string(from date: Date) -> String? {
        // Foundation hands ICU the milliseconds rounded this way; ICU takes the floor.
        let udate = (date.timeIntervalSinceReferenceDate + Self.referenceDateSeconds) * 1000 + 0.5
        guard udate >= Self.firstMillisecond, udate < Self.endMillisecond else { return nil }
        let local = Int64(udate.rounded(.down)) + zoneOffset * 1000
        let millisecondOfDay = CivilCalendar.floorModulo(local, 86_400_000)
        let days = (local - millisecondOfDay) / 86_400_000
        let (year, month, day) = CivilCalendar.civilDate(daysSince1970: days)
        guard Self.years.contains(year) else { return nil }
        let secondOfDay = millisecondOfDay / 1000
        return String(unsafeUninitializedCapacity: maximumLength) { buffer in
            var writer = ByteWriter(buffer: buffer)
            for element in elements {
                guard let field = element.field else {
                    writer.put(element.literal)
                    continue
                }
                switch field {
                case .year: writer.put(year, digits: 4)
                case .month: writer.put(month, digits: 2)
                case .monthAbbreviation: writer.put(monthNames[Int(month - 1)])
                case .day: writer.put(day, digits: 2)
                case .weekdayAbbreviation: writer.put(weekdayNames[Int(CivilCalendar.weekday(daysSince1970: days))])
                case .hour: writer.put(secondOfDay / 3600, digits: 2)
                case .minute: writer.put(secondOfDay / 60 % 60, digits: 2)
                case .second: writer.put(secondOfDay % 60, digits: 2)
                case .millisecond: writer.put(millisecondOfDay % 1000, digits: 3)
                case .offsetBasic: writer.putOffset(zoneOffset, separator: false)
                case .offsetExtended:
                    if zoneOffset == 0 {
                        writer.put(byte: UInt8(ascii: "Z"))
                    } else {
                        writer.putOffset(zoneOffset, separator: true)
                    }
                }
            }
            return writer.count
        }
    }

    /// Seconds from 1970 to 2001-01-01, `Date`'s reference date.
    private static let referenceDateSeconds: Double = 978_307_200
    /// Milliseconds from 1970 to the first moment of the first year written and
    /// to the end of the last, a day inside them, whatever the offset.
    private static let firstMillisecond = Double((CivilCalendar.daysSince1970(year: years.lowerBound, month: 1, day: 2) * 86_400_000))
    private static let endMillisecond = Double((CivilCalendar.daysSince1970(year: years.upperBound, month: 12, day: 31) * 86_400_000))
}

extension ByteReader {
    /// The index of the name in `names` the bytes from here start with, consumed.
    fileprivate mutating func name(in names: [[UInt8]]) -> Int64? {
        for (index, name) in names.enumerated() where skip(name) { return Int64(index) }
        return nil
    }

    /// An offset as the formatter writes it, `+0530` (or `+05:30` with the
    /// separator), in seconds: the hours below 24, a zero offset only as `+0000`.
    fileprivate mutating func offset(separator: Bool) -> Int64? {
        guard let sign = offsetSign() else { return nil }
        guard let hours = number(digits: 2), hours <= 23, !separator || skip(":"),
            let minutes = number(digits: 2), minutes <= 59
        else { return nil }
        let offset = sign * (hours * 3600 + minutes * 60)
        guard offset != 0 || sign > 0 else { return nil }
        return offset
    }
}

/// Writes bytes into a buffer of the most bytes a date can take.
private struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { bytes in
            guard count + bytes.count <= buffer.count else { return }
            for byte in bytes {
                buffer[count] = byte
                count += 1
            }
        }
    }

    mutating func put(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// `value` (not negative) in exactly `digits` decimal digits: two digits
    /// (most fields) without a loop.
    mutating func put(_ value: Int64, digits: Int) {
        guard count + digits <= buffer.count else { return }
        if digits == 2 {
            let tens = value / 10
            buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: tens % 10)
            buffer[count + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value - tens * 10)
            count += 2
            return
        }
        var value = value
        var index = count + digits
        while index > count {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        count += digits
    }

    /// An offset in seconds as `+0530`, or `+05:30` with the separator.
    mutating func putOffset(_ offset: Int64, separator: Bool) {
        put(byte: offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let minutes = abs(offset) / 60
        put(minutes / 60, digits: 2)
        if separator { put(byte: UInt8(ascii: ":")) }
        put(minutes % 60, digits: 2)
    }
}
