import Foundation
@testable import Strata

// A class cluster that declares the members its `classForParsing(_:)` reads:
// `Notice` picks a subclass by "kind". `DigestNotice` maps a dotted key path, so
// its plan is not flat; `FollowNotice` holds nested models.

/// What `Notice.classForParsing(_:)` is handed during a test: the members of each
/// dictionary, in call order, for the task that set ``current``.
final class NoticeChoices: Sendable {
    /// The choices of the running test, if it records them.
    @TaskLocal static var current: NoticeChoices?

    private let handed = Locked<[[String: String]]>([])

    /// Each dictionary handed so far, its values described.
    var dictionaries: [[String: String]] { handed.withLock { $0 } }

    func record(_ json: [String: Any]) {
        let described = json.mapValues { String(describing: $0) }
        handed.withLock { $0.append(described) }
    }

    /// Runs `body` with a fresh log as ``current``, and returns the log.
    static func recording(_ body: () throws -> Void) rethrows -> NoticeChoices {
        let log = NoticeChoices()
        try $current.withValue(log) { try body() }
        return log
    }
}

class Notice: JSONSerializing, SecureCodingModel, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    typealias KeyPathRoot = Notice

    // One property written in place (`final`), one through its key path.
    final var id = 0
    var kind = ""

    required init() {}

    class var propertyKeys: PropertyKeys<Notice> { ["id": \.id, "kind": \.kind] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "kind": "kind"] }
    class var classForParsingJSONKeys: Set<String>? { ["kind", "channel"] }

    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        NoticeChoices.current?.record(json)
        switch json["kind"] as? String {
        case "mention": return MentionNotice.self
        case "follow": return FollowNotice.self
        case "digest": return DigestNotice.self
        case "plain": return Notice.self
        case "owner": return Owner.self  // not a Notice at all
        default: return nil
        }
    }

    /// The dynamic type and every property, keys sorted: equal for equal models.
    var description: String {
        let values = dictionaryValue.sorted { $0.key < $1.key }.map { "\($0.key): \(String(describing: $0.value))" }
        return "\(type(of: self))(\(values.joined(separator: ", ")))"
    }
}

final class MentionNotice: Notice, @unchecked Sendable {
    var text = ""
    var channel: String? = nil

    override class var propertyKeys: PropertyKeys<Notice> {
        super.propertyKeys.adding(["text": \.text, "channel": \.channel] as PropertyKeys<MentionNotice>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["text": "text", "channel": "channel"]) { $1 }
    }
}

struct NoticeUser: JSONSerializing, SecureCodingModel, Equatable {
    var login = ""
    var id = 0
    static let propertyKeys: PropertyKeys<NoticeUser> = ["login": \.login, "id": \.id]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

final class FollowNotice: Notice, @unchecked Sendable {
    var follower = NoticeUser()
    var mutuals: [NoticeUser] = []

    override class var propertyKeys: PropertyKeys<Notice> {
        super.propertyKeys.adding(["follower": \.follower, "mutuals": \.mutuals] as PropertyKeys<FollowNotice>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["follower": "follower", "mutuals": "mutuals"]) { $1 }
    }
}

final class DigestNotice: Notice, @unchecked Sendable {
    var count = 0

    override class var propertyKeys: PropertyKeys<Notice> {
        super.propertyKeys.adding(["count": \.count] as PropertyKeys<DigestNotice>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["count": "summary.count"]) { $1 }
    }
}

/// Holds notices of any kind: a cluster as a property and in arrays.
struct NoticeFeed: JSONSerializing, CustomStringConvertible {
    var title = ""
    var pinned: Notice? = nil
    var items: [Notice] = []
    var count = 0
    static let propertyKeys: PropertyKeys<NoticeFeed> = [
        "title": \.title, "pinned": \.pinned, "items": \.items, "count": \.count,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

    var description: String {
        "NoticeFeed(title: \(title), pinned: \(pinned.map(\.description) ?? "nil"), items: \(items), count: \(count))"
    }
}

/// Notices whose invalid elements are left out, and a pinned notice that keeps its
/// default when it fails: recoveries around a cluster.
struct TolerantNoticeFeed: JSONSerializing, CustomStringConvertible {
    var pinned: Notice? = nil
    var items: [Notice] = []
    static let propertyKeys: PropertyKeys<TolerantNoticeFeed> = ["pinned": \.pinned, "items": \.items]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = [
        "pinned": .defaultForInvalid, "items": .skipsInvalidElements,
    ]

    var description: String { "TolerantNoticeFeed(pinned: \(pinned.map(\.description) ?? "nil"), items: \(items))" }
}
