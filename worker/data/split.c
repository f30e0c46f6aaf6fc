/* SPDX-License-Identifier: MIT */
/* Sharing a labelled training set out among workers; see split.h. */
#include "split.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_rng.h"

/* RNG streams of the assignment: per class, its shuffle and its shares. */
#define SPLIT_STREAM (0x73706cull << 40)

int tps__split_block(uint64_t n, int rank, int workers, const char *what,
                     uint64_t *lo, uint64_t *hi, char *err, size_t errlen) {
    if (workers < 1) {
        snprintf(err, errlen,
                 "%s cannot be split across %d workers; there must be at "
                 "least one",
                 what, workers);
        return TPS_EINVAL;
    }
    if (rank < 0 || rank >= workers) {
        snprintf(err, errlen, "worker rank %d is outside 0..%d (%d workers)",
                 rank, workers - 1, workers);
        return TPS_EINVAL;
    }
    if (n < (uint64_t)workers) {
        snprintf(err, errlen,
                 "%llu %s cannot be split across %d workers: some would get "
                 "none",
                 (unsigned long long)n, what, workers);
        return TPS_EINVAL;
    }
    uint64_t w = (uint64_t)workers, r = (uint64_t)rank;
    uint64_t q = n / w, rem = n % w;
    *lo = r * q + (r < rem ? r : rem);
    *hi = *lo + q + (r < rem ? 1 : 0);
    return 0;
}

int tps__split_parse(const char *text, tps__split_t *out, char *err,
                     size_t errlen) {
    out->kind = TPS_SPLIT_IID;
    out->alpha = 0;
    if (text == NULL || strcmp(text, "iid") == 0)
        return 0;
    if (strcmp(text, "label-sorted") == 0) {
        out->kind = TPS_SPLIT_LABEL_SORTED;
        return 0;
    }
    if (strncmp(text, "dirichlet:", 10) == 0) {
        char *end;
        double a = strtod(text + 10, &end);
        if (end != text + 10 && *end == '\0' && a > 0 && isfinite(a)) {
            out->kind = TPS_SPLIT_DIRICHLET;
            out->alpha = a;
            return 0;
        }
    }
    snprintf(err, errlen,
             "--split \"%s\": expected iid, label-sorted or dirichlet:ALPHA "
             "(ALPHA > 0)",
             text);
    return TPS_EINVAL;
}

const char *tps__split_describe(const tps__split_t *s, char *buf, size_t len) {
    if (s->kind == TPS_SPLIT_DIRICHLET)
        snprintf(buf, len, "dirichlet:%g", s->alpha);
    else
        snprintf(buf, len, "%s",
                 s->kind == TPS_SPLIT_LABEL_SORTED ? "label-sorted" : "iid");
    return buf;
}

/* A Gamma(a, 1) deviate (Marsaglia and Tsang, 2000; for a < 1, boosted by
 * U^(1/a)): what a Dirichlet draw normalises. */
static double gamma_draw(tps__rng_t *r, double a) {
    if (a < 1) {
        double u = tps__rng_uniform(r);
        return gamma_draw(r, a + 1) * pow(u > 0 ? u : 1e-300, 1.0 / a);
    }
    double d = a - 1.0 / 3, c = 1.0 / sqrt(9 * d);
    for (;;) {
        double x = tps__rng_normal(r), v = 1 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        double u = tps__rng_uniform(r);
        if (u > 0 && log(u) < 0.5 * x * x + d - d * v + d * log(v))
            return d * v;
    }
}

static int by_index(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* Appends row i to *rows, growing it. */
static int keep(size_t **rows, size_t *n, size_t *cap, size_t i) {
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 256;
        size_t *p = realloc(*rows, c * sizeof(**rows));
        if (p == NULL)
            return TPS_ENOMEM;
        *rows = p;
        *cap = c;
    }
    (*rows)[(*n)++] = i;
    return 0;
}

/* label-sorted: the rows whose position in the stably sorted order is in
 * [lo, hi); count[c] is the number of rows of class c. */
static int keep_sorted(const int *cls, size_t n, int ncls,
                       const size_t *count, uint64_t lo, uint64_t hi,
                       size_t **rows, size_t *nrows, size_t *cap) {
    /* Position of row i in the stably sorted order: the rows of the
     * classes before its own, then its rank within its class. */
    size_t *start = calloc((size_t)ncls, sizeof(*start));
    if (start == NULL)
        return TPS_ENOMEM;
    for (int c = 1; c < ncls; c++)
        start[c] = start[c - 1] + count[c - 1];
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        size_t pos = start[cls[i]]++;
        if (pos >= lo && pos < hi)
            rc = keep(rows, nrows, cap, i);
    }
    free(start);
    return rc;
}

/* dirichlet: per class, its rows in file order, shuffled, and dealt out in
 * the proportions of one Dirichlet draw over the workers; the rows of
 * `rank` then sorted by index. */
