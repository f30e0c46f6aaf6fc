/* SPDX-License-Identifier: MIT */
/* A worker's metrics page; see metrics.h. */
#include "metrics.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_prom.h"

void tps__client_page_take(const tps_client_t *c, tps__client_page_t *s) {
    tps_client_t *mc = (tps_client_t *)c; /* the mutex, not the data, changes */
    uv_mutex_lock(&mc->mu);
    s->rank = c->opts.rank;
    s->started = c->opened;
    s->iterations = c->clock > 0 ? (uint64_t)c->clock : 0;
    s->loss = c->loss;
    s->last = c->last_push;
    s->delivery = c->delivery;
    s->traffic = c->traffic;
    uv_mutex_unlock(&mc->mu);
}

/* The page's counters: each a uint64_t at `off` in the snapshot. */
typedef struct counter_s {
    const char *name, *help;
    size_t off;
} counter_t;

#define D(f) offsetof(tps__client_page_t, delivery.f)
#define T(f) offsetof(tps__client_page_t, traffic.f)
static const counter_t counters[] = {
    {"taups_worker_pushes_sent_total", "pushes sent", D(pushes_sent)},
    {"taups_worker_pushes_applied_total", "pushes applied",
     D(pushes_applied)},
    {"taups_worker_pushes_dropped_total",
     "pushes dropped by a shard's staleness rule", D(pushes_dropped)},
    {"taups_worker_pushes_rejected_total", "pushes refused with an error",
     D(pushes_rejected)},
    {"taups_worker_pushes_lost_total", "pushes no shard answered",
     D(pushes_lost)},
    {"taups_worker_reconnects_total", "shards reconnected after a loss",
     D(reconnects)},
    {"taups_worker_requests_resent_total",
     "requests sent again after reconnecting", D(frames_resent)},
    {"taups_worker_pulls_sent_total", "pulls sent to the shards",
     D(pulls_sent)},
    {"taups_worker_pulls_cached_total", "pulls served from the ssp cache",
     D(pulls_cached)},
    {"taups_worker_raw_sent_bytes_total", "bytes of the pushes as float32",
     T(raw_sent)},
    {"taups_worker_wire_sent_bytes_total", "bytes of the pushes on the wire",
     T(wire_sent)},
    {"taups_worker_raw_received_bytes_total", "bytes of the pulls as float32",
     T(raw_recv)},
    {"taups_worker_wire_received_bytes_total",
     "bytes of the pulls on the wire", T(wire_recv)},
};
#undef D
#undef T

char *tps__client_page_render(const tps__client_page_t *s, size_t *len) {
    char rank[16], lb[64];
    snprintf(rank, sizeof(rank), "%d", s->rank);
    const char *kv[2] = {"rank", rank};
    const char *L = tps__prom_labels(lb, sizeof(lb), 1, kv);
    tps__prom_t p = {0};
    tps__prom_gauge(&p, "taups_worker_start_time_seconds",
                    "when this worker started, in seconds since the epoch", L,
                    s->started);
    tps__prom_counter(&p, "taups_worker_iterations_total",
                      "iterations ended (the clock)", L, s->iterations);
    if (!isnan(s->loss))
        tps__prom_gauge(&p, "taups_worker_loss", "loss of the last minibatch",
                        L, s->loss);
    for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
        uint64_t v;
        memcpy(&v, (const char *)s + counters[i].off, sizeof(v));
        tps__prom_counter(&p, counters[i].name, counters[i].help, L, v);
    }
    tps__prom_gauge(&p, "taups_worker_last_push_staleness",
                    "staleness the shards applied the last push at", L,
                    (double)s->last.staleness);
    tps__prom_gauge(&p, "taups_worker_last_push_weight",
                    "staleness weight of the last push", L, s->last.weight);
    if (p.oom) {
        tps__prom_free(&p);
        return NULL;
    }
    *len = p.len;
    return p.buf;
}

int tps_metrics_text(const tps_client_t *c, char **text_out) {
    tps__client_page_t s;
    size_t len;
    tps__client_page_take(c, &s);
    *text_out = tps__client_page_render(&s, &len);
    return *text_out ? 0 : TPS_ENOMEM;
}

void tps_set_loss(tps_client_t *c, double loss) {
    uv_mutex_lock(&c->mu);
    c->loss = loss;
    uv_mutex_unlock(&c->mu);
}
