/* SPDX-License-Identifier: MIT */
/* In-process loopback tests: a real shard server on 127.0.0.1:0 in its own
 * thread and loop, and real libtaups clients talking TCP to it. */
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
#include "tps_cluster.h"
#include "tps_codec.h"
#include "tps_frame.h"

/* Starts n shard servers on free ports (tests/rawclient.h). */
static void cluster_start(cluster_t *c, int n, int workers, double lr) {
    tps__server_config_t cfg;
    tps__server_config_init(&cfg);
    cfg.workers = workers;
    cfg.optim.lr = lr;
    cluster_start_cfg(c, n, &cfg);
}

/* A worker whose pushes (and, unless NULL, pull replies) are compressed. */
static tps_client_t *open_codec_client(const cluster_t *c, const char *codec,
                                       const char *pull_codec) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = c->list;
    o.codec = codec;
    if (pull_codec)
        o.pull_codec = pull_codec;
    tps_client_t *cl;
    char err[512];
    ck_assert_msg(tps_open(&o, &cl, err, sizeof(err)) == 0, "%s", err);
    return cl;
}

/* Pushes and pulls through 3 shards and small chunks, so that n = 1000
 * travels in many frames; the result must be exactly init - lr * sum(g). */
START_TEST(test_push_pull_sgd) {
    cluster_t c;
    cluster_start(&c, 3, 1, 0.5);
    tps_client_t *cl = open_client(&c, TPS_ROLE_WORKER, 0, 1, 64 * 4);
    const uint64_t n = 1000;
    int id = tps_declare(cl, "w", n, TPS_INIT_ZEROS, 0, 1);
    ck_assert_int_ge(id, 0);
    float *g = malloc(n * sizeof(float)), *p = malloc(n * sizeof(float));
    for (uint64_t i = 0; i < n; i++)
        g[i] = (float)i;
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_float_eq(p[i], -1.0f * (float)i); /* 2 pushes x 0.5 */
    uint64_t v[3];
    ck_assert_int_eq(tps_versions(cl, id, v, 3), 3);
    for (int s = 0; s < 3; s++)
        ck_assert_uint_eq(v[s], 2);
    uint64_t sent, recv;
    tps_bytes(cl, &sent, &recv);
    ck_assert_uint_ge(sent, 2 * n * sizeof(float));
    ck_assert_uint_ge(recv, n * sizeof(float));
    free(g);
    free(p);
    tps_close(cl);
    cluster_stop(&c);
}
END_TEST

/* Async tickets: several pushes in flight, then a pull. */
START_TEST(test_async_tickets) {
    cluster_t c;
    cluster_start(&c, 2, 1, 1.0);
    tps_client_t *cl = open_client(&c, TPS_ROLE_WORKER, 0, 1, 0);
    const uint64_t n = 7;
    int id = tps_declare(cl, "v", n, TPS_INIT_ZEROS, 0, 1);
    float g[7] = {1, 1, 1, 1, 1, 1, 1}, p[7];
    tps_ticket_t t[10];
    for (int k = 0; k < 10; k++)
        ck_assert_int_eq(tps_push_async(cl, id, g, &t[k]), 0);
    for (int k = 0; k < 10; k++)
        ck_assert_int_eq(tps_wait(cl, t[k]), 0);
    tps_ticket_t tp;
    ck_assert_int_eq(tps_pull_async(cl, id, p, &tp), 0);
    ck_assert_int_eq(tps_wait(cl, tp), 0);
    for (int i = 0; i < 7; i++)
        ck_assert_float_eq(p[i], -10.0f);
    /* A ticket is waited on once. */
    ck_assert_int_eq(tps_wait(cl, tp), TPS_EINVAL);
    tps_close(cl);
    cluster_stop(&c);
}
END_TEST

/* A push measures its staleness against the versions it declares: by
 * default the last pull's, or those given with tps_set_versions (a worker
 * that computed from an older pull). Two shards, async, no cut-off. */
