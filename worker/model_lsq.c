/* SPDX-License-Identifier: MIT */
/* Least squares on synthetic data: f(x) = (1/(2m)) ||A x - b||^2 with a
 * Hessian H = A'A/m whose spectrum is known exactly, which makes it the
 * yardstick for how staleness and learning rate affect convergence.
 *
 * Construction (m rows, d unknowns, condition number c), all from one seed so
 * that every process builds the same problem and then keeps its own block:
 *   Q  m x d with orthonormal columns, spanning the columns of an m x d
 *      Gaussian matrix (orthonormalised by Cholesky, see tps__lsq_generate),
 *   V  d x d orthogonal (modified Gram-Schmidt of a Gaussian d x d matrix),
 *      so that the eigenvectors of H are not the coordinate axes,
 *   A = Q diag(s) V',  s_j = sqrt(m * lambda_j),  lambda_j = c^(-j/(d-1)),
 * hence H = V diag(lambda) V': largest eigenvalue 1, smallest 1/c, the rest
 * spaced geometrically. x* has N(0,1) entries and b = A x*, a consistent
 * system whose loss is 0 at the optimum, so SGD converges linearly.
 *
 * Learning rate: with lambda_max = 1, lr 0.2 is the recommended default for
 * asynchronous SGD (batch 32, 4 workers): sequential SGD is stable up to about
 * lr 1.4 at batch 32 (the limit is 2/(lambda_max + tr(H)/batch), tr(H) ~ 14),
 * but gradients delayed by tau steps need lr * lambda_max below about
 * 2 sin(pi / (4 tau + 2)), 0.45 for tau = 3. At lr 0.2 the slowest direction
 * shrinks by (1 - 0.2/c) per update, and rel_err falls below 1e-3 within
 * about 2500 updates for c = 100 (checked in tests/check_models.c). Staleness
 * grows with the number of workers: for 8 (tau = 7, limit ~0.21) use 0.1.
 *
 * Cost: O(m d^2) time and O(d^2) memory besides the rows kept to build
 * (every process passes over all m rows once), O(n d) per gradient. The model
 * is used by one thread at a time: grad() sums into scratch memory it owns. */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "tps_rng.h"

#define LSQ_DEFAULT_ROWS 2048
#define LSQ_DEFAULT_DIM 64
#define LSQ_DEFAULT_COND 100.0
/* RNG streams of the problem's synthesis: LSQ_STREAM for V and x*,
 * LSQ_STREAM + 1 + i for row i of the Gaussian matrix; far from the small
 * streams (ranks) that minibatch sampling draws from with the same seed. */
#define LSQ_STREAM (0x6c7371ull << 40)

typedef struct lsq_s {
    tps_model_t base; /* first, so that a tps_model_t * is an lsq_t * */
    size_t d;
    uint64_t m;      /* rows of the whole problem */
    uint64_t lo, hi; /* rows held: [lo, hi) of the whole problem */
    float *a;        /* (hi - lo) x d, row-major */
    float *b;        /* hi - lo */
    float *xstar;    /* d */
    double *acc;     /* d, gradient sums */
} lsq_t;

static double dot(const double *x, const double *y, size_t n) {
    /* Four partial sums let the compiler pipeline (and vectorise) the loop;
     * double sums do not otherwise reassociate. */
    double s[4] = {0, 0, 0, 0};
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int k = 0; k < 4; k++)
            s[k] += x[i + k] * y[i + k];
    for (; i < n; i++)
        s[0] += x[i] * y[i];
    return (s[0] + s[1]) + (s[2] + s[3]);
}

/* y += a x. Written in blocks of four with restrict so that plain -O2 (whose
 * cost model will not add alias checks or remainder loops) vectorises it. */
static void axpy(double a, const double *restrict x, double *restrict y,
                 size_t n) {
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int k = 0; k < 4; k++)
            y[i + k] += a * x[i + k];
    for (; i < n; i++)
        y[i] += a * x[i];
}

