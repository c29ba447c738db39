import Dispatch
import Foundation

/// Runs asynchronous work from the benchmark's synchronous timing loop: the
/// calling thread waits while a task runs it.
enum AsyncRun {
    /// The value `operation` returns, or the error it throws.
    static func wait<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome<Value>()
        Task {
            do {
                outcome.set(.success(try await operation()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result of the task, handed to the waiting thread.
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        // Written by the task before it signals, read by the waiting thread after:
        // the semaphore orders the two.
        private var result: Result<Value, any Error>?
        func set(_ result: Result<Value, any Error>) { self.result = result }
        func get() throws -> Value {
            guard let result else { throw BenchmarkError("The asynchronous work returned nothing.") }
            return try result.get()
        }
    }
}

/// The bytes of a file as an `AsyncSequence` of bytes read in chunks, as
/// `URLSession.AsyncBytes` and `FileHandle.bytes` give them: the shape a stream
/// of bytes has in an app.
struct FileBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        var chunk: [UInt8] = []
        var index = 0

        @inline(__always)
        mutating func next() async throws -> UInt8? {
            if index < chunk.count {
                defer { index += 1 }
                return chunk[index]
            }
            return try await refill()
        }

        private mutating func refill() async throws -> UInt8? {
            guard let handle, let data = try handle.read(upToCount: 64 * 1024), !data.isEmpty else { return nil }
            chunk = Array(data)
            index = 1
            return chunk[0]
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: try? FileHandle(forReadingFrom: url))
    }
}

/// The bytes of `Data` as an `AsyncSequence` of bytes.
struct DataBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let data: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let data: [UInt8]
        var index = 0

        @inline(__always)
        mutating func next() async -> UInt8? {
            guard index < data.count else { return nil }
            defer { index += 1 }
            return data[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data) }
}

/// The bytes of a file as an `AsyncSequence` of `Data` chunks of 64 KB, as a
/// network delegate or a pipe gives them.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?

        mutating func next() async throws -> Data? {
            guard let handle, let data = try handle.read(upToCount: 64 * 1024), !data.isEmpty else { return nil }
            return data
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: try? FileHandle(forReadingFrom: url))
    }
}

/// `Data` as an `AsyncSequence` of 64 KB `Data` chunks.
struct DataChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data

    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        var offset = 0

        mutating func next() async -> Data? {
            guard offset < data.count else { return nil }
            let end = Swift.min(offset + 64 * 1024, data.count)
            defer { offset = end }
            return data.subdata(in: offset..<end)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data) }
}
