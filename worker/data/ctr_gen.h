/* SPDX-License-Identifier: MIT */
/* Synthetic click-through data with a planted model, for the table models:
 * `features` features whose frequencies follow Zipf's law (feature j is
 * drawn with probability proportional to (j + 1)^-zipf), `nnz` distinct
 * features of value 1 per row, and a label drawn from the planted model:
 * P(y = +1 | x) = sigma(f*(x)) with
 *
 *     f*(x) = b* + sum_i w*_i x_i + sum_{i<j} <v*_i, v*_j> x_i x_j,
 *
 * b* = -0.5, w*_j ~ N(0, 4 / nnz), and for k > 0 the rank-k V* with entries
 * N(0, sqrt(2 / (nnz^2 k))) (k = 0: logistic, no interactions); so the
 * margin has a standard deviation of about 2 from the linear part and 1
 * from the interactions. The planted log-loss of the drawn labels, mean
 * log(1 + exp(-y f*(x))), is the Bayes-optimal loss on the sample: what no
 * model of the data can beat but by overfitting it.
 *
 * Every value is a pure function of (seed, row or feature number), so any
 * process generates the same rows. Feature j's id is mix64(j ^
 * mix64(seed)), a bijection: distinct, and spread over all 64 bits as
 * hashed CTR features are. Rows 0 .. rows-1 are the training set; rows
 * rows .. rows+test-1, from the same distribution, the held-out set. */
#ifndef TPS_CTR_GEN_H
#define TPS_CTR_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "data_sparse.h"

/* The largest `features` accepted: the Zipf table costs 8 bytes each. */
#define TPS_CTR_MAX_FEATURES (1u << 24)

typedef struct tps__ctr_spec_s {
    uint64_t rows;     /* training rows */
    uint64_t test;     /* held-out rows after them (0: none) */
    uint64_t features;
    uint32_t nnz;      /* features per row */
    double zipf;       /* exponent of the feature frequencies */
    uint64_t seed;
    uint32_t k;        /* rank of the planted interactions (0: none) */
} tps__ctr_spec_t;

/* The prefix of a --data value that asks for this generator. */
#define TPS_CTR_PREFIX "synth-ctr"

/* Parses "synth-ctr[:key=value,...]" (keys rows, test, features, nnz, zipf,
 * seed, k) over the values already in *spec (the defaults). Returns 0 or
 * TPS_EINVAL with a sentence naming the key and what is wrong. */
int tps__ctr_parse(const char *text, tps__ctr_spec_t *spec, char *err,
                   size_t errlen);

/* The id of feature j. */
uint64_t tps__ctr_id(uint64_t seed, uint64_t j);

/* Generates rows [lo, hi) (hi <= rows + test) into *out, indexed by slot
 * (tps__sparse_index) with out->planted set; release with
 * tps__sparse_free. Returns 0, TPS_EINVAL or TPS_ENOMEM with a sentence. */
int tps__ctr_generate(const tps__ctr_spec_t *s, uint64_t lo, uint64_t hi,
                      tps__sparse_set_t *out, char *err, size_t errlen);

/* The planted margin f*(x) of a row of n features (feature numbers feat,
 * values val). */
double tps__ctr_margin(const tps__ctr_spec_t *s, const uint64_t *feat,
                       const float *val, size_t n);

#endif
