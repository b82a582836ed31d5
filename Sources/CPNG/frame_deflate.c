/*
 * frame_deflate.c: the deflate encoder of opaque frames.
 *
 * Design note: a rendered frame is flat color with antialiased edges, and almost every byte
 * of it repeats the pixel to its left or the pixel above. So each position is tried against
 * exactly those two distances first (eight bytes of each compared at once, the longer match
 * extended sixteen bytes at a time), and only where both fail against the last earlier
 * position with the same four bytes (one probe of a 2^14-entry hash table, no chains, no lazy
 * matching). zlib's level 1 hashes and chains every position: it took two fifths of a render's
 * CPU. Here the rain benchmark's frames are encoded in under half zlib's time and come out a
 * little smaller; the bundled scenes' UI frames less than half zlib's size.
 *
 * Tokens are collected into blocks of BLOCK_TOKENS. Each block is written with its own
 * Huffman codes (Huffman's construction, lengths cut to 15 and 7 bits and the code made
 * complete again), with the fixed codes, or stored, whichever is smallest, so a block is never
 * much larger than its bytes. Matches end where the rows given so far end (the caller hands
 * over a row at a time, while it is in cache). The stream is one function of the rows and of
 * how they are handed over (no clock, no addresses): the same frame gives the same bytes on
 * every run and thread. The tests inflate it with zlib for every block form.
 *
 * Bands: the rows are cut into bands of about BAND_BYTES, at row boundaries fixed by the row
 * size alone. A band starts with a fresh hash table, its matches reach back no further than
 * the row before it, and it ends with its last block and, where that did not end on a byte,
 * an empty stored block: its bytes are a function of its rows and the row before it only.
 * Consecutive frames of an animation mostly repeat each other (a pile at rest, a still UI
 * around a moving item: three quarters of the bands of a 1,000-item rain of 1280x720 frames,
 * 69 rows each, repeat the frame two before), so the encoder keeps its last image's rows and
 * stream, and a band whose rows (and the row before) are unchanged is copied from there
 * instead of being compressed again. The bytes are the same either way; only the time differs.
 */
#include "frame_deflate.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define MIN_MATCH 3
#define MAX_MATCH 258
#define WINDOW 32768
#define BLOCK_TOKENS 32768
#define LITLEN_CODES 286
/* The fixed code has 288 literal/length codes (286 and 287 never occur, but take their place
 * in the canonical order: without them the 9-bit codes would be numbered wrongly). */
#define LITLEN_TABLE 288
#define DIST_CODES 30
#define CODELEN_CODES 19
#define MAX_BITS 15
#define MAX_CODELEN_BITS 7
#define END_OF_BLOCK 256
#define MAX_CANDIDATES 2
#define STORED_PIECE 65535
#define HASH_BITS 14
/* Raw bytes of a band, at least (the rows of 1280 RGB pixels come in bands of 69). Smaller
 * bands repeat more often; each costs a block header more. */
#define BAND_BYTES 262144

/* A token: a literal byte (bit 31 clear) or a match (bit 31 set, its distance code << 26 |
 * length << 16 | distance, 32768 kept as 0). */
#define MATCH_FLAG 0x80000000u

/* One of the two images the encoder keeps: its rows, its stream, where its bands' bytes begin. */
typedef struct {
    uint8_t *rows;
    size_t rows_capacity;
    uint8_t *stream; /* FRAME_DEFLATE_HEADROOM bytes, then the deflate stream */
    size_t stream_capacity;
    size_t *band_offsets; /* band_count + 1 offsets in the deflate stream */
    size_t band_capacity;
    /* Whether the image was finished, and what it was: only then can bands be taken from it. */
    int complete;
    size_t row_bytes, row_count, pixel_bytes;
    int forms;
} frame_image;

