/* SPDX-License-Identifier: MIT */
/* Rows through the codecs and zstd (docs/design.md §2b, Wire), on
 * in-process shards: pushes of rows with fp16 and bf16 apply the rounded
 * gradient, with qsgd and stochastic uniform an unbiased one within the
 * codec's step; pulls with fp16 and bf16 return the rounded rows; zstd
 * changes no bit; a frame whose codec bytes are one short, or whose zstd
 * frame holds more than its counts allow, is refused with a sentence and
 * nothing of it applied.
 *
 * The shards run plain SGD with lr 0.5, so a pushed row is its initial
 * value minus half its gradients. The references are computed here: fp16
 * and bf16 rounding by bit arithmetic, the rows' initial values by §2b's
 * formula, never read back from the codec under test. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <zstd.h>

#include "rawclient.h"
#include "server/server.h"
#include "taups.h"
#include "tps_codec.h"
#include "tps_ids.h"
#include "tps_rng.h"

#define DIM 16
#define LR 0.5f
#define NIDS 300

static void cfg_for(tps__server_config_t *cfg, int workers) {
    tps__server_config_init(cfg);
    cfg->cons.mode = tps__mode_find("async");
    ck_assert_ptr_nonnull(cfg->cons.mode);
    cfg->cons.max_staleness = -1;
    cfg->workers = workers;
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.lr = LR;
    char err[256];
    ck_assert_msg(tps__optim_init(&cfg->optim, &oc, err, sizeof(err)) == 0,
                  "%s", err);
}

/* Worker `rank` of `workers` with these codecs (NULL: none) and zstd at
 * level `zstd` on payloads of 64 bytes or more. */
static tps_client_t *client(const cluster_t *c, int rank, int workers,
                            const char *codec, const char *pull_codec,
                            int zstd) {
    tps_options_t o;
    tps_options_init(&o);
    o.rank = rank;
    o.workers = workers;
    o.codec = codec;
    o.pull_codec = pull_codec;
    o.zstd_level = zstd;
    o.zstd_min = 64;
    return open_client_opts(c, &o);
}

static int table(tps_client_t *cl, const char *name, tps_init_t init) {
    int t = tps_table(cl, name, DIM, init, 0.1f, 7);
    ck_assert_msg(t >= 0, "%s", tps_errmsg(cl));
    return t;
}

/* Two shards, a client with the codecs given (enc) and one without
 * (plain), and table "emb" declared by both: its id. */
typedef struct pair_s {
    cluster_t c;
    tps_client_t *enc, *plain;
} pair_t;

static int pair_start(pair_t *p, const char *codec, const char *pull_codec) {
    tps__server_config_t cfg;
    cfg_for(&cfg, 2);
    cluster_start_cfg(&p->c, 2, &cfg);
    p->enc = client(&p->c, 0, 2, codec, pull_codec, 0);
    p->plain = client(&p->c, 1, 2, NULL, NULL, 0);
    int t = table(p->enc, "emb", TPS_INIT_NORMAL);
    ck_assert_int_eq(table(p->plain, "emb", TPS_INIT_NORMAL), t);
    return t;
}

static void pair_stop(pair_t *p) {
    tps_close(p->enc);
    tps_close(p->plain);
    cluster_stop(&p->c);
}

/* x rounded to nearest even keeping the top `keep` of f32's 23 fraction
 * bits: bf16 (7) everywhere, fp16 (10) in fp16's normal range. */
static float round_bits(float x, int keep) {
    uint32_t b, drop = 23 - (uint32_t)keep;
    memcpy(&b, &x, 4);
    b += ((1u << (drop - 1)) - 1) + ((b >> drop) & 1);
    b &= ~((1u << drop) - 1);
    memcpy(&x, &b, 4);
    return x;
}

/* fp16: below 2^-14 its steps are 2^-24 apart (subnormals). */
static float ref_fp16(float x) {
    if (fabsf(x) < 0x1p-14f)
        return nearbyintf(x * 0x1p24f) * 0x1p-24f;
    return round_bits(x, 10);
}

static float ref_bf16(float x) {
    return round_bits(x, 7);
}

static void ids_from(uint64_t from, uint64_t *ids, size_t n) {
    for (size_t i = 0; i < n; i++)
        ids[i] = from + 3 * i;
}

