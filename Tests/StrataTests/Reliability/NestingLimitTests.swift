import Foundation
import Testing
@testable import Strata

/// Whatever the readers accept, every writer writes: the model nesting limit is
/// one rule (`ModelNesting.maximumDepth`, checked by `JSONAdapter.nested`), and
/// both writers count a level only for a model they write.
@Suite("Nesting limit")
struct NestingLimitTests {
    /// `depth` objects `{"replies": [ … ]}`, the innermost with an empty array.
    private static func thread(depth: Int) -> Data {
        Data((String(repeating: #"{"replies":["#, count: depth - 1) + #"{"replies":[]}"#
            + String(repeating: "]}", count: depth - 1)).utf8)
    }

    @Test(arguments: [64, 65])
    func whatIsReadIsWrittenByBothWriters(depth: Int) throws {
        let data = Self.thread(depth: depth)
        let model = try JSONAdapter.model(of: Reply.self, from: data)
        let dictionary = try JSONAdapter.dictionary(from: model)
        let written = try JSONAdapter.data(from: model)
        #expect(written == data)
        #expect(try JSONAdapter.model(of: Reply.self, from: dictionary) == model)
        #expect(try JSONAdapter.model(of: Reply.self, from: written) == model)
    }

    @Test func oneLevelMoreIsRefusedTheSameWayByEveryPath() throws {
        let data = Self.thread(depth: 66)
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Reply.self, from: data) }
        let object = try #require(try JSONReader.nativeObject(with: data) as? [String: Any])
        let fromDictionary = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Reply.self, from: object) }
        #expect(fromData.code == .nestingTooDeep)
        #expect(fromData.description == fromDictionary.description)

        // A model graph one level deeper than can be read is refused by both writers alike.
        var model = Reply()
        for _ in 0..<65 { model = Reply(replies: [model]) }
        let toDictionary = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        let toData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: model) }
        #expect(toDictionary.code == .nestingTooDeep)
        #expect(toDictionary.description == toData.description)
    }
}

private struct Reply: JSONSerializing, Equatable {
    var replies: [Reply] = []
    static let propertyKeys: PropertyKeys<Reply> = ["replies": \.replies]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["replies": "replies"]
}