START_TEST(test_set_versions) {
    cluster_t c;
    cluster_start(&c, 2, 1, 0.1);
    tps_client_t *cl = open_client(&c, TPS_ROLE_WORKER, 0, 1, 0);
    float g[6] = {1, 1, 1, 1, 1, 1}, p[6];
    int id = tps_declare(cl, "v", 6, TPS_INIT_ZEROS, 0, 1);
    uint64_t v0[2], v[2];
    tps_push_info_t info;
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    ck_assert_int_eq(tps_versions(cl, id, v0, 2), 2);
    for (int k = 0; k < 3; k++)
        ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    ck_assert_int_eq(tps_versions(cl, id, v, 2), 2);
    ck_assert_uint_eq(v[0], v0[0] + 3);
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_last_push(cl, id, &info), 0);
    ck_assert_uint_eq(info.staleness, 0);
    /* Computed from the first pull: 4 updates ago. */
    ck_assert_int_eq(tps_set_versions(cl, id, v0, 2), 0);
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_last_push(cl, id, &info), 0);
    ck_assert_uint_eq(info.staleness, 4);
    ck_assert_int_eq(tps_set_versions(cl, id, v0, 1), TPS_EINVAL);
    ck_assert_int_eq(tps_set_versions(cl, id + 7, v0, 2), TPS_ENOENT);
    tps_close(cl);
    cluster_stop(&c);
}
END_TEST

/* Declaring is idempotent; a different length is refused with the name. */
START_TEST(test_declare_mismatch) {
    cluster_t c;
    cluster_start(&c, 2, 2, 0.1);
    tps_client_t *a = open_client(&c, TPS_ROLE_WORKER, 0, 2, 0);
    tps_client_t *b = open_client(&c, TPS_ROLE_WORKER, 1, 2, 0);
    int ia = tps_declare(a, "w", 10, TPS_INIT_NORMAL, 0.1f, 7);
    int ib = tps_declare(b, "w", 10, TPS_INIT_NORMAL, 0.1f, 7);
    ck_assert_int_ge(ia, 0);
    ck_assert_int_ge(ib, 0);
    float pa[10], pb[10];
    ck_assert_int_eq(tps_pull(a, ia, pa), 0);
    ck_assert_int_eq(tps_pull(b, ib, pb), 0);
    ck_assert_mem_eq(pa, pb, sizeof(pa));
    tps_client_t *e = open_client(&c, TPS_ROLE_EVALUATOR, 0, 2, 0);
    int rc = tps_declare(e, "w", 11, TPS_INIT_NORMAL, 0.1f, 7);
    ck_assert_int_eq(rc, TPS_EMISMATCH);
    ck_assert_msg(strstr(tps_errmsg(e), "\"w\"") != NULL, "%s", tps_errmsg(e));
    /* An evaluator may not push. */
    int ie = tps_declare(e, "w", 10, TPS_INIT_NORMAL, 0.1f, 7);
    ck_assert_int_ge(ie, 0);
    ck_assert_int_eq(tps_push(e, ie, pa), TPS_EINVAL);
    tps_close(a);
    tps_close(b);
    tps_close(e);
    cluster_stop(&c);
}
END_TEST

/* The second worker with an already connected rank is refused with
 * TPS_EBUSY, and the error names the rank. */
START_TEST(test_duplicate_rank) {
    cluster_t c;
    cluster_start(&c, 1, 2, 0.1);
    tps_client_t *a = open_client(&c, TPS_ROLE_WORKER, 0, 2, 0);
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = c.list;
    o.rank = 0;
    o.workers = 2;
    tps_client_t *b;
    char err[512];
    /* A code of its own: a worker retries on it, and on nothing else. */
    ck_assert_int_eq(tps_open(&o, &b, err, sizeof(err)), TPS_EBUSY);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, "rank 0 is already connected") != NULL, "%s",
                  err);
    /* Wrong cluster shape is refused too. */
    o.rank = 1;
    o.workers = 3;
    ck_assert_int_lt(tps_open(&o, &b, err, sizeof(err)), 0);
    ck_assert_msg(strstr(err, "expects 3 workers") != NULL, "%s", err);
    tps_close(a);
    cluster_stop(&c);
}
END_TEST

/* An unreachable shard is reported with its index, address and cause after
 * the bounded retry time. */
