#include "ckernels.h"

#include <string.h>

typedef uint8_t u8x64 __attribute__((vector_size(64)));

// Sixteen words in, 48 bytes out per step: one shuffle that drops every fourth byte and
// swaps B and R (an AVX2 build turns it into byte shuffles; the baseline into slower
// unpacks); the last pixels one by one.
static inline __attribute__((always_inline)) void rgb_row(const uint32_t *words, uint8_t *rgb, size_t width) {
    const uint8_t *source = (const uint8_t *)words;
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        u8x64 v;
        memcpy(&v, source + 4 * x, sizeof v);
        u8x64 packed = __builtin_shufflevector(v, v, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 18, 17, 16, 22, 21, 20, 26, 25, 24,
                                               30, 29, 28, 34, 33, 32, 38, 37, 36, 42, 41, 40, 46, 45, 44, 50, 49, 48, 54, 53, 52,
                                               58, 57, 56, 62, 61, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        memcpy(rgb + 3 * x, &packed, 48);
    }
    for (; x < width; x++) {
        rgb[3 * x] = source[4 * x + 2];
        rgb[3 * x + 1] = source[4 * x + 1];
        rgb[3 * x + 2] = source[4 * x];
    }
}

void ckernels_rgb_row_portable(const uint32_t *words, uint8_t *rgb, size_t width) { rgb_row(words, rgb, width); }

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2")))
#endif
void ckernels_rgb_row_avx2(const uint32_t *words, uint8_t *rgb, size_t width) { rgb_row(words, rgb, width); }
