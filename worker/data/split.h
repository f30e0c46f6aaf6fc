/* SPDX-License-Identifier: MIT */
/* How a labelled training set is shared out among the workers
 * (taups-worker --split):
 *   iid            each worker a contiguous block of the file, whose rows
 *                  come in no particular order (as before this existed);
 *   label-sorted   the rows sorted by label (stably), then blocks: each
 *                  worker sees one or two classes, the hardest case for
 *                  local SGD and asynchronous averaging;
 *   dirichlet:A    for every class, the shares of the workers drawn from a
 *                  symmetric Dirichlet(A) and its rows (shuffled) dealt out
 *                  by them: A large is close to iid, A small to one class a
 *                  worker (the usual federated-learning benchmark split).
 * Every process computes the same assignment from the labels and the seed,
 * and keeps its own rows. */
#ifndef TPS_SPLIT_H
#define TPS_SPLIT_H

#include <stddef.h>
#include <stdint.h>

typedef enum tps__split_kind_e {
    TPS_SPLIT_IID = 0,
    TPS_SPLIT_LABEL_SORTED,
    TPS_SPLIT_DIRICHLET
} tps__split_kind_t;

typedef struct tps__split_s {
    tps__split_kind_t kind;
    double alpha; /* dirichlet */
} tps__split_t;

/* The rows [*lo, *hi) of n that worker `rank` of `workers` holds. Blocks are
 * contiguous and follow the same rule as tensor shards (taups.h):
 * lo(r) = r*(n/W) + min(r, n%W). Consecutive ranks hold consecutive rows,
 * sizes differ by at most one, and every row belongs to exactly one worker.
 * Returns TPS_EINVAL, with a sentence in err, when workers < 1, rank is not
 * in [0, workers), or the block would be empty (more workers than rows);
 * `what` names the rows in that sentence (e.g. "lsq rows"). */
int tps__split_block(uint64_t n, int rank, int workers, const char *what,
                     uint64_t *lo, uint64_t *hi, char *err, size_t errlen);

/* Parses "iid", "label-sorted" or "dirichlet:ALPHA" (ALPHA > 0, finite).
 * NULL is iid. Returns 0 or TPS_EINVAL with a sentence in err. */
int tps__split_parse(const char *text, tps__split_t *out, char *err,
                     size_t errlen);

/* The rows of worker `rank` of `workers` among n rows whose classes are
 * cls[i] in 0..ncls-1: their indices in increasing order in *rows (malloc'd,
 * the caller frees; NULL when there are none) and their number in *nrows.
 * Deterministic in (split, cls, workers, seed). When info is not NULL, a
 * sentence for the log: the split, the rows kept and their classes.
 * Returns 0, TPS_EINVAL (bad rank, workers or class) or TPS_ENOMEM, with
 * a sentence in err. */
int tps__split_rows(const tps__split_t *s, const int *cls, size_t n, int ncls,
                    int rank, int workers, uint64_t seed, size_t **rows,
                    size_t *nrows, char *info, size_t infolen, char *err,
                    size_t errlen);

/* tps__split_rows for rows whose class is cls_of(labels, i): what a data
 * set's own label array gives. */
int tps__split_by(const tps__split_t *s, const void *labels,
                  int (*cls_of)(const void *labels, size_t i), size_t n,
                  int ncls, int rank, int workers, uint64_t seed, size_t **rows,
                  size_t *nrows, char *info, size_t infolen, char *err,
                  size_t errlen);

/* "label-sorted", "dirichlet:0.5", ... into buf. */
const char *tps__split_describe(const tps__split_t *s, char *buf, size_t len);

#endif
