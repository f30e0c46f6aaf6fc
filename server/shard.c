/* SPDX-License-Identifier: MIT */
/* Shard state: tensor table, slices, initialisation and the update rule. */
#include "shard.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "taups.h"
#include "tps_cluster.h"
#include "tps_float.h"
#include "tps_log.h"
#include "tps_rng.h"

/* Their names in the stats and the metrics, one per TPS_REFUSE_*. */
static const char *const refuse_names[] = {
    "nonfinite_gradient", "nonfinite_parameters", "wrong_step", "norm",
    "malformed",          "old_repeat",           "settled_aborted"};
_Static_assert(sizeof(refuse_names) / sizeof(refuse_names[0]) == TPS_NREFUSE,
               "a name for every TPS_REFUSE_*");

const char *tps__refuse_name(int reason) {
    return reason >= 0 && reason < TPS_NREFUSE ? refuse_names[reason] : "?";
}

int tps__shard_init(tps__shard_t *sh, uint32_t index, uint32_t nshards,
                    int max_tensors, uint64_t max_elements,
                    const tps__optim_t *optim) {
    memset(sh, 0, sizeof(*sh));
    sh->index = index;
    sh->nshards = nshards;
    sh->max_tensors = max_tensors;
    sh->max_elements = max_elements;
    sh->optim = *optim;
    sh->tensors = calloc((size_t)max_tensors, sizeof(*sh->tensors));
    return sh->tensors ? 0 : TPS_ENOMEM;
}

void tps__shard_set_aggregate(tps__shard_t *sh, int workers) {
    sh->aggregate = 1;
    sh->workers = workers;
}

void tps__shard_free(tps__shard_t *sh) {
    for (int i = 0; i < sh->ntensors; i++) {
        if (sh->tensors[i].table) {
            tps__rowsync_free(sh->tensors[i].rowsync, &sh->bytes);
            tps__table_free(sh->tensors[i].table, &sh->bytes);
            free(sh->tensors[i].table);
        }
        free(sh->tensors[i].param);
        free(sh->tensors[i].mean);
        free(sh->tensors[i].slot[0]);
        free(sh->tensors[i].slot[1]);
        free(sh->tensors[i].dc_read);
        free(sh->tensors[i].dc_seen);
        if (sh->aggregate)
            tps__syncbuf_free(&sh->tensors[i].sync);
    }
    free(sh->tensors);
    sh->tensors = NULL;
    sh->ntensors = 0;
}

/* A slice's buffer. Large ones are aligned to and advised into huge pages:
 * a shard touches every page of a slice on each step, and first touches
 * (initialisation, a restore) cost a page fault per 4 KiB otherwise, which
 * in a VM made restoring 400 MB take 2 s. free() releases either kind. */
static void *slice_alloc(size_t bytes, int zero) {
    const size_t huge = (size_t)2 << 20;
    if (bytes < huge)
        return zero ? calloc(1, bytes) : malloc(bytes);
    size_t len = (bytes + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, len);
    if (p == NULL)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, len, MADV_HUGEPAGE);
#endif
    if (zero)
        memset(p, 0, bytes);
    return p;
}

/* What a tensor of n elements costs this shard: its slice, the optimizer's
 * state, and in sync modes the mean and every rank's gradient buffer. */
static uint64_t tensor_bytes(const tps__shard_t *sh, uint64_t n) {
    uint64_t len = tps__slice_lo(n, sh->nshards, sh->index + 1) -
                   tps__slice_lo(n, sh->nshards, sh->index) + 1;
    uint64_t copies = 1 + (uint64_t)tps__optim_slots(&sh->optim);
    if (sh->aggregate)
        copies += 1 + (uint64_t)sh->workers;
    copies += (uint64_t)sh->dc_workers;
    return len * sizeof(float) * copies;
}

/* A name of 1 to TPS_MAX_NAME - 1 bytes, a known init, a scale whose
 * values stay finite. Returns 0 or TPS_EINVAL with err set. */
