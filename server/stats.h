/* SPDX-License-Identifier: MIT */
/* What a shard reports about itself: the summary line it logs every
 * --stats-every seconds and when it stops, and the JSON object it answers
 * a STATS frame with (taups-ctl stats shows it, tests read it).
 *
 * It reads a view of the server that server.c fills in, and must NOT reach
 * into connections or change any state: the counting is done by accept.c,
 * dispatch.c, hello.c, push.c, pull.c and shard.c. */
#ifndef TPS_STATS_H
#define TPS_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "consistency.h"
#include "shard.h"

/* One shard's link to a peer (docs/design.md §3a, Peers). */
typedef struct tps__peer_link_s {
    int up;              /* its hello answered */
    uint64_t ups;        /* times it came up */
    uint64_t reconnects; /* dial attempts after the first */
} tps__peer_link_t;

/* The server as the reports see it at one moment; everything borrowed. */
typedef struct tps__stats_view_s {
    const tps__shard_t *shard;     /* counters, tensors, optimizer */
    const tps__members_t *members; /* the workers' clocks */
    const char *listen;           /* the address bound */
    const tps__mode_row_t *mode;
    double uptime_s;
    double loop_busy_max_ms;      /* longest stretch the loop did not poll */
    double checkpoint_age_s;      /* < 0: no checkpoint */
    int connections;
    int workers;                  /* live */
    uint64_t bytes_in, bytes_out; /* every connection's, closed ones too */
    uint64_t protocol_errors;     /* frames that broke the protocol */
    uint64_t handshakes_refused;  /* hellos of the wrong cluster, rank, mode */
    uint64_t auth_failures; /* handshakes and frames that failed the key */
    uint64_t connections_refused; /* beyond --max-connections */
    uint64_t timeouts;            /* connections closed by a timeout */
    uint64_t handshakes_evicted;  /* closed before their hello, for room */
    uint64_t held_pulls;          /* pulls held back now */
    uint64_t reply_frames_turn_max; /* most pull reply frames one connection
                                       was sent in one turn of the loop */
    uint64_t memory_max;          /* --max-memory */
    const struct tps__fates_s *fates; /* two-phase pushes; NULL: none */
    const tps__peer_link_t *links; /* per shard (its own unused); NULL
                                      with one shard */
    uint64_t barrier_generation;  /* the barrier open (barriers passed) */
    const uint8_t *barrier_arrived; /* per rank: entered it */
    int barrier_ranks;
} tps__stats_view_t;

/* A codec's spec as the stats name it ("topk:0.01"; "invalid"). */
void tps__stats_codec_name(const tps__codec_stats_t *cs, char *name,
                           size_t len);

/* Logs one summary line that starts with `when` ("stats", "stopping"). */
void tps__stats_log(const tps__stats_view_t *v, const char *when);

/* The stats reply: one JSON object on one line, in a malloc'd string the
 * caller frees; NULL when out of memory. */
char *tps__stats_json(const tps__stats_view_t *v);

#endif
