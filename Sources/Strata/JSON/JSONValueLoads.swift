import Foundation

/// Reads a struct's stored property at its byte offset and returns its JSON value
/// directly, for the property types whose JSON value needs no transformer or whose
/// default transformer is a fixed conversion (`URL` → `absoluteString`, `UUID` →
/// `uuidString`): the same values the transformers give, without the calls.
enum JSONValueLoads {
    /// The load for a property of `type` written with its default transformer, or `nil`.
    static func load(for type: Any.Type) -> FastAccessors.Load? {
        switch type {
        case is URL.Type: return { model, offset in (model + offset).assumingMemoryBound(to: URL.self).pointee.absoluteString }
        case is URL?.Type: return { model, offset in (model + offset).assumingMemoryBound(to: URL?.self).pointee?.absoluteString }
        case is UUID.Type: return { model, offset in (model + offset).assumingMemoryBound(to: UUID.self).pointee.uuidString }
        case is UUID?.Type: return { model, offset in (model + offset).assumingMemoryBound(to: UUID?.self).pointee?.uuidString }
        default: return FastAccessors.load(for: type)
        }
    }
}