struct frame_deflate {
    const uint8_t *data;
    size_t position;    /* the next byte to compress */
    size_t block_start; /* the first byte of the block being collected */
    size_t candidates[MAX_CANDIDATES];
    int candidate_count;
    int forms; /* FRAME_DEFLATE_* the blocks may take */
    uint8_t *out;
    size_t size;
    uint64_t bits;
    int bit_count;
    uint32_t *tokens;
    size_t token_count;
    /* By hash of four bytes: the last position with them, plus one, modulo 2^16 (0: none).
     * Sixteen bits keep the table in the first-level cache; an entry older than 2^16 bytes
     * gives a wrong distance, which the comparison of the bytes then rejects (or it is a
     * true match all the same). Cleared at each band's start. */
    uint16_t *table;
    uint32_t length_codes[MAX_MATCH + 1]; /* by match length: code | extra bits << 9 | their value << 13 */
    uint32_t litlen_count[LITLEN_CODES];
    uint32_t dist_count[DIST_CODES];
    /* The image being made and the last one (indices into `images`). */
    frame_image images[2];
    int current;
    size_t row_bytes, row_count, rows_taken;
    /* The band being taken: its first row and byte, its end row, and whether every row of it
     * so far (and the row before it) equals the last image's, which is then left to copy. */
    size_t band, band_rows, band_row, band_start, band_end_row;
    int band_same, can_reuse;
    size_t reused_bands;
};

/* ---------------------------------------------------------------------------------------- */
/* The code tables of RFC 1951, section 3.2.5, by formula                                    */

static int floor_log2(uint32_t x) { return 31 - __builtin_clz(x); }

/* The length code (257...285) of a match length 3...258, its extra bits and their value. */
static void length_code(uint32_t length, int *code, int *extra_bits, uint32_t *extra) {
    uint32_t l = length - MIN_MATCH;
    if (length == MAX_MATCH) {
        *code = 285, *extra_bits = 0, *extra = 0;
    } else if (l < 8) {
        *code = 257 + (int)l, *extra_bits = 0, *extra = 0;
    } else {
        int log = floor_log2(l), bits = log - 2;
        *code = 257 + 4 * (log - 1) + (int)((l >> bits) & 3);
        *extra_bits = bits;
        *extra = l & ((1u << bits) - 1);
    }
}

/* The distance code (0...29) of a distance 1...32768, its extra bits and their value. */
static void distance_code(uint32_t distance, int *code, int *extra_bits, uint32_t *extra) {
    uint32_t d = distance - 1;
    if (d < 4) {
        *code = (int)d, *extra_bits = 0, *extra = 0;
    } else {
        int log = floor_log2(d), bits = log - 1;
        *code = 2 * log + (int)((d >> bits) & 1);
        *extra_bits = bits;
        *extra = d & ((1u << bits) - 1);
    }
}

static int length_extra_bits(int code) { return code < 265 || code == 285 ? 0 : (code - 261) / 4; }
static int distance_extra_bits(int code) { return code < 4 ? 0 : code / 2 - 1; }

/* ---------------------------------------------------------------------------------------- */
/* Huffman codes                                                                             */

/*
 * Code lengths of at most `max_bits` for the `n` symbols by their counts (0 for a symbol
 * without count). Huffman's construction over the counted symbols sorted by count (ties by
 * symbol, so the result is one function of the counts); lengths past the limit are cut to it
 * and the code made complete again by moving leaves down; the shortest lengths then go to the
 * most frequent symbols. At least two symbols must have a count.
 */
static void build_lengths(const uint32_t *count, int n, int max_bits, uint8_t *lengths) {
    int symbols[LITLEN_CODES];
    int m = 0;
    for (int i = 0; i < n; i++) {
        lengths[i] = 0;
        if (count[i] == 0) continue;
        int j = m++;
        while (j > 0 && count[symbols[j - 1]] > count[i]) {
            symbols[j] = symbols[j - 1];
            j--;
        }
        symbols[j] = i;
    }
    /* Two queues: the sorted leaves 0..m-1 and the internal nodes m.., made in order of weight. */
    uint64_t weight[2 * LITLEN_CODES];
    int parent[2 * LITLEN_CODES], depth[2 * LITLEN_CODES];
    for (int k = 0; k < m; k++) weight[k] = count[symbols[k]];
    int leaf = 0, internal = m;
    for (int node = m; node < 2 * m - 1; node++) {
        int pair[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < m && (internal >= node || weight[leaf] <= weight[internal])) {
                pair[t] = leaf++;
            } else {
                pair[t] = internal++;
            }
        }
        weight[node] = weight[pair[0]] + weight[pair[1]];
        parent[pair[0]] = parent[pair[1]] = node;
    }
    int root = 2 * m - 2;
    depth[root] = 0;
    for (int node = root - 1; node >= 0; node--) depth[node] = depth[parent[node]] + 1;

    int per_length[MAX_BITS + 1] = {0};
    for (int k = 0; k < m; k++) per_length[depth[k] > max_bits ? max_bits : depth[k]]++;
    /* The Kraft sum in units of 2^-max_bits: above one whole after the cut, lowered a unit at
     * a time by dropping a deepest leaf and splitting a shallower one in two. */
    uint32_t total = 0;
    for (int length = 1; length <= max_bits; length++) total += (uint32_t)per_length[length] << (max_bits - length);
    while (total > (1u << max_bits)) {
        per_length[max_bits]--;
        for (int length = max_bits - 1; length > 0; length--) {
            if (per_length[length] > 0) {
                per_length[length]--;
                per_length[length + 1] += 2;
                break;
            }
        }
        total--;
    }
    int k = 0;
    for (int length = max_bits; length > 0; length--) {
        for (int c = 0; c < per_length[length]; c++) lengths[symbols[k++]] = (uint8_t)length;
    }
}

