import Foundation
import Testing
@testable import Strata

extension ArchivingTests {
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

        @Test func aModelWithAnUnarchivableNestedModelWritesNothing() throws {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            let error = try #require(throws: StrataError.self) {
                try archiver.encodeModel(HoldsHandlers(), forKey: "holder")
            }
            archiver.finishEncoding()
            #expect(error.code == .unsupportedValue)
            #expect(error.description == "inner: Handlers cannot be archived: 'range' has type Range<Int>, which cannot "
                + "be archived: Range<Int> is not a type Strata can archive. Mark it .excluded in "
                + "encodingBehaviorsByPropertyKey, or change its type.")
            #expect(try ArchivePlist(archiver.encodedData).classEntries.isEmpty)
        }

        @Test func aCycleWritesNothing() throws {
            let root = Node(name: "root")
            let child = Node(name: "child")
            root.children = [child]
            child.children = [root]
            defer { child.children = [] }  // breaks the cycle, which would otherwise leak
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            let error = try #require(throws: StrataError.self) { try archiver.encodeModel(root, forKey: "root") }
            archiver.finishEncoding()
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "children[0].children[0]")
            #expect(try ArchivePlist(archiver.encodedData).classEntries.isEmpty)
        }
    }
}

extension ArchivingTests {
    /// A model whose nested model cannot be archived.
    struct HoldsHandlers: SecureCodingModel {
        var name = "holder"
        var inner = Handlers()
        static let propertyKeys: PropertyKeys<HoldsHandlers> = ["name": \.name, "inner": \.inner]
    }
}

/// A caller's own `NSSecureCoding` class holding a Strata model. Top level: on Linux,
/// `NSStringFromClass` traps for nested classes.
final class ArchivingTestDocument: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let title: String
    let settings: ArchivingTests.Settings
    private(set) var missing: ArchivingTests.Settings?
    private(set) var encodingError: (any Error)?

    init(title: String, settings: ArchivingTests.Settings) {
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
            let settings = try? coder.decodeModel(of: ArchivingTests.Settings.self, forKey: "settings")
        else { return nil }
        self.title = title as String
        self.settings = settings
        self.missing = try? coder.decodeModel(of: ArchivingTests.Settings.self, forKey: "absent")
    }
}
