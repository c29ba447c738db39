import Foundation

/// How long and how much to measure, from the command line.
struct Settings {
    /// Timed batches per measurement; the median of them is reported.
    var samples = 15
    /// The time one batch is sized to take.
    var batchDuration: Duration = .milliseconds(40)
    /// Untimed running before the batch size is chosen.
    var warmUp: Duration = .milliseconds(150)
    /// The smoke run: few short samples, small scaling and memory sizes.
    var quick = false
    /// Row ids or names to run; empty runs all.
    var rowFilter: Set<String> = []
    /// Payloads to run; empty runs all.
    var payloadFilter: Set<String> = []
    /// Record counts of the scaling row.
    var scalingCounts = [10, 1_000, 100_000]
    /// Size of the generated records array of rows 4 (records), 7 and 8.
    var recordsInputBytes = 50_000_000
    /// Size of the generated records of the stream rows 12 and 13.
    var streamInputBytes = 100_000_000
    /// Where the third-party payloads (twitter.json, citm_catalog.json, canada.json) are read from.
    var dataDirectory = PayloadFiles.defaultDataDirectory

    static let usage = """
        usage: StrataBenchmarks [--quick] [--iterations N] [--filter ROW[,ROW…]] [--data DIR]
               StrataBenchmarks --peak-memory FILE [strata|codable]   (the child process of row 7)
               StrataBenchmarks --stream-peak-memory FILE file|async  (the child processes of row 12)
               StrataBenchmarks --profile WHAT COUNT                  (COUNT Strata calls, for callgrind; see Docs/Performance.md)

          --quick          smoke run: 3 short samples, small arrays; still checks every result
          --iterations N   N timed samples per measurement (default 15)
          --filter ROWS    rows to run, by number or name: 1 dictionary, 2 data, 2s string-dates,
                           3 to-dictionary, 4 to-data, 5 archive, 6 scaling, 7 memory,
                           8 records-data, 9 timeline, 10 charges, 11 unmapped, 12 lines, 13 events,
                           14 cluster; or by payload: github-user, twitter, citm, canada, embedding,
                           embedding-float, records, timeline, charges, cluster (--filter 2,twitter)
          --data DIR       the directory holding the third-party payloads twitter.json,
                           citm_catalog.json and canada.json (default: $STRATA_DATA, else
                           ../shared/data beside the project's root); without a file its rows
                           are skipped, and say so
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws -> Settings {
        var settings = Settings()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                settings.quick = true
                settings.samples = 3
                settings.batchDuration = .milliseconds(2)
                settings.warmUp = .milliseconds(2)
                settings.scalingCounts = [10, 100, 1_000]
                settings.recordsInputBytes = 1_000_000
                settings.streamInputBytes = 1_000_000
            case "--iterations":
                guard let value = remaining.popFirst(), let count = Int(value), count > 0 else {
                    throw BenchmarkError("--iterations needs a positive number.\n\(usage)")
                }
                settings.samples = count
            case "--filter":
                guard let value = remaining.popFirst() else {
                    throw BenchmarkError("--filter needs a row number or name.\n\(usage)")
                }
                for token in value.split(separator: ",").map({ $0.lowercased() }) {
                    if payloads.contains(token) {
                        settings.payloadFilter.insert(token)
                    } else {
                        settings.rowFilter.insert(token)
                    }
                }
            case "--data":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw BenchmarkError("--data needs a directory.\n\(usage)")
                }
                settings.dataDirectory = URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
            case "--help", "-h":
                throw BenchmarkError(usage)
            default:
                throw BenchmarkError("Unknown option '\(argument)'.\n\(usage)")
            }
        }
        return settings
    }

    /// The payload names `--filter` accepts.
    static let payloads: Set<String> = ["github-user", "twitter", "citm", "canada", "embedding", "embedding-float", "records", "timeline", "charges", "cluster"]

    /// Whether the row `id` (a number) or `name` on `payload` was asked for.
    func includes(id: String, name: String, payload: String) -> Bool {
        (rowFilter.isEmpty || rowFilter.contains(id) || rowFilter.contains(name))
            && (payloadFilter.isEmpty || payloadFilter.contains(payload))
    }
}
