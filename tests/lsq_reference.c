/* SPDX-License-Identifier: MIT */
/* Independent references for the end-to-end tests of the consistency modes
 * on the lsq model (not a test by itself; the e2e scripts call it):
 *
 *   lsq-reference gd NPY SEED ROWS DIM COND LR STEPS
 *       full-batch gradient descent x <- x - lr (1/m) A'(Ax - b) from x = 0,
 *       in double, compared with the tensor dumped in NPY: exit 0 when the
 *       relative difference is <= 1e-5 (and the run moved away from 0).
 *
 *   lsq-reference gd-log CSV SEED ROWS DIM COND LR REL_ERR [TARGET]
 *       the same descent against a taups-worker --standalone --full-batch
 *       run: the loss of every row of its CSV log must be the reference's
 *       loss before that step, and REL_ERR (its final rel_err) the
 *       reference's after the last, both within a relative 1e-4 (the log
 *       prints 6 digits); with TARGET, the run must have stopped at the
 *       first step whose rel_err is at most TARGET.
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

#include "worker/models/model.h"
#include "worker/models/model_internal.h"
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

/* The synthetic problem of argv SEED ROWS DIM COND, as every process of a
 * run builds it. */
typedef struct problem_s {
    uint64_t m, d;
    float *a, *b, *xs;
} problem_t;

static void problem_make(problem_t *p, char **argv) {
    uint64_t seed = strtoull(argv[0], NULL, 0);
    p->m = strtoull(argv[1], NULL, 0);
    p->d = strtoull(argv[2], NULL, 0);
    p->a = malloc(p->m * p->d * sizeof(float));
    p->b = malloc(p->m * sizeof(float));
    p->xs = malloc(p->d * sizeof(float));
    char err[256];
    if (tps__lsq_generate(seed, p->m, p->d, atof(argv[3]), 0, p->m, p->a, p->b,
                          p->xs, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
}

static void problem_free(problem_t *p) {
    free(p->a), free(p->b), free(p->xs);
}

/* One step of full-batch gradient descent on x, in double (g is scratch);
 * returns the loss (1/2m) ||A x - b||^2 before the step. */
static double gd_step(const problem_t *p, double *x, double *g, double lr) {
    uint64_t m = p->m, d = p->d;
    double loss = 0;
    memset(g, 0, d * sizeof(double));
    for (uint64_t i = 0; i < m; i++) {
        double r = -(double)p->b[i];
        for (uint64_t j = 0; j < d; j++)
            r += (double)p->a[i * d + j] * x[j];
        loss += r * r;
        for (uint64_t j = 0; j < d; j++)
            g[j] += r * p->a[i * d + j];
    }
    for (uint64_t j = 0; j < d; j++)
        x[j] -= lr * g[j] / (double)m;
    return loss / (2.0 * (double)m);
}

static double rel_err(const problem_t *p, const double *x) {
    double num = 0, den = 0;
    for (uint64_t j = 0; j < p->d; j++) {
        num += (x[j] - p->xs[j]) * (x[j] - p->xs[j]);
        den += (double)p->xs[j] * p->xs[j];
    }
    return sqrt(num / den);
}

static int close_to(double got, double want) {
    return fabs(got - want) <= 1e-4 * fabs(want) + 1e-12;
}

static int gd_log(char **argv, int has_target) {
    FILE *f = fopen(argv[0], "r");
    if (f == NULL) {
        perror(argv[0]);
        return 2;
    }
    problem_t p;
    problem_make(&p, argv + 1);
    double lr = atof(argv[5]), final = atof(argv[6]);
    double target = has_target ? atof(argv[7]) : 0;
    double *x = calloc(p.d, sizeof(double)), *g = malloc(p.d * sizeof(double));
    char line[1024];
    int steps = 0, ok = 1;
    double before = rel_err(&p, x);
    if (fgets(line, sizeof(line), f) == NULL)
        ok = 0;
    while (ok && fgets(line, sizeof(line), f)) {
        double logged;
        if (sscanf(line, "%*f,%*d,%lf,", &logged) != 1) {
            fprintf(stderr, "%s: row %d: no loss\n", argv[0], steps + 1);
            ok = 0;
            break;
        }
        before = rel_err(&p, x);
        double want = gd_step(&p, x, g, lr);
        steps++;
        if (!close_to(logged, want)) {
            fprintf(stderr, "step %d: logged loss %.9g, reference %.9g\n",
                    steps, logged, want);
            ok = 0;
        }
    }
    fclose(f);
    double after = rel_err(&p, x);
    printf("gd-log: %d steps, final rel_err %.9g (run: %.9g)\n", steps, after,
           final);
    if (!close_to(final, after))
        ok = 0;
    if (has_target && !(before > target && after <= target)) {
        printf("gd-log: rel_err %.9g before the last step, %.9g after: not "
               "the first to reach %g\n",
               before, after, target);
        ok = 0;
    }
    problem_free(&p);
    free(x), free(g);
    return ok && steps > 0 ? 0 : 1;
}

static int gd(char **argv) {
    uint64_t n;
    float *dump = read_npy(argv[0], &n);
    problem_t p;
    problem_make(&p, argv + 1);
    uint64_t d = p.d;
    double lr = atof(argv[5]);
    int steps = atoi(argv[6]);
    if (n != d) {
        fprintf(stderr, "dump has %llu elements, expected %llu\n",
                (unsigned long long)n, (unsigned long long)d);
        return 1;
    }
    double *x = calloc(d, sizeof(double)), *g = malloc(d * sizeof(double));
    for (int k = 0; k < steps; k++)
        gd_step(&p, x, g, lr);
    double diff = rel_diff(dump, x, d), norm = 0;
    for (uint64_t j = 0; j < d; j++)
        norm += x[j] * x[j];
    printf("gd: %d steps, |x| = %.6g, relative difference to the dump %.3g\n",
           steps, sqrt(norm), diff);
    int ok = diff <= 1e-5 && norm > 0;
    problem_free(&p);
    free(x), free(g), free(dump);
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
                         tps__model_t **models, uint64_t d,
                         const tps__optim_t *o) {
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
        tps__model_t *m = models[ev[k].rank];
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
    tps__model_config_t mc;
    memset(&mc, 0, sizeof(mc));
    mc.model = "lsq";
    mc.workers = workers;
    mc.seed = strtoull(argv[3], NULL, 0);
    mc.rows = strtoull(argv[4], NULL, 0);
    mc.dim = strtoull(argv[5], NULL, 0);
    mc.cond = atof(argv[6]);
    tps__optim_t o;
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.lr = atof(argv[7]);
    char err[256];
    if (tps__optim_init(&o, &oc, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    tps__model_t *models[64];
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
        int got =
            sscanf(line, "%*f,%15[a-z],%d,%llu,%d,%llu,%llu,%*g,%*d,%*f,%llu",
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
    printf(
        "replay: %zu pushes, %zu dropped; dump vs replay of the applied: %.3g; "
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
    if ((argc == 9 || argc == 10) && strcmp(argv[1], "gd-log") == 0)
        return gd_log(argv + 2, argc == 10);
    if (argc == 10 && strcmp(argv[1], "replay") == 0)
        return replay(argv + 2);
    fprintf(stderr, "usage: lsq-reference gd NPY SEED ROWS DIM COND LR STEPS\n"
                    "       lsq-reference gd-log CSV SEED ROWS DIM COND LR "
                    "REL_ERR [TARGET]\n"
                    "       lsq-reference replay NPY TRACE WORKERS SEED ROWS "
                    "DIM COND LR\n");
    return 2;
}
