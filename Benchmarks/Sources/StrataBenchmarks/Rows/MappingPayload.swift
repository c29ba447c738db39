import Foundation
import Strata

/// A payload measured by rows 1–4: a model with a Strata mapping, a `Codable`
/// conformance and a hand-written mapping of the same fields.
protocol MappingPayload: JSONSerializing, Codable {
    /// The name in the table.
    static var payloadName: String { get }
    /// The file: in `Benchmarks/Payloads/`, or in the data directory for a
    /// third-party payload (see `PayloadFiles`).
    static var fileName: String { get }
    /// Rows (by number) reported for information only on this payload: their
    /// target is shown, not gated. The other rows must meet theirs.
    static var informativeRows: Set<String> { get }

    static func codableDecoder() -> JSONDecoder
    static func codableEncoder() -> JSONEncoder

    /// The hand-written mapping from a JSON object.
    init(handWritten json: [String: Any])
    /// The hand-written JSON object.
    var handWrittenDictionary: [String: Any] { get }
}

extension GitHubUser: MappingPayload {
    static let payloadName = "github-user"
    static let fileName = "github-user.json"
    static let informativeRows: Set<String> = []
    static func codableDecoder() -> JSONDecoder { CodableCoders.iso8601Decoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.iso8601Encoder() }
}

extension TwitterSearch: MappingPayload {
    static let payloadName = "twitter"
    static let fileName = "twitter.json"
    /// Rows 2 (`Data` → models with the dates as sent, against `JSONDecoder` with
    /// a `DateFormatter` strategy), 3 and 4 are gated; `[String: Any]` → models
    /// has no target on this payload.
    static let informativeRows: Set<String> = ["1"]
    static func codableDecoder() -> JSONDecoder { CodableCoders.twitterDecoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.twitterEncoder() }
}

extension Canada: MappingPayload {
    static let payloadName = "canada"
    static let fileName = "canada.json"
    /// Row 3 is reported for information: its hand-written baseline puts the
    /// model's typed array in the dictionary as one value, where the default
    /// transformer gives an `[Any]` per array.
    static let informativeRows: Set<String> = ["3"]
    static func codableDecoder() -> JSONDecoder { JSONDecoder() }
    static func codableEncoder() -> JSONEncoder { JSONEncoder() }
}

extension EmbeddingVector: MappingPayload {
    /// `embedding` for `[Double]`, `embedding-float` for `[Float]`.
    static var payloadName: String { Number.self == Float.self ? "embedding-float" : "embedding" }
    static var fileName: String { "embedding.json" }
    /// Row 3 is reported for information, as for canada.
    static var informativeRows: Set<String> { ["3"] }
    static func codableDecoder() -> JSONDecoder { JSONDecoder() }
    static func codableEncoder() -> JSONEncoder { JSONEncoder() }
}

extension CitmCatalog: MappingPayload {
    static let payloadName = "citm"
    static let fileName = "citm_catalog.json"
    static let informativeRows: Set<String> = []
    static func codableDecoder() -> JSONDecoder { JSONDecoder() }
    static func codableEncoder() -> JSONEncoder { JSONEncoder() }
}
