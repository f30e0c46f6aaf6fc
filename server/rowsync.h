/* SPDX-License-Identifier: MIT */
/* A table's part in the sync step (docs/design.md §2b, §3a Sync commits):
 * each rank's rows of the pending step, buffered as they are pushed, and
 * at the step the per-row mean over the committed ranks, weighted as the
 * dense tensors' mean is (tps__sync_weights), a rank that did not touch a
 * row counting in the denominator and adding zero to it: the mean of the
 * step's full batch.
 *
 * Which ranks pushed the table, and with how many samples, is the table's
 * own tps__syncbuf_t (done, samples): so a rank discarded by the step's
 * agreement or by its departure is dropped here exactly as from a dense
 * tensor, and its entries are void from then on (cleared at its next push).
 *
 * Owns: the entries, their memory (charged to the shard's counter, freed
 * after each step) and the step's means. Must not touch: the wire, the
 * agreement between shards (step.c), row creation and admission (the
 * caller buffers only rows its table holds). */
#ifndef TPS_ROWSYNC_H
#define TPS_ROWSYNC_H

#include <stddef.h>
#include <stdint.h>

#include "consistency.h"

struct tps__shard_s;
struct tps__tensor_s;
struct tps__rowrank_s;

typedef struct tps__rowsync_s {
    int n; /* ranks */
    uint32_t dim;
    struct tps__rowrank_s *rank; /* n: entries pushed this step */
    uint64_t bytes;              /* entries' memory, charged to the shard */
    uint64_t *ids;               /* the step's rows, ascending */
    float *mean;                 /* their means, dim each */
    size_t nrows;
} tps__rowsync_t;

/* An empty buffer for n ranks of rows of dim values; NULL when out of
 * memory. */
tps__rowsync_t *tps__rowsync_new(int n, uint32_t dim);
/* Frees it and gives its bytes back to *used. */
void tps__rowsync_free(tps__rowsync_t *rs, uint64_t *used);

/* Room for k more entries of rank, charged to *used against max (0: no
 * bound). A rank not done in sb starts afresh: entries of a push that was
 * discarded are forgotten. Returns 0, TPS_ELIMIT (nothing changed) or
 * TPS_ENOMEM. */
int tps__rowsync_reserve(tps__rowsync_t *rs, const tps__syncbuf_t *sb, int rank,
                         size_t k, uint64_t *used, uint64_t max);
/* Adds rank's gradient g (dim values, times scale) for row id, within the
 * room reserved. A rank's gradients of one row add up. */
void tps__rowsync_add(tps__rowsync_t *rs, int rank, uint64_t id, const float *g,
                      double scale);

/* Computes the table's means over the committed ranks (each weighs by
 * the samples its pushes of the table said, else its CLOCK said: m's
 * samples) and checks that applying them would keep every row finite, on
 * copies, changing nothing. Returns how many of those ranks pushed the
 * table (0: nothing to do), TPS_ERANGE with *bad the first row that would
 * not stay finite, or TPS_ENOMEM. */
int tps__rowsync_prepare(struct tps__shard_s *sh, struct tps__tensor_s *t,
                         const tps__members_t *m, uint64_t *bad);
/* Applies the means the last tps__rowsync_prepare computed, each row at
 * its own step. Returns the rows applied. */
size_t tps__rowsync_apply(struct tps__shard_s *sh, struct tps__tensor_s *t);
/* Forgets every entry and mean (after a step), giving their memory back
 * to *used. */
void tps__rowsync_reset(tps__rowsync_t *rs, uint64_t *used);

#endif
