import Foundation
import Testing
@testable import Strata

/// A Stripe card, mapped by the snake-case rule.
private struct AuditCard: JSONSerializing {
    var id = ""
    var last4 = ""
    var brand = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// The same card mapped by a hand-written map with Stripe's key misspelled.
private struct MisnamedCard: JSONSerializing {
    var id = ""
    var last4 = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "last4": "last_4"]
}

private struct AuditSources: JSONSerializing {
    var data: [AuditCard] = []
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct AuditCustomer: JSONSerializing {
    var id = ""
    var sources = AuditSources()
    var email: String?
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A Stripe external account: a card or a bank account, by `object`.
private class ExternalAccount: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    typealias KeyPathRoot = ExternalAccount
    var id = ""
    required init() {}
    class var propertyKeys: PropertyKeys<ExternalAccount> { ["id": \.id] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        switch json["object"] as? String {
        case "card": ExternalCard.self
        case "bank_account": ExternalBankAccount.self
        default: nil
        }
    }
}

private final class ExternalCard: ExternalAccount, @unchecked Sendable {
    var last4 = ""
    override class var propertyKeys: PropertyKeys<ExternalAccount> {
        super.propertyKeys.adding(["last4": \.last4] as PropertyKeys<ExternalCard>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
}

private final class ExternalBankAccount: ExternalAccount, @unchecked Sendable {
    var routingNumber = ""
    override class var propertyKeys: PropertyKeys<ExternalAccount> {
        super.propertyKeys.adding(["routingNumber": \.routingNumber] as PropertyKeys<ExternalBankAccount>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
}

private struct AuditAccount: JSONSerializing {
    var id = ""
    var externalAccounts: [ExternalAccount] = []
    var stars = 0
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "externalAccounts": "external_accounts.data", "stars": "stats.stargazers",
    ]
}

/// A mapping that is invalid.
private struct BrokenAudit: JSONSerializing {
    var id = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name"]
}

@Suite("Mapping audit")
struct MappingAuditTests {
    private let customer = Data("""
        {"id": "cus_1", "object": "customer", "email": null,
         "sources": {"object": "list", "has_more": false,
                     "data": [{"id": "card_1", "last4": "4242", "brand": "Visa", "fingerprint": "f1"},
                              {"id": "card_2", "brand": "Visa", "fingerprint": "f2"}]}}
        """.utf8)

    @Test func absentAndUnmappedKeysCarryTheirConcretePaths() throws {
        let audit = try JSONAdapter.audit(of: AuditCustomer.self, from: customer)
        #expect(audit.absentKeys == ["sources.data[1].last4"])
        #expect(audit.unmappedKeys == [
            "object", "sources.data[0].fingerprint", "sources.data[1].fingerprint", "sources.has_more", "sources.object",
        ])
        #expect(!audit.isComplete)
    }

    @Test func aKeySentAsNullIsNotAbsent() throws {
        let audit = try JSONAdapter.audit(of: AuditCustomer.self, from: customer)
        #expect(!audit.absentKeys.contains("email"))
        #expect(!audit.unmappedKeys.contains("email"))
    }

    @Test func aMisnamedKeyShowsUpAbsentAndUnmapped() throws {
        let audit = try JSONAdapter.audit(of: MisnamedCard.self, from: Data(#"{"id": "card_1", "last4": "4242"}"#.utf8))
        #expect(audit.absentKeys == ["last_4"])
        #expect(audit.unmappedKeys == ["last4"])
        let right = try JSONAdapter.audit(of: AuditCard.self, from: Data(#"{"id": "c", "last4": "4242", "brand": "V"}"#.utf8))
        #expect(right.isComplete)
        #expect(right == JSONMappingAudit())
    }

    @Test func classClustersAreAuditedByTheChosenTypeAndTheirDiscriminatorIsUnmapped() throws {
        let json = Data("""
            {"id": "acct_1", "stats": {"stargazers": 1, "forks": 2},
             "external_accounts": {"data": [{"object": "card", "id": "card_1", "last4": "1"},
                                            {"object": "bank_account", "id": "ba_1", "routing_number": "110", "bank_name": "B"},
                                            {"object": "bank_account", "id": "ba_2"},
                                            {"object": "wallet", "id": "w"}]}}
            """.utf8)
        let audit = try JSONAdapter.audit(of: AuditAccount.self, from: json)
        #expect(audit.absentKeys == ["external_accounts.data[2].routing_number"])
        #expect(audit.unmappedKeys == [
            "external_accounts.data[0].object", "external_accounts.data[1].bank_name", "external_accounts.data[1].object",
            "external_accounts.data[2].object", "external_accounts.data[3].id", "external_accounts.data[3].object",
            "stats.forks",
        ])
    }

    @Test func aValueOfTheWrongTypeIsNotAnAuditFailure() throws {
        let json = Data(#"{"id": 5, "sources": "none", "email": ["a"]}"#.utf8)
        let audit = try JSONAdapter.audit(of: AuditCustomer.self, from: json)
        #expect(audit.absentKeys == [])
        #expect(audit.unmappedKeys == [])
        let dotted = try JSONAdapter.audit(of: AuditAccount.self, from: Data(#"{"id": "a", "stats": 3}"#.utf8))
        #expect(dotted.absentKeys == ["external_accounts.data"])
    }

    @Test func aTopLevelArrayPutsTheIndexInFront() throws {
        let json = Data(#"[{"id": "a", "last4": "1", "brand": "V"}, {"id": "b", "brand": "V", "exp": 1}]"#.utf8)
        let audit = try JSONAdapter.audit(of: AuditCard.self, from: json)
        #expect(audit.absentKeys == ["[1].last4"])
        #expect(audit.unmappedKeys == ["[1].exp"])
        #expect(audit.description == "absent: [1].last4\nunmapped: [1].exp")
    }

    @Test func itThrowsOnlyForInvalidJSONOrAnInvalidMapping() throws {
        let invalid = try #require(throws: StrataError.self) { try JSONAdapter.audit(of: AuditCard.self, from: Data("{".utf8)) }
        #expect(invalid.code == .invalidJSON)
        let mapping = try #require(throws: StrataError.self) {
            try JSONAdapter.audit(of: BrokenAudit.self, from: Data(#"{"id": "a"}"#.utf8))
        }
        #expect(mapping.code == .invalidMapping)
    }
}
