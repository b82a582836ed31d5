#include "ckernels.h"

// Design note: one velocity iteration of two batches of the sequential contact solver at
// once, eight lanes in AVX registers (Dynamics' SequentialContactBatches.swift, whose Swift
// kernels run four lanes in SSE registers; Swift cannot compile one function for AVX). The
// two batches belong to one graph color, so no moving body is in both and solving them side
// by side is solving one after the other. Each lane runs the very operations of the Swift
// kernel in the same order (no fused multiply-add: the target has none, and contraction is
// off), the selections are the Swift kernel's own (`a.replacing(with: b, where: b > a)`,
// not maxps with its operands either way, which differ on NaN and signed zeros) and a
// negation is Swift's 0 - x, so the velocities and impulses come out bit for bit as the
// four-lane kernels leave them.

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)
#include "lanes_avx2.h"

AVX __m256 at_least(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }

_Static_assert(offsetof(ckernels_sequential_wide_point, rAx) == 0 && offsetof(ckernels_sequential_wide_point, rBy) == 12 * sizeof(float),
               "arms_at reads a point's arms as the first sixteen floats of its record");

/// A point's arms in both batches (its record starts with them).
AVX lane_arms arms(const ckernels_sequential_wide_point *p0, const ckernels_sequential_wide_point *p1) { return arms_at(p0->rAx, p1->rAx); }

AVX void solve_pair(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, float *states, int mixed) {
    lane_velocity A = gather_velocity(states, b0->bodyA, b1->bodyA), B = gather_velocity(states, b0->bodyB, b1->bodyB);
    __m256 nx = LOAD(nx), ny = LOAD(ny), tx = ny, ty = negate(nx);
    __m256 friction = LOAD(friction), zero = _mm256_setzero_ps();
    lane_masses m = { LOAD(mA), LOAD(iA), LOAD(mB), LOAD(iB) };
    lane_arms q0 = arms(&b0->p0, &b1->p0);

    // The first point's friction row.
    {
        __m256 vt = relative(q0, A, B, tx, ty);
        __m256 tangent = LOAD(p0.tangentImpulse);
        __m256 maxFriction = MUL(friction, LOAD(p0.normalImpulse));
        __m256 newImpulse = vmin(vmax(SUB(tangent, MUL(LOAD(p0.tangentMass), vt)), negate(maxFriction)), maxFriction);
        __m256 lambda = SUB(newImpulse, tangent);
        STORE(p0.tangentImpulse, newImpulse);
        apply(MUL(lambda, tx), MUL(lambda, ty), q0, m, &A, &B);
    }
    if (!mixed) {
        __m256 normal = LOAD(p0.normalImpulse);
        __m256 vn1 = relative(q0, A, B, nx, ny);
        __m256 d1 = SUB(vmax(SUB(normal, MUL(LOAD(p0.normalMass), SUB(vn1, LOAD(p0.velocityBias)))), zero), normal);
        STORE(p0.normalImpulse, ADD(normal, d1));
        apply(MUL(d1, nx), MUL(d1, ny), q0, m, &A, &B);
        scatter_velocities(states, b0->bodyA, b0->bodyB, b1->bodyA, b1->bodyB, A, B);
        return;
    }
    __m256 two = LOAD(twoPoints);
    lane_arms q1 = arms(&b0->p1, &b1->p1);
    // The second point's friction row (zero where a lane has one point).
    {
        __m256 vt = relative(q1, A, B, tx, ty);
        __m256 tangent = LOAD(p1.tangentImpulse);
        __m256 maxFriction = MUL(friction, LOAD(p1.normalImpulse));
        __m256 newImpulse = vmin(vmax(SUB(tangent, MUL(LOAD(p1.tangentMass), vt)), negate(maxFriction)), maxFriction);
        __m256 lambda = MUL(two, SUB(newImpulse, tangent));
        STORE(p1.tangentImpulse, ADD(tangent, lambda));
        apply(MUL(lambda, tx), MUL(lambda, ty), q1, m, &A, &B);
    }
    // The normal rows: one point alone, or both as the 2x2 LCP by its four cases.
    __m256 vn1 = relative(q0, A, B, nx, ny), vn2 = relative(q1, A, B, nx, ny);
    __m256 a1 = LOAD(p0.normalImpulse), a2 = LOAD(p1.normalImpulse);
    __m256 bias1 = LOAD(p0.velocityBias), bias2 = LOAD(p1.velocityBias);
    __m256 mass1 = LOAD(p0.normalMass), mass2 = LOAD(p1.normalMass);
    __m256 single = SUB(vmax(SUB(a1, MUL(mass1, SUB(vn1, bias1))), zero), a1);
    __m256 k11 = LOAD(k11), k12 = LOAD(k12), k22 = LOAD(k22);
    __m256 bx = SUB(SUB(vn1, bias1), ADD(MUL(k11, a1), MUL(k12, a2)));
    __m256 by = SUB(SUB(vn2, bias2), ADD(MUL(k12, a1), MUL(k22, a2)));
    __m256 inv11 = LOAD(inv11), inv12 = LOAD(inv12), inv22 = LOAD(inv22);
    __m256 x1 = negate(ADD(MUL(inv11, bx), MUL(inv12, by)));
    __m256 x2 = negate(ADD(MUL(inv12, bx), MUL(inv22, by)));
    __m256 solved = _mm256_and_ps(at_least(x1, zero), at_least(x2, zero));
    __m256 y1 = MUL(negate(mass1), bx);
    __m256 case2 = _mm256_and_ps(_mm256_andnot_ps(solved, at_least(y1, zero)), at_least(ADD(MUL(k12, y1), by), zero));
    x1 = pick(x1, y1, case2); x2 = pick(x2, zero, case2); solved = _mm256_or_ps(solved, case2);
    __m256 y2 = MUL(negate(mass2), by);
    __m256 case3 = _mm256_and_ps(_mm256_andnot_ps(solved, at_least(y2, zero)), at_least(ADD(MUL(k12, y2), bx), zero));
    x1 = pick(x1, zero, case3); x2 = pick(x2, y2, case3); solved = _mm256_or_ps(solved, case3);
    __m256 case4 = _mm256_and_ps(_mm256_andnot_ps(solved, at_least(bx, zero)), at_least(by, zero));
    x1 = pick(x1, zero, case4); x2 = pick(x2, zero, case4); solved = _mm256_or_ps(solved, case4);
    // Unsolved lanes keep their impulses: all-ones where solved, so pick a1 where not.
    __m256 unsolved = _mm256_xor_ps(solved, _mm256_castsi256_ps(_mm256_set1_epi32(-1)));
    x1 = pick(x1, a1, unsolved); x2 = pick(x2, a2, unsolved);
    __m256 isTwo = _mm256_cmp_ps(two, zero, _CMP_GT_OQ);
    __m256 d1 = pick(single, SUB(x1, a1), isTwo);
    __m256 d2 = pick(zero, SUB(x2, a2), isTwo);
    STORE(p0.normalImpulse, ADD(a1, d1));
    STORE(p1.normalImpulse, ADD(a2, d2));
    apply(MUL(d1, nx), MUL(d1, ny), q0, m, &A, &B);
    apply(MUL(d2, nx), MUL(d2, ny), q1, m, &A, &B);
    scatter_velocities(states, b0->bodyA, b0->bodyB, b1->bodyA, b1->bodyB, A, B);
}

