import Foundation
import Testing
@testable import Strata

@Suite("Model → JSON")
struct JSONEncodingTests {
    private static func sampleRepo() throws -> Repo {
        try JSONAdapter.model(of: Repo.self, from: try jsonObject(repoJSONText))
    }

    @Test func writesMappedKeysAtTheirPathsThroughReverseTransformers() throws {
        let json = try JSONAdapter.dictionary(from: try Self.sampleRepo())
        #expect(Set(json.keys) == ["id", "full_name", "homepage", "owner", "contributors", "meta", "visibility", "tags"])
        #expect(json["homepage"] as? String == "https://example.org/engine")
        #expect(json["visibility"] as? String == "private")
        #expect((json["meta"] as? [String: Any])?["created_at"] as? String == "2024-05-01T12:30:00Z")
        #expect((json["owner"] as? [String: Any])?["login"] as? String == "ada")
        #expect((json["contributors"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3, 4])
        #expect(JSONSerialization.isValidJSONObject(json))
    }

    @Test func onlyMappedKeysAreWritten() throws {
        let json = try JSONAdapter.dictionary(from: Profile(name: "ada", email: nil, cachedAvatar: "blob", draft: false))
        #expect(Set(json.keys) == ["name", "email"])
    }

    @Test func serializablePropertyKeysFiltersPerInstance() throws {
        let draft = try JSONAdapter.dictionary(from: Profile(name: "ada", draft: true))
        #expect(draft["draft"] as? Bool == true)
        let published = try JSONAdapter.dictionary(from: Profile(name: "ada", draft: false))
        #expect(published["draft"] == nil)
    }

    @Test func nilIsWrittenAsNSNull() throws {
        let json = try JSONAdapter.dictionary(from: Repo())
        #expect(json["homepage"] is NSNull)
        #expect((json["meta"] as? [String: Any])?["created_at"] is NSNull)
    }

    @Test func omitNullsLeavesNilOutAtEveryLevel() throws {
        let team = Team(name: "core", lead: Member(login: "ada", email: nil), members: [Member(login: "b", email: nil)])
        let json = try JSONAdapter.dictionary(from: team, options: .omitNulls)
        let lead = try #require(json["lead"] as? [String: Any])
        #expect(Set(lead.keys) == ["login"])
        let members = try #require(json["members"] as? [[String: Any]])
        #expect(Set(members[0].keys) == ["login"])
        let bare = try JSONAdapter.dictionary(from: Team(name: "x"), options: .omitNulls)
        #expect(Set(bare.keys) == ["name", "members"])
    }

