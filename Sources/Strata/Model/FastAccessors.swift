import Foundation

/// Loads and stores at a byte offset, specialised for the common property types: the closures ``StoredField`` pairs
/// with a property's offset.
///
/// Nothing else calls them.
///
/// The general accessors run in unspecialised generic code (the property's type is
/// only known at run time), where every use of `Value?` or a cast costs a runtime
/// metadata look-up. For the types most models are made of, this picks a closure
/// compiled for that exact type: storing a `String` is a comparison of the opened
/// type (see ``exactValue(_:as:)``) and a store; an `NSNumber` is converted exactly (as ``ExactNumber`` does) without
/// leaving specialised code. Anything else returns `false` and takes the general
/// path, which gives the same answer more slowly.
enum FastAccessors {
    /// Stores the value and returns `true`, or returns `false` when the value needs the
    /// general path.
    ///
    /// The value is never `nil` (see ``StoreNil``): taking `Any` rather than `Any?` spares
    /// a copy of the optional through its value witnesses on every store.
    typealias Store = @Sendable (_ model: UnsafeMutableRawPointer, _ offset: Int, _ value: Any) -> Bool
    /// Stores `nil` in an optional property.
    typealias StoreNil = @Sendable (_ model: UnsafeMutableRawPointer, _ offset: Int) -> Void
    typealias Load = @Sendable (_ model: UnsafeRawPointer, _ offset: Int) -> Any?

    /// A specialised load for properties of `type`, or `nil` for other types.
    static func load(for type: Any.Type) -> Load? {
        switch type {
        case is String.Type: return load(String.self)
        case is Int.Type: return load(Int.self)
        case is Bool.Type: return load(Bool.self)
        case is Double.Type: return load(Double.self)
        case is String?.Type: return loadOptional(String.self)
        case is Int?.Type: return loadOptional(Int.self)
        case is Bool?.Type: return loadOptional(Bool.self)
        case is Double?.Type: return loadOptional(Double.self)
        case is URL.Type: return load(URL.self)
        case is URL?.Type: return loadOptional(URL.self)
        case is Date.Type: return load(Date.self)
        case is Date?.Type: return loadOptional(Date.self)
        case is UUID.Type: return load(UUID.self)
        case is UUID?.Type: return loadOptional(UUID.self)
        case is [String].Type: return load([String].self)
        case is [String]?.Type: return loadOptional([String].self)
        default: return nil
        }
    }

    @inline(__always)
    private static func load<V>(_: V.Type) -> Load {
        { model, offset in (model + offset).assumingMemoryBound(to: V.self).pointee }
    }

    @inline(__always)
    private static func loadOptional<V>(_: V.Type) -> Load {
        { model, offset in
            guard let value = (model + offset).assumingMemoryBound(to: V?.self).pointee else { return nil }
            return value
        }
    }

    /// A specialised store for properties of `type`, or `nil` for other types.
    static func store(for type: Any.Type) -> Store? {
        switch type {
        case is String.Type: return store(String.self)
        case is Int.Type: return storeNumber(Int.self) { $0.integer(Int.self) }
        case is Bool.Type: return storeNumber(Bool.self) { $0.boolean }
        case is Double.Type: return storeNumber(Double.self) { $0.floatingPoint(Double.self) }
        case is String?.Type: return storeOptional(String.self)
        case is Int?.Type: return storeOptionalNumber(Int.self) { $0.integer(Int.self) }
        case is Bool?.Type: return storeOptionalNumber(Bool.self) { $0.boolean }
        case is Double?.Type: return storeOptionalNumber(Double.self) { $0.floatingPoint(Double.self) }
        case is URL.Type: return store(URL.self)
        case is URL?.Type: return storeOptional(URL.self)
        case is Date.Type: return store(Date.self)
        case is Date?.Type: return storeOptional(Date.self)
        case is UUID.Type: return store(UUID.self)
        case is UUID?.Type: return storeOptional(UUID.self)
        case is [String].Type: return store([String].self)
        case is [String]?.Type: return storeOptional([String].self)
        default: return nil
        }
    }

    /// A specialised store of `nil` for the optional types ``store(for:)`` handles, or
    /// `nil` for other types.
    static func storeNil(for type: Any.Type) -> StoreNil? {
        switch type {
        case is String?.Type: return storeNil(String.self)
        case is Int?.Type: return storeNil(Int.self)
        case is Bool?.Type: return storeNil(Bool.self)
        case is Double?.Type: return storeNil(Double.self)
        case is URL?.Type: return storeNil(URL.self)
        case is Date?.Type: return storeNil(Date.self)
        case is UUID?.Type: return storeNil(UUID.self)
        case is [String]?.Type: return storeNil([String].self)
        default: return nil
        }
    }

    @inline(__always)
    private static func storeNil<V>(_: V.Type) -> StoreNil {
        { model, offset in (model + offset).assumingMemoryBound(to: V?.self).pointee = nil }
    }

    @inline(__always)
    private static func store<V>(_: V.Type) -> Store {
        { model, offset, value in
            guard let typed = exactValue(value, as: V.self) else { return false }
            (model + offset).assumingMemoryBound(to: V.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    private static func storeOptional<V>(_: V.Type) -> Store {
        { model, offset, value in
            guard let typed = exactValue(value, as: V.self) else { return false }
            (model + offset).assumingMemoryBound(to: V?.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    private static func storeNumber<V>(_: V.Type, _ convert: @escaping @Sendable (ExactNumber) -> V?) -> Store {
        { model, offset, value in
            guard let typed = number(value, as: V.self, convert) else { return false }
            (model + offset).assumingMemoryBound(to: V.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    private static func storeOptionalNumber<V>(_: V.Type, _ convert: @escaping @Sendable (ExactNumber) -> V?) -> Store {
        { model, offset, value in
            guard let typed = number(value, as: V.self, convert) else { return false }
            (model + offset).assumingMemoryBound(to: V?.self).pointee = typed
            return true
        }
    }

    /// `value` as `V`: itself when it already is one, an exact conversion when it is
    /// an `NSNumber`, `nil` otherwise (left to the general path).
    @inline(__always)
    private static func number<V>(_ value: Any, as: V.Type, _ convert: (ExactNumber) -> V?) -> V? {
        if let typed = exactValue(value, as: V.self) { return typed }
        if let number = numberObject(value) { return convert(ExactNumber(number)) }
        return nil
    }
}
