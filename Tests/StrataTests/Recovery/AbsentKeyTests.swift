import Foundation
import Testing
@testable import Strata

private struct AbsentCard: JSONSerializing, Equatable {
    var id = ""
    var last4 = ""
    var name: String?
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

private struct AbsentSources: JSONSerializing, Equatable {
    var data: [AbsentCard] = []
    var hasMore = false
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

private struct AbsentCustomer: JSONSerializing, Equatable {
    var id = ""
    var sources = AbsentSources()
    var stars = 0
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "sources": "sources", "stars": "stats.stargazers",
    ]
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["sources": .defaultForInvalid]
}

/// The keys `JSONDiagnostics` reports absent, from `Data` and from the
/// dictionary the data holds, which must agree.
private func absentKeys<T: JSONSerializing>(_ type: T.Type, _ json: String) throws -> [String] {
    var fromData = JSONDiagnostics()
    _ = try JSONAdapter.model(of: T.self, from: Data(json.utf8), diagnostics: &fromData)
    var fromDictionary = JSONDiagnostics()
    _ = try JSONAdapter.model(of: T.self, from: try jsonObject(json), diagnostics: &fromDictionary)
    #expect(fromData.description == fromDictionary.description)
    return fromData.recoveries.filter { $0.action == .absentKey }.map(\.error.pathDescription)
}

@Suite("Absent keys in diagnostics")
struct AbsentKeyTests {
    @Test func everyAbsentMappedKeyIsReportedWithItsJSONPath() throws {
        let json = """
            {"id": "cus", "sources": {"data": [{"id": "a", "last4": "1", "name": null}, {"id": "b", "last_4": "2"}],
             "has_more": false}}
            """
        #expect(try absentKeys(AbsentCustomer.self, json) == ["sources.data[1].last4", "sources.data[1].name", "stats.stargazers"])
    }

    @Test func aKeySentAsNullIsNotAbsent() throws {
        let keys = try absentKeys(AbsentCard.self, #"{"id": "x", "name": null}"#)
        #expect(keys == ["last4"])
    }

    @Test func theRecoverySaysWhatHappenedAndWhatToDo() throws {
        var diagnostics = JSONDiagnostics()
        let card = try JSONAdapter.model(of: AbsentCard.self, from: Data(#"{"id": "a", "name": "n"}"#.utf8), diagnostics: &diagnostics)
        #expect(card.last4 == "")
        let recovery = try #require(diagnostics.recoveries.first)
        #expect(recovery.action == .absentKey)
        #expect(recovery.path == [.key("last4")])
        #expect(recovery.description.hasPrefix("last4: absent, kept the default value: The JSON has no last4"))
    }

    @Test func topLevelArraysPutTheIndexInFront() throws {
        let json = #"[{"id": "a", "last4": "1", "name": "x"}, {"id": "b", "name": "y"}]"#
        var fromData = JSONDiagnostics()
        _ = try JSONAdapter.models(of: AbsentCard.self, from: Data(json.utf8), diagnostics: &fromData)
        var fromArray = JSONDiagnostics()
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        _ = try JSONAdapter.models(of: AbsentCard.self, from: array, diagnostics: &fromArray)
        #expect(fromData.recoveries.map(\.error.pathDescription) == ["[1].last4"])
        #expect(fromArray.description == fromData.description)
    }

    @Test func absentKeysInsideAValueThatFailsAndKeepsItsDefaultAreNotReported() throws {
        // `sources` fails as a whole (its `data` holds a string): what was absent inside it is not in the model.
        let json = #"{"id": "c", "stars": 1, "sources": {"data": [{"id": "a"}, "x"]}}"#
        var diagnostics = JSONDiagnostics()
        _ = try JSONAdapter.model(of: AbsentCustomer.self, from: Data(json.utf8), diagnostics: &diagnostics)
        #expect(diagnostics.recoveries.map(\.action) == [.keptDefault, .absentKey])
        #expect(diagnostics.recoveries.map(\.error.pathDescription) == ["sources.data[1]", "stats.stargazers"])
    }

    @Test func withoutDiagnosticsNothingIsRecordedAndTheModelIsTheSame() throws {
        let json = #"{"id": "a"}"#
        let plain = try JSONAdapter.model(of: AbsentCard.self, from: Data(json.utf8))
        var diagnostics = JSONDiagnostics()
        let reported = try JSONAdapter.model(of: AbsentCard.self, from: Data(json.utf8), diagnostics: &diagnostics)
        #expect(plain == reported)
        #expect(diagnostics.recoveries.count == 2)
    }
}
