#include "ckernels.h"

// FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes. The one copy: the portable Swift compression reads it too.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *ckernels_sha256_round_constants(void) { return round_constants; }

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// FIPS 180-4's compression function on the SHA extensions. sha256rnds2 runs two rounds on
// the state split as (A, B, E, F) and (C, D, G, H), each with A (or C) in the top lane, and
// takes the two rounds' W + K in its low lanes; sha256msg1 and sha256msg2 extend the message
// schedule four words at a time (W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]):
// msg1 adds s0 of the next group to the group 16 words back, the 4-byte shift of the two
// latest groups supplies W[t-7], and msg2 adds s1 lane by lane.

__attribute__((target("sha,sse4.1")))
void ckernels_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // Big-endian message words: reverse the bytes of each 32-bit lane.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i low = _mm_loadu_si128((const __m128i *)&state[0]);   // lanes A B C D
    __m128i high = _mm_loadu_si128((const __m128i *)&state[4]);  // lanes E F G H
    low = _mm_shuffle_epi32(low, 0xB1);                          // B A D C
    high = _mm_shuffle_epi32(high, 0x1B);                        // H G F E
    __m128i abef = _mm_alignr_epi8(low, high, 8);                // F E B A
    __m128i cdgh = _mm_blend_epi16(high, low, 0xF0);             // H G D C
    for (size_t n = 0; n < count; n++) {
        const uint8_t *block = blocks + 64 * n;
        __m128i saved_abef = abef, saved_cdgh = cdgh;
        __m128i w[4];
        for (int group = 0; group < 16; group++) {
            __m128i *current = &w[group & 3];
            if (group < 4) {
                *current = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * group)), swap);
            } else {
                // *current still holds the group 16 words back.
                __m128i previous = w[(group - 1) & 3], before = w[(group - 2) & 3];
                __m128i t = _mm_sha256msg1_epu32(*current, w[(group - 3) & 3]);
                t = _mm_add_epi32(t, _mm_alignr_epi8(previous, before, 4));
                *current = _mm_sha256msg2_epu32(t, previous);
            }
            __m128i wk = _mm_add_epi32(*current, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }
    __m128i t = _mm_shuffle_epi32(abef, 0x1B);                   // A B E F
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);                        // G H C D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(t, cdgh, 0xF0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(cdgh, t, 8));     // E F G H
}
#else
void ckernels_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
    (void)state; (void)blocks; (void)count;
}
#endif
