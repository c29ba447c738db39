import Foundation

/// The payload files the benchmark reads.
///
/// The project's own payloads are in `Benchmarks/Payloads/`. Third-party
/// payloads (`twitter.json`) are not in the repository: they are read from the
/// data directory, `--data DIR`, else `$STRATA_DATA`, else `../shared/data`
/// beside the project's root (see CONTRIBUTING.md, "Third-party test data").
/// Both are found from this source file's path, not the working directory: the
/// benchmark runs from a checkout, and the library's tests never read these files.
enum PayloadFiles {
    /// The project's root: this file is `Benchmarks/Sources/StrataBenchmarks/PayloadModels/PayloadFiles.swift`.
    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PayloadModels
        .deletingLastPathComponent()  // StrataBenchmarks
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()

    /// The payloads the project wrote.
    static let directory = projectRoot.appendingPathComponent("Benchmarks/Payloads", isDirectory: true)

    /// The payloads read from the data directory instead.
    static let thirdParty: Set<String> = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// The data directory when `--data` is not given: `$STRATA_DATA`, else `../shared/data` beside the root.
    static var defaultDataDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["STRATA_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        return projectRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/data", isDirectory: true).standardizedFileURL
    }

    /// The bytes of the payload file `name`: from `Benchmarks/Payloads/`, or from
    /// `dataDirectory` for a third-party payload, which throws ``MissingPayload``
    /// when it is not there.
    static func data(_ name: String, dataDirectory: URL = defaultDataDirectory) throws -> Data {
        let thirdParty = thirdParty.contains(name)
        let url = (thirdParty ? dataDirectory : directory).appendingPathComponent(name)
        if thirdParty && !FileManager.default.fileExists(atPath: url.path) {
            throw MissingPayload(name: name, directory: dataDirectory)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw BenchmarkError("Cannot read the payload \(url.path): \(error.localizedDescription)")
        }
    }
}

/// A third-party payload that is not in the data directory: the rows that need
/// it are skipped, not failed.
struct MissingPayload: Error, CustomStringConvertible {
    var name: String
    var directory: URL

    var description: String {
        "\(name) is not in \(directory.path) (third-party data the repository does not copy: "
            + "put it in ../shared/data beside the project's root, or pass --data DIR or set STRATA_DATA; "
            + "see CONTRIBUTING.md)"
    }
}
