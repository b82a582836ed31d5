/*
 * frame_deflate.h: the deflate encoder of opaque frames (internal to CPNG).
 *
 * A raw deflate stream (RFC 1951, no zlib header or trailer) over the filtered rows of one
 * image, which the caller makes one after the other in a buffer of the encoder and hands over
 * row by row, as they are made.
 */
#ifndef ANIMATIC_FRAME_DEFLATE_H
#define ANIMATIC_FRAME_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct frame_deflate frame_deflate;

/* An encoder (NULL when out of memory), kept and reused from image to image. It owns the
 * buffers of its last two images (rows and stream), so that an image can take whole bands of
 * its stream from the last one (see frame_deflate.c). */
frame_deflate *frame_deflate_create(void);
void frame_deflate_destroy(frame_deflate *encoder);

/* How many bytes past the rows taken so far the encoder may read (it compares sixteen bytes
 * at a time; what lies there never changes the stream). */
#define FRAME_DEFLATE_SLACK 16

/* Writable bytes before and after the stream frame_deflate_finish returns (for the zlib
 * header and the Adler-32 around it). */
#define FRAME_DEFLATE_HEADROOM 2
#define FRAME_DEFLATE_TAILROOM 4

/*
 * Starts a stream over `row_count` rows of `row_bytes` bytes (each with its filter byte,
 * pixels of `pixel_bytes` bytes). Returns the buffer where the caller makes the rows, one
 * after the other (FRAME_DEFLATE_SLACK readable bytes follow them); NULL when out of memory.
 */
uint8_t *frame_deflate_begin(frame_deflate *encoder, size_t row_bytes, size_t row_count, size_t pixel_bytes);

/* The block forms the encoder may choose from (a mask of FRAME_DEFLATE_STORED, _FIXED and
 * _DYNAMIC; all of them after frame_deflate_begin). Tests narrow it to check each form; the
 * stored form is always allowed where the others would not fit. */
#define FRAME_DEFLATE_STORED 1
#define FRAME_DEFLATE_FIXED 2
#define FRAME_DEFLATE_DYNAMIC 4
void frame_deflate_allow(frame_deflate *encoder, int forms);

/* The next row is made in the buffer: compresses it (or keeps it for a band of the last image). */
void frame_deflate_take_row(frame_deflate *encoder);

/* Ends the stream after the last row taken; returns it (`*size` bytes, valid until the image
 * after the next one begins). */
uint8_t *frame_deflate_finish(frame_deflate *encoder, size_t *size);

/* Bands of the last image that were copied from the image before it. */
size_t frame_deflate_reused_bands(const frame_deflate *encoder);

#endif
