import Foundation
import Testing

@testable import Strata

private struct Card: JSONSerializing, Equatable {
    var id = ""
    var last4 = ""
    static let propertyKeys: PropertyKeys<Card> = ["id": \.id, "last4": \.last4]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct BankAccount: JSONSerializing, Equatable {
    var id = ""
    var bankName = ""
    static let propertyKeys: PropertyKeys<BankAccount> = ["id": \.id, "bankName": \.bankName]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// Stripe's external accounts: told apart by `"object"`, unknown kinds kept whole.
private enum PaymentSource: JSONTaggedEnum, Equatable {
    case card(Card)
    case bankAccount(BankAccount)
    case other(JSONValue)

    static let tagKeyPath: JSONKeyPath = "object"
    static let casesByTag: [String: JSONTaggedCase<PaymentSource>] = [
        "card": .model(Card.self, PaymentSource.card),
        "bank_account": .model(BankAccount.self, PaymentSource.bankAccount),
    ]
    static let unknownTagCase: JSONTaggedCase<PaymentSource>? = .value(PaymentSource.other)
}

/// The same enum with its tag inside an object, and no fallback.
private enum StrictSource: JSONTaggedEnum, Equatable {
    case card(Card)
    case debit(Card)

    static let tagKeyPath: JSONKeyPath = "meta.kind"
    static let casesByTag: [String: JSONTaggedCase<StrictSource>] = [
        "card": .model(Card.self, StrictSource.card),
        "debit": .model(Card.self, StrictSource.debit),
    ]
}

/// A case whose payload has a label.
private enum LabeledSource: JSONTaggedEnum, Equatable {
    case card(card: Card)

    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<LabeledSource>] = ["card": .model(Card.self, LabeledSource.card)]
}

/// Two tags read as one case.
private enum AmbiguousSource: JSONTaggedEnum, Equatable {
    case card(Card)

    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<AmbiguousSource>] = [
        "card": .model(Card.self, AmbiguousSource.card), "credit_card": .model(Card.self, AmbiguousSource.card),
    ]
}

private struct Customer: JSONSerializing, Equatable {
    var id = ""
    var defaultSource: PaymentSource?
    var sources: [PaymentSource] = []
    var byName: [String: StrictSource] = [:]

