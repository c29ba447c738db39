/// Where a property's value lives in a JSON object: a dotted key path, or several
/// of them (Mantle's multi-keypath form).
///
/// ```swift
/// let name: JSONKeyPath = "full_name"                  // one key
/// let created: JSONKeyPath = "meta.created_at"         // nested: {"meta": {"created_at": …}}
/// let location: JSONKeyPath = ["geo.lat", "geo.lng"]   // several: the transformer gets
///                                                       // ["geo.lat": …, "geo.lng": …]
/// let dotted = JSONKeyPath(segments: ["a.b"])          // a key that contains a dot
/// ```
public struct JSONKeyPath: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    /// One dotted path, split into its keys.
    struct Path: Hashable, Sendable {
        let segments: [String]
        /// The dotted form, as written in the mapping.
        let text: String
    }

    let paths: [Path]
    /// Whether this is the array form, whose transformer receives a dictionary.
    let isMultiple: Bool

    /// A dotted key path: `"owner.login"`.
    public init(_ dottedPath: String) {
        paths = [Path(segments: dottedPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init), text: dottedPath)]
        isMultiple = false
    }

    /// A key path from its keys, for keys that contain a dot.
    public init(segments: [String]) {
        paths = [Path(segments: segments, text: segments.joined(separator: "."))]
        isMultiple = false
    }

    /// Several dotted key paths; the transformer receives `[String: Any]` keyed by
    /// the paths that resolved.
    public init(_ dottedPaths: [String]) {
        paths = dottedPaths.map { JSONKeyPath($0).paths[0] }
        isMultiple = true
    }

    /// A dotted key path from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Several dotted key paths from an array literal.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// The dotted paths this key path names.
    public var dottedPaths: [String] { paths.map(\.text) }

    /// `"meta.created_at"`, or `["geo.lat", "geo.lng"]` for the array form.
    public var description: String {
        isMultiple ? "[" + paths.map { "\"\($0.text)\"" }.joined(separator: ", ") + "]" : paths[0].text
    }
}
