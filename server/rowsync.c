/* SPDX-License-Identifier: MIT */
/* A table's part in the sync step; see rowsync.h. */
#include "rowsync.h"

#include <stdlib.h>
#include <string.h>

#include "shard.h"
#include "taups.h"

/* One rank's rows of the pending step, in the order they came. */
struct tps__rowrank_s {
    uint64_t *ids;
    float *g; /* dim per entry */
    size_t count, cap;
};

/* An entry of the step, ordered by row, then rank, then arrival: the
 * order the mean is summed in, whatever order the pushes came in. */
typedef struct entry_s {
    uint64_t id;
    uint32_t rank, idx;
} entry_t;

tps__rowsync_t *tps__rowsync_new(int n, uint32_t dim) {
    tps__rowsync_t *rs = calloc(1, sizeof(*rs));
    if (rs == NULL)
        return NULL;
    rs->n = n;
    rs->dim = dim;
    if ((rs->rank = calloc((size_t)n, sizeof(*rs->rank))) == NULL) {
        free(rs);
        return NULL;
    }
    return rs;
}

void tps__rowsync_reset(tps__rowsync_t *rs, uint64_t *used) {
    for (int r = 0; r < rs->n; r++) {
        free(rs->rank[r].ids);
        free(rs->rank[r].g);
        memset(&rs->rank[r], 0, sizeof(rs->rank[r]));
    }
    free(rs->ids);
    free(rs->mean);
    rs->ids = NULL;
    rs->mean = NULL;
    rs->nrows = 0;
    *used -= rs->bytes;
    rs->bytes = 0;
}

void tps__rowsync_free(tps__rowsync_t *rs, uint64_t *used) {
    if (rs == NULL)
        return;
    tps__rowsync_reset(rs, used);
    free(rs->rank);
    free(rs);
}

int tps__rowsync_reserve(tps__rowsync_t *rs, const tps__syncbuf_t *sb, int rank,
                         size_t k, uint64_t *used, uint64_t max) {
    struct tps__rowrank_s *rr = &rs->rank[rank];
    if (!sb->done[rank])
        rr->count = 0;
    size_t need = rr->count + k;
    if (need <= rr->cap)
        return 0;
    size_t per = sizeof(uint64_t) + (size_t)rs->dim * sizeof(float);
    size_t cap = need > 2 * rr->cap ? need : 2 * rr->cap;
    /* Doubling may pass the bound where the rows themselves fit. */
    if (max > 0 && *used + (cap - rr->cap) * per > max)
        cap = need;
    if (max > 0 && *used + (cap - rr->cap) * per > max)
        return TPS_ELIMIT;
    uint64_t *ids = realloc(rr->ids, cap * sizeof(uint64_t));
    if (ids == NULL)
        return TPS_ENOMEM;
    rr->ids = ids;
    float *g = realloc(rr->g, cap * rs->dim * sizeof(float));
    if (g == NULL)
        return TPS_ENOMEM;
    rr->g = g;
    *used += (cap - rr->cap) * per;
    rs->bytes += (cap - rr->cap) * per;
    rr->cap = cap;
    return 0;
}

void tps__rowsync_add(tps__rowsync_t *rs, int rank, uint64_t id, const float *g,
                      double scale) {
    struct tps__rowrank_s *rr = &rs->rank[rank];
    float *dst = rr->g + rr->count * rs->dim;
    for (uint32_t j = 0; j < rs->dim; j++)
        dst[j] = (float)(scale * g[j]);
    rr->ids[rr->count++] = id;
}

