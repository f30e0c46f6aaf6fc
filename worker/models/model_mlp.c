/* SPDX-License-Identifier: MIT */
/* A multilayer perceptron with one hidden layer on Fashion-MNIST:
 *
 *     h = relu(W1 x + b1),  z = W2 h + b2,  loss = cross-entropy(softmax(z)).
 *
 * Tensors, row-major so that every forward dot product and every gradient
 * row is contiguous:
 *   "W1"  hidden x dim, W1[j * dim + p] the weight of pixel p in unit j;
 *         normal with standard deviation sqrt(2 / dim) (He: keeps the
 *         variance of ReLU activations from shrinking or growing with depth);
 *   "b1"  hidden, zeros;
 *   "W2"  10 x hidden, W2[c * hidden + j], normal with sqrt(2 / hidden);
 *   "b2"  10, zeros.
 * The server draws the initial values from (init, scale, seed): the model
 * only declares them. Unlike softmax the loss is not convex, and all-zero
 * weights would be a saddle point where every hidden unit stays alike.
 *
 * Data as for softmax: a training worker loads its block of the 60k training
 * images, the evaluator the 10k test images. Rows go through the network in
 * blocks of MLP_BLOCK, so grad() needs no memory beyond what the model
 * allocated when it was built, whatever the batch.
 *
 * Learning rate: plain SGD with lr 0.1 and batch 64 reaches 81% test
 * accuracy within 500 updates (80% with 16 hidden units, which
 * tests/check_models_extra.c checks). For 4 asynchronous
 * workers use lr 0.05 at batch 64: in a simulation of 4 workers in round
 * robin (staleness 3), lr 0.05 and 0.1 reach 83% after 2000 updates while
 * 0.2 falls apart; a loss that is not convex gives no bound like lsq's, so
 * the margin is taken from that experiment.
 *
 * Cost per row: about 4 * hidden * dim flops (forward and backward through
 * W1; units a ReLU switched off skip their share of the W1 gradient). The
 * model is used by one thread at a time. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

#define MLP_CLASSES 10
#define MLP_DEFAULT_HIDDEN 64
#define MLP_MAX_HIDDEN 4096
#define MLP_BLOCK 64

typedef struct mlp_s {
    tps__model_t base; /* first, so that a tps__model_t * is an mlp_t * */
    size_t dim, hidden;
    tps__idx_set_t train;
    tps__idx_set_t test;
    /* Scratch for one block of rows. */
    const float *x[MLP_BLOCK]; /* the images */
    uint8_t y[MLP_BLOCK];      /* their labels */
    float *h;                  /* MLP_BLOCK x hidden activations */
    float *dh;                 /* MLP_BLOCK x hidden, d loss / d (W1 x + b1) */
    double p[MLP_BLOCK][MLP_CLASSES]; /* class probabilities */
} mlp_t;

/* out[r] = (w + r * dim) . x for r < 4. Each row keeps eight partial sums
 * in float, a shape plain -O2 vectorises without -ffast-math, and each
 * element of x, once loaded, serves four rows. */
static void dot4(const float *restrict w, size_t dim, const float *restrict x,
                 float out[4]) {
    float s[4][8] = {{0}};
    size_t p = 0;
    for (; p + 8 <= dim; p += 8)
        for (int r = 0; r < 4; r++)
            for (int k = 0; k < 8; k++)
                s[r][k] += w[r * dim + p + k] * x[p + k];
    for (; p < dim; p++)
        for (int r = 0; r < 4; r++)
            s[r][0] += w[r * dim + p] * x[p];
    for (int r = 0; r < 4; r++)
        out[r] = ((s[r][0] + s[r][1]) + (s[r][2] + s[r][3])) +
                 ((s[r][4] + s[r][5]) + (s[r][6] + s[r][7]));
}

/* y += a[0] x[0] + ... + a[cnt-1] x[cnt-1] for cnt <= 4: summing four
 * images per pass over y quarters the loads and stores of the gradient row.
 * Blocks of eight with restrict, as in dot4, so that -O2 vectorises. */
static void axpy4(const float *a, const float *const *x, int cnt,
                  float *restrict y, size_t dim) {
    const float *restrict x0 = x[0];
    const float *restrict x1 = cnt > 1 ? x[1] : x0;
    const float *restrict x2 = cnt > 2 ? x[2] : x0;
    const float *restrict x3 = cnt > 3 ? x[3] : x0;
    float a0 = a[0], a1 = cnt > 1 ? a[1] : 0, a2 = cnt > 2 ? a[2] : 0,
          a3 = cnt > 3 ? a[3] : 0;
    size_t p = 0;
    for (; p + 8 <= dim; p += 8)
        for (int k = 0; k < 8; k++)
            y[p + k] += (a0 * x0[p + k] + a1 * x1[p + k]) +
                        (a2 * x2[p + k] + a3 * x3[p + k]);
    for (; p < dim; p++)
        y[p] += (a0 * x0[p] + a1 * x1[p]) + (a2 * x2[p] + a3 * x3[p]);
}

