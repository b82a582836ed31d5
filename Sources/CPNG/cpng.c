/*
 * cpng.c: PNG encoding and decoding on libpng, behind a setjmp wall.
 *
 * Design note: each entry point creates its libpng struct, installs an error callback that
 * copies libpng's message and longjmps back to a setjmp in the same function, and turns that
 * into a status code. Everything that must be freed after a longjmp (the I/O context, row
 * buffers, pixels) is either allocated before setjmp or reached through a heap context or a
 * volatile pointer, as C requires for objects changed between setjmp and longjmp.
 *
 * Encoding writes into a growing memory buffer (callers write the file once, and can encode
 * on one thread while another renders). Opaque frames (Cairo RGB24, B,G,R,X in memory on
 * little-endian), the frames of every render, take a direct road: each row is cut to R,G,B
 * by a CKernels vector kernel, and compressed as a raw deflate stream by the frame encoder
 * (frame_deflate.c; level 1, the `fast` preset; each thread's encoder keeps its last frame, to
 * copy the bands of rows that have not changed since) or by zlib (the other levels), with the
 * Adler-32 of the zlib wrapper computed by CKernels in AVX2 (zlib 1.2.13's scalar Adler-32 was
 * 5-8% of a render's CPU, and libpng has no way to switch it off); libpng still writes the
 * signature, IHDR and the chunks. The stream is cut into IDATs of libpng's own 8192 bytes,
 * with the header libpng's zlib would write, so at zlib's levels the files are the bytes
 * libpng alone gives. (ISA-L's igzip level 1 was tried before the frame encoder: six times
 * faster than zlib, but two compressions of the same rows in one process now and then gave
 * different bytes, which renders that promise identical files cannot have.)
 * Transparent frames (premultiplied ARGB32) are un-premultiplied row by row into RGBA with
 * rounding, c' = (c * 255 + a / 2) / a, and compressed by libpng. Nothing time-dependent
 * (no tIME chunk) is written, so identical pixels give identical files.
 */
#include "cpng.h"
#include "ckernels.h"
#include "frame_deflate.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pthread.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

_Static_assert(CPNG_FILTER_NONE == PNG_FILTER_NONE, "filter masks mirror libpng");
_Static_assert(CPNG_FILTER_SUB == PNG_FILTER_SUB, "filter masks mirror libpng");
_Static_assert(CPNG_FILTER_UP == PNG_FILTER_UP, "filter masks mirror libpng");
_Static_assert(CPNG_FILTER_AVG == PNG_FILTER_AVG, "filter masks mirror libpng");
_Static_assert(CPNG_FILTER_PAETH == PNG_FILTER_PAETH, "filter masks mirror libpng");
_Static_assert(CPNG_FILTER_ALL == PNG_ALL_FILTERS, "filter masks mirror libpng");

/* Lives on the heap so that its fields stay valid after a longjmp. */
typedef struct {
    char *message;
    size_t message_capacity;
    int out_of_memory;
    /* Writing: the growing output buffer. */
    uint8_t *output;
    size_t output_size;
    size_t output_capacity;
    /* Reading: the input and a cursor. */
    const uint8_t *input;
    size_t input_size;
    size_t input_offset;
    int ran_out_of_input;
    int too_large;
} io_context;

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", text);
    }
}

