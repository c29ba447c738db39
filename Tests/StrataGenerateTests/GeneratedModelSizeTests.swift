import Foundation
import Strata
import StrataGeneratorCore
import Testing

/// The generated models of four API-shaped payloads (a GitHub repository, Stripe
/// customers, a Stripe account with cards and bank accounts, GitHub issue
/// events) against careful hand-written models of the same fields (HandWritten/).
@Suite struct GeneratedModelSizeTests {
    private static let payloads = ["repository.json", "customers.json", "accounts.json", "issue-events.json"]
    private static let handWrittenFiles = ["HandWrittenGitHub.swift", "HandWrittenStripe.swift", "HandWrittenGitHubEvents.swift"]

    /// The hand-written models map every key of their payloads, and write them back.
    @Test func handWrittenModelsMapEveryFieldOfTheirPayload() throws {
        let data = try Dictionary(uniqueKeysWithValues: Self.payloads.map { name in
            (name, try #require(GoldenCase.all.first { $0.payload == name }).payloadData())
        })
        let audits = [
            try JSONAdapter.audit(of: HandWrittenGitHub.Repository.self, from: data["repository.json"] ?? Data()),
            try JSONAdapter.audit(of: HandWrittenStripe.Customer.self, from: data["customers.json"] ?? Data()),
            try JSONAdapter.audit(of: HandWrittenStripe.Account.self, from: data["accounts.json"] ?? Data()),
            try JSONAdapter.audit(of: HandWrittenGitHubEvents.IssueEvent.self, from: data["issue-events.json"] ?? Data()),
        ]
        // One Card serves both Stripe payloads: a key of the other payload's cards is absent, never unmapped.
        for audit in audits { #expect(audit.unmappedKeys.isEmpty, "\(audit)") }
        let written: [(String, Data)] = [
            ("repository.json", try JSONAdapter.data(from: JSONAdapter.model(of: HandWrittenGitHub.Repository.self, from: data["repository.json"] ?? Data()))),
            ("customers.json", try JSONAdapter.data(from: JSONAdapter.models(of: HandWrittenStripe.Customer.self, from: data["customers.json"] ?? Data()))),
            ("accounts.json", try JSONAdapter.data(from: JSONAdapter.model(of: HandWrittenStripe.Account.self, from: data["accounts.json"] ?? Data()))),
            ("issue-events.json", try JSONAdapter.data(from: JSONAdapter.models(of: HandWrittenGitHubEvents.IssueEvent.self, from: data["issue-events.json"] ?? Data()))),
        ]
        for (name, output) in written {
            let difference = JSONEquivalence.firstDifference(
                try SampleReader.read(data[name] ?? Data(), file: name), try SampleReader.read(output, file: "written"))
            #expect(difference == nil, "\(name): \(difference ?? "")")
        }
    }

    /// The generated source, header comments and all, is at most 1.5 times as long
    /// as the hand-written models.
    @Test func generatedModelsAreAtMostHalfAgainAsLongAsHandWrittenOnes() throws {
        var generated = 0
        for name in Self.payloads {
            let golden = try #require(GoldenCase.all.first { $0.payload == name })
            let sample = StrataGenerator.Sample(file: name, data: try golden.payloadData())
            generated += try StrataGenerator.generate(samples: [sample], options: golden.options).count
        }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HandWritten")
        let handWritten = try Self.handWrittenFiles.reduce(0) { total, file in
            total + (try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)).count
        }
        let ratio = Double(generated) / Double(handWritten)
        #expect(ratio <= 1.5, "generated \(generated) characters, hand-written \(handWritten): \(ratio)x")
    }
}
