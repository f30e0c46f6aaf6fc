/* SPDX-License-Identifier: MIT */
/* taups-ctl reshard: the checkpoints of a cluster of S shards, re-cut for
 * S' shards, offline (docs/design.md §10).
 *
 * Each input directory's newest valid generation is loaded as a shard
 * restores it, into a server set up with the shape its metadata states.
 * Each output shard is then built in memory as a restored shard would
 * hold it and written by the shard's own writer (tps__ckpt_write), so the
 * files are exactly what `taups-server --checkpoint-dir` restores. Dense
 * tensors are re-cut by the slice rule with their optimizer slots; rows
 * move with their slot; the step and the workers' clocks are the
 * cluster's. The exactly-once windows start empty and the counters at
 * zero: both describe one shard's traffic, which no new shard has seen.
 *
 * Owns: the inputs' and outputs' shards in memory, the output directories.
 * Must NOT touch: the file format (server/checkpoint_file.c), a running
 * cluster. */
#include "config.h"

#include "reshard.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctl.h"
#include "server/checkpoint_file.h"
#include "taups_error.h"
#include "tps_cluster.h"
#include "tps_ids.h"
#include "tps_mode.h"

#define WHO PROG " reshard"

/* One input directory: the generation loaded and the server it was
 * loaded beside (only the fields the loader reads are set). */
typedef struct input_s {
    const char *dir;
    char path[4096];
    tps__ckpt_shape_t shape;
    tps__server_t srv;
    loaded_t L;
    int loaded;
} input_t;

void tps__reshard_recut(uint64_t n, uint32_t from_shards,
                        const float *const *from, uint32_t to_shards,
                        uint32_t to, float *out) {
    uint64_t lo = tps__slice_lo(n, to_shards, to);
    uint64_t hi = tps__slice_lo(n, to_shards, to + 1);
    for (uint32_t s = 0; s < from_shards; s++) {
        uint64_t flo = tps__slice_lo(n, from_shards, s);
        uint64_t fhi = tps__slice_lo(n, from_shards, s + 1);
        uint64_t a = flo > lo ? flo : lo, b = fhi < hi ? fhi : hi;
        if (a < b)
            memcpy(out + (a - lo), from[s] + (a - flo),
                   (size_t)(b - a) * sizeof(float));
    }
}

/* The optimizer tps__optim_describe's line states ("adagrad lr=0.1
 * eps=1e-08 ..."), so that the new shards' metadata names it as the old
 * ones did: 0, or -1 when the line does not parse. */
static int parse_optimizer(const char *line, tps__optim_t *o) {
    tps__optim_conf_t c;
    tps__optim_conf_default(&c);
    char buf[256], kind[32], err[256];
    snprintf(buf, sizeof(buf), "%s", line);
    const struct {
        const char *key;
        double *to;
    } num[] = {{"lr", &c.lr},
               {"momentum", &c.momentum},
               {"beta1", &c.beta1},
               {"beta2", &c.beta2},
               {"eps", &c.eps},
               {"ftrl-beta", &c.ftrl_beta},
               {"l1", &c.l1},
               {"l2", &c.l2},
               {"weight-decay", &c.weight_decay},
               {"clip-norm", &c.clip_norm}};
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    if (tok == NULL || strlen(tok) >= sizeof(kind))
        return -1;
    c.optimizer = strcpy(kind, tok);
    while ((tok = strtok_r(NULL, " ", &save)) != NULL) {
        char *eq = strchr(tok, '=');
        if (eq == NULL)
            return -1;
        *eq++ = '\0';
        if (strcmp(tok, "lr-schedule") == 0)
            c.schedule = eq;
        else if (strcmp(tok, "staleness-weight") == 0)
            c.weight = eq;
        else if (strcmp(tok, "warmup") == 0)
            c.warmup = strtoull(eq, NULL, 10);
        for (size_t k = 0; k < sizeof(num) / sizeof(num[0]); k++)
            if (strcmp(tok, num[k].key) == 0)
                *num[k].to = strtod(eq, NULL);
    }
    return tps__optim_init(o, &c, err, sizeof(err)) < 0 ? -1 : 0;
}

