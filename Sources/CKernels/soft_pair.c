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
#include "lanes_avx2.h"

/// A lane's body: its velocities, and its position and rotation change in this step.
typedef struct { lane_velocity v; __m256 dpx, dpy, qc, qs; } soft_body;
typedef struct { __m256 bias, mass_scale, impulse_scale; } soft_row;

/// `gatherBodies`: the velocity half (vx, vy, w) and the delta half (dpx, dpy, qc, qs).
AVX soft_body gather(const float *states, const int32_t *lo, const int32_t *hi) {
    soft_body b;
    b.v = gather_velocity(states, lo, hi);
    gather_rows(states, lo, hi, 4, &b.dpx, &b.dpy, &b.qc, &b.qs);
    return b;
}

AVX __m256 not_mask(__m256 m) { return _mm256_xor_ps(m, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }

_Static_assert(offsetof(ckernels_soft_wide_point, rAx) == 0 && offsetof(ckernels_soft_wide_point, rBy) == 12 * sizeof(float),
               "arms_at reads a point's arms as the first sixteen floats of its record");

/// A point's arms in both batches (its record starts with them).
AVX lane_arms arms(const ckernels_soft_wide_point *p0, const ckernels_soft_wide_point *p1) { return arms_at(p0->rAx, p1->rAx); }

/// `separationNow`.
AVX __m256 separation(lane_arms p, __m256 base, soft_body A, soft_body B, __m256 nx, __m256 ny) {
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
AVX void normal_row(ckernels_soft_wide_point *q0, ckernels_soft_wide_point *q1, lane_arms arm, soft_row r,
                    lane_masses m, __m256 nx, __m256 ny, lane_velocity *A, lane_velocity *B) {
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
AVX void friction_row(ckernels_soft_wide_point *q0, ckernels_soft_wide_point *q1, lane_arms arm, __m256 friction,
                      lane_masses m, __m256 nx, __m256 ny, lane_velocity *A, lane_velocity *B) {
    __m256 tx = ny, ty = negate(nx);
    __m256 vt = relative(arm, *A, *B, tx, ty);
    __m256 max_friction = MUL(friction, pair(q0->normalImpulse, q1->normalImpulse));
    __m256 old = pair(q0->tangentImpulse, q1->tangentImpulse);
    __m256 fresh = vmin(vmax(SUB(old, MUL(pair(q0->tangentMass, q1->tangentMass), vt)), negate(max_friction)), max_friction);
    unpair(q0->tangentImpulse, q1->tangentImpulse, fresh);
    __m256 applied = SUB(fresh, old);
    apply(MUL(applied, tx), MUL(applied, ty), arm, m, A, B);
}

__attribute__((target("avx2")))
int ckernels_solve_soft_pair_avx2(ckernels_soft_batch *b0, ckernels_soft_batch *b1, void *states, int32_t dummy,
                                  ckernels_soft_pass pass, int reversed) {
    __m256 zero = _mm256_setzero_ps();
    // A lane that records its approach speed: the Swift kernel's out-of-line path.
    __m256 records = _mm256_or_ps(_mm256_cmp_ps(LOAD(p0.recordable), zero, _CMP_GT_OQ),
                                  _mm256_cmp_ps(LOAD(p1.recordable), zero, _CMP_GT_OQ));
    if (_mm256_movemask_ps(records) != 0 || lanes_share_a_body(b0->bodyA, b0->bodyB, b1->bodyA, b1->bodyB, dummy, dummy)) return 0;
    float *sb = (float *)states;
    soft_body A = gather(sb, b0->bodyA, b1->bodyA), B = gather(sb, b0->bodyB, b1->bodyB);
    __m256 nx = LOAD(nx), ny = LOAD(ny);
    lane_arms q0 = arms(&b0->p0, &b1->p0), q1 = arms(&b0->p1, &b1->p1);
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
    lane_masses m = { LOAD(mA), LOAD(iA), LOAD(mB), LOAD(iB) };
    normal_row(&b0->p0, &b1->p0, q0, r0, m, nx, ny, &A.v, &B.v);
    normal_row(&b0->p1, &b1->p1, q1, r1, m, nx, ny, &A.v, &B.v);
    if (!pass.use_bias) {
        __m256 friction = LOAD(friction);
        if (reversed) {
            friction_row(&b0->p1, &b1->p1, q1, friction, m, nx, ny, &A.v, &B.v);
            friction_row(&b0->p0, &b1->p0, q0, friction, m, nx, ny, &A.v, &B.v);
        } else {
            friction_row(&b0->p0, &b1->p0, q0, friction, m, nx, ny, &A.v, &B.v);
            friction_row(&b0->p1, &b1->p1, q1, friction, m, nx, ny, &A.v, &B.v);
        }
    }
    scatter_velocities(sb, b0->bodyA, b0->bodyB, b1->bodyA, b1->bodyB, A.v, B.v);
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
