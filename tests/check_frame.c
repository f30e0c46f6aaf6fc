/* SPDX-License-Identifier: MIT */
/* Unit tests of the frame reader and encoder: any split of the byte stream,
 * several frames per read, limits enforced before allocation, reuse of
 * buffers. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_frame.h"

/* Encodes a PUSH frame of `count` floats (value i + seed) into a new buffer. */
static uint8_t *make_frame(uint64_t request_id, uint64_t count, float seed,
                           size_t *len) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = request_id;
    h.count = count;
    h.name = "tensor-name";
    size_t meta = tps__frame_meta_size(&h);
    *len = meta + count * sizeof(float);
    uint8_t *buf = malloc(*len);
    ck_assert_uint_eq(
        tps__frame_encode_meta(&h, count * sizeof(float), buf, meta), meta);
    for (uint64_t i = 0; i < count; i++) {
        float v = (float)i + seed;
        memcpy(buf + meta + i * sizeof(float), &v, sizeof(v));
    }
    return buf;
}

static void check_frame(const tps__reader_t *rd, uint64_t request_id,
                        uint64_t count, float seed) {
    ck_assert_int_eq(rd->state, TPS_RD_DONE);
    ck_assert_uint_eq(rd->hdr->request_id, request_id);
    ck_assert_int_eq(rd->hdr->op, TAUPS__OP__PUSH);
    ck_assert_str_eq(rd->hdr->name, "tensor-name");
    ck_assert_uint_eq(rd->plen, count * sizeof(float));
    for (uint64_t i = 0; i < count; i++) {
        float v;
        memcpy(&v, rd->payload + i * sizeof(float), sizeof(v));
        ck_assert_float_eq(v, (float)i + seed);
    }
}

START_TEST(test_byte_at_a_time) {
    size_t len;
    uint8_t *f = make_frame(42, 100, 0.5f, &len);
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < len; i++) {
            size_t used;
            int rc = tps__reader_feed(&rd, f + i, 1, &used);
            ck_assert_uint_eq(used, 1);
            ck_assert_int_eq(rc, i + 1 == len ? 1 : 0);
        }
        check_frame(&rd, 42, 100, 0.5f);
        uint8_t *pool = rd.pool;
        tps__reader_next(&rd);
        /* The pooled payload buffer is reused, not reallocated. */
        ck_assert_ptr_eq(rd.pool, pool);
    }
    ck_assert_uint_eq(rd.frames, 3);
    tps__reader_free(&rd);
    free(f);
}
END_TEST

START_TEST(test_several_frames_per_read) {
    size_t l1, l2, l3;
    uint8_t *a = make_frame(1, 3, 1.0f, &l1);
    uint8_t *b = make_frame(2, 0, 0.0f, &l2);
    uint8_t *c = make_frame(3, 1000, 2.0f, &l3);
    size_t total = l1 + l2 + l3;
    uint8_t *all = malloc(total);
    memcpy(all, a, l1);
    memcpy(all + l1, b, l2);
    memcpy(all + l1 + l2, c, l3);
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    /* Every split point of the concatenation into two reads. */
    for (size_t split = 0; split <= total; split += 37) {
        uint64_t seen = 0;
        const uint8_t *p = all;
        size_t parts[2] = {split, total - split};
        for (int k = 0; k < 2; k++) {
            size_t left = parts[k], used;
            while (left > 0) {
                int rc = tps__reader_feed(&rd, p, left, &used);
                ck_assert_int_ge(rc, 0);
                p += used;
                left -= used;
                if (rc == 1) {
                    seen++;
                    if (seen == 1)
                        check_frame(&rd, 1, 3, 1.0f);
                    else if (seen == 2)
                        check_frame(&rd, 2, 0, 0.0f);
                    else
                        check_frame(&rd, 3, 1000, 2.0f);
                    tps__reader_next(&rd);
                }
            }
        }
        ck_assert_uint_eq(seen, 3);
    }
    tps__reader_free(&rd);
    free(a);
    free(b);
    free(c);
    free(all);
}
END_TEST

/* The payload destination callback puts the payload where the caller wants
 * it, and the want/commit interface fills it in place. */
