import Foundation
import Strata

/// An app's notifications, told apart by `"type"`: a class cluster, whose
/// `classForParsing(_:)` chooses a subclass from the one member it declares it
/// reads, generated at run time (see `NotificationGenerator`).
///
/// The `Codable` baseline reads `type` first in `init(from:)` of the feed's element
/// box, then decodes the subclass from the same object; each class writes its own
/// members and its superclass's.
class AppNotification: JSONSerializing, Codable, @unchecked Sendable {
    // @unchecked: each instance is made and read by one task at a time.
    typealias KeyPathRoot = AppNotification

    // `final`: stored properties that no subclass overrides, read and written in place.
    final var id = 0
    final var type = ""
    final var createdAt = ""
    final var read = false
    final var actor = NotificationActor()

    required init() {}

    class var propertyKeys: PropertyKeys<AppNotification> {
        ["id": \.id, "type": \.type, "createdAt": \.createdAt, "read": \.read, "actor": \.actor]
    }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }
    class var classForParsingJSONKeys: Set<String>? { ["type"] }

    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        kind(json["type"] as? String)
    }

    /// The subclass of the notifications of `type`.
    static func kind(_ type: String?) -> AppNotification.Type? {
        switch type {
        case "comment": return CommentNotification.self
        case "follow": return FollowNotification.self
        case "release": return ReleaseNotification.self
        default: return nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, createdAt = "created_at", read, actor
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        read = try container.decode(Bool.self, forKey: .read)
        actor = try container.decode(NotificationActor.self, forKey: .actor)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(read, forKey: .read)
        try container.encode(actor, forKey: .actor)
    }
}

struct NotificationActor: Equatable, Sendable, Codable {
    var login = ""
    var id = 0
}

extension NotificationActor: JSONSerializing {
    static let propertyKeys: PropertyKeys<NotificationActor> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

final class CommentNotification: AppNotification, @unchecked Sendable {
    var repository = ""
    var issueNumber = 0
    var body = ""

    override class var propertyKeys: PropertyKeys<AppNotification> {
        super.propertyKeys.adding(
            ["repository": \.repository, "issueNumber": \.issueNumber, "body": \.body] as PropertyKeys<CommentNotification>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }

    required init() { super.init() }

    private enum CodingKeys: String, CodingKey {
        case repository, issueNumber = "issue_number", body
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        repository = try container.decode(String.self, forKey: .repository)
        issueNumber = try container.decode(Int.self, forKey: .issueNumber)
        body = try container.decode(String.self, forKey: .body)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(repository, forKey: .repository)
        try container.encode(issueNumber, forKey: .issueNumber)
        try container.encode(body, forKey: .body)
    }
}

final class FollowNotification: AppNotification, @unchecked Sendable {
    var followers = 0
    var mutual = false

    override class var propertyKeys: PropertyKeys<AppNotification> {
        super.propertyKeys.adding(["followers": \.followers, "mutual": \.mutual] as PropertyKeys<FollowNotification>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }

    required init() { super.init() }

    private enum CodingKeys: String, CodingKey {
        case followers, mutual
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        followers = try container.decode(Int.self, forKey: .followers)
        mutual = try container.decode(Bool.self, forKey: .mutual)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(followers, forKey: .followers)
        try container.encode(mutual, forKey: .mutual)
    }
}

final class ReleaseNotification: AppNotification, @unchecked Sendable {
    var repository = ""
    var tagName = ""
    var prerelease = false
    var assets: [String] = []

    override class var propertyKeys: PropertyKeys<AppNotification> {
        super.propertyKeys.adding(
            ["repository": \.repository, "tagName": \.tagName, "prerelease": \.prerelease, "assets": \.assets]
                as PropertyKeys<ReleaseNotification>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.snakeCased(for: propertyKeys) }

    required init() { super.init() }

    private enum CodingKeys: String, CodingKey {
        case repository, tagName = "tag_name", prerelease, assets
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        repository = try container.decode(String.self, forKey: .repository)
        tagName = try container.decode(String.self, forKey: .tagName)
        prerelease = try container.decode(Bool.self, forKey: .prerelease)
        assets = try container.decode([String].self, forKey: .assets)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(repository, forKey: .repository)
        try container.encode(tagName, forKey: .tagName)
        try container.encode(prerelease, forKey: .prerelease)
        try container.encode(assets, forKey: .assets)
    }
}

/// A page of notifications, as an app's API returns it.
struct NotificationFeed: Sendable, Codable {
    var unread = 0
    var notifications: [AppNotification] = []

    private enum CodingKeys: String, CodingKey {
        case unread, notifications
    }

    /// One element of `notifications`, decoded by its `type`: `Codable`'s usual way
    /// into a class cluster.
    private struct Element: Decodable {
        let notification: AppNotification

        private enum TypeKey: String, CodingKey { case type }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: TypeKey.self)
            let type = try container.decode(String.self, forKey: .type)
            guard let kind = AppNotification.kind(type) else {
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown type \(type)")
            }
            notification = try kind.init(from: decoder)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        unread = try container.decode(Int.self, forKey: .unread)
        notifications = try container.decode([Element].self, forKey: .notifications).map(\.notification)
    }

    init() {}
}

extension NotificationFeed: JSONSerializing {
    static let propertyKeys: PropertyKeys<NotificationFeed> = ["unread": \.unread, "notifications": \.notifications]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// Writes a page of notifications, the same bytes for the same count on every
/// run: comments, follows and releases, each with its `type` first.
enum NotificationGenerator {
    static let count = 6_000

    static func json(count: Int) -> Data {
        var generator = GeneratedSequence(seed: 0x4E07)
        let logins = ["octocat", "hubot", "monalisa", "defunkt", "mojombo", "pjhyett"]
        let repositories = ["strata/strata", "apple/swift", "swiftlang/swift-foundation", "vapor/vapor"]
        var text = "{\"unread\":\(count / 3),\"notifications\":["
        text.reserveCapacity(count * 230)
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            let a = generator.next(), b = generator.next()
            let day = 1 + Int(b % 28)
            let common = """
                "id":\(7_000_000 + index),"created_at":"2026-04-\(day < 10 ? "0" : "")\(day)T09:\(10 + Int(a % 50)):00Z",\
                "read":\(a % 3 == 0),"actor":{"login":"\(logins[Int(a % 6)])","id":\(583_231 + Int(b % 1_000))}
                """
            let repository = repositories[Int(b % 4)]
            switch a % 3 {
            case 0:
                text += """
                    {"type":"comment",\(common),"repository":"\(repository)","issue_number":\(1 + Int(b % 4_000)),\
                    "body":"Thanks for the report \(index), a fix is on its way."}
                    """
            case 1:
                text += "{\"type\":\"follow\",\(common),\"followers\":\(Int(b % 90_000)),\"mutual\":\(b % 2 == 0)}"
            default:
                let assets = (0..<Int(b % 3)).map { "\"\(repository.split(separator: "/").last ?? "")-\($0).zip\"" }
                text += """
                    {"type":"release",\(common),"repository":"\(repository)","tag_name":"v\(1 + a % 5).\(b % 20).\(a % 10)",\
                    "prerelease":\(b % 7 == 0),"assets":[\(assets.joined(separator: ","))]}
                    """
            }
        }
        text += "]}"
        return Data(text.utf8)
    }
}
