import Foundation

/// What Strata knows about the Swift type of a property, resolved once per
/// property when a model's schema is built.
///
/// The JSON adapter chooses default transformers from it, the archive bridge
/// chooses the allowed classes and the typed coder calls, and the setters use it
/// to coerce numbers exactly.
///
/// `@unchecked Sendable`: the payloads are metatypes, which are immutable,
/// process-wide type objects, and `Sendable` leaves; existential metatypes are
/// only not `Sendable` because the compiler cannot see that.
indirect enum PropertyType: @unchecked Sendable {
    case optional(PropertyType)
    case array(element: PropertyType, builder: any ArrayBuilding.Type)
    case dictionary(value: PropertyType, builder: any DictionaryBuilding.Type)
    /// A type with no other type inside it (`Int`, `String`, `URL`, …): one of
    /// ``LeafPropertyTypes/registered``, which decides everything about its values.
    case leaf(any LeafPropertyType)
    case rawRepresentable(any RawRepresentable.Type, raw: PropertyType)
    case model(any Model.Type)
    case other(Any.Type)

    /// Classifies `type`, looking through `Optional`, arrays and `[String: T]`.
    init(_ type: Any.Type) {
        if let leaf = LeafPropertyTypes.classify(type) {
            self = .leaf(leaf)
            return
        }
        switch type {
        case let optional as any OptionalProtocol.Type:
            self = .optional(PropertyType(optional.wrappedType))
        case let array as any ArrayBuilding.Type:
            self = .array(element: PropertyType(array.elementType), builder: array)
        case let dictionary as any DictionaryBuilding.Type:
            self = .dictionary(value: PropertyType(dictionary.valueType), builder: dictionary)
        case let model as any Model.Type: self = .model(model)
        case let raw as any RawRepresentable.Type:
            self = .rawRepresentable(raw, raw: PropertyType(raw.rawValueType))
        default: self = .other(type)
        }
    }

    /// Whether a value of this type converts from JSON without any code of the
    /// user's: it holds no model, no raw-representable type (whose
    /// `init(rawValue:)` may be the user's) and no tagged enum (whose cases are
    /// models), only the library's own leaves.
    var convertsWithoutUserCode: Bool {
        switch self {
        case .leaf(let leaf): return !leaf.convertsWithUserCode
        case .other: return true
        case .optional(let wrapped): return wrapped.convertsWithoutUserCode
        case .array(let element, _): return element.convertsWithoutUserCode
        case .dictionary(let value, _): return value.convertsWithoutUserCode
        case .model, .rawRepresentable: return false
        }
    }

    /// Whether `nil` is a valid value.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its `Optional` layers.
    var unwrapped: PropertyType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Whether every number a value of this type holds is a `Double`: a `Double`,
    /// or an optional, array or dictionary of them, whose default transformer
    /// takes any JSON number as its nearest `Double` and never needs its digits
    /// past that (which a `Decimal` or an integer type checks, and a `Float`'s
    /// error for a number out of its range shows).
    var holdsOnlyDoubles: Bool {
        switch unwrapped {
        case .leaf(let leaf): return leaf.isDouble
        case .array(let element, _): return element.holdsOnlyDoubles
        case .dictionary(let value, _): return value.holdsOnlyDoubles
        default: return false
        }
    }

    /// Whether no JSON value is of this type, so that a property of it needs a
    /// transformer: a `Date`, `Data`, a type Strata does not know (not a model),
    /// or a collection of those.
    var isOutsideJSON: Bool {
        switch unwrapped {
        case .leaf(let leaf): return leaf.outsideJSON != nil
        case .other: return true
        case .array(let element, _): return element.isOutsideJSON
        case .dictionary(let value, _): return value.isOutsideJSON
        default: return false
        }
    }

    /// Whether values of this type are numbers or booleans, which setters coerce
    /// exactly from any numeric representation.
    var isNumeric: Bool {
        guard case .leaf(let leaf) = self else { return false }
        return leaf.isNumeric
    }

    /// A short, readable name for error messages: `Int`, `[Owner]`, `URL?`.
    var name: String {
        switch self {
        case .optional(let wrapped): return wrapped.name + "?"
        case .array(let element, let builder): return builder.collectionName(of: element.name)
        case .dictionary(let value, _): return "[String: \(value.name)]"
        case .leaf(let leaf): return leaf.name
        case .rawRepresentable(let type, _): return String(describing: type)
        case .model(let type): return String(describing: type)
        case .other(let type): return String(describing: type)
        }
    }
}