static void on_error(png_structp png, png_const_charp text) {
    io_context *context = (io_context *)png_get_error_ptr(png);
    if (context != NULL) {
        set_message(context->message, context->message_capacity, text);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* Warnings (e.g. a damaged ancillary chunk) do not stop the work. */
}

static int is_little_endian(void) {
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* ---------------------------------------------------------------------------------------- */
/* Encoding                                                                                  */

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    io_context *context = (io_context *)png_get_io_ptr(png);
    if (length > context->output_capacity - context->output_size) {
        if (length > SIZE_MAX - context->output_size) {
            context->out_of_memory = 1;
            png_error(png, "PNG output larger than addressable memory");
        }
        size_t needed = context->output_size + length;
        size_t capacity = context->output_capacity > 0 ? context->output_capacity : 65536;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = (uint8_t *)realloc(context->output, capacity);
        if (grown == NULL) {
            context->out_of_memory = 1;
            png_error(png, "out of memory while growing the PNG buffer");
        }
        context->output = grown;
        context->output_capacity = capacity;
    }
    memcpy(context->output + context->output_size, bytes, length);
    context->output_size += length;
}

static void flush_bytes(png_structp png) {
    (void)png; /* Memory needs no flushing. */
}

/*
 * Un-premultiplying divides three channels of every pixel; a hardware division per channel
 * made it the largest cost of encoding a transparent 1280x720 frame after zlib. Division by
 * a (1...254) is replaced by a multiplication with m = ceil(2^40 / a) and a shift: for
 * x = c * 255 + a / 2 < 2^17 the error x * (m - 2^40 / a) / 2^40 < 2^-23, far less than the
 * smallest non-zero distance 1/a from x / a to the next integer, so the quotient is exact.
 */
typedef struct {
    uint64_t reciprocal[256];
} unpremultiply_table;

static void make_unpremultiply_table(unpremultiply_table *table) {
    table->reciprocal[0] = 0;
    for (uint64_t a = 1; a < 256; a++) {
        table->reciprocal[a] = ((UINT64_C(1) << 40) + a - 1) / a;
    }
}

static inline uint32_t unpremultiply(uint32_t c, uint32_t a, uint64_t reciprocal) {
    uint32_t value = (uint32_t)(((uint64_t)(c * 255 + a / 2) * reciprocal) >> 40);
    return value > 255 ? 255 : value;  /* valid data has c <= a; clamp anything else */
}

/* Premultiplied native-endian ARGB32 words -> straight R, G, B, A bytes. */
static void unpremultiply_row(const uint8_t *source, uint8_t *destination, int width,
                              const unpremultiply_table *table) {
    for (int x = 0; x < width; x++) {
        uint32_t word;
        memcpy(&word, source + 4 * (size_t)x, 4);
        uint32_t a = word >> 24;
        uint32_t r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff;
        if (a == 0) {
            r = g = b = 0;
        } else if (a < 255) {
            uint64_t reciprocal = table->reciprocal[a];
            r = unpremultiply(r, a, reciprocal);
            g = unpremultiply(g, a, reciprocal);
            b = unpremultiply(b, a, reciprocal);
        }
        uint8_t *pixel = destination + 4 * (size_t)x;
        pixel[0] = (uint8_t)r;
        pixel[1] = (uint8_t)g;
        pixel[2] = (uint8_t)b;
        pixel[3] = (uint8_t)a;
    }
}

/* The row kernel of this processor: Cairo's B,G,R,X words to R,G,B bytes. */
typedef void (*rgb_row_kernel)(const uint32_t *, uint8_t *, size_t);
static rgb_row_kernel rgb_row(void) { return ckernels_has_avx2() ? ckernels_rgb_row_avx2 : ckernels_rgb_row_portable; }

/* The size of the IDATs libpng writes (its default compression buffer, PNG_ZBUF_SIZE). */
#define IDAT_PIECE 8192

/*
 * libpng shrinks zlib's window for image data of at most 16384 bytes (it changes the zlib
 * header); the direct road is taken only above that, where the window is always 2^15.
 */
#define DIRECT_MINIMUM_BYTES 16384

/* The level whose opaque frames go to Animatic's frame encoder (frame_deflate.c) instead of zlib. */
#define FRAME_ENCODER_LEVEL 1

/* The two zlib header bytes (RFC 1950) for a 2^15 window at `level`, as deflate writes them. */
static void zlib_header(uint8_t *out, int level) {
    unsigned flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned header = (Z_DEFLATED + ((15 - 8) << 4)) << 8 | flags << 6;
    header += 31 - header % 31;
    out[0] = (uint8_t)(header >> 8);
    out[1] = (uint8_t)header;
}

/*
 * Each thread keeps its encoder state, its row buffer and its compressed-stream buffer from
 * frame to frame (zlib's with deflateReset between frames, as libpng itself does between its
 * streams): a fresh state and buffers cost a 270 KB allocation, two 3 MB ones and ~1,000 page
 * faults per 1280x720 frame. The state is freed with the thread.
 */
typedef struct {
    z_stream z;
    int open, level;
    frame_deflate *frames; /* with its own rows and stream buffers */
    uint8_t *stream;       /* zlib's */
    size_t capacity;
} deflate_scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static int scratch_key_ready;

static void free_scratch(void *pointer) {
    deflate_scratch *scratch = (deflate_scratch *)pointer;
    if (scratch->open) deflateEnd(&scratch->z);
    frame_deflate_destroy(scratch->frames);
    free(scratch->stream);
    free(scratch);
}

static void make_scratch_key(void) { scratch_key_ready = pthread_key_create(&scratch_key, free_scratch) == 0; }

/* Grows `*buffer` to at least `size` bytes, zeroed (its contents are not kept); 0 when out of
 * memory. */
static int reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    free(*buffer);
    *buffer = (uint8_t *)calloc(1, size);
    *capacity = *buffer == NULL ? 0 : size;
    return *buffer != NULL;
}