/* A server of the file's shape as shard `index` of `nshards`, for the
 * loader and the writer: 0, or -1 with err set. */
static int setup(tps__server_t *s, const tps__ckpt_shape_t *shape,
                 uint32_t index, uint32_t nshards, char *err, size_t len) {
    s->cfg.workers = shape->workers;
    s->cfg.cons.mode = tps__mode_find(shape->mode);
    if (s->cfg.cons.mode == NULL) {
        snprintf(err, len, "it was written in mode \"%s\", unknown here",
                 shape->mode);
        return -1;
    }
    /* Before the checksum is known: a damaged shape must not divide by
     * zero shards on the way to finding the file damaged. */
    if (shape->optimizer_kind < TPS_OPTIM_SGD ||
        shape->optimizer_kind > TPS_OPTIM_FTRL || shape->workers < 1 ||
        nshards < 1 || nshards > TPS_MAX_SHARDS || index >= nshards) {
        snprintf(err, len,
                 "its optimizer (%d), workers (%d) or shard (%u of %u) are "
                 "not valid",
                 shape->optimizer_kind, shape->workers, index, nshards);
        return -1;
    }
    tps__shard_t *sh = &s->shard;
    sh->index = index;
    sh->nshards = nshards;
    sh->max_tensors = shape->tensors > 0 ? shape->tensors : 1;
    sh->max_elements = UINT64_MAX;
    /* Only the kind matters to a restore; a line that does not parse
     * (written by another version) leaves the rest at zero. */
    if (parse_optimizer(shape->optimizer, &sh->optim) < 0 ||
        sh->optim.kind != (tps__optim_kind_t)shape->optimizer_kind) {
        memset(&sh->optim, 0, sizeof(sh->optim));
        sh->optim.kind = (tps__optim_kind_t)shape->optimizer_kind;
    }
    sh->aggregate = shape->aggregate;
    sh->workers = shape->workers;
    return 0;
}

/* The newest generation of in->dir that loads, as the shard's restore
 * would take it; older ones are tried after a damaged one. */
static int load_newest(input_t *in, char *err, size_t len) {
    uint64_t *gens;
    int n = tps__ckpt_list(in->dir, &gens, 0);
    if (n < 0) {
        snprintf(err, len, "cannot read %s: %s", in->dir, strerror(errno));
        return -1;
    }
    char why[512] = "it has no gen-*.ckpt file";
    for (int g = 0; g < n && !in->loaded; g++) {
        tps__ckpt_path(in->path, sizeof(in->path), in->dir, gens[g]);
        memset(&in->srv, 0, sizeof(in->srv));
        if (tps__ckpt_shape(in->path, &in->shape, why, sizeof(why)) == 0 &&
            setup(&in->srv, &in->shape, in->shape.shard, in->shape.shards, why,
                  sizeof(why)) == 0 &&
            tps__ckpt_load(&in->srv, in->path, &in->L, why, sizeof(why)) ==
                LOAD_OK)
            in->loaded = 1;
        else
            fprintf(stderr, WHO ": %s skipped: %s\n", in->path, why);
    }
    free(gens);
    if (!in->loaded)
        snprintf(err, len, "%s holds no valid checkpoint (%s)", in->dir, why);
    return in->loaded ? 0 : -1;
}

/* What differs between the shapes of two inputs, or 0. */
static int shape_diff(const input_t *a, const input_t *b, char *out,
                      size_t len) {
    const tps__ckpt_shape_t *x = &a->shape, *y = &b->shape;
    if (x->workers != y->workers)
        snprintf(out, len, "%d workers, %s has %d", x->workers, b->dir,
                 y->workers);
    else if (strcmp(x->mode, y->mode) != 0)
        snprintf(out, len, "mode %s, %s has mode %s", x->mode, b->dir, y->mode);
    else if (x->optimizer_kind != y->optimizer_kind)
        snprintf(out, len, "optimizer kind %d, %s has %d", x->optimizer_kind,
                 b->dir, y->optimizer_kind);
    else if (x->aggregate != y->aggregate)
        snprintf(out, len, "aggregate %d, %s has %d", x->aggregate, b->dir,
                 y->aggregate);
    else if (x->aggregate && a->L.step != b->L.step)
        snprintf(out, len,
                 "step %" PRIu64 ", %s step %" PRIu64
                 " (in an aggregating mode the shards are at one step)",
                 a->L.step, b->dir, b->L.step);
    else if (a->L.shard.ntensors != b->L.shard.ntensors)
        snprintf(out, len, "%d tensors, %s has %d", a->L.shard.ntensors, b->dir,
                 b->L.shard.ntensors);
    else
        return 0;
    return 1;
}

