/* SPDX-License-Identifier: MIT */
/* Rows of sparse binary classification data with 64-bit feature ids, as the
 * table models (sparse-logreg, fm) train on them: CSR rows whose entries
 * point at slots, and one slot per distinct feature id the rows hold, ids
 * ascending. A slot is where the process keeps that feature's row of a
 * table; the id is what the shards know it by. Built from a LIBSVM file
 * (tps__libsvm_load_ids) or the synthetic generator (ctr_gen.h); a worker
 * then keeps its block of the rows (tps__sparse_keep). */
#ifndef TPS_DATA_SPARSE_H
#define TPS_DATA_SPARSE_H

#include <stddef.h>
#include <stdint.h>

typedef struct tps__sparse_set_s {
    uint64_t *offsets; /* n + 1: row r is entries [offsets[r], offsets[r+1]) */
    uint32_t *slots;   /* nnz: ascending along a row */
    float *values;     /* nnz */
    int8_t *labels;    /* n: -1 or +1 */
    double *planted;   /* n: the planted model's margin of each row, or NULL
                          (data from a file) */
    size_t n;
    uint64_t nnz;
    uint64_t *ids;     /* nids: the feature id of each slot, ascending */
    uint32_t *count;   /* nids: rows of the whole set (all blocks) that hold
                          the feature */
    size_t nids;
    uint64_t total;    /* rows of the whole set */
} tps__sparse_set_t;

/* Turns rows whose entries hold feature ids (raw[k] for entry k) into
 * slots: *set's offsets, values, labels, planted and n, nnz must be set; on
 * success set->slots, ids, count, nids and total are filled and each row's
 * entries are sorted by id. raw is borrowed. Returns 0, TPS_ENOMEM or
 * TPS_EINVAL (2^32 entries or more) with a sentence. On failure the set is
 * freed. */
int tps__sparse_index(tps__sparse_set_t *set, const uint64_t *raw,
                      char *err, size_t errlen);

/* Keeps rows [lo, hi) of *set and only the slots they use (renumbered, ids
 * still ascending, counts and total unchanged). Returns 0 or TPS_ENOMEM
 * (the set is then freed). */
int tps__sparse_keep(tps__sparse_set_t *set, uint64_t lo, uint64_t hi,
                     char *err, size_t errlen);

/* Writes the rows as a LIBSVM file ("+1 id:value ..." with the 64-bit ids,
 * ascending along a line) that tps__libsvm_load_ids reads back to the same
 * rows. Returns 0 or TPS_EIO with a sentence naming the path. */
int tps__sparse_write(const tps__sparse_set_t *set, const char *path,
                      char *err, size_t errlen);

/* Frees what a set owns and empties it; an empty set is fine. */
void tps__sparse_free(tps__sparse_set_t *set);

#endif
