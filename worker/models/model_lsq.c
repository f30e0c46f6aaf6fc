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
 * Noise and heterogeneity (synthetic problems only): with noise sigma,
 * b_i = a_i'x* + sigma e_i (e_i ~ N(0,1), a stream per row), and with
 * hetero H the rows of worker r (split as the workers split them) are
 * generated from x*_r = x* + H delta_r, delta_r ~ N(0, I), so each worker's
 * rows have their own optimum, about H ||x*|| away from x*. Every worker's
 * gradients then vanish at different points, and stochastic gradients at
 * the optimum do not: the noise floors and drift that staleness and local
 * steps cause can show. The evaluator, which holds every row, solves the
 * normal equations for the least-squares optimum of the whole problem and
 * scores rel_err against it; it reports that optimum's loss and its
 * distance from x* (model info).
 *
 * Bring your own problem: with cfg->data "A.npy,b.npy[,xstar.npy]" the
 * problem is read from NumPy files instead (data_npy.h: float32 or float64,
 * converted to the float32 the model computes with): A of shape (m, d), b of
 * shape (m,) or (m, 1), x* of shape (d,). Rows are split by rank exactly as
 * synthetic rows are, so a peer system's problem trains the same way. Without
 * x*, the evaluator (the only process that holds all rows and scores
 * rel_err) solves the normal equations A'A x = A'b of the float32 data in
 * double by Cholesky; a singular A'A is an error that asks for x*. --rows,
 * --dim and --cond describe the synthetic problem and are refused with
 * --data rather than silently ignored.
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
#include "worker/data/data_npy.h"

#define LSQ_DEFAULT_ROWS 2048
#define LSQ_DEFAULT_DIM 64
#define LSQ_DEFAULT_COND 100.0
/* RNG streams of the problem's synthesis: LSQ_STREAM for V and x*,
 * LSQ_STREAM + 1 + i for row i of the Gaussian matrix; far from the small
 * streams (ranks) that minibatch sampling draws from with the same seed. */
#define LSQ_STREAM (0x6c7371ull << 40)
/* The noise of row i and the offset of worker r's optimum: streams of
 * their own, so that adding them leaves A and x* as they were. */
#define LSQ_NOISE_STREAM (0x6e6f69ull << 40)
#define LSQ_HETERO_STREAM (0x686574ull << 40)