/* Replaces the k columns (each n long, column-major) by an orthonormal basis
 * of their span, by modified Gram-Schmidt. Returns -1 if a column is
 * (numerically) dependent on the previous ones, which for Gaussian columns
 * and n >= k has probability zero. */
static int orthonormalize(double *c, size_t n, size_t k) {
    for (size_t j = 0; j < k; j++) {
        double *cj = c + j * n;
        double before = sqrt(dot(cj, cj, n));
        for (size_t p = 0; p < j; p++) {
            const double *cp = c + p * n;
            axpy(-dot(cp, cj, n), cp, cj, n);
        }
        double norm = sqrt(dot(cj, cj, n));
        if (!(norm > 1e-10 * before))
            return -1;
        for (size_t i = 0; i < n; i++)
            cj[i] /= norm;
    }
    return 0;
}

static int check_shape(uint64_t m, uint64_t d, double cond, char *err,
                       size_t errlen) {
    if (d < 2) {
        snprintf(err, errlen,
                 "lsq needs at least 2 unknowns to have condition number %g, "
                 "not %llu",
                 cond, (unsigned long long)d);
        return TPS_EINVAL;
    }
    if (m < d) {
        snprintf(
            err, errlen,
            "lsq needs at least as many rows as unknowns: %llu rows < %llu "
            "unknowns",
            (unsigned long long)m, (unsigned long long)d);
        return TPS_EINVAL;
    }
    if (!(cond >= 1.0) || !isfinite(cond)) {
        snprintf(err, errlen,
                 "lsq condition number must be finite and at least 1, not %g",
                 cond);
        return TPS_EINVAL;
    }
    if (m > SIZE_MAX / sizeof(double) / d) {
        snprintf(err, errlen, "lsq problem of %llu x %llu is too large",
                 (unsigned long long)m, (unsigned long long)d);
        return TPS_EINVAL;
    }
    return 0;
}

/* Row i of the Gaussian matrix G, drawn from its own stream so that any
 * block of rows can be regenerated without drawing the rows before it. */
static void gaussian_row(uint64_t seed, uint64_t i, double *g, size_t d) {
    tps_rng_t rng;
    tps_rng_seed(&rng, seed, LSQ_STREAM + 1 + i);
    for (size_t k = 0; k < d; k++)
        g[k] = tps_rng_normal(&rng);
}

/* In-place Cholesky factor S = L L' of a symmetric d x d matrix, row-major,
 * of which the upper triangle is given; L is left in the lower triangle.
 * Returns -1 if S is not (numerically) positive definite. */
static int cholesky(double *s, size_t d) {
    for (size_t j = 0; j < d; j++) {
        for (size_t i = j; i < d; i++) {
            double v = i == j ? s[j * d + j] : s[j * d + i];
            for (size_t k = 0; k < j; k++)
                v -= s[i * d + k] * s[j * d + k];
            if (i == j) {
                if (!(v > 1e-12 * s[j * d + j]))
                    return -1;
                s[j * d + j] = sqrt(v);
            } else {
                s[i * d + j] = v / s[j * d + j];
            }
        }
    }
    return 0;
}

/* The construction in the file comment, done without storing Q: with G the
 * m x d Gaussian matrix and G'G/m = L L' (Cholesky), Q = G L^-T / sqrt(m) has
 * orthonormal columns, so A = G M with M = L^-T diag(sqrt(lambda)) V'. One
 * pass over all rows of G builds G'G; a second pass over the block's rows
 * applies M. Memory is O(d^2) plus the block, and every process computes the
 * same M in the same order of operations, so blocks match the full matrix
 * bit for bit. */
