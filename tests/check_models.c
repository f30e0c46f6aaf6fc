/* SPDX-License-Identifier: MIT */
/* Unit tests of the built-in models (worker/models/model*.c) and the IDX loader
 * (worker/data/data_idx.c). Every check compares against a reference computed
 * here independently: eigenvalues by Jacobi rotations, gradients by central
 * finite differences and by closed forms, files written byte by byte.
 * The Fashion-MNIST tests need the dataset-fashion-mnist package and fail,
 * saying so, when its files are missing. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/data/data_idx.h"
#include "worker/models/model.h"
#include "worker/models/model_internal.h"
#include "testutil.h"
#include "tps_rng.h"

/* The learning rate model_lsq.c recommends for asynchronous SGD with
 * batch 32 on 4 workers. */
#define LSQ_LR 0.2
#define FASHION_DIR "/usr/share/datasets/fashion-mnist"

/* ---- helpers ---------------------------------------------------------- */

static tps__model_t *lsq_model(uint64_t m, uint64_t d, double cond, int eval,
                              int rank, int workers, uint64_t seed) {
    tps__model_config_t cfg = {.model = "lsq",
                              .rank = rank,
                              .workers = workers,
                              .eval = eval,
                              .seed = seed,
                              .cond = cond,
                              .rows = m,
                              .dim = d};
    return model_or_fail(&cfg, "");
}

/* The whole problem (A, b, x*) as tps__lsq_generate gives it. */
typedef struct lsq_data_s {
    size_t m, d;
    float *a, *b, *xstar;
} lsq_data_t;

static lsq_data_t lsq_data(uint64_t m, uint64_t d, double cond, uint64_t seed) {
    lsq_data_t p = {.m = m, .d = d};
    p.a = malloc(m * d * sizeof(float));
    p.b = malloc(m * sizeof(float));
    p.xstar = malloc(d * sizeof(float));
    ck_assert(p.a && p.b && p.xstar);
    char err[256] = "";
    int rc = tps__lsq_generate(seed, m, d, cond, 0, m, p.a, p.b, p.xstar, err,
                               sizeof(err));
    ck_assert_msg(rc == 0, "generate: %s", err);
    return p;
}

static void lsq_data_free(lsq_data_t *p) {
    free(p->a);
    free(p->b);
    free(p->xstar);
}

/* Eigenvalues of the symmetric d x d matrix s (destroyed), by cyclic Jacobi
 * rotations, sorted in decreasing order into ev. */
static void jacobi_eigenvalues(double *s, size_t d, double *ev) {
    for (int sweep = 0; sweep < 100; sweep++) {
        double off = 0, all = 0;
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j < d; j++) {
                all += s[i * d + j] * s[i * d + j];
                if (i != j)
                    off += s[i * d + j] * s[i * d + j];
            }
        if (off <= 1e-30 * all)
            break;
        for (size_t p = 0; p < d; p++)
            for (size_t q = p + 1; q < d; q++) {
                double apq = s[p * d + q];
                if (apq == 0)
                    continue;
                double theta = (s[q * d + q] - s[p * d + p]) / (2 * apq);
                double t = (theta >= 0 ? 1.0 : -1.0) /
                           (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), sn = t * c;
                for (size_t k = 0; k < d; k++) { /* columns p, q */
                    double kp = s[k * d + p], kq = s[k * d + q];
                    s[k * d + p] = c * kp - sn * kq;
                    s[k * d + q] = sn * kp + c * kq;
                }
                for (size_t k = 0; k < d; k++) { /* rows p, q */
                    double pk = s[p * d + k], qk = s[q * d + k];
                    s[p * d + k] = c * pk - sn * qk;
                    s[q * d + k] = sn * pk + c * qk;
                }
            }
    }
    for (size_t i = 0; i < d; i++)
        ev[i] = s[i * d + i];
    for (size_t i = 0; i < d; i++) /* insertion sort, decreasing */
        for (size_t j = i; j > 0 && ev[j] > ev[j - 1]; j--) {
            double t = ev[j];
            ev[j] = ev[j - 1];
            ev[j - 1] = t;
        }
}

/* The loss of rows at x, from the data directly, in double. */
static double lsq_ref_loss(const lsq_data_t *p, const float *x,
                           const uint32_t *rows, size_t n) {
    double sum = 0;
    for (size_t t = 0; t < n; t++) {
        double r = -(double)p->b[rows[t]];
        for (size_t k = 0; k < p->d; k++)
            r += (double)p->a[rows[t] * p->d + k] * (double)x[k];
        sum += r * r;
    }
    return sum / (2.0 * (double)n);
}

/* Plays `workers` asynchronous workers in round robin, as a parameter server
 * sees equally fast workers: each update applies a gradient computed at the
 * parameters its worker pulled after its own previous update, i.e. before the
 * workers-1 updates of the others (staleness workers-1). Worker w samples
 * minibatches from its own block of rows. Returns the number of updates after
 * which rel_err < target (checked every 50), or -1 if max_updates pass first
 * or the parameters blow up. */
static long async_sgd(tps__model_t *model, double lr, int batch, int workers,
                      long max_updates, double target, double *rel_out) {
    size_t d = model->tensors[0].len;
    float *x = calloc(d, sizeof(float));
    float *pulled = calloc((size_t)workers * d, sizeof(float));
    float *g = malloc(d * sizeof(float));
    uint32_t *rows = malloc((size_t)batch * sizeof(uint32_t));
    ck_assert(x && pulled && g && rows);
    tps__rng_t rng;
    tps__rng_seed(&rng, 99, 0);
    long done = -1;
    double rel = 1, loss = 0;
    for (long t = 0; t < max_updates; t++) {
        int w = (int)(t % workers);
        uint64_t lo, hi;
        ck_assert_int_eq(tps__split_block(model->nrows, w, workers, "rows", &lo,
                                          &hi, NULL, 0),
                         0);
        for (int i = 0; i < batch; i++)
            rows[i] = (uint32_t)(lo + tps__rng_below(&rng, hi - lo));
        float *mine = pulled + (size_t)w * d;
        const float *params[1] = {mine};
        float *grads[1] = {g};
        model->grad(model, params, grads, rows, (size_t)batch);
        for (size_t k = 0; k < d; k++)
            x[k] -= (float)lr * g[k];
        memcpy(mine, x, d * sizeof(float));
        if ((t + 1) % 50 == 0) {
            const float *now[1] = {x};
            ck_assert_int_eq(model->evaluate(model, now, &loss, &rel), 0);
            if (rel < target) {
                done = t + 1;
                break;
            }
            if (!(rel < 1e6))
                break;
        }
    }
    *rel_out = rel;
    free(x);
    free(pulled);
    free(g);
    free(rows);
    return done;
}

/* A synthetic data set of n images of dim pixels, uniform in [0, 1], labels
 * cycling through some classes. */
