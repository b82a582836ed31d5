// Design note: the kernels that run over every byte of every frame (PNG rows, preview YUV,
// the manifest's SHA-256), in C because they want the processor's extensions and Swift
// compiles for the baseline (SSE2 on x86-64) with no way to ask for more in one function.
// The pixel kernels are written once with portable vector types and compiled twice, for the
// baseline and with AVX2, the caller picking with ckernels_has_avx2(); both compute exactly
// the same integers, so a frame's bytes never depend on the machine that made them. The
// SHA-256 kernel uses the SHA extensions (ckernels_has_sha()); without them the caller keeps
// its own portable code. The sequential contact solver's pair kernel runs a velocity
// iteration of two four-lane batches in one set of AVX registers, each lane computing exactly
// what Dynamics' Swift kernel computes, so the physics never depends on the machine either;
// its position kernel corrects four constraints of a color at once, each lane as the Swift
// loop corrects one. The soft step's pair kernel does for its biased and relax passes what the
// sequential one does for the velocity iterations.
#ifndef ANIMATIC_CKERNELS_H
#define ANIMATIC_CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Pixels per call unit of ckernels_yuv420_rows: 32 pixels of each of the two rows.
#define CKERNELS_YUV420_BLOCK 32

/// 1 when this processor (and its operating system) runs AVX2 code, else 0 (on other
/// architectures, always 0). Asks the processor once.
int ckernels_has_avx2(void);

/// 1 when this processor has the SHA extensions (and SSSE3, SSE4.1), else 0 (on other
/// architectures, always 0). Asks the processor once.
int ckernels_has_sha(void);

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for every implementation.
const uint32_t *ckernels_sha256_round_constants(void);

/// FIPS 180-4's SHA-256 compression of `count` consecutive 64-byte `blocks` into `state`
/// (the eight working words, A first), on the SHA extensions; call only when
/// ckernels_has_sha() is 1 (elsewhere it does nothing).
void ckernels_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

/// BT.601 limited-range YUV 4:2:0 of `blocks` x 32 pixels of two rows of Cairo words (native
/// 32-bit, B, G, R, X bytes on little-endian): 32 luma samples of each row to `y_top` and
/// `y_bottom`, 16 chroma samples of the 2 x 2 means to `u` and `v`. The formula is 16-bit
/// fixed point with rounding: Y = ((16829 R + 33039 G + 6416 B + 32768) >> 16) + 16,
/// U = ((-9714 R - 19071 G + 28784 B + 32768) >> 16) + 128,
/// V = ((28784 R - 24103 G - 4681 B + 32768) >> 16) + 128, the means (sum + 2) >> 2.
void ckernels_yuv420_rows_portable(const uint32_t *top, const uint32_t *bottom, uint8_t *y_top, uint8_t *y_bottom,
                                  uint8_t *u, uint8_t *v, size_t blocks);

/// ckernels_yuv420_rows_portable compiled for AVX2; call only when ckernels_has_avx2() is 1
/// (on other architectures the portable code again).
void ckernels_yuv420_rows_avx2(const uint32_t *top, const uint32_t *bottom, uint8_t *y_top, uint8_t *y_bottom,
                              uint8_t *u, uint8_t *v, size_t blocks);

/// The Adler-32 checksum (RFC 1950) of `count` bytes continued from `adler` (1 for none),
/// as zlib's adler32() computes it, in AVX2 (about twenty times zlib 1.2.13's scalar loop);
/// call only when ckernels_has_avx2() is 1 (elsewhere it returns `adler` unchanged).
uint32_t ckernels_adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t count);

/// The R, G, B bytes of `width` little-endian Cairo words (B, G, R, X in memory), as a PNG
/// row of an opaque frame wants them. `rgb` holds 3 x `width` bytes.
void ckernels_rgb_row_portable(const uint32_t *words, uint8_t *rgb, size_t width);

/// ckernels_rgb_row_portable compiled for AVX2; call only when ckernels_has_avx2() is 1.
void ckernels_rgb_row_avx2(const uint32_t *words, uint8_t *rgb, size_t width);

/// One point of four sequential contact constraints, lane by lane: Dynamics'
/// SequentialWidePoint, field for field (its SIMD4<Float> fields are 16-byte arrays here).
typedef struct {
    float rAx[4], rAy[4], rBx[4], rBy[4];
    float normalImpulse[4], tangentImpulse[4];
    float normalMass[4], tangentMass[4], velocityBias[4];
} ckernels_sequential_wide_point;

/// Four sequential contact constraints of one graph color: Dynamics' SequentialBatch, field
/// for field (checked by ckernels_sequential_batch_offset against Swift's layout).
typedef struct {
    int32_t bodyA[4], bodyB[4], constraint[4];
    float nx[4], ny[4], friction[4];
    float mA[4], iA[4], mB[4], iB[4];
    float k11[4], k12[4], k22[4], inv11[4], inv12[4], inv22[4];
    float twoPoints[4];
    ckernels_sequential_wide_point p0, p1;
} ckernels_sequential_batch;

