/* SPDX-License-Identifier: MIT */
/* Tables on in-process shards, spoken to in raw frames (docs/design.md
 * §2b): rows read as their initial value until pushed, each row judged by
 * its own staleness, the memory bound and admission, and every malformed
 * or misdirected frame of rows refused with a sentence while the shard
 * keeps serving.
 *
 * The shards run plain SGD with lr 0.5 and no staleness weighting, so a
 * pushed row is its initial value minus half the sum of its gradients, and
 * the initial value is the formula of §2b computed from tps__init_value
 * (rawclient.c's emb_init_row), not read back from a shard. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "rawclient.h"
#include "server/server.h"
#include "taups.h"
#include "tps_ids.h"
#include "tps_rng.h"

#define DIM 4
#define LR 0.5f

static void cfg_for_lr(tps__server_config_t *cfg, const char *mode,
                       long long max_stale, int admit, uint64_t max_memory,
                       double lr) {
    tps__server_config_init(cfg);
    cfg->cons.mode = tps__mode_find(mode);
    ck_assert_ptr_nonnull(cfg->cons.mode);
    cfg->cons.max_staleness = max_stale;
    cfg->workers = 1;
    cfg->row_admit = admit;
    if (max_memory > 0)
        cfg->max_memory = max_memory;
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.lr = lr;
    char err[256];
    ck_assert_msg(tps__optim_init(&cfg->optim, &oc, err, sizeof(err)) == 0,
                  "%s", err);
}

static void cfg_for(tps__server_config_t *cfg, const char *mode,
                    long long max_stale, int admit, uint64_t max_memory) {
    cfg_for_lr(cfg, mode, max_stale, admit, max_memory, LR);
}

/* A worker's raw connection to every shard of the cluster; its frames
 * carry `clock`, and its pushes `samples` (0: not said). */
typedef struct rw_s {
    int n, rank;
    int fd[CLUSTER_MAX];
    tps__reader_t rd[CLUSTER_MAX];
    uint64_t next_id, session, clock, samples;
} rw_t;

/* Connects as rank `rank` of `workers` with `session`: a new client
 * instance names a new one, a reconnection of the same instance the same
 * one (its exactly-once window). */
static void rw_connect_as(rw_t *w, const cluster_t *c, int role, int rank,
                          int workers, uint64_t session) {
    w->n = c->n;
    w->rank = rank;
    w->session = session;
    for (int s = 0; s < c->n; s++) {
        w->fd[s] = raw_connect(tps__server_port(c->srv[s]));
        ck_assert_int_eq(tps__reader_init(&w->rd[s], NULL, NULL, NULL), 0);
        raw_hello(w->fd[s], &w->rd[s], role, rank, workers, c->n, s, session);
    }
}

static void rw_connect(rw_t *w, const cluster_t *c, int role,
                       uint64_t session) {
    rw_connect_as(w, c, role, 0, 1, session);
}

/* Says hello as `role`, rank `rank` of `workers`, to every shard, as a
 * new client instance. */
static void rw_open_as(rw_t *w, const cluster_t *c, int role, int rank,
                       int workers) {
    static uint64_t sessions = 77;
    memset(w, 0, sizeof(*w));
    w->next_id = 1;
    rw_connect_as(w, c, role, rank, workers, sessions++);
}

static void rw_open(rw_t *w, const cluster_t *c, int role) {
    rw_open_as(w, c, role, 0, 1);
}

static void rw_close(rw_t *w) {
    for (int s = 0; s < w->n; s++) {
        close(w->fd[s]);
        tps__reader_free(&w->rd[s]);
    }
}

/* Declares table "emb" (dim DIM, normal, scale 0.1, seed 7) on every
 * shard; returns its id. */
static uint32_t declare_table(rw_t *w, uint32_t dim) {
    uint32_t id = 0;
    for (int s = 0; s < w->n; s++)
        id = raw_declare_emb(w->fd[s], &w->rd[s], w->next_id++, dim);
    return id;
}

/* Sends a pull of the (ascending) ids to shard s and returns the reply;
 * its values start at *values. */
static const Taups__Header *pull_rows(rw_t *w, int s, uint32_t table,
                                      const uint64_t *ids, size_t n,
                                      uint64_t *versions,
                                      const float **values) {
    uint8_t buf[10 * 64];
    ck_assert_uint_le(n, 64);
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PULL_ROWS;
    h.request_id = w->next_id++;
    h.tensor_id = table;
    h.count = n;
    h.clock = w->clock;
    rr.ids_len = tps__ids_encode(ids, n, buf);
    rr.versions = versions != NULL;
    h.rows = &rr;
    raw_send(w->fd[s], &h, buf, rr.ids_len);
    const Taups__Header *r = raw_recv(w->fd[s], &w->rd[s]);
    if (r->op != TAUPS__OP__PULL_ROWS_OK)
        return r;
    ck_assert_ptr_nonnull(r->rows);
    size_t used = 0;
    if (versions != NULL) {
        char err[200];
        ck_assert_int_eq(tps__varints_decode(w->rd[s].payload,
                                             r->rows->versions_len, versions,
                                             n, &used, err, sizeof(err)),
                         0);
    }
    /* The values follow the versions at any alignment: copied out. */
    static float vals[64 * 16];
    ck_assert_uint_le(w->rd[s].plen - used, sizeof(vals));
    memcpy(vals, w->rd[s].payload + used,
           (size_t)(w->rd[s].plen - used));
    *values = vals;
    return r;
}

/* Sends a push of rows: ids ascending, read[i] the version read plus one
 * (0: not known), g n * dim gradients. Returns the reply. */
static const Taups__Header *push_rows_as(rw_t *w, int s, uint32_t table,
                                         const uint64_t *ids, size_t n,
                                         const uint64_t *read, const float *g,
                                         uint32_t dim, uint64_t rid) {
    uint8_t buf[64 * (20 + 4 * 16)];
    ck_assert_uint_le(n, 64);
    ck_assert_uint_le(dim, 16);
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PUSH_ROWS;
    h.request_id = rid;
    h.tensor_id = table;
    h.count = n;
    h.clock = w->clock;
    h.samples = w->samples;
    rr.ids_len = tps__ids_encode(ids, n, buf);
    rr.versions_len = tps__varints_encode(read, n, buf + rr.ids_len);
    size_t at = rr.ids_len + rr.versions_len;
    memcpy(buf + at, g, n * dim * sizeof(float));
    h.rows = &rr;
    raw_send(w->fd[s], &h, buf, at + n * dim * sizeof(float));
    return raw_recv(w->fd[s], &w->rd[s]);
}

static const Taups__Header *push_rows(rw_t *w, int s, uint32_t table,
                                      const uint64_t *ids, size_t n,
                                      const uint64_t *read, const float *g,
                                      uint32_t dim) {
    return push_rows_as(w, s, table, ids, n, read, g, dim, w->next_id++);
}

