/// A value with an explicit schema: a list of KVC-style keys bound to key paths,
/// assigned through validated setters.
///
/// `Model` is Strata's counterpart of Mantle's `MTLModel`. Conform a struct (whose
/// stored properties are its keys, as Mantle's `+propertyKeys` finds them) or a
/// final class (which lists its properties in ``propertyKeys``), and it gains
/// key-value coding (``value(forKey:)``, ``setValue(_:forKey:)``),
/// ``dictionaryValue``, ``init(dictionary:)`` and merging.
///
/// ```swift
/// struct User: Model {
///     var login = ""
///     var age = 0
///
///     func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
///         if key == "login", let login = value as? String {
///             return login.lowercased()          // normalise what gets stored
///         }
///         return value
///     }
/// }
///
/// var user = User()
/// try user.setValue("ADA", forKey: "login")      // user.login == "ada"
/// ```
///
/// Class hierarchies: a non-final class cannot name `PropertyKeys<Self>`, so the
/// base class sets ``KeyPathRoot`` to itself and subclasses override
/// `propertyKeys`, adding their own key paths with ``PropertyKeys/adding(_:)``.
public protocol Model: SendableMetatype {
    /// The root type of the key paths in ``propertyKeys``: `Self`, unless a class
    /// hierarchy shares its base class's property list.
    associatedtype KeyPathRoot = Self

    /// Creates a model with every property at its default value.
    init()

    /// The model's properties: KVC-style keys bound to key paths.
    ///
    /// A struct that does not declare it gets every stored property, in
    /// declaration order (``PropertyKeys/storedProperties(excluding:)``); a class
    /// lists its keys, and one that does not fails with
    /// ``StrataError/Code/invalidMapping`` on first use.
    static var propertyKeys: PropertyKeys<KeyPathRoot> { get }

    /// Validates, and may replace, a value about to be stored for `key`.
    ///
    /// Called by every setter (``setValue(_:forKey:)``, the JSON adapter, the
    /// archive bridge) before the value is type-checked and stored; the value it
    /// returns is the one stored. Throw to refuse the value. The default accepts it.
    func validateValue(_ value: Any?, forKey key: String) throws -> Any?

    /// Validates the model as a whole, after all of its values were set.
    ///
    /// The JSON adapter, ``init(dictionary:)`` and the archive bridge call it last;
    /// its error propagates. The default does nothing.
    func validate() throws

    /// Chooses the value ``mergeValue(forKey:from:)`` stores for `key`.
    ///
    /// The default returns `incoming`: the other model's value, `nil` included,
    /// replaces this one's (Mantle's semantics). Override it to merge per key, for
    /// example to append arrays or keep a non-nil value.
    func mergedValue(forKey key: String, current: Any?, incoming: Any?) throws -> Any?
}

extension Model where KeyPathRoot == Self {
    /// Every stored property of a struct, in declaration order:
    /// ``PropertyKeys/storedProperties(excluding:)`` with nothing excluded.
    ///
    /// Derived once per type, when the schema is built. For a class, an empty list
    /// whose schema is an invalid mapping: a class lists its keys.
    public static var propertyKeys: PropertyKeys<Self> { .storedProperties() }
}

extension Model {
    /// Accepts `value` unchanged.
    public func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        ModelHooks.noteDefault(.validateValue, of: Self.self)
        return value
    }

    /// Does nothing.
    public func validate() throws {
        ModelHooks.noteDefault(.validate, of: Self.self)
    }

    /// Returns `incoming`: the other model's value replaces this one's.
    public func mergedValue(forKey key: String, current: Any?, incoming: Any?) throws -> Any? { incoming }
}
