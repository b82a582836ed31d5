#include "ckernels.h"

// Adler-32 (RFC 1950) 32 bytes at a time: over a run of n bytes from (a, b),
// a' = a + sum x_i and b' = b + n a + sum (n - i) x_i. Per 32-byte vector j of k, the weights
// split as (32 - t) inside the vector plus 32 (k - 1 - j) for the vectors after it: SAD gives
// each vector's byte sum, a multiply-add with the weights 32...1 its weighted sum, and
// adding the running byte sum before each vector counts the 32 (k - 1 - j) part. Runs of
// 32 KiB keep every lane far from overflow (weighted lanes <= 32,640 per vector); the sums
// are reduced modulo 65521 after each run, in 64-bit arithmetic.

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

static const uint32_t modulus = 65521;

__attribute__((target("avx2")))
uint32_t ckernels_adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                             16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    while (count >= 32) {
        size_t run = count < 32768 ? count & ~(size_t)31 : 32768;
        __m256i sums = zero, before = zero, weighted = zero;
        for (size_t i = 0; i < run; i += 32) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(bytes + i));
            before = _mm256_add_epi64(before, sums);
            sums = _mm256_add_epi64(sums, _mm256_sad_epu8(x, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(x, weights), ones));
        }
        uint64_t s[4], p[4];
        uint32_t w[8];
        _mm256_storeu_si256((__m256i *)s, sums);
        _mm256_storeu_si256((__m256i *)p, before);
        _mm256_storeu_si256((__m256i *)w, weighted);
        uint64_t byte_sum = s[0] + s[1] + s[2] + s[3], prefix = p[0] + p[1] + p[2] + p[3];
        uint64_t weight_sum = (uint64_t)w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] + w[7];
        b = (b + run * a + weight_sum + 32 * prefix) % modulus;
        a = (a + byte_sum) % modulus;
        bytes += run;
        count -= run;
    }
    for (size_t i = 0; i < count; i++) {
        a += bytes[i];
        b += a;
    }
    return (uint32_t)((b % modulus) << 16 | (a % modulus));
}
#else
uint32_t ckernels_adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t count) {
    (void)bytes; (void)count;
    return adler;
}
#endif
