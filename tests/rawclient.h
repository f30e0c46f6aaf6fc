/* SPDX-License-Identifier: MIT */
/* Helpers of the loopback tests (tests/check_loopback.c, tests/check_cross.c):
 * in-process shard clusters on 127.0.0.1:0, each shard on its own loop
 * thread; library clients of such a cluster; and raw clients that speak
 * frames on a blocking socket, so that a test controls the order in which
 * frames reach each shard and can send what the library never would.
 *
 * Every helper fails the running test (ck_assert) instead of returning an
 * error. */
#ifndef TPS_RAWCLIENT_H
#define TPS_RAWCLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "server/server.h"
#include "taups.h"
#include "tps_frame.h"

#define CLUSTER_MAX 4

typedef struct cluster_s {
    int n;
    uv_loop_t loops[CLUSTER_MAX];
    tps__server_t *srv[CLUSTER_MAX];
    uv_thread_t threads[CLUSTER_MAX];
    char list[256]; /* the real addresses, for clients */
    char fake[256]; /* n placeholders: the shards only need the count */
} cluster_t;

/* Starts n shard servers on free ports, each with `base` (borrowed) except
 * for listen, cluster, shard, stats_every (0) and quiet (1). The list is
 * only known once all are bound: each is started with n placeholders, then
 * given the real list (tps__server_set_peers) before its loop runs, so
 * that the shards link up. */
void cluster_start_cfg(cluster_t *c, int n, const tps__server_config_t *base);

/* Stops every shard, joins its thread, frees it and checks its loop closes
 * cleanly (every handle was closed). */
void cluster_stop(cluster_t *c);

/* A library client of the cluster (chunk 0: the default chunk size). */
tps_client_t *open_client(const cluster_t *c, tps_role_t role, int rank,
                          int workers, size_t chunk);

/* A library client with options o (cluster and connect timeout set here:
 * c's addresses, 3 s). */
tps_client_t *open_client_opts(const cluster_t *c, tps_options_t *o);

/* Declares table "emb" of rows of dim values (normal, scale 0.1, seed 7)
 * as request rid on fd; checks it is answered as such and returns its id
 * on that shard. */
uint32_t raw_declare_emb(int fd, tps__reader_t *rd, uint64_t rid, uint32_t dim);

/* Row id of table "emb" as it starts, by design §2b's formula:
 * tps__init_value(normal, 0.1, mix64(7 ^ mix64(id)), j). */
void emb_init_row(uint64_t id, uint32_t dim, float *out);

/* A blocking TCP connection to 127.0.0.1:port. */
int raw_connect(int port);

/* Writes one frame (no SIGPIPE: a closed peer fails the test). */
void raw_send(int fd, const Taups__Header *h, const void *payload, size_t len);

/* Reads one frame into rd (within 10 s, or the test fails); returns its
 * header, valid until the next read. The payload is rd->payload. */
const Taups__Header *raw_recv(int fd, tps__reader_t *rd);
/* raw_recv, but NULL when the shard closed the connection. */
const Taups__Header *raw_recv_or_closed(int fd, tps__reader_t *rd);

/* Sends worker `rank`'s CLOCK `clock` as request rid (no reply comes). */
void raw_clock(int fd, int rank, uint64_t rid, uint64_t clock);

/* 1 when nothing arrives on fd within ms milliseconds. */
int raw_quiet(int fd, int ms);

/* The hello raw_hello sends, for a test that adds to it or expects a
 * refusal. */
Taups__Header raw_hello_header(int role, int rank, int workers, int shards,
                               int shard, uint64_t session);

/* Says hello as `role` and `rank` to shard `shard` of a cluster of `shards`
 * shards and `workers` workers, with `session` (0: none); checks the answer
 * is HELLO_OK and returns it (valid until the next read on rd). */
const Taups__Header *raw_hello(int fd, tps__reader_t *rd, int role, int rank,
                               int workers, int shards, int shard,
                               uint64_t session);

#endif
