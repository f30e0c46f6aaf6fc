/* SPDX-License-Identifier: MIT */
/* The row store of a table; see table.h and design §2b. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "taups_error.h"
#include "tps_rng.h"

#define EMPTY TPS__TABLE_NONE
#define SLAB_SHIFT 12
#define MIN_BUCKETS 4096
#define SKETCH_BYTES                                                           \
    ((uint64_t)TPS__TABLE_SKETCH_DEPTH * TPS__TABLE_SKETCH_WIDTH)

/* A slab's arrays, all in the one allocation that `id` points to; the
 * slots of row i are val + (k + 1) * SLAB * dim + i * dim. */
struct tps__slab_s {
    uint64_t *id;
    uint64_t *version;
    float *val;
};

size_t tps__table_row_bytes(uint32_t dim, int nslots) {
    return (size_t)dim * sizeof(float) * (size_t)(1 + nslots) +
           sizeof(uint64_t) * 2;
}

static uint64_t slab_bytes(const tps__table_t *t) {
    return (uint64_t)TPS__TABLE_SLAB * tps__table_row_bytes(t->dim, t->nslots);
}

static uint64_t id_at(const tps__table_t *t, uint32_t r) {
    return t->slab[r >> SLAB_SHIFT].id[r & (TPS__TABLE_SLAB - 1)];
}

static void row_of(const tps__table_t *t, uint32_t r, tps__row_t *row) {
    const struct tps__slab_s *s = &t->slab[r >> SLAB_SHIFT];
    size_t i = r & (TPS__TABLE_SLAB - 1), dim = t->dim;
    row->id = s->id[i];
    row->val = s->val + i * dim;
    for (int k = 0; k < 2; k++)
        row->slot[k] =
            k < t->nslots
                ? s->val + ((size_t)(k + 1) * TPS__TABLE_SLAB + i) * dim
                : NULL;
    row->version = &s->version[i];
}

int tps__table_init(tps__table_t *t, const char *name, uint32_t dim, int nslots,
                    int init, float scale, uint64_t seed, uint32_t admit,
                    uint64_t *used, uint64_t max, char *err, size_t errlen) {
    memset(t, 0, sizeof(*t));
    if (dim == 0 || dim > TPS__TABLE_MAX_DIM || nslots < 0 || nslots > 2 ||
        admit > TPS__TABLE_MAX_ADMIT) {
        snprintf(err, errlen,
                 "table \"%s\": dim %u (1 to %d), optimizer slots %d (0 to 2) "
                 "or --row-admit %u (0 to %d) out of range",
                 name, dim, TPS__TABLE_MAX_DIM, nslots, admit,
                 TPS__TABLE_MAX_ADMIT);
        return TPS_EINVAL;
    }
    t->dim = dim;
    t->nslots = nslots;
    t->init = init;
    t->scale = scale;
    t->seed = seed;
    t->admit = admit;
    if (admit <= 1)
        return 0;
    if (max > 0 && (*used > max || SKETCH_BYTES > max - *used)) {
        snprintf(err, errlen,
                 "table \"%s\": the --row-admit sketch needs %.1f MB and the "
                 "shard holds %.1f MB of its --max-memory %.1f MB",
                 name, (double)SKETCH_BYTES / 1e6, (double)*used / 1e6,
                 (double)max / 1e6);
        return TPS_ELIMIT;
    }
    t->sketch = calloc(1, SKETCH_BYTES);
    if (t->sketch == NULL) {
        snprintf(err, errlen, "table \"%s\": out of memory", name);
        return TPS_ENOMEM;
    }
    t->bytes = SKETCH_BYTES;
    *used += SKETCH_BYTES;
    return 0;
}

void tps__table_free(tps__table_t *t, uint64_t *used) {
    for (uint32_t s = 0; s < t->nslab; s++)
        free(t->slab[s].id);
    free(t->slab);
    free(t->index);
    free(t->sketch);
    *used -= t->bytes;
    memset(t, 0, sizeof(*t));
}