/// One velocity iteration of two batches of one graph color at once, eight lanes with AVX2,
/// each lane exactly as Dynamics' four-lane kernels solve it; `states` are the 32-byte body
/// states the lanes' slots index. Declines (returns 0, touching nothing) when one batch
/// solves two-point lanes and the other does not, or when the batches share a body slot
/// other than the two dummies; else solves both and returns 1. Call only when
/// ckernels_has_avx2() is 1 (elsewhere it always declines).
int ckernels_solve_sequential_pair_avx2(ckernels_sequential_batch *b0, ckernels_sequential_batch *b1, void *states,
                                        int32_t dummy, int32_t second_dummy);

/// Byte offsets in ckernels_sequential_batch, for the layout check: 0 bodyA, 1 nx,
/// 2 twoPoints, 3 p0, 4 p1, 5 p1.velocityBias; anything else, the size.
size_t ckernels_sequential_batch_offset(int field);

/// One point of four soft-step contact constraints, lane by lane: Dynamics' WidePoint, field
/// for field (its SIMD4<Float> fields are 16-byte arrays here).
typedef struct {
    float rAx[4], rAy[4], rBx[4], rBy[4];
    float baseSeparation[4];
    float normalImpulse[4], tangentImpulse[4], maxNormalImpulse[4];
    float normalMass[4], tangentMass[4];
    float relativeVelocity[4], recordable[4];
} ckernels_soft_wide_point;

/// Four soft-step contact constraints of one graph color: Dynamics' ContactBatch, field for
/// field (checked by ckernels_soft_batch_offset against Swift's layout).
typedef struct {
    int32_t bodyA[4], bodyB[4], contact[4];
    float nx[4], ny[4], friction[4], restitution[4];
    float mA[4], iA[4], mB[4], iB[4];
    float biasRate[4], massScale[4], impulseScale[4], accelN[4];
    float invK11[4], invK12[4], invK22[4], blockable[4];
    ckernels_soft_wide_point p0, p1;
} ckernels_soft_batch;

/// What every batch of one soft-step pass shares: Dynamics' SubStepTerms.
typedef struct {
    float inv_h, h, max_bias, deep_overlap;
    int use_bias;
} ckernels_soft_pass;

/// One solve of two batches of one graph color at once in a soft sub-step's biased pass or
/// its relax pass (with friction; `reversed`: the second point's friction first), eight
/// lanes with AVX2, each lane exactly as Dynamics' four-lane `solveBatch` solves it; `states`
/// are the 32-byte body states the lanes index. Declines (returns 0, touching nothing) when
/// the batches share a body slot other than `dummy`, when a lane records an approach speed
/// or when a lane lands (the rare paths the Swift kernel keeps out of line); else solves
/// both and returns 1. Call only when ckernels_has_avx2() is 1 (elsewhere it always declines).
int ckernels_solve_soft_pair_avx2(ckernels_soft_batch *b0, ckernels_soft_batch *b1, void *states, int32_t dummy,
                                  ckernels_soft_pass pass, int reversed);

/// Byte offsets in ckernels_soft_batch, for the layout check: 0 bodyA, 1 nx, 2 biasRate,
/// 3 blockable, 4 p0, 5 p1, 6 p1.recordable; anything else, the size.
size_t ckernels_soft_batch_offset(int field);

/// The reference face of a sequential position constraint (Dynamics' SequentialManifoldKind,
/// whose cases are stored as 0 circles, 1 faceA, 2 faceB).
#define CKERNELS_MANIFOLD_FACE_A 1
#define CKERNELS_MANIFOLD_FACE_B 2

/// Dynamics' SequentialPositionConstraint, field for field (checked by
/// ckernels_position_layout against Swift's layout).
typedef struct {
    int32_t bodyA, bodyB;
    uint8_t kind;
    int32_t count;
    double mA, iA, mB, iB;
    double localNormal[2], localPlanePoint[2], localPoint0[2], localPoint1[2];
    double radiusA, radiusB;
} ckernels_position_constraint;

/// The head of Dynamics' SequentialBody, what a position pass reads and writes: centre,
/// angle, cached rotation (cos, sin) and the angle it was cached for, local centre.
typedef struct {
    double cx, cy, a, qc, qs, qa, lx, ly;
} ckernels_position_body;

/// Corrects the positions of the four consecutive constraints of one graph color at `c`,
/// each lane exactly as Dynamics' World.correctPosition corrects its constraint, on the
/// solver bodies at `bodies` (records `body_stride` bytes apart); the smallest separation
/// (0 when none is below) into `min_separation`. Declines (returns 0, touching nothing) when
/// a lane's manifold is of circles or a body with mass is in two lanes; else returns 1. Call
/// only when ckernels_has_avx2() is 1 (elsewhere it always declines).
int ckernels_correct_positions_four_avx2(const ckernels_position_constraint *c, void *bodies, size_t body_stride,
                                         double baumgarte, double linear_slop, double max_correction,
                                         double *min_separation);

/// Byte offsets for the layout check: 0 kind, 1 count, 2 mA, 3 localNormal, 4 localPoint1,
/// 5 radiusB, 6 the constraint's size; 10 a, 11 qc, 12 qa, 13 lx of the body.
size_t ckernels_position_layout(int field);

#endif