/* Canonical codes for the lengths (RFC 1951, 3.2.2), bit-reversed for an LSB-first stream. */
static void build_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int per_length[MAX_BITS + 1] = {0};
    for (int i = 0; i < n; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    uint32_t next[MAX_BITS + 1];
    uint32_t code = 0;
    for (int bits = 1; bits <= MAX_BITS; bits++) {
        code = (code + (uint32_t)per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        int length = lengths[i];
        codes[i] = 0;
        if (length == 0) continue;
        uint32_t value = next[length]++, reversed = 0;
        for (int b = 0; b < length; b++) reversed |= ((value >> b) & 1u) << (length - 1 - b);
        codes[i] = (uint16_t)reversed;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Bits                                                                                      */

static inline void put_bits(frame_deflate *e, uint32_t value, int count) {
    e->bits |= (uint64_t)value << e->bit_count;
    e->bit_count += count;
    if (e->bit_count >= 32) {
        uint32_t word = (uint32_t)e->bits;
        e->out[e->size] = (uint8_t)word;
        e->out[e->size + 1] = (uint8_t)(word >> 8);
        e->out[e->size + 2] = (uint8_t)(word >> 16);
        e->out[e->size + 3] = (uint8_t)(word >> 24);
        e->size += 4;
        e->bits >>= 32;
        e->bit_count -= 32;
    }
}

/* Pads to a byte boundary and moves every whole byte out. */
static void align_to_byte(frame_deflate *e) {
    if (e->bit_count % 8 != 0) put_bits(e, 0, 8 - e->bit_count % 8);
    while (e->bit_count > 0) {
        e->out[e->size++] = (uint8_t)e->bits;
        e->bits >>= 8;
        e->bit_count -= 8;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Blocks                                                                                    */

/* The three forms a block can take, and what each costs. */
typedef struct {
    uint8_t litlen_lengths[LITLEN_TABLE], dist_lengths[DIST_CODES], codelen_lengths[CODELEN_CODES];
    uint16_t codelen_codes[CODELEN_CODES];
    /* The code lengths as code-length symbols: symbol | extra value << 8. */
    uint16_t runs[LITLEN_CODES + DIST_CODES];
    int run_count, litlen_used, dist_used, codelen_used;
} dynamic_header;

/* The order in which the code-length code's lengths are sent (RFC 1951, 3.2.7). */
static const uint8_t codelen_order[CODELEN_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static void fixed_lengths(uint8_t *litlen, uint8_t *dist) {
    for (int i = 0; i < LITLEN_TABLE; i++) litlen[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
    for (int i = 0; i < DIST_CODES; i++) dist[i] = 5;
}

/* Run-length codes of the concatenated code lengths (symbols 16, 17, 18 of RFC 1951, 3.2.7). */
static void make_runs(dynamic_header *h, uint32_t *codelen_count) {
    uint8_t all[LITLEN_CODES + DIST_CODES];
    int n = h->litlen_used + h->dist_used;
    memcpy(all, h->litlen_lengths, (size_t)h->litlen_used);
    memcpy(all + h->litlen_used, h->dist_lengths, (size_t)h->dist_used);
    h->run_count = 0;
    for (int i = 0; i < n;) {
        int value = all[i], run = 1;
        while (i + run < n && all[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int take = run > 138 ? 138 : run;
                h->runs[h->run_count++] = (uint16_t)(18 | (take - 11) << 8), codelen_count[18]++;
                run -= take;
            }
            if (run >= 3) {
                h->runs[h->run_count++] = (uint16_t)(17 | (run - 3) << 8), codelen_count[17]++;
                run = 0;
            }
        } else {
            h->runs[h->run_count++] = (uint16_t)value, codelen_count[value]++;
            run--;
            while (run >= 3) {
                int take = run > 6 ? 6 : run;
                h->runs[h->run_count++] = (uint16_t)(16 | (take - 3) << 8), codelen_count[16]++;
                run -= take;
            }
        }
        while (run-- > 0) h->runs[h->run_count++] = (uint16_t)value, codelen_count[value]++;
    }
}

/* Gives a code at least two symbols (a one-symbol Huffman code is not complete). */
static void at_least_two(uint32_t *count, int n, uint32_t *copy) {
    int used = 0;
    for (int i = 0; i < n; i++) {
        copy[i] = count[i];
        used += count[i] != 0;
    }
    for (int i = 0; i < n && used < 2; i++) {
        if (copy[i] == 0) copy[i] = 1, used++;
    }
}

/* Bits of the block's tokens under the given code lengths, extra bits included. */
static uint64_t token_bits(const frame_deflate *e, const uint8_t *litlen, const uint8_t *dist) {
    uint64_t bits = 0;
    for (int i = 0; i < LITLEN_CODES; i++) {
        bits += (uint64_t)e->litlen_count[i] * (uint64_t)(litlen[i] + (i > 256 ? length_extra_bits(i) : 0));
    }
    for (int i = 0; i < DIST_CODES; i++) {
        bits += (uint64_t)e->dist_count[i] * (uint64_t)(dist[i] + distance_extra_bits(i));
    }
    return bits;
}

static uint64_t build_dynamic(frame_deflate *e, dynamic_header *h) {
    uint32_t counts[LITLEN_CODES];
    at_least_two(e->litlen_count, LITLEN_CODES, counts);
    build_lengths(counts, LITLEN_CODES, MAX_BITS, h->litlen_lengths);
    h->litlen_lengths[286] = h->litlen_lengths[287] = 0;
    at_least_two(e->dist_count, DIST_CODES, counts);
    build_lengths(counts, DIST_CODES, MAX_BITS, h->dist_lengths);
    h->litlen_used = LITLEN_CODES;
    while (h->litlen_used > 257 && h->litlen_lengths[h->litlen_used - 1] == 0) h->litlen_used--;
    h->dist_used = DIST_CODES;
    while (h->dist_used > 1 && h->dist_lengths[h->dist_used - 1] == 0) h->dist_used--;

    uint32_t codelen_count[CODELEN_CODES] = {0};
    make_runs(h, codelen_count);
    uint32_t counts19[CODELEN_CODES];
    at_least_two(codelen_count, CODELEN_CODES, counts19);
    build_lengths(counts19, CODELEN_CODES, MAX_CODELEN_BITS, h->codelen_lengths);
    build_codes(h->codelen_lengths, CODELEN_CODES, h->codelen_codes);
    h->codelen_used = CODELEN_CODES;
    while (h->codelen_used > 4 && h->codelen_lengths[codelen_order[h->codelen_used - 1]] == 0) h->codelen_used--;

    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)h->codelen_used;
    for (int i = 0; i < CODELEN_CODES; i++) bits += (uint64_t)codelen_count[i] * h->codelen_lengths[i];
    bits += 2 * (uint64_t)codelen_count[16] + 3 * (uint64_t)codelen_count[17] + 7 * (uint64_t)codelen_count[18];
    return bits + token_bits(e, h->litlen_lengths, h->dist_lengths);
}

static void put_dynamic_header(frame_deflate *e, const dynamic_header *h, int final) {
    put_bits(e, (uint32_t)final | 2u << 1, 3);
    put_bits(e, (uint32_t)(h->litlen_used - 257), 5);
    put_bits(e, (uint32_t)(h->dist_used - 1), 5);
    put_bits(e, (uint32_t)(h->codelen_used - 4), 4);
    for (int i = 0; i < h->codelen_used; i++) put_bits(e, h->codelen_lengths[codelen_order[i]], 3);
    static const int run_extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < h->run_count; i++) {
        int symbol = h->runs[i] & 0xff;
        put_bits(e, h->codelen_codes[symbol], h->codelen_lengths[symbol]);
        if (symbol >= 16) put_bits(e, h->runs[i] >> 8, run_extra_bits[symbol - 16]);
    }
}

static void put_tokens(frame_deflate *e, const uint8_t *litlen_lengths, const uint8_t *dist_lengths) {
    uint16_t litlen[LITLEN_TABLE], dist[DIST_CODES];
    build_codes(litlen_lengths, LITLEN_TABLE, litlen);
    build_codes(dist_lengths, DIST_CODES, dist);
    for (size_t i = 0; i < e->token_count; i++) {
        uint32_t token = e->tokens[i];
        if (!(token & MATCH_FLAG)) {
            put_bits(e, litlen[token], litlen_lengths[token]);
            continue;
        }
        uint32_t entry = e->length_codes[(token >> 16) & 0x1ff];
        int code = (int)(entry & 0x1ff), bits = (int)(entry >> 9 & 15);
        put_bits(e, litlen[code] | (entry >> 13) << litlen_lengths[code], litlen_lengths[code] + bits);
        uint32_t distance = token & 0xffff ? token & 0xffff : WINDOW;
        code = (int)(token >> 26 & 31), bits = distance_extra_bits(code);
        uint32_t extra = (distance - 1) & ((1u << bits) - 1);
        put_bits(e, dist[code] | extra << dist_lengths[code], dist_lengths[code] + bits);
    }
    put_bits(e, litlen[END_OF_BLOCK], litlen_lengths[END_OF_BLOCK]);
}

static void put_stored(frame_deflate *e, int final) {
    size_t start = e->block_start, end = e->position;
    do {
        size_t piece = end - start > STORED_PIECE ? STORED_PIECE : end - start;
        int last = start + piece == end;
        put_bits(e, (uint32_t)(final && last), 3);
        align_to_byte(e);
        uint8_t *o = e->out + e->size;
        o[0] = (uint8_t)piece, o[1] = (uint8_t)(piece >> 8);
        o[2] = (uint8_t)~piece, o[3] = (uint8_t)(~piece >> 8);
        memcpy(o + 4, e->data + start, piece);
        e->size += 4 + piece;
        start += piece;
    } while (start < end);
}

/* Writes the tokens collected since block_start as one block (or stored pieces). */
static void flush_block(frame_deflate *e, int final) {
    e->litlen_count[END_OF_BLOCK] = 1;
    dynamic_header h;
    uint64_t dynamic_bits = build_dynamic(e, &h);
    uint8_t fixed_litlen[LITLEN_TABLE], fixed_dist[DIST_CODES];
    fixed_lengths(fixed_litlen, fixed_dist);
    uint64_t fixed_bits = 3 + token_bits(e, fixed_litlen, fixed_dist);
    size_t raw = e->position - e->block_start;
    uint64_t stored_bits = 8 * ((uint64_t)raw + 5 * (raw / STORED_PIECE + 1)) + 7;
    if (!(e->forms & FRAME_DEFLATE_DYNAMIC)) dynamic_bits = UINT64_MAX;
    if (!(e->forms & FRAME_DEFLATE_FIXED)) fixed_bits = UINT64_MAX;
    if ((e->forms & FRAME_DEFLATE_STORED) == 0 && (dynamic_bits <= stored_bits || fixed_bits <= stored_bits)) {
        stored_bits = UINT64_MAX;
    }
    if (stored_bits < dynamic_bits && stored_bits < fixed_bits) {
        put_stored(e, final);
    } else if (fixed_bits <= dynamic_bits) {
        put_bits(e, (uint32_t)final | 1u << 1, 3);
        put_tokens(e, fixed_litlen, fixed_dist);
    } else {
        put_dynamic_header(e, &h, final);
        put_tokens(e, h.litlen_lengths, h.dist_lengths);
    }
    e->token_count = 0;
    e->block_start = e->position;
    memset(e->litlen_count, 0, sizeof e->litlen_count);
    memset(e->dist_count, 0, sizeof e->dist_count);
}

/* ---------------------------------------------------------------------------------------- */
/* Matching                                                                                  */

/* How many bytes (at most `limit`) at `a` equal those at `b`, sixteen at a time (eight
 * without SSE2); `a` and `b` may be read sixteen bytes past `limit` (see frame_deflate_begin). */
static inline size_t common_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
#if defined(__SSE2__)
    for (;;) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + n)), y = _mm_loadu_si128((const __m128i *)(b + n));
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y));
        if (equal != 0xffff) n += (size_t)__builtin_ctz(~equal);
        else n += 16;
        if (equal != 0xffff || n >= limit) return n < limit ? n : limit;
    }