/* This thread's encoder for `level` (the frame encoder at level 1, which keeps its own
 * buffers; zlib reset for raw deflate at the others, with a buffer for `image_bytes` of rows
 * compressed); NULL (with a message) when zlib or memory fails. */
static deflate_scratch *thread_scratch(io_context *context, int level, size_t image_bytes) {
    pthread_once(&scratch_once, make_scratch_key);
    deflate_scratch *scratch = scratch_key_ready ? (deflate_scratch *)pthread_getspecific(scratch_key) : NULL;
    if (scratch == NULL) {
        scratch = (deflate_scratch *)calloc(1, sizeof(deflate_scratch));
        if (scratch == NULL || !scratch_key_ready || pthread_setspecific(scratch_key, scratch) != 0) {
            free(scratch);
            context->out_of_memory = 1;
            set_message(context->message, context->message_capacity, "no memory for a per-thread deflate state");
            return NULL;
        }
    }
    if (level == FRAME_ENCODER_LEVEL) {
        if (scratch->frames == NULL) scratch->frames = frame_deflate_create();
        if (scratch->frames == NULL) {
            context->out_of_memory = 1;
            set_message(context->message, context->message_capacity, "out of memory for the frame encoder");
            return NULL;
        }
        return scratch;
    }
    if (scratch->open && scratch->level == level) {
        if (deflateReset(&scratch->z) != Z_OK) {
            set_message(context->message, context->message_capacity, "zlib could not reset its deflate stream");
            return NULL;
        }
    } else {
        if (scratch->open) deflateEnd(&scratch->z);
        memset(&scratch->z, 0, sizeof scratch->z);
        scratch->open = deflateInit2(&scratch->z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
        scratch->level = level;
        if (!scratch->open) {
            set_message(context->message, context->message_capacity, "zlib could not start a deflate stream");
            return NULL;
        }
    }
    size_t bound = (size_t)deflateBound(&scratch->z, (uLong)image_bytes);
    /* Header, the encoder's worst case, Adler-32. */
    if (!reserve(&scratch->stream, &scratch->capacity, 2 + bound + 4)) {
        context->out_of_memory = 1;
        set_message(context->message, context->message_capacity, "out of memory for the compressed image");
        return NULL;
    }
    return scratch;
}

size_t cpng_frame_bands_reused(void) {
    pthread_once(&scratch_once, make_scratch_key);
    deflate_scratch *scratch = scratch_key_ready ? (deflate_scratch *)pthread_getspecific(scratch_key) : NULL;
    return scratch != NULL && scratch->frames != NULL ? frame_deflate_reused_bands(scratch->frames) : 0;
}

/* Makes row `y` (filter type None, then R,G,B) at `made` and continues the Adler-32 over it. */
static uint32_t make_row(const uint8_t *pixels, int y, int width, int stride, uint8_t *made, size_t row_bytes,
                         uint32_t adler) {
    made[0] = 0;
    rgb_row()((const uint32_t *)(pixels + (size_t)y * (size_t)stride), made + 1, (size_t)width);
    return ckernels_has_avx2() ? ckernels_adler32_avx2(adler, made, row_bytes) : (uint32_t)adler32(adler, made, (uInt)row_bytes);
}

/*
 * Opaque little-endian rows, filter None, compressed here and written as IDATs and IEND by
 * libpng (after png_write_info). 0 when zlib refuses (a message is set); libpng errors
 * longjmp as everywhere else, leaving this thread's deflate state to be reset by its next use.
 */
static int write_opaque_rows(png_structp png, io_context *context, const uint8_t *pixels, int width, int height,
                             int stride, int level, uint8_t *row) {
    size_t row_bytes = 1 + 3 * (size_t)width;
    deflate_scratch *scratch = thread_scratch(context, level, row_bytes * (size_t)height);
    if (scratch == NULL) return 0;
    uint8_t *stream;
    uint32_t adler = 1;
    size_t size;
    if (level == FRAME_ENCODER_LEVEL) {
        /* Each row is made in place in the encoder's row buffer and compressed at once, while
         * in cache (or, in a band unchanged since this thread's last frame, only compared). */
        frame_deflate *encoder = scratch->frames;
        uint8_t *rows = frame_deflate_begin(encoder, row_bytes, (size_t)height, 3);
        if (rows == NULL) {
            context->out_of_memory = 1;
            set_message(context->message, context->message_capacity, "out of memory for the frame encoder");
            return 0;
        }
        for (int y = 0; y < height; y++) {
            adler = make_row(pixels, y, width, stride, rows + (size_t)y * row_bytes, row_bytes, adler);
            frame_deflate_take_row(encoder);
        }
        size_t deflated;
        stream = frame_deflate_finish(encoder, &deflated) - FRAME_DEFLATE_HEADROOM;
        size = 2 + deflated;
    } else {
        stream = scratch->stream;
        z_stream *z = &scratch->z;
        z->next_out = stream + 2;
        z->avail_out = (uInt)(scratch->capacity - 6);
        for (int y = 0; y < height; y++) {
            adler = make_row(pixels, y, width, stride, row, row_bytes, adler);
            z->next_in = row;
            z->avail_in = (uInt)row_bytes;
            int last = y == height - 1;
            int status = deflate(z, last ? Z_FINISH : Z_NO_FLUSH);
            /* The output holds deflateBound's worst case, so every row is taken whole. */
            if (status != (last ? Z_STREAM_END : Z_OK) || z->avail_in != 0) {
                set_message(context->message, context->message_capacity, "zlib failed while compressing the rows");
                return 0;
            }
        }
        size = 2 + (size_t)z->total_out;
    }
    zlib_header(stream, level);
    uint8_t *trailer = stream + size;
    trailer[0] = (uint8_t)(adler >> 24);
    trailer[1] = (uint8_t)(adler >> 16);
    trailer[2] = (uint8_t)(adler >> 8);
    trailer[3] = (uint8_t)adler;
    size += 4;
    for (size_t offset = 0; offset < size; offset += IDAT_PIECE) {
        size_t piece = size - offset < IDAT_PIECE ? size - offset : IDAT_PIECE;
        png_write_chunk(png, (png_const_bytep) "IDAT", stream + offset, piece);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    return 1;
}

cpng_status cpng_encode(const uint8_t *pixels, int width, int height, int stride,
                        cpng_source_format format, int compression_level, int filter_mask,
                        uint8_t **out_data, size_t *out_size,
                        char *message, size_t message_capacity) {
    if (out_data == NULL || out_size == NULL) {
        set_message(message, message_capacity, "no place for the PNG output was given");
        return CPNG_ERROR_ARGUMENT;
    }
    *out_data = NULL;
    *out_size = 0;
    if (pixels == NULL || width <= 0 || height <= 0 || width > INT_MAX / 4 || stride < width * 4) {
        set_message(message, message_capacity,
                    "invalid pixel buffer: width and height must be positive and stride >= width * 4");
        return CPNG_ERROR_ARGUMENT;
    }
    if (format != CPNG_SOURCE_ARGB32_PREMULTIPLIED && format != CPNG_SOURCE_RGB24 && format != CPNG_SOURCE_RGBA) {
        set_message(message, message_capacity, "unknown source pixel format");
        return CPNG_ERROR_ARGUMENT;
    }
    if (compression_level < 0 || compression_level > 9) {
        set_message(message, message_capacity, "compression level must be 0...9");
        return CPNG_ERROR_ARGUMENT;
    }
    if (filter_mask == 0 || (filter_mask & ~CPNG_FILTER_ALL) != 0) {
        set_message(message, message_capacity,
                    "filter mask must be a non-empty combination of CPNG_FILTER_* values");
        return CPNG_ERROR_ARGUMENT;
    }

    int premultiplied = format == CPNG_SOURCE_ARGB32_PREMULTIPLIED;
    int with_alpha = format != CPNG_SOURCE_RGB24;
    io_context *context = (io_context *)calloc(1, sizeof(io_context));
    /* A row of converted pixels: unpremultiplied RGBA, or RGB of opaque words (after a
     * filter byte on the direct road). */
    int converted = premultiplied || (!with_alpha && is_little_endian());
    size_t image_bytes = (1 + 3 * (size_t)width) * (size_t)height;
    int direct = !with_alpha && is_little_endian() && image_bytes > DIRECT_MINIMUM_BYTES &&
                 image_bytes < (size_t)UINT_MAX / 2;
    uint8_t *row = converted ? (uint8_t *)malloc((size_t)width * 4 + 1) : NULL;
    if (context == NULL || (converted && row == NULL)) {
        free(context);
        free(row);
        set_message(message, message_capacity, "out of memory");
        return CPNG_ERROR_NO_MEMORY;
    }
    context->message = message;
    context->message_capacity = message_capacity;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(context);
        free(row);
        set_message(message, message_capacity, "out of memory creating the libpng writer");
        return CPNG_ERROR_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        cpng_status status = context->out_of_memory ? CPNG_ERROR_NO_MEMORY : CPNG_ERROR_ENCODE;
        png_destroy_write_struct(&png, &info);
        free(context->output);
        free(context);
        free(row);
        return status;
    }

    int written = 1; /* 0 when the direct road fails without a longjmp (a message is set) */
    png_set_write_fn(png, context, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    /* A mask, not a filter number: PNG_NO_FILTERS (0) would mean "default", i.e. adaptive. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter_mask);
    png_write_info(png, info);

    if (premultiplied) {
        unpremultiply_table table;
        make_unpremultiply_table(&table);
        for (int y = 0; y < height; y++) {
            unpremultiply_row(pixels + (size_t)y * (size_t)stride, row, width, &table);
            png_write_row(png, row);
        }
    } else if (with_alpha) {
        for (int y = 0; y < height; y++) {
            png_write_row(png, (png_bytep)(pixels + (size_t)y * (size_t)stride));
        }
    } else if (direct) {
        /* Opaque frames, the common case: compressed here (see the design note). */
        written = write_opaque_rows(png, context, pixels, width, height, stride, compression_level, row);
    } else if (is_little_endian()) {
        /* Small opaque images: libpng compresses; the rows are cut to R,G,B by CKernels. */
        rgb_row_kernel convert = rgb_row();
        for (int y = 0; y < height; y++) {
            convert((const uint32_t *)(pixels + (size_t)y * (size_t)stride), row, (size_t)width);
            png_write_row(png, row);
        }
    } else {
        /* Big-endian words X,R,G,B: libpng strips the filler (after png_write_info). */
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
        for (int y = 0; y < height; y++) {
            /* libpng copies the row before transforming it; the source is not written. */
            png_write_row(png, (png_bytep)(pixels + (size_t)y * (size_t)stride));
        }
    }
    /* The direct road wrote IDAT and IEND itself: libpng's png_write_end would refuse. */
    if (!direct) png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);

    cpng_status status = written ? CPNG_OK : context->out_of_memory ? CPNG_ERROR_NO_MEMORY : CPNG_ERROR_ENCODE;
    if (written) {
        *out_data = context->output;
        *out_size = context->output_size;
    } else {
        free(context->output);
    }
    free(context);
    free(row);
    return status;
}

