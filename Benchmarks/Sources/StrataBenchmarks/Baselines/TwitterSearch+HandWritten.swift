import Foundation

// The hand-written baseline for the Twitter payload: `as?` casts with defaults
// one way, dictionary literals the other, one initialiser and one property per
// type, as people write them.

private typealias JSON = [String: Any]

extension TwitterSearch {
    init(handWritten json: [String: Any]) {
        statuses = (json["statuses"] as? [JSON] ?? []).map(Status.init(handWritten:))
        searchMetadata = (json["search_metadata"] as? JSON).map(SearchMetadata.init(handWritten:)) ?? SearchMetadata()
    }

    var handWrittenDictionary: [String: Any] {
        ["statuses": statuses.map(\.handWrittenDictionary), "search_metadata": searchMetadata.handWrittenDictionary]
    }
}

extension SearchMetadata {
    init(handWritten json: [String: Any]) {
        completedIn = json["completed_in"] as? Double ?? 0
        maxID = json["max_id"] as? Int ?? 0
        maxIDStr = json["max_id_str"] as? String ?? ""
        nextResults = json["next_results"] as? String ?? ""
        query = json["query"] as? String ?? ""
        refreshURL = json["refresh_url"] as? String ?? ""
        count = json["count"] as? Int ?? 0
        sinceID = json["since_id"] as? Int ?? 0
        sinceIDStr = json["since_id_str"] as? String ?? ""
    }

    var handWrittenDictionary: [String: Any] {
        [
            "completed_in": completedIn, "max_id": maxID, "max_id_str": maxIDStr, "next_results": nextResults,
            "query": query, "refresh_url": refreshURL, "count": count, "since_id": sinceID,
            "since_id_str": sinceIDStr,
        ]
    }
}

extension Status {
    convenience init(handWritten json: [String: Any]) {
        self.init()
        metadata = (json["metadata"] as? JSON).map(StatusMetadata.init(handWritten:)) ?? StatusMetadata()
        createdAt = (json["created_at"] as? String).flatMap(HandWrittenFormatters.twitter.date(from:)) ?? .distantPast
        id = json["id"] as? Int ?? 0
        idStr = json["id_str"] as? String ?? ""
        text = json["text"] as? String ?? ""
        source = json["source"] as? String ?? ""
        truncated = json["truncated"] as? Bool ?? false
        inReplyToStatusID = json["in_reply_to_status_id"] as? Int
        inReplyToStatusIDStr = json["in_reply_to_status_id_str"] as? String
        inReplyToUserID = json["in_reply_to_user_id"] as? Int
        inReplyToUserIDStr = json["in_reply_to_user_id_str"] as? String
        inReplyToScreenName = json["in_reply_to_screen_name"] as? String
        user = (json["user"] as? JSON).map(TwitterUser.init(handWritten:)) ?? TwitterUser()
        retweetCount = json["retweet_count"] as? Int ?? 0
        favoriteCount = json["favorite_count"] as? Int ?? 0
        entities = (json["entities"] as? JSON).map(Entities.init(handWritten:)) ?? Entities()
        favorited = json["favorited"] as? Bool ?? false
        retweeted = json["retweeted"] as? Bool ?? false
        possiblySensitive = json["possibly_sensitive"] as? Bool
        lang = json["lang"] as? String ?? ""
        retweetedStatus = (json["retweeted_status"] as? JSON).map(Status.init(handWritten:))
    }

    var handWrittenDictionary: [String: Any] {
        [
            "metadata": metadata.handWrittenDictionary,
            "created_at": HandWrittenFormatters.twitter.string(from: createdAt),
            "id": id,
            "id_str": idStr,
            "text": text,
            "source": source,
            "truncated": truncated,
            "in_reply_to_status_id": inReplyToStatusID ?? NSNull(),
            "in_reply_to_status_id_str": inReplyToStatusIDStr ?? NSNull(),
            "in_reply_to_user_id": inReplyToUserID ?? NSNull(),
            "in_reply_to_user_id_str": inReplyToUserIDStr ?? NSNull(),
            "in_reply_to_screen_name": inReplyToScreenName ?? NSNull(),
            "user": user.handWrittenDictionary,
            "retweet_count": retweetCount,
            "favorite_count": favoriteCount,
            "entities": entities.handWrittenDictionary,
            "favorited": favorited,
            "retweeted": retweeted,
            "possibly_sensitive": possiblySensitive ?? NSNull(),
            "lang": lang,
            "retweeted_status": retweetedStatus?.handWrittenDictionary ?? NSNull(),
        ]
    }
}

