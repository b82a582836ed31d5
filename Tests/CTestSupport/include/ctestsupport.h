/* Test-only C helpers for Animatic's tests. */
#ifndef ANIMATIC_CTESTSUPPORT_H
#define ANIMATIC_CTESTSUPPORT_H
#include <stddef.h>
#include <stdint.h>

/** Counts the filter type of every row of a non-interlaced PNG (counts[0] none ... counts[4]
    Paeth). Returns 0 on success, non-zero when the data is not a readable PNG. */
int test_count_png_row_filters(const uint8_t *data, size_t size, unsigned long counts[5]);

/** Encodes `height` packed rows of R,G,B bytes with libpng alone, as cpng did before it
    compressed opaque frames itself: 8-bit RGB, zlib `level`, filter None, libpng's default
    zlib settings and buffer size. On success returns 0 and a malloc'd *out of *size bytes. */
int test_libpng_encode_rgb(const uint8_t *rgb, int width, int height, int level, uint8_t **out, size_t *size);

/** Inflates a raw deflate stream (RFC 1951) with zlib into `out` (`capacity` bytes). Returns 0
    when the stream ends exactly at the end of the input, with *written bytes out; non-zero when
    zlib finds it damaged, it does not end, or it holds more than `capacity` bytes. */
int test_inflate_raw(const uint8_t *in, size_t size, uint8_t *out, size_t capacity, size_t *written);

#endif
