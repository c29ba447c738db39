import Foundation

/// A property type with no other type inside it, and everything Strata does with
/// its values: how JSON reads and writes them, how archives store them, how a
/// model's field loads and stores them.
///
/// Each supported leaf type is one file in `PropertyTypes/` and one line in
/// ``LeafPropertyTypes/registered``; ``PropertyType`` classifies a Swift type by
/// asking each registered type in turn (``classify(_:)``), and every decision about a leaf
/// value is then a call to the leaf that classified it. Optionals, collections,
/// enums and nested models are the ``PropertyType`` cases around leaves.
///
/// `Docs/Internals.md` shows a new leaf type added (`TimeZone`, written as its
/// identifier); `UUIDProperty.swift` is the shortest complete one.
protocol LeafPropertyType: Sendable {
    /// The leaf for `type`, or `nil` when `type` is not of this kind.
    static func classify(_ type: Any.Type) -> Self?

    /// The Swift type of the values.
    var valueType: Any.Type { get }

    /// The type's name in messages: `Int`, `URL`.
    var name: String { get }

    // MARK: JSON

    /// The transformer for a value of this type anywhere in JSON (a property, an
    /// array element, a dictionary value), or `nil` when JSON holds no value of
    /// this type and a property of it needs the user's transformer.
    var defaultValueTransformer: Transformation? { get }

    /// The transformer a JSON-mapped property of this type gets when its model
    /// names none, or `nil` when the validated setter alone does the job.
    ///
    /// By default `nil`: the setter checks strings, booleans and numbers exactly.
    var defaultPropertyTransformer: Transformation? { get }

    /// The transformation ``ValueTransformer/lenient`` gives a property of this type.
    ///
    /// By default the type's default conversion.
    var lenientTransformer: Transformation { get }

    /// Why no JSON value is of this type, and the transformer that reads one
    /// (`Date` and ``OutsideJSON/transformer`` `.iso8601Date`); `nil` when JSON
    /// holds values of this type.
    var outsideJSON: OutsideJSON? { get }

    /// Whether a value of this type, written with its default transformer, may be
    /// one JSON cannot represent (NaN, a `Date` with no transformer, …).
    var mayBeUnrepresentableInJSON: Bool { get }

    /// Whether JSON `null` is a value of this type, which its transformer reads
    /// (``JSONValue/null``), rather than the absence of one.
    ///
    /// By default `false`: `null` is `nil`, refused where the type is not optional.
    var takesNull: Bool { get }

    /// Whether the default transformer runs code of the user's: a tagged enum's
    /// decodes its cases' models, running their hooks.
    ///
    /// By default `false`: the library's own conversions.
    var convertsWithUserCode: Bool { get }

    /// Whether the default transformer gives a value already of this type back
    /// as it is: true for `String`, `Bool`, `Int` and `Double`, the types JSON
    /// text is read into.
    var convertsExactValuesToThemselves: Bool { get }

    /// Whether the type is `Double`, whose default transformer takes any JSON
    /// number as its nearest `Double` and never needs its digits past that.
    var isDouble: Bool { get }

    /// Whether the default transformer is a fixed conversion that the encode
    /// engine may apply by reading the field itself (a URL's `absoluteString`).
    var hasFixedJSONConversion: Bool { get }

    /// How an `Array` of this type's values is written straight into a sink of
    /// JSON text, as the array's default transformer writes what its `reverse`
    /// gives (each element through the default transformer's `reverse`, an
    /// element's error with its index in front of its path), or `nil` for a value
    /// left to that `reverse`: the ``Transformation/textWriter`` of the default
    /// transformer of an `Array` of this type.
    ///
    /// By default `nil`: arrays are written through their transformer's `reverse`.
    var arrayTextWriter: (@Sendable (Any) -> ((inout EmitterSink) throws -> Void)?)? { get }

    // MARK: Numbers

    /// Whether values of this type are numbers or booleans, which setters coerce
    /// exactly from any numeric representation.
    var isNumeric: Bool { get }

    /// `number` as a value of this type, or `nil` when the conversion would lose
    /// information or mix booleans and numbers (and for a type that is not numeric).
    func converted(_ number: ExactNumber) -> Any?

    // MARK: Archives

    /// Why a value of this type cannot be archived, or `nil` when it can.
    var archiveProblem: String? { get }

    /// The kind of value an archive stores for a value of this type; `nil` for a
    /// type archives do not hold (see ``archiveProblem``).
    var archivedKind: ArchiveLayout.Kind? { get }

    /// Writes `value`, a value of this type, under `key`.
    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws

    /// Reads the value of this type under `key`, which the archive contains and
    /// which stores ``archivedKind``.
    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any

    // MARK: Storage

    /// Loads and stores specialised for a field of this type (`optional: false`)
    /// or of its `Optional` (`optional: true`), or `nil` for the general ones.
    ///
    /// By default `nil`.
    func fastAccess(optional: Bool) -> FastAccess?
}

/// Why JSON holds no value of a leaf type, for the advice of a property of it
/// that has no transformer.
struct OutsideJSON: Sendable {
    /// The type in a sentence: `a Date`, `Data`.
    let description: String
    /// A transformer that reads a value of the type: `.iso8601Date`.
    let transformer: String
}

/// Every leaf type Strata supports, in the order ``PropertyType`` asks them.
enum LeafPropertyTypes {
    /// The registered leaf types: supporting another type is one file with its
    /// conformance and one line here.
    static let registered: [any LeafPropertyType.Type] = [
        BoolProperty.self, StringProperty.self, URLProperty.self, UUIDProperty.self, DateProperty.self,
        DataProperty.self, DecimalProperty.self, IntegerProperty.self, FloatingPointProperty.self,
        JSONValueProperty.self, TaggedEnumProperty.self,
    ]

    /// The leaf of `type`, asking each registered type in turn; `nil` when none
    /// takes it.
    static func classify(_ type: Any.Type) -> (any LeafPropertyType)? {
        for leafType in registered {
            if let leaf = leafType.classify(type) { return leaf }
        }
        return nil
    }
}

extension LeafPropertyType {
    var name: String { String(describing: valueType) }
    var defaultPropertyTransformer: Transformation? { nil }
    var lenientTransformer: Transformation { defaultValueTransformer ?? Transformation(forward: { $0 }, reverse: { $0 }) }
    var outsideJSON: OutsideJSON? { nil }
    var mayBeUnrepresentableInJSON: Bool { false }
    var takesNull: Bool { false }
    var convertsWithUserCode: Bool { false }
    var convertsExactValuesToThemselves: Bool { false }
    var isDouble: Bool { false }
    var hasFixedJSONConversion: Bool { false }
    var arrayTextWriter: (@Sendable (Any) -> ((inout EmitterSink) throws -> Void)?)? { nil }
    var isNumeric: Bool { false }
    func converted(_ number: ExactNumber) -> Any? { nil }
    var archiveProblem: String? { nil }
    func fastAccess(optional: Bool) -> FastAccess? { nil }
}
