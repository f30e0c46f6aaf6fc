/* SPDX-License-Identifier: MIT */
/* Unit tests of table row ids (common/tps_ids.c) against references
 * written here: bytes of known encodings and a textbook LEB128 encoder,
 * qsort with a search for the sort and dedupe, XXH3 called directly and
 * the closed form of the slot ranges for slots and shards. Every decode
 * reads from a buffer of exactly the input's size, so that ASan catches a
 * read past its end. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "taups_error.h"
#include "tps_ids.h"
#include "tps_rng.h"

/* ---- references -------------------------------------------------------- */

static size_t ref_varint(uint64_t v, uint8_t *out) {
    size_t i = 0;
    do {
        uint8_t b = v & 0x7f;
        v >>= 7;
        out[i++] = v != 0 ? (uint8_t)(b | 0x80) : b;
    } while (v != 0);
    return i;
}

static uint32_t ref_slot(uint64_t id) {
    uint8_t le[8];
    memcpy(le, &id, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int i = 0; i < 4; i++) {
        uint8_t t = le[i];
        le[i] = le[7 - i];
        le[7 - i] = t;
    }
#endif
    return (uint32_t)(XXH3_64bits(le, 8) >> 52);
}

/* First slot of shard s: the least k with k * S >= s * 4096. */
static uint32_t ref_first_slot(uint32_t s, uint32_t nshards) {
    return (uint32_t)(((uint64_t)s * TPS_TABLE_SLOTS + nshards - 1) / nshards);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorted unique copy of ids, the count in *m. */
static uint64_t *ref_unique(const uint64_t *ids, size_t n, size_t *m) {
    uint64_t *u = malloc((n + 1) * sizeof *u);
    ck_assert_ptr_nonnull(u);
    memcpy(u, ids, n * sizeof *u);
    qsort(u, n, sizeof *u, cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || u[i] != u[k - 1])
            u[k++] = u[i];
    *m = k;
    return u;
}

/* A zero-length copy is malloc(0): a pointer to nothing readable. */
static uint8_t *exact_copy(const uint8_t *p, size_t len) {
    uint8_t *c = malloc(len);
    if (len > 0) {
        ck_assert_ptr_nonnull(c);
        memcpy(c, p, len);
    }
    return c;
}

/* ---- id lists ------------------------------------------------------------ */

enum {
    LIST_RANDOM,
    LIST_SEQ,
    LIST_SPARSE,
    LIST_ZERO,
    LIST_MAX,
    LIST_BOTH,
    LIST_EMPTY,
    LIST_SMALLGAPS,
    NLISTS
};

/* A strictly ascending list of kind k; *n its length. */
static uint64_t *make_list(int k, size_t *n) {
    uint64_t *ids = malloc(2000 * sizeof *ids);
    ck_assert_ptr_nonnull(ids);
    tps__rng_t r;
    tps__rng_seed(&r, 28, (uint64_t)k);
    size_t m = 0;
    switch (k) {
    case LIST_RANDOM: {
        for (m = 0; m < 1000; m++)
            ids[m] = tps__rng_next(&r);
        uint64_t *u = ref_unique(ids, m, &m);
        free(ids);
        ids = u;
        break;
    }
    case LIST_SEQ:
        for (m = 0; m < 1000; m++)
            ids[m] = 1000000 + m;
        break;
    case LIST_SPARSE: {
        /* Gaps of about 2^63 and runs around 2^63. */
        static const uint64_t v[] = {0,
                                     1,
                                     (1ULL << 62),
                                     (1ULL << 63) - 2,
                                     (1ULL << 63) - 1,
                                     1ULL << 63,
                                     (1ULL << 63) + 1,
                                     (1ULL << 63) + (1ULL << 62),
                                     UINT64_MAX - 1,
                                     UINT64_MAX};
        m = sizeof v / sizeof v[0];
        memcpy(ids, v, sizeof v);
        break;
    }
    case LIST_ZERO:
        ids[m++] = 0;
        break;
    case LIST_MAX:
        ids[m++] = UINT64_MAX;
        break;
    case LIST_BOTH:
        ids[m++] = 0;
        ids[m++] = UINT64_MAX;
        break;
    case LIST_EMPTY:
        break;
    case LIST_SMALLGAPS: {
        /* Gaps of every varint length from 1 to 8 bytes. */
        uint64_t id = 5;
        for (m = 0; m < 600; m++) {
            ids[m] = id;
            uint64_t gap = tps__rng_next(&r) >> (m % 64);
            if (gap > (UINT64_MAX - id) / 700)
                gap = (UINT64_MAX - id) / 700;
            id += gap + 1;
        }
        break;
    }
    }
    *n = m;
    return ids;
}

/* The reference encoding of an ascending list: the bytes, and in ends[i]
 * the offset where id i's varint ends. */
static size_t ref_ids_encode(const uint64_t *ids, size_t n, uint8_t *out,
                             size_t *ends) {
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        off += ref_varint(i == 0 ? ids[0] : ids[i] - ids[i - 1] - 1, out + off);
        if (ends != NULL)
            ends[i] = off;
    }
    return off;
}

