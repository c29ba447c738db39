import Foundation
import Strata
import StrataGeneratorCore
import Testing

// Each payload in Payloads/ has a golden file in Golden/: the Swift source
// strata-generate writes for it. The golden files are sources of this test target,
// so building the tests checks that the generated code compiles against Strata
// (with Swift 6, complete concurrency checking and no warnings); the tests below
// check that the generator still writes them byte for byte, and that the compiled
// models read their sample and write it back.
//
// After a deliberate change to the generator, write the golden files again:
//
//     STRATA_RECORD_GOLDEN=1 swift test --filter GoldenFileTests
//
// or by hand, from Payloads/, with the command in each golden file's header.

/// A payload, the options its golden file was generated with, and a round trip through its compiled models.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var payload: String
    var golden: String
    var options: GeneratorOptions
    /// Reads the payload with the golden file's models and writes them back.
    var roundTrip: @Sendable (Data) throws -> Data

    var testDescription: String { payload }

    static let all: [GoldenCase] = [
        GoldenCase(
            payload: "repository.json", golden: "GitHub.swift",
            options: GeneratorOptions(rootName: "Repository", namespace: "GitHub"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.model(of: GitHub.Repository.self, from: $0)) }),
        GoldenCase(
            payload: "issues.json", golden: "GitHubIssues.swift",
            options: GeneratorOptions(rootName: "Issue", namespace: "GitHubIssues"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: GitHubIssues.Issue.self, from: $0)) }),
        GoldenCase(
            payload: "statuses.json", golden: "Mastodon.swift",
            options: GeneratorOptions(rootName: "Status", namespace: "Mastodon"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: Mastodon.Status.self, from: $0)) }),
        GoldenCase(
            payload: "oddities.json", golden: "Oddities.swift",
            options: GeneratorOptions(rootName: "Device", enums: true, namespace: "Oddities"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: Oddities.Device.self, from: $0)) }),
        // Two customers in Stripe's shape, with invented values: free-form metadata,
        // Unix timestamps, keys null in every sample, a list envelope.
        GoldenCase(
            payload: "customers.json", golden: "Stripe.swift",
            options: GeneratorOptions(rootName: "Customer", namespace: "Stripe"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: Stripe.Customer.self, from: $0)) }),
        // A Stripe account in the API's shape, with invented values: external accounts
        // that are cards and bank accounts, told apart by "object".
        GoldenCase(
            payload: "accounts.json", golden: "StripeAccounts.swift",
            options: GeneratorOptions(rootName: "Account", namespace: "StripeAccounts"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.model(of: StripeAccounts.Account.self, from: $0)) }),
        // GitHub issue events in the API's shape, with invented values: each "event"
        // has its own fields, and several share theirs.
        GoldenCase(
            payload: "issue-events.json", golden: "GitHubEvents.swift",
            options: GeneratorOptions(rootName: "IssueEvent", namespace: "GitHubEvents"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: GitHubEvents.IssueEvent.self, from: $0)) }),
        // Two Stripe charges in the API's shape, with invented values: the card at
        // "source" and at the customer's "default_source", "tos_acceptance" at two
        // places, a receipt URL, metadata with a string and a number.
        GoldenCase(
            payload: "charges.json", golden: "StripeCharges.swift",
            options: GeneratorOptions(rootName: "Charge", namespace: "StripeCharges"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.models(of: StripeCharges.Charge.self, from: $0)) }),
        // A Twitter search response in the API's shape, with invented statuses: a reply, a retweet
        // with a photo, a status with a link; nested users, entities, nulls, dates as Twitter writes them.
        GoldenCase(
            payload: "tweet-search.json", golden: "Twitter.swift",
            options: GeneratorOptions(rootName: "SearchResponse", namespace: "Twitter"),
            roundTrip: { try JSONAdapter.data(from: JSONAdapter.model(of: Twitter.SearchResponse.self, from: $0)) }),
    ]

    /// The payload's contents.
    func payloadData() throws -> Data {
        let name = (payload as NSString).deletingPathExtension
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads"))
        return try Data(contentsOf: url)
    }

    /// The golden file, read from the source tree (it is compiled, not a resource).
    var goldenURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(golden)")
    }
}

