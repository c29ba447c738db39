// The settings of the Strata call in progress on the calling thread: how many
// models deep it is, its model depth limit, and how it writes.
//
// A C11 `_Thread_local`, read and written by value through `static inline`
// functions, which Swift inlines like its own code: a read costs a load, where a
// task-local value costs a lookup and a push costs an allocation. Strata's reads
// and writes are synchronous, so the thread that sets the settings is the thread
// that runs everything under them.
#ifndef STRATA_CALL_SETTINGS_H
#define STRATA_CALL_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

/// The settings of one call; all zero (`is_set` false) on a thread no call has set.
typedef struct {
    /// How many nested models the read or write is inside.
    intptr_t model_depth;
    /// How many levels deep models may nest.
    intptr_t maximum_model_depth;
    /// Leave out `nil` instead of writing `null`.
    bool omits_nulls;
    /// Write members in key order.
    bool sorts_keys;
    /// Whether a call has set the settings on this thread.
    bool is_set;
} StrataCallSettings;

/// This thread's settings (defined in StrataAtomics.c).
extern _Thread_local StrataCallSettings strata_thread_call_settings;

/// The settings of the call in progress on this thread.
static inline StrataCallSettings strata_call_settings(void) {
    return strata_thread_call_settings;
}

/// Sets the settings of the call in progress on this thread.
static inline void strata_set_call_settings(StrataCallSettings settings) {
    strata_thread_call_settings = settings;
}

/// Sets only the model depth of the call in progress on this thread.
static inline void strata_set_model_depth(intptr_t depth) {
    strata_thread_call_settings.model_depth = depth;
}

#endif
