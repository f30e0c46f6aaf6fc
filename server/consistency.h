/* SPDX-License-Identifier: MIT */
/* Consistency semantics of a shard (docs/design.md §3), without networking:
 *
 *   mode    push                                  pull from a worker at clock c
 *   sync    buffered per rank until every live    answered once the tensor's
 *           worker pushed clock c; then ONE step  version (steps applied) >= c
 *           with their mean, summed in rank order
 *   ssp     applied on arrival                    answered once the slowest
 * live worker's clock >= c - T async   applied on arrival; dropped when
 * answered at once staleness > max-staleness (if set) local   sync or async
 * averaging of model      as sync / as async deltas (async: scaled by 1/N)
 *
 * A worker's clock is the number of iterations it has finished. Only its
 * CLOCK frame, sent to every shard after the iteration's pushes, moves it;
 * pushes and pulls carry it but never move it. In the aggregating modes the
 * CLOCK also commits the rank's buffered pushes, and a shard steps every
 * tensor at once when every live worker has committed (docs/design.md §3a).
 * Only live workers (connected, hello accepted) count; evaluators never do. */
#ifndef TPS_CONSISTENCY_H
#define TPS_CONSISTENCY_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "tps_mode.h"

typedef struct tps__consistency_s {
    const tps__mode_row_t *mode; /* its row in tps_mode.c's table */
    uint64_t staleness;    /* ssp: the bound T */
    int64_t max_staleness; /* async/local-async: drop above this; < 0: never */
    int local_sync;        /* local: 1 = synchronous averaging */
    int local_steps;       /* local: K, told to workers */
    int backup;            /* sync: --backup-workers b; a step goes with the
                              first n - b of the n live workers to commit */
} tps__consistency_t;

/* Whether pushes of this configuration are aggregated into one step. */
int tps__consistency_aggregates(const tps__consistency_t *c);

/* --- membership and clocks ----------------------------------------------- */

/* Until every rank has joined once, the cluster is still forming: ranks
 * that never connected count as live workers at clock 0, so that a barrier
 * or a gate does not run ahead of workers that are still starting. After
 * that, only connected workers count, and ranks awaited after a restore:
 * those the checkpoint saw live count as live at its clock until they
 * reconnect or the server gives up on them (--rejoin-grace); those it saw
 * leave stay gone. */
typedef struct tps__members_s {
    int n;           /* ranks 0..n-1 */
    int nlive;       /* live: connected, or awaited */
    int njoined;     /* ranks that joined at least once */
    int nawaited;
    uint8_t *live;
    uint8_t *joined;
    uint8_t *awaited; /* live by the checkpoint, not yet reconnected */
    uint8_t *committed; /* aggregating modes: CLOCK of the pending step in */
    uint64_t *samples;  /* committed ranks: what that CLOCK said the
                           iteration's gradients average (0: not said) */
    uint64_t *clock;
    /* In a barrier (docs/design.md §3b): it will neither push nor commit
     * until the barrier lets it go, so no step and no gate waits for it. */
    uint8_t *parked;
} tps__members_t;

int tps__members_init(tps__members_t *m, int n);
void tps__members_free(tps__members_t *m);
void tps__members_join(tps__members_t *m, int rank, uint64_t clock);
void tps__members_leave(tps__members_t *m, int rank);
/* Membership from a checkpoint: which ranks had joined and which were live
 * (NULL, from a checkpoint that did not say: every rank was); the live
 * ones are awaited at their clocks. */
void tps__members_restore(tps__members_t *m, const uint8_t *joined,
                          const uint8_t *live, const uint64_t *clock);
/* Forming, but a worker says it has trained: the cluster formed before
 * this shard started (it was restarted without a checkpoint). Ranks not
 * yet joined are awaited at `clock`, as after a restore. */
void tps__members_await_missing(tps__members_t *m, uint64_t clock);
/* Raises rank's clock to `clock` if that is higher; returns 1 if it moved. */
int tps__members_advance(tps__members_t *m, int rank, uint64_t clock);
int tps__members_formed(const tps__members_t *m);
/* Aggregating modes: rank's contribution to the pending step is in; its
 * CLOCK said its gradients average `samples` (0: not said). */
void tps__members_commit(tps__members_t *m, int rank, uint64_t samples);
void tps__members_uncommit_all(tps__members_t *m);
/* Whether some rank has committed to a step not taken yet. */
int tps__members_any_committed(const tps__members_t *m);
/* Smallest clock among live workers not in a barrier (and, while forming,
 * 0 for ranks yet to join); UINT64_MAX when none is. */
