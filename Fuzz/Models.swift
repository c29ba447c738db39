import Foundation

// The model family the adapter and archive fuzz targets decode: every feature a
// payload can reach. Compiled into the fuzz targets with Strata's sources (see
// Fuzz/run); not part of the package.

enum FuzzTone: String, Equatable { case light, dark }
enum FuzzLevel: Int, Equatable { case low = 1, mid = 5, high = 9 }

/// An error of the fuzz models' own hooks, to check it reaches `underlyingError`.
struct FuzzRule: Error, CustomStringConvertible {
    let rule: String
    var description: String { "rule '\(rule)' violated" }
}

/// Floating-point values compare by bits: NaN equals itself, `-0.0` differs from `0.0`
/// (and a NaN `Decimal` equals a NaN `Decimal`).
func sameBits(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern }
func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

// MARK: - JSON

struct FuzzOwner: JSONSerializing, Equatable {
    var login = ""
    var id: Int64 = 0
    var site: URL? = nil
    var key: UUID? = nil

    static let propertyKeys: PropertyKeys<FuzzOwner> = ["login": \.login, "id": \.id, "site": \.site, "key": \.key]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "site": "links.site", "key": "key",
    ]
    static var requiredPropertyKeys: Set<String> { ["login"] }

    /// Lower-cases logins (idempotent, so a round trip is stable); refuses empty ones.
    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        guard key == "login" else { return value }
        guard let login = value as? String, !login.isEmpty else { throw FuzzRule(rule: "login not empty") }
        return login.lowercased()
    }
}

/// A class cluster: `type` chooses the subclass.
/// An object modelled in part: the members it does not map are kept in `rest`.
struct FuzzPartial: JSONSerializing, Equatable {
    var kind = ""
    var rest: [String: JSONValue] = [:]

    static let propertyKeys: PropertyKeys<FuzzPartial> = ["kind": \.kind, "rest": \.rest]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind"]
    static let unmappedKeysPropertyKey: String? = "rest"
}

/// Objects told apart by `"type"`; unknown types are kept whole.
enum FuzzSource: JSONTaggedEnum, Equatable {
    case owner(FuzzOwner)
    case partial(FuzzPartial)
    case other(JSONValue)

    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<FuzzSource>] = [
        "owner": .model(FuzzOwner.self, FuzzSource.owner), "partial": .model(FuzzPartial.self, FuzzSource.partial),
    ]
    static let unknownTagCase: JSONTaggedCase<FuzzSource>? = .value(FuzzSource.other)
}

class FuzzEvent: JSONSerializing, Equatable, @unchecked Sendable {
    // @unchecked: each instance is used by one thread.
    typealias KeyPathRoot = FuzzEvent
    var kind = "event"
    var id = 0
    required init() {}

    class var propertyKeys: PropertyKeys<FuzzEvent> { ["kind": \.kind, "id": \.id] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["kind": "type", "id": "id"] }
    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        switch json["type"] as? String {
        case "push": return FuzzPush.self
        case "star": return FuzzStar.self
        case "event", nil: return FuzzEvent.self
        case "owner": return FuzzOwner.self  // not an event: refused
        default: return nil
        }
    }

    /// Compares the base class's properties; subclasses add theirs when `strict`.
    func isEqual(to other: FuzzEvent, strict: Bool) -> Bool {
        type(of: self) == type(of: other) && kind == other.kind && id == other.id
    }

    static func == (lhs: FuzzEvent, rhs: FuzzEvent) -> Bool { lhs.isEqual(to: rhs, strict: true) }

    /// Whether equality checks subclass properties. Off only while the engine has the
    /// optimizer bug that writes a subclass held as its base without its own keys
    /// (Docs/Reproducers/TypeOfOpenedExistential.swift); the targets detect it at start.
    nonisolated(unsafe) static var strictEquality = true
}

final class FuzzPush: FuzzEvent, @unchecked Sendable {
    var commits: [String] = []
    var size: UInt16 = 0
    override class var propertyKeys: PropertyKeys<FuzzEvent> {
        super.propertyKeys.adding(["commits": \.commits, "size": \.size] as PropertyKeys<FuzzPush>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["commits": "payload.commits", "size": "payload.size"]) { $1 }
    }
    override func isEqual(to other: FuzzEvent, strict: Bool) -> Bool {
        guard super.isEqual(to: other, strict: strict), let other = other as? FuzzPush else { return false }
        return !strict || (commits == other.commits && size == other.size)
    }
}

