import Foundation
import Strata

// Payload (e): a concert catalogue (`citm_catalog.json`, third-party data read
// from the data directory, see `PayloadFiles`, 1.7 MB): name tables keyed by
// id, 184 events keyed by id, and 243 performances with their prices and seat
// categories. Every field is modelled; the structs' keys are derived.

/// The whole catalogue.
struct CitmCatalog {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
    var events: [String: CitmEvent] = [:]
    var performances: [CitmPerformance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

extension CitmCatalog: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// An event: what is performed.
struct CitmEvent {
    var description: String?
    var id = 0
    var logo: String?
    var name = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

extension CitmEvent: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A performance of an event: where, when, and at what prices.
struct CitmPerformance {
    var eventId = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [CitmPrice] = []
    var seatCategories: [CitmSeatCategory] = []
    var seatMapImage: String?
    var start = 0
    var venueCode = ""
}

extension CitmPerformance: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A price, in cents, for an audience and a seat category.
struct CitmPrice {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

extension CitmPrice: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A seat category and the areas it covers.
struct CitmSeatCategory {
    var areas: [CitmArea] = []
    var seatCategoryId = 0
}

extension CitmSeatCategory: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// An area of a venue and its blocks.
struct CitmArea {
    var areaId = 0
    var blockIds: [Int] = []
}

extension CitmArea: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}
