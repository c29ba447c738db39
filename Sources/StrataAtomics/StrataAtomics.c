// The operations are `static inline` in include/StrataAtomics.h; a C target needs
// one source file of its own.
#include "StrataAtomics.h"