/* What differs between two inputs' declarations of tensor k, or 0. */
static int tensor_diff(const input_t *a, const input_t *b, int k, char *out,
                       size_t len) {
    const tps__tensor_t *x = &a->L.shard.tensors[k];
    const tps__tensor_t *y = &b->L.shard.tensors[k];
    const char *what = NULL;
    if (strcmp(x->name, y->name) != 0)
        what = "another name";
    else if (x->kind != y->kind)
        what = "another kind";
    else if (x->n != y->n || x->dim != y->dim)
        what = "another length";
    else if (x->init != y->init || x->scale != y->scale || x->seed != y->seed)
        what = "another init";
    else if (x->ndims != y->ndims ||
             memcmp(x->shape, y->shape, x->ndims * sizeof(x->shape[0])) != 0)
        what = "another shape";
    if (what == NULL)
        return 0;
    snprintf(out, len, "tensor %d \"%s\", %s has \"%s\" with %s", k, x->name,
             b->dir, y->name, what);
    return 1;
}

/* The inputs are shards 0..S-1, in order, of one cluster: 0, or -1 with
 * a sentence naming the directory and what differs. */
static int check_inputs(const input_t *in, uint32_t S, char *err, size_t len) {
    char d[400];
    for (uint32_t i = 0; i < S; i++) {
        const tps__ckpt_shape_t *sh = &in[i].shape;
        if (sh->shards != S || sh->shard != i) {
            snprintf(err, len,
                     "%s holds shard %u of %u, but it is given as shard %u of "
                     "%u (the directories go in shard order)",
                     in[i].path, sh->shard, sh->shards, i, S);
            return -1;
        }
        int differs = shape_diff(&in[i], &in[0], d, sizeof(d));
        for (int k = 0; !differs && k < in[0].L.shard.ntensors; k++)
            differs = tensor_diff(&in[i], &in[0], k, d, sizeof(d));
        if (differs) {
            snprintf(err, len, "%s is not of the cluster of %s: it has %s",
                     in[i].path, in[0].path, d);
            return -1;
        }
    }
    return 0;
}

/* Dense tensor k, put together from the S slices with each optimizer slot
 * and cut for output shard out->shard.index. */
static int add_dense(tps__server_t *out, const input_t *in, uint32_t S, int k,
                     char *err, size_t len) {
    const tps__tensor_t *t0 = &in[0].L.shard.tensors[k];
    int id = tps__shard_restore(&out->shard, t0->name, t0->n, t0->init,
                                t0->scale, t0->seed, err, len);
    if (id < 0)
        return id;
    tps__tensor_t *t = &out->shard.tensors[id];
    const float **from = malloc(S * sizeof(*from));
    if (from == NULL) {
        snprintf(err, len, "out of memory");
        return TPS_ENOMEM;
    }
    int nslots = tps__optim_slots(&out->shard.optim);
    for (int q = -1; q < nslots; q++) {
        for (uint32_t s = 0; s < S; s++) {
            const tps__tensor_t *ts = &in[s].L.shard.tensors[k];
            from[s] = q < 0 ? ts->param : ts->slot[q];
        }
        tps__reshard_recut(t->n, S, from, out->shard.nshards, out->shard.index,
                           q < 0 ? t->param : t->slot[q]);
    }
    free(from);
    /* The slices' versions differ when pushes reached the shards apart
     * (async): the largest keeps every element's count from going back,
     * so no schedule repeats a step it took and no staleness goes
     * negative. */
    for (uint32_t s = 0; s < S; s++)
        if (in[s].L.shard.tensors[k].version > t->version)
            t->version = in[s].L.shard.tensors[k].version;
    t->pmax = -1;
    return tps__shard_shape(t, t0->ndims, t0->shape, err, len);
}

