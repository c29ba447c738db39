import Foundation
import Testing
@testable import Strata

/// A model whose validator refuses an empty email, and that validates every key.
private struct SignupAccount: JSONSerializing, Equatable {
    var email = ""
    var plan = "free"
    static let propertyKeys: PropertyKeys<SignupAccount> = ["email": \.email, "plan": \.plan]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "email", (value as? String)?.contains("@") != true {
            throw StrataError(.validationFailed, "An account needs an email address.")
        }
        return value
    }

    func validate() throws { try validateEveryKey() }
}

/// The same validator, without whole-model validation.
private struct LooseAccount: JSONSerializing {
    var email = ""
    static let propertyKeys: PropertyKeys<LooseAccount> = ["email": \.email]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "email", (value as? String)?.contains("@") != true {
            throw StrataError(.validationFailed, "An account needs an email address.")
        }
        return value
    }
}

@Suite("Whole-model validation: validateEveryKey() runs every key's validator, as Mantle's -validate: does")
struct WholeModelValidationTests {
    @Test("A key the JSON leaves out cannot get around its validator")
    func missingKeyIsValidated() {
        let error = strataFailure { try decodeBothWays(SignupAccount.self, #"{"plan": "pro"}"#) }
        #expect(error?.code == .validationFailed)
        #expect(error?.description == "email: An account needs an email address.")
        // Without validateEveryKey(), the default slips through.
        #expect(strataFailure { try decodeBothWays(LooseAccount.self, #"{}"#) } == nil)
    }

    @Test("A model whose values all pass is decoded")
    func validModel() throws {
        let account = try decodeBothWays(SignupAccount.self, #"{"email": "ada@example.com"}"#)
        #expect(account.email == "ada@example.com")
        #expect(account.plan == "free")
    }

    @Test("init(dictionary:) and a direct validate() run it too")
    func otherFrontEnds() {
        let error = strataFailure { try SignupAccount(dictionary: ["plan": "pro"]) }
        #expect(error?.description == "email: An account needs an email address.")
        var account = SignupAccount()
        #expect(strataFailure { try account.validate() }?.pathDescription == "email")
        account.email = "a@b.c"
        #expect(strataFailure { try account.validate() } == nil)
    }

    @Test("An error that is not a StrataError is wrapped with the key and the model")
    func foreignError() {
        struct Plain: Error, CustomStringConvertible { var description: String { "too short" } }
        struct Named: Model {
            var name = ""
            static let propertyKeys: PropertyKeys<Named> = ["name": \.name]
            func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
                if (value as? String)?.isEmpty == true { throw Plain() }
                return value
            }
        }
        let error = strataFailure { try Named().validateEveryKey() }
        #expect(error?.code == .validationFailed)
        #expect(error?.description == "name: Named refused the value for 'name': too short")
    }

    @Test("A class held as its base class validates the subclass's keys too")
    func subclassKeys() {
        let held: ValidatedProfile = NamedValidatedProfile()
        #expect(strataFailure { try held.validateEveryKey() }?.pathDescription == "nickname")
    }
}

private class ValidatedProfile: Model, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    typealias KeyPathRoot = ValidatedProfile
    var id = 1
    required init() {}
    class var propertyKeys: PropertyKeys<ValidatedProfile> { ["id": \.id] }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "nickname", (value as? String)?.isEmpty == true {
            throw StrataError(.validationFailed, "A nickname is not empty.")
        }
        return value
    }
}

private final class NamedValidatedProfile: ValidatedProfile, @unchecked Sendable {
    var nickname = ""
    override class var propertyKeys: PropertyKeys<ValidatedProfile> {
        super.propertyKeys.adding(["nickname": \.nickname] as PropertyKeys<NamedValidatedProfile>)
    }
}
