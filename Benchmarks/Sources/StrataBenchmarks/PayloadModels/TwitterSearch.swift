import Foundation
import Strata

// Payload (b): a Twitter search response (`twitter.json`, third-party data read
// from the data directory, see `PayloadFiles`): 100 statuses with nested users,
// entities, media and retweeted statuses.
//
// Modelled as a client would use it. Left out: `geo`, `coordinates`, `place`
// and `contributors` (null in every status) and the user's profile-page
// cosmetics beyond three colours. As in `GitHubUser.swift`, one type per JSON
// object serves every path; `Codable` is declared with the type because Swift
// synthesises it only in the type's own file.

/// The date format of Twitter's `created_at`: "Sun Aug 31 00:29:15 +0000 2014".
let twitterDateFormat = "EEE MMM dd HH:mm:ss Z yyyy"

/// The whole response.
struct TwitterSearch {
    var statuses: [Status] = []
    var searchMetadata = SearchMetadata()
}

extension TwitterSearch: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<TwitterSearch> = [
        "statuses": \.statuses, "searchMetadata": \.searchMetadata,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "statuses": "statuses", "searchMetadata": "search_metadata",
    ]
    enum CodingKeys: String, CodingKey {
        case statuses, searchMetadata = "search_metadata"
    }
}

/// Paging information of a search.
struct SearchMetadata {
    var completedIn = 0.0
    var maxID = 0
    var maxIDStr = ""
    var nextResults = ""
    var query = ""
    var refreshURL = ""
    var count = 0
    var sinceID = 0
    var sinceIDStr = ""
}

extension SearchMetadata: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<SearchMetadata> = [
        "completedIn": \.completedIn, "maxID": \.maxID, "maxIDStr": \.maxIDStr, "nextResults": \.nextResults,
        "query": \.query, "refreshURL": \.refreshURL, "count": \.count, "sinceID": \.sinceID,
        "sinceIDStr": \.sinceIDStr,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "completedIn": "completed_in", "maxID": "max_id", "maxIDStr": "max_id_str", "nextResults": "next_results",
        "query": "query", "refreshURL": "refresh_url", "count": "count", "sinceID": "since_id",
        "sinceIDStr": "since_id_str",
    ]
    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in", maxID = "max_id", maxIDStr = "max_id_str", nextResults = "next_results"
        case query, refreshURL = "refresh_url", count, sinceID = "since_id", sinceIDStr = "since_id_str"
    }
}

/// A tweet. A class, because a status holds the status it retweets.
final class Status {
    var metadata = StatusMetadata()
    var createdAt = Date.distantPast
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
    var user = TwitterUser()
    var retweetCount = 0
    var favoriteCount = 0
    var entities = Entities()
    var favorited = false
    var retweeted = false
    var possiblySensitive: Bool?
    var lang = ""
    var retweetedStatus: Status?

    init() {}
}

extension Status: JSONSerializing {
    static let propertyKeys: PropertyKeys<Status> = [
        "metadata": \.metadata, "createdAt": \.createdAt, "id": \.id, "idStr": \.idStr, "text": \.text,
        "source": \.source, "truncated": \.truncated, "inReplyToStatusID": \.inReplyToStatusID,
        "inReplyToStatusIDStr": \.inReplyToStatusIDStr, "inReplyToUserID": \.inReplyToUserID,
        "inReplyToUserIDStr": \.inReplyToUserIDStr, "inReplyToScreenName": \.inReplyToScreenName,
        "user": \.user, "retweetCount": \.retweetCount, "favoriteCount": \.favoriteCount,
        "entities": \.entities, "favorited": \.favorited, "retweeted": \.retweeted,
        "possiblySensitive": \.possiblySensitive, "lang": \.lang, "retweetedStatus": \.retweetedStatus,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "metadata": "metadata", "createdAt": "created_at", "id": "id", "idStr": "id_str", "text": "text",
        "source": "source", "truncated": "truncated", "inReplyToStatusID": "in_reply_to_status_id",
        "inReplyToStatusIDStr": "in_reply_to_status_id_str", "inReplyToUserID": "in_reply_to_user_id",
        "inReplyToUserIDStr": "in_reply_to_user_id_str", "inReplyToScreenName": "in_reply_to_screen_name",
        "user": "user", "retweetCount": "retweet_count", "favoriteCount": "favorite_count",
        "entities": "entities", "favorited": "favorited", "retweeted": "retweeted",
        "possiblySensitive": "possibly_sensitive", "lang": "lang", "retweetedStatus": "retweeted_status",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? twitterDate : nil
    }
    /// A new one on each call, which makes a `DateFormatter`: the adapter asks once
    /// per type, when it builds the type's plan.
    static var twitterDate: ValueTransformer {
        ValueTransformer.date(format: twitterDateFormat)
    }
}

