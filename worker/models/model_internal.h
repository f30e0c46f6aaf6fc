/* SPDX-License-Identifier: MIT */
/* Internals shared by the built-in models (model.c, model_<name>.c) and
 * their unit tests. Nothing here is part of libtaups: the taups-worker
 * program uses model.h only. */
#ifndef TPS_MODEL_INTERNAL_H
#define TPS_MODEL_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "worker/data/data_idx.h"
#include "worker/data/data_libsvm.h"
#include "worker/data/data_sparse.h"

/* The image models' data: Fashion-MNIST as tps__idx_load_fashion loads it,
 * a worker's training rows chosen by cfg->split (its block when iid, as
 * that loader reads it; otherwise from the whole set, tps__idx_split,
 * with a sentence about them in info). */
struct tps__idx_set_s;
int tps__model_load_images(const tps__model_config_t *cfg,
                           struct tps__idx_set_s *train,
                           struct tps__idx_set_s *test, char *info,
                           size_t infolen, char *err, size_t errlen);

/* x . y in float, with eight partial sums: enough accuracy for 784 products
 * of pixels in [0, 1] and small weights, and a shape plain -O2 vectorises
 * without -ffast-math. Inline, as the inner loop of the image models. */
static inline float tps__dotf(const float *restrict x, const float *restrict y,
                              size_t n) {
    float s[8] = {0};
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++)
            s[k] += x[i + k] * y[i + k];
    for (; i < n; i++)
        s[0] += x[i] * y[i];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* log(1 + e^t) without overflow for large t nor loss of the small result for
 * very negative t. */
static inline double tps__softplus(double t) {
    return t > 0 ? t + log1p(exp(-t)) : log1p(exp(t));
}

/* 1 / (1 + e^-t), with exp only of non-positive arguments. */
static inline double tps__sigmoid(double t) {
    if (t >= 0)
        return 1.0 / (1.0 + exp(-t));
    double e = exp(t);
    return e / (1.0 + e);
}

/* The area under the ROC curve of scores for labels (-1/+1) of n rows: the
 * share of (positive, negative) pairs the scores order rightly, a tie
 * counting half (Mann-Whitney with averaged ranks), computed by sorting.
 * 0.5 when either class is absent. */
double tps__auc(const double *scores, const int8_t *labels, size_t n);

/* Writes softmax(z) of the k logits z to p and returns log(sum(exp(z))),
 * computed after subtracting the largest logit so that exp never overflows:
 * the cross-entropy of class y is then the result minus z[y]. */
double tps__model_softmax(const double *z, int k, double *p);

/* The class with the largest of the k logits z; ties go to the lowest class,
 * so that all-zero weights predict class 0. */
int tps__model_argmax(const double *z, int k);

/* Synthesises rows [lo, hi) of the least-squares problem (seed, m, d, cond)
 * described in model_lsq.c: a (hi-lo)*d floats, row-major; b (hi-lo) floats;
 * xstar d floats (all caller-owned). Every call with the same seed, m, d and
 * cond yields the same A, b and x*, whatever the block, so workers agree.
 * Needs d >= 2, m >= d, cond >= 1 and lo < hi <= m; returns TPS_EINVAL
 * (with a sentence) otherwise and TPS_ENOMEM if scratch memory is short. */
int tps__lsq_generate(uint64_t seed, uint64_t m, uint64_t d, double cond,
                      uint64_t lo, uint64_t hi, float *a, float *b,
                      float *xstar, char *err, size_t errlen);

/* Builds a softmax model around already loaded data: `train` supplies the
 * rows grad() indexes (may be empty: n == 0), `test` the rows evaluate() uses
 * (may be empty, then evaluate() returns TPS_EINVAL). When both hold rows,
 * their dim must agree. Takes ownership of both sets on every path (they are
 * emptied); on success *out is owned by the caller. */
int tps__model_softmax_from_sets(tps__idx_set_t *train, tps__idx_set_t *test,
                                 tps__model_t **out, char *err, size_t errlen);

/* Builds a logreg model with L2 weight l2 (finite, >= 0) around already
 * loaded data, as tps__model_softmax_from_sets does: `train` supplies the
 * rows grad() indexes, `test` those evaluate() uses; either may be empty,
 * not both, and when both hold rows their dim must agree. Takes ownership of
 * both sets on every path (they are emptied); on success *out is owned by the
 * caller. */
int tps__model_logreg_from_sets(tps__libsvm_set_t *train,
                                tps__libsvm_set_t *test, double l2,
                                tps__model_t **out, char *err, size_t errlen);

/* Builds an MLP with `hidden` hidden units (0: the default, 64) around
 * already loaded images, with the same contract as
 * tps__model_softmax_from_sets. */
int tps__model_mlp_from_sets(tps__idx_set_t *train, tps__idx_set_t *test,
                             int hidden, tps__model_t **out, char *err,
                             size_t errlen);

/* Builds a factorization machine of k factors (k = 0: logistic regression,
 * sparse-logreg) with L2 weight l2 around already loaded rows, with the
 * contract of tps__model_logreg_from_sets: takes both sets on every path;
 * either may be empty, not both. */
int tps__model_fm_from_sets(tps__sparse_set_t *train, tps__sparse_set_t *test,
                            uint32_t k, double l2, tps__model_t **out,
                            char *err, size_t errlen);

#endif
