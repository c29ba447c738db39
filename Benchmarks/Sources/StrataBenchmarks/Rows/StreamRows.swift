import Foundation
import Strata

/// Rows 12 and 13: the generated records (about 100 MB; small in a quick run)
/// decoded element by element as a stream, against `JSONAdapter.models(of:from:)`
/// on the same records as one array in memory.
///
/// Row 12, JSON Lines: read from a file (`JSONElements`, synchronously) and from
/// an `AsyncSequence` of the file's bytes (`AsyncJSONElements`), each at least
/// 0.9x the array's throughput (at most 1.11x its time); and the peak memory of
/// each, measured in a child process as row 7 is, at most 64 MB. Row 13: a
/// server-sent events feed of the same records (an event type, an id and the
/// record as data, a comment every 100 events) from an `AsyncSequence` of bytes,
/// against JSON Lines of the same records from the same kind of sequence (at most
/// 1.25x its time), and, for information, against the array in memory.
struct StreamRows {
    let report: Report

    static let payload = "records"
    static let childFlag = "--stream-peak-memory"
    /// The peak memory a stream may add, whatever its size.
    static let memoryBound = 64 * 1024 * 1024

    /// How the child process reads the stream.
    enum Reading: String {
        case file, async
    }

    func run() {
        let settings = report.settings
        guard settings.includes(id: "12", name: "lines", payload: Self.payload)
                || settings.includes(id: "13", name: "events", payload: Self.payload)
        else { return }
        let count = RecordGenerator.count(forApproximateBytes: settings.streamInputBytes)
        let label = "\(Self.payload) ×\(count.formatted())"
        let timer = Timer(settings)
        let array = RecordGenerator.json(count: count)

        report.run("12", "lines", payload: Self.payload, label: label) {
            let lines = RecordGenerator.lines(count: count)
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("strata-benchmark-\(ProcessInfo.processInfo.processIdentifier).jsonl")
            try lines.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let expected = try Verification.fingerprint(try JSONAdapter.models(of: Record.self, from: array))
            try Verification.expectEqual(
                Verification.fingerprint(try Self.collect(from: file)), expected, "row 12, \(label), from a file")
            try Verification.expectEqual(
                Verification.fingerprint(try Self.collectAsync(from: file)), expected, "row 12, \(label), from an AsyncSequence")
            try Verification.expectEqual(
                Verification.fingerprint(try Self.collectChunks(from: file)), expected,
                "row 12, \(label), from an AsyncSequence of Data")
            let samples = try timer.interleave([
                { blackHole(try JSONAdapter.models(of: Record.self, from: array)) },
                { try Self.expect(count, try Self.read(from: file)) },
                { try Self.expect(count, try Self.readAsync(from: file)) },
                { try Self.expect(count, try Self.readChunks(from: file)) },
                { try Self.expect(count, try Self.read(from: .data(lines))) },
            ])
            let inMemory = Statistics.median(samples[0])
            var table = [
                TableLine(
                    row: "12", payload: "JSON Lines from a file / array in memory, \(label)",
                    strata: .seconds(Statistics.median(samples[1])), baseline: .seconds(inMemory),
                    target: .atMost(1 / 0.9), jsonBytes: lines.count),
                TableLine(
                    row: "12", payload: "JSON Lines from an AsyncSequence of bytes / array in memory",
                    strata: .seconds(Statistics.median(samples[2])), baseline: .seconds(inMemory),
                    target: .atMost(1 / 0.9), jsonBytes: lines.count),
                TableLine(
                    row: "12", payload: "JSON Lines from an AsyncSequence of Data / array in memory",
                    strata: .seconds(Statistics.median(samples[3])), baseline: .seconds(inMemory),
                    target: .atMost(1 / 0.9), jsonBytes: lines.count),
                TableLine(
                    row: "12", payload: "JSON Lines from Data in memory / array in memory",
                    strata: .seconds(Statistics.median(samples[4])), baseline: .seconds(inMemory),
                    target: .atMost(1 / 0.9), jsonBytes: lines.count),
            ]
            for reading in [Reading.file, .async] {
                let peak = try Self.measurePeak(reading, file: file, count: count)
                table.append(TableLine(
                    row: "12", payload: "peak memory, JSON Lines from \(reading == .file ? "a file" : "an AsyncSequence") / 64 MB",
                    strata: .bytes(Double(peak)), baseline: .bytes(Double(Self.memoryBound)), target: .atMost(1.0)))
            }
            return table
        }

        report.run("13", "events", payload: Self.payload, label: label) {
            let feed = Array(RecordGenerator.events(count: count))
            let lines = Array(RecordGenerator.lines(count: count))
            let expected = try Verification.fingerprint(try JSONAdapter.models(of: Record.self, from: array))
            try Verification.expectEqual(
                Verification.fingerprint(try Self.collectEvents(from: feed)), expected, "row 13, \(label)")
            let samples = try timer.interleave([
                { try Self.expect(count, try Self.readEvents(from: feed)) },
                { try Self.expect(count, try Self.readLines(from: lines)) },
                { blackHole(try JSONAdapter.models(of: Record.self, from: array)) },
            ])
            let events = Statistics.median(samples[0])
            return [
                // What the events' framing costs: the same records, the same kind of source.
                TableLine(
                    row: "13", payload: "server-sent events / JSON Lines, both from an AsyncSequence of bytes",
                    strata: .seconds(events), baseline: .seconds(Statistics.median(samples[1])),
                    target: .atMost(1.25), jsonBytes: feed.count),
                TableLine(
                    row: "13", payload: "server-sent events from an AsyncSequence / array in memory",
                    strata: .seconds(events), baseline: .seconds(Statistics.median(samples[2])),
                    target: .atMost(1.25), informative: true, jsonBytes: feed.count),
            ]
        }
    }

