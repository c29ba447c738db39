internal import StrataAtomics

/// A fixed number of machine words, each read and written only atomically: the
/// atomics behind Strata's caches and counters, from C11 `<stdatomic.h>` (the
/// `StrataAtomics` target), on every platform Strata supports.
///
/// Swift's `Atomic` needs iOS 18 / macOS 15; these need nothing newer than C11.
/// Each operation names its memory ordering, as `Atomic`'s do.
///
///     let counter = AtomicWords(count: 1)
///     counter.addRelaxed(1)
///     counter.loadRelaxed()  // 1
final class AtomicWords: @unchecked Sendable {
    // @unchecked: the words are allocated in `init`, freed in `deinit`, and between
    // the two only reached through the atomic operations below.
    private let words: UnsafeMutablePointer<UInt>
    /// How many words there are.
    let count: Int

    /// `count` words, each `0`.
    init(count: Int) {
        self.count = max(count, 1)
        words = .allocate(capacity: self.count)
        words.initialize(repeating: 0, count: self.count)
    }

    deinit {
        words.deinitialize(count: count)
        words.deallocate()
    }

    /// The word at `index`, checked to be one of the table's.
    @inline(__always)
    private func word(_ index: Int) -> UnsafeMutablePointer<UInt> {
        #if DEBUG || STRATA_INTERNAL_CHECKS
        precondition(index >= 0 && index < count, "AtomicWords: index \(index) outside 0..<\(count)")
        #endif
        return words + index
    }

    /// The word at `index`, with no ordering beyond atomicity.
    @inline(__always)
    func loadRelaxed(at index: Int = 0) -> UInt {
        UInt(strata_atomic_load_relaxed(word(index)))
    }

    /// The word at `index`; what the thread that stored it wrote before is visible.
    @inline(__always)
    func loadAcquiring(at index: Int = 0) -> UInt {
        UInt(strata_atomic_load_acquire(word(index)))
    }

    /// The word at `index`, sequentially consistent.
    @inline(__always)
    func loadSequentiallyConsistent(at index: Int = 0) -> UInt {
        UInt(strata_atomic_load_seq_cst(word(index)))
    }

    /// Stores `value` at `index`, publishing what this thread wrote before.
    @inline(__always)
    func storeReleasing(_ value: UInt, at index: Int = 0) {
        strata_atomic_store_release(word(index), value)
    }

    /// Stores `desired` at `index` when the word is `expected` (acquire-release);
    /// returns whether it stored, and the word's value before.
    @inline(__always)
    func compareExchange(expected: UInt, desired: UInt, at index: Int = 0) -> (exchanged: Bool, original: UInt) {
        var original = expected
        let exchanged = strata_atomic_compare_exchange(word(index), &original, desired)
        return (exchanged, original)
    }

    /// Adds `value` (wrapping) at `index`, with no ordering beyond atomicity;
    /// returns the new value.
    @discardableResult
    @inline(__always)
    func addRelaxed(_ value: UInt, at index: Int = 0) -> UInt {
        strata_atomic_add_relaxed(word(index), value) &+ value
    }

    /// Adds `value` (wrapping) at `index`, sequentially consistent; returns the new value.
    @discardableResult
    @inline(__always)
    func addSequentiallyConsistent(_ value: UInt, at index: Int = 0) -> UInt {
        strata_atomic_add_seq_cst(word(index), value) &+ value
    }

    /// Subtracts `value` (wrapping) at `index`, with no ordering beyond atomicity.
    @inline(__always)
    func subtractRelaxed(_ value: UInt, at index: Int = 0) {
        _ = strata_atomic_subtract_relaxed(word(index), value)
    }

    /// Subtracts `value` (wrapping) at `index`, sequentially consistent.
    @inline(__always)
    func subtractSequentiallyConsistent(_ value: UInt, at index: Int = 0) {
        _ = strata_atomic_subtract_seq_cst(word(index), value)
    }

    /// Sets the bits of `value` in the word at `index`, with no ordering beyond atomicity.
    @inline(__always)
    func bitwiseOrRelaxed(_ value: UInt, at index: Int = 0) {
        _ = strata_atomic_or_relaxed(word(index), value)
    }
}