_Static_assert(CPNG_DEFLATE_STORED == FRAME_DEFLATE_STORED && CPNG_DEFLATE_FIXED == FRAME_DEFLATE_FIXED &&
                   CPNG_DEFLATE_DYNAMIC == FRAME_DEFLATE_DYNAMIC,
               "block forms mirror the frame encoder's");

cpng_status cpng_frame_deflate(const uint8_t *rows, size_t row_bytes, size_t row_count, size_t pixel_bytes,
                               int forms, uint8_t **out_data, size_t *out_size) {
    if (out_data == NULL || out_size == NULL) return CPNG_ERROR_ARGUMENT;
    *out_data = NULL;
    *out_size = 0;
    if ((rows == NULL && row_count > 0) || row_bytes < 1 + pixel_bytes || pixel_bytes == 0 || pixel_bytes > 16 ||
        (row_count > 0 && row_bytes > ((size_t)-1 - FRAME_DEFLATE_SLACK) / 2 / row_count)) {
        return CPNG_ERROR_ARGUMENT;
    }
    frame_deflate *encoder = frame_deflate_create();
    uint8_t *data = encoder == NULL ? NULL : frame_deflate_begin(encoder, row_bytes, row_count, pixel_bytes);
    if (data == NULL) {
        frame_deflate_destroy(encoder);
        return CPNG_ERROR_NO_MEMORY;
    }
    frame_deflate_allow(encoder, forms);
    for (size_t y = 0; y < row_count; y++) {
        memcpy(data + y * row_bytes, rows + y * row_bytes, row_bytes);
        frame_deflate_take_row(encoder);
    }
    size_t size;
    const uint8_t *stream = frame_deflate_finish(encoder, &size);
    uint8_t *out = (uint8_t *)malloc(size > 0 ? size : 1);
    if (out == NULL) {
        frame_deflate_destroy(encoder);
        return CPNG_ERROR_NO_MEMORY;
    }
    memcpy(out, stream, size);
    *out_data = out;
    *out_size = size;
    frame_deflate_destroy(encoder);
    return CPNG_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Decoding                                                                                  */

static void read_bytes(png_structp png, png_bytep destination, png_size_t length) {
    io_context *context = (io_context *)png_get_io_ptr(png);
    if (length > context->input_size - context->input_offset) {
        context->ran_out_of_input = 1;
        png_error(png, "the PNG data ends early");
    }
    memcpy(destination, context->input + context->input_offset, length);
    context->input_offset += length;
}

cpng_status cpng_decode(const uint8_t *data, size_t size,
                        int *out_width, int *out_height, uint8_t **out_pixels,
                        char *message, size_t message_capacity) {
    if (out_width == NULL || out_height == NULL || out_pixels == NULL || (data == NULL && size > 0)) {
        set_message(message, message_capacity, "invalid arguments to cpng_decode");
        return CPNG_ERROR_ARGUMENT;
    }
    *out_width = 0;
    *out_height = 0;
    *out_pixels = NULL;
    if (size < 8) {
        if (size > 0 && png_sig_cmp((png_const_bytep)data, 0, size) == 0) {
            set_message(message, message_capacity, "the data ends inside the PNG signature");
            return CPNG_ERROR_TRUNCATED;
        }
        set_message(message, message_capacity, "the data is too short to be a PNG");
        return CPNG_ERROR_NOT_PNG;
    }
    if (png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_message(message, message_capacity, "the data does not start with the PNG signature");
        return CPNG_ERROR_NOT_PNG;
    }

    io_context *context = (io_context *)calloc(1, sizeof(io_context));
    if (context == NULL) {
        set_message(message, message_capacity, "out of memory");
        return CPNG_ERROR_NO_MEMORY;
    }
    context->message = message;
    context->message_capacity = message_capacity;
    context->input = data;
    context->input_size = size;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(context);
        set_message(message, message_capacity, "out of memory creating the libpng reader");
        return CPNG_ERROR_NO_MEMORY;
    }
    /* Assigned after setjmp and freed after a longjmp: volatile, as C requires. */
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        cpng_status status = context->out_of_memory ? CPNG_ERROR_NO_MEMORY
                           : context->too_large ? CPNG_ERROR_TOO_LARGE
                           : context->ran_out_of_input ? CPNG_ERROR_TRUNCATED
                           : CPNG_ERROR_CORRUPT;
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        free(context);
        return status;
    }

    png_set_read_fn(png, context, read_bytes);
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    /* A decompression bomb (a 1.5 MB PNG of 20000 x 20000 pixels) is refused before its
       pixels are allocated: decoding it took 1.6 GB, and twice that once copied. */
    if ((unsigned long long)width * height > CPNG_MAX_DECODED_PIXELS) {
        char text[160];
        snprintf(text, sizeof text, "the image is %u x %u pixels, more than the %llu million decoded at most",
                 (unsigned)width, (unsigned)height, CPNG_MAX_DECODED_PIXELS / 1000000ULL);
        context->too_large = 1;
        png_error(png, text);
    }

    png_set_expand(png);         /* palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha */
    png_set_scale_16(png);       /* 16-bit -> 8-bit with rounding */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    /* libpng's default limits keep width and height <= 1,000,000, so these fit an int. */
    size_t row_bytes = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != row_bytes) {
        png_error(png, "unexpected row layout after conversion to RGBA");
    }
    if (height > 0 && row_bytes > SIZE_MAX / height) {
        context->out_of_memory = 1;
        png_error(png, "image too large for memory");
    }
    pixels = (uint8_t *)malloc(row_bytes * height);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (pixels == NULL || rows == NULL) {
        context->out_of_memory = 1;
        png_error(png, "out of memory for the decoded image");
    }
    for (png_uint_32 y = 0; y < height; y++) {
        rows[y] = pixels + (size_t)y * row_bytes;
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);

    free(rows);
    free(context);
    *out_width = (int)width;
    *out_height = (int)height;
    *out_pixels = pixels;
    return CPNG_OK;
}