#else
    for (;;) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        uint64_t difference = x ^ y;
        if (difference != 0) n += (size_t)(__builtin_ctzll(difference) / 8);
        else n += 8;
        if (difference != 0 || n >= limit) return n < limit ? n : limit;
    }
#endif
}

static inline uint32_t hash4(const uint8_t *p) {
    uint32_t word;
    memcpy(&word, p, 4);
    return (word * 2654435761u) >> (32 - HASH_BITS);
}

static inline void add_match(frame_deflate *e, size_t length, size_t distance) {
    int code, bits;
    uint32_t extra;
    e->litlen_count[e->length_codes[length] & 0x1ff]++;
    distance_code((uint32_t)distance, &code, &bits, &extra);
    e->dist_count[code]++;
    e->tokens[e->token_count++] =
        MATCH_FLAG | (uint32_t)code << 26 | (uint32_t)length << 16 | (uint32_t)(distance & 0xffff);
}

/*
 * Each position: the first eight bytes against every fixed candidate at once (one load and
 * a XOR each, no branch per candidate), then the longest of them extended; failing those,
 * the last position with the same four bytes (a hash table, as fast LZ77 coders keep it),
 * which finds the edges and colors repeated further away.
 */
static void tokenize(frame_deflate *e, size_t end) {
    const uint8_t *data = e->data;
    uint16_t *table = e->table;
    size_t p = e->position;
    size_t reach = e->candidates[e->candidate_count - 1]; /* every candidate is behind p */
    while (p < end) {
        size_t limit = end - p > MAX_MATCH ? MAX_MATCH : end - p;
        size_t best = 0, best_distance = 0;
        if (p >= reach) {
            uint64_t word;
            memcpy(&word, data + p, 8);
            for (int c = 0; c < e->candidate_count; c++) {
                uint64_t other;
                memcpy(&other, data + p - e->candidates[c], 8);
                uint64_t difference = word ^ other;
                size_t length = difference ? (size_t)(__builtin_ctzll(difference) / 8) : 8;
                /* Cut to the rows given before the candidates are compared: the bytes past
                 * them are whatever an earlier image left there, and must not pick the one. */
                if (length > limit) length = limit;
                if (length > best) best = length, best_distance = e->candidates[c];
            }
            if (best == 8 && limit > 8) best = 8 + common_length(data + p + 8, data + p + 8 - best_distance, limit - 8);
        } else {
            for (int c = 0; c < e->candidate_count && e->candidates[c] <= p; c++) {
                size_t length = common_length(data + p, data + p - e->candidates[c], limit);
                if (length > best) best = length, best_distance = e->candidates[c];
            }
        }
        if (best < 4 && limit >= 4) {
            uint32_t h = hash4(data + p);
            uint16_t previous = table[h];
            table[h] = (uint16_t)(p + 1);
            size_t distance = (uint16_t)(p + 1 - previous);
            if (previous != 0 && distance != 0 && distance <= WINDOW && distance <= p - e->band_start) {
                size_t length = common_length(data + p, data + p - distance, limit);
                if (length >= 4 && length > best) best = length, best_distance = distance;
            }
        }
        /* A far match of three bytes costs more than the three literals it replaces. */
        if (best > MIN_MATCH || (best == MIN_MATCH && best_distance <= 64)) {
            add_match(e, best, best_distance);
            p += best;
        } else {
            e->litlen_count[data[p]]++;
            e->tokens[e->token_count++] = data[p];
            p++;
        }
        if (e->token_count == BLOCK_TOKENS) {
            e->position = p;
            flush_block(e, 0);
        }
    }
    e->position = p;
}