typedef struct lsq_s {
    tps__model_t base; /* first, so that a tps__model_t * is an lsq_t * */
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
    tps__rng_t rng;
    tps__rng_seed(&rng, seed, LSQ_STREAM + 1 + i);
    for (size_t k = 0; k < d; k++)
        g[k] = tps__rng_normal(&rng);
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

/* Solves L' M = diag(sqrt(lambda)) V' for M (mm, d x d) by back
 * substitution, row by row: gram holds L (Cholesky of G'G/m) and v the
 * orthonormal V, column-major, so row j of V' is column j of V. */
static void solve_m(const double *gram, const double *v, double cond,
                    double *mm, size_t nd) {
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
}

/* Rows [lo, hi) of A = G M into a and of b = A x* into b; g and row are
 * scratch of d doubles. b is computed from the rounded floats so that
 * A x* = b holds for the data the model actually uses. */
static void fill_block(uint64_t seed, uint64_t lo, uint64_t hi,
                       const double *mm, const float *xstar, double *g,
                       double *row, float *a, float *b, size_t nd) {
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

    tps__rng_t rng;
    tps__rng_seed(&rng, seed, LSQ_STREAM);
    for (size_t i = 0; i < nd * nd; i++)
        v[i] = tps__rng_normal(&rng);
    for (size_t k = 0; k < nd; k++)
        xstar[k] = (float)tps__rng_normal(&rng);

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

    solve_m(gram, v, cond, mm, nd);
    fill_block(seed, lo, hi, mm, xstar, g, row, a, b, nd);
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

static double lsq_grad(tps__model_t *model, const float *const *params,
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

static int lsq_evaluate(tps__model_t *model, const float *const *params,
                        double *loss, double *metric) {
    lsq_t *p = (lsq_t *)model;
    /* Only a model holding every row knows the full loss. */
    if (p->lo != 0 || p->hi != p->m || p->xstar == NULL)
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

static void lsq_destroy(tps__model_t *model) {
    lsq_t *p = (lsq_t *)model;
    if (p == NULL)
        return;
    free(p->a);
    free(p->b);
    free(p->xstar);
    free(p->acc);
    free(p);
}

/* Allocates p's rows [lo, hi) of an m x d problem, and x* and the scratch
 * sums; p->xstar is left for the caller to fill or free. */
static int lsq_alloc(lsq_t *p, uint64_t m, uint64_t d, uint64_t lo,
                     uint64_t hi, char *err, size_t errlen) {
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
        return TPS_ENOMEM;
    }
    return 0;
}

/* The rows this process holds: its rank's block, or all of them for the
 * evaluator. */
static int lsq_rows(const tps__model_config_t *cfg, uint64_t m, uint64_t *lo,
                    uint64_t *hi, char *err, size_t errlen) {
    *lo = 0;
    *hi = m;
    if (cfg->eval)
        return 0;
    return tps__split_block(m, cfg->rank, cfg->workers, "lsq rows", lo, hi,
                            err, errlen);
}

static int lsq_normal_solve(lsq_t *p);

/* Adds the noise and each row's owner's own optimum to the rows of b this
 * process holds (see the file comment). */
static int perturb_b(const tps__model_config_t *cfg, lsq_t *p, int workers,
                     char *err, size_t errlen) {
    size_t d = p->d;
    double *delta = calloc(d, sizeof(double));
    if (delta == NULL) {
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    int owner = -1;
    uint64_t own_hi = 0;
    for (uint64_t i = p->lo; i < p->hi; i++) {
        if (cfg->hetero > 0 && (owner < 0 || i >= own_hi)) {
            /* The worker whose block holds row i, and its optimum's offset. */
            uint64_t blo = 0, bhi = 0;
            for (owner = owner < 0 ? 0 : owner + 1; owner < workers; owner++)
                if (tps__split_block(p->m, owner, workers, "lsq rows", &blo,
                                     &bhi, err, errlen) == 0 &&
                    i >= blo && i < bhi)
                    break;
            own_hi = bhi;
            tps__rng_t rng;
            tps__rng_seed(&rng, cfg->seed, LSQ_HETERO_STREAM + (uint64_t)owner);
            for (size_t k = 0; k < d; k++)
                delta[k] = cfg->hetero * tps__rng_normal(&rng);
        }
        const float *ai = p->a + (size_t)(i - p->lo) * d;
        double bi = p->b[i - p->lo];
        if (cfg->hetero > 0)
            for (size_t k = 0; k < d; k++)
                bi += (double)ai[k] * delta[k];
        if (cfg->noise > 0) {
            tps__rng_t rng;
            tps__rng_seed(&rng, cfg->seed, LSQ_NOISE_STREAM + i);
            bi += cfg->noise * tps__rng_normal(&rng);
        }
        p->b[i - p->lo] = (float)bi;
    }
    free(delta);
    return 0;
}

/* For a process holding every row: replaces x* by the least-squares
 * optimum of the perturbed problem and says in the model's info how far it
 * is from the generating one. */
static int perturbed_optimum(const tps__model_config_t *cfg, lsq_t *p,
                             int workers, char *err, size_t errlen) {
    size_t d = p->d;
    double xn = 0, dist = 0;
    float *gen = malloc(d * sizeof(float));
    if (gen == NULL) {
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    memcpy(gen, p->xstar, d * sizeof(float));
    int rc = lsq_normal_solve(p);
    if (rc < 0) {
        free(gen);
        snprintf(err, errlen,
                 "lsq: cannot solve for the least-squares optimum");
        return rc;
    }
    for (size_t k = 0; k < d; k++) {
        double e = (double)p->xstar[k] - (double)gen[k];
        dist += e * e;
        xn += (double)gen[k] * (double)gen[k];
    }
    free(gen);
    double sum = 0;
    for (size_t i = 0; i < (size_t)p->m; i++) {
        double r = 0;
        for (size_t k = 0; k < d; k++)
            r += (double)p->a[i * d + k] * (double)p->xstar[k];
        r -= (double)p->b[i];
        sum += r * r;
    }
    snprintf(p->base.info, sizeof(p->base.info),
             "lsq noise %g, hetero %g over %d worker(s): rel_err is measured "
             "from the least-squares optimum, whose loss is %.6g and whose "
             "distance from the generating x* is %.4g of |x*|",
             cfg->noise, cfg->hetero, workers, sum / (2.0 * (double)p->m),
             sqrt(dist / xn));
    return 0;
}

/* Adds the noise and the workers' own optima to b (see the file comment);
 * a process holding every row then solves for the optimum it scores
 * against, and says what it is. */
static int lsq_perturb(const tps__model_config_t *cfg, lsq_t *p, char *err,
                       size_t errlen) {
    if (!(cfg->noise >= 0) || !isfinite(cfg->noise) || !(cfg->hetero >= 0) ||
        !isfinite(cfg->hetero)) {
        snprintf(err, errlen,
                 "lsq --noise and --hetero must be finite and at least 0, not "
                 "%g and %g",
                 cfg->noise, cfg->hetero);
        return TPS_EINVAL;
    }
    int workers = cfg->workers > 0 ? cfg->workers : 1;
    int rc = perturb_b(cfg, p, workers, err, errlen);
    if (rc < 0)
        return rc;
    if (p->lo != 0 || p->hi != p->m)
        return 0; /* a worker: it does not score, so needs no optimum */
    return perturbed_optimum(cfg, p, workers, err, errlen);
}

static int lsq_synthesize(const tps__model_config_t *cfg, lsq_t *p, char *err,
                          size_t errlen) {
    uint64_t m = cfg->rows ? cfg->rows : LSQ_DEFAULT_ROWS;
    uint64_t d = cfg->dim ? cfg->dim : LSQ_DEFAULT_DIM;
    double cond = cfg->cond > 0 ? cfg->cond : LSQ_DEFAULT_COND;
    uint64_t lo, hi;
    int rc = check_shape(m, d, cond, err, errlen);
    if (rc == 0)
        rc = lsq_rows(cfg, m, &lo, &hi, err, errlen);
    if (rc == 0)
        rc = lsq_alloc(p, m, d, lo, hi, err, errlen);
    if (rc == 0)
        rc = tps__lsq_generate(cfg->seed, m, d, cond, lo, hi, p->a, p->b,
                               p->xstar, err, errlen);
    if (rc == 0 && (cfg->noise > 0 || cfg->hetero > 0))
        rc = lsq_perturb(cfg, p, err, errlen);
    return rc;
}

/* x* = argmin ||A x - b|| from the normal equations A'A x = A'b, in double
 * by Cholesky, over the m rows p holds (all of them). Returns TPS_EINVAL
 * when A'A is not numerically positive definite (A has dependent columns,
 * or fewer rows than unknowns), where x* is not unique. */
static int lsq_normal_solve(lsq_t *p) {
    size_t d = p->d;
    double *gram = calloc(d * d, sizeof(double));
    double *rhs = calloc(d, sizeof(double));
    double *row = malloc(d * sizeof(double));
    int rc = TPS_ENOMEM;
    if (gram == NULL || rhs == NULL || row == NULL)
        goto done;
    for (size_t i = 0; i < (size_t)p->m; i++) {
        const float *ai = p->a + i * d;
        for (size_t k = 0; k < d; k++)
            row[k] = ai[k];
        for (size_t j = 0; j < d; j++)
            axpy(row[j], row + j, gram + j * d + j, d - j);
        axpy((double)p->b[i], row, rhs, d);
    }
    rc = TPS_EINVAL;
    if (cholesky(gram, d) != 0)
        goto done;
    /* L y = A'b, then L' x = y, both in place in rhs. */
    for (size_t i = 0; i < d; i++) {
        for (size_t k = 0; k < i; k++)
            rhs[i] -= gram[i * d + k] * rhs[k];
        rhs[i] /= gram[i * d + i];
    }
    for (size_t i = d; i-- > 0;) {
        for (size_t k = i + 1; k < d; k++)
            rhs[i] -= gram[k * d + i] * rhs[k];
        rhs[i] /= gram[i * d + i];
    }
    for (size_t k = 0; k < d; k++)
        p->xstar[k] = (float)rhs[k];
    rc = 0;
done:
    free(gram);
    free(rhs);
    free(row);
    return rc;
}

/* Splits --data's list (a copy in *list, which the caller frees) into
 * path[0..*n): A, b and maybe x*. Returns 0 or TPS_EINVAL / TPS_ENOMEM
 * with a sentence. */
static int data_paths(const char *data, char **list, char *path[4], int *n,
                      char *err, size_t errlen) {
    *list = strdup(data);
    if (*list == NULL) {
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    *n = 0;
    for (char *s = *list, *comma; *n < 4; s = comma + 1) {
        path[(*n)++] = s;
        if ((comma = strchr(s, ',')) == NULL)
            break;
        *comma = '\0';
    }
    if (*n < 2 || *n > 3 || path[0][0] == '\0' || path[1][0] == '\0' ||
        (*n == 3 && path[2][0] == '\0')) {
        snprintf(err, errlen,
                 "lsq --data takes A.npy,b.npy or A.npy,b.npy,xstar.npy, not "
                 "\"%s\"",
                 data);
        return TPS_EINVAL;
    }
    return 0;
}

/* Whether the shapes of A, b and (n == 3) x* make one problem that fits in
 * memory. Returns 0 or TPS_EINVAL with a sentence. */
static int check_shapes(char *const path[4], int n, const tps__npy_t *a,
                        const tps__npy_t *b, const tps__npy_t *x, char *err,
                        size_t errlen) {
    char sa[96], sb[96];
    if (a->ndim != 2 || a->count == 0) {
        snprintf(err, errlen,
                 "%s: A must be a 2-D array of rows x unknowns, with at least "
                 "one of each, not shape %s",
                 path[0], tps__npy_shape(a, sa, sizeof(sa)));
        return TPS_EINVAL;
    }
    uint64_t m = a->shape[0], d = a->shape[1];
    if (!((b->ndim == 1 && b->shape[0] == m) ||
          (b->ndim == 2 && b->shape[0] == m && b->shape[1] == 1))) {
        snprintf(err, errlen,
                 "%s: b has shape %s but A (%s) has shape %s: b must be "
                 "(%llu,) or (%llu, 1)",
                 path[1], tps__npy_shape(b, sb, sizeof(sb)), path[0],
                 tps__npy_shape(a, sa, sizeof(sa)), (unsigned long long)m,
                 (unsigned long long)m);
        return TPS_EINVAL;
    }
    if (n == 3 && !(x->ndim == 1 && x->shape[0] == d)) {
        snprintf(err, errlen,
                 "%s: x* has shape %s but A (%s) has shape %s: x* must be "
                 "(%llu,)",
                 path[2], tps__npy_shape(x, sb, sizeof(sb)), path[0],
                 tps__npy_shape(a, sa, sizeof(sa)), (unsigned long long)d);
        return TPS_EINVAL;
    }
    if (m > SIZE_MAX / sizeof(double) / d) {
        snprintf(err, errlen, "%s: lsq problem of %llu x %llu is too large",
                 path[0], (unsigned long long)m, (unsigned long long)d);
        return TPS_EINVAL;
    }
    return 0;
}

/* x* of a loaded problem: read from the third file, solved for by a
 * process holding every row, or dropped by a worker (p->xstar NULL). */
static int load_xstar(char *const path[4], int n, const tps__npy_t *a,
                      const tps__npy_t *x, lsq_t *p, char *err,
                      size_t errlen) {
    char sa[96];
    int rc = 0;
    if (n == 3) {
        rc = tps__npy_read(path[2], x, 0, p->d, p->xstar, err, errlen);
    } else if (p->lo == 0 && p->hi == p->m) {
        rc = lsq_normal_solve(p);
        if (rc == TPS_EINVAL)
            snprintf(err, errlen,
                     "%s: A'A is singular or not positive definite (A of "
                     "shape %s has dependent columns or fewer rows than "
                     "unknowns), so x* is not unique: give it as a third "
                     "file, --data %s,%s,xstar.npy",
                     path[0], tps__npy_shape(a, sa, sizeof(sa)), path[0],
                     path[1]);
        else if (rc < 0)
            snprintf(err, errlen, "out of memory solving for x* of %s",
                     path[0]);
    } else {
        /* Only a process holding every row evaluates, and only it needs x*:
         * a worker skips the O(m d^2) solve. */
        free(p->xstar);
        p->xstar = NULL;
    }
    return rc;
}

/* The problem of --data "A.npy,b.npy[,xstar.npy]" (see the file comment). */
static int lsq_load(const tps__model_config_t *cfg, lsq_t *p, char *err,
                    size_t errlen) {
    if (cfg->rows || cfg->dim || cfg->cond > 0 || cfg->noise > 0 ||
        cfg->hetero > 0) {
        snprintf(err, errlen,
                 "lsq with --data takes its problem from the files: --rows, "
                 "--dim, --cond, --noise and --hetero describe the synthetic "
                 "problem and cannot be given with it");
        return TPS_EINVAL;
    }
    char *list = NULL, *path[4] = {NULL, NULL, NULL, NULL};
    int n;
    tps__npy_t a, b, x;
    int rc = data_paths(cfg->data, &list, path, &n, err, errlen);
    if (rc < 0)
        goto out;
    if ((rc = tps__npy_open(path[0], &a, err, errlen)) < 0 ||
        (rc = tps__npy_open(path[1], &b, err, errlen)) < 0 ||
        (n == 3 && (rc = tps__npy_open(path[2], &x, err, errlen)) < 0) ||
        (rc = check_shapes(path, n, &a, &b, &x, err, errlen)) < 0)
        goto out;
    uint64_t m = a.shape[0], d = a.shape[1], lo, hi;
    if ((rc = lsq_rows(cfg, m, &lo, &hi, err, errlen)) < 0 ||
        (rc = lsq_alloc(p, m, d, lo, hi, err, errlen)) < 0 ||
        (rc = tps__npy_read(path[0], &a, lo * d, (hi - lo) * d, p->a, err,
                            errlen)) < 0 ||
        (rc = tps__npy_read(path[1], &b, lo, hi - lo, p->b, err, errlen)) < 0 ||
        (rc = load_xstar(path, n, &a, &x, p, err, errlen)) < 0 ||
        p->xstar == NULL)
        goto out;
    double norm = 0;
    for (size_t k = 0; k < (size_t)d; k++)
        norm += (double)p->xstar[k] * (double)p->xstar[k];
    if (!(norm > 0)) {
        snprintf(err, errlen,
                 "x* is zero, so rel_err = ||x - x*|| / ||x*|| is undefined "
                 "(b = 0?)");
        rc = TPS_EINVAL;
    }
out:
    free(list);
    return rc;
}

int tps__model_lsq_new(const tps__model_config_t *cfg, tps__model_t **out,
                       char *err, size_t errlen) {
    *out = NULL;
    lsq_t *p = calloc(1, sizeof(*p));
    if (p == NULL) {
        snprintf(err, errlen, "out of memory building the lsq model");
        return TPS_ENOMEM;
    }
    int rc = cfg->data != NULL ? lsq_load(cfg, p, err, errlen)
                               : lsq_synthesize(cfg, p, err, errlen);
    if (rc != 0) {
        lsq_destroy(&p->base);
        return rc;
    }

    tps__model_t *base = &p->base;
    base->name = "lsq";
    base->metric_name = "rel_err";
    base->ntensors = 1;
    base->tensors[0] = (tps__model_tensor_t){
        .name = "w", .len = p->d, .init = TPS_INIT_ZEROS, .scale = 0.0f};
    base->nrows = (size_t)(p->hi - p->lo);
    base->grad = lsq_grad;
    base->evaluate = lsq_evaluate;
    base->destroy = lsq_destroy;
    *out = base;
    return 0;
}
