import Foundation
import Testing
@testable import Strata

/// Properties and elements of every kind of `null` rule: optional, taking `null`
/// as a value, and refusing it.
private struct NullHolder: JSONSerializing, SecureCodingModel, Equatable {
    var name = ""
    var nickname: String? = "unset"
    var extra: JSONValue = .string("unset")
    var maybeExtra: JSONValue? = .string("unset")
    var tags: [String] = []
    var optionalTags: [String?] = []
    var values: [JSONValue] = []
    var optionalValues: [JSONValue?] = []

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

@Suite("What null is, by one rule")
struct NullRuleTests {
    @Test func eachKindOfTypeHasItsRule() {
        #expect(PropertyType(String?.self).nullRule == .isNil)
        #expect(PropertyType(JSONValue?.self).nullRule == .isNil)
        #expect(PropertyType([Int]?.self).nullRule == .isNil)
        #expect(PropertyType(JSONValue.self).nullRule == .isValue)
        #expect(PropertyType(String.self).nullRule == .isRefused)
        #expect(PropertyType(Int.self).nullRule == .isRefused)
        #expect(PropertyType([String].self).nullRule == .isRefused)
    }

    @Test func nullIsTheSameForAPropertyAndForAnElement() throws {
        let json = """
            {"nickname": null, "extra": null, "maybe_extra": null,
             "optional_tags": ["a", null], "values": [1, null], "optional_values": [null, true]}
            """
        let holder = try decodeEqualBothWays(NullHolder.self, json)
        #expect(holder.nickname == nil)
        #expect(holder.extra == .null)
        #expect(holder.maybeExtra == nil)
        #expect(holder.optionalTags == ["a", nil])
        #expect(holder.values == [.number(1), .null])
        #expect(holder.optionalValues == [nil, .bool(true)])
        let archived = try ModelArchiver.archivedData(with: holder)
        #expect(try ModelArchiver.unarchivedModel(of: NullHolder.self, from: archived) == holder)
    }

    @Test func nullIsRefusedForAPropertyAndForAnElementThatRefuseIt() {
        let property = strataFailure { try decodeBothWays(NullHolder.self, #"{"name": null}"#) }
        #expect(property?.code == .nullForNonOptional)
        #expect(property?.path == [.key("name")])
        let element = strataFailure { try decodeBothWays(NullHolder.self, #"{"tags": ["a", null]}"#) }
        #expect(element?.code == .nullForNonOptional)
        #expect(element?.path == [.key("tags"), .index(1)])
    }
}