/* Counter `key` of table "emb" in shard s's STATS. */
static long long table_stat(rw_t *w, int s, const char *key) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__STATS;
    h.request_id = w->next_id++;
    raw_send(w->fd[s], &h, NULL, 0);
    const Taups__Header *r = raw_recv(w->fd[s], &w->rd[s]);
    ck_assert_int_eq(r->op, TAUPS__OP__STATS_OK);
    json_error_t jerr;
    json_t *doc = json_loadb((const char *)w->rd[s].payload,
                             (size_t)w->rd[s].plen, 0, &jerr);
    ck_assert_msg(doc != NULL, "stats: %s", jerr.text);
    json_t *ts = json_object_get(doc, "tensors"), *v = NULL;
    for (size_t i = 0; i < json_array_size(ts); i++) {
        json_t *t = json_array_get(ts, i);
        if (strcmp(json_string_value(json_object_get(t, "name")), "emb") == 0)
            v = json_object_get(t, key);
    }
    ck_assert_msg(json_is_integer(v), "no table counter %s", key);
    long long x = json_integer_value(v);
    json_decref(doc);
    return x;
}

/* n ascending ids owned by shard s of S, from `from` on. */
static void ids_of(int s, int S, uint64_t from, uint64_t *ids, size_t n) {
    for (size_t k = 0; k < n; from++)
        if (tps__id_shard(from, (uint32_t)S) == (uint32_t)s)
            ids[k++] = from;
}

START_TEST(test_rows_start_initial) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    for (int s = 0; s < 2; s++) {
        uint64_t ids[8], vers[8];
        ids_of(s, 2, 1000 * (uint64_t)(s + 1), ids, 8);
        const float *v;
        const Taups__Header *r = pull_rows(&w, s, t, ids, 8, vers, &v);
        ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "%s", r->error);
        ck_assert_uint_eq(r->count, 8);
        for (int i = 0; i < 8; i++) {
            float want[DIM];
            emb_init_row(ids[i], DIM, want);
            ck_assert_uint_eq(vers[i], 0);
            for (int j = 0; j < DIM; j++)
                ck_assert_float_eq(v[i * DIM + j], want[j]);
        }
        /* A pull created nothing. */
        ck_assert_int_eq(table_stat(&w, s, "rows"), 0);
    }
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* Pushes apply by SGD per row; versions count per row; the same values
 * come back by pull. */
START_TEST(test_rows_push_sgd) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t ids[3], zero[3] = {0, 0, 0};
    ids_of(1, 2, 5, ids, 3);
    float g[3 * DIM], want[3 * DIM];
    for (int i = 0; i < 3 * DIM; i++)
        g[i] = (float)(i + 1) / 8.0f;
    for (int i = 0; i < 3; i++)
        emb_init_row(ids[i], DIM, want + i * DIM);
    /* Row 0 three times, rows 1 and 2 once. */
    for (int k = 0; k < 3; k++) {
        size_t n = k == 0 ? 3 : 1;
        const Taups__Header *r = push_rows(&w, 1, t, ids, n, zero, g, DIM);
        ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
        ck_assert_uint_eq(r->rows->applied, n);
        for (size_t i = 0; i < n * DIM; i++)
            want[i] -= LR * g[i];
    }
    uint64_t vers[3];
    const float *v;
    const Taups__Header *r = pull_rows(&w, 1, t, ids, 3, vers, &v);
    ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(vers[0], 3);
    ck_assert_uint_eq(vers[1], 1);
    ck_assert_uint_eq(vers[2], 1);
    for (int i = 0; i < 3 * DIM; i++)
        ck_assert_msg(fabsf(v[i] - want[i]) <= 1e-6f, "element %d: %g != %g",
                      i, (double)v[i], (double)want[i]);
    ck_assert_int_eq(table_stat(&w, 1, "rows"), 3);
    ck_assert_int_eq(table_stat(&w, 0, "rows"), 0);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* --max-staleness acts per row: a hot row read long ago is dropped while
 * a cold row of the same push, read fresh, is applied. */
START_TEST(test_rows_staleness_per_row) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", 2, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t ids[2] = {11, 12};
    float g[2 * DIM];
    for (int i = 0; i < 2 * DIM; i++)
        g[i] = 1.0f;
    /* Row 11 read at version 0 and pushed 4 times: staleness 0, 1, 2
     * applied, 3 dropped. */
    uint64_t read0[2] = {1, 1};
    for (int k = 0; k < 3; k++) {
        const Taups__Header *r = push_rows(&w, 0, t, ids, 1, read0, g, DIM);
        ck_assert_uint_eq(r->rows->applied, 1);
        ck_assert_uint_eq(r->rows->max_staleness, (uint64_t)k);
    }
    /* Row 11 again as read at 0 (staleness 3), row 12 fresh. */
    const Taups__Header *r = push_rows(&w, 0, t, ids, 2, read0, g, DIM);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(r->rows->applied, 1);
    ck_assert_uint_eq(r->rows->stale, 1);
    uint64_t vers[2];
    const float *v;
    r = pull_rows(&w, 0, t, ids, 2, vers, &v);
    ck_assert_uint_eq(vers[0], 3);
    ck_assert_uint_eq(vers[1], 1);
    ck_assert_int_eq(table_stat(&w, 0, "stale"), 1);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* Admission: a row is created on the third push of its id; until then
 * it reads as its initial value. */
START_TEST(test_rows_admission) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 3, 0);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t id = 77, read = 0;
    float g[DIM] = {1, 2, 3, 4}, want[DIM];
    emb_init_row(id, DIM, want);
    for (int k = 0; k < 3; k++) {
        const Taups__Header *r = push_rows(&w, 0, t, &id, 1, &read, g, DIM);
        ck_assert_uint_eq(r->rows->not_admitted, k < 2 ? 1 : 0);
        ck_assert_uint_eq(r->rows->applied, k < 2 ? 0 : 1);
        const float *v;
        uint64_t ver;
        r = pull_rows(&w, 0, t, &id, 1, &ver, &v);
        for (int j = 0; j < DIM; j++)
            ck_assert_float_eq(v[j], k < 2 ? want[j] : want[j] - LR * g[j]);
    }
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* A full table refuses new rows with a sentence and keeps training the
 * rows it holds. */
