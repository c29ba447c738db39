import Foundation
import Testing
@testable import Strata

@Suite("Stream writer")
struct StreamWriterTests {
    static let items = (0..<3_000).map { StreamItem(id: $0, name: "item \($0) \"quoted\"", tags: $0 % 2 == 0 ? ["even"] : []) }

    @Test(arguments: [JSONFraming.lines, .textSequence, .concatenated, .array])
    func aFileWrittenElementByElementReadsBack(framing: JSONFraming) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try JSONStreamWriter(contentsOf: url, framing: framing, formatting: .sortedKeys)
        try writer.append(contentsOf: Self.items)
        #expect(writer.elementCount == Self.items.count)
        try writer.finish()
        #expect(try collect(JSONAdapter.models(of: StreamItem.self, from: .file(url), framing: framing)) == Self.items)
        if framing == .array {
            #expect(try JSONAdapter.models(of: StreamItem.self, from: Data(contentsOf: url)) == Self.items)
        }
    }

    @Test func jsonLinesAreOneCompactModelPerLine() throws {
        let stream = OutputStream.toMemory()
        let writer = try JSONStreamWriter(stream: stream, framing: .lines, formatting: .sortedKeys)
        try writer.append(StreamItem(id: 1, name: "a"))
        try writer.append(["x": [1, nil]] as JSONValue)
        try writer.finish()
        let written = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data
        #expect(written.map { String(decoding: $0, as: UTF8.self) } == "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"x\":[1,null]}\n")
    }

    @Test func aPrettyPrintedArrayReadsBackAndAnEmptyOneIsBrackets() throws {
        let stream = OutputStream.toMemory()
        let writer = try JSONStreamWriter(stream: stream, framing: .array, formatting: [.prettyPrinted, .sortedKeys])
        try writer.append(contentsOf: Self.items.prefix(3))
        try writer.finish()
        let written = try #require(stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data)
        #expect(try JSONAdapter.models(of: StreamItem.self, from: written) == Array(Self.items.prefix(3)))
        let empty = OutputStream.toMemory()
        try JSONStreamWriter(stream: empty, framing: .array).finish()
        #expect((empty.property(forKey: .dataWrittenToMemoryStreamKey) as? Data).map { String(decoding: $0, as: UTF8.self) } == "[]\n")
    }

    @Test func whatTheWriterCannotWriteIsRefused() throws {
        let stream = OutputStream.toMemory()
        #expect(throws: StrataError.self) { try JSONStreamWriter(stream: stream, framing: .lines, formatting: .prettyPrinted) }
        #expect(throws: StrataError.self) { try JSONStreamWriter(stream: stream, framing: .array(at: "data")) }
        let writer = try JSONStreamWriter(stream: stream, framing: .lines)
        try writer.finish()
        #expect(throws: StrataError.self) { try writer.append(StreamItem()) }
    }
}
