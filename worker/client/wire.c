/* SPDX-License-Identifier: MIT */
/* Tickets to frames and replies to tickets (client_internal.h). A pull is
 * one frame per non-empty slice, answered in chunks; a push is one frame
 * per chunk of every non-empty slice (a dropped push, a header per slice);
 * other requests are one frame per shard. Each reply op has one handler.
 * Pull replies are read by the kernel straight into the caller's tensor:
 * the reader asks tps__cl_dest_for_payload where a payload goes once the
 * header has named the ticket and the offset. Runs on whoever holds io_mu.
 * It must not decide consistency questions: policy.c does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "scan.h"

static uint64_t slice_lo(const tps_client_t *c, uint64_t n, int s) {
    return tps__slice_lo(n, (uint32_t)c->nshards, (uint32_t)s);
}

/* Two-phase pushes go to every shard, an empty slice as one header, so
 * that every shard takes part in each group's fate; and each shard owes
 * the group's COMMIT_OK. */
int tps__cl_frames_for(const tps_client_t *c, int tensor) {
    uint64_t n = c->tensors[tensor].n, frames = 0;
    for (int s = 0; s < c->nshards; s++) {
        uint64_t len = slice_lo(c, n, s + 1) - slice_lo(c, n, s);
        frames += (len + c->chunk_elems - 1) / c->chunk_elems;
        if (c->two_phase)
            frames += 1 + (len == 0);
    }
    return (int)frames;
}

int tps__cl_slices_for(const tps_client_t *c, int tensor) {
    uint64_t n = c->tensors[tensor].n;
    int slices = 0;
    for (int s = 0; s < c->nshards; s++)
        slices += c->two_phase ? 2 : slice_lo(c, n, s + 1) > slice_lo(c, n, s);
    return slices;
}

/* --- requests ------------------------------------------------------------ */

int tps__cl_send_frame(tps_client_t *c, tps__ticket_t *t, int s,
                       Taups__Header *h, const void *payload, uint64_t len) {
    tps__cshard_t *sh = &c->shards[s];
    if (sh->rejoining)
        return 0; /* owed, and sent once the shard is back */
    int err = sh->state == SH_READY
                  ? tps__conn_send(&sh->conn, h, payload, len, NULL, NULL)
                  : TPS_ECLOSED;
    if (err < 0) {
        uv_mutex_lock(&c->mu);
        if (!c->errmsg[0] || err != TPS_ECLOSED)
            tps__cl_errorf_locked(c, "shard %d at %s: cannot send: %s", s,
                                  sh->addr.text, tps_strerror(err));
        tps__cl_complete(c, t, err);
        uv_mutex_unlock(&c->mu);
    }
    return err;
}

/* A CLOCK to every shard; nobody waits for its answer. */
static void issue_clock(tps_client_t *c, tps__ticket_t *t, Taups__Header *h) {
    h->op = TAUPS__OP__CLOCK;
    h->clock = (uint64_t)t->x.clock;
    /* Sync: the samples of the iteration it ends weigh the worker in a
     * table's step on every shard, its rows there or not. */
    h->samples = t->x.samples;
    for (int s = 0; s < c->nshards; s++)
        if (tps__cl_send_frame(c, t, s, h, NULL, 0) < 0)
            return;
    uv_mutex_lock(&c->mu);
    tps__cl_complete(c, t, 0);
    uv_mutex_unlock(&c->mu);
}

/* A request of one frame per shard, each owed one answer: stats,
 * checkpoint, declare, version probe, barrier. */
