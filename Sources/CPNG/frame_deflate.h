/*
 * frame_deflate.h: the deflate encoder of opaque frames (internal to CPNG).
 *
 * A raw deflate stream (RFC 1951, no zlib header or trailer) over the filtered rows of one
 * image, which the caller lays out one after the other in a buffer it owns and hands over
 * row by row, as they are made.
 */
#ifndef ANIMATIC_FRAME_DEFLATE_H
#define ANIMATIC_FRAME_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct frame_deflate frame_deflate;

/* The most bytes `frame_deflate_finish` can write for `data_bytes` bytes of rows. */
size_t frame_deflate_bound(size_t data_bytes);

/* An encoder (NULL when out of memory), kept and reused from image to image. */
frame_deflate *frame_deflate_create(void);
void frame_deflate_destroy(frame_deflate *encoder);

/* How many bytes past the data taken so far the encoder may read (it compares sixteen bytes
 * at a time; what lies there never changes the stream). */
#define FRAME_DEFLATE_SLACK 16

/*
 * Starts a stream over `data` (rows of `row_bytes` bytes, each with its filter byte, pixels
 * of `pixel_bytes` bytes) into `out`, which holds frame_deflate_bound of the whole image.
 * The data must stay in place until frame_deflate_finish, with FRAME_DEFLATE_SLACK readable
 * bytes after the image.
 */
void frame_deflate_begin(frame_deflate *encoder, const uint8_t *data, size_t row_bytes, size_t pixel_bytes,
                         uint8_t *out);

/* The block forms the encoder may choose from (a mask of FRAME_DEFLATE_STORED, _FIXED and
 * _DYNAMIC; all of them after frame_deflate_begin). Tests narrow it to check each form; the
 * stored form is always allowed where the others would not fit the bound. */
#define FRAME_DEFLATE_STORED 1
#define FRAME_DEFLATE_FIXED 2
#define FRAME_DEFLATE_DYNAMIC 4
void frame_deflate_allow(frame_deflate *encoder, int forms);

/* Compresses the data up to `end` (a byte offset in `data`; every byte before it is final). */
void frame_deflate_take(frame_deflate *encoder, size_t end);

/* Ends the stream after the last byte taken; returns its size in bytes. */
size_t frame_deflate_finish(frame_deflate *encoder);

#endif
