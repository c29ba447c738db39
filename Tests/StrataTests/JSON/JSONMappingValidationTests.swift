import Foundation
import Testing
@testable import Strata

@Suite("JSON mapping validation")
struct JSONMappingValidationTests {
    struct BrokenMapping: Sendable, CustomTestStringConvertible {
        let type: any JSONSerializing.Type
        let mentions: String
        let label: String
        var testDescription: String { label }
    }

    static let brokenMappings: [BrokenMapping] = [
        BrokenMapping(type: MapsUnknownKey.self, mentions: "'ghost' is mapped to JSON but is not in propertyKeys.", label: "unknown key"),
        BrokenMapping(
            type: MapsReadOnlyKey.self,
            mentions: "'version' is mapped to JSON but is read-only (a let or computed property)",
            label: "let property"),
        BrokenMapping(type: MapsComputedKey.self, mentions: "'shout' is mapped to JSON but is read-only", label: "computed property"),
        BrokenMapping(type: MapsEmptyPath.self, mentions: "'name' is mapped to an empty key path.", label: "empty path"),
        BrokenMapping(
            type: MapsEmptySegment.self, mentions: "'name' is mapped to \"a..b\", which has an empty segment.",
            label: "empty segment"),
        BrokenMapping(
            type: MapsEmptySegmentInArray.self, mentions: "'name' is mapped to \"last.\", which has an empty segment.",
            label: "empty segment in array form"),
        BrokenMapping(
            type: RequiresUnmappedKey.self, mentions: "'secret' is listed in requiredPropertyKeys but is not mapped to JSON.",
            label: "required key not mapped"),
    ]

    private static func decode(_ type: any JSONSerializing.Type) throws {
        func open<T: JSONSerializing>(_: T.Type) throws { _ = try JSONAdapter.model(of: T.self, from: ["name": "x"]) }
        try open(type)
    }

    private static func encode(_ type: any JSONSerializing.Type) throws {
        func open<T: JSONSerializing>(_: T.Type) throws { _ = try JSONAdapter.dictionary(from: T()) }
        try open(type)
    }

    @Test(arguments: brokenMappings)
    func decodingWithABrokenMappingThrowsInvalidMapping(_ broken: BrokenMapping) throws {
        let error = try #require(throws: StrataError.self) { try Self.decode(broken.type) }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains(broken.mentions), "\(error.reason)")
    }

    @Test(arguments: brokenMappings)
    func encodingWithABrokenMappingThrowsInvalidMapping(_ broken: BrokenMapping) throws {
        let error = try #require(throws: StrataError.self) { try Self.encode(broken.type) }
        #expect(error.code == .invalidMapping)
    }

    @Test func invalidMappingMessageIsASentenceToActOn() throws {
        let error = try #require(throws: StrataError.self) { try Self.decode(MapsUnknownKey.self) }
        #expect(
            error.description
                == "The JSON mapping of MapsUnknownKey is invalid: 'ghost' is mapped to JSON but is not in propertyKeys. "
                + "Fix jsonKeyPathsByPropertyKey and propertyKeys.")
    }

    @Test func readOnlyKeyThatIsNotMappedIsAllowed() throws {
        let model = try JSONAdapter.model(of: ReadOnlyUnmapped.self, from: ["name": "abc", "length": 99])
        #expect(model.name == "abc")
        #expect(try model.value(forKey: "length") as? Int == 3)
    }

    @Test func mappingIsBuiltOnceAndCached() throws {
        let first = try MappingPlan<Repo>.resolved()
        let second = try MappingPlan<Repo>.resolved()
        #expect(first === second)
        let cached: MappingPlan<Repo> = SchemaCache.value(.jsonMapping, for: Repo.self) {
            Issue.record("the mapping of Repo was built again")
            return first
        }
        #expect(cached === first)
    }
}

@Suite("Overlapping key paths") struct OverlappingKeyPathTests {
    /// A mapping must work both ways, so overlapping paths are refused before any
    /// JSON is read, not only when writing.
    @Test func readingWithOverlappingKeyPathsIsAnInvalidMapping() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: OverlapObjectFirst.self, from: ["meta": ["a": "x"]])
        }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'a' (meta.a) and 'meta' (meta) overlap"))
    }
}
