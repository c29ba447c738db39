import Foundation
import Testing
@testable import Strata

@Suite("Stream errors and skipped elements")
struct StreamErrorTests {
    static let lines = "{\"id\":1}\n\n{\"id\":\"2\"}\n{\"id\":3}\n{\"id\":\n{\"id\":5}"

    @Test func anElementsErrorCarriesItsIndexLineAndByteOffset() async throws {
        let bytes = Array(Self.lines.utf8)
        let error = await strataError {
            _ = try await collect(JSONAdapter.models(of: StreamItem.self, from: Bytes(bytes: bytes), framing: .lines))
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.streamPosition == StrataError.StreamPosition(elementIndex: 1, line: 3, byteOffset: 10))
        #expect(error?.pathDescription == "[1].id")
        #expect(
            error?.description
                == "[1].id: Expected Int for 'id' of StreamItem, found the string \"2\". Fix the payload, or give 'id' a "
                + "transformer that converts it. (line 3, byte 10 of the stream)")
    }

    @Test func theStreamEndsAfterAnError() throws {
        var elements = JSONAdapter.models(of: StreamItem.self, from: .data(Data(Self.lines.utf8)), framing: .lines)
        #expect(try elements.next()?.id == 1)
        #expect(throws: StrataError.self) { try elements.next() }
        #expect(try elements.next() == nil)
    }

    @Test func skippedElementsAreReportedAndTheStreamGoesOn() async throws {
        let elements = JSONAdapter.models(
            of: StreamItem.self, from: DataChunks(Array(Self.lines.utf8), cutAt: [12, 30]), framing: .lines,
            recovery: .skipsInvalidElements)
        let models = try await collect(elements)
        #expect(models.map(\.id) == [1, 3, 5])
        // Keys absent from the elements read are reported too, as by every read with diagnostics.
        let recoveries = elements.diagnostics.recoveries.filter { $0.action != .absentKey }
        #expect(recoveries.map(\.action) == [.skippedElement, .skippedElement])
        #expect(recoveries.map(\.error.streamPosition?.elementIndex) == [1, 3])
        #expect(recoveries.map(\.error.streamPosition?.line) == [3, 5])
        #expect(recoveries[0].description.hasPrefix("[1].id: left out this element: Expected Int"))
        #expect(recoveries[1].error.code == .invalidJSON)
    }

    @Test func theRecoveriesOfAnElementsPropertiesAreReportedWithItsIndex() throws {
        var elements = JSONAdapter.models(
            of: LenientStreamItem.self, from: .data(Data("{\"id\":1,\"score\":1}\n{\"id\":2,\"score\":\"x\"}".utf8)),
            framing: .lines, recovery: .skipsInvalidElements)
        #expect(try collect(elements).map(\.score) == [1, -1])
        _ = try elements.next()
        let values = elements.diagnostics.recoveries.filter { $0.action == .keptDefault }
        #expect(values.map(\.error.pathDescription) == ["[1].score"])
        #expect(values.first?.error.streamPosition?.line == 2)
    }

    @Test func aBrokenArrayEndsTheStreamEvenWhenSkipping() async throws {
        let text = "[{\"id\":1},\n{\"id\":2} {\"id\":3}]"
        let elements = JSONAdapter.models(
            of: StreamItem.self, from: Bytes(bytes: Array(text.utf8)), framing: .array, recovery: .skipsInvalidElements)
        var read: [Int] = []
        let error = await strataError { for try await model in elements { read.append(model.id) } }
        #expect(read == [1, 2])
        #expect(error?.code == .invalidJSON)
        #expect(error?.streamPosition == StrataError.StreamPosition(elementIndex: 2, line: 2, byteOffset: 20))
        #expect(error?.reason.hasPrefix("The stream is not valid a JSON array. Expected ',' or ']' after an element, found '{'.") == true)
    }

    @Test func anInvalidElementInsideAnArrayIsSkippedWhenItsFramingHolds() throws {
        var elements = JSONAdapter.models(
            of: StreamItem.self, from: .data(Data("[{\"id\":1},{\"id\" 2},{\"id\":3}]".utf8)), framing: .array,
            recovery: .skipsInvalidElements)
        #expect(try collect(elements).map(\.id) == [1, 3])
        _ = try elements.next()
        #expect(elements.diagnostics.recoveries.filter { $0.action == .skippedElement }.map(\.error.code) == [.invalidJSON])
    }

    @Test func aTruncatedStreamIsAnError() throws {
        let truncatedArray = JSONAdapter.models(of: StreamItem.self, from: .data(Data("[{\"id\":1},{\"id\":".utf8)), framing: .array)
        #expect(throws: StrataError.self) { try collect(truncatedArray) }
        // A last line cut short is an element that is not valid JSON.
        var lines = JSONAdapter.models(of: StreamItem.self, from: .data(Data("{\"id\":1}\n{\"id\":".utf8)), framing: .lines)
        #expect(try lines.next()?.id == 1)
        let error = #expect(throws: StrataError.self) { try lines.next() }
        #expect(error?.code == .invalidJSON)
        #expect(error?.streamPosition?.line == 2)
    }

    @Test func aConcatenatedValueCutShortEndsTheStream() throws {
        var values = JSONAdapter.models(of: JSONValue.self, from: .data(Data("{\"a\":1} {\"b\":[".utf8)), framing: .concatenated)
        #expect(try values.next() == ["a": 1])
        let error = #expect(throws: StrataError.self) { try values.next() }
        #expect(error?.reason == "The stream is not valid concatenated JSON. The stream ends inside a value: it is cut short. "
            + "Fix the stream; the elements before this point were read.")
    }

    @Test func bracketsThatDoNotMatchEndTheStream() throws {
        let elements = JSONAdapter.models(of: JSONValue.self, from: .data(Data("[{\"a\":[1}]]".utf8)), framing: .array)
        let error = #expect(throws: StrataError.self) { try collect(elements) }
        #expect(error?.reason.contains("closes no object") == true)
        #expect(error?.streamPosition?.byteOffset == 8)
    }

    @Test func aRecoveryOtherThanSkippingIsRefused() throws {
        let elements = JSONAdapter.models(
            of: StreamItem.self, from: .data(Data("{}".utf8)), framing: .lines, recovery: .defaultForNull)
        let error = #expect(throws: StrataError.self) { try collect(elements) }
        #expect(error?.code == .invalidOptions)
    }

    @Test func textSequenceBytesBeforeTheFirstSeparatorAreAnError() throws {
        let elements = JSONAdapter.models(of: JSONValue.self, from: .data(Data("1\n\u{1E}2\n".utf8)), framing: .textSequence)
        let error = #expect(throws: StrataError.self) { try collect(elements) }
        #expect(error?.reason.contains("before its first record separator") == true)
    }
}