START_TEST(test_rows_memory_bound) {
    tps__server_config_t cfg;
    /* One slab of dim-4 SGD rows and its index fit; a second slab does
     * not. */
    uint64_t slab = 4096 * tps__table_row_bytes(DIM, 0);
    cfg_for(&cfg, "async", -1, 0, slab + slab / 2);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t ids[64], read[64] = {0};
    float g[64 * DIM];
    for (int i = 0; i < 64 * DIM; i++)
        g[i] = 0.25f;
    uint64_t full = 0, next = 0;
    const Taups__Header *r = NULL;
    while (full == 0 && next < 3 * 4096) {
        for (int i = 0; i < 64; i++)
            ids[i] = next++;
        r = push_rows(&w, 0, t, ids, 64, read, g, DIM);
        ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
        full = r->rows->full;
    }
    ck_assert_uint_gt(full, 0);
    ck_assert_ptr_nonnull(r->error);
    ck_assert_msg(strstr(r->error, "\"emb\"") && strstr(r->error, "rows") &&
                      strstr(r->error, "--max-memory"),
                  "%s", r->error);
    /* A row it holds still trains. */
    uint64_t old = 0;
    r = push_rows(&w, 0, t, &old, 1, read, g, DIM);
    ck_assert_uint_eq(r->rows->applied, 1);
    ck_assert_uint_eq(r->rows->full, 0);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* Bad frames of rows: each refused with a sentence naming what was wrong,
 * nothing applied, and the shard goes on serving. */
START_TEST(test_rows_refusals) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t mine, theirs, read = 0;
    ids_of(0, 2, 1, &mine, 1);
    ids_of(1, 2, 1, &theirs, 1);
    float g[DIM] = {1, 1, 1, 1};
    /* An id of the other shard. */
    const Taups__Header *r = push_rows(&w, 0, t, &theirs, 1, &read, g, DIM);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "belongs to shard 1"), "%s", r->error);
    /* A NaN in a row: the whole frame refused. */
    g[2] = NAN;
    r = push_rows(&w, 0, t, &mine, 1, &read, g, DIM);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "nothing of the push was applied"), "%s",
                  r->error);
    ck_assert_int_eq(table_stat(&w, 0, "rows"), 0);
    /* A dim mismatch on declaring again. */
    Taups__Header d = TAUPS__HEADER__INIT;
    Taups__Decl dd = TAUPS__DECL__INIT;
    d.op = TAUPS__OP__DECLARE;
    d.request_id = 1000;
    d.name = "emb";
    d.length = 8;
    d.init = TAUPS__INIT__NORMAL;
    d.scale = 0.1f;
    d.seed = 7;
    dd.kind = 1;
    dd.dim = 8;
    d.decl = &dd;
    raw_send(w.fd[0], &d, NULL, 0);
    r = raw_recv(w.fd[0], &w.rd[0]);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "rows of 8 != 4"), "%s", r->error);
    /* The shard still serves: a good push of the same row applies. */
    g[2] = 1;
    r = push_rows(&w, 0, t, &mine, 1, &read, g, DIM);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(r->rows->applied, 1);
    /* A dense pull of the table: an error of the client, which the shard
     * answers and closes, as it does a pull outside a slice. */
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PULL;
    h.request_id = 999;
    h.tensor_id = t;
    h.count = 4;
    raw_send(w.fd[0], &h, NULL, 0);
    r = raw_recv(w.fd[0], &w.rd[0]);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "is a table"), "%s", r->error);
    rw_close(&w);
    rw_open(&w, &c, TPS_ROLE_WORKER);
    /* Ids cut short: a broken frame, answered and closed; another
     * connection is served. */
    uint8_t bad[3] = {0x80, 0x80, 0x80};
    Taups__Header p = TAUPS__HEADER__INIT;
    Taups__Rows pr = TAUPS__ROWS__INIT;
    p.op = TAUPS__OP__PULL_ROWS;
    p.request_id = 1001;
    p.tensor_id = t;
    p.count = 1;
    pr.ids_len = 3;
    p.rows = &pr;
    raw_send(w.fd[0], &p, bad, sizeof(bad));
    r = raw_recv(w.fd[0], &w.rd[0]);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EPROTO);
    rw_t w2;
    rw_open(&w2, &c, TPS_ROLE_EVALUATOR);
    const float *v;
    r = pull_rows(&w2, 0, t, &mine, 1, NULL, &v);
    ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "%s", r->error);
    rw_close(&w2);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* Adagrad by hand (lr LR, eps 1e-8) for row i after `pushes` pushes of
 * the gradients g of check_rows' checkpoint test. */
static void adagrad_row(uint64_t id, const float *g, int pushes, float *out) {
    float p0[DIM];
    emb_init_row(id, DIM, p0);
    for (int j = 0; j < DIM; j++) {
        double p = p0[j], acc = 0;
        for (int k = 0; k < pushes; k++) {
            acc += (double)g[j] * g[j];
            p -= LR * g[j] / (sqrt(acc) + 1e-8);
        }
        out[j] = (float)p;
    }
}

/* A shard stopped and started on its checkpoint keeps every row: values,
 * versions and optimizer state (adagrad's accumulator decides the step
 * taken after the restart, checked against adagrad by hand). */
