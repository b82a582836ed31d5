#include "ckernels.h"

// Design note: the sequential step's position correction, four constraints of one graph
// color at once in AVX registers (Dynamics' SequentialContactSolver.swift corrects one
// constraint after another in scalar Swift; Swift cannot compile one function for AVX). The
// four constraints of a color share no moving body, so correcting them side by side is
// correcting them one after the other. Each lane runs the very operations of
// `World.correctPosition` in the same order, in double precision, without fused
// multiply-add (contraction is off): the selections are Swift's `min` and `max` (`y < x ?
// y : x`, `y >= x ? y : x`), a negation is a sign flip as Swift's on a Double, and a
// rotation goes stale and is recomputed by the same libm `sincos` exactly when the Swift
// body's cached one would be. So the centres, angles and cached rotations come out bit for
// bit as the Swift loop leaves them, and the physics never depends on the machine.

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX __attribute__((target("avx2"), always_inline)) static inline

/// A lane's body in registers: centre, angle, cached rotation and its angle, local centre.
typedef struct { __m256d cx, cy, a, qc, qs, qa, lx, ly; } wide_body;

/// The body record of `index`: `stride` bytes apart.
AVX ckernels_position_body *body_at(void *bodies, size_t stride, int32_t index) {
    return (ckernels_position_body *)((char *)bodies + stride * (size_t)index);
}

/// Rows to columns: lane l of column k is element k of row l.
AVX void transpose(__m256d r0, __m256d r1, __m256d r2, __m256d r3,
                   __m256d *c0, __m256d *c1, __m256d *c2, __m256d *c3) {
    __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    *c0 = _mm256_permute2f128_pd(t0, t2, 0x20);
    *c1 = _mm256_permute2f128_pd(t1, t3, 0x20);
    *c2 = _mm256_permute2f128_pd(t0, t2, 0x31);
    *c3 = _mm256_permute2f128_pd(t1, t3, 0x31);
}

/// Brings the cached rotation of each lane that asks for its transform (`wanted`) up to its
/// angle, as `SequentialBody.rotation()` does: recomputed (by the same sincos) only when the
/// angle moved since it was cached (`!=`, so a NaN angle always).
AVX void refresh(wide_body *w, __m256d wanted) {
    __m256d stale = _mm256_and_pd(wanted, _mm256_cmp_pd(w->qa, w->a, _CMP_NEQ_UQ));
    int lanes = _mm256_movemask_pd(stale);
    if (lanes == 0) return;
    double a[4], qc[4], qs[4];
    _mm256_storeu_pd(a, w->a); _mm256_storeu_pd(qc, w->qc); _mm256_storeu_pd(qs, w->qs);
    for (int l = 0; l < 4; l++) {
        if (lanes & (1 << l)) __builtin_sincos(a[l], &qs[l], &qc[l]); // as CPUHints' animatic_sincos, which Rot(angle:) calls
    }
    w->qc = _mm256_loadu_pd(qc); w->qs = _mm256_loadu_pd(qs);
    w->qa = _mm256_blendv_pd(w->qa, w->a, stale);
}

AVX wide_body load(void *bodies, size_t stride, const int32_t index[4], __m256d wanted) {
    const double *p0 = (const double *)body_at(bodies, stride, index[0]);
    const double *p1 = (const double *)body_at(bodies, stride, index[1]);
    const double *p2 = (const double *)body_at(bodies, stride, index[2]);
    const double *p3 = (const double *)body_at(bodies, stride, index[3]);
    wide_body w;
    transpose(_mm256_loadu_pd(p0), _mm256_loadu_pd(p1), _mm256_loadu_pd(p2), _mm256_loadu_pd(p3), &w.cx, &w.cy, &w.a, &w.qc);
    transpose(_mm256_loadu_pd(p0 + 4), _mm256_loadu_pd(p1 + 4), _mm256_loadu_pd(p2 + 4), _mm256_loadu_pd(p3 + 4), &w.qs, &w.qa, &w.lx, &w.ly);
    refresh(&w, wanted);
    return w;
}

#define ADD _mm256_add_pd
#define SUB _mm256_sub_pd
#define MUL _mm256_mul_pd