static tps__idx_set_t synthetic_set(size_t n, size_t dim, uint64_t seed) {
    tps__idx_set_t s = {.n = n, .dim = dim, .total = n};
    s.images = malloc(n * dim * sizeof(float));
    s.labels = malloc(n);
    ck_assert(s.images && s.labels);
    tps__rng_t rng;
    tps__rng_seed(&rng, seed, 0);
    for (size_t i = 0; i < n * dim; i++)
        s.images[i] = (float)tps__rng_uniform(&rng);
    for (size_t i = 0; i < n; i++)
        s.labels[i] = (uint8_t)((i * 3 + seed) % 10);
    return s;
}

/* Mean cross-entropy of rows of s at (w, bias) in double, class-major w. */
static double softmax_ref_loss(const tps__idx_set_t *s, const float *w,
                               const float *bias, const uint32_t *rows,
                               size_t n) {
    double sum = 0;
    for (size_t t = 0; t < n; t++) {
        const float *x = s->images + rows[t] * s->dim;
        double z[10];
        for (int c = 0; c < 10; c++) {
            z[c] = bias[c];
            for (size_t k = 0; k < s->dim; k++)
                z[c] += (double)w[c * s->dim + k] * x[k];
        }
        sum += ref_xent(z, s->labels[rows[t]]);
    }
    return sum / (double)n;
}

static tps__model_t *fashion_model(int eval, int rank, int workers) {
    tps__model_config_t cfg = {.model = "softmax",
                              .data = FASHION_DIR,
                              .rank = rank,
                              .workers = workers,
                              .eval = eval};
    return model_or_fail(
        &cfg, " (the dataset-fashion-mnist package should provide the files)");
}

static void put_be32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* An IDX images file image of n images of rows x cols with pixel
 * (i*31 + k*7) % 256; returns its length. buf must be large enough. */
static size_t idx_images(unsigned char *buf, uint32_t magic, uint32_t n,
                         uint32_t rows, uint32_t cols) {
    put_be32(buf, magic);
    put_be32(buf + 4, n);
    put_be32(buf + 8, rows);
    put_be32(buf + 12, cols);
    size_t dim = (size_t)rows * cols;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < dim; k++)
            buf[16 + i * dim + k] = (unsigned char)((i * 31 + k * 7) % 256);
    return 16 + n * dim;
}

static size_t idx_labels(unsigned char *buf, uint32_t n) {
    put_be32(buf, 0x00000801);
    put_be32(buf + 4, n);
    for (size_t i = 0; i < n; i++)
        buf[8 + i] = (unsigned char)((i * 7) % 10);
    return 8 + n;
}

/* Loads and expects failure with code rc and an error naming `path` and
 * containing `what`; the set must come back empty. */
static void expect_idx_error(const char *images, const char *labels, int rc,
                             const char *path, const char *what) {
    tps__idx_set_t set;
    char err[512] = "";
    int got = tps__idx_load(images, labels, 0, 1, &set, err, sizeof(err));
    ck_assert_msg(got == rc, "expected %d, got %d (%s)", rc, got, err);
    ck_assert_msg(strstr(err, path) != NULL, "error does not name %s: %s", path,
                  err);
    ck_assert_msg(strstr(err, what) != NULL, "error does not say \"%s\": %s",
                  what, err);
    ck_assert_ptr_null(set.images);
    ck_assert_ptr_null(set.labels);
    ck_assert_uint_eq(set.n, 0);
}

/* ---- registry and row blocks ------------------------------------------ */

START_TEST(test_unknown_model) {
    tps__model_config_t cfg = {.model = "svm", .workers = 1};
    tps__model_t *model = (tps__model_t *)&cfg; /* must be reset to NULL */
    char err[256] = "";
    ck_assert_int_eq(tps__model_new(&cfg, &model, err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_null(model);
    ck_assert_msg(strstr(err, "\"svm\"") && strstr(err, "\"lsq\"") &&
                      strstr(err, "\"softmax\""),
                  "%s", err);

    cfg.model = NULL;
    ck_assert_int_eq(tps__model_new(&cfg, &model, err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "\"lsq\"") && strstr(err, "\"softmax\""), "%s",
                  err);
    /* No error buffer is fine too. */
    ck_assert_int_eq(tps__model_new(&cfg, &model, NULL, 0), TPS_EINVAL);
}
END_TEST

START_TEST(test_block_partition) {
    const uint64_t ns[] = {1, 7, 10, 2048, 60000, 60001};
    const int ws[] = {1, 2, 3, 4, 7};
    for (size_t a = 0; a < sizeof(ns) / sizeof(ns[0]); a++)
        for (size_t c = 0; c < sizeof(ws) / sizeof(ws[0]); c++) {
            if ((uint64_t)ws[c] > ns[a])
                continue;
            uint64_t next = 0, q = ns[a] / (uint64_t)ws[c];
            for (int r = 0; r < ws[c]; r++) {
                uint64_t lo, hi;
                ck_assert_int_eq(tps__split_block(ns[a], r, ws[c], "rows", &lo,
                                                  &hi, NULL, 0),
                                 0);
                ck_assert_uint_eq(lo, next); /* contiguous, in rank order */
                ck_assert(hi - lo == q || hi - lo == q + 1);
                next = hi;
            }
            ck_assert_uint_eq(next, ns[a]); /* and covering every row */
        }
    uint64_t lo, hi;
    char err[256];
    ck_assert_int_eq(tps__split_block(10, 0, 0, "rows", &lo, &hi, err, 256),
                     TPS_EINVAL);
    ck_assert_int_eq(tps__split_block(10, -1, 2, "rows", &lo, &hi, err, 256),
                     TPS_EINVAL);
    ck_assert_int_eq(tps__split_block(10, 2, 2, "rows", &lo, &hi, err, 256),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "rank 2") != NULL, "%s", err);
    ck_assert_int_eq(tps__split_block(3, 0, 4, "lsq rows", &lo, &hi, err, 256),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "3 lsq rows") != NULL, "%s", err);
}
END_TEST

/* ---- lsq ---------------------------------------------------------------- */

/* The spectrum of A'A/m, by Jacobi on the generated matrix: exactly the
 * geometric sequence from 1 down to 1/cond, for a tall and a square A. */
START_TEST(test_lsq_spectrum) {
    const struct {
        uint64_t m, d;
        double cond;
    } cases[] = {{512, 32, 100}, {48, 48, 1000}, {2048, 64, 100}};
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        size_t m = cases[c].m, d = cases[c].d;
        lsq_data_t p = lsq_data(m, d, cases[c].cond, 7 + c);
        double *h = calloc(d * d, sizeof(double)), *ev = malloc(d * 8);
        ck_assert(h && ev);
        for (size_t i = 0; i < m; i++)
            for (size_t j = 0; j < d; j++)
                for (size_t k = 0; k < d; k++)
                    h[j * d + k] +=
                        (double)p.a[i * d + j] * p.a[i * d + k] / (double)m;
        /* H must not be diagonal: the random rotation V is applied. */
        double off = 0;
        for (size_t j = 1; j < d; j++)
            off = fmax(off, fabs(h[j]));
        ck_assert_msg(off > 1e-3, "H looks diagonal (max |H_0j| = %g)", off);
        jacobi_eigenvalues(h, d, ev);
        for (size_t j = 0; j < d; j++) {
            double want = pow(cases[c].cond, -(double)j / (double)(d - 1));
            ck_assert_msg(fabs(ev[j] - want) <= 1e-4 * want + 1e-6,
                          "%zux%zu: eigenvalue %zu is %.9g, expected %.9g", m,
                          d, j, ev[j], want);
        }
        ck_assert_double_eq_tol(ev[0] / ev[d - 1], cases[c].cond,
                                1e-3 * cases[c].cond);
        free(h);
        free(ev);
        lsq_data_free(&p);
    }
}
END_TEST

