/* SPDX-License-Identifier: MIT */
/* The synthetic CTR generator (see ctr_gen.h): its --data syntax, the Zipf
 * draw of each row's features and the planted model's labels. */
#include "ctr_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_rng.h"

/* Seeds of the independent parts of the sample, derived from its seed. */
#define TAG_ROWS 0x726f7773ULL
#define TAG_W 0x77ULL
#define TAG_V 0x76ULL
#define PLANTED_BIAS (-0.5)

/* One key of the --data syntax: a whole number or a double, and its range. */
static const struct {
    const char *key;
    size_t offset;
    int is_double;
    double lo, hi;
} keys[] = {
    {"rows", offsetof(tps__ctr_spec_t, rows), 0, 1, 1e9},
    {"test", offsetof(tps__ctr_spec_t, test), 0, 0, 1e9},
    {"features", offsetof(tps__ctr_spec_t, features), 0, 1,
     TPS_CTR_MAX_FEATURES},
    {"nnz", offsetof(tps__ctr_spec_t, nnz), 0, 1, 1000},
    {"zipf", offsetof(tps__ctr_spec_t, zipf), 1, 0, 10},
    {"seed", offsetof(tps__ctr_spec_t, seed), 0, 0, 1.8e19},
    {"k", offsetof(tps__ctr_spec_t, k), 0, 0, 256},
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))

/* Stores the value of key i, checked against its range. */
static int set_key(tps__ctr_spec_t *s, size_t i, const char *v, size_t vlen,
                   char *err, size_t errlen) {
    char buf[32], *end;
    snprintf(buf, sizeof(buf), "%.*s", (int)(vlen < 31 ? vlen : 31), v);
    double x = strtod(buf, &end);
    int whole = keys[i].is_double || (x == floor(x) && !strpbrk(buf, "eE."));
    if (vlen == 0 || vlen > 30 || *end != '\0' || !whole || !(x >= keys[i].lo) ||
        !(x <= keys[i].hi)) {
        snprintf(err, errlen,
                 "%s: %s=\"%.*s\" should be a %s in [%g, %g]", TPS_CTR_PREFIX,
                 keys[i].key, (int)(vlen < 40 ? vlen : 40), v,
                 keys[i].is_double ? "number" : "whole number", keys[i].lo,
                 keys[i].hi);
        return TPS_EINVAL;
    }
    char *at = (char *)s + keys[i].offset;
    if (keys[i].is_double)
        *(double *)at = x;
    else if (strcmp(keys[i].key, "nnz") == 0 || strcmp(keys[i].key, "k") == 0)
        *(uint32_t *)at = (uint32_t)x;
    else
        *(uint64_t *)at = strtoull(buf, NULL, 10);
    return 0;
}

int tps__ctr_parse(const char *text, tps__ctr_spec_t *spec, char *err,
                   size_t errlen) {
    size_t plen = strlen(TPS_CTR_PREFIX);
    if (strncmp(text, TPS_CTR_PREFIX, plen) != 0 ||
        (text[plen] != '\0' && text[plen] != ':')) {
        snprintf(err, errlen, "\"%.60s\" is not %s[:key=value,...]", text,
                 TPS_CTR_PREFIX);
        return TPS_EINVAL;
    }
    for (const char *p = text[plen] ? text + plen + 1 : text + plen; *p;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len);
        size_t i = 0;
        while (eq && i < NKEYS && (strlen(keys[i].key) != (size_t)(eq - p) ||
                                   strncmp(keys[i].key, p, eq - p) != 0))
            i++;
        if (eq == NULL || i == NKEYS) {
            snprintf(err, errlen,
                     "%s: \"%.*s\" is not key=value with a key among rows, "
                     "test, features, nnz, zipf, seed and k",
                     TPS_CTR_PREFIX, (int)(len < 40 ? len : 40), p);
            return TPS_EINVAL;
        }
        if (set_key(spec, i, eq + 1, len - (size_t)(eq + 1 - p), err,
                    errlen) < 0)
            return TPS_EINVAL;
        p += len + (p[len] == ',');
    }
    if (spec->nnz > spec->features) {
        snprintf(err, errlen, "%s: nnz=%u distinct features per row need at "
                 "least as many features, not %llu", TPS_CTR_PREFIX,
                 spec->nnz, (unsigned long long)spec->features);
        return TPS_EINVAL;
    }
    return 0;
}

uint64_t tps__ctr_id(uint64_t seed, uint64_t j) {
    return tps__mix64(j ^ tps__mix64(seed));
}

