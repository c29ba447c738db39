import Foundation

/// Builds ``JSONValue``s straight from the scanner's events: what the scanner
/// source reads for a property whose transformer is the `JSONValue` default
/// (see ``Transformation/jsonValueForm``), with no Foundation value in between.
///
/// Every number becomes the ``JSONNumber`` that `JSONValue(json:)` makes of the
/// native value ``NativeJSONBuilder`` gives for it, so a value read here equals
/// the one read through a dictionary, text and all: an integer has the text of
/// its `Int` (`-0` is `0`), a fraction or exponent the shortest text of its
/// `Double` (`1.0`, `100.0` for `1e2`), a number a `Double` does not keep the
/// text of its `Decimal`, and a number neither holds its text as written.
struct JSONValueTreeBuilder: JSONValueBuilder {
    @inline(__always) func string(_ value: String) -> JSONValue { .string(value) }
    @inline(__always) func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    @inline(__always) func unsignedInteger(_ value: UInt64) -> JSONValue { .number(JSONNumber(value)) }
    func bigInteger(_ value: Decimal) -> JSONValue { .number(Self.number(value)) }
    func double(_ value: Double) -> JSONValue { .number(Self.number(value)) }
    func preciseDouble(_ value: Double, text: String) -> JSONValue {
        // What `NativeJSONBuilder.preciseDouble(_:text:)` keeps, as a number.
        if let decimal = ExactDigits.exactDecimal(text) { return .number(Self.number(decimal)) }
        let number = JSONNumber(exactText: text)
        return .number(JSONNumber(value) == number ? Self.number(value) : number)
    }
    func inexactNumber(text: String) -> JSONValue? { .number(JSONNumber(exactText: text)) }
    var keepsPreciseDigits: Bool { true }
    @inline(__always) func bool(_ value: Bool) -> JSONValue { .bool(value) }
    @inline(__always) func null() -> JSONValue { .null }
    @inline(__always) func array(_ elements: ArraySlice<JSONValue>) -> JSONValue { .array(Array(elements)) }
    func object(keys: ArraySlice<String>, values: ArraySlice<JSONValue>) -> JSONValue {
        var members = [String: JSONValue](minimumCapacity: keys.count)
        var valueIndex = values.startIndex
        for key in keys {
            // A later duplicate key replaces an earlier one, as in a dictionary the reader builds.
            members[key] = values[valueIndex]
            valueIndex += 1
        }
        return .object(members)
    }

    /// The number of a finite `Double`: `JSONNumber(_:)` of it, its shortest text.
    private static func number(_ value: Double) -> JSONNumber {
        JSONNumber(value) ?? JSONNumber(exactText: value.description)
    }

    /// The number of a `Decimal` the scanner made from digits (never NaN): `JSONNumber(_:)` of it.
    private static func number(_ value: Decimal) -> JSONNumber {
        JSONNumber(value) ?? JSONNumber(exactText: value.description)
    }
}

extension JSONScanner {
    /// The value at the scanner's position read as a ``JSONValue``, the scanner left
    /// after it: the same value `JSONValue(json:)` makes of what ``parseValueTree()``
    /// reads there, and the same error for bad input, at the same place.
    mutating func parseJSONValue() throws(JSONParsingError) -> JSONValue {
        var reader = JSONScanner<JSONValueTreeBuilder>(
            input: input, builder: JSONValueTreeBuilder(), maximumDepth: maximumDepth)
        reader.index = index
        reader.outerDepth = outerDepth
        // The reused stacks lent to the reader, and taken back however it ends.
        let stacks = takeLentStacks()
        swap(&reader.treeStacks, &stacks.jsonValue)
        defer { swap(&reader.treeStacks, &stacks.jsonValue) }
        let value = try reader.parseValueTree()
        index = reader.index
        return value
    }

    /// The value at the scanner's position in `form`, read straight as ``JSONValue``s.
    ///
    /// A ``JSONValue`` for anything but `null`, the `[JSONValue]` of an array, the
    /// `[String: JSONValue]` of an object (see ``Transformation/jsonValueForm``);
    /// `nil`, having read nothing, for a value of another kind, which the entry's
    /// transformer then takes (`null` reads as `nil` or ``JSONValue/null`` by the
    /// property's type; anything else is refused with its path).
    mutating func jsonValue(as form: JSONValueForm) throws(JSONParsingError) -> Any? {
        switch (form, nextByte) {
        case (_, nil), (.value, Byte.n): return nil
        case (.value, _): return try parseJSONValue()
        case (.array, Byte.openBracket):
            // An array's bytes read as an array, whose elements are what the property holds.
            let value = try parseJSONValue()
            if case .array(let elements) = value { return elements }
            return value
        case (.object, Byte.openBrace):
            let value = try parseJSONValue()
            if case .object(let members) = value { return members }
            return value
        case (.array, _), (.object, _): return nil
        }
    }
}

/// What a transformation that reads any JSON as ``JSONValue``s gives (see
/// ``Transformation/jsonValueForm``).
enum JSONValueForm: Sendable {
    /// A `JSONValue` (or its optional).
    case value
    /// A `[JSONValue]`.
    case array
    /// A `[String: JSONValue]`.
    case object
}
