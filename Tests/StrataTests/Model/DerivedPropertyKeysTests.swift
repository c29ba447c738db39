import Foundation
import Testing
@testable import Strata

/// A struct that declares no `propertyKeys`, with every kind of stored member the
/// derivation must keep or leave out.
private struct DerivedRepo: JSONSerializing, SecureCodingModel, Equatable {
    var name = ""
    let id: Int
    var stars = 0
    lazy var summary = "\(name) (\(stars))"
    weak var owner: DerivedOwner?
    unowned(unsafe) var registry: DerivedOwner = DerivedOwner.shared
    var onChange: () -> Void = {}
    var onClose: (() -> Void)?
    var homepage: URL?
    var topics: [String] = []

    init() { id = 7 }

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        .filter { $0.key != "id" }

    static func == (lhs: DerivedRepo, rhs: DerivedRepo) -> Bool {
        lhs.name == rhs.name && lhs.id == rhs.id && lhs.stars == rhs.stars && lhs.homepage == rhs.homepage
            && lhs.topics == rhs.topics
    }
}

private final class DerivedOwner: Sendable {
    static let shared = DerivedOwner()
}

/// A struct that leaves a key out of its derived list.
private struct ExcludingDraft: JSONSerializing {
    var title = ""
    var body = ""
    var wordCountCache = 0

