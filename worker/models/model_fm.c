/* SPDX-License-Identifier: MIT */
/* The table models: a factorization machine (Rendle 2010) with logistic
 * loss, and with k = 0 factors sparse logistic regression:
 *
 *     f(x) = b + sum_i w_i x_i + sum_{i<j} <v_i, v_j> x_i x_j
 *          = b + sum_i w_i x_i
 *              + 1/2 sum_c [(sum_i v_ic x_i)^2 - sum_i v_ic^2 x_i^2],
 *
 * the second form costing O(k nnz) per row. The objective over m rows is
 *
 *     F = (1/m) sum_r log(1 + exp(-y_r f(x_r)))
 *         + (lambda/2) (b^2 + ||w||^2 + ||V||^2),
 *
 * lambda = cfg->l2. With k = 0 it is liblinear's -s 0 -B 1 objective
 * divided by C m: liblinear minimises 1/2 ||w||^2 + C sum_r log(1 +
 * exp(-y_r w.x_r)), bias included as a feature, so --l2 1/(C m) gives the
 * same minimiser.
 *
 * Tensors: "b" (dense, 1 float), table "w" (rows of 1, zeros) and, for
 * k > 0, table "v" (rows of k, normal of sd 0.01: zero factors would have a
 * zero gradient for ever). A worker pulls and pushes only the rows its
 * batch touches, so the penalty cannot be the dense lambda w on every
 * feature at every step. It is spread over the rows instead: a row holding
 * feature i carries (lambda/2) (m / c_i) ||(w_i, v_i)||^2, with c_i the
 * rows of the whole training set that hold feature i (and every row
 * (lambda/2) b^2). Summed over the m rows that is exactly the penalty
 * above, so any minibatch gradient is an unbiased estimate of F's, a full
 * batch gives F's own, and a sync step's mean over the workers (weighted
 * by their samples) too.
 *
 * Data: cfg->data is "TRAIN[,TEST]" (LIBSVM files with 64-bit ids, plain or
 * gzip) or synth-ctr[:...] (ctr_gen.h; default: synth-ctr with its
 * defaults, k as the model's, seed --seed). Every process reads or
 * generates the whole training set, for the counts c_i, and a worker keeps
 * its block of the rows. The evaluator scores TEST (the held-out rows of
 * synth-ctr's test=N), else the training rows: F, the area under the ROC
 * curve as the metric, the log-loss, and on synthetic data the planted
 * model's log-loss and the gap to it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "worker/data/ctr_gen.h"
#include "worker/data/split.h"

#define FM_DEFAULT_FACTORS 8
#define FM_V_SCALE 0.01f

typedef struct fm_s {
    tps__model_t base; /* first, so that a tps__model_t * is an fm_t * */
    uint32_t k;
    double l2;
    tps__sparse_set_t train, test;
    double *pen;     /* train.nids: lambda m / c_i */
    double *acc;     /* train.nids * (1 + k): gradient sums, w then v */
    uint32_t *mark;  /* train.nids: the stamp of the last batch that
                        touched the slot */
    uint32_t stamp;
    uint32_t *slots; /* train.nids: the batch's slots */
    double *sum;     /* k: sum_i v_ic x_i of the current row */
    double *score;   /* test.n */
} fm_t;

/* f(x_r) at b, w, v for row r of s; leaves sum_i v_ic x_i in fm->sum. */
static double margin(fm_t *fm, const tps__sparse_set_t *s, size_t r, float b,
                     const float *w, const float *v) {
    uint32_t k = fm->k;
    double f = b, sq = 0;
    for (uint32_t c = 0; c < k; c++)
        fm->sum[c] = 0;
    for (uint64_t e = s->offsets[r]; e < s->offsets[r + 1]; e++) {
        uint32_t i = s->slots[e];
        double x = s->values[e];
        f += (double)w[i] * x;
        for (uint32_t c = 0; c < k; c++) {
            double t = (double)v[(size_t)i * k + c] * x;
            fm->sum[c] += t;
            sq += t * t;
        }
    }
    for (uint32_t c = 0; c < k; c++)
        f += 0.5 * fm->sum[c] * fm->sum[c];
    return f - 0.5 * sq;
}

