import Foundation

/// A stored field's JSON value read from the scanner straight into the field, and
/// written from the field straight to the emitter, with no `Any` in between: for
/// `String`, `Int` and `Bool` properties and their optionals, and the reads of
/// `[Int]` and `[Double]`.
///
/// Each is made for a property type with the field's location by
/// ``reader(for:at:)`` or ``writer(for:at:)``, which a ``StoredField`` calls with
/// its own type and location (``StoredField/bound(stores:_:)``), so the address it
/// uses is always that of a value of the type it was made for.
/// What is read or written is what the property's default transformer and the
/// validated setter give for the same value.
enum FieldText {
    /// Reads the JSON value at the scanner's position into the field at `field` and
    /// returns `true` when it is exactly the form of the field's type (a string for a
    /// `String`, an integer that fits for an `Int`, `null` for an optional); returns
    /// `false`, having read nothing, for any other value.
    typealias Read =
        @Sendable (_ field: UnsafeMutableRawPointer, _ scanner: inout JSONAdapter.MemberScanner)
        throws(JSONParsingError) -> Bool

    /// Writes the field at `field` as the member `key` of the object `emitter` is
    /// writing and returns `true`, or returns `false`, having written nothing, when
    /// it holds `nil`.
    typealias Write =
        @Sendable (_ field: UnsafeRawPointer, _ key: QuotedKey, _ first: Bool, _ depth: Int, _ emitter: inout JSONEmitter)
        -> Bool

    /// The read of a field of `type` that lies at `location`; `nil` for a type
    /// without one.
    static func reader(for type: PropertyType, at location: StoredField.Location) -> Reader? {
        read(for: type).map { Reader(read: $0, location: location) }
    }

    /// The write of a field of `type` that lies at `location`; `nil` for a type
    /// without one.
    static func writer(for type: PropertyType, at location: StoredField.Location) -> Writer? {
        write(for: type).map { Writer(write: $0, location: location) }
    }

    private static func read(for type: PropertyType) -> Read? {
        switch type {
        case .leaf(let leaf), .optional(.leaf(let leaf)): return scalarRead(leaf, optional: type.nullRule == .isNil)
        // Arrays of numbers are read straight into their storage (see `TypedJSONArrayElement`).
        case .array(_, let builder) where ObjectIdentifier(builder) == ObjectIdentifier([Int].self):
            return arrayRead(Int.self)
        case .array(_, let builder) where ObjectIdentifier(builder) == ObjectIdentifier([Double].self):
            return arrayRead(Double.self)
        default: return nil
        }
    }

    private static func write(for type: PropertyType) -> Write? {
        switch type {
        case .leaf(let leaf), .optional(.leaf(let leaf)): return scalarWrite(leaf, optional: type.nullRule == .isNil)
        default: return nil
        }
    }

    /// The scalars whose fields are read from JSON text and written to it directly.
    private enum Scalar {
        case string, bool, int

        /// The scalar a field of `leaf` holds; `nil` for any other leaf.
        init?(_ leaf: any LeafPropertyType) {
            switch leaf {
            case is StringProperty: self = .string
            case is BoolProperty: self = .bool
            case let integer as IntegerProperty where integer.integerType == Int.self: self = .int
            default: return nil
            }
        }
    }

    // Each scalar's read and write is made for its own type, so that it is
    // specialised: a closure made through an opened existential reads and writes
    // through witness tables.
    private static func scalarRead(_ leaf: any LeafPropertyType, optional: Bool) -> Read? {
        switch Scalar(leaf) {
        case .string: scalarRead(String.self, optional: optional)
        case .bool: scalarRead(Bool.self, optional: optional)
        case .int: scalarRead(Int.self, optional: optional)
        case nil: nil
        }
    }

