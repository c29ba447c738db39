import Foundation

/// A stored property of a struct or of a class, read and written in place at its
/// byte offset: the one place in Strata that touches a model's memory through raw
/// pointers.
///
/// A field is built only from a key path, with ``make(_:writable:type:coerce:)``,
/// and keeps the offset of the storage that key path names together with the
/// closures that use it; nothing outside this file sees the offset, so a load or
/// store can never be paired with another property's.
///
/// What must hold, and why it does:
/// - The offset is that of a stored property of `M` of type `Value`: for a struct,
///   `MemoryLayout<M>.offset(of:)` returns one only for a key path that names
///   storage directly inside `M`; for a class, ``ObjectFieldOffset`` returns one
///   only for a key path whose single component is stored (no observers, no
///   `lazy`, no wrapper, no `weak`), of exactly `Value`. The closures are
///   specialised for `Value`.
/// - The base the offset is added to is where that storage lives: the model
///   value's own address for a struct (valid for the closure's duration), the
///   object's address for a class (kept alive by the caller's reference for the
///   closure's duration).
///
/// In debug builds, and in any build with the `STRATA_INTERNAL_CHECKS` compilation
/// condition (which `scripts/release-tests` and `scripts/sanitizers` set), every
/// load and store is checked against the key path it was made from: a load must
/// give what the key path reads, and a store must leave the model as writing
/// through the key path would.
final class StoredField: @unchecked Sendable {
    // @unchecked: the closures capture only metatypes, an offset and a key path
    // (immutable, and `Sendable` where `PropertyKeys` holds it).

    typealias Read = @Sendable (_ model: UnsafeRawPointer, _ offset: Int) -> Any?

    /// Whether this build checks every load and store against its key path (a
    /// debug build, or one with `STRATA_INTERNAL_CHECKS`).
    static var checksEveryAccess: Bool {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        return true
        #else
        return false
        #endif
    }

    private let offset: Int
    /// Whether the offset is inside an object (the model is a class) rather than
    /// inside the model value (a struct).
    private let inObject: Bool
    /// Reads the value, unwrapping an optional; any type.
    private let readValue: Read
    /// Stores an already type-checked value; `nil` when the key path is read-only.
    private let storeValue: (@Sendable (_ model: UnsafeMutableRawPointer, _ offset: Int, _ value: Any?) -> Bool)?
    /// Specialised versions for the common types (see ``FastAccessors``).
    let fastRead: FastAccessors.Load?
    private let fastStore: FastAccessors.Store?
    private let fastStoreNil: FastAccessors.StoreNil?
    /// The JSON value of the property written with its default transformer, for
    /// the types where that is a fixed conversion (see ``FastAccess/jsonLoad``
    /// and ``RawValueEnums/jsonLoad(_:raw:)``).
    private let jsonRead: FastAccessors.Load?
    /// The property's type, which the accessors of ``bound(stores:_:)`` are made for.
    private let type: PropertyType
    /// Whether the property can be written through the field.
    private let writable: Bool
    #if DEBUG || STRATA_INTERNAL_CHECKS
    /// The key path's own read, to check every load and store against.
    private let keyPathRead: @Sendable (Any) -> Any?
    /// The JSON value the property's default transformer gives for the key path's
    /// read, to check every JSON read against.
    private let keyPathJSON: @Sendable (Any) -> Any?
    /// Whether two values of the property are the same: `==` where the type is
    /// `Equatable` (two equal sets may list their elements in different orders),
    /// their descriptions otherwise (and for NaN, which is not equal to itself).
    private let same: @Sendable (Any?, Any?) -> Bool
    #endif

    /// The field for `keyPath` when it names a stored property of the struct or
    /// class `M`; `nil` otherwise (a computed or observed property, a nested path).
    static func make<M, Value>(
        _ keyPath: KeyPath<M, Value>, writable: Bool, type: PropertyType, coerce: @escaping @Sendable (Any?) -> Value?
    ) -> StoredField? {
        if let offset = MemoryLayout<M>.offset(of: keyPath) {
            return StoredField(keyPath, offset: offset, inObject: false, writable: writable, type: type, coerce: coerce)
        }
        if let offset = ObjectFieldOffset.of(keyPath) {
            return StoredField(keyPath, offset: offset, inObject: true, writable: writable, type: type, coerce: coerce)
        }
        return nil
    }

