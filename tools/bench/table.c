/* SPDX-License-Identifier: MIT */
/* taups-bench --table: rows pulled and pushed by 64-bit id (docs/design.md
 * §2b), the workload parameter servers are still chosen for. One client
 * pulls or pushes --ids ids drawn from --rows with Zipf skew --zipf, rows
 * of --dim floats, one call at a time or --inflight in a sliding window,
 * against --shards servers started here (lr 0) or a running --cluster. In
 * every round it also measures a raw TCP ping-pong of one pull reply's
 * bytes, the floor of a pull's latency. After the rounds it reads the
 * shards' counters for the balance of rows and row traffic over shards.
 *
 * The ids of 64 batches are drawn before anything is timed (inverse CDF
 * of the Zipf law over 1..--rows), so every round and every peer measured
 * with the same law sees the same kind of batch; a call includes what the
 * client does with its ids (sort, dedupe, split by shard). Latencies are
 * in milliseconds, as the other rooms keep them.
 *
 * Must NOT measure dense tensors (net.c does) nor print their table. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bench.h"
#include "taups.h"
#include "tps_log.h"
#include "tps_rng.h"

#define BATCHES 64

typedef struct tbench_s {
    tps_client_t *c;
    int table;
    size_t k;
    uint32_t dim;
    uint64_t *ids;   /* BATCHES x k */
    float *buf;      /* --inflight x k x dim: pull destinations, gradients */
    char *cluster;   /* started here: the address list */
    server_t *servers;
    int nservers;
    tcp_bench_t tcp;
    double wire[2]; /* pull, push: bytes on the wire per call, summed over
                       the rounds (frames included, after codec and zstd) */
} tbench_t;

/* Draws BATCHES batches of k ids from Zipf(n, s) over 0..n-1 (id i has
 * weight 1/(i+1)^s). */
static int draw_ids(tbench_t *T, uint64_t n, double s) {
    double *cdf = malloc((size_t)n * sizeof(double));
    T->ids = malloc((size_t)BATCHES * T->k * sizeof(uint64_t));
    if (cdf == NULL || T->ids == NULL) {
        free(cdf);
        fprintf(stderr, PROG ": out of memory for %llu ids\n",
                (unsigned long long)n);
        return -1;
    }
    double acc = 0;
    for (uint64_t i = 0; i < n; i++)
        cdf[i] = acc += 1.0 / pow((double)(i + 1), s);
    tps__rng_t r;
    tps__rng_seed(&r, bench_cfg.seed, 28);
    for (size_t j = 0; j < (size_t)BATCHES * T->k; j++) {
        double u = tps__rng_uniform(&r) * acc;
        uint64_t lo = 0, hi = n - 1;
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (cdf[mid] < u)
                lo = mid + 1;
            else
                hi = mid;
        }
        T->ids[j] = lo;
    }
    free(cdf);
    return 0;
}

static const uint64_t *batch(const tbench_t *T, uint64_t i) {
    return T->ids + (i % BATCHES) * T->k;
}

static int issue(tbench_t *T, int push, uint64_t i, float *buf,
                 tps_ticket_t *tk) {
    return push ? tps_push_rows_async(T->c, T->table, T->k, batch(T, i), buf,
                                      tk)
                : tps_pull_rows_async(T->c, T->table, T->k, batch(T, i), buf,
                                      NULL, tk);
}

/* One point: calls for at least --min-time and --reps, one at a time or
 * in a window of --inflight. Latencies go to lat; returns calls per
 * second, or -1. */
