import Foundation
import Testing
@testable import Strata

// The model families the conformance suite decodes and encodes.
//
// What a type has learned (which of its hooks are the defaults) is kept per type for
// the whole process, so the first decode of a type can take another path than later
// ones. To test a type's first decode as often as needed, every model here is generic
// over a phantom `Tag`, and `Fresh.tag()` makes a tag type nothing has used before:
// `Person<Tag1<Tag0<TagEnd>>>` is then a type of its own, decoded for the first time.
// Nested models share their parent's tag, so they are cold together.
//
// A type's name appears in error messages ("Expected Int for 'id' of Person<…>"); the
// suite removes the tag from every text before comparing (see `untagged(_:_:)`).

/// A conformance model: its filler document decodes without error on every path
/// (except `Broken`'s: nothing does), and sets every property it can, so it warms a
/// type (each of its hooks runs) and pads arrays around the element under test.
protocol ConformanceModel: JSONSerializing {
    static var filler: String { get }
}

/// A model family: makes a fresh type of it on each call.
struct Family: Sendable, CustomTestStringConvertible {
    let name: String
    private let make: @Sendable () -> any ConformanceModel.Type

    init(_ name: String, _ make: @escaping @Sendable () -> any ConformanceModel.Type) {
        self.name = name
        self.make = make
    }

    /// A type of this family that has never been used.
    func fresh() -> any ConformanceModel.Type { make() }

    private static let warmTypes = Locked<[String: any ConformanceModel.Type]>([:])

    /// The family's warm type, shared by the suite: made and warmed (see
    /// `Conformance.warmed(_:)`) by the first test that asks.
    var warm: any ConformanceModel.Type {
        Self.warmTypes.withLock { types in
            if let type = types[name] { return type }
            let type = Conformance.warmed(fresh())
            types[name] = type
            return type
        }
    }

    var testDescription: String { name }

    private static func person<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Person<Tag>.self }
    private static func crew<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Crew<Tag>.self }
    private static func accented<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Accented<Tag>.self }
    private static func kelvin<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Kelvin<Tag>.self }
    private static func registered<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Registered<Tag>.self }
    private static func deep<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Deep<Tag>.self }
    private static func corpus<Tag>(_: Tag.Type) -> any ConformanceModel.Type { CorpusModel<Tag>.self }
    private static func routed<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Routed<Tag>.self }
    private static func dotted<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Dotted<Tag>.self }
    private static func hooked<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Hooked<Tag>.self }
    private static func broken<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Broken<Tag>.self }
    private static func chain<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Chain<Tag>.self }
    private static func pathed<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Pathed<Tag>.self }
    private static func strict<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Strict<Tag>.self }
    private static func misfit<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Misfit<Tag>.self }
    private static func freeform<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Freeform<Tag>.self }
    private static func keeper<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Keeper<Tag>.self }

    static let person = Family("Person") { person(Fresh.tag()) }
    static let crew = Family("Crew") { crew(Fresh.tag()) }
    static let accented = Family("Accented") { accented(Fresh.tag()) }
    static let kelvin = Family("Kelvin") { kelvin(Fresh.tag()) }
    static let registered = Family("Registered") { registered(Fresh.tag()) }
    static let deep = Family("Deep") { deep(Fresh.tag()) }
    static let corpus = Family("CorpusModel") { corpus(Fresh.tag()) }
    static let routed = Family("Routed") { routed(Fresh.tag()) }
    static let dotted = Family("Dotted") { dotted(Fresh.tag()) }
    static let hooked = Family("Hooked") { hooked(Fresh.tag()) }
    static let broken = Family("Broken") { broken(Fresh.tag()) }
    static let chain = Family("Chain") { chain(Fresh.tag()) }
    static let pathed = Family("Pathed") { pathed(Fresh.tag()) }
    static let strict = Family("Strict") { strict(Fresh.tag()) }
    static let misfit = Family("Misfit") { misfit(Fresh.tag()) }
    static let freeform = Family("Freeform") { freeform(Fresh.tag()) }
    static let keeper = Family("Keeper") { keeper(Fresh.tag()) }
}

