import Foundation
import Strata

/// A payload measured by rows 1–4: a model with a Strata mapping, a `Codable`
/// conformance and a hand-written mapping of the same fields.
protocol MappingPayload: JSONSerializing, Codable {
    /// The name in the table.
    static var payloadName: String { get }
    /// The file in `Benchmarks/Payloads/`.
    static var fileName: String { get }
    /// Whether its rows are for information only (no target to meet), except
    /// those in ``gatedTargets``.
    static var isInformative: Bool { get }
    /// Rows (by number) with a target of their own for this payload, which they
    /// must meet even when the payload is informative.
    static var gatedTargets: [String: Target] { get }

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
    static let gatedTargets: [String: Target] = [:]
    static func codableDecoder() -> JSONDecoder { CodableCoders.iso8601Decoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.iso8601Encoder() }
}

extension TwitterSearch: MappingPayload {
    static let payloadName = "twitter"
    static let fileName = "twitter.json"
    static let isInformative = true
    /// Issue #14: `Data` → models with the dates as sent, against `JSONDecoder`
    /// with a `DateFormatter` strategy.
    static let gatedTargets: [String: Target] = ["2": .atMost(0.35)]
    static func codableDecoder() -> JSONDecoder { CodableCoders.twitterDecoder() }
    static func codableEncoder() -> JSONEncoder { CodableCoders.twitterEncoder() }
}