    private init<M, Value>(
        _ keyPath: KeyPath<M, Value>, offset: Int, inObject: Bool, writable: Bool, type: PropertyType,
        coerce: @escaping @Sendable (Any?) -> Value?
    ) {
        self.offset = offset
        self.inObject = inObject
        self.type = type
        self.writable = writable
        readValue = Self.reader(Value.self)
        if writable {
            let storeWrapped = (Value.self as? any OptionalProtocol.Type)?.exactWrappedStore()
            storeValue = { model, offset, value in
                if let value {
                    if storeExactly(value, at: model + offset, as: Value.self) { return true }
                    if let storeWrapped, storeWrapped(model + offset, value) { return true }
                }
                return Self.storeCoerced(value, at: model + offset, coerce)
            }
        } else {
            storeValue = nil
        }
        let access = FastAccessors.access(for: type)
        fastRead = access?.load
        fastStore = writable ? access?.store : nil
        fastStoreNil = writable ? access?.storeNil : nil
        // The JSON value as it is stored, or by a fixed conversion: an enum's raw value,
        // a leaf's own (a URL's `absoluteString`).
        if case .rawRepresentable(let enumType, let raw) = type {
            jsonRead = RawValueEnums.jsonLoad(enumType, raw: raw)
        } else {
            jsonRead = access?.jsonLoad
        }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        // The key path is `Sendable` where `PropertyKeys` holds it; this one is the
        // same value re-typed by a cast.
        nonisolated(unsafe) let checked = keyPath
        let read: @Sendable (Any) -> Any? = { model in (model as? M).flatMap { flatten($0[keyPath: checked]) } }
        keyPathRead = read
        let transformer = type.defaultValueTransformer
        keyPathJSON = { model in
            guard let value = read(model) else { return nil }
            return (try? transformer?.reverseTransformedValue(value)) ?? value
        }
        same = Self.sameness(of: type)
        #endif
    }

    /// Stores `value` converted by `coerce` (a number of another type, a subclass,
    /// `nil` for an optional), and returns whether it converted.
    ///
    /// Out of the store closure: unspecialised code looks up the metadata of
    /// `Value?` on entry to the function that holds one, which the exact stores
    /// before this never need.
    @inline(never)
    private static func storeCoerced<Value>(
        _ value: Any?, at field: UnsafeMutableRawPointer, _ coerce: (Any?) -> Value?
    ) -> Bool {
        guard let typed = coerce(value) else { return false }
        field.assumingMemoryBound(to: Value.self).pointee = typed
        return true
    }

    #if DEBUG || STRATA_INTERNAL_CHECKS
    /// How ``same`` compares values of `type` (unwrapped: reads unwrap optionals).
    private static func sameness(of type: PropertyType) -> @Sendable (Any?, Any?) -> Bool {
        // A metatype: immutable, so sharing it with the closure is safe.
        nonisolated(unsafe) let equatable: (any Equatable.Type)?
        switch type.unwrapped {
        case .model, .other: equatable = nil
        default: equatable = unwrappedType(of: type) as? any Equatable.Type
        }
        return { first, second in
            switch (flatten(first), flatten(second)) {
            case (nil, nil): return true
            case (let first?, let second?):
                return equatable?.isEqual(first, second) == true || String(reflecting: first) == String(reflecting: second)
            default: return false
            }
        }
    }

    private static func unwrappedType(of type: PropertyType) -> Any.Type? {
        switch type.unwrapped {
        case .leaf(let leaf): return leaf.valueType
        case .rawRepresentable(let raw, _): return raw
        case .array(_, let builder): return builder
        case .dictionary(_, let builder): return builder
        case .model(let model): return model
        case .other(let other): return other
        case .optional: return nil
        }
    }
    #endif

    /// A reader for `Value` that unwraps one level of `Optional` without a dynamic cast.
    private static func reader<Value>(_: Value.Type) -> Read {
        if let optional = Value.self as? any OptionalProtocol.Type, let unwrapping = optional.unwrappingFieldRead() {
            return unwrapping
        }
        if Value.self is any OptionalProtocol.Type {
            return { model, offset in flatten((model + offset).assumingMemoryBound(to: Value.self).pointee) }
        }
        return { model, offset in (model + offset).assumingMemoryBound(to: Value.self).pointee }
    }

    // MARK: Reading

    /// The property's value; an optional holding nothing reads as `nil`.
    @inline(__always)
    func read<M>(_ model: M) -> Any? {
        let value = withBase(of: model) { readValue($0, offset) }
        check(value, readFrom: model)
        return value
    }

    /// The property's value through the specialised read when there is one (see
    /// ``fastRead``), the general one otherwise.
    @inline(__always)
    func readFast<M>(_ model: M) -> Any? {
        guard fastRead != nil else { return read(model) }
        // Called through the optional, not bound from it: a binding retains the context.
        let value = withBase(of: model) { fastRead?($0, offset) ?? nil }
        check(value, readFrom: model)
        return value
    }