static double point(tbench_t *T, int push, samples_t *lat) {
    int K = bench_cfg.inflight, head = 0, n = 0;
    tps_ticket_t tk[BENCH_MAX_INFLIGHT];
    double t0[BENCH_MAX_INFLIGHT];
    uint64_t next = 0, done = 0;
    double begin = tps__now(), end = begin;
    for (int w = 0; w < bench_cfg.warmup; w++) {
        tps_ticket_t t;
        if (issue(T, push, next++, T->buf, &t) < 0 || tps_wait(T->c, t) < 0)
            goto failed;
    }
    uint64_t sent0, recv0, sent1, recv1, first = next;
    tps_bytes(T->c, &sent0, &recv0);
    begin = end = tps__now();
    while (!bench_point_done(done, end - begin, (uint64_t)bench_cfg.reps,
                             bench_cfg.min_time)) {
        while (n < K) {
            int s = (head + n) % K;
            t0[s] = tps__now();
            if (issue(T, push, next++,
                      T->buf + (size_t)s * T->k * T->dim, &tk[s]) < 0)
                goto failed;
            n++;
        }
        if (tps_wait(T->c, tk[head]) < 0)
            goto failed;
        end = tps__now();
        if (bench_samples_add(lat, (end - t0[head]) * 1e3) < 0)
            goto failed;
        head = (head + 1) % K;
        n--;
        done++;
    }
    for (; n > 0; n--, head = (head + 1) % K)
        tps_wait(T->c, tk[head]);
    tps_bytes(T->c, &sent1, &recv1);
    T->wire[push] +=
        (double)(sent1 - sent0 + recv1 - recv0) / (double)(next - first);
    return (double)done / (end - begin);
failed:
    fprintf(stderr, PROG ": %s of rows: %s\n", push ? "push" : "pull",
            tps_errmsg(T->c));
    return -1;
}

/* max/mean over the shards of a table counter (rows, or row traffic). */
static int balance(tbench_t *T, double *rows, double *traffic) {
    char *text;
    if (tps_stats(T->c, &text) < 0)
        return -1;
    json_t *a = json_loads(text, 0, NULL);
    free(text);
    double r[256] = {0}, t[256] = {0}, rmax = 0, tmax = 0, rsum = 0, tsum = 0;
    size_t ns = json_array_size(a);
    for (size_t s = 0; s < ns && s < 256; s++) {
        json_t *ts = json_object_get(json_array_get(a, s), "tensors");
        for (size_t i = 0; i < json_array_size(ts); i++) {
            json_t *o = json_array_get(ts, i);
            if (json_object_get(o, "rows") == NULL)
                continue;
            r[s] = (double)json_integer_value(json_object_get(o, "rows"));
            t[s] = (double)json_integer_value(
                       json_object_get(o, "row_pushes")) +
                   (double)json_integer_value(json_object_get(o, "row_pulls"));
        }
        rsum += r[s];
        tsum += t[s];
        rmax = r[s] > rmax ? r[s] : rmax;
        tmax = t[s] > tmax ? t[s] : tmax;
    }
    json_decref(a);
    *rows = rsum > 0 ? rmax / (rsum / (double)ns) : 0;
    *traffic = tsum > 0 ? tmax / (tsum / (double)ns) : 0;
    return 0;
}

static int setup(tbench_t *T) {
    const char *cluster = bench_cfg.cluster;
    if (cluster == NULL) {
        T->nservers = bench_cfg.shards;
        T->servers = calloc((size_t)T->nservers, sizeof(*T->servers));
        if (T->servers == NULL ||
            bench_servers_start(T->servers, T->nservers, 1, &T->cluster) < 0)
            return -1;
        cluster = T->cluster;
    }
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = cluster;
    o.key_file = bench_cfg.key_file;
    o.spin_us = bench_cfg.spin_us;
    o.codec = bench_cfg.push_codec;
    o.pull_codec = bench_cfg.pull_codec;
    o.zstd_level = bench_cfg.wire_zstd;
    char err[512];
    if (tps_open(&o, &T->c, err, sizeof(err)) < 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return -1;
    }
    T->table = tps_table(T->c, "bench_rows", T->dim, TPS_INIT_NORMAL, 0.01f,
                         bench_cfg.seed);
    if (T->table < 0) {
        fprintf(stderr, PROG ": %s\n", tps_errmsg(T->c));
        return -1;
    }
    size_t cells = (size_t)bench_cfg.inflight * T->k * T->dim;
    if ((T->buf = malloc(cells * sizeof(float))) == NULL)
        return -1;
    for (size_t i = 0; i < cells; i++)
        T->buf[i] = 0.5f;
    /* Every batch pushed once: the rows a pull reads exist, as they do in
     * training. */
    for (uint64_t i = 0; i < BATCHES; i++)
        if (tps_push_rows(T->c, T->table, T->k, batch(T, i), T->buf) < 0) {
            fprintf(stderr, PROG ": %s\n", tps_errmsg(T->c));
            return -1;
        }
    return bench_tcp_start(&T->tcp, (uint64_t)T->k * T->dim * sizeof(float));
}