START_TEST(test_rows_checkpoint) {
    char dir[] = "/tmp/taups-check-rows-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.optimizer = "adagrad";
    oc.lr = LR;
    char err[256];
    ck_assert_int_eq(tps__optim_init(&cfg.optim, &oc, err, sizeof(err)), 0);
    cfg.ckpt.dir = dir;
    cfg.ckpt.keep = 2;
    enum { N = 40 };
    uint64_t ids[N], read[N] = {0}, vers[N];
    for (int i = 0; i < N; i++)
        ids[i] = (uint64_t)i * 1000003u;
    /* The same gradient for every row and push, so that row i's history
     * is its push count alone. */
    float g[N * DIM];
    for (int i = 0; i < N * DIM; i++)
        g[i] = (float)((i % DIM) + 1) / 4.0f;
    const float *v;
    for (int life = 0; life < 2; life++) {
        cluster_t c;
        cluster_start_cfg(&c, 1, &cfg);
        rw_t w;
        rw_open(&w, &c, TPS_ROLE_WORKER);
        uint32_t t = declare_table(&w, DIM);
        if (life == 0) {
            /* Rows 0-19 pushed 3 times, 20-29 twice, 30-39 once. */
            for (size_t k = 0; k < 3; k++)
                push_rows(&w, 0, t, ids, N - 10 * k, read, g, DIM);
        } else {
            ck_assert_int_eq(table_stat(&w, 0, "rows"), N);
            push_rows(&w, 0, t, ids, N, read, g, DIM);
        }
        pull_rows(&w, 0, t, ids, N, vers, &v);
        for (int i = 0; i < N; i++) {
            int pushes = (i < 20 ? 3 : i < 30 ? 2 : 1) + life;
            float want[DIM];
            adagrad_row(ids[i], g, pushes, want);
            ck_assert_uint_eq(vers[i], (uint64_t)pushes);
            for (int j = 0; j < DIM; j++)
                ck_assert_msg(fabsf(v[i * DIM + j] - want[j]) <= 1e-5f,
                              "life %d row %d: %g != %g", life, i,
                              (double)v[i * DIM + j], (double)want[j]);
        }
        rw_close(&w);
        cluster_stop(&c); /* writes a checkpoint on the way out */
    }
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Gradients of ones, for two rows. */
static const float ones[2 * DIM] = {1, 1, 1, 1, 1, 1, 1, 1};

/* Starts one shard of cfg (*c), connects a worker (*w), declares the
 * table (*t) and pushes row 11 as read at version 0 three times
 * (staleness 0, 1, 2), then rows 11 and 12 as read at 0 (11 three stale,
 * 12 fresh). Returns the last push's reply. */
static const Taups__Header *stale_pushes(const tps__server_config_t *cfg,
                                         cluster_t *c, rw_t *w, uint32_t *t) {
    uint64_t ids[2] = {11, 12}, read0[2] = {1, 1};
    cluster_start_cfg(c, 1, cfg);
    rw_open(w, c, TPS_ROLE_WORKER);
    *t = declare_table(w, DIM);
    for (int k = 0; k < 3; k++)
        push_rows(w, 0, *t, ids, 1, read0, ones, DIM);
    return push_rows(w, 0, *t, ids, 2, read0, ones, DIM);
}

/* --table-fate push: the stalest row of a frame decides for all of it. */
START_TEST(test_rows_fate_per_push) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", 2, 0, 0);
    cfg.table_fate_push = 1;
    cluster_t c;
    rw_t w;
    uint32_t t;
    /* Row 11 is 3 stale, row 12 fresh: the frame is dropped whole. */
    const Taups__Header *r = stale_pushes(&cfg, &c, &w, &t);
    ck_assert_uint_eq(r->rows->applied, 0);
    ck_assert_uint_eq(r->rows->stale, 2);
    ck_assert_int_eq(table_stat(&w, 0, "rows"), 1); /* 12 not created */
    /* Read at 2 (staleness 1) and fresh: both applied, as 1 stale. */
    uint64_t ids[2] = {11, 12}, read2[2] = {3, 1};
    r = push_rows(&w, 0, t, ids, 2, read2, ones, DIM);
    ck_assert_uint_eq(r->rows->applied, 2);
    ck_assert_uint_eq(r->rows->max_staleness, 1);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* --trace-rows: one "row" line per row applied, with its id (in the read
 * column), its version after the update and its own staleness; none for
 * a row dropped as too stale, and none at all without the option (_i 0). */
START_TEST(test_rows_trace) {
    const char *tmp = getenv("TMPDIR");
    char d[200], path[220];
    snprintf(d, sizeof(d), "%.150s/check_rows_traceXXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(d));
    snprintf(path, sizeof(path), "%s/trace.csv", d);
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", 2, 0, 0);
    cfg.trace = path;
    cfg.trace_rows = _i;
    cluster_t c;
    rw_t w;
    uint32_t t;
    /* With --max-staleness 2, row 11's fourth push is dropped. */
    const Taups__Header *r = stale_pushes(&cfg, &c, &w, &t);
    ck_assert_uint_eq(r->rows->applied, 1);
    rw_close(&w);
    cluster_stop(&c);
    static const unsigned long long want[4][3] = {
        {11, 1, 0}, {11, 2, 1}, {11, 3, 2}, {12, 1, 0}};
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    int rows = 0, frames = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char event[32];
        unsigned long long clock, version, stale, id;
        int rank, tensor;
        double time, weight, blocked;
        long long min;
        if (sscanf(line, "%lf,%31[^,],%d,%llu,%d,%llu,%llu,%lf,%lld,%lf,%llu",
                   &time, event, &rank, &clock, &tensor, &version, &stale,
                   &weight, &min, &blocked, &id) != 11)
            continue;
        frames += strcmp(event, "push_rows") == 0;
        if (strcmp(event, "row") != 0)
            continue;
        ck_assert_int_lt(rows, 4);
        ck_assert_uint_eq(id, want[rows][0]);
        ck_assert_uint_eq(version, want[rows][1]);
        ck_assert_uint_eq(stale, want[rows][2]);
        ck_assert_int_eq(tensor, (int)t);
        ck_assert_double_eq(weight, 1.0);
        rows++;
    }
    fclose(f);
    ck_assert_int_eq(frames, 4);
    ck_assert_int_eq(rows, _i ? 4 : 0);
    unlink(path);
    ck_assert_int_eq(rmdir(d), 0);
}
END_TEST

/* A frame of rows sent again (a resend after a reconnection) is answered
 * as the first time and not applied twice, also on a new connection of
 * the same rank. */
START_TEST(test_rows_exactly_once) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint32_t t = declare_table(&w, DIM);
    uint64_t ids[2] = {5, 9}, read[2] = {0, 0}, vers[2];
    float g[2 * DIM];
    for (int i = 0; i < 2 * DIM; i++)
        g[i] = 1.0f;
    const Taups__Header *r = push_rows_as(&w, 0, t, ids, 2, read, g, DIM, 500);
    ck_assert_uint_eq(r->rows->applied, 2);
    r = push_rows_as(&w, 0, t, ids, 2, read, g, DIM, 500);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(r->rows->applied, 2);
    rw_close(&w);
    rw_connect(&w, &c, TPS_ROLE_WORKER, w.session);
    declare_table(&w, DIM);
    r = push_rows_as(&w, 0, t, ids, 2, read, g, DIM, 500);
    ck_assert_uint_eq(r->rows->applied, 2);
    const float *v;
    pull_rows(&w, 0, t, ids, 2, vers, &v);
    ck_assert_uint_eq(vers[0], 1);
    ck_assert_uint_eq(vers[1], 1);
    ck_assert_int_eq(table_stat(&w, 0, "row_pushes"), 2);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* A dense tensor's shape is recorded by the shards: another shape of the
 * same length is refused naming both, none said matches, and a lookup
 * learns it. */
START_TEST(test_dense_shape) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 1, &cfg);
    rw_t w;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    uint64_t s34[2] = {3, 4}, s43[2] = {4, 3};
    const uint64_t *shapes[4] = {s34, s43, NULL, NULL};
    uint64_t lengths[4] = {12, 12, 12, 0};
    for (int k = 0; k < 4; k++) {
        Taups__Header h = TAUPS__HEADER__INIT;
        Taups__Decl d = TAUPS__DECL__INIT;
        h.op = TAUPS__OP__DECLARE;
        h.request_id = w.next_id++;
        h.name = "w";
        h.length = lengths[k];
        if (shapes[k] != NULL) {
            d.n_shape = 2;
            d.shape = (uint64_t *)(uintptr_t)shapes[k];
            h.decl = &d;
        }
        raw_send(w.fd[0], &h, NULL, 0);
        const Taups__Header *r = raw_recv(w.fd[0], &w.rd[0]);
        if (k == 1) {
            ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
            ck_assert_int_eq(r->status, TPS_EMISMATCH);
            ck_assert_msg(strstr(r->error, "(4, 3) != (3, 4)"), "%s",
                          r->error);
            continue;
        }
        ck_assert_msg(r->op == TAUPS__OP__DECLARE_OK, "%s", r->error);
        ck_assert_ptr_nonnull(r->decl);
        ck_assert_uint_eq(r->decl->n_shape, 2);
        ck_assert_uint_eq(r->decl->shape[0], 3);
        ck_assert_uint_eq(r->decl->shape[1], 4);
    }
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST
/* ---- sync: one step of the rows' mean -------------------------------------
 */