static void issue_each(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                       int only) {
    const tps__tensor_t *ts = &c->tensors[t->tensor];
    Taups__Decl decl = TAUPS__DECL__INIT;
    Taups__Barrier bar = TAUPS__BARRIER__INIT;
    switch (t->kind) {
    case OP_BARRIER:
        h->op = TAUPS__OP__BARRIER;
        bar.generation = t->x.generation;
        bar.first = t->x.first;
        bar.timeout_ms = t->x.timeout_ms;
        h->barrier = &bar;
        break;
    case OP_STATS:
        h->op = TAUPS__OP__STATS;
        break;
    case OP_CHECKPOINT:
        h->op = TAUPS__OP__CHECKPOINT;
        break;
    case OP_DECLARE:
        h->op = TAUPS__OP__DECLARE;
        h->name = (char *)ts->name;
        h->length = ts->n;
        h->init = (Taups__Init)ts->init;
        h->scale = ts->scale;
        h->seed = ts->seed;
        h->decl = tps__cl_decl_of(ts, &decl);
        break;
    default:
        h->op = TAUPS__OP__VERSION;
    }
    for (int s = 0; s < c->nshards; s++) {
        if (only >= 0 && s != only)
            continue;
        if (t->kind == OP_VERSION)
            h->tensor_id = ts->ids[s];
        *tps__cl_owed(c, t, s) = 1;
        if (tps__cl_send_frame(c, t, s, h, NULL, 0) < 0)
            break;
    }
    h->barrier = NULL; /* bar ends here */
}

Taups__Decl *tps__cl_decl_of(const tps__tensor_t *ts, Taups__Decl *decl) {
    if (ts->lookup)
        return NULL;
    if (ts->dim > 0) {
        decl->kind = 1;
        decl->dim = ts->dim;
        return decl;
    }
    if (ts->ndims == 0)
        return NULL;
    decl->n_shape = ts->ndims;
    decl->shape = (uint64_t *)(uintptr_t)ts->shape;
    return decl;
}

/* A pull's slice, or a dropped push's header: one frame for slice [lo, hi)
 * of shard s. A resent pull asks for the whole slice again: what arrived is
 * overwritten. */
static int send_slice(tps_client_t *c, tps__ticket_t *t, int s,
                      Taups__Header *h, uint64_t lo, uint64_t hi, int resend) {
    int pull = t->kind == OP_PULL;
    uint64_t want = pull ? hi - lo : 1;
    uint64_t *ow = tps__cl_owed(c, t, s);
    if (resend && pull) {
        uv_mutex_lock(&c->mu);
        t->left += want - *ow;
        uv_mutex_unlock(&c->mu);
    }
    *ow = want;
    if (!pull) {
        /* a header: whatever codec the slices before it used */
        h->codec = 0;
        h->zstd = 0;
        h->encoded_len = 0;
        h->raw_len = 0;
    }
    h->offset = lo;
    h->count = pull ? hi - lo : 0;
    h->chunk = pull ? c->chunk_elems : 0;
    h->last = 1;
    return tps__cl_send_frame(c, t, s, h, NULL, 0);
}

/* A push's frames for slice [lo, hi) of shard s, one per chunk; *fi is the
 * index of the slice's first frame in the encoded buffer, and moves past
 * its last. A resend sends only the unanswered frames, which are the last
 * ones, since frames are answered in order. */
static int send_chunks(tps_client_t *c, tps__ticket_t *t, int s,
                       Taups__Header *h, uint64_t lo, uint64_t hi, int mine,
                       int resend, int *fi) {
    const uint64_t chunk = c->chunk_elems;
    uint64_t frames = (hi - lo + chunk - 1) / chunk;
    if (!mine) {
        *fi += (int)frames;
        return 0;
    }
    uint64_t *ow = tps__cl_owed(c, t, s);
    if (!resend)
        *ow = frames;
    uint64_t skip = frames - *ow, j = 0;
    for (uint64_t off = lo; off < hi; off += chunk, (*fi)++, j++) {
        if (j < skip)
            continue;
        h->offset = off;
        h->count = hi - off < chunk ? hi - off : chunk;
        h->last = off + h->count == hi;
        h->raw_len = h->count * sizeof(float);
        const void *payload = t->src + off;
        uint64_t len = h->raw_len;
        if (t->pb) {
            const tps__pframe_t *f = &t->pb->fr[*fi];
            h->codec = c->codec_id;
            h->codec_ratio = c->codec_ratio;
            h->codec_seed = f->seed;
            h->encoded_len = f->enc_len;
            h->zstd = f->zstd;
            payload = t->pb->data + f->pos;
            len = f->len;
        }
        if (tps__cl_send_frame(c, t, s, h, payload, len) < 0)
            return -1;
    }
    return 0;
}

