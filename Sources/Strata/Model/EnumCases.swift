/// The cases of an enum with `String` raw values and no associated values, listed
/// from its type's runtime metadata, for enums that are not `CaseIterable`.
///
/// The default transformer of a raw-representable type reads a case from its raw
/// value through a table built once per type (see `DefaultTransformers.swift`):
/// a look-up by the bytes of the JSON string rather than a call of
/// `init?(rawValue:)` through code that is not specialised for the type, which
/// looks up generic metadata on every value. A `CaseIterable` type lists its cases
/// itself; most enums are not declared `CaseIterable`, and this lists theirs.
///
/// It reads the metadata as the Swift runtime lays it out (`Metadata.h` in
/// the Swift repository's `include/swift/ABI`, and `TypeLayout.rst`): stable
/// on Apple platforms since Swift 5, and the same in practice on Linux.
/// - A metatype is the address of the type's metadata, whose first word is its
///   kind: 0x201 for an enum (`Optional` has a kind of its own).
/// - The enum's metadata points, in its second word, to its type descriptor, whose
///   seventh 32-bit field counts its cases without a payload and sixth the cases
///   with one (in its low 24 bits).
/// - An enum whose cases have no payload stores case `i`, in declaration order, as
///   the number `i`, in one byte for 2 to 256 cases.
///
/// Only `String` raw values: an imported C enum, or an `@objc` one, stores its
/// raw value rather than its case number, and its raw values are integers.
/// Anything else gets `nil`, and its values keep going to `init?(rawValue:)`: a
/// struct, an enum with payloads, with one case or more than 256, and any type
/// on arm64e, where the metadata signs its descriptor's address. The cases listed
/// are used only through their `rawValue`, and the table maps each raw value to
/// what `init?(rawValue:)` returns for it, asked once (as for a `CaseIterable`
/// type).
///
/// The layout is not a promise of the runtime, so the list is trusted only once
/// the type itself confirms it (``verified(_:)``): each listed case's raw value is
/// distinct and `init?(rawValue:)` gives back that very case. A type that
/// disagrees gets `nil`, and so its values go to `init?(rawValue:)`, for the life
/// of the process (the table is built once per type).
enum EnumCases {
    /// Every case of `type`, in declaration order, when it is an enum of 2 to 256
    /// cases with `String` raw values and no associated values, and its
    /// `init?(rawValue:)` agrees with the list; `nil` otherwise.
    static func all<E: RawRepresentable>(of type: E.Type) -> [E]? {
        guard let cases = listed(of: type) else { return nil }
        return verified(cases)
    }

    /// `cases` when each one's raw value is distinct and `init?(rawValue:)` gives
    /// back the same case (the same bytes) for it; `nil` at the first that does not.
    static func verified<E: RawRepresentable>(_ cases: [E]) -> [E]? {
        var rawValues: Set<String> = []
        for value in cases {
            guard let raw = value.rawValue as? String, rawValues.insert(raw).inserted,
                let back = E(rawValue: value.rawValue), sameBytes(back, value)
            else { return nil }
        }
        return cases
    }

    /// Whether two values of `E` have the same bytes.
    private static func sameBytes<E>(_ first: E, _ second: E) -> Bool {
        withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { first.elementsEqual($0) } }
    }

    /// The cases the metadata of `type` lists, unverified.
    static func listed<E: RawRepresentable>(of type: E.Type) -> [E]? {
        #if _ptrauth(_arm64e)
        return nil
        #else
        guard E.RawValue.self == String.self, MemoryLayout<E>.size == 1, _isPOD(E.self) else { return nil }
        let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == enumMetadataKind else { return nil }
        let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
        let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
        guard payloadCases == 0, (2...256).contains(emptyCases) else { return nil }
        return (0..<emptyCases).map { tag in
            withUnsafeBytes(of: UInt8(truncatingIfNeeded: tag)) { $0.load(as: E.self) }
        }
        #endif
    }

    /// `MetadataKind::Enum`: 1, marked as not a heap object (0x200).
    private static let enumMetadataKind: UInt = 0x201
}
