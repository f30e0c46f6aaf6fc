/* SPDX-License-Identifier: MIT */
/* The ticket table, where the caller's thread and the I/O thread meet
 * (client_internal.h): a call fills a free ticket and submits it, the I/O
 * thread completes it reply by reply, and tps_wait returns when it is done.
 * The pool of push buffers lives here too, since a buffer goes back to it
 * when its ticket ends. It must not know about frames or sockets. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

static void verrorf(tps_client_t *c, const char *fmt, va_list ap) {
    vsnprintf(c->errmsg, sizeof(c->errmsg), fmt, ap);
}

void tps__cl_errorf_locked(tps_client_t *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verrorf(c, fmt, ap);
    va_end(ap);
}

void tps__cl_errorf(tps_client_t *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    uv_mutex_lock(&c->mu);
    verrorf(c, fmt, ap);
    uv_mutex_unlock(&c->mu);
    va_end(ap);
}

tps__ticket_t *tps__cl_find(tps_client_t *c, uint64_t id) {
    tps__ticket_t *t = &c->tickets[id % TPS__CL_MAX_TICKETS];
    return (t->id == (int64_t)id && id != 0) ? t : NULL;
}

uint64_t *tps__cl_owed(tps_client_t *c, const tps__ticket_t *t, int s) {
    return &c->owed[(size_t)(t - c->tickets) * (size_t)c->nshards + (size_t)s];
}

/* The pool's return path, with mu held. */
static void pushbuf_put_locked(tps_client_t *c, tps__pushbuf_t *pb) {
    if (pb) {
        pb->next = c->spare;
        c->spare = pb;
    }
}

void tps__cl_pushbuf_put(tps_client_t *c, tps__pushbuf_t *pb) {
    uv_mutex_lock(&c->mu);
    pushbuf_put_locked(c, pb);
    uv_mutex_unlock(&c->mu);
}

tps__pushbuf_t *tps__cl_pushbuf_take(tps_client_t *c) {
    uv_mutex_lock(&c->mu);
    tps__pushbuf_t *pb = c->spare;
    if (pb)
        c->spare = pb->next;
    uv_mutex_unlock(&c->mu);
    return pb;
}

/* A finished push counts once in what tps_delivery reports. */
static void count_push(tps_client_t *c, const tps__ticket_t *t) {
    tps_delivery_t *d = &c->delivery;
    if (t->result == 0 && t->info.dropped)
        d->pushes_dropped++;
    else if (t->result == 0)
        d->pushes_applied++;
    else if (t->result == TPS_EINVAL || t->result == TPS_EREMOTE ||
             t->result == TPS_EMISMATCH || t->result == TPS_ENOENT ||
             t->result == TPS_ERANGE || t->result == TPS_EPERM ||
             t->result == TPS_ELIMIT || t->result == TPS_EABORTED)
        d->pushes_rejected++; /* a shard said no */
    else
        d->pushes_lost++; /* never answered */
}

/* The byte counters tps_bytes and tps_traffic read, as of now. */
static void count_bytes(tps_client_t *c, const tps__ticket_t *t) {
    if (t->result == 0 && (t->kind == OP_PUSH || t->kind == OP_PULL)) {
        uint64_t raw = c->tensors[t->tensor].n * sizeof(float);
        if (t->kind == OP_PUSH)
            c->traffic.raw_sent += raw;
        else
            c->traffic.raw_recv += raw;
    }
    uint64_t in = 0, out = 0;
    for (int s = 0; s < c->nshards; s++) {
        in += c->shards[s].closed_in + c->shards[s].conn.bytes_in;
        out += c->shards[s].closed_out + c->shards[s].conn.bytes_out;
    }
    c->sent = out;
    c->received = in;
    c->traffic.wire_sent = out;
    c->traffic.wire_recv = in;
}

