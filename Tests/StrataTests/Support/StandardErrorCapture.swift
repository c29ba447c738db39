import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One capture at a time: the standard error stream is the process's.
private let captureLock = NSLock()

/// Runs `body` with the process's standard error written to a temporary file,
/// and returns what `body` wrote there along with its result.
///
/// For tests that feed Foundation damaged archives on purpose: Foundation then
/// logs a warning (`*** NSKeyedUnarchiver…: The data may be corrupt.`) straight to
/// the standard error, which would otherwise land in the middle of the test log.
/// Swift Testing reports on the standard output, so only other writes to the
/// standard error during `body` are held back, and they are returned.
func capturingStandardError<T>(_ body: () throws -> T) throws -> (result: T, standardError: String) {
    captureLock.lock()
    defer { captureLock.unlock() }
    fflush(nil)
    guard let file = tmpfile() else { return (try body(), "") }
    defer { fclose(file) }
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, dup2(fileno(file), STDERR_FILENO) >= 0 else {
        if saved >= 0 { close(saved) }
        return (try body(), "")
    }
    let result: Result<T, any Error> = Result { try body() }
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)

    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    lseek(fileno(file), 0, SEEK_SET)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fileno(file), $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return (try result.get(), String(decoding: bytes, as: UTF8.self))
}
