/*
 * cpng: the only place that calls libpng.
 *
 * Design note: libpng reports errors by longjmp-ing out of the failing call. A longjmp across
 * Swift frames skips Swift's cleanup (reference counts, defer blocks) and is undefined
 * behaviour, so every libpng call lives in cpng.c between its own setjmp and return. Each
 * function here returns a status code and, on failure, a human-readable message copied into
 * a caller-provided buffer; none of them aborts. png.h is deliberately not included in this
 * header so that Swift never sees libpng's jmp_buf machinery.
 */
#ifndef ANIMATIC_CPNG_H
#define ANIMATIC_CPNG_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Status of every cpng call. */
typedef enum {
    CPNG_OK = 0,
    /** A size, stride or pointer argument is invalid (a programming error in the caller). */
    CPNG_ERROR_ARGUMENT = 1,
    /** malloc/realloc failed. */
    CPNG_ERROR_NO_MEMORY = 2,
    /** libpng refused to encode; the message says why. */
    CPNG_ERROR_ENCODE = 3,
    /** The input does not start with the PNG signature. */
    CPNG_ERROR_NOT_PNG = 4,
    /** The input ends before the image is complete. */
    CPNG_ERROR_TRUNCATED = 5,
    /** The input is a PNG but is damaged (bad CRC, bad chunk, bad zlib data, ...). */
    CPNG_ERROR_CORRUPT = 6,
    /** The file could not be opened or read; the message holds strerror(errno). */
    CPNG_ERROR_IO = 7,
    /** The image (CPNG_MAX_DECODED_PIXELS) or the file (CPNG_MAX_FILE_BYTES) is larger than
        cpng decodes: a small PNG may inflate to gigabytes. */
    CPNG_ERROR_TOO_LARGE = 8
} cpng_status;

/** The most pixels cpng_decode decodes (400 MB of RGBA). */
#define CPNG_MAX_DECODED_PIXELS 100000000ULL
/** The largest file cpng_decode_file reads. */
#define CPNG_MAX_FILE_BYTES (1ULL << 30)

/** How the source pixels lie in memory: Cairo's image formats, native-endian 32-bit words. */
typedef enum {
    /** CAIRO_FORMAT_ARGB32: premultiplied alpha in bits 24..31, then R, G, B. Written as RGBA. */
    CPNG_SOURCE_ARGB32_PREMULTIPLIED = 0,
    /** CAIRO_FORMAT_RGB24: R, G, B in bits 16..23, 8..15, 0..7; the top byte is undefined.
        Written as opaque RGB. */
    CPNG_SOURCE_RGB24 = 1,
    /** Straight (not premultiplied) R, G, B, A bytes, e.g. a decoded image. Written as RGBA. */
    CPNG_SOURCE_RGBA = 2
} cpng_source_format;

/** Row filter masks, equal to libpng's PNG_FILTER_* values (checked in cpng.c).
    Pass CPNG_FILTER_NONE for "no filtering": a mask of 0 means "libpng's default", which is
    adaptive filtering, not "none". */
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xf8
};

/**
 * Encodes Cairo pixel memory to a PNG in a malloc'd buffer.
 *
 * pixels/stride: the surface data and cairo_image_surface_get_stride.
 * compression_level: 0...9. Opaque frames (RGB24 of more than 16,384 bytes of rows) at level 1
 * go to Animatic's frame encoder (see cpng_frame_deflate); everything else to zlib at that
 * level through libpng. filter_mask: a CPNG_FILTER_* combination.
 * On success *out_data holds *out_size bytes; release it with cpng_free.
 * The output holds no time-dependent chunk: identical pixels give identical bytes.
 * message (may be NULL) receives a NUL-terminated description on failure.
 */
cpng_status cpng_encode(const uint8_t *pixels, int width, int height, int stride,
                        cpng_source_format format, int compression_level, int filter_mask,
                        uint8_t **out_data, size_t *out_size,
                        char *message, size_t message_capacity);

/**
 * Decodes a PNG held in memory to straight (not premultiplied) 8-bit RGBA, rows packed
 * (stride = width * 4). Palette, grayscale, low bit depths and 16-bit samples are converted;
 * images without alpha get alpha 255. On success *out_pixels holds width*height*4 bytes;
 * release them with cpng_free.
 */
cpng_status cpng_decode(const uint8_t *data, size_t size,
                        int *out_width, int *out_height, uint8_t **out_pixels,
                        char *message, size_t message_capacity);

/** cpng_decode on the contents of a file. */
cpng_status cpng_decode_file(const char *path,
                             int *out_width, int *out_height, uint8_t **out_pixels,
                             char *message, size_t message_capacity);

/** The block forms of cpng_frame_deflate's streams (a mask). */
enum {
    CPNG_DEFLATE_STORED = 1,
    CPNG_DEFLATE_FIXED = 2,
    CPNG_DEFLATE_DYNAMIC = 4,
    CPNG_DEFLATE_ANY = 7
};

/**
 * The raw deflate stream (RFC 1951: no zlib header or trailer) the frame encoder makes of
 * `row_count` rows of `row_bytes` bytes, each starting with its filter byte, pixels of
 * `pixel_bytes` bytes, taken row by row as cpng_encode takes a frame's rows. `forms` narrows
 * the blocks to some CPNG_DEFLATE_* forms (CPNG_DEFLATE_ANY in cpng_encode; a block is stored
 * all the same where the allowed forms would be larger). For tests and tools. On success
 * *out_data holds *out_size bytes; release it with cpng_free.
 */
cpng_status cpng_frame_deflate(const uint8_t *rows, size_t row_bytes, size_t row_count, size_t pixel_bytes,
                               int forms, uint8_t **out_data, size_t *out_size);

/** Bands of its last frame that this thread's frame encoder copied from the frame it encoded
    before (cpng_encode at level 1: a band of rows unchanged since then is not compressed
    again; the bytes are the same either way). For tests and tools. */
size_t cpng_frame_bands_reused(void);

/** Continues a CRC-32 (ISO 3309, as PNG chunks use it; zlib's crc32) over count bytes.
    Start with 0. */
uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

/** Releases a buffer returned by this library. NULL is allowed. */
void cpng_free(void *buffer);

#ifdef __cplusplus
}
#endif
#endif