START_TEST(test_unreachable) {
    /* Find a port nobody listens on: bind, read it, close. */
    uv_loop_t loop;
    uv_loop_init(&loop);
    uv_tcp_t t;
    uv_tcp_init(&loop, &t);
    struct sockaddr_in a;
    uv_ip4_addr("127.0.0.1", 0, &a);
    uv_tcp_bind(&t, (struct sockaddr *)&a, 0);
    int len = sizeof(a);
    uv_tcp_getsockname(&t, (struct sockaddr *)&a, &len);
    int port = ntohs(a.sin_port);
    uv_close((uv_handle_t *)&t, NULL);
    uv_run(&loop, UV_RUN_DEFAULT);
    uv_loop_close(&loop);
    char list[64];
    snprintf(list, sizeof(list), "127.0.0.1:%d", port);
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = list;
    o.connect_timeout_ms = 300;
    tps_client_t *cl;
    char err[512];
    ck_assert_int_eq(tps_open(&o, &cl, err, sizeof(err)), TPS_EUNREACH);
    ck_assert_msg(strstr(err, "shard 0 at 127.0.0.1:") &&
                      strstr(err, "refused") && strstr(err, "tries"),
                  "%s", err);
}
END_TEST

/* Hostile bytes on a raw socket: the server answers with an error, closes
 * that connection, and keeps serving a well-behaved client. */
static int read_until_eof(int fd, char *buf, size_t cap) {
    size_t got = 0;
    ssize_t n;
    while ((n = read(fd, buf + got, cap - got)) > 0)
        got += (size_t)n;
    return (int)got;
}

START_TEST(test_hostile_bytes) {
    cluster_t c;
    cluster_start(&c, 1, 1, 0.1);
    tps_client_t *good = open_client(&c, TPS_ROLE_WORKER, 0, 1, 0);
    int id = tps_declare(good, "w", 4, TPS_INIT_ZEROS, 0, 1);
    int port = tps__server_port(c.srv[0]);
    static const struct {
        const char *bytes;
        size_t len;
    } attacks[] = {
        {"GET / HTTP/1.1\r\n\r\n", 18},               /* bad magic */
        {"TPS1\xff\xff\xff\x7f\0\0\0\0\0\0\0\0", 16}, /* huge header */
        {"TPS1\x10\0\0\0\0\0\0\0\0\0\0\x40", 16},     /* 2^62 payload */
        {"TPS1\x04\0\0\0\0\0\0\0\0\0\0\0\xff\xff\xff\xff",
         20}, /* bad protobuf */
    };
    for (size_t k = 0; k < sizeof(attacks) / sizeof(*attacks); k++) {
        int fd = raw_connect(port);
        size_t len = attacks[k].len;
        ck_assert_int_eq(write(fd, attacks[k].bytes, len), (ssize_t)len);
        char buf[4096];
        int got = read_until_eof(fd, buf, sizeof(buf));
        /* An error frame came back before the close. */
        ck_assert_int_gt(got, 16);
        ck_assert_mem_eq(buf, "TPS1", 4);
        close(fd);
    }
    /* A truncated frame followed by a close just ends that connection. */
    int fd = raw_connect(port);
    ck_assert_int_eq(write(fd, "TPS1\x08\0\0", 7), 7);
    close(fd);
    float p[4];
    ck_assert_int_eq(tps_pull(good, id, p), 0);
    ck_assert_int_eq(tps_push(good, id, p), 0);
    char *json;
    ck_assert_int_eq(tps_stats(good, &json), 0);
    ck_assert_msg(strstr(json, "\"protocol_errors\": 4") != NULL, "%s", json);
    free(json);
    tps_close(good);
    cluster_stop(&c);
}
END_TEST

/* Thousands of small pulls pipelined in one write: the shard handles them
 * a turn at a time (TPS_FRAMES_PER_TURN), serving another client between
 * turns, and answers every one, in order, with the right values. */
