/* SPDX-License-Identifier: MIT */
/* A shard's /metrics page (--metrics): the counters of taups-ctl stats in
 * the Prometheus text format, names prefixed taups_ with their unit,
 * labelled with the shard's index. It reads the stats view (stats.h) and
 * changes nothing. */
#include "metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stats.h"
#include "tps_prom.h"

/* Staleness bucket bounds: 0, 1, 2, 4, ..., 32, 63 (the exact part of the
 * shard's histogram), then 2^k - 1 up to about a million. */
#define HIST_BOUNDS 21

static void staleness(tps__prom_t *p, const char *labels,
                      const tps__hist_t *h) {
    double le[HIST_BOUNDS];
    uint64_t cum[HIST_BOUNDS];
    int n = 0;
    for (uint64_t b = 0; b <= 32; b = b ? 2 * b : 1)
        le[n++] = (double)b;
    for (int k = 6; n < HIST_BOUNDS; k++)
        le[n++] = (double)((1ull << k) - 1);
    for (int i = 0; i < n; i++) {
        uint64_t bound = (uint64_t)le[i], c = 0;
        for (uint64_t s = 0; s < TPS_HIST_EXACT && s <= bound; s++)
            c += h->exact[s];
        /* pow2 bucket k holds [2^(k+6), 2^(k+7)): counted once all of it
         * is at or below the bound. */
        for (int k = 0; k < TPS_HIST_POW2 && (2ull << (k + 6)) - 1 <= bound;
             k++)
            c += h->pow2[k];
        cum[i] = c;
    }
    tps__prom_family(p, "taups_push_staleness", "histogram",
                    "staleness of the pushes this shard measured (updates "
                    "applied since the parameters the gradient came from)");
    tps__prom_histogram(p, "taups_push_staleness", labels, le, cum, n, h->sum,
                       h->count);
}

/* Pushes: accepted, dropped, refused by reason, steps. */
static void push_metrics(tps__prom_t *p, const char *L, const char *shard,
                         const tps__shard_stats_t *st) {
    tps__prom_counter(p, "taups_pushes_total",
            "logical pushes accepted (applied, or buffered for a sync step)",
            L, st->pushes);
    tps__prom_counter(p, "taups_push_frames_total", "push frames received", L,
            st->push_frames);
    tps__prom_counter(p, "taups_push_frames_applied_total",
            "push frames applied or buffered", L, st->applied_frames);
    tps__prom_counter(p, "taups_push_frames_dropped_total",
            "push frames dropped as too stale or late", L, st->dropped_frames);
    tps__prom_counter(p, "taups_pushes_dropped_total",
            "pushes dropped by the staleness rule or left out of a sync "
            "step", L, st->dropped);
    tps__prom_counter(p, "taups_pushes_backup_dropped_total",
            "sync: pushes of backup workers a step did not wait for", L,
            st->backup_dropped);
    tps__prom_counter(p, "taups_push_frames_duplicate_total",
            "push frames seen before: answered again, not applied", L,
            st->duplicates);
    tps__prom_counter(p, "taups_steps_total", "optimizer steps taken", L,
                      st->steps);
    tps__prom_counter(p, "taups_steps_refused_total",
            "sync steps skipped on every shard: their mean would have made "
            "a parameter non-finite on one", L, st->steps_refused);
    tps__prom_family(p, "taups_push_frames_refused_total", "counter",
                    "push frames refused, by reason");
    for (int i = 0; i < TPS_NREFUSE; i++) {
        const char *rk[4] = {"shard", shard, "reason", tps__refuse_name(i)};
        char rl[256];
        tps__prom_sample_u64(p, "taups_push_frames_refused_total",
                            tps__prom_labels(rl, sizeof(rl), 2, rk),
                            st->refused_by[i]);
    }
}

