/* SPDX-License-Identifier: MIT */
/* Starting values and the barrier (docs/design.md §3b) on in-process
 * shards with real libtaups clients: an assign reads back exactly, only
 * while the tensor has no values, survives a checkpoint and is answered
 * again (not refused) when sent again by the same client; NaN is refused
 * before anything is sent; a barrier lets nobody through before the last
 * worker arrives, names the missing rank on timeout, and the model pulled
 * after it is the independent sum of every push (async) or the replay of
 * the sync steps (workers that stopped earlier are out of later steps). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <uv.h>

#include "rawclient.h"
#include "server/server.h"
#include "taups.h"
#include "tps_mode.h"

#define N 1000
#define LR 0.5f

static void cfg_for(tps__server_config_t *cfg, const char *mode, int workers) {
    tps__server_config_init(cfg);
    cfg->cons.mode = tps__mode_find(mode);
    ck_assert_ptr_nonnull(cfg->cons.mode);
    cfg->workers = workers;
    cfg->optim.lr = LR;
}

/* Two shards of `mode` for `workers` workers. */
static void start2(cluster_t *c, const char *mode, int workers) {
    tps__server_config_t cfg;
    cfg_for(&cfg, mode, workers);
    cluster_start_cfg(c, 2, &cfg);
}

/* Values no optimizer would produce from zeros: i / 8 - 40. */
static void some_values(float *v, float shift) {
    for (int i = 0; i < N; i++)
        v[i] = (float)i / 8.0f - 40.0f + shift;
}

/* A worker of a cluster of `workers`, sending small chunks, so that an
 * assign of N elements over 2 shards travels in many frames. */
static tps_client_t *worker(const cluster_t *c, int rank, int workers) {
    return open_client(c, TPS_ROLE_WORKER, rank, workers, 64 * 4);
}

/* Two shards in async for one worker *a, which declares "w" of zeros;
 * returns its id. */
static int one_worker(cluster_t *c, tps_client_t **a) {
    start2(c, "async", 1);
    *a = worker(c, 0, 1);
    int id = tps_declare(*a, "w", N, TPS_INIT_ZEROS, 0, 0);
    ck_assert_int_ge(id, 0);
    return id;
}

static void pull_equals(tps_client_t *cl, int id, const float *want) {
    float got[N];
    ck_assert_int_eq(tps_pull(cl, id, got), 0);
    for (int i = 0; i < N; i++)
        ck_assert_msg(got[i] == want[i], "element %d: %g != %g", i,
                      (double)got[i], (double)want[i]);
}

START_TEST(test_assign_then_pull) {
    cluster_t c;
    start2(&c, "async", 2);
    tps_client_t *a = worker(&c, 0, 2), *b = worker(&c, 1, 2);
    int id = tps_declare(a, "w", N, TPS_INIT_NORMAL, 1.0f, 3);
    int idb = tps_declare(b, "w", N, TPS_INIT_NORMAL, 1.0f, 3);
    float v[N], other[N];
    some_values(v, 0);
    some_values(other, 7);
    ck_assert_int_eq(tps_assign(a, id, v), 0);
    pull_equals(b, idb, v);
    uint64_t vers[2];
    ck_assert_int_eq(tps_versions(b, idb, vers, 2), 2);
    ck_assert_uint_eq(vers[0], 0); /* an assign is not an update */
    ck_assert_uint_eq(vers[1], 0);
    /* Assigned already: by this client, or by another. */
    ck_assert_int_eq(tps_assign(a, id, other), TPS_EEXIST);
    ck_assert_ptr_nonnull(strstr(tps_errmsg(a), "assigned by worker 0"));
    ck_assert_int_eq(tps_assign(b, idb, other), TPS_EEXIST);
    pull_equals(a, id, v);
    tps_close(a);
    tps_close(b);
    cluster_stop(&c);
}
END_TEST

START_TEST(test_assign_after_push) {
    cluster_t c;
    tps_client_t *a;
    int id = one_worker(&c, &a);
    float g[N], v[N], want[N];
    for (int i = 0; i < N; i++) {
        g[i] = (float)(i % 7) - 3.0f;
        want[i] = -LR * g[i];
    }
    some_values(v, 0);
    ck_assert_int_eq(tps_push(a, id, g), 0);
    ck_assert_int_eq(tps_assign(a, id, v), TPS_EEXIST);
    ck_assert_ptr_nonnull(strstr(tps_errmsg(a), "updated"));
    pull_equals(a, id, want);
    tps_close(a);
    cluster_stop(&c);
}
END_TEST

