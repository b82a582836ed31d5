// Design note: two hints to the processor that Swift has no words for, as static inline
// functions Swift inlines through its C importer: a cache-line prefetch (the contact
// preparation reads contacts and bodies in graph-color order, which the hardware prefetcher
// cannot guess) and the spin-wait pause of the worker pool's idle loop (it lets the other
// hardware thread run and saves power while a worker waits for the next job). Beside them,
// one instruction Swift's SIMD types reach only lane by lane: the four-lane square root
// (`SIMD4<Float>.squareRoot()` became four calls to sqrtf in the contact solver).
#ifndef ANIMATIC_CPU_HINTS_H
#define ANIMATIC_CPU_HINTS_H

/// Asks for the cache line holding `address` to be loaded for reading; never faults.
static inline void animatic_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// One spin-wait pause (x86 PAUSE, ARM YIELD).
static inline void animatic_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

typedef float animatic_float4 __attribute__((ext_vector_type(4)));

/// The correctly rounded square root of each lane (IEEE 754, as sqrtf), in one instruction.
static inline animatic_float4 animatic_sqrt4(animatic_float4 x) { return __builtin_elementwise_sqrt(x); }

#endif
