import Foundation
import Testing
import Strata

/// A GitHub issue event that labels the issue.
private struct LabeledEvent: JSONSerializing {
    var id = 0
    var label = Label()
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

    struct Label: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }
}

/// A GitHub issue event that closes the issue; it maps its own tag.
private struct ClosedEvent: JSONSerializing {
    var id = 0
    var event = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private enum IssueEvent: JSONTaggedEnum {
    case labeled(LabeledEvent)
    case closed(ClosedEvent)
    case other(JSONValue)

    static let tagKeyPath: JSONKeyPath = "event"
    static let casesByTag: [String: JSONTaggedCase<IssueEvent>] = [
        "labeled": .model(LabeledEvent.self, IssueEvent.labeled),
        "closed": .model(ClosedEvent.self, IssueEvent.closed),
    ]
    static let unknownTagCase: JSONTaggedCase<IssueEvent>? = .value(IssueEvent.other)
}

/// The same cases with no fallback.
private enum StrictIssueEvent: JSONTaggedEnum {
    case labeled(LabeledEvent)

    static let tagKeyPath: JSONKeyPath = "event"
    static let casesByTag: [String: JSONTaggedCase<StrictIssueEvent>] = [
        "labeled": .model(LabeledEvent.self, StrictIssueEvent.labeled)
    ]
}

private struct Timeline: JSONSerializing {
    var latest: IssueEvent?
    var events: [IssueEvent] = []
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

@Suite struct TaggedEnumAuditTests {
    private let events = ##"""
        [{"id": 1, "event": "labeled", "label": {"name": "bug", "color": "f29513"}},
         {"id": 2, "event": "closed", "commit_id": null},
         {"id": 3, "event": "milestoned", "milestone": {"title": "v1"}}]
        """##

    @Test func eachObjectIsAuditedAsTheModelOfItsTag() throws {
        let audit = try JSONAdapter.audit(of: IssueEvent.self, from: Data(events.utf8))
        // The tag is mapped by the enum; the fallback keeps the third object whole.
        #expect(audit.unmappedKeys == ["[0].label.color", "[1].commit_id"])
        #expect(audit.absentKeys == [])
    }

    @Test func anObjectNoCaseTakesIsUnmappedWhole() throws {
        let audit = try JSONAdapter.audit(of: StrictIssueEvent.self, from: Data(events.utf8))
        #expect(audit.unmappedKeys == ["[0].label.color", "[1].commit_id", "[1].event", "[1].id", "[2].event", "[2].id", "[2].milestone"])
    }

    @Test func aTaggedPropertyAndArrayAreAuditedThroughTheirCases() throws {
        let json = ##"""
            {"latest": {"event": "closed"},
             "events": [{"id": 1, "event": "labeled", "label": {}}, {"id": 2, "event": "closed", "actor": "ada"}]}
            """##
        let audit = try JSONAdapter.audit(of: Timeline.self, from: Data(json.utf8))
        #expect(audit.absentKeys.sorted() == ["events[0].label.name", "latest.id"])
        #expect(audit.unmappedKeys == ["events[1].actor"])
    }
}
