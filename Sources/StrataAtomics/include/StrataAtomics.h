// Word-sized atomic operations for Strata's caches, from C11 <stdatomic.h>.
//
// Swift's own atomics (the Synchronization module) need iOS 18 / macOS 15; these
// work on every platform Strata supports. Each function takes the address of a
// word that is only ever reached through these functions, and names its memory
// ordering. They are `static inline`, so Swift inlines them like its own code,
// and ThreadSanitizer sees them as atomic accesses.
#ifndef STRATA_ATOMICS_H
#define STRATA_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// The word at `word` as an atomic object.
#define STRATA_ATOMIC(word) ((_Atomic(uintptr_t) *)(word))

/// Loads the word with no ordering beyond atomicity.
static inline uintptr_t strata_atomic_load_relaxed(uintptr_t *word) {
    return atomic_load_explicit(STRATA_ATOMIC(word), memory_order_relaxed);
}

/// Loads the word; what the thread that stored it wrote before is visible after.
static inline uintptr_t strata_atomic_load_acquire(uintptr_t *word) {
    return atomic_load_explicit(STRATA_ATOMIC(word), memory_order_acquire);
}

/// Loads the word in the single total order of sequentially consistent operations.
static inline uintptr_t strata_atomic_load_seq_cst(uintptr_t *word) {
    return atomic_load_explicit(STRATA_ATOMIC(word), memory_order_seq_cst);
}

/// Stores `value`, publishing what this thread wrote before to acquiring loads.
static inline void strata_atomic_store_release(uintptr_t *word, uintptr_t value) {
    atomic_store_explicit(STRATA_ATOMIC(word), value, memory_order_release);
}

/// Stores `desired` when the word holds `expected`, with acquire-release ordering;
/// returns whether it stored. On failure `*expected` receives the word's value.
static inline bool strata_atomic_compare_exchange(uintptr_t *word, uintptr_t *expected, uintptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        STRATA_ATOMIC(word), expected, desired, memory_order_acq_rel, memory_order_acquire);
}

/// Adds `value` (wrapping) with no ordering beyond atomicity; returns the old value.
static inline uintptr_t strata_atomic_add_relaxed(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_add_explicit(STRATA_ATOMIC(word), value, memory_order_relaxed);
}

/// Adds `value` (wrapping), sequentially consistent; returns the old value.
static inline uintptr_t strata_atomic_add_seq_cst(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_add_explicit(STRATA_ATOMIC(word), value, memory_order_seq_cst);
}

/// Subtracts `value` (wrapping) with no ordering beyond atomicity; returns the old value.
static inline uintptr_t strata_atomic_subtract_relaxed(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_sub_explicit(STRATA_ATOMIC(word), value, memory_order_relaxed);
}

/// Subtracts `value` (wrapping), sequentially consistent; returns the old value.
static inline uintptr_t strata_atomic_subtract_seq_cst(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_sub_explicit(STRATA_ATOMIC(word), value, memory_order_seq_cst);
}

/// Sets the bits of `value` with no ordering beyond atomicity; returns the old value.
static inline uintptr_t strata_atomic_or_relaxed(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_or_explicit(STRATA_ATOMIC(word), value, memory_order_relaxed);
}

#endif
