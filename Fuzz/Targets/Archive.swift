import Foundation

// Fuzz target: archive bytes → `ModelArchiver.unarchivedModel` for the archive
// models of Fuzz/Models.swift (every archivable kind, nested and class models, a
// migration hook). An archive that is read must archive again and read back equal.
// Any StrataError is an answer; a crash, a hang, another error or a failed check is
// a finding.
//
// Run with `Fuzz/run archive SECONDS`. `Fuzz/run archive-seeds` (re)writes the seed
// archives in Fuzz/Corpus/archive with the same models.

func fuzzFailure(_ message: String, input: Data) -> Never {
    fatalError("\(message)\ninput (base64): \(input.prefix(4_000).base64EncodedString())")
}

func check<M: SecureCodingModel & Equatable>(_ type: M.Type, _ data: Data) {
    let model: M
    do { model = try ModelArchiver.unarchivedModel(of: M.self, from: data) } catch is StrataError {
        return
    } catch {
        fuzzFailure("not a StrataError: \(error)", input: data)
    }
    do {
        let again = try ModelArchiver.unarchivedModel(of: M.self, from: try ModelArchiver.archivedData(with: model))
        if again != model { fuzzFailure("archived again, \(model) reads back as \(again)", input: data) }
    } catch {
        fuzzFailure("a model read from an archive does not round-trip: \(error)\nmodel: \(model)", input: data)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    check(FuzzArchive.self, data)
    check(FuzzTag.self, data)
    return 0
}

/// The seed archives, for `Fuzz/run archive-seeds`.
func seedArchives() throws -> [(String, Data)] {
    var full = FuzzArchive()
    full.flag = true
    full.small = -7
    full.unsigned = .max
    full.wide = Int128(Int64.max) * 1_000
    full.ratio = 0.1
    full.score = 2.5e-300
    full.name = "Ada ✓"
    full.nickname = nil
    full.homepage = URL(string: "https://example.org/a?b=1#c")
    full.id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
    full.when = Date(timeIntervalSinceReferenceDate: 123_456.789)
    full.blob = Data([0, 1, 2, 255])
    full.amount = Decimal(string: "12345678901234567890.125", locale: Locale(identifier: "en_US_POSIX")) ?? 0
    full.tone = .dark
    full.level = .mid
    full.flags = [true, false]
    full.gaps = [1, nil, 3]
    full.matrix = [[1, 2], [], [3]]
    full.tag = FuzzTag(name: "main", weight: 3)
    full.tags = [FuzzTag(name: "x", weight: 1), FuzzTag(name: "y", weight: -1)]
    full.tagsByName = ["a": FuzzTag(name: "a", weight: 5)]
    full.node = FuzzNode(name: "root", children: [FuzzNode(name: "leaf"), FuzzNode(name: "branch", children: [FuzzNode(name: "twig")])])
    full.token = "not archived"
    return [
        ("default", try ModelArchiver.archivedData(with: FuzzArchive())),
        ("full", try ModelArchiver.archivedData(with: full)),
        ("version1", try ModelArchiver.archivedData(with: FuzzArchiveV1(name: "old", points: 42))),
        ("tag", try ModelArchiver.archivedData(with: FuzzTag(name: "t", weight: -3))),
    ]
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["STRATA_FUZZ_WRITE_SEEDS"] else { return 0 }
    do {
        try writeSeeds(to: directory)
    } catch {
        fatalError("could not write the seed archives: \(error)")
    }
    // Exits after writeSeeds returned, with nothing of it alive for LeakSanitizer to see.
    print("wrote the seed archives to \(directory)")
    exit(0)
}

func writeSeeds(to directory: String) throws {
    for (name, data) in try seedArchives() {
        try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).archive"))
    }
}
