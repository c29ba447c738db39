import Foundation
import Testing

@testable import Strata

/// The leaf type of Docs/Internals.md's "Adding a property type", run: it claims
/// `TimeZone` and nothing else, reads and writes the identifier through its
/// transformer, refuses text that names no time zone, and archives the
/// identifier and reads it back.
@Suite("Internals: the TimeZone leaf type")
struct TimeZonePropertyTests {
    @Test("It claims TimeZone, and no other type")
    func claimsTimeZoneOnly() throws {
        let leaf = try #require(TimeZoneProperty.classify(TimeZone.self))
        #expect(ObjectIdentifier(leaf.valueType) == ObjectIdentifier(TimeZone.self))
        #expect(leaf.name == "TimeZone")
        for other: Any.Type in [String.self, TimeZone?.self, [TimeZone].self, Date.self] {
            #expect(TimeZoneProperty.classify(other) == nil, "\(other)")
        }
    }

    @Test("A property's JSON string is read as the time zone it names, and written back as its identifier")
    func readsAndWritesTheIdentifier() throws {
        let transformer = try #require(TimeZoneProperty().defaultPropertyTransformer)
        let zone = try #require(try transformer.transformedValue("Europe/Paris") as? TimeZone)
        #expect(zone == TimeZone(identifier: "Europe/Paris"))
        #expect(try transformer.reverseTransformedValue(zone) as? String == "Europe/Paris")
    }

    @Test("Text that names no time zone is a transformerFailed error that shows it")
    func refusesAnUnknownIdentifier() throws {
        let transformer = try #require(TimeZoneProperty().defaultPropertyTransformer)
        let error = try #require(throws: StrataError.self) { try transformer.transformedValue("Mars/Olympus") }
        #expect(error.code == .transformerFailed)
        #expect(error.reason == #"Expected a time zone identifier such as "Europe/Paris", found the string "Mars/Olympus"."#)
    }

    @Test("A time zone is archived as its identifier and read back from it")
    func archivesTheIdentifier() throws {
        let leaf = TimeZoneProperty()
        #expect(leaf.archivedKind == .string)
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        try leaf.archive(try #require(TimeZone(identifier: "Asia/Tokyo")), forKey: "zone", into: archiver)
        archiver.encode("Mars/Olympus" as NSString, forKey: "unknown")
        archiver.finishEncoding()

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let zone = try leaf.unarchive(forKey: "zone", from: unarchiver) as? TimeZone
        #expect(zone == TimeZone(identifier: "Asia/Tokyo"))
        let error = try #require(throws: StrataError.self) { try leaf.unarchive(forKey: "unknown", from: unarchiver) }
        #expect(error.code == .invalidArchive)
    }

    @Test("Only a TimeZone is archived")
    func refusesToArchiveAnotherValue() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        let error = try #require(throws: StrataError.self) {
            try TimeZoneProperty().archive("Europe/Paris", forKey: "zone", into: archiver)
        }
        #expect(error.code == .typeMismatch)
        archiver.finishEncoding()
    }
}
