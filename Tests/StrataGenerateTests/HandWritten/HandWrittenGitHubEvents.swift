import Foundation
import Strata

// A careful hand-written model of every field of Payloads/issue-events.json: the
// yardstick the generated models' size is measured against.
enum HandWrittenGitHubEvents {
    enum IssueEvent: JSONTaggedEnum {
        case labeled(Labeled)
        case assigned(Assigned)
        case renamed(Renamed)
        case referenced(Plain)
        case closed(Plain)
        case reopened(Plain)
        case other(JSONValue)

        static let tagKeyPath: JSONKeyPath = "event"
        static let casesByTag: [String: JSONTaggedCase<IssueEvent>] = [
            "labeled": .model(Labeled.self, IssueEvent.labeled),
            "assigned": .model(Assigned.self, IssueEvent.assigned),
            "renamed": .model(Renamed.self, IssueEvent.renamed),
            "referenced": .model(Plain.self, IssueEvent.referenced),
            "closed": .model(Plain.self, IssueEvent.closed),
            "reopened": .model(Plain.self, IssueEvent.reopened),
        ]
        static let unknownTagCase: JSONTaggedCase<IssueEvent>? = .value(IssueEvent.other)
    }

    struct Plain: JSONSerializing {
        var id = 0
        var nodeID = ""
        var url: URL?
        var actor = User()
        var commitID: String?
        var commitURL: URL?
        var createdAt = Date.distantPast
        var performedViaGithubApp: JSONValue?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "createdAt" ? .iso8601Date : nil }
    }

    struct Labeled: JSONSerializing {
        var id = 0
        var nodeID = ""
        var url: URL?
        var actor = User()
        var commitID: String?
        var commitURL: URL?
        var createdAt = Date.distantPast
        var performedViaGithubApp: JSONValue?
        var label = Label()

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "createdAt" ? .iso8601Date : nil }
    }

    struct Assigned: JSONSerializing {
        var id = 0
        var nodeID = ""
        var url: URL?
        var actor = User()
        var commitID: String?
        var commitURL: URL?
        var createdAt = Date.distantPast
        var performedViaGithubApp: JSONValue?
        var assignee = User()
        var assigner = User()

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "createdAt" ? .iso8601Date : nil }
    }

    struct Renamed: JSONSerializing {
        var id = 0
        var nodeID = ""
        var url: URL?
        var actor = User()
        var commitID: String?
        var commitURL: URL?
        var createdAt = Date.distantPast
        var performedViaGithubApp: JSONValue?
        var rename = Rename()

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "createdAt" ? .iso8601Date : nil }
    }

    struct User: JSONSerializing {
        var login = ""
        var id = 0
        var nodeID = ""
        var avatarURL: URL?
        var type = ""
        var siteAdmin = false

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Label: JSONSerializing {
        var name = ""
        var color = ""

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }

    struct Rename: JSONSerializing {
        var from = ""
        var to = ""

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    }
}