/* The bucket of id: its row's, or the empty one where it would go. One
 * probe sequence; the index always has an empty bucket (at most 3/4 full). */
static uint64_t probe(const tps__table_t *t, uint64_t id) {
    uint64_t h = tps__mix64(id) & t->mask;
    for (;;) {
        uint32_t r = t->index[h];
        if (r == EMPTY || id_at(t, r) == id)
            return h;
        h = (h + 1) & t->mask;
    }
}

int tps__table_find(const tps__table_t *t, uint64_t id, tps__row_t *row) {
    if (t->index == NULL)
        return 0;
    uint32_t r = t->index[probe(t, id)];
    if (r == EMPTY)
        return 0;
    row_of(t, r, row);
    return 1;
}

/* Ids looked up together: their buckets are fetched, then their rows,
 * then compared, a block at a time, so that a block's misses overlap. */
#define FIND_BLOCK 32

static void fetch_row(const tps__table_t *t, uint32_t r) {
    const struct tps__slab_s *s = &t->slab[r >> SLAB_SHIFT];
    size_t k = r & (TPS__TABLE_SLAB - 1);
    __builtin_prefetch(&s->id[k]);
    __builtin_prefetch(s->val + k * t->dim);
    __builtin_prefetch(&s->version[k]);
    if (t->nslots > 0)
        __builtin_prefetch(s->val + (TPS__TABLE_SLAB + k) * t->dim);
}

void tps__table_find_many(const tps__table_t *t, const uint64_t *ids, size_t n,
                          uint32_t *r) {
    if (t->index == NULL) {
        for (size_t i = 0; i < n; i++)
            r[i] = TPS__TABLE_NONE;
        return;
    }
    uint64_t h[FIND_BLOCK];
    for (size_t b = 0; b < n; b += FIND_BLOCK) {
        size_t m = n - b < FIND_BLOCK ? n - b : FIND_BLOCK;
        for (size_t i = 0; i < m; i++) {
            h[i] = tps__mix64(ids[b + i]) & t->mask;
            __builtin_prefetch(&t->index[h[i]]);
        }
        for (size_t i = 0; i < m; i++)
            if ((r[b + i] = t->index[h[i]]) != EMPTY)
                fetch_row(t, r[b + i]);
        /* Most ids sit in their home bucket; the others probe on. */
        for (size_t i = 0; i < m; i++)
            if (r[b + i] != EMPTY && id_at(t, r[b + i]) != ids[b + i])
                r[b + i] = t->index[probe(t, ids[b + i])];
    }
}

void tps__table_row(const tps__table_t *t, uint32_t r, tps__row_t *row) {
    row_of(t, r, row);
}

void tps__table_row_at(const tps__table_t *t, uint64_t i, tps__row_t *row) {
    row_of(t, (uint32_t)i, row);
}

/* The sketch's DEPTH counters of id: 20 bits of a 128-bit hash each. The
 * hash is not the index's (mix64), so the two do not collide together. */
static void sketch_cells(uint64_t id, uint8_t **cell, uint8_t *sketch) {
    XXH128_hash_t h = XXH3_128bits(&id, sizeof(id));
    uint64_t bits[2] = {h.low64, h.high64};
    for (int d = 0; d < TPS__TABLE_SKETCH_DEPTH; d++) {
        uint64_t c =
            (bits[d / 2] >> (32 * (d % 2))) & (TPS__TABLE_SKETCH_WIDTH - 1);
        cell[d] = sketch + (size_t)d * TPS__TABLE_SKETCH_WIDTH + c;
    }
}

static unsigned sketch_min(uint8_t *const *cell) {
    unsigned m = 255;
    for (int d = 0; d < TPS__TABLE_SKETCH_DEPTH; d++)
        m = *cell[d] < m ? *cell[d] : m;
    return m;
}

unsigned tps__table_admit_count(const tps__table_t *t, uint64_t id) {
    if (t->sketch == NULL)
        return 0;
    uint8_t *cell[TPS__TABLE_SKETCH_DEPTH];
    sketch_cells(id, cell, t->sketch);
    return sketch_min(cell);
}