/* Table k: the rows of every input whose slot lives on the output shard,
 * ids, versions, values and optimizer slots unchanged. */
static int add_table(tps__server_t *out, const input_t *in, uint32_t S, int k,
                     uint64_t *rows, char *err, size_t len) {
    const tps__tensor_t *t0 = &in[0].L.shard.tensors[k];
    tps__shard_t *sh = &out->shard;
    int id = tps__shard_declare_table(sh, t0->name, t0->dim, t0->init,
                                      t0->scale, t0->seed, 0, err, len);
    if (id < 0)
        return id;
    tps__table_t *table = sh->tensors[id].table;
    int nslots = tps__optim_slots(&sh->optim);
    size_t d = t0->dim;
    float *slots = malloc((nslots ? (size_t)nslots : 1) * d * sizeof(float));
    int rc = slots ? 0 : TPS_ENOMEM;
    if (rc < 0)
        snprintf(err, len, "out of memory");
    for (uint32_t s = 0; s < S && rc == 0; s++) {
        const tps__table_t *from = in[s].L.shard.tensors[k].table;
        for (uint64_t i = 0; i < from->rows && rc == 0; i++) {
            tps__row_t row;
            tps__table_row_at(from, i, &row);
            if (tps__id_shard(row.id, sh->nshards) != sh->index)
                continue;
            for (int q = 0; q < nslots; q++)
                memcpy(slots + (size_t)q * d, row.slot[q], d * sizeof(float));
            rc = tps__table_insert(table, t0->name, row.id, row.val,
                                   nslots ? slots : NULL, *row.version,
                                   &sh->bytes, 0, err, len);
            *rows += rc == 0;
        }
    }
    free(slots);
    return rc;
}

/* Everything but the tensors: shard 0's step and membership, empty
 * exactly-once windows. */
static int add_cluster(tps__server_t *out, const input_t *in0, char *err,
                       size_t len) {
    int n = out->cfg.workers;
    tps__shard_t *sh = &out->shard;
    tps__optim_t optim = sh->optim; /* tps__shard_init clears *sh first */
    if (tps__shard_init(sh, sh->index, sh->nshards, sh->max_tensors,
                        sh->max_elements, &optim) < 0 ||
        tps__members_init(&out->members, n) < 0 ||
        (out->dedup = calloc((size_t)n, sizeof(*out->dedup))) == NULL) {
        snprintf(err, len, "out of memory");
        return TPS_ENOMEM;
    }
    if (in0->shape.aggregate)
        tps__shard_set_aggregate(sh, n);
    out->step = in0->L.step;
    for (int r = 0; r < n; r++) {
        out->members.clock[r] = in0->L.clock[r];
        /* A generation that did not keep membership counts every rank as
         * joined and live, as its restore would. */
        out->members.joined[r] = in0->L.joined ? in0->L.joined[r] : 1;
        out->members.live[r] = in0->L.live ? in0->L.live[r] : 1;
    }
    return 0;
}

static void free_output(tps__server_t *out) {
    if (out->shard.tensors)
        tps__shard_free(&out->shard);
    if (out->members.clock)
        tps__members_free(&out->members);
    free(out->dedup);
}

/* Makes dir, which must hold no generation yet: a restore takes the
 * newest, which would not be the re-shard's generation 1. */
