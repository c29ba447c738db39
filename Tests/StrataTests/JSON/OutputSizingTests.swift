import Foundation
import Testing
@testable import Strata

/// `data(from:)` starts its buffer at the size of the last data of the same type:
/// documents larger and smaller than the last one are written whole, the same
/// bytes as the writer gives for the model's dictionary.
@Suite("Writing documents larger and smaller than the last one")
struct OutputSizingTests {
    struct Note: JSONSerializing, Equatable {
        var title = ""
        var lines: [String] = []

        static let propertyKeys: PropertyKeys<Note> = ["title": \.title, "lines": \.lines]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "lines": "lines"]
    }

    static func note(lines: Int) -> Note {
        Note(title: "note of \(lines)", lines: (0..<lines).map { "line \($0) \"quoted\" é" })
    }

    @Test func eachDocumentIsWrittenWholeWhateverTheLastOnesSize() throws {
        for lines in [0, 2_000, 3, 40_000, 1, 40_001, 39_999] {
            let note = Self.note(lines: lines)
            let written = try JSONAdapter.data(from: note, formatting: .sortedKeys)
            let expected = try JSONWriter.data(
                withJSONObject: JSONAdapter.dictionary(from: note), options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(written == expected, "\(lines) lines")
            #expect(try JSONAdapter.model(of: Note.self, from: written) == note)
        }
    }

    @Test func eachArrayIsWrittenWholeWhateverTheLastOnesSize() throws {
        for count in [500, 0, 2, 1_000, 999] {
            let notes = (0..<count).map { Self.note(lines: $0 % 7) }
            let written = try JSONAdapter.data(from: notes)
            #expect(try JSONAdapter.models(of: Note.self, from: written) == notes, "\(count) notes")
            // The single-model size is kept apart: one note after an array of them.
            let one = try JSONAdapter.data(from: Self.note(lines: 1))
            #expect(try JSONAdapter.model(of: Note.self, from: one) == Self.note(lines: 1))
        }
    }
}
