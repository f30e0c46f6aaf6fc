/* SPDX-License-Identifier: MIT */
/* The public calls of include/taups.h, but tps_open, tps_close and
 * tps_wait (client_internal.h): each checks its arguments and the caller's
 * role, then hands a ticket to ticket.c, asking policy.c where the modes
 * decide and encode.c for compressed pushes. It must not touch the loop or
 * a socket. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_float.h"
#include "tps_log.h"

const char *tps_errmsg(const tps_client_t *c) {
    return c->errmsg;
}

int tps_shards(const tps_client_t *c) {
    return c->nshards;
}

const char *tps_mode(const tps_client_t *c) {
    return c->mode;
}

int tps_local_steps(const tps_client_t *c) {
    return c->local_steps;
}

/* --- tensors ------------------------------------------------------------- */

/* How a refusal names a tensor's kind, before its length or dim. */
static const char *kind_words(uint32_t dim) {
    return dim ? "a table of dim" : "a dense tensor of length";
}

/* The entry for `name`, new or as declared before with the same length
 * and kind (mu); *created says which. */
static int tensor_entry(tps_client_t *c, const char *name, uint64_t n,
                        uint32_t dim, int *created) {
    for (int i = 0; i < c->ntensors; i++) {
        const tps__tensor_t *ts = &c->tensors[i];
        if (strcmp(ts->name, name) != 0)
            continue;
        if (ts->n == n && ts->dim == dim)
            return i;
        if (ts->dim == dim)
            tps__cl_errorf_locked(c, "tensor \"%s\": length %llu != %llu "
                                  "declared before",
                                  name, (unsigned long long)n,
                                  (unsigned long long)ts->n);
        else
            tps__cl_errorf_locked(c, "tensor \"%s\": %s %llu, not %s %llu "
                                  "declared before",
                                  name, kind_words(dim), (unsigned long long)n,
                                  kind_words(ts->dim),
                                  (unsigned long long)ts->n);
        return TPS_EMISMATCH;
    }
    if (c->ntensors == TPS__CL_MAX_TENSORS) {
        tps__cl_errorf_locked(c, "more than %d tensors", TPS__CL_MAX_TENSORS);
        return TPS_E2BIG;
    }
    tps__tensor_t *ts = &c->tensors[c->ntensors];
    ts->ids = calloc((size_t)c->nshards, sizeof(*ts->ids));
    ts->versions = calloc((size_t)c->nshards, sizeof(*ts->versions));
    if (ts->ids == NULL || ts->versions == NULL) {
        free(ts->ids);
        free(ts->versions);
        ts->ids = NULL;
        ts->versions = NULL;
        return TPS_ENOMEM;
    }
    snprintf(ts->name, sizeof(ts->name), "%s", name);
    ts->n = n;
    ts->dim = dim;
    ts->ndims = 0; /* not a forgotten entry's */
    ts->lookup = n == 0;
    *created = 1;
    return c->ntensors++;
}

/* The shards refused a new entry: the name is forgotten so that a
 * corrected declaration can follow. Only the newest entry can be dropped. */
static void tensor_forget(tps_client_t *c, int idx) {
    uv_mutex_lock(&c->mu);
    if (idx == c->ntensors - 1) {
        c->ntensors--;
        free(c->tensors[idx].ids);
        free(c->tensors[idx].versions);
        c->tensors[idx].ids = NULL;
        c->tensors[idx].versions = NULL;
    }
    uv_mutex_unlock(&c->mu);
}

/* The shape d gives ts: taken when ts has none, else it must be the same
 * (mu). */
static int entry_shape(tps_client_t *c, tps__tensor_t *ts,
                       const tps__decl_t *d) {
    if (d->ndims == 0)
        return 0;
    if (ts->ndims == 0) {
        ts->ndims = d->ndims;
        memcpy(ts->shape, d->shape, d->ndims * sizeof(uint64_t));
        return 0;
    }
    if (ts->ndims == d->ndims &&
        memcmp(ts->shape, d->shape, d->ndims * sizeof(uint64_t)) == 0)
        return 0;
    char was[120], now[120];
    tps__shape_text(was, sizeof(was), ts->ndims, ts->shape);
    tps__shape_text(now, sizeof(now), d->ndims, d->shape);
    tps__cl_errorf_locked(c,
                          "tensor \"%s\": shape %s != %s declared "
                          "before",
                          ts->name, now, was);
    return TPS_EMISMATCH;
}