/* Pulls, bytes, connections, refusals, memory and the loop. */
static void conn_metrics(tps__prom_t *p, const char *L,
                         const tps__stats_view_t *v) {
    const tps__shard_stats_t *st = &v->shard->st;
    tps__prom_counter(p, "taups_pull_frames_total", "pull reply frames sent",
                      L, st->pulls);
    tps__prom_counter(p, "taups_pulls_blocked_total",
            "pulls that waited at the consistency gate", L, st->pulls_blocked);
    tps__prom_family(p, "taups_pull_blocked_seconds_total", "counter",
                    "seconds pulls spent waiting at the gate");
    tps__prom_sample(p, "taups_pull_blocked_seconds_total", L, st->blocked_s);
    tps__prom_gauge(p, "taups_pulls_held", "pulls waiting now", L,
          (double)v->held_pulls);
    tps__prom_counter(p, "taups_received_bytes_total",
                      "bytes received, every connection", L, v->bytes_in);
    tps__prom_counter(p, "taups_sent_bytes_total",
                      "bytes sent, every connection", L, v->bytes_out);
    tps__prom_gauge(p, "taups_connections", "connections open now", L,
          (double)v->connections);
    tps__prom_gauge(p, "taups_workers_live", "workers connected now", L,
          (double)v->workers);
    tps__prom_counter(p, "taups_protocol_errors_total",
            "frames that broke the protocol (the connection was closed)", L,
            v->protocol_errors);
    tps__prom_counter(p, "taups_handshakes_refused_total",
            "hellos refused: another cluster shape, mode or protocol version, "
            "or a rank taken or out of range", L, v->handshakes_refused);
    tps__prom_counter(p, "taups_auth_failures_total",
            "handshakes and frames that failed the cluster's key", L,
            v->auth_failures);
    tps__prom_counter(p, "taups_connections_refused_total",
            "connections refused beyond --max-connections", L,
            v->connections_refused);
    tps__prom_counter(p, "taups_timeouts_total",
                      "connections closed by a timeout", L, v->timeouts);
    tps__prom_gauge(p, "taups_memory_bytes",
                    "memory the tensors and their state take", L,
                    (double)v->shard->bytes);
    tps__prom_gauge(p, "taups_memory_limit_bytes",
                    "--max-memory (0: no limit)", L, (double)v->memory_max);
    tps__prom_gauge(p, "taups_loop_busy_max_seconds",
          "longest stretch the event loop did not poll", L,
          v->loop_busy_max_ms / 1e3);
    if (v->checkpoint_age_s >= 0)
        tps__prom_gauge(p, "taups_checkpoint_age_seconds",
              "seconds since the last checkpoint was written", L,
              v->checkpoint_age_s);
}

/* Each tensor's version and each worker's clock. */
static void clock_metrics(tps__prom_t *p, const char *shard,
                          const tps__stats_view_t *v) {
    const tps__shard_t *sh = v->shard;
    tps__prom_family(p, "taups_tensor_version", "gauge",
                    "updates applied to each tensor on this shard");
    for (int i = 0; i < sh->ntensors; i++) {
        const char *tk[4] = {"shard", shard, "tensor", sh->tensors[i].name};
        char tl[256];
        if (tps__prom_labels(tl, sizeof(tl), 2, tk))
            tps__prom_sample_u64(p, "taups_tensor_version", tl,
                                sh->tensors[i].version);
    }
    tps__prom_family(p, "taups_worker_clock", "gauge",
                    "each worker's clock (iterations ended) as this shard saw "
                    "it");
    for (int r = 0; r < v->members->n; r++) {
        char rank[16], rl[256];
        snprintf(rank, sizeof(rank), "%d", r);
        const char *rk[4] = {"shard", shard, "rank", rank};
        tps__prom_sample_u64(p, "taups_worker_clock",
                            tps__prom_labels(rl, sizeof(rl), 2, rk),
                            v->members->clock[r]);
    }
}

/* Each link to another shard: up or down, and its reconnections. */
static void peer_metrics(tps__prom_t *p, const char *shard,
                         const tps__stats_view_t *v) {
    const tps__shard_t *sh = v->shard;
    if (v->links == NULL)
        return;
    static const char *const pf[2] = {"taups_peer_up",
                                      "taups_peer_reconnects_total"};
    static const char *const ph[2] = {
        "1 while the link to the other shard is up",
        "attempts to reach the other shard after the first"};
    for (int f = 0; f < 2; f++) {
        tps__prom_family(p, pf[f], f ? "counter" : "gauge", ph[f]);
        for (uint32_t i = 0; i < sh->nshards; i++) {
            if (i == sh->index)
                continue;
            char peer[16], pl[256];
            snprintf(peer, sizeof(peer), "%u", i);
            const char *pk[4] = {"shard", shard, "peer", peer};
            if (tps__prom_labels(pl, sizeof(pl), 2, pk))
                tps__prom_sample_u64(p, pf[f], pl,
                                     f ? v->links[i].reconnects
                                       : (uint64_t)v->links[i].up);
        }
    }
}

