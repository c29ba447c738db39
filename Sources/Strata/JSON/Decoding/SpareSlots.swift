/// The slots of a finished read of one model type, kept for the next object of
/// that type the scanner reads: for one model read after another (each call's
/// top-level object), one array of slots instead of one per object.
///
/// The scanner source reads each object into an array of ``Slot``s, one per plan
/// entry; the decode engine takes every slot, leaving each ``Slot/missing`` again,
/// so the array can be filled anew (see ``DecodeSource/reclaimSlots()``). Allocating
/// it, and freeing it with its slots, costs more than storing a small model's fields.
/// (A nested array of models is read whole before any element is decoded, so only
/// its first element finds a spare array; a top-level array reuses its own.)
///
/// What is kept is only memory: every array handed out holds missing slots only, so
/// no read can see what another read left in it. The lock is only ever tried: a
/// thread that finds it held allocates, or drops its array, rather than wait. A
/// flag beside the lock says whether a spare array is kept, so the elements of a
/// nested array, which find none while they are read and one already kept while
/// they are decoded, skip the lock.
final class SpareSlots: Sendable {
    /// An array of slots that are all ``Slot/missing``.
    private struct MissingSlots: @unchecked Sendable {
        // @unchecked: a slot holds a value that may not be `Sendable`, but these
        // hold none (`keep(_:)` is only given arrays the engine has emptied).
        var slots: [Slot]
    }

    /// The spare array, empty when there is none.
    private let spare = Locked(MissingSlots(slots: []))
    /// 1 while the spare array is not empty, set and cleared under the lock: a hint
    /// read without it, as a thread that misses a spare array only allocates.
    private let isKept = AtomicWords(count: 1)

    /// `count` missing slots: the spare array when it has that many, a new one
    /// otherwise.
    func take(count: Int) -> [Slot] {
        guard isKept.loadRelaxed() != 0 else { return .missing(count: count) }
        let taken: MissingSlots? = spare.withLockIfAvailable { spare in
            var taken = MissingSlots(slots: [])
            swap(&taken, &spare)
            isKept.storeReleasing(0)
            return taken
        }
        var slots = taken?.slots ?? []
        if slots.count != count { slots = .missing(count: count) }
        return slots
    }

    /// Keeps `slots`, which must all be missing (as ``DecodeSource/reclaimSlots()``
    /// gives them), for the next read, unless an array is kept already; an empty
    /// array is not kept.
    func keep(_ slots: consuming [Slot]) {
        guard !slots.isEmpty, isKept.loadRelaxed() == 0 else { return }
        var kept = MissingSlots(slots: slots)
        spare.withLockIfAvailable { spare in
            swap(&spare, &kept)
            isKept.storeReleasing(spare.slots.isEmpty ? 0 : 1)
        }
    }
}