/// `b` where `mask`, else `a`.
AVX __m256d pick(__m256d a, __m256d b, __m256d mask) { return _mm256_blendv_pd(a, b, mask); }
/// Swift's `min(x, y)`: `y < x ? y : x`.
AVX __m256d swift_min(__m256d x, __m256d y) { return pick(x, y, _mm256_cmp_pd(y, x, _CMP_LT_OQ)); }
/// Swift's `max(x, y)`: `y >= x ? y : x`.
AVX __m256d swift_max(__m256d x, __m256d y) { return pick(x, y, _mm256_cmp_pd(y, x, _CMP_GE_OQ)); }
/// A Double's prefix minus: the sign flipped.
AVX __m256d flip(__m256d v) { return _mm256_xor_pd(v, _mm256_set1_pd(-0.0)); }

/// Swift's `Transform.apply` of (vx, vy) by the body's transform (`SequentialBody.transform()`:
/// p = c - q.apply(localCenter)): q.apply(v) + p.
AVX void apply(wide_body b, __m256d vx, __m256d vy, __m256d *x, __m256d *y) {
    __m256d px = SUB(b.cx, SUB(MUL(b.qc, b.lx), MUL(b.qs, b.ly)));
    __m256d py = SUB(b.cy, ADD(MUL(b.qs, b.lx), MUL(b.qc, b.ly)));
    *x = ADD(SUB(MUL(b.qc, vx), MUL(b.qs, vy)), px);
    *y = ADD(ADD(MUL(b.qs, vx), MUL(b.qc, vy)), py);
}

typedef struct {
    __m256d faceA;            // the sign bit set where A holds the reference face (a blend mask)
    __m256d mA, iA, mB, iB;
    __m256d nx, ny, ppx, ppy; // local normal and plane point
    __m256d rA, rB;           // radii
} wide_constraint;

/// One point of every lane (`active` lanes only): `World.measure` for face manifolds, then
/// the correction of `World.correctPosition`. Returns the lanes' separations.
AVX __m256d correct_point(const wide_constraint *k, __m256d lpx, __m256d lpy, wide_body *A, wide_body *B,
                          __m256d baumgarte, __m256d slop, __m256d max_correction, __m256d active) {
    // The reference face's body and the other (blended per lane: faceA or faceB).
    wide_body P, Q;
    P.cx = pick(B->cx, A->cx, k->faceA); Q.cx = pick(A->cx, B->cx, k->faceA);
    P.cy = pick(B->cy, A->cy, k->faceA); Q.cy = pick(A->cy, B->cy, k->faceA);
    P.qc = pick(B->qc, A->qc, k->faceA); Q.qc = pick(A->qc, B->qc, k->faceA);
    P.qs = pick(B->qs, A->qs, k->faceA); Q.qs = pick(A->qs, B->qs, k->faceA);
    P.lx = pick(B->lx, A->lx, k->faceA); Q.lx = pick(A->lx, B->lx, k->faceA);
    P.ly = pick(B->ly, A->ly, k->faceA); Q.ly = pick(A->ly, B->ly, k->faceA);
    __m256d nx = SUB(MUL(P.qc, k->nx), MUL(P.qs, k->ny));
    __m256d ny = ADD(MUL(P.qs, k->nx), MUL(P.qc, k->ny));
    __m256d planex, planey, clipx, clipy;
    apply(P, k->ppx, k->ppy, &planex, &planey);
    apply(Q, lpx, lpy, &clipx, &clipy);
    __m256d separation = SUB(SUB(ADD(MUL(SUB(clipx, planex), nx), MUL(SUB(clipy, planey), ny)), k->rA), k->rB);
    // faceB's normal points from B to A: flipped.
    nx = pick(flip(nx), nx, k->faceA);
    ny = pick(flip(ny), ny, k->faceA);
    __m256d rAx = SUB(clipx, A->cx), rAy = SUB(clipy, A->cy);
    __m256d rBx = SUB(clipx, B->cx), rBy = SUB(clipy, B->cy);
    __m256d C = swift_min(swift_max(MUL(baumgarte, ADD(separation, slop)), flip(max_correction)), _mm256_setzero_pd());
    __m256d rnA = SUB(MUL(rAx, ny), MUL(rAy, nx));
    __m256d rnB = SUB(MUL(rBx, ny), MUL(rBy, nx));
    __m256d K = ADD(ADD(ADD(k->mA, k->mB), MUL(MUL(k->iA, rnA), rnA)), MUL(MUL(k->iB, rnB), rnB));
    __m256d impulse = pick(_mm256_setzero_pd(), _mm256_div_pd(flip(C), K), _mm256_cmp_pd(K, _mm256_setzero_pd(), _CMP_GT_OQ));
    __m256d Px = MUL(impulse, nx), Py = MUL(impulse, ny);
    A->cx = pick(A->cx, SUB(A->cx, MUL(k->mA, Px)), active);
    A->cy = pick(A->cy, SUB(A->cy, MUL(k->mA, Py)), active);
    A->a = pick(A->a, SUB(A->a, MUL(k->iA, SUB(MUL(rAx, Py), MUL(rAy, Px)))), active);
    B->cx = pick(B->cx, ADD(B->cx, MUL(k->mB, Px)), active);
    B->cy = pick(B->cy, ADD(B->cy, MUL(k->mB, Py)), active);
    B->a = pick(B->a, ADD(B->a, MUL(k->iB, SUB(MUL(rBx, Py), MUL(rBy, Px)))), active);
    return separation;
}

