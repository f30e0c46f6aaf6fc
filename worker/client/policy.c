/* SPDX-License-Identifier: MIT */
/* The consistency rules the client keeps (client_internal.h): what the
 * shards' hellos say about the cluster's mode and which clock a joining
 * worker takes, the SSP cache that answers a pull without asking the
 * shards, the one staleness decision per push, and when versions name one
 * model. Everything else about the modes is the shards'. It must not send
 * frames: it decides, wire.c and ticket.c carry out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_config.h"
#include "tps_mode.h"

int tps__cl_adopt_hello(tps_client_t *c, tps__cshard_t *sh,
                        const Taups__Header *h, int first) {
    const char *mode = h->mode ? h->mode : "";
    const tps__mode_row_t *row = tps__mode_find(mode);
    if (c->mode[0] && strcmp(c->mode, mode) != 0) {
        tps__cl_errorf_locked(c, "shard %d at %s runs mode %s, another shard "
                              "%s",
                              sh->index, sh->addr.text, mode, c->mode);
        return TPS_EMISMATCH;
    }
    if (row == NULL) {
        tps__cl_errorf_locked(c, "shard %d at %s runs mode \"%s\", which this "
                              "libtaups does not know (it knows %s)",
                              sh->index, sh->addr.text, mode,
                              tps__mode_choices());
        return TPS_EMISMATCH;
    }
    /* A worker that reaches the shards before their peer links are up is
     * refused all the same (docs/design.md §3a, One configuration); an
     * admin may still read the counters of a cluster that did not form. */
    char why[300];
    if (c->opts.role == TPS_ROLE_ADMIN) {
        /* nothing of its own is at stake */
    } else if (first) {
        snprintf(c->config, sizeof(c->config), "%s",
                 h->config ? h->config : "");
        c->config_shard = sh->index;
    } else if (tps__config_diff(h->config, sh->index, c->config,
                                c->config_shard, why, sizeof(why))) {
        tps__cl_errorf_locked(c, "the shards' settings differ: %s; the "
                              "cluster does not form (start every shard "
                              "with the same settings)",
                              why);
        return TPS_EMISMATCH;
    }
    snprintf(c->mode, sizeof(c->mode), "%s", mode);
    c->mode_row = row;
    /* The shards say K in every mode; it means something in one. */
    c->local_steps = row->local_steps ? (int)h->local_steps : 0;
    c->ssp_bound = h->bound;
    c->ssp_cache = c->opts.ssp_cache && c->opts.role == TPS_ROLE_WORKER &&
                   row->gates_pulls;
    c->clip_norm = h->grad_norm;
    c->decide = h->decided;
    c->two_phase = h->two_phase;
    c->cutoff = h->cutoff;
    /* A rejoining worker continues from the cluster's clock. Where steps
     * aggregate, the smallest any shard gives, since a predecessor killed
     * between its CLOCK frames committed the step on some shards only, and
     * the others wait for this worker to commit it there. In ssp the
     * largest: each shard's slowest clock is a lower bound of the
     * cluster's (a restored shard knows only its checkpoint's), and
     * starting lower would stall the others while this worker replays
     * iterations. */
    int highest = row->rejoin_highest;
    if (first || (highest ? (int64_t)h->clock > c->clock
                          : (int64_t)h->clock < c->clock))
        c->clock = (int64_t)h->clock;
    sh->hello_clock = h->clock;
    return 0;
}

int tps__cl_raises_clock(const tps_client_t *c) {
    return c->opts.role == TPS_ROLE_WORKER && c->mode_row &&
           c->mode_row->rejoin_highest;
}

/* The copy reflects every worker's updates to clock cache_clock: what the
 * shards' gate would wait for at `clock` (every update to clock - s - 1),
 * already here. */
int tps__cl_cache_serves(uint64_t cache_clock, uint64_t bound, int64_t clock) {
    return cache_clock + bound >= (uint64_t)clock;
}

