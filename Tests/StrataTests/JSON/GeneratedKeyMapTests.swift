import Foundation
import Testing
@testable import Strata

/// A GitHub user with a generated snake-case map: every JSON key has an acronym
/// or a camel-case hump the rule must get right.
private struct SnakeUser: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    var nodeID = ""
    var avatarURL: URL?
    var gravatarID = ""
    var htmlURL: URL?
    var followersURL: URL?
    var receivedEventsURL: URL?
    var siteAdmin = false
    var twitterUsername: String?
    var publicRepos = 0
    var userID2FA = false
    var fullName = ""
    /// Read-only: listed in the schema, so the generated map must leave it out.
    var displayName: String { fullName.isEmpty ? login : fullName }

    static let propertyKeys: PropertyKeys<SnakeUser> = [
        "login": \.login, "id": \.id, "nodeID": \.nodeID, "avatarURL": \.avatarURL,
        "gravatarID": \.gravatarID, "htmlURL": \.htmlURL, "followersURL": \.followersURL,
        "receivedEventsURL": \.receivedEventsURL, "siteAdmin": \.siteAdmin,
        "twitterUsername": \.twitterUsername, "publicRepos": \.publicRepos, "userID2FA": \.userID2FA,
        "fullName": \.fullName, "displayName": \.displayName,
    ]

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        .merging(["fullName": "name"]) { $1 }
}

/// The same keys, mapped by their own names.
private struct IdentityPoint: JSONSerializing, Equatable {
    var x = 0.0
    var y = 0.0
    var length: Double { (x * x + y * y).squareRoot() }

    static let propertyKeys: PropertyKeys<IdentityPoint> = ["x": \.x, "y": \.y, "length": \.length]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A listed stored `let`, which a generated map names so that the plan refuses it.
private struct ListedConstant: JSONSerializing {
    var x = 0.0
    let unit: String

    init() { unit = "m" }

    static let propertyKeys: PropertyKeys<ListedConstant> = ["x": \.x, "unit": \.unit]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A final class with stored `let`s, one listed under its own name and one under
/// another key, beside a read-only computed property.
private final class ListedClassConstants: JSONSerializing {
    var title = ""
    let createdBy: String
    let revision: Int
    var summary: String { "\(title) by \(createdBy)" }

    init() {
        createdBy = "system"
        revision = 1
    }

