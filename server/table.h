/* SPDX-License-Identifier: MIT */
/* The row store of one table on one shard (design §2b): rows of dim float32
 * values by 64-bit id, created on first push, never evicted.
 *
 * Rows live in slabs of TPS__TABLE_SLAB rows (ids, versions, values and
 * optimizer slots of a slab in arrays of one allocation), so a row never
 * moves and a tps__row_t stays valid while the table grows. The index is
 * open addressing with linear probing over 4-byte row numbers, kept between
 * 3/8 and 3/4 full. With admission (admit K > 1) a count-min sketch counts
 * the pushes of ids not yet held; a space-saving summary follows the
 * hottest pushed ids for the stats.
 *
 * Owns: slabs, index, sketch, the hot summary, and what they are charged
 * to the shard's memory counter. Must not touch: routing (the caller passes
 * only the ids this shard owns), optimizers, versions' meaning, the wire. */
#ifndef TPS_TABLE_H
#define TPS_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define TPS__TABLE_SLAB 4096 /* rows per slab */
#define TPS__TABLE_MAX_DIM 65536
#define TPS__TABLE_MAX_ADMIT 255 /* the sketch's counters are one byte */
#define TPS__TABLE_SKETCH_DEPTH 4
#define TPS__TABLE_SKETCH_WIDTH ((uint32_t)1 << 20)
#define TPS__TABLE_HOT 64 /* counters of the hottest-ids summary */

/* One row, pointing into its slab. */
typedef struct tps__row_s {
    uint64_t id;
    float *val;        /* dim values */
    float *slot[2];    /* optimizer state, dim each; NULL beyond nslots */
    uint64_t *version; /* updates applied to the row */
} tps__row_t;

struct tps__slab_s;

typedef struct tps__table_s {
    uint32_t dim;
    int nslots;
    int init;
    float scale;
    uint64_t seed;
    uint32_t admit; /* --row-admit K; 0 or 1: every id is admitted */
    uint64_t rows;  /* rows held */
    uint64_t bytes; /* memory held: slabs, index, sketch */
    uint64_t not_admitted, full; /* pushes of rows refused for each reason */

    struct tps__slab_s *slab; /* rows / TPS__TABLE_SLAB rounded up */
    uint32_t nslab, slab_cap;
    uint32_t *index; /* row numbers, UINT32_MAX = empty; NULL until a row */
    uint64_t mask;   /* index buckets - 1 */
    uint8_t *sketch; /* DEPTH x WIDTH counters, admit > 1 only */
    /* The hot summary: counters (hot_id) kept in ascending order of
     * count (hot_ord: the counter at each place, hot_n: its count,
     * hot_pos: each counter's place) and an open-addressing index from id
     * to counter, so that a push costs a probe and a binary search, not a
     * scan of every counter. */
    uint64_t hot_id[TPS__TABLE_HOT], hot_n[TPS__TABLE_HOT];
    uint8_t hot_ord[TPS__TABLE_HOT], hot_pos[TPS__TABLE_HOT];
    uint8_t hot_at[4 * TPS__TABLE_HOT]; /* counter + 1; 0 empty */
    uint8_t hot_b[TPS__TABLE_HOT];      /* each counter's bucket */
    int nhot;
    int hot_least; /* how many counters share the smallest count */
} tps__table_t;

/* Prepares an empty table of rows of dim values and nslots (0..2) optimizer
 * slots. With admit > 1 the count-min sketch (4 x 2^20 one-byte saturating
 * counters, 4 MiB) is allocated now and charged to *used. *used is the
 * shard's memory counter and max its bound (0: none). Returns 0, TPS_EINVAL
 * (dim 0 or over 65536, nslots outside 0..2, admit over 255), TPS_ELIMIT or
 * TPS_ENOMEM, with err naming the table. */
int tps__table_init(tps__table_t *t, const char *name, uint32_t dim, int nslots,
                    int init, float scale, uint64_t seed, uint32_t admit,
                    uint64_t *used, uint64_t max, char *err, size_t errlen);