static int spec_check(const char *name, int init, float scale, char *err,
                      size_t errlen) {
    size_t nl = strlen(name);
    if (nl == 0 || nl >= TPS_MAX_NAME) {
        snprintf(err, errlen, "tensor name must have 1 to %d bytes",
                 TPS_MAX_NAME - 1);
        return TPS_EINVAL;
    }
    /* A normal draw reaches about 8.3 standard deviations: the scale
     * limit keeps every initial value finite. */
    if (init < TPS_INIT_ZEROS || init > TPS_INIT_NORMAL || !isfinite(scale) ||
        fabsf(scale) > 1e30f) {
        snprintf(err, errlen,
                 "tensor \"%s\": unknown init %d or scale %g outside "
                 "[-1e30, 1e30]",
                 name, init, (double)scale);
        return TPS_EINVAL;
    }
    return 0;
}

/* The id of tensor `name` when declared already the same way: of `kind`,
 * with length n (dense) or rows of n values (a table), and the same init;
 * TPS_EMISMATCH (err set) when declared otherwise; TPS_ENOENT when not. */
static int lookup(const tps__shard_t *sh, const char *name, int kind,
                  uint64_t n, int init, float scale, uint64_t seed, char *err,
                  size_t errlen) {
    int table = kind == TPS__KIND_TABLE;
    for (int i = 0; i < sh->ntensors; i++) {
        const tps__tensor_t *t = &sh->tensors[i];
        if (strcmp(t->name, name) != 0)
            continue;
        uint64_t had = t->kind == TPS__KIND_TABLE ? t->dim : t->n;
        if (t->kind != kind) {
            snprintf(err, errlen,
                     "tensor \"%s\": %s %llu, declared again as %s", name,
                     t->kind == TPS__KIND_TABLE ? "a table of rows of"
                                                : "a dense tensor of length",
                     (unsigned long long)had,
                     table ? "a table" : "a dense tensor");
            return TPS_EMISMATCH;
        }
        if (had != n) {
            snprintf(err, errlen, "%s \"%s\": %s %llu != %llu already declared",
                     table ? "table" : "tensor", name,
                     table ? "rows of" : "length", (unsigned long long)n,
                     (unsigned long long)had);
            return TPS_EMISMATCH;
        }
        if (t->init != init || t->scale != scale || t->seed != seed) {
            snprintf(err, errlen,
                     "%s \"%s\": declared again with a different init",
                     table ? "table" : "tensor", name);
            return TPS_EMISMATCH;
        }
        return i;
    }
    return TPS_ENOENT;
}

/* A new tensor of n elements fits: its length, the tensor count, and
 * `bytes` more within --max-memory. Checked before anything is allocated.
 * Returns 0 or a TPS_E* code with err set. */
static int room_check(const tps__shard_t *sh, const char *name, uint64_t n,
                      uint64_t bytes, char *err, size_t errlen) {
    if (n == 0 || n > sh->max_elements) {
        snprintf(err, errlen,
                 "tensor \"%s\": length %llu is outside [1, %llu]", name,
                 (unsigned long long)n, (unsigned long long)sh->max_elements);
        return TPS_E2BIG;
    }
    if (sh->ntensors == sh->max_tensors) {
        snprintf(err, errlen,
                 "tensor \"%s\": this shard already holds %d tensors", name,
                 sh->max_tensors);
        return TPS_E2BIG;
    }
    if (sh->max_bytes > 0 && bytes > sh->max_bytes - sh->bytes) {
        snprintf(err, errlen,
                 "tensor \"%s\": %llu elements need %.1f MB on shard %u, which "
                 "holds %.1f MB of its --max-memory %.1f MB",
                 name, (unsigned long long)n, (double)bytes / 1e6, sh->index,
                 (double)sh->bytes / 1e6, (double)sh->max_bytes / 1e6);
        return TPS_ELIMIT;
    }
    return 0;
}

/* The buffers of t's slice [t->lo, t->hi): parameters, optimizer slots
 * (zeroed now unless `defer`), and in sync modes the mean and the ranks'
 * buffers. Returns 0, or TPS_ENOMEM with err set and t cleared. */
