// Design note: what the two eight-lane contact kernels share (sequential_pair.c for the UIKit
// step's velocity iterations, soft_pair.c for the soft step's passes): two four-lane batches of
// one graph color side by side in AVX registers, lanes 0-3 the first batch's and 4-7 the
// second's. Gathers and scatters go through the 32-byte body states in the order two four-lane
// kernels would, and every operation is the Swift kernels' own (their selections, not maxps;
// Swift's 0 - x for a negation; no contraction), so each lane computes bit for bit what the
// Swift kernel computes. Private to CKernels: included by the kernels, not by Swift.
#ifndef ANIMATIC_LANES_AVX2_H
#define ANIMATIC_LANES_AVX2_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX __attribute__((target("avx2"), always_inline)) static inline
#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps
/// A field of both batches (`b0`, `b1` in scope) as eight lanes, and back.
#define LOAD(field) pair(b0->field, b1->field)
#define STORE(field, value) unpair(b0->field, b1->field, value)
#define LO(v) _mm256_castps256_ps128(v)
#define HI(v) _mm256_extractf128_ps(v, 1)

/// The velocities of eight lanes' bodies.
typedef struct { __m256 vx, vy, w; } lane_velocity;
/// Each lane's contact arms from the two bodies' centres of mass.
typedef struct { __m256 rAx, rAy, rBx, rBy; } lane_arms;
typedef struct { __m256 mA, iA, mB, iB; } lane_masses;

/// Lanes 0-3 from `lo`, 4-7 from `hi`.
AVX __m256 pair(const float *lo, const float *hi) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(lo)), _mm_loadu_ps(hi), 1);
}

AVX void unpair(float *lo, float *hi, __m256 v) {
    _mm_storeu_ps(lo, _mm256_castps256_ps128(v));
    _mm_storeu_ps(hi, _mm256_extractf128_ps(v, 1));
}

/// Swift's prefix minus on SIMD vectors: 0 - v (so -(+0) is +0, where a sign flip gives -0).
AVX __m256 negate(__m256 v) { return _mm256_sub_ps(_mm256_setzero_ps(), v); }
/// `a.replacing(with: b, where: mask)`.
AVX __m256 pick(__m256 a, __m256 b, __m256 mask) { return _mm256_blendv_ps(a, b, mask); }
/// The Swift kernels' `vmax(a, b)`: `a.replacing(with: b, where: b > a)`.
AVX __m256 vmax(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_GT_OQ)); }
/// `vmin(a, b)`: `a.replacing(with: b, where: b < a)`.
AVX __m256 vmin(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_LT_OQ)); }

/// Four 16-byte rows at `offset` floats into the 32-byte states of each half's lanes,
/// transposed: lane k of column c is row k's float c (the low half's lanes from `lo`, the
/// high half's from `hi`).
AVX void gather_rows(const float *states, const int32_t *lo, const int32_t *hi, int offset,
                     __m256 *c0, __m256 *c1, __m256 *c2, __m256 *c3) {
    __m256 r0 = pair(states + 8 * (ptrdiff_t)lo[0] + offset, states + 8 * (ptrdiff_t)hi[0] + offset);
    __m256 r1 = pair(states + 8 * (ptrdiff_t)lo[1] + offset, states + 8 * (ptrdiff_t)hi[1] + offset);
    __m256 r2 = pair(states + 8 * (ptrdiff_t)lo[2] + offset, states + 8 * (ptrdiff_t)hi[2] + offset);
    __m256 r3 = pair(states + 8 * (ptrdiff_t)lo[3] + offset, states + 8 * (ptrdiff_t)hi[3] + offset);
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    *c0 = _mm256_shuffle_ps(t0, t2, 0x44);
    *c1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    *c2 = _mm256_shuffle_ps(t1, t3, 0x44);
    *c3 = _mm256_shuffle_ps(t1, t3, 0xEE);
}

/// The (vx, vy, w) of each lane's body: the states' first halves.
AVX lane_velocity gather_velocity(const float *states, const int32_t *lo, const int32_t *hi) {
    lane_velocity v;
    __m256 pad;
    gather_rows(states, lo, hi, 0, &v.vx, &v.vy, &v.w, &pad);
    return v;
}

AVX void scatter_half(float *states, const int32_t *idx, __m128 s0, __m128 s1, __m128 s2, __m128 s3) {
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[0], s0);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[1], s1);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[2], s2);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[3], s3);
}