int tps__cl_declare(tps_client_t *c, const char *name, const tps__decl_t *d) {
    if (name == NULL || strlen(name) == 0 || strlen(name) >= 128) {
        tps__cl_errorf(c, "tensor \"%s\": needs a name of 1..127 bytes and "
                       "a length",
                       name ? name : "");
        return TPS_EINVAL;
    }
    uv_mutex_lock(&c->mu);
    int created = 0;
    int idx = tensor_entry(c, name, d->n, d->dim, &created);
    if (idx >= 0) {
        tps__tensor_t *ts = &c->tensors[idx];
        ts->init = d->init;
        ts->scale = d->scale;
        ts->seed = d->seed;
        int rc = entry_shape(c, ts, d);
        if (rc < 0) {
            uv_mutex_unlock(&c->mu);
            return rc;
        }
    }
    uv_mutex_unlock(&c->mu);
    if (idx < 0)
        return idx;
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_DECLARE, idx, NULL, NULL, c->nshards, 0,
                                NULL, NULL, &err);
    int rc = id > 0 ? tps_wait(c, id) : err;
    if (rc >= 0 && c->tensors[idx].n == 0)
        rc = TPS_ENOENT; /* no shard has a slice: the cluster has no tensors */
    if (rc < 0 && created)
        tensor_forget(c, idx);
    return rc < 0 ? rc : idx;
}

int tps_declare(tps_client_t *c, const char *name, uint64_t n, tps_init_t init,
                float scale, uint64_t seed) {
    if (n == 0) {
        tps__cl_errorf(c, "tensor \"%s\": a declaration needs a length", name);
        return TPS_EINVAL;
    }
    tps__decl_t d = {n, 0, init, scale, seed, 0, NULL};
    return tps__cl_declare(c, name, &d);
}

int tps_declare_shape(tps_client_t *c, const char *name, int ndims,
                      const uint64_t *shape, tps_init_t init, float scale,
                      uint64_t seed) {
    uint64_t n = 1;
    int ok = ndims >= 1 && ndims <= 8 && shape != NULL;
    for (int i = 0; ok && i < ndims; i++) {
        ok = shape[i] > 0 && n <= UINT64_MAX / shape[i];
        n *= ok ? shape[i] : 1;
    }
    if (!ok) {
        tps__cl_errorf(c, "tensor \"%s\": a shape of 1 to 8 dims, each at "
                       "least 1, whose product fits 64 bits",
                       name ? name : "");
        return TPS_EINVAL;
    }
    tps__decl_t d = {n, 0, init, scale, seed, (uint32_t)ndims, shape};
    return tps__cl_declare(c, name, &d);
}

int tps_shape(const tps_client_t *c, int tensor, uint64_t *shape, int max) {
    if (tensor < 0 || tensor >= c->ntensors)
        return TPS_ENOENT;
    const tps__tensor_t *ts = &c->tensors[tensor];
    int n = (int)ts->ndims;
    for (int i = 0; i < n && i < max; i++)
        shape[i] = ts->shape[i];
    return n;
}

int tps_lookup(tps_client_t *c, const char *name, uint64_t *n) {
    uv_mutex_lock(&c->mu);
    for (int i = 0; i < c->ntensors; i++)
        if (strcmp(c->tensors[i].name, name) == 0) {
            *n = c->tensors[i].n;
            uv_mutex_unlock(&c->mu);
            return i;
        }
    uv_mutex_unlock(&c->mu);
    /* Declaring with length 0 asks each shard for its entry. */
    tps__decl_t d = {0, 0, TPS_INIT_ZEROS, 0, 0, 0, NULL};
    int id = tps__cl_declare(c, name, &d);
    if (id >= 0)
        *n = c->tensors[id].n;
    return id;
}

int tps_last_push(const tps_client_t *c, int tensor, tps_push_info_t *info) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    int ok = tensor >= 0 && tensor < c->ntensors;
    if (ok)
        *info = c->tensors[tensor].last_push;
    uv_mutex_unlock(&mc->mu);
    return ok ? 0 : TPS_ENOENT;
}