/* Gradient element i: spread over several binades, none exact in fp16. */
static float grad_at(size_t i) {
    return (i % 2 ? -1.0f : 1.0f) * (0.0123f + 0.731f * (float)(i % 37));
}

static void assert_rows(const float *got, const float *want, size_t n,
                        float tol, const char *what) {
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(fabsf(got[i] - want[i]) <= tol,
                      "%s: element %zu: %.9g != %.9g", what, i, (double)got[i],
                      (double)want[i]);
}

/* fp16 and bf16 pushes apply the gradient rounded as the format rounds;
 * the float32 gradient itself would differ by more than the tolerance. */
static const char *const rounders[] = {"fp16", "bf16"};

START_TEST(test_push_rounded) {
    pair_t p;
    int t = pair_start(&p, rounders[_i], NULL);
    static uint64_t ids[NIDS];
    static float g[NIDS * DIM], want[NIDS * DIM], got[NIDS * DIM];
    ids_from(11, ids, NIDS);
    int differs = 0;
    for (size_t i = 0; i < NIDS * DIM; i++) {
        g[i] = grad_at(i);
        float r = _i == 0 ? ref_fp16(g[i]) : ref_bf16(g[i]);
        differs += r != g[i];
        if (i % DIM == 0)
            emb_init_row(ids[i / DIM], DIM, want + i);
        want[i] -= LR * r;
    }
    ck_assert_int_gt(differs, NIDS * DIM / 2);
    ck_assert_msg(tps_push_rows(p.enc, t, NIDS, ids, g) == 0, "%s",
                  tps_errmsg(p.enc));
    ck_assert_int_eq(tps_pull_rows(p.plain, t, NIDS, ids, got, NULL), 0);
    assert_rows(got, want, NIDS * DIM, 1e-6f, rounders[_i]);
    pair_stop(&p);
}
END_TEST

/* qsgd:8 and uniform:8:stochastic: one push is within the codec's step of
 * the gradient, per element; K pushes of the same gradient sum to K times
 * it within 4 standard deviations of stochastic rounding (step/2 each). */
static const char *const unbiased[] = {"qsgd:8", "uniform:8:stochastic"};

/* The codec's step for row r of g: qsgd's norm/127, uniform's
 * (max - min)/255, a row being its own bucket. */
static double step_of(int kind, const float *row) {
    double ss = 0, lo = row[0], hi = row[0];
    for (int j = 0; j < DIM; j++) {
        ss += (double)row[j] * row[j];
        lo = fmin(lo, row[j]);
        hi = fmax(hi, row[j]);
    }
    return kind == 0 ? sqrt(ss) / 127 : (hi - lo) / 255;
}

START_TEST(test_push_unbiased) {
    enum { N = 8, K = 200 };
    pair_t p;
    int t = pair_start(&p, unbiased[_i], NULL);
    uint64_t ids[N];
    float g[N * DIM], init[N * DIM], got[N * DIM];
    double step[N];
    ids_from(5, ids, N);
    for (size_t i = 0; i < N * DIM; i++)
        g[i] = grad_at(i * 7 + 3) * (i % DIM == 0 ? 3.0f : 1.0f);
    for (int r = 0; r < N; r++) {
        emb_init_row(ids[r], DIM, init + r * DIM);
        step[r] = step_of(_i, g + r * DIM);
    }
    ck_assert_int_eq(tps_push_rows(p.enc, t, N, ids, g), 0);
    ck_assert_int_eq(tps_pull_rows(p.plain, t, N, ids, got, NULL), 0);
    int off_grid = 0;
    for (size_t i = 0; i < N * DIM; i++) {
        double d = (init[i] - got[i]) / LR; /* the decoded gradient */
        ck_assert_msg(fabs(d - g[i]) <= step[i / DIM] * (1 + 1e-4) + 1e-5,
                      "%s, one push, element %zu: %.9g for %.9g (step %g)",
                      unbiased[_i], i, d, (double)g[i], step[i / DIM]);
        off_grid += fabs(d - g[i]) > 1e-4;
    }
    ck_assert_int_gt(off_grid, 0); /* rounded: the test can tell */
    for (int k = 1; k < K; k++)
        ck_assert_int_eq(tps_push_rows(p.enc, t, N, ids, g), 0);
    ck_assert_int_eq(tps_pull_rows(p.plain, t, N, ids, got, NULL), 0);
    for (size_t i = 0; i < N * DIM; i++) {
        double sum = (init[i] - got[i]) / LR;
        double bound = 4 * sqrt((double)K) * step[i / DIM] / 2 +
                       K * 1e-6 * (1 + fabs(g[i]));
        ck_assert_msg(fabs(sum - K * (double)g[i]) <= bound,
                      "%s, %d pushes, element %zu: sum %.9g for %.9g "
                      "(bound %g)",
                      unbiased[_i], K, i, sum, K * (double)g[i], bound);
    }
    pair_stop(&p);
}
END_TEST

