import Foundation
import Testing
@testable import Strata

@Suite("Required property keys")
struct RequiredKeysTests {
    @Test func presentRequiredKeysDecode() throws {
        let json = try jsonObject(#"{"user": "ada", "auth": {"token": "t"}, "host": "h"}"#)
        let credentials = try JSONAdapter.model(of: Credentials.self, from: json)
        #expect(credentials == Credentials(user: "ada", token: "t", host: "h", port: 0))
    }

    /// Listed in declaration order, by JSON key path.
    @Test func everyMissingKeyIsListedInOneError() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Credentials.self, from: try jsonObject(#"{"port": 22}"#))
        }
        #expect(error.code == .missingRequiredKeys)
        #expect(error.description == "Credentials requires keys that the JSON lacks: user, auth.token, host. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
    }

    @Test func nullCountsAsMissing() throws {
        let json = try jsonObject(#"{"user": null, "auth": {"token": "t"}, "host": "h"}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Credentials.self, from: json) }
        #expect(error.code == .missingRequiredKeys)
        #expect(error.reason == "Credentials requires key that the JSON lacks: user is null. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
    }

    @Test func nullIntermediateCountsAsMissing() throws {
        let json = try jsonObject(#"{"user": "ada", "auth": null, "host": "h"}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Credentials.self, from: json) }
        #expect(error.reason == "Credentials requires key that the JSON lacks: auth.token. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
    }

    @Test func missingKeysInANestedModelNameItsPath() throws {
        struct Server: JSONSerializing {
            var credentials = Credentials()
            static let propertyKeys: PropertyKeys<Server> = ["credentials": \.credentials]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["credentials": "login"]
        }
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Server.self, from: ["login": ["user": "ada", "host": "h"]])
        }
        #expect(error.code == .missingRequiredKeys)
        #expect(error.description == "login: Credentials requires key that the JSON lacks: auth.token. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
    }
}
