import Foundation
import Testing
@testable import Strata

// The decode engine's shortcuts for values already of the property's type:
// collections built in one pass from elements of exactly the element type,
// enum cases looked up by raw value, whole numbers into `Double`, and stores of a
// value of exactly the property's type. Each must give what the general path gives,
// from `Data` and from a `[String: Any]`, including when it cannot be taken.

/// An enum whose hand-written `init?(rawValue:)` also takes other spellings than
/// its cases' raw values, and maps one raw value to another case.
enum ExactPathMood: String, CaseIterable, Sendable {
    case calm, busy, away

    init?(rawValue: String) {
        switch rawValue {
        case "calm", "CALM": self = .calm
        // A raw value whose case the initialiser does not give back as itself.
        case "busy": self = .away
        case "away": self = .away
        default: return nil
        }
    }
}

struct ExactPathModel: JSONSerializing, Equatable {
    var tags: [String] = []
    var ratios: [Double] = []
    var counts: [Int] = []
    var flags: Set<Bool> = []
    var mood = ExactPathMood.calm
    var moods: [ExactPathMood] = []
    var optionalMood: ExactPathMood?
    var seconds = 0.0
    var nested: ExactPathInner?

    static let propertyKeys: PropertyKeys<ExactPathModel> = [
        "tags": \.tags, "ratios": \.ratios, "counts": \.counts, "flags": \.flags, "mood": \.mood, "moods": \.moods,
        "optionalMood": \.optionalMood, "seconds": \.seconds, "nested": \.nested,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "tags": "tags", "ratios": "ratios", "counts": "counts", "flags": "flags", "mood": "mood", "moods": "moods",
        "optionalMood": "optional_mood", "seconds": "seconds", "nested": "nested",
    ]
}

struct ExactPathInner: JSONSerializing, Equatable {
    var name = ""
    static let propertyKeys: PropertyKeys<ExactPathInner> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
}

