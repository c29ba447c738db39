import Foundation
import Testing
@testable import Strata

@Suite("StrataError")
struct StrataErrorTests {
    @Test func descriptionIsPathColonReason() {
        let error = StrataError(.typeMismatch, "Expected Int.", path: [.key("contributors"), .index(1), .key("id")])
        #expect(error.pathDescription == "contributors[1].id")
        #expect(error.description == "contributors[1].id: Expected Int.")
        #expect(StrataError(.invalidMapping, "Broken.").description == "Broken.")
        #expect(StrataError(.typeMismatch, "x", path: [.index(0), .index(2), .key("a")]).pathDescription == "[0][2].a")
    }

    @Test func isAnErrorWithALocalizedDescription() {
        let error: any Error = StrataError(.missingRequiredKeys, "Missing id.", path: [.key("owner")])
        #expect((error as? any LocalizedError)?.errorDescription == "owner: Missing id.")
        #expect(error.localizedDescription == "owner: Missing id.")
        #expect(String(describing: error) == "owner: Missing id.")
    }

    @Test func errorPathOfADeeplyNestedValue() throws {
        let json = try jsonObject(#"{"contributors": [{"login": "a", "id": 1}, {"login": "b", "id": "2"}]}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: json) }
        #expect(error.path == [.key("contributors"), .index(1), .key("id")])
        #expect(
            error.description
                == "contributors[1].id: Expected Int for 'id' of Owner, found the string \"2\". "
                + "Fix the payload, or give 'id' a transformer that converts it.")
    }

    @Test func errorPathOfADottedKeyPath() throws {
        let json = try jsonObject(#"{"meta": {"created_at": "yesterday"}}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: json) }
        #expect(error.code == .transformerFailed)
        #expect(
            error.description
                == "meta.created_at: Expected an ISO 8601 date such as \"2024-05-01T12:30:00Z\" for 'createdAt' of Repo, "
                + "found the string \"yesterday\". Fix the payload, or give 'createdAt' a transformer that reads this value.")
    }

    @Test func userTransformerErrorIsTheUnderlyingError() throws {
        struct Money: JSONSerializing {
            var cents = 0
            static let propertyKeys: PropertyKeys<Money> = ["cents": \.cents]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["cents": "amount.cents"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                ValueTransformer { (text: String) throws -> Int in
                    guard let cents = Int(text) else { throw RuleViolation(rule: "cents are digits") }
                    return cents
                }
            }
        }
        #expect(try JSONAdapter.model(of: Money.self, from: ["amount": ["cents": "125"]]).cents == 125)
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Money.self, from: ["amount": ["cents": "1.25"]])
        }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "amount.cents")
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "cents are digits"))
        #expect(error.reason == "The transformer for 'cents' of Money failed: rule 'cents are digits' violated")
    }

    @Test func userErrorInsideAnArrayTransformerKeepsItsIndexAndUnderlyingError() throws {
        let transformer = ValueTransformer.array(of: ValueTransformer { (text: String) throws -> Int in
            guard let value = Int(text) else { throw RuleViolation(rule: "digits") }
            return value
        })
        let error = try #require(throws: StrataError.self) { try transformer.checkedTransformedValue(["1", "x"]) }
        #expect(error.path == [.index(1)])
        #expect(error.code == .transformerFailed)
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "digits"))
    }
}