static size_t fm_touched(tps__model_t *m, const uint32_t *rows, size_t n,
                         uint32_t *slots) {
    fm_t *fm = (fm_t *)m;
    if (++fm->stamp == 0) {
        memset(fm->mark, 0, fm->train.nids * sizeof(uint32_t));
        fm->stamp = 1;
    }
    size_t count = 0;
    const tps__sparse_set_t *s = &fm->train;
    for (size_t t = 0; t < n; t++)
        for (uint64_t e = s->offsets[rows[t]]; e < s->offsets[rows[t] + 1];
             e++)
            if (fm->mark[s->slots[e]] != fm->stamp) {
                fm->mark[s->slots[e]] = fm->stamp;
                slots[count++] = s->slots[e];
            }
    return count;
}

/* Adds row r's loss gradient (coefficient c = dloss/df) and its share of
 * the penalty to fm->acc; returns the row's share of the penalty. */
static double add_row(fm_t *fm, size_t r, double c, const float *w,
                      const float *v) {
    const tps__sparse_set_t *s = &fm->train;
    uint32_t k = fm->k;
    double penalty = 0;
    for (uint64_t e = s->offsets[r]; e < s->offsets[r + 1]; e++) {
        uint32_t i = s->slots[e];
        double x = s->values[e], p = fm->pen[i];
        double *a = fm->acc + (size_t)i * (1 + k);
        a[0] += c * x + p * w[i];
        penalty += p * (double)w[i] * w[i];
        for (uint32_t q = 0; q < k; q++) {
            double vi = v[(size_t)i * k + q];
            a[1 + q] += c * x * (fm->sum[q] - vi * x) + p * vi;
            penalty += p * vi * vi;
        }
    }
    return 0.5 * penalty;
}

static double fm_grad(tps__model_t *m, const float *const *params,
                      float *const *grads, const uint32_t *rows, size_t n) {
    fm_t *fm = (fm_t *)m;
    const tps__sparse_set_t *s = &fm->train;
    uint32_t k = fm->k;
    const float *w = params[1], *v = k ? params[2] : NULL;
    float b = params[0][0];
    size_t touched = fm_touched(m, rows, n, fm->slots);
    double loss = 0, gb = 0;
    for (size_t t = 0; t < n; t++) {
        size_t r = rows[t];
        double y = s->labels[r], f = margin(fm, s, r, b, w, v);
        loss += tps__softplus(-y * f) + 0.5 * fm->l2 * (double)b * b;
        /* d/df log(1 + e^(-y f)) = -y sigma(-y f). */
        double c = -y * tps__sigmoid(-y * f);
        gb += c + fm->l2 * b;
        loss += add_row(fm, r, c, w, v);
    }
    double inv = n ? 1.0 / (double)n : 0;
    grads[0][0] = (float)(gb * inv);
    for (size_t j = 0; j < touched; j++) {
        size_t i = fm->slots[j];
        double *a = fm->acc + i * (1 + k);
        grads[1][i] = (float)(a[0] * inv);
        for (uint32_t q = 0; q < k; q++)
            grads[2][i * k + q] = (float)(a[1 + q] * inv);
        memset(a, 0, (1 + k) * sizeof(double));
    }
    return loss * inv;
}

static int fm_evaluate(tps__model_t *m, const float *const *params,
                       double *loss, double *metric) {
    fm_t *fm = (fm_t *)m;
    const tps__sparse_set_t *s = &fm->test;
    uint32_t k = fm->k;
    const float *w = params[1], *v = k ? params[2] : NULL;
    if (s->n == 0)
        return TPS_EINVAL;
    double ll = 0, planted = 0, sq = (double)params[0][0] * params[0][0];
    for (size_t r = 0; r < s->n; r++) {
        fm->score[r] = margin(fm, s, r, params[0][0], w, v);
        ll += tps__softplus(-s->labels[r] * fm->score[r]);
        if (s->planted)
            planted += tps__softplus(-s->labels[r] * s->planted[r]);
    }
    for (size_t i = 0; i < s->nids * (1 + (size_t)k); i++) {
        double x = i < s->nids ? w[i] : v[i - s->nids];
        sq += x * x;
    }
    ll /= (double)s->n;
    planted /= (double)s->n;
    *loss = ll + 0.5 * fm->l2 * sq;
    *metric = tps__auc(fm->score, s->labels, s->n);
    m->nextra = s->planted ? 3 : 1;
    m->extra[0] = ll;
    m->extra[1] = planted;
    m->extra[2] = ll - planted;
    return 0;
}