int tps_versions(const tps_client_t *c, int tensor, uint64_t *versions,
                 int max) {
    tps_client_t *mc = (tps_client_t *)c; /* the mutex, not the data, changes */
    uv_mutex_lock(&mc->mu);
    if (tensor < 0 || tensor >= c->ntensors) {
        uv_mutex_unlock(&mc->mu);
        return TPS_ENOENT;
    }
    for (int s = 0; s < c->nshards && s < max; s++)
        versions[s] = c->tensors[tensor].versions[s];
    uv_mutex_unlock(&mc->mu);
    return c->nshards;
}

int tps_set_versions(tps_client_t *c, int tensor, const uint64_t *versions,
                     int n) {
    uv_mutex_lock(&c->mu);
    int rc = tensor < 0 || tensor >= c->ntensors ? TPS_ENOENT
             : n != c->nshards                   ? TPS_EINVAL
                                                 : 0;
    /* The I/O thread reads them when it issues the next push, which it
     * takes from the submit queue under this mutex. */
    for (int s = 0; rc == 0 && s < n; s++)
        c->tensors[tensor].versions[s] = versions[s];
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* 0, or why a dense call cannot use `tensor` (mu). */
static int tensor_ok(tps_client_t *c, int tensor) {
    uv_mutex_lock(&c->mu);
    int rc = tensor >= 0 && tensor < c->ntensors ? 0 : TPS_ENOENT;
    if (rc < 0)
        tps__cl_errorf_locked(c, "no tensor with id %d", tensor);
    else if (c->tensors[tensor].dim > 0) {
        tps__cl_errorf_locked(c,
                              "tensor \"%s\" is a table: use the row "
                              "calls (tps_pull_rows, tps_push_rows)",
                              c->tensors[tensor].name);
        rc = TPS_EINVAL;
    }
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* --- pushes -------------------------------------------------------------- */

/* A NaN or Inf is refused here, before any shard sees any of the group:
 * shards check their slices too, but a refusal by one shard alone would
 * leave the others updated. Two-phase pushes need no such pass before
 * their first byte leaves: one shard's refusal aborts the group on every
 * shard (docs/design.md §3a), and the shard's sentence names the tensor
 * and the element as this one would. Shards that clip need the norm of
 * the whole gradient (each sees only slices); one pass serves both. */
static int check_gradients(tps_client_t *c, int n, const int *tensors,
                           const float *const *grads, double *norm) {
    double ss = 0;
    /* Encoded pushes keep the pass: a codec's scales and error feedback
     * must not take a NaN in. */
    int scan = !c->two_phase || c->clip_norm > 0 ||
               c->codec.kind != TPS_CODEC_NONE || c->zc != NULL;
    for (int k = 0; k < n; k++) {
        int rc = tensor_ok(c, tensors[k]);
        if (rc < 0)
            return rc;
        if (!scan)
            continue;
        const tps__tensor_t *ts = &c->tensors[tensors[k]];
        const float *g = grads[k];
        uint64_t bad = tps__first_nonfinite(g, ts->n);
        if (bad < ts->n) {
            tps__cl_errorf(c, "gradient of tensor \"%s\" has %s at element "
                           "%llu; not pushed",
                           ts->name, isnan(g[bad]) ? "NaN" : "Inf",
                           (unsigned long long)bad);
            return TPS_EINVAL;
        }
        if (c->clip_norm > 0)
            ss += tps__sum_squares(g, ts->n);
    }
    *norm = sqrt(ss);
    return 0;
}

/* One push of the group, encoded first when a codec or zstd is on. */
static int push_one(tps_client_t *c, int t, const float *grad, double norm,
                    const tps__tinit_t *x, tps_ticket_t *ticket) {
    tps__pushbuf_t *pb = NULL;
    int err = 0, frames;
    if (x->dropped) {
        frames = tps__cl_slices_for(c, t);
    } else {
        frames = tps__cl_frames_for(c, t);
        if ((c->codec.kind != TPS_CODEC_NONE || c->zc) &&
            (pb = tps__cl_encode_push(c, t, grad, &err)) == NULL)
            return err;
    }
    int64_t id = tps__cl_submit(c, OP_PUSH, t, grad, NULL, frames,
                                (float)norm, pb, x, &err);
    if (id <= 0)
        return err;
    *ticket = id;
    return 0;
}

/* Two-phase: a group whose later pushes could not be sent is given up;
 * the shards that have its first ones drop them. */
static void abort_group(tps_client_t *c, tps_ticket_t head, int err) {
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)head);
    if (t)
        tps__cl_group_fail(c, t, err);
    uv_mutex_unlock(&c->mu);
    tps__cl_wake(c);
}

