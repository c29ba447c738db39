/// A model that maps to and from JSON: its properties' JSON key paths and, per
/// key, an optional value transformer.
///
/// `JSONSerializing` is Strata's `MTLJSONSerializing`. Properties that are not in
/// ``jsonKeyPathsByPropertyKey`` are neither read from nor written to JSON.
///
/// ```swift
/// struct Owner: JSONSerializing {
///     var login = ""
///     var avatar: URL? = nil
///     static let propertyKeys: PropertyKeys<Owner> = ["login": \.login, "avatar": \.avatar]
///     static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
///         "login": "login", "avatar": "avatar_url",
///     ]
/// }
/// let owner = try JSONAdapter.model(of: Owner.self, from: ["login": "ada", "avatar_url": "https://…"])
/// ```
public protocol JSONSerializing: Model {
    /// Property key → JSON key path. Every key must be a writable key of
    /// ``Model/propertyKeys``.
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { get }

    /// The transformer for `key`, or `nil` for the default chosen by the property's
    /// type (nested models, `URL`, `UUID`, enums, numbers, strings, booleans, and
    /// arrays, optionals and `[String: T]` of those).
    static func jsonTransformer(forKey key: String) -> ValueTransformer?

    /// The transformer for every mapped property of type `type` that has no
    /// transformer of its own from ``jsonTransformer(forKey:)``, or `nil` for the
    /// default chosen by the type (Mantle's `+transformerForModelPropertiesOfClass:`).
    ///
    /// The plan asks once per property, when it is built: first with the
    /// property's declared type (`Date?.self` for a `Date?`), then, for an
    /// optional, with the type inside it (`Date.self`), so a transformer for
    /// `Date` serves `Date` and `Date?` properties. Collections are not looked
    /// inside: `[Date]` properties get a transformer only when asked with
    /// `[Date].self`. A per-key transformer always wins.
    ///
    /// ```swift
    /// struct Commit: JSONSerializing {
    ///     var sha = ""
    ///     var authoredAt = Date(timeIntervalSince1970: 0)
    ///     var committedAt: Date? = nil
    ///     static let propertyKeys: PropertyKeys<Commit> = [
    ///         "sha": \.sha, "authoredAt": \.authoredAt, "committedAt": \.committedAt,
    ///     ]
    ///     static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
    ///         "sha": "sha", "authoredAt": "authored_at", "committedAt": "committed_at",
    ///     ]
    ///     static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
    ///         type == Date.self ? .iso8601Date : nil
    ///     }
    /// }
    /// ```
    static func jsonTransformer(forType type: Any.Type) -> ValueTransformer?

