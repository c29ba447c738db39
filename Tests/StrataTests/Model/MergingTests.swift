import Foundation
import Testing
@testable import Strata

/// A range whose `validate()` refuses an end before its start.
struct ValidatedRange: Model, Equatable {
    var start = 0
    var end = 0
    static let propertyKeys: PropertyKeys<ValidatedRange> = ["start": \.start, "end": \.end]

    struct Backwards: Error, Equatable {}

    func validate() throws {
        if end < start { throw Backwards() }
    }
}

/// The same rule on a class, which is merged in place.
final class ValidatedSpan: Model, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var start = 0
    var end = 0
    init() {}
    init(start: Int, end: Int) {
        (self.start, self.end) = (start, end)
    }
    static let propertyKeys: PropertyKeys<ValidatedSpan> = ["start": \.start, "end": \.end]

    func validate() throws {
        if end < start { throw ValidatedRange.Backwards() }
    }
}

@Suite("Merging")
struct MergingTests {
    @Test func aClassInstanceGetsItsValuesBackWhenTheMergeFails() throws {
        var span = ValidatedSpan(start: 10, end: 12)
        let object = span
        #expect(throws: StrataError.self) { try span.mergeValues(from: ValidatedSpan(start: 11, end: 3)) }
        #expect(span === object)
        #expect((span.start, span.end) == (10, 12))
        #expect(throws: StrataError.self) { try span.mergeValue(forKey: "start", from: ValidatedSpan(start: 20, end: 0)) }
        #expect((span.start, span.end) == (10, 12))
        try span.mergeValues(from: ValidatedSpan(start: 1, end: 2))
        #expect((span.start, span.end) == (1, 2))
    }

    @Test func mergingRunsValidateAndLeavesTheModelUnchangedWhenItThrows() throws {
        var local = ValidatedRange(start: 0, end: 5)
        let later = ValidatedRange(start: 8, end: 9)
        let error = try #require(throws: StrataError.self) { try local.mergeValue(forKey: "start", from: later) }
        #expect(error.code == .validationFailed)
        #expect(error.underlyingError as? ValidatedRange.Backwards == ValidatedRange.Backwards())
        #expect(local == ValidatedRange(start: 0, end: 5))

        var other = ValidatedRange(start: 10, end: 12)
        let backwards = ValidatedRange(start: 11, end: 3)
        #expect(throws: StrataError.self) { try other.mergeValues(from: backwards) }
        #expect(other == ValidatedRange(start: 10, end: 12))

        try local.mergeValues(from: later)
        #expect(local == later)
    }

    @Test func mergeValueReplacesOneKey() throws {
        var local = Account()
        local.login = "ada"
        local.age = 1
        var remote = Account()
        remote.login = "charles"
        remote.age = 2
        try local.mergeValue(forKey: "age", from: remote)
        #expect(local.age == 2)
        #expect(local.login == "ada")
    }

    @Test func mergeValuesTakesTheOtherModelsValuesIncludingNil() throws {
        var local = Account()
        local.login = "ada"
        local.nickname = "countess"
        local.tags = ["a"]
        var remote = Account()
        remote.login = "charles"
        remote.age = 40
        try local.mergeValues(from: remote)
        #expect(local == remote)
        #expect(local.nickname == nil)
    }

    @Test func mergeRunsTheValidator() throws {
        var local = Account()
        local.login = "ada"
        var remote = Account()
        remote.login = "CHARLES"  // stored as is: set directly, not through the validator
        try local.mergeValue(forKey: "login", from: remote)
        #expect(local.login == "charles")
    }

    @Test func mergedValueHookCustomisesPerKey() throws {
        var local = Settings(theme: "dark", fontSize: 12, plugins: ["git"], note: "keep me")
        let remote = Settings(theme: nil, fontSize: 14, plugins: ["lint"], note: nil)
        try local.mergeValues(from: remote)
        #expect(local == Settings(theme: nil, fontSize: 14, plugins: ["git", "lint"], note: "keep me"))
    }

    @Test func mergeValueUsesTheHookToo() throws {
        var local = Settings(plugins: ["git"])
        try local.mergeValue(forKey: "plugins", from: Settings(plugins: ["lint"]))
        #expect(local.plugins == ["git", "lint"])
    }

    @Test func failedMergeLeavesTheModelUnchanged() throws {
        var local = StrictSettings(theme: "light", locked: true)
        let remote = StrictSettings(theme: "dark", locked: false)
        let error = try #require(throws: StrataError.self) { try local.mergeValues(from: remote) }
        #expect(error.code == .validationFailed)
        #expect(error.pathDescription == "locked")
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "locked stays locked"))
        #expect(local == StrictSettings(theme: "light", locked: true))
    }

    @Test func mergeValueOfReadOnlyKeyThrows() throws {
        var local = Account()
        let error = try #require(throws: StrataError.self) { try local.mergeValue(forKey: "kind", from: Account()) }
        #expect(error.code == .readOnlyKey)
    }

    @Test func mergeValueOfUnknownKeyThrows() throws {
        var local = Account()
        let error = try #require(throws: StrataError.self) { try local.mergeValue(forKey: "nope", from: Account()) }
        #expect(error.code == .unknownKey)
    }
}
