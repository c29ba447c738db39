import Foundation
import Strata

/// Row 6: the time per record of `Data` -> `[Record]` for small, medium and
/// large arrays; each size's time per record must be within 1.3x of the others'.
struct ScalingRow {
    let report: Report

    func run() {
        let counts = report.settings.scalingCounts
        let label = counts.map { $0.formatted() }.joined(separator: "/")
        report.run("6", "scaling", payload: "records", label: "records ×\(label)") {
            let payloads = counts.map(RecordGenerator.json(count:))
            let decoder = CodableCoders.secondsDecoder()
            for (count, data) in zip(counts, payloads) {
                let models = try JSONAdapter.models(of: Record.self, from: data)
                guard models.count == count else {
                    throw BenchmarkError("Expected \(count) records, Strata returned \(models.count).")
                }
                try Verification.expectEqual(
                    Verification.fingerprint(models), Verification.fingerprint(try decoder.decode([Record].self, from: data)),
                    "row 6, \(count) records")
            }
            let samples = try Timer(report.settings).interleave(payloads.map { data in
                { blackHole(try JSONAdapter.models(of: Record.self, from: data)) }
            })
            let perRecord = zip(samples, counts).map { Statistics.median($0) / Double($1) }
            var lines: [TableLine] = []
            for larger in counts.indices.dropFirst() {
                for smaller in counts.indices.prefix(larger) {
                    lines.append(TableLine(
                        row: "6", payload: "per record ×\(counts[larger].formatted()) vs ×\(counts[smaller].formatted())",
                        strata: .seconds(perRecord[larger]), baseline: .seconds(perRecord[smaller]),
                        target: .within(1.3)))
                }
            }
            return lines
        }
    }
}
