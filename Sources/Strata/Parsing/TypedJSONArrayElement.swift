/// An element type of arrays that JSON is read into, and written from, straight
/// from their typed storage: `Double`, `Float`, `Int`, and arrays of them at any
/// depth, so `[Double]`, `[[Int]]` and `[[[Double]]]`, with no `Any` per element.
///
/// A case of the engines for a property of such an array type with its default
/// transformer: the scanner source reads the array into its storage
/// (`JSONScanner+TypedArrays.swift`), and the encode engine writes it from there
/// (``ScalarArray``). Either gives exactly what the default transformer gives,
/// and leaves to it what it does not take as it is (a `null`, a string, a number
/// out of range, a NaN).
protocol TypedJSONArrayElement: SendableMetatype {
    /// The array of values of this type at the scanner's position, which `open`
    /// containers enclose; `nil`, with the position anywhere, when the JSON there
    /// is not such an array as it is.
    static func scanArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> [Self]?

    /// ``scanArray(from:open:)``'s array as an `Any`, boxed by code that knows its
    /// type: boxing an array of a generic element looks up the array type's
    /// metadata on every call.
    static func scannedArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any?

    /// `value` as a ``ScalarArray`` when it is exactly an array of this type that
    /// JSON can hold; `nil` otherwise. Checked by code that knows the array type,
    /// for the same reason as ``scannedArray(from:open:)``.
    static func writableArray(_ value: Any) -> ScalarArray?

    /// Whether JSON can hold every value of `array` (no NaN, no infinity).
    static func isWritable(_ array: [Self]) -> Bool

    /// Writes `array` at nesting `depth`, as the emitter writes the JSON value
    /// ``jsonArray(_:)`` gives.
    static func write(_ array: [Self], to emitter: inout JSONEmitter, depth: Int) throws(JSONWritingError)

    /// The JSON value of `array` as the default transformer gives it: an `[Any]`
    /// of the numbers, or of the JSON values of the inner arrays.
    static func jsonArray(_ array: [Self]) -> [Any]
}

extension TypedJSONArrayElement {
    /// ``scannedArray(from:open:)``, for a conformance to call where `Self` is known.
    @inline(__always)
    static func boxedScan(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any? {
        guard let array = scanArray(from: &scanner, open: open) else { return nil }
        return array
    }

    /// ``writableArray(_:)``, for a conformance to call where `Self` is known.
    @inline(__always)
    static func checkedWritable(_ value: Any) -> ScalarArray? {
        guard let array = exactValue(value, as: [Self].self), isWritable(array) else { return nil }
        return .numbers(TypedNumberArray(array))
    }
}

/// An array of a ``TypedJSONArrayElement`` type, for the encode engine's sinks.
struct TypedNumberArray {
    /// Writes the array at a nesting depth.
    let write: (inout JSONEmitter, Int) throws(JSONWritingError) -> Void
    /// The array's JSON value, as the default transformer gives it.
    let jsonArray: () -> [Any]

    /// The writing and the JSON value of `array`.
    init<Element: TypedJSONArrayElement>(_ array: [Element]) {
        write = { emitter, depth throws(JSONWritingError) in try Element.write(array, to: &emitter, depth: depth) }
        jsonArray = { Element.jsonArray(array) }
    }
}

extension TypedJSONArrayElement where Self: BinaryFloatingPoint & TextOutputStreamable {
    /// Whether every number of `array` is finite.
    static func isWritable(_ array: [Self]) -> Bool { array.allSatisfy(\.isFinite) }

    /// Writes `array`'s numbers with the shortest digits that read back as them.
    static func write(_ array: [Self], to emitter: inout JSONEmitter, depth: Int) throws(JSONWritingError) {
        try emitter.writeElements(array, depth: depth) { emitter, value in emitter.writeFinite(value) }
    }

