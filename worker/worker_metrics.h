/* SPDX-License-Identifier: MIT */
/* A worker's /metrics page (taups-worker --metrics): what it has pushed
 * and pulled, lost and resent, its iterations and last loss, labelled with
 * its rank. The training thread copies them into a snapshot after each
 * iteration; the page is rendered from the snapshot, under its lock, in
 * the HTTP server's own thread (tps_metrics.h says why a worker has one). */
#ifndef TPS_WORKER_METRICS_H
#define TPS_WORKER_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "taups.h"
#include "worker/client/metrics.h"

/* The page's values: the client's counters, with the worker's own start,
 * clock and loss, which outlive a client it closes and opens again. */
typedef struct tps__worker_metrics_s {
    uv_mutex_t mu;
    tps__client_page_t page;
} tps__worker_metrics_t;

void tps__worker_metrics_init(tps__worker_metrics_t *m, int rank);
void tps__worker_metrics_free(tps__worker_metrics_t *m);

/* After an iteration: takes the client's counters into the snapshot. */
void tps__worker_metrics_update(tps__worker_metrics_t *m, tps_client_t *cl,
                                int tensor, uint64_t clock, double loss);

/* The page (a tps__metrics_render_fn; arg is the tps__worker_metrics_t). */
char *tps__worker_metrics_render(void *arg, size_t *len);

#endif
