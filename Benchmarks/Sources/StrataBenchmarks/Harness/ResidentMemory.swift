import Foundation

/// The resident memory of this process (now and at its peak), and a way to measure it in a
/// fresh child process of this same binary.
enum ResidentMemory {
    /// The largest resident set size this process has had since the last
    /// ``resetPeak()``, in bytes: `VmHWM` from `/proc/self/status` on Linux,
    /// `getrusage(RUSAGE_SELF).ru_maxrss` (never reset) elsewhere.
    static func peakBytes() -> Int {
        #if os(Linux)
        return statusField("VmHWM:") ?? 0
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return usage.ru_maxrss  // bytes on Darwin
        #endif
    }

    /// The resident set size now, in bytes (`VmRSS`; on other systems the peak).
    static func currentBytes() -> Int {
        #if os(Linux)
        return statusField("VmRSS:") ?? 0
        #else
        return peakBytes()
        #endif
    }

    /// Starts a new peak at the current resident set size, so that a transient
    /// peak before the measured work (reading the input file) does not hide the
    /// work's own: Linux resets `VmHWM` when `5` is written to `/proc/self/clear_refs`.
    static func resetPeak() {
        #if os(Linux)
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        #endif
    }

    /// Gives the memory the allocator holds free back to the system (glibc's
    /// `malloc_trim(0)`, looked up at run time), so that the resident size is what
    /// live objects use; does nothing where there is no such call.
    static func releaseFreeMemory() {
        #if os(Linux)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let trim = dlsym(handle, "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: Trim.self)(0)
        #endif
    }

    /// A "kB" field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
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
