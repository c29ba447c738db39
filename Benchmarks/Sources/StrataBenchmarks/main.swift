import Foundation

// Strata's benchmark. Each row times a Strata path and its baseline on the same
// payload in this process, checks first that both give the same result, and
// reports the ratio of their medians. See Docs/Performance.md.

let arguments = Array(CommandLine.arguments.dropFirst())

// The child process of row 7.
if arguments.first == MemoryRow.childFlag {
    do {
        guard (2...3).contains(arguments.count),
              let decoder = MemoryRow.Decoder(rawValue: arguments.count == 3 ? arguments[2] : "strata")
        else { throw BenchmarkError("usage: StrataBenchmarks \(MemoryRow.childFlag) FILE [strata|codable]") }
        print(try MemoryRow.child(path: arguments[1], decoder: decoder))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

// The child processes of row 12.
if arguments.first == StreamRows.childFlag {
    do {
        guard arguments.count == 3, let reading = StreamRows.Reading(rawValue: arguments[2]) else {
            throw BenchmarkError("usage: StrataBenchmarks \(StreamRows.childFlag) FILE file|async")
        }
        print(try StreamRows.child(path: arguments[1], reading: reading))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

// A fixed number of Strata calls, for instruction counts (see ProfileRun).
if arguments.first == ProfileRun.flag {
    do {
        try ProfileRun.run(arguments)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
}

let settings: Settings
do {
    settings = try Settings.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

#if DEBUG
let configuration = "debug build: ratios are not meaningful, use -c release"
#else
let configuration = "release build"
#endif
print("Strata benchmark (\(configuration)); \(settings.samples) samples per measurement, medians compared.")
if settings.quick { print("Quick run: short samples and small arrays; it checks results, the ratios are rough.") }

let report = Report(settings: settings)

let payloads: [any MappingPayload.Type] = [
    GitHubUser.self, TwitterSearch.self, CitmCatalog.self, Canada.self, Embedding.self, FloatEmbedding.self,
]
for payload in payloads {
    func runRows<Payload: MappingPayload>(_: Payload.Type) {
        let rows = [("1", "dictionary"), ("2", "data"), ("3", "to-dictionary"), ("4", "to-data")]
        guard rows.contains(where: { settings.includes(id: $0, name: $1, payload: Payload.payloadName) }) else { return }
        do {
            try MappingRows<Payload>(report: report).run()
        } catch let missing as MissingPayload {
            let ids = rows.filter { settings.includes(id: $0, name: $1, payload: Payload.payloadName) }.map(\.0)
            report.skip("row\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", ")) (\(Payload.payloadName))", missing)
        } catch {
            report.fail("\(Payload.payloadName): \(error)")
        }
    }
    runRows(payload)
}
StringDatesRow(report: report).run()
RecordArrayRows(report: report).run()
ShapeRows(report: report).run()
ShapeRows(report: report).runUnmapped()
ArchiveRow(report: report).run()
ScalingRow(report: report).run()
MemoryRow(report: report).run()
StreamRows(report: report).run()

/// A line's place in the table: its row's number, then its row's label (`2` before
/// `2s`, `9` before `10`), then the order it was measured in.
func tableOrder(_ row: String, _ offset: Int) -> (Int, String, Int) {
    (Int(row.prefix(while: \.isNumber)) ?? Int.max, row, offset)
}
let lines = report.lines.enumerated().sorted {
    tableOrder($0.element.row, $0.offset) < tableOrder($1.element.row, $1.offset)
}.map(\.element)
print()
print(TablePrinter.render(lines))

if !report.skipped.isEmpty {
    print("\nSKIPPED, for want of third-party data (the other rows ran):")
    for skipped in report.skipped { print("- \(skipped)") }
}

if !report.failures.isEmpty {
    print("\nFAILED: Strata's results must equal the baselines'.")
    for failure in report.failures { print("- \(failure)") }
    exit(1)
}
