#include "ckernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

// AVX2 needs the instruction set (CPUID leaf 7, EBX bit 5) and an operating system that
// saves the 256-bit registers (OSXSAVE, and XCR0 with the SSE and AVX state bits).
static int detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0x6) != 0x6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

// The SHA extensions (CPUID leaf 7, EBX bit 29), with the SSSE3 and SSE4.1 shuffles and
// blends the kernel uses around them (leaf 1, ECX bits 9 and 19).
static int detect_sha(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) || !(c & bit_SSE4_1)) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_SHA) != 0;
}

// CPUID traps to the hypervisor in a virtual machine (microseconds, 0.2% of a render when
// asked per frame), so each answer is asked once; threads racing on the first call store the
// same value.
static int cached(int *slot, int (*detect)(void)) {
    int value = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (value < 0) {
        value = detect();
        __atomic_store_n(slot, value, __ATOMIC_RELAXED);
    }
    return value;
}

static int avx2_answer = -1, sha_answer = -1;
int ckernels_has_avx2(void) { return cached(&avx2_answer, detect_avx2); }
int ckernels_has_sha(void) { return cached(&sha_answer, detect_sha); }
#else
int ckernels_has_avx2(void) { return 0; }
int ckernels_has_sha(void) { return 0; }
#endif