/* A push or a pull: its header, then every shard's slice. */
static void issue_slices(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                         int only, int resend) {
    const int S = c->nshards;
    const tps__tensor_t *ts = &c->tensors[t->tensor];
    int pull = t->kind == OP_PULL;
    h->op = pull ? TAUPS__OP__PULL : TAUPS__OP__PUSH;
    h->clock = (uint64_t)(pull && c->opts.role != TPS_ROLE_WORKER
                              ? (int64_t)t->x.min_version
                              : t->x.clock);
    if (pull && c->pull_id) {
        h->codec = c->pull_id;
        h->codec_ratio = c->pull_ratio;
    }
    h->decided = t->x.decided;
    h->dropped = t->x.dropped;
    h->staleness = t->x.stale;
    h->workers = t->x.live;
    h->samples = pull ? 0 : t->x.samples;
    h->grad_norm = t->grad_norm;
    int two = !pull && c->two_phase;
    if (two) {
        h->group = (uint64_t)t->x.group;
        h->group_n = (uint32_t)t->x.gsize;
        h->group_shards = (uint32_t)S;
    }
    int fi = 0;
    for (int s = 0; s < S; s++) {
        uint64_t lo = slice_lo(c, ts->n, s), hi = slice_lo(c, ts->n, s + 1);
        h->tensor_id = ts->ids[s];
        h->version = ts->versions[s];
        if (lo == hi && !two)
            continue;
        int mine = only < 0 || s == only, rc = 0;
        if (pull || t->x.dropped || lo == hi)
            rc = mine ? send_slice(c, t, s, h, lo, hi, resend) : 0;
        else
            rc = send_chunks(c, t, s, h, lo, hi, mine, resend, &fi);
        if (rc < 0)
            return;
    }
}

/* An assign: every non-empty slice in chunks, as a dense push's. */
static void issue_assign(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                         int only, int resend) {
    const tps__tensor_t *ts = &c->tensors[t->tensor];
    h->op = TAUPS__OP__ASSIGN;
    int fi = 0;
    for (int s = 0; s < c->nshards; s++) {
        uint64_t lo = slice_lo(c, ts->n, s), hi = slice_lo(c, ts->n, s + 1);
        h->tensor_id = ts->ids[s];
        if (lo < hi && send_chunks(c, t, s, h, lo, hi, only < 0 || s == only,
                                   resend, &fi) < 0)
            return;
    }
}

/* A scan's one frame, to its shard alone (or again once that shard is
 * back). */
static void issue_scan(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                       int only) {
    const tps__scan_t *sc = t->x.scan;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    if (only >= 0 && only != sc->shard)
        return;
    h->op = TAUPS__OP__PULL_ROWS;
    h->tensor_id = sc->tensor_id;
    h->offset = sc->offset;
    h->count = sc->most;
    rr.scan = 1;
    h->rows = &rr;
    *tps__cl_owed(c, t, sc->shard) = 1;
    tps__cl_send_frame(c, t, sc->shard, h, NULL, 0);
}

void tps__cl_issue_to(tps_client_t *c, tps__ticket_t *t, int only,
                      int resend) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.request_id = (uint64_t)t->id;
    h.rank = c->opts.rank;
    switch (t->kind) {
    case OP_CONNECT:
        tps__cl_connect_all(c);
        break;
    case OP_CLOSE:
        break;
    case OP_CLOCK:
        issue_clock(c, t, &h);
        break;
    case OP_PUSH:
        if (t->committing)
            tps__cl_send_fate(c, t->id, 0, only);
        else
            issue_slices(c, t, &h, only, resend);
        break;
    case OP_PULL:
        issue_slices(c, t, &h, only, resend);
        break;
    case OP_PULL_ROWS:
    case OP_PUSH_ROWS:
        tps__cl_rows_issue(c, t, &h, only, resend);
        break;
    case OP_SCAN_ROWS:
        issue_scan(c, t, &h, only);
        break;
    case OP_ASSIGN:
        issue_assign(c, t, &h, only, resend);
        break;
    default:
        issue_each(c, t, &h, only);
    }
}