/* Counts one push of an id not held; 1 if it is now admitted. Conservative
 * update: only the counters at the minimum move, which keeps every count
 * at or above the truth and lowers the overcount. An admitted id's pushes
 * are no longer counted: its row answers them. */
static int admitted(tps__table_t *t, uint64_t id) {
    if (t->admit <= 1)
        return 1;
    uint8_t *cell[TPS__TABLE_SKETCH_DEPTH];
    sketch_cells(id, cell, t->sketch);
    unsigned m = sketch_min(cell);
    if (m + 1 >= t->admit)
        return 1;
    for (int d = 0; d < TPS__TABLE_SKETCH_DEPTH; d++)
        if (*cell[d] == m)
            *cell[d] = (uint8_t)(m + 1);
    return 0;
}

/* --- the hottest ids ------------------------------------------------------
 * Space-saving (Metwally et al. 2005): a listed id counts up; another takes
 * over the smallest counter and counts on from it. Each count is at most
 * the id's pushes plus the smallest count when it was taken over. */

#define HOT_BUCKETS (4 * TPS__TABLE_HOT)

static unsigned hot_home(uint64_t id) {
    return (unsigned)(tps__mix64(id) & (HOT_BUCKETS - 1));
}

/* The counter of a listed id, or -1. */
static int hot_find(const tps__table_t *t, uint64_t id) {
    for (unsigned b = hot_home(id);; b = (b + 1) & (HOT_BUCKETS - 1)) {
        if (t->hot_at[b] == 0)
            return -1;
        if (t->hot_id[t->hot_at[b] - 1] == id)
            return t->hot_at[b] - 1;
    }
}

static void hot_place(tps__table_t *t, int c) {
    unsigned b = hot_home(t->hot_id[c]);
    while (t->hot_at[b] != 0)
        b = (b + 1) & (HOT_BUCKETS - 1);
    t->hot_at[b] = (uint8_t)(c + 1);
    t->hot_b[c] = (uint8_t)b;
}

/* Empties bucket b, moving back the entries after it that the hole would
 * cut from their home (deletion without tombstones in linear probing). */
static void hot_unplace(tps__table_t *t, unsigned b) {
    unsigned hole = b, m = HOT_BUCKETS - 1;
    t->hot_at[hole] = 0;
    for (unsigned j = (b + 1) & m; t->hot_at[j] != 0; j = (j + 1) & m) {
        int c = t->hot_at[j] - 1;
        unsigned home = hot_home(t->hot_id[c]);
        /* Stays if its home lies cyclically in (hole, j]. */
        if (((j - home) & m) < ((j - hole) & m))
            continue;
        t->hot_at[hole] = t->hot_at[j];
        t->hot_b[c] = (uint8_t)hole;
        t->hot_at[j] = 0;
        hole = j;
    }
}

/* Counts one for counter c. The counts stay ascending if c first swaps
 * places with the last counter of its count (hot_least for the smallest
 * count, else found by a binary search), whose count is the same, and
 * then counts up. */
static void hot_up(tps__table_t *t, int c) {
    unsigned p = t->hot_pos[c], lo = p, len = (unsigned)t->nhot - p;
    uint64_t v = t->hot_n[p];
    /* The smallest count's last place is known: a skewed stream's tail
     * takes over a smallest counter at nearly every push. */
    int least = v == t->hot_n[0];
    if (least) {
        lo = (unsigned)t->hot_least - 1;
        len = 1;
    } else if (len > 1 && t->hot_n[p + 1] > v) {
        len = 1; /* alone at its count, as the hottest usually are */
    }
    while (len > 1) {
        unsigned half = len / 2;
        lo += t->hot_n[lo + half] <= v ? half : 0;
        len -= half;
    }
    int last = t->hot_ord[lo];
    t->hot_ord[p] = (uint8_t)last;
    t->hot_pos[last] = (uint8_t)p;
    t->hot_ord[lo] = (uint8_t)c;
    t->hot_pos[c] = (uint8_t)lo;
    t->hot_n[lo] = v + 1;
    if (least && --t->hot_least == 0) {
        int k = 1;
        while (k < t->nhot && t->hot_n[k] == t->hot_n[0])
            k++;
        t->hot_least = k;
    }
}