/* Runs the block of c rows in m->x / m->y through the network at params:
 * leaves the activations in m->h and the probabilities in m->p, adds the
 * number of rows predicted right to *correct and returns the summed
 * cross-entropy. */
static double forward(mlp_t *m, const float *const *params, size_t c,
                      size_t *correct) {
    const float *w1 = params[0], *b1 = params[1], *w2 = params[2],
                *b2 = params[3];
    size_t dim = m->dim, hid = m->hidden;
    double loss = 0;
    for (size_t i = 0; i < c; i++) {
        float *h = m->h + i * hid;
        size_t j = 0;
        for (; j + 4 <= hid; j += 4)
            dot4(w1 + j * dim, dim, m->x[i], h + j);
        for (; j < hid; j++)
            h[j] = tps__dotf(w1 + j * dim, m->x[i], dim);
        for (j = 0; j < hid; j++) {
            float a = h[j] + b1[j];
            h[j] = a > 0 ? a : 0;
        }

        double z[MLP_CLASSES];
        for (int k = 0; k < MLP_CLASSES; k++) {
            double s = b2[k];
            const float *row = w2 + (size_t)k * hid;
            for (j = 0; j < hid; j++)
                s += (double)row[j] * (double)h[j];
            z[k] = s;
        }
        loss += tps__model_softmax(z, MLP_CLASSES, m->p[i]) - z[m->y[i]];
        *correct += tps__model_argmax(z, MLP_CLASSES) == m->y[i];
    }
    return loss;
}

/* Adds the gradient of the block's summed loss (after forward) to grads. */
static void backward(mlp_t *m, const float *const *params, float *const *grads,
                     size_t c) {
    const float *w2 = params[2];
    float *gw1 = grads[0], *gb1 = grads[1], *gw2 = grads[2], *gb2 = grads[3];
    size_t dim = m->dim, hid = m->hidden;
    for (size_t i = 0; i < c; i++) {
        const float *h = m->h + i * hid;
        float *dh = m->dh + i * hid;
        memset(dh, 0, hid * sizeof(float));
        for (int k = 0; k < MLP_CLASSES; k++) {
            /* d loss / d z_k = p_k - [k == y]. */
            float dz = (float)(m->p[i][k] - (k == m->y[i] ? 1.0 : 0.0));
            const float *w2row = w2 + (size_t)k * hid;
            float *g2row = gw2 + (size_t)k * hid;
            for (size_t j = 0; j < hid; j++) {
                g2row[j] += dz * h[j];
                dh[j] += dz * w2row[j];
            }
            gb2[k] += dz;
        }
        /* ReLU passes the gradient only where it was active; h > 0 there. */
        for (size_t j = 0; j < hid; j++) {
            dh[j] = h[j] > 0 ? dh[j] : 0;
            gb1[j] += dh[j];
        }
    }
    /* W1's gradient, row by row: the rows of the block whose unit j was
     * active, four at a time. */
    for (size_t j = 0; j < hid; j++) {
        float a[4];
        const float *x[4];
        int cnt = 0;
        for (size_t i = 0; i < c; i++) {
            float d = m->dh[i * hid + j];
            if (d == 0)
                continue;
            a[cnt] = d;
            x[cnt++] = m->x[i];
            if (cnt == 4) {
                axpy4(a, x, cnt, gw1 + j * dim, dim);
                cnt = 0;
            }
        }
        if (cnt > 0)
            axpy4(a, x, cnt, gw1 + j * dim, dim);
    }
}

static double mlp_grad(tps__model_t *model, const float *const *params,
                       float *const *grads, const uint32_t *rows, size_t n) {
    mlp_t *m = (mlp_t *)model;
    for (int t = 0; t < model->ntensors; t++)
        memset(grads[t], 0, model->tensors[t].len * sizeof(float));
    if (n == 0)
        return 0;
    double loss = 0;
    size_t correct = 0;
    for (size_t start = 0; start < n; start += MLP_BLOCK) {
        size_t c = n - start < MLP_BLOCK ? n - start : MLP_BLOCK;
        for (size_t i = 0; i < c; i++) {
            uint32_t r = rows[start + i];
            assert(r < m->train.n);
            m->x[i] = m->train.images + (size_t)r * m->dim;
            m->y[i] = m->train.labels[r];
        }
        loss += forward(m, params, c, &correct);
        backward(m, params, grads, c);
    }
    float inv = 1.0f / (float)n;
    for (int t = 0; t < model->ntensors; t++)
        for (uint64_t k = 0; k < model->tensors[t].len; k++)
            grads[t][k] *= inv;
    return loss / (double)n;
}

