/* SPDX-License-Identifier: MIT */
/* The consistency modes as one table (docs/design.md §3): one const row per
 * mode with its name, the line --help shows, and what it does. Server,
 * client, worker and launcher ask a mode's row what it does and never
 * compare names; a new mode is one row in tps_mode.c plus its behaviour on
 * the server.
 *
 * Must NOT hold behaviour: the rows say what a mode does, the rooms that
 * do it (server/consistency.c, push.c, pull.c, the client) read them. */
#ifndef TPS_MODE_H
#define TPS_MODE_H

#include <stddef.h>

/* Whether a shard aggregates pushes into one step in a barrier. */
typedef enum tps__barrier_e {
    TPS_BARRIER_NEVER,    /* each push is applied as it arrives */
    TPS_BARRIER_ALWAYS,   /* a clock's pushes become one step once every
                             live worker has committed them */
    TPS_BARRIER_LOCAL_AVG /* as --local-avg says: sync ALWAYS, async NEVER */
} tps__barrier_t;

typedef struct tps__mode_row_s {
    const char *name;       /* as --mode, the hello and checkpoints spell it */
    const char *help;       /* one line for --help (and the man pages),
                               without ';' (tps__mode_help's separator) */
    tps__barrier_t barrier;
    int gates_pulls;    /* a worker's pull at clock c waits until the slowest
                           live worker is at c - --staleness; the shards
                           send that bound, and the client's SSP cache keeps
                           the same rule */
    int local_steps;    /* workers take --local-steps K steps per push, and
                           push the model's delta */
    int rejoin_highest; /* a rejoining worker starts at the highest clock
                           any shard gives; otherwise at the lowest */
    int strict_order;   /* every gradient comes from the model of the step
                           before: --overlap and --read-lag are refused */
    int drops_stale;    /* --max-staleness applies: pushes applied as they
                           arrive (no barrier) that are staler are dropped,
                           and their staleness is decided once for every
                           shard */
} tps__mode_row_t;

/* The row named `name`; NULL when no mode has that name (or name is
 * NULL). */
const tps__mode_row_t *tps__mode_find(const char *name);

/* Row i of the table, in the order --help lists them; NULL past the end. */
const tps__mode_row_t *tps__mode_at(size_t i);

/* The mode of a shard started without --mode. */
const tps__mode_row_t *tps__mode_default(void);

/* The names for an option's choices (tps_opt.h's TPS_OPT_CHOICE), in table
 * order and separated by '|': "sync|ssp|async|local". A static string. */
const char *tps__mode_choices(void);

/* Every row's "name: help", separated by "; ", for an option's help text.
 * A static string. */
const char *tps__mode_help(void);

/* Whether pushes of mode m are aggregated into one step per clock in a
 * barrier, `local_sync` being --local-avg sync (a client knows it as "its
 * pushes are not decided", as only local-avg async decides in mode
 * local). Then every tensor's version counts steps, so equal versions on
 * every shard are one model (snapshots apply). */
static inline int tps__mode_aggregates(const tps__mode_row_t *m,
                                       int local_sync) {
    return m->barrier == TPS_BARRIER_ALWAYS ||
           (m->barrier == TPS_BARRIER_LOCAL_AVG && local_sync);
}

#endif