static int output_dir(const char *dir, char *err, size_t len) {
    if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
        snprintf(err, len, "cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    uint64_t *gens;
    int n = tps__ckpt_list(dir, &gens, 0);
    free(gens);
    if (n < 0)
        snprintf(err, len, "cannot read %s: %s", dir, strerror(errno));
    else if (n > 0)
        snprintf(err, len,
                 "%s already holds checkpoints, which a restore would take "
                 "instead: remove them or choose another prefix",
                 dir);
    return n == 0 ? 0 : -1;
}

/* Output shard j of S2, built and written into PREFIX-j. */
static int write_shard(const input_t *in, uint32_t S, const char *prefix,
                       uint32_t S2, uint32_t j, char *err, size_t len) {
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s-%u", prefix, j);
    if (output_dir(dir, err, len) < 0)
        return -1;
    tps__server_t *out = calloc(1, sizeof(*out));
    if (out == NULL) {
        snprintf(err, len, "out of memory");
        return -1;
    }
    uint64_t rows = 0;
    int rc = setup(out, &in[0].shape, j, S2, err, len);
    if (rc == 0)
        rc = add_cluster(out, &in[0], err, len);
    for (int k = 0; rc == 0 && k < in[0].L.shard.ntensors; k++)
        rc = in[0].L.shard.tensors[k].kind == TPS__KIND_TABLE
                 ? add_table(out, in, S, k, &rows, err, len)
                 : add_dense(out, in, S, k, err, len);
    if (rc == 0)
        rc = tps__ckpt_write(out, dir, 1, 1, err, len);
    if (rc == 0)
        fprintf(stderr,
                WHO ": wrote shard %u of %u into %s: %d tensors, %" PRIu64
                    " rows\n",
                j, S2, dir, out->shard.ntensors, rows);
    free_output(out);
    free(out);
    return rc < 0 ? -1 : 0;
}

/* A dense tensor whose slices are at different versions is told, with the
 * version it takes. */
static void report_versions(const input_t *in, uint32_t S) {
    for (int k = 0; k < in[0].L.shard.ntensors; k++) {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (uint32_t s = 0; s < S; s++) {
            const tps__tensor_t *t = &in[s].L.shard.tensors[k];
            lo = t->version < lo ? t->version : lo;
            hi = t->version > hi ? t->version : hi;
        }
        if (in[0].L.shard.tensors[k].kind != TPS__KIND_TABLE && lo != hi)
            fprintf(stderr,
                    WHO ": tensor \"%s\": its slices are at versions %" PRIu64
                        " to %" PRIu64 "; every new slice takes %" PRIu64 "\n",
                    in[0].L.shard.tensors[k].name, lo, hi, hi);
    }
}

static int run(input_t *in, uint32_t S, const char *prefix, uint32_t S2) {
    char err[10240]; /* room for two paths and what differs */
    for (uint32_t i = 0; i < S; i++)
        if (load_newest(&in[i], err, sizeof(err)) < 0)
            goto fail;
    if (check_inputs(in, S, err, sizeof(err)) < 0)
        goto fail;
    report_versions(in, S);
    for (uint32_t j = 0; j < S2; j++)
        if (write_shard(in, S, prefix, S2, j, err, sizeof(err)) < 0)
            goto fail;
    return 0;
fail:
    fprintf(stderr, WHO ": %s\n", err);
    return EXIT_RUNTIME;
}

int tps__reshard_main(int nargs, char **args) {
    static const char usage[] =
        "usage: taups-ctl reshard OUT_PREFIX S2 DIR_0 ... DIR_{S-1}\n"
        "Re-cuts the newest checkpoint in each DIR_i (shard i of one stopped "
        "cluster)\nfor S2 shards: shard j's goes into OUT_PREFIX-j, for "
        "taups-server\n--shard j --checkpoint-dir OUT_PREFIX-j.\n";
    if (nargs == 2 && strcmp(args[1], "--help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    char *end = NULL;
    unsigned long s2 = nargs >= 4 ? strtoul(args[2], &end, 10) : 0;
    if (nargs < 4 || end == args[2] || *end != '\0' || s2 < 1 ||
        s2 > TPS_MAX_SHARDS || nargs - 3 > TPS_MAX_SHARDS) {
        fprintf(stderr, "%sS2 and S are 1 to %d.\n", usage, TPS_MAX_SHARDS);
        return EXIT_USAGE;
    }
    uint32_t S = (uint32_t)(nargs - 3);
    input_t *in = calloc(S, sizeof(*in));
    if (in == NULL) {
        fprintf(stderr, WHO ": out of memory\n");
        return EXIT_RUNTIME;
    }
    for (uint32_t i = 0; i < S; i++)
        in[i].dir = args[3 + i];
    int status = run(in, S, args[1], (uint32_t)s2);
    for (uint32_t i = 0; i < S; i++)
        if (in[i].loaded)
            tps__ckpt_loaded_free(&in[i].L, in[i].shape.workers);
    free(in);
    return status;
}