    /// Whether ``readJSON(_:)`` can give the property's JSON value.
    var readsJSON: Bool { jsonRead != nil }

    /// The field's JSON read as a value (see ``readJSON(_:)``), for loops that
    /// must not retain the field on every pass; `nil` where ``readsJSON`` is false.
    var jsonValueLoad: JSONValueLoad? {
        guard let jsonRead else { return nil }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        return JSONValueLoad(offset: offset, read: jsonRead, field: self)
        #else
        return JSONValueLoad(offset: offset, read: jsonRead)
        #endif
    }

    /// The load of a field's JSON value, with the field's offset: made only by ``jsonValueLoad``.
    struct JSONValueLoad: Sendable {
        fileprivate let offset: Int
        fileprivate let read: FastAccessors.Load

        #if DEBUG || STRATA_INTERNAL_CHECKS
        fileprivate let field: StoredField
        #endif

        /// The JSON value of the field in `storage`, the storage of a model of the
        /// type the field was made for.
        @inline(__always)
        func callAsFunction(_ storage: Storage) -> Any? {
            let value = read(storage.base, offset)
            #if DEBUG || STRATA_INTERNAL_CHECKS
            field.check(value, equals: field.keyPathJSON(storage.model))
            #endif
            return value
        }
    }

    /// A model's storage, for reading several of its fields in a row: see
    /// ``withStorage(of:_:)``.
    struct Storage {
        fileprivate let base: UnsafeRawPointer
        #if DEBUG || STRATA_INTERNAL_CHECKS
        fileprivate let model: Any
        #endif
    }

    /// Runs `body` with the storage of `model`, which ``readJSON(_:)`` reads fields
    /// from without taking the model's address once per field.
    @inline(__always)
    static func withStorage<M, Result>(of model: M, _ body: (Storage) throws -> Result) rethrows -> Result {
        // The fields of one model type are all inside the value (a struct) or all
        // inside the object (a class).
        try withBase(of: model, inObject: M.self is AnyObject.Type) { base in
            #if DEBUG || STRATA_INTERNAL_CHECKS
            try body(Storage(base: base, model: model))
            #else
            try body(Storage(base: base))
            #endif
        }
    }

    /// The storage of `model`, which lies at `address`; `nil` for a class.
    ///
    /// For a value of a type that is not a class (a nested model in its field, a
    /// tagged enum's payload in its copy), read where it lies without taking its
    /// address again; a class's fields are in its object.
    @inline(__always)
    static func storage<M>(of model: M, at address: UnsafeRawPointer) -> Storage? {
        guard !(M.self is AnyObject.Type) else { return nil }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        return Storage(base: address, model: model)
        #else
        return Storage(base: address)
        #endif
    }

    /// The address of the field's storage in the model whose storage is `storage`,
    /// valid while `storage` is (see ``withAddress(in:_:)``).
    @inline(__always)
    func address(in storage: Storage) -> UnsafeRawPointer {
        storage.base + offset
    }

    /// Runs `body` with the address of the field's storage in `model`, for a value
    /// used where it lies rather than read out (see ``withStoredValue(at:as:_:)``).
    ///
    /// The address is that of a value of the field's type, valid for the call.
    @inline(__always)
    func withAddress<M, Result>(in model: M, _ body: (UnsafeRawPointer) throws -> Result) rethrows -> Result {
        try withBase(of: model) { try body($0 + offset) }
    }

    /// Runs `body` with the address of the field's storage in `model`, for a value
    /// stored where it lies rather than handed over as an `Any` (a nested model
    /// decoded as it is read; see ``NestedModel/streamObject(from:levelsLeft:into:)``).
    ///
    /// The address is that of an initialised value of the field's type, valid for
    /// the call: `body` may assign a value of exactly that type there. For a field
    /// of a writable property.
    @inline(__always)
    func withMutableAddress<M, Result>(
        in model: inout M, _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        let result = try withMutableBase(of: &model) { try body($0 + offset) }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        check(read(model), equals: keyPathRead(model))
        #endif
        return result
    }

    // MARK: The base address

    @inline(__always)
    private func withBase<M, Result>(of model: M, _ body: (UnsafeRawPointer) throws -> Result) rethrows -> Result {
        try Self.withBase(of: model, inObject: inObject, body)
    }