// MARK: - Fresh types

/// The digits of a type-level binary number: each `Fresh.tag()` is another number.
enum TagEnd {}
enum Tag0<Rest> {}
enum Tag1<Rest> {}

enum Fresh {
    private static let counter = AtomicWords(count: 1)

    /// A type never returned before in this process: `Tag1<Tag0<TagEnd>>` for 2, …
    /// (`TagEnd` alone is never returned: tests use it for expected values).
    static func tag() -> Any.Type {
        var number = Int(counter.addRelaxed(1))
        var tag: Any.Type = TagEnd.self
        while number > 0 {
            tag = number & 1 == 0 ? zero(tag) : one(tag)
            number >>= 1
        }
        return tag
    }

    private static func zero<Rest>(_: Rest.Type) -> Any.Type { Tag0<Rest>.self }
    private static func one<Rest>(_: Rest.Type) -> Any.Type { Tag1<Rest>.self }
}

/// `text` with the tag of `M`'s name (`<Tag1<TagEnd>>` in `Person<Tag1<TagEnd>>`)
/// removed wherever it appears, as in the names of `M` and of its nested models: in
/// both spellings, `String(describing:)`'s and the module-qualified one of
/// `String(reflecting:)`, which describes values inside optionals and arrays.
func untagged<M>(_ text: String, _: M.Type) -> String {
    var text = text
    for tag in Fresh.tags(of: M.self) { text = removing(tag, from: text) }
    return text
}

/// `text` without any occurrence of `pattern` (a tag, which starts with `<`).
private func removing(_ pattern: String, from text: String) -> String {
    var text = text
    text.makeContiguousUTF8()
    let pattern = Array(pattern.utf8)
    var found = false
    let kept = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt8] in
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == pattern[0], bytes.count - index >= pattern.count,
                memcmp(bytes.baseAddress! + index, pattern, pattern.count) == 0
            {
                index += pattern.count
                found = true
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return kept
    }
    guard found, let kept else { return text }
    return String(decoding: kept, as: UTF8.self)
}

extension Fresh {
    private static let tagsByType = Locked<[ObjectIdentifier: [String]]>([:])

    /// The tag of `type`'s name in both spellings; none for a type without one.
    static func tags(of type: Any.Type) -> [String] {
        if let tags = tagsByType.withLock({ $0[ObjectIdentifier(type)] }) { return tags }
        var tags: [String] = []
        for name in [String(reflecting: type), String(describing: type)] {
            guard let open = name.firstIndex(of: "<") else { break }
            tags.append(String(name[open...]))
        }
        tagsByType.withLock { $0[ObjectIdentifier(type)] = tags }
        return tags
    }
}

// MARK: - Decoding families

struct Person<Tag>: ConformanceModel, Equatable, CustomStringConvertible {
    var id = 0
    var name = "unnamed"
    var nickname: String? = "none"
    var score = 0.0
    var active = false
    var tags: [String] = []
    var owner: PersonOwner<Tag>? = PersonOwner(login: "default", id: -1)

    static var propertyKeys: PropertyKeys<Person> {
        [
            "id": \.id, "name": \.name, "nickname": \.nickname, "score": \.score, "active": \.active, "tags": \.tags,
            "owner": \.owner,
        ]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "id": "id", "name": "name", "nickname": "nickname", "score": "score", "active": "active", "tags": "tags",
            "owner": "owner",
        ]
    }
    static var filler: String {
        #"{"id": 100, "name": "filler", "nickname": "f", "score": 0.5, "active": true, "tags": ["f"], "owner": {"login": "fo", "id": 101}}"#
    }

    /// Every property (written by hand: the reflected description is slow, and a
    /// large array describes thousands).
    var description: String {
        "Person(id: \(id), name: \(name.debugDescription), nickname: \(nickname?.debugDescription ?? "nil"), "
            + "score: \(score), active: \(active), tags: \(tags), owner: \(owner?.description ?? "nil"))"
    }
}