int tps__lsq_generate(uint64_t seed, uint64_t m, uint64_t d, double cond,
                      uint64_t lo, uint64_t hi, float *a, float *b,
                      float *xstar, char *err, size_t errlen) {
    int rc = check_shape(m, d, cond, err, errlen);
    if (rc != 0)
        return rc;
    if (!(lo < hi && hi <= m)) {
        snprintf(err, errlen, "lsq rows [%llu, %llu) are not within [0, %llu)",
                 (unsigned long long)lo, (unsigned long long)hi,
                 (unsigned long long)m);
        return TPS_EINVAL;
    }
    size_t nd = (size_t)d;
    double *gram = calloc(nd * nd, sizeof(double));
    double *v = malloc(nd * nd * sizeof(double));
    double *mm = malloc(nd * nd * sizeof(double));
    double *g = malloc(nd * sizeof(double));
    double *row = malloc(nd * sizeof(double));
    if (gram == NULL || v == NULL || mm == NULL || g == NULL || row == NULL) {
        snprintf(err, errlen, "out of memory building a %llu x %zu lsq problem",
                 (unsigned long long)m, nd);
        rc = TPS_ENOMEM;
        goto done;
    }

    tps_rng_t rng;
    tps_rng_seed(&rng, seed, LSQ_STREAM);
    for (size_t i = 0; i < nd * nd; i++)
        v[i] = tps_rng_normal(&rng);
    for (size_t k = 0; k < nd; k++)
        xstar[k] = (float)tps_rng_normal(&rng);

    for (uint64_t i = 0; i < m; i++) {
        gaussian_row(seed, i, g, nd);
        for (size_t j = 0; j < nd; j++)
            axpy(g[j], g + j, gram + j * nd + j, nd - j);
    }
    for (size_t i = 0; i < nd * nd; i++)
        gram[i] /= (double)m;
    if (cholesky(gram, nd) != 0 || orthonormalize(v, nd, nd) != 0) {
        snprintf(err, errlen,
                 "lsq: the random %llu x %zu matrix came out rank deficient; "
                 "try another seed",
                 (unsigned long long)m, nd);
        rc = TPS_EINVAL;
        goto done;
    }

    /* Solve L' M = diag(sqrt(lambda)) V' by back substitution, row by row
     * (V is column-major, so row j of V' is column j of V). */
    for (size_t jj = nd; jj-- > 0;) {
        double sl = sqrt(pow(cond, -(double)jj / (double)(nd - 1)));
        double *mj = mm + jj * nd;
        for (size_t k = 0; k < nd; k++)
            mj[k] = sl * v[jj * nd + k];
        for (size_t p = jj + 1; p < nd; p++)
            axpy(-gram[p * nd + jj], mm + p * nd, mj, nd);
        for (size_t k = 0; k < nd; k++)
            mj[k] /= gram[jj * nd + jj];
    }

    /* b is computed from the rounded floats so that A x* = b holds for the
     * data the model actually uses. */
    for (uint64_t i = lo; i < hi; i++) {
        gaussian_row(seed, i, g, nd);
        memset(row, 0, nd * sizeof(double));
        for (size_t j = 0; j < nd; j++)
            axpy(g[j], mm + j * nd, row, nd);
        float *ai = a + (size_t)(i - lo) * nd;
        double bi = 0;
        for (size_t k = 0; k < nd; k++) {
            ai[k] = (float)row[k];
            bi += (double)ai[k] * (double)xstar[k];
        }
        b[i - lo] = (float)bi;
    }
done:
    free(gram);
    free(v);
    free(mm);
    free(g);
    free(row);
    return rc;
}

/* Residual a_i'x - b_i in double: products of floats are exact in double, so
 * the loss is accurate enough for finite-difference checks. */
static double residual(const float *ai, const float *x, float bi, size_t d) {
    double r = 0;
    for (size_t k = 0; k < d; k++)
        r += (double)ai[k] * (double)x[k];
    return r - (double)bi;
}

static double lsq_grad(tps_model_t *model, const float *const *params,
                       float *const *grads, const uint32_t *rows, size_t n) {
    lsq_t *p = (lsq_t *)model;
    const float *x = params[0];
    float *g = grads[0];
    size_t d = p->d;
    if (n == 0) {
        memset(g, 0, d * sizeof(float));
        return 0;
    }
    memset(p->acc, 0, d * sizeof(double));
    double loss = 0;
    for (size_t t = 0; t < n; t++) {
        assert(rows[t] < p->base.nrows);
        const float *ai = p->a + (size_t)rows[t] * d;
        double r = residual(ai, x, p->b[rows[t]], d);
        loss += r * r;
        for (size_t k = 0; k < d; k++)
            p->acc[k] += r * (double)ai[k];
    }
    for (size_t k = 0; k < d; k++)
        g[k] = (float)(p->acc[k] / (double)n);
    return loss / (2.0 * (double)n);
}