/* The model's own gradient applies H: grad(v) - grad(0) = H v over all rows,
 * so power iteration through grad() must find lambda_max = 1 for the default
 * problem (2048 x 64, cond 100). */
START_TEST(test_lsq_power_iteration) {
    tps__model_t *model = lsq_model(0, 0, 0, 1, 0, 1, 3);
    ck_assert_uint_eq(model->nrows, 2048);
    ck_assert_uint_eq(model->tensors[0].len, 64);
    ck_assert_str_eq(model->tensors[0].name, "w");
    ck_assert_int_eq(model->tensors[0].init, TPS_INIT_ZEROS);
    size_t d = 64, m = model->nrows;
    uint32_t *rows = all_rows(m);
    float *v = malloc(d * 4), *g0 = malloc(d * 4), *gv = malloc(d * 4);
    float *zero = calloc(d, 4);
    ck_assert(v && g0 && gv && zero);
    const float *p0[1] = {zero};
    float *out0[1] = {g0};
    model->grad(model, p0, out0, rows, m);
    for (size_t k = 0; k < d; k++)
        v[k] = 1.0f / 8;
    double lambda = 0;
    for (int it = 0; it < 300; it++) {
        const float *pv[1] = {v};
        float *outv[1] = {gv};
        model->grad(model, pv, outv, rows, m);
        double vhv = 0, vv = 0, hv2 = 0;
        for (size_t k = 0; k < d; k++) {
            double hv = (double)gv[k] - g0[k];
            vhv += v[k] * hv;
            vv += (double)v[k] * v[k];
            hv2 += hv * hv;
        }
        lambda = vhv / vv;
        for (size_t k = 0; k < d; k++)
            v[k] = (float)(((double)gv[k] - g0[k]) / sqrt(hv2));
    }
    ck_assert_double_eq_tol(lambda, 1.0, 1e-3);
    free(rows);
    free(v);
    free(g0);
    free(gv);
    free(zero);
    model->destroy(model);
}
END_TEST

/* b = A x* (so the loss is 0 at x*), and the problem is a function of the
 * seed alone. */
START_TEST(test_lsq_consistent) {
    size_t m = 700, d = 20;
    lsq_data_t p = lsq_data(m, d, 50, 11), again = lsq_data(m, d, 50, 11);
    lsq_data_t other = lsq_data(m, d, 50, 12);
    for (size_t i = 0; i < m; i++) {
        double ax = 0, mag = 0;
        for (size_t k = 0; k < d; k++) {
            ax += (double)p.a[i * d + k] * p.xstar[k];
            mag += fabs((double)p.a[i * d + k] * p.xstar[k]);
        }
        ck_assert_msg(fabs(ax - p.b[i]) <= 1e-7 * (fabs(ax) + 1e-3 * mag),
                      "row %zu: A x* = %.9g but b = %.9g", i, ax, p.b[i]);
    }
    ck_assert(memcmp(p.a, again.a, m * d * 4) == 0);
    ck_assert(memcmp(p.b, again.b, m * 4) == 0);
    ck_assert(memcmp(p.xstar, again.xstar, d * 4) == 0);
    ck_assert(memcmp(p.a, other.a, m * d * 4) != 0);
    ck_assert(memcmp(p.xstar, other.xstar, d * 4) != 0);

    tps__model_t *model = lsq_model(m, d, 50, 1, 0, 1, 11);
    double loss, rel, bb = 0;
    const float *at_opt[1] = {p.xstar};
    ck_assert_int_eq(model->evaluate(model, at_opt, &loss, &rel), 0);
    ck_assert_double_eq(rel, 0.0);
    ck_assert_double_le(loss, 1e-12);
    float *zero = calloc(d, 4);
    ck_assert_ptr_nonnull(zero);
    const float *at_zero[1] = {zero};
    ck_assert_int_eq(model->evaluate(model, at_zero, &loss, &rel), 0);
    for (size_t i = 0; i < m; i++)
        bb += (double)p.b[i] * p.b[i];
    ck_assert_double_eq_tol(rel, 1.0, 1e-12);
    ck_assert_double_eq_tol(loss, bb / (2.0 * m), 1e-9 * bb);
    free(zero);
    model->destroy(model);
    lsq_data_free(&p);
    lsq_data_free(&again);
    lsq_data_free(&other);
}
END_TEST

/* The blocks of W workers, concatenated, are the full matrix, and a worker's
 * model serves its own block: a single-row gradient at 0 is -a_i b_i. */
START_TEST(test_lsq_split) {
    size_t m = 1000, d = 16;
    lsq_data_t full = lsq_data(m, d, 30, 5);
    const int ws[] = {1, 3, 4, 7};
    float *a = malloc(m * d * 4), *b = malloc(m * 4), *xs = malloc(d * 4);
    float *zero = calloc(d, 4), *g = malloc(d * 4);
    ck_assert(a && b && xs && zero && g);
    for (size_t c = 0; c < sizeof(ws) / sizeof(ws[0]); c++) {
        uint64_t covered = 0;
        for (int r = 0; r < ws[c]; r++) {
            uint64_t lo, hi;
            ck_assert_int_eq(
                tps__split_block(m, r, ws[c], "rows", &lo, &hi, NULL, 0), 0);
            ck_assert_int_eq(
                tps__lsq_generate(5, m, d, 30, lo, hi, a, b, xs, NULL, 0), 0);
            ck_assert(memcmp(a, full.a + lo * d, (hi - lo) * d * 4) == 0);
            ck_assert(memcmp(b, full.b + lo, (hi - lo) * 4) == 0);
            ck_assert(memcmp(xs, full.xstar, d * 4) == 0);
            covered += hi - lo;

            tps__model_t *model = lsq_model(m, d, 30, 0, r, ws[c], 5);
            ck_assert_uint_eq(model->nrows, hi - lo);
            for (uint32_t j = 0; j < hi - lo; j += 37) {
                const float *p[1] = {zero};
                float *gr[1] = {g};
                double loss = model->grad(model, p, gr, &j, 1);
                double bi = full.b[lo + j];
                ck_assert_double_eq_tol(loss, bi * bi / 2, 1e-12 * bi * bi);
                for (size_t k = 0; k < d; k++)
                    ck_assert_double_eq_tol(g[k],
                                            -full.a[(lo + j) * d + k] * bi,
                                            1e-6 * (1 + fabs(bi)));
            }
            double l, rel;
            const float *p[1] = {zero};
            ck_assert_int_eq(model->evaluate(model, p, &l, &rel),
                             ws[c] == 1 ? 0 : TPS_EINVAL);
            model->destroy(model);
        }
        ck_assert_uint_eq(covered, m);
    }
    free(a);
    free(b);
    free(xs);
    free(zero);
    free(g);
    lsq_data_free(&full);
}
END_TEST