/* Sync with `workers` raw workers w[0..] on S shards; worker k says its
 * gradients average samples[k] (0: not said), on its pushes and CLOCKs. */
static void sync_start(cluster_t *c, int S, rw_t *w, int workers,
                       const uint64_t *samples, double lr, uint64_t max_mem) {
    tps__server_config_t cfg;
    cfg_for_lr(&cfg, "sync", -1, 0, max_mem, lr);
    cfg.workers = workers;
    cluster_start_cfg(c, S, &cfg);
    for (int k = 0; k < workers; k++) {
        rw_open_as(&w[k], c, TPS_ROLE_WORKER, k, workers);
        w[k].samples = samples[k];
    }
}

/* Worker w's CLOCK `clock`, with its samples, to every shard. */
static void rw_clock(rw_t *w, uint64_t clock) {
    for (int s = 0; s < w->n; s++) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.op = TAUPS__OP__CLOCK;
        h.request_id = w->next_id++;
        h.rank = w->rank;
        h.clock = clock;
        h.samples = w->samples;
        raw_send(w->fd[s], &h, NULL, 0);
    }
    w->clock = clock;
}

/* Declares dense tensor "d" of one element, zeros, on every shard. */
static uint32_t declare_dense(rw_t *w) {
    uint32_t id = 0;
    for (int s = 0; s < w->n; s++) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.op = TAUPS__OP__DECLARE;
        h.request_id = w->next_id++;
        h.name = "d";
        h.length = 1;
        h.init = TAUPS__INIT__ZEROS;
        raw_send(w->fd[s], &h, NULL, 0);
        const Taups__Header *r = raw_recv(w->fd[s], &w->rd[s]);
        ck_assert_msg(r->op == TAUPS__OP__DECLARE_OK, "declare: %s",
                      r->error ? r->error : "?");
        id = r->tensor_id;
    }
    return id;
}

/* Pushes x to "d" (its one element lives on shard 0). */
static void push_dense(rw_t *w, uint32_t id, float x) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = w->next_id++;
    h.rank = w->rank;
    h.tensor_id = id;
    h.count = 1;
    h.raw_len = sizeof(float);
    h.last = 1;
    h.clock = w->clock;
    h.samples = w->samples;
    raw_send(w->fd[0], &h, &x, sizeof(x));
    const Taups__Header *r = raw_recv(w->fd[0], &w->rd[0]);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_OK, "dense push: %s",
                  r->error ? r->error : "?");
}

/* "d" read at w's clock. */
static float pull_dense(rw_t *w, uint32_t id) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PULL;
    h.request_id = w->next_id++;
    h.rank = w->rank;
    h.tensor_id = id;
    h.count = 1;
    h.clock = w->clock;
    raw_send(w->fd[0], &h, NULL, 0);
    const Taups__Header *r = raw_recv(w->fd[0], &w->rd[0]);
    ck_assert_msg(r->op == TAUPS__OP__PULL_OK, "dense pull: %s",
                  r->error ? r->error : "?");
    ck_assert_uint_eq(r->count, 1);
    float x;
    memcpy(&x, w->rd[0].payload, sizeof(x));
    return x;
}

/* push_rows that must keep all n rows for the step. */
static void push_kept(rw_t *w, int s, uint32_t t, const uint64_t *ids,
                      size_t n, const float *g) {
    uint64_t read[8] = {0};
    ck_assert_uint_le(n, 8);
    const Taups__Header *r = push_rows(w, s, t, ids, n, read, g, DIM);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "push: %s",
                  r->error ? r->error : "?");
    ck_assert_uint_eq(r->rows->applied, n);
}

/* Pulls the n rows of shard s at w's clock and checks them against want
 * (1e-6) and the versions against vers. */
static void assert_rows(rw_t *w, int s, uint32_t t, const uint64_t *ids,
                        size_t n, const float *want, const uint64_t *vers) {
    uint64_t got[8];
    const float *v;
    const Taups__Header *r = pull_rows(w, s, t, ids, n, got, &v);
    ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "pull: %s",
                  r->error ? r->error : "?");
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(got[i] == vers[i], "shard %d row %llu: version %llu != "
                      "%llu", s, (unsigned long long)ids[i],
                      (unsigned long long)got[i], (unsigned long long)vers[i]);
        for (int j = 0; j < DIM; j++)
            ck_assert_msg(fabsf(v[i * DIM + j] - want[i * DIM + j]) <= 1e-6f,
                          "shard %d row %llu [%d]: %.9g != %.9g", s,
                          (unsigned long long)ids[i], j,
                          (double)v[i * DIM + j], (double)want[i * DIM + j]);
    }
}

/* 2 workers x S shards (S = 1, 2), samples 3 and 1. On each shard, row A
 * is pushed by both (twice by worker 0, in two frames: its gradients
 * add), B by worker 0 only, C by worker 1 only, D by neither; a dense
 * tensor of one element is pushed by both beside. After the step each
 * row is its initial value minus LR times the mean worked out here: (3 *
 * g0 + 1 * g1) / 4 with an absent gradient 0; A, B, C at version 1, D at
 * 0. A NaN push is refused on arrival and takes no part. */