extension StatusMetadata {
    init(handWritten json: [String: Any]) {
        resultType = json["result_type"] as? String ?? ""
        isoLanguageCode = json["iso_language_code"] as? String ?? ""
    }

    var handWrittenDictionary: [String: Any] {
        ["result_type": resultType, "iso_language_code": isoLanguageCode]
    }
}

extension TwitterUser {
    init(handWritten json: [String: Any]) {
        id = json["id"] as? Int ?? 0
        idStr = json["id_str"] as? String ?? ""
        name = json["name"] as? String ?? ""
        screenName = json["screen_name"] as? String ?? ""
        location = json["location"] as? String ?? ""
        description = json["description"] as? String ?? ""
        url = json["url"] as? String
        entities = (json["entities"] as? JSON).map(UserEntities.init(handWritten:)) ?? UserEntities()
        isProtected = json["protected"] as? Bool ?? false
        followersCount = json["followers_count"] as? Int ?? 0
        friendsCount = json["friends_count"] as? Int ?? 0
        listedCount = json["listed_count"] as? Int ?? 0
        createdAt = (json["created_at"] as? String).flatMap(HandWrittenFormatters.twitter.date(from:)) ?? .distantPast
        favouritesCount = json["favourites_count"] as? Int ?? 0
        utcOffset = json["utc_offset"] as? Int
        timeZone = json["time_zone"] as? String
        geoEnabled = json["geo_enabled"] as? Bool ?? false
        verified = json["verified"] as? Bool ?? false
        statusesCount = json["statuses_count"] as? Int ?? 0
        lang = json["lang"] as? String ?? ""
        profileImageURLHTTPS = (json["profile_image_url_https"] as? String).flatMap(URL.init(string:))
        profileBannerURL = (json["profile_banner_url"] as? String).flatMap(URL.init(string:))
        profileBackgroundColor = json["profile_background_color"] as? String ?? ""
        profileLinkColor = json["profile_link_color"] as? String ?? ""
        profileTextColor = json["profile_text_color"] as? String ?? ""
        defaultProfile = json["default_profile"] as? Bool ?? false
        defaultProfileImage = json["default_profile_image"] as? Bool ?? false
        following = json["following"] as? Bool ?? false
        followRequestSent = json["follow_request_sent"] as? Bool ?? false
        notifications = json["notifications"] as? Bool ?? false
    }

    var handWrittenDictionary: [String: Any] {
        [
            "id": id,
            "id_str": idStr,
            "name": name,
            "screen_name": screenName,
            "location": location,
            "description": description,
            "url": url ?? NSNull(),
            "entities": entities.handWrittenDictionary,
            "protected": isProtected,
            "followers_count": followersCount,
            "friends_count": friendsCount,
            "listed_count": listedCount,
            "created_at": HandWrittenFormatters.twitter.string(from: createdAt),
            "favourites_count": favouritesCount,
            "utc_offset": utcOffset ?? NSNull(),
            "time_zone": timeZone ?? NSNull(),
            "geo_enabled": geoEnabled,
            "verified": verified,
            "statuses_count": statusesCount,
            "lang": lang,
            "profile_image_url_https": profileImageURLHTTPS?.absoluteString ?? NSNull(),
            "profile_banner_url": profileBannerURL?.absoluteString ?? NSNull(),
            "profile_background_color": profileBackgroundColor,
            "profile_link_color": profileLinkColor,
            "profile_text_color": profileTextColor,
            "default_profile": defaultProfile,
            "default_profile_image": defaultProfileImage,
            "following": following,
            "follow_request_sent": followRequestSent,
            "notifications": notifications,
        ]
    }
}

extension UserEntities {
    init(handWritten json: [String: Any]) {
        description = (json["description"] as? JSON).map(URLList.init(handWritten:)) ?? URLList()
        url = (json["url"] as? JSON).map(URLList.init(handWritten:))
    }

    var handWrittenDictionary: [String: Any] {
        ["description": description.handWrittenDictionary, "url": url?.handWrittenDictionary ?? NSNull()]
    }
}

extension URLList {
    init(handWritten json: [String: Any]) {
        urls = (json["urls"] as? [JSON] ?? []).map(URLEntity.init(handWritten:))
    }

    var handWrittenDictionary: [String: Any] {
        ["urls": urls.map(\.handWrittenDictionary)]
    }
}