/* grad() against central differences of the loss computed here from A and b
 * in double (exact for a quadratic up to rounding), on a minibatch with a
 * repeated row. */
START_TEST(test_lsq_grad_fd) {
    size_t m = 300, d = 12, n = 40;
    lsq_data_t p = lsq_data(m, d, 20, 21);
    tps__model_t *model = lsq_model(m, d, 20, 1, 0, 1, 21);
    tps__rng_t rng;
    tps__rng_seed(&rng, 4, 0);
    float x[12], g[12];
    uint32_t rows[40];
    for (size_t k = 0; k < d; k++)
        x[k] = (float)tps__rng_normal(&rng);
    for (size_t t = 0; t < n; t++)
        rows[t] = (uint32_t)tps__rng_below(&rng, m);
    rows[n - 1] = rows[0];
    const float *px[1] = {x};
    float *pg[1] = {g};
    double loss = model->grad(model, px, pg, rows, n);
    ck_assert_double_eq_tol(loss, lsq_ref_loss(&p, x, rows, n),
                            1e-12 * (1 + loss));
    double gmax = 0;
    for (size_t k = 0; k < d; k++)
        gmax = fmax(gmax, fabs(g[k]));
    for (size_t k = 0; k < d; k++) {
        float xp[12], xm[12];
        memcpy(xp, x, sizeof(x));
        memcpy(xm, x, sizeof(x));
        xp[k] += 0x1p-6f;
        xm[k] -= 0x1p-6f;
        double fd =
            (lsq_ref_loss(&p, xp, rows, n) - lsq_ref_loss(&p, xm, rows, n)) /
            ((double)xp[k] - (double)xm[k]);
        ck_assert_msg(fabs(fd - g[k]) <= 1e-5 * gmax,
                      "coordinate %zu: grad %.9g, finite difference %.9g", k,
                      g[k], fd);
    }
    /* An empty batch is a zero gradient, not a division by zero. */
    ck_assert_double_eq(model->grad(model, px, pg, rows, 0), 0.0);
    for (size_t k = 0; k < d; k++)
        ck_assert_float_eq(g[k], 0.0f);
    model->destroy(model);
    lsq_data_free(&p);
}
END_TEST

/* The recommended lr converges under the staleness of 4 workers and of
 * sequential SGD, on the default problem, well within the bound; at three
 * times the rate, 4 stale workers diverge (the stability limit is ~0.45),
 * which shows the simulation does feel staleness. */
START_TEST(test_lsq_sgd) {
    tps__model_t *model = lsq_model(0, 0, 0, 1, 0, 1, 1);
    double rel;
    long seq = async_sgd(model, LSQ_LR, 32, 1, 4000, 1e-3, &rel);
    ck_assert_msg(seq > 0, "sequential SGD at lr %g: rel_err %g after 4000",
                  LSQ_LR, rel);
    long async4 = async_sgd(model, LSQ_LR, 32, 4, 4000, 1e-3, &rel);
    ck_assert_msg(async4 > 0, "4 stale workers at lr %g: rel_err %g after 4000",
                  LSQ_LR, rel);
    long fast = async_sgd(model, 3 * LSQ_LR, 32, 4, 4000, 1e-3, &rel);
    ck_assert_msg(fast < 0, "4 stale workers at lr %g converged in %ld",
                  3 * LSQ_LR, fast);
    model->destroy(model);
}
END_TEST

/* Full-batch gradient descent from 0 over every row `model` holds, at lr
 * 1 / lambda_max = 1 (cond 10: converges fast); writes the limit into x. */
static void lsq_gd(tps__model_t *model, float *x, int steps) {
    size_t d = model->tensors[0].len, n = model->nrows;
    uint32_t *rows = malloc(n * sizeof(*rows));
    float *g = malloc(d * sizeof(float));
    for (size_t i = 0; i < n; i++)
        rows[i] = (uint32_t)i;
    memset(x, 0, d * sizeof(float));
    for (int k = 0; k < steps; k++) {
        model->grad(model, (const float *const *)&x, &g, rows, n);
        for (size_t j = 0; j < d; j++)
            x[j] -= g[j];
    }
    free(rows);
    free(g);
}

static tps__model_t *lsq_shaped(int eval, int rank, int workers, double noise,
                               double hetero) {
    tps__model_config_t cfg = {.model = "lsq", .rank = rank, .workers = workers,
                              .eval = eval, .seed = 5, .cond = 10, .rows = 400,
                              .dim = 8, .noise = noise, .hetero = hetero};
    return model_or_fail(&cfg, "");
}

/* --noise: the evaluator scores from the least-squares optimum, which
 * descent on all rows reaches (rel_err -> 0), and whose loss is about
 * sigma^2 (m - d) / (2m), what the noise leaves unexplained. --hetero: each
 * worker's rows, without noise, are a consistent system of their own, so
 * descent on one worker's rows drives its loss to 0 at a point that is not
 * the other worker's, and the evaluator's optimum lies between them. */
START_TEST(test_lsq_noise_hetero) {
    float x[8], x0[8], x1[8];
    double loss, rel;
    tps__model_t *ev = lsq_shaped(1, 0, 2, 0.5, 0);
    lsq_gd(ev, x, 2000);
    const float *px = x;
    ck_assert_int_eq(ev->evaluate(ev, &px, &loss, &rel), 0);
    ck_assert_msg(rel < 1e-4, "descent on all rows ends %g from the optimum",
                  rel);
    double want = 0.25 * (400 - 8) / (2.0 * 400);
    ck_assert_msg(fabs(loss - want) < 0.2 * want, "loss at the optimum %g, "
                  "expected about %g", loss, want);
    ck_assert(strstr(ev->info, "least-squares optimum") != NULL);
    ev->destroy(ev);

    ev = lsq_shaped(1, 0, 2, 0, 0.3);
    tps__model_t *w0 = lsq_shaped(0, 0, 2, 0, 0.3),
                 *w1 = lsq_shaped(0, 1, 2, 0, 0.3);
    ck_assert_str_eq(w0->info, ""); /* workers do not solve for it */
    lsq_gd(w0, x0, 2000);
    lsq_gd(w1, x1, 2000);
    uint32_t rows[200];
    float g[8], *pg = g;
    for (int i = 0; i < 200; i++)
        rows[i] = (uint32_t)i;
    const float *p0 = x0, *p1 = x1;
    ck_assert_msg(w0->grad(w0, &p0, &pg, rows, 200) < 1e-8,
                  "worker 0's rows have no exact optimum");
    ck_assert_msg(w1->grad(w1, &p1, &pg, rows, 200) < 1e-8,
                  "worker 1's rows have no exact optimum");
    ck_assert_msg(w0->grad(w0, &p1, &pg, rows, 200) > 1e-3,
                  "worker 1's optimum fits worker 0's rows");
    double r0, r1;
    ck_assert_int_eq(ev->evaluate(ev, &p0, &loss, &r0), 0);
    ck_assert_int_eq(ev->evaluate(ev, &p1, &loss, &r1), 0);
    ck_assert_msg(r0 > 0.05 && r1 > 0.05, "optima %g and %g from the global",
                  r0, r1);
    for (int j = 0; j < 8; j++)
        x[j] = 0.5f * (x0[j] + x1[j]);
    ck_assert_int_eq(ev->evaluate(ev, &px, &loss, &rel), 0);
    ck_assert_msg(rel < 0.5 * (r0 < r1 ? r0 : r1),
                  "the midpoint of the workers' optima (%g) is no nearer the "
                  "global one than they are (%g, %g)", rel, r0, r1);
    ev->destroy(ev);
    w0->destroy(w0);
    w1->destroy(w1);
}
END_TEST