extension Status: Codable {
    enum CodingKeys: String, CodingKey {
        case metadata, createdAt = "created_at", id, idStr = "id_str", text, source, truncated
        case inReplyToStatusID = "in_reply_to_status_id", inReplyToStatusIDStr = "in_reply_to_status_id_str"
        case inReplyToUserID = "in_reply_to_user_id", inReplyToUserIDStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name", user, retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", entities, favorited, retweeted
        case possiblySensitive = "possibly_sensitive", lang, retweetedStatus = "retweeted_status"
    }
}

/// Why a status was found.
struct StatusMetadata {
    var resultType = ""
    var isoLanguageCode = ""
}

extension StatusMetadata: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<StatusMetadata> = [
        "resultType": \.resultType, "isoLanguageCode": \.isoLanguageCode,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "resultType": "result_type", "isoLanguageCode": "iso_language_code",
    ]
    enum CodingKeys: String, CodingKey {
        case resultType = "result_type", isoLanguageCode = "iso_language_code"
    }
}

/// The author of a status.
struct TwitterUser {
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
    var createdAt = Date.distantPast
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

extension TwitterUser: JSONSerializing {
    static let propertyKeys: PropertyKeys<TwitterUser> = [
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
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "idStr": "id_str", "name": "name", "screenName": "screen_name", "location": "location",
        "description": "description", "url": "url", "entities": "entities", "isProtected": "protected",
        "followersCount": "followers_count", "friendsCount": "friends_count", "listedCount": "listed_count",
        "createdAt": "created_at", "favouritesCount": "favourites_count", "utcOffset": "utc_offset",
        "timeZone": "time_zone", "geoEnabled": "geo_enabled", "verified": "verified",
        "statusesCount": "statuses_count", "lang": "lang", "profileImageURLHTTPS": "profile_image_url_https",
        "profileBannerURL": "profile_banner_url", "profileBackgroundColor": "profile_background_color",
        "profileLinkColor": "profile_link_color", "profileTextColor": "profile_text_color",
        "defaultProfile": "default_profile", "defaultProfileImage": "default_profile_image",
        "following": "following", "followRequestSent": "follow_request_sent", "notifications": "notifications",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? Status.twitterDate : nil
    }
}

extension TwitterUser: Codable {
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, entities
        case isProtected = "protected", followersCount = "followers_count", friendsCount = "friends_count"
        case listedCount = "listed_count", createdAt = "created_at", favouritesCount = "favourites_count"
        case utcOffset = "utc_offset", timeZone = "time_zone", geoEnabled = "geo_enabled", verified
        case statusesCount = "statuses_count", lang, profileImageURLHTTPS = "profile_image_url_https"
        case profileBannerURL = "profile_banner_url", profileBackgroundColor = "profile_background_color"
        case profileLinkColor = "profile_link_color", profileTextColor = "profile_text_color"
        case defaultProfile = "default_profile", defaultProfileImage = "default_profile_image", following
        case followRequestSent = "follow_request_sent", notifications
    }
}

/// The links in a user's profile.
struct UserEntities {
    var description = URLList()
    var url: URLList?
}

extension UserEntities: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<UserEntities> = ["description": \.description, "url": \.url]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["description": "description", "url": "url"]
}

/// A list of links.
struct URLList {
    var urls: [URLEntity] = []
}

extension URLList: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<URLList> = ["urls": \.urls]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["urls": "urls"]
}

