/* SPDX-License-Identifier: MIT */
/* pusher: a worker of one big tensor, for the checkpoint and ride-through
 * tests and benchmarks. It declares TENSOR of N floats and, each
 * iteration, pushes a gradient drawn from --seed and the iteration (so
 * that two runs push the same ones), pulls the tensor and ends the clock;
 * it rides through a restarting shard (--reconnect-ms). With --probe-ms it
 * also times a small pull of a second tensor every MS on its own client,
 * so that a stall of a shard's event loop shows as the longest probe.
 *
 *   pusher --cluster A --n N [--iterations K] [--seconds S] [--seed X]
 *          [--reconnect-ms MS] [--probe-ms MS] [--rank R --workers W]
 *          [--log FILE]   (the CLOCK_MONOTONIC time of every iteration done)
 *
 * SIGTERM ends it after the iteration in progress. Prints "pusher: K
 * iterations, ...", the delivery ledger, and with
 * --probe-ms "probe: P pulls, longest MS ms". Exit 0, or 1 on an error. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "taups.h"

static volatile sig_atomic_t stop_requested;

static void on_term(int sig) {
    (void)sig;
    stop_requested = 1;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct probe_s {
    const char *cluster;
    double every_ms;
    volatile int stop;
    long pulls;
    double longest;
    int failed;
} probe_t;

static void *probe_main(void *arg) {
    probe_t *p = arg;
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = p->cluster;
    o.role = TPS_ROLE_EVALUATOR;
    o.reconnect_timeout_ms = 60000;
    char err[512];
    tps_client_t *c;
    if (tps_open(&o, &c, err, sizeof(err)) < 0) {
        fprintf(stderr, "probe: %s\n", err);
        p->failed = 1;
        return NULL;
    }
    float v[16];
    int id = tps_declare(c, "probe", 16, TPS_INIT_ZEROS, 0, 0);
    while (id >= 0 && !p->stop) {
        double t0 = now();
        if (tps_pull(c, id, v) < 0) {
            fprintf(stderr, "probe: %s\n", tps_errmsg(c));
            p->failed = 1;
            break;
        }
        double dt = now() - t0;
        if (dt > p->longest)
            p->longest = dt;
        p->pulls++;
        struct timespec ts = {0, (long)(p->every_ms * 1e6)};
        nanosleep(&ts, NULL);
    }
    tps_close(c);
    return NULL;
}

int main(int argc, char **argv) {
    const char *cluster = NULL;
    uint64_t n = 1000, seed = 1;
    long iterations = 0;
    double seconds = 0, probe_ms = 0;
    int reconnect_ms = 60000, rank = 0, workers = 1;
    const char *logpath = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (strcmp(k, "--cluster") == 0)
            cluster = v;
        else if (strcmp(k, "--n") == 0)
            n = strtoull(v, NULL, 10);
        else if (strcmp(k, "--iterations") == 0)
            iterations = atol(v);
        else if (strcmp(k, "--seconds") == 0)
            seconds = atof(v);
        else if (strcmp(k, "--seed") == 0)
            seed = strtoull(v, NULL, 10);
        else if (strcmp(k, "--reconnect-ms") == 0)
            reconnect_ms = atoi(v);
        else if (strcmp(k, "--probe-ms") == 0)
            probe_ms = atof(v);
        else if (strcmp(k, "--rank") == 0)
            rank = atoi(v);
        else if (strcmp(k, "--workers") == 0)
            workers = atoi(v);
        else if (strcmp(k, "--log") == 0)
            logpath = v;
        else {
            fprintf(stderr, "pusher: unknown option %s\n", k);
            return 2;
        }
    }
    if (cluster == NULL || n == 0 || (iterations <= 0 && seconds <= 0)) {
        fprintf(stderr, "pusher: needs --cluster, --n > 0 and --iterations or "
                        "--seconds\n");
        return 2;
    }
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = cluster;
    o.rank = rank;
    o.workers = workers;
    o.reconnect_timeout_ms = reconnect_ms;
    char err[512];
    tps_client_t *c;
    if (tps_open(&o, &c, err, sizeof(err)) < 0) {
        fprintf(stderr, "pusher: %s\n", err);
        return 1;
    }
    probe_t probe = {.cluster = cluster, .every_ms = probe_ms};
    pthread_t pt;
    if (probe_ms > 0)
        pthread_create(&pt, NULL, probe_main, &probe);
    float *g = malloc(n * sizeof(float)), *p = malloc(n * sizeof(float));
    int id = tps_declare(c, "big", n, TPS_INIT_UNIFORM, 0.1f, 1);
    int rc = id < 0 ? id : 0;
    FILE *log = logpath ? fopen(logpath, "w") : NULL;
    if (log)
        setvbuf(log, NULL, _IOLBF, 0);
    double t0 = now();
    long it = 0;
    signal(SIGTERM, on_term);
    for (; rc == 0 && g && p && !stop_requested &&
           (iterations <= 0 || it < iterations) &&
           (seconds <= 0 || now() - t0 < seconds);
         it++) {
        /* splitmix64 of (seed, iteration, index): the same gradients in
         * every run, whatever came before. */
        uint64_t z = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)it * 0xbf58476d1ce4e5b9ULL;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t x = (z += 0x9e3779b97f4a7c15ULL);
            x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
            x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
            x ^= x >> 31;
            g[i] = (float)((double)(x >> 11) * 0x1.0p-53 - 0.5);
        }
        if ((rc = tps_push(c, id, g)) == 0 && (rc = tps_pull(c, id, p)) == 0)
            tps_clock(c);
        if (rc == 0 && log)
            fprintf(log, "%.6f\n", now()); /* CLOCK_MONOTONIC seconds */
    }
    if (probe_ms > 0) {
        probe.stop = 1;
        pthread_join(pt, NULL);
    }
    if (rc < 0)
        fprintf(stderr, "pusher: %s\n", tps_errmsg(c));
    tps_delivery_t d;
    tps_delivery(c, &d);
    printf("pusher: %ld iterations in %.2f s\n", it, now() - t0);
    printf("pushes: sent %llu, applied %llu, dropped %llu, rejected %llu, "
           "lost %llu; reconnects %llu\n",
           (unsigned long long)d.pushes_sent,
           (unsigned long long)d.pushes_applied,
           (unsigned long long)d.pushes_dropped,
           (unsigned long long)d.pushes_rejected,
           (unsigned long long)d.pushes_lost,
           (unsigned long long)d.reconnects);
    if (probe_ms > 0)
        printf("probe: %ld pulls, longest %.1f ms\n", probe.pulls,
               probe.longest * 1e3);
    free(g);
    free(p);
    if (log)
        fclose(log);
    tps_close(c);
    return rc < 0 || probe.failed ? 1 : 0;
}