static int keep_dirichlet(const tps__split_t *s, const int *cls, size_t n,
                          int ncls, int rank, int workers, uint64_t seed,
                          size_t **rows, size_t *nrows, size_t *cap) {
    int rc = 0;
    size_t *members = malloc((n ? n : 1) * sizeof(*members));
    double *share = malloc((size_t)workers * sizeof(*share));
    if (members == NULL || share == NULL)
        rc = TPS_ENOMEM;
    for (int c = 0; c < ncls && rc == 0; c++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (cls[i] == c)
                members[m++] = i;
        tps__rng_t r;
        tps__rng_seed(&r, seed, SPLIT_STREAM + 2 * (uint64_t)c);
        for (size_t i = m; i > 1; i--) {
            size_t j = (size_t)tps__rng_below(&r, i);
            size_t t = members[i - 1];
            members[i - 1] = members[j];
            members[j] = t;
        }
        tps__rng_seed(&r, seed, SPLIT_STREAM + 2 * (uint64_t)c + 1);
        double total = 0;
        for (int w = 0; w < workers; w++)
            total += share[w] = gamma_draw(&r, s->alpha);
        double before = 0;
        for (int w = 0; w < rank; w++)
            before += share[w];
        size_t from = (size_t)llround(m * (before / total));
        size_t to = rank == workers - 1
                        ? m
                        : (size_t)llround(m * ((before + share[rank]) / total));
        for (size_t k = from; k < to && rc == 0; k++)
            rc = keep(rows, nrows, cap, members[k]);
    }
    free(members);
    free(share);
    if (rc == 0 && *nrows > 1)
        qsort(*rows, *nrows, sizeof(**rows), by_index);
    return rc;
}

/* The sentence for the log: the split, the rows kept and their classes
 * (count is scratch of ncls entries). */
static void describe_rows(const tps__split_t *s, const int *cls, size_t n,
                          int ncls, int rank, int workers, const size_t *rows,
                          size_t nrows, size_t *count, char *info,
                          size_t infolen) {
    char name[48];
    memset(count, 0, (size_t)ncls * sizeof(*count));
    for (size_t k = 0; k < nrows; k++)
        count[cls[rows[k]]]++;
    int len = snprintf(info, infolen,
                       "split %s: worker %d of %d holds %zu of %zu rows; "
                       "by class:",
                       tps__split_describe(s, name, sizeof(name)), rank,
                       workers, nrows, n);
    for (int c = 0; c < ncls && len > 0 && (size_t)len < infolen; c++)
        len += snprintf(info + len, infolen - (size_t)len, " %zu", count[c]);
}

int tps__split_rows(const tps__split_t *s, const int *cls, size_t n, int ncls,
                    int rank, int workers, uint64_t seed, size_t **rows,
                    size_t *nrows, char *info, size_t infolen, char *err,
                    size_t errlen) {
    *rows = NULL;
    *nrows = 0;
    uint64_t lo, hi;
    int rc = tps__split_block(n, rank, workers, "training rows", &lo, &hi, err,
                              errlen);
    if (rc < 0)
        return rc;
    size_t *count = calloc((size_t)ncls, sizeof(*count));
    if (count == NULL)
        return TPS_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        if (cls[i] < 0 || cls[i] >= ncls) {
            snprintf(err, errlen, "row %zu has class %d, outside 0..%d", i,
                     cls[i], ncls - 1);
            free(count);
            return TPS_EINVAL;
        }
        count[cls[i]]++;
    }
    size_t cap = 0;
    if (s->kind == TPS_SPLIT_IID) {
        for (uint64_t i = lo; i < hi && rc == 0; i++)
            rc = keep(rows, nrows, &cap, (size_t)i);
    } else if (s->kind == TPS_SPLIT_LABEL_SORTED) {
        rc = keep_sorted(cls, n, ncls, count, lo, hi, rows, nrows, &cap);
    } else {
        rc = keep_dirichlet(s, cls, n, ncls, rank, workers, seed, rows, nrows,
                            &cap);
    }
    if (rc < 0) {
        free(count);
        snprintf(err, errlen, "out of memory sharing out %zu rows", n);
        free(*rows);
        *rows = NULL;
        *nrows = 0;
        return rc;
    }
    if (info != NULL && infolen > 0)
        describe_rows(s, cls, n, ncls, rank, workers, *rows, *nrows, count,
                      info, infolen);
    free(count);
    return 0;
}

int tps__split_by(const tps__split_t *s, const void *labels,
                  int (*cls_of)(const void *labels, size_t i), size_t n,
                  int ncls, int rank, int workers, uint64_t seed, size_t **rows,
                  size_t *nrows, char *info, size_t infolen, char *err,
                  size_t errlen) {
    int *cls = malloc((n ? n : 1) * sizeof(*cls));
    if (cls == NULL) {
        snprintf(err, errlen, "out of memory sharing out %zu rows", n);
        *rows = NULL;
        *nrows = 0;
        return TPS_ENOMEM;
    }
    for (size_t i = 0; i < n; i++)
        cls[i] = cls_of(labels, i);
    int rc = tps__split_rows(s, cls, n, ncls, rank, workers, seed, rows, nrows,
                             info, infolen, err, errlen);
    free(cls);
    return rc;
}