static int lsq_evaluate(tps_model_t *model, const float *const *params,
                        double *loss, double *metric) {
    lsq_t *p = (lsq_t *)model;
    /* Only a model holding every row knows the full loss. */
    if (p->lo != 0 || p->hi != p->m)
        return TPS_EINVAL;
    const float *x = params[0];
    size_t d = p->d;
    double sum = 0;
    for (size_t i = 0; i < (size_t)p->m; i++) {
        double r = residual(p->a + i * d, x, p->b[i], d);
        sum += r * r;
    }
    double diff = 0, ref = 0;
    for (size_t k = 0; k < d; k++) {
        double e = (double)x[k] - (double)p->xstar[k];
        diff += e * e;
        ref += (double)p->xstar[k] * (double)p->xstar[k];
    }
    *loss = sum / (2.0 * (double)p->m);
    *metric = sqrt(diff / ref);
    return 0;
}

static void lsq_destroy(tps_model_t *model) {
    lsq_t *p = (lsq_t *)model;
    if (p == NULL)
        return;
    free(p->a);
    free(p->b);
    free(p->xstar);
    free(p->acc);
    free(p);
}

int tps__model_lsq_new(const tps_model_config_t *cfg, tps_model_t **out,
                       char *err, size_t errlen) {
    *out = NULL;
    uint64_t m = cfg->rows ? cfg->rows : LSQ_DEFAULT_ROWS;
    uint64_t d = cfg->dim ? cfg->dim : LSQ_DEFAULT_DIM;
    double cond = cfg->cond > 0 ? cfg->cond : LSQ_DEFAULT_COND;
    int rc = check_shape(m, d, cond, err, errlen);
    if (rc != 0)
        return rc;
    uint64_t lo = 0, hi = m;
    if (!cfg->eval) {
        rc = tps__model_block(m, cfg->rank, cfg->workers, "lsq rows", &lo, &hi,
                              err, errlen);
        if (rc != 0)
            return rc;
    }

    lsq_t *p = calloc(1, sizeof(*p));
    if (p == NULL) {
        snprintf(err, errlen, "out of memory building the lsq model");
        return TPS_ENOMEM;
    }
    size_t nd = (size_t)d, held = (size_t)(hi - lo);
    p->d = nd;
    p->m = m;
    p->lo = lo;
    p->hi = hi;
    p->a = malloc(held * nd * sizeof(float));
    p->b = malloc(held * sizeof(float));
    p->xstar = malloc(nd * sizeof(float));
    p->acc = malloc(nd * sizeof(double));
    if (p->a == NULL || p->b == NULL || p->xstar == NULL || p->acc == NULL) {
        snprintf(err, errlen, "out of memory for %zu lsq rows of %zu unknowns",
                 held, nd);
        lsq_destroy(&p->base);
        return TPS_ENOMEM;
    }
    rc = tps__lsq_generate(cfg->seed, m, d, cond, lo, hi, p->a, p->b, p->xstar,
                           err, errlen);
    if (rc != 0) {
        lsq_destroy(&p->base);
        return rc;
    }

    tps_model_t *base = &p->base;
    base->name = "lsq";
    base->metric_name = "rel_err";
    base->ntensors = 1;
    base->tensors[0] = (tps_model_tensor_t){
        .name = "w", .len = d, .init = TPS_INIT_ZEROS, .scale = 0.0f};
    base->nrows = held;
    base->grad = lsq_grad;
    base->evaluate = lsq_evaluate;
    base->destroy = lsq_destroy;
    *out = base;
    return 0;
}