    @Test func omitNullsAppliesToDataToo() throws {
        let data = try JSONAdapter.data(from: Team(name: "x", lead: Member(login: "a")), options: .omitNulls, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == #"{"lead":{"login":"a"},"members":[],"name":"x"}"#)
    }

    @Test func dottedPathsSharingAPrefixMergeIntoOneObject() throws {
        let json = try JSONAdapter.dictionary(from: Metadata(created: "c", updated: "u", author: "a", deep: 1))
        #expect(Set(json.keys) == ["meta", "x"])
        let meta = try #require(json["meta"] as? [String: Any])
        #expect(Set(meta.keys) == ["created", "updated", "people"])
        #expect(meta["created"] as? String == "c")
        #expect(meta["updated"] as? String == "u")
        #expect((meta["people"] as? [String: Any])?["author"] as? String == "a")
        #expect(((json["x"] as? [String: Any])?["y"] as? [String: Any])?["z"] as? Int == 1)
        #expect(try JSONAdapter.model(of: Metadata.self, from: json) == Metadata(created: "c", updated: "u", author: "a", deep: 1))
    }

    /// Writing one value over another would silently drop data, whichever
    /// property comes first.
    @Test(arguments: [
        OverlapObjectFirst.self as any JSONSerializing.Type, OverlapValueFirst.self, SamePathTwice.self,
    ])
    func overlappingKeyPathsAreAnInvalidMappingInEitherOrder(_ type: any JSONSerializing.Type) throws {
        func encode<T: JSONSerializing>(_: T.Type) throws { _ = try JSONAdapter.dictionary(from: T()) }
        let error = try #require(throws: StrataError.self) { try encode(type) }
        #expect(error.code == .invalidMapping)
    }

    @Test func arrayKeyPathWritesEachPathFromTheReverseTransformersDictionary() throws {
        let place = Place(name: "Mill", coordinate: .init(latitude: 51.5, longitude: -0.12))
        let json = try JSONAdapter.dictionary(from: place)
        let geo = try #require(json["geo"] as? [String: Any])
        #expect(geo["lat"] as? Double == 51.5)
        #expect(geo["lng"] as? Double == -0.12)
        #expect(try JSONAdapter.model(of: Place.self, from: json) == place)
    }

    @Test func arrayKeyPathWithNilValueWritesNothingUnderThePaths() throws {
        let json = try JSONAdapter.dictionary(from: Place(name: "Nowhere"))
        #expect(json["geo"] == nil)
        #expect(json["geo.lat"] == nil)
    }

    @Test func nestedModelsAndArraysOfModelsRecurse() throws {
        let team = Team(name: "core", lead: Member(login: "ada", email: "a@x"), members: [Member(login: "b", email: "b@x")])
        let json = try JSONAdapter.dictionary(from: team)
        let lead = try #require(json["lead"] as? [String: Any])
        #expect((lead["contact"] as? [String: Any])?["email"] as? String == "a@x")
        let members = try #require(json["members"] as? [[String: Any]])
        #expect((members[0]["contact"] as? [String: Any])?["email"] as? String == "b@x")
    }

    @Test func dictionariesFromModelsNameTheIndexOnError() throws {
        let good = try JSONAdapter.dictionaries(from: [Owner(login: "a", id: 1), Owner(login: "b", id: 2)])
        #expect(good.map { $0["login"] as? String } == ["a", "b"])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.dictionaries(from: [Unwritable(), Unwritable(value: .nan)])
        }
        #expect(error.pathDescription == "[1].value")
    }

    // MARK: Values JSON cannot represent

    struct Unwritable: JSONSerializing {
        var value = 0.0
        static let propertyKeys: PropertyKeys<Unwritable> = ["value": \.value]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value"]
    }

