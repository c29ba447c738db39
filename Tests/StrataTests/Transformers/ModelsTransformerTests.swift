import Foundation
import Testing
@testable import Strata

/// An array of optional owners through `.models(_:)`.
private struct OptionalOwners: JSONSerializing, Equatable {
    var owners: [Owner?] = []
    static let propertyKeys: PropertyKeys<OptionalOwners> = ["owners": \.owners]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owners": "data.owners"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { .models(Owner.self) }
}

/// The same property with its default transformer, to compare with.
private struct DefaultOptionalOwners: JSONSerializing, Equatable {
    var owners: [Owner?] = []
    static let propertyKeys: PropertyKeys<DefaultOptionalOwners> = ["owners": \.owners]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owners": "data.owners"]
}

/// An array of owners that are not optional, through `.models(_:)`.
private struct Owners: JSONSerializing, Equatable {
    var owners: [Owner] = []
    static let propertyKeys: PropertyKeys<Owners> = ["owners": \.owners]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owners": "owners"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { .models(Owner.self) }
}

/// An optional array of owners that are not optional.
private struct MaybeOwners: JSONSerializing, Equatable {
    var owners: [Owner]?
    static let propertyKeys: PropertyKeys<MaybeOwners> = ["owners": \.owners]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owners": "owners"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { .models(Owner.self) }
}

@Suite(".models(_:)")
struct ModelsTransformerTests {
    static let ada = Owner(login: "ada", id: 1)
    static let grace = Owner(login: "grace", id: 2)

    @Test func nullElementsAreNilInAnArrayOfOptionalsAndWrittenAsNull() throws {
        let json = #"{"data": {"owners": [{"login": "ada", "id": 1}, null, {"login": "grace", "id": 2}]}}"#
        let model = try decodeBothWays(OptionalOwners.self, json)
        #expect(model.owners == [Self.ada, nil, Self.grace])
        #expect(try decodeBothWays(DefaultOptionalOwners.self, json).owners == model.owners)

        let written = try JSONAdapter.dictionary(from: model)
        let owners = try #require((written["data"] as? [String: Any])?["owners"] as? [Any])
        #expect(owners.count == 3)
        #expect((owners[0] as? [String: Any])?["login"] as? String == "ada")
        #expect(owners[1] is NSNull)
        #expect(try JSONAdapter.model(of: OptionalOwners.self, from: written) == model)
        let data = try JSONAdapter.data(from: model)
        #expect(try JSONAdapter.model(of: OptionalOwners.self, from: data) == model)
    }

    @Test func aNullElementWhereElementsAreNotOptionalIsAnErrorWithItsIndex() throws {
        let error = try #require(throws: StrataError.self) {
            try decodeBothWays(Owners.self, #"{"owners": [{"login": "ada", "id": 1}, {"login": "b", "id": 3}, null]}"#)
        }
        #expect(error.code == .nullForNonOptional)
        #expect(error.description == "owners[2]: Found null, but the elements are Owner, which is not optional.")
        let maybe = try #require(throws: StrataError.self) {
            try decodeBothWays(MaybeOwners.self, #"{"owners": [null]}"#)
        }
        #expect(maybe.pathDescription == "owners[0]")
        #expect(try decodeBothWays(MaybeOwners.self, #"{"owners": null}"#).owners == nil)
        #expect(try decodeBothWays(MaybeOwners.self, #"{"owners": [{"login": "ada", "id": 1}]}"#).owners == [Self.ada])
    }

    @Test func anElementsErrorNamesItsIndexAndTheModelType() throws {
        var elements = Array(repeating: #"{"login": "x", "id": 1}"#, count: 10)
        elements[2] = #"{"login": "c", "id": "x"}"#
        let bad = try #require(throws: StrataError.self) {
            try decodeBothWays(OptionalOwners.self, #"{"data": {"owners": [\#(elements.joined(separator: ", "))]}}"#)
        }
        #expect(bad.code == .typeMismatch)
        #expect(bad.pathDescription == "data.owners[2].id")
        #expect(bad.reason.hasPrefix(#"Expected Int for 'id' of Owner, found the string "x"."#))

        elements[2] = "3"
        let notAnObject = try #require(throws: StrataError.self) {
            try decodeBothWays(OptionalOwners.self, #"{"data": {"owners": [\#(elements.joined(separator: ", "))]}}"#)
        }
        #expect(notAnObject.code == .invalidJSONDictionary)
        #expect(notAnObject.description == "data.owners[2]: Expected a JSON object for Owner, found the number 3. Fix the payload.")

        let notAnArray = try #require(throws: StrataError.self) { try decodeBothWays(Owners.self, #"{"owners": "ada"}"#) }
        #expect(notAnArray.code == .typeMismatch)
        #expect(
            notAnArray.description
                == #"owners: Expected an array of Owner objects for 'owners' of Owners, found the string "ada". "#
                + "Fix the payload, or give 'owners' a transformer that reads this value.")
    }

    @Test func onItsOwnItReadsNullElementsAsNil() throws {
        let transformer = ValueTransformer.models(Owner.self)
        let owners = try #require(try transformer.checkedTransformedValue([["login": "ada", "id": 1], NSNull()]) as? [Owner?])
        #expect(owners == [Self.ada, nil])
        let back = try #require(try transformer.checkedReverseTransformedValue(owners) as? [Any])
        #expect(back.count == 2)
        #expect(back[1] is NSNull)
        #expect(type(of: transformer).allowsReverseTransformation())
        // Without null elements the result is [Owner].
        #expect(try transformer.checkedTransformedValue([["login": "ada", "id": 1]]) is [Owner])
    }

    @Test func writingAnElementThatFailsNamesItsIndex() throws {
        struct Sized: JSONSerializing {
            var size = 0.0
            static let propertyKeys: PropertyKeys<Sized> = ["size": \.size]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["size": "size"]
        }
        let transformer = ValueTransformer.models(Sized.self)
        let error = try #require(throws: StrataError.self) {
            try transformer.checkedReverseTransformedValue([Sized(size: 1), Sized(size: .nan)])
        }
        #expect(error.pathDescription == "[1].size")
        #expect(error.code == .unsupportedValue)
    }
}
