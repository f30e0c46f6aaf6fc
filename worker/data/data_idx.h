/* SPDX-License-Identifier: MIT */
/* Reader for the IDX files of MNIST-style data sets (Fashion-MNIST as
 * installed by Debian's dataset-fashion-mnist), gzip-compressed or plain:
 * an images file (magic 0x00000803: count, rows, cols, then bytes) and a
 * labels file (magic 0x00000801: count, then bytes), big-endian headers.
 *
 * A worker loads only its own contiguous block of rows (see
 * tps__split_block), so per-worker memory shrinks with the number of workers,
 * while the whole of both files is still read and checked: every process sees
 * the same errors whatever its rank. */
#ifndef TPS_DATA_IDX_H
#define TPS_DATA_IDX_H

#include <stddef.h>
#include <string.h>
#include <stdint.h>

typedef struct tps__idx_set_s {
    float *images;   /* n rows of dim pixels in [0, 1], row-major; owned */
    uint8_t *labels; /* n labels in 0..9; owned */
    size_t n;        /* rows held */
    size_t dim;      /* pixels per image: rows * cols of the file */
    uint64_t first;  /* index in the files of the first row held */
    uint64_t total;  /* rows in the files */
} tps__idx_set_t;

/* Loads block `part` of `parts` (part 0 of 1: everything) of the images file
 * and the labels file into *out, which the caller releases with
 * tps__idx_free. Checks magic numbers, dimensions, that both files hold the
 * same number of items, that neither is truncated nor followed by extra data,
 * and that every label is in 0..9. On failure *out is left empty and a
 * sentence naming the file and the fault is written to err (NULL/0 allowed);
 * returns TPS_EIO for unreadable or malformed files, TPS_EINVAL for a bad
 * part/parts and TPS_ENOMEM. The paths are borrowed. */
int tps__idx_load(const char *images_path, const char *labels_path, int part,
                  int parts, tps__idx_set_t *out, char *err, size_t errlen);

/* Loads Fashion-MNIST (or any data set with its file names) from directory
 * `dir` (NULL: /usr/share/datasets/fashion-mnist, where Debian's
 * dataset-fashion-mnist installs it), as the image models need it: for
 * training (eval 0) block `rank` of `workers` of train-{images-idx3,
 * labels-idx1}-ubyte.gz into *train; for evaluation (eval != 0) all of
 * t10k-*-ubyte.gz into *test. The other set is left empty, and so are both
 * on failure. Errors as tps__idx_load; the caller releases the sets with
 * tps__idx_free. `dir` is borrowed. */
int tps__idx_load_fashion(const char *dir, int eval, int rank, int workers,
                          tps__idx_set_t *train, tps__idx_set_t *test,
                          char *err, size_t errlen);

/* The pixels per image of a model built on train and test (either may be
 * empty, not both): returns that dim, or 0 after writing a sentence that
 * starts with `model` (e.g. "mlp") to err when both sets are empty or their
 * dims differ. Borrows everything. */
size_t tps__idx_model_dim(const char *model, const tps__idx_set_t *train,
                          const tps__idx_set_t *test, char *err, size_t errlen);

/* Keeps, of the whole training set in *set, the rows split s gives worker
 * `rank` of `workers` (split.h); info as tps__split_rows. Returns 0 or a
 * negative TPS_E* code with a sentence in err (the set is then freed). */
struct tps__split_s;
int tps__idx_split(tps__idx_set_t *set, const struct tps__split_s *s, int rank,
                   int workers, uint64_t seed, char *info, size_t infolen,
                   char *err, size_t errlen);

/* Frees what a set owns and empties it; an empty set is fine. */
void tps__idx_free(tps__idx_set_t *set);

/* Moves a set's arrays from *from (left empty, safe to free) to *to: how a
 * model takes the sets it was built from. */
static inline void tps__idx_move(tps__idx_set_t *to, tps__idx_set_t *from) {
    *to = *from;
    memset(from, 0, sizeof(*from));
}

#endif
