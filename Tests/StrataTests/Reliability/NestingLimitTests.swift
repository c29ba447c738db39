import Foundation
import Testing
@testable import Strata

/// Whatever the readers accept, every writer writes: the model nesting limit is
/// one setting (`maximumModelDepth` of the decoding and encoding options, 64 by
/// default, checked by `JSONAdapter.nested`), counted the same way by both decode
/// sources and both writers, which count a level only for a model they write.
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

extension NestingLimitTests {
    /// A thread 80 models deep (81 objects) is read from `Data` and from a dictionary
    /// with `maximumModelDepth: 100`, and written back by both writers with the same
    /// limit; with the defaults, every path refuses it with the same error.
    @Test func aRaisedLimitIsOneSettingForEveryPath() throws {
        let data = Self.thread(depth: 81)
        let decoding = JSONAdapter.DecodingOptions(maximumModelDepth: 100)
        let encoding = JSONAdapter.EncodingOptions(maximumModelDepth: 100)
        let (fromData, fromDictionary, written, rewritten) = try Self.onLargeStack {
            let fromData = try JSONAdapter.model(of: Reply.self, from: data, options: decoding)
            let fromDictionary = try JSONAdapter.model(of: Reply.self, from: try Self.object(data), options: decoding)
            let written = try JSONAdapter.data(from: fromData, options: encoding)
            let dictionary = try JSONAdapter.dictionary(from: fromData, options: encoding)
            let rewritten = try JSONAdapter.model(of: Reply.self, from: dictionary, options: decoding)
            return (fromData, fromDictionary, written, rewritten)
        }
        #expect(fromData.depth == 81)
        #expect(fromDictionary == fromData)
        #expect(written == data)
        #expect(rewritten == fromData)

        let refusals = Self.everyPath(data: data, model: fromData, decoding: .default, encoding: .default)
        #expect(refusals.allSatisfy { $0?.code == .nestingTooDeep })
        #expect(Set(refusals.map { $0?.description }).count == 1, "\(refusals)")
        #expect(refusals[0]?.reason.contains("more than 64 levels deep") == true)
    }

    /// Whatever the limit, the deepest thread it allows goes through every path,
    /// and one level more is refused by every path with the same error, naming it.
    @Test(arguments: [1, 3, 100])
    func theLimitIsExactOnEveryPath(limit: Int) throws {
        let decoding = JSONAdapter.DecodingOptions(maximumModelDepth: limit)
        let encoding = JSONAdapter.EncodingOptions(maximumModelDepth: limit)
        let deepest = Self.thread(depth: limit + 1)
        let model = try Self.onLargeStack { try JSONAdapter.model(of: Reply.self, from: deepest, options: decoding) }
        let passes = Self.everyPath(data: deepest, model: model, decoding: decoding, encoding: encoding)
        #expect(passes.allSatisfy { $0 == nil }, "\(passes)")

        let deeper = Self.thread(depth: limit + 2)
        let refusals = Self.everyPath(data: deeper, model: Reply(replies: [model]), decoding: decoding, encoding: encoding)
        #expect(refusals.allSatisfy { $0?.code == .nestingTooDeep })
        #expect(Set(refusals.map { $0?.description }).count == 1, "\(refusals)")
        #expect(refusals[0]?.reason.contains("more than \(limit) \(limit == 1 ? "level" : "levels") deep") == true)
    }