/* A two-phase push group's COMMIT (or ABORT) to every shard, or to shard
 * `only` after it came back; a COMMIT is owed its COMMIT_OK. A shard down
 * now is sent it again when it is back (rejoin.c resends what is owed). */
void tps__cl_send_fate(tps_client_t *c, int64_t group, int abort, int only) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__COMMIT;
    h.request_id = (uint64_t)group;
    h.group = (uint64_t)group;
    h.rank = c->opts.rank;
    h.status = abort ? TPS_EABORTED : 0;
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)group);
    uv_mutex_unlock(&c->mu);
    for (int s = 0; s < c->nshards; s++) {
        tps__cshard_t *sh = &c->shards[s];
        if (only >= 0 && s != only)
            continue;
        if (!abort && t)
            *tps__cl_owed(c, t, s) = 1;
        if (sh->state == SH_READY && !sh->rejoining &&
            tps__conn_send(&sh->conn, &h, NULL, 0, NULL, NULL) < 0)
            tps__conn_close(&sh->conn); /* the reconnection resends it */
    }
}

void tps__cl_fates_due(tps_client_t *c) {
    uv_mutex_lock(&c->mu);
    int64_t commit = c->commit_due, abort = c->abort_due;
    c->commit_due = c->abort_due = 0;
    uv_mutex_unlock(&c->mu);
    if (commit)
        tps__cl_send_fate(c, commit, 0, -1);
    if (abort)
        tps__cl_send_fate(c, abort, 1, -1);
}

/* --- replies ------------------------------------------------------------- */

/* Whether [offset, offset + count) lies in shard sh's slice of the tensor
 * of pull ticket t, as a reply for it must. */
static int in_slice(const tps_client_t *c, const tps__cshard_t *sh,
                    const tps__ticket_t *t, const Taups__Header *h) {
    const tps__tensor_t *ts = &c->tensors[t->tensor];
    uint64_t lo = slice_lo(c, ts->n, sh->index);
    uint64_t hi = slice_lo(c, ts->n, sh->index + 1);
    return t->kind == OP_PULL && h->tensor_id == ts->ids[sh->index] &&
           h->offset >= lo && h->offset <= hi && h->count <= hi - h->offset;
}

int tps__cl_dest_for_payload(void *arg, const Taups__Header *h, uint64_t len,
                             uint8_t **dest) {
    tps__cshard_t *sh = arg;
    tps_client_t *c = sh->cl;
    if (h->op == TAUPS__OP__PULL_ROWS_OK) { /* scattered from where it is */
        *dest = TPS_PAYLOAD_IN_PLACE;
        return 0;
    }
    if (h->op != TAUPS__OP__PULL_OK || h->codec != 0)
        return 0; /* stats text and encoded replies go to the pooled buffer */
    int rc = 0;
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, h->request_id);
    if (t && !t->done && t->kind == OP_PULL) {
        if (!in_slice(c, sh, t, h) || len != h->count * sizeof(float))
            rc = TPS_EPROTO; /* a reply we did not ask for: out of sync */
        else
            *dest = (uint8_t *)(t->dst + h->offset);
    }
    /* Unknown or finished tickets (failed earlier) read into the pool and
     * are dropped: the caller's buffer is never written after tps_wait. */
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* An encoded pull reply: checked like a dense one, then decoded into the
 * caller's tensor. */
static int decode_pull(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h, const uint8_t *payload,
                       uint64_t len) {
    tps__codec_t codec;
    int rc = TPS_EPROTO;
    if (in_slice(c, sh, t, h) &&
        tps__codec_unpack(&codec, h->codec, h->codec_ratio) == 0)
        rc = tps__codec_decode(&codec, payload, (size_t)len, h->count,
                               h->codec_seed, t->dst + h->offset);
    if (rc < 0)
        tps__cl_errorf_locked(c, "shard %d at %s: bad encoded pull reply for "
                              "tensor \"%s\": %s",
                              sh->index, sh->addr.text,
                              c->tensors[t->tensor].name, tps_strerror(rc));
    return rc;
}

