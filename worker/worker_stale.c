/* SPDX-License-Identifier: MIT */
/* Gradients computed from older parameters on purpose: the injected read
 * lag of --read-lag (a ring of pulled snapshots) and the overlap of
 * --overlap (two parameter and two gradient buffers taking turns while a
 * push and a pull are in flight). Both declare the versions a gradient
 * came from, so the shards measure the staleness; the types are in
 * worker.h, the loop that drives them in worker_train.c. */
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "worker.h"

int tps__lag_init(worker_t *w, lag_t *g, int lag) {
    memset(g, 0, sizeof(*g));
    g->slots = lag + 1;
    g->shards = tps_shards(w->cl);
    int nt = w->m->ntensors;
    g->snap = calloc((size_t)g->slots * (size_t)nt, sizeof(*g->snap));
    g->vers = calloc((size_t)g->slots, sizeof(*g->vers));
    if (g->snap == NULL || g->vers == NULL)
        return TPS_ENOMEM;
    for (int s = 0; s < g->slots; s++) {
        g->vers[s] = calloc((size_t)nt * (size_t)g->shards, sizeof(uint64_t));
        if (g->vers[s] == NULL)
            return TPS_ENOMEM;
        for (int i = 0; i < nt; i++)
            if ((g->snap[s * nt + i] =
                     malloc(w->m->tensors[i].len * sizeof(float))) == NULL)
                return TPS_ENOMEM;
    }
    return 0;
}

void tps__lag_free(worker_t *w, lag_t *g) {
    for (int s = 0; g->snap && s < g->slots; s++)
        for (int i = 0; i < w->m->ntensors; i++)
            free(g->snap[s * w->m->ntensors + i]);
    for (int s = 0; g->vers && s < g->slots; s++)
        free(g->vers[s]);
    free(g->snap);
    free(g->vers);
}

void tps__lag_begin(worker_t *w, lag_t *g) {
    int nt = w->m->ntensors;
    for (int i = 0; i < nt; i++) {
        memcpy(g->snap[g->head * nt + i], w->params[i],
               w->m->tensors[i].len * sizeof(float));
        tps_versions(w->cl, w->ids[i], g->vers[g->head] + (size_t)i * g->shards,
                     g->shards);
    }
    g->head = (g->head + 1) % g->slots;
    if (g->count < g->slots)
        g->count++;
    int old = g->count < g->slots ? 0 : g->head;
    for (int i = 0; i < nt; i++) {
        g->own[i] = w->params[i];
        w->params[i] = g->snap[old * nt + i];
        tps_set_versions(w->cl, w->ids[i], g->vers[old] + (size_t)i * g->shards,
                         g->shards);
    }
}

void tps__lag_end(worker_t *w, lag_t *g) {
    for (int i = 0; i < w->m->ntensors; i++)
        w->params[i] = g->own[i];
}

void tps__ov_point(worker_t *w, overlap_t *ov, int p, int g) {
    for (int i = 0; i < w->m->ntensors; i++) {
        w->params[i] = ov->pbuf[p][i];
        w->grads[i] = ov->gbuf[g][i];
    }
}

int tps__ov_init(worker_t *w, overlap_t *ov) {
    for (int i = 0; i < w->m->ntensors; i++) {
        ov->pbuf[0][i] = w->params[i];
        ov->gbuf[0][i] = w->grads[i];
    }
    ov->shards = tps_shards(w->cl);
    size_t nv = (size_t)w->m->ntensors * (size_t)ov->shards;
    ov->vers[0] = calloc(nv, sizeof(uint64_t));
    ov->vers[1] = calloc(nv, sizeof(uint64_t));
    if (ov->vers[0] == NULL || ov->vers[1] == NULL)
        return TPS_ENOMEM;
    for (int i = 0; i < w->m->ntensors; i++) {
        size_t bytes = w->m->tensors[i].len * sizeof(float);
        ov->pbuf[1][i] = malloc(bytes);
        ov->gbuf[1][i] = malloc(bytes);
        if (ov->pbuf[1][i] == NULL || ov->gbuf[1][i] == NULL)
            return TPS_ENOMEM;
        memcpy(ov->pbuf[1][i], w->params[i], bytes);
    }
    return 0;
}

void tps__ov_save(worker_t *w, overlap_t *ov, int b) {
    for (int i = 0; i < w->m->ntensors; i++)
        tps_versions(w->cl, w->ids[i], ov->vers[b] + (size_t)i * ov->shards,
                     ov->shards);
}

int tps__ov_drain(worker_t *w, overlap_t *ov, int rc) {
    rc = tps__wait_all(w, ov->t, ov->n, rc);
    ov->n = 0;
    if (ov->pulling && rc == 0)
        tps__ov_save(w, ov, 1 - ov->a);
    return rc;
}

int tps__ov_step(worker_t *w, overlap_t *ov, int64_t *clock) {
    int had = ov->pulling, rc = tps__ov_drain(w, ov, 0), n = 0;
    ov->pulling = 0;
    for (int i = 0; rc == 0 && i < w->m->ntensors; i++)
        rc = tps_set_versions(w->cl, w->ids[i],
                              ov->vers[ov->a] + (size_t)i * ov->shards,
                              ov->shards);
    if (rc < 0)
        return rc;
    tps__ov_point(w, ov, ov->a, ov->gi);
    rc = tps__issue_all(w, 1, 0, ov->t, &ov->n);
    if (rc < 0)
        return rc;
    if ((*clock = tps_clock(w->cl)) < 0)
        return (int)*clock;
    /* The first time, nothing newer is in flight: pull into the other
     * buffer and compute once more from this one. */
    int target = had ? ov->a : 1 - ov->a;
    tps__ov_point(w, ov, target, ov->gi);
    rc = tps__issue_all(w, 0, 0, ov->t + ov->n, &n);
    ov->n += n;
    if (rc < 0)
        return rc;
    ov->pulling = 1;
    if (had)
        ov->a = 1 - ov->a;
    ov->gi = 1 - ov->gi;
    tps__ov_point(w, ov, ov->a, ov->gi);
    return 0;
}

int tps__ov_finish(worker_t *w, overlap_t *ov, int rc) {
    rc = tps__ov_drain(w, ov, rc);
    tps__ov_point(w, ov, 0, 0);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(ov->pbuf[1][i]);
        free(ov->gbuf[1][i]);
    }
    free(ov->vers[0]);
    free(ov->vers[1]);
    return rc;
}

