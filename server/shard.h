/* SPDX-License-Identifier: MIT */
/* The state of one shard: the tensors it holds a slice of, and the update
 * rule applied to them. No networking here, so that the arithmetic can be
 * unit-tested directly and the server's connection code stays about
 * connections. */
#ifndef TPS_SHARD_H
#define TPS_SHARD_H

#include <stddef.h>
#include <stdint.h>

#include "consistency.h"
#include "optimizer.h"
#include "rowsync.h"
#include "table.h"

#define TPS_MAX_NAME 128

/* The kinds of tensor (proto Decl.kind): a dense vector sliced by range,
 * or a table of rows by 64-bit id (docs/design.md §2b). */
#define TPS__KIND_DENSE 0
#define TPS__KIND_TABLE 1

/* Dimensions of a dense tensor's shape at most. */
#define TPS__MAX_DIMS 8

typedef struct tps__tensor_s {
    char name[TPS_MAX_NAME];
    uint64_t n;          /* length of the whole tensor */
    uint64_t lo, hi;     /* this shard owns [lo, hi) */
    int init;            /* tps_init_t, kept to check idempotent declares */
    float scale;
    uint64_t seed;
    float *param;        /* hi - lo values */
    uint64_t version;    /* logical updates applied */
    /* An upper bound of |param| over the slice, or < 0: unknown (computed
     * when next needed). Every write other than tps__shard_apply's makes
     * it unknown. */
    double pmax;
    float *slot[2];      /* optimizer state (tps__optim_slots of them) */
    tps__syncbuf_t sync;  /* sync modes: per-rank gradients of this clock */
    float *mean;         /* sync modes: their mean, hi - lo values */
    int pushing;         /* connections in the middle of a push to it */
    int ready;           /* 0 while its initial values are being computed
                            off the loop: not served until then */
    uint64_t bytes;      /* memory its slice, state and buffers take */
    /* A table has an empty dense slice (every dense loop passes it by)
     * and its rows here: the ones whose slots this shard owns. */
    int kind;              /* TPS__KIND_* */
    uint32_t dim;          /* table: values per row */
    tps__table_t *table;   /* table: NULL for a dense tensor */
    uint64_t row_pushes;   /* table: rows applied */
    uint64_t row_pulls;    /* table: rows answered */
    uint64_t row_stale;    /* table: rows dropped as too stale */
    /* Dense: the shape a client declared (product = n); 0 dims: none said
     * yet, taken from the first declaration that says one. */
    uint32_t ndims;
    uint64_t shape[TPS__MAX_DIMS];
    /* --staleness-weight dc: rank r's last pulled values of the slice at
     * dc_read + r * (hi - lo), and whether it pulled since declaring */
    float *dc_read;
    uint8_t *dc_seen;
    /* table, sync modes: rows of the pending step (from its first push) */
    tps__rowsync_t *rowsync;
    /* Dense: starting values given by a worker (assign.c): the assign
     * that gave them, (rank, session, request), and the element its next
     * chunk starts at. Kept in checkpoints. */
    int assigned;
    int assign_rank;
    uint64_t assign_session, assign_request, assign_next;
} tps__tensor_t;

/* Traffic of one codec (kind and parameters), both directions. */
#define TPS_CODEC_STATS 16
typedef struct tps__codec_stats_s {
    int used;
    uint32_t id;  /* packed codec (tps__codec_pack) */
    float ratio;
    uint64_t push_frames, raw_in, wire_in;   /* pushes received */
    uint64_t pull_frames, raw_out, wire_out; /* pull replies sent */
} tps__codec_stats_t;

/* Why a push frame was refused; each counted on its own. */
enum {
    TPS_REFUSE_NONFINITE_GRAD,  /* the gradient holds NaN/Inf */
    TPS_REFUSE_NONFINITE_PARAM, /* applying it would make parameters
                                   non-finite (sync: a step skipped) */
    TPS_REFUSE_STEP,            /* aggregating modes: not the shard's step */
    TPS_REFUSE_NORM,            /* a claimed norm that is not a finite
                                   number >= 0 */
    TPS_REFUSE_MALFORMED,       /* encoded payload that does not decode */
    TPS_REFUSE_REPEAT,          /* a repeat too old to answer again */
    TPS_REFUSE_SETTLED,         /* two-phase: its group was settled as
                                   aborted (fenced) between the shards */
    TPS_NREFUSE
};

