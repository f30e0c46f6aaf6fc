/* SPDX-License-Identifier: MIT */
/* Independent references for the end-to-end tests of the consistency modes
 * on the lsq model (not a test by itself; the e2e scripts call it):
 *
 *   lsq-reference gd NPY SEED ROWS DIM COND LR STEPS
 *       full-batch gradient descent x <- x - lr (1/m) A'(Ax - b) from x = 0,
 *       in double, compared with the tensor dumped in NPY: exit 0 when the
 *       relative difference is <= 1e-5 (and the run moved away from 0).
 *
 *   lsq-reference replay NPY TRACE WORKERS SEED ROWS DIM COND LR
 *       rebuilds an async run from a shard's trace: every "push" row is
 *       replayed in order, its gradient recomputed by that worker's model at
 *       the parameters of the version it read (the trace's read column);
 *       "drop" rows are skipped. Exit 0 when the replay equals the dump and
 *       (if any push was dropped) differs from a replay that also applies
 *       the dropped pushes. One shard, lr constant, weight none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/model.h"
#include "worker/model_internal.h"
#include "server/optimizer.h"

static float *read_npy(const char *path, uint64_t *n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    unsigned char pre[10];
    if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        fprintf(stderr, "%s: not a .npy file\n", path);
        exit(2);
    }
    size_t hl = (size_t)pre[8] | (size_t)pre[9] << 8;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    *n = (uint64_t)(size - 10 - (long)hl) / sizeof(float);
    float *x = malloc(*n * sizeof(float) + 1);
    fseek(f, 10 + (long)hl, SEEK_SET);
    if (fread(x, sizeof(float), *n, f) != *n) {
        fprintf(stderr, "%s: short read\n", path);
        exit(2);
    }
    fclose(f);
    return x;
}

static double rel_diff(const float *a, const double *b, uint64_t n) {
    double num = 0, den = 0;
    for (uint64_t i = 0; i < n; i++) {
        num += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
        den += b[i] * b[i];
    }
    return sqrt(num) / (sqrt(den) > 0 ? sqrt(den) : 1);
}

static int gd(char **argv) {
    uint64_t n;
    float *dump = read_npy(argv[0], &n);
    uint64_t seed = strtoull(argv[1], NULL, 0), m = strtoull(argv[2], NULL, 0),
             d = strtoull(argv[3], NULL, 0);
    double cond = atof(argv[4]), lr = atof(argv[5]);
    int steps = atoi(argv[6]);
    if (n != d) {
        fprintf(stderr, "dump has %llu elements, expected %llu\n",
                (unsigned long long)n, (unsigned long long)d);
        return 1;
    }
    float *a = malloc(m * d * sizeof(float)), *b = malloc(m * sizeof(float)),
          *xs = malloc(d * sizeof(float));
    char err[256];
    if (tps__lsq_generate(seed, m, d, cond, 0, m, a, b, xs, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    double *x = calloc(d, sizeof(double)), *g = malloc(d * sizeof(double));
    for (int k = 0; k < steps; k++) {
        memset(g, 0, d * sizeof(double));
        for (uint64_t i = 0; i < m; i++) {
            double r = -(double)b[i];
            for (uint64_t j = 0; j < d; j++)
                r += (double)a[i * d + j] * x[j];
            for (uint64_t j = 0; j < d; j++)
                g[j] += r * a[i * d + j];
        }
        for (uint64_t j = 0; j < d; j++)
            x[j] -= lr * g[j] / (double)m;
    }
    double diff = rel_diff(dump, x, d), norm = 0;
    for (uint64_t j = 0; j < d; j++)
        norm += x[j] * x[j];
    printf("gd: %d steps, |x| = %.6g, relative difference to the dump %.3g\n",
           steps, sqrt(norm), diff);
    int ok = diff <= 1e-5 && norm > 0;
    free(a), free(b), free(xs), free(x), free(g), free(dump);
    return ok ? 0 : 1;
}

typedef struct event_s {
    int rank;
    uint64_t read; /* version the gradient was computed at */
    int drop;
} event_t;

/* Replays the events; with include_drops the dropped pushes are applied
 * too. Returns the final parameters (malloc'd). */