/* Rows of table "emb" stored on all shards, from cl's STATS. */
static long long stored_rows(tps_client_t *cl) {
    char *text;
    ck_assert_int_eq(tps_stats(cl, &text), 0);
    json_t *a = json_loads(text, 0, NULL);
    free(text);
    ck_assert_ptr_nonnull(a);
    long long rows = 0;
    for (size_t s = 0; s < json_array_size(a); s++) {
        json_t *ts = json_object_get(json_array_get(a, s), "tensors");
        for (size_t i = 0; i < json_array_size(ts); i++) {
            json_t *o = json_array_get(ts, i);
            if (strcmp(json_string_value(json_object_get(o, "name")), "emb") ==
                0)
                rows += json_integer_value(json_object_get(o, "rows"));
        }
    }
    json_decref(a);
    return rows;
}

/* Pulls with fp16 and bf16 give the float32 rows rounded, rows pushed or
 * not, with their versions (1 pushed, 0 never pushed); the pulls store no
 * row. */
START_TEST(test_pull_rounded) {
    pair_t p;
    int t = pair_start(&p, NULL, rounders[_i]);
    static uint64_t ids[NIDS];
    static float g[NIDS * DIM], f32[NIDS * DIM], got[NIDS * DIM];
    ids_from(100, ids, NIDS);
    for (size_t i = 0; i < NIDS / 2 * DIM; i++)
        g[i] = grad_at(i);
    ck_assert_int_eq(tps_push_rows(p.plain, t, NIDS / 2, ids, g), 0);
    uint64_t vers[NIDS];
    ck_assert_int_eq(tps_pull_rows(p.plain, t, NIDS, ids, f32, NULL), 0);
    ck_assert_int_eq(tps_pull_rows(p.enc, t, NIDS, ids, got, vers), 0);
    int differs = 0;
    for (size_t i = 0; i < NIDS * DIM; i++) {
        float r = _i == 0 ? ref_fp16(f32[i]) : ref_bf16(f32[i]);
        differs += r != f32[i];
        ck_assert_msg(got[i] == r, "%s pull, element %zu: %.9g, not %.9g",
                      rounders[_i], i, (double)got[i], (double)r);
    }
    ck_assert_int_gt(differs, NIDS * DIM / 2);
    for (size_t i = 0; i < NIDS; i++)
        ck_assert_uint_eq(vers[i], i < NIDS / 2 ? 1 : 0);
    ck_assert_int_eq(stored_rows(p.plain), NIDS / 2);
    pair_stop(&p);
}
END_TEST

/* zstd on pushes and pull replies changes no bit: table "z" pushed and
 * pulled by a client with zstd, table "p" the same by one without, both
 * tables starting at zeros (compressible, so that zstd is used, as the
 * byte counts show). Also measures how far zstd shrinks float32 rows of
 * normal values, for the design's note. */
