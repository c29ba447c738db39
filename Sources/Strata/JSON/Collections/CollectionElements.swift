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
/// Made once per collection read. The elements a collection holds in memory (an
/// array's values, the slots the scanner read) are walked by its one loop,
/// ``forEach(count:nulls:isNull:read:null:skipped:)``:
///
/// ```swift
/// let elements = CollectionElements()
/// try elements.forEach(
///     count: array.count, nulls: .areNil, isNull: { isJSONNull(array[$0]) },
///     read: { index in converted.append(try convert(array[index])) },
///     null: { _ in converted.append(nil) })
/// ```
///
/// A dictionary's members, and the elements of a top-level array read from its
/// bytes, are walked by loops of their own (a dictionary deals with its failures
/// in key order; the bytes are read as the elements are found), which take the
/// same steps: ``convert(at:isNull:nulls:_:)``, ``element(at:_:)`` and ``skip(_:)``.
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
    /// when it is `nil`), any other to `read`, with its index in front of its
    /// error's path and of the recoveries recorded inside it; an element that fails
    /// is left out, and handed to `skipped`, when the property skips invalid
    /// elements, and its error is thrown otherwise.
    ///
    /// The one loop over the elements of an array of values or of slots, for every
    /// reader of one: default transformers, ``ValueTransformer/array(of:)``, arrays
    /// of models at the top level and in properties. `read` stores the element
    /// itself, so no step holds a value of a generic type: in a loop not
    /// specialised for its element type, such a value looks up its metadata for
    /// each element.
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
                try element(at: .index(index)) { try read(index) }
            } catch {
                try recovery.skip(error)
                skipped(index)
            }
        }
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
        try recovery.element(at: component) {
            try StrataError.at([component], wrapping: .transformerFailed, "Transformer failed", convert)
        }
    }

    /// The null rule: whether the `null` element at `component` is read as `nil`
    /// (`false` when the conversion decides); throws for elements that are not
    /// optional.
    private func readsNull(at component: StrataError.PathComponent, by nulls: Nulls) throws -> Bool {
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
