/* SPDX-License-Identifier: MIT */
/* A worker's metrics page: the taups_worker_* series of taups-worker
 * --metrics and of tps_metrics_text (the Python package's serve_metrics),
 * rendered here once from a snapshot of a client's counters, so that both
 * pages have the same names, help and labels. Not in the public API:
 * taups-worker links libtaups statically and calls it. */
#ifndef TPS_CLIENT_METRICS_H
#define TPS_CLIENT_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "taups.h"

typedef struct tps__client_page_s {
    int rank;
    double started;      /* seconds since the epoch */
    uint64_t iterations; /* the worker's clock */
    double loss;         /* of the last minibatch; NaN: not shown */
    tps_push_info_t last; /* the last dense push's fate */
    tps_delivery_t delivery;
    tps_traffic_t traffic;
} tps__client_page_t;

/* Copies c's counters, in one hold of its lock: its rank, the time it
 * opened, its clock, the loss tps_set_loss gave, its last dense push. */
void tps__client_page_take(const tps_client_t *c, tps__client_page_t *s);

/* The page as Prometheus text in a malloc'd string (its length in *len),
 * or NULL when out of memory. */
char *tps__client_page_render(const tps__client_page_t *s, size_t *len);

#endif