/* A refusal's name in the stats and the metrics ("old_repeat"). */
const char *tps__refuse_name(int reason);

typedef struct tps__shard_stats_s {
    uint64_t pushes;     /* logical pushes applied (sync: taken by a step;
                            two-phase: committed) */
    uint64_t push_frames;
    uint64_t steps;      /* optimizer steps taken (sync: one per clock) */
    uint64_t dropped;    /* pushes refused as too stale, or left out of a
                            sync step by --backup-workers */
    uint64_t backup_dropped; /* sync: pushes of the backup workers a step
                                did not wait for */
    uint64_t pulls;      /* pull frames answered */
    uint64_t pulls_blocked; /* pull frames that had to wait */
    double blocked_s;    /* total time pulls waited */
    uint64_t applied_frames; /* push frames applied (or buffered) */
    uint64_t dropped_frames; /* push frames dropped as too stale or late */
    uint64_t partial;        /* pushes cut off midway, applied as far as
                                they came (each an update of its own) */
    uint64_t refused;    /* push frames refused: the sum of refused_by
                            but for skipped sync steps */
    uint64_t refused_by[TPS_NREFUSE];
    uint64_t duplicates; /* push frames seen before, answered, not applied */
    uint64_t steps_refused; /* sync steps skipped because their mean would
                               make a parameter non-finite (on any shard) */
    tps__hist_t staleness;
    tps__hist_t staleness_applied; /* updates between a push's pull and
                                      its apply (the bound is on the
                                      decision's) */
    tps__codec_stats_t codecs[TPS_CODEC_STATS];
} tps__shard_stats_t;

typedef struct tps__shard_s {
    uint32_t index, nshards;
    int max_tensors;
    uint64_t max_elements; /* per tensor, whole length */
    int ntensors;
    tps__tensor_t *tensors; /* max_tensors entries */
    int workers;           /* ranks for the sync buffers */
    int aggregate;         /* sync modes keep per-rank buffers */
    int dc_workers;        /* > 0 (--staleness-weight dc): each dense tensor
                              keeps what each of these ranks last pulled */
    uint64_t max_bytes;    /* memory all tensors may take; 0: no limit */
    uint64_t bytes;        /* memory they take */
    tps__optim_t optim;
    tps__shard_stats_t st;
} tps__shard_t;

/* Prepares an empty shard. Returns 0 or TPS_ENOMEM. */
int tps__shard_init(tps__shard_t *sh, uint32_t index, uint32_t nshards,
                    int max_tensors, uint64_t max_elements,
                    const tps__optim_t *optim);
/* Sync modes: keep per-rank gradient buffers for `workers` ranks in every
 * tensor declared from now on. */
void tps__shard_set_aggregate(tps__shard_t *sh, int workers);
void tps__shard_free(tps__shard_t *sh);

/* --staleness-weight dc: worker `rank` was sent elements [off, off + n)
 * of t's slice (off from t->lo); they are what its next push is
 * compensated against. */
void tps__shard_dc_read(tps__tensor_t *t, int rank, uint64_t off, uint64_t n);
/* DC-ASGD's compensation of worker `rank`'s gradient g of n elements at
 * off: g += LAMBDA g*g*(w - w_read), in place (nothing when the rank has
 * not pulled t). Returns the largest |g| after it, as float bits. */
uint32_t tps__shard_dc_compensate(const tps__shard_t *sh,
                                  const tps__tensor_t *t, int rank,
                                  uint64_t off, float *g, uint64_t n);

/* Declares a tensor (idempotent for the same name, length, init, scale and
 * seed). Returns its id (>= 0) or TPS_EMISMATCH / TPS_E2BIG / TPS_EINVAL /
 * TPS_ENOMEM with a sentence in err naming the tensor. */
int tps__shard_declare(tps__shard_t *sh, const char *name, uint64_t n, int init,
                       float scale, uint64_t seed, char *err, size_t errlen);

/* Declares table `name` of rows of dim values (idempotent as tensors
 * are; a dense tensor of that name, or another dim or init, is
 * TPS_EMISMATCH). New rows are admitted after `admit` pushes of their id
 * (0 or 1: at once). Returns its id or a TPS_E* code with err set. */
int tps__shard_declare_table(tps__shard_t *sh, const char *name, uint32_t dim,
                             int init, float scale, uint64_t seed,
                             uint32_t admit, char *err, size_t errlen);

