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
    /// The specialised accessors for a field of `type`, or `nil` for a type that
    /// has none: a leaf type's own (see ``LeafPropertyType/fastAccess(optional:)``),
    /// plain or optional, `[String]`'s, and those of `[Int]` and `[Double]`.
    static func access(for type: PropertyType) -> FastAccess? {
        switch type {
        case .leaf(let leaf): return leaf.fastAccess(optional: false)
        case .optional(.leaf(let leaf)): return leaf.fastAccess(optional: true)
        // An array's JSON value is built element by element by its transformer.
        case .array(.leaf(is StringProperty), let builder) where ObjectIdentifier(builder) == ObjectIdentifier([String].self):
            return .stored([String].self, optional: false, writtenAsStored: false)
        case .optional(.array(.leaf(is StringProperty), let builder)) where ObjectIdentifier(builder) == ObjectIdentifier([String].self):
            return .stored([String].self, optional: true, writtenAsStored: false)
        case .array(_, let builder) where ObjectIdentifier(builder) == ObjectIdentifier([Int].self):
            return .stored([Int].self, optional: false, writtenAsStored: false)
        case .array(_, let builder) where ObjectIdentifier(builder) == ObjectIdentifier([Double].self):
            return .stored([Double].self, optional: false, writtenAsStored: false)
        default: return nil
        }
    }

    /// The load of the raw value of a field of `R`.
    static func rawValueLoad<R: RawRepresentable>(_: R.Type) -> Load {
        RawValueLoad<R>().load
    }

    @inline(__always)
    static func load<V>(_: V.Type) -> Load {
        { model, offset in (model + offset).assumingMemoryBound(to: V.self).pointee }
    }

    @inline(__always)
    static func loadOptional<V>(_: V.Type) -> Load {
        { model, offset in
            guard let value = (model + offset).assumingMemoryBound(to: V?.self).pointee else { return nil }
            return value
        }
    }

    @inline(__always)
    static func storeNil<V>(_: V.Type) -> StoreNil {
        { model, offset in (model + offset).assumingMemoryBound(to: V?.self).pointee = nil }
    }

    @inline(__always)
    static func store<V>(_: V.Type) -> Store {
        { model, offset, value in
            guard let typed = exactValue(value, as: V.self) else { return false }
            (model + offset).assumingMemoryBound(to: V.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    static func storeOptional<V>(_: V.Type) -> Store {
        { model, offset, value in
            guard let typed = exactValue(value, as: V.self) else { return false }
            (model + offset).assumingMemoryBound(to: V?.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    static func storeNumber<V>(_: V.Type, _ convert: @escaping @Sendable (ExactNumber) -> V?) -> Store {
        { model, offset, value in
            guard let typed = number(value, as: V.self, convert) else { return false }
            (model + offset).assumingMemoryBound(to: V.self).pointee = typed
            return true
        }
    }

    @inline(__always)
    static func storeOptionalNumber<V>(_: V.Type, _ convert: @escaping @Sendable (ExactNumber) -> V?) -> Store {
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

/// The specialised load and stores of a field of one type (see ``FastAccessors``),
/// and the load of its JSON value.
struct FastAccess: Sendable {
    /// Loads the field's value.
    let load: FastAccessors.Load
    /// Stores a value of exactly the field's type, or a number converted exactly.
    let store: FastAccessors.Store
    /// Stores `nil`, for an optional field.
    let storeNil: FastAccessors.StoreNil?
    /// Loads the field's JSON value, as the type's default transformer gives it;
    /// `nil` when only the transformer builds it (an array's, element by element).
    let jsonLoad: FastAccessors.Load?

    /// The accessors of a field of `V` (or `V?`) whose value is stored as it is;
    /// its JSON value is its value when `writtenAsStored`.
    static func stored<V>(_: V.Type, optional: Bool, writtenAsStored: Bool = true) -> FastAccess {
        let load = optional ? FastAccessors.loadOptional(V.self) : FastAccessors.load(V.self)
        return FastAccess(
            load: load,
            store: optional ? FastAccessors.storeOptional(V.self) : FastAccessors.store(V.self),
            storeNil: optional ? FastAccessors.storeNil(V.self) : nil,
            jsonLoad: writtenAsStored ? load : nil)
    }

    /// The accessors of a number field of `V` (or `V?`): an `NSNumber` is stored
    /// converted by `convert`, exactly.
    static func number<V>(_: V.Type, optional: Bool, _ convert: @escaping @Sendable (ExactNumber) -> V?) -> FastAccess {
        let load = optional ? FastAccessors.loadOptional(V.self) : FastAccessors.load(V.self)
        return FastAccess(
            load: load,
            store: optional ? FastAccessors.storeOptionalNumber(V.self, convert) : FastAccessors.storeNumber(V.self, convert),
            storeNil: optional ? FastAccessors.storeNil(V.self) : nil,
            jsonLoad: load)
    }

    /// The accessors of a field of `V` (or `V?`) whose value is stored as it is,
    /// and whose JSON value is `json` of its value (a URL's `absoluteString`).
    static func stored<V>(_: V.Type, optional: Bool, writtenAs json: @escaping @Sendable (V) -> Any) -> FastAccess {
        let access = stored(V.self, optional: optional)
        let jsonLoad: FastAccessors.Load
        if optional {
            jsonLoad = { model, offset in
                guard let value = (model + offset).assumingMemoryBound(to: V?.self).pointee else { return nil }
                return json(value)
            }
        } else {
            jsonLoad = { model, offset in json((model + offset).assumingMemoryBound(to: V.self).pointee) }
        }
        return FastAccess(load: access.load, store: access.store, storeNil: access.storeNil, jsonLoad: jsonLoad)
    }
}

/// Reads an enum at an offset and returns its raw value.
private struct RawValueLoad<R: RawRepresentable>: @unchecked Sendable {
    // @unchecked: no stored properties; it only carries `R`, a type.
    func load(_ model: UnsafeRawPointer, _ offset: Int) -> Any? {
        (model + offset).assumingMemoryBound(to: R.self).pointee.rawValue
    }
}