@Suite struct GoldenFileTests {
    @Test(arguments: GoldenCase.all)
    func generatorWritesTheGoldenFile(_ golden: GoldenCase) throws {
        let source = try StrataGenerator.generate(
            samples: [StrataGenerator.Sample(file: golden.payload, data: golden.payloadData())], options: golden.options)
        if ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: golden.goldenURL)
        }
        let expected = try String(contentsOf: golden.goldenURL, encoding: .utf8)
        #expect(source == expected, "Golden/\(golden.golden) differs from what the generator writes; see the top of this file.")
    }

    /// `--tests` for the Stripe payload: Golden/StripeSampleTests.swift, compiled in this
    /// target, whose suite audits the sample with the golden models when the tests run.
    @Test func generatorWritesTheGoldenSampleTests() throws {
        let golden = try #require(GoldenCase.all.first { $0.golden == "Stripe.swift" })
        let samples = [StrataGenerator.Sample(file: golden.payload, data: try golden.payloadData())]
        let source = StrataGenerator.sampleTests(samples: samples, options: golden.options)
        let url = golden.goldenURL.deletingLastPathComponent().appendingPathComponent("StripeSampleTests.swift")
        if ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: url)
        }
        #expect(source == (try String(contentsOf: url, encoding: .utf8)))
    }

    /// The generated suite's comparison: `null` and absent alike, numbers by value,
    /// UUIDs whatever their case; a value changed or lost is a difference.
    @Test func generatedSampleTestsCompareTheValuesWritten() throws {
        func comparable(_ json: String) throws -> JSONValue { try CustomerSampleTests.comparable(Data(json.utf8)) }
        let sample = #"{"id": "5f0c6c3e-1b7a-4d0e-9c8e-2a1f3b4c5d6e", "n": 1, "note": null, "tags": ["a"]}"#
        #expect(try comparable(sample) == comparable(#"{"id": "5F0C6C3E-1B7A-4D0E-9C8E-2A1F3B4C5D6E", "n": 1.0, "tags": ["a"]}"#))
        #expect(try comparable(sample) != comparable(#"{"id": "5f0c6c3e-1b7a-4d0e-9c8e-2a1f3b4c5d6e", "n": 2, "tags": ["a"]}"#))
        #expect(try comparable(sample) != comparable(#"{"id": "5f0c6c3e-1b7a-4d0e-9c8e-2a1f3b4c5d6e", "n": 1}"#))
        let source = StrataGenerator.sampleTests(
            samples: [StrataGenerator.Sample(file: "one.json", data: Data(#"{"id": 1}"#.utf8))], options: GeneratorOptions(rootName: "One"))
        #expect(source.contains("let written = try JSONAdapter.data(from: JSONAdapter.model(of: One.self, from: sample))\n"))
        #expect(source.contains("#expect(try Self.comparable(sample) == Self.comparable(written))\n"))
    }

    /// `--roots` over two payloads: Golden/StripeAPI.swift, one top-level model
    /// for each, the types they share declared once, compiled in this target.
    @Test func generatorWritesOneFileForSeveralRoots() throws {
        let customers = try #require(GoldenCase.all.first { $0.golden == "Stripe.swift" })
        let accounts = try #require(GoldenCase.all.first { $0.golden == "StripeAccounts.swift" })
        let samples = [
            StrataGenerator.Sample(file: customers.payload, data: try customers.payloadData()),
            StrataGenerator.Sample(file: accounts.payload, data: try accounts.payloadData()),
        ]
        var options = GeneratorOptions(rootName: "Customer", namespace: "StripeAPI")
        options.rootNames = ["Customer", "Accounts"]
        let source = try StrataGenerator.generate(samples: samples, options: options)
        let url = customers.goldenURL.deletingLastPathComponent().appendingPathComponent("StripeAPI.swift")
        if ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: url)
        }
        #expect(source == (try String(contentsOf: url, encoding: .utf8)))
        // The list envelope both use is declared once, with the first.
        #expect(source.components(separatedBy: "struct List<Item: Sendable>").count == 2)
        #expect(source.contains("var externalAccounts: Customer.List<ExternalAccount>?\n"))

        for (sample, roundTrip) in [
            (samples[0].data, { (data: Data) throws -> Data in
                try JSONAdapter.data(from: JSONAdapter.models(of: StripeAPI.Customer.self, from: data)) }),
            (samples[1].data, { (data: Data) throws -> Data in
                try JSONAdapter.data(from: JSONAdapter.model(of: StripeAPI.Accounts.self, from: data)) }),
        ] {
            let difference = JSONEquivalence.firstDifference(
                try SampleReader.read(sample, file: "sample"), try SampleReader.read(try roundTrip(sample), file: "written"))
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test(arguments: GoldenCase.all)
    func compiledModelsRoundTripTheirSample(_ golden: GoldenCase) throws {
        let data = try golden.payloadData()
        let written = try golden.roundTrip(data)
        let sample = try SampleReader.read(data, file: golden.payload)
        let back = try SampleReader.read(written, file: "written")
        let difference = JSONEquivalence.firstDifference(sample, back)
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The next response of the API, with values where the samples had only
    /// `null` and metadata keys the samples did not show, reads and writes back
    /// whole.
    @Test func stripeModelsKeepTheNextResponse() throws {
        let next = Data(#"""
            {"id": "cus_Q1", "object": "customer", "address": {"city": "Paris", "country": "FR", "line1": null},
             "balance": 0, "created": 1700000000, "currency": "eur", "default_source": "card_1", "delinquent": false,
             "description": null, "discount": {"coupon": {"id": "SPRING", "percent_off": 12.5}}, "email": "a@example.com",
             "invoice_prefix": "X", "invoice_settings": {"custom_fields": [{"name": "VAT", "value": "FR1"}],
             "default_payment_method": null, "footer": "Thanks"}, "livemode": true,
             "metadata": {"campaign": "spring", "ref": "42"}, "name": "A", "phone": null, "preferred_locales": ["fr"],
             "shipping": null, "tax_exempt": "none",
             "sources": {"object": "list", "data": [{"id": "card_9", "object": "card", "address_zip": null,
               "brand": "Visa", "country": "FR", "customer": "cus_Q1", "cvc_check": "pass", "exp_month": 3,
               "exp_year": 2031, "fingerprint": "f9", "funding": "prepaid", "last4": "0005", "metadata": {"team": "ops"},
               "name": "A B"}], "has_more": false, "url": "/v1/customers/cus_Q1/sources"},
             "subscriptions": {"object": "list", "data": [{"id": "sub_1", "object": "subscription",
               "billing_cycle_anchor": 1700000000, "cancel_at_period_end": true, "created": 1700000000,
               "current_period_end": 1702592000, "current_period_start": 1700000000, "customer": "cus_Q1",
               "metadata": {"seats": 3, "plan": {"name": "pro"}}, "start_date": 1700000000, "status": "trialing",
               "trial_end": 1701000000}], "has_more": false, "url": "/v1/customers/cus_Q1/subscriptions"}}
            """#.utf8)
        let customer = try JSONAdapter.model(of: Stripe.Customer.self, from: next)
        #expect(customer.metadata == ["campaign": "spring", "ref": "42"])
        #expect(customer.subscriptions.data.first?.metadata?["plan"]?["name"] == "pro")
        #expect(customer.sources.data.first?.last4 == "0005" && customer.sources.data.first?.name == "A B")
        let written = try JSONAdapter.data(from: customer)
        let difference = JSONEquivalence.firstDifference(
            try SampleReader.read(next, file: "next.json"), try SampleReader.read(written, file: "written"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The next repository, with values where the sample had only `null`, reads
    /// and writes back whole.
    @Test func gitHubModelsKeepTheNextResponse() throws {
        let payload = try #require(GoldenCase.all.first { $0.golden == "GitHub.swift" }).payloadData()
        var next = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        next["homepage"] = "https://harbor.example.com"
        next["language"] = "Swift"
        next["mirror_url"] = ["url": "https://mirror.example.com", "synced": true]
        let data = try JSONSerialization.data(withJSONObject: next)
        let repository = try JSONAdapter.model(of: GitHub.Repository.self, from: data)
        #expect(repository.language == "Swift")
        let difference = JSONEquivalence.firstDifference(
            try SampleReader.read(data, file: "next.json"),
            try SampleReader.read(try JSONAdapter.data(from: repository), file: "written"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The tagged goldens map every key of their samples, each tagged element
    /// audited as its case's model.
    @Test func taggedModelsMapEveryKeyOfTheirSamples() throws {
        let accounts = try #require(GoldenCase.all.first { $0.golden == "StripeAccounts.swift" }).payloadData()
        let accountAudit = try JSONAdapter.audit(of: StripeAccounts.Account.self, from: accounts)
        #expect(accountAudit.isComplete, "\(accountAudit)")
        let events = try #require(GoldenCase.all.first { $0.golden == "GitHubEvents.swift" }).payloadData()
        let eventAudit = try JSONAdapter.audit(of: GitHubEvents.IssueEvent.self, from: events)
        #expect(eventAudit.isComplete, "\(eventAudit)")
    }

    /// The next responses of the tagged APIs: a tag the samples did not show is
    /// kept whole by the fallback case, and every tagged element writes back as it was read.
    @Test func taggedModelsKeepEveryTaggedElementOfTheNextResponse() throws {
        let account = Data(#"""
            {"id": "acct_2", "object": "account", "business_profile": {"mcc": "5734", "name": "B", "url": null},
             "business_type": "company", "capabilities": {"card_payments": "inactive", "transfers": "active"},
             "charges_enabled": false, "country": "FR", "created": 1716890999, "default_currency": "eur",
             "details_submitted": false, "email": "b@example.com",
             "external_accounts": {"object": "list", "data": [
               {"id": "card_2", "object": "card", "account": "acct_2", "address_city": "Lyon", "address_country": "FR",
                "address_zip": "69001", "brand": "MasterCard", "country": "FR", "currency": "eur", "cvc_check": "unchecked",
                "default_for_currency": true, "exp_month": 1, "exp_year": 2030, "fingerprint": "f", "funding": "credit",
                "last4": "4444", "metadata": {"nickname": "ops"}, "name": "B SAS"},
               {"id": "src_1", "object": "source", "type": "sepa_debit", "sepa_debit": {"last4": "3000"}}],
             "has_more": true, "url": "/v1/accounts/acct_2/external_accounts"},
             "metadata": {}, "payouts_enabled": false,
             "settings": {"payouts": {"debit_negative_balances": false, "schedule": {"delay_days": 7, "interval": "weekly"},
             "statement_descriptor": "B SAS"}}, "type": "custom"}
            """#.utf8)
        let read = try JSONAdapter.model(of: StripeAccounts.Account.self, from: account)
        let external = read.externalAccounts?.data ?? []
        guard case .card(let card) = external.first, case .other(let source) = external.last else {
            Issue.record("expected a card, then a source kept whole: \(external)")
            return
        }
        #expect(card.last4 == "4444" && card.metadata == ["nickname": "ops"])
        #expect(source["sepa_debit"]?["last4"] == "3000")
        let events = Data(#"""
            [{"id": 9, "node_id": "n", "url": "https://api.github.com/e/9", "actor": {"login": "a", "id": 1, "node_id": "u",
              "avatar_url": "https://avatars.githubusercontent.com/u/1", "type": "User", "site_admin": false},
              "event": "milestoned", "commit_id": null, "commit_url": null, "created_at": "2024-06-01T10:00:00Z",
              "performed_via_github_app": null, "milestone": {"title": "v2"}},
             {"id": 10, "node_id": "m", "url": "https://api.github.com/e/10", "actor": {"login": "b", "id": 2, "node_id": "v",
              "avatar_url": "https://avatars.githubusercontent.com/u/2", "type": "Bot", "site_admin": false},
              "event": "reopened", "commit_id": "9f8e", "commit_url": "https://api.github.com/c/9f8e",
              "created_at": "2024-06-02T10:00:00Z", "performed_via_github_app": {"slug": "ci"}}]
            """#.utf8)
        let readEvents = try JSONAdapter.models(of: GitHubEvents.IssueEvent.self, from: events)
        guard case .other = readEvents.first, case .reopened(let reopened) = readEvents.last else {
            Issue.record("expected a milestoned event kept whole, then a reopened one: \(readEvents)")
            return
        }
        #expect(reopened.commitID == "9f8e")
        for (sample, written) in [
            (account, try JSONAdapter.data(from: read)), (events, try JSONAdapter.data(from: readEvents)),
        ] {
            let difference = JSONEquivalence.firstDifference(
                try SampleReader.read(sample, file: "next.json"), try SampleReader.read(written, file: "written"))
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    /// One object cannot say which keys every response has: the models of a
    /// single repository require none of the keys seen only there, so the next
    /// response without some of them, or with `null` for a nested object, reads
    /// and writes back whole.
    @Test func modelsFromOneObjectRequireNoKey() throws {
        let payload = try #require(GoldenCase.all.first { $0.golden == "GitHub.swift" }).payloadData()
        var next = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        next["description"] = nil
        next["topics"] = nil
        next["license"] = NSNull()
        next["permissions"] = ["pull": true]
        let data = try JSONSerialization.data(withJSONObject: next)
        let repository = try JSONAdapter.model(of: GitHub.Repository.self, from: data)
        #expect(repository.description == nil && repository.license == nil && repository.permissions?.admin == nil)
        let difference = JSONEquivalence.firstDifference(
            try SampleReader.read(data, file: "next.json"),
            try SampleReader.read(try JSONAdapter.data(from: repository), file: "written"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Stripe's `metadata` holds strings in customers and cards and nothing in
    /// subscriptions and bank accounts: every model gives it the one type that
    /// holds all of them.
    @Test func metadataHasOneTypeInEveryModel() throws {
        let golden = try String(contentsOf: try #require(GoldenCase.all.first { $0.golden == "Stripe.swift" }).goldenURL
            .deletingLastPathComponent().appendingPathComponent("StripeAPI.swift"), encoding: .utf8)
        let types = golden.split(separator: "\n").filter { $0.contains("var metadata") }.map {
            $0.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: " = [:]", with: "")
                .trimmingCharacters(in: .whitespaces)
        }
        #expect(types.count == 6)
        #expect(Set(types) == ["var metadata: [String: JSONValue]"])
        var customer = StripeAPI.Customer()
        customer.metadata = ["seats": 3, "plan": ["name": "pro"]]
        let written = try JSONAdapter.dictionary(from: customer)
        #expect((written["metadata"] as? [String: Any])?["seats"] as? Int == 3)
    }

    /// One object shape at several places is one type, named after the kind it names (`Card`): the charge's card and the
    /// customer's default source, the customer's and the account's terms of
    /// service; `receipt_url` is a `URL`; `metadata` one dictionary type.
    @Test func theSameObjectAtTwoPlacesIsOneType() throws {
        let golden = try #require(GoldenCase.all.first { $0.golden == "StripeCharges.swift" })
        let source = try String(contentsOf: golden.goldenURL, encoding: .utf8)
        #expect(source.components(separatedBy: "struct TosAcceptance: JSONSerializing").count == 2)
        #expect(source.components(separatedBy: "var brand").count == 2)
        let charges = try JSONAdapter.models(of: StripeCharges.Charge.self, from: try golden.payloadData())
        let card: StripeCharges.Charge.Card = try #require(charges.first).customer.defaultSource
        #expect(card.last4 == "4242" && charges.first?.source.id == card.id)
        let terms: StripeCharges.Charge.TosAcceptance = try #require(charges.last).account.tosAcceptance
        #expect(terms.date == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(charges.first?.receiptURL == URL(string: "https://pay.example.com/receipts/ch_3Kq0Demo0001"))
        #expect(charges.last?.metadata == ["order_id": "7002", "attempt": 2])
    }

    /// A key present and non-null in every sample is required: a response
    /// without it fails with every missing key named.
    @Test func keysInEverySampleAreRequired() throws {
        let payload = try #require(GoldenCase.all.first { $0.golden == "Stripe.swift" }).payloadData()
        var customers = try #require(try JSONSerialization.jsonObject(with: payload) as? [[String: Any]])
        customers[0]["email"] = nil
        customers[0]["livemode"] = NSNull()
        customers[0]["phone"] = nil
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: Stripe.Customer.self, from: customers)
        }
        #expect(error.code == .missingRequiredKeys)
        #expect(error.path == [.index(0)])
        #expect(error.localizedDescription.contains("email") && error.localizedDescription.contains("livemode"))
        #expect(!error.localizedDescription.contains("phone"))
    }

    @Test func equivalenceAllowsWhatModelsCannotRememberOnly() throws {
        func difference(_ sample: String, _ written: String) throws -> String? {
            try JSONEquivalence.firstDifference(
                SampleReader.read(Data(sample.utf8), file: "sample"), SampleReader.read(Data(written.utf8), file: "written"))
        }
        #expect(try difference(#"{"a": 1, "b": null, "c": "2024-05-01T12:00:00.000+00:00"}"#, #"{"c": "2024-05-01T12:00:00Z", "a": 1.0, "d": null}"#) == nil)
        #expect(try difference(#"{"id": "5f0c6c3e-1b7a-4d0e-9c8e-2a1f3b4c5d6e"}"#, #"{"id": "5F0C6C3E-1B7A-4D0E-9C8E-2A1F3B4C5D6E"}"#) == nil)
        #expect(try difference(#"{"a": [1, {"b": "x"}]}"#, #"{"a": [1, {"b": "y"}]}"#) == #"$.a[1].b: "x", written "y""#)
        #expect(try difference(#"{"a": 1}"#, #"{}"#) == "$.a: missing from the written JSON")
        #expect(try difference(#"{"a": true}"#, #"{"a": 1}"#) == "$.a: a boolean, written a number")
    }
}
