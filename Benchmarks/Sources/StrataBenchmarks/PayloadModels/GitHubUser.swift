import Foundation
import Strata

/// Whether a GitHub account is a person or an organisation.
enum AccountType: String, Codable, Sendable {
    case user = "User"
    case organization = "Organization"
    case bot = "Bot"
}

/// Payload (a): a GitHub user, 32 flat fields, some of them null.
///
/// One type serves every path (Strata, `Codable`, the hand-written mapping), so
/// the field types are the same by construction and results compare directly.
/// The `Codable` conformance is declared here because Swift synthesises it only
/// in the type's own file; the coders are configured in `Baselines/CodableCoders.swift`.
struct GitHubUser: Equatable, Sendable {
    var login = ""
    var id = 0
    var nodeID = ""
    var avatarURL: URL?
    var gravatarID = ""
    var url: URL?
    var htmlURL: URL?
    var followersURL: URL?
    var followingURL = ""  // a URI template ("…/following{/other_user}"), not a URL
    var gistsURL = ""
    var starredURL = ""
    var subscriptionsURL: URL?
    var organizationsURL: URL?
    var reposURL: URL?
    var eventsURL = ""
    var receivedEventsURL: URL?
    var type = AccountType.user
    var siteAdmin = false
    var name: String?
    var company: String?
    var blog = ""
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var twitterUsername: String?
    var publicRepos = 0
    var publicGists = 0
    var followers = 0
    var following = 0
    var createdAt = Date.distantPast
    var updatedAt = Date.distantPast
}

extension GitHubUser: JSONSerializing {
    static let propertyKeys: PropertyKeys<GitHubUser> = [
        "login": \.login, "id": \.id, "nodeID": \.nodeID, "avatarURL": \.avatarURL, "gravatarID": \.gravatarID,
        "url": \.url, "htmlURL": \.htmlURL, "followersURL": \.followersURL, "followingURL": \.followingURL,
        "gistsURL": \.gistsURL, "starredURL": \.starredURL, "subscriptionsURL": \.subscriptionsURL,
        "organizationsURL": \.organizationsURL, "reposURL": \.reposURL, "eventsURL": \.eventsURL,
        "receivedEventsURL": \.receivedEventsURL, "type": \.type, "siteAdmin": \.siteAdmin, "name": \.name,
        "company": \.company, "blog": \.blog, "location": \.location, "email": \.email, "hireable": \.hireable,
        "bio": \.bio, "twitterUsername": \.twitterUsername, "publicRepos": \.publicRepos,
        "publicGists": \.publicGists, "followers": \.followers, "following": \.following,
        "createdAt": \.createdAt, "updatedAt": \.updatedAt,
    ]

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "nodeID": "node_id", "avatarURL": "avatar_url", "gravatarID": "gravatar_id",
        "url": "url", "htmlURL": "html_url", "followersURL": "followers_url", "followingURL": "following_url",
        "gistsURL": "gists_url", "starredURL": "starred_url", "subscriptionsURL": "subscriptions_url",
        "organizationsURL": "organizations_url", "reposURL": "repos_url", "eventsURL": "events_url",
        "receivedEventsURL": "received_events_url", "type": "type", "siteAdmin": "site_admin", "name": "name",
        "company": "company", "blog": "blog", "location": "location", "email": "email", "hireable": "hireable",
        "bio": "bio", "twitterUsername": "twitter_username", "publicRepos": "public_repos",
        "publicGists": "public_gists", "followers": "followers", "following": "following",
        "createdAt": "created_at", "updatedAt": "updated_at",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" || key == "updatedAt" ? .iso8601Date : nil
    }
}

extension GitHubUser: Codable {
    enum CodingKeys: String, CodingKey {
        case login, id, nodeID = "node_id", avatarURL = "avatar_url", gravatarID = "gravatar_id", url
        case htmlURL = "html_url", followersURL = "followers_url", followingURL = "following_url"
        case gistsURL = "gists_url", starredURL = "starred_url", subscriptionsURL = "subscriptions_url"
        case organizationsURL = "organizations_url", reposURL = "repos_url", eventsURL = "events_url"
        case receivedEventsURL = "received_events_url", type, siteAdmin = "site_admin", name, company, blog
        case location, email, hireable, bio, twitterUsername = "twitter_username", publicRepos = "public_repos"
        case publicGists = "public_gists", followers, following, createdAt = "created_at", updatedAt = "updated_at"
    }
}

/// Archived by row 5 with `ModelArchiver`; every property with its default behaviour.
extension GitHubUser: SecureCodingModel {}
