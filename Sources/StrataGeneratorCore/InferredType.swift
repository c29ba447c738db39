/// The Swift type the samples show at one place, before types are named.
///
/// ```swift
/// // {"tags": ["a"], "owner": {"login": "ada"}, "created_at": "2024-05-01T12:30:00Z"}
/// // tags → .array(.string), owner → .model(…), created_at → .date(.iso8601)
/// ```
indirect enum InferredType: Equatable, Sendable {
    /// `Bool`.
    case bool
    /// `Int`: every number seen is an integer.
    case int
    /// `Double`: some number seen has a fraction or an exponent.
    case double
    /// `String`.
    case string
    /// `URL`: every string seen is an absolute URL that Strata's `.url` reads.
    case url
    /// `UUID`: every string seen is a UUID.
    case uuid
    /// `Date`, read and written as `DateEncoding` says.
    case date(DateEncoding)
    /// A nested model.
    case model(ModelShape)
    /// An array of the type.
    case array(InferredType)
    /// An array element that is `null` in some array: `T?`, as in `[Int?]`.
    case optional(InferredType)
    /// `[String: T]`: an object whose keys are data, not names (see ``DictionaryRule``).
    case dictionary(InferredType)
    /// A `String` enum (with `--enums`).
    case enumeration(EnumShape)
    /// A tagged enum: objects told apart by a tag (see ``TaggedObjectRule``).
    case tagged(TaggedShape)
    /// A generic model with its type arguments: `List<Card>`.
    case generic(GenericShape)
    /// A generic model's type parameter, by name: `Item`.
    case parameter(String)
    /// Any JSON value, `JSONValue`: a dictionary's values that disagree, or hold `null`.
    case json
    /// Nothing to learn from: `null` in every sample, or an empty array's element;
    /// written as `JSONValue`.
    case unknown
}

extension InferredType {
    /// The names of the type parameters of the generic models in the type, at
    /// any depth: names no type may take, or a generic model's property of that
    /// type would name its parameter instead.
    var parameterNames: Set<String> {
        switch self {
        case .parameter(let name): [name]
        case .model(let shape): shape.parameterNames
        case .array(let inner), .optional(let inner), .dictionary(let inner): inner.parameterNames
        case .tagged(let shape): shape.cases.reduce(into: []) { $0.formUnion($1.model.parameterNames) }
        case .generic(let shape):
            shape.arguments.reduce(into: shape.base.parameterNames) { $0.formUnion($1.parameterNames) }
        case .bool, .int, .double, .string, .url, .uuid, .date, .enumeration, .json, .unknown: []
        }
    }
}

extension ModelShape {
    /// The type parameter names in the types of the fields, at any depth.
    var parameterNames: Set<String> {
        fields.reduce(into: []) { names, field in names.formUnion(field.type?.parameterNames ?? []) }
    }
}

/// How a `Date` is written in the samples, and so which transformer reads it.
enum DateEncoding: Equatable, Sendable {
    /// ISO 8601 date and time with an offset, with or without a fraction: `.iso8601Date`.
    case iso8601
    /// A string in a fixed format of ``DateStringFormats/table`` (`2024-05-01`,
    /// `Sun Aug 31 00:29:15 +0000 2014`): `.date(format:)` with it, which writes it back the same.
    case format(String)
    /// A number of seconds since 1970, for a key whose name says it is a time: `.secondsSince1970`.
    case secondsSince1970
    /// A number of milliseconds since 1970, for a key whose name says it is a time: `.millisecondsSince1970`.
    case millisecondsSince1970
}

/// The shape of an object: its properties in payload order.
struct ModelShape: Equatable, Sendable {
    /// The key the object was found at (`nil` for the top level), for naming it.
    var key: String?
    /// Whether the key holds an array of these objects, so the name is made singular.
    var isElement: Bool
    /// The properties, in the order the samples first show their keys.
    var fields: [FieldShape]
    /// A name the objects give themselves (`"object": "card"` → `Card`), used
    /// before the key's when it is free: for the elements a generic model holds,
    /// whose key names the list rather than them.
    var name: String?
}

/// One key of an object shape and what it holds.
struct FieldShape: Equatable, Sendable {
    /// The JSON key.
    var key: String
    /// The type, or `nil` when the samples disagree (``conflict`` says how).
    var type: InferredType?
    /// Whether the key is `null` or absent in some sample.
    var isOptional: Bool
    /// Why the key has no type: the kinds of value the samples gave it.
    var conflict: String?
}

/// A string enum's values, in the order the samples show them.
struct EnumShape: Equatable, Sendable {
    /// The key the values were found at, for naming the enum.
    var key: String
    /// The distinct values.
    var values: [String]
}

/// A tagged enum's shape: the key of its tag, and each case's tags and model.
struct TaggedShape: Equatable, Sendable {
    /// One case model and the tags that read as it.
    struct Case: Equatable, Sendable {
        /// The tags, in the order the samples show them.
        var tags: [String]
        /// The model of their objects, without the tag.
        var model: ModelShape
    }

    /// The key the objects were found at (`nil` for the top level), for naming the enum.
    var key: String?
    /// Whether the key holds an array of these objects, so the name is made singular.
    var isElement: Bool
    /// The member that holds the tag.
    var tagKey: String
    /// The cases, in the order the samples show their first tag.
    var cases: [Case]
}

/// A generic model at one place: the model, generic over the array elements of
/// some keys, and what those elements are here.
///
/// ```swift
/// // {"sources": {"object": "list", "data": [{"object": "card", …}]},
/// //  "subscriptions": {"object": "list", "data": [{"object": "subscription", …}]}}
/// // → var sources = List<Source>(), var subscriptions = List<Subscription>()
/// ```
struct GenericShape: Equatable, Sendable {
    /// The model, whose parameter keys hold `[.parameter(name)]`.
    var base: ModelShape
    /// A name the objects give the model: the one value of their `object`,
    /// `type`, `kind` or `event` member (`"list"` → `List`), when they all have the same.
    var name: String?
    /// The type of the elements at each parameter key, in the order of the
    /// model's parameters.
    var arguments: [InferredType]
}
