/* SPDX-License-Identifier: MIT */
/* Reader for binary classification data in LIBSVM text format, plain or
 * gzip-compressed: one row per line,
 *
 *     label index:value index:value ...   # optional comment
 *
 * with labels -1/+1 or 0/1 (0 is read as -1; a file may not use both 0 and
 * -1, which would merge two classes of a multi-class file), indices starting
 * at 1 and strictly increasing within a line, finite values. Blank and
 * comment-only lines are not rows. Rows are kept in CSR form with 0-based
 * feature indices, so that feature i of the file is weight i - 1.
 *
 * Like the IDX reader, a worker keeps only its own contiguous block of rows
 * (see tps__split_block) while the whole file is read and checked, so every
 * process reports the same errors and agrees on the dimension and the row
 * count whatever its rank. The file is read twice: once to check it and count
 * its rows, once to keep the block. */
#ifndef TPS_DATA_LIBSVM_H
#define TPS_DATA_LIBSVM_H

#include <stddef.h>
#include <stdint.h>

/* Longest line accepted, in bytes without its newline; longer lines are an
 * error rather than a reason to allocate without bound. */
#define TPS_LIBSVM_MAX_LINE (1u << 20)

typedef struct tps__libsvm_set_s {
    uint64_t *offsets; /* n + 1 entries: row r is entries [offsets[r],
                          offsets[r + 1]); offsets[0] == 0; owned */
    uint32_t *indices; /* nnz 0-based feature indices, increasing per row;
                          owned (NULL from tps__libsvm_load_ids) */
    uint64_t *ids;     /* tps__libsvm_load_ids only: nnz feature ids as the
                          file gives them, in its order; owned */
    float *values;     /* nnz values; owned */
    int8_t *labels;    /* n labels, -1 or +1; owned */
    size_t n;          /* rows held */
    uint64_t nnz;      /* entries held: offsets[n] */
    size_t dim;        /* features: the given dimension, else the largest
                          index in the whole file */
    uint64_t first;    /* row number in the file of the first row held */
    uint64_t total;    /* rows in the file */
    uint64_t dropped;  /* entries dropped beyond dim (see tps__libsvm_load) */
} tps__libsvm_set_t;

/* Checks the whole file at `path` and reports its number of rows and its
 * largest feature index (0 when no row has a feature). Returns 0, or on
 * failure a negative TPS_E* code with a sentence in err (NULL/0 allowed)
 * naming the file and, for a malformed row, "path:line": TPS_EIO for an
 * unreadable or malformed file, TPS_ENOMEM. */
int tps__libsvm_scan(const char *path, uint64_t *rows, uint64_t *max_index,
                     char *err, size_t errlen);

/* Loads block `part` of `parts` (part 0 of 1: the whole file) of the rows of
 * `path` into *out, which the caller releases with tps__libsvm_free.
 *
 * dim 0 takes the dimension from the largest index in the whole file. A
 * dim > 0 is the dimension: a larger index is an error, unless drop_beyond
 * is set, in which case such entries are left out and counted in
 * out->dropped (an evaluator reading a test file with features no training
 * row has: their weights can only be zero).
 *
 * Errors as for tps__libsvm_scan, plus TPS_EIO for a file without rows or
 * without features and TPS_EINVAL for a bad part/parts; on failure *out is
 * left empty. The path is borrowed. */
int tps__libsvm_load(const char *path, uint64_t dim, int drop_beyond, int part,
                     int parts, tps__libsvm_set_t *out, char *err,
                     size_t errlen);

/* Loads every row of `path` into *out (released with tps__libsvm_free) with
 * its features' ids as they are written: any 64-bit value (0 included) in
 * any order along a line, each at most once per line, kept in out->ids
 * (out->indices stays NULL and out->dim 0). Errors as tps__libsvm_load's,
 * a repeated id among them. The path is borrowed. */
int tps__libsvm_load_ids(const char *path, tps__libsvm_set_t *out, char *err,
                         size_t errlen);

/* Keeps, of the whole file's rows in *set, those split s gives worker
 * `rank` of `workers` (split.h; the classes are the labels -1 and +1);
 * info as tps__split_rows. Returns 0 or a negative TPS_E* code with a
 * sentence in err (the set is then freed). */
struct tps__split_s;
int tps__libsvm_split(tps__libsvm_set_t *set, const struct tps__split_s *s,
                      int rank, int workers, uint64_t seed, char *info,
                      size_t infolen, char *err, size_t errlen);

/* Frees what a set owns and empties it; an empty set is fine. */
void tps__libsvm_free(tps__libsvm_set_t *set);

#endif