static float *replay_run(const event_t *ev, size_t nev, int include_drops,
                         tps_model_t **models, uint64_t d, const tps_optim_t *o) {
    size_t napplied = 0;
    for (size_t k = 0; k < nev; k++)
        napplied += include_drops || !ev[k].drop;
    /* Every version's parameters, since a push may have read any of them. */
    float *traj = calloc((napplied + 1) * d, sizeof(float));
    float *g = malloc(d * sizeof(float));
    uint64_t v = 0;
    for (size_t k = 0; k < nev; k++) {
        if (ev[k].drop && !include_drops)
            continue;
        tps_model_t *m = models[ev[k].rank];
        uint64_t read = ev[k].read < v ? ev[k].read : v;
        uint32_t *rows = malloc(m->nrows * sizeof(uint32_t));
        for (size_t i = 0; i < m->nrows; i++)
            rows[i] = (uint32_t)i;
        const float *params[1] = {traj + read * d};
        float *grads[1] = {g};
        m->grad(m, params, grads, rows, m->nrows);
        free(rows);
        memcpy(traj + (v + 1) * d, traj + v * d, d * sizeof(float));
        tps__optim_step(o, traj + (v + 1) * d, g, 1.0, NULL, NULL, d, v + 1);
        v++;
    }
    float *x = malloc(d * sizeof(float));
    memcpy(x, traj + v * d, d * sizeof(float));
    free(traj);
    free(g);
    return x;
}

static int replay(char **argv) {
    uint64_t n;
    float *dump = read_npy(argv[0], &n);
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    int workers = atoi(argv[2]);
    tps_model_config_t mc;
    memset(&mc, 0, sizeof(mc));
    mc.model = "lsq";
    mc.workers = workers;
    mc.seed = strtoull(argv[3], NULL, 0);
    mc.rows = strtoull(argv[4], NULL, 0);
    mc.dim = strtoull(argv[5], NULL, 0);
    mc.cond = atof(argv[6]);
    tps_optim_t o;
    tps_optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.lr = atof(argv[7]);
    char err[256];
    if (tps__optim_init(&o, &oc, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    tps_model_t *models[64];
    for (int r = 0; r < workers; r++) {
        mc.rank = r;
        if (tps__model_new(&mc, &models[r], err, sizeof(err)) < 0) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    size_t cap = 1024, nev = 0, ndrop = 0;
    event_t *ev = malloc(cap * sizeof(*ev));
    char line[512];
    while (fgets(line, sizeof(line), f)) {
        char event[16];
        int rank, tensor;
        unsigned long long clock, version, stale, read = 0;
        int got = sscanf(line, "%*f,%15[a-z],%d,%llu,%d,%llu,%llu,%*g,%*d,%*f,%llu",
                         event, &rank, &clock, &tensor, &version, &stale, &read);
        if (got < 6)
            continue;
        int drop = strcmp(event, "drop") == 0;
        if (!drop && strcmp(event, "push") != 0)
            continue;
        if (nev == cap)
            ev = realloc(ev, (cap *= 2) * sizeof(*ev));
        /* A push row carries the version after it was applied. */
        uint64_t before = drop ? version : version - 1;
        ev[nev].rank = rank;
        /* The read column is the version the gradient was computed at; the
         * staleness column is the one decided for every shard, which the
         * client measured a round trip before the push arrived. */
        ev[nev].read = got == 7 ? read : before >= stale ? before - stale : 0;
        ev[nev].drop = drop;
        ndrop += (size_t)drop;
        nev++;
    }
    fclose(f);
    float *x = replay_run(ev, nev, 0, models, n, &o);
    float *y = replay_run(ev, nev, 1, models, n, &o);
    double *xd = malloc(n * sizeof(double)), *yd = malloc(n * sizeof(double));
    for (uint64_t i = 0; i < n; i++) {
        xd[i] = x[i];
        yd[i] = y[i];
    }
    double d_applied = rel_diff(dump, xd, n), d_all = rel_diff(dump, yd, n);
    printf("replay: %zu pushes, %zu dropped; dump vs replay of the applied: %.3g; "
           "vs replay including the dropped: %.3g\n",
           nev - ndrop, ndrop, d_applied, d_all);
    /* With drops, they must have mattered; without, the replay alone
     * checks that every gradient came from the version its push read. */
    int ok = d_applied <= 1e-6 && (ndrop == 0 || d_all > 1e-4);
    for (int r = 0; r < workers; r++)
        models[r]->destroy(models[r]);
    free(ev), free(x), free(y), free(xd), free(yd), free(dump);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 9 && strcmp(argv[1], "gd") == 0)
        return gd(argv + 2);
    if (argc == 10 && strcmp(argv[1], "replay") == 0)
        return replay(argv + 2);
    fprintf(stderr, "usage: lsq-reference gd NPY SEED ROWS DIM COND LR STEPS\n"
                    "       lsq-reference replay NPY TRACE WORKERS SEED ROWS "
                    "DIM COND LR\n");
    return 2;
}
