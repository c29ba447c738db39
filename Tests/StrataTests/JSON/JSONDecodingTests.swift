import Foundation
import Testing
@testable import Strata

@Suite("JSON → model")
struct JSONDecodingTests {
    @Test func decodesARealPayload() throws {
        let repo = try JSONAdapter.model(of: Repo.self, from: try jsonObject(repoJSONText))
        #expect(repo.id == 1)
        #expect(repo.fullName == "ada/engine")
        #expect(repo.homepage == URL(string: "https://example.org/engine"))
        #expect(repo.owner == Owner(login: "ada", id: 2))
        #expect(repo.contributors == [Owner(login: "charles", id: 3), Owner(login: "mary", id: 4)])
        #expect(repo.createdAt == Date(timeIntervalSince1970: 1_714_566_600))
        #expect(repo.visibility == .private)
        #expect(repo.tags == ["math", "steam"])
    }

    @Test func decodesFromData() throws {
        let repo = try JSONAdapter.model(of: Repo.self, from: Data(repoJSONText.utf8))
        #expect(repo.fullName == "ada/engine")
    }

    @Test func dataThatIsNotAnObjectIsInvalidJSONDictionary() throws {
        for text in ["[1, 2]", "\"text\""] {
            let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: Data(text.utf8)) }
            #expect(error.code == .invalidJSONDictionary, "\(text)")
        }
    }

    @Test func dataThatIsNotJSONIsInvalidJSONWithTheReadersLocation() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Repo.self, from: Data("{\"id\": 1,\n \"full_name\" \"x\"}".utf8))
        }
        #expect(error.code == .invalidJSON)
        let parsing = try #require(error.underlyingError as? JSONParsingError)
        #expect(parsing.line == 2)
        #expect(error.description.hasPrefix("The data is not valid JSON. "))
    }

    /// Numbers with more digits than a Double keeps reach a Decimal property exactly,
    /// and a Double property correctly rounded.
    @Test func longNumbersInDataKeepTheirDigits() throws {
        let data = Data(#"{"decimal": 12345678901234567890.123456789, "double": 0.30000000000000004}"#.utf8)
        let model = try JSONAdapter.model(of: PreciseNumbers.self, from: data)
        #expect(model.decimal == Decimal(string: "12345678901234567890.123456789"))
        #expect(model.double == 0.1 + 0.2)
    }
}

struct PreciseNumbers: JSONSerializing {
    var decimal = Decimal(0)
    var double = 0.0
    static let propertyKeys: PropertyKeys<PreciseNumbers> = ["decimal": \.decimal, "double": \.double]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["decimal": "decimal", "double": "double"]
}

extension JSONDecodingTests {