void tps__cl_complete(tps_client_t *c, tps__ticket_t *t, int result) {
    if (t->result == 0)
        t->result = result;
    if (result >= 0 && --t->pending > 0)
        return;
    t->pending = 0;
    if (t->active) {
        t->active = 0;
        c->active--;
    }
    if (t->x.job)
        tps__cl_rows_finish(c, t); /* a pull's rows reach the caller */
    /* Read without the mutex by a spinning tps_wait. */
    __atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
    if (t->kind == OP_PUSH && t->result == 0)
        c->last_push = c->tensors[t->tensor].last_push = t->info;
    if (t->kind == OP_PUSH)
        count_push(c, t);
    count_bytes(c, t);
    pushbuf_put_locked(c, t->pb);
    t->pb = NULL;
    uv_cond_broadcast(&c->cv);
    /* Nobody waits for a CLOCK: its slot is free once it is sent. A
     * failure to send breaks the client, which the next call reports. */
    if (t->kind == OP_CLOCK)
        t->id = 0;
}

/* Used when a shard is lost or the application stops, since the requests
 * that went to it will never be answered. */
void tps__cl_fail_all(tps_client_t *c, int err) {
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++) {
        tps__ticket_t *t = &c->tickets[i];
        if (t->id != 0 && !t->done)
            tps__cl_complete(c, t, err);
    }
}

int tps__cl_break(tps_client_t *c, int err) {
    if (c->broken)
        return 0;
    c->broken = 1;
    c->broken_err = err;
    return 1;
}

/* The fields every ticket starts with. */
static void ticket_init(tps_client_t *c, tps__ticket_t *t, int64_t id,
                        tps__op_kind_t kind, int tensor, int pending) {
    memset(t, 0, sizeof(*t));
    t->id = id;
    t->kind = kind;
    t->tensor = tensor;
    t->pending = pending;
    t->next = -1;
    t->gnext = -1;
    t->info.weight = 1.0f;
    /* Nothing is owed before it is sent: the slot's last request may have
     * ended by an error with replies still owed, and a reconnection would
     * resend this one from those counts before the I/O thread issued it. */
    memset(tps__cl_owed(c, t, 0), 0, (size_t)c->nshards * sizeof(*c->owed));
    if (kind == OP_PULL) {
        t->left = c->tensors[tensor].n;
        t->reply_clock = UINT64_MAX;
    }
    if (kind == OP_PUSH) {
        c->delivery.pushes_sent++;
        if (pending == 0)
            c->delivery.pushes_applied++;
    }
    if (kind == OP_STATS || kind == OP_CHECKPOINT)
        t->parts = calloc((size_t)c->nshards, sizeof(char *));
}

/* A two-phase push joins its group's chain: the first ticket is the
 * group's head and names it (mu). */
static void group_link(tps_client_t *c, tps__ticket_t *t) {
    int slot = (int)(t - c->tickets);
    if (t->x.group == 0 || t->x.gsize < 1) {
        t->x.group = t->id;
        t->x.gsize = t->x.gsize < 1 ? 1 : t->x.gsize;
        t->glast = slot;
        return;
    }
    tps__ticket_t *head = tps__cl_find(c, (uint64_t)t->x.group);
    if (head == NULL)
        return;
    c->tickets[head->glast].gnext = slot;
    head->glast = slot;
}

/* Where a filled ticket goes (mu): nowhere when there is nothing to send;
 * to the caller's own thread when nothing is queued before it, nothing
 * awaits an answer (or the caller corked, to send several requests in one
 * write) and the I/O thread sleeps (order is kept, and the loop is this
 * thread's until tps__cl_direct_issue ends); else to the submit queue:
 * with requests in flight their replies keep the loop busy, and the I/O
 * thread sends what was queued meanwhile in one write (64 B pushes with
 * 64 in flight: 210k/s, against 100k/s when each caller's frame was a
 * write of its own). Returns whether it is sent directly. */
static int route(tps_client_t *c, tps__ticket_t *t) {
    if (t->pending == 0 && t->kind != OP_CLOSE) {
        t->done = 1; /* nothing to send, e.g. a tensor held by no shard */
        return 0;
    }
    if (t->kind != OP_CLOSE) {
        t->active = 1;
        c->active++;
    }
    if (c->qhead < 0 && (c->active == 1 || c->corked) &&
        tps__cl_io_take(c, t->kind)) {
        if (!c->closing)
            return 1;
        uv_mutex_unlock(&c->io_mu);
    }
    int slot = (int)(t - c->tickets);
    if (c->qtail >= 0)
        c->tickets[c->qtail].next = slot;
    else
        c->qhead = slot;
    c->qtail = slot;
    return 0;
}