/* ---------------------------------------------------------------------------------------- */
/* The stream                                                                                */

/* The most bytes the stream of `data_bytes` bytes of rows in `bands` bands can take: stored
 * at worst, five bytes per piece and a piece per block at least, an empty stored block per
 * band, the final block and the last bits. */
static size_t stream_bound(size_t data_bytes, size_t bands) {
    return data_bytes + 5 * (data_bytes / STORED_PIECE + data_bytes / BLOCK_TOKENS + 3 * bands + 2) + 16;
}

frame_deflate *frame_deflate_create(void) {
    frame_deflate *e = (frame_deflate *)calloc(1, sizeof(frame_deflate));
    if (e == NULL) return NULL;
    e->tokens = (uint32_t *)malloc(BLOCK_TOKENS * sizeof(uint32_t));
    e->table = (uint16_t *)malloc(sizeof(uint16_t) << HASH_BITS);
    if (e->tokens == NULL || e->table == NULL) {
        frame_deflate_destroy(e);
        return NULL;
    }
    for (uint32_t length = MIN_MATCH; length <= MAX_MATCH; length++) {
        int code, bits;
        uint32_t extra;
        length_code(length, &code, &bits, &extra);
        e->length_codes[length] = (uint32_t)code | (uint32_t)bits << 9 | extra << 13;
    }
    return e;
}