    @Test func decodesAnArrayOfModelsAndNamesTheIndexOnError() throws {
        let owners = try JSONAdapter.models(of: Owner.self, from: [["login": "a", "id": 1], ["login": "b", "id": 2]])
        #expect(owners.map(\.login) == ["a", "b"])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: Owner.self, from: [["login": "a"], ["id": "2"]])
        }
        #expect(error.pathDescription == "[1].id")
        let notObject = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: Owner.self, from: [["login": "a"], 5])
        }
        #expect(notObject.code == .invalidJSONDictionary)
        #expect(notObject.pathDescription == "[1]")
    }

    @Test func finalClassModelDecodesAndEncodes() throws {
        let json = try jsonObject(#"{"title": "Strata", "links": {"self": "https://example.org"}, "api.version": 2}"#)
        let bookmark = try JSONAdapter.model(of: Bookmark.self, from: json)
        #expect(bookmark.title == "Strata")
        #expect(bookmark.link == URL(string: "https://example.org"))
        #expect(bookmark.version == 2)
        let written = try JSONAdapter.dictionary(from: bookmark)
        #expect(written["api.version"] as? Int == 2)
        #expect((written["links"] as? [String: Any])?["self"] as? String == "https://example.org")
    }

    @Test func keyWithADotIsReadAsOneKeyAndItsErrorsNameIt() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Bookmark.self, from: ["api.version": "two", "api": ["version": 2]])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [.key("api.version")])
    }

    // MARK: Missing values and null

    @Test func missingKeyLeavesTheDefault() throws {
        let repo = try JSONAdapter.model(of: Repo.self, from: ["id": 5])
        #expect(repo.id == 5)
        #expect(repo == { var r = Repo(); r.id = 5; return r }())
    }

    @Test(arguments: [
        #"{"id": 1}"#,
        #"{"id": 1, "meta": null}"#,
        #"{"id": 1, "meta": {}}"#,
        #"{"id": 1, "meta": {"other": 2}}"#,
    ])
    func missingOrNullIntermediateOfADottedPathCountsAsMissing(_ text: String) throws {
        let repo = try JSONAdapter.model(of: Repo.self, from: try jsonObject(text))
        #expect(repo.createdAt == nil)
        #expect(repo.id == 1)
    }

    @Test(arguments: [
        (#"{"meta": "2024"}"#, "the string \"2024\""),
        (#"{"meta": 12}"#, "the number 12"),
        (#"{"meta": ["created_at"]}"#, "an array of 1 element"),
        (#"{"meta": true}"#, "the boolean true"),
    ])
    func intermediateThatIsNotAnObjectIsInvalidJSONKeyPath(_ text: String, found: String) throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: try jsonObject(text)) }
        #expect(error.code == .invalidJSONKeyPath)
        #expect(
            error.description
                == "meta: Expected an object at 'meta' to read 'meta.created_at' for 'createdAt' of Repo, found \(found). "
                + "Fix the payload, or map the property to the key path where the value is.")
    }

    struct Badge: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "info.name"]
    }

    struct Holder: JSONSerializing {
        var owner = Badge()
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    @Test func aNestedModelsKeyPathErrorNamesTheNestedProperty() throws {
        let data = Data(#"{"owner": {"info": 5}}"#.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for error in [
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Holder.self, from: data) },
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Holder.self, from: object) },
        ] {
            #expect(error.code == .invalidJSONKeyPath)
            #expect(
                error.description
                    == "owner.info: Expected an object at 'info' to read 'info.name' for 'name' of Badge, found the number 5. "
                    + "Fix the payload, or map the property to the key path where the value is.")
        }
    }

    @Test func nullForAnOptionalIsNil() throws {
        let json = try jsonObject(#"{"homepage": null, "meta": {"created_at": null}}"#)
        let repo = try JSONAdapter.model(of: Repo.self, from: json)
        #expect(repo.homepage == nil)
        #expect(repo.createdAt == nil)
    }

    @Test(arguments: [
        (#"{"id": null}"#, "id"),
        (#"{"meta": {"created_at": "2024-05-01T12:30:00Z"}, "owner": {"login": null}}"#, "owner.login"),
        (#"{"contributors": [{"id": 1}, {"id": null}]}"#, "contributors[1].id"),
        (#"{"tags": ["a", null]}"#, "tags[1]"),
        (#"{"owner": null}"#, "owner"),
    ])
    func nullForANonOptionalNamesThePath(_ text: String, path: String) throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: try jsonObject(text)) }
        #expect(error.code == .nullForNonOptional)
        #expect(error.pathDescription == path)
    }

    @Test func nullForANonOptionalMessage() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Repo.self, from: ["id": NSNull()]) }
        #expect(
            error.description
                == "id: 'id' of Repo is not optional, so it cannot be set to nil. Make the property optional, or leave the value out.")
    }

    // MARK: Array form of key paths

    @Test func arrayKeyPathHandsTheTransformerTheResolvedPaths() throws {
        let json = try jsonObject(#"{"a": 1, "b": {"c": null}, "x": 2}"#)
        let probe = try JSONAdapter.model(of: KeyPathProbe.self, from: json)
        #expect(probe.seen == ["a": "1", "b.c": "null"])
    }

    @Test func arrayKeyPathBuildsAValueFromSeveralPaths() throws {
        let place = try JSONAdapter.model(
            of: Place.self, from: try jsonObject(#"{"name": "Mill", "geo": {"lat": 51.5, "lng": -0.12}}"#))
        #expect(place.coordinate == Place.Coordinate(latitude: 51.5, longitude: -0.12))
    }

    @Test func arrayKeyPathWithNoResolvedPathIsMissing() throws {
        let place = try JSONAdapter.model(of: Place.self, from: ["name": "Nowhere"])
        #expect(place.coordinate == nil)
    }

    @Test func arrayKeyPathTransformerErrorNamesTheKeyPathsAndKeepsTheUserError() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Place.self, from: try jsonObject(#"{"geo": {"lat": 51.5}}"#))
        }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "[\"geo.lat\", \"geo.lng\"]")
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "both coordinates, got [\"geo.lat\"]"))
    }

    // MARK: Validation

    @Test func validateRunsAfterTheValuesAreSetAndItsErrorPropagates() throws {
        struct Range: JSONSerializing {
            var low = 0
            var high = 0
            static let propertyKeys: PropertyKeys<Range> = ["low": \.low, "high": \.high]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["low": "low", "high": "high"]
            func validate() throws {
                if low > high { throw RuleViolation(rule: "low <= high") }
            }
        }
        #expect(try JSONAdapter.model(of: Range.self, from: ["low": 1, "high": 2]).high == 2)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Range.self, from: ["low": 3, "high": 2]) }
        #expect(error.code == .validationFailed)
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "low <= high"))
    }

    @Test func validateValueNormalisesJSONValues() throws {
        struct Handle: JSONSerializing {
            var login = ""
            static let propertyKeys: PropertyKeys<Handle> = ["login": \.login]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "user.login"]
            func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
                guard let text = value as? String, !text.isEmpty else { throw RuleViolation(rule: "login") }
                return text.lowercased()
            }
        }
        #expect(try JSONAdapter.model(of: Handle.self, from: ["user": ["login": "ADA"]]).login == "ada")
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Handle.self, from: ["user": ["login": ""]])
        }
        #expect(error.code == .validationFailed)
        #expect(error.pathDescription == "user.login")
        #expect(error.underlyingError is RuleViolation)
    }

    @Test func unmappedJSONKeysAreIgnoredAndUnmappedPropertiesKeepDefaults() throws {
        let profile = try JSONAdapter.model(
            of: Profile.self, from: ["name": "ada", "cachedAvatar": "ignored", "extra": [1, 2]])
        #expect(profile.name == "ada")
        #expect(profile.cachedAvatar == "")
    }
}