double tps__ctr_margin(const tps__ctr_spec_t *s, const uint64_t *feat,
                       const float *val, size_t n) {
    float sw = (float)(2.0 / sqrt((double)s->nnz));
    uint64_t seed_w = tps__mix64(s->seed ^ TAG_W);
    double f = PLANTED_BIAS;
    for (size_t i = 0; i < n; i++)
        f += (double)tps__init_value(TPS_INIT_NORMAL, sw, seed_w, feat[i]) *
             val[i];
    if (s->k == 0)
        return f;
    float sv = (float)pow(2.0 / ((double)s->nnz * s->nnz * s->k), 0.25);
    uint64_t seed_v = tps__mix64(s->seed ^ TAG_V);
    for (uint32_t c = 0; c < s->k; c++) {
        double sum = 0, sq = 0;
        for (size_t i = 0; i < n; i++) {
            double v = tps__init_value(TPS_INIT_NORMAL, sv, seed_v,
                                       feat[i] * s->k + c) * val[i];
            sum += v;
            sq += v * v;
        }
        f += 0.5 * (sum * sum - sq);
    }
    return f;
}

/* The Zipf distribution's cumulative weights over the features. */
static double *zipf_table(const tps__ctr_spec_t *s) {
    double *cdf = malloc(s->features * sizeof(double)), acc = 0;
    for (uint64_t j = 0; cdf && j < s->features; j++)
        cdf[j] = acc += pow((double)(j + 1), -s->zipf);
    return cdf;
}

/* A feature drawn by inverting the cumulative weights. */
static uint64_t zipf_draw(const double *cdf, uint64_t nf, tps__rng_t *rng) {
    double u = tps__rng_uniform(rng) * cdf[nf - 1];
    uint64_t lo = 0, hi = nf - 1;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (cdf[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static int seen(const uint64_t *feat, uint32_t n, uint64_t j) {
    for (uint32_t q = 0; q < n; q++)
        if (feat[q] == j)
            return 1;
    return 0;
}

/* Row r's features (nnz distinct: a repeat is drawn again, and after many
 * the lowest unused feature is taken, so that every row ends), and its
 * label and planted margin. */
static void gen_row(const tps__ctr_spec_t *s, const double *cdf, uint64_t r,
                    uint64_t *feat, int8_t *label, double *margin) {
    tps__rng_t rng;
    tps__rng_seed(&rng, tps__mix64(s->seed ^ TAG_ROWS), r);
    uint32_t i = 0;
    for (uint32_t tries = 0; i < s->nnz; tries++) {
        uint64_t j = zipf_draw(cdf, s->features, &rng);
        if (tries >= 64u * s->nnz)
            for (j = 0; seen(feat, i, j);)
                j++;
        else if (seen(feat, i, j))
            continue;
        feat[i++] = j;
    }
    float ones[1000]; /* nnz <= 1000 (keys[]) */
    for (uint32_t q = 0; q < s->nnz; q++)
        ones[q] = 1.0f;
    *margin = tps__ctr_margin(s, feat, ones, s->nnz);
    double p = 1.0 / (1.0 + exp(-*margin));
    *label = tps__rng_uniform(&rng) < p ? 1 : -1;
}

int tps__ctr_generate(const tps__ctr_spec_t *s, uint64_t lo, uint64_t hi,
                      tps__sparse_set_t *out, char *err, size_t errlen) {
    memset(out, 0, sizeof(*out));
    if (lo >= hi || hi > s->rows + s->test) {
        snprintf(err, errlen, "%s: rows [%llu, %llu) of %llu", TPS_CTR_PREFIX,
                 (unsigned long long)lo, (unsigned long long)hi,
                 (unsigned long long)(s->rows + s->test));
        return TPS_EINVAL;
    }
    size_t n = (size_t)(hi - lo), nnz = n * s->nnz;
    double *cdf = zipf_table(s);
    uint64_t *raw = malloc(nnz * sizeof(uint64_t));
    out->offsets = malloc((n + 1) * sizeof(uint64_t));
    out->values = malloc(nnz * sizeof(float));
    out->labels = malloc(n);
    out->planted = malloc(n * sizeof(double));
    if (!cdf || !raw || !out->offsets || !out->values || !out->labels ||
        !out->planted) {
        free(cdf);
        free(raw);
        tps__sparse_free(out);
        snprintf(err, errlen, "%s: out of memory for %zu rows",
                 TPS_CTR_PREFIX, n);
        return TPS_ENOMEM;
    }
    out->n = n;
    out->nnz = nnz;
    for (size_t r = 0; r <= n; r++)
        out->offsets[r] = (uint64_t)r * s->nnz;
    for (size_t r = 0; r < n; r++)
        gen_row(s, cdf, lo + r, raw + r * s->nnz, &out->labels[r],
                &out->planted[r]);
    for (size_t k = 0; k < nnz; k++) {
        raw[k] = tps__ctr_id(s->seed, raw[k]);
        out->values[k] = 1.0f;
    }
    free(cdf);
    int rc = tps__sparse_index(out, raw, err, errlen);
    free(raw);
    return rc;
}