static float target[64];
static int dest_cb(void *arg, const Taups__Header *h, uint64_t len,
                   uint8_t **dest) {
    (*(int *)arg)++;
    if (len > sizeof(target))
        return TPS_E2BIG;
    *dest = (uint8_t *)target;
    return 0;
}

START_TEST(test_direct_destination) {
    size_t len;
    uint8_t *f = make_frame(9, 64, 3.0f, &len);
    int calls = 0;
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, dest_cb, &calls), 0);
    size_t off = 0;
    int rc = 0;
    while (rc == 0) {
        uint8_t *base;
        size_t want;
        tps__reader_want(&rd, &base, &want);
        size_t n = want < 5 ? want : 5; /* odd pieces, straight into place */
        memcpy(base, f + off, n);
        off += n;
        rc = tps__reader_commit(&rd, n);
    }
    ck_assert_int_eq(rc, 1);
    ck_assert_uint_eq(off, len);
    ck_assert_int_eq(calls, 1);
    ck_assert_ptr_eq(rd.payload, (uint8_t *)target);
    ck_assert_ptr_null(rd.pool); /* nothing was allocated for the payload */
    ck_assert_float_eq(target[63], 66.0f);
    tps__reader_free(&rd);
    free(f);
}
END_TEST

static int in_place_cb(void *arg, const Taups__Header *h, uint64_t len,
                       uint8_t **dest) {
    *dest = TPS_PAYLOAD_IN_PLACE;
    return 0;
}

/* A payload allowed in place stays in the fed bytes when they hold it
 * whole, and is collected in the pool when it comes in pieces. */
START_TEST(test_payload_in_place) {
    size_t len;
    uint8_t *f = make_frame(4, 100, 2.0f, &len);
    size_t meta = len - 100 * sizeof(float);
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, in_place_cb, NULL), 0);
    size_t used;
    ck_assert_int_eq(tps__reader_feed(&rd, f, len, &used), 1);
    ck_assert_uint_eq(used, len);
    ck_assert_ptr_eq(rd.payload, f + meta);
    check_frame(&rd, 4, 100, 2.0f);
    tps__reader_next(&rd);
    /* The header and the payload's first bytes, then the rest. */
    ck_assert_int_eq(tps__reader_feed(&rd, f, meta + 7, &used), 0);
    ck_assert_uint_eq(used, meta + 7);
    ck_assert_int_eq(tps__reader_feed(&rd, f + used, len - used, &used), 1);
    ck_assert_ptr_eq(rd.payload, rd.pool);
    check_frame(&rd, 4, 100, 2.0f);
    tps__reader_free(&rd);
    free(f);
}
END_TEST

static int feed_all(tps__reader_t *rd, const uint8_t *p, size_t len) {
    size_t used;
    int rc = 0;
    while (len > 0 && rc == 0) {
        rc = tps__reader_feed(rd, p, len, &used);
        p += used;
        len -= used;
    }
    return rc;
}