/* Decodes exactly len bytes as n ids and asserts they are ids[0..n). */
static void decode_equal(const uint8_t *enc, size_t len, const uint64_t *ids,
                         size_t n) {
    uint8_t *in = exact_copy(enc, len);
    uint64_t *out = malloc((n + 1) * sizeof *out);
    char err[128] = "";
    size_t used = 12345;
    int rc = tps__ids_decode(in, len, out, n, &used, err, sizeof err);
    ck_assert_msg(rc == 0, "decode of %zu ids: %s", n, err);
    ck_assert_uint_eq(used, len);
    /* The first id that differs, asserted once: a Check assertion per id
     * of every split and truncation was most of this file's time. */
    size_t bad = 0;
    while (bad < n && out[bad] == ids[bad])
        bad++;
    ck_assert_msg(bad == n, "id %zu", bad);
    free(out);
    free(in);
}

START_TEST(test_known_bytes) {
    static const struct {
        uint64_t ids[3];
        size_t n, len;
        uint8_t bytes[24];
    } v[] = {
        {{0}, 1, 1, {0x00}},
        {{UINT64_MAX},
         1,
         10,
         {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}},
        {{0, UINT64_MAX},
         2,
         11,
         {0x00, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}},
        {{1, 2, 300}, 3, 4, {0x01, 0x00, 0xa9, 0x02}},
        {{127, 128, 16384}, 3, 4, {0x7f, 0x00, 0xff, 0x7e}},
    };
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        uint8_t out[TPS_IDS_MAX_BYTES(3)];
        size_t len = tps__ids_encode(v[k].ids, v[k].n, out);
        ck_assert_uint_eq(len, v[k].len);
        ck_assert_mem_eq(out, v[k].bytes, len);
        decode_equal(v[k].bytes, v[k].len, v[k].ids, v[k].n);
    }
}
END_TEST

static void round_trip(const uint64_t *ids, size_t n) {
    uint8_t *enc = malloc(TPS_IDS_MAX_BYTES(n) + 1);
    uint8_t *ref = malloc(TPS_IDS_MAX_BYTES(n) + 1);
    size_t len = tps__ids_encode(ids, n, enc);
    ck_assert_uint_le(len, TPS_IDS_MAX_BYTES(n));
    ck_assert_uint_eq(len, ref_ids_encode(ids, n, ref, NULL));
    ck_assert(len == 0 || memcmp(enc, ref, len) == 0);
    decode_equal(enc, len, ids, n);
    free(enc);
    free(ref);
}

/* The client cuts a list at frame limits: both halves stand alone. */
static void every_split(const uint64_t *ids, size_t n) {
    uint8_t *enc = malloc(TPS_IDS_MAX_BYTES(n) + 1);
    for (size_t cut = 0; cut <= n; cut++) {
        size_t a = tps__ids_encode(ids, cut, enc);
        decode_equal(enc, a, ids, cut);
        size_t b = tps__ids_encode(ids + cut, n - cut, enc);
        decode_equal(enc, b, ids + cut, n - cut);
    }
    free(enc);
}

static void every_truncation(const uint64_t *ids, size_t n) {
    uint8_t *enc = malloc(TPS_IDS_MAX_BYTES(n) + 1);
    size_t *ends = malloc((n + 1) * sizeof *ends);
    uint64_t *out = malloc((n + 1) * sizeof *out);
    size_t len = ref_ids_encode(ids, n, enc, ends);
    size_t whole = 0; /* ids whose varint ends within t bytes */
    for (size_t t = 0; t < len; t++) {
        while (whole < n && ends[whole] <= t)
            whole++;
        uint8_t *in = exact_copy(enc, t);
        char err[128] = "", want[64];
        size_t used = 777;
        ck_assert_int_eq(tps__ids_decode(in, t, out, n, &used, err, sizeof err),
                         TPS_EPROTO);
        ck_assert_uint_eq(used, 777);
        snprintf(want, sizeof want, "ids end after %zu of %zu", whole, n);
        ck_assert_str_eq(err, want);
        free(in);
    }
    free(out);
    free(ends);
    free(enc);
}