START_TEST(test_pipelined_flood_in_order) {
    cluster_t c;
    cluster_start(&c, 1, 1, 1.0);
    tps_client_t *good = open_client(&c, TPS_ROLE_WORKER, 0, 1, 0);
    int id = tps_declare(good, "w", 4, TPS_INIT_ZEROS, 0, 1);
    const float g[4] = {1, 2, 3, 4};
    ck_assert_int_eq(tps_push(good, id, g), 0);
    int fd = raw_connect(tps__server_port(c.srv[0]));
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    raw_hello(fd, &rd, TAUPS__ROLE__ADMIN, 0, 1, 1, 0, 0);
    Taups__Header d = TAUPS__HEADER__INIT;
    d.op = TAUPS__OP__DECLARE;
    d.request_id = 1;
    d.name = (char *)"w";
    d.length = 4;
    d.init = TAUPS__INIT__ZEROS;
    d.seed = 1;
    raw_send(fd, &d, NULL, 0);
    const Taups__Header *r = raw_recv(fd, &rd);
    ck_assert_msg(r->op == TAUPS__OP__DECLARE_OK, "%s",
                  r->error ? r->error : "?");
    uint32_t tid = r->tensor_id;
    enum { BATCH = 2000 };
    static uint8_t burst[BATCH * 64];
    uint64_t next = 100;
    for (int round = 0; round < 3; round++) {
        size_t len = 0;
        for (int i = 0; i < BATCH; i++) {
            Taups__Header p = TAUPS__HEADER__INIT;
            p.op = TAUPS__OP__PULL;
            p.request_id = next + (uint64_t)i;
            p.tensor_id = tid;
            p.count = 4;
            size_t m = tps__frame_encode_meta(&p, 0, burst + len,
                                             sizeof(burst) - len);
            ck_assert_uint_gt(m, 0);
            len += m;
        }
        ck_assert_int_eq(write(fd, burst, len), (ssize_t)len);
        float p[4];
        ck_assert_int_eq(tps_pull(good, id, p), 0); /* served meanwhile */
        for (int i = 0; i < BATCH; i++) {
            r = raw_recv(fd, &rd);
            ck_assert_int_eq(r->op, TAUPS__OP__PULL_OK);
            ck_assert_uint_eq(r->request_id, next + (uint64_t)i);
            ck_assert_uint_eq(rd.plen, sizeof(p));
            memcpy(p, rd.payload, sizeof(p));
            for (int k = 0; k < 4; k++)
                ck_assert_float_eq(p[k], -g[k]);
        }
        next += BATCH;
    }
    ck_assert(raw_quiet(fd, 50));
    close(fd);
    tps__reader_free(&rd);
    tps_close(good);
    cluster_stop(&c);
}
END_TEST

/* A gradient with a NaN or an Inf is refused whole, named by tensor,
 * value and element (and by whoever refused it: `by`), every slice stays
 * bit-identical, and the worker can go on. */
static void nan_push_refused(int shards, const char *by) {
    cluster_t c;
    cluster_start(&c, shards, 1, 0.1);
    tps_client_t *cl = open_client(&c, TPS_ROLE_WORKER, 0, 1, 0);
    int id = tps_declare(cl, "w", 8, TPS_INIT_NORMAL, 1.0f, 3);
    float before[8], after[8], g[8] = {1, 1, 1, 1, 1, 1, NAN, 1};
    ck_assert_int_eq(tps_pull(cl, id, before), 0);
    ck_assert_int_eq(tps_push(cl, id, g), TPS_EINVAL);
    const char *msg = tps_errmsg(cl);
    ck_assert_msg(strstr(msg, "\"w\" has NaN at element 6;") && strstr(msg, by),
                  "%s", msg);
    g[6] = 1;
    g[1] = -INFINITY;
    ck_assert_int_eq(tps_push(cl, id, g), TPS_EINVAL);
    ck_assert_msg(strstr(tps_errmsg(cl), "\"w\" has Inf at element 1;"),
                  "%s", tps_errmsg(cl));
    ck_assert_int_eq(tps_pull(cl, id, after), 0);
    ck_assert_mem_eq(before, after, sizeof(before));
    g[1] = 1;
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    tps_close(cl);
    cluster_stop(&c);
}

/* On two async shards the client leaves the check to the shards, whose
 * two-phase pushes abort the group on both when one refuses its slice. */
START_TEST(test_nan_push_refused_whole) {
    nan_push_refused(2, "rejected, parameters unchanged");
}
END_TEST

/* On one shard the client refuses it before any byte leaves: the shard
 * applies a long push chunk by chunk, so its own check could not make the
 * refusal whole. */
START_TEST(test_nan_push_refused_by_client) {
    nan_push_refused(1, "not pushed");
}
END_TEST

/* Error feedback keeps what top-k dropped; finite gradients near FLT_MAX
 * make that residual overflow on the second push. The client refuses it
 * and says why (a diverging run, not a bad codec argument); nothing
 * non-finite reaches the shards. */