    static let propertyKeys: PropertyKeys<ListedClassConstants> = [
        "title": \.title, "createdBy": \.createdBy, "version": \.revision, "summary": \.summary,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// Two keys that give the same snake-case key.
private struct CollidingKeys: JSONSerializing {
    var userID = 0
    var userId = 0
    static let propertyKeys: PropertyKeys<CollidingKeys> = ["userID": \.userID, "userId": \.userId]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// A class hierarchy whose base generates the map from the dynamic `propertyKeys`.
private class SnakeEvent: JSONSerializing {
    typealias KeyPathRoot = SnakeEvent
    var eventID = ""
    required init() {}
    class var propertyKeys: PropertyKeys<SnakeEvent> { ["eventID": \.eventID] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
}

private final class SnakePushEvent: SnakeEvent {
    var headSHA = ""
    override class var propertyKeys: PropertyKeys<SnakeEvent> {
        super.propertyKeys.adding(["headSHA": \.headSHA] as PropertyKeys<SnakePushEvent>)
    }
}

/// A payload as GitHub's users API returns it, with the keys `SnakeUser` maps.
private let snakeUserJSON = """
    {"login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
     "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4", "gravatar_id": "",
     "html_url": "https://github.com/octocat", "followers_url": "https://api.github.com/users/octocat/followers",
     "received_events_url": "https://api.github.com/users/octocat/received_events",
     "site_admin": false, "twitter_username": null, "public_repos": 8, "user_id2fa": true,
     "name": "The Octocat"}
    """

/// `object` as JSON text with sorted keys, to compare two objects' keys and values.
private func sortedJSON(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

@Suite("Generated key maps")
struct GeneratedKeyMapTests {
    @Test(arguments: [
        ("avatarURL", "avatar_url"), ("htmlURL", "html_url"), ("nodeID", "node_id"),
        ("userID2FA", "user_id2fa"), ("id", "id"), ("URLString", "url_string"), ("login", "login"),
        ("siteAdmin", "site_admin"), ("receivedEventsURL", "received_events_url"), ("ID", "id"),
        ("isHTTPSEnabled", "is_https_enabled"), ("top10Items", "top10_items"), ("version2", "version2"),
        ("sha256Hash", "sha256_hash"), ("is3dModel", "is3d_model"), ("already_snake", "already_snake"),
        ("HTTP_status", "http_status"), ("_private", "_private"), ("aB", "a_b"), ("", ""),
        ("étéPrix", "été_prix"), ("last4", "last4"), ("addressLine1", "address_line1"),
        ("sha256Digest", "sha256_digest"), ("oauth2Token", "oauth2_token"), ("ID2Value", "id2_value"),
    ])
    func snakeCaseRule(_ key: String, expected: String) {
        #expect(JSONKeyPath.snakeCase(key) == expected)
    }

    @Test func snakeCasedMapsEveryWritableKeyAndLeavesReadOnlyKeysOut() {
        let map = JSONKeyPath.snakeCased(for: SnakeUser.propertyKeys)
        let expected: [String: JSONKeyPath] = [
            "login": "login", "id": "id", "nodeID": "node_id", "avatarURL": "avatar_url",
            "gravatarID": "gravatar_id", "htmlURL": "html_url", "followersURL": "followers_url",
            "receivedEventsURL": "received_events_url", "siteAdmin": "site_admin",
            "twitterUsername": "twitter_username", "publicRepos": "public_repos", "userID2FA": "user_id2fa",
            "fullName": "full_name",
        ]
        #expect(map == expected)
        #expect(map["displayName"] == nil)
    }

    @Test func identityMapsKeysToThemselvesWithoutReadOnlyOnes() throws {
        #expect(JSONKeyPath.identity(for: IdentityPoint.propertyKeys) == ["x": "x", "y": "y"])
        let point = try JSONAdapter.model(of: IdentityPoint.self, from: ["x": 3, "y": 4, "length": 1])
        #expect(point.length == 5)
        let json = try JSONAdapter.dictionary(from: point)
        #expect(json.keys.sorted() == ["x", "y"])
    }

    @Test func aListedStoredLetIsAnInvalidMappingNotADroppedKey() throws {
        #expect(JSONKeyPath.identity(for: ListedConstant.propertyKeys) == ["x": "x", "unit": "unit"])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: ListedConstant.self, from: ["x": 1, "unit": "ft"])
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'unit'") && error.reason.contains("var"))
        #expect(error.reason.contains("storedProperties(excluding: [\"unit\"])"))
    }

    @Test func aFinalClassesListedLetIsAnInvalidMappingNamingIt() throws {
        #expect(
            JSONKeyPath.snakeCased(for: ListedClassConstants.propertyKeys)
                == ["title": "title", "createdBy": "created_by", "version": "version"])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: ListedClassConstants.self, from: ["title": "Notes", "created_by": "ada"])
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'createdBy' is mapped to JSON but is read-only"))
        #expect(error.reason.contains("'version' is mapped to JSON but is read-only"))
        #expect(error.reason.contains(#".filter { $0.key != "createdBy" }"#))
        #expect(!error.reason.contains("storedProperties"))
        #expect(!error.reason.contains("'summary'"))
    }

    @Test func aKeyWithADotStaysOneJSONKey() throws {
        struct Dotted: Model {
            var value = 0
            static let propertyKeys: PropertyKeys<Dotted> = ["a.b": \.value]
        }
        let path = try #require(JSONKeyPath.identity(for: Dotted.propertyKeys)["a.b"])
        #expect(path.paths.map(\.segments) == [["a.b"]])
    }

    @Test func theModelsOwnKeysOverrideGeneratedOnes() {
        #expect(SnakeUser.jsonKeyPathsByPropertyKey["fullName"] == "name")
        #expect(SnakeUser.jsonKeyPathsByPropertyKey["avatarURL"] == "avatar_url")
    }

    @Test func writingRestoresExactlyTheKeysRead() throws {
        let data = Data(snakeUserJSON.utf8)
        let payload = try jsonObject(snakeUserJSON)
        let fromData = try JSONAdapter.model(of: SnakeUser.self, from: data)
        let user = try JSONAdapter.model(of: SnakeUser.self, from: payload)
        #expect(user == fromData)
        #expect(user.nodeID == "MDQ6VXNlcjU4MzIzMQ==")
        #expect(user.avatarURL?.host() == "avatars.githubusercontent.com")
        #expect(user.receivedEventsURL?.lastPathComponent == "received_events")
        #expect(user.userID2FA)
        #expect(user.fullName == "The Octocat")

        let written = try JSONAdapter.dictionary(from: user)
        #expect(written.keys.sorted() == payload.keys.sorted())
        #expect(try sortedJSON(written) == sortedJSON(payload))
        #expect(try JSONAdapter.model(of: SnakeUser.self, from: written) == user)
    }

    @Test func keysThatGiveTheSameJSONKeyAreAnInvalidMapping() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: CollidingKeys.self, from: ["user_id": 1])
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'userID' (user_id) and 'userId' (user_id) overlap"))
    }

    @Test func aBaseClassGeneratesItsSubclassesMapsToo() throws {
        #expect(SnakePushEvent.jsonKeyPathsByPropertyKey == ["eventID": "event_id", "headSHA": "head_sha"])
        let event = try JSONAdapter.model(of: SnakePushEvent.self, from: ["event_id": "e1", "head_sha": "abc"])
        #expect(event.eventID == "e1")
        #expect(event.headSHA == "abc")
        let json = try JSONAdapter.dictionary(from: event)
        #expect(json.keys.sorted() == ["event_id", "head_sha"])
    }
}
