import Foundation
import Testing
@testable import Strata

@Suite(".date(formats:)")
struct DateFormatsTransformerTests {
    /// 2024-04-13T00:00:00Z and 2024-03-04T00:00:00Z.
    static let april13 = Date(timeIntervalSince1970: 1_712_966_400)
    static let march4 = Date(timeIntervalSince1970: 1_709_510_400)

    @Test func theFirstFormatThatParsesWinsAndTheFirstFormatWrites() throws {
        let dates = ValueTransformer.date(formats: ["dd/MM/yyyy", "MM/dd/yyyy"])
        // Both formats read "04/03/2024"; the first, day first, wins.
        #expect(try dates.checkedTransformedValue("04/03/2024") as? Date == Self.march4)
        // Only the second reads a thirteenth month.
        #expect(try dates.checkedTransformedValue("04/13/2024") as? Date == Self.april13)
        #expect(try dates.checkedReverseTransformedValue(Self.april13) as? String == "13/04/2024")
        #expect(type(of: dates).allowsReverseTransformation())
    }

    @Test func aLongerFormatAfterAShorterOneStillReads() throws {
        let dates = ValueTransformer.date(formats: ["yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss"])
        let date = try #require(try dates.checkedTransformedValue("2024-05-01 12:30:00") as? Date)
        #expect(date.timeIntervalSince1970 == 1_714_566_600)
        #expect(try dates.checkedReverseTransformedValue(date) as? String == "2024-05-01")
    }

    @Test func aStringNoFormatReadsIsAnErrorListingTheFormats() throws {
        let dates = ValueTransformer.date(formats: ["yyyy-MM-dd", "dd.MM.yyyy"])
        let error = try #require(throws: StrataError.self) { try dates.checkedTransformedValue("May 1") }
        #expect(error.code == .transformerFailed)
        #expect(error.reason == #"Expected a date in one of the formats "yyyy-MM-dd", "dd.MM.yyyy", found the string "May 1"."#)
    }

    @Test func oneFormatKeepsTheErrorOfDateFormat() throws {
        for dates in [ValueTransformer.date(formats: ["yyyy-MM-dd"]), .date(format: "yyyy-MM-dd")] {
            let error = try #require(throws: StrataError.self) { try dates.checkedTransformedValue("May 1") }
            #expect(error.reason == #"Expected a date in the format "yyyy-MM-dd", found the string "May 1"."#)
        }
    }

    @Test func noFormatsRefusesEveryValueWithoutCrashing() throws {
        let none = ValueTransformer.date(formats: [])
        let read = try #require(throws: StrataError.self) { try none.checkedTransformedValue("2024-05-01") }
        #expect(read.code == .transformerFailed)
        let write = try #require(throws: StrataError.self) { try none.checkedReverseTransformedValue(Self.march4) }
        #expect(write.code == .unsupportedValue)
    }

    @Test func theLocaleAndTimeZoneApplyToEveryFormat() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 7200))
        let dates = ValueTransformer.date(formats: ["d MMMM yyyy HH:mm", "yyyy-MM-dd HH:mm"], locale: Locale(identifier: "fr_FR"), timeZone: zone)
        #expect((try dates.checkedTransformedValue("1 mai 2024 14:30") as? Date)?.timeIntervalSince1970 == 1_714_566_600)
        #expect((try dates.checkedTransformedValue("2024-05-01 14:30") as? Date)?.timeIntervalSince1970 == 1_714_566_600)
    }

    @Test func aModelReadsEitherFormatThroughTheAdapter() throws {
        struct Post: JSONSerializing {
            var postedAt = Date.distantPast
            static let propertyKeys: PropertyKeys<Post> = ["postedAt": \.postedAt]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["postedAt": "posted_at"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                .date(formats: ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"])
            }
        }
        let day = try JSONAdapter.model(of: Post.self, from: Data(#"{"posted_at": "2024-03-04"}"#.utf8))
        #expect(day.postedAt == Self.march4)
        #expect(try JSONAdapter.dictionary(from: day)["posted_at"] as? String == "2024-03-04 00:00:00")
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Post.self, from: ["posted_at": "yesterday"])
        }
        #expect(error.pathDescription == "posted_at")
        #expect(error.code == .transformerFailed)
    }
}