/// Free-form JSON in every form a property holds it: a `JSONValue`, its optional,
/// an array and an object of them; archived too.
struct Freeform<Tag>: ConformanceModel, SecureCodingModel, Equatable, CustomStringConvertible {
    var id = 0
    var value: JSONValue = "default"
    var maybe: JSONValue? = "default"
    var list: [JSONValue] = ["default"]
    var metadata: [String: JSONValue] = ["default": true]

    static var propertyKeys: PropertyKeys<Freeform> {
        ["id": \.id, "value": \.value, "maybe": \.maybe, "list": \.list, "metadata": \.metadata]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["id": "id", "value": "value", "maybe": "maybe", "list": "list", "metadata": "metadata"]
    }
    static var filler: String {
        #"{"id": 1, "value": {"a": [1, 2.5, "x"]}, "maybe": null, "list": [true, null], "metadata": {"k": "v", "n": 1.0}}"#
    }

    /// Every property, numbers by their text (``JSONValue``'s description), objects in key order.
    var description: String {
        "Freeform(id: \(id), value: \(value), maybe: \(maybe.map(\.description) ?? "nil"), list: \(JSONValue.array(list)), "
            + "metadata: \(JSONValue.object(metadata)))"
    }
}

/// A model that keeps the members it does not map, beside a nested model and an
/// optional; archived too.
struct Keeper<Tag>: ConformanceModel, SecureCodingModel, Equatable, CustomStringConvertible {
    var id = 0
    var name: String? = "none"
    var owner: PersonOwner<Tag>? = nil
    var others: [String: JSONValue] = ["default": true]

    static var propertyKeys: PropertyKeys<Keeper> { ["id": \.id, "name": \.name, "owner": \.owner, "others": \.others] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "name": "name", "owner": "owner"] }
    static var unmappedKeysPropertyKey: String? { "others" }
    static var filler: String { #"{"id": 1, "name": "f", "owner": {"login": "o", "id": 2}, "extra": [1, {"a": null}]}"# }

    var description: String {
        "Keeper(id: \(id), name: \(name?.debugDescription ?? "nil"), owner: \(owner?.description ?? "nil"), "
            + "others: \(JSONValue.object(others)))"
    }
}

struct PersonOwner<Tag>: JSONSerializing, SecureCodingModel, Equatable, CustomStringConvertible {
    var login = ""
    var id = 0
    var description: String { "Owner(login: \(login.debugDescription), id: \(id))" }
    static var propertyKeys: PropertyKeys<PersonOwner> { ["login": \.login, "id": \.id] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login", "id": "id"] }
}

struct Crew<Tag>: ConformanceModel, Equatable {
    var name = ""
    var members: [CrewMember<Tag>] = []
    static var propertyKeys: PropertyKeys<Crew> { ["name": \.name, "members": \.members] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "members": "members"] }
    static var filler: String { #"{"name": "filler", "members": [{"login": "f", "id": 1}]}"# }
}

struct CrewMember<Tag>: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    static var propertyKeys: PropertyKeys<CrewMember> { ["login": \.login, "id": \.id] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login", "id": "id"] }
}

/// One key written with U+212A KELVIN SIGN, one with "K".
struct Kelvin<Tag>: ConformanceModel, Equatable {
    var temperature = 0
    var key = 0
    static var propertyKeys: PropertyKeys<Kelvin> { ["temperature": \.temperature, "key": \.key] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["temperature": "\u{212A}elvin", "key": "Key"] }
    static var filler: String { #"{"\u212Aelvin": 5, "Key": 6}"# }
}

/// Non-ASCII keys, and one key that contains a dot.
struct Accented<Tag>: ConformanceModel, Equatable {
    var id = 0
    var name = ""
    var japan = 0
    var emoji = false
    var version = 0

