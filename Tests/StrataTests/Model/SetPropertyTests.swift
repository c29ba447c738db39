import Foundation
import Testing
@testable import Strata

/// `Set<T>` properties: JSON arrays in, arrays in a stable order out, from every
/// source and into every sink, and through archives.
@Suite("Set properties")
struct SetPropertyTests {
    @Test func aJSONArrayDecodesIntoASetFromADictionaryAndFromData() throws {
        let json = #"{"tags": ["b", "a", "b"], "ids": [3, 1, 2], "levels": ["high", "low"], "members": [{"login": "x"}, {"login": "y"}]}"#
        let fromData = try JSONAdapter.model(of: Tagged.self, from: Data(json.utf8))
        let fromDictionary = try JSONAdapter.model(of: Tagged.self, from: JSONReader.nativeObject(with: Data(json.utf8)) as? [String: Any] ?? [:])
        #expect(fromData == fromDictionary)
        #expect(fromData.tags == ["a", "b"])
        #expect(fromData.ids == [1, 2, 3])
        #expect(fromData.levels == [.high, .low])
        #expect(fromData.members == [SetMember(login: "x"), SetMember(login: "y")])
        #expect(fromData.optionalTags == nil)
    }

    @Test func aSetIsWrittenAsAnArrayInAStableOrderByBothWriters() throws {
        var model = Tagged()
        model.tags = ["pear", "apple", "fig"]
        model.ids = [30, 1, 200]
        model.levels = [.low, .high]
        model.members = [SetMember(login: "zed"), SetMember(login: "amy")]
        model.optionalTags = ["b", "a"]
        let dictionary = try JSONAdapter.dictionary(from: model)
        #expect(dictionary["tags"] as? [String] == ["apple", "fig", "pear"])
        #expect(dictionary["ids"] as? [Int] == [1, 30, 200])
        #expect(dictionary["levels"] as? [String] == ["high", "low"])
        #expect((dictionary["members"] as? [[String: Any]])?.compactMap { $0["login"] as? String } == ["amy", "zed"])
        #expect(dictionary["optional_tags"] as? [String] == ["a", "b"])
        let data = try JSONAdapter.data(from: model, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"ids":[1,30,200],"levels":["high","low"],"members":[{"login":"amy"},{"login":"zed"}],"optional_tags":["a","b"],"tags":["apple","fig","pear"]}"#)
        #expect(try JSONAdapter.model(of: Tagged.self, from: data) == model)
    }

    @Test func aWrongElementIsNamedByItsIndexFromEverySource() throws {
        let json = #"{"ids": [1, "two", 3]}"#
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Tagged.self, from: Data(json.utf8)) }
        let fromDictionary = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Tagged.self, from: ["ids": [1, "two", 3] as [Any]])
        }
        #expect(fromData.description == fromDictionary.description)
        #expect(fromData.pathDescription == "ids[1]")
        #expect(fromData.code == .typeMismatch)
    }

    @Test func setValueAcceptsASetAndRefusesAnArray() throws {
        var model = Tagged()
        try model.setValue(Set(["x"]), forKey: "tags")
        #expect(model.tags == ["x"])
        let error = try #require(throws: StrataError.self) { try model.setValue(["x"], forKey: "tags") }
        #expect(error.code == .typeMismatch)
        #expect(error.reason.contains("Set<String>"))
    }

    @Test func setsRoundTripThroughAnArchive() throws {
        var model = TaggedArchive()
        model.tags = ["b", "a"]
        model.ids = [2, 1]
        model.members = [MemberArchive(login: "x")]
        let back = try ModelArchiver.unarchivedModel(of: TaggedArchive.self, from: ModelArchiver.archivedData(with: model))
        #expect(back == model)
    }

    @Test func aSetIsArchivedInAStableOrder() throws {
        var first = TaggedArchive()
        first.tags = Set((0..<50).map { "tag\($0)" })
        var second = TaggedArchive()
        for tag in first.tags.reversed() { second.tags.insert(tag) }
        func archivedTags(_ model: TaggedArchive) throws -> [String] {
            let plist = try ArchivingTests.ArchivePlist(ModelArchiver.archivedData(with: model))
            return plist.objects.compactMap { $0 as? String }.filter { $0.hasPrefix("tag") }
        }
        #expect(try archivedTags(first) == first.tags.sorted())
        #expect(try archivedTags(second) == first.tags.sorted())
    }
}

private enum Level: String, Hashable, Comparable {
    case low, high
    static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
}

private struct SetMember: JSONSerializing, Hashable {
    var login = ""
    static let propertyKeys: PropertyKeys<SetMember> = ["login": \.login]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login"]
}

private struct Tagged: JSONSerializing, Equatable {
    var tags: Set<String> = []
    var ids: Set<Int> = []
    var levels: Set<Level> = []
    var members: Set<SetMember> = []
    var optionalTags: Set<String>?
    static let propertyKeys: PropertyKeys<Tagged> = [
        "tags": \.tags, "ids": \.ids, "levels": \.levels, "members": \.members, "optionalTags": \.optionalTags,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "tags": "tags", "ids": "ids", "levels": "levels", "members": "members", "optionalTags": "optional_tags",
    ]
}

private struct MemberArchive: SecureCodingModel, Hashable {
    var login = ""
    static let propertyKeys: PropertyKeys<MemberArchive> = ["login": \.login]
}

private struct TaggedArchive: SecureCodingModel, Equatable {
    var tags: Set<String> = []
    var ids: Set<Int> = []
    var members: Set<MemberArchive> = []
    static let propertyKeys: PropertyKeys<TaggedArchive> = ["tags": \.tags, "ids": \.ids, "members": \.members]
}