/// Whether any lane of the batch solves two points.
static int has_two_points(const ckernels_sequential_batch *b) {
    return b->twoPoints[0] > 0 || b->twoPoints[1] > 0 || b->twoPoints[2] > 0 || b->twoPoints[3] > 0;
}

__attribute__((target("avx2")))
int ckernels_solve_sequential_pair_avx2(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, void *states,
                                        int32_t dummy, int32_t second_dummy) {
    int mixed = has_two_points(b0);
    if (mixed != has_two_points(b1) || lanes_share_a_body(b0->bodyA, b0->bodyB, b1->bodyA, b1->bodyB, dummy, second_dummy)) return 0;
    solve_pair(b0, b1, (float *)states, mixed);
    return 1;
}
#else
int ckernels_solve_sequential_pair_avx2(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, void *states,
                                        int32_t dummy, int32_t second_dummy) {
    (void)b0; (void)b1; (void)states; (void)dummy; (void)second_dummy;
    return 0;
}
#endif

size_t ckernels_sequential_batch_offset(int field) {
    switch (field) {
    case 0: return offsetof(ckernels_sequential_batch, bodyA);
    case 1: return offsetof(ckernels_sequential_batch, nx);
    case 2: return offsetof(ckernels_sequential_batch, twoPoints);
    case 3: return offsetof(ckernels_sequential_batch, p0);
    case 4: return offsetof(ckernels_sequential_batch, p1);
    case 5: return offsetof(ckernels_sequential_batch, p1) + offsetof(ckernels_sequential_wide_point, velocityBias);
    default: return sizeof(ckernels_sequential_batch);
    }
}
