import Foundation
import Testing
@testable import Strata

/// Dictionaries built in Swift, not parsed: values JSON cannot hold, numbers at
/// their edges, containers where others are expected. Each is a thrown error
/// with the value's path, never a crash, and never a half-set model.
@Suite("Hostile dictionaries")
struct HostileDictionaryTests {
    private final class Opaque {}

    /// (the error's path, the dictionary). Built per call: `[String: Any]` is not `Sendable`.
    private static func cases() -> [(String, [String: Any])] {
        [
        ("count", ["count": Date()] as [String: Any]),
        ("count", ["count": Opaque()]),
        ("count", ["count": Double.nan]),
        ("count", ["count": Double.infinity]),
        ("count", ["count": UInt64.max]),
        ("count", ["count": NSNumber(value: UInt64.max)]),
        ("count", ["count": [1, 2]]),
        ("ratio", ["ratio": "0.5"]),
        ("ratio", ["ratio": NSNull(), "count": 1]),
        ("name", ["name": 42]),
        ("name", ["name": ["nested": "object"]]),
        ("link", ["link": 12]),
        ("link", ["link": ""]),
        ("owner", ["owner": [1, 2, 3]]),
        ("owner", ["owner": "ada"]),
        ("owner.login", ["owner": ["login": Date()]]),
        ("owners", ["owners": ["login": "ada"]]),
        ("owners[1]", ["owners": [["login": "a"], "b"]]),
        ("owners[1].login", ["owners": [["login": "a"], ["login": Opaque()]]]),
        ("owners[0]", ["owners": [NSNull()]]),
        ("tags", ["tags": "one"]),
        ("tags[1]", ["tags": ["a", 2]]),
        ("levels.high", ["levels": ["high": -1, "low": 0.5]]),
        ]
    }

    private static let caseCount = 23

    @Test func everyCaseIsRun() {
        #expect(Self.cases().count == Self.caseCount)
    }

    @Test(arguments: 0..<caseCount)
    func aValueThatIsNotWhatTheModelHoldsIsAnErrorAtItsPath(index: Int) throws {
        let (path, json) = Self.cases()[index]
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Hostile.self, from: json) }
        #expect(error.pathDescription == path)
        #expect(!error.reason.isEmpty)
    }

    @Test func numbersAtTheirEdgesAreStoredWhereTheyFitExactly() throws {
        let model = try JSONAdapter.model(
            of: Hostile.self, from: ["count": Int.max, "big": UInt64.max, "ratio": Double.greatestFiniteMagnitude])
        #expect(model.count == Int.max)
        #expect(model.big == UInt64.max)
        #expect(model.ratio == Double.greatestFiniteMagnitude)
    }

    @Test func aModelHoldingAValueJSONCannotRepresentIsNotWritten() throws {
        var model = Hostile()
        model.ratio = .nan
        let toDictionary = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        let toData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: model) }
        #expect(toDictionary.pathDescription == "ratio")
        #expect(toDictionary.description == toData.description)
    }
}

private struct HostileOwner: JSONSerializing, Equatable {
    var login = ""
    static let propertyKeys: PropertyKeys<HostileOwner> = ["login": \.login]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login"]
}

private struct Hostile: JSONSerializing, Equatable {
    var count = 0
    var big: UInt64 = 0
    var ratio = 0.0
    var name = ""
    var link: URL?
    var owner: HostileOwner?
    var owners: [HostileOwner] = []
    var tags: [String] = []
    var levels: [String: UInt8] = [:]
    static let propertyKeys: PropertyKeys<Hostile> = [
        "count": \.count, "big": \.big, "ratio": \.ratio, "name": \.name, "link": \.link, "owner": \.owner,
        "owners": \.owners, "tags": \.tags, "levels": \.levels,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "count": "count", "big": "big", "ratio": "ratio", "name": "name", "link": "link", "owner": "owner",
        "owners": "owners", "tags": "tags", "levels": "levels",
    ]
}
