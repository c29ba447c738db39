import Foundation
import Testing
@testable import Strata

@Suite("Key-value coding")
struct KeyValueCodingTests {
    // MARK: value(forKey:)

    @Test func valueForKeyReadsStoredProperties() throws {
        var account = Account()
        account.login = "ada"
        account.age = 36
        #expect(try account.value(forKey: "login") as? String == "ada")
        #expect(try account.value(forKey: "age") as? Int == 36)
    }

    @Test func optionalHoldingNothingReadsAsNil() throws {
        let account = Account()
        #expect(try account.value(forKey: "nickname") == nil)
        var named = account
        named.nickname = "countess"
        #expect(try named.value(forKey: "nickname") as? String == "countess")
    }

    @Test func readOnlyKeysAreReadable() throws {
        var account = Account()
        account.login = "ada"
        #expect(try account.value(forKey: "kind") as? String == "person")
        #expect(try account.value(forKey: "displayName") as? String == "@ada")
    }

    @Test func unknownKeyThrowsOnRead() {
        #expect {
            _ = try Account().value(forKey: "password")
        } throws: { error in
            let error = try #require(error as? StrataError)
            return error.code == .unknownKey && error.pathDescription == "password"
        }
    }

    // MARK: setValue(_:forKey:)

    @Test func setValueStoresWhatValidateValueReturns() throws {
        var account = Account()
        try account.setValue("ADA", forKey: "login")
        #expect(account.login == "ada")
    }

    @Test func setValueConvertsNumbersExactly() throws {
        var account = Account()
        try account.setValue(Int8(42), forKey: "age")
        try account.setValue(NSNumber(value: 7), forKey: "score")
        #expect(account.age == 42)
        #expect(account.score == 7)
    }

    @Test func setValueOnOptionalAcceptsNil() throws {
        var account = Account()
        account.nickname = "x"
        try account.setValue(nil, forKey: "nickname")
        #expect(account.nickname == nil)
    }

    struct RefusedSet: Sendable, CustomTestStringConvertible {
        let key: String
        let value: @Sendable () -> Any?
        let code: StrataError.Code
        let label: String
        var testDescription: String { label }
    }

    static let refusedSets: [RefusedSet] = [
        RefusedSet(key: "password", value: { "x" }, code: .unknownKey, label: "unknown key"),
        RefusedSet(key: "age", value: { "36" }, code: .typeMismatch, label: "string into Int"),
        RefusedSet(key: "age", value: { 1.5 }, code: .typeMismatch, label: "fraction into Int"),
        RefusedSet(key: "age", value: { true }, code: .typeMismatch, label: "Bool into Int"),
        RefusedSet(key: "tags", value: { [1, 2] }, code: .typeMismatch, label: "[Int] into [String]"),
        RefusedSet(key: "age", value: { nil }, code: .nullForNonOptional, label: "nil into Int"),
        RefusedSet(key: "login", value: { "" }, code: .validationFailed, label: "validator refuses"),
        RefusedSet(key: "age", value: { -1 }, code: .validationFailed, label: "validator refuses negative"),
        RefusedSet(key: "kind", value: { "robot" }, code: .readOnlyKey, label: "let property"),
        RefusedSet(key: "displayName", value: { "@x" }, code: .readOnlyKey, label: "computed property"),
    ]

    @Test(arguments: refusedSets)
    func refusedSetThrowsAndLeavesTheModelUnchanged(_ attempt: RefusedSet) throws {
        var account = Account()
        account.login = "ada"
        account.age = 36
        account.tags = ["a"]
        let before = account
        let error = try #require(throws: StrataError.self) {
            try account.setValue(attempt.value(), forKey: attempt.key)
        }
        #expect(error.code == attempt.code)
        #expect(error.path == [.key(attempt.key)])
        #expect(account == before)
    }

    @Test func nilForNonOptionalMessageNamesTheKey() throws {
        var account = Account()
        let error = try #require(throws: StrataError.self) { try account.setValue(nil, forKey: "age") }
        #expect(
            error.description
                == "age: 'age' of Account is not optional, so it cannot be set to nil. "
                + "Make the property optional, or leave the value out.")
    }

    @Test func typeMismatchMessageDescribesTheValue() throws {
        var account = Account()
        let error = try #require(throws: StrataError.self) { try account.setValue("36", forKey: "age") }
        #expect(error.description == "age: Expected Int for 'age' of Account, found the string \"36\".")
    }

    @Test func validatorErrorIsReachableAsUnderlyingError() throws {
        var account = Account()
        let error = try #require(throws: StrataError.self) { try account.setValue("", forKey: "login") }
        #expect(error.code == .validationFailed)
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "login not empty"))
    }

    // MARK: Final classes

    @Test func finalClassModelsReadAndWriteThroughReferenceKeyPaths() throws {
        let counter = Counter()
        var handle = counter
        try handle.setValue(5, forKey: "count")
        try handle.setValue("clicks", forKey: "label")
        #expect(counter.count == 5)
        #expect(counter.label == "clicks")
        #expect(try counter.value(forKey: "createdBy") as? String == "tests")
        #expect(throws: StrataError.self) { try handle.setValue("me", forKey: "createdBy") }
        #expect(throws: StrataError.self) { try handle.setValue("5", forKey: "count") }
        #expect(counter.count == 5)
    }

    // MARK: dictionaryValue

    @Test func dictionaryValueHoldsEveryKeyWithNSNullForNil() throws {
        var account = Account()
        account.login = "ada"
        account.age = 36
        let dictionary = account.dictionaryValue
        #expect(Set(dictionary.keys) == Set(Account.propertyKeys.keys))
        #expect(dictionary["login"] as? String == "ada")
        #expect(dictionary["age"] as? Int == 36)
        #expect(dictionary["nickname"] is NSNull)
        #expect(dictionary["displayName"] as? String == "@ada")
    }

    // MARK: init(dictionary:)

    @Test func initDictionaryRoundTripsDictionaryValue() throws {
        var account = Account()
        account.login = "ada"
        account.age = 36
        account.tags = ["x", "y"]
        account.score = 2.5
        // dictionaryValue lists the read-only keys too; init(dictionary:) skips them.
        #expect(account.dictionaryValue["displayName"] as? String == "@ada")
        #expect(try Account(dictionary: account.dictionaryValue) == account)
    }

    @Test func initDictionaryTreatsNSNullAsNilAndKeepsDefaultsForAbsentKeys() throws {
        let account = try Account(dictionary: ["login": "Ada", "nickname": NSNull()])
        #expect(account.login == "ada")
        #expect(account.nickname == nil)
        #expect(account.age == 0)
    }

    @Test func initDictionaryRefusesNSNullForNonOptional() throws {
        let error = try #require(throws: StrataError.self) { try Account(dictionary: ["age": NSNull()]) }
        #expect(error.code == .nullForNonOptional)
        #expect(error.pathDescription == "age")
    }

    @Test func initDictionaryRunsValidate() throws {
        #expect(try Account(dictionary: ["login": "root", "age": 30]).login == "root")
        let error = try #require(throws: StrataError.self) { try Account(dictionary: ["login": "root", "age": 12]) }
        #expect(error.code == .validationFailed)
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "root is an adult"))
    }

    @Test func initDictionaryRefusesUnknownKeys() throws {
        let error = try #require(throws: StrataError.self) { try Account(dictionary: ["pasword": "x"]) }
        #expect(error.code == .unknownKey)
    }
}

@Suite("init(dictionary:) order")
struct InitDictionaryOrderTests {
    /// Values are set in declaration order, so with several bad values the error
    /// is always about the first declared one, whatever the dictionary's hash order.
    @Test func errorsFollowDeclarationOrder() throws {
        for _ in 0..<20 {
            let error = try #require(throws: StrataError.self) {
                try Account(dictionary: ["score": "high", "age": "old", "login": 7])
            }
            #expect(error.pathDescription == "login")
        }
    }
}