static int key_cmp(const void *a, const void *b) {
    const entry_t *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* A rank's entries count when it is in the step and they are of this
 * step: entries of a push discarded since are void. */
static int in_step(const tps__syncbuf_t *sb, const double *w, int r) {
    return w[r] > 0 && sb->done[r];
}

/* The entries of the ranks in the step (weight w[r] > 0) that pushed the
 * table, sorted; NULL when out of memory (or none: *n is 0). */
static entry_t *step_keys(const tps__rowsync_t *rs, const tps__syncbuf_t *sb,
                          const double *w, size_t *n) {
    size_t total = 0;
    for (int r = 0; r < rs->n; r++)
        total += in_step(sb, w, r) ? rs->rank[r].count : 0;
    *n = total;
    entry_t *keys = total ? malloc(total * sizeof(*keys)) : NULL;
    if (keys == NULL)
        return NULL;
    size_t i = 0;
    for (int r = 0; r < rs->n; r++)
        for (size_t e = 0; in_step(sb, w, r) && e < rs->rank[r].count; e++)
            keys[i++] = (entry_t){rs->rank[r].ids[e], (uint32_t)r, (uint32_t)e};
    qsort(keys, total, sizeof(*keys), key_cmp);
    return keys;
}

/* Sums the sorted entries into one mean per row, in double. */
static int sum_rows(tps__rowsync_t *rs, const entry_t *keys, size_t n,
                    const double *w) {
    size_t rows = 0, d = rs->dim;
    for (size_t i = 0; i < n; i++)
        rows += i == 0 || keys[i].id != keys[i - 1].id;
    rs->ids = malloc(rows * sizeof(uint64_t));
    rs->mean = malloc(rows * d * sizeof(float));
    double *acc = malloc(d * sizeof(double));
    if (rs->ids == NULL || rs->mean == NULL || acc == NULL) {
        free(acc);
        return TPS_ENOMEM;
    }
    rs->nrows = 0;
    for (size_t i = 0; i < n;) {
        memset(acc, 0, d * sizeof(double));
        size_t j = i;
        for (; j < n && keys[j].id == keys[i].id; j++) {
            const float *g = rs->rank[keys[j].rank].g + (size_t)keys[j].idx * d;
            for (size_t e = 0; e < d; e++)
                acc[e] += w[keys[j].rank] * g[e];
        }
        float *out = rs->mean + rs->nrows * d;
        for (size_t e = 0; e < d; e++)
            out[e] = (float)acc[e];
        rs->ids[rs->nrows++] = keys[i].id;
        i = j;
    }
    free(acc);
    return 0;
}

/* Whether every row would stay finite: each update is tried on a copy of
 * the row and its state. */
static int trial(tps__shard_t *sh, const tps__tensor_t *t, uint64_t *bad) {
    tps__rowsync_t *rs = t->rowsync;
    size_t d = rs->dim;
    float *copy = malloc(3 * d * sizeof(float));
    if (copy == NULL)
        return TPS_ENOMEM;
    int rc = 0;
    for (size_t i = 0; i < rs->nrows && rc == 0; i++) {
        tps__row_t row;
        float *slot[2] = {NULL, NULL};
        if (!tps__table_find(t->table, rs->ids[i], &row))
            continue; /* buffered rows are held: never so */
        memcpy(copy, row.val, d * sizeof(float));
        for (int k = 0; k < 2; k++)
            if (row.slot[k] != NULL)
                slot[k] = memcpy(copy + (size_t)(k + 1) * d, row.slot[k],
                                 d * sizeof(float));
        /* The copy is thrown away: the step itself, not apply_row's
         * save and restore around it. */
        if (tps__optim_step(&sh->optim, copy, rs->mean + i * d, 1.0, slot[0],
                            slot[1], d, *row.version + 1)) {
            *bad = rs->ids[i];
            rc = TPS_ERANGE;
        }
    }
    free(copy);
    return rc;
}

int tps__rowsync_prepare(tps__shard_t *sh, tps__tensor_t *t,
                         const tps__members_t *m, uint64_t *bad) {
    tps__rowsync_t *rs = t->rowsync;
    free(rs->ids);
    free(rs->mean);
    rs->ids = NULL;
    rs->mean = NULL;
    rs->nrows = 0;
    /* Every committed rank is in the step's full batch, whether or not
     * its rows of this table live here: its samples are those its pushes
     * of the table said, else those its CLOCK said. */
    double *w = calloc((size_t)rs->n, sizeof(double));
    uint64_t *said = calloc((size_t)rs->n, sizeof(uint64_t));
    if (w == NULL || said == NULL) {
        free(w);
        free(said);
        return TPS_ENOMEM;
    }
    for (int r = 0; r < rs->n; r++)
        said[r] = t->sync.done[r] ? t->sync.samples[r] : m->samples[r];
    tps__sync_weights(rs->n, m->committed, NULL, said, w);
    free(said);
    int k = 0;
    for (int r = 0; r < rs->n; r++)
        k += in_step(&t->sync, w, r);
    size_t n;
    entry_t *keys = step_keys(rs, &t->sync, w, &n);
    int rc = n > 0 && keys == NULL ? TPS_ENOMEM : 0;
    if (rc == 0 && n > 0)
        rc = sum_rows(rs, keys, n, w);
    free(keys);
    free(w);
    if (rc == 0)
        rc = trial(sh, t, bad);
    return rc < 0 ? rc : k;
}

size_t tps__rowsync_apply(tps__shard_t *sh, tps__tensor_t *t) {
    tps__rowsync_t *rs = t->rowsync;
    size_t applied = 0;
    for (size_t i = 0; i < rs->nrows; i++) {
        tps__row_t row;
        if (tps__table_find(t->table, rs->ids[i], &row) &&
            tps__shard_apply_row(sh, t, &row, rs->mean + i * rs->dim, 1.0) == 0)
            applied++;
    }
    t->row_pushes += applied;
    return applied;
}
