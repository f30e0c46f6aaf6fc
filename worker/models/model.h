/* SPDX-License-Identifier: MIT */
/* Built-in models of taups-worker: a model is a few named float32 tensors,
 * a minibatch loss and gradient over this worker's share of the training rows,
 * and an evaluation on held-out data. Models know nothing about the network:
 * taups-worker (worker_train.c) pulls parameters, calls grad() and pushes
 * the result. */
#ifndef TPS_MODEL_H
#define TPS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "taups.h"
#include "worker/data/split.h"

#define TPS_MODEL_MAX_TENSORS 4

typedef struct tps__model_tensor_s {
    const char *name;  /* e.g. "w", "b" */
    uint64_t len;      /* elements */
    tps_init_t init;
    float scale;       /* init scale (see tps_init_t) */
    uint32_t row_dim;  /* 0: a dense tensor; else a table (tps_table) of
                          rows of row_dim floats, of which this process
                          holds one per slot: len = nrow_ids * row_dim */
} tps__model_tensor_t;

typedef struct tps__model_config_s {
    const char *model;   /* "lsq", "softmax", "logreg", "mlp",
                            "sparse-logreg" or "fm" */
    const char *data;    /* softmax, mlp: directory with the Fashion-MNIST IDX
                            .gz files; logreg: "TRAIN[,TEST]" LIBSVM files;
                            lsq: "A.npy,b.npy[,xstar.npy]" (NULL: synthetic) */
    int rank;            /* this worker's rank; rows are split by rank */
    int workers;         /* number of workers the rows are split across */
    int eval; /* 1: build the evaluator's view (test set / whole problem) */
    uint64_t seed;       /* data synthesis (lsq) and init seed */
    double cond;         /* lsq: condition number of the Hessian A'A/m
                            (0: the default) */
    uint64_t rows;       /* lsq: total rows m (0: the default) */
    uint64_t dim;        /* lsq: unknowns d (0: the default); logreg:
                            features (0: the largest index in the training
                            file) */
    double l2;           /* logreg: weight lambda of (lambda/2) ||w||^2 */
    int hidden;          /* mlp: hidden units (0: 64) */
    double noise;        /* lsq: b = A x* + noise * N(0, 1) per row */
    double hetero;       /* lsq: worker r's rows solve x* + hetero * delta_r,
                            delta_r ~ N(0, I) (rows split as for workers) */
    tps__split_t split;   /* softmax, mlp, logreg: the training rows each
                            worker holds (split.h); iid when zeroed */
    int factors;         /* fm: dimension k of the embeddings (0: 8) */
} tps__model_config_t;

typedef struct tps__model_s tps__model_t;

struct tps__model_s {
    const char *name;         /* "lsq" / "softmax" / "logreg" / "mlp" */
    const char *metric_name;  /* "rel_err" (lower is better) / "accuracy" */
    int ntensors;
    tps__model_tensor_t tensors[TPS_MODEL_MAX_TENSORS];
    size_t nrows;             /* training rows held by this worker */
    char info[256];           /* what the process should log about the
                                 problem, or "" */

    /* Mean loss over rows[0..n) (indices into this worker's rows) at params,
     * and its gradient written into grads[t] (tensors[t].len floats each,
     * overwritten, not accumulated). params and grads are borrowed. */
    double (*grad)(tps__model_t *m, const float *const *params,
                   float *const *grads, const uint32_t *rows, size_t n);

    /* Evaluation at params: lsq: loss over all m rows and ||x - x*|| / ||x*||;
     * softmax, mlp: mean cross-entropy and accuracy on the 10k test images;
     * logreg: the regularised objective and accuracy on the test rows;
     * sparse-logreg, fm: the regularised objective and the AUC (and
     * extra[] below). A table's params follow the slots of the rows
     * evaluated.
     * Returns 0 or a negative TPS_E* code. */
    int (*evaluate)(tps__model_t *m, const float *const *params, double *loss,
                    double *metric);

    /* Frees the model and everything it owns. */
    void (*destroy)(tps__model_t *m);

    /* What the last evaluate() measured besides loss and metric, for the
     * log (table models: log-loss, and the planted model's and the gap to
     * it on synthetic data); nextra 0 for the others. */
    int nextra;
    const char *extra_names[4];
    double extra[4];

    /* Table models only (sparse-logreg, fm); NULL and 0 for the others.
     * Their dense tensors come first, then the tables (row_dim > 0). A
     * table's buffer holds a row per slot: the distinct feature ids of the
     * rows this process holds, row_ids[slot] ascending (borrowed from the
     * model). touched() writes the distinct slots of rows[0..n) into
     * slots (room for nrow_ids) and returns their count; grad() over those
     * rows reads only these rows of a table and writes only these rows of
     * its gradient, leaving the others as they were. write_rows() writes
     * the training rows this process holds as a LIBSVM file with the
     * 64-bit ids (0 or TPS_EIO with a sentence). */
    const uint64_t *row_ids;
    size_t nrow_ids;
    size_t (*touched)(tps__model_t *m, const uint32_t *rows, size_t n,
                      uint32_t *slots);
    int (*write_rows)(tps__model_t *m, const char *path, char *err,
                      size_t errlen);
};

/* Builds the model cfg->model. On success *out is owned by the caller
 * (release with (*out)->destroy(*out)); on failure returns a negative TPS_E*
 * code and writes a sentence naming what was wrong (unknown model, missing
 * or corrupt data file with its path, ...) into err. */
int tps__model_new(const tps__model_config_t *cfg, tps__model_t **out,
                   char *err, size_t errlen);

/* Constructors behind tps__model_new, one per model file. */
int tps__model_lsq_new(const tps__model_config_t *cfg, tps__model_t **out,
                       char *err, size_t errlen);
int tps__model_softmax_new(const tps__model_config_t *cfg, tps__model_t **out,
                           char *err, size_t errlen);
int tps__model_logreg_new(const tps__model_config_t *cfg, tps__model_t **out,
                          char *err, size_t errlen);
int tps__model_mlp_new(const tps__model_config_t *cfg, tps__model_t **out,
                       char *err, size_t errlen);
int tps__model_sparse_logreg_new(const tps__model_config_t *cfg,
                                 tps__model_t **out, char *err,
                                 size_t errlen);
int tps__model_fm_new(const tps__model_config_t *cfg, tps__model_t **out,
                      char *err, size_t errlen);

#endif