typedef struct { __m256 s0, s1, s2, s3; } lane_rows;

/// Each lane's (vx, vy, w, 0) row, as the Swift kernels' scatter transposes it.
AVX lane_rows velocity_rows(lane_velocity b) {
    __m256 zero = _mm256_setzero_ps();
    __m256 t0 = _mm256_unpacklo_ps(b.vx, b.vy), t1 = _mm256_unpackhi_ps(b.vx, b.vy);
    __m256 t2 = _mm256_unpacklo_ps(b.w, zero), t3 = _mm256_unpackhi_ps(b.w, zero);
    lane_rows r;
    r.s0 = _mm256_shuffle_ps(t0, t2, 0x44);
    r.s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    r.s2 = _mm256_shuffle_ps(t1, t3, 0x44);
    r.s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    return r;
}

/// Writes the velocities back in the order of two four-lane kernels: the first batch's A
/// lanes, its B lanes, then the second batch's (`a0`, `b0`: the first batch's body slots).
AVX void scatter_velocities(float *states, const int32_t *a0, const int32_t *b0, const int32_t *a1, const int32_t *b1,
                            lane_velocity A, lane_velocity B) {
    lane_rows a = velocity_rows(A), b = velocity_rows(B);
    scatter_half(states, a0, LO(a.s0), LO(a.s1), LO(a.s2), LO(a.s3));
    scatter_half(states, b0, LO(b.s0), LO(b.s1), LO(b.s2), LO(b.s3));
    scatter_half(states, a1, HI(a.s0), HI(a.s1), HI(a.s2), HI(a.s3));
    scatter_half(states, b1, HI(b.s0), HI(b.s1), HI(b.s2), HI(b.s3));
}

/// The arms of a point of each batch: both batches' point records start with rAx, rAy, rBx and
/// rBy, four lanes each (`lo`, `hi`: the first batch's and the second's).
AVX lane_arms arms_at(const float *lo, const float *hi) {
    lane_arms r;
    r.rAx = pair(lo, hi); r.rAy = pair(lo + 4, hi + 4);
    r.rBx = pair(lo + 8, hi + 8); r.rBy = pair(lo + 12, hi + 12);
    return r;
}

/// The relative velocity of B's anchor with respect to A's along (dx, dy).
AVX __m256 relative(lane_arms p, lane_velocity A, lane_velocity B, __m256 dx, __m256 dy) {
    __m256 dvx = SUB(SUB(B.vx, MUL(B.w, p.rBy)), SUB(A.vx, MUL(A.w, p.rAy)));
    __m256 dvy = SUB(ADD(B.vy, MUL(B.w, p.rBx)), ADD(A.vy, MUL(A.w, p.rAx)));
    return ADD(MUL(dvx, dx), MUL(dvy, dy));
}

/// The impulse (px, py) at the arms: off A's velocities, onto B's.
AVX void apply(__m256 px, __m256 py, lane_arms p, lane_masses m, lane_velocity *A, lane_velocity *B) {
    A->vx = SUB(A->vx, MUL(m.mA, px)); A->vy = SUB(A->vy, MUL(m.mA, py));
    A->w = SUB(A->w, MUL(m.iA, SUB(MUL(p.rAx, py), MUL(p.rAy, px))));
    B->vx = ADD(B->vx, MUL(m.mB, px)); B->vy = ADD(B->vy, MUL(m.mB, py));
    B->w = ADD(B->w, MUL(m.iB, SUB(MUL(p.rBx, py), MUL(p.rBy, px))));
}
#endif

/// Whether the second batch's body slots (`a1`, `b1`) meet the first's (`a0`, `b0`) anywhere
/// but at `skip` or `skip2`, the dummies every lane without a moving body points at: a
/// kinematic body takes no graph color, so one color may hold several of its constraints.
static inline int lanes_share_a_body(const int32_t *a0, const int32_t *b0, const int32_t *a1, const int32_t *b1,
                                     int32_t skip, int32_t skip2) {
    for (int i = 0; i < 4; i++) {
        int32_t slots[2] = { a1[i], b1[i] };
        for (int s = 0; s < 2; s++) {
            int32_t x = slots[s];
            if (x == skip || x == skip2) continue;
            for (int j = 0; j < 4; j++) if (a0[j] == x || b0[j] == x) return 1;
        }
    }
    return 0;
}

#endif