    static var propertyKeys: PropertyKeys<Accented> {
        ["id": \.id, "name": \.name, "japan": \.japan, "emoji": \.emoji, "version": \.version]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "id": "id", "name": "nämé", "japan": "日本", "emoji": "emoji 😀",
            "version": JSONKeyPath(segments: ["api.version"]),
        ]
    }
    static var filler: String { #"{"id": 9, "nämé": "f", "日本": 1, "emoji 😀": true, "api.version": 2}"# }
}

struct Registered<Tag>: ConformanceModel, Equatable {
    var id = 0
    var name = ""
    var note: String? = nil

    static var propertyKeys: PropertyKeys<Registered> { ["id": \.id, "name": \.name, "note": \.note] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "name": "name", "note": "note"] }
    static var requiredPropertyKeys: Set<String> { ["id", "name"] }
    static var filler: String { #"{"id": 1, "name": "f", "note": "n"}"# }
}

struct Deep<Tag>: ConformanceModel, Equatable {
    var id = 0
    var name = ""
    static var propertyKeys: PropertyKeys<Deep> { ["id": \.id, "name": \.name] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "name": "name"] }
    static var filler: String { #"{"id": 1, "name": "f"}"# }
}

/// Maps keys that JSONTestSuite files use, with types some of their values do not fit.
struct CorpusModel<Tag>: ConformanceModel, Equatable {
    var a: String? = nil
    var asd: String? = nil
    var id: String? = nil
    var min: Double? = nil
    var title: String? = nil
    var fooNullBar: Int? = nil
    var empty: Int? = nil

    static var propertyKeys: PropertyKeys<CorpusModel> {
        [
            "a": \.a, "asd": \.asd, "id": \.id, "min": \.min, "title": \.title, "fooNullBar": \.fooNullBar,
            "empty": \.empty,
        ]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "a": "a", "asd": "asd", "id": "id", "min": "min", "title": "title", "fooNullBar": "foo\u{0}bar",
            "empty": "é",
        ]
    }
    static var filler: String {
        #"{"a": "f", "asd": "f", "id": "f", "min": 1.5, "title": "f", "foo\u0000bar": 1, "é": 2}"#
    }
}

/// Chooses no type for the kind "none".
struct Routed<Tag>: ConformanceModel, Equatable {
    var id = 0
    var kind = ""
    static var propertyKeys: PropertyKeys<Routed> { ["id": \.id, "kind": \.kind] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "kind": "kind"] }
    static var filler: String { #"{"id": 1, "kind": "filler"}"# }

    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        json["kind"] as? String == "none" ? nil : Self.self
    }
}

/// A dotted key path: the mapping is not flat.
struct Dotted<Tag>: ConformanceModel, Equatable {
    var id = 0
    var name = ""
    static var propertyKeys: PropertyKeys<Dotted> { ["id": \.id, "name": \.name] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "name": "meta.name"] }
    static var filler: String { #"{"id": 1, "meta": {"name": "f"}}"# }
}

