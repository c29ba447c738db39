import Foundation
import Strata

/// Rows 8 and 4 on the generated records array (about 50 MB, the input of row 7;
/// small in a quick run): `Data` -> `[Record]` against `JSONDecoder`, and
/// `[Record]` -> `Data` against `JSONEncoder`, both with dates as seconds since 1970.
struct RecordArrayRows {
    let report: Report

    static let payload = "records"

    func run() {
        let settings = report.settings
        guard settings.includes(id: "8", name: "records-data", payload: Self.payload)
                || settings.includes(id: "4", name: "to-data", payload: Self.payload)
        else { return }
        let count = RecordGenerator.count(forApproximateBytes: settings.recordsInputBytes)
        let data = RecordGenerator.json(count: count)
        let label = "\(Self.payload) ×\(count.formatted())"
        let timer = Timer(settings)

        report.run("8", "records-data", payload: Self.payload, label: label) {
            // Data -> [Record], against JSONDecoder with `.secondsSince1970`.
            let decoder = CodableCoders.secondsDecoder()
            let models = try JSONAdapter.models(of: Record.self, from: data)
            guard models.count == count else {
                throw BenchmarkError("Expected \(count) records, Strata returned \(models.count).")
            }
            try Verification.expectEqual(
                Verification.fingerprint(models), Verification.fingerprint(try decoder.decode([Record].self, from: data)),
                "row 8, \(label)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.models(of: Record.self, from: data)) },
                { blackHole(try decoder.decode([Record].self, from: data)) })
            return [line("8", label, strata, baseline, .atMost(0.40), bytes: data.count)]
        }

        report.run("4", "to-data", payload: Self.payload, label: label) {
            // [Record] -> Data, against JSONEncoder with `.secondsSince1970`, which
            // leaves nil out: so does `.omitNulls`.
            let encoder = CodableCoders.secondsEncoder()
            let models = try JSONAdapter.models(of: Record.self, from: data)
            let written = try JSONAdapter.data(from: models, options: .omitNulls).count
            try Verification.expectEqual(
                Verification.canonical(document: try JSONAdapter.data(from: models, options: .omitNulls)),
                Verification.canonical(document: try encoder.encode(models)), "row 4, \(label)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.data(from: models, options: .omitNulls)) },
                { blackHole(try encoder.encode(models)) })
            return [line("4", label, strata, baseline, .atMost(0.30), bytes: written)]
        }
    }

    /// The table line; `bytes` is the JSON one call reads or writes.
    private func line(
        _ row: String, _ label: String, _ strata: [Double], _ baseline: [Double], _ target: Target, bytes: Int
    ) -> TableLine {
        TableLine(
            row: row, payload: label,
            strata: .seconds(Statistics.median(strata)), baseline: .seconds(Statistics.median(baseline)),
            target: target, jsonBytes: bytes)
    }
}
