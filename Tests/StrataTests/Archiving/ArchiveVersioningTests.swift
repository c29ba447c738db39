import Foundation
import Testing
@testable import Strata

extension ArchivingTests {
    @Suite struct ArchiveVersioningTests {
        @Test func theArchiveRecordsNameAndVersion() throws {
            let plist = try ArchivePlist(try ModelArchiver.archivedData(with: Settings()))
            let root = try #require(plist.objects.compactMap { $0 as? [String: Any] }.first { $0["strata:modelVersion"] != nil })
            #expect((root["strata:modelVersion"] as? NSNumber)?.intValue == 2)
            #expect(plist.objects.contains { $0 as? String == "Settings" })
        }

        @Test func anOlderVersionReachesTheMigrationHook() throws {
            let old = try ModelArchiver.archivedData(with: SettingsV1(fontSize: 17, theme: "dark"))
            let sink = MigrationLog.Sink()
            let settings = try MigrationLog.$sink.withValue(sink) {
                try ModelArchiver.unarchivedModel(of: Settings.self, from: old)
            }
            #expect(settings == Settings(textSize: 17, theme: "dark", token: ""))
            #expect(sink.entries == ["textSize@1", "theme@1"])
        }

        @Test func theCurrentVersionReachesTheHookToo() throws {
            let sink = MigrationLog.Sink()
            _ = try MigrationLog.$sink.withValue(sink) {
                try ModelArchiver.unarchivedModel(of: Settings.self, from: ModelArchiver.archivedData(with: Settings()))
            }
            #expect(sink.entries == ["textSize@2", "theme@2"])
        }

        @Test func aNewerVersionIsRefused() throws {
            let newer = try ModelArchiver.archivedData(with: SettingsV3(textSize: 20))
            let error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: Settings.self, from: newer)
            }
            #expect(error.code == .unsupportedModelVersion)
            #expect(error.description == "The archive was written by version 3 of Settings, but this build of Settings reads "
                + "versions up to 2. Update the app, or discard the archive.")
        }

        @Test func anotherArchiveNameIsRefused() throws {
            let tag = try ModelArchiver.archivedData(with: Tag(name: "x", weight: 1))
            let error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: Settings.self, from: tag)
            }
            #expect(error.code == .invalidArchive)
            #expect(error.description == "The archive holds a model archived as 'Tag', not 'Settings' (Settings). Decode it as "
                + "the type that wrote it; if that type was renamed to Settings, set its archiveName to 'Tag'.")
        }

        @Test func aRenamedTypeKeepsReadingOldArchivesThroughArchiveName() throws {
            let old = try ModelArchiver.archivedData(with: Tag(name: "kept", weight: 9))
            let renamed = try ModelArchiver.unarchivedModel(of: RenamedTag.self, from: old)
            #expect(renamed.name == "kept")
            #expect(renamed.weight == 9)
        }

        @Test func migrationErrorsCarryTheKey() throws {
            let error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: FailingMigration.self, from: ModelArchiver.archivedData(with: FailingMigration()))
            }
            #expect(error.code == .migrationFailed)
            #expect(error.pathDescription == "value")
        }
    }
}

extension ArchivingTests {
    struct RenamedTag: SecureCodingModel {
        var name = ""
        var weight: Int8 = 0
        static let propertyKeys: PropertyKeys<RenamedTag> = ["name": \.name, "weight": \.weight]
        static var archiveName: String { "Tag" }
    }

    /// `Settings` with Mantle's migration hook:
    /// `decodeObject(of: NSNumber.self, forKey:)` (see MantleMigrationTests).
    struct NSNumberMigration: SecureCodingModel {
        var textSize = 12
        var theme = "light"
        static let propertyKeys: PropertyKeys<NSNumberMigration> = ["textSize": \.textSize, "theme": \.theme]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Settings" }
        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            if key == "textSize", modelVersion < 2 { return coder.decodeObject(of: NSNumber.self, forKey: "fontSize")?.intValue }
            return try defaultDecodedValue(forKey: key, with: coder)
        }
    }

    struct FailingMigration: SecureCodingModel {
        struct Refused: Error {}
        var value = 1
        static let propertyKeys: PropertyKeys<FailingMigration> = ["value": \.value]
        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            throw Refused()
        }
    }
}