static int mlp_evaluate(tps__model_t *model, const float *const *params,
                        double *loss, double *metric) {
    mlp_t *m = (mlp_t *)model;
    if (m->test.n == 0)
        return TPS_EINVAL;
    double sum = 0;
    size_t correct = 0;
    for (size_t start = 0; start < m->test.n; start += MLP_BLOCK) {
        size_t c =
            m->test.n - start < MLP_BLOCK ? m->test.n - start : MLP_BLOCK;
        for (size_t i = 0; i < c; i++) {
            m->x[i] = m->test.images + (start + i) * m->dim;
            m->y[i] = m->test.labels[start + i];
        }
        sum += forward(m, params, c, &correct);
    }
    *loss = sum / (double)m->test.n;
    *metric = (double)correct / (double)m->test.n;
    return 0;
}

static void mlp_destroy(tps__model_t *model) {
    mlp_t *m = (mlp_t *)model;
    if (m == NULL)
        return;
    tps__idx_free(&m->train);
    tps__idx_free(&m->test);
    free(m->h);
    free(m->dh);
    free(m);
}

int tps__model_mlp_from_sets(tps__idx_set_t *train, tps__idx_set_t *test,
                             int hidden, tps__model_t **out, char *err,
                             size_t errlen) {
    *out = NULL;
    size_t hid = hidden == 0 ? MLP_DEFAULT_HIDDEN : (size_t)hidden;
    int rc = TPS_EINVAL;
    mlp_t *m = NULL;
    if (hidden < 0 || hidden > MLP_MAX_HIDDEN) {
        snprintf(err, errlen, "mlp: %d hidden units is outside 1..%d", hidden,
                 MLP_MAX_HIDDEN);
        goto fail;
    }
    size_t dim = tps__idx_model_dim("mlp", train, test, err, errlen);
    if (dim == 0)
        goto fail;
    m = calloc(1, sizeof(*m));
    if (m != NULL) {
        m->h = malloc(MLP_BLOCK * hid * sizeof(float));
        m->dh = malloc(MLP_BLOCK * hid * sizeof(float));
    }
    if (m == NULL || m->h == NULL || m->dh == NULL) {
        snprintf(err, errlen, "out of memory building the mlp model");
        rc = TPS_ENOMEM;
        goto fail;
    }
    m->dim = dim;
    m->hidden = hid;
    tps__idx_move(&m->train, train);
    tps__idx_move(&m->test, test);

    tps__model_t *base = &m->base;
    base->name = "mlp";
    base->metric_name = "accuracy";
    base->ntensors = 4;
    base->tensors[0] =
        (tps__model_tensor_t){.name = "W1",
                             .len = (uint64_t)hid * dim,
                             .init = TPS_INIT_NORMAL,
                             .scale = (float)sqrt(2.0 / (double)dim)};
    base->tensors[1] = (tps__model_tensor_t){
        .name = "b1", .len = hid, .init = TPS_INIT_ZEROS, .scale = 0.0f};
    base->tensors[2] =
        (tps__model_tensor_t){.name = "W2",
                             .len = (uint64_t)MLP_CLASSES * hid,
                             .init = TPS_INIT_NORMAL,
                             .scale = (float)sqrt(2.0 / (double)hid)};
    base->tensors[3] = (tps__model_tensor_t){.name = "b2",
                                            .len = MLP_CLASSES,
                                            .init = TPS_INIT_ZEROS,
                                            .scale = 0.0f};
    base->nrows = m->train.n;
    base->grad = mlp_grad;
    base->evaluate = mlp_evaluate;
    base->destroy = mlp_destroy;
    *out = base;
    return 0;

fail:
    if (m != NULL) {
        free(m->h);
        free(m->dh);
    }
    free(m);
    tps__idx_free(train);
    tps__idx_free(test);
    return rc;
}

int tps__model_mlp_new(const tps__model_config_t *cfg, tps__model_t **out,
                       char *err, size_t errlen) {
    *out = NULL;
    if (cfg->hidden < 0 || cfg->hidden > MLP_MAX_HIDDEN) {
        snprintf(err, errlen, "mlp: %d hidden units is outside 1..%d",
                 cfg->hidden, MLP_MAX_HIDDEN);
        return TPS_EINVAL;
    }
    tps__idx_set_t train, test;
    char info[sizeof((*out)->info)] = "";
    int rc = tps__model_load_images(cfg, &train, &test, info, sizeof(info),
                                    err, errlen);
    if (rc != 0)
        return rc;
    rc = tps__model_mlp_from_sets(&train, &test, cfg->hidden, out, err, errlen);
    if (rc == 0)
        memcpy((*out)->info, info, sizeof(info));
    return rc;
}