int tps__cl_cache_take(tps_client_t *c, int tensor, float *dst) {
    tps__tensor_t *ts = &c->tensors[tensor];
    if (!c->ssp_cache || ts->n == 0 || !ts->cache_valid ||
        !tps__cl_cache_serves(ts->cache_clock, c->ssp_bound, c->clock))
        return 0;
    memcpy(dst, ts->cache, ts->n * sizeof(float));
    memcpy(ts->versions, ts->cache_versions,
           (size_t)c->nshards * sizeof(uint64_t));
    c->delivery.pulls_cached++;
    uint64_t lag = (uint64_t)c->clock - ts->cache_clock;
    if (lag > c->delivery.max_read_lag)
        c->delivery.max_read_lag = lag;
    return 1;
}

/* Its values, versions and the clock they reflect become the tensor's
 * copy, and its read lag is counted. */
void tps__cl_cache_fill(tps_client_t *c, tps__ticket_t *t) {
    tps__tensor_t *ts = &c->tensors[t->tensor];
    if (ts->cache == NULL) {
        ts->cache = malloc(ts->n * sizeof(float));
        ts->cache_versions = malloc((size_t)c->nshards * sizeof(uint64_t));
        if (ts->cache == NULL || ts->cache_versions == NULL)
            return; /* no copy: the next pull goes to the shards again */
    }
    memcpy(ts->cache, t->dst, ts->n * sizeof(float));
    memcpy(ts->cache_versions, ts->versions,
           (size_t)c->nshards * sizeof(uint64_t));
    ts->cache_clock = t->reply_clock == UINT64_MAX ? 0 : t->reply_clock;
    ts->cache_valid = 1;
    if ((uint64_t)t->x.clock > ts->cache_clock &&
        (uint64_t)t->x.clock - ts->cache_clock > c->delivery.max_read_lag)
        c->delivery.max_read_lag = (uint64_t)t->x.clock - ts->cache_clock;
}

/* The steps between went on without this worker: shards with backup
 * workers did not wait for it, or it was left out while it reconnected.
 * Its pushes for an older clock would be dropped as late, so it goes on
 * from the step it read, as a worker that rejoins does. */
void tps__cl_sync_catch_up(tps_client_t *c, const tps__ticket_t *t) {
    if (c->opts.role != TPS_ROLE_WORKER || c->mode_row == NULL ||
        c->mode_row->barrier != TPS_BARRIER_ALWAYS || t->x.job != NULL)
        return;
    const uint64_t *v = c->tensors[t->tensor].versions;
    uint64_t min = UINT64_MAX;
    for (int s = 0; s < c->nshards; s++)
        if (v[s] < min)
            min = v[s];
    if (min != UINT64_MAX && (int64_t)min > c->clock)
        c->clock = (int64_t)min;
}

/* The largest staleness any shard reports for any tensor of the group
 * against the versions this client last pulled, and the cut-off's verdict
 * on it. The probes go out together, one round trip for the group. */
int tps__cl_decide(tps_client_t *c, int n, const int *tensors,
                   tps__tinit_t *x) {
    int64_t ids[TPS__CL_MAX_TENSORS];
    int rc = 0, k = 0;
    for (; k < n; k++) {
        int err = 0;
        ids[k] = tps__cl_submit(c, OP_VERSION, tensors[k], NULL, NULL,
                                c->nshards, 0, NULL, NULL, &err);
        if (ids[k] <= 0) {
            rc = err;
            break;
        }
    }
    for (int i = 0; i < k; i++) {
        int r = tps__cl_wait_probe(c, ids[i], x);
        rc = rc < 0 ? rc : r;
    }
    if (rc < 0)
        return rc;
    x->decided = 1;
    if (x->live == 0)
        x->live = 1;
    x->dropped = c->cutoff >= 0 && x->stale > (uint64_t)c->cutoff;
    return 0;
}

/* Versions count steps in the aggregating modes, so equal versions on
 * every shard mean one step; where --local-avg decides (mode local), the
 * shards aggregate exactly when they do not ask for decided pushes. A
 * worker's own pulls are gated by its clock. */
int tps__cl_snapshots(const tps_client_t *c) {
    return c->opts.role != TPS_ROLE_WORKER && c->mode_row &&
           tps__mode_aggregates(c->mode_row, !c->decide);
}