    static let propertyKeys = PropertyKeys<ExcludingDraft>.storedProperties(excluding: ["wordCountCache"])
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A struct with a stored `let` and a generated map.
private struct SnakeConstant: JSONSerializing {
    var login = ""
    let nodeID: String
    init() { nodeID = "" }
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// The same, with the `let` left out of the derived keys.
private struct SnakeConstantExcluded: JSONSerializing {
    var login = ""
    let nodeID: String
    init() { nodeID = "fixed" }
    static let propertyKeys = PropertyKeys<SnakeConstantExcluded>.storedProperties(excluding: ["nodeID"])
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

@propertyWrapper
private struct Trimmed: Sendable {
    var wrappedValue: String {
        didSet { wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    }
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

/// A struct that stores a property wrapper, with derived keys.
private struct WrappedTitle: JSONSerializing {
    @Trimmed var title = ""
    var body = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// The same, with the wrapper's storage excluded and the wrapped property listed by a map of its own.
private struct WrappedTitleExcluded: JSONSerializing {
    @Trimmed var title = ""
    var body = ""
    static let propertyKeys = PropertyKeys<WrappedTitleExcluded>.storedProperties(excluding: ["_title"])
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A plain stored property whose name starts with `_`, as the generator names a key like `2fa`.
private struct UnderscoredKey: JSONSerializing {
    var _2fa = false
    var id = 0
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys).merging(["_2fa": "2fa"]) { $1 }
}

/// A struct that excludes a name it does not store.
private struct MisspelledExclusion: Model {
    var title = ""
    static let propertyKeys = PropertyKeys<MisspelledExclusion>.storedProperties(excluding: ["titel"])
}

/// A class that lists no keys.
private final class UnlistedSession: JSONSerializing, SecureCodingModel {
    var token = ""
    required init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["token": "token"]
}

@Suite("Derived property keys")
struct DerivedPropertyKeysTests {
    @Test func aStructWithoutPropertyKeysGetsItsStoredPropertiesInDeclarationOrder() {
        #expect(DerivedRepo.propertyKeys.keys == ["name", "id", "stars", "homepage", "topics"])
        let writable = DerivedRepo.propertyKeys.entries.map(\.isWritable)
        #expect(writable == [true, false, true, true, true])
    }

    @Test func lazyWeakUnownedAndClosuresAreLeftOut() {
        let keys = Set(DerivedRepo.propertyKeys.keys)
        for left in ["summary", "owner", "registry", "onChange", "onClose"] {
            #expect(!keys.contains(left), "\(left)")
        }
        #expect(!keys.contains { $0.contains("lazy") })
    }

    @Test func derivedKeysDecodeAndEncodeThroughAGeneratedMap() throws {
        let json = #"{"name": "strata", "stars": 3, "homepage": "https://example.com", "topics": ["json"], "id": 9}"#
        let repo = try JSONAdapter.model(of: DerivedRepo.self, from: Data(json.utf8))
        #expect(repo.name == "strata" && repo.stars == 3 && repo.topics == ["json"])
        #expect(repo.homepage == URL(string: "https://example.com"))
        #expect(repo.id == 7)
        let written = try JSONAdapter.dictionary(from: repo)
        #expect(written.keys.sorted() == ["homepage", "name", "stars", "topics"])
    }

    @Test func keyValueCodingArchivingAndMergingUseTheDerivedList() throws {
        var repo = DerivedRepo()
        try repo.setValue("engine", forKey: "name")
        try repo.setValue(5, forKey: "stars")
        #expect(try repo.value(forKey: "id") as? Int == 7)
        #expect(throws: StrataError.self) { try repo.setValue(1, forKey: "id") }
        #expect(throws: StrataError.self) { try repo.value(forKey: "summary") }
        #expect(repo.dictionaryValue.keys.sorted() == ["homepage", "id", "name", "stars", "topics"])

        let rebuilt = try DerivedRepo(dictionary: repo.dictionaryValue)
        #expect(rebuilt == repo)

        let archived = try ModelArchiver.archivedData(with: repo)
        #expect(try ModelArchiver.unarchivedModel(of: DerivedRepo.self, from: archived) == repo)

        var local = DerivedRepo()
        try local.mergeValues(from: repo)
        #expect(local == repo)
    }

    @Test func storedPropertiesExcludingLeavesKeysOut() throws {
        #expect(ExcludingDraft.propertyKeys.keys == ["title", "body"])
        let draft = try JSONAdapter.model(of: ExcludingDraft.self, from: ["title": "a", "body": "b", "wordCountCache": 9])
        #expect(draft.wordCountCache == 0)
        #expect(throws: StrataError.self) { try draft.value(forKey: "wordCountCache") }
    }

    @Test func excludingANameThatIsNotStoredIsAnInvalidMapping() {
        let error = #expect(throws: StrataError.self) { try MisspelledExclusion(dictionary: [:]) }
        #expect(error?.code == .invalidMapping)
        #expect(error?.reason.contains("'titel'") == true)
    }

    @Test func theDerivedListIsMadeOncePerType() throws {
        let first = try #require(StoredProperties.fields(of: DerivedRepo.self))
        let second = try #require(StoredProperties.fields(of: DerivedRepo.self))
        #expect(zip(first, second).allSatisfy { $0.keyPath === $1.keyPath })
    }

    @Test func aStoredLetUnderAGeneratedMapIsAnInvalidMappingWithBothWaysOut() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: SnakeConstant.self, from: Data(#"{"login": "ada", "node_id": "x"}"#.utf8))
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'nodeID'"))
        #expect(error.reason.contains("var"))
        #expect(error.reason.contains("storedProperties(excluding:"))
        let excluded = try JSONAdapter.model(
            of: SnakeConstantExcluded.self, from: Data(#"{"login": "ada", "node_id": "x"}"#.utf8))
        #expect(excluded.login == "ada" && excluded.nodeID == "fixed")
    }

    @Test func aPropertyWrappersStorageIsNamedNotDropped() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: WrappedTitle.self, from: ["title": "a", "body": "b"])
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'_title'"))
        #expect(error.reason.contains("storedProperties(excluding: [\"_title\"])"))
        #expect(WrappedTitleExcluded.propertyKeys.keys == ["body"])
        let excluded = try JSONAdapter.model(of: WrappedTitleExcluded.self, from: ["title": "a", "body": "b"])
        #expect(excluded.body == "b")
    }

    @Test func aPlainPropertyWhoseNameStartsWithAnUnderscoreIsAKey() throws {
        #expect(UnderscoredKey.propertyKeys.keys == ["_2fa", "id"])
        let model = try JSONAdapter.model(of: UnderscoredKey.self, from: Data(#"{"2fa": true, "id": 3}"#.utf8))
        #expect(model._2fa && model.id == 3)
    }

    @Test func aClassThatListsNoKeysFailsFromEveryEntryPoint() throws {
        func expectInvalidMapping(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
            let error = #expect(throws: StrataError.self, sourceLocation: sourceLocation) { try body() }
            #expect(error?.code == .invalidMapping, sourceLocation: sourceLocation)
            #expect(error?.reason.contains("propertyKeys") == true, sourceLocation: sourceLocation)
        }
        let session = UnlistedSession()
        expectInvalidMapping { _ = try session.value(forKey: "token") }
        expectInvalidMapping {
            var copy = session
            try copy.setValue("t", forKey: "token")
        }
        expectInvalidMapping { _ = try UnlistedSession(dictionary: [:]) }
        expectInvalidMapping { _ = try JSONAdapter.model(of: UnlistedSession.self, from: ["token": "t"]) }
        expectInvalidMapping { _ = try JSONAdapter.model(of: UnlistedSession.self, from: Data(#"{"token": "t"}"#.utf8)) }
        expectInvalidMapping { _ = try JSONAdapter.dictionary(from: session) }
        expectInvalidMapping { _ = try ModelArchiver.archivedData(with: session) }
        expectInvalidMapping {
            var copy = UnlistedSession()
            try copy.mergeValues(from: session)
        }
    }
}
