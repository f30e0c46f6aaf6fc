/* SPDX-License-Identifier: MIT */
/* Multinomial logistic regression on Fashion-MNIST (10 classes of 28x28
 * images): logits z = W x + b, loss = mean cross-entropy of softmax(z).
 *
 * Tensors: "W" holds 10 x dim floats row-major by class, W[c * dim + p] being
 * the weight of pixel p for class c, so that each logit is one contiguous dot
 * product and each gradient row one contiguous axpy; "b" holds 10 floats.
 * Both start at zero, which is fine for this convex loss.
 *
 * A training worker loads only its block of the 60k training images (see
 * tps__split_block) and cannot evaluate; the evaluator (cfg->eval) loads
 * only the 10k test images and holds no training rows. The model is used by
 * one thread at a time. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

#define SOFTMAX_CLASSES 10

typedef struct softmax_s {
    tps__model_t base; /* first, so that a tps__model_t * is a softmax_t * */
    size_t dim;
    tps__idx_set_t train;
    tps__idx_set_t test;
} softmax_t;

/* y += a x, in blocks of eight with restrict so that plain -O2 vectorises it
 * (its cost model adds neither alias checks nor remainder loops). */
static void axpyf(float a, const float *restrict x, float *restrict y,
                  size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++)
            y[i + k] += a * x[i + k];
    for (; i < n; i++)
        y[i] += a * x[i];
}

/* Logits of image x into z and probabilities into p; returns
 * log(sum(exp(z))) (see tps__model_softmax). */
static double forward(const float *w, const float *bias, const float *x,
                      size_t dim, double *z, double *p) {
    for (int c = 0; c < SOFTMAX_CLASSES; c++)
        z[c] = (double)tps__dotf(w + (size_t)c * dim, x, dim) + (double)bias[c];
    return tps__model_softmax(z, SOFTMAX_CLASSES, p);
}

static double softmax_grad(tps__model_t *model, const float *const *params,
                           float *const *grads, const uint32_t *rows,
                           size_t n) {
    softmax_t *s = (softmax_t *)model;
    size_t dim = s->dim;
    const float *w = params[0], *bias = params[1];
    float *gw = grads[0], *gb = grads[1];
    memset(gw, 0, (size_t)SOFTMAX_CLASSES * dim * sizeof(float));
    memset(gb, 0, SOFTMAX_CLASSES * sizeof(float));
    if (n == 0)
        return 0;
    double loss = 0, z[SOFTMAX_CLASSES], p[SOFTMAX_CLASSES];
    for (size_t t = 0; t < n; t++) {
        assert(rows[t] < s->train.n);
        const float *x = s->train.images + (size_t)rows[t] * dim;
        int y = s->train.labels[rows[t]];
        loss += forward(w, bias, x, dim, z, p) - z[y];
        /* d loss / d z_c = p_c - [c == y]. */
        for (int c = 0; c < SOFTMAX_CLASSES; c++) {
            float delta = (float)(p[c] - (c == y ? 1.0 : 0.0));
            axpyf(delta, x, gw + (size_t)c * dim, dim);
            gb[c] += delta;
        }
    }
    float inv = 1.0f / (float)n;
    for (size_t k = 0; k < (size_t)SOFTMAX_CLASSES * dim; k++)
        gw[k] *= inv;
    for (int c = 0; c < SOFTMAX_CLASSES; c++)
        gb[c] *= inv;
    return loss / (double)n;
}

static int softmax_evaluate(tps__model_t *model, const float *const *params,
                            double *loss, double *metric) {
    softmax_t *s = (softmax_t *)model;
    if (s->test.n == 0)
        return TPS_EINVAL;
    double sum = 0, z[SOFTMAX_CLASSES], p[SOFTMAX_CLASSES];
    size_t correct = 0;
    for (size_t i = 0; i < s->test.n; i++) {
        int y = s->test.labels[i];
        sum += forward(params[0], params[1], s->test.images + i * s->dim,
                       s->dim, z, p) -
               z[y];
        correct += tps__model_argmax(z, SOFTMAX_CLASSES) == y;
    }
    *loss = sum / (double)s->test.n;
    *metric = (double)correct / (double)s->test.n;
    return 0;
}

static void softmax_destroy(tps__model_t *model) {
    softmax_t *s = (softmax_t *)model;
    if (s == NULL)
        return;
    tps__idx_free(&s->train);
    tps__idx_free(&s->test);
    free(s);
}

int tps__model_softmax_from_sets(tps__idx_set_t *train, tps__idx_set_t *test,
                                 tps__model_t **out, char *err, size_t errlen) {
    *out = NULL;
    size_t dim = tps__idx_model_dim("softmax", train, test, err, errlen);
    if (dim == 0)
        goto fail;
    softmax_t *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, errlen, "out of memory building the softmax model");
        tps__idx_free(train);
        tps__idx_free(test);
        return TPS_ENOMEM;
    }
    s->dim = dim;
    tps__idx_move(&s->train, train);
    tps__idx_move(&s->test, test);

    tps__model_t *base = &s->base;
    base->name = "softmax";
    base->metric_name = "accuracy";
    base->ntensors = 2;
    base->tensors[0] =
        (tps__model_tensor_t){.name = "W",
                             .len = (uint64_t)SOFTMAX_CLASSES * dim,
                             .init = TPS_INIT_ZEROS,
                             .scale = 0.0f};
    base->tensors[1] = (tps__model_tensor_t){.name = "b",
                                            .len = SOFTMAX_CLASSES,
                                            .init = TPS_INIT_ZEROS,
                                            .scale = 0.0f};
    base->nrows = s->train.n;
    base->grad = softmax_grad;
    base->evaluate = softmax_evaluate;
    base->destroy = softmax_destroy;
    *out = base;
    return 0;

fail:
    tps__idx_free(train);
    tps__idx_free(test);
    return TPS_EINVAL;
}

int tps__model_softmax_new(const tps__model_config_t *cfg, tps__model_t **out,
                           char *err, size_t errlen) {
    *out = NULL;
    tps__idx_set_t train, test;
    char info[sizeof((*out)->info)] = "";
    int rc = tps__model_load_images(cfg, &train, &test, info, sizeof(info),
                                    err, errlen);
    if (rc != 0)
        return rc;
    rc = tps__model_softmax_from_sets(&train, &test, out, err, errlen);
    if (rc == 0)
        memcpy((*out)->info, info, sizeof(info));
    return rc;
}
