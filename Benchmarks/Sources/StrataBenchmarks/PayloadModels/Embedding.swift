import Foundation
import Strata

// Payload (d): an embedding vector (`embedding.json`, in `Benchmarks/Payloads/`,
// written by the project: 1,536 numbers from a fixed seed, each printed with the
// 16 or 17 significant digits that round-trip a `Double`, as Python and
// JavaScript print them), in the shape embedding APIs answer with.

/// One embedding: the vector and what produced it.
struct Embedding {
    var object = ""
    var index = 0
    var model = ""
    var embedding: [Double] = []
}

extension Embedding: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

extension Embedding {
    init(handWritten json: [String: Any]) {
        object = json["object"] as? String ?? ""
        index = json["index"] as? Int ?? 0
        model = json["model"] as? String ?? ""
        embedding = (json["embedding"] as? [Any] ?? []).map { exactDouble($0) }
    }

    var handWrittenDictionary: [String: Any] {
        ["object": object, "index": index, "model": model, "embedding": embedding]
    }
}

/// The same embedding read into single precision, as apps that keep many vectors
/// in memory store them: each number is its nearest `Float`.
struct FloatEmbedding {
    var object = ""
    var index = 0
    var model = ""
    var embedding: [Float] = []
}

extension FloatEmbedding: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

extension FloatEmbedding {
    init(handWritten json: [String: Any]) {
        object = json["object"] as? String ?? ""
        index = json["index"] as? Int ?? 0
        model = json["model"] as? String ?? ""
        embedding = (json["embedding"] as? [Any] ?? []).map { Float(exactDouble($0)) }
    }

    var handWrittenDictionary: [String: Any] {
        ["object": object, "index": index, "model": model, "embedding": embedding]
    }
}
