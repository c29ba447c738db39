import Foundation
import Testing
@testable import Strata

// Runs of spaces are skipped eight at a time: whatever their length,
// and wherever a tab, newline or other byte interrupts them, a document reads the
// same, and a byte that is not whitespace is never skipped.

@Suite("Whitespace skipping")
struct WhitespaceSkippingTests {
    @Test("Runs of spaces of every length, between every token, read the same")
    func runsOfEveryLength() throws {
        for length in 0...20 {
            for mixed in ["", "\t", "\n", "\r\n"] {
                let gap = String(repeating: " ", count: length) + mixed + String(repeating: " ", count: length / 2)
                let text =
                    "{\(gap)\"profile_background_image_url\"\(gap):\(gap)\"a\"\(gap),\(gap)"
                    + "\"città_di_residenza_attuale\":\"b\"\(gap)}\(gap)"
                let model = try JSONAdapter.model(of: LongKeyModel.self, from: Data(text.utf8))
                #expect(model == LongKeyModel(address: "a", city: "b"), "gap of \(length) + \(mixed.debugDescription)")
            }
        }
    }

    @Test("A byte that is not whitespace after a run of spaces is read, not skipped")
    func nonWhitespaceEndsTheRun() {
        for length in 0...20 {
            // A form feed is not JSON whitespace: the document is invalid wherever it falls.
            let text = "{\"profile_background_image_url\":" + String(repeating: " ", count: length) + "\u{0C}\"a\"}"
            #expect(throws: StrataError.self, "form feed after \(length) spaces") {
                try JSONAdapter.model(of: LongKeyModel.self, from: Data(text.utf8))
            }
        }
    }
}
