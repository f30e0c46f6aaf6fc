/* SPDX-License-Identifier: MIT */
/* A worker's /metrics page; see worker_metrics.h. */
#include "worker_metrics.h"

#include <string.h>
#include <time.h>

void tps__worker_metrics_init(tps__worker_metrics_t *m, int rank) {
    memset(m, 0, sizeof(*m));
    uv_mutex_init(&m->mu);
    m->page.rank = rank;
    m->page.started = (double)time(NULL);
}

void tps__worker_metrics_free(tps__worker_metrics_t *m) {
    uv_mutex_destroy(&m->mu);
}

void tps__worker_metrics_update(tps__worker_metrics_t *m, tps_client_t *cl,
                                int tensor, uint64_t clock, double loss) {
    tps__client_page_t s;
    tps__client_page_take(cl, &s);
    tps_last_push(cl, tensor, &s.last);
    uv_mutex_lock(&m->mu);
    s.rank = m->page.rank;
    s.started = m->page.started;
    s.iterations = clock;
    s.loss = loss;
    m->page = s;
    uv_mutex_unlock(&m->mu);
}

char *tps__worker_metrics_render(void *arg, size_t *len) {
    tps__worker_metrics_t *m = arg;
    uv_mutex_lock(&m->mu);
    tps__client_page_t s = m->page;
    uv_mutex_unlock(&m->mu);
    return tps__client_page_render(&s, len);
}