    /// Checks that a stream gave `count` records.
    static func expectRead(_ count: Int, _ read: Int) throws { try expect(count, read) }

    private static func expect(_ count: Int, _ read: Int) throws {
        guard read == count else { throw BenchmarkError("Expected \(count) records, the stream gave \(read).") }
    }

    /// Reads the JSON Lines file synchronously; the number of records.
    static func read(from file: URL) throws -> Int {
        try read(from: .file(file))
    }

    /// Reads JSON Lines synchronously; the number of records.
    static func read(from source: JSONStreamSource) throws -> Int {
        var records = JSONAdapter.models(of: Record.self, from: source, framing: .lines)
        var count = 0
        while let record = try records.next() {
            blackHole(record)
            count += 1
        }
        return count
    }

    /// Reads the JSON Lines file as an `AsyncSequence` of bytes; the number of records.
    static func readAsync(from file: URL) throws -> Int {
        try countAsync { JSONAdapter.models(of: Record.self, from: FileBytes(url: file), framing: .lines) }
    }

    /// Reads the JSON Lines file as an `AsyncSequence` of `Data` chunks; the number of records.
    private static func readChunks(from file: URL) throws -> Int {
        try countAsync { JSONAdapter.models(of: Record.self, from: FileChunks(url: file), framing: .lines) }
    }

    /// Reads JSON Lines in memory as an `AsyncSequence` of 64 KB `Data` chunks; the number of records.
    static func readChunks(of lines: Data) throws -> Int {
        try countAsync { JSONAdapter.models(of: Record.self, from: DataChunks(data: lines), framing: .lines) }
    }

    /// Reads JSON Lines in memory as an `AsyncSequence` of bytes; the number of records.
    static func readLines(from lines: [UInt8]) throws -> Int {
        try countAsync { JSONAdapter.models(of: Record.self, from: DataBytes(data: lines), framing: .lines) }
    }

    /// Reads the events feed as an `AsyncSequence` of bytes; the number of records.
    static func readEvents(from feed: [UInt8]) throws -> Int {
        try countAsync { JSONAdapter.events(of: Record.self, from: DataBytes(data: feed)) }
    }

    /// The number of elements of the stream `makeStream` makes, each read and dropped.
    private static func countAsync<Elements: AsyncSequence & SendableMetatype>(
        _ makeStream: @escaping @Sendable () -> Elements
    ) throws -> Int where Elements.AsyncIterator: SendableMetatype {
        try AsyncRun.wait {
            var count = 0
            for try await element in makeStream() {
                blackHole(element)
                count += 1
            }
            return count
        }
    }

    private static func collectChunks(from file: URL) throws -> [Record] {
        try collectAsync { JSONAdapter.models(of: Record.self, from: FileChunks(url: file), framing: .lines) }
    }

    private static func collect(from file: URL) throws -> [Record] {
        var records = JSONAdapter.models(of: Record.self, from: .file(file), framing: .lines)
        var all: [Record] = []
        while let record = try records.next() { all.append(record) }
        return all
    }

    private static func collectAsync(from file: URL) throws -> [Record] {
        try collectAsync { JSONAdapter.models(of: Record.self, from: FileBytes(url: file), framing: .lines) }
    }

    /// The records of the stream `makeStream` makes.
    private static func collectAsync<Elements: AsyncSequence & SendableMetatype>(
        _ makeStream: @escaping @Sendable () -> Elements
    ) throws -> [Record] where Elements.Element == Record, Elements.AsyncIterator: SendableMetatype {
        try AsyncRun.wait {
            var all: [Record] = []
            for try await record in makeStream() { all.append(record) }
            return all
        }
    }

    private static func collectEvents(from feed: [UInt8]) throws -> [Record] {
        try AsyncRun.wait {
            var all: [Record] = []
            for try await event in JSONAdapter.events(of: Record.self, from: DataBytes(data: feed)) {
                guard event.event == "record", event.id == String(event.data.id) else {
                    throw BenchmarkError("Event \(all.count) has the type \(event.event) and the id \(event.id ?? "none").")
                }
                all.append(event.data)
            }
            return all
        }
    }

    /// Runs the child process that streams `file` by `reading`, and checks that it
    /// read `count` records; the peak memory it added.
    private static func measurePeak(_ reading: Reading, file: URL, count: Int) throws -> Int {
        let printed = try ResidentMemory.runSelf([childFlag, file.path, reading.rawValue])
        let values = Dictionary(
            printed.split(whereSeparator: \.isWhitespace).compactMap { field -> (String, Int)? in
                let parts = field.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            },
            uniquingKeysWith: { $1 })
        guard let baseline = values["baseline"], let peak = values["peak"], let records = values["records"] else {
            throw BenchmarkError("The child process printed \"\(printed)\", not baseline=… peak=… records=….")
        }
        try expect(count, records)
        return peak - baseline
    }

    /// The child process: notes the resident memory, streams the file's records,
    /// notes the peak; prints both.
    static func child(path: String, reading: Reading) throws -> String {
        let file = URL(fileURLWithPath: path)
        ResidentMemory.resetPeak()
        let before = ResidentMemory.currentBytes()
        let records = try reading == .file ? read(from: file) : readAsync(from: file)
        let peak = ResidentMemory.peakBytes()
        return "baseline=\(before) peak=\(peak) records=\(records)"
    }
}