static int64_t on_hello_ok(tps_client_t *c, tps__cshard_t *sh,
                           tps__ticket_t *t, const Taups__Header *h) {
    sh->state = SH_READY;
    uv_timer_stop(&sh->retry); /* the attempt's deadline */
    sh->ever_ready = 1;
    int rc = tps__cl_adopt_hello(c, sh, h, t->pending == c->nshards);
    /* The shards that gave less learn the clock taken, or their gate would
     * hold this worker's own pulls below it. */
    int64_t raise_to = rc == 0 && t->pending == 1 && tps__cl_raises_clock(c)
                           ? c->clock
                           : -1;
    tps__cl_complete(c, t, rc);
    return raise_to;
}

static void on_declare_ok(tps_client_t *c, tps__cshard_t *sh,
                          tps__ticket_t *t, const Taups__Header *h) {
    tps__tensor_t *ts = &c->tensors[t->tensor];
    *tps__cl_owed(c, t, sh->index) = 0;
    ts->ids[sh->index] = h->tensor_id;
    ts->versions[sh->index] = h->version;
    uint32_t dim = h->decl && h->decl->kind == 1 ? h->decl->dim : 0;
    if (ts->lookup && ts->n == 0)
        ts->dim = dim; /* a lookup learns the kind */
    if (h->decl && dim != ts->dim) {
        if (dim && ts->dim)
            tps__cl_errorf_locked(c, "table \"%s\": shard %d has it of dim "
                                  "%u, not %u",
                                  ts->name, sh->index, dim, ts->dim);
        else
            tps__cl_errorf_locked(c, "tensor \"%s\": shard %d has it %s, not "
                                  "%s",
                                  ts->name, sh->index,
                                  dim ? "as a table" : "dense",
                                  ts->dim ? "as a table" : "dense");
        tps__cl_complete(c, t, TPS_EMISMATCH);
        return;
    }
    if (h->decl && h->decl->n_shape > 0 && ts->ndims == 0 &&
        h->decl->n_shape <= 8) {
        /* A lookup, or a declaration without one, learns the shape. */
        ts->ndims = (uint32_t)h->decl->n_shape;
        memcpy(ts->shape, h->decl->shape, ts->ndims * sizeof(uint64_t));
    }
    if (ts->n == 0) {
        ts->n = dim ? dim : h->length; /* a lookup learns the length */
    } else if (ts->n != h->length && ts->dim == 0) {
        tps__cl_errorf_locked(c, "tensor \"%s\": shard %d says length %llu, "
                              "not %llu",
                              ts->name, sh->index,
                              (unsigned long long)h->length,
                              (unsigned long long)ts->n);
        tps__cl_complete(c, t, TPS_EMISMATCH);
        return;
    }
    tps__cl_complete(c, t, 0);
}

/* The first ticket of t's two-phase group (t itself for a group of one). */
static tps__ticket_t *group_head(tps_client_t *c, tps__ticket_t *t) {
    return t->x.group == t->id ? t : tps__cl_find(c, (uint64_t)t->x.group);
}

static void on_push_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h) {
    uint64_t *ow = tps__cl_owed(c, t, sh->index);
    if (*ow > 0)
        (*ow)--;
    if (h->staleness > t->info.staleness)
        t->info.staleness = h->staleness;
    if (h->applied_staleness > t->info.staleness_applied)
        t->info.staleness_applied = h->applied_staleness;
    if (h->weight < t->info.weight)
        t->info.weight = h->weight;
    t->info.dropped |= h->dropped;
    tps__cl_complete(c, t, 0);
    /* Two-phase: with every chunk answered only the COMMIT_OKs are left,
     * one per shard; once every push of the group is there, it commits. */
    if (!c->two_phase || t->done || t->pending != c->nshards)
        return;
    tps__ticket_t *head = group_head(c, t);
    if (head && ++head->gprepared == head->x.gsize) {
        head->committing = 1;
        c->commit_due = head->id;
    }
}

/* Every shard applied the group (or refused it): its COMMIT_OK counts
 * once for each of the group's pushes. */
