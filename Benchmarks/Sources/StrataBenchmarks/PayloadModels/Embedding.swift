import Foundation
import Strata

// Payload (d): an embedding vector (`embedding.json`, in `Benchmarks/Payloads/`,
// written by the project: 1,536 numbers from a fixed seed, each printed with the
// 16 or 17 significant digits that round-trip a `Double`, as Python and
// JavaScript print them), in the shape embedding APIs answer with. It is read
// into `[Double]` (`Embedding`) and into `[Float]` (`FloatEmbedding`), as apps
// that keep many vectors in memory store them: each number its nearest `Float`.

/// One embedding: the vector, of `Number`s, and what produced it.
struct EmbeddingVector<Number: BinaryFloatingPoint & Codable & Sendable> {
    var object = ""
    var index = 0
    var model = ""
    var embedding: [Number] = []
}

typealias Embedding = EmbeddingVector<Double>
typealias FloatEmbedding = EmbeddingVector<Float>

extension EmbeddingVector: JSONSerializing, Codable {
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.identity(for: propertyKeys) }
}

extension EmbeddingVector {
    init(handWritten json: [String: Any]) {
        object = json["object"] as? String ?? ""
        index = json["index"] as? Int ?? 0
        model = json["model"] as? String ?? ""
        embedding = (json["embedding"] as? [Any] ?? []).map { Number(exactDouble($0)) }
    }

    var handWrittenDictionary: [String: Any] {
        ["object": object, "index": index, "model": model, "embedding": embedding]
    }
}