    /// The numbers themselves, each as an `Any`.
    static func jsonArray(_ array: [Self]) -> [Any] { array.map { $0 } }
}

extension Double: TypedJSONArrayElement {
    /// Any number, as its nearest `Double`: what the default transformer gives.
    static func scanArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> [Double]? {
        scanner.scanArray(open: open) { scanner, _ in scanner.scanFloatingPointElement()?.floatingPoint(Double.self) }
    }

    static func scannedArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any? {
        boxedScan(from: &scanner, open: open)
    }

    static func writableArray(_ value: Any) -> ScalarArray? { checkedWritable(value) }
}

extension Float: TypedJSONArrayElement {
    /// Any number within `Float`'s range, as the default transformer converts it:
    /// an integer to its nearest `Float`, any other number to the `Float` nearest
    /// its nearest `Double` (it refuses the others).
    static func scanArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> [Float]? {
        scanner.scanArray(open: open) { scanner, _ in scanner.scanFloatingPointElement()?.floatingPoint(Float.self) }
    }

    static func scannedArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any? {
        boxedScan(from: &scanner, open: open)
    }

    static func writableArray(_ value: Any) -> ScalarArray? { checkedWritable(value) }
}

extension Int: TypedJSONArrayElement {
    /// Integer literals that fit `Int` (a fraction or exponent that makes a whole
    /// number is left to the default transformer).
    static func scanArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> [Int]? {
        scanner.scanArray(open: open) { scanner, _ in
            guard case .integer(let value) = scanner.scanNumberElement() else { return nil }
            return value
        }
    }

    static func scannedArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any? {
        boxedScan(from: &scanner, open: open)
    }

    static func writableArray(_ value: Any) -> ScalarArray? { checkedWritable(value) }

    static func isWritable(_ array: [Int]) -> Bool { true }

    static func write(_ array: [Int], to emitter: inout JSONEmitter, depth: Int) throws(JSONWritingError) {
        try emitter.writeElements(array, depth: depth) { emitter, value in emitter.write(value) }
    }

    static func jsonArray(_ array: [Int]) -> [Any] { array.map { $0 } }
}

extension Array: TypedJSONArrayElement where Element: TypedJSONArrayElement {
    /// Arrays whose every element is an array of `Element`.
    static func scanArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> [[Element]]? {
        if Element.self == Double.self { return generic(scanArrays(of: Double.self, from: &scanner, open: open)) }
        if Element.self == [Double].self { return generic(scanArrays(of: [Double].self, from: &scanner, open: open)) }
        if Element.self == Float.self { return generic(scanArrays(of: Float.self, from: &scanner, open: open)) }
        if Element.self == [Float].self { return generic(scanArrays(of: [Float].self, from: &scanner, open: open)) }
        if Element.self == Int.self { return generic(scanArrays(of: Int.self, from: &scanner, open: open)) }
        if Element.self == [Int].self { return generic(scanArrays(of: [Int].self, from: &scanner, open: open)) }
        return scanArrays(of: Element.self, from: &scanner, open: open)
    }

    static func scannedArray(from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int) -> Any? {
        if Element.self == Double.self { return boxed(scanArrays(of: Double.self, from: &scanner, open: open)) }
        if Element.self == [Double].self { return boxed(scanArrays(of: [Double].self, from: &scanner, open: open)) }
        if Element.self == Float.self { return boxed(scanArrays(of: Float.self, from: &scanner, open: open)) }
        if Element.self == [Float].self { return boxed(scanArrays(of: [Float].self, from: &scanner, open: open)) }
        if Element.self == Int.self { return boxed(scanArrays(of: Int.self, from: &scanner, open: open)) }
        if Element.self == [Int].self { return boxed(scanArrays(of: [Int].self, from: &scanner, open: open)) }
        return boxedScan(from: &scanner, open: open)
    }