/* A loop test: _i is the kind of list. */
START_TEST(test_list) {
    size_t n;
    uint64_t *ids = make_list(_i, &n);
    round_trip(ids, n);
    every_split(ids, n);
    every_truncation(ids, n);
    free(ids);
}
END_TEST

static void refused(const uint8_t *bytes, size_t len, size_t n, int gaps,
                    const char *want) {
    uint8_t *in = exact_copy(bytes, len);
    uint64_t out[4];
    char err[128] = "";
    size_t used = 0;
    int rc = gaps
                 ? tps__ids_decode(in, len, out, n, &used, err, sizeof err)
                 : tps__varints_decode(in, len, out, n, &used, err, sizeof err);
    ck_assert_int_eq(rc, TPS_EPROTO);
    ck_assert_msg(strstr(err, want) != NULL, "\"%s\" lacks \"%s\"", err, want);
    free(in);
}

START_TEST(test_bad_varints) {
    static const uint8_t eleven[] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                     0x80, 0x80, 0x80, 0x80, 0x00};
    static const uint8_t eleven_ff[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0x01};
    static const uint8_t big2[] = {0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0x02};
    static const uint8_t big7f[] = {0x80, 0x80, 0x80, 0x80, 0x80,
                                    0x80, 0x80, 0x80, 0x80, 0x7f};
    static const uint8_t pad0[] = {0x80, 0x00};
    static const uint8_t pad1[] = {0x81, 0x00};
    static const uint8_t pad9[] = {0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0x00};
    for (int gaps = 0; gaps <= 1; gaps++) {
        refused(eleven, sizeof eleven, 1, gaps, "longer than 10 bytes");
        refused(eleven_ff, sizeof eleven_ff, 1, gaps, "longer than 10 bytes");
        refused(big2, sizeof big2, 1, gaps, "past 2^64 - 1");
        refused(big7f, sizeof big7f, 1, gaps, "past 2^64 - 1");
        refused(pad0, sizeof pad0, 1, gaps, "redundant zero bytes");
        refused(pad1, sizeof pad1, 1, gaps, "redundant zero bytes");
        refused(pad9, sizeof pad9, 1, gaps, "redundant zero bytes");
        /* The second of two: the sentence names which. */
        uint8_t two[12] = {0x05};
        memcpy(two + 1, eleven_ff, 11);
        refused(two, 12, 2, gaps, "1 of 2: varint longer than 10 bytes");
    }
}
END_TEST

START_TEST(test_gap_overflow) {
    /* UINT64_MAX, then any id: past 2^64 - 1. */
    static const uint8_t after_max[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0x01, 0x00};
    refused(after_max, sizeof after_max, 2, 1, "id 1 of 2: gap takes it past");
    /* 1, then 1 + 1 + (2^64 - 2) = 2^64. */
    static const uint8_t one_then[] = {0x01, 0xfe, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0x01};
    refused(one_then, sizeof one_then, 2, 1, "id 1 of 2: gap takes it past");
    /* The same bytes are fine as plain varints. */
    uint64_t out[2];
    size_t used;
    char err[64];
    ck_assert_int_eq(tps__varints_decode(after_max, sizeof after_max, out, 2,
                                         &used, err, sizeof err),
                     0);
    ck_assert_uint_eq(out[0], UINT64_MAX);
    ck_assert_uint_eq(out[1], 0);
    ck_assert_uint_eq(used, sizeof after_max);
}
END_TEST

