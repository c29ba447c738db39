import Foundation
import Strata

/// `StrataBenchmarks --profile WHAT COUNT [RECORDS]`: runs one Strata call `COUNT` times after
/// one warm-up call, with no timing and no baseline, for instruction counts that
/// repeat exactly from run to run (under `valgrind --tool=callgrind`, with
/// `SWIFT_DETERMINISTIC_HASHING=1`). Divide by `COUNT` for the cost of one call.
/// The records calls read `RECORDS` records (1,000 unless given).
enum ProfileRun {
    static let flag = "--profile"

    /// What can be profiled, by name.
    static let names = ["github-data", "twitter-data", "twitter-string-data", "records-data", "records-to-data",
                        "github-to-data", "twitter-to-data", "twitter-to-dictionary",
                        "citm-data", "citm-dictionary", "citm-to-data", "citm-to-dictionary", "canada-data", "canada-to-data", "embedding-data", "embedding-to-data",
                        "records-lines", "records-lines-bytes", "records-lines-chunks", "records-events",
                        "timeline-data", "timeline-to-data", "timeline-page-data", "timeline-page-to-data", "charges-data", "charges-to-data", "unmapped-data", "unmapped-to-data",
                        "cluster-data", "cluster-to-data",
                        "github-codable", "records-codable", "twitter-string-codable"]

