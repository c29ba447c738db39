/// The JSON array of a property whose value is an array or a set of `String`,
/// `Int` or `Bool`, or an array of `Double`, `Float` or `Int` at any depth
/// (``TypedJSONArrayElement``), written with its default transformer: the
/// elements themselves, in the order that transformer writes them (an array's
/// own, a set's ascending one).
///
/// A case of the encode engine (see ``JSONAdapter/encodeMapped(_:into:)``): the
/// default array transformer would box each element, check that JSON can
/// represent it (these always can, but for a NaN or an infinity, which leaves
/// the array to the transformer) and return an `[Any]`; a sink writes these
/// elements straight from the typed array instead. ``jsonArray`` is the `[Any]`
/// the transformer returns, for the sinks that hold values.
enum ScalarArray {
    case strings([String])
    case integers([Int])
    case booleans([Bool])
    /// An array of `Double`, `Float` or `Int` at any depth whose numbers JSON can
    /// hold (see ``TypedJSONArrayElement``).
    case numbers(TypedNumberArray)

    /// The elements of `value` when it is exactly a `[String]`, `[Int]`, `[Bool]`,
    /// or a `Set` of one of them; `nil` for anything else (which takes the
    /// transformer).
    ///
    /// Each check is an opened-type comparison (see `exactValue(_:as:)`).
    ///
    /// `element`, the entry's ``MappingPlan/Entry/typedArrayElement``, names the
    /// element type of an array of numbers to look for last.
    @inline(__always)
    init?(exactly value: Any, element: (any TypedJSONArrayElement.Type)?) {
        if let strings = exactValue(value, as: [String].self) {
            self = .strings(strings)
        } else if let integers = exactValue(value, as: [Int].self) {
            self = .integers(integers)
        } else if let booleans = exactValue(value, as: [Bool].self) {
            self = .booleans(booleans)
        } else if let strings = exactValue(value, as: Set<String>.self) {
            // A set's stable order (`StableOrder`): ascending.
            self = .strings(strings.sorted())
        } else if let integers = exactValue(value, as: Set<Int>.self) {
            self = .integers(integers.sorted())
        } else if let element, let numbers = element.writableArray(value) {
            self = numbers
        } else {
            return nil
        }
    }

    /// The array as the default transformer returns it: `[Any]` of the elements.
    var jsonArray: [Any] {
        switch self {
        case .strings(let strings): return strings.map { $0 }
        case .integers(let integers): return integers.map { $0 }
        case .booleans(let booleans): return booleans.map { $0 }
        case .numbers(let numbers): return numbers.jsonArray()
        }
    }
}

extension JSONEmitter {
    /// Writes `array` at nesting `depth`, as ``write(_:depth:)`` writes its
    /// ``ScalarArray/jsonArray``.
    mutating func write(_ array: ScalarArray, depth: Int) throws(JSONWritingError) {
        switch array {
        case .strings(let strings):
            try writeElements(strings, depth: depth) { emitter, string in emitter.write(string) }
        case .integers(let integers):
            try writeElements(integers, depth: depth) { emitter, integer in emitter.write(integer) }
        case .booleans(let booleans):
            try writeElements(booleans, depth: depth) { emitter, bool in emitter.write(bool) }
        case .numbers(let numbers):
            try numbers.write(&self, depth)
        }
    }

    /// Writes `elements` as a JSON array at nesting `depth`, each by `writeElement`.
    @inline(__always)
    mutating func writeElements<Element>(
        _ elements: [Element], depth: Int, _ writeElement: (inout JSONEmitter, Element) -> Void
    ) throws(JSONWritingError) {
        try beginArray(depth: depth)
        for index in elements.indices {
            beginElement(first: index == 0, depth: depth)
            writeElement(&self, elements[index])
        }
        endArray(hasElements: !elements.isEmpty, depth: depth)
    }
}
