/* SPDX-License-Identifier: MIT */
/* Sparse rows by slot (see data_sparse.h): the id-to-slot numbering, a
 * worker's block, and the LIBSVM writer that lets another tool (liblinear)
 * train on exactly the rows taups-worker generated. */
#include "data_sparse.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_ids.h"

typedef struct entry_s {
    uint32_t slot;
    float value;
} entry_t;

static int cmp_entry(const void *a, const void *b) {
    uint32_t x = ((const entry_t *)a)->slot, y = ((const entry_t *)b)->slot;
    return (x > y) - (x < y);
}

/* Sorts the entries of every row by slot, so that a row lists its ids
 * ascending whatever order the file or the generator gave. */
static int sort_rows(tps__sparse_set_t *s) {
    size_t widest = 0;
    for (size_t r = 0; r < s->n; r++) {
        size_t len = (size_t)(s->offsets[r + 1] - s->offsets[r]);
        widest = len > widest ? len : widest;
    }
    entry_t *e = malloc((widest ? widest : 1) * sizeof(*e));
    if (e == NULL)
        return TPS_ENOMEM;
    for (size_t r = 0; r < s->n; r++) {
        uint64_t a = s->offsets[r];
        size_t len = (size_t)(s->offsets[r + 1] - a);
        for (size_t i = 0; i < len; i++)
            e[i] = (entry_t){s->slots[a + i], s->values[a + i]};
        qsort(e, len, sizeof(*e), cmp_entry);
        for (size_t i = 0; i < len; i++) {
            s->slots[a + i] = e[i].slot;
            s->values[a + i] = e[i].value;
        }
    }
    free(e);
    return 0;
}

int tps__sparse_index(tps__sparse_set_t *set, const uint64_t *raw,
                      char *err, size_t errlen) {
    if (set->nnz >= UINT32_MAX) {
        snprintf(err, errlen, "%llu feature entries: at most %u are "
                 "supported", (unsigned long long)set->nnz, UINT32_MAX - 1);
        tps__sparse_free(set);
        return TPS_EINVAL;
    }
    size_t nnz = (size_t)set->nnz;
    void *scratch = NULL;
    size_t cap = 0, nids = 0;
    set->ids = malloc((nnz ? nnz : 1) * sizeof(uint64_t));
    set->slots = malloc((nnz ? nnz : 1) * sizeof(uint32_t));
    int rc = set->ids && set->slots ? 0 : TPS_ENOMEM;
    if (rc == 0 && nnz > 0) {
        nids = tps__ids_unique(raw, nnz, set->ids, set->slots, &scratch, &cap);
        rc = nids == (size_t)-1 ? TPS_ENOMEM : 0;
    }
    free(scratch);
    if (rc == 0) {
        uint64_t *ids = realloc(set->ids, (nids ? nids : 1) * sizeof(*ids));
        set->ids = ids ? ids : set->ids;
        set->nids = nids;
        set->count = calloc(nids ? nids : 1, sizeof(uint32_t));
        rc = set->count ? sort_rows(set) : TPS_ENOMEM;
    }
    if (rc < 0) {
        snprintf(err, errlen, "out of memory numbering %zu feature entries",
                 nnz);
        tps__sparse_free(set);
        return rc;
    }
    for (uint64_t k = 0; k < set->nnz; k++)
        set->count[set->slots[k]]++;
    set->total = set->n;
    return 0;
}

int tps__sparse_keep(tps__sparse_set_t *set, uint64_t lo, uint64_t hi,
                     char *err, size_t errlen) {
    uint64_t a = set->offsets[lo], b = set->offsets[hi];
    size_t n = (size_t)(hi - lo), nnz = (size_t)(b - a);
    uint32_t *renum = malloc((set->nids ? set->nids : 1) * sizeof(uint32_t));
    if (renum == NULL) {
        snprintf(err, errlen, "out of memory keeping %zu rows", n);
        tps__sparse_free(set);
        return TPS_ENOMEM;
    }
    memset(renum, 0xff, set->nids * sizeof(uint32_t));
    for (uint64_t k = a; k < b; k++)
        renum[set->slots[k]] = 0;
    size_t nids = 0;
    for (size_t j = 0; j < set->nids; j++)
        if (renum[j] == 0) {
            renum[j] = (uint32_t)nids;
            set->ids[nids] = set->ids[j];
            set->count[nids] = set->count[j];
            nids++;
        }
    /* Everything moves towards the front, so in place is safe. */
    for (size_t k = 0; k < nnz; k++) {
        set->slots[k] = renum[set->slots[a + k]];
        set->values[k] = set->values[a + k];
    }
    for (size_t r = 0; r <= n; r++)
        set->offsets[r] = set->offsets[lo + r] - a;
    memmove(set->labels, set->labels + lo, n);
    if (set->planted != NULL)
        memmove(set->planted, set->planted + lo, n * sizeof(double));
    free(renum);
    set->n = n;
    set->nnz = nnz;
    set->nids = nids;
    return 0;
}

int tps__sparse_write(const tps__sparse_set_t *set, const char *path,
                      char *err, size_t errlen) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    for (size_t r = 0; r < set->n; r++) {
        fputs(set->labels[r] > 0 ? "+1" : "-1", f);
        for (uint64_t k = set->offsets[r]; k < set->offsets[r + 1]; k++)
            fprintf(f, " %llu:%.9g",
                    (unsigned long long)set->ids[set->slots[k]],
                    (double)set->values[k]);
        fputc('\n', f);
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    return 0;
}

void tps__sparse_free(tps__sparse_set_t *set) {
    free(set->offsets);
    free(set->slots);
    free(set->values);
    free(set->labels);
    free(set->planted);
    free(set->ids);
    free(set->count);
    memset(set, 0, sizeof(*set));
}
