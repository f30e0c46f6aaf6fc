/* SPDX-License-Identifier: MIT */
/* Binary logistic regression with L2 regularisation on LIBSVM data:
 *
 *     f(w) = (1/m) sum_i log(1 + exp(-y_i w.x_i)) + (lambda/2) ||w||^2,
 *
 * labels y_i in {-1, +1}, lambda = cfg->l2. One tensor, "w" (dim floats,
 * zeros at the start: the objective is convex). There is no bias term, as in
 * the objective above; a data set that needs an intercept carries a constant
 * feature (what liblinear's -B option adds), whose weight then also pays the
 * L2 penalty.
 *
 * Data: cfg->data is "TRAIN[,TEST]" (LIBSVM files, plain or gzip; a path
 * cannot itself contain a comma), by default heart_scale as Debian's
 * liblinear-tools installs it. A training worker keeps its block of the
 * TRAIN rows (tps__split_block); the evaluator holds all of TEST when given,
 * else all of TRAIN. The dimension is cfg->dim, or the largest index in
 * TRAIN, which the evaluator reads too so that everyone declares the same "w";
 * TEST features beyond it are dropped, since their weights could only ever
 * be zero.
 *
 * grad() returns the minibatch estimate of f, penalty included, and its
 * gradient (1/n) sum -y x sigma(-y w.x) + lambda w; an empty batch gives 0
 * and a zero gradient. evaluate() gives f over the evaluation rows and the
 * share of rows with y w.x > 0: a row on the boundary counts as wrong, so
 * w = 0 scores 0 rather than the share of either class.
 *
 * Learning rate: a row's loss has curvature at most ||x||^2 / 4, so keeping
 * lr * (max ||x||^2 / 4 + lambda) below the staleness limit
 * 2 sin(pi / (4 tau + 2)) (about 0.45 for 4 workers, tau = 3) is safe. For
 * heart_scale (features in [-1, 1], ||x||^2 <= 13) that gives lr 0.1, the
 * recommended rate with batch 16 on 4 asynchronous workers: it reaches about
 * 83% accuracy within 2000 updates (tests/check_models_extra.c). The bound
 * is loose: a simulation of 4 stale workers does as well for lr 0.03 to 1
 * and degrades at 3. For other data scale lr by 13 / max ||x||^2.
 *
 * The model is used by one thread at a time: grad() sums into scratch memory
 * it owns. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

#define LOGREG_DEFAULT_DATA                                                    \
    "/usr/share/doc/liblinear-tools/examples/heart_scale"

typedef struct logreg_s {
    tps__model_t base; /* first, so that a tps__model_t * is a logreg_t * */
    size_t dim;
    double l2;
    tps__libsvm_set_t train;
    tps__libsvm_set_t test;
    double *acc; /* dim, gradient sums */
} logreg_t;

/* w.x for row r of s, in double: sparse rows are short, and float sums of
 * thousands of terms (text data) would lose digits the loss needs. */
static double row_dot(const tps__libsvm_set_t *s, size_t r, const float *w) {
    double z = 0;
    for (uint64_t k = s->offsets[r]; k < s->offsets[r + 1]; k++)
        z += (double)s->values[k] * (double)w[s->indices[k]];
    return z;
}

static double penalty(const logreg_t *l, const float *w) {
    double sq = 0;
    for (size_t k = 0; k < l->dim; k++)
        sq += (double)w[k] * (double)w[k];
    return 0.5 * l->l2 * sq;
}

static double logreg_grad(tps__model_t *model, const float *const *params,
                          float *const *grads, const uint32_t *rows, size_t n) {
    logreg_t *l = (logreg_t *)model;
    const float *w = params[0];
    float *g = grads[0];
    const tps__libsvm_set_t *s = &l->train;
    if (n == 0) {
        memset(g, 0, l->dim * sizeof(float));
        return 0;
    }
    memset(l->acc, 0, l->dim * sizeof(double));
    double loss = 0;
    for (size_t t = 0; t < n; t++) {
        size_t r = rows[t];
        assert(r < s->n);
        double ty = -(double)s->labels[r] * row_dot(s, r, w);
        loss += tps__softplus(ty);
        /* d/dz log(1 + e^(-y z)) = -y sigma(-y z). */
        double coef = -(double)s->labels[r] * tps__sigmoid(ty);
        for (uint64_t k = s->offsets[r]; k < s->offsets[r + 1]; k++)
            l->acc[s->indices[k]] += coef * (double)s->values[k];
    }
    double inv = 1.0 / (double)n;
    for (size_t k = 0; k < l->dim; k++)
        g[k] = (float)(l->acc[k] * inv + l->l2 * (double)w[k]);
    return loss * inv + penalty(l, w);
}

static int logreg_evaluate(tps__model_t *model, const float *const *params,
                           double *loss, double *metric) {
    logreg_t *l = (logreg_t *)model;
    const tps__libsvm_set_t *s = &l->test;
    if (s->n == 0)
        return TPS_EINVAL;
    double sum = 0;
    size_t correct = 0;
    for (size_t r = 0; r < s->n; r++) {
        double yz = (double)s->labels[r] * row_dot(s, r, params[0]);
        sum += tps__softplus(-yz);
        correct += yz > 0;
    }
    *loss = sum / (double)s->n + penalty(l, params[0]);
    *metric = (double)correct / (double)s->n;
    return 0;
}

