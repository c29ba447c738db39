import Foundation

/// The one routine for the elements of a collection, read or written: every
/// array, set and `[String: T]` of a property's default transformer, every
/// ``ValueTransformer/array(of:)``, and every array of models, at the top level or
/// in a property, from a dictionary or from data.
///
/// It owns three rules, so each lives in one place:
///
/// - **`null`**: an element that is `null` is `nil` when the elements are
///   optional, a value of the element type when the type takes `null`
///   (`JSONValue.null`), and a `nullForNonOptional` error naming its index or key
///   otherwise (``Nulls``); written, `nil` is `null` (``jsonValue(of:at:transforms:_:)``).
/// - **The path**: an element's error gets its index or key in front of its path
///   (`contributors[1].id`), and so do the recoveries recorded inside it.
/// - **Recovery**: an element that fails is left out when the property skips
///   invalid elements (``JSONRecovery/skipsInvalidElements``), and recorded.
///
/// Made once per collection read. The elements of an array of values are walked
/// by its one loop, ``forEach(count:nulls:isNull:read:null:skipped:)``:
///
/// ```swift
/// let elements = CollectionElements()
/// try elements.forEach(
///     count: array.count, nulls: .areNil, isNull: { isJSONNull(array[$0]) },
///     read: { index in converted.append(try convert(array[index])) },
///     null: { _ in converted.append(nil) })
/// ```
///
/// The loops that walk other forms take the same steps, each written once here:
/// an array of models in code not specialised for the model type (from values or
/// from the scanner's slots) with ``readsNull(at:by:)``, ``beginElement()``,
/// ``converted(at:from:)``, ``failed(_:at:from:)`` and ``skip(_:)``; a
/// dictionary's members, whose failures are dealt with in key order, with
/// ``convert(at:isNull:nulls:_:)``; the elements of a top-level array read from
/// its bytes, as they are found, with ``element(at:_:)``.
struct CollectionElements {
    /// What a `null` element is.
    enum Nulls {
        /// `nil`: the elements are optional.
        case areNil
        /// A `nullForNonOptional` error: the elements, of the type named, are not optional.
        case areRefused(elementName: String)
        /// Given to the conversion, which decides (``ValueTransformer/array(of:)``
        /// gives its element transformer `nil`).
        case areConverted

        /// The rule for elements of `type`, its ``PropertyType/nullRule``: `nil` when
        /// it is optional, a value of the type when it takes `null`, refused otherwise.
        init(for type: PropertyType) {
            switch type.nullRule {
            case .isNil: self = .areNil
            case .isValue: self = .areConverted
            case .isRefused: self = .areRefused(elementName: type.name)
            }
        }
    }

    private let recovery: ElementRecovery

    /// The routine for a collection of the property being read, which follows its
    /// recovery.
    init() {
        recovery = ElementRecovery()
    }

    /// The routine for a top-level array of models, which skips its invalid
    /// elements when `skipsInvalidElements`, and reports each it leaves out.
    init(skipsInvalidElements: Bool) {
        recovery = ElementRecovery(skipsInvalidElements: skipsInvalidElements)
    }

    /// Walks the `count` elements of a collection held in memory, in order, by the
    /// rules: an element `isNull` says is `null` goes by `nulls` (handed to `null`
    /// when it is `nil`), any other to `read`, which converts and stores it, with
    /// its index in front of its error's path and of the recoveries recorded inside
    /// it; an element that fails is left out, and handed to `skipped`, when the
    /// property skips invalid elements, and its error is thrown otherwise.
    ///
    /// The one loop over the elements of an array of values for the readers
    /// specialised for their element type: the default transformer of arrays and
    /// sets, ``ValueTransformer/array(of:)``, and the top-level arrays of models
    /// and of tagged values held as `[Any]` (given, or parsed from data). `read`
    /// stores the element itself, so no step holds it as a value of a generic type.
    ///
    /// A loop in code not specialised for its element type (an array of models
    /// held by a property) takes the same steps in its own body, with
    /// ``readsNull(at:by:)``, ``beginElement()``, ``converted(at:from:)``,
    /// ``failed(_:at:from:)`` and ``skip(_:)``: there, a closure
    /// that stores the element looks up the metadata of its collection on every
    /// call.
    @inline(__always)
    func forEach(
        count: Int, nulls: Nulls, isNull: (_ index: Int) -> Bool, read: (_ index: Int) throws -> Void,
        null: (_ index: Int) -> Void = { _ in }, skipped: (_ index: Int) -> Void = { _ in }
    ) throws {
        for index in 0..<count {
            do {
                if isNull(index), try readsNull(at: .index(index), by: nulls) {
                    null(index)
                    continue
                }
                let mark = beginElement()
                do {
                    try read(index)
                } catch {
                    throw failed(error, at: .index(index), from: mark)
                }
                converted(at: .index(index), from: mark)
            } catch {
                try recovery.skip(error)
                skipped(index)
            }
        }
    }

    /// Walks the `count` elements of a collection held in memory as
    /// ``forEach(count:nulls:isNull:read:null:skipped:)`` does, every one (`null`
    /// included) handed to `read`, whose conversion decides what `null` is: a
    /// top-level array of models refuses it as any value that is not an object, and
    /// ``ValueTransformer/array(of:)`` gives its element transformer `nil`.
    @inline(__always)
    func forEach(count: Int, read: (_ index: Int) throws -> Void) throws {
        try forEach(count: count, nulls: .areConverted, isNull: { _ in false }, read: read)
    }