final class FuzzStar: FuzzEvent, @unchecked Sendable {
    var stars: Int8? = nil
    var tone = FuzzTone.light
    override class var propertyKeys: PropertyKeys<FuzzEvent> {
        super.propertyKeys.adding(["stars": \.stars, "tone": \.tone] as PropertyKeys<FuzzStar>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["stars": "stars", "tone": "tone"]) { $1 }
    }
    override func isEqual(to other: FuzzEvent, strict: Bool) -> Bool {
        guard super.isEqual(to: other, strict: strict), let other = other as? FuzzStar else { return false }
        return !strict || (stars == other.stars && tone == other.tone)
    }
}

func sameEvents(_ a: [FuzzEvent], _ b: [FuzzEvent]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1, strict: FuzzEvent.strictEquality) }
}

func sameEvent(_ a: FuzzEvent?, _ b: FuzzEvent?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.isEqual(to: b, strict: FuzzEvent.strictEquality)
    default: return false
    }
}

/// The root: scalars of every kind, enums, URL, UUID, a date through a transformer,
/// nested models (optional, in arrays, in dictionaries, recursive), a class cluster,
/// dotted and array-form key paths, required keys and validators.
struct FuzzRoot: JSONSerializing, Equatable {
    var name = ""
    var count = 0
    var small: Int8 = 0
    var big: UInt64 = 0
    var flag = false
    var ratio: Float = 0
    var score = 0.0
    var amount = Decimal()
    var tone = FuzzTone.light
    var level: FuzzLevel? = nil
    var homepage: URL? = nil
    var id: UUID? = nil
    var created: Date? = nil
    var updated: Date? = nil
    var depth = 0
    var coordinate: String? = nil
    var owner: FuzzOwner? = nil
    var members: [FuzzOwner] = []
    var ownersByTeam: [String: FuzzOwner] = [:]
    var tags: [String] = []
    var scores: [Double?] = []
    var events: [FuzzEvent] = []
    var lead: FuzzEvent? = nil
    var children: [FuzzRoot] = []
    var metadata: [String: JSONValue] = [:]
    var extra: JSONValue? = nil
    var partial: FuzzPartial? = nil
    var sources: [FuzzSource] = []

