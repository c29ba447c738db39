import Foundation

/// Specialised reads of a model's stored property that return its JSON value
/// directly, for the property types whose JSON value needs no transformer or
/// whose default transformer is a fixed conversion (`URL` → `absoluteString`,
/// `UUID` → `uuidString`, a `String` or integer enum → its raw value): the same
/// values the transformers give, without the calls.
///
/// Used only by ``StoredField``, which pairs each read with its property's
/// offset.
enum JSONValueLoads {
    /// The read for a property of `type` written with its default transformer, or `nil`.
    static func load(for type: Any.Type, described: PropertyType) -> FastAccessors.Load? {
        // Enums with String or integer raw values: the raw value is the JSON value.
        if case .rawRepresentable(let enumType, let raw) = described, isPlainRawValue(raw) {
            func rawLoad<R: RawRepresentable>(_: R.Type) -> FastAccessors.Load {
                RawValueLoad<R>().load
            }
            return rawLoad(enumType)
        }
        return load(for: type)
    }

    private static func isPlainRawValue(_ raw: PropertyType) -> Bool {
        switch raw {
        case .string, .integer: return true
        default: return false
        }
    }

    private static func load(for type: Any.Type) -> FastAccessors.Load? {
        switch type {
        case is URL.Type: return { model, offset in (model + offset).assumingMemoryBound(to: URL.self).pointee.absoluteString }
        case is URL?.Type: return { model, offset in (model + offset).assumingMemoryBound(to: URL?.self).pointee?.absoluteString }
        case is UUID.Type: return { model, offset in UUIDText.text(of: (model + offset).assumingMemoryBound(to: UUID.self).pointee) }
        case is UUID?.Type: return { model, offset in (model + offset).assumingMemoryBound(to: UUID?.self).pointee.map(UUIDText.text(of:)) }
        // An array's JSON value is built element by element by its transformer.
        case is [String].Type, is [String]?.Type: return nil
        default: return FastAccessors.load(for: type)
        }
    }
}

/// Reads an enum at an offset and returns its raw value.
private struct RawValueLoad<R: RawRepresentable>: @unchecked Sendable {
    // @unchecked: no stored properties; it only carries `R`, a type.
    func load(_ model: UnsafeRawPointer, _ offset: Int) -> Any? {
        (model + offset).assumingMemoryBound(to: R.self).pointee.rawValue
    }
}