@Suite("Exact value paths")
struct ExactValuePathTests {
    /// The model from `Data` and from the `[String: Any]` `JSONSerialization` makes of
    /// the same text, which must agree.
    private func decodeBothWays(_ json: String) throws -> ExactPathModel {
        let data = Data(json.utf8)
        let fromData = try JSONAdapter.model(of: ExactPathModel.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = try JSONAdapter.model(of: ExactPathModel.self, from: object)
        #expect(fromData == fromDictionary)
        return fromData
    }

    /// The error from `Data` and from the `[String: Any]`, which must agree.
    private func failureBothWays(_ json: String) throws -> StrataError {
        let data = Data(json.utf8)
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.model(of: ExactPathModel.self, from: data) }
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: ExactPathModel.self, from: object)
        }
        #expect(fromData.pathDescription == fromDictionary.pathDescription)
        #expect(fromData.reason == fromDictionary.reason)
        return fromData
    }

    @Test func collectionsOfExactElementsAreBuiltAsTheyAre() throws {
        let model = try decodeBothWays(
            #"{"tags": ["a", "b", "é"], "ratios": [0.5, -2.25], "counts": [1, -2, 3], "flags": [true, false, true]}"#)
        #expect(model.tags == ["a", "b", "é"])
        #expect(model.ratios == [0.5, -2.25])
        #expect(model.counts == [1, -2, 3])
        #expect(model.flags == [true, false])
    }

    @Test func elementsToConvertTakeTheGeneralPath() throws {
        // Whole numbers are read as Int: each converts into a Double.
        let model = try decodeBothWays(#"{"ratios": [1, 2.5, -3], "counts": [4.0, 5]}"#)
        #expect(model.ratios == [1, 2.5, -3])
        #expect(model.counts == [4, 5])
    }

    @Test func anElementOfAnotherTypeFailsAtItsIndex() throws {
        let string = try failureBothWays(#"{"tags": ["a", "b", 3]}"#)
        #expect(string.pathDescription == "tags[2]")
        #expect(string.code == .typeMismatch)
        let boolean = try failureBothWays(#"{"counts": [1, true]}"#)
        #expect(boolean.pathDescription == "counts[1]")
        let fraction = try failureBothWays(#"{"counts": [1, 2.5]}"#)
        #expect(fraction.pathDescription == "counts[1]")
        let null = try failureBothWays(#"{"tags": ["a", null]}"#)
        #expect(null.pathDescription == "tags[1]")
        #expect(null.code == .nullForNonOptional)
    }

    @Test func enumCasesAreWhatTheInitialiserGives() throws {
        // "busy" is a case's raw value, but the initialiser gives `.away` for it.
        let model = try decodeBothWays(#"{"mood": "busy", "moods": ["calm", "busy", "CALM"], "optional_mood": "away"}"#)
        #expect(model.mood == .away)
        #expect(model.moods == [.calm, .away, .calm])
        #expect(model.optionalMood == .away)
        // A spelling only the initialiser knows.
        #expect(try decodeBothWays(#"{"mood": "CALM"}"#).mood == .calm)
        #expect(try decodeBothWays(#"{"optional_mood": null}"#).optionalMood == nil)
    }

    @Test func anUnknownRawValueFailsWithTheKnownValues() throws {
        let error = try failureBothWays(#"{"mood": "asleep"}"#)
        #expect(error.pathDescription == "mood")
        #expect(error.reason.contains(#"Known values: "calm", "busy", "away"."#))
        let wrongType = try failureBothWays(#"{"mood": 1}"#)
        #expect(wrongType.code == .typeMismatch)
    }

    @Test func wholeNumbersBecomeTheNearestDouble() throws {
        #expect(try decodeBothWays(#"{"seconds": 1700000000}"#).seconds == 1_700_000_000)
        #expect(try decodeBothWays(#"{"seconds": -5}"#).seconds == -5)
        // 2^53 + 1 has no Double of its own: the nearest one.
        #expect(try decodeBothWays(#"{"seconds": 9007199254740993}"#).seconds == 9_007_199_254_740_992)
        #expect(try failureBothWays(#"{"seconds": true}"#).code == .typeMismatch)
    }

    @Test func aNestedModelIsStoredInAnOptionalProperty() throws {
        #expect(try decodeBothWays(#"{"nested": {"name": "n"}}"#).nested == ExactPathInner(name: "n"))
        #expect(try decodeBothWays(#"{"nested": null}"#).nested == nil)
    }

    @Test func theSameValuesRoundTrip() throws {
        var model = ExactPathModel()
        model.tags = ["x"]
        model.ratios = [1.5]
        model.counts = [7]
        model.flags = [true]
        model.mood = .calm
        model.moods = [.away]
        model.seconds = 12.5
        let data = try JSONAdapter.data(from: model)
        #expect(try JSONAdapter.model(of: ExactPathModel.self, from: data) == model)
    }
}

// MARK: Nested models go through the setter like any value

/// A parent whose `validateValue` replaces the nested model: the setter must run.
struct ExactPathValidatedParent: JSONSerializing, Equatable {
    var inner = ExactPathInner()
    var other = ExactPathInner()

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        guard key == "inner", var inner = value as? ExactPathInner else { return value }
        inner.name = inner.name.uppercased()
        return inner
    }

    static let propertyKeys: PropertyKeys<ExactPathValidatedParent> = ["inner": \.inner, "other": \.other]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["inner": "inner", "other": "other"]
}

/// A class parent: its nested struct is stored inside the object.
final class ExactPathClassParent: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var inner = ExactPathInner()
    var others: [ExactPathInner] = []
    init() {}

    static let propertyKeys: PropertyKeys<ExactPathClassParent> = ["inner": \.inner, "others": \.others]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["inner": "inner", "others": "others"]
}

@Suite("Exact value paths: nested models")
struct ExactNestedModelPathTests {
    @Test func aCustomValidateValueSeesAndReplacesTheNestedModel() throws {
        let data = Data(#"{"inner": {"name": "ada"}, "other": {"name": "bob"}}"#.utf8)
        let model = try JSONAdapter.model(of: ExactPathValidatedParent.self, from: data)
        #expect(model.inner.name == "ADA")
        #expect(model.other.name == "bob")
    }

    @Test func aClassParentHoldsTheDecodedNestedModel() throws {
        let data = Data(#"{"inner": {"name": "ada"}}"#.utf8)
        let model = try JSONAdapter.model(of: ExactPathClassParent.self, from: data)
        #expect(model.inner == ExactPathInner(name: "ada"))
        let repeated = try JSONAdapter.models(
            of: ExactPathClassParent.self,
            from: Data(#"[{"inner": {"name": "a"}, "others": [{"name": "c"}]}, {"inner": {"name": "b"}}]"#.utf8))
        #expect(repeated.map(\.inner.name) == ["a", "b"])
        #expect(repeated.map(\.others) == [[ExactPathInner(name: "c")], []])
    }

    @Test func aFailingNestedModelLeavesTheErrorItHadBefore() throws {
        let data = Data(#"{"inner": {"name": 5}}"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: ExactPathClassParent.self, from: data) }
        #expect(error.pathDescription == "inner.name")
        #expect(error.code == .typeMismatch)
    }
}