static int slice_buffers(const tps__shard_t *sh, tps__tensor_t *t,
                         const char *name, int defer, char *err,
                         size_t errlen) {
    /* One spare element so that an empty slice (n < S) still has a buffer. */
    t->param = slice_alloc((size_t)(t->hi - t->lo + 1) * sizeof(float), 0);
    if (t->param == NULL) {
        snprintf(err, errlen, "tensor \"%s\": out of memory for %llu elements",
                 name, (unsigned long long)(t->hi - t->lo));
        return TPS_ENOMEM;
    }
    int nslots = tps__optim_slots(&sh->optim);
    for (int k = 0; k < nslots; k++) {
        t->slot[k] = slice_alloc((size_t)(t->hi - t->lo + 1) * sizeof(float),
                                 !defer);
        if (t->slot[k] == NULL) {
            free(t->slot[0]);
            free(t->param);
            memset(t, 0, sizeof(*t));
            snprintf(err, errlen,
                     "tensor \"%s\": out of memory for optimizer state", name);
            return TPS_ENOMEM;
        }
    }
    if (sh->aggregate &&
        (tps__syncbuf_init(&t->sync, sh->workers, t->hi - t->lo) < 0 ||
         (t->mean = malloc((size_t)(t->hi - t->lo + 1) * sizeof(float))) ==
             NULL)) {
        tps__syncbuf_free(&t->sync);
        free(t->param);
        free(t->slot[0]);
        free(t->slot[1]);
        memset(t, 0, sizeof(*t));
        snprintf(err, errlen, "tensor \"%s\": out of memory for sync buffers",
                 name);
        return TPS_ENOMEM;
    }
    size_t w = (size_t)sh->dc_workers;
    if (w > 0 &&
        ((t->dc_read = calloc(w * (size_t)(t->hi - t->lo + 1), 4)) == NULL ||
         (t->dc_seen = calloc(w, 1)) == NULL)) {
        free(t->dc_read);
        free(t->param);
        free(t->slot[0]);
        free(t->slot[1]);
        memset(t, 0, sizeof(*t));
        snprintf(err, errlen,
                 "tensor \"%s\": out of memory for the workers' reads "
                 "(--staleness-weight dc)",
                 name);
        return TPS_ENOMEM;
    }
    return 0;
}

void tps__shard_dc_read(tps__tensor_t *t, int rank, uint64_t off, uint64_t n) {
    uint64_t len = t->hi - t->lo + 1;
    memcpy(t->dc_read + (uint64_t)rank * len + off, t->param + off,
           n * sizeof(float));
    t->dc_seen[rank] = 1;
}

uint32_t tps__shard_dc_compensate(const tps__shard_t *sh,
                                  const tps__tensor_t *t, int rank,
                                  uint64_t off, float *g, uint64_t n) {
    if (t->dc_read != NULL && t->dc_seen[rank]) {
        float lambda = (float)sh->optim.weight_lambda;
        const float *w = t->param + off;
        const float *r = t->dc_read + (uint64_t)rank * (t->hi - t->lo + 1) + off;
        for (uint64_t i = 0; i < n; i++)
            g[i] += lambda * g[i] * g[i] * (w[i] - r[i]);
    }
    return tps__max_abs_bits(g, n);
}

/* fill: 1 computes the initial values now, 0 leaves them (a restore
 * overwrites them), 2 leaves them and the zeroing of the state to
 * tps__shard_fill when the slice is large. */
static int declare(tps__shard_t *sh, const char *name, uint64_t n, int init,
                   float scale, uint64_t seed, int fill, char *err,
                   size_t errlen) {
    int rc = spec_check(name, init, scale, err, errlen);
    if (rc < 0)
        return rc;
    rc = lookup(sh, name, TPS__KIND_DENSE, n, init, scale, seed, err, errlen);
    if (rc != TPS_ENOENT)
        return rc;
    uint64_t bytes = tensor_bytes(sh, n);
    if ((rc = room_check(sh, name, n, bytes, err, errlen)) < 0)
        return rc;
    tps__tensor_t *t = &sh->tensors[sh->ntensors];
    int defer = fill == 2 && tps__slice_lo(n, sh->nshards, sh->index + 1) -
                                     tps__slice_lo(n, sh->nshards, sh->index) >=
                                 TPS_INIT_DEFER;
    t->lo = tps__slice_lo(n, sh->nshards, sh->index);
    t->hi = tps__slice_lo(n, sh->nshards, sh->index + 1);
    if ((rc = slice_buffers(sh, t, name, defer, err, errlen)) < 0)
        return rc;
    memcpy(t->name, name, strlen(name) + 1);
    t->n = n;
    t->init = init;
    t->scale = scale;
    t->seed = seed;
    t->version = 0;
    t->pmax = -1;
    t->bytes = bytes;
    t->ready = !defer;
    sh->bytes += bytes;
    if (fill && !defer)
        tps__shard_fill(t);
    return sh->ntensors++;
}

