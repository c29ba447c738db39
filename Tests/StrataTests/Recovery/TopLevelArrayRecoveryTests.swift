import Foundation
import Testing

@testable import Strata

/// A lossy property whose transformer reads its array with `JSONAdapter.models(of:from:)`.
private struct Wrapper: JSONSerializing {
    var items: [Attachment] = []
    static let propertyKeys: PropertyKeys<Wrapper> = ["items": \.items]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["items": "items"]
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["items": .skipsInvalidElements]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(
            forward: { value in
                guard let array = value as? [Any] else { return nil }
                return try JSONAdapter.models(of: Attachment.self, from: array)
            },
            reverse: { _ in nil })
    }
}

/// A top-level array (a page of results) with `recovery: .skipsInvalidElements`:
/// one bad element is left out and reported with its index, from `Data` and from
/// an `[Any]` alike, instead of failing the page.
@Suite("Lossy top-level arrays")
struct TopLevelArrayRecoveryTests {
    /// Reads `json` both ways with the recovery, requiring the same models and the
    /// same report from both.
    private func readPage(_ json: String) throws -> (models: [Attachment], report: [String]) {
        var fromData = JSONDiagnostics()
        let models = try JSONAdapter.models(
            of: Attachment.self, from: Data(json.utf8), recovery: .skipsInvalidElements, diagnostics: &fromData)
        var fromArray = JSONDiagnostics()
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let others = try JSONAdapter.models(
            of: Attachment.self, from: array, recovery: .skipsInvalidElements, diagnostics: &fromArray)
        #expect(models == others)
        #expect(fromData.description == fromArray.description)
        return (models, fromData.recoveries.filter { $0.action != .absentKey }.map(\.description))
    }

    @Test("Each element that fails is left out and reported with its index")
    func skipsAndReports() throws {
        let page = try readPage(#"[{"id": 1}, {"id": "two"}, 3, {"id": 4}, null, {"id": 6, "tags": ["a", 7]}]"#)
        #expect(page.models.map(\.id) == [1, 4])
        #expect(page.report.map { $0.components(separatedBy: ":").first ?? "" } == ["[1].id", "[2]", "[4]", "[5].tags[1]"])
        #expect(page.report.allSatisfy { $0.contains(": left out this element: ") })
    }

    @Test("An element's own properties keep their model's recoveries, not the page's")
    func elementsKeepTheirOwnRecoveries() throws {
        // `url` keeps its default when invalid (Attachment's recovery): the element stays, and
        // says so; `tags` is strict: the element whose tags fail is left out whole.
        let page = try readPage(#"[{"id": 1, "url": ""}, {"id": 2, "tags": ["a", null]}]"#)
        #expect(page.models.map(\.id) == [1])
        #expect(page.models.first?.url == nil)
        #expect(page.report.map { $0.components(separatedBy: ":").first ?? "" } == ["[0].url", "[1].tags[1]"])
    }

    @Test("Without the recovery, the first bad element fails the page")
    func strictByDefault() {
        var diagnostics = JSONDiagnostics()
        let error = strataFailure {
            try JSONAdapter.models(of: Attachment.self, from: Data(#"[{"id": 1}, {"id": "x"}]"#.utf8), diagnostics: &diagnostics)
        }
        #expect(error?.pathDescription == "[1].id")
    }

    @Test("A top-level read inside a lossy property's transformer follows its own recovery: none")
    func topLevelReadInsideALossyProperty() {
        var diagnostics = JSONDiagnostics()
        let error = strataFailure {
            try JSONAdapter.model(
                of: Wrapper.self, from: Data(#"{"items": [{"id": 1}, {"id": "x"}]}"#.utf8), diagnostics: &diagnostics)
        }
        #expect(error?.pathDescription == "items[1].id")
    }

    @Test("What no recovery hides still fails: data that is not JSON, a payload that is not an array")
    func unrecoverable() {
        var diagnostics = JSONDiagnostics()
        let notJSON = strataFailure {
            try JSONAdapter.models(
                of: Attachment.self, from: Data(#"[{"id": 1}, {"id": ]"#.utf8), recovery: .skipsInvalidElements,
                diagnostics: &diagnostics)
        }
        #expect(notJSON?.code == .invalidJSON)
        let notAnArray = strataFailure {
            try JSONAdapter.models(
                of: Attachment.self, from: Data(#"{"id": 1}"#.utf8), recovery: .skipsInvalidElements,
                diagnostics: &diagnostics)
        }
        #expect(notAnArray?.code == .invalidJSONDictionary)
    }

    @Test("A recovery only a property can have is refused", arguments: [JSONRecovery.defaultForNull, .defaultForInvalid])
    func propertyRecoveriesAreRefused(_ recovery: JSONRecovery) {
        var diagnostics = JSONDiagnostics()
        let error = strataFailure {
            try JSONAdapter.models(of: Attachment.self, from: [["id": 1]], recovery: recovery, diagnostics: &diagnostics)
        }
        #expect(error?.code == .invalidOptions)
        #expect(error?.localizedDescription.contains("takes only the recovery .skipsInvalidElements") == true)
    }
}