    /// Nested models that `.model(_:)` and `.models(_:)` read and write inside a
    /// custom transformer count, and follow the options of the call in progress.
    @Test func modelsInsideCustomTransformersFollowTheOptions() throws {
        // Two levels for the digest's own transformers, then the thread.
        let thread = Self.thread(depth: 79)
        let data = Data(#"{"first":"#.utf8) + thread + Data(#","rest":["#.utf8) + thread + Data("]}".utf8)
        let decoding = JSONAdapter.DecodingOptions(maximumModelDepth: 100)
        let encoding = JSONAdapter.EncodingOptions(maximumModelDepth: 100)
        let (fromData, fromDictionary, written, rewritten) = try Self.onLargeStack {
            let fromData = try JSONAdapter.model(of: Digest.self, from: data, options: decoding)
            let fromDictionary = try JSONAdapter.model(of: Digest.self, from: try Self.object(data), options: decoding)
            let written = try JSONAdapter.data(from: fromData, options: encoding)
            let dictionary = try JSONAdapter.dictionary(from: fromData, options: encoding)
            let rewritten = try JSONAdapter.model(of: Digest.self, from: dictionary, options: decoding)
            return (fromData, fromDictionary, written, rewritten)
        }
        #expect(fromData.first.depth == 79)
        #expect(fromData.rest.map(\.depth) == [79])
        #expect(fromDictionary == fromData)
        #expect(written == data)
        #expect(rewritten == fromData)

        // 80 levels of models: more than the default allows, through the transformers too.
        let refusals = Self.everyPath(data: data, model: fromData, decoding: .default, encoding: .default)
        #expect(refusals.allSatisfy { $0?.code == .nestingTooDeep }, "\(refusals)")
    }

    /// The writer of `data(from:)` bounds its own recursion, and the bound grows
    /// with the model limit: a model graph the limit allows is written as `Data`
    /// as it is as a dictionary, even when key paths give each level 7 objects
    /// (80 levels: 561 objects, more than the writer's default 512).
    @Test func theWritersOwnBoundFollowsTheModelLimit() throws {
        var root = Burrow(name: "leaf")
        for level in 0..<80 { root = Burrow(name: "\(level)", inner: root) }
        let model = root
        let decoding = JSONAdapter.DecodingOptions(maximumModelDepth: 100, maximumNestingDepth: 1_000)
        let encoding = JSONAdapter.EncodingOptions(maximumModelDepth: 100)
        let (fromData, fromDictionary) = try Self.onLargeStack {
            let written = try JSONAdapter.data(from: model, options: encoding)
            let dictionary = try JSONAdapter.dictionary(from: model, options: encoding)
            return (
                try JSONAdapter.model(of: Burrow.self, from: written, options: decoding).names,
                try JSONAdapter.model(of: Burrow.self, from: dictionary, options: decoding).names
            )
        }
        #expect(fromData == model.names)
        #expect(fromDictionary == model.names)
    }

    /// A read or write that fails deep inside its models, or at the limit itself,
    /// leaves the next call on the thread the whole limit: a thread exactly as deep
    /// as the limit allows is still read and written after each failure.
    @Test func aFailureDeepInsideLeavesTheNextCallTheWholeLimit() throws {
        let atTheLimit = Self.thread(depth: 65)
        let mismatchAtTheBottom = Data(
            (String(repeating: #"{"replies":["#, count: 40) + #"{"replies":5}"# + String(repeating: "]}", count: 40)).utf8)
        var tooDeep = Reply()
        for _ in 0..<65 { tooDeep = Reply(replies: [tooDeep]) }
        let tooDeepModel = tooDeep
        let outcomes = try Self.onLargeStack {
            var outcomes: [StrataError?] = []
            for _ in 0..<3 {
                outcomes.append(strataFailure { try JSONAdapter.model(of: Reply.self, from: mismatchAtTheBottom) })
                outcomes.append(strataFailure { try JSONAdapter.model(of: Reply.self, from: Self.thread(depth: 66)) })
                outcomes.append(strataFailure { try JSONAdapter.data(from: tooDeepModel) })
                outcomes.append(strataFailure { try JSONAdapter.dictionary(from: tooDeepModel) })
            }
            let model = try JSONAdapter.model(of: Reply.self, from: atTheLimit)
            let written = try JSONAdapter.data(from: model)
            let dictionary = try JSONAdapter.dictionary(from: model)
            #expect(try JSONAdapter.model(of: Reply.self, from: dictionary) == model)
            #expect(written == atTheLimit)
            return outcomes
        }
        #expect(outcomes.map { $0?.code } == Array(repeating: [.typeMismatch, .nestingTooDeep, .nestingTooDeep, .nestingTooDeep], count: 3).flatMap { $0 })
    }

    /// The settings of a call belong to the thread that makes it: while one thread
    /// reads with a raised limit, another reading with the defaults refuses what
    /// the first accepts.
    @Test func eachThreadReadsWithItsOwnCallsLimit() async throws {
        let data = Self.thread(depth: 81)
        let raised = JSONAdapter.DecodingOptions(maximumModelDepth: 100)
        async let accepted = Task.detached {
            try Self.onLargeStack { (0..<20).map { _ in (try? JSONAdapter.model(of: Reply.self, from: data, options: raised)) != nil } }
        }.value
        async let refused = Task.detached {
            try Self.onLargeStack { (0..<20).map { _ in strataFailure { try JSONAdapter.model(of: Reply.self, from: data) }?.code } }
        }.value
        #expect(try await accepted == Array(repeating: true, count: 20))
        #expect(try await refused == Array(repeating: .nestingTooDeep, count: 20))
    }

    /// The error, if any, of each path: decoding `data`, decoding its dictionary,
    /// writing `model` as a dictionary, and as `Data`.
    private static func everyPath<M: JSONSerializing & Sendable>(
        data: Data, model: M, decoding: JSONAdapter.DecodingOptions, encoding: JSONAdapter.EncodingOptions
    ) -> [StrataError?] {
        (try? onLargeStack {
            [
                strataFailure { try JSONAdapter.model(of: M.self, from: data, options: decoding) },
                strataFailure { try JSONAdapter.model(of: M.self, from: try object(data), options: decoding) },
                strataFailure { try JSONAdapter.dictionary(from: model, options: encoding) },
                strataFailure { try JSONAdapter.data(from: model, options: encoding) },
            ]
        }) ?? []
    }


    /// The JSON object in `data`, read without any model limit.
    private static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONReader.nativeObject(with: data, maximumDepth: 10_000) as? [String: Any] else {
            throw StrataError(.invalidJSONDictionary, "Not an object.")
        }
        return object
    }

    /// Runs `body` on a thread with an 8 MiB stack and waits for it: models nested
    /// deeper than the default limit need more than the 512 KiB of a secondary
    /// thread on Apple platforms, in a debug build.
    private static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<T, any Error>?>(nil)
        let thread = Thread {
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        guard let outcome = result.withLock({ $0 }) else {
            throw StrataError(.invalidJSON, "The thread gave no result.")
        }
        return try outcome.get()
    }
}

private struct Reply: JSONSerializing, Equatable {
    var replies: [Reply] = []
    static let propertyKeys: PropertyKeys<Reply> = ["replies": \.replies]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["replies": "replies"]
}

extension Reply {
    /// How many objects deep the thread is, this one included.
    var depth: Int { 1 + (replies.map(\.depth).max() ?? 0) }
}

/// A reply and a thread, each read and written by a custom transformer that
/// runs `.model(_:)` or `.models(_:)`.
private struct Digest: JSONSerializing, Equatable {
    var first = Reply()
    var rest: [Reply] = []
    static let propertyKeys: PropertyKeys<Digest> = ["first": \.first, "rest": \.rest]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["first": "first", "rest": "rest"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        .delegating(to: key == "first" ? .model(Reply.self) : .models(Reply.self))
    }
}

/// A model whose inner model sits under a dotted key path: 7 objects per level.
private final class Burrow: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, never changed after it is built.
    var name = ""
    var inner: Burrow?
    static let propertyKeys: PropertyKeys<Burrow> = ["name": \.name, "inner": \.inner]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "inner": "a.b.c.d.e.f.g"]
    init() {}
    init(name: String, inner: Burrow? = nil) {
        self.name = name
        self.inner = inner
    }

    /// The names from this model inwards.
    var names: [String] {
        var names: [String] = []
        var node: Burrow? = self
        while let current = node {
            names.append(current.name)
            node = current.inner
        }
        return names
    }
}
