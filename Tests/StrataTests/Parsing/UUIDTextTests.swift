import Foundation
import Testing
@testable import Strata

@Suite("UUIDText: UUIDs read and written from their 36 bytes, as Foundation does")
struct UUIDTextTests {
    /// A deterministic spread of UUIDs: every byte value appears in every position.
    private static let samples: [UUID] = (0..<512).map { seed in
        var raw = [UInt8](repeating: 0, count: 16)
        for index in raw.indices { raw[index] = UInt8((seed &* 37 &+ index &* 101) & 0xFF) }
        return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                           raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
    } + (0..<256).map { _ in UUID() }

    @Test("Writes exactly uuidString")
    func writesLikeFoundation() {
        for uuid in Self.samples {
            #expect(UUIDText.text(of: uuid) == uuid.uuidString)
        }
    }

    @Test("Reads the canonical text, in upper and lower case, to the same UUID as Foundation")
    func readsCanonicalText() {
        for uuid in Self.samples {
            #expect(UUIDText.uuid(from: uuid.uuidString) == uuid)
            #expect(UUIDText.uuid(from: uuid.uuidString.lowercased()) == uuid)
            // The hand-written reader itself, not the fallback to Foundation, reads both.
            #expect(Array(uuid.uuidString.utf8).withUnsafeBufferPointer { UUIDText.canonical($0) } == uuid)
            #expect(Array(uuid.uuidString.lowercased().utf8).withUnsafeBufferPointer { UUIDText.canonical($0) } == uuid)
        }
    }

    @Test("Any other text is read as Foundation reads it", arguments: [
        "", "E621E1F8", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5FF", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        " E621E1F8-C36C-495A-93FC-0C247A3E6E5", "+621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5\u{E9}",
        "E621E1F8-C36C-495A-93FC_0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "00000000-0000-0000-0000-000000000000",
    ])
    func agreesWithFoundation(text: String) {
        #expect(UUIDText.uuid(from: text) == UUID(uuidString: text))
    }

    @Test(".uuid and the default UUID property read and write through it")
    func transformerUsesIt() throws {
        let uuid = UUID()
        let forward = try ValueTransformer.uuid.checkedTransformedValue(uuid.uuidString.lowercased()) as? UUID
        #expect(forward == uuid)
        #expect(try ValueTransformer.uuid.checkedReverseTransformedValue(uuid) as? String == uuid.uuidString)
    }
}