static void hot_count(tps__table_t *t, uint64_t id) {
    int c = hot_find(t, id);
    if (c < 0 && t->nhot < TPS__TABLE_HOT) {
        /* A new counter at 0 comes first. */
        c = t->nhot++;
        memmove(t->hot_ord + 1, t->hot_ord, (size_t)c);
        memmove(t->hot_n + 1, t->hot_n, (size_t)c * sizeof(uint64_t));
        t->hot_ord[0] = (uint8_t)c;
        t->hot_n[0] = 0;
        t->hot_least = 1; /* every other count is 1 or more */
        for (int k = 0; k < t->nhot; k++)
            t->hot_pos[t->hot_ord[k]] = (uint8_t)k;
        t->hot_id[c] = id;
        hot_place(t, c);
    } else if (c < 0) {
        c = t->hot_ord[0];
        hot_unplace(t, t->hot_b[c]);
        t->hot_id[c] = id;
        hot_place(t, c);
    }
    hot_up(t, c);
}

int tps__table_hot(const tps__table_t *t, int k, uint64_t *ids,
                   uint64_t *counts) {
    if (k > t->nhot)
        k = t->nhot;
    for (int i = 0; i < k; i++) {
        int at = t->nhot - 1 - i;
        ids[i] = t->hot_id[t->hot_ord[at]];
        counts[i] = t->hot_n[at];
    }
    return k < 0 ? 0 : k;
}

/* Refuses a growth of `need` bytes past the bound with the sentence. */
static int over(const tps__table_t *t, const char *name, uint64_t need,
                const uint64_t *used, uint64_t max, char *err, size_t errlen) {
    if (max == 0 || (*used <= max && need <= max - *used))
        return 0;
    snprintf(err, errlen,
             "table \"%s\": %llu rows hold %.1f MB; --max-memory %.1f MB is "
             "full",
             name, (unsigned long long)t->rows, (double)t->bytes / 1e6,
             (double)max / 1e6);
    return TPS_ELIMIT;
}

/* Doubles the index (or makes the first) and puts every row back, walking
 * the rows in order: their ids are read sequentially. */
static int grow_index(tps__table_t *t, uint64_t buckets) {
    uint32_t *index = malloc(buckets * sizeof(uint32_t));
    if (index == NULL)
        return TPS_ENOMEM;
    memset(index, 0xff, buckets * sizeof(uint32_t));
    free(t->index);
    t->index = index;
    t->mask = buckets - 1;
    for (uint64_t r = 0; r < t->rows; r++) {
        uint64_t h = tps__mix64(id_at(t, (uint32_t)r)) & t->mask;
        while (index[h] != EMPTY)
            h = (h + 1) & t->mask;
        index[h] = (uint32_t)r;
    }
    return 0;
}

static int add_slab(tps__table_t *t) {
    if (t->nslab == t->slab_cap) {
        uint32_t cap = t->slab_cap ? 2 * t->slab_cap : 16;
        struct tps__slab_s *s = realloc(t->slab, cap * sizeof(*s));
        if (s == NULL)
            return TPS_ENOMEM;
        t->slab = s;
        t->slab_cap = cap;
    }
    uint64_t *mem = malloc(slab_bytes(t));
    if (mem == NULL)
        return TPS_ENOMEM;
    struct tps__slab_s *s = &t->slab[t->nslab++];
    s->id = mem;
    s->version = mem + TPS__TABLE_SLAB;
    s->val = (float *)(mem + 2 * TPS__TABLE_SLAB);
    return 0;
}

/* Makes room for one more row: a slab when the last is full, a larger
 * index past 3/4, both charged to *used and refused together before either
 * is made. Returns 1 if the index was rebuilt (its buckets moved), 0, or
 * TPS_ELIMIT or TPS_ENOMEM with err set. */
