import Foundation
import Testing
@testable import Strata

/// Decodes `json` from `Data` and from the dictionary `JSONSerialization` parses it
/// to, requiring the same model or the same error text from both; returns the
/// model, or throws the error.
func decodeBothWays<T: JSONSerializing>(_ type: T.Type, _ json: String) throws -> T {
    let fromData = Result { try JSONAdapter.model(of: T.self, from: Data(json.utf8)) }
    let fromDictionary = Result { try JSONAdapter.model(of: T.self, from: try jsonObject(json)) }
    switch (fromData, fromDictionary) {
    case (.success(let model), .success):
        return model
    case (.failure(let first as StrataError), .failure(let second as StrataError)):
        #expect(first.description == second.description)
        throw first
    default:
        Issue.record("Data gave \(fromData) and the dictionary gave \(fromDictionary)")
        throw StrataError(.invalidJSON, "The two sources disagree.")
    }
}

/// ``decodeBothWays(_:_:)`` for a model that is `Equatable`: also requires the
/// model from `Data` to equal the one from the dictionary.
func decodeEqualBothWays<T: JSONSerializing & Equatable>(_ type: T.Type, _ json: String) throws -> T {
    let model = try decodeBothWays(type, json)
    #expect(model == (try JSONAdapter.model(of: T.self, from: try jsonObject(json))), "\(json)")
    return model
}

extension ValueTransformer {
    /// A closure transformer that hands each value to `inner`: how a custom
    /// transformer runs `.model(_:)` or `.models(_:)` inside it.
    static func delegating(to inner: ValueTransformer) -> ValueTransformer {
        // `ValueTransformer` is not `Sendable`; Strata's own are immutable, so the
        // closures may share this one (the pattern the transformers cookbook shows).
        nonisolated(unsafe) let inner = inner
        return ValueTransformer(
            forward: { try inner.checkedTransformedValue($0) },
            reverse: { try inner.checkedReverseTransformedValue($0) })
    }
}

/// The `StrataError` `body` throws, or `nil` when it returns; any other error
/// becomes a `StrataError` saying so, so that comparisons fail visibly.
func strataFailure<T>(_ body: () throws -> T) -> StrataError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? StrataError ?? StrataError(.typeMismatch, "Not a StrataError: \(error)")
    }
}
