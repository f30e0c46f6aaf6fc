/* SPDX-License-Identifier: MIT */
/* Model registry of taups-worker: maps the model name given on the command
 * line to its constructor, and holds the image models' loading and the
 * softmax output of the image classifiers. Each model lives in its own file
 * (model_<name>.c). */
#include "model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "worker/data/data_idx.h"

typedef int (*model_new_fn)(const tps__model_config_t *cfg, tps__model_t **out,
                            char *err, size_t errlen);

static const struct {
    const char *name;
    model_new_fn make;
} models[] = {
    {"lsq", tps__model_lsq_new},
    {"softmax", tps__model_softmax_new},
    {"logreg", tps__model_logreg_new},
    {"mlp", tps__model_mlp_new},
    {"sparse-logreg", tps__model_sparse_logreg_new},
    {"fm", tps__model_fm_new},
};

#define NMODELS (sizeof(models) / sizeof(models[0]))

/* Writes `what` followed by the list of valid names, so that the sentence
 * stays right when a model is added to the table. */
static void unknown_model(const char *what, char *err, size_t errlen) {
    char names[160] = "";
    size_t used = 0;
    for (size_t i = 0; i < NMODELS; i++) {
        const char *sep = i == 0 ? "" : i + 1 == NMODELS ? " and " : ", ";
        int w = snprintf(names + used, sizeof(names) - used, "%s\"%s\"", sep,
                         models[i].name);
        if (w < 0 || (size_t)w >= sizeof(names) - used)
            break;
        used += (size_t)w;
    }
    snprintf(err, errlen, "%s; the built-in models are %s", what, names);
}

int tps__model_new(const tps__model_config_t *cfg, tps__model_t **out,
                   char *err, size_t errlen) {
    if (out != NULL)
        *out = NULL;
    if (cfg == NULL || out == NULL) {
        snprintf(err, errlen, "no model configuration given");
        return TPS_EINVAL;
    }
    if (cfg->model == NULL || cfg->model[0] == '\0') {
        unknown_model("no model given", err, errlen);
        return TPS_EINVAL;
    }
    for (size_t i = 0; i < NMODELS; i++)
        if (strcmp(cfg->model, models[i].name) == 0)
            return models[i].make(cfg, out, err, errlen);
    char what[96];
    snprintf(what, sizeof(what), "unknown model \"%.60s\"", cfg->model);
    unknown_model(what, err, errlen);
    return TPS_EINVAL;
}

int tps__model_load_images(const tps__model_config_t *cfg,
                           tps__idx_set_t *train, tps__idx_set_t *test,
                           char *info, size_t infolen, char *err,
                           size_t errlen) {
    int whole = !cfg->eval && cfg->split.kind != TPS_SPLIT_IID;
    int rc = tps__idx_load_fashion(cfg->data, cfg->eval, whole ? 0 : cfg->rank,
                                   whole ? 1 : cfg->workers, train, test, err,
                                   errlen);
    if (rc == 0 && whole)
        rc = tps__idx_split(train, &cfg->split, cfg->rank, cfg->workers,
                            cfg->seed, info, infolen, err, errlen);
    return rc;
}

double tps__model_softmax(const double *z, int k, double *p) {
    double zmax = -INFINITY;
    for (int c = 0; c < k; c++)
        if (z[c] > zmax)
            zmax = z[c];
    double sum = 0;
    for (int c = 0; c < k; c++) {
        p[c] = exp(z[c] - zmax);
        sum += p[c];
    }
    for (int c = 0; c < k; c++)
        p[c] /= sum;
    return zmax + log(sum);
}

int tps__model_argmax(const double *z, int k) {
    int best = 0;
    for (int c = 1; c < k; c++)
        if (z[c] > z[best])
            best = c;
    return best;
}

typedef struct scored_s {
    double score;
    int8_t label;
} scored_t;

static int cmp_scored(const void *a, const void *b) {
    double x = ((const scored_t *)a)->score, y = ((const scored_t *)b)->score;
    return (x > y) - (x < y);
}

double tps__auc(const double *scores, const int8_t *labels, size_t n) {
    scored_t *s = malloc((n ? n : 1) * sizeof(*s));
    if (s == NULL)
        return NAN;
    for (size_t i = 0; i < n; i++)
        s[i] = (scored_t){scores[i], labels[i]};
    qsort(s, n, sizeof(*s), cmp_scored);
    /* Sum of the positives' ranks (1-based), a run of tied scores sharing
     * the mean of its ranks. */
    double ranks = 0, pos = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i, p = 0;
        for (; j < n && s[j].score == s[i].score; j++)
            p += s[j].label > 0;
        ranks += (double)p * (double)(i + 1 + j) / 2.0;
        pos += (double)p;
        i = j;
    }
    free(s);
    double neg = (double)n - pos;
    if (pos == 0 || neg == 0)
        return 0.5;
    return (ranks - pos * (pos + 1) / 2) / (pos * neg);
}