    /// Chooses the type to decode `json` as: `Self` (the default), a subclass, or
    /// `nil` when no type fits. This is how a class cluster hands a dictionary to
    /// the right subclass.
    ///
    /// `json` is the whole JSON object, or, when the type declares
    /// ``classForParsingJSONKeys``, only the members it names: declare them, and a
    /// cluster decodes from JSON data as fast as any other model.
    ///
    /// ```swift
    /// class Shape: JSONSerializing {
    ///     // …
    ///     class var classForParsingJSONKeys: Set<String>? { ["kind"] }
    ///     class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
    ///         switch json["kind"] as? String {
    ///         case "circle": return Circle.self
    ///         case "rectangle": return Rectangle.self
    ///         default: return nil
    ///         }
    ///     }
    /// }
    /// ```
    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)?

    /// The keys of the members of a JSON object that ``classForParsing(_:)`` reads,
    /// or `nil` (the default) to hand it the whole object.
    ///
    /// When they are declared, every route hands `classForParsing(_:)` a dictionary
    /// of only these members (those the object has), whether the model is read from
    /// JSON data or from a dictionary, so what it sees never depends on the route.
    /// From data, Strata finds these members in the object's bytes, asks
    /// `classForParsing(_:)`, then reads the same bytes straight into the chosen
    /// class, without building the object's dictionary. A member is given whole:
    /// name `"meta"` for a choice made by `meta.kind`.
    ///
    /// Without them, the object is built as a dictionary and decoded from it. In a
    /// class cluster, declare it as a `class var` beside `classForParsing(_:)`.
    static var classForParsingJSONKeys: Set<String>? { get }

    /// Property keys that must be present (non-null) in the JSON, whatever
    /// ``requiredKeys`` says. A payload that lacks any required key fails with one
    /// error listing every missing key. Empty by default.
    static var requiredPropertyKeys: Set<String> { get }

    /// Which mapped keys are required besides ``requiredPropertyKeys``:
    /// ``RequiredKeys/listed`` (none, the default), ``RequiredKeys/nonOptional``
    /// (`Codable`'s rule) or ``RequiredKeys/allMapped``.
    ///
    /// ```swift
    /// struct Point: JSONSerializing {
    ///     var x = 0.0
    ///     var y = 0.0
    ///     var label: String?
    ///     static let requiredKeys: RequiredKeys = .nonOptional
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    /// }
    /// // {"x": 1} fails: Point requires key that the JSON lacks: y. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).
    /// ```
    static var requiredKeys: RequiredKeys { get }

    /// Property key → how the property recovers from a JSON value it cannot take,
    /// instead of failing the model: keep its default for `null` or for any value
    /// that fails, or leave out the elements of its collections that fail. Every
    /// recovery is reported through ``JSONDiagnostics``. Empty by default: strict.
    ///
    /// ```swift
    /// static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = [
    ///     "replies": .defaultForNull, "media": .skipsInvalidElements,
    /// ]
    /// ```
    static var jsonRecoveryByPropertyKey: [String: JSONRecovery] { get }

    /// The property key of a `[String: JSONValue]` property that receives every
    /// member of the model's JSON object that no other property maps, and writes
    /// them back: read, change and write a resource modelled only in part, and lose
    /// nothing. `nil` by default: unmapped members are not kept.
    ///
    /// ```swift
    /// struct Repository: JSONSerializing {
    ///     var id = 0
    ///     var name = ""
    ///     var otherMembers: [String: JSONValue] = [:]
    ///
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    ///     static let unmappedKeysPropertyKey: String? = "otherMembers"
    /// }
    /// ```
    ///
    /// A member counts as mapped when a key path of another property starts with
    /// its key (`"owner"` for `"owner.login"`): the members of a partly mapped
    /// object that no key path reaches (`owner.id`) are not kept. The property's own
    /// entry in ``jsonKeyPathsByPropertyKey``, if any, is not used, and it takes no
    /// recovery, required key or transformer. Writing a member whose key another
    /// property writes is an error; leaving the property out of
    /// ``serializablePropertyKeys(_:)`` leaves the kept members out. Each nested
    /// model chooses for itself (in a class cluster, declare it as a `class var`
    /// for subclasses to override).
    static var unmappedKeysPropertyKey: String? { get }

    /// The keys written by ``JSONAdapter/dictionary(from:options:)-6hg56``, given the
    /// mapped ones. The default writes them all; return fewer to leave some out
    /// for this instance.
    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String>
}

extension JSONSerializing {
    /// No custom transformer: the default for the property's type is used.
    public static func jsonTransformer(forKey key: String) -> ValueTransformer? { nil }

    /// No transformer by type: each property's type chooses its default.
    public static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? { nil }

    /// `Self`.
    public static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        ModelHooks.noteDefault(.classForParsing, of: Self.self)
        return Self.self
    }

    /// `nil`: ``classForParsing(_:)`` is handed the whole JSON object.
    public static var classForParsingJSONKeys: Set<String>? { nil }

    /// No required keys.
    public static var requiredPropertyKeys: Set<String> { [] }

    /// ``RequiredKeys/listed``: only ``requiredPropertyKeys`` are required.
    /// Declare another rule to require more:
    ///
    /// ```swift
    /// static let requiredKeys: RequiredKeys = .nonOptional
    /// ```
    public static var requiredKeys: RequiredKeys { .listed }

    /// No property keeps the unmapped members.
    public static var unmappedKeysPropertyKey: String? { nil }

    /// No recoveries: every property is strict.
    public static var jsonRecoveryByPropertyKey: [String: JSONRecovery] { [:] }

    /// Every mapped key.
    public func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        ModelHooks.noteDefault(.serializablePropertyKeys, of: Self.self)
        return mappedKeys
    }
}