START_TEST(test_varints) {
    tps__rng_t r;
    tps__rng_seed(&r, 28, 100);
    enum { N = 3000 };
    uint64_t *v = malloc(N * sizeof *v), *out = malloc(N * sizeof *v);
    uint8_t *enc = malloc(TPS_IDS_MAX_BYTES(N)),
            *ref = malloc(TPS_IDS_MAX_BYTES(N));
    static const uint64_t edge[] = {
        0, 1, 127, 128, 16383, 16384, 1ULL << 63, UINT64_MAX, 0, UINT64_MAX};
    for (size_t i = 0; i < N; i++)
        v[i] = i < 10 ? edge[i] : tps__rng_next(&r) >> (tps__rng_next(&r) % 64);
    v[N - 1] = v[N / 2]; /* repeats and any order are fine */
    size_t len = tps__varints_encode(v, N, enc), rlen = 0;
    for (size_t i = 0; i < N; i++)
        rlen += ref_varint(v[i], ref + rlen);
    ck_assert_uint_eq(len, rlen);
    ck_assert_mem_eq(enc, ref, len);
    uint8_t *in = exact_copy(enc, len);
    size_t used;
    char err[128] = "";
    ck_assert_msg(
        tps__varints_decode(in, len, out, N, &used, err, sizeof err) == 0, "%s",
        err);
    ck_assert_uint_eq(used, len);
    for (size_t i = 0; i < N; i++)
        ck_assert_msg(out[i] == v[i], "varint %zu", i);
    /* Each truncation: the count of whole varints before the cut. */
    size_t whole = 0, end = ref_varint(v[0], ref);
    for (size_t t = 0; t < len; t += 7) {
        while (whole < N - 1 && end <= t)
            end += ref_varint(v[++whole], ref);
        char want[64];
        snprintf(want, sizeof want, "varints end after %zu of %d", whole, N);
        ck_assert_int_eq(
            tps__varints_decode(in, t, out, N, &used, err, sizeof err),
            TPS_EPROTO);
        ck_assert_str_eq(err, want);
    }
    free(in);
    free(v);
    free(out);
    free(enc);
    free(ref);
}
END_TEST

/* ---- sort and dedupe ----------------------------------------------------- */

/* ids[0..n) against the reference; pos by linear search when few unique
 * ids, by binary search otherwise. */
static void check_unique(const uint64_t *ids, size_t n, void **scratch,
                         size_t *cap) {
    uint64_t *uniq = malloc((n + 1) * sizeof *uniq);
    uint32_t *pos = malloc((n + 1) * sizeof *pos);
    size_t m = tps__ids_unique(ids, n, uniq, pos, scratch, cap);
    size_t rm;
    uint64_t *ref = ref_unique(ids, n, &rm);
    ck_assert_uint_eq(m, rm);
    /* Each loop stops at its first mismatch, asserted after it (a Check
     * assertion per id costs a write). */
    size_t j = 0;
    while (j < m && uniq[j] == ref[j])
        j++;
    ck_assert_msg(j == m, "uniq[%zu]", j);
    size_t i = 0, at = rm;
    for (; i < n; i++) {
        if (rm <= 2000) {
            for (at = 0; at < rm && ref[at] != ids[i]; at++)
                ;
        } else {
            const uint64_t *p = bsearch(&ids[i], ref, rm, sizeof *ref, cmp_u64);
            at = p != NULL ? (size_t)(p - ref) : rm;
        }
        if (at == rm || pos[i] != at)
            break;
    }
    ck_assert_msg(i == n, "pos[%zu] = %u, not %zu", i, i < n ? pos[i] : 0, at);
    free(ref);
    free(uniq);
    free(pos);
}