int tps_push_group_async(tps_client_t *c, int n, const int *tensors,
                         const float *const *grads, tps_ticket_t *tickets) {
    if (n < 1 || n > TPS__CL_MAX_TENSORS) {
        tps__cl_errorf(c, "a push group of %d tensors: need 1..%d", n,
                       TPS__CL_MAX_TENSORS);
        return TPS_EINVAL;
    }
    if (c->opts.role != TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "only workers push");
        return TPS_EINVAL;
    }
    double norm = 0;
    int rc = check_gradients(c, n, tensors, grads, &norm);
    if (rc < 0)
        return rc;
    tps__tinit_t x = {0};
    uv_mutex_lock(&c->mu);
    x.clock = c->clock;
    x.samples = c->samples;
    uv_mutex_unlock(&c->mu);
    rc = c->decide ? tps__cl_decide(c, n, tensors, &x) : 0;
    x.gsize = n;
    int k = 0;
    while (rc == 0 && k < n) {
        rc = push_one(c, tensors[k], grads[k], norm, &x, &tickets[k]);
        if (rc == 0)
            x.group = tickets[0]; /* a two-phase group's rest names its head */
        k += rc == 0;
    }
    if (rc < 0 && k > 0 && c->two_phase)
        abort_group(c, tickets[0], rc);
    /* Those sent are not the caller's to wait for once this call fails. */
    for (int i = 0; rc < 0 && i < k; i++)
        tps_wait(c, tickets[i]);
    return rc;
}

int tps_push_async(tps_client_t *c, int tensor, const float *grad,
                   tps_ticket_t *ticket) {
    return tps_push_group_async(c, 1, &tensor, &grad, ticket);
}

int tps_push(tps_client_t *c, int tensor, const float *grad) {
    tps_ticket_t t;
    int rc = tps_push_async(c, tensor, grad, &t);
    return rc < 0 ? rc : tps_wait(c, t);
}

void tps_set_samples(tps_client_t *c, uint64_t samples) {
    uv_mutex_lock(&c->mu);
    c->samples = samples;
    uv_mutex_unlock(&c->mu);
}

/* --- pulls --------------------------------------------------------------- */

static int pull_start(tps_client_t *c, int tensor, float *dst,
                      uint64_t min_version, tps_ticket_t *ticket) {
    int rc = tensor_ok(c, tensor);
    if (rc < 0)
        return rc;
    tps__tinit_t x = {0};
    const tps__tensor_t *ts = &c->tensors[tensor];
    int cache = c->ssp_cache && ts->n > 0;
    uv_mutex_lock(&c->mu);
    x.clock = c->clock;
    int cached = tps__cl_cache_take(c, tensor, dst);
    if (!cached && c->opts.role == TPS_ROLE_WORKER)
        c->delivery.pulls_sent++;
    uv_mutex_unlock(&c->mu);
    x.min_version = min_version;
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_PULL, tensor, NULL, dst,
                                ts->n && !cached ? 1 : 0, 0, NULL, &x, &err);
    if (id <= 0)
        return err;
    if (cache && !cached) {
        uv_mutex_lock(&c->mu);
        tps__ticket_t *t = tps__cl_find(c, (uint64_t)id);
        if (t != NULL)
            t->fill_cache = 1;
        uv_mutex_unlock(&c->mu);
    }
    *ticket = id;
    return 0;
}

int tps_pull_async(tps_client_t *c, int tensor, float *dst,
                   tps_ticket_t *ticket) {
    return pull_start(c, tensor, dst, 0, ticket);
}

int tps_pull_at_async(tps_client_t *c, int tensor, float *dst,
                      uint64_t min_version, tps_ticket_t *ticket) {
    if (c->opts.role == TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "a worker's pulls are gated by its clock, not a "
                       "version");
        return TPS_EINVAL;
    }
    return pull_start(c, tensor, dst, min_version, ticket);
}

int tps_snapshots(const tps_client_t *c) {
    return tps__cl_snapshots(c);
}

