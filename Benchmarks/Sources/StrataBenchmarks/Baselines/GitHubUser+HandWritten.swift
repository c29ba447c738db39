import Foundation

/// The hand-written baseline: `as?` casts with defaults one way, a dictionary
/// literal the other, as people write them.
extension GitHubUser {
    init(handWritten json: [String: Any]) {
        login = json["login"] as? String ?? ""
        id = json["id"] as? Int ?? 0
        nodeID = json["node_id"] as? String ?? ""
        avatarURL = (json["avatar_url"] as? String).flatMap(URL.init(string:))
        gravatarID = json["gravatar_id"] as? String ?? ""
        url = (json["url"] as? String).flatMap(URL.init(string:))
        htmlURL = (json["html_url"] as? String).flatMap(URL.init(string:))
        followersURL = (json["followers_url"] as? String).flatMap(URL.init(string:))
        followingURL = json["following_url"] as? String ?? ""
        gistsURL = json["gists_url"] as? String ?? ""
        starredURL = json["starred_url"] as? String ?? ""
        subscriptionsURL = (json["subscriptions_url"] as? String).flatMap(URL.init(string:))
        organizationsURL = (json["organizations_url"] as? String).flatMap(URL.init(string:))
        reposURL = (json["repos_url"] as? String).flatMap(URL.init(string:))
        eventsURL = json["events_url"] as? String ?? ""
        receivedEventsURL = (json["received_events_url"] as? String).flatMap(URL.init(string:))
        type = (json["type"] as? String).flatMap(AccountType.init(rawValue:)) ?? .user
        siteAdmin = json["site_admin"] as? Bool ?? false
        name = json["name"] as? String
        company = json["company"] as? String
        blog = json["blog"] as? String ?? ""
        location = json["location"] as? String
        email = json["email"] as? String
        hireable = json["hireable"] as? Bool
        bio = json["bio"] as? String
        twitterUsername = json["twitter_username"] as? String
        publicRepos = json["public_repos"] as? Int ?? 0
        publicGists = json["public_gists"] as? Int ?? 0
        followers = json["followers"] as? Int ?? 0
        following = json["following"] as? Int ?? 0
        createdAt = (json["created_at"] as? String).flatMap { try? HandWrittenFormatters.iso8601.parse($0) } ?? .distantPast
        updatedAt = (json["updated_at"] as? String).flatMap { try? HandWrittenFormatters.iso8601.parse($0) } ?? .distantPast
    }

    var handWrittenDictionary: [String: Any] {
        [
            "login": login,
            "id": id,
            "node_id": nodeID,
            "avatar_url": avatarURL?.absoluteString ?? NSNull(),
            "gravatar_id": gravatarID,
            "url": url?.absoluteString ?? NSNull(),
            "html_url": htmlURL?.absoluteString ?? NSNull(),
            "followers_url": followersURL?.absoluteString ?? NSNull(),
            "following_url": followingURL,
            "gists_url": gistsURL,
            "starred_url": starredURL,
            "subscriptions_url": subscriptionsURL?.absoluteString ?? NSNull(),
            "organizations_url": organizationsURL?.absoluteString ?? NSNull(),
            "repos_url": reposURL?.absoluteString ?? NSNull(),
            "events_url": eventsURL,
            "received_events_url": receivedEventsURL?.absoluteString ?? NSNull(),
            "type": type.rawValue,
            "site_admin": siteAdmin,
            "name": name ?? NSNull(),
            "company": company ?? NSNull(),
            "blog": blog,
            "location": location ?? NSNull(),
            "email": email ?? NSNull(),
            "hireable": hireable ?? NSNull(),
            "bio": bio ?? NSNull(),
            "twitter_username": twitterUsername ?? NSNull(),
            "public_repos": publicRepos,
            "public_gists": publicGists,
            "followers": followers,
            "following": following,
            "created_at": HandWrittenFormatters.iso8601.format(createdAt),
            "updated_at": HandWrittenFormatters.iso8601.format(updatedAt),
        ]
    }
}
