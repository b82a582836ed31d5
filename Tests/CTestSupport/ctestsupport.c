/*
 * Test-only helpers: not part of any product.
 *
 * Counting the filter type byte of every row of a PNG (0 none, 1 sub, 2 up, 3 average,
 * 4 Paeth) by inflating its IDAT data with zlib, so tests can prove that the encoder writes
 * unfiltered rows.
 */
#include "ctestsupport.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>


static uint32_t read_be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) | bytes[3];
}

int test_count_png_row_filters(const uint8_t *data, size_t size, unsigned long counts[5]) {
    if (data == NULL || counts == NULL) {
        return 1;
    }
    memset(counts, 0, 5 * sizeof(unsigned long));
    if (size < 8 || memcmp(data, "\x89PNG\r\n\x1a\n", 8) != 0) {
        return 4;
    }
    size_t row_bytes = 0, filtered_size = 0, inflated = 0;
    uint8_t *filtered = NULL;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int have_stream = 0, finished = 0;
    int status = 0;

    for (size_t offset = 8; offset + 12 <= size && !finished;) {
        uint32_t length = read_be32(data + offset);
        const uint8_t *type = data + offset + 4;
        const uint8_t *body = data + offset + 8;
        if (length > size - offset - 12) {
            status = 5;
            break;
        }
        if (memcmp(type, "IHDR", 4) == 0 && length == 13) {
            uint32_t width = read_be32(body), height = read_be32(body + 4);
            int bit_depth = body[8], color_type = body[9], interlace = body[12];
            int channels = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
            if (interlace != 0 || width == 0 || height == 0 || width > 1000000 || height > 1000000) {
                status = 1;
                break;
            }
            row_bytes = ((size_t)width * (size_t)channels * (size_t)bit_depth + 7) / 8;
            filtered_size = (row_bytes + 1) * height;
            filtered = (uint8_t *)malloc(filtered_size);
            if (filtered == NULL || inflateInit(&stream) != Z_OK) {
                status = 2;
                break;
            }
            have_stream = 1;
        } else if (memcmp(type, "IDAT", 4) == 0 && have_stream) {
            stream.next_in = (Bytef *)body;
            stream.avail_in = length;
            stream.next_out = filtered + inflated;
            stream.avail_out = (uInt)(filtered_size - inflated);
            int result = inflate(&stream, Z_NO_FLUSH);
            inflated = filtered_size - stream.avail_out;
            if (result == Z_STREAM_END) {
                finished = 1;
            } else if (result != Z_OK && result != Z_BUF_ERROR) {
                status = 6;
                break;
            }
        } else if (memcmp(type, "IEND", 4) == 0) {
            break;
        }
        offset += 12 + (size_t)length;
    }
    if (status == 0 && (!have_stream || inflated != filtered_size)) {
        status = 5;
    }
    if (status == 0) {
        for (size_t row = 0; row < filtered_size; row += row_bytes + 1) {
            uint8_t filter = filtered[row];
            if (filter > 4) {
                status = 6;
                break;
            }
            counts[filter] += 1;
        }
    }
    if (have_stream) inflateEnd(&stream);
    free(filtered);
    return status;
}


/* ---------------------------------------------------------------------------------------- */

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t size, capacity;
    int failed;
} test_buffer;

static void test_write(png_structp png, png_bytep bytes, png_size_t length) {
    test_buffer *buffer = (test_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = (buffer->size + length) * 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (grown == NULL) { buffer->failed = 1; png_error(png, "out of memory"); }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void test_flush(png_structp png) { (void)png; }

int test_libpng_encode_rgb(const uint8_t *rgb, int width, int height, int level, uint8_t **out, size_t *size) {
    test_buffer *buffer = (test_buffer *)calloc(1, sizeof(test_buffer));
    if (buffer == NULL) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) { png_destroy_write_struct(&png, NULL); free(buffer); return 1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer->data);
        free(buffer);
        return 1;
    }
    png_set_write_fn(png, buffer, test_write, test_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_bytep)(rgb + (size_t)y * 3 * (size_t)width));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = buffer->data;
    *size = buffer->size;
    free(buffer);
    return 0;
}

int test_inflate_raw(const uint8_t *in, size_t size, uint8_t *out, size_t capacity, size_t *written) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK) return -1;
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)size;
    /* One byte more than asked, to see a stream that holds more. */
    uint8_t spare;
    z.next_out = capacity > 0 ? out : &spare;
    z.avail_out = (uInt)capacity;
    int status = inflate(&z, Z_FINISH);
    if (status == Z_BUF_ERROR && z.avail_out == 0) {
        z.next_out = &spare;
        z.avail_out = 1;
        status = inflate(&z, Z_FINISH);
        if (z.avail_out == 0) status = Z_DATA_ERROR; /* it held more than capacity */
    }
    *written = (size_t)z.total_out;
    int ok = status == Z_STREAM_END && z.avail_in == 0;
    inflateEnd(&z);
    return ok ? 0 : 1;
}