/* The highest version any shard gave the last pull of `tensor`, if the
 * shards disagree, else 0. */
static uint64_t behind(tps_client_t *c, int tensor) {
    uint64_t lo = UINT64_MAX, hi = 0;
    uv_mutex_lock(&c->mu);
    for (int s = 0; s < c->nshards; s++) {
        uint64_t v = c->tensors[tensor].versions[s];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    uv_mutex_unlock(&c->mu);
    return lo == hi ? 0 : hi;
}

int tps_pull(tps_client_t *c, int tensor, float *dst) {
    tps_ticket_t t;
    int rc = tps_pull_async(c, tensor, dst, &t);
    if (rc == 0)
        rc = tps_wait(c, t);
    /* An evaluator in sync takes the model of one step on every shard: a
     * shard behind is asked again for the step the others reached. */
    for (int tries = 0; rc == 0 && tps_snapshots(c) && tries < 8; tries++) {
        uint64_t hi = behind(c, tensor);
        if (hi == 0)
            break;
        rc = tps_pull_at_async(c, tensor, dst, hi, &t);
        if (rc == 0)
            rc = tps_wait(c, t);
    }
    return rc;
}

int64_t tps_clock(tps_client_t *c) {
    tps__tinit_t x = {0};
    uv_mutex_lock(&c->mu);
    x.clock = ++c->clock;
    x.samples = c->samples;
    uv_mutex_unlock(&c->mu);
    if (c->opts.role != TPS_ROLE_WORKER)
        return x.clock;
    /* Not waited for: the frames follow the pushes already queued on each
     * connection, which is all the order the shards need, and the caller
     * goes on computing. */
    int err = 0;
    int64_t id =
        tps__cl_submit(c, OP_CLOCK, 0, NULL, NULL, 1, 0, NULL, &x, &err);
    return id > 0 ? x.clock : err;
}

/* --- counters and admin -------------------------------------------------- */

void tps_bytes(const tps_client_t *c, uint64_t *sent, uint64_t *received) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *sent = c->sent;
    *received = c->received;
    uv_mutex_unlock(&mc->mu);
}

void tps_traffic(const tps_client_t *c, tps_traffic_t *t) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *t = c->traffic;
    uv_mutex_unlock(&mc->mu);
}

void tps_delivery(const tps_client_t *c, tps_delivery_t *d) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *d = c->delivery;
    uv_mutex_unlock(&mc->mu);
}

/* The shards' JSON texts joined in an array ("null" for a missing one). */
static char *join_parts(char **parts, int n) {
    size_t len = 3;
    for (int s = 0; s < n; s++)
        len += (parts[s] ? strlen(parts[s]) : 4) + 2;
    char *out = malloc(len);
    if (out == NULL)
        return NULL;
    char *p = out;
    *p++ = '[';
    for (int s = 0; s < n; s++) {
        const char *part = parts[s] ? parts[s] : "null";
        size_t pl = strlen(part);
        if (s)
            *p++ = ',';
        memcpy(p, part, pl);
        p += pl;
    }
    *p++ = ']';
    *p = '\0';
    return out;
}

/* One admin request to every shard; their JSON replies joined in an array. */
static int admin_json(tps_client_t *c, tps__op_kind_t kind, char **json_out) {
    *json_out = NULL;
    int err = 0;
    int64_t id =
        tps__cl_submit(c, kind, 0, NULL, NULL, c->nshards, 0, NULL, NULL, &err);
    if (id <= 0)
        return err;
    uv_mutex_lock(&c->mu);
    char **parts = c->tickets[id % TPS__CL_MAX_TICKETS].parts;
    uv_mutex_unlock(&c->mu);
    int rc = tps_wait(c, id);
    char *out = rc == 0 && parts ? join_parts(parts, c->nshards) : NULL;
    if (rc == 0 && out == NULL)
        rc = TPS_ENOMEM;
    for (int s = 0; parts && s < c->nshards; s++)
        free(parts[s]);
    free(parts);
    *json_out = out;
    return rc;
}

int tps_stats(tps_client_t *c, char **json_out) {
    return admin_json(c, OP_STATS, json_out);
}

int tps_checkpoint(tps_client_t *c, char **json_out) {
    return admin_json(c, OP_CHECKPOINT, json_out);
}