START_TEST(test_lsq_bad_config) {
    const struct {
        uint64_t m, d;
        double cond;
        int rank, workers;
        const char *says;
    } cases[] = {
        {100, 10, 0.5, 0, 1, "condition number"},
        {10, 20, 10, 0, 1, "10 rows < 20 unknowns"},
        {100, 1, 10, 0, 1, "at least 2 unknowns"},
        {100, 10, 10, 4, 4, "rank 4"},
        {100, 10, 10, 0, 0, "0 workers"},
        {3, 2, 10, 0, 4, "3 lsq rows"},
    };
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        tps__model_config_t cfg = {.model = "lsq",
                                  .rank = cases[c].rank,
                                  .workers = cases[c].workers,
                                  .cond = cases[c].cond,
                                  .rows = cases[c].m,
                                  .dim = cases[c].d};
        tps__model_t *model = NULL;
        char err[256] = "";
        ck_assert_int_eq(tps__model_new(&cfg, &model, err, sizeof(err)),
                         TPS_EINVAL);
        ck_assert_ptr_null(model);
        ck_assert_msg(strstr(err, cases[c].says) != NULL,
                      "case %zu: \"%s\" lacks \"%s\"", c, err, cases[c].says);
    }
}
END_TEST

/* The largest size the brief promises still builds, for one worker's block. */
START_TEST(test_lsq_large) {
    tps__model_t *model = lsq_model(100000, 100, 100, 0, 3, 4, 1);
    ck_assert_uint_eq(model->nrows, 25000);
    model->destroy(model);
}
END_TEST

/* ---- softmax ------------------------------------------------------------ */

/* grad() against central differences (of the loss in double computed here)
 * on every coordinate of a tiny synthetic problem. */
START_TEST(test_softmax_grad_fd) {
    size_t dim = 5, n = 9;
    tps__idx_set_t train = synthetic_set(n, dim, 1),
                  test = synthetic_set(4, dim, 2);
    tps__idx_set_t keep = synthetic_set(n, dim, 1); /* the model takes train */
    tps__model_t *model = NULL;
    char err[256] = "";
    ck_assert_int_eq(
        tps__model_softmax_from_sets(&train, &test, &model, err, sizeof(err)),
        0);
    ck_assert_ptr_null(train.images); /* ownership moved */
    ck_assert_uint_eq(model->nrows, n);
    ck_assert_uint_eq(model->tensors[0].len, 10 * dim);
    ck_assert_uint_eq(model->tensors[1].len, 10);
    ck_assert_str_eq(model->tensors[0].name, "W");
    ck_assert_str_eq(model->tensors[1].name, "b");
    ck_assert_str_eq(model->metric_name, "accuracy");

    float w[50], b[10], gw[50], gb[10];
    tps__rng_t rng;
    tps__rng_seed(&rng, 8, 0);
    for (int i = 0; i < 50; i++)
        w[i] = (float)(0.8 * tps__rng_normal(&rng));
    for (int i = 0; i < 10; i++)
        b[i] = (float)(0.5 * tps__rng_normal(&rng));
    uint32_t rows[] = {0, 3, 3, 8, 5, 1};
    size_t nr = sizeof(rows) / sizeof(rows[0]);
    const float *params[2] = {w, b};
    float *grads[2] = {gw, gb};
    double loss = model->grad(model, params, grads, rows, nr);
    ck_assert_double_eq_tol(loss, softmax_ref_loss(&keep, w, b, rows, nr),
                            1e-6);
    for (int t = 0; t < 2; t++) {
        float *p = t == 0 ? w : b, *g = t == 0 ? gw : gb;
        for (int k = 0; k < (t == 0 ? 50 : 10); k++) {
            float save = p[k];
            p[k] = save + 0x1p-7f;
            double up = softmax_ref_loss(&keep, w, b, rows, nr);
            float hi = p[k];
            p[k] = save - 0x1p-7f;
            double down = softmax_ref_loss(&keep, w, b, rows, nr);
            double fd = (up - down) / ((double)hi - (double)p[k]);
            p[k] = save;
            ck_assert_msg(fabs(fd - g[k]) <= 1e-4,
                          "%s[%d]: grad %.7g, finite difference %.7g",
                          t == 0 ? "W" : "b", k, g[k], fd);
        }
    }
    tps__idx_free(&keep);
    model->destroy(model);
}
END_TEST

/* At zero weights every class has probability 1/10: the loss is ln 10 and the
 * gradient has the closed form dW_c = mean((1/10 - [y = c]) x), db_c =
 * 1/10 - freq(c); ties predict class 0. */
START_TEST(test_softmax_zero_weights) {
    size_t dim = 7, n = 23;
    tps__idx_set_t train = synthetic_set(n, dim, 3),
                  test = synthetic_set(31, dim, 4);
    tps__idx_set_t keep = synthetic_set(n, dim, 3);
    size_t zeros_in_test = 0;
    for (size_t i = 0; i < test.n; i++)
        zeros_in_test += test.labels[i] == 0;
    tps__model_t *model = NULL;
    ck_assert_int_eq(
        tps__model_softmax_from_sets(&train, &test, &model, NULL, 0), 0);
    float w[70] = {0}, b[10] = {0}, gw[70], gb[10];
    uint32_t rows[23];
    for (uint32_t i = 0; i < n; i++)
        rows[i] = i;
    const float *params[2] = {w, b};
    float *grads[2] = {gw, gb};
    ck_assert_double_eq_tol(model->grad(model, params, grads, rows, n),
                            log(10.0), 1e-12);
    for (int c = 0; c < 10; c++) {
        double db = 0;
        for (size_t i = 0; i < n; i++)
            db += (0.1 - (keep.labels[i] == c)) / (double)n;
        ck_assert_double_eq_tol(gb[c], db, 1e-6);
        for (size_t k = 0; k < dim; k++) {
            double dw = 0;
            for (size_t i = 0; i < n; i++)
                dw += (0.1 - (keep.labels[i] == c)) * keep.images[i * dim + k] /
                      (double)n;
            ck_assert_double_eq_tol(gw[c * dim + k], dw, 1e-6);
        }
    }
    double loss, acc;
    ck_assert_int_eq(model->evaluate(model, params, &loss, &acc), 0);
    ck_assert_double_eq_tol(loss, log(10.0), 1e-12);
    ck_assert_double_eq_tol(acc, (double)zeros_in_test / 31, 1e-12);
    tps__idx_free(&keep);
    model->destroy(model);
}
END_TEST