    static func writableArray(_ value: Any) -> ScalarArray? {
        if Element.self == Double.self { return [Double].checkedWritable(value) }
        if Element.self == [Double].self { return [[Double]].checkedWritable(value) }
        if Element.self == Float.self { return [Float].checkedWritable(value) }
        if Element.self == [Float].self { return [[Float]].checkedWritable(value) }
        if Element.self == Int.self { return [Int].checkedWritable(value) }
        if Element.self == [Int].self { return [[Int]].checkedWritable(value) }
        return checkedWritable(value)
    }

    /// `rows`, an array of `[Inner]` read for `Element` equal to `Inner`, as this
    /// type's array (see ``concrete(_:as:)``).
    @inline(__always)
    private static func generic<Inner>(_ rows: [[Inner]]?) -> [[Element]]? {
        // Called only where `Element` is `Inner`, so the two array types are one.
        rows.map { sameTypeValue($0, as: [[Element]].self) }
    }

    static func isWritable(_ array: [[Element]]) -> Bool {
        if let rows = concrete(array, as: Double.self) { return allWritable(rows) }
        if let rows = concrete(array, as: [Double].self) { return allWritable(rows) }
        if let rows = concrete(array, as: Float.self) { return allWritable(rows) }
        if let rows = concrete(array, as: [Float].self) { return allWritable(rows) }
        return allWritable(array)
    }

    static func write(_ array: [[Element]], to emitter: inout JSONEmitter, depth: Int) throws(JSONWritingError) {
        if let rows = concrete(array, as: Double.self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        if let rows = concrete(array, as: [Double].self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        if let rows = concrete(array, as: Float.self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        if let rows = concrete(array, as: [Float].self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        if let rows = concrete(array, as: Int.self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        if let rows = concrete(array, as: [Int].self) { return try writeArrays(rows, to: &emitter, depth: depth) }
        try writeArrays(array, to: &emitter, depth: depth)
    }

    /// `array` as an array of `[Inner]` when `Element` is `Inner`: the common shapes
    /// (`[[Double]]`, `[[[Double]]]`, …) are walked by code compiled for their types,
    /// where the rest walks each inner array through its metadata.
    @inline(__always)
    private static func concrete<Inner>(_ array: [[Element]], as _: Inner.Type) -> [[Inner]]? {
        // `Element` is `Inner`, checked first, so the two array types are one.
        Element.self == Inner.self ? sameTypeValue(array, as: [[Inner]].self) : nil
    }

    static func jsonArray(_ array: [[Element]]) -> [Any] { array.map(Element.jsonArray) }
}

/// Whether JSON can hold every number of every array of `arrays`.
private func allWritable<Inner: TypedJSONArrayElement>(_ arrays: [[Inner]]) -> Bool {
    arrays.allSatisfy(Inner.isWritable)
}

/// Writes `arrays` at nesting `depth`, each inner array by its type's `write`.
private func writeArrays<Inner: TypedJSONArrayElement>(
    _ arrays: [[Inner]], to emitter: inout JSONEmitter, depth: Int
) throws(JSONWritingError) {
    try emitter.beginArray(depth: depth)
    for index in arrays.indices {
        emitter.beginElement(first: index == 0, depth: depth)
        do {
            try Inner.write(arrays[index], to: &emitter, depth: depth + 1)
        } catch {
            throw error.prepending(.index(index))
        }
    }
    emitter.endArray(hasElements: !arrays.isEmpty, depth: depth)
}

/// `rows` as an `Any`, boxed where `Inner` is known.
@inline(__always)
private func boxed<Inner>(_ rows: [[Inner]]?) -> Any? {
    guard let rows else { return nil }
    return rows
}

/// The array of arrays of `Inner` at the scanner's position, each inner array
/// read by its type's `scanArray` (see ``TypedJSONArrayElement/scanArray(from:open:)``).
private func scanArrays<Inner: TypedJSONArrayElement>(
    of _: Inner.Type, from scanner: inout JSONScanner<NativeJSONBuilder>, open: Int
) -> [[Inner]]? {
    scanner.scanArray(open: open) { scanner, open in Inner.scanArray(from: &scanner, open: open) }
}
