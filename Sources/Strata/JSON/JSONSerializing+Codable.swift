import Foundation

/// A `JSONSerializing` model that is `Codable` through its JSON mapping: adopt it
/// with one line, and `JSONDecoder`, `JSONEncoder` and any `Codable` type that
/// holds the model read and write it with its key paths and transformers.
///
/// The defaults below are the conformance's witnesses, also for a struct whose
/// stored properties are all `Codable`: a protocol extension's implementation is
/// found before the compiler would synthesize one. The opt-in is a protocol of its
/// own, rather than defaults for every `JSONSerializing & Codable` type, so that a
/// model that is already `Codable` its own way (synthesized, with `CodingKeys`)
/// keeps it. Structs and final classes can adopt it. Leave the coders' key
/// strategies at their defaults: the model's key paths name the JSON keys.
///
/// ```swift
/// struct Repo: JSONSerializing {
///     var name = ""
///     var stars = 0
///     static let propertyKeys: PropertyKeys<Repo> = ["name": \.name, "stars": \.stars]
///     static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
///         "name": "full_name", "stars": "stargazers_count",
///     ]
/// }
/// extension Repo: JSONMappedCodable {}
///
/// let repo = try JSONDecoder().decode(Repo.self, from: Data(#"{"full_name": "a/b", "stargazers_count": 3}"#.utf8))
/// ```
public protocol JSONMappedCodable: JSONSerializing, Codable {}

extension JSONMappedCodable {
    /// Decodes the model with its JSON mapping and transformers, as
    /// `JSONAdapter.model(of:from:)` does with a dictionary: the decoder's value is
    /// read as a JSON object, then mapped.
    ///
    /// A Strata error is thrown as a `DecodingError.dataCorrupted` whose underlying
    /// error is the `StrataError`.
    ///
    /// ```swift
    /// let repos = try JSONDecoder().decode([Repo].self, from: data)
    /// ```
    public init(from decoder: any Decoder) throws {
        let tree = try JSONValue(from: decoder)
        guard case .object = tree, let object = tree.foundation as? [String: Any] else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected a JSON object for \(Self.self)."))
        }
        do {
            self = try JSONAdapter.model(of: Self.self, from: object)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: String(describing: error), underlyingError: error))
        }
    }

    /// Encodes the model with its JSON mapping and transformers, as
    /// `JSONAdapter.dictionary(from:)` does.
    ///
    /// A Strata error is thrown as an `EncodingError.invalidValue` whose underlying error is
    /// the `StrataError`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(repo)   // {"full_name": …, "stargazers_count": …}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        let tree: JSONValue
        do {
            tree = try JSONValue(json: try JSONAdapter.dictionary(from: self))
        } catch {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: String(describing: error), underlyingError: error))
        }
        try tree.encode(to: encoder)
    }
}
