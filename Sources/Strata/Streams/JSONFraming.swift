/// How a stream of JSON separates its elements.
///
/// ```swift
/// for try await event in JSONAdapter.models(of: Event.self, from: bytes, framing: .lines) { … }
/// let features = JSONAdapter.models(of: Feature.self, from: .file(url), framing: .array(at: "features"))
/// ```
public struct JSONFraming: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of framing.
    enum Kind: Sendable, Hashable {
        case lines, textSequence, concatenated, array
    }

    let kind: Kind
    /// The keys of the envelope's objects that lead to the array, for ``array(at:)``.
    let keyPath: [String]

    /// JSON Lines (NDJSON): one value per line, lines ending with LF or CRLF;
    /// blank lines are skipped, and a last line without its LF is read too.
    public static let lines = JSONFraming(kind: .lines, keyPath: [])

    /// RFC 7464 JSON text sequences (`application/json-seq`): each value after
    /// an RS byte (0x1E).
    public static let textSequence = JSONFraming(kind: .textSequence, keyPath: [])

    /// Concatenated JSON: values one after another, whitespace between them or not
    /// (`{"a":1}{"a":2} 3 4`).
    public static let concatenated = JSONFraming(kind: .concatenated, keyPath: [])

    /// The elements of a document that is one array (`[{…}, {…}]`).
    public static let array = JSONFraming(kind: .array, keyPath: [])

    /// The elements of the array at `keyPath` of a document that is an object: an
    /// envelope such as `{"type": "FeatureCollection", "features": [...]}`.
    ///
    /// `keyPath` is dotted (`"data.items"`) as in a model's JSON key paths. The
    /// envelope's other members, before and after the array, are kept as
    /// ``JSONValue``s: read them from the elements' ``JSONElements/envelope`` or
    /// ``AsyncJSONElements/envelope`` once the stream ends.
    public static func array(at keyPath: String) -> JSONFraming {
        JSONFraming(kind: .array, keyPath: keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// Whether an element may end with `}` or `]` with no byte after it that
    /// the framing needs.
    @usableFromInline
    var endsAtBrackets: Bool { kind == .concatenated || kind == .array }

    /// The framing's name: `JSON Lines`, `the array at features`.
    public var description: String {
        switch kind {
        case .lines: return "JSON Lines"
        case .textSequence: return "a JSON text sequence"
        case .concatenated: return "concatenated JSON"
        case .array: return keyPath.isEmpty ? "a JSON array" : "the array at \(keyPath.joined(separator: "."))"
        }
    }
}
