// Everything lives in include/CPUHints.h as static inline functions; a C target needs one
// source file.
#include "CPUHints.h"
