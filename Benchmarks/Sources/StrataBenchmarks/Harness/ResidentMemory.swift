import Foundation

/// The peak resident memory of this process, and a way to measure it in a
/// fresh child process of this same binary.
enum ResidentMemory {
    /// The largest resident set size this process has had, in bytes
    /// (`getrusage(RUSAGE_SELF).ru_maxrss`, which Linux gives in kilobytes).
    static func peakBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return usage.ru_maxrss  // bytes on Darwin
        #endif
    }

    /// Runs this benchmark binary again with `arguments` and returns what it printed.
    /// A fresh process, so its peak memory is that of the measured work alone.
    static func runSelf(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("The child process \(arguments.joined(separator: " ")) exited with \(process.terminationStatus).")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
