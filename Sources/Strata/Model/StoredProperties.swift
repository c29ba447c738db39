@_spi(Reflection) import Swift

/// The stored properties of a struct, found at run time: the property list of a
/// model that declares no `propertyKeys` (Mantle's `+propertyKeys`), and of
/// ``PropertyKeys/storedProperties(excluding:)``.
///
/// The standard library's reflection SPI `_forEachFieldWithKeyPath` (in every
/// Swift runtime since 5.2) lists a struct's fields in declaration order, each
/// with a key path to its storage: a `WritableKeyPath` for a `var`, a `KeyPath`
/// for a `let`. This is the only place Strata calls it, once per type, when the
/// schema is built; the list is cached (``SchemaCache``).
///
/// What the runtime lists and what is kept:
///
/// - `weak` and `unowned` references, and closures, are not listed, or are left
///   out here (an optional closure, which the runtime lists, by its metadata
///   kind).
/// - `lazy` storage (`$__lazy_storage_$_name`) is left out.
/// - A property wrapper's storage (`_name`, of the wrapper's type) is listed
///   under that name; the wrapped property is computed and has no storage.
///   ``PropertyKeys/storedProperties(excluding:)`` reports it as a problem rather
///   than map the wrapper or drop the value (see there).
///
/// If the runtime misbehaves (a class, or a struct it cannot walk), the answer is
/// `nil` and the model's schema is an invalid mapping that asks for listed keys:
/// never a crash, never a guess.
enum StoredProperties {
    /// One stored field: its name and the key path to it.
    struct Field {
        let name: String
        let keyPath: AnyKeyPath
    }

    /// The cached fields of `Root`, or `nil` when `Root` is not a struct whose
    /// fields the runtime lists.
    static func fields<Root>(of _: Root.Type) -> [Field]? {
        SchemaCache.value(.storedProperties, for: Root.self) { Cached(fields: walk(Root.self)) }.fields
    }

    /// The cache's entry for one type.
    private final class Cached: @unchecked Sendable {
        // @unchecked: key paths are immutable; these are stored components, which
        // capture nothing.
        let fields: [Field]?

        init(fields: [Field]?) {
            self.fields = fields
        }
    }

    /// Walks `Root`'s fields with the runtime's reflection.
    private static func walk<Root>(_: Root.Type) -> [Field]? {
        guard !(Root.self is AnyObject.Type) else { return nil }
        var fields: [Field] = []
        let walked = _forEachFieldWithKeyPath(of: Root.self, options: ignoreUnknown) { name, keyPath in
            let name = String(cString: name)
            if name.hasPrefix(lazyStoragePrefix) || isClosure(type(of: keyPath).valueType) { return true }
            fields.append(Field(name: name, keyPath: keyPath))
            return true
        }
        return walked ? fields : nil
    }

    /// The prefix of the field the compiler stores a `lazy` property's value in.
    private static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// `_EachFieldOptions.ignoreUnknown` (bit 1), which the standard library declares
    /// as a mutable static and Swift 6 will not read from here: fields of kinds the
    /// runtime cannot make key paths for (functions, `weak`, `unowned`) are skipped.
    private static let ignoreUnknown = _EachFieldOptions(rawValue: 1 << 1)

    /// Whether `type` is a function type, or optionals of one, by the kind in its
    /// metadata's first word (`MetadataKind::Function`, 0x302, which the ABI fixes).
    private static func isClosure(_ type: Any.Type) -> Bool {
        var type = type
        while let optional = type as? any OptionalProtocol.Type { type = optional.wrappedType }
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == functionMetadataKind
    }

    private static let functionMetadataKind: UInt = 0x302
}
