import Foundation
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
/// path. On Apple platforms, subclasses of `NSObject` are left to their key paths
/// too: their instance variables can be moved by the Objective-C runtime; and
/// before iOS 16.4 / macOS 13.3, where key paths do not describe themselves, every
/// class property is.
///
/// Neither the description's text nor the field metadata is a promise of the
/// runtime, so an offset is trusted only once a scratch instance of the class
/// (made with the model's `init()`) confirms it: a writable key path must
/// project the very address at that offset, and a read-only one must read what
/// the offset holds. A disagreement drops the whole class to its key paths for the life of
/// the process (see ``distrusts(_:)``). Builds with `DEBUG` or
/// `STRATA_INTERNAL_CHECKS` also check every load and store of a field against its
/// key path (see ``StoredField``).
enum ObjectFieldOffset {
    /// The offset of the stored property `keyPath` names in an object of class `M`;
    /// `nil` for a struct, a computed property, a path of several components, or a
    /// class whose offsets disagreed with its key paths.
    static func of<M, Value>(_ keyPath: KeyPath<M, Value>) -> Int? {
        of(keyPath, fieldOffset: { type, name, valueType in fieldOffset(of: type, name: name, valueType: valueType) })
    }

    /// ``of(_:)`` with the field metadata read by `fieldOffset` (the class, the
    /// field's name and type): tests give a wrong one to see the check catch it.
    static func of<M, Value>(
        _ keyPath: KeyPath<M, Value>, fieldOffset: (_ type: Any.Type, _ name: String, _ valueType: Any.Type) -> Int?
    ) -> Int? {
        guard M.self is AnyObject.Type, !isObjectiveCClass(M.self), !distrusts(M.self) else { return nil }
        guard let name = storedPropertyName(in: keyPath), let offset = fieldOffset(M.self, name, Value.self) else {
            return nil
        }
        guard let model = M.self as? any Model.Type, let scratch = model.init() as? M else { return nil }
        guard let writable = keyPath as? ReferenceWritableKeyPath<M, Value> else {
            // A read-only key path (a `let`) shows no address: its offset is used when
            // the class is trusted and the offset holds what the key path reads.
            return reads(offset: offset, keyPath, on: scratch) ? offset : nil
        }
        guard agrees(offset: offset, writable, on: scratch) else {
            distrusted.withLock { _ = $0.insert(ObjectIdentifier(M.self)) }
            return nil
        }
        return offset
    }

    /// Whether `offset` is where `keyPath` keeps its value in `object`: the offset
    /// lies within the object's fields, and the key path, written through, projects
    /// the very address at that offset.
    ///
    /// A stored component projects the field's own address; anything else (a
    /// getter and setter) projects a temporary's. So the address decides, whatever
    /// the value: a comparison of bytes could not (a `nil` optional's payload bytes
    /// are not part of its value).
    static func agrees<M, Value>(offset: Int, _ keyPath: ReferenceWritableKeyPath<M, Value>, on object: M) -> Bool {
        guard offset >= 0, offset + MemoryLayout<Value>.size <= objectSize(of: M.self) else { return false }
        let field = UnsafeRawPointer(Unmanaged.passUnretained(object as AnyObject).toOpaque()) + offset
        return withUnsafeMutablePointer(to: &object[keyPath: keyPath]) { UnsafeRawPointer($0) } == field
    }

    /// Whether the bytes at `offset` in `object` lie within its fields and are those
    /// of the value `keyPath` reads.
    ///
    /// A copy of a value has the bytes of the original except for padding inside a
    /// struct and the payload of a `nil` optional, which a copy need not keep: such
    /// a value can fail to compare, and is then left to its key path, never misread.
    static func reads<M, Value>(offset: Int, _ keyPath: KeyPath<M, Value>, on object: M) -> Bool {
        guard offset >= 0, offset + MemoryLayout<Value>.size <= objectSize(of: M.self) else { return false }
        let field = UnsafeRawPointer(Unmanaged.passUnretained(object as AnyObject).toOpaque()) + offset
        let read = object[keyPath: keyPath]
        return withUnsafeBytes(of: read) { bytes in
            bytes.elementsEqual(UnsafeRawBufferPointer(start: field, count: MemoryLayout<Value>.size))
        }
    }

    /// Whether a class's offsets disagreed with its key paths: its properties then
    /// go through their key paths from then on.
    static func distrusts(_ type: Any.Type) -> Bool {
        distrusted.withLock { $0.contains(ObjectIdentifier(type)) }
    }

    /// The classes whose offsets disagreed with their key paths.
    private static let distrusted = Locked<Set<ObjectIdentifier>>([])

    /// The size of an instance of `type` from its field metadata's last field, at
    /// least: the bound an offset must stay within.
    private static func objectSize(of type: Any.Type) -> Int {
        var end = 0
        _ = _forEachField(of: type, options: classType) { _, offset, fieldType, _ in
            end = max(end, offset + sizeOfValue(of: fieldType))
            return true
        }
        return end
    }

    /// The size of a value of `type`.
    private static func sizeOfValue(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    /// The offset `_forEachField` gives for the field called `name` of `type`, when
    /// that field's type is exactly `valueType`.
    private static func fieldOffset(of type: Any.Type, name: String, valueType: Any.Type) -> Int? {
        var found: Int?
        _ = _forEachField(of: type, options: classType) { fieldName, offset, fieldType, _ in
            guard String(cString: fieldName) == name else { return true }
            if fieldType == valueType { found = offset }
            return false
        }
        return found
    }

    /// `_EachFieldOptions.classType` (bit 0), which the standard library declares as
    /// a mutable static and Swift 6 will not read from here.
    private static let classType = _EachFieldOptions(rawValue: 1)

    /// Whether the read-only `keyPath`, listed under `key`, names a stored `let` of
    /// the class `M`: a generated JSON map then names it, so that the mapping refuses
    /// it by name instead of leaving it out.
    ///
    /// The class has a stored field of the key path's value type, named as the key
    /// path describes itself (`\Root.name`) or, on every platform, as the key it is
    /// listed under. A computed property has no field, so it is never one.
    static func namesStoredConstant<M>(_ keyPath: PartialKeyPath<M>, key: String) -> Bool {
        guard M.self is AnyObject.Type else { return false }
        let valueType = type(of: keyPath).valueType
        let names = [storedPropertyName(in: keyPath), key].compactMap { $0 }
        return names.contains { fieldOffset(of: M.self, name: $0, valueType: valueType) != nil }
    }

    /// `name` when `keyPath` describes itself as `\Root.name` (one stored component);
    /// `nil` before the platforms where key paths describe themselves.
    private static func storedPropertyName<M>(in keyPath: PartialKeyPath<M>) -> String? {
        guard #available(macOS 13.3, iOS 16.4, tvOS 16.4, watchOS 9.4, *) else { return nil }
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