START_TEST(test_rows_sync_mean) {
    int S = _i + 1;
    const uint64_t samples[2] = {3, 1};
    cluster_t c;
    rw_t w[2];
    sync_start(&c, S, w, 2, samples, LR, 0);
    uint32_t t = declare_table(&w[0], DIM);
    uint32_t d = declare_dense(&w[0]);
    uint64_t ids[CLUSTER_MAX][4], zero = 0;
    float want[CLUSTER_MAX][4 * DIM];
    float nan_row[DIM] = {0, NAN, 0, 0};
    ids_of(0, S, 100, ids[0], 4);
    const Taups__Header *r = push_rows(&w[1], 0, t, ids[0], 1, &zero,
                                       nan_row, DIM);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EINVAL);
    for (int s = 0; s < S; s++) {
        uint64_t *id = ids[s];
        ids_of(s, S, 100, id, 4);
        float g0[2 * DIM], g0b[DIM], g1[2 * DIM], mean[4 * DIM] = {0};
        for (int j = 0; j < DIM; j++) {
            g0[j] = 0.25f * (float)(j + 1) + (float)s;     /* A */
            g0[DIM + j] = -0.5f * (float)(j + 2);           /* B */
            g0b[j] = 0.125f * (float)j - 1.0f;              /* A again */
            g1[j] = 2.0f - (float)j;                        /* A */
            g1[DIM + j] = 0.75f * (float)(j + 3) + (float)s; /* C */
            mean[j] = (3 * (g0[j] + g0b[j]) + 1 * g1[j]) / 4;
            mean[DIM + j] = 3 * g0[DIM + j] / 4;
            mean[2 * DIM + j] = 1 * g1[DIM + j] / 4;
        }
        uint64_t ab[2] = {id[0], id[1]}, ac[2] = {id[0], id[2]};
        push_kept(&w[0], s, t, ab, 2, g0);
        push_kept(&w[1], s, t, ac, 2, g1);
        push_kept(&w[0], s, t, id, 1, g0b);
        for (int i = 0; i < 4; i++) {
            emb_init_row(id[i], DIM, want[s] + i * DIM);
            for (int j = 0; j < DIM; j++)
                want[s][i * DIM + j] -= LR * mean[i * DIM + j];
        }
    }
    push_dense(&w[0], d, 2.0f);
    push_dense(&w[1], d, 10.0f);
    rw_clock(&w[0], 1);
    rw_clock(&w[1], 1);
    const uint64_t vers[4] = {1, 1, 1, 0};
    for (int s = 0; s < S; s++) {
        assert_rows(&w[0], s, t, ids[s], 4, want[s], vers);
        assert_rows(&w[1], s, t, ids[s], 4, want[s], vers);
        ck_assert_int_eq(table_stat(&w[0], s, "rows"), 3);
    }
    /* (3 * 2 + 1 * 10) / 4 = 4. */
    ck_assert_float_eq(pull_dense(&w[0], d), -LR * 4.0f);
    rw_close(&w[0]);
    rw_close(&w[1]);
    cluster_stop(&c);
}
END_TEST

/* A worker whose batch has no rows on a shard still counts there: its
 * CLOCK's samples weigh it (2 shards, worker 1 pushes only shard 1's row,
 * worker 0 only shard 0's; samples 1 and 3: shard 0's row moves by 1/4 of
 * worker 0's gradient, shard 1's by 3/4 of worker 1's). */
START_TEST(test_rows_sync_absent_worker) {
    const uint64_t samples[2] = {1, 3};
    cluster_t c;
    rw_t w[2];
    sync_start(&c, 2, w, 2, samples, LR, 0);
    uint32_t t = declare_table(&w[0], DIM);
    uint64_t id[2];
    float g[DIM] = {1, -2, 4, 8}, want[2][DIM];
    for (int s = 0; s < 2; s++) {
        ids_of(s, 2, 7, &id[s], 1);
        push_kept(&w[s], s, t, &id[s], 1, g);
        emb_init_row(id[s], DIM, want[s]);
        for (int j = 0; j < DIM; j++)
            want[s][j] -= LR * (float)samples[s] * g[j] / 4;
    }
    rw_clock(&w[0], 1);
    rw_clock(&w[1], 1);
    const uint64_t one = 1;
    for (int s = 0; s < 2; s++)
        assert_rows(&w[0], s, t, &id[s], 1, want[s], &one);
    /* A push for a step gone by is answered as dropped, its rows stale;
     * one for a step ahead is refused; neither moves the row. */
    uint64_t read = 0;
    w[0].clock = 0;
    const Taups__Header *r = push_rows(&w[0], 0, t, &id[0], 1, &read, g, DIM);
    ck_assert_msg(r->op == TAUPS__OP__PUSH_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(r->rows->applied, 0);
    ck_assert_uint_eq(r->rows->stale, 1);
    w[0].clock = 5;
    r = push_rows(&w[0], 0, t, &id[0], 1, &read, g, DIM);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "clock 5") && strstr(r->error, "\"emb\""),
                  "%s", r->error);
    w[0].clock = 1;
    assert_rows(&w[0], 0, t, &id[0], 1, want[0], &one);
    rw_close(&w[0]);
    rw_close(&w[1]);
    cluster_stop(&c);
}
END_TEST

/* lr 1e38: a gradient of 100 overflows shard 0's row, 1e-38 keeps shard
 * 1's finite. The step is skipped on both shards (their rows keep their
 * initial values and version 0), the first pull of each connection that
 * reads the step fails with TPS_ERANGE naming the table, the next is
 * answered; a dense tensor beside stays too, and the next step goes on. */
START_TEST(test_rows_sync_overflow) {
    const uint64_t samples[2] = {0, 0};
    cluster_t c;
    rw_t w[2];
    sync_start(&c, 2, w, 2, samples, 1e38, 0);
    uint32_t t = declare_table(&w[0], DIM);
    uint32_t d = declare_dense(&w[0]);
    uint64_t id[2];
    float big[DIM] = {100, 100, 100, 100}, tiny[DIM] = {1e-38f, 0, 0, 0};
    float init[2][DIM];
    for (int s = 0; s < 2; s++) {
        ids_of(s, 2, 50, &id[s], 1);
        emb_init_row(id[s], DIM, init[s]);
    }
    push_kept(&w[0], 0, t, &id[0], 1, big);
    push_kept(&w[1], 1, t, &id[1], 1, tiny);
    push_dense(&w[0], d, 1e-38f);
    rw_clock(&w[0], 1);
    rw_clock(&w[1], 1);
    const uint64_t zero = 0;
    for (int s = 0; s < 2; s++) {
        uint64_t v;
        const float *x;
        const Taups__Header *r = pull_rows(&w[0], s, t, &id[s], 1, &v, &x);
        ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
        ck_assert_int_eq(r->status, TPS_ERANGE);
        ck_assert_msg(strstr(r->error, "step 1") && strstr(r->error, "\"emb\""),
                      "%s", r->error);
        assert_rows(&w[0], s, t, &id[s], 1, init[s], &zero);
    }
    ck_assert_float_eq(pull_dense(&w[0], d), 0.0f);
    /* The next step is taken: tiny is finite on both. */
    push_kept(&w[0], 0, t, &id[0], 1, tiny);
    rw_clock(&w[0], 2);
    rw_clock(&w[1], 2);
    init[0][0] -= 1e38f * (1e-38f / 2);
    const uint64_t one = 1;
    assert_rows(&w[0], 0, t, &id[0], 1, init[0], &one);
    rw_close(&w[0]);
    rw_close(&w[1]);
    cluster_stop(&c);
}
END_TEST

