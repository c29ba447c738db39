import Foundation
import Strata

/// Rows 1–4 for one payload: JSON to model and back, through a dictionary and
/// through `Data`, each against its baseline.
struct MappingRows<Payload: MappingPayload> {
    let report: Report
    private var timer: Timer { Timer(report.settings) }
    private var name: String { Payload.payloadName }

    func run() throws {
        let data = try PayloadFiles.data(Payload.fileName, dataDirectory: report.settings.dataDirectory)
        guard let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchmarkError("\(Payload.fileName) does not hold a JSON object.")
        }
        let model = try JSONAdapter.model(of: Payload.self, from: dictionary)
        let decoder = Payload.codableDecoder()
        let encoder = Payload.codableEncoder()
        if try Verification.fingerprint(model) == Verification.fingerprint(Payload()) {
            throw BenchmarkError("\(Payload.fileName) maps to a model with only default values: check the mapping.")
        }

        report.run("1", "dictionary", payload: name) {
            // [String: Any] -> model, against `as?` casts with defaults.
            try Verification.expectEqual(
                Verification.fingerprint(try JSONAdapter.model(of: Payload.self, from: dictionary)),
                Verification.fingerprint(Payload(handWritten: dictionary)), "row 1, \(name)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.model(of: Payload.self, from: dictionary)) },
                { blackHole(Payload(handWritten: dictionary)) })
            return [line("1", strata, baseline, .atMost(1.10), bytes: data.count)]
        }

        report.run("2", "data", payload: name) {
            // Data -> model, against JSONDecoder (for twitter, the dates as sent, read by
            // `.date(format:)` and by a `DateFormatter` strategy).
            try Verification.expectEqual(
                Verification.fingerprint(try JSONAdapter.model(of: Payload.self, from: data)),
                Verification.fingerprint(try decoder.decode(Payload.self, from: data)), "row 2, \(name)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.model(of: Payload.self, from: data)) },
                { blackHole(try decoder.decode(Payload.self, from: data)) })
            return [line("2", strata, baseline, .atMost(0.35), bytes: data.count)]
        }

        report.run("3", "to-dictionary", payload: name) {
            // model -> [String: Any], against a dictionary literal. Both write null for nil.
            try Verification.expectEqual(
                Verification.canonical(try JSONAdapter.dictionary(from: model)),
                Verification.canonical(model.handWrittenDictionary), "row 3, \(name)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.dictionary(from: model)) },
                { blackHole(model.handWrittenDictionary) })
            return [line("3", strata, baseline, .atMost(1.30), bytes: data.count)]
        }

        report.run("4", "to-data", payload: name) {
            // model -> Data, against JSONEncoder, which leaves nil out: so does `.omitNulls`.
            let written = try JSONAdapter.data(from: model, options: .omitNulls).count
            try Verification.expectEqual(
                Verification.canonical(document: try JSONAdapter.data(from: model, options: .omitNulls)),
                Verification.canonical(document: try encoder.encode(model)), "row 4, \(name)")
            let (strata, baseline) = try timer.compare(
                { blackHole(try JSONAdapter.data(from: model, options: .omitNulls)) },
                { blackHole(try encoder.encode(model)) })
            return [line("4", strata, baseline, .atMost(0.30), bytes: written)]
        }
    }

    /// The table line, for information only if the payload says so for `row`;
    /// `bytes` is the JSON one call reads or writes (rows 1 and 3 give the size of
    /// the document the dictionary was read from).
    private func line(_ row: String, _ strata: [Double], _ baseline: [Double], _ target: Target, bytes: Int) -> TableLine {
        TableLine(
            row: row, payload: name,
            strata: .seconds(Statistics.median(strata)), baseline: .seconds(Statistics.median(baseline)),
            target: target, informative: Payload.informativeRows.contains(row), jsonBytes: bytes)
    }
}
