/// How a property of a ``SecureCodingModel`` is written into an archive.
///
/// Set per key in ``SecureCodingModel/encodingBehaviorsByPropertyKey``; keys that
/// are not listed are ``unconditional`` when writable and ``excluded`` when
/// read-only.
///
/// ```swift
/// static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["token": .excluded]
/// ```
public enum EncodingBehavior: Sendable, Hashable {
    /// The property is never written; its value does not reach the archive, and
    /// decoding leaves it at its default.
    case excluded
    /// The property is always written (unless it is `nil`).
    case unconditional
    /// A class-model property is written only when the same object is also written
    /// unconditionally elsewhere in the archive, before or after this reference
    /// (`NSCoder.encodeConditionalObject`'s promise), as for a weak reference;
    /// otherwise it reads back as `nil`. Values without identity (structs, numbers,
    /// strings, collections) are written as with ``unconditional``, as in Mantle.
    case conditional
}