    struct OneWay: JSONSerializing {
        var name = ""
        static let propertyKeys: PropertyKeys<OneWay> = ["name": \.name]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "info.name"]
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            ValueTransformer(forward: { $0 })
        }
    }

    struct Dated: JSONSerializing {
        var when = Date(timeIntervalSince1970: 0)
        var data = Data([1, 2])
        static let propertyKeys: PropertyKeys<Dated> = ["when": \.when, "data": \.data]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["when": "when"]
    }

    struct Collections: JSONSerializing {
        var doubles: [Double] = []
        var dates: [Date] = []
        var floatsByName: [String: Float] = [:]
        var nestedDoubles: [[Double]] = []
        var unwritables: [Unwritable] = []
        static let propertyKeys: PropertyKeys<Collections> = [
            "doubles": \.doubles, "dates": \.dates, "floatsByName": \.floatsByName, "nestedDoubles": \.nestedDoubles,
            "unwritables": \.unwritables,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "doubles": "doubles", "dates": "dates", "floatsByName": "floats", "nestedDoubles": "nested",
            "unwritables": "unwritables",
        ]
    }

    @Test func doubleNaNIsAnErrorNamingTheKey() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Unwritable(value: value)) }
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "value")
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Unwritable(value: .nan)) }
        #expect(
            error.description
                == "value: Cannot write 'value' of Unwritable: nan is not a finite number, which JSON cannot represent. "
                + "Give it a transformer that produces strings, numbers, booleans, arrays or objects.")
    }

    @Test func oneWayTransformerIsAnErrorNamingTheKey() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: OneWay(name: "x")) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == "info.name")
        #expect(error.reason.hasPrefix("Cannot write 'name' of OneWay: The value transformer is one-way"))
    }

    @Test func dateWithoutATransformerIsAnErrorNamingTheKey() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Dated()) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == "when")
        #expect(error.reason.contains("a value of type Date is not a JSON value."))
    }

    @Test(arguments: [
        ("doubles", "doubles[1]"), ("dates", "dates[0]"), ("floatsByName", "floats.x"), ("nestedDoubles", "nested[0][1]"),
        ("unwritables", "unwritables[0].value"),
    ])
    func unrepresentableValueInsideACollectionIsAnError(key: String, path: String) throws {
        var model = Collections()
        switch key {
        case "doubles": model.doubles = [1, .nan]
        case "dates": model.dates = [Date()]
        case "floatsByName": model.floatsByName = ["x": .infinity]
        case "nestedDoubles": model.nestedDoubles = [[1, .nan]]
        default: model.unwritables = [Unwritable(value: .nan)]
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == path)
    }

    @Test func unrepresentableElementMessageNamesTheKeyAndTheProblem() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Collections(doubles: [.nan])) }
        #expect(
            error.description
                == "doubles[0]: Cannot write 'doubles' of Collections: nan is not a finite number, which JSON cannot represent.")
    }

    @Test func userTransformerReturningANonJSONValueIsAnError() throws {
        struct Leaky: JSONSerializing {
            var name = ""
            static let propertyKeys: PropertyKeys<Leaky> = ["name": \.name]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                ValueTransformer(forward: { $0 }, reverse: { _ in ["when": Date()] })
            }
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Leaky()) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == "name")
    }

    @Test func reverseTransformerErrorKeepsTheUserError() throws {
        struct Refuses: JSONSerializing {
            var name = ""
            static let propertyKeys: PropertyKeys<Refuses> = ["name": \.name]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                ValueTransformer(forward: { $0 }, reverse: { _ in throw RuleViolation(rule: "no writing") })
            }
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: Refuses()) }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "name")
        #expect(error.underlyingError as? RuleViolation == RuleViolation(rule: "no writing"))
    }

    @Test func dataOfUnrepresentableModelThrowsInsteadOfCrashing() throws {
        #expect(throws: StrataError.self) { try JSONAdapter.data(from: Unwritable(value: .nan)) }
        #expect(throws: StrataError.self) { try JSONAdapter.data(from: Collections(doubles: [.nan])) }
    }
}

/// A model without a JSON mapping, held by a JSON model.
struct PlainPoint: Model, Equatable {
    var x = 0
    static let propertyKeys: PropertyKeys<PlainPoint> = ["x": \.x]
}

struct HoldsPlainModel: JSONSerializing {
    var point = PlainPoint()
    static let propertyKeys: PropertyKeys<HoldsPlainModel> = ["point": \.point]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["point": "point"]
}

struct Meters: RawRepresentable, Equatable {
    var rawValue: Double
}

struct Unrepresentable: JSONSerializing {
    var length = Meters(rawValue: .nan)
    var amount = Decimal.nan
    static let propertyKeys: PropertyKeys<Unrepresentable> = ["length": \.length, "amount": \.amount]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["length": "length", "amount": "amount"]
}

@Suite("Values JSON cannot represent")
struct UnrepresentableValueTests {
    @Test func aModelPropertyWithoutAJSONMappingIsAnInvalidMapping() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: HoldsPlainModel()) }
        #expect(error.code == .invalidMapping)
        #expect(error.reason.contains("'point' holds PlainPoint, a Model that is not JSONSerializing"))
    }

    @Test func aNaNRawValueIsRefusedWithItsKey() throws {
        var model = Unrepresentable()
        model.amount = 1
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == "length")
    }

    @Test func aNaNDecimalIsRefusedWithItsKey() throws {
        var model = Unrepresentable()
        model.length = Meters(rawValue: 2)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        #expect(error.code == .unsupportedValue)
        #expect(error.pathDescription == "amount")
        model.amount = 2.5
        #expect(JSONSerialization.isValidJSONObject(try JSONAdapter.dictionary(from: model)))
    }
}