/// Writes back what a position pass changes of the lanes' bodies that move (mass or
/// inertia): centre, angle, cached rotation and its angle, the record's first 48 bytes.
AVX void store(void *bodies, size_t stride, const int32_t index[4], wide_body w, int moving) {
    __m256d r[4], s[4];
    transpose(w.cx, w.cy, w.a, w.qc, &r[0], &r[1], &r[2], &r[3]);
    transpose(w.qs, w.qa, w.lx, w.ly, &s[0], &s[1], &s[2], &s[3]);
    for (int l = 0; l < 4; l++) {
        if (!(moving & (1 << l))) continue;
        double *b = (double *)body_at(bodies, stride, index[l]);
        _mm256_storeu_pd(b, r[l]);
        _mm_storeu_pd(b + 4, _mm256_castpd256_pd128(s[l]));
    }
}

__attribute__((target("avx2")))
int ckernels_correct_positions_four_avx2(const ckernels_position_constraint *c, void *bodies, size_t body_stride,
                                         double baumgarte_, double linear_slop, double max_correction_,
                                         double *min_separation) {
    int32_t ia[4], ib[4];
    double faceA[4], count1[4], count2[4];
    int movingA = 0, movingB = 0;
    for (int l = 0; l < 4; l++) {
        const ckernels_position_constraint *k = c + l;
        // Circles measure another way: left to the Swift loop.
        if (k->kind != CKERNELS_MANIFOLD_FACE_A && k->kind != CKERNELS_MANIFOLD_FACE_B) return 0;
        ia[l] = k->bodyA; ib[l] = k->bodyB;
        if (k->mA > 0 || k->iA > 0) movingA |= 1 << l;
        if (k->mB > 0 || k->iB > 0) movingB |= 1 << l;
        faceA[l] = k->kind == CKERNELS_MANIFOLD_FACE_A ? -1.0 : 0.0; // the sign bit: a blend mask
        count1[l] = k->count >= 1 ? -1.0 : 0.0;
        count2[l] = k->count >= 2 ? -1.0 : 0.0;
    }
    // A body that moves must be in one lane only (a color's constraints share none; a body
    // outside the coloring with mass, should one come, is left to the Swift loop).
    for (int l = 0; l < 4; l++) {
        for (int j = 0; j < 4; j++) {
            if (j == l) continue;
            if ((movingA & (1 << l)) && (ia[l] == ia[j] || ia[l] == ib[j])) return 0;
            if ((movingB & (1 << l)) && (ib[l] == ia[j] || ib[l] == ib[j])) return 0;
        }
    }
    const double *k0 = (const double *)c, *k1 = (const double *)(c + 1);
    const double *k2 = (const double *)(c + 2), *k3 = (const double *)(c + 3);
    // Doubles from byte 16 on: mA iA mB iB, localNormal localPlanePoint, localPoint0
    // localPoint1, radiusA radiusB (the last two read 16 bytes at a time: nothing lies after
    // the last constraint).
    wide_constraint k;
    k.faceA = _mm256_loadu_pd(faceA);
    transpose(_mm256_loadu_pd(k0 + 2), _mm256_loadu_pd(k1 + 2), _mm256_loadu_pd(k2 + 2), _mm256_loadu_pd(k3 + 2),
              &k.mA, &k.iA, &k.mB, &k.iB);
    transpose(_mm256_loadu_pd(k0 + 6), _mm256_loadu_pd(k1 + 6), _mm256_loadu_pd(k2 + 6), _mm256_loadu_pd(k3 + 6),
              &k.nx, &k.ny, &k.ppx, &k.ppy);
    __m256d l0x, l0y, l1x, l1y;
    transpose(_mm256_loadu_pd(k0 + 10), _mm256_loadu_pd(k1 + 10), _mm256_loadu_pd(k2 + 10), _mm256_loadu_pd(k3 + 10),
              &l0x, &l0y, &l1x, &l1y);
    __m256d radii01 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(k0 + 14)), _mm_loadu_pd(k1 + 14), 1);
    __m256d radii23 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(k2 + 14)), _mm_loadu_pd(k3 + 14), 1);
    // radii01 = (rA0, rB0, rA1, rB1): lanes in the order 0, 2, 1, 3 after the unpack.
    __m256d rA = _mm256_unpacklo_pd(radii01, radii23), rB = _mm256_unpackhi_pd(radii01, radii23);
    k.rA = _mm256_permute4x64_pd(rA, 0xD8);
    k.rB = _mm256_permute4x64_pd(rB, 0xD8);
    __m256d baumgarte = _mm256_set1_pd(baumgarte_), slop = _mm256_set1_pd(linear_slop);
    __m256d max_correction = _mm256_set1_pd(max_correction_);
    __m256d first = _mm256_loadu_pd(count1), second = _mm256_loadu_pd(count2);
    wide_body A = load(bodies, body_stride, ia, first), B = load(bodies, body_stride, ib, first);
    __m256d zero = _mm256_setzero_pd();
    __m256d s0 = correct_point(&k, l0x, l0y, &A, &B, baumgarte, slop, max_correction, first);
    __m256d lane_min = pick(zero, swift_min(zero, s0), first);
    if (_mm256_movemask_pd(second) != 0) {
        refresh(&A, second);
        refresh(&B, second);
        __m256d s1 = correct_point(&k, l1x, l1y, &A, &B, baumgarte, slop, max_correction, second);
        lane_min = pick(lane_min, swift_min(lane_min, s1), second);
    }
    store(bodies, body_stride, ia, A, movingA);
    store(bodies, body_stride, ib, B, movingB);
    double mins[4];
    _mm256_storeu_pd(mins, lane_min);
    double m = 0.0;
    for (int l = 0; l < 4; l++) m = mins[l] < m ? mins[l] : m;
    *min_separation = m;
    return 1;
}
#else
int ckernels_correct_positions_four_avx2(const ckernels_position_constraint *c, void *bodies, size_t body_stride,
                                         double baumgarte, double linear_slop, double max_correction,
                                         double *min_separation) {
    (void)c; (void)bodies; (void)body_stride; (void)baumgarte; (void)linear_slop; (void)max_correction;
    (void)min_separation;
    return 0;
}
#endif

size_t ckernels_position_layout(int field) {
    switch (field) {
    case 0: return offsetof(ckernels_position_constraint, kind);
    case 1: return offsetof(ckernels_position_constraint, count);
    case 2: return offsetof(ckernels_position_constraint, mA);
    case 3: return offsetof(ckernels_position_constraint, localNormal);
    case 4: return offsetof(ckernels_position_constraint, localPoint1);
    case 5: return offsetof(ckernels_position_constraint, radiusB);
    case 6: return sizeof(ckernels_position_constraint);
    case 10: return offsetof(ckernels_position_body, a);
    case 11: return offsetof(ckernels_position_body, qc);
    case 12: return offsetof(ckernels_position_body, qa);
    case 13: return offsetof(ckernels_position_body, lx);
    default: return 0;
    }
}
