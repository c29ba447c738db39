/// The property list of a model: KVC-style string keys bound to key paths.
///
/// A model declares its schema once, as a dictionary literal. Writable key paths
/// (`var` stored properties) can be read and assigned; other key paths (`let`
/// properties, computed properties) are read-only keys.
///
/// ```swift
/// struct User: Model {
///     var id = 0
///     var name = ""
///     static let propertyKeys: PropertyKeys<User> = ["id": \.id, "name": \.name]
/// }
/// ```
///
/// The order of the literal is kept: it is the order in which properties are
/// assigned, serialized and archived.
///
/// Class hierarchies list key paths rooted at a subclass with ``adding(_:)``:
///
/// ```swift
/// override class var propertyKeys: PropertyKeys<Shape> {
///     super.propertyKeys.adding(["radius": \Circle.radius] as PropertyKeys<Circle>)
/// }
/// ```
public struct PropertyKeys<Root>: Sendable, ExpressibleByDictionaryLiteral {
    let entries: [PropertyKeyEntry]

    /// Creates a property list from a dictionary literal of keys and key paths.
    public init(dictionaryLiteral elements: (String, any PartialKeyPath<Root> & Sendable)...) {
        entries = elements.map { PropertyKeyEntry(key: $0.0, keyPath: $0.1) }
    }

    private init(entries: [PropertyKeyEntry]) {
        self.entries = entries
    }

    /// The keys, in declaration order.
    public var keys: [String] { entries.map(\.key) }

    /// Returns this list followed by the entries of `other`, whose key paths are
    /// rooted at a subclass of `Root`.
    ///
    /// A key present in both lists takes the key path from `other`. Key paths whose
    /// root is not the model's type or one of its superclasses are reported as an
    /// invalid mapping when the model's schema is built.
    public func adding<Subclass>(_ other: PropertyKeys<Subclass>) -> PropertyKeys<Root> {
        let replaced = Set(other.entries.map(\.key))
        return PropertyKeys(entries: entries.filter { !replaced.contains($0.key) } + other.entries)
    }
}

/// One entry of a ``PropertyKeys`` list: a key and the key path it names.
struct PropertyKeyEntry: Sendable {
    let key: String
    let keyPath: any AnyKeyPath & Sendable
}

extension PropertyKeys {
    /// The keys whose key paths are writable (`var` stored properties, settable
    /// computed properties), in declaration order, each once: the keys a JSON map
    /// may name (`MappingPlan` refuses a read-only one).
    var writableKeys: [String] {
        var seen: Set<String> = []
        return entries.filter { $0.isWritable && seen.insert($0.key).inserted }.map(\.key)
    }
}

extension PropertyKeyEntry {
    /// Whether the key path can be written: the same test as the schema's
    /// (`KeyPath.makeProperty`), without knowing the model type.
    var isWritable: Bool { (keyPath as? any KeyPathWritability)?.isWritableKeyPath ?? false }
}

/// Key paths that say whether they are writable, seen through an erased key path.
protocol KeyPathWritability {
    var isWritableKeyPath: Bool { get }
}

extension KeyPath: KeyPathWritability {
    /// Whether this is a `WritableKeyPath` (a `ReferenceWritableKeyPath` is one too).
    var isWritableKeyPath: Bool { self is WritableKeyPath<Root, Value> }
}
