import Foundation
import Strata

/// A payload measured by rows 1–4: a model with a Strata mapping, a `Codable`
/// conformance and a hand-written mapping of the same fields.
protocol MappingPayload: JSONSerializing, Codable {
    /// The name in the table.
    static var payloadName: String { get }
    /// The file in `Benchmarks/Payloads/`.
    static var fileName: String { get }
    /// Whether its rows are for information only (no target to meet).
    static var isInformative: Bool { get }

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
    static let isInformative = false
    static func codableDecoder() -> JSONDecoder { CodableCoders.iso8601Decoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.iso8601Encoder() }
}

extension TwitterSearch: MappingPayload {
    static let payloadName = "twitter"
    static let fileName = "twitter.json"
    static let isInformative = true
    static func codableDecoder() -> JSONDecoder { CodableCoders.twitterDecoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.twitterEncoder() }
}
