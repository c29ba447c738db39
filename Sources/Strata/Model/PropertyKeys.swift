/// The property list of a model: KVC-style string keys bound to key paths.
///
/// A struct model need not declare one: without `propertyKeys` it gets every
/// stored property, in declaration order (``storedProperties(excluding:)``), as
/// Mantle's `+propertyKeys` does. Writable key paths (`var` stored properties)
/// can be read and assigned; other key paths (`let` properties, computed
/// properties) are read-only keys.
///
/// ```swift
/// struct User: Model {
///     var id = 0
///     var name = ""
///     // propertyKeys: ["id": \.id, "name": \.name], derived
/// }
/// ```
///
/// List the keys as a dictionary literal to choose them: a class (whose keys are
/// never derived), a computed property, or another key than the property's name.
/// The order of the literal is kept: it is the order in which properties are
/// assigned, serialized and archived.
///
/// ```swift
/// final class Session: Model {
///     var token = ""
///     var expiry = Date.distantPast
///     required init() {}
///     static let propertyKeys: PropertyKeys<Session> = ["token": \.token, "expiry": \.expiry]
/// }
/// ```
///
/// Class hierarchies list key paths rooted at a subclass with ``adding(_:)``:
///
/// ```swift
/// override class var propertyKeys: PropertyKeys<Shape> {
///     super.propertyKeys.adding(["radius": \Circle.radius])
/// }
/// ```
public struct PropertyKeys<Root>: Sendable, ExpressibleByDictionaryLiteral {
    let entries: [PropertyKeyEntry]
    /// Why the list is unusable, if it is: reported as an invalid mapping when the
    /// model's schema is built (a class without listed keys, a property wrapper's
    /// storage, an excluded key that is not a stored property).
    let problems: [String]

    /// Creates a property list from a dictionary literal of keys and key paths.
    public init(dictionaryLiteral elements: (String, any PartialKeyPath<Root> & Sendable)...) {
        entries = elements.map { PropertyKeyEntry(key: $0.0, keyPath: $0.1) }
        problems = []
    }

    private init(entries: [PropertyKeyEntry], problems: [String]) {
        self.entries = entries
        self.problems = problems
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
        return PropertyKeys(
            entries: entries.filter { !replaced.contains($0.key) } + other.entries, problems: problems + other.problems)
    }

    /// Every stored property of the struct `Root`, in declaration order, keyed by
    /// its name, less the names in `excluded`: the list a struct model that
    /// declares no `propertyKeys` gets.
    ///
    /// A `var` is a writable key and a `let` a read-only one. `lazy` properties,
    /// `weak` and `unowned` references and closures (optional ones too) are left
    /// out. A property wrapper's storage is not the wrapped property: a struct
    /// that stores one (`_title` for `@Trimmed var title`: a name that starts
    /// with `_`, of a type that is not a model nor one JSON holds) is an invalid
    /// mapping that names it, until it is excluded (`["_title"]`) or the keys are
    /// listed (`"title": \.title`). A plain stored property whose name starts
    /// with `_` (`var _2fa = false`) is a key like any other.
    ///
    /// ```swift
    /// struct Draft: JSONSerializing {
    ///     var title = ""
    ///     var body = ""
    ///     var wordCountCache = 0     // not part of the JSON or the archive
    ///
    ///     static let propertyKeys = PropertyKeys<Draft>.storedProperties(excluding: ["wordCountCache"])
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    /// }
    /// ```
    ///
    /// Derived once per type (when first asked) and cached. A class's stored
    /// properties are not derived: for a class the list is empty and its schema is
    /// an invalid mapping that asks for listed keys; so is a name in `excluded`
    /// that is not a stored property of `Root`.
    public static func storedProperties(excluding excluded: Set<String> = []) -> PropertyKeys<Root> {
        guard let fields = StoredProperties.fields(of: Root.self) else {
            let problem =
                Root.self is AnyObject.Type
                ? "\(Root.self) is a class, and a class's stored properties are not derived: "
                    + "list its keys in propertyKeys (static let propertyKeys: PropertyKeys<\(Root.self)> = [\"name\": \\.name])."
                : "The stored properties of \(Root.self) could not be read at run time: list its keys in propertyKeys."
            return PropertyKeys(entries: [], problems: [problem])
        }
        var problems: [String] = []
        let names = Set(fields.map(\.name))
        for name in excluded.sorted() where !names.contains(name) {
            problems.append(
                "storedProperties(excluding:) excludes '\(name)', which is not a stored property of \(Root.self) "
                    + "(stored: \(fields.map(\.name).joined(separator: ", "))).")
        }
        var entries: [PropertyKeyEntry] = []
        for field in fields where !excluded.contains(field.name) {
            if field.name.hasPrefix("_"), case .other = PropertyType(type(of: field.keyPath).valueType).unwrapped {
                let wrapped = field.name.dropFirst()
                problems.append(
                    "\(Root.self) stores '\(field.name)', of type \(type(of: field.keyPath).valueType): a property wrapper's "
                        + "storage, which derived keys do not map for the wrapped property: list the keys in propertyKeys "
                        + "(\"\(wrapped)\": \\.\(wrapped)), or leave it out with storedProperties(excluding: [\"\(field.name)\"]).")
                continue
            }
            entries.append(PropertyKeyEntry(key: field.name, keyPath: field.keyPath, isStored: true))
        }
        return PropertyKeys(entries: entries, problems: problems)
    }
}