/* One row of output: the medians over the rounds. */
static void report(const tbench_t *T, int push, double *rate, samples_t *lat,
                   double *pp, double rows_bal, double traffic_bal) {
    double med, lo, hi, ppm, pplo, pphi;
    int R = bench_cfg.rounds;
    bench_spread(rate, R, &med, &lo, &hi);
    bench_spread(pp, R, &ppm, &pplo, &pphi);
    bench_samples_sort(lat);
    double p50 = bench_percentile(lat, 50);
    double p99 = bench_percentile(lat, 99);
    double rows = med * (double)T->k;
    double raw = rows * T->dim * sizeof(float);
    /* What crossed the wire, both ways: the rounds' mean bytes per call. */
    double bytes = med * T->wire[push] / R;
    if (bench_cfg.json) {
        printf("{\"op\":\"%s_rows\",\"k\":%zu,\"n\":%llu,\"s\":%g,\"dim\":%u,"
               "\"inflight\":%d,\"shards\":%d,\"rounds\":%d,"
               "\"rows_per_s\":%.0f,\"rows_per_s_min\":%.0f,"
               "\"rows_per_s_max\":%.0f,\"bytes_per_s\":%.0f,"
               "\"raw_bytes_per_s\":%.0f,"
               "\"lat_p50_ms\":%.4f,\"lat_p99_ms\":%.4f,"
               "\"tcp_pingpong_p50_ms\":%.4f,\"p50_over_tcp_pingpong\":%.3f,"
               "\"rows_max_over_mean\":%.3f,\"traffic_max_over_mean\":%.3f}\n",
               push ? "push" : "pull", T->k,
               (unsigned long long)bench_cfg.table_rows, bench_cfg.table_zipf,
               T->dim, bench_cfg.inflight,
               T->nservers ? T->nservers : bench_cfg.shards, R, rows,
               lo * (double)T->k, hi * (double)T->k, bytes, raw, p50, p99, ppm,
               p50 / ppm, rows_bal, traffic_bal);
        return;
    }
    printf("%-9s %6zu ids x %3u  %11.0f rows/s [%.0f-%.0f]  %7.1f MB/s wire  "
           "p50 %.3f ms  p99 %.3f ms  ping-pong %.3f ms (x%.2f)\n",
           push ? "push_rows" : "pull_rows", T->k, T->dim, rows,
           lo * (double)T->k, hi * (double)T->k, bytes / 1e6, p50, p99, ppm,
           p50 / ppm);
}

static int measure(tbench_t *T, unsigned ops) {
    int R = bench_cfg.rounds;
    double rate[2][BENCH_MAX_ROUNDS], pp[BENCH_MAX_ROUNDS];
    samples_t lat[2] = {{0}, {0}};
    uint64_t size = (uint64_t)T->k * T->dim * sizeof(float);
    for (int rd = 0; rd < R; rd++) {
        samples_t ppl = {0};
        tcp_acc_t acc;
        if (bench_tcp_slice(&T->tcp, size, &ppl, &acc) < 0)
            return -1;
        bench_samples_sort(&ppl);
        pp[rd] = bench_percentile(&ppl, 50);
        free(ppl.v);
        for (int j = 0; j < 2; j++) {
            /* Pull and push alternate which goes first, round by round. */
            int push = (j + rd) % 2;
            if (!(ops & (1u << (push ? OP_PUSH : OP_PULL))))
                continue;
            if ((rate[push][rd] = point(T, push, &lat[push])) < 0)
                return -1;
        }
    }
    double rb, tb;
    if (balance(T, &rb, &tb) < 0)
        rb = tb = 0;
    for (int push = 0; push < 2; push++)
        if (ops & (1u << (push ? OP_PUSH : OP_PULL)))
            report(T, push, rate[push], &lat[push], pp, rb, tb);
    free(lat[0].v);
    free(lat[1].v);
    return 0;
}

/* Resident memory of process pid in bytes (0 when unknown). */
static uint64_t rss_of(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    uint64_t kb = 0;
    while (f != NULL && fgets(line, sizeof(line), f) != NULL)
        if (sscanf(line, "VmRSS: %" SCNu64, &kb) == 1)
            break;
    if (f != NULL)
        fclose(f);
    return kb * 1024;
}

