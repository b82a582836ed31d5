// Design note: hints to the processor that Swift has no words for, as static inline
// functions Swift inlines through its C importer: cache-line prefetches for reading and for
// writing (the contact preparation reads contacts and bodies in graph-color order, which
// the hardware prefetcher cannot guess, and the impulses are stored back in that order) and
// the spin-wait pause of the worker pool's idle loop (it lets the other hardware thread run
// and saves power while a worker waits for the next job). Beside them, two things Swift's
// SIMD types reach only lane by lane: the four-lane square root (`SIMD4<Float>.squareRoot()`
// became four calls to sqrtf in the contact solver) and the 4x4 transpose of its gathers and
// scatters (built from halves and lanes, it let the compiler split the last vector
// arithmetic before each scatter into single lanes: 60 scalar operations and their shuffles
// in every batch of every pass). And glibc's sincos, which Swift's Glibc module does not
// declare: one call for a rotation's cosine and sine, bit for bit the values of cos and sin
// (checked on 20 million angles), for about the price of one of them. And atomic operations
// on plain words, for the worker pool's stage cursors, which live in one flat allocation.
#ifndef ANIMATIC_CPU_HINTS_H
#define ANIMATIC_CPU_HINTS_H

#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Asks for the cache line holding `address` to be loaded for reading; never faults.
static inline void animatic_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// Asks for the cache line holding `address` to be loaded for writing (owned by this core,
/// so the stores that follow need not wait for other cores to let go of it); never faults.
/// On x86 PREFETCHW itself: the baseline target this package builds for lacks the feature
/// flag, so the builtin would fall back to a read prefetch, while every x86-64 processor
/// runs the instruction (it sits in the NOP space where it is not implemented).
static inline void animatic_prefetch_write(const void *address) {
#if defined(__x86_64__)
    __asm__ __volatile__("prefetchw %0" : : "m"(*(const char *)address));
#else
    __builtin_prefetch(address, 1, 3);
#endif
}

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

/// Four vectors, as the rows or the columns of a 4x4 matrix.
typedef struct { animatic_float4 x, y, z, w; } animatic_float4x4;

/// The transpose of the 4x4 matrix whose rows are a, b, c, d: its columns, by shuffles only.
static inline animatic_float4x4 animatic_transpose4(animatic_float4 a, animatic_float4 b, animatic_float4 c, animatic_float4 d) {
    animatic_float4 ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    animatic_float4 cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    animatic_float4x4 t = {
        __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5), __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7),
        __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5), __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7),
    };
    return t;
}

/// The sine and cosine of `angle`, as sin and cos give them, in one call (glibc's sincos).
static inline void animatic_sincos(double angle, double *sine, double *cosine) { __builtin_sincos(angle, sine, cosine); }

/// Atomic operations on a plain machine word, for the worker pool's stage cursors, which
/// live in one flat allocation (a thread's cursors for every stage of a job side by side)
/// where Swift's `Atomic` wants a stable home of its own per value. Acquire and release
/// order, as the pool's other counters.
static inline long animatic_atomic_fetch_add(long *word, long value) { return __atomic_fetch_add(word, value, __ATOMIC_ACQ_REL); }
static inline long animatic_atomic_load(const long *word) { return __atomic_load_n(word, __ATOMIC_ACQUIRE); }
static inline void animatic_atomic_store(long *word, long value) { __atomic_store_n(word, value, __ATOMIC_RELEASE); }

/// Sets a one-byte flag that other threads may be setting too, in the same pass (a plain
/// store of the same value from two threads is a data race to the compiler). Relaxed: the
/// pool's end of the job orders it before any read.
static inline void animatic_flag_set(unsigned char *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }
/// Whether such a flag is set (read while other threads may be setting it).
static inline _Bool animatic_flag_is_set(const unsigned char *flag) { return __atomic_load_n(flag, __ATOMIC_RELAXED) != 0; }

/// Asks the kernel to wake this thread's short sleeps on time: by default a sleep may run
/// 50 microseconds past its end (the timer slack), so a 50-microsecond nap took 130. prctl is
/// variadic, which Swift cannot call. Does nothing off Linux.
static inline void animatic_tight_timer_slack(void) {
#if defined(__linux__)
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
#endif
}

#endif