    /// Begins an element: where the recoveries recorded inside it start.
    ///
    /// A step of ``forEach(count:nulls:isNull:read:null:skipped:)`` for a loop of
    /// its own.
    @inline(__always)
    func beginElement() -> Int? { recovery.mark }

    /// Ends the element at `component`, begun at `mark`, converted: the recoveries
    /// recorded inside it get `component` in front of their paths.
    ///
    /// A step of ``forEach(count:nulls:isNull:read:null:skipped:)`` for a loop of
    /// its own.
    @inline(__always)
    func converted(at component: StrataError.PathComponent, from mark: Int?) {
        recovery.converted(at: component, from: mark)
    }

    /// Ends the element at `component`, begun at `mark`, failed with `error`: the
    /// recoveries recorded inside it are forgotten, and the error to throw (for
    /// ``skip(_:)``) is `error` with `component` in front of its path.
    ///
    /// A step of ``forEach(count:nulls:isNull:read:null:skipped:)`` for a loop of
    /// its own.
    @inline(__always)
    func failed(_ error: any Error, at component: StrataError.PathComponent, from mark: Int?) -> StrataError {
        recovery.failed(from: mark)
        return StrataError.placed(error, at: [component], wrapping: .transformerFailed, "Transformer failed")
    }

    /// Converts the element at `component` as ``forEach(count:nulls:isNull:read:null:skipped:)``
    /// does, but throws its error whatever the recovery: for a collection that
    /// decides which failures to skip once it has seen them all (``skip(_:)``).
    @inline(__always)
    func convert<Value>(
        at component: StrataError.PathComponent, isNull: Bool, nulls: Nulls, _ convert: () throws -> Value
    ) throws -> Value? {
        if isNull, try readsNull(at: component, by: nulls) { return nil }
        return try element(at: component, convert)
    }

    /// Converts the element at `component`, which is not `null` or whose `null` the
    /// conversion decides, with its index or key in front of its error's path and
    /// of the paths of the recoveries recorded inside it; its error is thrown
    /// whatever the recovery (for an array that leaves out nothing).
    @inline(__always)
    func element<Value>(at component: StrataError.PathComponent, _ convert: () throws -> Value) throws -> Value {
        let mark = beginElement()
        let value: Value
        do {
            value = try convert()
        } catch {
            throw failed(error, at: component, from: mark)
        }
        converted(at: component, from: mark)
        return value
    }

    /// The null rule: whether the `null` element at `component` is read as `nil`
    /// (`false` when the conversion decides); throws for elements that are not
    /// optional.
    ///
    /// A step of ``forEach(count:nulls:isNull:read:null:skipped:)`` for a loop of
    /// its own.
    @inline(__always)
    func readsNull(at component: StrataError.PathComponent, by nulls: Nulls) throws -> Bool {
        switch nulls {
        case .areNil: return true
        case .areRefused(let name): throw Self.nullElement(named: name, at: component)
        case .areConverted: return false
        }
    }

    /// Leaves out the element that failed with `error` when the property skips
    /// invalid elements and the failure is one a recovery may hide (recording it);
    /// rethrows `error` otherwise.
    func skip(_ error: any Error) throws {
        try recovery.skip(error)
    }

    /// Where the next recovery will be recorded, for ``sortByKey(from:)``; `nil`
    /// when the read reports nothing.
    var mark: Int? { recovery.mark }

    /// For a dictionary, whose members are read in no fixed order: orders the
    /// recoveries recorded since `mark` by the key their paths start with.
    func sortByKey(from mark: Int?) {
        recovery.sortByKey(from: mark)
    }

    /// The JSON value of the element `item` at `component`: `null` for `nil`, and
    /// what `convert` gives otherwise (`null` for `nil`); an error gets `component`
    /// in front of its path.
    ///
    /// `transforms` says whether `convert` runs a transformer, whose own errors are
    /// then `transformerFailed`; the checks of a value written as it is are
    /// `unsupportedValue`.
    @inline(__always)
    static func jsonValue<Element>(
        of item: Element?, at component: StrataError.PathComponent, transforms: Bool,
        _ convert: (Element) throws -> Any?
    ) throws -> Any {
        guard let item else { return NSNull() }
        return try write(at: component, transforms: transforms) { try convert(item) ?? NSNull() }
    }

    /// Writes the element at `component` with `write` (into a sink, or as a value);
    /// an error gets `component` in front of its path, as in
    /// ``jsonValue(of:at:transforms:_:)``.
    @inline(__always)
    static func write<Written>(
        at component: StrataError.PathComponent, transforms: Bool = false, _ write: () throws -> Written
    ) throws -> Written {
        if transforms {
            return try StrataError.at([component], wrapping: .transformerFailed, "Reverse transformer failed", write)
        }
        return try StrataError.at([component], wrapping: .unsupportedValue, "Cannot write the value", write)
    }

    /// The error for a `null` element of a collection whose elements, of type
    /// `name`, are not optional.
    static func nullElement(named name: String, at component: StrataError.PathComponent) -> StrataError {
        StrataError(
            .nullForNonOptional, "Found null, but the elements are \(name), which is not optional.", path: [component])
    }
}
