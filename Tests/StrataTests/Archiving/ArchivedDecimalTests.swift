import Foundation
import Testing
@testable import Strata

/// A `Decimal` is archived as its text; a tampered text must never read as
/// another value (`Decimal(string:)` alone reads `"0x10"` as 0 and `"12abc"` as 12).
extension ArchivingTests {
    @Suite struct ArchivedDecimalTests {
        /// The archive of `Profile.sample()` with the text of `amount` replaced by `text`.
        static func profileArchive(amountText text: String) throws -> Data {
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            let written = Profile.sample().amount.description
            let index = try #require(plist.objects.firstIndex { ($0 as? String) == written })
            plist.objects[index] = text
            return try plist.data()
        }

        @Test(arguments: [
            "0x10", "12abc", " 5", "5 ", "\t5", "5\n", "+5", ".5", "5.", "1e5", "1E5", "nan", "NAN", "inf", "", "-", "--5",
            "1,5", "1.2.3", "١٢", "１２", "5\u{0}", "12345678901234567890.125abc",
            // More digits than Decimal's mantissa holds: read back rounded.
            "123456789012345678901234567890123456789012345", "0." + String(repeating: "1", count: 60),
            // Beyond Decimal's range.
            "1" + String(repeating: "0", count: 170),
        ])
        func aTamperedDecimalIsRefused(text: String) throws {
            let data = try Self.profileArchive(amountText: text)
            let error = try #require(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Profile.self, from: data) }
            #expect(error.code == .invalidArchive)
            #expect(error.path == [.key("amount")])
            #expect(error.reason.hasPrefix("Expected Decimal for 'amount' of Profile, found the string "))
        }

        /// Texts that are the same number, written otherwise: harmless, read as that number.
        @Test(arguments: [("-0", "0"), ("007", "7"), ("1.50", "1.5"), ("-0.000", "0"), ("12345678901234567890.1250", "12345678901234567890.125")])
        func anEquivalentTextReadsAsItsValue(text: String, value: String) throws {
            let model = try ModelArchiver.unarchivedModel(of: Profile.self, from: try Self.profileArchive(amountText: text))
            #expect(model.amount == Decimal(string: value, locale: nil))
        }

        @Test(arguments: [
            "0", "-1", "0.001", "-12345678901234567890.125", "340282366920938463463374607431768211455",
            "3402823669209384634633746074317682114550000000000000000", "0.0000000000000000000000000000000000000000000000001",
        ])
        func decimalsRoundTrip(text: String) throws {
            var profile = Profile.sample()
            profile.amount = try #require(Decimal(string: text, locale: nil))
            let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: try ModelArchiver.archivedData(with: profile))
            #expect(back == profile)
        }

        /// `Decimal.nan` is archived as `NaN`, and read back.
        @Test func notANumberRoundTrips() throws {
            var profile = Profile.sample()
            profile.amount = .nan
            let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: try ModelArchiver.archivedData(with: profile))
            #expect(back.amount.isNaN)
            var sameOtherwise = back
            sameOtherwise.amount = Profile.sample().amount
            #expect(sameOtherwise == Profile.sample())
        }

        @Test func extremeDecimalsRoundTrip() throws {
            for amount in [Decimal.greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude] {
                var profile = Profile.sample()
                profile.amount = amount
                let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: try ModelArchiver.archivedData(with: profile))
                #expect(back.amount == amount)
            }
        }
    }
}
