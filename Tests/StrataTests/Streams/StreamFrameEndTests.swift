import Foundation
import Testing
@testable import Strata

/// A framer that counts how often it is asked, around a line framer.
private struct CountingFramer: StreamFramer {
    final class Count: Sendable {
        let calls = Locked(0)
    }

    var lines = LineFramer(separator: Byte.newline)
    let count: Count

    mutating func begin(at offset: Int) { lines.begin(at: offset) }

    mutating func next(in view: ByteView, base: Int, atEnd: Bool) throws(StreamFramingError) -> FramerStep {
        count.calls.withLock { $0 += 1 }
        return try lines.next(in: view, base: base, atEnd: atEnd)
    }

    var retainedFrom: Int { lines.retainedFrom }
}

/// Appends `text` to the bytes `buffer` holds.
private func append(_ text: String, to buffer: inout FrameBuffer) {
    buffer.bytesForAppending().append(Data(text.utf8))
}

/// Whether the step is a frame that ends the bytes held; `nil` when it is no frame.
private func endsBytesHeld(_ step: FramerStep) -> Bool? {
    guard case .frame(let frame) = step else { return nil }
    return frame.endsBytesHeld
}

@Suite("Frames that end the bytes held")
struct StreamFrameEndTests {
    @Test func aLineWhoseLineFeedIsTheLastByteHeldEndsTheBytesHeld() throws {
        var buffer = FrameBuffer(framer: LineFramer(separator: Byte.newline))
        append("{\"id\":1}\n", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == true)
        append("{\"id\":2}\n{\"id\":3}", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == false)
        #expect(endsBytesHeld(try buffer.next()) == nil)
        buffer.finish()
        // The last line, without its line feed, at the end of the stream.
        #expect(endsBytesHeld(try buffer.next()) == false)
    }

    @Test func anEventWhoseBlankLineEndsTheBytesHeldEndsThem() throws {
        var buffer = FrameBuffer(framer: EventFramer())
        append("data: 1\n\n", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == true)
        // After a CR, the framer still looks at the LF that may follow it.
        append("data: 2\r\n\r\n", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == false)
    }

    @Test func theFramerIsNotAskedAgainUntilBytesArrive() throws {
        let count = CountingFramer.Count()
        var buffer = FrameBuffer(framer: CountingFramer(count: count))
        append("{\"id\":1}\n", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == true)
        buffer.noteScanned()
        #expect(endsBytesHeld(try buffer.next()) == nil)
        #expect(count.calls.withLock { $0 } == 1)
        append("{\"id\":2}\n", to: &buffer)
        #expect(endsBytesHeld(try buffer.next()) == true)
        #expect(count.calls.withLock { $0 } == 2)
        buffer.noteScanned()
        buffer.finish()
        guard case .finished = try buffer.next() else {
            Issue.record("The stream has ended, and holds no more elements.")
            return
        }
        #expect(count.calls.withLock { $0 } == 3)
    }
}
