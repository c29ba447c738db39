import Foundation
import Strata

/// Row 7: the peak memory of `Data` -> `[Record]` for an array of about 50 MB,
/// measured in a child process of this binary: peak resident memory after
/// parsing minus the resident memory before it (the input already loaded),
/// against the input's size; and the same peak against the memory the records
/// themselves hold afterwards, which shows what the decode holds beyond its
/// output (the window). For information, the same file decoded by
/// `JSONDecoder` in another child process: what its records hold against the
/// input, the floor any decode into these property types has to stand on.
struct MemoryRow {
    let report: Report

    static let childFlag = "--peak-memory"

    /// Which library the child process decodes with.
    enum Decoder: String {
        case strata, codable
    }

    func run() {
        let settings = report.settings
        let count = RecordGenerator.count(forApproximateBytes: settings.recordsInputBytes)
        report.run("7", "memory", payload: "records", label: "records ×\(count.formatted())") {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("strata-benchmark-\(ProcessInfo.processInfo.processIdentifier).json")
            try RecordGenerator.json(count: count).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let strata = try Self.measure(.strata, file: file, count: count)
            let codable = try Self.measure(.codable, file: file, count: count)
            let peakGrowth = Quantity.bytes(Double(strata.peak - strata.baseline))
            let held = Quantity.bytes(Double(strata.output - strata.baseline))
            return [
                TableLine(
                    row: "7", payload: "peak growth / input, \(count.formatted()) records",
                    strata: peakGrowth, baseline: .bytes(Double(strata.input)), target: .atMost(2.0)),
                // The output alone: no more than the input, the output and a bounded window.
                TableLine(
                    row: "7", payload: "peak growth / records held after",
                    strata: peakGrowth, baseline: held, target: .atMost(1.10)),
                // What the records themselves hold, whoever decodes them: for information.
                TableLine(
                    row: "7", payload: "records held after / input",
                    strata: held, baseline: .bytes(Double(strata.input)), target: .atMost(2.0), informative: true),
                TableLine(
                    row: "7", payload: "JSONDecoder's records held after / input",
                    strata: .bytes(Double(codable.output - codable.baseline)), baseline: .bytes(Double(codable.input)),
                    target: .atMost(2.0), informative: true),
            ]
        }
    }

    /// What one child process printed.
    private struct Measurement {
        let input: Int, baseline: Int, peak: Int, output: Int
    }

    /// Runs the child process that decodes `file` with `decoder`, and checks that it
    /// read `count` records.
    private static func measure(_ decoder: Decoder, file: URL, count: Int) throws -> Measurement {
        let printed = try ResidentMemory.runSelf([childFlag, file.path, decoder.rawValue])
        let values = Dictionary(
            printed.split(whereSeparator: \.isWhitespace).compactMap { field -> (String, Int)? in
                let parts = field.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            },
            uniquingKeysWith: { $1 })
        guard let input = values["input"], let baseline = values["baseline"], let peak = values["peak"],
              let output = values["output"], let records = values["records"]
        else {
            throw BenchmarkError(
                "The child process printed \"\(printed)\", not input=… baseline=… peak=… output=… records=….")
        }
        guard records == count else {
            throw BenchmarkError("Expected \(count) records, the \(decoder) child process parsed \(records).")
        }
        return Measurement(input: input, baseline: baseline, peak: peak, output: output)
    }

    /// The child process: loads `path`, starts a new peak and notes the resident
    /// memory, parses it into records with `decoder`, notes the peak, then gives the
    /// allocator's free memory back to the system and notes what the records hold;
    /// prints all.
    static func child(path: String, decoder: Decoder) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        ResidentMemory.resetPeak()
        let before = ResidentMemory.currentBytes()
        let models = switch decoder {
        case .strata: try JSONAdapter.models(of: Record.self, from: data)
        case .codable: try CodableCoders.secondsDecoder().decode([Record].self, from: data)
        }
        let peak = ResidentMemory.peakBytes()
        ResidentMemory.releaseFreeMemory()
        let output = ResidentMemory.currentBytes()
        return withExtendedLifetime(models) {
            "input=\(data.count) baseline=\(before) peak=\(peak) output=\(output) records=\(models.count)"
        }
    }
}