    /// Runs `body` with the address the fields of `model` are at an offset from:
    /// the object's for a class, the value's own otherwise.
    @inline(__always)
    private static func withBase<M, Result>(
        of model: M, inObject: Bool, _ body: (UnsafeRawPointer) throws -> Result
    ) rethrows -> Result {
        try withUnsafePointer(to: model) { pointer in
            guard inObject else { return try body(UnsafeRawPointer(pointer)) }
            // `M` is a class: its value is one strong reference, which `model` holds
            // until this returns.
            return try withExtendedLifetime(model) { try body(UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self)) }
        }
    }

    /// ``withBase(of:_:)`` for a store: a struct's value is written in place, an
    /// object's storage through the reference (the variable itself is unchanged).
    @inline(__always)
    private func withMutableBase<M, Result>(of model: inout M, _ body: (UnsafeMutableRawPointer) throws -> Result) rethrows -> Result {
        try Self.withMutableBase(of: &model, inObject: inObject, body)
    }

    @inline(__always)
    private static func withMutableBase<M, Result>(
        of model: inout M, inObject: Bool, _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        // `&model` as a pointer argument: the variable's address for the call, without the
        // library's `withUnsafeMutablePointer` (a call not specialised for `M`).
        guard inObject else { return try Self.run(body, at: &model) }
        // `M` is a class: the variable holds one strong reference, which keeps the object
        // alive for the call; the object's address is the reference's bits.
        return try Self.run({ try body($0.load(as: UnsafeMutableRawPointer.self)) }, at: &model)
    }

    /// Runs `body` with `address`: the address of a variable passed as `&variable`,
    /// valid for the call.
    @inline(__always)
    private static func run<M, Result>(
        _ body: (UnsafeMutableRawPointer) throws -> Result, at address: UnsafeMutablePointer<M>
    ) rethrows -> Result {
        try body(UnsafeMutableRawPointer(address))
    }

    /// The property's JSON value as its default transformer would give it (a URL's
    /// `absoluteString`, an enum's raw value, a string or number itself), or `nil`
    /// for a property that holds `nil`; the field's general read where
    /// ``readsJSON`` is false.
    ///
    /// `storage` must be that of a model of the type the field was made for.
    @inline(__always)
    func readJSON(_ storage: Storage) -> Any? {
        guard let jsonRead else {
            let value = readValue(storage.base, offset)
            #if DEBUG || STRATA_INTERNAL_CHECKS
            check(value, equals: keyPathRead(storage.model))
            #endif
            return value
        }
        let value = jsonRead(storage.base, offset)
        #if DEBUG || STRATA_INTERNAL_CHECKS
        check(value, equals: keyPathJSON(storage.model))
        #endif
        return value
    }

    // MARK: Writing

    /// Stores `value` when it is of the property's type, or a number that converts
    /// to it exactly; returns `false`, leaving the model unchanged, otherwise or
    /// when the field is read-only.
    @inline(__always)
    func write<M>(_ value: Any, into model: inout M) -> Bool {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        let expected = storeThroughKeyPath(value, into: model)
        #endif
        let stored: Bool
        // The closures called through their optionals, not bound from them: a binding
        // retains the closure's context.
        if fastStore != nil, withMutableBase(of: &model, { fastStore?($0, offset, value) == true }) {
            stored = true
        } else {
            stored = storeGeneral(value, into: &model)
        }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        if stored { check(read(model), equals: expected) }
        #endif
        return stored
    }

    /// Stores `nil`; returns `false`, leaving the model unchanged, when the
    /// property is not optional or the field is read-only.
    @inline(__always)
    func writeNil<M>(into model: inout M) -> Bool {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        let expected = storeThroughKeyPath(nil, into: model)
        #endif
        let stored: Bool
        if fastStoreNil != nil {
            withMutableBase(of: &model) { fastStoreNil?($0, offset) }
            stored = true
        } else {
            stored = storeGeneral(nil, into: &model)
        }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        if stored { check(read(model), equals: expected) }
        #endif
        return stored
    }

    private func storeGeneral<M>(_ value: Any?, into model: inout M) -> Bool {
        guard let storeValue else { return false }
        return withMutableBase(of: &model) { storeValue($0, offset, value) }
    }

    // MARK: Accessors of the layers above

    /// What `make` builds from the property's type and the field's location: an
    /// accessor of a later layer, for its own loads and stores at the field.
    ///
    /// The JSON text the decode engine reads into a field, and the encode engine
    /// writes from one, are such accessors. `nil` where `make` builds none, or for
    /// a store (`stores` true) when the field is read-only. The field hands `make`
    /// its own type with its location, so an accessor is always made for the
    /// storage it is used on.
    func bound<Accessor>(stores: Bool, _ make: (PropertyType, Location) -> Accessor?) -> Accessor? {
        guard !stores || writable else { return nil }
        #if DEBUG || STRATA_INTERNAL_CHECKS
        return make(type, Location(offset: offset, inObject: inObject, field: self))
        #else
        return make(type, Location(offset: offset, inObject: inObject))
        #endif
    }

    /// Where the field lies in a model of the type it was made for: made only by
    /// ``bound(stores:_:)``, and handed only to an accessor made for the field's type.
    struct Location: Sendable {
        /// The offset shifted left by one, with whether it is inside an object (the
        /// model is a class) in the low bit: one word, so that the accessors that hold
        /// a location stay as small as those that hold an offset.
        private let word: Int
        private var offset: Int { word >> 1 }
        private var inObject: Bool { word & 1 != 0 }

        #if DEBUG || STRATA_INTERNAL_CHECKS
        private let field: StoredField

        fileprivate init(offset: Int, inObject: Bool, field: StoredField) {
            word = offset << 1 | (inObject ? 1 : 0)
            self.field = field
        }
        #else
        fileprivate init(offset: Int, inObject: Bool) {
            word = offset << 1 | (inObject ? 1 : 0)
        }
        #endif

        /// The address of the field in `storage`, the storage of a model of the type
        /// the field was made for: that of a value of the field's type, valid while
        /// `storage` is.
        @inline(__always)
        func address(in storage: Storage) -> UnsafeRawPointer {
            #if DEBUG || STRATA_INTERNAL_CHECKS
            field.check(field.readValue(storage.base, offset), equals: field.keyPathRead(storage.model))
            #endif
            return storage.base + offset
        }

        /// Runs `body` with the address of the field in `model`, that of an
        /// initialised value of the field's type, valid for the call: `body` may
        /// assign a value of exactly that type there.
        @inline(__always)
        func withMutableAddress<M, Result>(
            in model: inout M, _ body: (UnsafeMutableRawPointer) throws -> Result
        ) rethrows -> Result {
            let offset = offset
            let result = try StoredField.withMutableBase(of: &model, inObject: inObject) { try body($0 + offset) }
            #if DEBUG || STRATA_INTERNAL_CHECKS
            field.check(field.read(model), equals: field.keyPathRead(model))
            #endif
            return result
        }
    }

    // MARK: Checking (debug builds)

    #if DEBUG || STRATA_INTERNAL_CHECKS
    /// What the property reads after `value` is stored by the general store, on a copy.
    private func storeThroughKeyPath<M>(_ value: Any?, into model: M) -> Any? {
        var copy = model
        guard storeGeneral(value, into: &copy) else { return nil }
        return keyPathRead(copy)
    }
    #endif

    /// In debug builds, stops when a load disagrees with the key path's read.
    @inline(__always)
    private func check<M>(_ value: Any?, readFrom model: M) {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        check(value, equals: keyPathRead(model))
        #endif
    }

    @inline(__always)
    fileprivate func check(_ value: Any?, equals expected: Any?) {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        // A broken invariant of this file, not a property of any input: the
        // offset and the closures were made from one key path.
        assert(
            same(value, expected),
            "StoredField at offset \(offset) read \(String(reflecting: value)), the key path \(String(reflecting: expected))")
        #endif
    }
}

