/* SPDX-License-Identifier: MIT */
/* A worker's /metrics page; see worker_metrics.h. */
#include "worker_metrics.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tps_prom.h"

void tps__worker_metrics_init(tps__worker_metrics_t *m, int rank) {
    memset(m, 0, sizeof(*m));
    uv_mutex_init(&m->mu);
    m->rank = rank;
    m->started = (double)time(NULL);
}

void tps__worker_metrics_free(tps__worker_metrics_t *m) {
    uv_mutex_destroy(&m->mu);
}

void tps__worker_metrics_update(tps__worker_metrics_t *m, tps_client_t *cl,
                                int tensor, uint64_t clock, double loss) {
    tps_delivery_t d;
    tps_traffic_t t;
    tps_push_info_t last;
    tps_delivery(cl, &d);
    tps_traffic(cl, &t);
    tps_last_push(cl, tensor, &last);
    uv_mutex_lock(&m->mu);
    m->delivery = d;
    m->traffic = t;
    m->last = last;
    m->iterations = clock;
    m->loss = loss;
    uv_mutex_unlock(&m->mu);
}

char *tps__worker_metrics_render(void *arg, size_t *len) {
    tps__worker_metrics_t *m = arg;
    uv_mutex_lock(&m->mu);
    tps__worker_metrics_t s = *m;
    uv_mutex_unlock(&m->mu);
    char rank[16], lb[64];
    snprintf(rank, sizeof(rank), "%d", s.rank);
    const char *kv[2] = {"rank", rank};
    const char *L = tps__prom_labels(lb, sizeof(lb), 1, kv);
    tps__prom_t p = {0};
    tps__prom_gauge(&p, "taups_worker_start_time_seconds",
          "when this worker started, in seconds since the epoch", L, s.started);
    tps__prom_counter(&p, "taups_worker_iterations_total",
                      "iterations ended (the clock)", L, s.iterations);
    tps__prom_gauge(&p, "taups_worker_loss", "loss of the last minibatch", L,
                    s.loss);
    tps__prom_counter(&p, "taups_worker_pushes_sent_total", "pushes sent", L,
            s.delivery.pushes_sent);
    tps__prom_counter(&p, "taups_worker_pushes_applied_total", "pushes applied",
                      L, s.delivery.pushes_applied);
    tps__prom_counter(&p, "taups_worker_pushes_dropped_total",
            "pushes dropped by a shard's staleness rule", L,
            s.delivery.pushes_dropped);
    tps__prom_counter(&p, "taups_worker_pushes_rejected_total",
            "pushes refused with an error", L, s.delivery.pushes_rejected);
    tps__prom_counter(&p, "taups_worker_pushes_lost_total",
            "pushes no shard answered", L, s.delivery.pushes_lost);
    tps__prom_counter(&p, "taups_worker_reconnects_total",
            "shards reconnected after a loss", L, s.delivery.reconnects);
    tps__prom_counter(&p, "taups_worker_requests_resent_total",
            "requests sent again after reconnecting", L,
            s.delivery.frames_resent);
    tps__prom_counter(&p, "taups_worker_pulls_sent_total",
                      "pulls sent to the shards", L, s.delivery.pulls_sent);
    tps__prom_counter(&p, "taups_worker_pulls_cached_total",
            "pulls served from the ssp cache", L, s.delivery.pulls_cached);
    tps__prom_counter(&p, "taups_worker_raw_sent_bytes_total",
            "bytes of the pushes as float32", L, s.traffic.raw_sent);
    tps__prom_counter(&p, "taups_worker_wire_sent_bytes_total",
            "bytes of the pushes on the wire", L, s.traffic.wire_sent);
    tps__prom_counter(&p, "taups_worker_raw_received_bytes_total",
            "bytes of the pulls as float32", L, s.traffic.raw_recv);
    tps__prom_counter(&p, "taups_worker_wire_received_bytes_total",
            "bytes of the pulls on the wire", L, s.traffic.wire_recv);
    tps__prom_gauge(&p, "taups_worker_last_push_staleness",
          "staleness the shards applied the last push at", L,
          (double)s.last.staleness);
    tps__prom_gauge(&p, "taups_worker_last_push_weight",
          "staleness weight of the last push", L, s.last.weight);
    if (p.oom) {
        tps__prom_free(&p);
        return NULL;
    }
    *len = p.len;
    return p.buf;
}