START_TEST(test_unique) {
    void *scratch = NULL;
    size_t cap = 0;
    tps__rng_t r;
    tps__rng_seed(&r, 28, 200);
    enum { N = 100000 };
    uint64_t *ids = malloc(N * sizeof *ids), pool[1000];
    for (size_t j = 0; j < 1000; j++)
        pool[j] = tps__rng_next(&r);
    pool[0] = 0;
    pool[1] = UINT64_MAX;

    check_unique(ids, 0, &scratch, &cap);
    ids[0] = 42;
    check_unique(ids, 1, &scratch, &cap);
    /* Many repeats of 1,000 random ids. */
    for (size_t i = 0; i < N; i++)
        ids[i] = pool[tps__rng_below(&r, 1000)];
    check_unique(ids, N, &scratch, &cap);
    /* Small ids: the high digits are all zero. */
    for (size_t i = 0; i < N; i++)
        ids[i] = tps__rng_below(&r, 1500);
    check_unique(ids, N, &scratch, &cap);
    /* Ids that differ only in the top digits. */
    for (size_t i = 0; i < N; i++)
        ids[i] = (tps__rng_below(&r, 1900) << 53) | 0x1234;
    check_unique(ids, N, &scratch, &cap);
    /* Few repeats. */
    for (size_t i = 0; i < N; i++)
        ids[i] = tps__rng_next(&r) >> (i % 3 * 20);
    check_unique(ids, N, &scratch, &cap);
    /* Ascending with repeats, then descending. */
    for (size_t i = 0; i < N; i++)
        ids[i] = i / 3;
    check_unique(ids, N, &scratch, &cap);
    for (size_t i = 0; i < N; i++)
        ids[i] = UINT64_MAX - i / 2;
    check_unique(ids, N, &scratch, &cap);

    /* A steady state allocates nothing: smaller calls keep the scratch. */
    void *kept = scratch;
    size_t kept_cap = cap;
    for (size_t i = 0; i < 1000; i++)
        ids[i] = pool[tps__rng_below(&r, 300)];
    check_unique(ids, 1000, &scratch, &cap);
    ck_assert_ptr_eq(scratch, kept);
    ck_assert_uint_eq(cap, kept_cap);
    /* Calls of up to 65,536 ids that spread over many digits go through
     * a hash table first: the same cases at those sizes, and ids spread
     * over every digit both ascending and descending. */
    static const size_t small[] = {2, 1000, 65536};
    for (size_t k = 0; k < sizeof small / sizeof *small; k++) {
        size_t n = small[k];
        for (size_t i = 0; i < n; i++)
            ids[i] = pool[tps__rng_below(&r, 1000)];
        check_unique(ids, n, &scratch, &cap);
        for (size_t i = 0; i < n; i++)
            ids[i] = tps__rng_next(&r) >> (i % 3 * 20);
        check_unique(ids, n, &scratch, &cap);
        for (size_t i = 0; i < n; i++)
            ids[i] = tps__rng_below(&r, 1500);
        check_unique(ids, n, &scratch, &cap);
        /* Digit widths that do not divide the bits that vary: 20 bits
         * (a thousand ids: 3 passes of 7), and bits 3 to 40. */
        for (size_t i = 0; i < n; i++)
            ids[i] = tps__rng_below(&r, (uint64_t)1 << 20);
        check_unique(ids, n, &scratch, &cap);
        for (size_t i = 0; i < n; i++)
            ids[i] = (tps__rng_below(&r, (uint64_t)1 << 37) << 3) | 5;
        check_unique(ids, n, &scratch, &cap);
        for (size_t i = 0; i < n; i++)
            ids[i] = ((uint64_t)(i / 2) << 40) | (i / 2);
        check_unique(ids, n, &scratch, &cap);
        for (size_t i = 0; i < n; i++)
            ids[i] = ((uint64_t)(n - i / 2) << 40) | (i % 7);
        check_unique(ids, n, &scratch, &cap);
    }
    /* A key packs with its index into one word while the bits that vary
     * and the index's bits make 64 at most: 1,000 distinct ids (10 index
     * bits) varying in 54 bits pack, in 55 they do not; the same with
     * each id twice (the unique ids are then packed, not the call's). */
    for (unsigned span = 54; span <= 55; span++)
        for (size_t rep = 1; rep <= 2; rep++) {
            size_t n = 1000 * rep;
            for (size_t i = 0; i < n; i++)
                ids[i] = tps__mix64(i / rep) >> (64 - span);
            check_unique(ids, n, &scratch, &cap);
        }
    free(scratch);
    free(ids);
}
END_TEST

/* ---- slots and shards ---------------------------------------------------- */

START_TEST(test_slot_is_xxh3) {
    static const uint64_t ids[] = {
        0,         1,          2,          42,
        4095,      1ULL << 32, 1ULL << 63, 0x0123456789abcdefULL,
        UINT64_MAX};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        ck_assert_uint_eq(tps__id_slot(ids[i]), ref_slot(ids[i]));
        ck_assert_uint_lt(tps__id_slot(ids[i]), TPS_TABLE_SLOTS);
    }
    tps__rng_t r;
    tps__rng_seed(&r, 28, 300);
    for (int i = 0; i < 10000; i++) {
        uint64_t id = tps__rng_next(&r);
        ck_assert_uint_eq(tps__id_slot(id), ref_slot(id));
        ck_assert_uint_eq(tps__id_shard(id, 7), ref_slot(id) * 7 / 4096);
    }
}
END_TEST

START_TEST(test_shard_map) {
    static const uint32_t counts[] = {1, 2, 3, 7, 4096};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        uint32_t S = counts[c];
        uint32_t prev = 0;
        for (uint32_t k = 0; k < TPS_TABLE_SLOTS; k++) {
            uint32_t s = tps__slot_shard(k, S);
            ck_assert_uint_ge(s, prev);
            ck_assert_uint_lt(s, S);
            /* k is in [first(s), first(s + 1)). */
            ck_assert_uint_ge(k, ref_first_slot(s, S));
            ck_assert_uint_lt(k, ref_first_slot(s + 1, S));
            prev = s;
        }
        for (uint32_t s = 0; s < S; s++)
            ck_assert_uint_eq(tps__slot_shard(ref_first_slot(s, S), S), s);
    }
    ck_assert_uint_eq(tps__slot_shard(1365, 3), 0);
    ck_assert_uint_eq(tps__slot_shard(1366, 3), 1);
    ck_assert_uint_eq(tps__slot_shard(4095, 3), 2);
}
END_TEST

