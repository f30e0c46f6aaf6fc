/* SPDX-License-Identifier: MIT */
/* taups-bench's measuring tools: samples of a timed quantity, their
 * percentiles and median, and when a point has been measured long enough.
 * The clock is tps__now() (monotonic).
 *
 * Must NOT time anything itself or print: the rooms that measure own their
 * loops, report.c owns the output. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"

void bench_sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

int bench_samples_add(samples_t *s, double x) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        double *v = realloc(s->v, cap * sizeof(*v));
        if (v == NULL)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return 0;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_samples_sort(samples_t *s) {
    qsort(s->v, s->n, sizeof(*s->v), cmp_double);
}

double bench_percentile(const samples_t *s, unsigned pct) {
    if (s->n == 0)
        return NAN;
    size_t rank = (s->n * pct + 99) / 100;
    return s->v[rank > 0 ? rank - 1 : 0];
}

double bench_median(const samples_t *s) {
    size_t n = s->n;
    return n % 2 ? s->v[n / 2] : (s->v[n / 2 - 1] + s->v[n / 2]) / 2;
}

void bench_spread(double *x, int n, double *med, double *lo, double *hi) {
    samples_t s = {x, (size_t)n, (size_t)n};
    bench_samples_sort(&s);
    *med = bench_median(&s);
    *lo = x[0];
    *hi = x[n - 1];
}

int bench_point_done(uint64_t ops, double elapsed, uint64_t reps, double secs) {
    return ops >= reps && elapsed >= secs;
}
