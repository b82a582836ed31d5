#include "ckernels.h"

// Design note: one solve of two batches of the soft step's contact solver at once, eight
// lanes in AVX registers (Dynamics' ContactKernels.swift, whose `solveBatch` runs four lanes
// in SSE registers; Swift cannot compile one function for AVX). The two batches belong to
// one graph color, so no moving body is in both and solving them side by side is solving one
// after the other. Each lane runs the very operations of the Swift kernel in the same order
// (no fused multiply-add: contraction is off), the selections are the Swift kernel's own
// (`vmax(a, b)` is `a.replacing(with: b, where: b > a)`, not maxps, which differs on NaN and
// signed zeros) and a negation is Swift's 0 - x on a SIMD vector, so the velocities and
// impulses come out bit for bit as two calls of the four-lane kernel leave them. The kernel
// takes only the common path of a pile: batches where a lane records its approach speed or
// lands (both points closing an open gap) are declined and go through the Swift kernel.

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX __attribute__((target("avx2"), always_inline)) static inline

typedef struct { __m256 vx, vy, w, dpx, dpy, qc, qs; } soft_body;
typedef struct { __m256 rAx, rAy, rBx, rBy; } soft_arms;
typedef struct { __m256 mA, iA, mB, iB; } soft_masses;
typedef struct { __m256 bias, mass_scale, impulse_scale; } soft_row;

/// Lanes 0-3 from `lo`, 4-7 from `hi`.
AVX __m256 pair(const float *lo, const float *hi) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(lo)), _mm_loadu_ps(hi), 1);
}

AVX void unpair(float *lo, float *hi, __m256 v) {
    _mm_storeu_ps(lo, _mm256_castps256_ps128(v));
    _mm_storeu_ps(hi, _mm256_extractf128_ps(v, 1));
}

#define LOAD(field) pair(b0->field, b1->field)
#define STORE(field, value) unpair(b0->field, b1->field, value)
#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps

/// Four 16-byte rows at `offset` floats into the states of each half's lanes, transposed:
/// lane k of column c is row k's float c (the low half's lanes from `lo`, the high's from `hi`).
AVX void gather_half(const float *states, const int32_t *lo, const int32_t *hi, int offset,
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

/// `gatherBodies`: the velocity half (vx, vy, w) and the delta half (dpx, dpy, qc, qs).
AVX soft_body gather(const float *states, const int32_t *lo, const int32_t *hi) {
    soft_body b;
    __m256 pad;
    gather_half(states, lo, hi, 0, &b.vx, &b.vy, &b.w, &pad);
    gather_half(states, lo, hi, 4, &b.dpx, &b.dpy, &b.qc, &b.qs);
    return b;
}

AVX void scatter_half(float *states, const int32_t *idx, __m128 s0, __m128 s1, __m128 s2, __m128 s3) {
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[0], s0);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[1], s1);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[2], s2);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[3], s3);
}

typedef struct { __m256 s0, s1, s2, s3; } rows;

/// `scatterVelocities`' transpose: each lane's (vx, vy, w, 0).
AVX rows transpose_back(soft_body b) {
    __m256 zero = _mm256_setzero_ps();
    __m256 t0 = _mm256_unpacklo_ps(b.vx, b.vy), t1 = _mm256_unpackhi_ps(b.vx, b.vy);
    __m256 t2 = _mm256_unpacklo_ps(b.w, zero), t3 = _mm256_unpackhi_ps(b.w, zero);
    rows r;
    r.s0 = _mm256_shuffle_ps(t0, t2, 0x44);
    r.s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    r.s2 = _mm256_shuffle_ps(t1, t3, 0x44);
    r.s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    return r;
}

#define LO(v) _mm256_castps256_ps128(v)
#define HI(v) _mm256_extractf128_ps(v, 1)

