import Foundation
import Testing
@testable import Strata

// Linux: on Apple platforms the hook receives the unarchiver itself (MigrationCoding).
#if !canImport(ObjectiveC)
extension ArchivingTests {
    /// Migration hooks written the Mantle way, with `decodeObject(of:forKey:)`
    /// and `decodeObject(forKey:)`, read the scalars Strata writes with typed calls.
    @Suite struct MantleMigrationTests {
        static func versionOne() throws -> Data {
            try ModelArchiver.archivedData(with: StyleV1(fontSize: 17, bold: true, scale: 1.25, small: -3, theme: "dark"))
        }

        @Test func numbersAndBooleansReadAsNSNumber() throws {
            let style = try ModelArchiver.unarchivedModel(of: StyleV2.self, from: Self.versionOne())
            #expect(style == StyleV2(textSize: 17, isBold: true, zoom: 1.25, offset: -3, theme: "dark", note: "none"))
        }

        @Test func anNSNumberMigrationReadsTheSettingsArchive() throws {
            // Mantle's hook: `decodeObject(of: NSNumber.self, forKey:)` for a key stored as an integer.
            let old = try ModelArchiver.archivedData(with: SettingsV1(fontSize: 17, theme: "dark"))
            let settings = try ModelArchiver.unarchivedModel(of: NSNumberMigration.self, from: old)
            #expect(settings.textSize == 17)
            #expect(settings.theme == "dark")
        }

        @Test func anAbsentKeyIsNilAndLaterKeysStillRead() throws {
            // `offset`, the first key, asks for an absent key; the keys after it still read.
            let data = try ModelArchiver.archivedData(with: StyleV1(fontSize: 9, bold: false, scale: 2, small: 4, theme: "light"))
            let style = try ModelArchiver.unarchivedModel(of: AbsentKeyMigration.self, from: data)
            #expect(style.offset == 99)  // the hook's fallback for the absent key
            #expect(style.theme == "light")
            #expect(style.textSize == 9)
        }

        @Test func stringsAndDataReadAsObjects() throws {
            let data = try ModelArchiver.archivedData(with: StyleV1(fontSize: 1, bold: false, scale: 0, small: 0, theme: "sepia"))
            let style = try ModelArchiver.unarchivedModel(of: ObjectMigration.self, from: data)
            #expect(style.theme == "sepia")
            #expect(style.textSize == 1)
            #expect(style.isBold == false)
        }

        @Test func askingForAnotherClassIsAMigrationErrorNamingTheKey() throws {
            let error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: WrongClassMigration.self, from: Self.versionOne())
            }
            #expect(error.code == .migrationFailed)
            #expect(error.pathDescription == "theme")
            #expect(error.reason == "WrongClassMigration.decodeValue(forKey:with:modelVersion:) failed for an archive of "
                + "version 1: The hook asked for 'theme' as NSNumber, but the archive holds a string there.")
        }

        @Test func decodedValueWorksThroughTheHooksCoder() throws {
            let old = try ModelArchiver.archivedData(with: SettingsV1(fontSize: 21, theme: "dark"))
            let settings = try ModelArchiver.unarchivedModel(of: Settings.self, from: old)
            #expect(settings == Settings(textSize: 21, theme: "dark", token: ""))
        }

        @Test func theHookReceivesTheMigrationCoder() throws {
            let sink = CoderSink()
            _ = try CoderSink.$current.withValue(sink) {
                try ModelArchiver.unarchivedModel(of: CoderProbe.self, from: ModelArchiver.archivedData(with: CoderProbe()))
            }
            #expect(sink.sawMigrationCoder)
        }

        @Test func anUncheckedArchiveReportsABrokenDecoder() throws {
            // Embedded in an archive of the caller's own, which Strata did not
            // check: the coder cannot tell a scalar from an object, so the
            // unarchiver fails, and the hook is blamed for its key.
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            try archiver.encodeModel(SettingsV1(fontSize: 17, theme: "dark"), forKey: "settings")
            archiver.finishEncoding()
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            unarchiver.requiresSecureCoding = true
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            defer { unarchiver.finishDecoding() }
            // Foundation logs the broken decode to the standard error; it is
            // captured, so that it stays out of the test log.
            let (error, log) = try capturingStandardError {
                #expect(throws: StrataError.self) {
                    try unarchiver.decodeModel(of: NSNumberMigration.self, forKey: "settings")
                }
            }
            #expect(error?.code == .migrationFailed)
            #expect(error?.pathDescription == "textSize")
            #expect(log.isEmpty || log.contains("NSKeyedUnarchiver"), "\(log)")
        }
    }
}
#endif