cpng_status cpng_decode_file(const char *path,
                             int *out_width, int *out_height, uint8_t **out_pixels,
                             char *message, size_t message_capacity) {
    if (path == NULL) {
        set_message(message, message_capacity, "no path given");
        return CPNG_ERROR_ARGUMENT;
    }
    /* Not blocking on open (a FIFO would wait for a writer for ever), and regular files
       only: a FIFO or a device (/dev/zero) is no PNG file. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        set_message(message, message_capacity, strerror(errno));
        return CPNG_ERROR_IO;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int stat_errno = errno;
        close(fd);
        set_message(message, message_capacity, strerror(stat_errno));
        return CPNG_ERROR_IO;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        set_message(message, message_capacity, S_ISDIR(st.st_mode) ? strerror(EISDIR)
                    : "not a regular file (a FIFO, a device or a socket)");
        return CPNG_ERROR_IO;
    }
    (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *file = fdopen(fd, "rb");
    if (file == NULL) {
        set_message(message, message_capacity, strerror(errno));
        close(fd);
        return CPNG_ERROR_IO;
    }
    /* The signature first: a large file that is no PNG is said to be none at once, not
       after reading it all. */
    uint8_t signature[8];
    size_t head = fread(signature, 1, sizeof signature, file);
    if (head < sizeof signature || png_sig_cmp(signature, 0, sizeof signature) != 0) {
        fclose(file);
        return cpng_decode(signature, head, out_width, out_height, out_pixels, message, message_capacity);
    }
    if ((unsigned long long)st.st_size > CPNG_MAX_FILE_BYTES) {
        fclose(file);
        char text[160];
        snprintf(text, sizeof text, "the file is %llu bytes, more than the %llu MiB read at most",
                 (unsigned long long)st.st_size, CPNG_MAX_FILE_BYTES >> 20);
        set_message(message, message_capacity, text);
        return CPNG_ERROR_TOO_LARGE;
    }
    size_t size = sizeof signature, capacity = (size_t)st.st_size + 1 > 65536 ? (size_t)st.st_size + 1 : 65536;
    uint8_t *data = (uint8_t *)malloc(capacity);
    if (data != NULL) memcpy(data, signature, sizeof signature);
    while (data != NULL) {
        size += fread(data + size, 1, capacity - size, file);
        if (size < capacity) break;
        /* (Grown past its size while read: still no more than the cap.) */
        uint8_t *grown = capacity > CPNG_MAX_FILE_BYTES ? NULL : (uint8_t *)realloc(data, capacity * 2);
        if (grown == NULL) {
            free(data);
            data = NULL;
            break;
        }
        data = grown;
        capacity *= 2;
    }
    int read_error = ferror(file);
    int saved_errno = errno;
    fclose(file);
    if (data == NULL) {
        set_message(message, message_capacity, "out of memory reading the file");
        return CPNG_ERROR_NO_MEMORY;
    }
    if (read_error) {
        free(data);
        set_message(message, message_capacity, strerror(saved_errno));
        return CPNG_ERROR_IO;
    }
    cpng_status status = cpng_decode(data, size, out_width, out_height, out_pixels,
                                     message, message_capacity);
    free(data);
    return status;
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    /* zlib's crc32 takes a uInt length: feed it in pieces a uInt can count. */
    uLong value = crc;
    while (count > 0) {
        uInt piece = count > UINT_MAX ? UINT_MAX : (uInt)count;
        value = crc32(value, bytes, piece);
        bytes += piece;
        count -= piece;
    }
    return (uint32_t)value;
}

void cpng_free(void *buffer) {
    free(buffer);
}