static void on_commit_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                         const Taups__Header *h) {
    *tps__cl_owed(c, t, sh->index) = 0;
    for (int k = (int)(t - c->tickets); k >= 0;) {
        tps__ticket_t *m = &c->tickets[k];
        k = m->gnext;
        if (h->applied_staleness > m->info.staleness_applied)
            m->info.staleness_applied = h->applied_staleness;
        if (!m->done)
            tps__cl_complete(c, m, 0);
    }
}

/* A two-phase push refused by a shard fails its whole group, and the
 * shards that hold their part of it are told to drop it. */
void tps__cl_group_fail(tps_client_t *c, tps__ticket_t *t, int err) {
    tps__ticket_t *head = group_head(c, t);
    if (head == NULL)
        return;
    if (!head->committing && !head->done) {
        head->committing = 1; /* no COMMIT after this */
        c->abort_due = head->id;
    }
    for (int k = (int)(head - c->tickets); k >= 0;) {
        tps__ticket_t *m = &c->tickets[k];
        k = m->gnext;
        if (!m->done)
            tps__cl_complete(c, m, err);
    }
}

/* A shard answers a whole slice in as many chunks as it likes. */
static void on_pull_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h, const uint8_t *payload,
                       uint64_t len) {
    int rc = h->codec ? decode_pull(c, sh, t, h, payload, len) : 0;
    uint64_t *ow = tps__cl_owed(c, t, sh->index);
    *ow -= h->count < *ow ? h->count : *ow;
    c->tensors[t->tensor].versions[sh->index] = h->version;
    if (h->clock < t->reply_clock)
        t->reply_clock = h->clock;
    if (rc == 0 && h->count > t->left) {
        tps__cl_errorf_locked(c, "shard %d at %s: pull reply of %llu "
                              "elements, %llu were missing",
                              sh->index, sh->addr.text,
                              (unsigned long long)h->count,
                              (unsigned long long)t->left);
        rc = TPS_EPROTO;
    }
    if (rc == 0)
        t->left -= h->count;
    if (rc < 0 || t->left == 0)
        tps__cl_complete(c, t, rc);
}

static void on_version_ok(tps_client_t *c, tps__cshard_t *sh,
                          tps__ticket_t *t, const Taups__Header *h) {
    *tps__cl_owed(c, t, sh->index) = 0;
    uint64_t read = c->tensors[t->tensor].versions[sh->index];
    uint64_t stale = h->version > read ? h->version - read : 0;
    if (stale > t->x.stale)
        t->x.stale = stale;
    if (sh->index == 0)
        t->x.live = h->workers;
    tps__cl_complete(c, t, 0);
}

static void on_stats_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const uint8_t *payload, uint64_t len) {
    *tps__cl_owed(c, t, sh->index) = 0;
    if (t->parts && (t->parts[sh->index] = malloc(len + 1)) != NULL) {
        memcpy(t->parts[sh->index], payload, len);
        t->parts[sh->index][len] = '\0';
    }
    tps__cl_complete(c, t, t->parts && t->parts[sh->index] ? 0 : TPS_ENOMEM);
}

static void unexpected(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h) {
    tps__cl_errorf_locked(c, "shard %d at %s: unexpected reply op %d",
                          sh->index, sh->addr.text, (int)h->op);
    tps__cl_complete(c, t, TPS_EPROTO);
}

