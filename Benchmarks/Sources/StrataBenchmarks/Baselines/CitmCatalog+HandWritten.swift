import Foundation

// The hand-written baseline for the citm_catalog payload: `as?` casts with
// defaults one way, dictionary literals the other (`NSNull()` for `nil`).

private typealias JSON = [String: Any]

extension CitmCatalog {
    init(handWritten json: [String: Any]) {
        areaNames = json["areaNames"] as? [String: String] ?? [:]
        audienceSubCategoryNames = json["audienceSubCategoryNames"] as? [String: String] ?? [:]
        blockNames = json["blockNames"] as? [String: String] ?? [:]
        events = (json["events"] as? [String: JSON] ?? [:]).mapValues(CitmEvent.init(handWritten:))
        performances = (json["performances"] as? [JSON] ?? []).map(CitmPerformance.init(handWritten:))
        seatCategoryNames = json["seatCategoryNames"] as? [String: String] ?? [:]
        subTopicNames = json["subTopicNames"] as? [String: String] ?? [:]
        subjectNames = json["subjectNames"] as? [String: String] ?? [:]
        topicNames = json["topicNames"] as? [String: String] ?? [:]
        topicSubTopics = json["topicSubTopics"] as? [String: [Int]] ?? [:]
        venueNames = json["venueNames"] as? [String: String] ?? [:]
    }

    var handWrittenDictionary: [String: Any] {
        [
            "areaNames": areaNames, "audienceSubCategoryNames": audienceSubCategoryNames, "blockNames": blockNames,
            "events": events.mapValues(\.handWrittenDictionary), "performances": performances.map(\.handWrittenDictionary),
            "seatCategoryNames": seatCategoryNames, "subTopicNames": subTopicNames, "subjectNames": subjectNames,
            "topicNames": topicNames, "topicSubTopics": topicSubTopics, "venueNames": venueNames,
        ]
    }
}

extension CitmEvent {
    init(handWritten json: [String: Any]) {
        description = json["description"] as? String
        id = json["id"] as? Int ?? 0
        logo = json["logo"] as? String
        name = json["name"] as? String ?? ""
        subTopicIds = json["subTopicIds"] as? [Int] ?? []
        subjectCode = json["subjectCode"] as? String
        subtitle = json["subtitle"] as? String
        topicIds = json["topicIds"] as? [Int] ?? []
    }

    var handWrittenDictionary: [String: Any] {
        [
            "description": description ?? NSNull(), "id": id, "logo": logo ?? NSNull(), "name": name,
            "subTopicIds": subTopicIds, "subjectCode": subjectCode ?? NSNull(), "subtitle": subtitle ?? NSNull(),
            "topicIds": topicIds,
        ]
    }
}

extension CitmPerformance {
    init(handWritten json: [String: Any]) {
        eventId = json["eventId"] as? Int ?? 0
        id = json["id"] as? Int ?? 0
        logo = json["logo"] as? String
        name = json["name"] as? String
        prices = (json["prices"] as? [JSON] ?? []).map {
            CitmPrice(
                amount: $0["amount"] as? Int ?? 0, audienceSubCategoryId: $0["audienceSubCategoryId"] as? Int ?? 0,
                seatCategoryId: $0["seatCategoryId"] as? Int ?? 0)
        }
        seatCategories = (json["seatCategories"] as? [JSON] ?? []).map { category in
            CitmSeatCategory(
                areas: (category["areas"] as? [JSON] ?? []).map {
                    CitmArea(areaId: $0["areaId"] as? Int ?? 0, blockIds: $0["blockIds"] as? [Int] ?? [])
                },
                seatCategoryId: category["seatCategoryId"] as? Int ?? 0)
        }
        seatMapImage = json["seatMapImage"] as? String
        start = json["start"] as? Int ?? 0
        venueCode = json["venueCode"] as? String ?? ""
    }

    var handWrittenDictionary: [String: Any] {
        [
            "eventId": eventId, "id": id, "logo": logo ?? NSNull(), "name": name ?? NSNull(),
            "prices": prices.map {
                ["amount": $0.amount, "audienceSubCategoryId": $0.audienceSubCategoryId, "seatCategoryId": $0.seatCategoryId]
            },
            "seatCategories": seatCategories.map { category in
                [
                    "areas": category.areas.map { ["areaId": $0.areaId, "blockIds": $0.blockIds] as [String: Any] },
                    "seatCategoryId": category.seatCategoryId,
                ] as [String: Any]
            },
            "seatMapImage": seatMapImage ?? NSNull(), "start": start, "venueCode": venueCode,
        ]
    }
}
