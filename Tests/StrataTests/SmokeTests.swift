import Foundation
import Testing
@testable import Strata

struct Owner: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    static let propertyKeys: PropertyKeys<Owner> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
}

enum Visibility: String, CaseIterable { case `public`, `private` }

struct Repo: JSONSerializing {
    var id = 0
    var fullName = ""
    var homepage: URL? = nil
    var owner = Owner()
    var contributors: [Owner] = []
    var createdAt: Date? = nil
    var visibility = Visibility.public
    var tags: [String] = []
    static let propertyKeys: PropertyKeys<Repo> = [
        "id": \.id, "fullName": \.fullName, "homepage": \.homepage,
        "owner": \.owner, "contributors": \.contributors, "createdAt": \.createdAt, "visibility": \.visibility, "tags": \.tags,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "fullName": "full_name", "homepage": "homepage",
        "owner": "owner", "contributors": "contributors", "createdAt": "meta.created_at", "visibility": "visibility", "tags": "tags",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? .iso8601Date : nil
    }
}

@Test func smoke() throws {
    let json = try JSONSerialization.jsonObject(with: Data("""
    {"id": 1, "full_name": "a/b", "homepage": "https://x.org", "owner": {"login": "ada", "id": 2},
     "contributors": [{"login": "x", "id": 3}, {"login": "y", "id": 4}], "meta": {"created_at": "2024-05-01T12:30:00Z"}, "visibility": "private", "tags": ["a", "b"]}
    """.utf8)) as? [String: Any] ?? [:]
    let repo = try JSONAdapter.model(of: Repo.self, from: json)
    print(repo)
    let back = try JSONAdapter.dictionary(from: repo)
    print(back, JSONSerialization.isValidJSONObject(back))
    let again = try JSONAdapter.model(of: Repo.self, from: back)
    print(again)
    var bad = json
    bad["contributors"] = [["login": "x", "id": 3], ["login": "y", "id": 1.5]]
    #expect(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: bad) }
    do { _ = try JSONAdapter.model(of: Repo.self, from: bad) } catch { print(error) }
    bad["contributors"] = [["login": "x", "id": true]]
    do { _ = try JSONAdapter.model(of: Repo.self, from: bad) } catch { print(error) }
    bad["visibility"] = "secret"
    do { _ = try JSONAdapter.model(of: Repo.self, from: bad) } catch { print(error) }
    bad["id"] = NSNull()
    do { _ = try JSONAdapter.model(of: Repo.self, from: bad) } catch { print(error) }
}
