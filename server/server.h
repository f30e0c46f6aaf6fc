/* SPDX-License-Identifier: MIT */
/* A taups shard server on a libuv loop: accepts connections, checks hellos,
 * and answers declare / push / pull / stats frames against one tps__shard_t.
 * It runs in taups-server's main loop, and in-process in tests and benches
 * (any loop, any thread: all calls except tps__server_stop_async must come
 * from the loop's thread). */
#ifndef TPS_SERVER_H
#define TPS_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "checkpoint.h"
#include "consistency.h"
#include "shard.h"
#include "tps_auth.h"
#include "tps_frame.h"
#include "tps_link.h"

typedef struct tps__server_config_s {
    const char *listen;   /* HOST:PORT to bind; port 0 picks a free port */
    const char *cluster;  /* ordered shard list; NULL: a cluster of one */
    int shard;            /* this shard's index in the list */
    int workers;          /* workers the cluster expects */
    double stats_every;   /* seconds between summary log lines; 0: never */
    tps__limits_t lim;     /* frame limits */
    int max_tensors;
    uint64_t max_elements;
    int quiet;            /* no per-connection log lines (benchmarks) */
    tps__consistency_t cons; /* mode and its parameters */
    tps__optim_t optim;    /* update rule, clipping, staleness weight */
    const char *trace;    /* CSV of every pull answered, push, step, join and
                             leave (for tests and experiments); NULL: none */
    tps__link_cfg_t link;  /* shaping of every reply this shard sends; zero:
                             none */
    tps__ckpt_cfg_t ckpt;  /* checkpoints; dir NULL: none */
    /* Who may connect, and what one connection may cost (docs/design.md
     * §11). */
    tps__key_t key;        /* set: every client proves it in its hello */
    int insecure;         /* serve a non-loopback address without a key */
    int frame_mac;        /* refuse clients that do not tag every frame */
    int max_connections;  /* open at once; more are answered and closed */
    double hello_timeout; /* s from accept to a completed hello */
    double keepalive;     /* s a vanished client goes unnoticed (0: the
                             kernel's default) */
    double rejoin_grace;  /* s a restored shard waits for the ranks its
                             checkpoint saw live before they have left */
    double header_timeout; /* s from a frame's first byte to its header */
    double idle_timeout;  /* s without a byte (held pulls excepted); 0: none */
    uint64_t max_memory;  /* bytes of tensors, optimizer state and sync
                             buffers; declarations beyond it are refused */
    uint64_t conn_buffer; /* memory of queued replies per connection before
                             it is no longer read */
    int max_held_pulls;   /* pulls held back per connection */
    int row_admit;        /* tables: a row is created after this many
                             pushes of its id (0 or 1: the first) */
    int table_fate_push;  /* tables: a push frame's stalest row decides for
                             all its rows (--table-fate push) */
    int trace_rows;       /* with trace: one "row" line per row applied on
                             arrival (--trace-rows) */
} tps__server_config_t;

/* Defaults for everything but listen/cluster/shard (max_memory: half of
 * the memory this process may use). */
void tps__server_config_init(tps__server_config_t *cfg);

typedef struct tps__server_s tps__server_t;

/* Binds, listens and starts serving on `loop`. On success *out is owned by
 * the caller: stop it, run the loop until it returns, then free it. On
 * failure returns a negative code with a sentence in err. */
int tps__server_start(uv_loop_t *loop, const tps__server_config_t *cfg,
                      tps__server_t **out, char *err, size_t errlen);

/* Gives a started server, before its loop runs, the addresses its peers
 * really listen on (a cluster of in-process shards bound to port 0 is
 * started with placeholders in --cluster). No-op for a cluster of one.
 * Returns 0 or TPS_EINVAL with a sentence in err. */
int tps__server_set_peers(tps__server_t *s, const char *list, char *err,
                          size_t errlen);

/* The port actually bound. */
int tps__server_port(const tps__server_t *s);

/* Closes the listener, every connection and timer; once their close
 * callbacks have run the loop has nothing left and uv_run returns. Logs the
 * final summary. */
void tps__server_stop(tps__server_t *s);

/* tps__server_stop from any thread. */
void tps__server_stop_async(tps__server_t *s);

/* Frees a stopped server after its loop has finished. */
void tps__server_free(tps__server_t *s);

const tps__shard_t *tps__server_shard(const tps__server_t *s);

/* 1 while the server serves: restored and listening (tps__server_start
 * returns only then) and not stopping. */
int tps__server_serving(const tps__server_t *s);

/* Workers connected now. */
int tps__server_live_workers(const tps__server_t *s);

/* Counters as a JSON object in a malloc'd string (caller frees). */
char *tps__server_stats_json(const tps__server_t *s);
/* The server as its reports see it now (stats.h; everything borrowed). */
struct tps__stats_view_s;
void tps__server_stats_view(const tps__server_t *s,
                            struct tps__stats_view_s *v);

#endif
