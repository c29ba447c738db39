import Foundation
import Testing
@testable import Strata

@Suite("Arrays inside envelopes")
struct EnvelopeStreamTests {
    @Test func theArrayAtAKeyPathAndTheEnvelopesOtherMembers() async throws {
        let text = """
            {"type": "page", "meta": {"count": 2, "data": [{"id": 9}]},
             "result": {"cursor": "c1", "items": [{"id":1,"name":"]"}, {"id":2}], "more": true},
             "after": [1, {"x": "}"}]}
            """
        let bytes = Array(text.utf8)
        let framing = JSONFraming.array(at: "result.items")
        let expectedEnvelope: JSONValue = [
            "type": "page", "meta": ["count": 2, "data": [["id": 9]]],
            "result": ["cursor": "c1", "more": true], "after": [1, ["x": "}"]],
        ]
        for cut in 0...bytes.count {
            let elements = JSONAdapter.models(of: StreamItem.self, from: DataChunks(bytes, cutAt: [cut]), framing: framing)
            #expect(try await collect(elements).map(\.id) == [1, 2], "cut at \(cut)")
            #expect(elements.envelope == expectedEnvelope, "cut at \(cut)")
        }
        var elements = JSONAdapter.models(of: StreamItem.self, from: .data(Data(bytes)), framing: .array(at: "result.items"))
        #expect(try elements.next()?.name == "]")
        // Members after the array are known once the stream has ended.
        #expect(elements.envelope == nil)
        #expect(try elements.next()?.id == 2)
        #expect(try elements.next() == nil)
        #expect(elements.envelope == expectedEnvelope)
    }

    @Test func anEnvelopeWithoutTheArrayIsAnError() throws {
        let elements = JSONAdapter.models(of: JSONValue.self, from: .data(Data(#"{"data": {"x": 1}}"#.utf8)), framing: .array(at: "data.items"))
        let error = #expect(throws: StrataError.self) { try collect(elements) }
        #expect(error?.reason.contains("has no array at data.items") == true)
    }

    @Test func aKeyWithEscapesMatches() throws {
        let elements = JSONAdapter.models(
            of: JSONValue.self, from: .data(Data(#"{"fe\u0061tures": [1, 2]}"#.utf8)), framing: .array(at: "features"))
        #expect(try collect(elements) == [1, 2])
    }

    @Test func theKeyPathsValueMustBeAnArray() throws {
        let elements = JSONAdapter.models(of: JSONValue.self, from: .data(Data(#"{"features": null}"#.utf8)), framing: .array(at: "features"))
        let error = #expect(throws: StrataError.self) { try collect(elements) }
        #expect(error?.reason.contains("Expected the array at features, found 'n'") == true)
    }
}
