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
#include <immintrin.h>

#define AVX __attribute__((target("avx2"), always_inline)) static inline

typedef struct { __m256 vx, vy, w; } wide_body;

typedef struct {
    __m256 rAx, rAy, rBx, rBy;
} wide_arms;

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

/// The (vx, vy, w) of each lane's body: 16-byte rows of the 32-byte body states, transposed
/// (lane k of the low half from `lo[k]`, of the high half from `hi[k]`).
AVX wide_body gather(const float *states, const int32_t *lo, const int32_t *hi) {
    __m256 r0 = pair(states + 8 * (ptrdiff_t)lo[0], states + 8 * (ptrdiff_t)hi[0]);
    __m256 r1 = pair(states + 8 * (ptrdiff_t)lo[1], states + 8 * (ptrdiff_t)hi[1]);
    __m256 r2 = pair(states + 8 * (ptrdiff_t)lo[2], states + 8 * (ptrdiff_t)hi[2]);
    __m256 r3 = pair(states + 8 * (ptrdiff_t)lo[3], states + 8 * (ptrdiff_t)hi[3]);
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    wide_body b;
    b.vx = _mm256_shuffle_ps(t0, t2, 0x44);
    b.vy = _mm256_shuffle_ps(t0, t2, 0xEE);
    b.w = _mm256_shuffle_ps(t1, t3, 0x44);
    return b;
}

/// Writes each lane's (vx, vy, w, 0) row back, the low half's lanes 0-3 in order, then the
/// high half's (the order of two four-lane scatters).
AVX void scatter_half(float *states, const int32_t *idx, __m128 s0, __m128 s1, __m128 s2, __m128 s3) {
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[0], s0);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[1], s1);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[2], s2);
    _mm_storeu_ps(states + 8 * (ptrdiff_t)idx[3], s3);
}

typedef struct { __m256 s0, s1, s2, s3; } rows;

AVX rows transpose_back(wide_body b) {
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

AVX void scatter(float *states, const ckernels_sequential_batch *b0, const ckernels_sequential_batch *b1,
                 wide_body A, wide_body B) {
    rows a = transpose_back(A), b = transpose_back(B);
    scatter_half(states, b0->bodyA, LO(a.s0), LO(a.s1), LO(a.s2), LO(a.s3));
    scatter_half(states, b0->bodyB, LO(b.s0), LO(b.s1), LO(b.s2), LO(b.s3));
    scatter_half(states, b1->bodyA, HI(a.s0), HI(a.s1), HI(a.s2), HI(a.s3));
    scatter_half(states, b1->bodyB, HI(b.s0), HI(b.s1), HI(b.s2), HI(b.s3));
}

#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps

/// Swift's prefix minus on SIMD vectors: 0 - v (so -(+0) is +0, where a sign flip gives -0;
/// a lane with no normal impulse clamps its friction to +0 either side).
AVX __m256 negate(__m256 v) { return _mm256_sub_ps(_mm256_setzero_ps(), v); }
/// `a.replacing(with: b, where: mask)`.
AVX __m256 pick(__m256 a, __m256 b, __m256 mask) { return _mm256_blendv_ps(a, b, mask); }
AVX __m256 vmax(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_GT_OQ)); }
AVX __m256 vmin(__m256 a, __m256 b) { return pick(a, b, _mm256_cmp_ps(b, a, _CMP_LT_OQ)); }
AVX __m256 at_least(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }

AVX wide_arms arms(const ckernels_sequential_wide_point *p0, const ckernels_sequential_wide_point *p1) {
    wide_arms r;
    r.rAx = pair(p0->rAx, p1->rAx); r.rAy = pair(p0->rAy, p1->rAy);
    r.rBx = pair(p0->rBx, p1->rBx); r.rBy = pair(p0->rBy, p1->rBy);
    return r;
}

/// The relative velocity at a point along (dx, dy).
AVX __m256 relative(wide_arms p, wide_body A, wide_body B, __m256 dx, __m256 dy) {
    __m256 dvx = SUB(SUB(B.vx, MUL(B.w, p.rBy)), SUB(A.vx, MUL(A.w, p.rAy)));
    __m256 dvy = SUB(ADD(B.vy, MUL(B.w, p.rBx)), ADD(A.vy, MUL(A.w, p.rAx)));
    return ADD(MUL(dvx, dx), MUL(dvy, dy));
}

typedef struct { __m256 mA, iA, mB, iB; } wide_masses;

AVX void apply(__m256 px, __m256 py, wide_arms p, wide_masses m, wide_body *A, wide_body *B) {
    A->vx = SUB(A->vx, MUL(m.mA, px)); A->vy = SUB(A->vy, MUL(m.mA, py));
    A->w = SUB(A->w, MUL(m.iA, SUB(MUL(p.rAx, py), MUL(p.rAy, px))));
    B->vx = ADD(B->vx, MUL(m.mB, px)); B->vy = ADD(B->vy, MUL(m.mB, py));
    B->w = ADD(B->w, MUL(m.iB, SUB(MUL(p.rBx, py), MUL(p.rBy, px))));
}

AVX void solve_pair(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, float *states, int mixed) {
    wide_body A = gather(states, b0->bodyA, b1->bodyA), B = gather(states, b0->bodyB, b1->bodyB);
    __m256 nx = LOAD(nx), ny = LOAD(ny), tx = ny, ty = negate(nx);
    __m256 friction = LOAD(friction), zero = _mm256_setzero_ps();
    wide_masses m = { LOAD(mA), LOAD(iA), LOAD(mB), LOAD(iB) };
    wide_arms q0 = arms(&b0->p0, &b1->p0);

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
        scatter(states, b0, b1, A, B);
        return;
    }
    __m256 two = LOAD(twoPoints);
    wide_arms q1 = arms(&b0->p1, &b1->p1);
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
    scatter(states, b0, b1, A, B);
}

/// Whether any lane of the batch solves two points.
static int has_two_points(const ckernels_sequential_batch *b) {
    return b->twoPoints[0] > 0 || b->twoPoints[1] > 0 || b->twoPoints[2] > 0 || b->twoPoints[3] > 0;
}

/// Whether the batches share a body slot other than the dummies (a kinematic body: it takes
/// no graph color, so one color may hold several of its constraints).
static int share_a_body(const ckernels_sequential_batch *b0, const ckernels_sequential_batch *b1,
                        int32_t dummy, int32_t second_dummy) {
    for (int i = 0; i < 4; i++) {
        int32_t slots[2] = { b1->bodyA[i], b1->bodyB[i] };
        for (int s = 0; s < 2; s++) {
            int32_t x = slots[s];
            if (x == dummy || x == second_dummy) continue;
            for (int j = 0; j < 4; j++) if (b0->bodyA[j] == x || b0->bodyB[j] == x) return 1;
        }
    }
    return 0;
}

__attribute__((target("avx2")))
int ckernels_solve_sequential_pair_avx2(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, void *states,
                                        int32_t dummy, int32_t second_dummy) {
    int mixed = has_two_points(b0);
    if (mixed != has_two_points(b1) || share_a_body(b0, b1, dummy, second_dummy)) return 0;
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