/* Records tensor t's shape, or checks it against the one recorded: 0, or
 * TPS_EMISMATCH / TPS_EINVAL with a sentence naming both shapes. A
 * declaration that says no shape (ndims 0) matches any. */
int tps__shard_shape(tps__tensor_t *t, uint32_t ndims, const uint64_t *shape,
                     char *err, size_t errlen);

/* One update of a table's row by the shard's optimizer, lazily: at the
 * row's own step (its version + 1), with g scaled by `scale` first.
 * Returns 0 (the version moved), or TPS_ERANGE when it would have made
 * the row or its state non-finite: then the row is as it was. */
int tps__shard_apply_row(tps__shard_t *sh, const tps__tensor_t *t,
                         tps__row_t *row, const float *g, double scale);

/* tps__shard_declare without computing the initial values, for a
 * checkpoint that is about to overwrite them. */
int tps__shard_restore(tps__shard_t *sh, const char *name, uint64_t n, int init,
                       float scale, uint64_t seed, char *err, size_t errlen);

/* Slices of at least this many elements are initialised off the loop. */
#define TPS_INIT_DEFER ((uint64_t)1 << 20)

/* tps__shard_declare that leaves a new slice of TPS_INIT_DEFER elements
 * or more uninitialised and not ready (*deferred = 1): the caller runs
 * tps__shard_fill on it, anywhere, then sets ready. */
int tps__shard_declare_deferred(tps__shard_t *sh, const char *name, uint64_t n,
                                int init, float scale, uint64_t seed,
                                int *deferred, char *err, size_t errlen);

/* Computes a deferred tensor's initial values and zeroes its state; touches
 * nothing but the tensor's own buffers. */
void tps__shard_fill(tps__tensor_t *t);

/* 1 when a tensor of that name is declared here. */
int tps__shard_has(const tps__shard_t *sh, const char *name);

/* Finds tensor `id` and checks that [offset, offset+count) lies within this
 * shard's slice of it. Returns the tensor or NULL with err set. */
tps__tensor_t *tps__shard_range(tps__shard_t *sh, uint32_t id, uint64_t offset,
                               uint64_t count, char *err, size_t errlen);

/* The counters of codec (id, ratio), created on first use; when all slots
 * are taken the last one collects the rest. */
tps__codec_stats_t *tps__codec_stats(tps__shard_t *sh, uint32_t id,
                                     float ratio);

/* One update of elements [off, off+count) of t's slice (off relative to
 * the slice) with gradient g scaled by `scale`, by the shard's optimizer at
 * step t->version + 1. gmax: max |g[i]|, or < 0 when not known. Returns 0,
 * or TPS_ERANGE when it would have made a parameter or optimizer state
 * non-finite: then the elements are restored from the copy taken in *undo
 * (grown as needed; the caller keeps it between calls, frees it) and
 * nothing changed. TPS_ENOMEM: no copy could be made, nothing applied. */
int tps__shard_apply(tps__shard_t *sh, tps__tensor_t *t, uint64_t off,
                     const float *g, uint64_t count, double scale, double gmax,
                     float **undo, size_t *undo_cap);

/* Whether applying g (count elements at element off of the slice, times
 * scale) now would keep the slice and its optimizer state finite, without
 * changing either: 0, TPS_ERANGE or TPS_ENOMEM. Shards that must agree on
 * a fate before anything is applied ask this first (docs/design.md §3a).
 * Plain SGD proves it from the slice's bound when it can, with no pass;
 * otherwise the step runs on a copy in *scratch. */
int tps__shard_trial(tps__shard_t *sh, tps__tensor_t *t, uint64_t off,
                     const float *g, uint64_t count, double scale,
                     double gmax, float **scratch, size_t *scratch_cap);

/* For updates that are not an optimizer step (an encoded gradient decoded
 * straight into the parameters): copies elements [off, off+count) of the
 * slice and its state into *undo, and after the update checks them and
 * restores them if one became non-finite (returns TPS_ERANGE then). */
int tps__shard_save(tps__tensor_t *t, int nslots, uint64_t off, uint64_t count,
                    float **undo, size_t *undo_cap);
int tps__shard_check(tps__tensor_t *t, int nslots, uint64_t off,
                     uint64_t count, const float *undo);



#endif