START_TEST(test_assign_refuses_nan) {
    cluster_t c;
    tps_client_t *a;
    int id = one_worker(&c, &a);
    float v[N];
    some_values(v, 0);
    v[617] = NAN;
    ck_assert_int_eq(tps_assign(a, id, v), TPS_ERANGE);
    ck_assert_ptr_nonnull(strstr(tps_errmsg(a), "\"w\""));
    ck_assert_ptr_nonnull(strstr(tps_errmsg(a), "617"));
    v[617] = INFINITY;
    ck_assert_int_eq(tps_assign(a, id, v), TPS_ERANGE);
    /* Nothing reached a shard: a good assign still takes. */
    some_values(v, 1);
    ck_assert_int_eq(tps_assign(a, id, v), 0);
    pull_equals(a, id, v);
    /* A table is not assigned. */
    int t = tps_table(a, "emb", 4, TPS_INIT_ZEROS, 0, 0);
    ck_assert_int_ge(t, 0);
    ck_assert_int_eq(tps_assign(a, t, v), TPS_EINVAL);
    tps_close(a);
    cluster_stop(&c);
}
END_TEST

/* A raw ASSIGN of count elements from element 0 (one frame). */
static const Taups__Header *raw_assign(int fd, tps__reader_t *rd,
                                       uint32_t tid, uint64_t rid,
                                       const float *v, uint64_t count) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__ASSIGN;
    h.request_id = rid;
    h.tensor_id = tid;
    h.count = count;
    raw_send(fd, &h, v, count * sizeof(float));
    return raw_recv(fd, rd);
}

static uint32_t raw_declare_w(int fd, tps__reader_t *rd, uint64_t rid) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__DECLARE;
    h.request_id = rid;
    h.name = "w";
    h.length = N;
    raw_send(fd, &h, NULL, 0);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_int_eq(r->op, TAUPS__OP__DECLARE_OK);
    return r->tensor_id;
}

/* Only workers assign and enter barriers: the library says so before
 * sending, and a shard refuses a raw evaluator's frames. */
START_TEST(test_assign_needs_worker) {
    cluster_t c;
    tps_client_t *a;
    int wid = one_worker(&c, &a);
    tps_client_t *e = open_client(&c, TPS_ROLE_EVALUATOR, 0, 1, 0);
    uint64_t n = 0;
    int id = tps_lookup(e, "w", &n);
    ck_assert_int_ge(id, 0);
    float v[N];
    some_values(v, 0);
    ck_assert_int_eq(tps_assign(e, id, v), TPS_EPERM);
    ck_assert_int_eq(tps_barrier(e, 100), TPS_EPERM);
    int fd = raw_connect(tps__server_port(c.srv[0]));
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    raw_hello(fd, &rd, TPS_ROLE_EVALUATOR, 0, 1, 2, 0, 99);
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__BARRIER;
    h.request_id = 3;
    raw_send(fd, &h, NULL, 0);
    const Taups__Header *r = raw_recv(fd, &rd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EPERM);
    r = raw_assign(fd, &rd, 0, 4, v, N / 2);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EPERM);
    close(fd);
    tps__reader_free(&rd);
    /* Nothing was assigned. */
    ck_assert_int_eq(tps_assign(a, wid, v), 0);
    tps_close(e);
    tps_close(a);
    cluster_stop(&c);
}
END_TEST

/* An assign survives a restore: its values, and who made it, so that the
 * same client's assign sent again is answered, not refused, while any
 * other is refused. */
