/// The case index of an enum value and the address of the value its case holds,
/// read through the enum's value witness table: what writes a tagged enum's value
/// without reflecting on it (see `TaggedCaseRoutes`).
///
/// The facts of the Swift ABI this relies on, stable since Swift 5 on every
/// platform Strata supports:
/// - A type's metadata pointer is preceded by a pointer to its value witness
///   table; an enum's metadata has the kind `0x201` (`0x202` for `Optional`).
/// - The table is an enum value witness table when its flags (the 32-bit word
///   after the eight function pointers, `size` and `stride`) have the bit
///   `0x0020_0000`; it then holds, after `extraInhabitantCount`, `getEnumTag` and
///   `destructiveProjectEnumData`, both taking the value's address and the
///   metadata, with the Swift calling convention, which for two pointer
///   arguments passes them as the C convention does.
///
/// On arm64e, where the table's function pointers are signed, nothing is read:
/// every value takes the route through reflection.
///
/// It is safe because nothing here is trusted unchecked: a type whose metadata is
/// not an enum's, or whose table lacks the enum witnesses, gives `nil`; the
/// projection works on a bitwise copy, never on the caller's value, and the copy
/// is never destroyed, so nothing is released twice; and a case's payload is read
/// as its model only after its bytes have been compared, the first time the case
/// is met, with the payload reflection gives (see `TaggedCaseRoutes`), so a case
/// holding anything else (an indirect case's box, an existential) keeps the route
/// through reflection.
enum EnumCaseLayout {
    /// The enum witnesses of `E`, or `nil` when `E` is not an enum.
    private static func witnesses<E>(of _: E.Type) -> (table: UnsafeRawPointer, metadata: UnsafeRawPointer)? {
        #if _ptrauth(_arm64e)
        // The witnesses are signed function pointers there: never called unsigned.
        return nil
        #else
        let metadata = unsafeBitCast(E.self as Any.Type, to: UnsafeRawPointer.self)
        let kind = metadata.load(as: UInt.self)
        guard kind == 0x201 || kind == 0x202 else { return nil }
        let word = MemoryLayout<UnsafeRawPointer>.size
        let table = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
        let flags = table.load(fromByteOffset: 10 * word, as: UInt32.self)
        guard flags & 0x0020_0000 != 0 else { return nil }
        return (table, metadata)
        #endif
    }

    private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

    /// The offset of `getEnumTag` in an enum value witness table: eight function
    /// pointers, `size`, `stride`, then the 32-bit `flags` and `extraInhabitantCount`.
    private static var getTagOffset: Int { 11 * MemoryLayout<UnsafeRawPointer>.size }

    /// The index of `value`'s case: payload cases first, in declaration order, then
    /// the cases without one.
    ///
    /// `nil` when `E` is not an enum.
    static func caseIndex<E>(of value: E) -> Int? {
        guard let (table, metadata) = witnesses(of: E.self) else { return nil }
        let getTag = unsafeBitCast(table.load(fromByteOffset: getTagOffset, as: UnsafeRawPointer.self), to: GetTag.self)
        return withUnsafeBytes(of: value) { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return Int(getTag(base, metadata))
        }
    }

    /// Calls `body` with the address of the value `value`'s case holds, in a
    /// bitwise copy of `value` that `body` may read but must not consume: the
    /// value there is borrowed from `value`.
    ///
    /// `nil` when `E` is not an enum.
    static func withPayload<E>(of value: E, _ body: (UnsafeRawPointer) throws -> Bool) rethrows -> Bool? {
        guard let (table, metadata) = witnesses(of: E.self) else { return nil }
        let project = unsafeBitCast(
            table.load(fromByteOffset: getTagOffset + MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self),
            to: Project.self)
        let size = MemoryLayout<E>.size
        // The copy on the stack when it fits (`StackCopy`), else in memory allocated for it.
        guard size <= MemoryLayout<StackCopy>.size, MemoryLayout<E>.alignment <= MemoryLayout<StackCopy>.alignment else {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: MemoryLayout<E>.alignment)
            defer { copy.deallocate() }
            return try projected(value, into: copy, by: project, metadata: metadata, body)
        }
        let zeros: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var stack: StackCopy = (zeros, zeros, zeros, zeros)
        return try withUnsafeMutableBytes(of: &stack) { buffer in
            // A buffer of a non-zero size has a base address.
            try projected(value, into: buffer.baseAddress.unsafelyUnwrapped, by: project, metadata: metadata, body)
        }
    }

    /// Room on the stack for the copy ``withPayload(of:_:)`` projects: 32 words,
    /// 8-byte aligned.
    private typealias StackCopy = (
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    )

    /// Copies `value`'s bytes to `copy`, projects its case's payload there and calls
    /// `body` with the payload's address.
    @inline(__always)
    private static func projected<E>(
        _ value: E, into copy: UnsafeMutableRawPointer, by project: Project, metadata: UnsafeRawPointer,
        _ body: (UnsafeRawPointer) throws -> Bool
    ) rethrows -> Bool {
        let size = MemoryLayout<E>.size
        withUnsafeBytes(of: value) { original in
            if let source = original.baseAddress, size > 0 { copy.copyMemory(from: source, byteCount: size) }
        }
        project(copy, metadata)
        return try body(UnsafeRawPointer(copy))
    }

    /// Whether the `byteCount` bytes at `address` begin with the bytes of
    /// `payload`, a value of `M` (not a class), and are not an existential
    /// container holding it in its inline buffer (whose type word, after the
    /// buffer, is `M`'s metadata).
    ///
    /// Compared as raw bytes: nothing is read as `M`.
    static func holdsPayload<M>(
        at address: UnsafeRawPointer, byteCount: Int, equal payload: Any, as _: M.Type
    ) -> Bool {
        guard let model = exactValue(payload, as: M.self), MemoryLayout<M>.size <= byteCount else { return false }
        let word = MemoryLayout<UnsafeRawPointer>.size
        if byteCount >= 4 * word, MemoryLayout<M>.size <= 3 * word,
            address.loadUnaligned(fromByteOffset: 3 * word, as: UInt.self)
                == UInt(bitPattern: unsafeBitCast(M.self as Any.Type, to: UnsafeRawPointer.self))
        {
            return false
        }
        return withUnsafeBytes(of: model) { bytes in
            bytes.elementsEqual(UnsafeRawBufferPointer(start: address, count: MemoryLayout<M>.size))
        }
    }
}
