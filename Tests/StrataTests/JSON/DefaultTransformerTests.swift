import Foundation
import Testing
@testable import Strata

/// Properties without a transformer of their own get one chosen by their type,
/// also inside `Optional`, arrays and `[String: T]`.
@Suite("Default transformers by property type")
struct DefaultTransformerTests {
    @Test func nestedModelsInOptionalsArraysAndDictionaries() throws {
        let json = try jsonObject(#"""
            {"optional": {"owner": {"login": "a", "id": 1}},
             "owners": [{"login": "b", "id": 2}],
             "owners_by_team": {"core": {"login": "c", "id": 3}}}
            """#)
        let model = try JSONAdapter.model(of: Everything.self, from: json)
        #expect(model.optionalOwner == Owner(login: "a", id: 1))
        #expect(model.owners == [Owner(login: "b", id: 2)])
        #expect(model.ownersByTeam == ["core": Owner(login: "c", id: 3)])
    }

    @Test func urlsAndUUIDs() throws {
        let uuid = UUID()
        let json = try jsonObject(#"""
            {"scalars": {"url": "https://example.org/x", "uuid": "\#(uuid.uuidString.lowercased())"},
             "optional": {"url": "https://example.org/y"}, "urls": ["https://a.example", "https://b.example"]}
            """#)
        let model = try JSONAdapter.model(of: Everything.self, from: json)
        #expect(model.scalars.url == URL(string: "https://example.org/x"))
        #expect(model.scalars.uuid == uuid)
        #expect(model.optionalURL == URL(string: "https://example.org/y"))
        #expect(model.urls == [URL(string: "https://a.example"), URL(string: "https://b.example")].compactMap { $0 })
    }

    @Test func stringAndIntEnumsInOptionalsArraysAndDictionaries() throws {
        let json = try jsonObject(#"""
            {"scalars": {"suit": "spades", "rank": 13}, "optional": {"suit": "hearts"},
             "suits": ["hearts", "spades"], "ranks_by_name": {"ace": 13}}
            """#)
        let model = try JSONAdapter.model(of: Everything.self, from: json)
        #expect(model.scalars.suit == .spades)
        #expect(model.scalars.rank == .high)
        #expect(model.optionalSuit == .hearts)
        #expect(model.suits == [.hearts, .spades])
        #expect(model.ranksByName == ["ace": .high])
    }

    @Test(arguments: [
        (#"{"scalars": {"suit": "clubs"}}"#, "scalars.suit", "The string \"clubs\" is not a valid Suit. Known values: \"hearts\", \"spades\"."),
        (#"{"scalars": {"rank": 7}}"#, "scalars.rank", "The number 7 is not a valid Rank. Known values: 1, 13."),
        (
            #"{"scalars": {"rank": "13"}}"#, "scalars.rank",
            "Expected Int for 'rank' of Scalars, found the string \"13\". Fix the payload, or give 'rank' a transformer that converts it."
        ),
        (#"{"suits": ["hearts", "clubs"]}"#, "suits[1]", "The string \"clubs\" is not a valid Suit. Known values: \"hearts\", \"spades\"."),
        (#"{"ranks_by_name": {"x": 2}}"#, "ranks_by_name.x", "The number 2 is not a valid Rank. Known values: 1, 13."),
    ])
    func unknownRawValueIsAnError(_ text: String, path: String, reason: String) throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Everything.self, from: try jsonObject(text))
        }
        #expect(error.pathDescription == path)
        #expect(error.reason == reason)
    }

    @Test func collectionsOfScalarsAndNestedCollections() throws {
        let json = try jsonObject(#"""
            {"numbers": [1, 2, 3], "optional_numbers": [1, null], "scores": {"a": 1.5, "b": 2},
             "matrix": [[1], [], [2, 3]]}
            """#)
        let model = try JSONAdapter.model(of: Everything.self, from: json)
        #expect(model.numbers == [1, 2, 3])
        #expect(model.optionalNumbers == [1, nil])
        #expect(model.scores == ["a": 1.5, "b": 2])
        #expect(model.matrix == [[1], [], [2, 3]])
    }

    @Test(arguments: [
        (#"{"numbers": [1, "2"]}"#, "numbers[1]", StrataError.Code.typeMismatch),
        (#"{"numbers": [1, 2.5]}"#, "numbers[1]", .typeMismatch),
        (#"{"numbers": [1, null]}"#, "numbers[1]", .nullForNonOptional),
        (#"{"numbers": {"a": 1}}"#, "numbers", .typeMismatch),
        (#"{"matrix": [[1], [2, true]]}"#, "matrix[1][1]", .typeMismatch),
        (#"{"scores": {"a": "high"}}"#, "scores.a", .typeMismatch),
        (#"{"scores": [1]}"#, "scores", .typeMismatch),
        (#"{"urls": ["https://a.example", ""]}"#, "urls[1]", .transformerFailed),
        (#"{"urls": [3]}"#, "urls[0]", .typeMismatch),
        (#"{"scalars": {"uuid": "not-a-uuid"}}"#, "scalars.uuid", .transformerFailed),
        (#"{"owners": [{"login": "a"}, "b"]}"#, "owners[1]", .typeMismatch),
        (#"{"owners_by_team": {"core": {"id": "7"}}}"#, "owners_by_team.core.id", .typeMismatch),
        (#"{"scalars": 5}"#, "scalars", .typeMismatch),
    ])
    func badElementNamesItsPath(_ text: String, path: String, code: StrataError.Code) throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Everything.self, from: try jsonObject(text))
        }
        #expect(error.pathDescription == path)
        #expect(error.code == code)
    }

    @Test func stringsBoolsAndEveryIntegerAndFloatingType() throws {
        let json = try jsonObject(#"""
            {"bool": true, "string": "s", "int": -1, "int8": -8, "int16": -16, "int32": -32, "int64": -64,
             "uint": 1, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64, "float": 0.5, "double": 0.25,
             "decimal": 12.75}
            """#)
        let model = try JSONAdapter.model(of: Scalars.self, from: json)
        #expect(model.bool)
        #expect(model.string == "s")
        #expect((model.int, model.int8, model.int16, model.int32, model.int64) == (-1, -8, -16, -32, -64))
        #expect((model.uint, model.uint8, model.uint16, model.uint32, model.uint64) == (1, 8, 16, 32, 64))
        #expect(model.float == 0.5)
        #expect(model.double == 0.25)
        #expect(model.decimal == Decimal(string: "12.75"))
    }
}
