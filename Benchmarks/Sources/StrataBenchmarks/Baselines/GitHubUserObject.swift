import Foundation

/// The `NSSecureCoding` baseline of row 5: a hand-written class with the same
/// fields as `GitHubUser`, archived with `NSKeyedArchiver` (secure coding on),
/// coded as people write it: typed calls for numbers and booleans, objects for
/// strings, URLs and dates, optional values only when present.
final class GitHubUserObject: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let user: GitHubUser

    init(_ user: GitHubUser) {
        self.user = user
    }

    func encode(with coder: NSCoder) {
        coder.encode(user.login, forKey: "login")
        coder.encode(user.id, forKey: "id")
        coder.encode(user.nodeID, forKey: "nodeID")
        coder.encode(user.avatarURL, forKey: "avatarURL")
        coder.encode(user.gravatarID, forKey: "gravatarID")
        coder.encode(user.url, forKey: "url")
        coder.encode(user.htmlURL, forKey: "htmlURL")
        coder.encode(user.followersURL, forKey: "followersURL")
        coder.encode(user.followingURL, forKey: "followingURL")
        coder.encode(user.gistsURL, forKey: "gistsURL")
        coder.encode(user.starredURL, forKey: "starredURL")
        coder.encode(user.subscriptionsURL, forKey: "subscriptionsURL")
        coder.encode(user.organizationsURL, forKey: "organizationsURL")
        coder.encode(user.reposURL, forKey: "reposURL")
        coder.encode(user.eventsURL, forKey: "eventsURL")
        coder.encode(user.receivedEventsURL, forKey: "receivedEventsURL")
        coder.encode(user.type.rawValue, forKey: "type")
        coder.encode(user.siteAdmin, forKey: "siteAdmin")
        coder.encode(user.name, forKey: "name")
        coder.encode(user.company, forKey: "company")
        coder.encode(user.blog, forKey: "blog")
        coder.encode(user.location, forKey: "location")
        coder.encode(user.email, forKey: "email")
        if let hireable = user.hireable { coder.encode(hireable, forKey: "hireable") }
        coder.encode(user.bio, forKey: "bio")
        coder.encode(user.twitterUsername, forKey: "twitterUsername")
        coder.encode(user.publicRepos, forKey: "publicRepos")
        coder.encode(user.publicGists, forKey: "publicGists")
        coder.encode(user.followers, forKey: "followers")
        coder.encode(user.following, forKey: "following")
        coder.encode(user.createdAt, forKey: "createdAt")
        coder.encode(user.updatedAt, forKey: "updatedAt")
    }

    init?(coder: NSCoder) {
        func string(_ key: String) -> String? { coder.decodeObject(of: NSString.self, forKey: key) as String? }
        func url(_ key: String) -> URL? { coder.decodeObject(of: NSURL.self, forKey: key) as URL? }
        func date(_ key: String) -> Date? { coder.decodeObject(of: NSDate.self, forKey: key) as Date? }
        var user = GitHubUser()
        user.login = string("login") ?? ""
        user.id = coder.decodeInteger(forKey: "id")
        user.nodeID = string("nodeID") ?? ""
        user.avatarURL = url("avatarURL")
        user.gravatarID = string("gravatarID") ?? ""
        user.url = url("url")
        user.htmlURL = url("htmlURL")
        user.followersURL = url("followersURL")
        user.followingURL = string("followingURL") ?? ""
        user.gistsURL = string("gistsURL") ?? ""
        user.starredURL = string("starredURL") ?? ""
        user.subscriptionsURL = url("subscriptionsURL")
        user.organizationsURL = url("organizationsURL")
        user.reposURL = url("reposURL")
        user.eventsURL = string("eventsURL") ?? ""
        user.receivedEventsURL = url("receivedEventsURL")
        user.type = string("type").flatMap(AccountType.init(rawValue:)) ?? .user
        user.siteAdmin = coder.decodeBool(forKey: "siteAdmin")
        user.name = string("name")
        user.company = string("company")
        user.blog = string("blog") ?? ""
        user.location = string("location")
        user.email = string("email")
        user.hireable = coder.containsValue(forKey: "hireable") ? coder.decodeBool(forKey: "hireable") : nil
        user.bio = string("bio")
        user.twitterUsername = string("twitterUsername")
        user.publicRepos = coder.decodeInteger(forKey: "publicRepos")
        user.publicGists = coder.decodeInteger(forKey: "publicGists")
        user.followers = coder.decodeInteger(forKey: "followers")
        user.following = coder.decodeInteger(forKey: "following")
        user.createdAt = date("createdAt") ?? .distantPast
        user.updatedAt = date("updatedAt") ?? .distantPast
        self.user = user
    }
}