/// Fallback keys (required) and array elements: the mapping is not flat.
struct Pathed<Tag>: ConformanceModel, Equatable {
    var id = 0
    var first = ""
    var third: String? = "none"
    static var propertyKeys: PropertyKeys<Pathed> { ["id": \.id, "first": \.first, "third": \.third] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["id": .firstPresent("id", "ID", "book.id"), "first": "items.0.name", "third": "items.2.name"]
    }
    static var requiredPropertyKeys: Set<String> { ["id"] }
    static var filler: String { #"{"id": 1, "items": [{"name": "a"}, 5, {"name": "c"}]}"# }
}

/// Requires every mapped key, a nested model's among them: flat, read from `Data`
/// by the scanner.
struct Strict<Tag>: ConformanceModel, Equatable {
    var id = 0
    var name = ""
    var owner: PersonOwner<Tag>? = nil
    static var propertyKeys: PropertyKeys<Strict> { ["id": \.id, "name": \.name, "owner": \.owner] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "name": "name", "owner": "owner"] }
    static var requiredKeys: RequiredKeys { .allMapped }
    static var filler: String { #"{"id": 1, "name": "f", "owner": {"login": "o", "id": 2}}"# }
}

/// Not a model: no JSON value is one.
struct MisfitPoint: Equatable, Sendable {
    var x = 0.0
}

/// Mistakes in the model that only a payload reveals: a transformer that returns
/// another type than its property's, a property type no JSON value is.
struct Misfit<Tag>: ConformanceModel, Equatable {
    var link = ""
    var point: MisfitPoint? = nil
    var when: Date? = nil
    var count = 0
    static var propertyKeys: PropertyKeys<Misfit> { ["link": \.link, "point": \.point, "when": \.when, "count": \.count] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["link": "link", "point": "point", "when": "when", "count": "count"]
    }
    static var filler: String { #"{"count": 1}"# }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "link" ? .url : nil }
}

/// Upper-cases and refuses empty text, validates its stars, and has transformers
/// (one that turns `null` into a value).
struct Hooked<Tag>: ConformanceModel, Equatable, CustomStringConvertible {
    struct Empty: Error {}
    struct TooManyStars: Error {}
    var text = ""
    var when: Date? = nil
    var fill = ""
    var stars = 0

    static var propertyKeys: PropertyKeys<Hooked> { ["text": \.text, "when": \.when, "fill": \.fill, "stars": \.stars] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["text": "text", "when": "when", "fill": "fill", "stars": "stars"]
    }
    static var filler: String { #"{"text": "f", "when": "2024-05-01T12:30:00Z", "fill": "f", "stars": 1}"# }

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "when": return .iso8601Date
        case "fill":
            return ValueTransformer(forward: { value in
                if value as? String == "boom" { throw RuleViolation(rule: "no boom") }
                return value ?? "filled"
            })
        default: return nil
        }
    }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        guard key == "text" else { return value }
        guard let text = value as? String, !text.isEmpty else { throw Empty() }
        return text.uppercased()
    }

    func validate() throws {
        if stars > 5 { throw TooManyStars() }
    }

    /// Exact, unlike a `Date`'s own description (which drops fractions of a second).
    var description: String {
        "Hooked(text: \(text.debugDescription), when: \(when.map { "\($0.timeIntervalSince1970)" } ?? "nil"), "
            + "fill: \(fill.debugDescription), stars: \(stars))"
    }
}

/// Maps a key that is not a property: its mapping is invalid.
struct Broken<Tag>: ConformanceModel, Equatable {
    var id = 0
    static var propertyKeys: PropertyKeys<Broken> { ["id": \.id] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "ghost": "ghost"] }
    static var filler: String { "{}" }
}

/// A model that nests without bound.
final class Chain<Tag>: ConformanceModel, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    var name = ""
    var child: Chain<Tag>? = nil
    init() {}
    init(name: String, child: Chain<Tag>? = nil) {
        self.name = name
        self.child = child
    }

    static var propertyKeys: PropertyKeys<Chain> { ["name": \.name, "child": \.child] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "child": "child"] }
    static var filler: String { #"{"name": "f", "child": {"name": "g"}}"# }

    /// `depth` nested models below a root, without recursing.
    static func chain(depth: Int) -> Chain<Tag> {
        var node = Chain(name: "leaf")
        for level in 0..<depth { node = Chain(name: "n\(level)", child: node) }
        return node
    }

    var description: String {
        var text = ""
        var levels = 0
        var node: Chain<Tag>? = self
        while let current = node, levels <= 1_000 {
            text += "Chain(\(current.name.debugDescription), "
            node = current.child
            levels += 1
        }
        return text + (node == nil ? "nil" : "…") + String(repeating: ")", count: levels)
    }
}

/// A JSON chain of `depth` nested objects below the root, as text.
func chainText(depth: Int) -> String {
    var text = #"{"name": "leaf"}"#
    for level in 0..<depth { text = #"{"name": "n\#(level)", "child": \#(text)}"# }
    return text
}
