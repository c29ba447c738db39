import Foundation
import Testing
@testable import Strata

/// `JSONAdapter.data(from:)` writes models straight to bytes; what it writes must
/// be exactly what `dictionary(from:)` builds, written by the JSON writer.
@Suite("Writing models straight to JSON data")
struct JSONStreamingTests {
    /// The bytes of the dictionary path, for comparison.
    static func viaDictionary<T: JSONSerializing>(_ model: T, _ options: JSONAdapter.Options) throws -> String {
        let json = try JSONAdapter.dictionary(from: model, options: options)
        return String(decoding: try JSONWriter.data(withJSONObject: json, options: JSONAdapter.writerOptions(options)), as: UTF8.self)
    }

    static func streamed<T: JSONSerializing>(_ model: T, _ options: JSONAdapter.Options) throws -> String {
        String(decoding: try JSONAdapter.data(from: model, options: options), as: UTF8.self)
    }

    static let optionSets: [JSONAdapter.Options] = [
        [.sortedKeys], [.sortedKeys, .omitNulls], [.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted, .omitNulls],
    ]

    @Test(arguments: optionSets)
    func flatNestedAndArrayModelsMatchTheDictionaryPath(_ options: JSONAdapter.Options) throws {
        let team = Team(
            name: "core", lead: Member(login: "ada", email: nil),
            members: [Member(login: "bo", email: "bo@example.org"), Member(login: "cy", email: nil)])
        #expect(try Self.streamed(team, options) == Self.viaDictionary(team, options))
        #expect(try Self.streamed(Team(), options) == Self.viaDictionary(Team(), options))
    }

    @Test(arguments: EverythingSample.allCases)
    func everySupportedTypeMatchesTheDictionaryPath(_ sample: EverythingSample) throws {
        let model = sample.model
        for options in Self.optionSets {
            #expect(try Self.streamed(model, options) == Self.viaDictionary(model, options))
        }
    }

    @Test func serializablePropertyKeysAndClassHierarchiesMatchTheDictionaryPath() throws {
        let profile = Profile(name: "ada", email: nil, cachedAvatar: "x", draft: false)
        #expect(try Self.streamed(profile, [.sortedKeys]) == Self.viaDictionary(profile, [.sortedKeys]))
        #expect(try Self.streamed(profile, [.sortedKeys]) == #"{"email":null,"name":"ada"}"#)

        let circle = Circle()
        circle.name = "sun"
        circle.radius = 2
        let drawing = Drawing(shapes: [circle, Rectangle()], background: circle)
        #expect(try Self.streamed(drawing, [.sortedKeys]) == Self.viaDictionary(drawing, [.sortedKeys]))
    }

    @Test func arraysOfModelsMatchTheDictionaryPath() throws {
        let owners = [Owner(login: "a", id: 1), Owner(login: "b", id: 2)]
        let streamed = String(decoding: try JSONAdapter.data(from: owners, options: [.sortedKeys]), as: UTF8.self)
        #expect(streamed == #"[{"id":1,"login":"a"},{"id":2,"login":"b"}]"#)
        #expect(try JSONAdapter.models(of: Owner.self, from: Data(streamed.utf8)) == owners)
    }

    /// Errors name the same path as on the dictionary path.
    @Test func aValueJSONCannotRepresentIsNamedWithItsPath() throws {
        var team = Team()
        team.members = [Member(login: "a"), Member(login: "b")]
        var everything = Everything()
        everything.scores = ["x": .nan]
        let streamedError = try #require(throws: StrataError.self) { try JSONAdapter.data(from: everything) }
        let dictionaryError = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: everything) }
        #expect(streamedError.code == .unsupportedValue)
        #expect(streamedError.pathDescription == dictionaryError.pathDescription)
        #expect(streamedError.pathDescription == "scores.x")
    }
}

extension JSONAdapter.Options: CustomTestStringConvertible {
    public var testDescription: String {
        [(JSONAdapter.Options.sortedKeys, "sorted"), (.omitNulls, "omitNulls"), (.prettyPrinted, "pretty")]
            .filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}