static void logreg_destroy(tps__model_t *model) {
    logreg_t *l = (logreg_t *)model;
    if (l == NULL)
        return;
    tps__libsvm_free(&l->train);
    tps__libsvm_free(&l->test);
    free(l->acc);
    free(l);
}

int tps__model_logreg_from_sets(tps__libsvm_set_t *train,
                                tps__libsvm_set_t *test, double l2,
                                tps__model_t **out, char *err, size_t errlen) {
    *out = NULL;
    size_t dim = train->n > 0 ? train->dim : test->dim;
    int rc = TPS_EINVAL;
    logreg_t *l = NULL;
    if (!(l2 >= 0) || !isfinite(l2)) {
        snprintf(err, errlen,
                 "logreg: the L2 weight must be finite and at least 0, not %g",
                 l2);
        goto fail;
    }
    if (train->n > 0 && test->n > 0 && train->dim != test->dim) {
        snprintf(err, errlen,
                 "logreg: training rows have %zu features but test rows have "
                 "%zu",
                 train->dim, test->dim);
        goto fail;
    }
    if (dim == 0 || (train->n == 0 && test->n == 0)) {
        snprintf(err, errlen, "logreg: no rows to train or evaluate on");
        goto fail;
    }
    l = calloc(1, sizeof(*l));
    if (l != NULL)
        l->acc = calloc(dim, sizeof(double));
    if (l == NULL || l->acc == NULL) {
        snprintf(err, errlen,
                 "out of memory building the logreg model of %zu features",
                 dim);
        rc = TPS_ENOMEM;
        goto fail;
    }
    l->dim = dim;
    l->l2 = l2;
    l->train = *train;
    l->test = *test;
    memset(train, 0, sizeof(*train));
    memset(test, 0, sizeof(*test));

    tps__model_t *base = &l->base;
    base->name = "logreg";
    base->metric_name = "accuracy";
    base->ntensors = 1;
    base->tensors[0] = (tps__model_tensor_t){
        .name = "w", .len = dim, .init = TPS_INIT_ZEROS, .scale = 0.0f};
    base->nrows = l->train.n;
    base->grad = logreg_grad;
    base->evaluate = logreg_evaluate;
    base->destroy = logreg_destroy;
    *out = base;
    return 0;

fail:
    if (l != NULL)
        free(l->acc);
    free(l);
    tps__libsvm_free(train);
    tps__libsvm_free(test);
    return rc;
}

int tps__model_logreg_new(const tps__model_config_t *cfg, tps__model_t **out,
                          char *err, size_t errlen) {
    *out = NULL;
    const char *data = cfg->data ? cfg->data : LOGREG_DEFAULT_DATA;
    const char *comma = strchr(data, ',');
    size_t trainlen = comma ? (size_t)(comma - data) : strlen(data);
    const char *testpath = comma ? comma + 1 : NULL;
    if (trainlen == 0 || (testpath != NULL && *testpath == '\0')) {
        snprintf(err, errlen,
                 "logreg data \"%.200s\" should be TRAIN or TRAIN,TEST: "
                 "paths of LIBSVM files",
                 data);
        return TPS_EINVAL;
    }
    if (!(cfg->l2 >= 0) || !isfinite(cfg->l2)) {
        snprintf(err, errlen,
                 "logreg: the L2 weight must be finite and at least 0, not %g",
                 cfg->l2);
        return TPS_EINVAL;
    }
    char *trainpath = strndup(data, trainlen);
    if (trainpath == NULL) {
        snprintf(err, errlen, "out of memory building the logreg model");
        return TPS_ENOMEM;
    }
    tps__libsvm_set_t train = {0}, test = {0};
    char info[sizeof((*out)->info)] = "";
    int rc;
    if (!cfg->eval && cfg->split.kind != TPS_SPLIT_IID) {
        rc =
            tps__libsvm_load(trainpath, cfg->dim, 0, 0, 1, &train, err, errlen);
        if (rc == 0)
            rc = tps__libsvm_split(&train, &cfg->split, cfg->rank, cfg->workers,
                                   cfg->seed, info, sizeof(info), err, errlen);
    } else if (!cfg->eval) {
        rc = tps__libsvm_load(trainpath, cfg->dim, 0, cfg->rank, cfg->workers,
                              &train, err, errlen);
    } else if (testpath == NULL) {
        rc = tps__libsvm_load(trainpath, cfg->dim, 0, 0, 1, &test, err, errlen);
    } else {
        uint64_t rows = 0, dim = cfg->dim;
        rc = dim ? 0 : tps__libsvm_scan(trainpath, &rows, &dim, err, errlen);
        if (rc == 0 && dim == 0) {
            snprintf(err, errlen,
                     "LIBSVM file %s has no features: no row has an "
                     "index:value pair",
                     trainpath);
            rc = TPS_EIO;
        }
        if (rc == 0)
            rc = tps__libsvm_load(testpath, dim, 1, 0, 1, &test, err, errlen);
    }
    free(trainpath);
    if (rc != 0)
        return rc;
    rc = tps__model_logreg_from_sets(&train, &test, cfg->l2, out, err, errlen);
    if (rc == 0)
        memcpy((*out)->info, info, sizeof(info));
    return rc;
}