START_TEST(test_limits_before_allocation) {
    tps__limits_t lim = {256, 1024};
    tps__reader_t rd;
    /* A preamble announcing a 256 MiB payload: refused at the preamble. */
    uint8_t pre[16] = {'T', 'P', 'S', '1',  8, 0, 0, 0,
                       0,   0,   0,   0x10, 0, 0, 0, 0};
    ck_assert_int_eq(tps__reader_init(&rd, &lim, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, pre, sizeof(pre)), TPS_E2BIG);
    ck_assert_int_eq(rd.state, TPS_RD_ERROR);
    ck_assert_ptr_null(rd.pool);
    /* Further bytes are refused too: the stream is out of sync. */
    ck_assert_int_eq(feed_all(&rd, pre, 4), TPS_E2BIG);
    tps__reader_free(&rd);

    /* Header longer than max_header. */
    uint8_t big[16] = {'T', 'P', 'S', '1', 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    ck_assert_int_eq(tps__reader_init(&rd, &lim, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, big, sizeof(big)), TPS_E2BIG);
    tps__reader_free(&rd);

    /* Zero-length header. */
    uint8_t zero[16] = {'T', 'P', 'S', '1', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    ck_assert_int_eq(tps__reader_init(&rd, &lim, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, zero, sizeof(zero)), TPS_E2BIG);
    tps__reader_free(&rd);

    /* Payload exactly at the limit is accepted. */
    size_t len;
    uint8_t *f = make_frame(5, 256, 0.0f, &len);
    ck_assert_int_eq(tps__reader_init(&rd, &lim, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, f, len), 1);
    tps__reader_free(&rd);
    free(f);
}
END_TEST

START_TEST(test_garbage) {
    tps__reader_t rd;
    /* Bad magic. */
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, (const uint8_t *)"HTTP/1.1 200 OK\r\n", 17),
                     TPS_EPROTO);
    tps__reader_free(&rd);
    /* Valid preamble, header bytes that are not a protobuf message. */
    uint8_t bad[20] = {'T', 'P', 'S', '1', 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                       0xff, 0xff, 0xff, 0xff};
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, bad, sizeof(bad)), TPS_EPROTO);
    tps__reader_free(&rd);
    /* A header whose string claims more bytes than the header holds. */
    uint8_t str[21] = {'T', 'P', 'S', '1', 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                       0x62, 0x7f, 'a', 'b', 'c'}; /* field 12, length 127 */
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, str, sizeof(str)), TPS_EPROTO);
    tps__reader_free(&rd);
    /* Random bytes after a valid preamble never crash the reader. */
    srand(7);
    for (int k = 0; k < 2000; k++) {
        uint8_t buf[16 + 64];
        uint32_t hl = 1 + (uint32_t)(rand() % 64);
        memcpy(buf, "TPS1", 4);
        memcpy(buf + 4, &hl, 4);
        memset(buf + 8, 0, 8);
        for (uint32_t i = 0; i < hl; i++)
            buf[16 + i] = (uint8_t)rand();
        ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
        int rc = feed_all(&rd, buf, 16 + hl);
        ck_assert(rc == 1 || rc == TPS_EPROTO);
        tps__reader_free(&rd);
    }
}
END_TEST

/* Found by tests/fuzz/fuzz_header (regress/header/field-zero): protobuf-c
 * takes field 0 spelt in two bytes (0x80 0x00) for an unknown field, and
 * what it packs from that it does not unpack. The reader refuses it, so
 * that every header it delivers survives being kept packed. */
START_TEST(test_field_zero) {
    uint8_t f[21] = {'T', 'P', 'S', '1', 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                     0x80, 0x00, 0x00, 0x28, 0x31};
    Taups__Header *h = taups__header__unpack(NULL, 5, f + 16);
    ck_assert_ptr_nonnull(h); /* protobuf-c accepts it... */
    uint8_t packed[16];
    size_t n = taups__header__pack(h, packed);
    taups__header__free_unpacked(h, NULL);
    h = taups__header__unpack(NULL, n, packed);
    ck_assert_ptr_null(h); /* ...but not what it packs from it */
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, f, sizeof(f)), TPS_EPROTO);
    tps__reader_free(&rd);
    /* An unknown field with a real number is kept and packed back. */
    f[16] = 0xf8; /* tag 63 << 3 = 504 as a varint: no field of ours */
    f[17] = 0x03;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, f, sizeof(f)), 1);
    ck_assert_uint_eq(rd.hdr->base.n_unknown_fields, 1);
    ck_assert_uint_eq(rd.hdr->offset, 49);
    tps__reader_free(&rd);
    /* The same field 0 inside any nested message (Rows, Decl, Barrier:
     * every field of message type the schema has, so that one added later
     * is covered) is refused as well: it is packed back with the header. */
    const ProtobufCMessageDescriptor *d = &taups__header__descriptor;
    unsigned nested_fields = 0;
    for (unsigned i = 0; i < d->n_fields; i++) {
        if (d->fields[i].type != PROTOBUF_C_TYPE_MESSAGE)
            continue;
        uint32_t key = d->fields[i].id << 3 | 2; /* length-delimited */
        ck_assert_uint_lt(key, 1u << 14);       /* two varint bytes */
        uint8_t nested[22] = {'T', 'P', 'S', '1', 6, 0, 0, 0, 0, 0, 0,
                              0,   0,   0,   0,   0, (uint8_t)(key | 0x80),
                              (uint8_t)(key >> 7), 3, 0x80, 0x00, 0x01};
        ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
        ck_assert_msg(feed_all(&rd, nested, sizeof(nested)) == TPS_EPROTO,
                      "field 0 inside %s was not refused",
                      d->fields[i].name);
        tps__reader_free(&rd);
        nested_fields++;
    }
    ck_assert_uint_ge(nested_fields, 3);
}
END_TEST

