import Foundation
import Testing
@testable import Strata

/// A Stripe-like card: two non-optional keys, two optional ones.
private struct RuleCard: JSONSerializing {
    var id = ""
    var last4 = ""
    var name: String?
    var country: String?
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    static let requiredKeys: RequiredKeys = .nonOptional
}

/// The same card, every mapped key required.
private struct AllMappedCard: JSONSerializing {
    var id = ""
    var last4 = ""
    var name: String?
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    static var requiredKeys: RequiredKeys { .allMapped }
}

/// `.nonOptional` with a listed optional key on top.
private struct ListedOnTop: JSONSerializing {
    var id = ""
    var name: String?
    var country: String?
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let requiredKeys: RequiredKeys = .nonOptional
    static let requiredPropertyKeys: Set<String> = ["name"]
}

/// A list of cards, as Stripe nests them.
private struct RuleSources: JSONSerializing {
    var data: [RuleCard] = []
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["data": "data"]
}

private struct RuleCustomer: JSONSerializing {
    var id = ""
    var sources = RuleSources()
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

@Suite("Required keys rules")
struct RequiredKeysRuleTests {
    /// The same result read from data and from the dictionary the data holds.
    private func bothWays<T: JSONSerializing>(_ type: T.Type, _ json: String) -> [StrataError?] {
        let data = Data(json.utf8)
        let fromData = #expect(throws: StrataError.self) { try JSONAdapter.model(of: T.self, from: data) }
        let fromDictionary = #expect(throws: StrataError.self) {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try JSONAdapter.model(of: T.self, from: object)
        }
        #expect(fromData?.description == fromDictionary?.description)
        return [fromData, fromDictionary]
    }

    @Test func theDefaultIsListed() {
        struct Plain: JSONSerializing {
            var id = ""
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        }
        #expect(Plain.requiredKeys == .listed)
        #expect((try? JSONAdapter.model(of: Plain.self, from: [:])) != nil)
    }

    @Test func nonOptionalRequiresNonOptionalKeysAndLetsOptionalsBeAbsentOrNull() throws {
        let card = try JSONAdapter.model(of: RuleCard.self, from: Data(#"{"id": "c", "last4": "4242", "name": null}"#.utf8))
        #expect(card.last4 == "4242" && card.name == nil && card.country == nil)
        for error in bothWays(RuleCard.self, #"{"id": null, "name": "x"}"#) {
            #expect(error?.code == .missingRequiredKeys)
            #expect(error?.reason == "RuleCard requires keys that the JSON lacks: id is null, last4. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
        }
    }

    @Test func allMappedRequiresOptionalsToo() {
        for error in bothWays(AllMappedCard.self, #"{"id": "c", "last4": "1", "name": null}"#) {
            #expect(error?.reason == "AllMappedCard requires key that the JSON lacks: name is null. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
        }
    }

    @Test func requiredPropertyKeysAddToTheRule() throws {
        for error in bothWays(ListedOnTop.self, #"{"country": "FR"}"#) {
            #expect(error?.reason.contains("lacks: id, name.") == true)
        }
        let model = try JSONAdapter.model(of: ListedOnTop.self, from: ["id": "1", "name": "n"])
        #expect(model.country == nil)
    }

    @Test func aNestedModelsMissingKeysCarryTheirPath() throws {
        let json = #"{"id": "cus", "sources": {"data": [{"id": "a", "last4": "1"}, {"id": "b", "last_4": "2"}]}}"#
        for error in bothWays(RuleCustomer.self, json) {
            #expect(error?.description == "sources.data[1]: RuleCard requires key that the JSON lacks: last4. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
        }
    }

    @Test func initDictionaryIsKeyValueCodingAndRequiresNothing() throws {
        let card = try RuleCard(dictionary: ["id": "c"])
        #expect(card.last4 == "")
    }

    @Test func aStaticLetRuleIsSendable() {
        let rule: any Sendable = RuleCard.requiredKeys
        #expect(rule as? RequiredKeys == .nonOptional)
    }
}
