import Foundation
import Strata

// The models of a GitHub-like repository list. Each one declares its schema
// (`propertyKeys`) and where its values live in JSON (`jsonKeyPathsByPropertyKey`);
// Strata's default transformers handle nested models, arrays, URLs, enums and
// numbers, and `jsonTransformer(forKey:)` covers the rest.

/// Whether a repository is visible to everyone, to its organisation, or to its owner.
enum Visibility: String, CaseIterable {
    case `public`, `internal`, `private`
}

/// The state of a repository's last CI run, sent as a number.
enum BuildStatus: Int, CaseIterable {
    case passing = 1
    case failing = 2
    case pending = 3
}

/// Whether an account is a person or an organisation.
enum AccountType: String, CaseIterable {
    case user = "User"
    case organization = "Organization"
}

/// The account that owns a repository.
struct Owner: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    var type = AccountType.user
    var avatarURL: URL?

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "type": "type", "avatarURL": "avatar_url",
    ]
}

/// Someone who committed to a repository, and how often.
struct Contributor: JSONSerializing, Equatable {
    var login = ""
    var id = 0
    var contributions = 0

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "contributions": "contributions",
    ]
}

/// Open and closed issue counts: one value read from two JSON keys.
///
/// A plain `Model` (not mapped to JSON itself), so that `init(dictionary:)` checks
/// the counts exactly: `12.5` or `"12"` is an error, not a rounded number.
struct IssueCounts: Model, Equatable {
    var open = 0
    var closed = 0
    var total: Int { open + closed }

    static let propertyKeys: PropertyKeys<IssueCounts> = ["open": \.open, "closed": \.closed, "total": \.total]
}

/// A repository, with its owner, contributors, statistics, license and release.
struct Repository: JSONSerializing, Equatable {
    var id = 0
    var fullName = ""
    var description: String?
    var htmlURL: URL?
    var homepage: URL?
    var language: String?
    var visibility = Visibility.public
    var topics: [String] = []
    var createdAt = Date.distantPast
    var stars = 0
    var forks = 0
    var issues = IssueCounts()
    var license: String?
    var latestRelease: String?
    var releasedOn: Date?
    var buildStatus = BuildStatus.pending
    var owner = Owner()
    var contributors: [Contributor] = []

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id",
        "fullName": "full_name",
        "description": "description",
        "htmlURL": "html_url",
        "homepage": "homepage",
        "language": "language",
        "visibility": "visibility",
        "topics": "topics",
        "createdAt": "created_at",
        "stars": "stats.stargazers_count",
        "forks": "stats.forks_count",
        "issues": ["stats.open_issues", "stats.closed_issues"],
        "license": "license.spdx_id",
        "latestRelease": "latest_release.tag_name",
        "releasedOn": "latest_release.published_on",
        "buildStatus": "ci.status",
        "owner": "owner",
        "contributors": "contributors",
    ]

    /// Keys the payload must have (not null). A repository without them is an error
    /// listing every missing key, rather than a model full of defaults.
    static let requiredPropertyKeys: Set<String> = ["id", "fullName", "htmlURL", "owner"]

    /// Dates and the issue counts need a transformer; every other property gets
    /// the default for its type.
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "createdAt": return .iso8601Date
        case "releasedOn": return .date(format: "yyyy-MM-dd")
        case "issues": return .issueCounts
        default: return nil
        }
    }

    /// A repository must belong to its owner.
    func validate() throws {
        guard fullName.hasPrefix(owner.login + "/") else {
            throw RepositoryError.ownerMismatch(fullName: fullName, owner: owner.login)
        }
    }
}

/// Why a repository read from JSON is not valid.
enum RepositoryError: Error, CustomStringConvertible {
    case ownerMismatch(fullName: String, owner: String)

    var description: String {
        switch self {
        case .ownerMismatch(let fullName, let owner):
            return "'\(fullName)' does not belong to its owner '\(owner)'."
        }
    }
}

extension ValueTransformer {
    /// `{"stats.open_issues": 18, "stats.closed_issues": 402}` ↔ ``IssueCounts``.
    ///
    /// A multi-key-path property's transformer receives a dictionary keyed by the
    /// dotted paths that were present, and returns one in the same shape to write.
    static var issueCounts: ValueTransformer {
        ValueTransformer(
            { (json: [String: Any]) throws -> IssueCounts in
                try IssueCounts(dictionary: [
                    "open": json["stats.open_issues"] ?? 0,
                    "closed": json["stats.closed_issues"] ?? 0,
                ])
            },
            reverse: { (issues: IssueCounts) -> [String: Any] in
                ["stats.open_issues": issues.open, "stats.closed_issues": issues.closed]
            })
    }
}