void tps__shard_fill(tps__tensor_t *t) {
    t->pmax = -1;
    for (uint64_t i = t->lo; i < t->hi; i++)
        t->param[i - t->lo] = tps__init_value(t->init, t->scale, t->seed, i);
    if (!t->ready)
        for (int k = 0; k < 2; k++)
            if (t->slot[k])
                memset(t->slot[k], 0,
                       (size_t)(t->hi - t->lo + 1) * sizeof(float));
}

int tps__shard_declare(tps__shard_t *sh, const char *name, uint64_t n, int init,
                       float scale, uint64_t seed, char *err, size_t errlen) {
    return declare(sh, name, n, init, scale, seed, 1, err, errlen);
}

int tps__shard_declare_deferred(tps__shard_t *sh, const char *name, uint64_t n,
                                int init, float scale, uint64_t seed,
                                int *deferred, char *err, size_t errlen) {
    int before = sh->ntensors;
    int id = declare(sh, name, n, init, scale, seed, 2, err, errlen);
    *deferred = id >= before && !sh->tensors[id].ready;
    return id;
}

int tps__shard_restore(tps__shard_t *sh, const char *name, uint64_t n, int init,
                       float scale, uint64_t seed, char *err, size_t errlen) {
    return declare(sh, name, n, init, scale, seed, 0, err, errlen);
}

int tps__shard_declare_table(tps__shard_t *sh, const char *name, uint32_t dim,
                             int init, float scale, uint64_t seed,
                             uint32_t admit, char *err, size_t errlen) {
    int rc = spec_check(name, init, scale, err, errlen);
    if (rc < 0)
        return rc;
    rc = lookup(sh, name, TPS__KIND_TABLE, dim, init, scale, seed, err,
                errlen);
    if (rc != TPS_ENOENT)
        return rc;
    if (sh->ntensors == sh->max_tensors) {
        snprintf(err, errlen, "table \"%s\": this shard already holds %d "
                 "tensors", name, sh->max_tensors);
        return TPS_E2BIG;
    }
    tps__tensor_t *t = &sh->tensors[sh->ntensors];
    /* Kept apart until the tensor is whole: a failed slice_buffers clears
     * the tensor, and the table with it. */
    tps__table_t *tb = calloc(1, sizeof(*tb));
    if (tb == NULL) {
        snprintf(err, errlen, "table \"%s\": out of memory", name);
        return TPS_ENOMEM;
    }
    rc = tps__table_init(tb, name, dim, tps__optim_slots(&sh->optim), init,
                         scale, seed, admit, &sh->bytes, sh->max_bytes, err,
                         errlen);
    int held = rc == 0;
    /* The empty dense slice every loop over tensors passes by. */
    if (rc == 0)
        rc = slice_buffers(sh, t, name, 0, err, errlen);
    if (rc < 0) {
        if (held)
            tps__table_free(tb, &sh->bytes);
        free(tb);
        memset(t, 0, sizeof(*t));
        return rc;
    }
    t->table = tb;
    memcpy(t->name, name, strlen(name) + 1);
    t->kind = TPS__KIND_TABLE;
    t->dim = dim;
    t->init = init;
    t->scale = scale;
    t->seed = seed;
    t->pmax = -1;
    t->ready = 1;
    return sh->ntensors++;
}

int tps__shard_apply_row(tps__shard_t *sh, const tps__tensor_t *t,
                         tps__row_t *row, const float *g, double scale) {
    /* A row is small: its values and state are saved on the stack (up to
     * dim 1024) or in a scratch the size of one row. */
    uint32_t d = t->dim;
    int nslots = tps__optim_slots(&sh->optim);
    size_t need = (size_t)d * (size_t)(1 + nslots);
    float stack[3 * 1024], *save = need <= 3 * 1024 ? stack
                                                    : malloc(need * 4);
    if (save == NULL)
        return TPS_ENOMEM;
    tps__row_copy(save, row->val, d);
    for (int k = 0; k < nslots; k++)
        tps__row_copy(save + (size_t)d * (size_t)(1 + k), row->slot[k], d);
    int bad = tps__optim_step(&sh->optim, row->val, g, scale, row->slot[0],
                              row->slot[1], d, *row->version + 1);
    if (bad) {
        tps__row_copy(row->val, save, d);
        for (int k = 0; k < nslots; k++)
            tps__row_copy(row->slot[k], save + (size_t)d * (size_t)(1 + k), d);
    } else {
        (*row->version)++;
    }
    if (save != stack)
        free(save);
    return bad ? TPS_ERANGE : 0;
}

