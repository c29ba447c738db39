import Foundation
import Testing
@testable import Strata

/// The mapping layer skips hooks a type leaves at their defaults (see `ModelHooks`);
/// a type's own hooks must keep running on every call. Hook usage is recorded per
/// type for the whole process, so each test has types of its own.
@Suite("Model hooks")
struct ModelHooksTests {
    @Test func defaultHooksAreRecordedAsDefaults() throws {
        let note = try JSONAdapter.model(of: PlainNote.self, from: ["text": "hi", "stars": 2])
        _ = try JSONAdapter.dictionary(from: note)
        let hooks = ModelSchema<PlainNote>.shared.hooks
        #expect(hooks.usage(of: .validateValue) == .isDefault)
        #expect(hooks.usage(of: .validate) == .isDefault)
        #expect(hooks.usage(of: .classForParsing) == .isDefault)
        #expect(hooks.usage(of: .serializablePropertyKeys) == .isDefault)
        // Later calls, which skip the defaults, still map every value.
        let again = try JSONAdapter.model(of: PlainNote.self, from: ["text": "yo", "stars": 3])
        #expect(again == PlainNote(text: "yo", stars: 3))
        #expect(try JSONAdapter.dictionary(from: again)["stars"] as? Int == 3)
    }

    @Test func ownValidateValueRunsForEveryValueOfEveryCall() throws {
        LoudNote.calls.withLock { $0 = 0 }
        let first = try JSONAdapter.model(of: LoudNote.self, from: ["text": "hi", "stars": 2])
        let second = try JSONAdapter.model(of: LoudNote.self, from: Data(#"{"text": "yo", "stars": 3}"#.utf8))
        var third = LoudNote()
        try third.setValue("hey", forKey: "text")
        #expect(first.text == "HI")
        #expect(second.text == "YO")
        #expect(third.text == "HEY")
        #expect(LoudNote.calls.withLock { $0 } == 5)
        #expect(ModelSchema<LoudNote>.shared.hooks.usage(of: .validateValue) == .isCustom)
    }

    @Test func ownValidateRunsOnEveryCall() throws {
        _ = try JSONAdapter.model(of: RatedNote.self, from: ["text": "fine", "stars": 5])
        _ = try JSONAdapter.model(of: RatedNote.self, from: ["text": "fine", "stars": 4])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: RatedNote.self, from: ["text": "too many", "stars": 6])
        }
        #expect(error.code == .validationFailed)
        #expect(ModelSchema<RatedNote>.shared.hooks.usage(of: .validate) == .isCustom)
    }

    @Test func ownSerializablePropertyKeysRunsOnEveryCall() throws {
        let hidden = try JSONAdapter.dictionary(from: SecretNote(text: "shh", stars: 1))
        let shown = try JSONAdapter.dictionary(from: SecretNote(text: "hello", stars: 2))
        let hiddenData = try JSONAdapter.data(from: SecretNote(text: "shh", stars: 3))
        #expect(hidden["text"] == nil)
        #expect(shown["text"] as? String == "hello")
        #expect(try JSONSerialization.jsonObject(with: hiddenData) as? [String: Int] == ["stars": 3])
        #expect(ModelSchema<SecretNote>.shared.hooks.usage(of: .serializablePropertyKeys) == .isCustom)
    }

    @Test func ownClassForParsingRunsOnEveryCall() throws {
        let plain = try JSONAdapter.model(of: RoutedNote.self, from: ["text": "a"])
        let refused = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: RoutedNote.self, from: ["text": "refuse"])
        }
        #expect(plain.text == "a")
        #expect(refused.code == .noClassFound)
        #expect(ModelSchema<RoutedNote>.shared.hooks.usage(of: .classForParsing) == .isCustom)
    }

    @Test func aHookThatThrowsIsTheTypesOwn() throws {
        // No default throws, so the first refusal settles it.
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: PickyNote.self, from: ["text": ""]) }
        #expect(ModelSchema<PickyNote>.shared.hooks.usage(of: .validateValue) == .isCustom)
        let note = try JSONAdapter.model(of: PickyNote.self, from: ["text": "ok"])
        #expect(note.text == "ok")
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: PickyNote.self, from: ["text": ""]) }
    }

    @Test func probingFromManyTasksAtOnceKeepsEveryValidation() async throws {
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask { try JSONAdapter.model(of: RacingNote.self, from: ["text": "n\(index)"]).text }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results) == Set((0..<64).map { "N\($0)" }))
        #expect(ModelSchema<RacingNote>.shared.hooks.usage(of: .validateValue) == .isCustom)
    }
}

// MARK: - Models, one per test

private struct PlainNote: JSONSerializing, Equatable {
    var text = ""
    var stars = 0
    static let propertyKeys: PropertyKeys<PlainNote> = ["text": \.text, "stars": \.stars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "stars": "stars"]
}

/// Upper-cases its text and counts every validated value.
private struct LoudNote: JSONSerializing {
    static let calls = Locked(0)
    var text = ""
    var stars = 0
    static let propertyKeys: PropertyKeys<LoudNote> = ["text": \.text, "stars": \.stars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "stars": "stars"]

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        Self.calls.withLock { $0 += 1 }
        return key == "text" ? (value as? String)?.uppercased() : value
    }
}

private struct RatedNote: JSONSerializing {
    struct TooManyStars: Error {}
    var text = ""
    var stars = 0
    static let propertyKeys: PropertyKeys<RatedNote> = ["text": \.text, "stars": \.stars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "stars": "stars"]

    func validate() throws {
        if stars > 5 { throw TooManyStars() }
    }
}

/// Leaves its text out when it is "shh".
private struct SecretNote: JSONSerializing {
    var text = ""
    var stars = 0
    static let propertyKeys: PropertyKeys<SecretNote> = ["text": \.text, "stars": \.stars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "stars": "stars"]

    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        text == "shh" ? mappedKeys.subtracting(["text"]) : mappedKeys
    }
}

/// Chooses no type for the text "refuse".
private struct RoutedNote: JSONSerializing {
    var text = ""
    static let propertyKeys: PropertyKeys<RoutedNote> = ["text": \.text]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text"]

    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        json["text"] as? String == "refuse" ? nil : Self.self
    }
}

/// Refuses empty text.
private struct PickyNote: JSONSerializing {
    struct Empty: Error {}
    var text = ""
    static let propertyKeys: PropertyKeys<PickyNote> = ["text": \.text]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text"]

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if value as? String == "" { throw Empty() }
        return value
    }
}

private struct RacingNote: JSONSerializing {
    var text = ""
    static let propertyKeys: PropertyKeys<RacingNote> = ["text": \.text]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text"]

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? { (value as? String)?.uppercased() }
}