    static func run(_ arguments: [String]) throws {
        guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]), count > 0,
            let records = arguments.count == 4 ? Int(arguments[3]) : 1_000, records > 0
        else {
            throw BenchmarkError("usage: StrataBenchmarks \(flag) {\(names.joined(separator: "|"))} COUNT [RECORDS]")
        }
        let call = try operation(named: arguments[1], records: records)
        try call()
        for _ in 0..<count { try call() }
    }

    private static func operation(named name: String, records recordCount: Int) throws -> () throws -> Void {
        let github = try PayloadFiles.data(GitHubUser.fileName)
        // Third-party data, read only by the calls that need it ($STRATA_DATA, else ../shared/data).
        func twitterData() throws -> Data { try PayloadFiles.data(TwitterSearch.fileName) }
        switch name {
        case "github-data": return { blackHole(try JSONAdapter.model(of: GitHubUser.self, from: github)) }
        case "twitter-data":
            let twitter = try twitterData()
            return { blackHole(try JSONAdapter.model(of: TwitterSearch.self, from: twitter)) }
        case "twitter-string-data":
            let twitter = try twitterData()
            return { blackHole(try JSONAdapter.model(of: TwitterSearch.StringDates.self, from: twitter)) }
        case "records-data":
            let records = RecordGenerator.json(count: recordCount)
            return { blackHole(try JSONAdapter.models(of: Record.self, from: records)) }
        case "records-to-data":
            let models = try JSONAdapter.models(of: Record.self, from: RecordGenerator.json(count: recordCount))
            return { blackHole(try JSONAdapter.data(from: models, options: .omitNulls)) }
        case "github-to-data":
            let model = try JSONAdapter.model(of: GitHubUser.self, from: github)
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "twitter-to-data":
            let model = try JSONAdapter.model(of: TwitterSearch.self, from: twitterData())
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "twitter-to-dictionary":
            let model = try JSONAdapter.model(of: TwitterSearch.self, from: twitterData())
            return { blackHole(try JSONAdapter.dictionary(from: model)) }
        case "citm-data":
            let citm = try PayloadFiles.data(CitmCatalog.fileName)
            return { blackHole(try JSONAdapter.model(of: CitmCatalog.self, from: citm)) }
        case "citm-dictionary":
            let object = try JSONSerialization.jsonObject(with: PayloadFiles.data(CitmCatalog.fileName))
            guard let citm = object as? [String: Any] else { throw BenchmarkError("citm_catalog.json holds no object") }
            return { blackHole(try JSONAdapter.model(of: CitmCatalog.self, from: citm)) }
        case "citm-to-dictionary":
            let model = try JSONAdapter.model(of: CitmCatalog.self, from: PayloadFiles.data(CitmCatalog.fileName))
            return { blackHole(try JSONAdapter.dictionary(from: model)) }
        case "citm-to-data":
            let model = try JSONAdapter.model(of: CitmCatalog.self, from: PayloadFiles.data(CitmCatalog.fileName))
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "canada-data":
            let canada = try PayloadFiles.data(Canada.fileName)
            return { blackHole(try JSONAdapter.model(of: Canada.self, from: canada)) }
        case "canada-to-data":
            let model = try JSONAdapter.model(of: Canada.self, from: PayloadFiles.data(Canada.fileName))
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "embedding-data":
            let embedding = try PayloadFiles.data(Embedding.fileName)
            return { blackHole(try JSONAdapter.model(of: Embedding.self, from: embedding)) }
        case "embedding-to-data":
            let model = try JSONAdapter.model(of: Embedding.self, from: PayloadFiles.data(Embedding.fileName))
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "records-lines":
            let lines = RecordGenerator.lines(count: recordCount)
            return { try StreamRows.expectRead(recordCount, try StreamRows.read(from: .data(lines))) }
        case "records-lines-bytes":
            let lines = Array(RecordGenerator.lines(count: recordCount))
            return { try StreamRows.expectRead(recordCount, try StreamRows.readLines(from: lines)) }
        case "records-lines-chunks":
            let lines = RecordGenerator.lines(count: recordCount)
            return { try StreamRows.expectRead(recordCount, try StreamRows.readChunks(of: lines)) }
        case "records-events":
            let feed = Array(RecordGenerator.events(count: recordCount))
            return { try StreamRows.expectRead(recordCount, try StreamRows.readEvents(from: feed)) }
        case "timeline-data":
            let timeline = TimelineGenerator.json(count: TimelineGenerator.count)
            return { blackHole(try JSONAdapter.models(of: TimelineEvent.self, from: timeline)) }
        case "timeline-to-data":
            let events = try JSONAdapter.models(of: TimelineEvent.self, from: TimelineGenerator.json(count: TimelineGenerator.count))
            return { blackHole(try JSONAdapter.data(from: events, options: .omitNulls)) }
        case "timeline-page-data":
            let page = TimelinePage.json(count: TimelinePage.count)
            return { blackHole(try JSONAdapter.model(of: TimelinePage.self, from: page)) }
        case "timeline-page-to-data":
            let page = try JSONAdapter.model(of: TimelinePage.self, from: TimelinePage.json(count: TimelinePage.count))
            return { blackHole(try JSONAdapter.data(from: page, options: .omitNulls)) }
        case "charges-data":
            let charges = StripeChargeGenerator.json(count: StripeChargeGenerator.count)
            return { blackHole(try JSONAdapter.models(of: StripeCharge.self, from: charges)) }
        case "charges-to-data":
            let charges = try JSONAdapter.models(of: StripeCharge.self, from: StripeChargeGenerator.json(count: StripeChargeGenerator.count))
            return { blackHole(try JSONAdapter.data(from: charges, options: .omitNulls)) }
        case "unmapped-data":
            let twitter = try twitterData()
            return { blackHole(try JSONAdapter.model(of: KeptSearch.self, from: twitter)) }
        case "unmapped-to-data":
            let model = try JSONAdapter.model(of: KeptSearch.self, from: twitterData())
            return { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) }
        case "cluster-data":
            let feed = NotificationGenerator.json(count: NotificationGenerator.count)
            return { blackHole(try JSONAdapter.model(of: NotificationFeed.self, from: feed)) }
        case "cluster-to-data":
            let feed = try JSONAdapter.model(
                of: NotificationFeed.self, from: NotificationGenerator.json(count: NotificationGenerator.count))
            return { blackHole(try JSONAdapter.data(from: feed, options: .omitNulls)) }
        // The baselines the targets are measured against, for their instruction counts.
        case "github-codable":
            let decoder = CodableCoders.iso8601Decoder()
            return { blackHole(try decoder.decode(GitHubUser.self, from: github)) }
        case "records-codable":
            let records = RecordGenerator.json(count: recordCount)
            let decoder = CodableCoders.secondsDecoder()
            return { blackHole(try decoder.decode([Record].self, from: records)) }
        case "twitter-string-codable":
            let twitter = try twitterData()
            let decoder = JSONDecoder()
            return { blackHole(try decoder.decode(TwitterSearch.StringDates.self, from: twitter)) }
        default:
            throw BenchmarkError("No profile named \(name): one of \(names.joined(separator: ", ")).")
        }
    }
}
