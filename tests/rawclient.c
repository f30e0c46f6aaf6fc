/* SPDX-License-Identifier: MIT */
/* Helpers of the loopback tests; see rawclient.h. */
#include "rawclient.h"

#include <check.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tps_rng.h"

static void run_loop(void *arg) {
    uv_run(arg, UV_RUN_DEFAULT);
}

void cluster_start_cfg(cluster_t *c, int n, const tps__server_config_t *base) {
    ck_assert_int_le(n, CLUSTER_MAX);
    memset(c, 0, sizeof(*c));
    c->n = n;
    for (int k = 0; k < n; k++)
        snprintf(c->fake + strlen(c->fake), sizeof(c->fake) - strlen(c->fake),
                 "%s127.0.0.1:1", k ? "," : "");
    for (int s = 0; s < n; s++) {
        tps__server_config_t cfg = *base;
        cfg.listen = "127.0.0.1:0";
        cfg.cluster = c->fake;
        cfg.shard = s;
        cfg.stats_every = 0;
        cfg.quiet = 1;
        char err[256];
        ck_assert_int_eq(uv_loop_init(&c->loops[s]), 0);
        int rc =
            tps__server_start(&c->loops[s], &cfg, &c->srv[s], err, sizeof(err));
        ck_assert_msg(rc == 0, "server start: %s", err);
        snprintf(c->list + strlen(c->list), sizeof(c->list) - strlen(c->list),
                 "%s127.0.0.1:%d", s ? "," : "", tps__server_port(c->srv[s]));
    }
    /* Before the loops run: the shards dial each other at the real
     * addresses. */
    for (int s = 0; s < n; s++) {
        char err[256];
        ck_assert_msg(tps__server_set_peers(c->srv[s], c->list, err,
                                            sizeof(err)) == 0,
                      "peers: %s", err);
    }
    for (int s = 0; s < n; s++)
        ck_assert_int_eq(
            uv_thread_create(&c->threads[s], run_loop, &c->loops[s]), 0);
}

void cluster_stop(cluster_t *c) {
    for (int s = 0; s < c->n; s++) {
        tps__server_stop_async(c->srv[s]);
        uv_thread_join(&c->threads[s]);
        tps__server_free(c->srv[s]);
        /* Every handle was closed: the loop must close cleanly. */
        ck_assert_int_eq(uv_loop_close(&c->loops[s]), 0);
    }
}

tps_client_t *open_client(const cluster_t *c, tps_role_t role, int rank,
                          int workers, size_t chunk) {
    tps_options_t o;
    tps_options_init(&o);
    o.role = role;
    o.rank = rank;
    o.workers = workers;
    if (chunk)
        o.chunk_bytes = chunk;
    return open_client_opts(c, &o);
}

tps_client_t *open_client_opts(const cluster_t *c, tps_options_t *o) {
    o->cluster = c->list;
    o->connect_timeout_ms = 3000;
    tps_client_t *cl;
    char err[512];
    int rc = tps_open(o, &cl, err, sizeof(err));
    ck_assert_msg(rc == 0, "open: %s", err);
    return cl;
}

uint32_t raw_declare_emb(int fd, tps__reader_t *rd, uint64_t rid,
                         uint32_t dim) {
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Decl d = TAUPS__DECL__INIT;
    h.op = TAUPS__OP__DECLARE;
    h.request_id = rid;
    h.name = "emb";
    h.length = dim;
    h.init = TAUPS__INIT__NORMAL;
    h.scale = 0.1f;
    h.seed = 7;
    d.kind = 1;
    d.dim = dim;
    h.decl = &d;
    raw_send(fd, &h, NULL, 0);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_msg(r->op == TAUPS__OP__DECLARE_OK, "declare: %s",
                  r->error ? r->error : "?");
    ck_assert_ptr_nonnull(r->decl);
    ck_assert_uint_eq(r->decl->kind, 1);
    ck_assert_uint_eq(r->decl->dim, dim);
    return r->tensor_id;
}

void emb_init_row(uint64_t id, uint32_t dim, float *out) {
    uint64_t seed = tps__mix64(7 ^ tps__mix64(id));
    for (uint32_t j = 0; j < dim; j++)
        out[j] = tps__init_value(TPS_INIT_NORMAL, 0.1f, seed, j);
}

int raw_connect(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(fd, 0);
    struct sockaddr_in a;
    uv_ip4_addr("127.0.0.1", port, &a);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
    return fd;
}

static void send_all(int fd, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
        ck_assert_msg(n > 0, "raw send failed");
        p += n;
        len -= (size_t)n;
    }
}

void raw_send(int fd, const Taups__Header *h, const void *payload, size_t len) {
    uint8_t meta[512];
    size_t n = tps__frame_encode_meta(h, len, meta, sizeof(meta));
    ck_assert_uint_gt(n, 0);
    send_all(fd, meta, n);
    if (len)
        send_all(fd, payload, len);
}

const Taups__Header *raw_recv_or_closed(int fd, tps__reader_t *rd) {
    tps__reader_next(rd);
    int rc = 0;
    while (rc == 0) {
        struct pollfd p = {fd, POLLIN, 0};
        ck_assert_msg(poll(&p, 1, 10000) == 1, "no frame within 10 s");
        uint8_t *base;
        size_t want;
        tps__reader_want(rd, &base, &want);
        ssize_t n = read(fd, base, want);
        if (n <= 0)
            return NULL;
        rc = tps__reader_commit(rd, (size_t)n);
    }
    ck_assert_int_eq(rc, 1);
    return rd->hdr;
}

const Taups__Header *raw_recv(int fd, tps__reader_t *rd) {
    const Taups__Header *h = raw_recv_or_closed(fd, rd);
    ck_assert_msg(h != NULL, "the shard closed the connection");
    return h;
}

void raw_clock(int fd, int rank, uint64_t rid, uint64_t clock) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__CLOCK;
    h.request_id = rid;
    h.rank = rank;
    h.clock = clock;
    raw_send(fd, &h, NULL, 0);
}

int raw_quiet(int fd, int ms) {
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, ms) == 0;
}

Taups__Header raw_hello_header(int role, int rank, int workers, int shards,
                               int shard, uint64_t session) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO;
    h.proto_version = TPS_PROTO_VERSION;
    h.role = (Taups__Role)role;
    h.rank = rank;
    h.workers = (uint32_t)workers;
    h.shards = (uint32_t)shards;
    h.shard = (uint32_t)shard;
    h.session = session;
    return h;
}

const Taups__Header *raw_hello(int fd, tps__reader_t *rd, int role, int rank,
                               int workers, int shards, int shard,
                               uint64_t session) {
    Taups__Header h =
        raw_hello_header(role, rank, workers, shards, shard, session);
    raw_send(fd, &h, NULL, 0);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_msg(r->op == TAUPS__OP__HELLO_OK, "hello refused: %s",
                  r->error ? r->error : "?");
    return r;
}
