import Foundation
@testable import Strata

/// Decodes `json` from `Data` and from its parsed dictionary with diagnostics,
/// requiring the same model and the same report from both; returns the model
/// and the report's lines about values (absent keys, which every test model
/// here has many of, are left out: ``AbsentKeyTests`` checks them).
func decodeReporting<T: JSONSerializing & Equatable>(
    _ type: T.Type, _ json: String
) throws -> (model: T, report: [String]) {
    var fromData = JSONDiagnostics()
    let model = try JSONAdapter.model(of: T.self, from: Data(json.utf8), diagnostics: &fromData)
    var fromDictionary = JSONDiagnostics()
    let other = try JSONAdapter.model(of: T.self, from: try jsonObject(json), diagnostics: &fromDictionary)
    guard model == other, fromData.description == fromDictionary.description else {
        throw StrataError(
            .invalidJSON,
            "The two sources disagree: \(model) / \(other); \(fromData.description) / \(fromDictionary.description)")
    }
    return (model, fromData.recoveries.filter { $0.action != .absentKey }.map(\.description))
}

struct Attachment: JSONSerializing, Equatable {
    var id = 0
    var url: URL?
    var tags: [String] = []
    static let propertyKeys: PropertyKeys<Attachment> = ["id": \.id, "url": \.url, "tags": \.tags]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["url": .defaultForInvalid]
}

struct Post: JSONSerializing, Equatable {
    var id = 0
    var replies = -1
    var title: String? = "untitled"
    var score = 0.0
    var author = Attachment()
    var media: [Attachment] = []
    var links: [URL] = []
    var counts: [String: Int] = [:]
    var labels: Set<String> = []

    static let propertyKeys: PropertyKeys<Post> = [
        "id": \.id, "replies": \.replies, "title": \.title, "score": \.score, "author": \.author,
        "media": \.media, "links": \.links, "counts": \.counts, "labels": \.labels,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = [
        "replies": .defaultForNull, "title": .defaultForNull, "score": .defaultForInvalid,
        "author": .defaultForInvalid, "media": .skipsInvalidElements, "links": .skipsInvalidElements,
        "counts": .skipsInvalidElements, "labels": .skipsInvalidElements,
    ]
}

/// The same properties as ``Post``, strict.
struct StrictPost: JSONSerializing, Equatable {
    var replies = -1
    var media: [Attachment] = []
    var links: [URL] = []
    static let propertyKeys: PropertyKeys<StrictPost> = ["replies": \.replies, "media": \.media, "links": \.links]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}


extension Post: JSONMappedCodable {}