/* Found by tests/fuzz/fuzz_header (regress/header/many-fields): a header
 * that sets more than 16 fields makes protobuf-c allocate while it scans,
 * which the reader's arena did not leave room for when the limit on
 * header bytes was small (taups-server --max-header 64): such a header was
 * refused as malformed. */
START_TEST(test_many_fields_small_limit) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = 1;
    h.rank = 1;
    h.tensor_id = 1;
    h.offset = 1;
    h.count = 1;
    h.clock = 1;
    h.version = 1;
    h.codec = 1;
    h.raw_len = 4;
    h.status = -1;
    h.workers = 2;
    h.shards = 1;
    h.shard = 1;
    h.length = 1;
    h.staleness = 1;
    h.last = 1;
    h.dropped = 1;
    h.bound = 1;
    h.zstd = 1;
    h.encoded_len = 1;
    h.decided = 1;
    uint8_t f[128];
    size_t n = tps__frame_encode_meta(&h, 0, f, sizeof(f));
    ck_assert_uint_gt(n, 0);
    ck_assert_uint_le(n - TPS_PREAMBLE_LEN, 64);
    tps__limits_t lim = {64, 1024};
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, &lim, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, f, n), 1);
    ck_assert_uint_eq(rd.hdr->encoded_len, 1);
    tps__reader_free(&rd);
}
END_TEST

/* A header is packed in one pass into a bounded buffer: exactly its size
 * fits, one byte less writes nothing past the end and says so, and one too
 * large for the small buffer goes to the heap and reads back whole. */
START_TEST(test_meta_bounded) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = 1234567;
    h.count = 16;
    h.raw_len = 64;
    size_t n = tps__frame_meta_size(&h);
    uint8_t *exact = malloc(n), *less = malloc(n - 1); /* ASan guards both */
    ck_assert_uint_eq(tps__frame_encode_meta(&h, 64, exact, n), n);
    ck_assert_uint_eq(tps__frame_encode_meta(&h, 64, less, n - 1), 0);
    uint8_t small[TPS_META_SMALL], *m;
    ck_assert_uint_eq(tps__frame_meta(&h, 64, small, &m), n);
    ck_assert_ptr_eq(m, small);
    ck_assert_mem_eq(small, exact, n);
    free(exact);
    free(less);
    char err[3 * TPS_META_SMALL];
    memset(err, 'x', sizeof(err) - 1);
    err[sizeof(err) - 1] = '\0';
    h.error = err;
    n = tps__frame_meta(&h, 0, small, &m);
    ck_assert_ptr_ne(m, small);
    ck_assert_uint_eq(n, tps__frame_meta_size(&h));
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    ck_assert_int_eq(feed_all(&rd, m, n), 1);
    ck_assert_str_eq(rd.hdr->error, err);
    ck_assert_uint_eq(rd.hdr->request_id, 1234567);
    tps__reader_free(&rd);
    free(m);
}
END_TEST

static Suite *frame_suite(void) {
    Suite *s = suite_create("frame");
    TCase *tc = tcase_create("reader");
    tcase_add_test(tc, test_byte_at_a_time);
    tcase_add_test(tc, test_several_frames_per_read);
    tcase_add_test(tc, test_direct_destination);
    tcase_add_test(tc, test_payload_in_place);
    tcase_add_test(tc, test_limits_before_allocation);
    tcase_add_test(tc, test_garbage);
    tcase_add_test(tc, test_field_zero);
    tcase_add_test(tc, test_many_fields_small_limit);
    tcase_add_test(tc, test_meta_bounded);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(frame_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
