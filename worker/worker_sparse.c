/* SPDX-License-Identifier: MIT */
/* taups-worker's loop for the table models (sparse-logreg, fm): each step
 * samples a batch, pulls the dense tensors and, of each table, only the
 * rows of the ids the batch holds, computes the gradient and pushes the
 * dense part as one group and the touched rows of each table. The model
 * keeps a row per slot (model.h); the wire wants the batch's rows packed,
 * so they are scattered into the slots after the pull and gathered from
 * them for the push. The dense loop (worker_train.c) owns the sampling
 * and the step's record; what is sent is decided here.
 *
 * --read-lag L: each step's gradients, computed from the rows just pulled,
 * are kept with the versions those rows (and the dense tensors) were read
 * at, and pushed L steps later with those versions, so that every push is
 * computed from parameters L pulls old and each row's staleness is what
 * the shards applied to it meanwhile. The first L steps push nothing and
 * the last L gradients are never pushed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"
#include "tps_mode.h"
#include "worker.h"

/* A step's push held back by --read-lag: the batch's k ids, every
 * tensor's gradient (a table's packed by the ids' order) and the versions
 * it was computed from (a table's per id; a dense tensor's per shard). */
typedef struct lagged_s {
    size_t k, cap; /* ids held; room for ids */
    uint64_t *ids;
    float *g[TPS_MODEL_MAX_TENSORS];
    uint64_t *vers[TPS_MODEL_MAX_TENSORS];
} lagged_t;

typedef struct sparse_s {
    tps__rng_t rng;
    uint32_t *rows;  /* the batch */
    uint32_t *slots; /* its distinct slots */
    uint64_t *ids;   /* and their ids */
    float *packed[TPS_MODEL_MAX_TENSORS]; /* a table's rows of the batch */
    int ndense;      /* dense tensors, first in the model's list */
    int lag, shards; /* --read-lag; the ring has lag + 1 entries */
    lagged_t *ring;
} sparse_t;

/* What this loop cannot do; NULL when the plan and mode are fine. */
static const char *refusal_of(const plan_t *p) {
    if (p->local_steps > 0)
        return "tables are refused in mode local (its workers average "
               "whole models): use sync, ssp or async";
    if (p->overlap)
        return "--overlap on: the table models pull the rows of the batch "
               "they are about to compute; use --overlap off";
    if (p->accumulate > 1)
        return "--accumulate: the table models push each batch's rows as "
               "they are computed; use a larger --batch";
    return NULL;
}

static int sparse_init(worker_t *w, const plan_t *p, sparse_t *s) {
    tps__model_t *m = w->m;
    memset(s, 0, sizeof(*s));
    tps__rng_seed(&s->rng, p->seed, 1000 + (uint64_t)p->rank);
    s->rows = malloc((m->nrows ? m->nrows : 1) * sizeof(uint32_t));
    s->slots = malloc((m->nrow_ids ? m->nrow_ids : 1) * sizeof(uint32_t));
    s->ids = malloc((m->nrow_ids ? m->nrow_ids : 1) * sizeof(uint64_t));
    int rc = s->rows && s->slots && s->ids ? 0 : TPS_ENOMEM;
    for (int i = 0; i < m->ntensors && rc == 0; i++) {
        if (m->tensors[i].row_dim == 0) {
            s->ndense++;
            continue;
        }
        s->packed[i] = malloc((m->tensors[i].len ? m->tensors[i].len : 1) *
                              sizeof(float));
        rc = s->packed[i] ? 0 : TPS_ENOMEM;
    }
    size_t b = p->full_batch || (size_t)p->batch > m->nrows ? m->nrows
                                                           : (size_t)p->batch;
    tps_set_samples(w->cl, b);
    s->lag = p->read_lag;
    s->shards = tps_shards(w->cl);
    if (rc == 0 && s->lag > 0)
        rc = (s->ring = calloc((size_t)s->lag + 1, sizeof(lagged_t)))
                 ? 0
                 : TPS_ENOMEM;
    for (int e = 0; rc == 0 && s->lag > 0 && e <= s->lag; e++)
        for (int i = 0; i < s->ndense && rc == 0; i++) {
            s->ring[e].g[i] = malloc(m->tensors[i].len * sizeof(float));
            s->ring[e].vers[i] = calloc((size_t)s->shards, sizeof(uint64_t));
            rc = s->ring[e].g[i] && s->ring[e].vers[i] ? 0 : TPS_ENOMEM;
        }
    return rc;
}