int64_t tps__cl_submit(tps_client_t *c, tps__op_kind_t kind, int tensor,
                       const float *src, float *dst, int pending, float norm,
                       tps__pushbuf_t *pb, const tps__tinit_t *x, int *err) {
    uv_mutex_lock(&c->mu);
    if (c->broken && kind != OP_CLOSE) {
        *err = c->broken_err;
        pushbuf_put_locked(c, pb);
        uv_mutex_unlock(&c->mu);
        return 0;
    }
    /* The next id whose slot is free: ids need only increase, so a ticket
     * held for long does not refuse every request that maps to its slot. */
    int64_t id = c->next_id;
    tps__ticket_t *t = NULL;
    for (int k = 0; k < TPS__CL_MAX_TICKETS && t == NULL; k++) {
        t = &c->tickets[++id % TPS__CL_MAX_TICKETS];
        if (t->id != 0)
            t = NULL;
    }
    if (t == NULL) {
        tps__cl_errorf_locked(c, "more than %d operations outstanding: wait "
                              "for some", TPS__CL_MAX_TICKETS - 1);
        *err = TPS_E2BIG;
        pushbuf_put_locked(c, pb);
        uv_mutex_unlock(&c->mu);
        return 0;
    }
    c->next_id = id;
    ticket_init(c, t, id, kind, tensor, pending);
    t->src = src;
    t->dst = dst;
    t->grad_norm = norm;
    t->pb = pb;
    if (x != NULL)
        t->x = *x;
    if (kind == OP_PUSH && c->two_phase)
        group_link(c, t);
    int direct = route(c, t);
    uv_mutex_unlock(&c->mu);
    if (direct)
        tps__cl_direct_issue(c, t);
    else if (t->kind == OP_CLOSE || !t->done)
        tps__cl_wake(c);
    return id;
}

/* Until t is done (mu held): the loop run on this thread if the I/O
 * thread is parked, else asleep on cv, counted in waiters so that nobody
 * parks the I/O thread from under it. */
static void wait_done(tps_client_t *c, tps__ticket_t *t) {
    int drove = 0;
    /* What this thread corked may be what t waits for (a version probe
     * issued inside a corked push, say). */
    if (c->corked && !t->done)
        tps__cl_send_held(c);
    while (!t->done) {
        if (!drove && c->thread_started &&
            __atomic_load_n(&c->io_park, __ATOMIC_ACQUIRE) &&
            uv_mutex_trylock(&c->io_mu) == 0) {
            /* A trylock under mu cannot deadlock with io_mu-first. */
            uv_mutex_unlock(&c->mu);
            tps__cl_drive(c, t);
            drove = 1;
            uv_mutex_lock(&c->mu);
            continue;
        }
        c->waiters++;
        tps__cl_unpark(c);
        uv_cond_wait(&c->cv, &c->mu);
        c->waiters--;
    }
}

int tps_wait(tps_client_t *c, tps_ticket_t ticket) {
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)ticket);
    if (t == NULL) {
        uv_mutex_unlock(&c->mu);
        return TPS_EINVAL;
    }
    if (!t->done && c->opts.spin_us > 0) {
        uv_mutex_unlock(&c->mu);
        tps__cl_spin(c, t, uv_hrtime() + (uint64_t)c->opts.spin_us * 1000u);
        uv_mutex_lock(&c->mu);
    }
    wait_done(c, t);
    int rc = t->result;
    if (rc == 0 && t->fill_cache)
        tps__cl_cache_fill(c, t);
    if (rc == 0 && t->kind == OP_PULL)
        tps__cl_sync_catch_up(c, t);
    t->id = 0;
    uv_mutex_unlock(&c->mu);
    return rc;
}

int tps__cl_wait_probe(tps_client_t *c, int64_t id, tps__tinit_t *found) {
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)id);
    wait_done(c, t);
    int rc = t->result;
    if (t->x.stale > found->stale)
        found->stale = t->x.stale;
    if (found->live == 0)
        found->live = t->x.live;
    t->id = 0;
    uv_mutex_unlock(&c->mu);
    return rc;
}