/* from_sets consumes its sets on failure too (LeakSanitizer checks). */
START_TEST(test_softmax_bad_sets) {
    tps__idx_set_t train = synthetic_set(5, 6, 1),
                   test = synthetic_set(5, 7, 1);
    tps__model_t *model = NULL;
    char err[256] = "";
    ck_assert_int_eq(
        tps__model_softmax_from_sets(&train, &test, &model, err, sizeof(err)),
        TPS_EINVAL);
    ck_assert_ptr_null(model);
    ck_assert_ptr_null(train.images);
    ck_assert_ptr_null(test.images);
    ck_assert_msg(strstr(err, "6 pixels") && strstr(err, "7"), "%s", err);
    ck_assert_int_eq(
        tps__model_softmax_from_sets(&train, &test, &model, err, sizeof(err)),
        TPS_EINVAL);
    ck_assert_msg(strstr(err, "no images") != NULL, "%s", err);

    tps__model_config_t cfg = {
        .model = "softmax", .data = "/nonexistent/dir", .workers = 1};
    ck_assert_int_eq(tps__model_new(&cfg, &model, err, sizeof(err)), TPS_EIO);
    ck_assert_msg(strstr(err, "/nonexistent/dir/train-images-idx3-ubyte.gz") !=
                      NULL,
                  "%s", err);
}
END_TEST

/* Real Fashion-MNIST: a worker's quarter of the training set and the
 * evaluator's test set; a few hundred SGD steps exceed 70% test accuracy. */
START_TEST(test_softmax_fashion_sgd) {
    tps__model_t *train = fashion_model(0, 1, 4);
    tps__model_t *eval = fashion_model(1, 0, 1);
    ck_assert_uint_eq(train->nrows, 15000);
    ck_assert_uint_eq(eval->nrows, 0);
    ck_assert_uint_eq(train->tensors[0].len, 7840);
    ck_assert_uint_eq(eval->tensors[0].len, 7840);
    float *w = calloc(7840, 4), *gw = malloc(7840 * 4), b[10] = {0}, gb[10];
    ck_assert(w && gw);
    const float *params[2] = {w, b};
    float *grads[2] = {gw, gb};
    double loss, acc;
    ck_assert_int_eq(train->evaluate(train, params, &loss, &acc), TPS_EINVAL);
    ck_assert_int_eq(eval->evaluate(eval, params, &loss, &acc), 0);
    ck_assert_double_eq_tol(loss, log(10.0), 1e-9);
    ck_assert_double_eq_tol(acc, 0.1, 1e-12); /* test classes are balanced */

    tps__rng_t rng;
    tps__rng_seed(&rng, 5, 1);
    uint32_t rows[64];
    double first = 0, last = 0;
    for (int step = 0; step < 300; step++) {
        for (int i = 0; i < 64; i++)
            rows[i] = (uint32_t)tps__rng_below(&rng, train->nrows);
        double l = train->grad(train, params, grads, rows, 64);
        if (step < 20)
            first += l / 20;
        if (step >= 280)
            last += l / 20;
        for (int k = 0; k < 7840; k++)
            w[k] -= 0.05f * gw[k];
        for (int c = 0; c < 10; c++)
            b[c] -= 0.05f * gb[c];
    }
    ck_assert_int_eq(eval->evaluate(eval, params, &loss, &acc), 0);
    ck_assert_msg(acc > 0.70, "test accuracy %.4f after 300 steps", acc);
    ck_assert_msg(loss < 0.9 && last < first, "test loss %.4f, train %g -> %g",
                  loss, first, last);
    free(w);
    free(gw);
    train->destroy(train);
    eval->destroy(eval);
}
END_TEST

/* ---- IDX reader -----------------------------------------------------------
 */

START_TEST(test_idx_roundtrip) {
    tmpdir_t t;
    tmp_init(&t);
    unsigned char img[16 + 7 * 6], lab[8 + 7];
    const char *ip = tmp_path(&t, "img.gz"), *lp = tmp_path(&t, "lab.gz");
    const char *raw = tmp_path(&t, "img.raw");
    write_gz(ip, img, idx_images(img, 0x803, 7, 3, 2));
    write_raw(raw, img, sizeof(img)); /* uncompressed works too */
    write_gz(lp, lab, idx_labels(lab, 7));
    tps__idx_set_t all, part;
    char err[512] = "";
    ck_assert_msg(tps__idx_load(ip, lp, 0, 1, &all, err, sizeof(err)) == 0,
                  "%s", err);
    ck_assert_uint_eq(all.n, 7);
    ck_assert_uint_eq(all.dim, 6);
    ck_assert_uint_eq(all.total, 7);
    for (size_t i = 0; i < 7; i++) {
        ck_assert_uint_eq(all.labels[i], (i * 7) % 10);
        for (size_t k = 0; k < 6; k++)
            ck_assert_float_eq(all.images[i * 6 + k],
                               (float)((i * 31 + k * 7) % 256) / 255.0f);
    }
    ck_assert_int_eq(tps__idx_load(raw, lp, 0, 1, &part, err, sizeof(err)), 0);
    ck_assert(memcmp(part.images, all.images, 7 * 6 * 4) == 0);
    tps__idx_free(&part);
    size_t next = 0;
    for (int r = 0; r < 3; r++) {
        ck_assert_int_eq(tps__idx_load(ip, lp, r, 3, &part, err, sizeof(err)),
                         0);
        ck_assert_uint_eq(part.first, next);
        ck_assert(memcmp(part.images, all.images + next * 6, part.n * 6 * 4) ==
                  0);
        ck_assert(memcmp(part.labels, all.labels + next, part.n) == 0);
        next += part.n;
        tps__idx_free(&part);
    }
    ck_assert_uint_eq(next, 7);
    ck_assert_int_eq(tps__idx_load(ip, lp, 0, 8, &part, err, sizeof(err)),
                     TPS_EINVAL);
    tps__idx_free(&all);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_idx_truncated) {
    tmpdir_t t;
    tmp_init(&t);
    unsigned char img[16 + 7 * 6], lab[8 + 7];
    const char *ip = tmp_path(&t, "img.gz"), *lp = tmp_path(&t, "lab.gz");
    size_t len = idx_images(img, 0x803, 7, 3, 2);
    write_gz(lp, lab, idx_labels(lab, 7));
    write_gz(ip, img, len - 9); /* 5.5 images */
    expect_idx_error(ip, lp, TPS_EIO, ip, "truncated");
    write_gz(ip, img, 10); /* inside the header */
    expect_idx_error(ip, lp, TPS_EIO, ip, "header");
    write_gz(ip, img, 0);
    expect_idx_error(ip, lp, TPS_EIO, ip, "ends after 0 bytes");
    write_gz(ip, img, len);
    write_gz(lp, lab, 8 + 3);
    expect_idx_error(ip, lp, TPS_EIO, lp, "truncated");
    tmp_clean(&t);
}
END_TEST