/* Frees everything and gives t->bytes back to *used. */
void tps__table_free(tps__table_t *t, uint64_t *used);

/* The row of id if the table holds it: 1 and *row set, else 0. Allocates
 * nothing and counts nothing: what a pull does (the caller answers an
 * absent id with tps__row_init and version 0, and stores nothing). */
int tps__table_find(const tps__table_t *t, uint64_t id, tps__row_t *row);

/* What tps__table_find_many says of an id the table does not hold. */
#define TPS__TABLE_NONE UINT32_MAX

/* The row numbers of ids[0..n) into r[0..n) (TPS__TABLE_NONE for an id
 * the table does not hold), for tps__table_row. Allocates and counts
 * nothing, like tps__table_find. The ids are hashed once, and their
 * buckets and then their rows are fetched a block of ids at a time: a
 * table far larger than the caches costs a few memory round trips per
 * id, and this way a block's misses overlap. A row's number stays its
 * own until the table is freed; rows created meanwhile do not move it. */
void tps__table_find_many(const tps__table_t *t, const uint64_t *ids, size_t n,
                          uint32_t *r);
void tps__table_row(const tps__table_t *t, uint32_t r, tps__row_t *row);

/* The row of id for a push: found, or created with its initial values
 * (tps__row_init), zero slots and version 0 once admitted. Returns 1 (row
 * set), 0 (not admitted yet: counted in the sketch and in not_admitted),
 * TPS_ELIMIT (a new slab or a larger index would pass max - *used: counted
 * in `full`, err names the table, its rows and the bound; the rows held are
 * unaffected) or TPS_ENOMEM. Every call counts in the hottest-ids summary. */
int tps__table_touch(tps__table_t *t, const char *name, uint64_t id,
                     uint64_t *used, uint64_t max, tps__row_t *row, char *err,
                     size_t errlen);
/* tps__table_touch of an id whose row number r tps__table_find_many
 * gave: counted in the hottest-ids summary, *row set. */
void tps__table_touch_found(tps__table_t *t, uint64_t id, uint32_t r,
                            tps__row_t *row);

/* Row number i, 0 <= i < rows, in creation order (checkpoints, dump,
 * re-shard). */
void tps__table_row_at(const tps__table_t *t, uint64_t i, tps__row_t *row);

/* Adds a row as a checkpoint holds it: dim values, nslots x dim slot values
 * (slot 0 then slot 1; NULL when nslots is 0) and its version, without
 * admission. Returns 0, TPS_EINVAL if id is already held, TPS_ELIMIT or
 * TPS_ENOMEM, with err set. */
int tps__table_insert(tps__table_t *t, const char *name, uint64_t id,
                      const float *val, const float *slots, uint64_t version,
                      uint64_t *used, uint64_t max, char *err, size_t errlen);

/* Bytes of one row without the index: values, slots, version and id. A
 * slab costs TPS__TABLE_SLAB times this; the index 4 bytes per bucket. */
size_t tps__table_row_bytes(uint32_t dim, int nslots);

/* The sketch's count of id's pushes while it was not held: never below the
 * true count (capped at 255), and above it by more than e/2^20 times the
 * pushes counted so far (not_admitted) with probability at most e^-4
 * (1.8%). 0 without admission. */
unsigned tps__table_admit_count(const tps__table_t *t, uint64_t id);

/* The k hottest pushed ids, most pushed first: fills ids and counts, returns
 * how many (<= k, <= TPS__TABLE_HOT). A space-saving summary of
 * TPS__TABLE_HOT counters over the N calls of tps__table_touch so far: a
 * count is at least the id's true pushes and at most N/TPS__TABLE_HOT above
 * them, and every id pushed more than N/TPS__TABLE_HOT times is listed. */
int tps__table_hot(const tps__table_t *t, int k, uint64_t *ids,
                   uint64_t *counts);

#endif