static int room(tps__table_t *t, const char *name, uint64_t *used, uint64_t max,
                char *err, size_t errlen) {
    if (t->rows >= EMPTY) {
        snprintf(err, errlen,
                 "table \"%s\": %llu rows is the most a shard holds", name,
                 (unsigned long long)t->rows);
        return TPS_ELIMIT;
    }
    uint64_t buckets = t->index ? t->mask + 1 : 0, grown = buckets;
    while (4 * (t->rows + 1) > 3 * grown)
        grown = grown ? 2 * grown : MIN_BUCKETS;
    int slab = t->rows == (uint64_t)t->nslab * TPS__TABLE_SLAB;
    uint64_t need =
        (grown - buckets) * sizeof(uint32_t) + (slab ? slab_bytes(t) : 0);
    int rc = over(t, name, need, used, max, err, errlen);
    if (rc == 0 && grown != buckets) {
        rc = grow_index(t, grown);
        if (rc == 0) {
            t->bytes += (grown - buckets) * sizeof(uint32_t);
            *used += (grown - buckets) * sizeof(uint32_t);
        }
    }
    if (rc == 0 && slab) {
        rc = add_slab(t);
        if (rc == 0) {
            t->bytes += slab_bytes(t);
            *used += slab_bytes(t);
        }
    }
    if (rc == TPS_ENOMEM)
        snprintf(err, errlen, "table \"%s\": out of memory at %llu rows", name,
                 (unsigned long long)t->rows);
    return rc < 0 ? rc : grown != buckets;
}

/* Appends row id (not held) at its empty bucket h. Values and the rest are
 * the caller's to set. */
static void append(tps__table_t *t, uint64_t id, uint64_t h, tps__row_t *row) {
    uint32_t r = (uint32_t)t->rows++;
    t->index[h] = r;
    t->slab[r >> SLAB_SHIFT].id[r & (TPS__TABLE_SLAB - 1)] = id;
    row_of(t, r, row);
}

void tps__table_touch_found(tps__table_t *t, uint64_t id, uint32_t r,
                            tps__row_t *row) {
    hot_count(t, id);
    row_of(t, r, row);
}

int tps__table_touch(tps__table_t *t, const char *name, uint64_t id,
                     uint64_t *used, uint64_t max, tps__row_t *row, char *err,
                     size_t errlen) {
    uint64_t h = 0;
    hot_count(t, id);
    if (t->index != NULL) {
        uint32_t r = t->index[h = probe(t, id)];
        if (r != EMPTY) {
            row_of(t, r, row);
            return 1;
        }
    }
    if (!admitted(t, id)) {
        t->not_admitted++;
        return 0;
    }
    int rc = room(t, name, used, max, err, errlen);
    if (rc < 0) {
        if (rc == TPS_ELIMIT)
            t->full++;
        return rc;
    }
    append(t, id, rc == 1 ? probe(t, id) : h, row);
    tps__row_init(t->init, t->scale, t->seed, id, t->dim, row->val);
    for (int k = 0; k < t->nslots; k++)
        memset(row->slot[k], 0, t->dim * sizeof(float));
    *row->version = 0;
    return 1;
}

int tps__table_insert(tps__table_t *t, const char *name, uint64_t id,
                      const float *val, const float *slots, uint64_t version,
                      uint64_t *used, uint64_t max, char *err, size_t errlen) {
    tps__row_t row;
    uint64_t h = 0;
    if (t->index != NULL && t->index[h = probe(t, id)] != EMPTY) {
        snprintf(err, errlen, "table \"%s\": row %llu is held twice", name,
                 (unsigned long long)id);
        return TPS_EINVAL;
    }
    int rc = room(t, name, used, max, err, errlen);
    if (rc < 0)
        return rc;
    append(t, id, rc == 1 ? probe(t, id) : h, &row);
    memcpy(row.val, val, t->dim * sizeof(float));
    for (int k = 0; k < t->nslots; k++)
        memcpy(row.slot[k], slots + (size_t)k * t->dim, t->dim * sizeof(float));
    *row.version = version;
    return 0;
}
