import Foundation

/// Turns the scanner's events into values of one shape.
///
/// ``JSONScanner`` is generic over this protocol, so each builder gets its own
/// specialised copy of the scanner and the calls below are direct (inlined)
/// calls, not dynamic dispatch. Containers are handed over as slices of the
/// scanner's reusable value/key stacks; a builder copies what it keeps.
protocol JSONValueBuilder {
    associatedtype Value

    mutating func string(_ value: String) -> Value
    /// An integer literal that fits `Int` (64-bit).
    mutating func integer(_ value: Int) -> Value
    /// A non-negative integer literal above `Int.max` that fits `UInt64`.
    mutating func unsignedInteger(_ value: UInt64) -> Value
    /// An integer literal outside `Int64.min...UInt64.max`.
    mutating func bigInteger(_ value: Decimal) -> Value
    /// A number with a fraction and/or exponent; always finite.
    mutating func double(_ value: Double) -> Value
    /// A number no `Int`, `UInt64`, `Double` or `Decimal` holds exactly: an integer
    /// of more than 38 digits, a number beyond `Double`'s range (`1e400`), written
    /// as `text`; `nil` when the builder has no value for it, which the scanner
    /// reports as ``JSONParsingError/Kind/numberOutOfRange(_:)``.
    mutating func inexactNumber(text: String) -> Value?
    /// A number with a fraction and/or exponent and more than 15 significant digits,
    /// or below `Double`'s normal range (`1e-400`), more than a `Double` keeps
    /// faithfully: `value` is the nearest `Double`, `text` the number as written. By
    /// default, the `Double`.
    mutating func preciseDouble(_ value: Double, text: String) -> Value
    /// Whether the scanner calls ``preciseDouble(_:text:)`` (and makes the text) for
    /// the numbers it describes; by default, `false`.
    var keepsPreciseDigits: Bool { get }
    /// Sets ``keepsPreciseDigits``, for a builder that keeps them at all; by default,
    /// nothing.
    mutating func setKeepsPreciseDigits(_ keeps: Bool)
    mutating func bool(_ value: Bool) -> Value
    mutating func null() -> Value
    mutating func array(_ elements: ArraySlice<Value>) -> Value
    /// `keys` and `values` have the same count; for duplicate keys the last one wins.
    mutating func object(keys: ArraySlice<String>, values: ArraySlice<Value>) -> Value
    /// Whether the builder uses the strings it is given (keys and values); when it
    /// does not, the scanner checks them without making them.
    static var usesStrings: Bool { get }
}

extension JSONValueBuilder {
    mutating func preciseDouble(_ value: Double, text: String) -> Value { double(value) }

    var keepsPreciseDigits: Bool { false }

    mutating func setKeepsPreciseDigits(_ keeps: Bool) {}

    static var usesStrings: Bool { true }
}

/// Builds the shapes `JSONSerialization` returns on Linux: `[String: Any]`, `[Any]`,
/// `String`, `NSNumber` (booleans as the `__NSCFBoolean` class, unsigned 64-bit
/// integers as `Q` numbers, larger integers as `NSDecimalNumber`, integers of more
/// than 38 digits as their nearest `Double`) and `NSNull`; a number beyond
/// `Double`'s range (`1e400`) is refused.
struct FoundationJSONBuilder: JSONValueBuilder {
    private let trueNumber = NSNumber(value: true)
    private let falseNumber = NSNumber(value: false)
    private let nullValue = NSNull()

    @inline(__always) func string(_ value: String) -> Any { value }
    @inline(__always) func integer(_ value: Int) -> Any { NSNumber(value: value) }
    @inline(__always) func unsignedInteger(_ value: UInt64) -> Any { NSNumber(value: value) }
    @inline(__always) func bigInteger(_ value: Decimal) -> Any { NSDecimalNumber(decimal: value) }
    @inline(__always) func double(_ value: Double) -> Any { NSNumber(value: value) }
    func inexactNumber(text: String) -> Any? {
        guard let nearest = Double(text), nearest.isFinite else { return nil }
        return NSNumber(value: nearest)
    }
    @inline(__always) func bool(_ value: Bool) -> Any { value ? trueNumber : falseNumber }
    @inline(__always) func null() -> Any { nullValue }
    @inline(__always) func array(_ elements: ArraySlice<Any>) -> Any { Array(elements) }
    @inline(__always) func object(keys: ArraySlice<String>, values: ArraySlice<Any>) -> Any {
        makeDictionary(keys: keys, values: values)
    }
}

/// Builds Swift natives boxed in `Any`: `Int` (integers that fit `Int64`), `UInt64`
/// (larger integers that fit), `Decimal` (integers beyond `UInt64`, and numbers of
/// more than 15 significant digits that it holds exactly), `Double` (numbers with a
/// fraction or exponent), ``JSONNumber`` (a number none of these holds exactly),
/// `Bool`, `String`, `NSNull`, `[String: Any]` and `[Any]`.
///
/// This is the fast path for the mapping layer.
struct NativeJSONBuilder: JSONValueBuilder {
    private let nullValue = NSNull()
    /// Off while the scanner source reads a value whose numbers only become
    /// `Double`s (see ``MemberRead/readsBinaryNumbers``).
    private(set) var keepsPreciseDigits = true

    /// Sets ``keepsPreciseDigits``.
    mutating func setKeepsPreciseDigits(_ keeps: Bool) { keepsPreciseDigits = keeps }

    @inline(__always) func string(_ value: String) -> Any { value }
    @inline(__always) func integer(_ value: Int) -> Any { value }
    @inline(__always) func unsignedInteger(_ value: UInt64) -> Any { value }
    @inline(__always) func bigInteger(_ value: Decimal) -> Any { value }
    @inline(__always) func double(_ value: Double) -> Any { value }
    /// The number as written: a `Decimal` holding its digits exactly, so a `Decimal`
    /// property gets them as written (and a `Double` property the correctly rounded
    /// value); else the `Double` when its shortest text has the same value
    /// (`1.7976931348623157e308`, `5e-324`); else a ``JSONNumber``.
    func preciseDouble(_ value: Double, text: String) -> Any {
        if let decimal = ExactDigits.exactDecimal(text) { return decimal }
        let number = JSONNumber(exactText: text)
        return JSONNumber(value) == number ? value : number
    }
    func inexactNumber(text: String) -> Any? { JSONNumber(exactText: text) }
    @inline(__always) func bool(_ value: Bool) -> Any { value }
    @inline(__always) func null() -> Any { nullValue }
    @inline(__always) func array(_ elements: ArraySlice<Any>) -> Any { Array(elements) }
    @inline(__always) func object(keys: ArraySlice<String>, values: ArraySlice<Any>) -> Any {
        makeDictionary(keys: keys, values: values)
    }
}

/// Zips the parallel key/value slices into a dictionary; a later duplicate key replaces an earlier one.
@inline(__always)
private func makeDictionary(keys: ArraySlice<String>, values: ArraySlice<Any>) -> [String: Any] {
    var dictionary = [String: Any](minimumCapacity: keys.count)
    var valueIndex = values.startIndex
    for key in keys {
        dictionary[key] = values[valueIndex]
        valueIndex += 1
    }
    return dictionary
}
