import Foundation
import Strata

/// Twitter's search response with a few members mapped at each level and every
/// other member kept as `JSONValue`s (`unmappedKeysPropertyKey`), for row 11.
struct KeptSearch: Equatable, Sendable {
    var statuses: [KeptStatus] = []
    var others: [String: JSONValue] = [:]
}

struct KeptStatus: Equatable, Sendable {
    var id = 0
    var text = ""
    var createdAt = ""
    var user = KeptUser()
    var others: [String: JSONValue] = [:]
}

struct KeptUser: Equatable, Sendable {
    var id = 0
    var name = ""
    var screenName = ""
    var others: [String: JSONValue] = [:]
}

extension KeptSearch: JSONSerializing {
    static let propertyKeys: PropertyKeys<KeptSearch> = ["statuses": \.statuses, "others": \.others]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["statuses": "statuses"]
    static let unmappedKeysPropertyKey: String? = "others"
}

extension KeptStatus: JSONSerializing {
    static let propertyKeys: PropertyKeys<KeptStatus> = [
        "id": \.id, "text": \.text, "createdAt": \.createdAt, "user": \.user, "others": \.others,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "text": "text", "createdAt": "created_at", "user": "user",
    ]
    static let unmappedKeysPropertyKey: String? = "others"
}

extension KeptUser: JSONSerializing {
    static let propertyKeys: PropertyKeys<KeptUser> = [
        "id": \.id, "name": \.name, "screenName": \.screenName, "others": \.others,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "name", "screenName": "screen_name",
    ]
    static let unmappedKeysPropertyKey: String? = "others"
}

/// Any member's key, for the `Codable` baseline's members kept by hand.
struct AnyMemberKey: CodingKey {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// The baseline: the mapped members decoded by key, every other one as a `JSONValue`.
private func keptMembers(
    in container: KeyedDecodingContainer<AnyMemberKey>, except mapped: Set<String>
) throws -> [String: JSONValue] {
    var others: [String: JSONValue] = [:]
    for key in container.allKeys where !mapped.contains(key.stringValue) {
        others[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    return others
}

private func encodeKept(_ others: [String: JSONValue], into container: inout KeyedEncodingContainer<AnyMemberKey>) throws {
    for (key, value) in others { try container.encode(value, forKey: AnyMemberKey(key)) }
}

extension KeptSearch: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyMemberKey.self)
        statuses = try container.decode([KeptStatus].self, forKey: AnyMemberKey("statuses"))
        others = try keptMembers(in: container, except: ["statuses"])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyMemberKey.self)
        try container.encode(statuses, forKey: AnyMemberKey("statuses"))
        try encodeKept(others, into: &container)
    }
}

extension KeptStatus: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyMemberKey.self)
        id = try container.decode(Int.self, forKey: AnyMemberKey("id"))
        text = try container.decode(String.self, forKey: AnyMemberKey("text"))
        createdAt = try container.decode(String.self, forKey: AnyMemberKey("created_at"))
        user = try container.decode(KeptUser.self, forKey: AnyMemberKey("user"))
        others = try keptMembers(in: container, except: ["id", "text", "created_at", "user"])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyMemberKey.self)
        try container.encode(id, forKey: AnyMemberKey("id"))
        try container.encode(text, forKey: AnyMemberKey("text"))
        try container.encode(createdAt, forKey: AnyMemberKey("created_at"))
        try container.encode(user, forKey: AnyMemberKey("user"))
        try encodeKept(others, into: &container)
    }
}

extension KeptUser: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyMemberKey.self)
        id = try container.decode(Int.self, forKey: AnyMemberKey("id"))
        name = try container.decode(String.self, forKey: AnyMemberKey("name"))
        screenName = try container.decode(String.self, forKey: AnyMemberKey("screen_name"))
        others = try keptMembers(in: container, except: ["id", "name", "screen_name"])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyMemberKey.self)
        try container.encode(id, forKey: AnyMemberKey("id"))
        try container.encode(name, forKey: AnyMemberKey("name"))
        try container.encode(screenName, forKey: AnyMemberKey("screen_name"))
        try encodeKept(others, into: &container)
    }
}
