import Foundation
import Testing

@testable import Strata

/// A model whose `validate()` refuses a negative id.
private struct Ticket: JSONSerializing, SecureCodingModel {
    var id = 0
    var note: String?

    static let propertyKeys: PropertyKeys<Ticket> = ["id": \.id, "note": \.note]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "note": "note"]

    func validate() throws {
        if id < 0 { throw StrataError(.validationFailed, "A ticket's id is never negative.") }
    }
}

/// The rules of an assignment (an absent key keeps its value, `null` is `nil` for
/// the setter, the setter checks the type, `validate()` runs last) hold the same
/// whichever entry point assigns: JSON data, a JSON object, a dictionary keyed by
/// property, a merge, an archive.
@Suite("The same rules from every entry point")
struct EntryPointRulesTests {
    /// The error each property-keyed and JSON entry point throws for `json`, by entry point.
    private func failures(for json: String) throws -> [String: StrataError] {
        let data = Data(json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var failures: [String: StrataError] = [:]
        let entryPoints: [(String, () throws -> Void)] = [
            ("data", { _ = try JSONAdapter.model(of: Ticket.self, from: data) }),
            ("object", { _ = try JSONAdapter.model(of: Ticket.self, from: object) }),
            ("dictionary", { _ = try Ticket(dictionary: object) }),
        ]
        for (name, run) in entryPoints {
            do {
                try run()
            } catch let error as StrataError {
                failures[name] = error
            }
        }
        return failures
    }

    @Test("null for a property that is not optional", arguments: [#"{"id": null}"#])
    func nullForNonOptional(_ json: String) throws {
        let failures = try failures(for: json)
        #expect(failures.count == 3)
        for (name, error) in failures {
            #expect(error.code == .nullForNonOptional, "\(name)")
            #expect(error.path == [.key("id")], "\(name)")
        }
        #expect(Set(failures.values.map(\.localizedDescription)).count == 1)
    }

    @Test("A value of the wrong type")
    func wrongType() throws {
        let failures = try failures(for: #"{"id": "7"}"#)
        #expect(failures.count == 3)
        for (name, error) in failures {
            #expect(error.code == .typeMismatch, "\(name)")
            #expect(error.path == [.key("id")], "\(name)")
            #expect(error.localizedDescription.hasPrefix(#"id: Expected Int for 'id' of Ticket, found the string "7"."#), "\(name)")
        }
    }

    @Test("validate() runs after the values, from every entry point")
    func validateRunsLast() throws {
        let failures = try failures(for: #"{"id": -1}"#)
        #expect(failures.count == 3)
        #expect(Set(failures.values.map(\.localizedDescription)) == ["A ticket's id is never negative."])

        var merged = Ticket()
        var incoming = Ticket()
        incoming.id = -1
        #expect(throws: StrataError.self) { try merged.mergeValues(from: incoming) }
        #expect(merged.id == 0)

        let archived = try ModelArchiver.archivedData(with: incoming)
        let error = #expect(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Ticket.self, from: archived) }
        #expect(error?.localizedDescription.contains("A ticket's id is never negative.") == true)
    }

    @Test("An absent key keeps the property's value, and null clears an optional")
    func absentAndNull() throws {
        let object: [String: Any] = ["id": 3, "note": NSNull()]
        let fromObject = try JSONAdapter.model(of: Ticket.self, from: object)
        let fromDictionary = try Ticket(dictionary: object)
        #expect(fromObject.id == 3 && fromObject.note == nil)
        #expect(fromDictionary.id == 3 && fromDictionary.note == nil)
        let absent = try Ticket(dictionary: ["note": "kept"])
        let absentJSON = try JSONAdapter.model(of: Ticket.self, from: Data(#"{"note": "kept"}"#.utf8))
        #expect(absent.id == 0 && absentJSON.id == 0)
    }
}