int tps__shard_shape(tps__tensor_t *t, uint32_t ndims, const uint64_t *shape,
                     char *err, size_t errlen) {
    if (ndims == 0)
        return 0;
    char a[120], b[120];
    tps__shape_text(a, sizeof(a), ndims, shape);
    uint64_t n = 1;
    int over = 0;
    for (uint32_t i = 0; i < ndims && i < TPS__MAX_DIMS; i++) {
        over |= shape[i] != 0 && n > UINT64_MAX / shape[i];
        n *= shape[i];
    }
    if (ndims > TPS__MAX_DIMS || over || n != t->n) {
        snprintf(err, errlen,
                 "tensor \"%s\": shape %s%s does not make its length %llu",
                 t->name, a, ndims > TPS__MAX_DIMS ? " (more than 8 dims)" : "",
                 (unsigned long long)t->n);
        return TPS_EINVAL;
    }
    if (t->ndims == 0) {
        t->ndims = ndims;
        memcpy(t->shape, shape, ndims * sizeof(uint64_t));
        return 0;
    }
    if (t->ndims != ndims ||
        memcmp(t->shape, shape, ndims * sizeof(uint64_t)) != 0) {
        tps__shape_text(b, sizeof(b), t->ndims, t->shape);
        snprintf(err, errlen,
                 "tensor \"%s\": shape %s != %s already declared", t->name, a,
                 b);
        return TPS_EMISMATCH;
    }
    return 0;
}

int tps__shard_has(const tps__shard_t *sh, const char *name) {
    for (int i = 0; i < sh->ntensors; i++)
        if (strcmp(sh->tensors[i].name, name) == 0)
            return 1;
    return 0;
}

tps__codec_stats_t *tps__codec_stats(tps__shard_t *sh, uint32_t id,
                                     float ratio) {
    tps__codec_stats_t *cs = sh->st.codecs;
    int i = 0;
    for (; i < TPS_CODEC_STATS - 1 && cs[i].used; i++)
        if (cs[i].id == id && cs[i].ratio == ratio)
            return &cs[i];
    if (!cs[i].used) {
        cs[i].used = 1;
        cs[i].id = id;
        cs[i].ratio = ratio;
    }
    return &cs[i];
}

tps__tensor_t *tps__shard_range(tps__shard_t *sh, uint32_t id, uint64_t offset,
                               uint64_t count, char *err, size_t errlen) {
    if (id >= (uint32_t)sh->ntensors) {
        snprintf(err, errlen, "no tensor with id %u (this shard has %d)", id,
                 sh->ntensors);
        return NULL;
    }
    tps__tensor_t *t = &sh->tensors[id];
    if (!t->ready) {
        snprintf(err, errlen, "tensor \"%s\" is still being initialised",
                 t->name);
        return NULL;
    }
    if (t->kind == TPS__KIND_TABLE && count > 0) {
        snprintf(err, errlen,
                 "tensor \"%s\" is a table: push and pull its rows by id",
                 t->name);
        return NULL;
    }
    if (offset < t->lo || offset > t->hi || count > t->hi - offset) {
        snprintf(err, errlen,
                 "tensor \"%s\": elements [%llu, +%llu) are outside shard %u's "
                 "slice [%llu, %llu)",
                 t->name, (unsigned long long)offset, (unsigned long long)count,
                 sh->index, (unsigned long long)t->lo,
                 (unsigned long long)t->hi);
        return NULL;
    }
    return t;
}

int tps__shard_save(tps__tensor_t *t, int nslots, uint64_t off, uint64_t count,
                    float **undo, size_t *undo_cap) {
    size_t need =
        (size_t)(count ? count : 1) * sizeof(float) * (size_t)(1 + nslots);
    if (*undo_cap < need) {
        float *u = realloc(*undo, need);
        if (u == NULL)
            return TPS_ENOMEM;
        *undo = u;
        *undo_cap = need;
    }
    memcpy(*undo, t->param + off, count * sizeof(float));
    for (int k = 0; k < nslots; k++)
        memcpy(*undo + (size_t)(k + 1) * count, t->slot[k] + off,
               count * sizeof(float));
    return 0;
}

