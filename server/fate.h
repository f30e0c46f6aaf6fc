/* SPDX-License-Identifier: MIT */
/* Two-phase pushes and their settlement (docs/design.md §3a,
 * "Agreement"): on a cluster of two shards or more, in the modes that
 * apply pushes on arrival, a push group is staged until its client's
 * COMMIT, or settled between the shards when its pusher's connection
 * dies first. The types here are the shard's record of what it holds and
 * what it decided; fate.c owns them, push.c hands it prepared pushes. */
#ifndef TPS_FATE_H
#define TPS_FATE_H

#include <stdint.h>

#include "consistency.h"

/* A SETTLE_OK's answer: what the shard holds of a group. NOT: part of it,
 * none, refused or aborted, and it is fenced now (never prepared here
 * later). */
enum { TPS_FATE_NOT = 1, TPS_FATE_PREPARED = 2, TPS_FATE_COMMITTED = 3 };

/* A whole push staged and checked on this shard, waiting for its group's
 * fate: on its connection's list, or in an orphan after it closed. */
typedef struct tps__prep_s tps__prep_t;
struct tps__prep_s {
    tps__prep_t *next;
    uint64_t seq;      /* its connection's pushes prepared before it, + 1 */
    uint64_t group;    /* request id of the group's first push */
    uint32_t group_n;  /* pushes of the group this shard receives */
    uint32_t tensor;
    uint64_t request, clock;
    uint64_t read;     /* the version its gradient was computed from */
    uint64_t off, n;   /* elements [off, off + n) of the slice */
    float *g;          /* the gradient, decoded; owned */
    size_t cap;        /* bytes of g */
    double scale;      /* weight, averaging and clip factor */
    double gmax;       /* max |g| */
    uint64_t stale;    /* its fate, fixed at its first chunk */
    float weight;
    int dropped;
};

/* A prepared group whose pusher's connection closed: being settled. */
typedef struct tps__orphan_s tps__orphan_t;
struct tps__orphan_s {
    tps__orphan_t *next;
    int rank;
    uint64_t session, group;
    tps__prep_t *preps;
    uint8_t *answer; /* per shard: 0 unasked or unanswered, else TPS_FATE_* */
    double since;    /* loop ms */
};

/* What this shard knows of a group's fate: committed here, or aborted
 * (settled, refused, or fenced when a peer asked). */
typedef struct tps__fate_entry_s {
    uint64_t session, group;
    int fate; /* TPS_FATE_COMMITTED or TPS_FATE_NOT */
} tps__fate_entry_t;

#define TPS_FATE_LOG 1024 /* per rank: the fates a late question may ask */

typedef struct tps__fate_log_s {
    tps__fate_entry_t *ring; /* TPS_FATE_LOG entries, on first use */
    unsigned head, count;
    unsigned fenced; /* NOT entries in the ring: pushes check them */
} tps__fate_log_t;

typedef struct tps__fates_s {
    tps__fate_log_t *log; /* per rank */
    int nranks;
    tps__orphan_t *orphans;
    uint64_t norphans;
    tps__prep_t *spare; /* decided, their buffers kept for the next */
    int nspare;
    /* counters (stats.c) */
    uint64_t commits;           /* groups committed by their client */
    uint64_t commits_unknown;   /* COMMITs of groups this shard never held:
                                   prepared before it was restored */
    uint64_t aborts;            /* groups aborted by their client */
    uint64_t settled_committed; /* orphans committed between the shards */
    uint64_t settled_aborted;
    uint64_t fenced;            /* groups answered NOT and fenced */
    uint64_t commit_refused;    /* pushes checked at prepare that would no
                                   longer stay finite at commit */
    uint64_t deferred;          /* pulls and clocks that waited for a
                                   decision of their own connection */
} tps__fates_t;

#endif
