import Foundation
import Strata

/// GitHub-timeline-like events, told apart by `"event"`: a tagged enum whose
/// cases hold models, generated at run time (see `TimelineGenerator`).
enum TimelineEvent: Equatable, Sendable {
    case commented(TimelineComment)
    case labeled(TimelineLabeled)
    case unlabeled(TimelineLabeled)
    case closed(TimelineClosed)
    case assigned(TimelineAssigned)
    case renamed(TimelineRenamed)
}

struct TimelineActor: Equatable, Sendable, Codable {
    var login = ""
    var id = 0
}

extension TimelineActor: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineActor> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

struct TimelineComment: Equatable, Sendable, Codable {
    var id = 0
    var actor = TimelineActor()
    var createdAt = ""
    var body = ""
    var authorAssociation = ""

    enum CodingKeys: String, CodingKey {
        case id, actor, createdAt = "created_at", body, authorAssociation = "author_association"
    }
}

extension TimelineComment: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineComment> = [
        "id": \.id, "actor": \.actor, "createdAt": \.createdAt, "body": \.body,
        "authorAssociation": \.authorAssociation,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

struct TimelineLabel: Equatable, Sendable, Codable {
    var name = ""
    var color = ""
}

extension TimelineLabel: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineLabel> = ["name": \.name, "color": \.color]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

struct TimelineLabeled: Equatable, Sendable, Codable {
    var id = 0
    var actor = TimelineActor()
    var createdAt = ""
    var label = TimelineLabel()

    enum CodingKeys: String, CodingKey {
        case id, actor, createdAt = "created_at", label
    }
}

extension TimelineLabeled: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineLabeled> = [
        "id": \.id, "actor": \.actor, "createdAt": \.createdAt, "label": \.label,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

struct TimelineClosed: Equatable, Sendable, Codable {
    var id = 0
    var actor = TimelineActor()
    var createdAt = ""
    var commitId: String?

    enum CodingKeys: String, CodingKey {
        case id, actor, createdAt = "created_at", commitId = "commit_id"
    }
}

extension TimelineClosed: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineClosed> = [
        "id": \.id, "actor": \.actor, "createdAt": \.createdAt, "commitId": \.commitId,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

struct TimelineAssigned: Equatable, Sendable, Codable {
    var id = 0
    var actor = TimelineActor()
    var createdAt = ""
    var assignee = TimelineActor()

    enum CodingKeys: String, CodingKey {
        case id, actor, createdAt = "created_at", assignee
    }
}

extension TimelineAssigned: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineAssigned> = [
        "id": \.id, "actor": \.actor, "createdAt": \.createdAt, "assignee": \.assignee,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

struct TimelineRenamed: Equatable, Sendable, Codable {
    var id = 0
    var actor = TimelineActor()
    var createdAt = ""
    var from = ""
    var to = ""

    enum CodingKeys: String, CodingKey {
        case id, actor, createdAt = "created_at", from, to
    }
}

extension TimelineRenamed: JSONSerializing {
    static let propertyKeys: PropertyKeys<TimelineRenamed> = [
        "id": \.id, "actor": \.actor, "createdAt": \.createdAt, "from": \.from, "to": \.to,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

extension TimelineEvent: JSONTaggedEnum {
    static let tagKeyPath: JSONKeyPath = "event"
    static let casesByTag: [String: JSONTaggedCase<TimelineEvent>] = [
        "commented": .model(TimelineComment.self, TimelineEvent.commented),
        "labeled": .model(TimelineLabeled.self, TimelineEvent.labeled),
        "unlabeled": .model(TimelineLabeled.self, TimelineEvent.unlabeled),
        "closed": .model(TimelineClosed.self, TimelineEvent.closed),
        "assigned": .model(TimelineAssigned.self, TimelineEvent.assigned),
        "renamed": .model(TimelineRenamed.self, TimelineEvent.renamed),
    ]
}

/// The `Codable` baseline: the tag read first, then the case's model decoded
/// from the same object; written as the model with its tag.
extension TimelineEvent: Codable {
    private enum TagKey: String, CodingKey { case event }

    init(from decoder: any Decoder) throws {
        let tag = try decoder.container(keyedBy: TagKey.self).decode(String.self, forKey: .event)
        switch tag {
        case "commented": self = .commented(try TimelineComment(from: decoder))
        case "labeled": self = .labeled(try TimelineLabeled(from: decoder))
        case "unlabeled": self = .unlabeled(try TimelineLabeled(from: decoder))
        case "closed": self = .closed(try TimelineClosed(from: decoder))
        case "assigned": self = .assigned(try TimelineAssigned(from: decoder))
        case "renamed": self = .renamed(try TimelineRenamed(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .event, in: try decoder.container(keyedBy: TagKey.self), debugDescription: "Unknown event \(tag)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        let tag: String
        switch self {
        case .commented(let model): tag = "commented"; try model.encode(to: encoder)
        case .labeled(let model): tag = "labeled"; try model.encode(to: encoder)
        case .unlabeled(let model): tag = "unlabeled"; try model.encode(to: encoder)
        case .closed(let model): tag = "closed"; try model.encode(to: encoder)
        case .assigned(let model): tag = "assigned"; try model.encode(to: encoder)
        case .renamed(let model): tag = "renamed"; try model.encode(to: encoder)
        }
        var container = encoder.container(keyedBy: TagKey.self)
        try container.encode(tag, forKey: .event)
    }
}

/// Writes a JSON array of timeline events, the same bytes for the same count on
/// every run.
enum TimelineGenerator {
    static let count = 8_000

    static func json(count: Int) -> Data {
        var generator = GeneratedSequence(seed: 0x71E1)
        let logins = ["octocat", "hubot", "monalisa", "defunkt", "mojombo", "pjhyett"]
        let labels = [("bug", "d73a4a"), ("enhancement", "a2eeef"), ("question", "d876e3"), ("good first issue", "7057ff")]
        var text = "["
        text.reserveCapacity(count * 260)
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            let a = generator.next(), b = generator.next()
            let actor = "{\"login\":\"\(logins[Int(a % 6)])\",\"id\":\(583_231 + Int(a % 1_000))}"
            let day = 1 + Int(b % 28)
            let common = "\"id\":\(1_000_000 + index),\"actor\":\(actor),\"created_at\":\"2026-03-\(day < 10 ? "0" : "")\(day)T12:\(10 + Int(a % 50)):00Z\""
            switch b % 6 {
            case 0:
                text += "{\"event\":\"commented\",\(common),\"body\":\"Looks good \(index), thanks!\",\"author_association\":\"MEMBER\"}"
            case 1, 2:
                let label = labels[Int(a % 4)]
                text += "{\"event\":\"\(b % 6 == 1 ? "labeled" : "unlabeled")\",\(common),\"label\":{\"name\":\"\(label.0)\",\"color\":\"\(label.1)\"}}"
            case 3:
                let commit = a % 2 == 0 ? "null" : "\"\(String(a, radix: 16))\""
                text += "{\"event\":\"closed\",\(common),\"commit_id\":\(commit)}"
            case 4:
                text += "{\"event\":\"assigned\",\(common),\"assignee\":{\"login\":\"\(logins[Int(b % 6)])\",\"id\":\(1_000 + Int(b % 500))}}"
            default:
                text += "{\"event\":\"renamed\",\(common),\"from\":\"Title \(index)\",\"to\":\"New title \(index)\"}"
            }
        }
        text += "]"
        return Data(text.utf8)
    }
}

/// A page of timeline events held by a model's property: an array of tagged
/// enums read and written as a member (`--profile timeline-page-data` and
/// `timeline-page-to-data`).
struct TimelinePage: Equatable, Sendable, JSONSerializing {
    var totalCount = 0
    var events: [TimelineEvent] = []

    static let propertyKeys: PropertyKeys<TimelinePage> = ["totalCount": \.totalCount, "events": \.events]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

    /// How many events a page holds.
    static let count = 2_000

    /// A page of `count` events, those `TimelineGenerator` writes.
    static func json(count: Int) -> Data {
        Data("{\"total_count\":\(count),\"events\":".utf8) + TimelineGenerator.json(count: count) + Data("}".utf8)
    }
}