extension Entities {
    init(handWritten json: [String: Any]) {
        hashtags = (json["hashtags"] as? [JSON] ?? []).map(Hashtag.init(handWritten:))
        symbols = (json["symbols"] as? [JSON] ?? []).map(Hashtag.init(handWritten:))
        urls = (json["urls"] as? [JSON] ?? []).map(URLEntity.init(handWritten:))
        userMentions = (json["user_mentions"] as? [JSON] ?? []).map(UserMention.init(handWritten:))
        media = (json["media"] as? [JSON])?.map(Media.init(handWritten:))
    }

    var handWrittenDictionary: [String: Any] {
        [
            "hashtags": hashtags.map(\.handWrittenDictionary),
            "symbols": symbols.map(\.handWrittenDictionary),
            "urls": urls.map(\.handWrittenDictionary),
            "user_mentions": userMentions.map(\.handWrittenDictionary),
            "media": media?.map(\.handWrittenDictionary) ?? NSNull(),
        ]
    }
}

extension Hashtag {
    init(handWritten json: [String: Any]) {
        text = json["text"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }

    var handWrittenDictionary: [String: Any] {
        ["text": text, "indices": indices]
    }
}

extension URLEntity {
    init(handWritten json: [String: Any]) {
        url = json["url"] as? String ?? ""
        expandedURL = json["expanded_url"] as? String ?? ""
        displayURL = json["display_url"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }

    var handWrittenDictionary: [String: Any] {
        ["url": url, "expanded_url": expandedURL, "display_url": displayURL, "indices": indices]
    }
}

extension UserMention {
    init(handWritten json: [String: Any]) {
        screenName = json["screen_name"] as? String ?? ""
        name = json["name"] as? String ?? ""
        id = json["id"] as? Int ?? 0
        idStr = json["id_str"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }

    var handWrittenDictionary: [String: Any] {
        ["screen_name": screenName, "name": name, "id": id, "id_str": idStr, "indices": indices]
    }
}

extension Media {
    init(handWritten json: [String: Any]) {
        id = json["id"] as? Int ?? 0
        idStr = json["id_str"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
        mediaURL = json["media_url"] as? String ?? ""
        mediaURLHTTPS = (json["media_url_https"] as? String).flatMap(URL.init(string:))
        url = json["url"] as? String ?? ""
        displayURL = json["display_url"] as? String ?? ""
        expandedURL = json["expanded_url"] as? String ?? ""
        type = json["type"] as? String ?? ""
        sizes = (json["sizes"] as? JSON).map(MediaSizes.init(handWritten:)) ?? MediaSizes()
        sourceStatusID = json["source_status_id"] as? Int
        sourceStatusIDStr = json["source_status_id_str"] as? String
    }

    var handWrittenDictionary: [String: Any] {
        [
            "id": id,
            "id_str": idStr,
            "indices": indices,
            "media_url": mediaURL,
            "media_url_https": mediaURLHTTPS?.absoluteString ?? NSNull(),
            "url": url,
            "display_url": displayURL,
            "expanded_url": expandedURL,
            "type": type,
            "sizes": sizes.handWrittenDictionary,
            "source_status_id": sourceStatusID ?? NSNull(),
            "source_status_id_str": sourceStatusIDStr ?? NSNull(),
        ]
    }
}

extension MediaSizes {
    init(handWritten json: [String: Any]) {
        medium = (json["medium"] as? JSON).map(MediaSize.init(handWritten:)) ?? MediaSize()
        small = (json["small"] as? JSON).map(MediaSize.init(handWritten:)) ?? MediaSize()
        thumb = (json["thumb"] as? JSON).map(MediaSize.init(handWritten:)) ?? MediaSize()
        large = (json["large"] as? JSON).map(MediaSize.init(handWritten:)) ?? MediaSize()
    }

    var handWrittenDictionary: [String: Any] {
        [
            "medium": medium.handWrittenDictionary, "small": small.handWrittenDictionary,
            "thumb": thumb.handWrittenDictionary, "large": large.handWrittenDictionary,
        ]
    }
}

extension MediaSize {
    init(handWritten json: [String: Any]) {
        w = json["w"] as? Int ?? 0
        h = json["h"] as? Int ?? 0
        resize = json["resize"] as? String ?? ""
    }

    var handWrittenDictionary: [String: Any] {
        ["w": w, "h": h, "resize": resize]
    }
}
