import Foundation
@testable import Strata

// Models with broken JSON mappings (each must fail with `invalidMapping`, never
// crash), and models exercising the shapes of key paths.

struct MapsUnknownKey: JSONSerializing {
    var name = ""
    static let propertyKeys: PropertyKeys<MapsUnknownKey> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "ghost": "ghost"]
}

struct MapsReadOnlyKey: JSONSerializing {
    var name = ""
    let version = 1
    static let propertyKeys: PropertyKeys<MapsReadOnlyKey> = ["name": \.name, "version": \.version]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "version": "version"]
}

struct MapsComputedKey: JSONSerializing {
    var name = ""
    var shout: String { name.uppercased() }
    static let propertyKeys: PropertyKeys<MapsComputedKey> = ["name": \.name, "shout": \.shout]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "shout": "shout"]
}

struct MapsEmptyPath: JSONSerializing {
    var name = ""
    static let propertyKeys: PropertyKeys<MapsEmptyPath> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": ""]
}

struct MapsEmptySegment: JSONSerializing {
    var name = ""
    static let propertyKeys: PropertyKeys<MapsEmptySegment> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "a..b"]
}

struct MapsEmptySegmentInArray: JSONSerializing {
    var name = ""
    static let propertyKeys: PropertyKeys<MapsEmptySegmentInArray> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": ["first", "last."]]
}

struct RequiresUnmappedKey: JSONSerializing {
    var name = ""
    var secret = ""
    static let propertyKeys: PropertyKeys<RequiresUnmappedKey> = ["name": \.name, "secret": \.secret]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
    static var requiredPropertyKeys: Set<String> { ["secret"] }
}

/// A read-only key that is in `propertyKeys` but not mapped: allowed.
struct ReadOnlyUnmapped: JSONSerializing, Equatable {
    var name = ""
    var length: Int { name.count }
    static let propertyKeys: PropertyKeys<ReadOnlyUnmapped> = ["name": \.name, "length": \.length]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
}

/// A point whose coordinates come from two JSON key paths (the array form).
struct Place: JSONSerializing, Equatable {
    struct Coordinate: Equatable, Sendable {
        var latitude: Double
        var longitude: Double
    }
    var name = ""
    var coordinate: Coordinate? = nil

    static let propertyKeys: PropertyKeys<Place> = ["name": \.name, "coordinate": \.coordinate]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "coordinate": ["geo.lat", "geo.lng"],
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        guard key == "coordinate" else { return nil }
        return ValueTransformer(
            forward: { value in
                guard let parts = value as? [String: Any] else { throw RuleViolation(rule: "dictionary expected") }
                guard let lat = parts["geo.lat"] as? Double, let lng = parts["geo.lng"] as? Double else {
                    throw RuleViolation(rule: "both coordinates, got \(parts.keys.sorted())")
                }
                return Coordinate(latitude: lat, longitude: lng)
            },
            reverse: { value in
                guard let coordinate = value as? Coordinate else { return nil }
                return ["geo.lat": coordinate.latitude, "geo.lng": coordinate.longitude]
            })
    }
}

/// Records the dictionary an array-form key path hands to its transformer.
struct KeyPathProbe: JSONSerializing {
    var seen: [String: String] = [:]
    static let propertyKeys: PropertyKeys<KeyPathProbe> = ["seen": \.seen]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["seen": ["a", "b.c", "d"]]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(forward: { value in
            let parts = value as? [String: Any] ?? [:]
            return parts.mapValues { $0 is NSNull ? "null" : "\($0)" }
        })
    }
}

/// Several properties under one JSON object, to check that shared prefixes merge.
struct Metadata: JSONSerializing, Equatable {
    var created = ""
    var updated = ""
    var author = ""
    var deep = 0
    static let propertyKeys: PropertyKeys<Metadata> = [
        "created": \.created, "updated": \.updated, "author": \.author, "deep": \.deep,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "created": "meta.created", "updated": "meta.updated", "author": "meta.people.author", "deep": "x.y.z",
    ]
}

/// Keys that must be present in the JSON.
struct Credentials: JSONSerializing, Equatable {
    var user = ""
    var token = ""
    var host = ""
    var port = 0
    static let propertyKeys: PropertyKeys<Credentials> = [
        "user": \.user, "token": \.token, "host": \.host, "port": \.port,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "user": "user", "token": "auth.token", "host": "host", "port": "port",
    ]
    static var requiredPropertyKeys: Set<String> { ["user", "token", "host"] }
}

/// Only some properties are mapped; one is written only when set.
struct Profile: JSONSerializing, Equatable {
    var name = ""
    var email: String? = nil
    var cachedAvatar = ""
    var draft = false
    static let propertyKeys: PropertyKeys<Profile> = [
        "name": \.name, "email": \.email, "cachedAvatar": \.cachedAvatar, "draft": \.draft,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "email": "email", "draft": "draft"]
    /// Drafts are not written as drafts: the flag is left out unless set.
    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        draft ? mappedKeys : mappedKeys.subtracting(["draft"])
    }
}

/// A model with nested optional models, for `.omitNulls` at every level.
struct Team: JSONSerializing, Equatable {
    var name = ""
    var lead: Member? = nil
    var members: [Member] = []
    static let propertyKeys: PropertyKeys<Team> = ["name": \.name, "lead": \.lead, "members": \.members]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "lead": "lead", "members": "members"]
}

struct Member: JSONSerializing, Equatable {
    var login = ""
    var email: String? = nil
    static let propertyKeys: PropertyKeys<Member> = ["login": \.login, "email": \.email]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "email": "contact.email"]
}

/// Two properties whose JSON key paths overlap: "meta" holds a string, and
/// "meta.a" needs "meta" to be an object. Declared in both orders.
struct OverlapObjectFirst: JSONSerializing {
    var a = "x"
    var meta = "y"
    static let propertyKeys: PropertyKeys<OverlapObjectFirst> = ["a": \.a, "meta": \.meta]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["a": "meta.a", "meta": "meta"]
}

struct OverlapValueFirst: JSONSerializing {
    var meta = "y"
    var a = "x"
    static let propertyKeys: PropertyKeys<OverlapValueFirst> = ["meta": \.meta, "a": \.a]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["a": "meta.a", "meta": "meta"]
}

/// Two properties written at the same JSON key.
struct SamePathTwice: JSONSerializing {
    var first = "1"
    var second = "2"
    static let propertyKeys: PropertyKeys<SamePathTwice> = ["first": \.first, "second": \.second]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["first": "value", "second": "value"]
}

/// A final class mapped to JSON, with a key that contains a dot.
final class Bookmark: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    var title = ""
    var link: URL? = nil
    var version = 0
    init() {}
    static let propertyKeys: PropertyKeys<Bookmark> = ["title": \.title, "link": \.link, "version": \.version]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "title": "title", "link": "links.self", "version": JSONKeyPath(segments: ["api.version"]),
    ]
}
