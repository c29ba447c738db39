import Foundation
import Testing
@testable import Strata

/// A paginated envelope, generic over its items: derived keys and computed
/// statics, since a generic type cannot have stored ones.
private struct Page<Item: JSONSerializing>: JSONSerializing {
    var items: [Item] = []
    var nextCursor: String?
    var hasMore = false

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
    static var requiredKeys: RequiredKeys { .nonOptional }
}

private struct PageRepo: JSONSerializing, Equatable {
    var name = ""
    var stars = 0
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

private struct PageUser: JSONSerializing, Equatable {
    var login = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

@Suite("Generic models")
struct GenericModelTests {
    private let repos = #"{"items": [{"name": "a", "stars": 1}, {"name": "b", "stars": 2}], "next_cursor": "c2", "has_more": true}"#

    @Test func aGenericEnvelopeDerivesItsKeysAndDecodesItsItems() throws {
        #expect(Page<PageRepo>.propertyKeys.keys == ["items", "nextCursor", "hasMore"])
        let page = try JSONAdapter.model(of: Page<PageRepo>.self, from: Data(repos.utf8))
        #expect(page.items == [PageRepo(name: "a", stars: 1), PageRepo(name: "b", stars: 2)])
        #expect(page.nextCursor == "c2" && page.hasMore)
        let fromDictionary = try JSONAdapter.model(of: Page<PageRepo>.self, from: try jsonObject(repos))
        #expect(fromDictionary.items == page.items)
    }

    @Test func eachSpecializationHasItsOwnPlan() throws {
        let users = try JSONAdapter.model(
            of: Page<PageUser>.self, from: Data(#"{"items": [{"login": "ada"}], "has_more": false}"#.utf8))
        #expect(users.items == [PageUser(login: "ada")])
        #expect(users.nextCursor == nil)
        #expect(Page<PageUser>.propertyKeys.keys == Page<PageRepo>.propertyKeys.keys)
    }

    @Test func aGenericEnvelopeWritesAndAuditsAsAnyModel() throws {
        let page = try JSONAdapter.model(of: Page<PageRepo>.self, from: Data(repos.utf8))
        let data = try JSONAdapter.data(from: page, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == #"{"has_more":true,"items":[{"name":"a","stars":1},{"name":"b","stars":2}],"next_cursor":"c2"}"#)
        #expect(try JSONAdapter.audit(of: Page<PageRepo>.self, from: Data(repos.utf8)).isComplete)
    }

    @Test func aComputedRequiredKeysRuleApplies() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Page<PageUser>.self, from: Data(#"{"items": []}"#.utf8))
        }
        #expect(error.code == .missingRequiredKeys)
        #expect(error.reason.contains("lacks: has_more."))
    }
}
