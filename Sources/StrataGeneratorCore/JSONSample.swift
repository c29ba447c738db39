/// A JSON value read from a sample file, with its object keys in the order the
/// file writes them and its numbers as the file spells them.
///
/// `JSONSerialization` loses both: it returns unordered dictionaries, and an
/// `NSNumber` for `1` that also reads as `true`. The generator needs the order
/// (properties follow the payload) and the spelling (`1` is an `Int`, `1.0` a
/// `Double`), so ``SampleReader`` builds this tree instead.
///
/// ```swift
/// let sample = try SampleReader.read(Data(#"{"id": 1, "ratio": 0.5}"#.utf8), file: "a.json")
/// // .object([JSONMember(key: "id", value: .number("1")), JSONMember(key: "ratio", value: .number("0.5"))])
/// ```
public indirect enum JSONSample: Equatable, Sendable {
    /// An object: its members in file order (a repeated key appears as often as written).
    case object([JSONMember])
    /// An array.
    case array([JSONSample])
    /// A string, unescaped.
    case string(String)
    /// A number, as the file spells it: `42`, `-0.5`, `1e3`.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// What the value is, in words, for error messages: "an object", "the string \"a\"".
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One member of a JSON object: its key and its value.
public struct JSONMember: Equatable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// The value.
    public var value: JSONSample

    /// A member with `key` and `value`.
    public init(key: String, value: JSONSample) {
        self.key = key
        self.value = value
    }
}

extension JSONSample {
    /// Whether a number's spelling is an integer: no fraction and no exponent.
    ///
    /// ```swift
    /// JSONSample.isIntegerSpelling("42")   // true
    /// JSONSample.isIntegerSpelling("4.0")  // false
    /// ```
    public static func isIntegerSpelling(_ text: String) -> Bool {
        !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
    }
}