/* A gzip stream cut in the middle, and garbage behind a gzip header. */
START_TEST(test_idx_corrupt_gzip) {
    tmpdir_t t;
    tmp_init(&t);
    size_t n = 300, len = 16 + n * 64;
    unsigned char *img = malloc(len), lab[8 + 300];
    ck_assert_ptr_nonnull(img);
    const char *ip = tmp_path(&t, "img.gz"), *lp = tmp_path(&t, "lab.gz");
    idx_images(img, 0x803, (uint32_t)n, 8, 8);
    tps__rng_t rng;
    tps__rng_seed(&rng, 1, 0);
    for (size_t i = 16; i < len; i++) /* incompressible pixels */
        img[i] = (unsigned char)tps__rng_below(&rng, 256);
    write_gz(lp, lab, idx_labels(lab, (uint32_t)n));
    write_gz(ip, img, len);

    FILE *f = fopen(ip, "rb");
    ck_assert_ptr_nonnull(f);
    unsigned char *gz = malloc(len + 1024);
    ck_assert_ptr_nonnull(gz);
    size_t gzlen = fread(gz, 1, len + 1024, f);
    fclose(f);
    ck_assert_uint_gt(gzlen, 1000);
    write_raw(ip, gz, gzlen / 2);
    expect_idx_error(ip, lp, TPS_EIO, ip, "truncated");

    for (size_t i = 10; i < gzlen; i++) /* keep the 10-byte gzip header */
        gz[i] = (unsigned char)tps__rng_below(&rng, 256);
    write_raw(ip, gz, gzlen);
    expect_idx_error(ip, lp, TPS_EIO, ip, "IDX images file");

    /* Garbage without a gzip header is read as is and fails the magic. */
    write_raw(ip, gz + 10, gzlen - 10);
    expect_idx_error(ip, lp, TPS_EIO, ip, "magic");
    free(img);
    free(gz);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_idx_bad_content) {
    tmpdir_t t;
    tmp_init(&t);
    unsigned char img[16 + 7 * 6 + 1], lab[8 + 7 + 1];
    const char *ip = tmp_path(&t, "img.gz"), *lp = tmp_path(&t, "lab.gz");
    size_t ilen = idx_images(img, 0x803, 7, 3, 2);
    size_t llen = idx_labels(lab, 7);
    write_gz(ip, img, ilen);

    /* Files swapped: the labels file is no images file and vice versa. */
    write_gz(lp, lab, llen);
    expect_idx_error(lp, ip, TPS_EIO, lp, "magic number is 0x00000801");
    expect_idx_error(ip, ip, TPS_EIO, ip, "not an IDX labels file");

    put_be32(lab + 4, 6); /* 6 labels for 7 images */
    write_gz(lp, lab, llen - 1);
    expect_idx_error(ip, lp, TPS_EIO, lp, "7 images");
    expect_idx_error(ip, lp, TPS_EIO, ip, "6 labels");

    idx_labels(lab, 7);
    lab[8 + 4] = 10;
    write_gz(lp, lab, llen);
    expect_idx_error(ip, lp, TPS_EIO, lp, "label 10 of item 4");

    idx_labels(lab, 7);
    write_gz(lp, lab, llen + 1); /* one byte too many */
    expect_idx_error(ip, lp, TPS_EIO, lp, "unexpected data");
    write_gz(lp, lab, llen);
    write_gz(ip, img, ilen + 1);
    expect_idx_error(ip, lp, TPS_EIO, ip, "unexpected data");

    idx_images(img, 0x803, 7, 0, 2);
    write_gz(ip, img, 16);
    expect_idx_error(ip, lp, TPS_EIO, ip, "0x2 pixels");
    idx_images(img, 0x803, 0, 3, 2);
    write_gz(ip, img, 16);
    expect_idx_error(ip, lp, TPS_EIO, ip, "no images");

    const char *missing = tmp_path(&t, "missing.gz");
    expect_idx_error(missing, lp, TPS_EIO, missing, "No such file");
    tmp_clean(&t);
}
END_TEST

/* Shown by tests/fuzz/fuzz_idx on regress/idx/huge-count: headers that
 * announce 2^32 - 1 images of 4096 x 4096 pixels made the reader allocate
 * for all of them before reading any, which no machine can (and which an
 * ASan build aborts on); the files are just truncated. */
START_TEST(test_idx_header_claims_more) {
    tmpdir_t t;
    tmp_init(&t);
    unsigned char img[16], lab[8 + 3];
    const char *ip = tmp_path(&t, "img.gz"), *lp = tmp_path(&t, "lab.gz");
    put_be32(img, 0x803);
    put_be32(img + 4, 0xffffffffu);
    put_be32(img + 8, 4096);
    put_be32(img + 12, 4096);
    write_gz(ip, img, sizeof(img));
    idx_labels(lab, 3);
    put_be32(lab + 4, 0xffffffffu);
    write_gz(lp, lab, sizeof(lab));
    expect_idx_error(ip, lp, TPS_EIO, lp, "ends after 3");
    /* Labels that are all there do not vouch for the images. */
    put_be32(img + 4, 3);
    write_gz(ip, img, sizeof(img));
    idx_labels(lab, 3);
    write_gz(lp, lab, sizeof(lab));
    expect_idx_error(ip, lp, TPS_EIO, ip, "ends after 0");
    tmp_clean(&t);
}
END_TEST

/* On the real test set: 3 blocks concatenated are the whole set. */
START_TEST(test_idx_fashion_split) {
    const char *ip = FASHION_DIR "/t10k-images-idx3-ubyte.gz";
    const char *lp = FASHION_DIR "/t10k-labels-idx1-ubyte.gz";
    tps__idx_set_t all, part;
    char err[512] = "";
    ck_assert_msg(tps__idx_load(ip, lp, 0, 1, &all, err, sizeof(err)) == 0,
                  "%s (the dataset-fashion-mnist package should provide it)",
                  err);
    ck_assert_uint_eq(all.n, 10000);
    ck_assert_uint_eq(all.dim, 784);
    size_t counts[10] = {0}, next = 0;
    for (size_t i = 0; i < all.n; i++)
        counts[all.labels[i]]++;
    for (int c = 0; c < 10; c++)
        ck_assert_uint_eq(counts[c], 1000);
    for (int r = 0; r < 3; r++) {
        ck_assert_int_eq(tps__idx_load(ip, lp, r, 3, &part, err, sizeof(err)),
                         0);
        ck_assert_uint_eq(part.first, next);
        ck_assert(memcmp(part.images, all.images + next * 784,
                         part.n * 784 * 4) == 0);
        ck_assert(memcmp(part.labels, all.labels + next, part.n) == 0);
        next += part.n;
        tps__idx_free(&part);
    }
    ck_assert_uint_eq(next, 10000);
    tps__idx_free(&all);
}
END_TEST

