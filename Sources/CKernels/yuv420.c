#include "ckernels.h"

#include <string.h>

// The 2^16 fixed-point products are split so every lane stays 16 bits wide (twice the
// lanes of 32-bit arithmetic): a coefficient c = 256 h + l gives c x = 256 (h x) + l x for
// x <= 255, and floor((256 A + B + 32768) / 65536) = (A + 128 + (B >> 8)) >> 8 exactly, with
// arithmetic shifts so negative chroma sums floor like the 32-bit formula. Luma (unsigned):
// 16829 = 65 x 256 + 189, 33039 = 129 x 256 + 15, 6416 = 25 x 256 + 16. U (signed):
// -9714 = -38 x 256 + 14, -19071 = -74 x 256 - 127, 28784 = 112 x 256 + 112. V: 28784 as U's,
// -24103 = -94 x 256 - 39, -4681 = -18 x 256 - 73. No sum leaves its lane's range.

// The helpers below take vectors wider than the baseline's registers; they are always
// inlined, so no call passes one across an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint32_t u32x32 __attribute__((vector_size(128)));
typedef uint16_t u16x32 __attribute__((vector_size(64)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef uint8_t u8x32 __attribute__((vector_size(32)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));

#define EVEN_LANES(s) __builtin_shufflevector(s, s, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30)
#define ODD_LANES(s) __builtin_shufflevector(s, s, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31)

static inline __attribute__((always_inline)) u8x32 luma(u16x32 r, u16x32 g, u16x32 b) {
    u16x32 high = 65 * r + 129 * g + 25 * b, low = 189 * r + 15 * g + 16 * b;
    return __builtin_convertvector(((high + 128 + (low >> 8)) >> 8) + 16, u8x32);
}

static inline __attribute__((always_inline)) u8x16 chroma(i16x16 high, i16x16 low) {
    return __builtin_convertvector(((high + 128 + (low >> 8)) >> 8) + 128, u8x16);
}

/// The 2 x 2 means of two rows' channel, as signed lanes (sums of at most 1,020).
static inline __attribute__((always_inline)) i16x16 mean(u16x32 top, u16x32 bottom) {
    u16x32 s = top + bottom;
    return (i16x16)((EVEN_LANES(s) + ODD_LANES(s) + 2) >> 2);
}

static inline __attribute__((always_inline)) void rows(const uint32_t *top, const uint32_t *bottom, uint8_t *y_top,
                                                       uint8_t *y_bottom, uint8_t *u, uint8_t *v, size_t blocks) {
    for (size_t k = 0; k < blocks; k++) {
        u32x32 t, b;
        // memcpy: the rows carry no alignment promise; compilers turn it into vector loads.
        memcpy(&t, top + 32 * k, sizeof t);
        memcpy(&b, bottom + 32 * k, sizeof b);
        u16x32 bt = __builtin_convertvector(t & 0xFF, u16x32), gt = __builtin_convertvector((t >> 8) & 0xFF, u16x32);
        u16x32 rt = __builtin_convertvector((t >> 16) & 0xFF, u16x32);
        u16x32 bb = __builtin_convertvector(b & 0xFF, u16x32), gb = __builtin_convertvector((b >> 8) & 0xFF, u16x32);
        u16x32 rb = __builtin_convertvector((b >> 16) & 0xFF, u16x32);
        u8x32 yt = luma(rt, gt, bt), yb = luma(rb, gb, bb);
        memcpy(y_top + 32 * k, &yt, sizeof yt);
        memcpy(y_bottom + 32 * k, &yb, sizeof yb);
        i16x16 r = mean(rt, rb), g = mean(gt, gb), bl = mean(bt, bb);
        u8x16 cu = chroma(-38 * r - 74 * g + 112 * bl, 14 * r - 127 * g + 112 * bl);
        u8x16 cv = chroma(112 * r - 94 * g - 18 * bl, 112 * r - 39 * g - 73 * bl);
        memcpy(u + 16 * k, &cu, sizeof cu);
        memcpy(v + 16 * k, &cv, sizeof cv);
    }
}

void ckernels_yuv420_rows_portable(const uint32_t *top, const uint32_t *bottom, uint8_t *y_top, uint8_t *y_bottom,
                                  uint8_t *u, uint8_t *v, size_t blocks) {
    rows(top, bottom, y_top, y_bottom, u, v, blocks);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2")))
#endif
void ckernels_yuv420_rows_avx2(const uint32_t *top, const uint32_t *bottom, uint8_t *y_top, uint8_t *y_bottom,
                              uint8_t *u, uint8_t *v, size_t blocks) {
    rows(top, bottom, y_top, y_bottom, u, v, blocks);
}
