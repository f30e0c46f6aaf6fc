/* SPDX-License-Identifier: MIT */
/* Starting values and the barrier (docs/design.md §3b): tps_assign sends
 * a dense tensor's values in chunks, as a dense push's, and learns from
 * every shard whether its slice took them; tps_barrier waits for this
 * worker's pushes to be answered, then enters the barrier on every shard
 * and returns once each has let it go. It must not touch the loop or a
 * socket: wire.c sends the frames and hands the replies here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_float.h"

/* Frames of an assign of `tensor`: its slices in chunks. */
static int assign_frames(const tps_client_t *c, int tensor) {
    uint64_t n = c->tensors[tensor].n, frames = 0;
    for (int s = 0; s < c->nshards; s++) {
        uint64_t len = tps__slice_lo(n, (uint32_t)c->nshards, (uint32_t)s + 1) -
                       tps__slice_lo(n, (uint32_t)c->nshards, (uint32_t)s);
        frames += (len + c->chunk_elems - 1) / c->chunk_elems;
    }
    return (int)frames;
}

/* 0, or why `tensor` cannot be assigned, with the message set. */
static int assign_check(tps_client_t *c, int tensor, const float *values) {
    if (c->opts.role != TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "only workers assign");
        return TPS_EPERM;
    }
    uv_mutex_lock(&c->mu);
    int rc = tensor >= 0 && tensor < c->ntensors ? 0 : TPS_ENOENT;
    if (rc < 0)
        tps__cl_errorf_locked(c, "no tensor with id %d", tensor);
    else if (c->tensors[tensor].dim > 0) {
        tps__cl_errorf_locked(c, "tensor \"%s\" is a table: only dense "
                              "tensors are assigned",
                              c->tensors[tensor].name);
        rc = TPS_EINVAL;
    }
    uv_mutex_unlock(&c->mu);
    if (rc < 0)
        return rc;
    const tps__tensor_t *ts = &c->tensors[tensor];
    uint64_t bad = tps__first_nonfinite(values, ts->n);
    if (bad < ts->n) {
        tps__cl_errorf(c, "tensor \"%s\": value %llu to assign is %s; not "
                       "assigned",
                       ts->name, (unsigned long long)bad,
                       isnan(values[bad]) ? "NaN" : "Inf");
        return TPS_ERANGE;
    }
    return 0;
}

int tps_assign(tps_client_t *c, int tensor, const float *values) {
    int rc = assign_check(c, tensor, values);
    if (rc < 0)
        return rc;
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_ASSIGN, tensor, values, NULL,
                                assign_frames(c, tensor), 0, NULL, NULL, &err);
    return id > 0 ? tps_wait(c, id) : err;
}

void tps__cl_assign_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h) {
    uint64_t *ow = tps__cl_owed(c, t, sh->index);
    if (*ow > 0)
        (*ow)--;
    if (h->status == TPS_EEXIST && !t->x.exists) {
        t->x.exists = 1;
        tps__cl_errorf_locked(c, "shard %d at %s: %s", sh->index,
                              sh->addr.text, h->error ? h->error : "");
    } else if (h->status < 0) {
        tps__cl_errorf_locked(c, "shard %d at %s: %s", sh->index,
                              sh->addr.text, h->error ? h->error : "error");
        tps__cl_complete(c, t, h->status);
        return;
    }
    /* Every shard answers for its slice before the call says EEXIST, so
     * that no chunk is still on its way when it returns. */
    tps__cl_complete(c, t, t->pending == 1 && t->x.exists ? TPS_EEXIST : 0);
}

/* --- barrier ------------------------------------------------------------- */

static int push_unanswered(const tps_client_t *c) {
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++) {
        const tps__ticket_t *t = &c->tickets[i];
        if (t->id != 0 && !t->done &&
            (t->kind == OP_PUSH || t->kind == OP_PUSH_ROWS))
            return 1;
    }
    return 0;
}

/* Waits until every push this client issued is answered (applied, or in
 * sync buffered for its step), or the clock passes `end` (ns, uv_hrtime;
 * 0: no end). */
static int pushes_answered(tps_client_t *c, uint64_t end, int timeout_ms) {
    int rc = 0;
    uv_mutex_lock(&c->mu);
    while (rc == 0 && push_unanswered(c)) {
        uint64_t now = uv_hrtime();
        if (end == 0)
            uv_cond_wait(&c->cv, &c->mu);
        else if (now >= end || uv_cond_timedwait(&c->cv, &c->mu, end - now))
            rc = push_unanswered(c) ? TPS_EUNREACH : 0;
    }
    if (rc < 0)
        tps__cl_errorf_locked(c, "barrier: this worker's own pushes were "
                              "still unanswered after %d ms",
                              timeout_ms);
    uv_mutex_unlock(&c->mu);
    return rc;
}

void tps__cl_barrier_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h) {
    *tps__cl_owed(c, t, sh->index) = 0;
    if (h->barrier && h->barrier->generation > t->x.generation)
        t->x.generation = h->barrier->generation;
    tps__cl_complete(c, t, 0);
}

/* The barrier is passed: the next is numbered after the one the shards
 * let this client through, and the ssp cache, a copy from before it,
 * serves no pull after it (mu). */
static void passed(tps_client_t *c, uint64_t generation) {
    c->barriers = generation + 1;
    c->barrier_known = 1;
    for (int i = 0; i < c->ntensors; i++)
        c->tensors[i].cache_valid = 0;
}

int tps_barrier(tps_client_t *c, int timeout_ms) {
    if (c->opts.role != TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "only workers enter barriers");
        return TPS_EPERM;
    }
    if (timeout_ms < 0) {
        tps__cl_errorf(c, "barrier: a timeout of %d ms; 0 waits forever",
                       timeout_ms);
        return TPS_EINVAL;
    }
    uint64_t end =
        timeout_ms ? uv_hrtime() + (uint64_t)timeout_ms * 1000000u : 0;
    int rc = pushes_answered(c, end, timeout_ms);
    if (rc < 0)
        return rc;
    tps__tinit_t x = {0};
    x.generation = c->barriers;
    x.first = !c->barrier_known;
    if (end) {
        uint64_t now = uv_hrtime();
        x.timeout_ms = now < end ? (uint32_t)((end - now) / 1000000u) : 0;
        x.timeout_ms += x.timeout_ms == 0;
    }
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_BARRIER, 0, NULL, NULL, c->nshards, 0,
                                NULL, &x, &err);
    if (id <= 0)
        return err;
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)id);
    while (!t->done)
        uv_cond_wait(&c->cv, &c->mu);
    rc = t->result;
    if (rc == 0)
        passed(c, t->x.generation);
    t->id = 0;
    uv_mutex_unlock(&c->mu);
    return rc;
}