/* ---- suites ------------------------------------------------------------- */

/* --split: every row goes to exactly one worker; label-sorted gives each
 * of 10 workers one class of 10 equal ones; Dirichlet with a large ALPHA
 * is close to an even share of every class, with a small one a worker's
 * rows are mostly one class; the same seed gives the same assignment. */
START_TEST(test_split_rows) {
    enum { N = 2000, W = 10, C = 10 };
    static int cls[N];
    /* 200 rows of each class, in a shuffled order. */
    tps__rng_t r;
    tps__rng_seed(&r, 3, 0);
    for (int i = 0; i < N; i++)
        cls[i] = i % C;
    for (int i = N - 1; i > 0; i--) {
        int j = (int)tps__rng_below(&r, (uint64_t)i + 1), t = cls[i];
        cls[i] = cls[j];
        cls[j] = t;
    }
    const char *specs[] = {"iid", "label-sorted", "dirichlet:100",
                           "dirichlet:0.05"};
    char err[256], info[256];
    double main_share[4];
    for (size_t k = 0; k < sizeof(specs) / sizeof(*specs); k++) {
        tps__split_t s;
        ck_assert_int_eq(tps__split_parse(specs[k], &s, err, sizeof(err)), 0);
        static int owner[N];
        memset(owner, -1, sizeof(owner));
        double top_share = 0;
        int nonempty = 0;
        for (int w = 0; w < W; w++) {
            size_t *rows, n;
            ck_assert_int_eq(tps__split_rows(&s, cls, N, C, w, W, 9, &rows, &n,
                                             info, sizeof(info), err,
                                             sizeof(err)), 0);
            size_t hist[C] = {0}, top = 0;
            for (size_t j = 0; j < n; j++) {
                ck_assert(j == 0 || rows[j] > rows[j - 1]);
                ck_assert_msg(owner[rows[j]] < 0, "%s: row %zu twice",
                              specs[k], rows[j]);
                owner[rows[j]] = w;
                hist[cls[rows[j]]]++;
            }
            for (int c = 0; c < C; c++)
                top = hist[c] > top ? hist[c] : top;
            if (n > 0) {
                top_share += (double)top / (double)n;
                nonempty++;
            }
            if (k == 1) /* label-sorted: one class each */
                ck_assert_msg(top == n, "worker %d: %zu of %zu in one class",
                              w, top, n);
            if (k == 2) /* dirichlet:100: close to an even share */
                for (int c = 0; c < C; c++)
                    ck_assert_msg(
                        hist[c] > 0.4 * n / C && hist[c] < 1.8 * n / C,
                        "dirichlet:100, worker %d class %d: %zu of %zu", w, c,
                        hist[c], n);
            free(rows);
        }
        for (int i = 0; i < N; i++)
            ck_assert_msg(owner[i] >= 0, "%s: row %d has no worker", specs[k],
                          i);
        main_share[k] = top_share / nonempty;
    }
    /* A worker's main class: a tenth or so of its rows when shares are
     * even, most of them when ALPHA is small. */
    ck_assert_msg(main_share[2] < 0.2 && main_share[3] > 0.5 &&
                      main_share[3] > 3 * main_share[2],
                  "main class share: dirichlet:100 %.2f, dirichlet:0.05 %.2f",
                  main_share[2], main_share[3]);
    ck_assert(strstr(info, "split dirichlet:0.05: worker 9 of 10 holds") !=
              NULL);
    /* The same seed, the same rows; bad specifications are named. */
    tps__split_t s;
    size_t *a, *b, na, nb;
    tps__split_parse("dirichlet:0.5", &s, err, sizeof(err));
    tps__split_rows(&s, cls, N, C, 4, W, 9, &a, &na, NULL, 0, err, sizeof(err));
    tps__split_rows(&s, cls, N, C, 4, W, 9, &b, &nb, NULL, 0, err, sizeof(err));
    ck_assert_uint_eq(na, nb);
    ck_assert(na == 0 || memcmp(a, b, na * sizeof(*a)) == 0);
    free(a);
    free(b);
    const char *bad[] = {"dirichlet:0", "dirichlet:-1", "dirichlet:", "random",
                         "dirichlet:1x"};
    for (size_t k = 0; k < sizeof(bad) / sizeof(*bad); k++) {
        ck_assert_int_eq(tps__split_parse(bad[k], &s, err, sizeof(err)),
                         TPS_EINVAL);
        ck_assert_msg(strstr(err, bad[k]) != NULL, "%s", err);
    }
}
END_TEST

/* On the real data: Fashion-MNIST's 60000 training images are 6000 of
 * each class, so label-sorted over 10 workers gives worker 3 class 3. */
START_TEST(test_split_fashion) {
    tps__model_config_t cfg = {.model = "softmax", .rank = 3, .workers = 10,
                              .seed = 1,
                              .split = {TPS_SPLIT_LABEL_SORTED, 0}};
    tps__model_t *m = model_or_fail(&cfg, "");
    ck_assert_uint_eq(m->nrows, 6000);
    ck_assert_msg(strstr(m->info, "by class: 0 0 0 6000 0 0 0 0 0 0") != NULL,
                  "%s", m->info);
    m->destroy(m);
}
END_TEST

static Suite *models_suite(void) {
    Suite *s = suite_create("models");
    TCase *tc;

    tc = tcase_create("registry");
    tcase_add_test(tc, test_unknown_model);
    tcase_add_test(tc, test_block_partition);
    suite_add_tcase(s, tc);

    tc = tcase_create("lsq");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_lsq_spectrum);
    tcase_add_test(tc, test_lsq_power_iteration);
    tcase_add_test(tc, test_lsq_consistent);
    tcase_add_test(tc, test_lsq_split);
    tcase_add_test(tc, test_lsq_grad_fd);
    tcase_add_test(tc, test_lsq_sgd);
    tcase_add_test(tc, test_lsq_noise_hetero);
    tcase_add_test(tc, test_lsq_bad_config);
    tcase_add_test(tc, test_lsq_large);
    suite_add_tcase(s, tc);

    tc = tcase_create("softmax");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_softmax_grad_fd);
    tcase_add_test(tc, test_softmax_zero_weights);
    tcase_add_test(tc, test_softmax_bad_sets);
    tcase_add_test(tc, test_softmax_fashion_sgd);
    suite_add_tcase(s, tc);

    tc = tcase_create("idx");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_idx_roundtrip);
    tcase_add_test(tc, test_idx_truncated);
    tcase_add_test(tc, test_idx_corrupt_gzip);
    tcase_add_test(tc, test_idx_bad_content);
    tcase_add_test(tc, test_idx_header_claims_more);
    tcase_add_test(tc, test_idx_fashion_split);
    tcase_add_test(tc, test_split_rows);
    tcase_add_test(tc, test_split_fashion);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    Suite *suite = models_suite();
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
