/// What a decode recovered from instead of failing: every value a
/// ``JSONRecovery`` left out, with its full path and the error it would have
/// been, every unknown enum value read as its declared fallback, and every mapped
/// key the JSON lacks (``Recovery/Action/absentKey``).
///
/// Pass one to the decoding methods that take `diagnostics:`; each recovery is
/// appended, in the order the values were read, so nothing is dropped silently.
///
/// ```swift
/// var diagnostics = JSONDiagnostics()
/// let status = try JSONAdapter.model(of: Status.self, from: data, diagnostics: &diagnostics)
/// for recovery in diagnostics.recoveries {
///     print(recovery)
///     // media[1].url: left out this element: Expected a URL, found the string "". …
/// }
/// ```
///
/// The methods without `diagnostics:` recover the same way and report nothing,
/// and so does a model decoded through `JSONDecoder`
/// (``JSONMappedCodable``).
public struct JSONDiagnostics: Sendable, CustomStringConvertible {
    /// The recoveries, in the order their values were read.
    public internal(set) var recoveries: [Recovery] = []

    /// Creates an empty report.
    public init() {}

    /// Whether the decodes recovered from nothing.
    public var isEmpty: Bool { recoveries.isEmpty }

    /// One recovery per line.
    public var description: String {
        recoveries.map(\.description).joined(separator: "\n")
    }

    /// One value a decode recovered from.
    public struct Recovery: Sendable, CustomStringConvertible {
        /// What the decode did instead of failing.
        public enum Action: String, Sendable, Hashable {
            /// The property kept its default value (``JSONRecovery/defaultForNull``,
            /// ``JSONRecovery/defaultForInvalid``).
            case keptDefault
            /// The element was left out of its collection
            /// (``JSONRecovery/skipsInvalidElements``).
            case skippedElement
            /// The raw value names no case, and the enum's declared fallback was
            /// used (``ValueTransformer/enumeration(_:unknown:)``).
            case usedUnknownCase
            /// The JSON lacks the key of a mapped property, which kept its default
            /// value. The error is the ``StrataError/Code/missingRequiredKeys`` the
            /// key would fail with if it were required, at the key's JSON path
            /// (`sources.data[1].last4`). A key sent as `null` is present, and is
            /// never reported as absent.
            case absentKey
        }

        /// What the decode did.
        public let action: Action
        /// The failure it recovered from, with the full path of the value
        /// (``StrataError/path``) and the reason.
        public let error: StrataError

        /// The path of the value: `media[1].url`.
        public var path: [StrataError.PathComponent] { error.path }

        /// `path: what was done: why`.
        public var description: String {
            let done =
                switch action {
                case .keptDefault: "kept the default value"
                case .skippedElement: "left out this element"
                case .usedUnknownCase: "read as the unknown case"
                case .absentKey: "absent, kept the default value"
                }
            let location = error.pathDescription
            return (location.isEmpty ? "" : location + ": ") + done + ": " + error.reason
        }
    }
}
