import Foundation
import Testing
@testable import Strata

extension CodingTests {
    /// Strata models inside a caller's own keyed archive.
    @Suite struct ModelEmbeddingTests {
        @Test func aModelRoundTripsInsideAnotherObjectsArchive() throws {
            let document = ArchivingTestDocument(title: "Notes", settings: Settings(textSize: 18, theme: "dark", token: "t"))
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            archiver.encode(document, forKey: NSKeyedArchiveRootObjectKey)
            archiver.finishEncoding()
            #expect(document.encodingError == nil)

            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            unarchiver.requiresSecureCoding = true
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            let back = try #require(unarchiver.decodeObject(of: ArchivingTestDocument.self, forKey: NSKeyedArchiveRootObjectKey))
            #expect(back.title == "Notes")
            #expect(back.settings == Settings(textSize: 18, theme: "dark", token: ""))
            #expect(back.missing == nil)
        }

        @Test func anUnarchivableModelWritesNothing() throws {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            #expect(throws: StrataError.self) { try archiver.encodeModel(Handlers(), forKey: "handlers") }
            archiver.finishEncoding()
            let plist = try ArchivePlist(archiver.encodedData)
            #expect(plist.classEntries.isEmpty)
        }
    }
}

/// A caller's own `NSSecureCoding` class holding a Strata model. Top level: on Linux,
/// `NSStringFromClass` traps for nested classes.
final class ArchivingTestDocument: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let title: String
    let settings: CodingTests.Settings
    private(set) var missing: CodingTests.Settings?
    private(set) var encodingError: (any Error)?

    init(title: String, settings: CodingTests.Settings) {
        self.title = title
        self.settings = settings
    }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "title")
        do {
            try coder.encodeModel(settings, forKey: "settings")
        } catch {
            encodingError = error
        }
    }

    init?(coder: NSCoder) {
        guard let title = coder.decodeObject(of: NSString.self, forKey: "title"),
            let settings = try? coder.decodeModel(of: CodingTests.Settings.self, forKey: "settings")
        else { return nil }
        self.title = title as String
        self.settings = settings
        self.missing = try? coder.decodeModel(of: CodingTests.Settings.self, forKey: "absent")
    }
}
