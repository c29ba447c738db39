import Foundation
@testable import Strata

/// A model of the stream tests.
struct StreamItem: JSONSerializing, Equatable {
    var id = 0
    var name = ""
    var tags: [String] = []
    static let propertyKeys: PropertyKeys<StreamItem> = ["id": \.id, "name": \.name, "tags": \.tags]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A model whose `score` keeps its default when the JSON's is invalid.
struct LenientStreamItem: JSONSerializing, Equatable {
    var id = 0
    var score = -1.0
    static let propertyKeys: PropertyKeys<LenientStreamItem> = ["id": \.id, "score": \.score]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = ["score": .defaultForInvalid]
}

/// An asynchronous sequence of `Data` chunks, given in advance.
struct DataChunks: AsyncSequence {
    typealias Element = Data
    let chunks: [Data]

    /// `bytes` cut at `cuts` (offsets into it, in order).
    init(_ bytes: [UInt8], cutAt cuts: [Int]) {
        var chunks: [Data] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            chunks.append(Data(bytes[start..<cut]))
            start = cut
        }
        self.chunks = chunks
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Data>
        mutating func next() async -> Data? { remaining.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks[...]) }
}

/// An asynchronous sequence of bytes, given in advance.
struct Bytes: AsyncSequence {
    typealias Element = UInt8
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<UInt8>
        mutating func next() async -> UInt8? { remaining.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: bytes[...]) }
}

/// Every element of a stream.
func collect<Element>(_ elements: AsyncJSONElements<Element>) async throws -> [Element] {
    var collected: [Element] = []
    for try await element in elements { collected.append(element) }
    return collected
}

/// Every element of a stream read synchronously.
func collect<Element>(_ elements: JSONElements<Element>) throws -> [Element] {
    var elements = elements
    var collected: [Element] = []
    while let element = try elements.next() { collected.append(element) }
    return collected
}

/// The error `body` throws, as a `StrataError`, or `nil`.
func strataError(_ body: () async throws -> Void) async -> StrataError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? StrataError
    }
}

/// A file in the temporary directory with `bytes`, removed by the caller.
func temporaryFile(_ bytes: some Sequence<UInt8>, name: String = "stream") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("strata-\(name)-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    return url
}