START_TEST(test_assign_checkpoint) {
    char dir[] = "/tmp/taups-check-assign-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    tps__server_config_t cfg;
    cfg_for(&cfg, "async", 1);
    cfg.ckpt.dir = dir;
    cfg.ckpt.keep = 2;
    float v[N], other[N];
    some_values(v, 0);
    some_values(other, 3);
    for (int life = 0; life < 2; life++) {
        cluster_t c;
        cluster_start_cfg(&c, 1, &cfg);
        int fd = raw_connect(tps__server_port(c.srv[0]));
        tps__reader_t rd;
        ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
        raw_hello(fd, &rd, TPS_ROLE_WORKER, 0, 1, 1, 0, 4242);
        uint32_t tid = raw_declare_w(fd, &rd, 1);
        /* Request 5 of session 4242, twice in life 0, again in life 1. */
        for (int k = 0; k < 2 - life; k++) {
            const Taups__Header *r = raw_assign(fd, &rd, tid, 5, v, N);
            ck_assert_int_eq(r->op, TAUPS__OP__ASSIGN_OK);
            ck_assert_int_eq(r->status, 0);
        }
        /* Another request of the same client is another assign. */
        const Taups__Header *r = raw_assign(fd, &rd, tid, 6, other, N);
        ck_assert_int_eq(r->op, TAUPS__OP__ASSIGN_OK);
        ck_assert_int_eq(r->status, TPS_EEXIST);
        close(fd);
        tps__reader_free(&rd);
        tps_client_t *a = worker(&c, 0, 1);
        int id = tps_declare(a, "w", N, TPS_INIT_ZEROS, 0, 0);
        pull_equals(a, id, v);
        ck_assert_int_eq(tps_assign(a, id, other), TPS_EEXIST);
        tps_close(a);
        cluster_stop(&c); /* writes a checkpoint on the way out */
    }
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* --- barrier ------------------------------------------------------------- */

typedef struct run_s {
    const cluster_t *c;
    int rank, workers, steps;
    double arrive_ms, leave_ms; /* since the test began */
    uint64_t t0;
    float model[N];
    int rc;
} run_t;

static double ms_since(uint64_t t0) {
    return (double)(uv_hrtime() - t0) / 1e6;
}

/* Rank r enters the barrier 150 ms after rank r - 1. */
static void late_worker(void *arg) {
    run_t *r = arg;
    tps_client_t *cl = worker(r->c, r->rank, r->workers);
    usleep((useconds_t)(150000 * r->rank));
    for (int k = 0; k < 2; k++) {
        r->arrive_ms = ms_since(r->t0);
        r->rc |= tps_barrier(cl, 0);
        r->leave_ms = ms_since(r->t0);
    }
    tps_close(cl);
}

START_TEST(test_barrier_waits_for_last) {
    cluster_t c;
    start2(&c, "ssp", 3);
    run_t r[3];
    uv_thread_t th[3];
    uint64_t t0 = uv_hrtime();
    for (int k = 0; k < 3; k++) {
        memset(&r[k], 0, sizeof(r[k]));
        r[k] = (run_t){.c = &c, .rank = k, .workers = 3, .t0 = t0};
        ck_assert_int_eq(uv_thread_create(&th[k], late_worker, &r[k]), 0);
    }
    for (int k = 0; k < 3; k++)
        uv_thread_join(&th[k]);
    /* The second barrier's arrivals are the last ones. */
    double last = 0;
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(r[k].rc, 0);
        last = r[k].arrive_ms > last ? r[k].arrive_ms : last;
    }
    for (int k = 0; k < 3; k++)
        ck_assert_msg(r[k].leave_ms >= last, "rank %d left at %.1f ms, the "
                      "last arrived at %.1f ms",
                      k, r[k].leave_ms, last);
    /* Rank 0 waited for rank 2, 300 ms behind it, in the first one. */
    ck_assert(r[2].arrive_ms >= 290);
    cluster_stop(&c);
}
END_TEST

START_TEST(test_barrier_timeout_names_missing) {
    cluster_t c;
    start2(&c, "sync", 3);
    tps_client_t *a = worker(&c, 0, 3), *b = worker(&c, 1, 3);
    uint64_t t0 = uv_hrtime();
    ck_assert_int_eq(tps_barrier(a, 300), TPS_EUNREACH);
    double took = ms_since(t0);
    ck_assert_msg(took >= 290 && took < 3000, "took %.1f ms", took);
    const char *msg = tps_errmsg(a);
    ck_assert_msg(strstr(msg, "ranks 1, 2") != NULL, "%s", msg);
    /* Rank 0 stays counted: with rank 1 it is rank 2 alone that is
     * missing. */
    ck_assert_int_eq(tps_barrier(b, 200), TPS_EUNREACH);
    msg = tps_errmsg(b);
    ck_assert_msg(strstr(msg, "rank 2") != NULL && strstr(msg, "1, 2") == NULL,
                  "%s", msg);
    tps_close(a);
    tps_close(b);
    cluster_stop(&c);
}
END_TEST

