@_spi(Reflection) import Swift

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// The byte offset, inside an object, of the stored property a class key path
/// names: what `MemoryLayout.offset(of:)` gives for a struct, which it does not
/// give for a class.
///
/// A key path to a class property is one of two kinds, and only the runtime knows
/// which: a *stored* component (the property's storage, at a fixed offset in the
/// object) or a *computed* one (its getter and setter). Swift makes a computed
/// component for everything whose access must run code: a property with `willSet`
/// or `didSet`, a `lazy` one, a property wrapper, a `weak` or `unowned` reference,
/// an overridable property of a non-final class, an `@objc dynamic` one. Reading
/// and writing at the offset is the same as going through the key path exactly
/// when the component is stored, so that is the only case this accepts:
///
/// - The key path's `debugDescription` names a stored component as `\Root.name`
///   and a computed one as `\Root.<computed 0x… (Type)>`; a key path of more than
///   one component, or through an optional, has more than one name. Only the
///   form `\Root.name` with `name` a plain identifier is accepted.
/// - The offset is the one the class's field metadata (`_forEachField`) gives for
///   the field called `name`, and that field's type must be exactly `Value`.
///
/// Anything else gives `nil`, and the property is read and written through its key
/// path, as before. On Apple platforms, subclasses of `NSObject` are left to their
/// key paths too: their instance variables can be moved by the Objective-C runtime.
/// Debug builds check every load and store of a field against its key path (see
/// ``StoredField``).
enum ObjectFieldOffset {
    /// The offset of the stored property `keyPath` names in an object of class `M`;
    /// `nil` for a struct, a computed property, or a path of several components.
    static func of<M, Value>(_ keyPath: KeyPath<M, Value>) -> Int? {
        guard M.self is AnyObject.Type, !isObjectiveCClass(M.self) else { return nil }
        guard let name = storedPropertyName(in: keyPath) else { return nil }
        var found: Int?
        _ = _forEachField(of: M.self, options: classType) { fieldName, offset, type, _ in
            guard String(cString: fieldName) == name else { return true }
            if type == Value.self { found = offset }
            return false
        }
        return found
    }

    /// `_EachFieldOptions.classType` (bit 0), which the standard library declares as
    /// a mutable static and Swift 6 will not read from here.
    private static let classType = _EachFieldOptions(rawValue: 1)

    /// `name` when `keyPath` describes itself as `\Root.name` (one stored component).
    private static func storedPropertyName<M, Value>(in keyPath: KeyPath<M, Value>) -> String? {
        let prefix = "\\\(String(describing: M.self))."
        let description = keyPath.debugDescription
        guard description.hasPrefix(prefix) else { return nil }
        let name = description.dropFirst(prefix.count)
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
            name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else { return nil }
        return String(name)
    }

    private static func isObjectiveCClass(_ type: Any.Type) -> Bool {
        #if canImport(ObjectiveC)
        return type is NSObject.Type
        #else
        return false
        #endif
    }
}