START_TEST(test_residual_overflow_named) {
    cluster_t c;
    cluster_start(&c, 1, 1, 1.0);
    tps_client_t *cl = open_codec_client(&c, "topk:0.5", NULL);
    int id = tps_declare(cl, "w", 8, TPS_INIT_ZEROS, 0, 1);
    float g[8], p[8];
    for (int i = 0; i < 8; i++)
        g[i] = 3e38f;
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_push(cl, id, g), TPS_EINVAL);
    ck_assert_msg(
        strstr(tps_errmsg(cl), "error-feedback residual is not finite"), "%s",
        tps_errmsg(cl));
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    for (int i = 0; i < 8; i++)
        ck_assert(isfinite(p[i]));
    tps_close(cl);
    cluster_stop(&c);
}
END_TEST

/* Connects as worker 0 of a 1-worker, 1-shard cluster without the library,
 * to send frames the library would never send. */
static int raw_worker(int port, tps__reader_t *rd) {
    int fd = raw_connect(port);
    ck_assert_int_eq(tps__reader_init(rd, NULL, NULL, NULL), 0);
    raw_hello(fd, rd, TPS_ROLE_WORKER, 0, 1, 1, 0, 0);
    return fd;
}

/* A client that skips the library's check: the shard refuses the push
 * before applying any of it, counts it, says why, and keeps the connection. */