extension RawRepresentable {
    static var rawValueType: Any.Type { RawValue.self }
}

/// `Optional`, seen through a protocol so that code holding only a metatype can
/// look inside it.
protocol OptionalProtocol {
    static var wrappedType: Any.Type { get }
    static func unwrappingReader<M>(_ keyPath: AnyKeyPath, for model: M.Type) -> ((M) -> Any?)?
    static func unwrappingFieldRead() -> FastAccessors.Load?
    static func exactWrappedStore() -> @Sendable (_ field: UnsafeMutableRawPointer, _ value: Any) -> Bool
    /// Whether the optional stored at `address` holds a value (see
    /// ``Optional/storedHoldsValue(at:)``).
    static func storedHoldsValue(at address: UnsafeRawPointer) -> Bool
    /// The wrapped value, or `nil`; nested optionals are flattened.
    var flattened: Any? { get }
}

extension Optional: OptionalProtocol {
    static var wrappedType: Any.Type { Wrapped.self }

    var flattened: Any? {
        switch self {
        case .none: return nil
        case .some(let wrapped as any OptionalProtocol): return wrapped.flattened
        case .some(let wrapped): return wrapped
        }
    }
}

/// A collection type written as a JSON array, and archived as a list, that can be
/// built from loosely typed elements: `Array` and `Set`.
///
/// Everything a collection property does goes through this protocol: the default
/// JSON transformer, the archive bridge and the setters. Supporting another
/// collection type is one conformance.
protocol ArrayBuilding: SendableMetatype {
    static var elementType: Any.Type { get }
    /// Builds a typed collection, or returns the index of the first element that
    /// is not of the element type.
    static func build(_ elements: [Any?]) -> Result<Any, IndexedCastFailure>
    /// The collection of `items` when every one of them is exactly of the element
    /// type (a `String` for `[String]`), with no conversion; `nil` otherwise. What
    /// ``build(_:)`` gives for the same items, with no cast and no `Optional` per element.
    static func buildExactly(_ items: [Any]) -> Any?
    /// The elements of a collection value of this type, optionals flattened, in
    /// the order they are written: an array's own, a set's stable order.
    static func elements(of value: Any) -> [Any?]?
    /// The type's name in messages, given its element type's: `[Int]`, `Set<Int>`.
    static func collectionName(of element: String) -> String
    /// Whether the type is `Array` (whose elements keep their order and count).
    static var isArray: Bool { get }
}

/// A `[String: T]` dictionary type that can be built from loosely typed values.
protocol DictionaryBuilding: SendableMetatype {
    static var valueType: Any.Type { get }
    static func build(_ values: [String: Any?]) -> Result<Any, KeyedCastFailure>
    static func values(of value: Any) -> [String: Any?]?
}

/// The element of a collection that did not have the expected type.
struct IndexedCastFailure: Error { let index: Int }
/// The value of a dictionary that did not have the expected type.
struct KeyedCastFailure: Error { let key: String }

/// `items` as an `[E]` when every one is exactly an `E`, or `nil`: for
/// ``ArrayBuilding/buildExactly(_:)``, called with each JSON scalar type.
private func exactScalarArray<E>(_ items: [Any], of _: E.Type) -> Any? {
    var array: [E] = []
    array.reserveCapacity(items.count)
    for item in items {
        guard let value = exactValue(item, as: E.self) else { return nil }
        array.append(value)
    }
    return array
}

extension Array: ArrayBuilding {
    static var elementType: Any.Type { Element.self }
    static var isArray: Bool { true }
    static func collectionName(of element: String) -> String { "[\(element)]" }

