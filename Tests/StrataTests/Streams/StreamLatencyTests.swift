import Foundation
import Testing
@testable import Strata

/// The bytes of a first part, then, once the consumer opens the gate, those of a
/// second: a byte asked for past the first part before the gate opens is an error.
struct GatedBytes: AsyncSequence {
    typealias Element = UInt8
    let first: [UInt8]
    let second: [UInt8]
    let gate: Locked<Bool>

    struct ReadAheadError: Error {}

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: GatedBytes
        var index = 0
        mutating func next() async throws -> UInt8? {
            if index == bytes.first.count {
                // Waits, a second at most, for the consumer to have what the first part holds.
                var waited = 0
                while !bytes.gate.withLock({ $0 }) {
                    guard waited < 1_000 else { throw ReadAheadError() }
                    try await Task.sleep(nanoseconds: 1_000_000)
                    waited += 1
                }
            }
            let all = bytes.first + bytes.second
            guard index < all.count else { return nil }
            defer { index += 1 }
            return all[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: self) }
}

@Suite("Stream latency")
struct StreamLatencyTests {
    @Test(arguments: [
        (JSONFraming.lines, "{\"id\":1}\n", "{\"id\":2}\n"),
        (.array, "[{\"id\":1}", ",{\"id\":2}]"),
        (.concatenated, "{\"id\":1}", " {\"id\":2}"),
    ])
    func anElementIsReadAsSoonAsItsLastByteArrives(framing: JSONFraming, first: String, second: String) async throws {
        let gate = Locked(false)
        var ids: [Int] = []
        let bytes = GatedBytes(first: Array(first.utf8), second: Array(second.utf8), gate: gate)
        for try await item in JSONAdapter.models(of: StreamItem.self, from: bytes, framing: framing) {
            ids.append(item.id)
            gate.withLock { $0 = true }
        }
        #expect(ids == [1, 2])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func anEventIsReadAsSoonAsItsBlankLineArrives(lineEnd: String) async throws {
        let gate = Locked(false)
        var ids: [Int] = []
        let first = ["event: a", "data: {\"id\":1}", ""].map { $0 + lineEnd }.joined()
        let second = ["data: {\"id\":2}", ""].map { $0 + lineEnd }.joined()
        let bytes = GatedBytes(first: Array(first.utf8), second: Array(second.utf8), gate: gate)
        for try await event in JSONAdapter.events(of: StreamItem.self, from: bytes) {
            ids.append(event.data.id)
            gate.withLock { $0 = true }
        }
        #expect(ids == [1, 2])
    }
}
