import Foundation
import Testing
@testable import Strata

// Inputs the fuzz targets in Fuzz/ found, each decoded the same way from `Data` and
// from a dictionary.

private struct TeamMember: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    static let propertyKeys: PropertyKeys<TeamMember> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
    static var requiredPropertyKeys: Set<String> { ["login"] }
}

private struct Teams: JSONSerializing, Equatable {
    var teams: [String: TeamMember] = [:]
    static let propertyKeys: PropertyKeys<Teams> = ["teams": \.teams]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["teams": "teams"]
}

@Suite("Data and dictionaries agree on inputs found by fuzzing")
struct FuzzFindingsTests {
    fileprivate static func failure(_ body: () throws -> Teams) -> String {
        do {
            return "decoded \(try body())"
        } catch let error as StrataError {
            return "\(error.code) at \(error.pathDescription): \(error.reason)"
        } catch {
            return "\(error)"
        }
    }

    /// Fuzz/Targets/Adapter.swift: with several refused values in a `[String: Model]`,
    /// the error is the smallest key's, whatever order a dictionary of the same members
    /// holds them in, so the Data and dictionary entry points and repeated calls agree.
    @Test func severalRefusedDictionaryValuesReportTheSmallestKey() throws {
        let members = [
            ("d", #""x""#), ("b", "5"), ("a", "null"), ("c", #"{"id": 1}"#), ("e", #"{"login": "ok"}"#), ("f", "[]"),
        ]
        var outcomes: Set<String> = []
        // The same members in several orders: each dictionary built from them has its own order.
        for rotation in 0..<members.count {
            let rotated = members[rotation...] + members[..<rotation]
            let text = #"{"teams": {"# + rotated.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
            let data = Data(text.utf8)
            outcomes.insert(Self.failure { try JSONAdapter.model(of: Teams.self, from: data) })
            let native = try #require(try JSONReader.nativeObject(with: data) as? [String: Any])
            outcomes.insert(Self.failure { try JSONAdapter.model(of: Teams.self, from: native) })
            let foundation = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            outcomes.insert(Self.failure { try JSONAdapter.model(of: Teams.self, from: foundation) })
        }
        #expect(outcomes == ["nullForNonOptional at teams.a: Found null, but the elements are TeamMember, which is not optional."])
    }

    /// The input the adapter target reduced (a duplicated key among refused values).
    @Test func theFuzzedDocumentFailsTheSameWayFromDataAndFromItsDictionary() throws {
        let text = #"{"teams":{"89999990000000000000000000000000000000000000000ame": "twice", "meta": {"depth": {"valu[e": 0}}, "meta": null, "push0000,0000\u0000":{"login":"nul"}}}"#
        let data = Data(text.utf8)
        let native = try #require(try JSONReader.nativeObject(with: data) as? [String: Any])
        let fromData = Self.failure { try JSONAdapter.model(of: Teams.self, from: data) }
        #expect(fromData == Self.failure { try JSONAdapter.model(of: Teams.self, from: native) })
        #expect(
            fromData
                == "typeMismatch at teams.89999990000000000000000000000000000000000000000ame: Expected [String: Any] for 'teams' of Teams, "
                + "found the string \"twice\". Fix the payload, or give 'teams' a transformer that converts it.")
    }

    /// Fuzz/Targets/Adapter.swift with STRATA_FUZZ_DICTIONARY=foundation: an array-form
    /// transformer receives numbers as `NSNumber` from every source (`FoundationForm`), as
    /// Mantle's do, so `as? Double`, as in `Place`, accepts `48` from Data as from a
    /// JSONSerialization dictionary.
    @Test func anArrayFormTransformerSeesTheSameNumbersFromDataAndFromJSONSerialization() throws {
        let data = Data(#"{"name": "x", "geo": {"lat": 48, "lng": 2.5}}"#.utf8)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expected = Place(name: "x", coordinate: Place.Coordinate(latitude: 48, longitude: 2.5))
        #expect(try JSONAdapter.model(of: Place.self, from: dictionary) == expected)
        #expect(try JSONAdapter.model(of: Place.self, from: data) == expected)
    }
}