extension Optional {
    /// A store into a `Wrapped?` field of a value of exactly `Wrapped`.
    ///
    /// No cast to `Wrapped?` (a dynamic cast through the runtime), one look-up of
    /// `Wrapped?`'s metadata. Returns `false`, storing nothing, for a value of any
    /// other type.
    static func exactWrappedStore() -> @Sendable (_ field: UnsafeMutableRawPointer, _ value: Any) -> Bool {
        { field, value in storeSomeExactly(value, at: field, wrapped: Wrapped.self) }
    }

    /// A field read for `Wrapped?` that returns the wrapped value or `nil`, for one
    /// level of optional (nested optionals take the general read).
    static func unwrappingFieldRead() -> FastAccessors.Load? {
        guard !(Wrapped.self is any OptionalProtocol.Type) else { return nil }
        return { model, offset in
            guard let wrapped = (model + offset).assumingMemoryBound(to: Wrapped?.self).pointee else { return nil }
            return wrapped
        }
    }
}

#if DEBUG || STRATA_INTERNAL_CHECKS
extension Equatable {
    /// `==` for two values known only as `Any`; `false` unless both are `Self`.
    static func isEqual(_ first: Any, _ second: Any) -> Bool {
        guard let first = first as? Self, let second = second as? Self else { return false }
        return first == second
    }
}
#endif