uint64_t tps__members_min_clock(const tps__members_t *m);
uint64_t tps__members_max_clock(const tps__members_t *m);

/* May a pull from a worker at `clock` be answered now, for a tensor whose
 * version is `version`? */
int tps__pull_allowed(const tps__consistency_t *c, const tps__members_t *m,
                      uint64_t version, uint64_t clock);

/* --- synchronous aggregation -------------------------------------------- */

/* Per tensor slice: each rank's gradient for the current clock, kept apart
 * so that the mean is summed in rank order (bitwise reproducible whatever
 * order the pushes arrived in). */
typedef struct tps__syncbuf_s {
    int n;
    uint64_t len;
    float **buf;     /* per rank, len floats, allocated on first push */
    uint8_t *done;   /* per rank: its last chunk arrived for this clock */
    uint64_t *samples; /* per rank: what its push of this clock said it
                          averages (0: not said) */
    double *w;       /* per rank: its weight in the mean */
    double *acc;     /* len doubles, the sum */
} tps__syncbuf_t;

int tps__syncbuf_init(tps__syncbuf_t *sb, int n, uint64_t len);
void tps__syncbuf_free(tps__syncbuf_t *sb);
/* Stores rank's gradient for elements [off, off+count) of the slice,
 * multiplied by scale. Returns 0 or TPS_ENOMEM. */
int tps__syncbuf_add(tps__syncbuf_t *sb, int rank, uint64_t off,
                     const float *g, uint64_t count, float scale);
/* rank's buffer at element off (allocated on first use), for decoders that
 * write straight into it; NULL when out of memory. */
float *tps__syncbuf_slot(tps__syncbuf_t *sb, int rank, uint64_t off);

/* The weights of a step's mean over the ranks r with in[r] and (also
 * NULL or also[r]), into w (n of them, 0 for the others), from the samples
 * each said (0: not said): samples[r] over their sum when every one said
 * them, else 1/k each. Returns k, how many ranks are in. */
int tps__sync_weights(int n, const uint8_t *in, const uint8_t *also,
                      const uint64_t *samples, double *w);
/* The pending step can be taken: the cluster has formed, every live rank
 * but those in a barrier has committed, and some rank has. A rank that
 * left after committing still
 * counts in this step; one that left before is no longer awaited (and its
 * buffered pushes are discarded with tps__syncbuf_discard). With backup
 * b > 0, n - b committed ranks of the n awaited ones are enough (at least
 * one): the slowest b are not waited for (Chen et al.'s backup workers). */
int tps__sync_ready(const tps__members_t *m, int backup);
/* Writes the mean over the committed ranks that pushed this tensor (done)
 * into out (len floats), summing in rank order in double; returns how many
 * were averaged. When every one of them said how many samples its gradient
 * averages, the mean is weighted by them: the gradient of the union of
 * their samples, as sequential full-batch descent takes it whatever the
 * split; otherwise each counts once. */
int tps__syncbuf_mean(tps__syncbuf_t *sb, const tps__members_t *m, float *out);
/* Forgets rank's buffered push of the pending step. */
void tps__syncbuf_discard(tps__syncbuf_t *sb, int rank);
/* Forgets every contribution (after a step). */
void tps__syncbuf_reset(tps__syncbuf_t *sb);

/* --- staleness statistics ------------------------------------------------ */

#define TPS_HIST_EXACT 64
#define TPS_HIST_POW2 58 /* [2^6, 2^7), ..., [2^63, 2^64) */

typedef struct tps__hist_s {
    uint64_t exact[TPS_HIST_EXACT]; /* s = 0..63 */
    uint64_t pow2[TPS_HIST_POW2];   /* bucket k holds [2^(k+6), 2^(k+7)) */
    uint64_t count, max;
    double sum;
} tps__hist_t;

void tps__hist_add(tps__hist_t *h, uint64_t s);
double tps__hist_mean(const tps__hist_t *h);
/* {"count":..,"mean":..,"max":..,"exact":[..],"pow2":{"64":..,...}}, the
 * exact buckets up to the last non-empty one and the non-empty pow2 ones
 * by their lower bound; a new reference, NULL when out of memory. */
json_t *tps__hist_json(const tps__hist_t *h);

#endif