/* Each shard's table rows and table bytes, from its counters. */
static int table_sizes(tbench_t *T, uint64_t *rows, uint64_t *bytes, int max) {
    char *text;
    if (tps_stats(T->c, &text) < 0)
        return -1;
    json_t *a = json_loads(text, 0, NULL);
    free(text);
    int ns = (int)json_array_size(a);
    for (int s = 0; s < ns && s < max; s++) {
        json_t *ts = json_object_get(json_array_get(a, (size_t)s), "tensors");
        for (size_t i = 0; i < json_array_size(ts); i++) {
            json_t *o = json_array_get(ts, i);
            if (json_object_get(o, "rows") == NULL)
                continue;
            rows[s] = (uint64_t)json_integer_value(json_object_get(o, "rows"));
            bytes[s] =
                (uint64_t)json_integer_value(json_object_get(o, "bytes"));
        }
    }
    json_decref(a);
    return ns;
}

/* --fill N: N distinct rows pushed in calls of --ids, and at every tenth
 * of the way the p50 of pulls of --ids random filled ids, each shard's
 * rows, its table's bytes per row and its resident memory beyond what it
 * held before the table (servers started here). */
static int fill(tbench_t *T, uint64_t n) {
    uint64_t rss0[256] = {0}, done = 0, step = n / 10 ? n / 10 : n;
    int ns = T->nservers < 256 ? T->nservers : 256;
    for (int s = 0; s < ns; s++)
        rss0[s] = rss_of(T->servers[s].pid);
    uint64_t *ids = malloc(T->k * sizeof(uint64_t));
    if (ids == NULL)
        return -1;
    tps__rng_t r;
    tps__rng_seed(&r, bench_cfg.seed, 29);
    double t0 = tps__now();
    while (done < n) {
        size_t k = n - done < T->k ? (size_t)(n - done) : T->k;
        for (size_t i = 0; i < k; i++)
            ids[i] = 1000000007ULL + done + i; /* beyond --rows' range */
        if (tps_push_rows(T->c, T->table, k, ids, T->buf) < 0)
            goto failed;
        done += k;
        if (done % step != 0 && done != n)
            continue;
        samples_t lat = {0};
        for (int c = 0; c < 100; c++) {
            for (size_t i = 0; i < T->k; i++)
                ids[i] = 1000000007ULL + tps__rng_below(&r, done);
            double a = tps__now();
            if (tps_pull_rows(T->c, T->table, T->k, ids, T->buf, NULL) < 0)
                goto failed;
            bench_samples_add(&lat, (tps__now() - a) * 1e3);
        }
        bench_samples_sort(&lat);
        uint64_t rows[256] = {0}, bytes[256] = {0};
        int got = table_sizes(T, rows, bytes, 256);
        printf("{\"op\":\"fill\",\"rows\":%" PRIu64 ",\"dim\":%u,"
               "\"elapsed_s\":%.1f,\"pull_p50_ms\":%.4f,\"shards\":[",
               done, T->dim, tps__now() - t0, bench_percentile(&lat, 50));
        for (int s = 0; s < got && s < 256; s++) {
            uint64_t rss = s < ns ? rss_of(T->servers[s].pid) : 0;
            printf("%s{\"rows\":%" PRIu64 ",\"table_bytes_per_row\":%.1f,"
                   "\"rss_delta_bytes_per_row\":%.1f}",
                   s ? "," : "", rows[s],
                   rows[s] ? (double)bytes[s] / (double)rows[s] : 0,
                   rows[s] && rss ? (double)(rss - rss0[s]) / (double)rows[s]
                                  : 0);
        }
        printf("]}\n");
        fflush(stdout);
        free(lat.v);
    }
    free(ids);
    return 0;
failed:
    fprintf(stderr, PROG ": --fill: %s\n", tps_errmsg(T->c));
    free(ids);
    return -1;
}

int bench_table(unsigned ops) {
    tbench_t T;
    memset(&T, 0, sizeof(T));
    T.tcp.sender = T.tcp.receiver = -1;
    uint64_t n = bench_cfg.table_rows;
    double s = bench_cfg.table_zipf;
    T.k = (size_t)bench_cfg.table_ids;
    T.dim = (uint32_t)bench_cfg.table_dim;
    int status = 1;
    if (draw_ids(&T, n, s) == 0 && setup(&T) == 0 &&
        (bench_cfg.table_fill ? fill(&T, bench_cfg.table_fill)
                              : measure(&T, ops)) == 0)
        status = 0;
    bench_tcp_stop(&T.tcp);
    tps_close(T.c);
    if (T.nservers && bench_servers_stop(T.servers, T.nservers) < 0)
        status = 1;
    free(T.servers);
    free(T.cluster);
    free(T.ids);
    free(T.buf);
    return status;
}
