import Foundation
import Strata

/// Row 2s: twitter `Data` -> models with `created_at` kept as a `String` on both
/// sides (`TwitterSearch.StringDates`), against a plain `JSONDecoder`: row 2
/// without the dates, so it compares the mappings alone.
struct StringDatesRow {
    let report: Report

    static let id = "2s"
    static let name = "string-dates"

    func run() {
        let payload = TwitterSearch.payloadName
        report.run(Self.id, Self.name, payload: payload, label: "\(payload), string dates") {
            let data = try PayloadFiles.data(TwitterSearch.fileName, dataDirectory: report.settings.dataDirectory)
            let decoder = JSONDecoder()
            let model = try JSONAdapter.model(of: TwitterSearch.StringDates.self, from: data)
            guard let date = model.statuses.first?.createdAt, !date.isEmpty else {
                throw BenchmarkError("\(TwitterSearch.fileName) maps to statuses without created_at: check the mapping.")
            }
            try Verification.expectEqual(
                Verification.fingerprint(model),
                Verification.fingerprint(try decoder.decode(TwitterSearch.StringDates.self, from: data)),
                "row 2s, \(payload)")
            let (strata, baseline) = try Timer(report.settings).compare(
                { blackHole(try JSONAdapter.model(of: TwitterSearch.StringDates.self, from: data)) },
                { blackHole(try decoder.decode(TwitterSearch.StringDates.self, from: data)) })
            return [TableLine(
                row: Self.id, payload: "\(payload), string dates",
                strata: .seconds(Statistics.median(strata)), baseline: .seconds(Statistics.median(baseline)),
                target: .atMost(0.45), jsonBytes: data.count)]
        }
    }
}
