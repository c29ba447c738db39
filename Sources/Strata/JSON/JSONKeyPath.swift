/// Where a property's value lives in a JSON object: a dotted key path, several
/// of them combined (Mantle's multi-keypath form), or alternatives of which the
/// first present one is read.
///
/// ```swift
/// let name: JSONKeyPath = "full_name"                  // one key
/// let created: JSONKeyPath = "meta.created_at"         // nested: {"meta": {"created_at": …}}
/// let first: JSONKeyPath = "items.0.name"              // an array element: {"items": [{"name": …}]}
/// let location: JSONKeyPath = ["geo.lat", "geo.lng"]   // several: the transformer gets
///                                                       // ["geo.lat": …, "geo.lng": …]
/// let id = JSONKeyPath.firstPresent("id", "ID", "book.id")  // the first that has a value
/// let dotted = JSONKeyPath(segments: ["a.b"])          // a key that contains a dot
/// ```
///
/// In a dotted path, a segment after the first made of ASCII digits without a
/// leading zero (`0`, `7`, `12`, not `07`) is an index into an array. Reading an index that is out of
/// range, or into a value that is not an array, finds nothing; writing one creates
/// the array, with `null` at each earlier index that nothing else writes.
/// ``init(segments:)`` keeps every segment a literal key.
public struct JSONKeyPath: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    /// One dotted path, split into its keys.
    struct Path: Hashable, Sendable {
        let segments: [String]
        /// For each segment, its array index when it is one, `nil` for a key.
        let indices: [Int?]
        /// The dotted form, as written in the mapping.
        let text: String
        /// Whether any segment is an array index.
        var hasIndex: Bool { indices.contains { $0 != nil } }

        /// The path of a dotted string, whose all-digit segments are indices.
        init(dotted text: String) {
            let segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            self.segments = segments
            // The first segment is a key of the model's own object, never an index.
            indices = segments.indices.map { $0 == 0 ? nil : Self.index(of: segments[$0]) }
            self.text = text
        }

        /// The path of literal keys.
        init(keys: [String]) {
            segments = keys
            indices = Array(repeating: nil, count: keys.count)
            text = keys.joined(separator: ".")
        }

        /// The segments as an error path: keys and indices.
        var components: [StrataError.PathComponent] {
            zip(segments, indices).map { segment, index in index.map { .index($0) } ?? .key(segment) }
        }

        /// The index a segment names: ASCII digits, no leading zero (except `0`),
        /// fitting in `Int`; `nil` for a key.
        static func index(of segment: String) -> Int? {
            let bytes = segment.utf8
            guard let first = bytes.first, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            if first == 0x30 && bytes.count > 1 { return nil }
            return Int(segment)
        }
    }

    /// How a key path with several paths reads them.
    enum Form: Hashable, Sendable {
        /// One path.
        case single
        /// The array form: every path, combined into a dictionary.
        case combined
        /// ``firstPresent(_:_:)``: the first path that has a value that is not `null`.
        case firstPresent
    }

    let paths: [Path]
    let form: Form
    /// Whether this is the array form, whose transformer receives a dictionary.
    var isMultiple: Bool { form == .combined }

    /// A dotted key path: `"owner.login"`, `"items.0.name"`.
    public init(_ dottedPath: String) {
        paths = [Path(dotted: dottedPath)]
        form = .single
    }

    /// A key path from its keys, for keys that contain a dot.
    ///
    /// Every segment is a key, digits included: `JSONKeyPath(segments: ["items",
    /// "0"])` reads `{"items": {"0": …}}`.
    public init(segments: [String]) {
        paths = [Path(keys: segments)]
        form = .single
    }

    /// Several dotted key paths; the transformer receives `[String: Any]` keyed by
    /// the paths that resolved.
    public init(_ dottedPaths: [String]) {
        paths = dottedPaths.map(Path.init(dotted:))
        form = .combined
    }

    private init(paths: [Path], form: Form) {
        self.paths = paths
        self.form = form
    }

    /// Alternative dotted key paths for one value: reading takes the first that is
    /// present and not `null`; writing uses the first.
    ///
    /// ```swift
    /// let id = JSONKeyPath.firstPresent("id", "ID", "book.id")
    /// // {"ID": 7} and {"book": {"id": 7}} both read 7; writing gives {"id": 7}
    /// ```
    ///
    /// When no path has a value, the property keeps its default, or is set to `nil`
    /// when one of them is `null`. A required key needs one of them present and
    /// not `null`. The paths may overlap each other, not another property's paths.
    /// Errors about the value name the path it was read from; otherwise the key path
    /// reads `id|ID|book.id`.
    public static func firstPresent(_ first: String, _ others: String...) -> JSONKeyPath {
        JSONKeyPath(paths: ([first] + others).map(Path.init(dotted:)), form: .firstPresent)
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

    /// `"meta.created_at"`, `["geo.lat", "geo.lng"]` for the array form, or
    /// `id|ID|book.id` for ``firstPresent(_:_:)``.
    public var description: String {
        switch form {
        case .single: return paths[0].text
        case .combined: return "[" + paths.map { "\"\($0.text)\"" }.joined(separator: ", ") + "]"
        case .firstPresent: return paths.map(\.text).joined(separator: "|")
        }
    }
}