/* The buffers of a step count against --max-memory: a worker that pushes
 * more rows than fit is refused with a sentence naming the table; after
 * the step they are freed and a push fits again. */
START_TEST(test_rows_sync_memory) {
    uint64_t slab = 4096 * tps__table_row_bytes(DIM, 0);
    const uint64_t samples[1] = {0};
    cluster_t c;
    rw_t w;
    sync_start(&c, 1, &w, 1, samples, LR, slab + slab / 2);
    uint32_t t = declare_table(&w, DIM);
    uint64_t ids[64], read[64] = {0};
    float g[64 * DIM];
    for (int i = 0; i < 64 * DIM; i++)
        g[i] = 0.25f;
    for (int i = 0; i < 64; i++)
        ids[i] = (uint64_t)i;
    const Taups__Header *r = NULL;
    int k = 0;
    for (; k < 4096; k++) {
        r = push_rows(&w, 0, t, ids, 64, read, g, DIM);
        if (r->op != TAUPS__OP__PUSH_ROWS_OK)
            break;
    }
    ck_assert_int_lt(k, 4096);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_ELIMIT);
    ck_assert_msg(strstr(r->error, "\"emb\"") &&
                      strstr(r->error, "--max-memory"),
                  "%s", r->error);
    rw_clock(&w, 1);
    /* k pushes of 0.25 each, one worker: the mean is their sum. */
    float want[DIM];
    emb_init_row(0, DIM, want);
    for (int j = 0; j < DIM; j++)
        want[j] -= LR * 0.25f * (float)k;
    const uint64_t one = 1;
    uint64_t v;
    const float *x;
    r = pull_rows(&w, 0, t, ids, 1, &v, &x);
    ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "%s", r->error);
    ck_assert_uint_eq(v, one);
    for (int j = 0; j < DIM; j++)
        ck_assert_msg(fabsf(x[j] - want[j]) <= 1e-4f * (float)k, "%g != %g",
                      (double)x[j], (double)want[j]);
    push_kept(&w, 0, t, ids, 8, g);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* One page of a scan of shard s: up to `most` rows from row number off.
 * Decodes the reply into ids, vers and vals (room for `most` rows) and
 * returns the reply. */
static const Taups__Header *scan_page(rw_t *w, int s, uint32_t table,
                                      uint64_t off, uint64_t most,
                                      uint64_t *ids, uint64_t *vers,
                                      float *vals) {
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PULL_ROWS;
    h.request_id = w->next_id++;
    h.tensor_id = table;
    h.offset = off;
    h.count = most;
    rr.scan = 1;
    h.rows = &rr;
    raw_send(w->fd[s], &h, NULL, 0);
    const Taups__Header *r = raw_recv(w->fd[s], &w->rd[s]);
    if (r->op != TAUPS__OP__PULL_ROWS_OK)
        return r;
    ck_assert_ptr_nonnull(r->rows);
    ck_assert(r->rows->scan);
    ck_assert_uint_le(r->count, most);
    size_t n = (size_t)r->count, used;
    const uint8_t *p = w->rd[s].payload;
    char err[200];
    ck_assert_int_eq(tps__varints_decode(p, r->rows->ids_len, ids, n, &used,
                                         err, sizeof(err)),
                     0);
    ck_assert_uint_eq(used, r->rows->ids_len);
    p += used;
    ck_assert_int_eq(tps__varints_decode(p, r->rows->versions_len, vers, n,
                                         &used, err, sizeof(err)),
                     0);
    ck_assert_uint_eq(used, r->rows->versions_len);
    p += used;
    ck_assert_uint_eq(w->rd[s].plen, r->rows->ids_len +
                                         r->rows->versions_len +
                                         n * DIM * sizeof(float));
    if (n > 0) /* an empty page has no payload at all */
        memcpy(vals, p, n * DIM * sizeof(float));
    return r;
}

/* A scan reads every row of a shard in creation order, in pages, with its
 * version and value: here the rows of a first push of high ids, then a
 * second of low ids (creation order is not id order), some pushed again;
 * the reference is computed from the pushes, by SGD by hand. */
START_TEST(test_rows_scan) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", -1, 0, 0);
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    rw_t w, a;
    rw_open(&w, &c, TPS_ROLE_WORKER);
    rw_open(&a, &c, TPS_ROLE_ADMIN);
    uint32_t t = declare_table(&w, DIM);
    enum { NA = 12, NB = 9, N = NA + NB, PAGE = 7 };
    for (int s = 0; s < 2; s++) {
        /* Creation order: the frame of ids[0..NA), then ids[NA..N). */
        uint64_t ids[N], zero[N] = {0}, want_v[N];
        float g[N * DIM], want[N * DIM];
        ids_of(s, 2, 5000, ids, NA);
        ids_of(s, 2, 10, ids + NA, NB);
        for (int i = 0; i < N * DIM; i++)
            g[i] = (float)(i + 1 + s) / 16.0f;
        for (int i = 0; i < N; i++) {
            emb_init_row(ids[i], DIM, want + i * DIM);
            want_v[i] = 1;
        }
        push_rows(&w, s, t, ids, NA, zero, g, DIM);
        push_rows(&w, s, t, ids + NA, NB, zero, g + NA * DIM, DIM);
        /* Again: the first 5 rows of each frame, gradients from g's start. */
        push_rows(&w, s, t, ids, 5, zero, g, DIM);
        push_rows(&w, s, t, ids + NA, 5, zero, g, DIM);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < DIM; j++)
                want[i * DIM + j] -= LR * g[i * DIM + j];
            int k = i < NA ? i : i - NA;
            if (k < 5) {
                want_v[i]++;
                for (int j = 0; j < DIM; j++)
                    want[i * DIM + j] -= LR * g[k * DIM + j];
            }
        }
        uint64_t got_ids[PAGE], got_v[PAGE], off = 0;
        float got[PAGE * DIM];
        for (;;) {
            const Taups__Header *r =
                scan_page(&a, s, t, off, PAGE, got_ids, got_v, got);
            ck_assert_msg(r->op == TAUPS__OP__PULL_ROWS_OK, "%s", r->error);
            ck_assert_uint_eq(r->offset, off);
            uint64_t n = r->count;
            ck_assert_uint_eq(n, N - off < PAGE ? N - off : PAGE);
            if (n == 0)
                break;
            for (uint64_t i = 0; i < n; i++) {
                ck_assert_uint_eq(got_ids[i], ids[off + i]);
                ck_assert_uint_eq(got_v[i], want_v[off + i]);
                for (int j = 0; j < DIM; j++)
                    ck_assert_msg(fabsf(got[i * DIM + j] -
                                        want[(off + i) * DIM + j]) <= 1e-6f,
                                  "shard %d row %llu: %g != %g", s,
                                  (unsigned long long)(off + i),
                                  (double)got[i * DIM + j],
                                  (double)want[(off + i) * DIM + j]);
            }
            off += n;
        }
        ck_assert_uint_eq(off, N);
    }
    /* Workers do not scan. */
    uint64_t i1, v1;
    float x1[DIM];
    const Taups__Header *r = scan_page(&w, 0, t, 0, 1, &i1, &v1, x1);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EPERM);
    rw_close(&a);
    rw_close(&w);
    cluster_stop(&c);
}
END_TEST

