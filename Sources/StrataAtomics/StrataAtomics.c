// The atomic operations are `static inline` in include/StrataAtomics.h; this file
// defines the one variable of include/StrataCallSettings.h.
#include "StrataAtomics.h"
#include "StrataCallSettings.h"

// Without debug information: this would be the only C in the debug information
// of a program that links Strata, in DWARF 5, which some profilers (valgrind 3.19)
// cannot read.
__attribute__((nodebug)) _Thread_local StrataCallSettings strata_thread_call_settings;