START_TEST(test_zstd_same_bits) {
    tps__server_config_t cfg;
    cfg_for(&cfg, 2);
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    tps_client_t *z = client(&c, 0, 2, NULL, NULL, 1);
    tps_client_t *p = client(&c, 1, 2, NULL, NULL, 0);
    int tz = table(z, "z", TPS_INIT_ZEROS), tp = table(p, "p", TPS_INIT_ZEROS);
    table(z, "p", TPS_INIT_ZEROS);
    table(p, "z", TPS_INIT_ZEROS);
    static uint64_t ids[NIDS];
    static float g[NIDS * DIM], a[NIDS * DIM], b[NIDS * DIM];
    ids_from(7, ids, NIDS);
    for (size_t i = 0; i < NIDS * DIM; i++)
        g[i] = i % 5 == 0 ? grad_at(i) : 0.0f;
    uint64_t zs0, zr0, ps0, pr0, zs1, zr1, ps1, pr1;
    tps_bytes(z, &zs0, &zr0);
    tps_bytes(p, &ps0, &pr0);
    ck_assert_int_eq(tps_push_rows(z, tz, NIDS, ids, g), 0);
    ck_assert_int_eq(tps_push_rows(p, tp, NIDS, ids, g), 0);
    ck_assert_int_eq(tps_pull_rows(z, tz, NIDS, ids, a, NULL), 0);
    ck_assert_int_eq(tps_pull_rows(p, tp, NIDS, ids, b, NULL), 0);
    tps_bytes(z, &zs1, &zr1);
    tps_bytes(p, &ps1, &pr1);
    ck_assert_int_eq(memcmp(a, b, sizeof(a)), 0);
    ck_assert_uint_lt(zs1 - zs0, (ps1 - ps0) / 2);
    ck_assert_uint_lt(zr1 - zr0, (pr1 - pr0) / 2);
    /* The other way round: each reads the other's table. */
    ck_assert_int_eq(tps_pull_rows(z, tp, NIDS, ids, a, NULL), 0);
    ck_assert_int_eq(tps_pull_rows(p, tz, NIDS, ids, b, NULL), 0);
    ck_assert_int_eq(memcmp(a, b, sizeof(a)), 0);
    /* Rows of normal values, as an embedding starts: what level 1 and
     * level 3 make of their float32 bytes (printed, not asserted). */
    static float rows[NIDS * DIM];
    static uint8_t out[NIDS * DIM * 4 + 1024];
    for (size_t r = 0; r < NIDS; r++)
        emb_init_row(ids[r], DIM, rows + r * DIM);
    for (int level = 1; level <= 3; level += 2) {
        size_t n = ZSTD_compress(out, sizeof(out), rows, sizeof(rows), level);
        ck_assert(!ZSTD_isError(n));
        fprintf(stderr,
                "zstd level %d on %d rows x %d normal float32: "
                "%zu -> %zu bytes (%.3f)\n",
                level, NIDS, DIM, sizeof(rows), n,
                (double)n / (double)sizeof(rows));
    }
    tps_close(z);
    tps_close(p);
    cluster_stop(&c);
}
END_TEST

/* --- raw frames ------------------------------------------------------- */

typedef struct rw_s {
    int fd;
    tps__reader_t rd;
    uint64_t next_id;
} rw_t;

static void rw_open(rw_t *w, const cluster_t *c, int rank, int workers) {
    static uint64_t sessions = 91;
    w->fd = raw_connect(tps__server_port(c->srv[0]));
    w->next_id = 1;
    ck_assert_int_eq(tps__reader_init(&w->rd, NULL, NULL, NULL), 0);
    raw_hello(w->fd, &w->rd, TPS_ROLE_WORKER, rank, workers, 1, 0, sessions++);
}

static void rw_close(rw_t *w) {
    close(w->fd);
    tps__reader_free(&w->rd);
}

static uint32_t rw_declare(rw_t *w) {
    return raw_declare_emb(w->fd, &w->rd, w->next_id++, DIM);
}

/* A push of n rows, their values `vals` (vlen bytes) with codec `spec`,
 * the whole payload compressed when zstd; returns the reply. */
static const Taups__Header *rw_push(rw_t *w, uint32_t t, const uint64_t *ids,
                                    size_t n, const char *spec,
                                    const uint8_t *vals, size_t vlen,
                                    int zstd) {
    static uint8_t buf[1 << 16], zb[1 << 17];
    uint64_t zero[64] = {0};
    ck_assert_uint_le(n, 64);
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    tps__codec_t codec;
    ck_assert_int_eq(tps__codec_parse(&codec, spec, DIM, NULL, 0), 0);
    tps__codec_pack(&codec, &h.codec, &h.codec_ratio);
    h.op = TAUPS__OP__PUSH_ROWS;
    h.request_id = w->next_id++;
    h.tensor_id = t;
    h.count = n;
    rr.ids_len = tps__ids_encode(ids, n, buf);
    rr.versions_len = tps__varints_encode(zero, n, buf + rr.ids_len);
    size_t at = rr.ids_len + rr.versions_len;
    memcpy(buf + at, vals, vlen);
    h.rows = &rr;
    const uint8_t *p = buf;
    size_t len = at + vlen;
    if (zstd) {
        len = ZSTD_compress(zb, sizeof(zb), buf, len, 1);
        ck_assert(!ZSTD_isError(len));
        p = zb;
        h.zstd = 1;
    }
    raw_send(w->fd, &h, p, len);
    return raw_recv(w->fd, &w->rd);
}