extension ArchivingTests {
    /// Version 1 of `Style`.
    struct StyleV1: SecureCodingModel {
        var fontSize = 0
        var bold = false
        var scale = 0.0
        var small: Int8 = 0
        var theme = ""
        static let propertyKeys: PropertyKeys<StyleV1> = [
            "fontSize": \.fontSize, "bold": \.bold, "scale": \.scale, "small": \.small, "theme": \.theme,
        ]
        static var modelVersion: Int { 1 }
        static var archiveName: String { "Style" }
    }

    /// Version 2 renamed every key; its hook reads version 1 as a Mantle model would.
    struct StyleV2: SecureCodingModel, Equatable {
        var textSize = 12
        var isBold = false
        var zoom = 1.0
        var offset = 0
        var theme = "light"
        var note = "none"
        static let propertyKeys: PropertyKeys<StyleV2> = [
            "textSize": \.textSize, "isBold": \.isBold, "zoom": \.zoom, "offset": \.offset, "theme": \.theme, "note": \.note,
        ]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Style" }

        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            guard modelVersion < 2 else { return try defaultDecodedValue(forKey: key, with: coder) }
            switch key {
            case "textSize": return coder.decodeObject(of: NSNumber.self, forKey: "fontSize")?.intValue
            case "isBold": return coder.decodeObject(of: NSNumber.self, forKey: "bold")?.boolValue
            case "zoom": return (coder.decodeObject(forKey: "scale") as? NSNumber)?.doubleValue
            case "offset": return coder.decodeObject(of: [NSNumber.self], forKey: "small") as? Int
            case "theme": return coder.decodeObject(of: NSString.self, forKey: "theme") as String?
            case "note": return coder.decodeObject(of: NSString.self, forKey: "note") as String?  // absent in version 1
            default: return try defaultDecodedValue(forKey: key, with: coder)
            }
        }
    }

    /// Reads an absent key with `decodeObject` before the keys that exist.
    struct AbsentKeyMigration: SecureCodingModel {
        var offset = 0
        var theme = ""
        var textSize = 0
        static let propertyKeys: PropertyKeys<AbsentKeyMigration> = ["offset": \.offset, "theme": \.theme, "textSize": \.textSize]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Style" }

        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            switch key {
            case "offset":
                #expect(coder.decodeObject(forKey: "missing") == nil)
                return coder.decodeObject(of: NSNumber.self, forKey: "missing")?.intValue ?? 99
            case "theme": return coder.decodeObject(forKey: "theme") as? String
            case "textSize": return coder.decodeObject(of: NSNumber.self, forKey: "fontSize")?.intValue
            default: return nil
            }
        }
    }

    /// Reads strings as objects and numbers with typed calls.
    struct ObjectMigration: SecureCodingModel {
        var theme = ""
        var textSize = 0
        var isBold = true
        static let propertyKeys: PropertyKeys<ObjectMigration> = ["theme": \.theme, "textSize": \.textSize, "isBold": \.isBold]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Style" }

        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            switch key {
            case "theme": return coder.decodeObject(of: [NSString.self], forKey: "theme") as? String
            case "textSize": return Int(coder.decodeInt64(forKey: "fontSize"))
            case "isBold": return coder.decodeBool(forKey: "bold")
            default: return nil
            }
        }
    }

    /// Asks for a string key as a number.
    struct WrongClassMigration: SecureCodingModel {
        var theme = 0
        static let propertyKeys: PropertyKeys<WrongClassMigration> = ["theme": \.theme]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Style" }

        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            coder.decodeObject(of: NSNumber.self, forKey: key)?.intValue
        }
    }

    final class CoderSink: @unchecked Sendable {
        // @unchecked: only used synchronously by the test that created it.
        @TaskLocal static var current: CoderSink?
        var sawMigrationCoder = false
    }

    struct CoderProbe: SecureCodingModel {
        var value = 1
        static let propertyKeys: PropertyKeys<CoderProbe> = ["value": \.value]
        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            #if !canImport(ObjectiveC)
            if coder is MigrationCoder { CoderSink.current?.sawMigrationCoder = true }
            #endif
            return try defaultDecodedValue(forKey: key, with: coder)
        }
    }
}
