import Foundation
import Testing
@testable import Strata

/// Lines of JSON without end, counting the bytes it has given.
struct EndlessLines: AsyncSequence {
    typealias Element = UInt8
    let given: Counter

    final class Counter: Sendable {
        let bytes = Locked(0)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let line = Array("{\"id\":1,\"name\":\"n\"}\n".utf8)
        var index = 0
        let given: Counter
        mutating func next() async -> UInt8? {
            defer { index = (index + 1) % line.count }
            given.bytes.withLock { $0 += 1 }
            if index == 0 { await Task.yield() }
            return line[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(given: given) }
}

@Suite("Stream cancellation")
struct StreamCancellationTests {
    @Test func cancellingTheConsumerStopsTheReadPromptly() async throws {
        let counter = EndlessLines.Counter()
        let reading = Task {
            var count = 0
            for try await _ in JSONAdapter.models(of: StreamItem.self, from: EndlessLines(given: counter), framing: .lines) {
                count += 1
            }
            return count
        }
        while counter.bytes.withLock({ $0 }) < 10_000 { await Task.yield() }
        reading.cancel()
        let result = await reading.result
        #expect(throws: CancellationError.self) { try result.get() }
        let afterEnd = counter.bytes.withLock { $0 }
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(counter.bytes.withLock { $0 } == afterEnd)
    }

    @Test func aFileStreamStopsWhenItsTaskIsCancelled() async throws {
        let url = try temporaryFile(Array(String(repeating: "{\"id\":1}\n", count: 1_000).utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let reading = Task {
            var count = 0
            for try await _ in JSONAdapter.models(of: StreamItem.self, from: .file(url), framing: .lines) {
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let error = await #expect(throws: CancellationError.self) { try await reading.value }
        #expect(error != nil)
    }
}