/// The order of two four-lane kernels: the first batch's A then B lanes, then the second's.
AVX void scatter(float *states, const ckernels_soft_batch *b0, const ckernels_soft_batch *b1, soft_body A, soft_body B) {
    rows a = transpose_back(A), b = transpose_back(B);
    scatter_half(states, b0->bodyA, LO(a.s0), LO(a.s1), LO(a.s2), LO(a.s3));
    scatter_half(states, b0->bodyB, LO(b.s0), LO(b.s1), LO(b.s2), LO(b.s3));
    scatter_half(states, b1->bodyA, HI(a.s0), HI(a.s1), HI(a.s2), HI(a.s3));
    scatter_half(states, b1->bodyB, HI(b.s0), HI(b.s1), HI(b.s2), HI(b.s3));
}

/// Swift's prefix minus on SIMD vectors: 0 - v.
AVX __m256 negate(__m256 v) { return _mm256_sub_ps(_mm256_setzero_ps(), v); }
/// `a.replacing(with: b, where: mask)`.
AVX __m256 pick(__m256 a, __m256 b, __m256 mask) { return _mm256_blendv_ps(a, b, mask); }
AVX __m256 vmax(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_GT_OQ)); }
AVX __m256 vmin(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_LT_OQ)); }
AVX __m256 not_mask(__m256 m) { return _mm256_xor_ps(m, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }

AVX soft_arms arms(const ckernels_soft_wide_point *p0, const ckernels_soft_wide_point *p1) {
    soft_arms r;
    r.rAx = pair(p0->rAx, p1->rAx); r.rAy = pair(p0->rAy, p1->rAy);
    r.rBx = pair(p0->rBx, p1->rBx); r.rBy = pair(p0->rBy, p1->rBy);
    return r;
}

/// `relativeSpeed`.
AVX __m256 relative(soft_arms p, soft_body A, soft_body B, __m256 dx, __m256 dy) {
    __m256 dvx = SUB(SUB(B.vx, MUL(B.w, p.rBy)), SUB(A.vx, MUL(A.w, p.rAy)));
    __m256 dvy = SUB(ADD(B.vy, MUL(B.w, p.rBx)), ADD(A.vy, MUL(A.w, p.rAx)));
    return ADD(MUL(dvx, dx), MUL(dvy, dy));
}

/// `applyImpulse`.
AVX void apply(__m256 px, __m256 py, soft_arms p, soft_masses m, soft_body *A, soft_body *B) {
    A->vx = SUB(A->vx, MUL(m.mA, px)); A->vy = SUB(A->vy, MUL(m.mA, py));
    A->w = SUB(A->w, MUL(m.iA, SUB(MUL(p.rAx, py), MUL(p.rAy, px))));
    B->vx = ADD(B->vx, MUL(m.mB, px)); B->vy = ADD(B->vy, MUL(m.mB, py));
    B->w = ADD(B->w, MUL(m.iB, SUB(MUL(p.rBx, py), MUL(p.rBy, px))));
}

/// `separationNow`.
AVX __m256 separation(soft_arms p, __m256 base, soft_body A, soft_body B, __m256 nx, __m256 ny) {
    __m256 qrBx = SUB(MUL(B.qc, p.rBx), MUL(B.qs, p.rBy)), qrBy = ADD(MUL(B.qs, p.rBx), MUL(B.qc, p.rBy));
    __m256 qrAx = SUB(MUL(A.qc, p.rAx), MUL(A.qs, p.rAy)), qrAy = ADD(MUL(A.qs, p.rAx), MUL(A.qc, p.rAy));
    __m256 dx = ADD(SUB(B.dpx, A.dpx), SUB(qrBx, qrAx)), dy = ADD(SUB(B.dpy, A.dpy), SUB(qrBy, qrAy));
    return ADD(ADD(MUL(dx, nx), MUL(dy, ny)), base);
}

/// `normalRowTerms`.
AVX soft_row row_terms(__m256 s, __m256 bias_rate, __m256 soft_mass, __m256 soft_impulse, ckernels_soft_pass pass) {
    __m256 zero = _mm256_setzero_ps();
    __m256 not_speculative = not_mask(_mm256_cmp_ps(s, zero, _CMP_GT_OQ));
    __m256 bias = MUL(s, _mm256_set1_ps(pass.inv_h));
    soft_row r;
    r.mass_scale = _mm256_set1_ps(1);
    r.impulse_scale = zero;
    if (pass.use_bias) {
        __m256 deep = vmax(zero, SUB(negate(s), _mm256_set1_ps(pass.deep_overlap)));
        __m256 cap = ADD(_mm256_set1_ps(pass.max_bias), MUL(deep, _mm256_set1_ps(0.5f * pass.inv_h)));
        __m256 soft = vmax(MUL(bias_rate, s), negate(cap));
        __m256 shallow = _mm256_and_ps(_mm256_cmp_ps(deep, zero, _CMP_EQ_OQ), not_speculative);
        bias = pick(bias, soft, not_speculative);
        r.mass_scale = pick(r.mass_scale, soft_mass, shallow);
        r.impulse_scale = pick(r.impulse_scale, soft_impulse, shallow);
    } else {
        bias = pick(bias, zero, not_speculative);
    }
    r.bias = bias;
    return r;
}

/// `solveNormalRow` of point `p` (0 or 1) of both batches.
AVX void normal_row(ckernels_soft_wide_point *q0, ckernels_soft_wide_point *q1, soft_arms arm, soft_row r,
                    soft_masses m, __m256 nx, __m256 ny, soft_body *A, soft_body *B) {
    __m256 old = pair(q0->normalImpulse, q1->normalImpulse);
    __m256 vn = relative(arm, *A, *B, nx, ny);
    __m256 mass = pair(q0->normalMass, q1->normalMass);
    __m256 fresh = vmax(SUB(SUB(old, MUL(MUL(mass, r.mass_scale), ADD(vn, r.bias))), MUL(r.impulse_scale, old)),
                        _mm256_setzero_ps());
    __m256 applied = SUB(fresh, old);
    unpair(q0->normalImpulse, q1->normalImpulse, fresh);
    unpair(q0->maxNormalImpulse, q1->maxNormalImpulse, vmax(pair(q0->maxNormalImpulse, q1->maxNormalImpulse), applied));
    apply(MUL(applied, nx), MUL(applied, ny), arm, m, A, B);
}

/// `solveFrictionPoint` of point `p` of both batches.
AVX void friction_row(ckernels_soft_wide_point *q0, ckernels_soft_wide_point *q1, soft_arms arm, __m256 friction,
                      soft_masses m, __m256 nx, __m256 ny, soft_body *A, soft_body *B) {
    __m256 tx = ny, ty = negate(nx);
    __m256 vt = relative(arm, *A, *B, tx, ty);
    __m256 max_friction = MUL(friction, pair(q0->normalImpulse, q1->normalImpulse));
    __m256 old = pair(q0->tangentImpulse, q1->tangentImpulse);
    __m256 fresh = vmin(vmax(SUB(old, MUL(pair(q0->tangentMass, q1->tangentMass), vt)), negate(max_friction)), max_friction);
    unpair(q0->tangentImpulse, q1->tangentImpulse, fresh);
    __m256 applied = SUB(fresh, old);
    apply(MUL(applied, tx), MUL(applied, ty), arm, m, A, B);
}

/// Whether the batches share a body slot other than the dummy (a kinematic body: it takes no
/// graph color, so one color may hold several of its constraints).
static int share_a_body(const ckernels_soft_batch *b0, const ckernels_soft_batch *b1, int32_t dummy) {
    for (int i = 0; i < 4; i++) {
        int32_t slots[2] = { b1->bodyA[i], b1->bodyB[i] };
        for (int s = 0; s < 2; s++) {
            int32_t x = slots[s];
            if (x == dummy) continue;
            for (int j = 0; j < 4; j++) if (b0->bodyA[j] == x || b0->bodyB[j] == x) return 1;
        }
    }
    return 0;
}

__attribute__((target("avx2")))
int ckernels_solve_soft_pair_avx2(ckernels_soft_batch *b0, ckernels_soft_batch *b1, void *states, int32_t dummy,
                                  ckernels_soft_pass pass, int reversed) {
    __m256 zero = _mm256_setzero_ps();
    // A lane that records its approach speed: the Swift kernel's out-of-line path.
    __m256 records = _mm256_or_ps(_mm256_cmp_ps(LOAD(p0.recordable), zero, _CMP_GT_OQ),
                                  _mm256_cmp_ps(LOAD(p1.recordable), zero, _CMP_GT_OQ));
    if (_mm256_movemask_ps(records) != 0 || share_a_body(b0, b1, dummy)) return 0;
    float *sb = (float *)states;
    soft_body A = gather(sb, b0->bodyA, b1->bodyA), B = gather(sb, b0->bodyB, b1->bodyB);
    __m256 nx = LOAD(nx), ny = LOAD(ny);
    soft_arms q0 = arms(&b0->p0, &b1->p0), q1 = arms(&b0->p1, &b1->p1);
    __m256 s0 = separation(q0, LOAD(p0.baseSeparation), A, B, nx, ny);
    __m256 s1 = separation(q1, LOAD(p1.baseSeparation), A, B, nx, ny);
    // A landing lane (both points closing an open gap): the Swift kernel's block solve.
    __m256 landing = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(LOAD(blockable), zero, _CMP_GT_OQ),
                                                 _mm256_cmp_ps(s0, zero, _CMP_GT_OQ)),
                                   _mm256_cmp_ps(s1, zero, _CMP_GT_OQ));
    if (_mm256_movemask_ps(landing) != 0) return 0;
    __m256 bias_rate = LOAD(biasRate), soft_mass = LOAD(massScale), soft_impulse = LOAD(impulseScale);
    soft_row r0 = row_terms(s0, bias_rate, soft_mass, soft_impulse, pass);
    soft_row r1 = row_terms(s1, bias_rate, soft_mass, soft_impulse, pass);
    soft_masses m = { LOAD(mA), LOAD(iA), LOAD(mB), LOAD(iB) };
    normal_row(&b0->p0, &b1->p0, q0, r0, m, nx, ny, &A, &B);
    normal_row(&b0->p1, &b1->p1, q1, r1, m, nx, ny, &A, &B);
    if (!pass.use_bias) {
        __m256 friction = LOAD(friction);
        if (reversed) {
            friction_row(&b0->p1, &b1->p1, q1, friction, m, nx, ny, &A, &B);
            friction_row(&b0->p0, &b1->p0, q0, friction, m, nx, ny, &A, &B);
        } else {
            friction_row(&b0->p0, &b1->p0, q0, friction, m, nx, ny, &A, &B);
            friction_row(&b0->p1, &b1->p1, q1, friction, m, nx, ny, &A, &B);
        }
    }
    scatter(sb, b0, b1, A, B);
    return 1;
}
#else
int ckernels_solve_soft_pair_avx2(ckernels_soft_batch *b0, ckernels_soft_batch *b1, void *states, int32_t dummy,
                                  ckernels_soft_pass pass, int reversed) {
    (void)b0; (void)b1; (void)states; (void)dummy; (void)pass; (void)reversed;
    return 0;
}
#endif

size_t ckernels_soft_batch_offset(int field) {
    switch (field) {
    case 0: return offsetof(ckernels_soft_batch, bodyA);
    case 1: return offsetof(ckernels_soft_batch, nx);
    case 2: return offsetof(ckernels_soft_batch, biasRate);
    case 3: return offsetof(ckernels_soft_batch, blockable);
    case 4: return offsetof(ckernels_soft_batch, p0);
    case 5: return offsetof(ckernels_soft_batch, p1);
    case 6: return offsetof(ckernels_soft_batch, p1) + offsetof(ckernels_soft_wide_point, recordable);
    default: return sizeof(ckernels_soft_batch);
    }
}
