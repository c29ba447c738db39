import Foundation
import Testing
@testable import Strata

@Suite("Stream framing")
struct StreamFramingTests {
    static let items = [
        StreamItem(id: 1, name: "a\"]}", tags: ["x"]),
        StreamItem(id: 2, name: "é\\", tags: []),
        StreamItem(id: 3, name: "{[", tags: ["y", "z"]),
    ]

    /// The models of `text` read with `framing` from every split of its bytes in
    /// two chunks, from one byte at a time, and synchronously from data.
    static func readEverySplit(_ text: String, framing: JSONFraming) async throws -> [StreamItem] {
        let bytes = Array(text.utf8)
        let whole = try collect(JSONAdapter.models(of: StreamItem.self, from: .data(Data(bytes)), framing: framing))
        for cut in 0...bytes.count {
            let split = try await collect(
                JSONAdapter.models(of: StreamItem.self, from: DataChunks(bytes, cutAt: [cut]), framing: framing))
            #expect(split == whole, "cut at \(cut)")
        }
        let byByte = try await collect(JSONAdapter.models(of: StreamItem.self, from: Bytes(bytes: bytes), framing: framing))
        #expect(byByte == whole)
        let oneByteChunks = try await collect(
            JSONAdapter.models(of: StreamItem.self, from: DataChunks(bytes, cutAt: Array(1..<max(bytes.count, 1))), framing: framing))
        #expect(oneByteChunks == whole)
        return whole
    }

    @Test func jsonLinesAtEveryChunkBoundaryWithCRLFBlankLinesAndNoLastLF() async throws {
        let text = """
            {"id":1,"name":"a\\"]}","tags":["x"]}\r
            \r

               \t
            {"id":2,"name":"é\\\\","tags":[]}
            {"id":3,"name":"{[","tags":["y","z"]}
            """
        #expect(try await Self.readEverySplit(text, framing: .lines) == Self.items)
    }

    @Test func byteOrderMarkIsSkipped() async throws {
        let text = "\u{FEFF}{\"id\":1,\"name\":\"a\\\"]}\",\"tags\":[\"x\"]}\n"
        #expect(try await Self.readEverySplit(text, framing: .lines) == [Self.items[0]])
        let array = "\u{FEFF}[{\"id\":2,\"name\":\"é\\\\\",\"tags\":[]}]"
        #expect(try await Self.readEverySplit(array, framing: .array) == [Self.items[1]])
    }

    @Test func textSequencesAtEveryChunkBoundary() async throws {
        let text = "\u{1E}{\"id\":1,\"name\":\"a\\\"]}\",\"tags\":[\"x\"]}\n\u{1E}{\"id\":2,\"name\":\"é\\\\\",\"tags\":[]}\n"
            + "\u{1E}{\"id\":3,\n\"name\":\"{[\",\"tags\":[\"y\",\"z\"]}\n"
        #expect(try await Self.readEverySplit(text, framing: .textSequence) == Self.items)
    }

    @Test func concatenatedValuesAtEveryChunkBoundary() async throws {
        let text = #"{"id":1,"name":"a\"]}","tags":["x"]}{"id":2,"name":"é\\","tags":[]}  "#
            + "\n" + #"{"id":3,"name":"{[","tags":["y","z"]}"#
        #expect(try await Self.readEverySplit(text, framing: .concatenated) == Self.items)
    }

    @Test func arrayElementsAtEveryChunkBoundary() async throws {
        let text = """
             [ {"id":1,"name":"a\\"]}","tags":["x"]} ,
              {"id":2,"name":"é\\\\","tags":[]},{"id":3,"name":"{[","tags":["y","z"]}
            ]\r\n
            """
        #expect(try await Self.readEverySplit(text, framing: .array) == Self.items)
        #expect(try await Self.readEverySplit("[]", framing: .array) == [])
        #expect(try await Self.readEverySplit(" [ \n ] ", framing: .array) == [])
    }

    @Test func scalarsOfConcatenatedJSONEndAtWhitespaceBracketsOrTheEnd() throws {
        let text = #"1 -2.5e3"s"[true,null]{"a":[]}false null 7"#
        let values = try collect(JSONAdapter.models(of: JSONValue.self, from: .data(Data(text.utf8)), framing: .concatenated))
        #expect(values == [1, -2500.0, "s", [true, nil], ["a": []], false, nil, 7])
    }

    @Test func taggedEnumsAndJSONValuesStream() async throws {
        let text = "{\"kind\":\"item\",\"id\":4,\"name\":\"n\",\"tags\":[]}\n{\"kind\":\"other\",\"x\":1}\n"
        let events = try await collect(
            JSONAdapter.models(of: StreamEvent.self, from: Bytes(bytes: Array(text.utf8)), framing: .lines))
        #expect(events == [.item(StreamItem(id: 4, name: "n")), .other(["kind": "other", "x": 1])])
        let values = try await collect(JSONAdapter.models(of: JSONValue.self, from: Bytes(bytes: Array(text.utf8)), framing: .lines))
        #expect(values[1] == ["kind": "other", "x": 1])
    }

    @Test func aHugeElementSpansManyChunksOfAFile() throws {
        let name = String(repeating: "ü", count: 3 * JSONStreamSource.chunkSize)
        let big = try JSONAdapter.data(from: StreamItem(id: 9, name: name, tags: ["t"]))
        var bytes = Array(#"[{"id":1,"name":"","tags":[]},"#.utf8)
        bytes += big
        bytes += Array(#",{"id":2,"name":"","tags":[]}]"#.utf8)
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let models = try collect(JSONAdapter.models(of: StreamItem.self, from: .file(url), framing: .array))
        #expect(models.map(\.id) == [1, 9, 2])
        #expect(models[1].name == name)
    }

    @Test func aFileHandleIsReadFromWhereItStands() throws {
        let url = try temporaryFile(Array("{\"id\":1}\n{\"id\":2}\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: 9)
        let models = try collect(JSONAdapter.models(of: StreamItem.self, from: .fileHandle(handle), framing: .lines))
        #expect(models.map(\.id) == [2])
    }

    @Test func theBufferHoldsNoMoreThanAnElementAndAChunk() throws {
        var buffer = FrameBuffer(framer: LineFramer(separator: Byte.newline))
        let line = Array("{\"id\":1,\"name\":\"\(String(repeating: "x", count: 100))\"}\n".utf8)
        var largest = 0
        var frames = 0
        for _ in 0..<2_000 {
            buffer.append(line)
            largest = max(largest, buffer.heldCount)
            while case .frame = try buffer.next() { frames += 1 }
        }
        #expect(frames == 2_000)
        #expect(largest <= 2 * line.count)
    }
}

/// A tagged enum of the stream tests.
enum StreamEvent: JSONTaggedEnum, Equatable {
    case item(StreamItem)
    case other(JSONValue)

    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<StreamEvent>] = ["item": .model(StreamItem.self, StreamEvent.item)]
    static let unknownTagCase: JSONTaggedCase<StreamEvent>? = .value(StreamEvent.other)
}