static void sparse_free(sparse_t *s) {
    free(s->rows);
    free(s->slots);
    free(s->ids);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++)
        free(s->packed[i]);
    for (int e = 0; s->ring && e <= s->lag; e++) {
        free(s->ring[e].ids);
        for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
            free(s->ring[e].g[i]);
            free(s->ring[e].vers[i]);
        }
    }
    free(s->ring);
}

/* Room in ring entry e for k ids of every table. */
static int lagged_room(worker_t *w, const sparse_t *s, lagged_t *e, size_t k) {
    if (k <= e->cap)
        return 0;
    uint64_t *ids = realloc(e->ids, k * sizeof(uint64_t));
    if (ids == NULL)
        return TPS_ENOMEM;
    e->ids = ids;
    for (int i = s->ndense; i < w->m->ntensors; i++) {
        float *g =
            realloc(e->g[i], k * w->m->tensors[i].row_dim * sizeof(float));
        if (g == NULL)
            return TPS_ENOMEM;
        e->g[i] = g;
        uint64_t *v = realloc(e->vers[i], k * sizeof(uint64_t));
        if (v == NULL)
            return TPS_ENOMEM;
        e->vers[i] = v;
    }
    e->cap = k;
    return 0;
}

/* The dense tensors and the batch's k rows of every table, each row then
 * put in its slot of w->params; with e, the versions read go into it. */
static int pull_batch(worker_t *w, sparse_t *s, size_t k, lagged_t *e) {
    tps__model_t *m = w->m;
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    int n = 0, rc = 0;
    for (int i = 0; i < m->ntensors && rc == 0; i++) {
        rc =
            m->tensors[i].row_dim
                ? tps_pull_rows_async(w->cl, w->ids[i], k, s->ids, s->packed[i],
                                      e ? e->vers[i] : NULL, &t[n])
                : tps_pull_async(w->cl, w->ids[i], w->params[i], &t[n]);
        n += rc == 0;
    }
    if ((rc = tps__wait_all(w, t, n, rc)) < 0)
        return rc;
    for (int i = 0; e != NULL && i < s->ndense; i++)
        tps_versions(w->cl, w->ids[i], e->vers[i], s->shards);
    for (int i = s->ndense; i < m->ntensors; i++) {
        size_t d = m->tensors[i].row_dim;
        for (size_t j = 0; j < k; j++)
            memcpy(w->params[i] + s->slots[j] * d, s->packed[i] + j * d,
                   d * sizeof(float));
    }
    return 0;
}

/* The batch's k rows of each table's gradient into g[table], packed. */
static void gather(worker_t *w, const sparse_t *s, size_t k, float **g) {
    for (int i = s->ndense; i < w->m->ntensors; i++) {
        size_t d = w->m->tensors[i].row_dim;
        for (size_t j = 0; j < k; j++)
            memcpy(g[i] + j * d, w->grads[i] + s->slots[j] * d,
                   d * sizeof(float));
    }
}

/* The dense gradients of g as one group, and the k rows of ids of each
 * table's gradient; with vers (--read-lag), as read at those versions. */
static int push_batch(worker_t *w, const sparse_t *s, size_t k,
                      const uint64_t *ids, float *const *g,
                      uint64_t *const *vers) {
    tps__model_t *m = w->m;
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    for (int i = 0; vers != NULL && i < s->ndense; i++)
        tps_set_versions(w->cl, w->ids[i], vers[i], s->shards);
    int rc = tps_push_group_async(w->cl, s->ndense, w->ids,
                                  (const float *const *)g, t);
    int n = rc == 0 ? s->ndense : 0;
    for (int i = s->ndense; i < m->ntensors && rc == 0; i++) {
        rc = vers ? tps_push_rows_read_async(w->cl, w->ids[i], k, ids, g[i],
                                             vers[i], &t[n])
                  : tps_push_rows_async(w->cl, w->ids[i], k, ids, g[i], &t[n]);
        n += rc == 0;
    }
    return tps__wait_all(w, t, n, rc);
}

