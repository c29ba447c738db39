import Foundation
import Strata
import Testing

/// The exact text of every ``StrataError/Code``'s message, produced through the
/// public API from a representative input: these sentences are product text,
/// read by a person in a log, so a change to one is a reviewed change here (and
/// in Docs/Errors.md, which shows the same messages and is checked by
/// scripts/apple-check).
@Suite("Error messages")
struct ErrorMessageTests {
    /// One code's representative failure.
    struct Case: CustomTestStringConvertible, Sendable {
        let code: StrataError.Code
        let message: String
        let fail: @Sendable () throws -> Void

        var testDescription: String { code.rawValue }
    }

    static let cases: [Case] = [
        Case(
            code: .invalidJSON,
            message: "The data is not valid JSON. Unexpected character '}' at line 1, column 28; expected '\"' to begin "
                + "an object key after ',' (JSON does not allow a trailing comma).",
            fail: { _ = try JSONAdapter.model(of: Repo.self, from: Data(#"{"full_name": "ada/engine",}"#.utf8)) }),
        Case(
            code: .invalidJSONDictionary,
            message: "Expected a JSON object for Repo, found an array of 1 element. Fix the payload, or read an array of "
                + "Repo with JSONAdapter.models(of:from:) or a property of type [Repo].",
            fail: { _ = try JSONAdapter.model(of: Repo.self, from: Data(#"[{"full_name": "ada/engine"}]"#.utf8)) }),
        Case(
            code: .invalidJSONKeyPath,
            message: "stats: Expected an object at 'stats' to read 'stats.stargazers' for 'stars' of Repo, found the number 42. "
                + "Fix the payload, or map the property to the key path where the value is.",
            fail: { _ = try JSONAdapter.model(of: Repo.self, from: Data(#"{"stats": 42}"#.utf8)) }),
        Case(
            code: .typeMismatch,
            message: "repos[0].stats.stargazers: Expected Int for 'stars' of Repo, found the string \"many\". "
                + "Fix the payload, or give 'stars' a transformer that converts it.",
            fail: {
                _ = try JSONAdapter.model(
                    of: Org.self, from: Data(#"{"repos": [{"stats": {"stargazers": "many"}}]}"#.utf8))
            }),
        Case(
            code: .nullForNonOptional,
            message: "full_name: 'name' of Repo is not optional, so it cannot be set to nil. "
                + "Make the property optional, or leave the value out.",
            fail: { _ = try JSONAdapter.model(of: Repo.self, from: Data(#"{"full_name": null}"#.utf8)) }),
        Case(
            code: .transformerFailed,
            message: "created_at: Expected an ISO 8601 date such as \"2024-05-01T12:30:00Z\" for 'createdAt' of Repo, "
                + "found the string \"yesterday\". Fix the payload, or give 'createdAt' a transformer that reads this value.",
            fail: { _ = try JSONAdapter.model(of: Repo.self, from: Data(#"{"created_at": "yesterday"}"#.utf8)) }),
        Case(
            code: .validationFailed,
            message: "email: Subscriber refused the value for 'email': \"grace\" is not an email address",
            fail: { _ = try JSONAdapter.model(of: Subscriber.self, from: ["email": "grace"]) }),
        Case(
            code: .missingRequiredKeys,
            message: "Order requires key that the JSON lacks: id. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).",
            fail: { _ = try JSONAdapter.model(of: Order.self, from: ["note": "leave at the door"]) }),
        Case(
            code: .noClassFound,
            message: "Shape.classForParsing(_:) chose no type for this JSON object (an object with keys kind). "
                + "Fix the payload, or make classForParsing(_:) return a type for it.",
            fail: { _ = try JSONAdapter.model(of: Shape.self, from: ["kind": "hexagon"]) }),
        Case(
            code: .nestingTooDeep,
            message: "replies[0].replies[0].replies[0]: Models nest more than 2 levels deep here. Flatten the payload, "
                + "or raise maximumModelDepth in the options; when writing, check the model graph for a cycle.",
            fail: {
                let thread = #"{"text": "a", "replies": [{"text": "b", "replies": [{"text": "c", "replies": [{"text": "d"}]}]}]}"#
                _ = try JSONAdapter.model(of: Comment.self, from: Data(thread.utf8), options: .init(maximumModelDepth: 2))
            }),
        Case(
            code: .invalidArchive,
            message: "The data is not a binary property list. It was damaged, or written by other software or for "
                + "another model; discard it or write it again.",
            fail: { _ = try ModelArchiver.unarchivedModel(of: Settings.self, from: Data("not an archive".utf8)) }),
        Case(
            code: .unsupportedModelVersion,
            message: "The archive was written by version 3 of Settings, but this build of Settings reads versions "
                + "up to 2. Update the app, or discard the archive.",
            fail: {
                let newer = try ModelArchiver.archivedData(with: SettingsV3())
                _ = try ModelArchiver.unarchivedModel(of: Settings.self, from: newer)
            }),
        Case(
            code: .migrationFailed,
            message: "name: Profile.decodeValue(forKey:with:modelVersion:) failed for an archive of version 1: "
                + "version 1 profiles are no longer read",
            fail: {
                let old = try ModelArchiver.archivedData(with: ProfileV1(name: "Ada"))
                _ = try ModelArchiver.unarchivedModel(of: Profile.self, from: old)
            }),
        Case(
            code: .invalidMapping,
            message: "The JSON mapping of Typo is invalid: 'titel' is mapped to JSON but is not in propertyKeys. "
                + "Fix jsonKeyPathsByPropertyKey and propertyKeys.",
            fail: { _ = try JSONAdapter.model(of: Typo.self, from: ["title": "Emma"]) }),
        Case(
            code: .unknownKey,
            message: "quantity: Order has no property 'quantity'. Known keys: id, note.",
            fail: {
                var order = Order()
                try order.setValue(3, forKey: "quantity")
            }),
        Case(
            code: .readOnlyKey,
            message: "fahrenheit: 'fahrenheit' of Temperature is read-only (a let or computed property); it cannot be set.",
            fail: {
                var temperature = Temperature()
                try temperature.setValue(212.0, forKey: "fahrenheit")
            }),
        Case(
            code: .unsupportedValue,
            message: "ratio: Cannot write 'ratio' of Reading: nan is not a finite number, which JSON cannot represent. "
                + "Give it a transformer that produces strings, numbers, booleans, arrays or objects.",
            fail: { _ = try JSONAdapter.data(from: Reading(ratio: .nan)) }),
        Case(
            code: .invalidOptions,
            message: "maximumNestingDepth is 0, but it must be at least 1 (the default is 512). Pass a positive limit.",
            fail: {
                _ = try JSONAdapter.model(of: Repo.self, from: Data("{}".utf8), options: .init(maximumNestingDepth: 0))
            }),
    ]

    @Test(arguments: cases)
    func theMessageIsExactly(_ pinned: Case) throws {
        let error = try #require(throws: StrataError.self) { try pinned.fail() }
        #expect(error.code == pinned.code)
        #expect(error.description == pinned.message)
        #expect(error.localizedDescription == pinned.message)
    }

    /// A new code needs its message pinned here (and shown in Docs/Errors.md).
    @Test func everyCodeHasAPinnedMessage() {
        #expect(Set(Self.cases.map(\.code)) == Set(StrataError.Code.allCases))
        #expect(Self.cases.count == StrataError.Code.allCases.count)
    }

    /// The error thrown by user code stays reachable behind the sentence.
    @Test func userErrorsAreTheUnderlyingError() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Subscriber.self, from: ["email": "grace"])
        }
        #expect(error.underlyingError is Subscriber.NotAnEmail)
    }
}

// MARK: - The models behind the messages (the same as in Docs/Errors.md)

extension ErrorMessageTests {
    struct Repo: JSONSerializing {
        var name = ""
        var stars = 0
        var createdAt = Date.distantPast
        var homepage: URL?

        static let propertyKeys: PropertyKeys<Repo> = [
            "name": \.name, "stars": \.stars, "createdAt": \.createdAt, "homepage": \.homepage,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "full_name", "stars": "stats.stargazers", "createdAt": "created_at", "homepage": "homepage",
        ]
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "createdAt" ? .iso8601Date : nil
        }
    }

    struct Org: JSONSerializing {
        var login = ""
        var repos: [Repo] = []

        static let propertyKeys: PropertyKeys<Org> = ["login": \.login, "repos": \.repos]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    struct Subscriber: JSONSerializing {
        struct NotAnEmail: Error, CustomStringConvertible {
            var value: String
            var description: String { "\"\(value)\" is not an email address" }
        }

        var email = ""
        static let propertyKeys: PropertyKeys<Subscriber> = ["email": \.email]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["email": "email"]

        func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
            if key == "email", let email = value as? String, !email.contains("@") {
                throw NotAnEmail(value: email)
            }
            return value
        }
    }

    struct Order: JSONSerializing {
        var id = 0
        var note = ""
        static let propertyKeys: PropertyKeys<Order> = ["id": \.id, "note": \.note]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "note": "note"]
        static var requiredPropertyKeys: Set<String> { ["id"] }
    }

    class Shape: JSONSerializing {
        var name = ""
        required init() {}
        class var propertyKeys: PropertyKeys<Shape> { ["name": \.name] }
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
        class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
            json["kind"] as? String == "circle" ? Circle.self : nil
        }
    }

    final class Circle: Shape {
        var radius = 0.0
        override class var propertyKeys: PropertyKeys<Shape> { super.propertyKeys.adding(["radius": \Circle.radius]) }
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.merging(["radius": "radius"]) { $1 }
        }
    }

    struct Comment: JSONSerializing {
        var text = ""
        var replies: [Comment] = []
        static let propertyKeys: PropertyKeys<Comment> = ["text": \.text, "replies": \.replies]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    struct Settings: SecureCodingModel {
        var textSize = 12
        static let propertyKeys: PropertyKeys<Settings> = ["textSize": \.textSize]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Settings" }
    }

    struct SettingsV3: SecureCodingModel {
        var textSize = 12
        static let propertyKeys: PropertyKeys<SettingsV3> = ["textSize": \.textSize]
        static var modelVersion: Int { 3 }
        static var archiveName: String { "Settings" }
    }

    struct Profile: SecureCodingModel {
        struct Retired: Error, CustomStringConvertible {
            var description: String { "version 1 profiles are no longer read" }
        }

        var name = ""
        static let propertyKeys: PropertyKeys<Profile> = ["name": \.name]
        static var modelVersion: Int { 2 }
        static var archiveName: String { "Profile" }
        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            if modelVersion < 2 { throw Retired() }
            return try defaultDecodedValue(forKey: key, with: coder)
        }
    }

    struct ProfileV1: SecureCodingModel {
        var name = ""
        static let propertyKeys: PropertyKeys<ProfileV1> = ["name": \.name]
        static var modelVersion: Int { 1 }
        static var archiveName: String { "Profile" }
    }

    struct Typo: JSONSerializing {
        var title = ""
        static let propertyKeys: PropertyKeys<Typo> = ["title": \.title]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["titel": "title"]
    }

    struct Temperature: Model {
        var celsius = 0.0
        var fahrenheit: Double { celsius * 9 / 5 + 32 }
        static let propertyKeys: PropertyKeys<Temperature> = ["celsius": \.celsius, "fahrenheit": \.fahrenheit]
    }

    struct Reading: JSONSerializing {
        var ratio = 0.0
        static let propertyKeys: PropertyKeys<Reading> = ["ratio": \.ratio]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["ratio": "ratio"]
    }
}
