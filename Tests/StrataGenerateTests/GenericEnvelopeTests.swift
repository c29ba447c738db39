import Foundation
import StrataGeneratorCore
import Testing

/// One envelope holding different items at different places becomes a generic
/// model, never one model holding the fields of every item.
@Suite struct GenericEnvelopeTests {
    /// The Swift source generated for `json`, named `Root`.
    /// A top-level object is given twice, as two responses that agree.
    private func generated(_ json: String) throws -> String {
        try StrataGenerator.generate(
            samples: [StrataGenerator.Sample(file: "sample.json", data: Data("[\(json), \(json)]".utf8))],
            options: GeneratorOptions(rootName: "Root"))
    }

    @Test func anEnvelopeOfDifferentItemsIsGenericOverThem() throws {
        let source = try generated(#"""
            {"sources": {"object": "list", "data": [{"id": "card_1", "object": "card", "last4": "4242", "brand": "Visa"}], "has_more": false},
             "subscriptions": {"object": "list", "data": [{"id": "sub_1", "object": "subscription", "status": "active", "quantity": 1}], "has_more": true}}
            """#)
        #expect(source.contains("var sources = List<Card>()\n"))
        #expect(source.contains("var subscriptions = List<Subscription>()\n"))
        #expect(source.contains("struct List<Item: Sendable>: JSONSerializing {\n"))
        #expect(source.contains("var data: [Item] = []\n"))
        // A generic type has no stored static properties.
        #expect(source.contains("static var requiredKeys: RequiredKeys { .nonOptional }\n"))
        #expect(source.contains("static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {\n"))
        // Neither item holds the other's fields.
        let card = try #require(source.range(of: "struct Card: JSONSerializing {"))
        let subscription = try #require(source.range(of: "struct Subscription: JSONSerializing {"))
        #expect(!source[card.upperBound..<subscription.lowerBound].contains("status"))
        #expect(!source[subscription.upperBound...].contains("last4"))
    }

    @Test func itemsThatShareMostKeysAreOneModel() throws {
        let source = try generated(#"""
            {"open": {"items": [{"id": 1, "title": "a", "state": "open"}], "total": 1},
             "closed": {"items": [{"id": 2, "title": "b", "state": "closed", "closed_at": "2024-05-01T12:00:00Z"}], "total": 1}}
            """#)
        #expect(!source.contains("<Item"))
        #expect(source.contains("var closedAt: Date?\n"))
    }

    @Test func anEnvelopeOfModelsAtOnePlaceAndTaggedObjectsAtAnotherIsGeneric() throws {
        let source = try generated(#"""
            {"sources": {"object": "list", "data": [{"object": "card", "last4": "4242"}]},
             "external_accounts": {"object": "list", "data": [{"object": "card", "last4": "5556"}, {"object": "bank_account", "bank_name": "B"}]}}
            """#)
        #expect(source.contains("var sources = List<Card>()\n"))
        #expect(source.contains("var externalAccounts = List<ExternalAccount>()\n"))
        #expect(source.contains("enum ExternalAccount: JSONTaggedEnum {\n"))
        #expect(source.contains("case card(Card)\n"))
    }

    @Test func anEnvelopeWithoutAConstantTagIsAPage() throws {
        let source = try generated(#"""
            {"repos": {"items": [{"name": "a", "stars": 1}], "next_cursor": "c2"},
             "users": {"items": [{"login": "ada", "site_admin": false}], "next_cursor": null}}
            """#)
        #expect(source.contains("var repos = Page<Repo>()\n"))
        #expect(source.contains("var users = Page<User>()\n"))
        #expect(source.contains("var nextCursor: String?\n"))
    }

    @Test func anItemThatHoldsTheSameEnvelopeIsGenericToo() throws {
        let source = try generated(#"""
            {"cards": {"object": "list", "data": [{"object": "card", "last4": "4242"}]},
             "threads": {"object": "list", "data": [{"title": "t", "replies": {"object": "list", "data": [{"text": "x"}]}}]}}
            """#)
        #expect(source.contains("var threads = List<RootThread>()\n"))
        #expect(source.contains("var replies = List<Reply>()\n"))
    }

    @Test func theParameterNeverHidesAModelOfTheSameName() throws {
        let source = try generated(#"""
            {"a": {"object": "list", "data": [{"id": 1}], "item": {"n": 1}},
             "b": {"object": "list", "data": [{"name": "x", "z": true}], "item": {"n": 2}}}
            """#)
        #expect(source.contains("struct List<Item: Sendable>: JSONSerializing {\n"))
        #expect(source.contains("var item = ListItem()\n"))
        #expect(!source.contains("struct Item:"))
    }

    @Test func aTopLevelStaysApartFromAnEnvelopeThatWouldMakeItGeneric() throws {
        // Two customers that agree, so that their keys are required.
        let customerJSON = #"""
            {"id": "cus_1", "sources": {"object": "list", "data": [{"id": "card_1", "object": "card", "last4": "4242"}], "has_more": false},
             "subscriptions": {"object": "list", "data": [{"id": "sub_1", "object": "subscription", "status": "active"}], "has_more": false}}
            """#
        let customer = StrataGenerator.Sample(file: "customer.json", data: Data("[\(customerJSON), \(customerJSON)]".utf8))
        let cards = StrataGenerator.Sample(
            file: "cards.json", data: Data(#"[{"object": "list", "data": [{"id": "card_2", "object": "card", "last4": "5556"}], "has_more": true}, {"object": "list", "data": [{"id": "card_3", "object": "card", "last4": "4444"}], "has_more": false}]"#.utf8))
        for (samples, names) in [([customer, cards], ["Customer", "Cards"]), ([cards, customer], ["Cards", "Customer"])] {
            var options = GeneratorOptions(rootName: names[0])
            options.rootNames = names
            let source = try StrataGenerator.generate(samples: samples, options: options)
            // Each top level keeps its keys; no model holds both a card's and a subscription's.
            #expect(source.contains("struct Cards: JSONSerializing {\n    var object = \"\"\n    var data: ["))
            #expect(!source.contains("var status: String?"), "\(names)")
            #expect(!source.contains("var last4: String?"), "\(names)")
        }
    }

    @Test func anEnvelopeWithNoItemsOrMixedOnesHoldsJSONValues() throws {
        let source = try generated(#"""
            {"a": {"object": "list", "data": [{"id": 1}]}, "b": {"object": "list", "data": [{"name": "x", "z": true}]},
             "c": {"object": "list", "data": []}, "d": {"object": "list", "data": [1, "x"]}}
            """#)
        #expect(source.contains("var c = List<JSONValue>()\n"))
        #expect(source.contains("var d = List<JSONValue>()\n"))
    }
}