/* This step's push: the gradients just computed, or with --read-lag those
 * of L steps before (nothing in the first L steps), this step's kept in
 * its place of the ring. */
static int push_step(worker_t *w, sparse_t *s, size_t k, uint64_t it) {
    if (s->lag == 0) {
        float *g[TPS_MODEL_MAX_TENSORS];
        for (int i = 0; i < w->m->ntensors; i++)
            g[i] = i < s->ndense ? w->grads[i] : s->packed[i];
        gather(w, s, k, g);
        return push_batch(w, s, k, s->ids, g, NULL);
    }
    lagged_t *e = &s->ring[it % (uint64_t)(s->lag + 1)];
    e->k = k;
    memcpy(e->ids, s->ids, k * sizeof(uint64_t));
    for (int i = 0; i < s->ndense; i++)
        memcpy(e->g[i], w->grads[i], w->m->tensors[i].len * sizeof(float));
    gather(w, s, k, e->g);
    if (it < (uint64_t)s->lag)
        return 0;
    const lagged_t *o =
        &s->ring[(it - (uint64_t)s->lag) % (uint64_t)(s->lag + 1)];
    return push_batch(w, s, o->k, o->ids, o->g, o->vers);
}

/* One step; returns 0 to go on, 1 to stop quietly, or a negative code. */
static int sparse_step(worker_t *w, plan_t *p, sparse_t *s, uint64_t it) {
    tps__model_t *m = w->m;
    int rc;
    if (p->seconds > 0 && tps__now() - w->t0 >= p->seconds)
        return 1;
    if (w->disconnect_at >= 0 && tps__now() - w->t0 >= w->disconnect_at &&
        (rc = tps__reconnect(w)) < 0)
        return rc;
    size_t b = tps__sample_rows(p, &s->rng, s->rows, m->nrows);
    size_t k = m->touched(m, s->rows, b, s->slots);
    for (size_t j = 0; j < k; j++)
        s->ids[j] = m->row_ids[s->slots[j]];
    lagged_t *e = s->lag ? &s->ring[it % (uint64_t)(s->lag + 1)] : NULL;
    if (e != NULL && (rc = lagged_room(w, s, e, k)) < 0)
        return tps__worker_fail(w, "read lag", rc);
    if ((rc = pull_batch(w, s, k, e)) < 0)
        return tps__worker_fail(w, "pull", rc);
    double start = tps__now();
    double loss = m->grad(m, (const float *const *)w->params, w->grads,
                          s->rows, b);
    if (!isfinite(loss)) {
        tps__log_err("loss is %g at iteration %llu: training diverged "
                     "(learning rate too high?); stopping",
                     loss, (unsigned long long)it);
        return TPS_EINVAL;
    }
    if (tps__inject_delay(p, tps__now() - start, 1))
        return 1;
    rc = push_step(w, s, k, it);
    if (rc == TPS_EABORTED) {
        /* As in the dense loop: lost alike on every shard. */
        tps__log_warn("push lost: %s", tps_errmsg(w->cl));
        rc = 0;
    }
    if (rc < 0)
        return tps__worker_fail(w, "push", rc);
    int64_t clock = tps_clock(w->cl);
    if (clock < 0)
        return tps__worker_fail(w, "clock", (int)clock);
    tps__record_step(w, clock, loss, NAN);
    return 0;
}

int tps__run_sparse_worker(worker_t *w, plan_t *p) {
    const char *refusal = refusal_of(p);
    if (refusal != NULL) {
        tps__log_err("model %s: %s", w->m->name, refusal);
        return TPS_EINVAL;
    }
    sparse_t s;
    int rc = sparse_init(w, p, &s);
    uint64_t it = 0;
    for (; rc == 0 && (p->iterations == 0 || it < p->iterations) &&
           !tps__stop_requested;
         it++) {
        int r = sparse_step(w, p, &s, it);
        if (r != 0) {
            rc = r < 0 ? r : 0;
            break;
        }
    }
    sparse_free(&s);
    tps__log("worker stops after %llu iterations%s", (unsigned long long)it,
             tps__stop_requested ? " (signal)" : "");
    return rc;
}
