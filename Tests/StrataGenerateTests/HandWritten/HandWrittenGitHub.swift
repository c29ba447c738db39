import Foundation
import Strata

// A careful hand-written model of every field of Payloads/repository.json: the
// yardstick the generated models' size is measured against.
enum HandWrittenGitHub {
    struct Repository: JSONSerializing {
        var id = 0
        var nodeID = ""
        var name = ""
        var fullName = ""
        var `private` = false
        var owner = Owner()
        var htmlURL: URL?
        var description = ""
        var fork = false
        var url: URL?
        var cloneURL: URL?
        var sshURL = ""
        var homepage: String?
        var createdAt = Date.distantPast
        var updatedAt = Date.distantPast
        var pushedAt = Date.distantPast
        var size = 0
        var stargazersCount = 0
        var watchersCount = 0
        var language: String?
        var hasIssues = false
        var hasWiki = false
        var forksCount = 0
        var mirrorURL: URL?
        var archived = false
        var openIssuesCount = 0
        var license: License?
        var topics: [String] = []
        var visibility = ""
        var defaultBranch = ""
        var permissions = Permissions()
        var organization: Owner?
        var networkCount = 0
        var subscribersCount = 0

        static let requiredKeys: RequiredKeys = .nonOptional
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            ["createdAt", "updatedAt", "pushedAt"].contains(key) ? .iso8601Date : nil
        }
    }

    struct Owner: JSONSerializing {
        var login = ""
        var id = 0
        var nodeID = ""
        var avatarURL: URL?
        var gravatarID = ""
        var url: URL?
        var htmlURL: URL?
        var eventsURL = ""
        var type = ""
        var siteAdmin = false

        static let requiredKeys: RequiredKeys = .nonOptional
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct License: JSONSerializing {
        var key = ""
        var name = ""
        var spdxID = ""
        var url: URL?
        var nodeID = ""

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Permissions: JSONSerializing {
        var admin = false
        var maintain = false
        var push = false
        var triage = false
        var pull = false

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }
}