int64_t tps__cl_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                      const Taups__Header *h, const uint8_t *payload,
                      uint64_t len) {
    switch (h->op) {
    case TAUPS__OP__HELLO_OK:
        return on_hello_ok(c, sh, t, h);
    case TAUPS__OP__DECLARE_OK:
        on_declare_ok(c, sh, t, h);
        break;
    case TAUPS__OP__PUSH_OK:
        on_push_ok(c, sh, t, h);
        break;
    case TAUPS__OP__PULL_OK:
        on_pull_ok(c, sh, t, h, payload, len);
        break;
    case TAUPS__OP__VERSION_OK:
        on_version_ok(c, sh, t, h);
        break;
    case TAUPS__OP__STATS_OK:
        on_stats_ok(c, sh, t, payload, len);
        break;
    case TAUPS__OP__PULL_ROWS_OK:
    case TAUPS__OP__PUSH_ROWS_OK:
        if (t->kind == OP_PULL_ROWS || t->kind == OP_PUSH_ROWS) {
            tps__cl_rows_reply(c, sh, t, h, payload, len);
            break;
        }
        if (t->kind == OP_SCAN_ROWS && h->op == TAUPS__OP__PULL_ROWS_OK) {
            tps__cl_scan_reply(c, sh, t, h, payload, len);
            break;
        }
        tps__cl_errorf_locked(c,
                              "shard %d at %s: a rows reply to a "
                              "request of no rows",
                              sh->index, sh->addr.text);
        tps__cl_complete(c, t, TPS_EPROTO);
        break;
    case TAUPS__OP__ASSIGN_OK:
    case TAUPS__OP__BARRIER_OK:
        if (t->kind == OP_ASSIGN && h->op == TAUPS__OP__ASSIGN_OK)
            tps__cl_assign_ok(c, sh, t, h);
        else if (t->kind == OP_BARRIER && h->op == TAUPS__OP__BARRIER_OK)
            tps__cl_barrier_ok(c, sh, t, h);
        else
            unexpected(c, sh, t, h);
        break;
    case TAUPS__OP__COMMIT_OK:
        if (t->kind == OP_PUSH && t->committing) {
            on_commit_ok(c, sh, t, h);
            break;
        }
        tps__cl_errorf_locked(c, "shard %d at %s: COMMIT_OK for a push "
                              "that was not committed",
                              sh->index, sh->addr.text);
        tps__cl_complete(c, t, TPS_EPROTO);
        break;
    case TAUPS__OP__ERROR:
        tps__cl_errorf_locked(c, "shard %d at %s: %s", sh->index,
                              sh->addr.text, h->error ? h->error : "error");
        if (t->kind == OP_PUSH && c->two_phase)
            tps__cl_group_fail(c, t, h->status < 0 ? h->status : TPS_EREMOTE);
        else
            tps__cl_complete(c, t, h->status < 0 ? h->status : TPS_EREMOTE);
        break;
    default:
        unexpected(c, sh, t, h);
    }
    return -1;
}

/* Frames of the handshake, and errors that end it; returns whether the
 * frame was one. An ERROR's text is kept for the shard's failure message. */
static int handshake_frame(tps__cshard_t *sh, const Taups__Header *h) {
    tps_client_t *c = sh->cl;
    if (h->op == TAUPS__OP__CHALLENGE) {
        tps__cl_on_challenge(sh, h);
        return 1;
    }
    if (h->op == TAUPS__OP__HELLO_OK && c->key.set && !sh->authed) {
        tps__cl_auth_failed(sh, "the shard did not authenticate: it runs "
                                "without a key (--key-file), or it is not "
                                "this cluster's shard");
        return 1;
    }
    if (h->op == TAUPS__OP__ERROR && h->status == TPS_EAUTH) {
        tps__cl_auth_failed(sh, h->error ? h->error : "authentication failed");
        return 1;
    }
    if (h->op == TAUPS__OP__ERROR)
        snprintf(sh->remote_err, sizeof(sh->remote_err), "%s",
                 h->error ? h->error : "error");
    return 0;
}

void tps__cl_on_frame(tps__conn_t *conn, const Taups__Header *h,
                      uint8_t *payload, uint64_t len) {
    tps__cshard_t *sh = conn->data;
    tps_client_t *c = sh->cl;
    if (sh->state == SH_DEAD || handshake_frame(sh, h))
        return;
    if (h->request_id >= TPS__CL_RJ_FIRST) {
        if (sh->rejoining)
            tps__cl_rejoin_frame(sh, h);
        return;
    }
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, h->request_id);
    int64_t raise_to =
        t && !t->done ? tps__cl_reply(c, sh, t, h, payload, len) : -1;
    uv_mutex_unlock(&c->mu);
    tps__cl_fates_due(c);
    /* Before any request of the caller's: it cannot send one while this
     * thread holds io_mu. */
    for (int s = 0; raise_to >= 0 && s < c->nshards; s++) {
        tps__cshard_t *o = &c->shards[s];
        if (o->state == SH_READY && (int64_t)o->hello_clock < raise_to)
            tps__cl_send_clock(o, raise_to);
    }
}