/* Rank r's gradient at step k: (r + 1) * (i % 5 + 1) / (k + 2). */
static float grad_of(int r, int k, int i) {
    return (float)(r + 1) * (float)(i % 5 + 1) / (float)(k + 2);
}

/* Rank r pushes `steps` gradients (pull, push, clock), then takes the
 * final model: a barrier, then one pull. */
static void training_worker(void *arg) {
    run_t *r = arg;
    tps_client_t *cl = worker(r->c, r->rank, r->workers);
    int id = tps_declare(cl, "w", N, TPS_INIT_ZEROS, 0, 0);
    float g[N];
    r->rc = id < 0 ? id : 0;
    for (int k = 0; r->rc == 0 && k < r->steps; k++) {
        r->rc = tps_pull(cl, id, r->model);
        for (int i = 0; i < N; i++)
            g[i] = grad_of(r->rank, k, i);
        r->rc = r->rc ? r->rc : tps_push(cl, id, g);
        tps_clock(cl);
    }
    if (r->rc == 0)
        r->rc = tps_barrier(cl, 10000);
    if (r->rc == 0)
        r->rc = tps_pull(cl, id, r->model);
    tps_close(cl);
}

/* Three workers of 1, 2 and 3 steps; every one's final model equals
 * `want`. */
static void final_model(const char *mode, const float *want, float tol) {
    cluster_t c;
    start2(&c, mode, 3);
    static run_t r[3];
    uv_thread_t th[3];
    for (int k = 0; k < 3; k++) {
        memset(&r[k], 0, sizeof(r[k]));
        r[k].c = &c;
        r[k].rank = k;
        r[k].workers = 3;
        r[k].steps = k + 1;
        ck_assert_int_eq(uv_thread_create(&th[k], training_worker, &r[k]), 0);
    }
    for (int k = 0; k < 3; k++)
        uv_thread_join(&th[k]);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(r[k].rc, 0);
        for (int i = 0; i < N; i++)
            ck_assert_msg(fabsf(r[k].model[i] - want[i]) <=
                              tol * (1 + fabsf(want[i])),
                          "%s rank %d element %d: %.9g != %.9g", mode, k, i,
                          (double)r[k].model[i], (double)want[i]);
    }
    cluster_stop(&c);
}

/* Async: every push applied once, whatever the order: -lr times the sum. */
START_TEST(test_final_model_async) {
    static float want[N];
    for (int i = 0; i < N; i++) {
        double sum = 0;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k <= r; k++)
                sum += grad_of(r, k, i);
        want[i] = (float)(-LR * sum);
    }
    final_model("async", want, 1e-5f);
}
END_TEST

/* Sync: step k is the mean over the ranks that pushed a k-th gradient
 * (rank r pushed r + 1 of them). */
START_TEST(test_final_model_sync) {
    static float want[N];
    for (int i = 0; i < N; i++) {
        float w = 0;
        for (int k = 0; k < 3; k++) {
            double sum = 0;
            int in = 0;
            for (int r = k; r < 3; r++, in++)
                sum += grad_of(r, k, i);
            w -= LR * (float)(sum / in);
        }
        want[i] = w;
    }
    final_model("sync", want, 1e-5f);
}
END_TEST

static Suite *assign_suite(void) {
    Suite *s = suite_create("assign");
    TCase *tc = tcase_create("assign");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_assign_then_pull);
    tcase_add_test(tc, test_assign_after_push);
    tcase_add_test(tc, test_assign_refuses_nan);
    tcase_add_test(tc, test_assign_needs_worker);
    tcase_add_test(tc, test_assign_checkpoint);
    suite_add_tcase(s, tc);
    TCase *tb = tcase_create("barrier");
    tcase_set_timeout(tb, 60);
    tcase_add_test(tb, test_barrier_waits_for_last);
    tcase_add_test(tb, test_barrier_timeout_names_missing);
    tcase_add_test(tb, test_final_model_async);
    tcase_add_test(tb, test_final_model_sync);
    suite_add_tcase(s, tb);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(assign_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
