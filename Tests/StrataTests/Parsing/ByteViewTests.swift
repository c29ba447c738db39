import Testing

@testable import Strata

@Suite("Reading input through ByteView")
struct ByteViewTests {
    @Test("Bytes, words and ranges read what the buffer holds")
    func reads() {
        let bytes: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let view = ByteView(buffer)
            #expect(view.count == 16)
            #expect(view[0] == UInt8(ascii: "0") && view[15] == UInt8(ascii: "f"))
            #expect(view[unchecked: 10] == UInt8(ascii: "a"))
            #expect(view.word(at: 8) == UInt64(littleEndian: 0x6665_6463_6261_3938))
            #expect(view.word32(at: 12) == UInt32(littleEndian: 0x6665_6463))
            #expect(Array(view.bytes(3..<6)) == Array("345".utf8))
            #expect(view.dropFirst(14)[0] == UInt8(ascii: "e"))
        }
    }

    @Test("An empty buffer is an empty view")
    func empty() {
        let view = ByteView(UnsafeBufferPointer<UInt8>(start: nil, count: 0))
        #expect(view.count == 0)
        #expect(view.bytes(0..<0).isEmpty)
    }

    @Test("hasBytes compares keys of every length, at every offset, to the last byte")
    func hasBytes() {
        let text: [UInt8] = Array(#"{"a_rather_long_member_key":1,"id":2}"#.utf8)
        text.withUnsafeBufferPointer { buffer in
            let view = ByteView(buffer)
            for key in ["a_rather_long_member_key", "a_rather", "a_rathe", "a", "id", ""] {
                let start = key == "id" ? 31 : 2
                let bytes = Array(key.utf8)
                bytes.withUnsafeBufferPointer { #expect(view.hasBytes(of: ByteView($0), at: start), "\(key)") }
            }
            for key in ["a_rather_long_member_kez", "b_rather_long_member_key", "a_rathex", "x"] {
                let bytes = Array(key.utf8)
                bytes.withUnsafeBufferPointer { #expect(!view.hasBytes(of: ByteView($0), at: 2), "\(key)") }
            }
            let tooLong = Array(repeating: UInt8(ascii: "1"), count: 40)
            tooLong.withUnsafeBufferPointer { #expect(!view.hasBytes(of: ByteView($0), at: 0)) }
            let one: [UInt8] = [UInt8(ascii: "}")]
            one.withUnsafeBufferPointer {
                #expect(view.hasBytes(of: ByteView($0), at: view.count - 1))
                #expect(!view.hasBytes(of: ByteView($0), at: view.count))
            }
        }
    }

    #if DEBUG || STRATA_INTERNAL_CHECKS
    @Test("A read past the end stops the program in builds that check")
    func readPastTheEndIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 2, 3]
            _ = bytes.withUnsafeBufferPointer { ByteView($0)[3] }
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = Array(repeating: 0, count: 8)
            _ = bytes.withUnsafeBufferPointer { ByteView($0).word(at: 1) }
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 2, 3]
            _ = bytes.withUnsafeBufferPointer { ByteView($0).bytes(2..<4) }
        }
    }
    #endif
}