static int fm_write_rows(tps__model_t *m, const char *path, char *err,
                         size_t errlen) {
    fm_t *fm = (fm_t *)m;
    return tps__sparse_write(&fm->train, path, err, errlen);
}

static void fm_destroy(tps__model_t *m) {
    fm_t *fm = (fm_t *)m;
    if (fm == NULL)
        return;
    tps__sparse_free(&fm->train);
    tps__sparse_free(&fm->test);
    free(fm->pen);
    free(fm->acc);
    free(fm->mark);
    free(fm->slots);
    free(fm->sum);
    free(fm->score);
    free(fm);
}

/* The tensors, and the scratch the sets need. */
static int fm_setup(fm_t *fm) {
    tps__model_t *base = &fm->base;
    const tps__sparse_set_t *own = fm->train.n ? &fm->train : &fm->test;
    size_t nids = fm->train.nids, k = fm->k;
    fm->pen = malloc((nids ? nids : 1) * sizeof(double));
    fm->acc = calloc((nids ? nids : 1) * (1 + k), sizeof(double));
    fm->mark = calloc(nids ? nids : 1, sizeof(uint32_t));
    fm->slots = malloc((nids ? nids : 1) * sizeof(uint32_t));
    fm->sum = calloc(k ? k : 1, sizeof(double));
    fm->score = malloc((fm->test.n ? fm->test.n : 1) * sizeof(double));
    if (!fm->pen || !fm->acc || !fm->mark || !fm->slots || !fm->sum ||
        !fm->score)
        return TPS_ENOMEM;
    for (size_t i = 0; i < nids; i++)
        fm->pen[i] = fm->l2 * (double)fm->train.total / fm->train.count[i];
    base->name = k ? "fm" : "sparse-logreg";
    base->metric_name = "auc";
    base->ntensors = k ? 3 : 2;
    base->tensors[0] = (tps__model_tensor_t){
        .name = "b", .len = 1, .init = TPS_INIT_ZEROS};
    base->tensors[1] = (tps__model_tensor_t){
        .name = "w", .len = own->nids, .init = TPS_INIT_ZEROS, .row_dim = 1};
    base->tensors[2] = (tps__model_tensor_t){.name = "v",
                                             .len = own->nids * k,
                                             .init = TPS_INIT_NORMAL,
                                             .scale = FM_V_SCALE,
                                             .row_dim = (uint32_t)k};
    base->nrows = fm->train.n;
    base->extra_names[0] = "logloss";
    base->extra_names[1] = "planted_logloss";
    base->extra_names[2] = "gap";
    base->row_ids = own->ids;
    base->nrow_ids = own->nids;
    base->grad = fm_grad;
    base->evaluate = fm_evaluate;
    base->destroy = fm_destroy;
    base->touched = fm_touched;
    base->write_rows = fm_write_rows;
    return 0;
}

int tps__model_fm_from_sets(tps__sparse_set_t *train, tps__sparse_set_t *test,
                            uint32_t k, double l2, tps__model_t **out,
                            char *err, size_t errlen) {
    *out = NULL;
    const char *name = k ? "fm" : "sparse-logreg";
    fm_t *fm = NULL;
    int rc = TPS_EINVAL;
    if (!(l2 >= 0) || !isfinite(l2))
        snprintf(err, errlen,
                 "%s: the L2 weight must be finite and at least 0, not %g",
                 name, l2);
    else if (train->n == 0 && test->n == 0)
        snprintf(err, errlen, "%s: no rows to train or evaluate on", name);
    else if ((fm = calloc(1, sizeof(*fm))) == NULL)
        rc = TPS_ENOMEM;
    if (fm != NULL) {
        fm->k = k;
        fm->l2 = l2;
        fm->train = *train;
        fm->test = *test;
        memset(train, 0, sizeof(*train));
        memset(test, 0, sizeof(*test));
        if ((rc = fm_setup(fm)) == 0) {
            *out = &fm->base;
            return 0;
        }
        fm_destroy(&fm->base);
    }
    if (rc == TPS_ENOMEM)
        snprintf(err, errlen, "out of memory building the %s model", name);
    tps__sparse_free(train);
    tps__sparse_free(test);
    return rc;
}