static void restore(tps__tensor_t *t, int nslots, uint64_t off, uint64_t count,
                    const float *undo) {
    memcpy(t->param + off, undo, count * sizeof(float));
    for (int k = 0; k < nslots; k++)
        memcpy(t->slot[k] + off, undo + (size_t)(k + 1) * count,
               count * sizeof(float));
}

int tps__shard_check(tps__tensor_t *t, int nslots, uint64_t off,
                     uint64_t count, const float *undo) {
    int bad = tps__first_nonfinite(t->param + off, count) < count;
    for (int k = 0; k < nslots && !bad; k++)
        bad = tps__first_nonfinite(t->slot[k] + off, count) < count;
    if (!bad)
        return 0;
    restore(t, nslots, off, count, undo);
    return TPS_ERANGE;
}

/* Plain SGD (weight decay or not) moves each parameter by at most
 * lr*|scale|*gmax + lr*wd*|p|, so a bound on |p| over the slice, kept
 * from step to step, proves that a step cannot overflow before it is
 * taken: then no undo copy is needed, which is a third of the memory
 * traffic of a dense push. Returns the bound after the step, or -1 when
 * it proves nothing (other optimizers, gmax unknown, a bound too large). */
static double sgd_bound(const tps__shard_t *sh, tps__tensor_t *t, double scale,
                        double gmax) {
    const tps__optim_t *o = &sh->optim;
    if (o->kind != TPS_OPTIM_SGD || gmax < 0)
        return -1;
    if (t->pmax < 0)
        t->pmax = (double)tps__bits_float(
            tps__max_abs_bits(t->param, t->hi - t->lo));
    double lr = tps__optim_lr(o, t->version + 1);
    double after = fabs(1.0 - lr * o->weight_decay) * t->pmax +
                   fabs(lr * scale) * gmax;
    if (after < t->pmax)
        after = t->pmax; /* the elements this chunk leaves alone */
    /* Far from FLT_MAX, so that rounding in float cannot reach it. */
    return after < (double)FLT_MAX / 16 ? after * (1 + 1e-6) : -1;
}

int tps__shard_trial(tps__shard_t *sh, tps__tensor_t *t, uint64_t off,
                     const float *g, uint64_t count, double scale,
                     double gmax, float **scratch, size_t *scratch_cap) {
    if (sgd_bound(sh, t, scale, gmax) >= 0)
        return 0;
    int nslots = tps__optim_slots(&sh->optim);
    if (tps__shard_save(t, nslots, off, count, scratch, scratch_cap) < 0)
        return TPS_ENOMEM;
    float *p = *scratch;
    return tps__optim_step(&sh->optim, p, g, scale,
                           nslots > 0 ? p + count : NULL,
                           nslots > 1 ? p + 2 * count : NULL, count,
                           t->version + 1)
               ? TPS_ERANGE
               : 0;
}

int tps__shard_apply(tps__shard_t *sh, tps__tensor_t *t, uint64_t off,
                     const float *g, uint64_t count, double scale, double gmax,
                     float **undo, size_t *undo_cap) {
    double bound = sgd_bound(sh, t, scale, gmax);
    if (bound >= 0) {
        tps__optim_step(&sh->optim, t->param + off, g, scale, NULL, NULL,
                        count, t->version + 1);
        t->pmax = bound;
        return 0;
    }
    t->pmax = -1;
    int nslots = tps__optim_slots(&sh->optim);
    /* A copy, not the optimizer's inverse: x - lr*g + lr*g is not x in
     * floats, and the state of adam cannot be run backwards. It is taken
     * while the elements are about to be read anyway (measured in
     * docs/design.md §11). */
    if (tps__shard_save(t, nslots, off, count, undo, undo_cap) < 0)
        return TPS_ENOMEM;
    int bad = tps__optim_step(&sh->optim, t->param + off, g, scale,
                              t->slot[0] ? t->slot[0] + off : NULL,
                              t->slot[1] ? t->slot[1] + off : NULL, count,
                              t->version + 1);
    if (!bad)
        return 0;
    restore(t, nslots, off, count, *undo);
    return TPS_ERANGE;
}