    static let propertyKeys: PropertyKeys<Customer> = [
        "id": \.id, "defaultSource": \.defaultSource, "sources": \.sources, "byName": \.byName,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

@Suite("Tagged enums")
struct TaggedEnumTests {
    static let customer = #"""
        {"id": "cus_1",
         "default_source": {"object": "card", "id": "card_1", "last4": "4242"},
         "sources": [
           {"object": "card", "id": "card_1", "last4": "4242"},
           {"object": "bank_account", "id": "ba_1", "bank_name": "STRIPE TEST BANK"},
           {"object": "alipay_account", "id": "aa_1", "username": "x"}
         ],
         "by_name": {"main": {"meta": {"kind": "debit"}, "id": "card_2", "last4": "0005"}}}
        """#

    @Test("A property, an array and a [String: T] read each object as its tag's case, from Data and a dictionary")
    func readsCases() throws {
        let customer = try decodeEqualBothWays(Customer.self, Self.customer)
        #expect(customer.defaultSource == .card(Card(id: "card_1", last4: "4242")))
        #expect(customer.sources.count == 3)
        #expect(customer.sources[1] == .bankAccount(BankAccount(id: "ba_1", bankName: "STRIPE TEST BANK")))
        #expect(customer.sources[2] == .other(["object": "alipay_account", "id": "aa_1", "username": "x"]))
        #expect(customer.byName["main"] == .debit(Card(id: "card_2", last4: "0005")))
    }

    @Test("Writing puts the tag back, for each case and the fallback, and reads back equal")
    func writesTags() throws {
        let customer = try decodeBothWays(Customer.self, Self.customer)
        let written = try JSONAdapter.dictionary(from: customer)
        let sources = try #require(written["sources"] as? [[String: Any]])
        #expect(sources.map { $0["object"] as? String } == ["card", "bank_account", "alipay_account"])
        #expect(sources[2]["username"] as? String == "x")
        let main = try #require((written["by_name"] as? [String: Any])?["main"] as? [String: Any])
        #expect((main["meta"] as? [String: Any])?["kind"] as? String == "debit")
        #expect(try JSONAdapter.model(of: Customer.self, from: JSONAdapter.data(from: customer)) == customer)
    }

    @Test("An unknown tag without a fallback names the tag, the known ones and the path")
    func unknownTag() {
        let json = #"{"by_name": {"main": {"meta": {"kind": "credit"}, "id": "c"}}}"#
        let error = strataFailure { try decodeBothWays(Customer.self, json) }
        #expect(error?.code == .noClassFound)
        #expect(error?.pathDescription == "by_name.main.meta.kind")
        #expect(error?.localizedDescription.contains(#"no case for the tag "credit""#) == true)
        #expect(error?.localizedDescription.contains(#"Known tags: "card", "debit""#) == true)
    }

    @Test("Without a fallback, an object with no tag, or a tag that is not a string, is an error with the path")
    func missingTag() {
        let missing = strataFailure { try decodeBothWays(Customer.self, #"{"by_name": {"a": {"id": "x"}}}"#) }
        #expect(missing?.code == .noClassFound)
        #expect(missing?.pathDescription == "by_name.a.meta.kind")
        let number = strataFailure { try decodeBothWays(Customer.self, #"{"by_name": {"a": {"meta": {"kind": 3}}}}"#) }
        #expect(number?.pathDescription == "by_name.a.meta.kind")
    }

    @Test("With a fallback, an object with no string tag is kept whole, and written back as it was")
    func fallbackTakesUntaggedObjects() throws {
        let customer = try decodeEqualBothWays(Customer.self, #"{"sources": [{"id": "x"}, {"object": 3}]}"#)
        #expect(customer.sources == [.other(["id": "x"]), .other(["object": 3])])
        let written = try JSONAdapter.dictionary(from: customer)
        let sources = try #require(written["sources"] as? [[String: Any]])
        #expect(sources[0]["object"] == nil && sources[1]["object"] as? Int == 3)
    }

    @Test("A case with a labeled payload is written like any other")
    func labeledPayload() throws {
        let value = LabeledSource.card(card: Card(id: "c", last4: "1"))
        let object = try JSONAdapter.dictionary(from: value)
        #expect(object["type"] as? String == "card" && object["last4"] as? String == "1")
        #expect(try JSONAdapter.model(of: LabeledSource.self, from: object) == value)
    }

    @Test("Two tags that build the same case cannot be written: which tag is not known")
    func sharedCase() {
        let error = strataFailure { try JSONAdapter.dictionary(from: AmbiguousSource.card(Card())) }
        #expect(error?.code == .invalidMapping)
        #expect(error?.localizedDescription.contains(#""card", "credit_card""#) == true)
    }

    @Test("The case's model errors keep their paths")
    func modelErrors() {
        let error = strataFailure { try decodeBothWays(Customer.self, #"{"sources": [{"object": "card", "last4": 4242}]}"#) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.pathDescription == "sources[0].last4")
    }

    @Test("At the top level: one value and an array, read and written")
    func topLevel() throws {
        let source = try JSONAdapter.model(
            of: PaymentSource.self, from: Data(#"{"object": "bank_account", "id": "ba_2", "bank_name": "B"}"#.utf8))
        #expect(source == .bankAccount(BankAccount(id: "ba_2", bankName: "B")))
        let data = try JSONAdapter.data(from: source, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == #"{"bank_name":"B","id":"ba_2","object":"bank_account"}"#)
        let page = try JSONAdapter.models(
            of: PaymentSource.self, from: Data(#"[{"object": "card", "id": "c", "last4": "1"}, {"object": "x"}]"#.utf8))
        #expect(page == [.card(Card(id: "c", last4: "1")), .other(["object": "x"])])
        #expect(try JSONAdapter.models(of: PaymentSource.self, from: JSONAdapter.data(from: page)) == page)
        let error = strataFailure {
            try JSONAdapter.models(of: StrictSource.self, from: Data(#"[{"meta": {"kind": "card"}}, {"meta": {}}]"#.utf8))
        }
        #expect(error?.pathDescription == "[1].meta.kind")
    }

    @Test("Archives hold tagged enums as their tagged objects' text, and give them back")
    func archived() throws {
        struct Holder: SecureCodingModel, Equatable {
            var source: PaymentSource?
            var sources: [PaymentSource] = []
            var byName: [String: PaymentSource] = [:]
            static let propertyKeys: PropertyKeys<Holder> = ["source": \.source, "sources": \.sources, "byName": \.byName]
        }
        let holder = Holder(
            source: .card(Card(id: "c", last4: "4242")),
            sources: [.other(["object": "wallet", "n": 1.5]), .card(Card(id: "d", last4: "1"))],
            byName: ["main": .card(Card(id: "e", last4: "2"))])
        let archive = try ModelArchiver.archivedData(with: holder)
        #expect(try ModelArchiver.unarchivedModel(of: Holder.self, from: archive) == holder)
        #expect(try ModelArchiver.unarchivedModel(of: Holder.self, from: ModelArchiver.archivedData(with: Holder())) == Holder())
    }

    @Test("An archived tagged object the enum cannot read is an error that names it")
    func archivedUnknownTag() throws {
        struct Loose: SecureCodingModel {
            var source: PaymentSource?
            static let archiveName = "TaggedHolder"
            static let propertyKeys: PropertyKeys<Loose> = ["source": \.source]
        }
        struct Strict: SecureCodingModel {
            var source: StrictSource?
            static let archiveName = "TaggedHolder"
            static let propertyKeys: PropertyKeys<Strict> = ["source": \.source]
        }
        let archive = try ModelArchiver.archivedData(with: Loose(source: .other(["object": "wallet"])))
        let error = strataFailure { try ModelArchiver.unarchivedModel(of: Strict.self, from: archive) }
        #expect(error?.localizedDescription.contains("StrictSource") == true, "\(String(describing: error))")
    }
}