/* A LIBSVM file with 64-bit ids as rows by slot. */
static int load_file(const char *path, tps__sparse_set_t *out, char *err,
                     size_t errlen) {
    tps__libsvm_set_t f;
    int rc = tps__libsvm_load_ids(path, &f, err, errlen);
    if (rc < 0)
        return rc;
    *out = (tps__sparse_set_t){.offsets = f.offsets,
                               .values = f.values,
                               .labels = f.labels,
                               .n = f.n,
                               .nnz = f.nnz};
    uint64_t *raw = f.ids;
    f.offsets = NULL;
    f.values = NULL;
    f.labels = NULL;
    f.ids = NULL;
    tps__libsvm_free(&f);
    rc = tps__sparse_index(out, raw, err, errlen);
    free(raw);
    return rc;
}

/* The evaluator's rows into test, or a worker's block of the training rows
 * into train (counted over all of them first). */
static int load_sets(const tps__model_config_t *cfg, uint32_t k,
                     tps__sparse_set_t *train, tps__sparse_set_t *test,
                     char *err, size_t errlen) {
    const char *data = cfg->data ? cfg->data : TPS_CTR_PREFIX;
    size_t plen = strlen(TPS_CTR_PREFIX);
    int rc;
    if (strncmp(data, TPS_CTR_PREFIX, plen) == 0 &&
        (data[plen] == '\0' || data[plen] == ':')) {
        tps__ctr_spec_t spec = {.rows = 10000, .features = 10000, .nnz = 10,
                                .zipf = 1.1, .seed = cfg->seed, .k = k};
        if ((rc = tps__ctr_parse(data, &spec, err, errlen)) < 0)
            return rc;
        if (cfg->eval)
            return spec.test ? tps__ctr_generate(&spec, spec.rows,
                                                 spec.rows + spec.test, test,
                                                 err, errlen)
                             : tps__ctr_generate(&spec, 0, spec.rows, test,
                                                 err, errlen);
        rc = tps__ctr_generate(&spec, 0, spec.rows, train, err, errlen);
    } else {
        const char *comma = strchr(data, ',');
        size_t len = comma ? (size_t)(comma - data) : strlen(data);
        char path[4096];
        if (len == 0 || len >= sizeof(path) || (comma && !comma[1])) {
            snprintf(err, errlen, "data \"%.200s\" should be TRAIN or "
                     "TRAIN,TEST (LIBSVM files) or %s[:key=value,...]",
                     data, TPS_CTR_PREFIX);
            return TPS_EINVAL;
        }
        snprintf(path, sizeof(path), "%.*s", (int)len, data);
        if (cfg->eval)
            return load_file(comma ? comma + 1 : path, test, err, errlen);
        rc = load_file(path, train, err, errlen);
    }
    uint64_t lo, hi;
    if (rc == 0)
        rc = tps__split_block(train->n, cfg->rank, cfg->workers,
                              "training rows", &lo, &hi, err, errlen);
    if (rc == 0)
        rc = tps__sparse_keep(train, lo, hi, err, errlen);
    return rc;
}

static int fm_new(const tps__model_config_t *cfg, uint32_t k,
                  tps__model_t **out, char *err, size_t errlen) {
    *out = NULL;
    if (cfg->split.kind != TPS_SPLIT_IID) {
        snprintf(err, errlen, "%s: --split shares out the rows of dense "
                 "models; each worker of a table model holds a block of the "
                 "rows (iid)", k ? "fm" : "sparse-logreg");
        return TPS_EINVAL;
    }
    tps__sparse_set_t train = {0}, test = {0};
    int rc = load_sets(cfg, k, &train, &test, err, errlen);
    if (rc < 0) {
        tps__sparse_free(&train);
        tps__sparse_free(&test);
        return rc;
    }
    return tps__model_fm_from_sets(&train, &test, k, cfg->l2, out, err,
                                   errlen);
}

int tps__model_sparse_logreg_new(const tps__model_config_t *cfg,
                                 tps__model_t **out, char *err,
                                 size_t errlen) {
    return fm_new(cfg, 0, out, err, errlen);
}

int tps__model_fm_new(const tps__model_config_t *cfg, tps__model_t **out,
                      char *err, size_t errlen) {
    uint32_t k = cfg->factors > 0 ? (uint32_t)cfg->factors
                                  : FM_DEFAULT_FACTORS;
    return fm_new(cfg, k, out, err, errlen);
}