void frame_deflate_destroy(frame_deflate *e) {
    if (e == NULL) return;
    for (int i = 0; i < 2; i++) {
        free(e->images[i].rows);
        free(e->images[i].stream);
        free(e->images[i].band_offsets);
    }
    free(e->tokens);
    free(e->table);
    free(e);
}

/* Grows `*buffer` to at least `size` bytes of `element` bytes, zeroed (its contents are not
 * kept); 0 when out of memory. */
static int reserve(void **buffer, size_t *capacity, size_t size, size_t element) {
    if (*capacity >= size) return 1;
    free(*buffer);
    *buffer = calloc(size, element);
    *capacity = *buffer == NULL ? 0 : size;
    return *buffer != NULL;
}

/* Whether row `y` is the same in this image and the last one. */
static int same_row(const frame_deflate *e, size_t y) {
    const frame_image *last = &e->images[1 - e->current];
    return memcmp(e->data + y * e->row_bytes, last->rows + y * e->row_bytes, e->row_bytes) == 0;
}

static void clear_table(frame_deflate *e) { memset(e->table, 0, sizeof(uint16_t) << HASH_BITS); }

/* Starts the band at row `row`: a fresh table, and whether it may yet be copied. */
static void start_band(frame_deflate *e, size_t row) {
    e->band_row = row;
    e->band_start = e->position = e->block_start = row * e->row_bytes;
    e->band_end_row = row + e->band_rows < e->row_count ? row + e->band_rows : e->row_count;
    e->band_same = e->can_reuse && (row == 0 || same_row(e, row - 1));
    if (!e->band_same) clear_table(e);
}

