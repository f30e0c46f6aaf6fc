/* SPDX-License-Identifier: MIT */
/* taups-worker's CSV logs (--log): the header and rows of a worker's log
 * (also --standalone's) and of an evaluator's. The columns are read by
 * taups-launch and taups-sweep: a change here is a change of format. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"
#include "worker.h"

int tps__open_log(worker_t *w, const char *path, int is_eval) {
    if (path == NULL)
        return 0;
    w->log = fopen(path, "w");
    if (w->log == NULL) {
        tps__log_err("cannot write %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    setvbuf(w->log, NULL, _IOLBF, 0); /* followers see whole rows */
    if (is_eval)
        fprintf(w->log, "time_s,updates,loss,%s,versions,reconnects\n",
                w->m->metric_name);
    else
        fprintf(w->log, "time_s,clock,loss,version,bytes_sent,bytes_recv,"
                        "raw_sent,raw_recv,staleness,weight,dropped,"
                        "reconnects,lost,drift,stale_applied\n");
    return 0;
}

void tps__log_row(FILE *log, double t, int64_t clock, double loss,
                  uint64_t version, const tps_traffic_t *tr,
                  const tps_push_info_t *info, const tps_delivery_t *d,
                  double drift) {
    fprintf(log,
            "%.4f,%lld,%.6g,%llu,%llu,%llu,%llu,%llu,%llu,%.6g,%d,%llu,%llu,",
            t, (long long)clock, loss, (unsigned long long)version,
            (unsigned long long)tr->wire_sent,
            (unsigned long long)tr->wire_recv,
            (unsigned long long)tr->raw_sent, (unsigned long long)tr->raw_recv,
            (unsigned long long)info->staleness, info->weight, info->dropped,
            (unsigned long long)d->reconnects,
            (unsigned long long)d->pushes_lost);
    if (!isnan(drift))
        fprintf(log, "%.6g", drift);
    fprintf(log, ",%llu\n", (unsigned long long)info->staleness_applied);
}

void tps__log_eval_row(worker_t *w, double loss, double metric) {
    uint64_t v[256];
    int s = tps_versions(w->cl, w->ids[0], v, 256);
    fprintf(w->log, "%.4f,%llu,%.6g,%.6g,", tps__now() - w->t0,
            (unsigned long long)tps__updates(w), loss, metric);
    for (int k = 0; k < s && k < 256; k++)
        fprintf(w->log, "%s%llu", k ? "|" : "", (unsigned long long)v[k]);
    tps_delivery_t d;
    tps_delivery(w->cl, &d);
    fprintf(w->log, ",%llu\n", (unsigned long long)d.reconnects);
}