/// What a status's text refers to.
struct Entities {
    var hashtags: [Hashtag] = []
    var symbols: [Hashtag] = []
    var urls: [URLEntity] = []
    var userMentions: [UserMention] = []
    var media: [Media]?
}

extension Entities: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<Entities> = [
        "hashtags": \.hashtags, "symbols": \.symbols, "urls": \.urls, "userMentions": \.userMentions,
        "media": \.media,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "hashtags": "hashtags", "symbols": "symbols", "urls": "urls", "userMentions": "user_mentions",
        "media": "media",
    ]
    enum CodingKeys: String, CodingKey {
        case hashtags, symbols, urls, userMentions = "user_mentions", media
    }
}

/// A hashtag (or a cashtag, in `symbols`) and where it is in the text.
struct Hashtag {
    var text = ""
    var indices: [Int] = []
}

extension Hashtag: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<Hashtag> = ["text": \.text, "indices": \.indices]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "indices": "indices"]
}

/// A shortened link.
struct URLEntity {
    var url = ""
    var expandedURL = ""
    var displayURL = ""
    var indices: [Int] = []
}

extension URLEntity: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<URLEntity> = [
        "url": \.url, "expandedURL": \.expandedURL, "displayURL": \.displayURL, "indices": \.indices,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "url": "url", "expandedURL": "expanded_url", "displayURL": "display_url", "indices": "indices",
    ]
    enum CodingKeys: String, CodingKey {
        case url, expandedURL = "expanded_url", displayURL = "display_url", indices
    }
}

/// A mentioned user.
struct UserMention {
    var screenName = ""
    var name = ""
    var id = 0
    var idStr = ""
    var indices: [Int] = []
}

extension UserMention: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<UserMention> = [
        "screenName": \.screenName, "name": \.name, "id": \.id, "idStr": \.idStr, "indices": \.indices,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "screenName": "screen_name", "name": "name", "id": "id", "idStr": "id_str", "indices": "indices",
    ]
    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name", name, id, idStr = "id_str", indices
    }
}

/// An attached photo.
struct Media {
    var id = 0
    var idStr = ""
    var indices: [Int] = []
    var mediaURL = ""
    var mediaURLHTTPS: URL?
    var url = ""
    var displayURL = ""
    var expandedURL = ""
    var type = ""
    var sizes = MediaSizes()
    var sourceStatusID: Int?
    var sourceStatusIDStr: String?
}

extension Media: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<Media> = [
        "id": \.id, "idStr": \.idStr, "indices": \.indices, "mediaURL": \.mediaURL,
        "mediaURLHTTPS": \.mediaURLHTTPS, "url": \.url, "displayURL": \.displayURL,
        "expandedURL": \.expandedURL, "type": \.type, "sizes": \.sizes, "sourceStatusID": \.sourceStatusID,
        "sourceStatusIDStr": \.sourceStatusIDStr,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "idStr": "id_str", "indices": "indices", "mediaURL": "media_url",
        "mediaURLHTTPS": "media_url_https", "url": "url", "displayURL": "display_url",
        "expandedURL": "expanded_url", "type": "type", "sizes": "sizes", "sourceStatusID": "source_status_id",
        "sourceStatusIDStr": "source_status_id_str",
    ]
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", indices, mediaURL = "media_url", mediaURLHTTPS = "media_url_https", url
        case displayURL = "display_url", expandedURL = "expanded_url", type, sizes
        case sourceStatusID = "source_status_id", sourceStatusIDStr = "source_status_id_str"
    }
}

/// The sizes a photo is served in.
struct MediaSizes {
    var medium = MediaSize()
    var small = MediaSize()
    var thumb = MediaSize()
    var large = MediaSize()
}

extension MediaSizes: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<MediaSizes> = [
        "medium": \.medium, "small": \.small, "thumb": \.thumb, "large": \.large,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "medium": "medium", "small": "small", "thumb": "thumb", "large": "large",
    ]
}

/// One size of a photo.
struct MediaSize {
    var w = 0
    var h = 0
    var resize = ""
}

extension MediaSize: JSONSerializing, Codable {
    static let propertyKeys: PropertyKeys<MediaSize> = ["w": \.w, "h": \.h, "resize": \.resize]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["w": "w", "h": "h", "resize": "resize"]
}
