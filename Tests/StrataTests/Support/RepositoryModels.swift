import Foundation
import Testing
@testable import Strata

// A GitHub-like repository payload: nested models, an array of models, a dotted
// key path, a URL, an enum and an ISO 8601 date.

struct Owner: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    static let propertyKeys: PropertyKeys<Owner> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
}

enum Visibility: String, CaseIterable, Sendable { case `public`, `private` }

struct Repo: JSONSerializing, Equatable {
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
        "owner": \.owner, "contributors": \.contributors, "createdAt": \.createdAt, "visibility": \.visibility,
        "tags": \.tags,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "fullName": "full_name", "homepage": "homepage",
        "owner": "owner", "contributors": "contributors", "createdAt": "meta.created_at", "visibility": "visibility",
        "tags": "tags",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? .iso8601Date : nil
    }
}

/// A well-formed repository payload, as JSON text.
let repoJSONText = """
    {"id": 1, "full_name": "ada/engine", "homepage": "https://example.org/engine",
     "owner": {"login": "ada", "id": 2},
     "contributors": [{"login": "charles", "id": 3}, {"login": "mary", "id": 4}],
     "meta": {"created_at": "2024-05-01T12:30:00Z"},
     "visibility": "private", "tags": ["math", "steam"]}
    """

/// Parses JSON text with `JSONSerialization`, as an app receiving a payload would.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(object as? [String: Any])
}