/// One entry of a ``PropertyKeys`` list: a key and the key path it names.
struct PropertyKeyEntry: @unchecked Sendable {
    // @unchecked: a listed key path arrives `Sendable` (the literal's element type
    // says so); a derived one is a stored component, which captures nothing. Key
    // paths are immutable.
    let key: String
    let keyPath: AnyKeyPath
    /// Whether the key path is known to name a property's storage (a derived entry),
    /// rather than possibly a computed property.
    let isStored: Bool

    init(key: String, keyPath: AnyKeyPath, isStored: Bool = false) {
        self.key = key
        self.keyPath = keyPath
        self.isStored = isStored
    }
}

extension PropertyKeys {
    /// The keys a generated JSON map names, in declaration order, each once.
    ///
    /// Every writable key (`var` stored properties, settable computed properties)
    /// and every stored `let` of a struct or class, which `MappingPlan` then refuses by name
    /// rather than the map drop it. Computed read-only keys are left out.
    var generatedMapKeys: [String] {
        var seen: Set<String> = []
        return entries.filter { ($0.isWritable || $0.isStoredConstant(in: Root.self)) && seen.insert($0.key).inserted }
            .map(\.key)
    }
}

extension PropertyKeyEntry {
    /// Whether the key path can be written: the same test as the schema's
    /// (`KeyPath.makeProperty`), without knowing the model type.
    var isWritable: Bool { (keyPath as? any KeyPathWritability)?.isWritableKeyPath ?? false }

    /// Whether the key path names a stored `let` of `Root`.
    ///
    /// For a struct, that is a read-only key path with an offset in the struct (a
    /// computed property has none). For a class, it is a read-only key path to a
    /// stored field of the class (see ``ObjectFieldOffset/namesStoredConstant(_:key:)``).
    func isStoredConstant<Root>(in _: Root.Type) -> Bool {
        guard !isWritable else { return false }
        if isStored { return true }
        guard let typed = keyPath as? PartialKeyPath<Root> else { return false }
        if Root.self is AnyObject.Type { return ObjectFieldOffset.namesStoredConstant(typed, key: key) }
        return MemoryLayout<Root>.offset(of: typed) != nil
    }
}

/// Key paths that say whether they are writable, seen through an erased key path.
protocol KeyPathWritability {
    var isWritableKeyPath: Bool { get }
}

extension KeyPath: KeyPathWritability {
    /// Whether this is a `WritableKeyPath` (a `ReferenceWritableKeyPath` is one too).
    var isWritableKeyPath: Bool { self is WritableKeyPath<Root, Value> }
}
