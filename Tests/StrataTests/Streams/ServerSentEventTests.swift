import Foundation
import Testing
@testable import Strata

@Suite("Server-sent events")
struct ServerSentEventTests {
    static let feed = """
        : a comment\r
        retry: 3000\r
        event: update\r
        id: 7\r
        data: {"id":1,\r
        data: "name":"a"}\r
        \r
        data:{"id":2}

        event: ignored-without-data

        data: {"id":3}\rid: 8\r\r\
        data: {"id":4}

        : bye
        """

    @Test func eventsAtEveryChunkBoundary() async throws {
        let bytes = Array(Self.feed.utf8)
        let whole = try collect(JSONAdapter.events(of: StreamItem.self, from: .data(Data(bytes))))
        #expect(
            whole == [
                ServerSentEvent(event: "update", id: "7", retry: 3000, data: StreamItem(id: 1, name: "a")),
                ServerSentEvent(event: "message", id: "7", retry: 3000, data: StreamItem(id: 2)),
                ServerSentEvent(event: "message", id: "8", retry: 3000, data: StreamItem(id: 3)),
                ServerSentEvent(event: "message", id: "8", retry: 3000, data: StreamItem(id: 4)),
            ])
        for cut in 0...bytes.count {
            let split = try await collect(JSONAdapter.events(of: StreamItem.self, from: DataChunks(bytes, cutAt: [cut])))
            #expect(split == whole, "cut at \(cut)")
        }
        #expect(try await collect(JSONAdapter.events(of: StreamItem.self, from: Bytes(bytes: bytes))) == whole)
    }

    @Test func aStreamEndingInsideAnEventIsAnError() throws {
        var events = JSONAdapter.events(from: .data(Data("data: a\n\n: comment\ndata: b\n".utf8)))
        #expect(try events.next()?.data == "a")
        let error = #expect(throws: StrataError.self) { try events.next() }
        #expect(error?.streamPosition == StrataError.StreamPosition(elementIndex: 1, line: 3, byteOffset: 9))
        // Without its line end, a last line is still a line; a last comment ends nothing.
        var unterminated = JSONAdapter.events(from: .data(Data("data: a\n\n: comment".utf8)))
        #expect(try collect(unterminated).map(\.data) == ["a"])
        _ = try unterminated.next()
    }

    @Test func dataLinesAreJoinedWithLineFeeds() async throws {
        let text = "data: first\ndata\ndata:  third\n\n"
        let events = try await collect(JSONAdapter.events(from: Bytes(bytes: Array(text.utf8))))
        #expect(events.map(\.data) == ["first\n\n third"])
    }

    @Test func anEventsErrorHasItsIndexAndLine() async throws {
        let text = "data: {\"id\":1}\n\nevent: e\ndata: {\"id\":true}\n\n"
        let error = await strataError {
            _ = try await collect(JSONAdapter.events(of: StreamItem.self, from: Bytes(bytes: Array(text.utf8))))
        }
        #expect(error?.streamPosition == StrataError.StreamPosition(elementIndex: 1, line: 3, byteOffset: 16))
        #expect(error?.pathDescription == "[1].id")
    }

    @Test func eventsWhoseDataIsNotJSONAreSkippedWhenAsked() async throws {
        let text = "data: {\"id\":1}\n\ndata: [DONE]\n\n"
        let events = JSONAdapter.events(of: JSONValue.self, from: Bytes(bytes: Array(text.utf8)), recovery: .skipsInvalidElements)
        #expect(try await collect(events).map(\.data) == [["id": 1]])
        #expect(events.diagnostics.recoveries.map(\.action) == [.skippedElement])
    }

    @Test func eventDataReadAsJSONValuesIsWhatADocumentReads() throws {
        let documents = ["{\"a\":[1,2.50,1e2,-0,12345678901234567890]}", "\"text\"", "null", "", "[1,", "1 2"]
        for document in documents {
            var events = JSONAdapter.events(of: JSONValue.self, from: .data(Data("data: \(document)\n\n".utf8)))
            // The document parsed, then made a JSON value.
            let expected = Result {
                try JSONValue(
                    json: JSONAdapter.parse(
                        Data(document.utf8), maximumNestingDepth: JSONAdapter.DecodingOptions.default.maximumNestingDepth))
            }
            let read = Result { try events.next()?.data }
            switch (expected, read) {
            case (.success(let value), .success(let element)):
                #expect(element == value, "\(document)")
            case (.failure(let documentError as StrataError), .failure(let elementError as StrataError)):
                #expect(elementError.code == documentError.code, "\(document)")
                #expect(elementError.reason == documentError.reason, "\(document)")
            default:
                Issue.record("\(document): the document reads \(expected), the event \(read)")
            }
        }
    }

    @Test func anEventsDataIsKeptWhileLongLinesFollowItInSmallChunks() async throws {
        // Far more than the bytes a stream keeps behind the line it reads, between the data and its blank line.
        let comment = ": " + String(repeating: "x", count: 3 * FrameBuffer.compactionThreshold)
        let text = "data: {\"id\":1}\n\(comment)\nid: 5\n\n" + "data: {\"id\":2,\n\(comment)\ndata: \"name\":\"b\"}\n\n"
        let bytes = Array(text.utf8)
        let cuts = Array(stride(from: 1_000, to: bytes.count, by: 1_000))
        let events = try await collect(JSONAdapter.events(of: StreamItem.self, from: DataChunks(bytes, cutAt: cuts)))
        #expect(events == [
            ServerSentEvent(event: "message", id: "5", data: StreamItem(id: 1)),
            ServerSentEvent(event: "message", id: "5", data: StreamItem(id: 2, name: "b")),
        ])
    }
}
