import Foundation
import Testing
@testable import Strata

/// Decoded values go through the same validated setters and `validate()` as JSON.
extension ArchivingTests {
    @Suite struct ArchiveValidationTests {
        @Test func validateValueNormalisesDecodedValues() throws {
            let data = try ModelArchiver.archivedData(with: Account(login: "ADA"))
            #expect(try ModelArchiver.unarchivedModel(of: Account.self, from: data).login == "ada")
        }

        @Test func validateRefusesTheDecodedModel() throws {
            let data = try ModelArchiver.archivedData(with: Account(login: ""))
            let error = try #require(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Account.self, from: data) }
            #expect(error.code == .validationFailed)
            #expect(error.description == "Account is not valid: login is empty")
        }

        @Test func setterErrorsCarryThePath() throws {
            let data = try ModelArchiver.archivedData(with: Team(members: [Account(login: "a"), Account(login: "forbidden")]))
            let error = try #require(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Team.self, from: data) }
            #expect(error.pathDescription == "members[1].login")
            #expect(error.code == .validationFailed)
        }
    }
}

extension ArchivingTests {
    struct Account: SecureCodingModel {
        struct Invalid: Error, CustomStringConvertible { let description: String }
        var login = ""
        static let propertyKeys: PropertyKeys<Account> = ["login": \.login]
        func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
            if key == "login", let login = value as? String {
                if login == "forbidden" { throw Invalid(description: "forbidden login") }
                return login.lowercased()
            }
            return value
        }
        func validate() throws {
            if login.isEmpty { throw Invalid(description: "login is empty") }
        }
    }

    struct Team: SecureCodingModel {
        var members: [Account] = []
        static let propertyKeys: PropertyKeys<Team> = ["members": \.members]
    }
}
