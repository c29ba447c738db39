import Foundation
import Strata

// Careful hand-written models of every field of Payloads/customers.json and
// Payloads/accounts.json: the yardstick the generated models' size is measured against.
enum HandWrittenStripe {
    struct List<Item: Sendable>: JSONSerializing {
        var object = "list"
        var data: [Item] = []
        var hasMore = false
        var url = ""

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
    }

    struct Customer: JSONSerializing {
        var id = ""
        var object = "customer"
        var address: JSONValue?
        var balance = 0
        var created = Date.distantPast
        var currency: String?
        var defaultSource: String?
        var delinquent = false
        var description: String?
        var discount: JSONValue?
        var email = ""
        var invoicePrefix = ""
        var invoiceSettings = InvoiceSettings()
        var livemode = false
        var metadata: [String: String] = [:]
        var name: String?
        var phone: String?
        var preferredLocales: [String] = []
        var shipping: JSONValue?
        var taxExempt = ""
        var sources = List<Card>()
        var subscriptions = List<Subscription>()

        static let requiredKeys: RequiredKeys = .nonOptional
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "created" ? .secondsSince1970 : nil
        }
    }

    struct InvoiceSettings: JSONSerializing {
        var customFields: [JSONValue]?
        var defaultPaymentMethod: String?
        var footer: String?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Card: JSONSerializing {
        var id = ""
        var object = "card"
        var account: String?
        var addressCity: String?
        var addressCountry: String?
        var addressZip: String?
        var brand = ""
        var country = ""
        var currency: String?
        var customer: String?
        var cvcCheck: String?
        var defaultForCurrency: Bool?
        var expMonth = 0
        var expYear = 0
        var fingerprint = ""
        var funding = ""
        var last4 = ""
        var metadata: [String: String] = [:]
        var name: String?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Subscription: JSONSerializing {
        var id = ""
        var object = "subscription"
        var billingCycleAnchor = Date.distantPast
        var cancelAtPeriodEnd = false
        var created = Date.distantPast
        var currentPeriodEnd = Date.distantPast
        var currentPeriodStart = Date.distantPast
        var customer = ""
        var metadata: [String: String] = [:]
        var startDate = Date.distantPast
        var status = ""
        var trialEnd: Date?

        static let requiredKeys: RequiredKeys = .nonOptional
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            ["billingCycleAnchor", "created", "currentPeriodEnd", "currentPeriodStart", "startDate", "trialEnd"].contains(key)
                ? .secondsSince1970 : nil
        }
    }

    struct Account: JSONSerializing {
        var id = ""
        var object = "account"
        var businessProfile = BusinessProfile()
        var businessType = ""
        var capabilities: [String: String] = [:]
        var chargesEnabled = false
        var country = ""
        var created = Date.distantPast
        var defaultCurrency = ""
        var detailsSubmitted = false
        var email = ""
        var externalAccounts = List<ExternalAccount>()
        var metadata: [String: String] = [:]
        var payoutsEnabled = false
        var settings = Settings()
        var type = ""

        static let requiredKeys: RequiredKeys = .nonOptional
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "created" ? .secondsSince1970 : nil
        }
    }

    struct BusinessProfile: JSONSerializing {
        var mcc = ""
        var name = ""
        var url: URL?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    enum ExternalAccount: JSONTaggedEnum {
        case bankAccount(BankAccount)
        case card(Card)
        case other(JSONValue)

        static let tagKeyPath: JSONKeyPath = "object"
        static let casesByTag: [String: JSONTaggedCase<ExternalAccount>] = [
            "bank_account": .model(BankAccount.self, ExternalAccount.bankAccount),
            "card": .model(Card.self, ExternalAccount.card),
        ]
        static let unknownTagCase: JSONTaggedCase<ExternalAccount>? = .value(ExternalAccount.other)
    }

    struct BankAccount: JSONSerializing {
        var id = ""
        var account = ""
        var accountHolderName = ""
        var accountHolderType = ""
        var bankName = ""
        var country = ""
        var currency = ""
        var defaultForCurrency = false
        var fingerprint = ""
        var last4 = ""
        var metadata: [String: String] = [:]
        var routingNumber = ""
        var status = ""

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Settings: JSONSerializing {
        var payouts = Payouts()

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Payouts: JSONSerializing {
        var debitNegativeBalances = false
        var schedule = Schedule()
        var statementDescriptor: String?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Schedule: JSONSerializing {
        var delayDays = 0
        var interval = ""

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }
}