/* Bytes by codec, raw and on the wire, each way. */
static void codec_metrics(tps__prom_t *p, const char *shard,
                          const tps__shard_stats_t *st) {
    static const char *const cf[4] = {"taups_codec_raw_received_bytes_total",
                                      "taups_codec_wire_received_bytes_total",
                                      "taups_codec_raw_sent_bytes_total",
                                      "taups_codec_wire_sent_bytes_total"};
    static const char *const ch[4] = {
        "bytes of pushes by codec, as float32", "bytes of pushes by codec, as "
                                                "received",
        "bytes of pull replies by codec, as float32",
        "bytes of pull replies by codec, as sent"};
    for (int f = 0; f < 4; f++) {
        tps__prom_family(p, cf[f], "counter", ch[f]);
        for (int i = 0; i < TPS_CODEC_STATS; i++) {
            const tps__codec_stats_t *cs = &st->codecs[i];
            if (!cs->used)
                continue;
            char name[64], cl[256];
            tps__stats_codec_name(cs, name, sizeof(name));
            const char *ck[4] = {"shard", shard, "codec", name};
            uint64_t x = f == 0 ? cs->raw_in : f == 1 ? cs->wire_in
                         : f == 2 ? cs->raw_out : cs->wire_out;
            if (tps__prom_labels(cl, sizeof(cl), 2, ck))
                tps__prom_sample_u64(p, cf[f], cl, x);
        }
    }
}

/* Each table's rows and what became of its rows' pushes and pulls
 * (design §2b). */
static void table_metrics(tps__prom_t *p, const char *shard,
                          const tps__shard_t *sh) {
    static const struct {
        const char *name, *type, *help;
    } tf[7] = {
        {"taups_table_rows", "gauge", "rows the table holds on this shard"},
        {"taups_table_bytes", "gauge",
         "memory the table's rows, index and sketch take"},
        {"taups_table_row_pushes_total", "counter", "rows pushed and applied"},
        {"taups_table_row_pulls_total", "counter", "rows answered to pulls"},
        {"taups_table_rows_stale_total", "counter",
         "pushed rows dropped as too stale"},
        {"taups_table_rows_not_admitted_total", "counter",
         "pushed rows not created yet (--row-admit)"},
        {"taups_table_rows_full_total", "counter",
         "pushed rows refused: --max-memory is full"},
    };
    for (int f = 0; f < 7; f++) {
        int any = 0;
        for (int i = 0; i < sh->ntensors; i++) {
            const tps__tensor_t *t = &sh->tensors[i];
            if (t->kind != TPS__KIND_TABLE)
                continue;
            if (!any++)
                tps__prom_family(p, tf[f].name, tf[f].type, tf[f].help);
            const tps__table_t *tb = t->table;
            const uint64_t x[7] = {tb->rows,         tb->bytes,
                                   t->row_pushes,    t->row_pulls,
                                   t->row_stale,     tb->not_admitted,
                                   tb->full};
            const char *tk[4] = {"shard", shard, "table", t->name};
            char tl[256];
            if (tps__prom_labels(tl, sizeof(tl), 2, tk))
                tps__prom_sample_u64(p, tf[f].name, tl, x[f]);
        }
    }
}

char *tps__server_metrics(const tps__server_t *s, size_t *len) {
    tps__stats_view_t v;
    tps__server_stats_view(s, &v);
    const tps__shard_t *sh = v.shard;
    const tps__shard_stats_t *st = &sh->st;
    tps__prom_t p = {0};
    char shard[16], lb[256];
    snprintf(shard, sizeof(shard), "%u", sh->index);
    const char *kv[4] = {"shard", shard, NULL, NULL};
    const char *L = tps__prom_labels(lb, sizeof(lb), 1, kv);

    tps__prom_gauge(&p, "taups_start_time_seconds",
          "when this shard started, in seconds since the epoch", L,
          (double)time(NULL) - v.uptime_s);
    tps__prom_gauge(&p, "taups_uptime_seconds",
                    "seconds since this shard started", L, v.uptime_s);
    push_metrics(&p, L, shard, st);
    conn_metrics(&p, L, &v);
    staleness(&p, L, &st->staleness);
    clock_metrics(&p, shard, &v);
    codec_metrics(&p, shard, st);
    peer_metrics(&p, shard, &v);
    table_metrics(&p, shard, sh);
    if (p.oom) {
        tps__prom_free(&p);
        return NULL;
    }
    *len = p.len;
    return p.buf;
}