    static let propertyKeys: PropertyKeys<FuzzRoot> = [
        "name": \.name, "count": \.count, "small": \.small, "big": \.big, "flag": \.flag, "ratio": \.ratio,
        "score": \.score, "amount": \.amount, "tone": \.tone, "level": \.level, "homepage": \.homepage, "id": \.id,
        "created": \.created, "updated": \.updated, "depth": \.depth, "coordinate": \.coordinate, "owner": \.owner, "members": \.members,
        "ownersByTeam": \.ownersByTeam, "tags": \.tags, "scores": \.scores, "events": \.events, "lead": \.lead,
        "children": \.children, "metadata": \.metadata, "extra": \.extra,
        "partial": \.partial, "sources": \.sources,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "count": "count", "small": "small", "big": "big", "flag": "flag", "ratio": "ratio",
        "score": "score", "amount": "amount", "tone": "tone", "level": "level", "homepage": "homepage", "id": "id",
        "created": "created_at", "updated": "updated_at", "depth": "meta.depth.value", "coordinate": ["geo.lat", "geo.lng"],
        "owner": "owner", "members": "members", "ownersByTeam": "teams", "tags": "tags", "scores": "scores",
        "events": "events", "lead": "lead", "children": "children", "metadata": "metadata", "extra": "extra",
        "partial": "partial", "sources": "sources",
    ]
    static var requiredPropertyKeys: Set<String> { ["name"] }

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "created": return secondsSince1970
        // Written back with the fractional digits it needs: a round trip gives the same instant.
        case "updated": return .iso8601Date
        case "coordinate": return coordinate
        default: return nil
        }
    }

    /// Whole seconds since 1970 ↔ `Date`, exact within ±1e11 s.
    static var secondsSince1970: ValueTransformer {
        ValueTransformer(
            { (seconds: Int) throws -> Date in
                guard abs(seconds) <= 100_000_000_000 else { throw FuzzRule(rule: "a date within 3,000 years") }
                return Date(timeIntervalSince1970: Double(seconds))
            },
            reverse: { (date: Date) in Int(date.timeIntervalSince1970.rounded()) })
    }

    /// The array form: `{"geo": {"lat": …, "lng": …}}` ↔ `"lat,lng"`, written as a user
    /// would, with casts. An untyped transformer receives numbers as `JSONSerialization`
    /// gives them: `NSNumber`, and `NSDecimalNumber` for a number with more than 15
    /// significant digits, whose `as? Double` is not correctly rounded on Linux
    /// (found by this target: a huge integer, written back in 16 digits, read back
    /// as another `Double`), so it is converted from its text.
    static var coordinate: ValueTransformer {
        ValueTransformer(
            forward: { value in
                guard let parts = value as? [String: Any] else { throw FuzzRule(rule: "coordinate parts") }
                guard let lat = number(parts["geo.lat"]), let lng = number(parts["geo.lng"]) else {
                    throw FuzzRule(rule: "both coordinates as numbers, got \(parts.keys.sorted())")
                }
                return "\(lat),\(lng)"
            },
            reverse: { value in
                guard let text = value as? String else { return nil }
                let parts = text.split(separator: ",").compactMap { Double($0) }
                guard parts.count == 2 else { throw FuzzRule(rule: "coordinate text") }
                return ["geo.lat": parts[0], "geo.lng": parts[1]]
            })
    }

    /// A coordinate as a `Double`: an `NSDecimalNumber`'s text parsed (correctly
    /// rounded), or any other number that converts to a `Double`, exactly or (for
    /// an integer beyond 2^53) rounded.
    private static func number(_ value: Any?) -> Double? {
        if let decimal = value as? NSDecimalNumber { return Double(decimal.description) }
        if let double = value as? Double { return double }
        if let integer = value as? Int { return Double(integer) }
        return nil
    }

    /// Refuses negative counts.
    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "count", let count = value as? Int, count < 0 { throw FuzzRule(rule: "count not negative") }
        return value
    }

    /// A cross-property rule.
    func validate() throws {
        if flag && small < 0 { throw FuzzRule(rule: "a flagged root has a non-negative small") }
    }

    static func == (a: FuzzRoot, b: FuzzRoot) -> Bool {
        a.name == b.name && a.count == b.count && a.small == b.small && a.big == b.big && a.flag == b.flag
            && sameBits(a.ratio, b.ratio) && sameBits(a.score, b.score) && a.amount == b.amount && a.tone == b.tone
            && a.level == b.level && a.homepage == b.homepage && a.id == b.id && a.created == b.created
            && a.depth == b.depth && a.coordinate == b.coordinate && a.owner == b.owner && a.members == b.members
            && a.ownersByTeam == b.ownersByTeam && a.tags == b.tags
            && a.scores.count == b.scores.count
            && zip(a.scores, b.scores).allSatisfy { x, y in x.map { x in y.map { sameBits(x, $0) } ?? false } ?? (y == nil) }
            && sameEvents(a.events, b.events) && sameEvent(a.lead, b.lead) && a.children == b.children
    }
}

/// A flat model of library values and models of its own kind, with the default
/// hooks: decoded as its objects are read from its second decode on, so the
/// fuzzer checks that case against the dictionary path. Its keys are among
/// ``FuzzRoot``'s, so the same inputs reach both.
struct FuzzFlat: JSONSerializing, Equatable {
    var name = ""
    var count = 0
    var flag: Bool? = nil
    var score = 0.0
    var coordinate: String? = nil
    var homepage: URL? = nil
    var tags: [String] = []
    var ids: [Int] = []
    var ratios: [Double] = []
    var owner: FuzzFlatOwner? = nil
    var children: [FuzzFlat] = []

    static let propertyKeys: PropertyKeys<FuzzFlat> = [
        "name": \.name, "count": \.count, "flag": \.flag, "score": \.score, "coordinate": \.coordinate,
        "homepage": \.homepage, "tags": \.tags, "ids": \.ids, "ratios": \.ratios, "owner": \.owner,
        "children": \.children,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static var requiredPropertyKeys: Set<String> { ["name"] }
}

/// The one model ``FuzzFlat`` holds itself rather than in an array.
struct FuzzFlatOwner: JSONSerializing, Equatable {
    var name = ""
    var count: Int? = nil
    var tags: [String]? = nil