/* The rows of ids as float32, by a library client. */
static void pull_plain(const cluster_t *c, int t, const uint64_t *ids, size_t n,
                       float *out) {
    tps_client_t *cl = client(c, 1, 2, NULL, NULL, 0);
    ck_assert_int_eq(table(cl, "emb", TPS_INIT_NORMAL), t);
    ck_assert_int_eq(tps_pull_rows(cl, t, n, ids, out, NULL), 0);
    tps_close(cl);
}

/* A push of vlen bytes of fp16 values (zstd-compressed when zstd) on a
 * new connection is refused with a sentence naming table "emb", `word`
 * and that nothing was applied; and the rows are still `init`. */
static void refused(const cluster_t *c, const uint64_t *ids, size_t n,
                    const uint8_t *vals, size_t vlen, int zstd,
                    const char *word, const float *init) {
    rw_t w;
    rw_open(&w, c, 0, 2);
    uint32_t t = rw_declare(&w);
    const Taups__Header *r = rw_push(&w, t, ids, n, "fp16", vals, vlen, zstd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "\"emb\"") && strstr(r->error, word) &&
                      strstr(r->error, "nothing of it applied"),
                  "%s", r->error);
    rw_close(&w);
    float got[64 * DIM];
    pull_plain(c, (int)t, ids, n, got);
    ck_assert_int_eq(memcmp(got, init, n * DIM * sizeof(float)), 0);
}

/* A frame whose fp16 values are one byte short, and a zstd frame that
 * holds more than its counts allow, are refused with a sentence naming
 * the table and what is wrong; no row changes. The same frame whole is
 * applied, so that the test can tell. A pull of rows in a codec rows are
 * not answered in is refused, naming it. */
START_TEST(test_refusals) {
    enum { N = 4 };
    tps__server_config_t cfg;
    cfg_for(&cfg, 2);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    uint64_t ids[N] = {3, 9, 27, 81};
    uint8_t vals[N * DIM * 2 + 64];
    for (size_t i = 0; i < N * DIM; i++) {
        uint16_t h = tps__f32_to_f16(1.0f);
        memcpy(vals + 2 * i, &h, 2);
    }
    memset(vals + N * DIM * 2, 0, 64);
    float init[N * DIM], got[N * DIM];
    for (int r = 0; r < N; r++)
        emb_init_row(ids[r], DIM, init + r * DIM);
    refused(&c, ids, N, vals, N * DIM * 2 - 1, 0, "fp16", init);
    refused(&c, ids, N, vals, N * DIM * 2 + 64, 1, "zstd", init);
    rw_t w;
    rw_open(&w, &c, 0, 2);
    uint32_t t = rw_declare(&w);
    const Taups__Header *r =
        rw_push(&w, t, ids, N, "fp16", vals, N * DIM * 2, 1);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(r->rows->applied, N);
    /* A pull in top-k, which rows are never answered in. */
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    tps__codec_t topk;
    uint8_t buf[64];
    ck_assert_int_eq(tps__codec_parse(&topk, "topk:0.5", DIM, NULL, 0), 0);
    tps__codec_pack(&topk, &h.codec, &h.codec_ratio);
    h.op = TAUPS__OP__PULL_ROWS;
    h.request_id = w.next_id++;
    h.tensor_id = t;
    h.count = N;
    rr.ids_len = tps__ids_encode(ids, N, buf);
    h.rows = &rr;
    raw_send(w.fd, &h, buf, rr.ids_len);
    r = raw_recv(w.fd, &w.rd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "\"emb\"") && strstr(r->error, "topk"), "%s",
                  r->error);
    rw_close(&w);
    pull_plain(&c, (int)t, ids, N, got);
    for (int i = 0; i < N * DIM; i++)
        ck_assert_float_eq(got[i], init[i] - LR * 1.0f);
    cluster_stop(&c);
}
END_TEST

static Suite *rows_codec_suite(void) {
    Suite *s = suite_create("rows_codec");
    TCase *tc = tcase_create("codecs");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_push_rounded, 0, 2);
    tcase_add_loop_test(tc, test_push_unbiased, 0, 2);
    tcase_add_loop_test(tc, test_pull_rounded, 0, 2);
    tcase_add_test(tc, test_zstd_same_bits);
    tcase_add_test(tc, test_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(rows_codec_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
