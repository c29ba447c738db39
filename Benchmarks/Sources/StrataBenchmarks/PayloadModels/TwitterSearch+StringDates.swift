import Foundation
import Strata

// Payload (b) with its dates kept as sent, for row 2s: `created_at` is a plain
// `String` on both sides (no transformer for Strata, no date strategy for
// `JSONDecoder`), so the row compares the mappings without any date parsing.
//
// Only the three types that hold a date, or hold one that does, have a
// string-dates twin here; every other object (`SearchMetadata`, `Entities`,
// `StatusMetadata`, …) is the type of `TwitterSearch.swift`, and each twin
// reuses its original's JSON key paths and coding keys. As there, `Codable` is
// declared with the type because Swift synthesises it only in the type's own file.

extension TwitterSearch {
    /// The whole response, its statuses with string dates.
    struct StringDates {
        var statuses: [Status.StringDates] = []
        var searchMetadata = SearchMetadata()
    }
}

extension TwitterSearch.StringDates: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<TwitterSearch.StringDates> = [
        "statuses": \.statuses, "searchMetadata": \.searchMetadata,
    ]
    static let jsonKeyPathsByPropertyKey = TwitterSearch.jsonKeyPathsByPropertyKey
    typealias CodingKeys = TwitterSearch.CodingKeys
}

extension Status {
    /// A tweet with `created_at` as sent ("Sun Aug 31 00:29:15 +0000 2014").
    final class StringDates {
        var metadata = StatusMetadata()
        var createdAt = ""
        var id = 0
        var idStr = ""
        var text = ""
        var source = ""
        var truncated = false
        var inReplyToStatusID: Int?
        var inReplyToStatusIDStr: String?
        var inReplyToUserID: Int?
        var inReplyToUserIDStr: String?
        var inReplyToScreenName: String?
        var user = TwitterUser.StringDates()
        var retweetCount = 0
        var favoriteCount = 0
        var entities = Entities()
        var favorited = false
        var retweeted = false
        var possiblySensitive: Bool?
        var lang = ""
        var retweetedStatus: Status.StringDates?

        init() {}
    }
}

extension Status.StringDates: JSONSerializing {
    static let propertyKeys: PropertyKeys<Status.StringDates> = [
        "metadata": \.metadata, "createdAt": \.createdAt, "id": \.id, "idStr": \.idStr, "text": \.text,
        "source": \.source, "truncated": \.truncated, "inReplyToStatusID": \.inReplyToStatusID,
        "inReplyToStatusIDStr": \.inReplyToStatusIDStr, "inReplyToUserID": \.inReplyToUserID,
        "inReplyToUserIDStr": \.inReplyToUserIDStr, "inReplyToScreenName": \.inReplyToScreenName,
        "user": \.user, "retweetCount": \.retweetCount, "favoriteCount": \.favoriteCount,
        "entities": \.entities, "favorited": \.favorited, "retweeted": \.retweeted,
        "possiblySensitive": \.possiblySensitive, "lang": \.lang, "retweetedStatus": \.retweetedStatus,
    ]
    static let jsonKeyPathsByPropertyKey = Status.jsonKeyPathsByPropertyKey
    // No `jsonTransformer(forKey:)`: `createdAt` is a `String`, mapped as one.
}

extension Status.StringDates: Codable {
    typealias CodingKeys = Status.CodingKeys
}

extension TwitterUser {
    /// The author of a status, with `created_at` as sent.
    struct StringDates {
        var id = 0
        var idStr = ""
        var name = ""
        var screenName = ""
        var location = ""
        var description = ""
        var url: String?
        var entities = UserEntities()
        var isProtected = false
        var followersCount = 0
        var friendsCount = 0
        var listedCount = 0
        var createdAt = ""
        var favouritesCount = 0
        var utcOffset: Int?
        var timeZone: String?
        var geoEnabled = false
        var verified = false
        var statusesCount = 0
        var lang = ""
        var profileImageURLHTTPS: URL?
        var profileBannerURL: URL?
        var profileBackgroundColor = ""
        var profileLinkColor = ""
        var profileTextColor = ""
        var defaultProfile = false
        var defaultProfileImage = false
        var following = false
        var followRequestSent = false
        var notifications = false
    }
}

extension TwitterUser.StringDates: JSONSerializing {
    static let propertyKeys: PropertyKeys<TwitterUser.StringDates> = [
        "id": \.id, "idStr": \.idStr, "name": \.name, "screenName": \.screenName, "location": \.location,
        "description": \.description, "url": \.url, "entities": \.entities, "isProtected": \.isProtected,
        "followersCount": \.followersCount, "friendsCount": \.friendsCount, "listedCount": \.listedCount,
        "createdAt": \.createdAt, "favouritesCount": \.favouritesCount, "utcOffset": \.utcOffset,
        "timeZone": \.timeZone, "geoEnabled": \.geoEnabled, "verified": \.verified,
        "statusesCount": \.statusesCount, "lang": \.lang, "profileImageURLHTTPS": \.profileImageURLHTTPS,
        "profileBannerURL": \.profileBannerURL, "profileBackgroundColor": \.profileBackgroundColor,
        "profileLinkColor": \.profileLinkColor, "profileTextColor": \.profileTextColor,
        "defaultProfile": \.defaultProfile, "defaultProfileImage": \.defaultProfileImage,
        "following": \.following, "followRequestSent": \.followRequestSent, "notifications": \.notifications,
    ]
    static let jsonKeyPathsByPropertyKey = TwitterUser.jsonKeyPathsByPropertyKey
    // No `jsonTransformer(forKey:)`: `createdAt` is a `String`, mapped as one.
}

extension TwitterUser.StringDates: Codable {
    typealias CodingKeys = TwitterUser.CodingKeys
}
