import Foundation

/// `Date`: no JSON value is one, so a property of it names its transformer
/// (`.iso8601Date`, `.secondsSince1970`, `.date(format:)`); archived as its
/// seconds since the reference date, within the dates an archive reads back.
struct DateProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> DateProperty? { type == Date.self ? DateProperty() : nil }

    var valueType: Any.Type { Date.self }
    var name: String { "Date" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { nil }
    var outsideJSON: OutsideJSON? { OutsideJSON(description: "a Date", transformer: ".iso8601Date") }
    var mayBeUnrepresentableInJSON: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .real }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        let seconds = try ArchivedValueCoding.typed(value, Date.self, .leaf(self)).timeIntervalSinceReferenceDate
        guard ArchiveFormat.dateRange.contains(seconds) else {
            throw StrataError(
                .unsupportedValue,
                "The date \(seconds) seconds from 2001-01-01 is outside the dates Strata archives "
                    + "(\(ArchiveFormat.dateRangeDescription)), so it could not be read back.")
        }
        coder.encode(seconds, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        let seconds = coder.decodeDouble(forKey: key)
        guard ArchiveFormat.dateRange.contains(seconds) else {
            throw StrataError.archived(
                name, foundDescription: "a date \(seconds) seconds from 2001-01-01",
                advice: "Strata archives dates within \(ArchiveFormat.dateRangeDescription): the archive is damaged "
                    + "or was not written for this model.")
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        .stored(Date.self, optional: optional)
    }
}