/* The band being copied is compressed after all: its rows before `row`, row by row as always
 * (matches end at the row ends), so its bytes do not depend on where copying stopped. */
static void stop_copying(frame_deflate *e, size_t row) {
    e->band_same = 0;
    clear_table(e);
    for (size_t y = e->band_row; y < row; y++) tokenize(e, (y + 1) * e->row_bytes);
}

/* Ends the band on a byte boundary, its bytes compressed or copied from the last image. */
static void end_band(frame_deflate *e) {
    frame_image *image = &e->images[e->current];
    if (e->band_same) {
        const frame_image *last = &e->images[1 - e->current];
        size_t from = last->band_offsets[e->band], to = last->band_offsets[e->band + 1];
        memcpy(e->out + e->size, last->stream + FRAME_DEFLATE_HEADROOM + from, to - from);
        e->size += to - from;
        e->position = e->block_start = e->band_end_row * e->row_bytes;
        e->reused_bands++;
    } else {
        flush_block(e, 0);
        if (e->bit_count % 8 != 0) {
            /* An empty stored block: three bits, the padding, a length of 0 and its complement. */
            put_bits(e, 0, 3);
            align_to_byte(e);
            put_bits(e, 0xffff0000u, 32);
        }
        align_to_byte(e);
    }
    image->band_offsets[++e->band] = e->size;
}