/* A worker that leaves before its CLOCK is out of the step, its rows
 * with it, as its dense pushes would be: the row moves by worker 0's
 * gradient alone. */
START_TEST(test_rows_sync_departed) {
    const uint64_t samples[2] = {0, 0};
    cluster_t c;
    rw_t w[2];
    sync_start(&c, 1, w, 2, samples, LR, 0);
    uint32_t t = declare_table(&w[0], DIM);
    uint64_t id = 42;
    float g0[DIM] = {1, 2, 3, 4}, g1[DIM] = {100, 100, 100, 100}, want[DIM];
    push_kept(&w[1], 0, t, &id, 1, g1);
    rw_close(&w[1]);
    push_kept(&w[0], 0, t, &id, 1, g0);
    rw_clock(&w[0], 1);
    emb_init_row(id, DIM, want);
    for (int j = 0; j < DIM; j++)
        want[j] -= LR * g0[j];
    const uint64_t one = 1;
    assert_rows(&w[0], 0, t, &id, 1, want, &one);
    rw_close(&w[0]);
    cluster_stop(&c);
}
END_TEST

/* Through libtaups, 2 workers x 2 shards, samples 3 and 1: a row only
 * worker 0 pushes, one only worker 1 pushes (on the other shard), one
 * both push, and a dense tensor of one element beside, each moved by the
 * mean worked out here after one tps_clock each. */
START_TEST(test_rows_sync_library) {
    tps__server_config_t cfg;
    cfg_for(&cfg, "sync", -1, 0, 0);
    cfg.workers = 2;
    cluster_t c;
    cluster_start_cfg(&c, 2, &cfg);
    tps_client_t *cl[2];
    int t = -1, d = -1;
    for (int k = 0; k < 2; k++) {
        cl[k] = open_client(&c, TPS_ROLE_WORKER, k, 2, 0);
        tps_set_samples(cl[k], k == 0 ? 3 : 1);
        t = tps_table(cl[k], "emb", DIM, TPS_INIT_NORMAL, 0.1f, 7);
        ck_assert_int_ge(t, 0);
        d = tps_declare(cl[k], "d", 1, TPS_INIT_ZEROS, 0, 1);
        ck_assert_int_ge(d, 0);
    }
    uint64_t ids[3]; /* worker 0's alone, worker 1's alone, both's */
    ids_of(0, 2, 300, &ids[0], 1);
    ids_of(1, 2, 300, &ids[1], 1);
    ids_of(1, 2, ids[1] + 1, &ids[2], 1);
    float g0[2 * DIM], g1[2 * DIM], want[3 * DIM];
    for (int j = 0; j < DIM; j++) {
        g0[j] = (float)(j + 1);            /* ids[0] */
        g0[DIM + j] = 0.5f * (float)j;     /* ids[2] */
        g1[j] = -2.0f * (float)(j + 1);    /* ids[1] */
        g1[DIM + j] = 4.0f - (float)j;     /* ids[2] */
    }
    uint64_t p0[2] = {ids[0], ids[2]}, p1[2] = {ids[1], ids[2]};
    ck_assert_int_eq(tps_push_rows(cl[0], t, 2, p0, g0), 0);
    ck_assert_int_eq(tps_push_rows(cl[1], t, 2, p1, g1), 0);
    float x0 = 2.0f, x1 = 10.0f;
    ck_assert_int_eq(tps_push(cl[0], d, &x0), 0);
    ck_assert_int_eq(tps_push(cl[1], d, &x1), 0);
    ck_assert_int_eq(tps_clock(cl[0]), 1);
    ck_assert_int_eq(tps_clock(cl[1]), 1);
    for (int i = 0; i < 3; i++)
        emb_init_row(ids[i], DIM, want + i * DIM);
    for (int j = 0; j < DIM; j++) {
        want[j] -= LR * 3 * g0[j] / 4;
        want[DIM + j] -= LR * 1 * g1[j] / 4;
        want[2 * DIM + j] -= LR * (3 * g0[DIM + j] + 1 * g1[DIM + j]) / 4;
    }
    float out[3 * DIM], x;
    uint64_t vers[3];
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(tps_pull_rows(cl[k], t, 3, ids, out, vers), 0);
        for (int i = 0; i < 3 * DIM; i++)
            ck_assert_msg(fabsf(out[i] - want[i]) <= 1e-6f,
                          "worker %d element %d: %.9g != %.9g", k, i,
                          (double)out[i], (double)want[i]);
        for (int i = 0; i < 3; i++)
            ck_assert_uint_eq(vers[i], 1);
        ck_assert_int_eq(tps_pull(cl[k], d, &x), 0);
        ck_assert_float_eq(x, -LR * (3 * x0 + 1 * x1) / 4);
    }
    tps_close(cl[0]);
    tps_close(cl[1]);
    cluster_stop(&c);
}
END_TEST

static Suite *rows_suite(void) {
    Suite *s = suite_create("rows");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_rows_start_initial);
    tcase_add_test(tc, test_rows_push_sgd);
    tcase_add_test(tc, test_rows_staleness_per_row);
    tcase_add_test(tc, test_rows_admission);
    tcase_add_test(tc, test_rows_memory_bound);
    tcase_add_test(tc, test_rows_refusals);
    tcase_add_test(tc, test_rows_checkpoint);
    tcase_add_test(tc, test_rows_fate_per_push);
    tcase_add_loop_test(tc, test_rows_trace, 0, 2);
    tcase_add_test(tc, test_rows_exactly_once);
    tcase_add_test(tc, test_dense_shape);
    suite_add_tcase(s, tc);
    TCase *sc = tcase_create("scan");
    tcase_set_timeout(sc, 60);
    tcase_add_test(sc, test_rows_scan);
    suite_add_tcase(s, sc);
    TCase *sync = tcase_create("sync");
    tcase_set_timeout(sync, 60);
    tcase_add_loop_test(sync, test_rows_sync_mean, 0, 2);
    tcase_add_test(sync, test_rows_sync_absent_worker);
    tcase_add_test(sync, test_rows_sync_departed);
    tcase_add_test(sync, test_rows_sync_overflow);
    tcase_add_test(sync, test_rows_sync_memory);
    tcase_add_test(sync, test_rows_sync_library);
    suite_add_tcase(s, sync);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(rows_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
