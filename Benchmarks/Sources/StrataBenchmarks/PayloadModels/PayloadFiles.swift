import Foundation

/// The payload files shipped in `Benchmarks/Payloads/`.
///
/// Found from this source file's path: the benchmark runs from a checkout,
/// and the library's tests never read these files.
enum PayloadFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PayloadModels
        .deletingLastPathComponent()  // StrataBenchmarks
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .appendingPathComponent("Payloads")

    /// The bytes of the payload file `name`.
    static func data(_ name: String) throws -> Data {
        let url = directory.appendingPathComponent(name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw BenchmarkError("Cannot read the payload \(url.path): \(error.localizedDescription)")
        }
    }
}