    static let propertyKeys: PropertyKeys<FuzzFlatOwner> = ["name": \.name, "count": \.count, "tags": \.tags]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

// MARK: - Archives

struct FuzzTag: SecureCodingModel, Equatable {
    var name = ""
    var weight: Int8 = 0
    static let propertyKeys: PropertyKeys<FuzzTag> = ["name": \.name, "weight": \.weight]
}

/// A class model: a tree, archived by identity.
final class FuzzNode: SecureCodingModel, Equatable, @unchecked Sendable {
    // @unchecked: each instance is used by one thread.
    var name = ""
    var children: [FuzzNode] = []
    init() {}
    init(name: String, children: [FuzzNode] = []) {
        self.name = name
        self.children = children
    }
    static let propertyKeys: PropertyKeys<FuzzNode> = ["name": \.name, "children": \.children]
    static func == (a: FuzzNode, b: FuzzNode) -> Bool { a.name == b.name && a.children == b.children }
}

/// Every archivable kind of property, version 2 of its format: version 1 stored
/// `score` as an integer `points`, which the migration hook converts.
struct FuzzArchive: SecureCodingModel, Equatable {
    var flag = false
    var small: Int8 = 0
    var unsigned: UInt64 = 0
    var wide: Int128 = 0
    var ratio: Float = 0
    var score = 0.0
    var name = ""
    var nickname: String? = "default"
    var homepage: URL? = nil
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID()
    var when = Date(timeIntervalSinceReferenceDate: 0)
    var blob = Data()
    var amount = Decimal()
    var tone = FuzzTone.light
    var level: FuzzLevel? = nil
    var flags: [Bool] = []
    var gaps: [Int?] = []
    var matrix: [[Int]] = []
    var tag = FuzzTag()
    var tags: [FuzzTag] = []
    var tagsByName: [String: FuzzTag] = [:]
    var node: FuzzNode? = nil
    var token = ""

    static let propertyKeys: PropertyKeys<FuzzArchive> = [
        "flag": \.flag, "small": \.small, "unsigned": \.unsigned, "wide": \.wide, "ratio": \.ratio, "score": \.score,
        "name": \.name, "nickname": \.nickname, "homepage": \.homepage, "id": \.id, "when": \.when, "blob": \.blob,
        "amount": \.amount, "tone": \.tone, "level": \.level, "flags": \.flags, "gaps": \.gaps, "matrix": \.matrix,
        "tag": \.tag, "tags": \.tags, "tagsByName": \.tagsByName, "node": \.node, "token": \.token,
    ]
    static var modelVersion: Int { 2 }
    static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["token": .excluded]

    static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
        if key == "score", modelVersion < 2 {
            return try decodedValue(of: Int.self, forKey: "points", with: coder).map { Double($0) }
        }
        return try defaultDecodedValue(forKey: key, with: coder)
    }

    static func == (a: FuzzArchive, b: FuzzArchive) -> Bool {
        a.flag == b.flag && a.small == b.small && a.unsigned == b.unsigned && a.wide == b.wide
            && sameBits(a.ratio, b.ratio) && sameBits(a.score, b.score) && a.name == b.name && a.nickname == b.nickname
            && a.homepage == b.homepage && a.id == b.id && a.when == b.when && a.blob == b.blob
            && (a.amount == b.amount || (a.amount.isNaN && b.amount.isNaN))
            && a.tone == b.tone && a.level == b.level && a.flags == b.flags && a.gaps == b.gaps && a.matrix == b.matrix
            && a.tag == b.tag && a.tags == b.tags && a.tagsByName == b.tagsByName && a.node == b.node && a.token == b.token
    }
}

/// Version 1 of `FuzzArchive`'s format, under the same archive name: to make seed
/// archives that go through the migration hook.
struct FuzzArchiveV1: SecureCodingModel {
    var name = ""
    var points = 0
    static let propertyKeys: PropertyKeys<FuzzArchiveV1> = ["name": \.name, "points": \.points]
    static var modelVersion: Int { 1 }
    static var archiveName: String { FuzzArchive.archiveName }
}
