import Foundation
import Testing

@testable import Strata

/// A GitHub repository modelled in part: the members it does not map are kept.
private struct PartialRepository: JSONSerializing, Equatable {
    var id = 0
    var fullName = ""
    var ownerLogin = ""
    var others: [String: JSONValue] = [:]

    static let propertyKeys: PropertyKeys<PartialRepository> = [
        "id": \.id, "fullName": \.fullName, "ownerLogin": \.ownerLogin, "others": \.others,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "fullName": "full_name", "ownerLogin": "owner.login", "others": "others",
    ]
    static let unmappedKeysPropertyKey: String? = "others"
}

/// The same model without the opt-in.
private struct StrictRepository: JSONSerializing, Equatable {
    var id = 0
    var fullName = ""
    static let propertyKeys: PropertyKeys<StrictRepository> = ["id": \.id, "fullName": \.fullName]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "fullName": "full_name"]
}

private struct WrongType: JSONSerializing {
    var id = 0
    var others: [String: String] = [:]
    static let propertyKeys: PropertyKeys<WrongType> = ["id": \.id, "others": \.others]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
    static let unmappedKeysPropertyKey: String? = "others"
}

private struct RecoveringOthers: JSONSerializing {
    var id = 0
    var others: [String: JSONValue] = [:]
    static let propertyKeys: PropertyKeys<RecoveringOthers> = ["id": \.id, "others": \.others]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
    static let unmappedKeysPropertyKey: String? = "others"
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["others": .defaultForInvalid]
}

@Suite("Unmapped keys kept for the round trip")
struct UnmappedKeysTests {
    static let payload = #"""
        {"id": 1296269, "full_name": "octocat/Hello-World", "owner": {"login": "octocat", "id": 1},
         "private": false, "topics": ["api", "demo"], "license": null, "stargazers_count": 80,
         "weight": 12345678901234567890}
        """#

    @Test("Every member no property maps is kept, from Data and from a dictionary")
    func keepsUnmappedMembers() throws {
        let repository = try decodeEqualBothWays(PartialRepository.self, Self.payload)
        #expect(repository.id == 1_296_269 && repository.ownerLogin == "octocat")
        #expect(Set(repository.others.keys) == ["private", "topics", "license", "stargazers_count", "weight"])
        #expect(repository.others["topics"] == ["api", "demo"])
        #expect(repository.others["license"] == .null)
        // `owner` is mapped (through owner.login): its other members are not kept.
        #expect(repository.others["owner"] == nil)
    }

    @Test("Read, change one field, write back: nothing else is lost")
    func readModifyWrite() throws {
        var repository = try JSONAdapter.model(of: PartialRepository.self, from: Data(Self.payload.utf8))
        repository.fullName = "octocat/Hello-Universe"
        for written in [try JSONAdapter.data(from: repository), try JSONSerialization.data(withJSONObject: JSONAdapter.dictionary(from: repository))] {
            let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
            #expect(object["full_name"] as? String == "octocat/Hello-Universe")
            #expect(object["stargazers_count"] as? Int == 80)
            #expect(object["topics"] as? [String] == ["api", "demo"])
            #expect(object["license"] is NSNull)
            #expect(object["others"] == nil)
            let again = try JSONAdapter.model(of: PartialRepository.self, from: written)
            #expect(again == repository)
        }
        let text = String(decoding: try JSONAdapter.data(from: repository), as: UTF8.self)
        #expect(text.contains("12345678901234567890"))
    }

    @Test("Without the opt-in, unmapped members are not kept")
    func strictModelsDropNothingTheyMap() throws {
        let repository = try decodeEqualBothWays(StrictRepository.self, Self.payload)
        let written = try JSONAdapter.dictionary(from: repository)
        #expect(Set(written.keys) == ["id", "full_name"])
    }

    @Test("A member at a key another property writes is refused when written")
    func collisionIsAnError() {
        var repository = PartialRepository()
        repository.others["full_name"] = "shadow"
        let error = strataFailure { try JSONAdapter.data(from: repository) }
        #expect(error?.code == .unsupportedValue)
        #expect(error?.pathDescription == "full_name")
    }

    @Test("The audit does not list the members the property keeps; those of a partly mapped object it does")
    func audit() throws {
        let audit = try JSONAdapter.audit(of: PartialRepository.self, from: Data(Self.payload.utf8))
        #expect(audit.unmappedKeys == ["owner.id"])
    }

    @Test("The property takes no recovery, required key or transformer")
    func noSettings() {
        let error = strataFailure { try JSONAdapter.model(of: RecoveringOthers.self, from: Data(#"{"id": 1}"#.utf8)) }
        #expect(error?.code == .invalidMapping)
        #expect(error?.localizedDescription.contains("takes no recovery") == true)
    }

    @Test("The property must be a [String: JSONValue] var")
    func wrongTypeIsAMappingProblem() {
        let error = strataFailure { try JSONAdapter.model(of: WrongType.self, from: Data(#"{"id": 1}"#.utf8)) }
        #expect(error?.code == .invalidMapping)
        #expect(error?.localizedDescription.contains("must be a var of type [String: JSONValue]") == true)
    }
}