uint8_t *frame_deflate_begin(frame_deflate *e, size_t row_bytes, size_t row_count, size_t pixel_bytes) {
    e->current = 1 - e->current;
    frame_image *image = &e->images[e->current];
    const frame_image *last = &e->images[1 - e->current];
    image->complete = 0;
    size_t bytes = row_bytes * row_count;
    e->band_rows = (BAND_BYTES + row_bytes - 1) / row_bytes;
    size_t bands = (row_count + e->band_rows - 1) / e->band_rows;
    if (!reserve((void **)&image->rows, &image->rows_capacity, bytes + FRAME_DEFLATE_SLACK, 1) ||
        !reserve((void **)&image->stream, &image->stream_capacity,
                 FRAME_DEFLATE_HEADROOM + stream_bound(bytes, bands) + FRAME_DEFLATE_TAILROOM, 1) ||
        !reserve((void **)&image->band_offsets, &image->band_capacity, bands + 1, sizeof(size_t))) {
        return NULL;
    }
    e->data = image->rows;
    e->out = image->stream + FRAME_DEFLATE_HEADROOM;
    e->size = 0;
    e->bits = 0;
    e->bit_count = 0;
    e->token_count = 0;
    e->forms = FRAME_DEFLATE_STORED | FRAME_DEFLATE_FIXED | FRAME_DEFLATE_DYNAMIC;
    memset(e->litlen_count, 0, sizeof e->litlen_count);
    memset(e->dist_count, 0, sizeof e->dist_count);
    /* Nearest first: the pixel to the left, then the one above (when the window reaches it;
     * the diagonals were tried: they make rain frames larger, taking the place of longer
     * matches the hash table finds). */
    e->candidates[0] = pixel_bytes;
    e->candidate_count = 1;
    if (row_bytes > pixel_bytes && row_bytes <= WINDOW) e->candidates[e->candidate_count++] = row_bytes;
    e->row_bytes = row_bytes;
    e->row_count = row_count;
    e->rows_taken = 0;
    image->row_bytes = row_bytes;
    image->row_count = row_count;
    image->pixel_bytes = pixel_bytes;
    image->forms = e->forms;
    e->band = 0;
    e->reused_bands = 0;
    image->band_offsets[0] = 0;
    e->can_reuse = last->complete && last->row_bytes == row_bytes && last->row_count == row_count &&
                   last->pixel_bytes == pixel_bytes && last->forms == e->forms;
    e->band_same = 0;
    if (row_count > 0) start_band(e, 0);
    return image->rows;
}

void frame_deflate_allow(frame_deflate *e, int forms) {
    e->forms = forms;
    frame_image *image = &e->images[e->current];
    image->forms = forms;
    e->can_reuse = e->can_reuse && e->images[1 - e->current].forms == forms;
    if (e->band_same && !e->can_reuse) stop_copying(e, e->rows_taken);
}

void frame_deflate_take_row(frame_deflate *e) {
    if (e->rows_taken >= e->row_count) return;
    size_t y = e->rows_taken++;
    if (e->band_same && !same_row(e, y)) stop_copying(e, y); /* the band's first change */
    if (!e->band_same) tokenize(e, (y + 1) * e->row_bytes);
    if (y + 1 == e->band_end_row) {
        end_band(e);
        if (e->band_end_row < e->row_count) start_band(e, e->band_end_row);
    }
}

uint8_t *frame_deflate_finish(frame_deflate *e, size_t *size) {
    frame_image *image = &e->images[e->current];
    if (e->rows_taken < e->row_count) {
        /* Ended early: what was taken, in a block of its own; nothing to copy from later. */
        if (e->band_same) stop_copying(e, e->rows_taken);
        flush_block(e, 0);
    } else {
        image->complete = 1;
    }
    /* The final block: fixed codes, nothing but the end of block (seven zero bits). */
    put_bits(e, 1u | 1u << 1, 3);
    put_bits(e, 0, 7);
    align_to_byte(e);
    *size = e->size;
    return e->out;
}

size_t frame_deflate_reused_bands(const frame_deflate *e) { return e->reused_bands; }
