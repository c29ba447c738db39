import Foundation
import Testing
@testable import Strata

@Suite("Per-key recovery: null and invalid values keep the default, and are reported")
struct RecoveryTests {
    @Test("null for a non-optional property keeps its default with .defaultForNull, and is reported")
    func nullKeepsDefault() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"id": 1, "replies": null}"#)
        #expect(post.replies == -1)
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("replies: kept the default value: ") == true)
        // Without the recovery, the same payload fails.
        let error = strataFailure { try decodeBothWays(StrictPost.self, #"{"replies": null}"#) }
        #expect(error?.code == .nullForNonOptional)
    }

    @Test("null for an optional property is nil, not a recovery")
    func nullForOptionalIsNil() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"title": null}"#)
        #expect(post.title == nil)
        #expect(report.isEmpty)
    }

    @Test(".defaultForNull does not cover a value of the wrong type")
    func nullRecoveryIsOnlyForNull() {
        let error = strataFailure { try decodeBothWays(Post.self, #"{"replies": "many"}"#) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.pathDescription == "replies")
    }

    @Test(".defaultForInvalid keeps the default for a value of the wrong type, and for null")
    func invalidKeepsDefault() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"score": "high"}"#)
        #expect(post.score == 0)
        #expect(report == [
            "score: kept the default value: Expected Double for 'score' of Post, found the string \"high\". "
                + "Fix the payload, or give 'score' a transformer that converts it.",
        ])
        let (nulled, nullReport) = try decodeReporting(Post.self, #"{"score": null}"#)
        #expect(nulled.score == 0)
        #expect(nullReport.count == 1)
    }

    @Test("A nested model that fails keeps the default, reported at the nested value's full path")
    func nestedModelKeepsDefault() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"id": 3, "author": {"id": "x", "tags": ["a"]}}"#)
        #expect(post.id == 3)
        #expect(post.author == Attachment())
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("author.id: kept the default value: Expected Int for 'id' of Attachment") == true)
    }

    @Test("Recoveries inside a nested model get the nested model's path")
    func nestedRecoveryPath() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"author": {"id": 7, "url": "not a url"}}"#)
        #expect(post.author.id == 7)
        #expect(post.author.url == nil)
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("author.url: kept the default value: ") == true)
    }

    @Test("A recovery inside a value that then fails as a whole is not reported: only the failure is")
    func discardedRecoveriesAreForgotten() throws {
        let (_, report) = try decodeReporting(Post.self, #"{"author": {"url": "not a url", "id": false}}"#)
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("author.id: kept the default value: ") == true)
    }

    @Test("A refusal of the validator is recovered from like any invalid value")
    func validatorRefusal() throws {
        struct Checked: JSONSerializing, Equatable {
            var age = 18
            static let propertyKeys: PropertyKeys<Checked> = ["age": \.age]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["age": .defaultForInvalid]
            func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
                if key == "age", let age = value as? Int, age < 0 {
                    throw StrataError(.validationFailed, "An age is never negative.")
                }
                return value
            }
        }
        let (model, report) = try decodeReporting(Checked.self, #"{"age": -4}"#)
        #expect(model.age == 18)
        #expect(report == ["age: kept the default value: An age is never negative."])
    }

    @Test("The methods without diagnostics recover the same way")
    func recoversWithoutDiagnostics() throws {
        let json = #"{"replies": null, "score": [], "links": ["https://a.example", 4]}"#
        let post = try decodeBothWays(Post.self, json)
        #expect(post.replies == -1)
        #expect(post.score == 0)
        #expect(post.links == [URL(string: "https://a.example")])
    }

    @Test("Recoveries made before a failure are in the diagnostics when the decode throws")
    func recoveriesBeforeFailure() {
        struct Failing: JSONSerializing {
            var a = 0
            var b = 0
            static let propertyKeys: PropertyKeys<Failing> = ["a": \.a, "b": \.b]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["a": .defaultForNull]
        }
        var diagnostics = JSONDiagnostics()
        let error = strataFailure {
            try JSONAdapter.model(of: Failing.self, from: Data(#"{"a": null, "b": "2"}"#.utf8), diagnostics: &diagnostics)
        }
        #expect(error?.pathDescription == "b")
        let values = diagnostics.recoveries.filter { $0.action != .absentKey }
        #expect(values.map(\.error.pathDescription) == ["a"])
        #expect(values.map(\.action) == [.keptDefault])
    }

    @Test("Diagnostics collect across calls, and each recovery keeps its error")
    func diagnosticsAccumulate() throws {
        var diagnostics = JSONDiagnostics()
        #expect(diagnostics.isEmpty)
        _ = try JSONAdapter.model(of: Post.self, from: ["replies": NSNull()], diagnostics: &diagnostics)
        _ = try JSONAdapter.model(of: Post.self, from: Data(#"{"score": "x"}"#.utf8), diagnostics: &diagnostics)
        let values = diagnostics.recoveries.filter { $0.action != .absentKey }
        #expect(values.count == 2)
        #expect(values.map(\.error.code) == [.nullForNonOptional, .typeMismatch])
        #expect(values[1].path == [.key("score")])
    }

    @Test("Top-level arrays put each element's index in front of its recoveries")
    func topLevelArrayPaths() throws {
        let json = #"[{"id": 1}, {"id": 2, "replies": null}]"#
        var fromData = JSONDiagnostics()
        let posts = try JSONAdapter.models(of: Post.self, from: Data(json.utf8), diagnostics: &fromData)
        var fromArray = JSONDiagnostics()
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        _ = try JSONAdapter.models(of: Post.self, from: array, diagnostics: &fromArray)
        #expect(posts.map(\.id) == [1, 2])
        #expect(fromData.recoveries.filter { $0.action != .absentKey }.map(\.error.pathDescription) == ["[1].replies"])
        #expect(fromArray.recoveries.filter { $0.action != .absentKey }.map(\.error.pathDescription) == ["[1].replies"])
        #expect(fromData.description == fromArray.description)
    }

    @Test("A required key with a null recovery may be null, but not absent")
    func requiredKeyWithNullRecovery() throws {
        struct Profile: JSONSerializing, Equatable {
            var bio = "none"
            var name = ""
            static let propertyKeys: PropertyKeys<Profile> = ["bio": \.bio, "name": \.name]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let requiredKeys: RequiredKeys = .allMapped
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["bio": .defaultForNull]
        }
        let (profile, report) = try decodeReporting(Profile.self, #"{"bio": null, "name": "ada"}"#)
        #expect(profile.bio == "none")
        #expect(report.count == 1)
        let missing = strataFailure { try decodeBothWays(Profile.self, #"{"name": "ada"}"#) }
        #expect(missing?.code == .missingRequiredKeys)
        #expect(missing?.reason == "Profile requires key that the JSON lacks: bio. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
        let nullName = strataFailure { try decodeBothWays(Profile.self, #"{"bio": "x", "name": null}"#) }
        #expect(nullName?.reason == "Profile requires key that the JSON lacks: name is null. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
    }

    @Test("A recovery never hides a mistake in the model: a type no JSON value has, without a transformer")
    func invalidMappingIsNotRecovered() {
        struct NotAModel: Sendable {}
        struct Broken: JSONSerializing {
            var thing: NotAModel? = nil
            static let propertyKeys: PropertyKeys<Broken> = ["thing": \.thing]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["thing": .defaultForInvalid]
        }
        let error = strataFailure { try JSONAdapter.model(of: Broken.self, from: ["thing": ["a": 1]]) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.reason.contains("fix Broken") == true)
        struct Dated: JSONSerializing {
            var at = Date(timeIntervalSince1970: 0)
            static let propertyKeys: PropertyKeys<Dated> = ["at": \.at]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["at": .defaultForInvalid]
        }
        #expect(strataFailure { try decodeBothWays(Dated.self, #"{"at": "2024-01-01"}"#) }?.code == .typeMismatch)
        // Nor in a collection: the element is not left out, and its index is the JSON one.
        struct Calendar: JSONSerializing {
            var days: [Date] = []
            static let propertyKeys: PropertyKeys<Calendar> = ["days": \.days]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["days": [.skipsInvalidElements, .defaultForInvalid]]
        }
        let lossy = strataFailure { try decodeBothWays(Calendar.self, #"{"days": [null, "2024-01-01"]}"#) }
        #expect(lossy?.code == .typeMismatch)
        #expect(lossy?.pathDescription == "days[1]")
    }

    @Test("Data that is not JSON still fails, whatever the recovery")
    func invalidJSONIsNotRecovered() {
        var diagnostics = JSONDiagnostics()
        let error = strataFailure {
            try JSONAdapter.model(of: Post.self, from: Data(#"{"score": tru}"#.utf8), diagnostics: &diagnostics)
        }
        #expect(error?.code == .invalidJSON)
        #expect(diagnostics.isEmpty)
    }

    @Test("A recovery for a key that is not mapped makes the mapping invalid")
    func recoveryForUnmappedKey() {
        struct Stray: JSONSerializing {
            var a = 0
            static let propertyKeys: PropertyKeys<Stray> = ["a": \.a]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["b": .defaultForNull]
        }
        let error = strataFailure { try JSONAdapter.model(of: Stray.self, from: ["a": 1]) }
        #expect(error?.code == .invalidMapping)
        #expect(error?.reason.contains("'b' has a recovery in jsonRecoveryByPropertyKey but is not mapped to JSON.") == true)
    }

    @Test("A dotted key path through a value that is not an object is recovered from too")
    func keyPathThroughScalar() throws {
        struct Nested: JSONSerializing, Equatable {
            var stars = 5
            static let propertyKeys: PropertyKeys<Nested> = ["stars": \.stars]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["stars": "stats.stars"]
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["stars": .defaultForInvalid]
        }
        let (model, report) = try decodeReporting(Nested.self, #"{"stats": 3}"#)
        #expect(model.stars == 5)
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("stats") == true)
    }
}
