// StrataByteScan's functions are `static inline`, in its header; a C target
// needs a source file.
#include "StrataByteScan.h"