    static func build(_ elements: [Any?]) -> Result<Any, IndexedCastFailure> {
        var array: [Element] = []
        array.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let typed = cast(element, to: Element.self) else { return .failure(IndexedCastFailure(index: index)) }
            array.append(typed)
        }
        return .success(array)
    }

    static func buildExactly(_ items: [Any]) -> Any? {
        // The JSON scalar types, in code specialised for each (a function outside this
        // generic extension): here, the array's generic metadata would be looked up
        // several times per array.
        if Element.self == String.self { return exactScalarArray(items, of: String.self) }
        if Element.self == Int.self { return exactScalarArray(items, of: Int.self) }
        if Element.self == Double.self { return exactScalarArray(items, of: Double.self) }
        if Element.self == Bool.self { return exactScalarArray(items, of: Bool.self) }
        var allExact = true
        // Filled through its buffer: in code not specialised for `Element`, each
        // `append` would look up the array's generic metadata again.
        let array = [Element](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
            guard let base = buffer.baseAddress else { return }
            for item in items {
                guard storeExactly(item, initializing: base + initializedCount) else {
                    allExact = false
                    return
                }
                initializedCount += 1
            }
        }
        return allExact ? array : nil
    }

    static func elements(of value: Any) -> [Any?]? {
        guard let array = value as? [Element] else { return nil }
        return array.map { flatten($0) }
    }
}

extension Set: ArrayBuilding {
    static var elementType: Any.Type { Element.self }
    static var isArray: Bool { false }
    static func collectionName(of element: String) -> String { "Set<\(element)>" }

    /// A set of the elements; equal elements (a JSON array may repeat one) count once.
    static func build(_ elements: [Any?]) -> Result<Any, IndexedCastFailure> {
        var set = Set(minimumCapacity: elements.count)
        for (index, element) in elements.enumerated() {
            guard let typed = cast(element, to: Element.self) else { return .failure(IndexedCastFailure(index: index)) }
            set.insert(typed)
        }
        return .success(set)
    }

    static func buildExactly(_ items: [Any]) -> Any? {
        var set = Set(minimumCapacity: items.count)
        for item in items {
            guard insertOpened(item, into: &set) else { return nil }
        }
        return set
    }

    /// Inserts `item` when its type is `Element` itself.
    private static func insertOpened<T>(_ item: T, into set: inout Set<Element>) -> Bool {
        guard T.self == Element.self else { return false }
        set.insert(sameTypeValue(item, as: Element.self))
        return true
    }

    /// The elements in a stable order, so that the same set is always written the
    /// same way: ascending for `Comparable` elements (numbers, strings, `UUID`,
    /// `Date`, enums that are comparable), otherwise by their description.
    static func elements(of value: Any) -> [Any?]? {
        guard let set = value as? Set<Element> else { return nil }
        return StableOrder.sorted(Array(set)).map { flatten($0) }
    }
}

/// The order ``ArrayBuilding/elements(of:)`` gives a set's elements.
enum StableOrder {
    static func sorted<Element>(_ elements: [Element]) -> [Element] {
        if let comparable = elements as? [any Comparable], let first = comparable.first {
            func sortedAs<C: Comparable>(_: C) -> [Element]? {
                guard let typed = comparable as? [C] else { return nil }
                return typed.sorted().compactMap { $0 as? Element }
            }
            if let sorted = sortedAs(first), sorted.count == elements.count { return sorted }
        }
        return elements.map { (element: $0, key: String(reflecting: $0)) }.sorted { $0.key < $1.key }.map(\.element)
    }
}

extension Dictionary: DictionaryBuilding where Key == String {
    static var valueType: Any.Type { Value.self }

    static func build(_ values: [String: Any?]) -> Result<Any, KeyedCastFailure> {
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(values.count)
        for (key, value) in values {
            guard let typed = cast(value, to: Value.self) else { return .failure(KeyedCastFailure(key: key)) }
            dictionary[key] = typed
        }
        return .success(dictionary)
    }

    static func values(of value: Any) -> [String: Any?]? {
        guard let dictionary = value as? [String: Value] else { return nil }
        return dictionary.mapValues { flatten($0) }
    }
}

/// Casts a loosely typed value to `T`; `nil` becomes `T`'s `nil` when `T` is optional.
@inline(__always)
func cast<T>(_ value: Any?, to type: T.Type) -> T? {
    guard let value else {
        return (Optional<Any>.none as Any) as? T
    }
    return value as? T
}

/// Boxes a value as `Any?`, turning an `Optional` that holds nothing into `nil`.
@inline(__always)
func flatten<T>(_ value: T) -> Any? {
    if let optional = value as? any OptionalProtocol { return optional.flattened }
    return value
}