    private static func scalarWrite(_ leaf: any LeafPropertyType, optional: Bool) -> Write? {
        switch Scalar(leaf) {
        case .string: scalarWrite(String.self, optional: optional)
        case .bool: scalarWrite(Bool.self, optional: optional)
        case .int: scalarWrite(Int.self, optional: optional)
        case nil: nil
        }
    }

    @inline(__always)
    private static func scalarRead<V: JSONScalarReading>(_: V.Type, optional: Bool) -> Read {
        guard optional else {
            return { field, scanner throws(JSONParsingError) in
                guard let value = try V.read(from: &scanner) else { return false }
                field.assumingMemoryBound(to: V.self).pointee = value
                return true
            }
        }
        return { field, scanner throws(JSONParsingError) in
            if let value = try V.read(from: &scanner) {
                field.assumingMemoryBound(to: V?.self).pointee = value
                return true
            }
            guard try scanner.parseNull() else { return false }
            field.assumingMemoryBound(to: V?.self).pointee = nil
            return true
        }
    }

    @inline(__always)
    private static func arrayRead<Element: TypedJSONArrayElement>(_: Element.Type) -> Read {
        { field, scanner in
            guard let array = scanner.typedArrayValue(of: Element.self) else { return false }
            field.assumingMemoryBound(to: [Element].self).pointee = array
            return true
        }
    }

    @inline(__always)
    private static func scalarWrite<V: JSONScalarValue>(_: V.Type, optional: Bool) -> Write {
        guard optional else {
            return { field, key, first, depth, emitter in
                emitter.writeMember(key, first: first, depth: depth, field.assumingMemoryBound(to: V.self).pointee)
                return true
            }
        }
        return { field, key, first, depth, emitter in
            guard let value = field.assumingMemoryBound(to: V?.self).pointee else { return false }
            emitter.writeMember(key, first: first, depth: depth, value)
            return true
        }
    }
}

extension FieldText {
    /// The read of one field: made only by ``reader(for:at:)``.
    struct Reader: Sendable {
        fileprivate let read: Read
        fileprivate let location: StoredField.Location

        /// Reads the JSON value at the scanner's position into the field of `model`
        /// and returns `true` when it is exactly the form of the field's type;
        /// returns `false`, having read nothing and left the model unchanged, for
        /// any other value (see ``FieldText/Read``).
        @inline(__always)
        func read<M>(from scanner: inout JSONAdapter.MemberScanner, into model: inout M) throws -> Bool {
            try location.withMutableAddress(in: &model) { field in try read(field, &scanner) }
        }
    }

    /// The write of one field: made only by ``writer(for:at:)``, or ``writesNothing``.
    struct Writer: Sendable {
        fileprivate let write: Write
        fileprivate let location: StoredField.Location?

        /// The write of a field that has none: it writes nothing and returns `false`.
        static let writesNothing = Writer(write: { _, _, _, _, _ in false }, location: nil)

        /// Writes the field in `storage` (that of a model of the type the field was
        /// made for) as the member `key` of the object `emitter` is writing and
        /// returns `true`; returns `false`, having written nothing, when it holds `nil`.
        @inline(__always)
        func callAsFunction(
            _ storage: StoredField.Storage, key: QuotedKey, first: Bool, depth: Int, into emitter: inout JSONEmitter
        ) -> Bool {
            guard let location else { return false }
            return write(location.address(in: storage), key, first, depth, &emitter)
        }
    }
}

extension PropertyType {
    /// The element type of an array the scanner reads straight into its storage
    /// (see `JSONScanner+TypedArrays.swift`): `Double` for `[Double]`, `[Double]` for
    /// `[[Double]]`, for arrays of `Double`, `Float` and `Int` at any depth and
    /// optionals of them; `nil` for any other type.
    var typedJSONArrayElement: (any TypedJSONArrayElement.Type)? {
        guard case .array(_, let builder) = unwrapped, builder.isArray else { return nil }
        return builder.elementType as? any TypedJSONArrayElement.Type
    }
}
