import Foundation

/// Third-party test data, which the repository keeps no copy of (CONTRIBUTING.md,
/// "Third-party test data").
///
/// The data directory is `$STRATA_DATA` when it is set, and otherwise
/// `../shared/data` beside the project's root (found from this file's path, not
/// the working directory). The tests that read it are skipped, with
/// ``jsonTestSuiteAbsence``, when their files are not there.
public enum SharedData {
    /// The project's root: this file is `Tests/StrataTestSupport/SharedData.swift`.
    public static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // StrataTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// Where the third-party data is looked for.
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["STRATA_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        return projectRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/data", isDirectory: true).standardizedFileURL
    }()

    /// JSONTestSuite's parsing corpus ("Parsing JSON is a Minefield", Nicolas Seriot, MIT).
    public static let jsonTestSuite = directory.appendingPathComponent("JSONTestSuite/test_parsing", isDirectory: true)

    /// Whether the JSONTestSuite corpus is there.
    public static let hasJSONTestSuite: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: jsonTestSuite.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    /// Why the tests that read the JSONTestSuite corpus are skipped (a test's
    /// `.enabled(if:_:)` comment).
    public static let jsonTestSuiteAbsence = """
        the JSONTestSuite corpus is not in \(jsonTestSuite.path) (third-party data the repository \
        does not copy: put it in ../shared/data beside the project's root, or set STRATA_DATA to a \
        directory holding JSONTestSuite/test_parsing; see CONTRIBUTING.md)
        """

    /// The names of the corpus files that start with `prefix`, sorted; none when the corpus is absent.
    public static func jsonTestSuiteFiles(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: jsonTestSuite.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The contents of the corpus file `name`.
    public static func jsonTestSuiteFile(_ name: String) throws -> Data {
        try Data(contentsOf: jsonTestSuite.appendingPathComponent(name))
    }

    /// The benchmark's documents: twitter.json, citm_catalog.json and canada.json.
    public static let benchmarkDocumentNames = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// Whether every benchmark document is there.
    public static let hasBenchmarkDocuments: Bool = benchmarkDocumentNames.allSatisfy {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
    }

    /// Why the tests that read the benchmark documents are skipped.
    public static let benchmarkDocumentsAbsence = """
        the benchmark documents (\(benchmarkDocumentNames.joined(separator: ", "))) are not all in \(directory.path) \
        (third-party data the repository does not copy: put them in ../shared/data beside the project's root, \
        or set STRATA_DATA; see CONTRIBUTING.md)
        """

    /// The contents of the benchmark document `name`.
    public static func benchmarkDocument(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