START_TEST(test_nan_push_rejected_by_server) {
    cluster_t c;
    cluster_start(&c, 1, 1, 0.1);
    tps_client_t *ev = open_client(&c, TPS_ROLE_ADMIN, 0, 1, 0);
    int id = tps_declare(ev, "w", 4, TPS_INIT_NORMAL, 1.0f, 3);
    float before[4], after[4];
    ck_assert_int_eq(tps_pull(ev, id, before), 0);
    tps__reader_t rd;
    int fd = raw_worker(tps__server_port(c.srv[0]), &rd);
    const float g[4] = {1, INFINITY, 1, 1};
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PUSH;
    p.request_id = 7;
    p.tensor_id = (uint32_t)id;
    p.count = 4;
    p.last = 1;
    raw_send(fd, &p, g, sizeof(g));
    const Taups__Header *r = raw_recv(fd, &rd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_uint_eq(r->request_id, 7);
    ck_assert_msg(strstr(r->error, "Inf at element 1"), "%s", r->error);
    /* Still connected: a clean push is applied. */
    const float ok[4] = {1, 1, 1, 1};
    p.request_id = 8;
    raw_send(fd, &p, ok, sizeof(ok));
    ck_assert_int_eq(raw_recv(fd, &rd)->op, TAUPS__OP__PUSH_OK);
    ck_assert_int_eq(tps_pull(ev, id, after), 0);
    for (int i = 0; i < 4; i++)
        ck_assert_float_eq(after[i], before[i] - 0.1f);
    char *json;
    ck_assert_int_eq(tps_stats(ev, &json), 0);
    ck_assert_msg(strstr(json, "\"refused\": 1") &&
                      strstr(json, "\"pushes\": 1"),
                  "%s", json);
    free(json);
    tps__reader_free(&rd);
    close(fd);
    tps_close(ev);
    cluster_stop(&c);
}
END_TEST

/* Compressed both ways: fp16 pushes (error feedback on, the default for a
 * biased codec) and bf16 pull replies; values agree with the exact update to
 * the codecs' precision, and the shard counts both codecs' bytes. */
START_TEST(test_compressed_push_pull) {
    cluster_t c;
    cluster_start(&c, 2, 1, 1.0);
    tps_client_t *cl = open_codec_client(&c, "fp16", "bf16");
    const uint64_t n = 3001;
    int id = tps_declare(cl, "w", n, TPS_INIT_ZEROS, 0, 1);
    float *g = malloc(n * sizeof(float)), *p = malloc(n * sizeof(float));
    for (uint64_t i = 0; i < n; i++)
        g[i] = 0.001f * (float)i - 1.0f;
    ck_assert_int_eq(tps_push(cl, id, g), 0);
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    for (uint64_t i = 0; i < n; i++) /* fp16 then bf16: ~2^-8 relative */
        ck_assert_float_eq_tol(p[i], -g[i], 0.01f * fabsf(g[i]) + 1e-6f);
    tps_traffic_t tr;
    tps_traffic(cl, &tr);
    ck_assert_uint_eq(tr.raw_sent, n * 4);
    ck_assert_uint_eq(tr.raw_recv, n * 4);
    ck_assert_uint_lt(tr.wire_sent, n * 2 + 400); /* 2 bytes per element */
    char *json;
    ck_assert_int_eq(tps_stats(cl, &json), 0);
    ck_assert_msg(strstr(json, "\"codec\": \"fp16\"") &&
                      strstr(json, "\"codec\": \"bf16\""),
                  "%s", json);
    free(json);
    free(g);
    free(p);
    tps_close(cl);
    /* A codec the pull side does not allow is refused at open. */
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = c.list;
    o.codec = "fp16";
    o.pull_codec = "topk:0.5";
    char err[512];
    ck_assert_int_eq(tps_open(&o, &cl, err, sizeof(err)), TPS_EINVAL);
    ck_assert_msg(strstr(err, "pull codec"), "%s", err);
    cluster_stop(&c);
}
END_TEST

static char err_buf[256];

/* A compressed push whose payload lies (a top-k index past the end) is
 * answered with an error; the parameters are untouched and the worker
 * stays connected. */
START_TEST(test_malformed_encoded_push) {
    cluster_t c;
    cluster_start(&c, 1, 1, 0.1);
    tps_client_t *ev = open_client(&c, TPS_ROLE_ADMIN, 0, 1, 0);
    int id = tps_declare(ev, "w", 8, TPS_INIT_NORMAL, 1.0f, 3);
    float before[8], after[8];
    ck_assert_int_eq(tps_pull(ev, id, before), 0);
    tps__reader_t rd;
    int fd = raw_worker(tps__server_port(c.srv[0]), &rd);
    tps__codec_t codec;
    ck_assert_int_eq(
        tps__codec_parse(&codec, "topk:0.25", 512, err_buf, sizeof(err_buf)),
        0);
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PUSH;
    p.request_id = 9;
    p.tensor_id = (uint32_t)id;
    p.count = 8;
    p.last = 1;
    tps__codec_pack(&codec, &p.codec, &p.codec_ratio);
    /* k = 2: index deltas {3, 9} (the second lands at 12 > 7), values. */
    uint32_t payload[4] = {3, 9, 0, 0};
    float v = 1.0f;
    memcpy(&payload[2], &v, 4);
    memcpy(&payload[3], &v, 4);
    raw_send(fd, &p, payload, sizeof(payload));
    const Taups__Header *r = raw_recv(fd, &rd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_msg(strstr(r->error, "malformed"), "%s", r->error);
    /* A correct one is applied. */
    ck_assert_int_eq(tps__codec_encode(&codec, before, 8, 1, (uint8_t *)payload,
                                       sizeof(payload)), 16);
    p.request_id = 10;
    raw_send(fd, &p, payload, sizeof(payload));
    ck_assert_int_eq(raw_recv(fd, &rd)->op, TAUPS__OP__PUSH_OK);
    ck_assert_int_eq(tps_pull(ev, id, after), 0);
    int changed = 0;
    for (int i = 0; i < 8; i++)
        changed += after[i] != before[i];
    ck_assert_int_eq(changed, 2);
    tps__reader_free(&rd);
    close(fd);
    tps_close(ev);
    cluster_stop(&c);
}
END_TEST

static Suite *loopback_suite(void) {
    Suite *s = suite_create("loopback");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_push_pull_sgd);
    tcase_add_test(tc, test_async_tickets);
    tcase_add_test(tc, test_set_versions);
    tcase_add_test(tc, test_declare_mismatch);
    tcase_add_test(tc, test_duplicate_rank);
    tcase_add_test(tc, test_unreachable);
    tcase_add_test(tc, test_hostile_bytes);
    tcase_add_test(tc, test_pipelined_flood_in_order);
    tcase_add_test(tc, test_nan_push_refused_whole);
    tcase_add_test(tc, test_nan_push_refused_by_client);
    tcase_add_test(tc, test_residual_overflow_named);
    tcase_add_test(tc, test_nan_push_rejected_by_server);
    tcase_add_test(tc, test_compressed_push_pull);
    tcase_add_test(tc, test_malformed_encoded_push);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(loopback_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