START_TEST(test_by_shard) {
    static const uint32_t counts[] = {1, 2, 3, 7, 16, 4096, 5000};
    tps__rng_t r;
    tps__rng_seed(&r, 28, 400);
    enum { N = 20000 };
    uint64_t *ids = malloc(N * sizeof *ids);
    for (size_t i = 0; i < N; i++)
        ids[i] = i % 2 ? tps__rng_next(&r) : i;
    size_t n;
    uint64_t *uniq = ref_unique(ids, N, &n);
    uint32_t *order = malloc(N * sizeof *order);
    size_t *start = malloc(5001 * sizeof *start);
    char *seen = malloc(N);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        uint32_t S = counts[c];
        tps__ids_by_shard(uniq, n, S, order, start);
        memset(seen, 0, N);
        ck_assert_uint_eq(start[0], 0);
        ck_assert_uint_eq(start[S], n);
        for (uint32_t s = 0; s < S; s++) {
            ck_assert_uint_le(start[s], start[s + 1]);
            for (size_t j = start[s]; j < start[s + 1]; j++) {
                uint32_t i = order[j];
                ck_assert_uint_lt(i, n);
                ck_assert_msg(!seen[i], "index %u twice", i);
                seen[i] = 1;
                ck_assert_uint_eq(ref_slot(uniq[i]) * (uint64_t)S / 4096, s);
                if (j > start[s])
                    ck_assert_uint_gt(uniq[i], uniq[order[j - 1]]);
            }
        }
    }
    uint32_t none;
    size_t empty[4] = {9, 9, 9, 9};
    tps__ids_by_shard(uniq, 0, 3, &none, empty);
    ck_assert(empty[0] == 0 && empty[1] == 0 && empty[2] == 0 && empty[3] == 0);
    free(seen);
    free(start);
    free(order);
    free(uniq);
    free(ids);
}
END_TEST

/* 1,000,000 sequential ids over 4,096 slots, about 244 each. A random
 * function puts a slot's count at Poisson(244) (sd 15.6, 6.4% of the
 * mean), so the bounds are those of a good hash: every slot within 6 sd,
 * and a chi-square within 6 sd of its 4,095 degrees of freedom. */
START_TEST(test_balance) {
    enum { N = 1000000 };
    uint32_t *count = calloc(TPS_TABLE_SLOTS, sizeof *count);
    for (uint64_t id = 0; id < N; id++)
        count[tps__id_slot(id)]++;
    double mean = (double)N / TPS_TABLE_SLOTS, chi2 = 0, worst = 0;
    for (uint32_t k = 0; k < TPS_TABLE_SLOTS; k++) {
        double d = count[k] - mean;
        chi2 += d * d / mean;
        if (d * d > worst * worst)
            worst = d < 0 ? -d : d;
    }
    ck_assert_msg(worst < 6 * 15.63, "a slot %.1f from the mean %.1f", worst,
                  mean);
    ck_assert_msg(chi2 > 4095 - 6 * 90.5 && chi2 < 4095 + 6 * 90.5,
                  "chi-square %.0f, 4,095 expected", chi2);
    free(count);
}
END_TEST

static Suite *ids_suite(void) {
    Suite *s = suite_create("ids");
    TCase *wire = tcase_create("wire");
    tcase_add_test(wire, test_known_bytes);
    tcase_add_loop_test(wire, test_list, 0, NLISTS);
    tcase_add_test(wire, test_bad_varints);
    tcase_add_test(wire, test_gap_overflow);
    tcase_add_test(wire, test_varints);
    suite_add_tcase(s, wire);
    TCase *sort = tcase_create("unique");
    tcase_set_timeout(sort, 60);
    tcase_add_test(sort, test_unique);
    suite_add_tcase(s, sort);
    TCase *shard = tcase_create("shard");
    tcase_set_timeout(shard, 60);
    tcase_add_test(shard, test_slot_is_xxh3);
    tcase_add_test(shard, test_shard_map);
    tcase_add_test(shard, test_by_shard);
    tcase_add_test(shard, test_balance);
    suite_add_tcase(s, shard);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(ids_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
