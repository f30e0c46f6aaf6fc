/* SPDX-License-Identifier: MIT */
/* Pulls on a shard: the gate that says when a pull may be answered (never
 * in the middle of a push to its tensor; a worker's pull passes its mode's
 * consistency gate; an evaluator's may wait for a version), the pulls it
 * holds back until then, and the replies: dense ones sent from a snapshot of
 * the parameters, encoded ones from the connection's spare reply buffers.
 *
 * Must NOT change parameters, versions or clocks (push.c and consistency.c
 * do), and must not manage connections beyond its held pulls and reply
 * buffers (accept.c). */
#include "server_internal.h"

#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_codec.h"
#include "tps_log.h"

/* Reply buffers a connection keeps for its next encoded replies: enough
 * for the chunks of a pull or two in flight; more are freed, so that a
 * burst of replies leaves no memory behind. */
#define MAX_SPARE 4

void tps__pull_outbuf_sent(void *arg, int status) {
    outbuf_t *b = arg;
    sconn_t *sc = b->owner;
    (void)status;
    /* Back to its connection for the next reply; the connection frees its
     * spares when it closes, which happens only after every write callback. */
    if (sc->nspare >= MAX_SPARE) {
        free(b);
        return;
    }
    b->next = sc->spare;
    sc->spare = b;
    sc->nspare++;
}

outbuf_t *tps__pull_outbuf(sconn_t *sc, size_t n) {
    for (outbuf_t **pp = &sc->spare; *pp; pp = &(*pp)->next)
        if ((*pp)->cap >= n) {
            outbuf_t *b = *pp;
            *pp = b->next;
            sc->nspare--;
            return b;
        }
    outbuf_t *b = malloc(sizeof(*b) + n);
    if (b) {
        b->owner = sc;
        b->cap = n;
    }
    return b;
}

/* One frame of a pull reply: elements [off, off + n) of the tensor. */
static int answer_chunk(sconn_t *sc, const pull_req_t *q, tps__tensor_t *t,
                        uint64_t off, uint64_t n) {
    tps__shard_t *sh = &sc->srv->shard;
    sh->st.pulls++;
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__PULL_OK;
    r.request_id = q->request_id;
    r.tensor_id = q->tensor_id;
    r.offset = off;
    r.count = n;
    r.version = t->version;
    r.shard = sh->index;
    r.raw_len = n * sizeof(float);
    /* The slowest live worker's clock: what the reply reflects, for a
     * client that caches it (ssp_cache). */
    uint64_t min = tps__members_min_clock(&sc->srv->members);
    r.clock = min == UINT64_MAX ? 0 : min;
    const float *x = t->param + (off - t->lo);
    tps__codec_stats_t *cs = tps__codec_stats(sh, q->codec, q->ratio);
    cs->pull_frames++;
    cs->raw_out += r.raw_len;
    if (q->codec == 0) {
        /* Sent from the parameters; what the kernel does not take at once
         * is copied, so that a push applied later cannot reach a reply
         * still queued (a pull is one version). */
        int64_t sent = tps__conn_send_snapshot(&sc->c, &r, x, r.raw_len);
        if (sent < 0) {
            tps__log_warn("%s: cannot send reply: %s; closing", sc->peer,
                    tps_strerror((int)sent));
            tps__conn_close(&sc->c);
            return (int)sent;
        }
        cs->wire_out += (uint64_t)sent;
        return 0;
    }
    /* Compressed: encoded (statelessly) into a reply buffer of this
     * connection, since the bytes must outlive this call. */
    tps__codec_t codec;
    tps__codec_unpack(&codec, q->codec, q->ratio); /* checked on arrival */
    size_t wire = tps__codec_wire_size(&codec, n);
    outbuf_t *b = tps__pull_outbuf(sc, wire ? wire : 1);
    if (b == NULL) {
        tps__reply_error(sc, NULL, TPS_ENOMEM, 1,
                         "out of memory for a pull reply");
        return TPS_ENOMEM;
    }
    r.codec = q->codec;
    r.codec_ratio = q->ratio;
    r.codec_seed = q->request_id * 0x9e3779b97f4a7c15ULL ^ off;
    int64_t m = tps__codec_encode(&codec, x, n, r.codec_seed, b->data, b->cap);
    if (m < 0) {
        tps__pull_outbuf_sent(b, 0);
        tps__reply_error(sc, NULL, (int)m, 0,
                         "tensor \"%s\": cannot encode a pull: %s", t->name,
                         tps_strerror((int)m));
        return (int)m;
    }
    r.encoded_len = (uint64_t)m;
    cs->wire_out += tps__frame_meta_size(&r) + (uint64_t)m;
    tps__send_or_close(sc, &r, b->data, (uint64_t)m, tps__pull_outbuf_sent, b);
    return 0;
}

/* The fewest elements a pull reply frame carries (4 KiB) unless the pull
 * asks for fewer in all: each frame costs a header, a write request and
 * the loop's time, so a pull of 4M elements in chunks of 1 once queued a
 * gigabyte of them and held the loop for 7 s. */
#define PULL_MIN_CHUNK 1024u

/* Answers a pull with every chunk at once, from one state of the tensor:
 * nothing runs on the loop between the chunks. A reply is at most
 * TPS_FRAMES_PER_TURN frames (the chunk the pull asks for is raised as
 * needed: clients take a slice in as many chunks as the shard likes). */
static void answer_pull(sconn_t *sc, const pull_req_t *q, double blocked_s) {
    tps__server_t *s = sc->srv;
    tps__tensor_t *t = &s->shard.tensors[q->tensor_id];
    if (s->skip_step > sc->skip_seen && sc->role == TPS_ROLE_WORKER &&
        t->version >= s->skip_step) {
        /* A sync step was skipped: the first pull that reads it fails and
         * says why (docs/design.md §3a), the next is answered. */
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = q->request_id;
        sc->skip_seen = s->skip_step;
        tps__reply_error(sc, &h, TPS_ERANGE, 0, "%s", s->skip_why);
        return;
    }
    if (sc->role == TPS_ROLE_WORKER)
        tps__trace(s, "pull", sc->rank, q->clock, (int)q->tensor_id, t->version,
                   0, 0, blocked_s * 1e3, 0);
    if (q->rows != NULL) {
        tps__rows_answer(sc, q);
        return;
    }
    if (t->dc_read != NULL && sc->role == TPS_ROLE_WORKER)
        tps__shard_dc_read(t, sc->rank, q->offset - t->lo, q->count);
    uint64_t most = s->cfg.lim.max_payload / sizeof(float);
    uint64_t least = (q->count + TPS_FRAMES_PER_TURN - 1) / TPS_FRAMES_PER_TURN;
    if (least < PULL_MIN_CHUNK)
        least = PULL_MIN_CHUNK;
    uint64_t chunk = q->chunk == 0 ? most : q->chunk > least ? q->chunk : least;
    if (chunk > most)
        chunk = most;
    uint64_t off = q->offset, end = q->offset + q->count;
    if (sc->turn != s->turns) {
        sc->turn = s->turns;
        sc->turn_frames = 0;
    }
    do {
        uint64_t n = end - off < chunk ? end - off : chunk;
        if (answer_chunk(sc, q, t, off, n) < 0)
            return;
        off += n;
        sc->turn_frames++;
    } while (off < end);
    if (sc->turn_frames > s->reply_frames_turn_max)
        s->reply_frames_turn_max = sc->turn_frames;
}

/* May this pull be answered now, as far as its gate goes? A worker's pull
 * passes its mode's gate; an evaluator's gated pull (clock > 0) waits for
 * that version, a step boundary, unless no worker is left to make it. */
static int gate_open(const tps__server_t *s, const sconn_t *sc,
                     const pull_req_t *q) {
    const tps__tensor_t *t = &s->shard.tensors[q->tensor_id];
    if (sc->role == TPS_ROLE_WORKER)
        return tps__pull_allowed(&s->cfg.cons, &s->members, t->version,
                                 q->clock);
    return q->clock == 0 || t->version >= q->clock || s->members.nlive == 0;
}

/* The largest clock a worker's pull may claim and pass its gate now: the
 * step in aggregating modes (every tensor's version), the slowest clock
 * plus the bound in ssp. Gates of other modes never hold a pull. */
static uint64_t gate_watermark(const tps__server_t *s) {
    const tps__consistency_t *c = &s->cfg.cons;
    if (tps__consistency_aggregates(c))
        return s->step;
    if (c->mode->gates_pulls) {
        uint64_t min = tps__members_min_clock(&s->members);
        return min > UINT64_MAX - c->staleness ? UINT64_MAX
                                               : min + c->staleness;
    }
    return UINT64_MAX;
}

/* ---- the heaps held pulls wait in ---------------------------------------
 * Every held pull waits in exactly one min-heap on (key, arrival), and
 * knows its place there, so that a closing connection takes its own out in
 * O(log n) and a push or a clock pops only what it releases. */

static int heap_less(const pending_t *a, const pending_t *b) {
    return a->key < b->key || (a->key == b->key && a->seq < b->seq);
}

static void heap_set(pheap_t *h, size_t i, pending_t *p) {
    h->a[i] = p;
    p->at = i;
}

static void heap_up(pheap_t *h, size_t i) {
    pending_t *p = h->a[i];
    while (i > 0 && heap_less(p, h->a[(i - 1) / 2])) {
        heap_set(h, i, h->a[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_set(h, i, p);
}

static void heap_down(pheap_t *h, size_t i) {
    pending_t *p = h->a[i];
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = l;
        if (l >= h->n)
            break;
        if (r < h->n && heap_less(h->a[r], h->a[l]))
            m = r;
        if (!heap_less(h->a[m], p))
            break;
        heap_set(h, i, h->a[m]);
        i = m;
    }
    heap_set(h, i, p);
}

static int heap_push(pheap_t *h, pending_t *p) {
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 16;
        pending_t **a = realloc(h->a, cap * sizeof(*a));
        if (a == NULL)
            return TPS_ENOMEM;
        h->a = a;
        h->cap = cap;
    }
    p->in = h;
    heap_set(h, h->n++, p);
    heap_up(h, h->n - 1);
    return 0;
}

static void heap_remove(pending_t *p) {
    pheap_t *h = p->in;
    size_t i = p->at;
    p->in = NULL;
    if (--h->n == i)
        return;
    heap_set(h, i, h->a[h->n]);
    heap_up(h, i);
    heap_down(h, h->a[i]->at);
}

static pending_t *heap_top(const pheap_t *h) {
    return h->n > 0 ? h->a[0] : NULL;
}

static void heap_free(pheap_t *h) {
    free(h->a);
    memset(h, 0, sizeof(*h));
}

/* The heaps of tensor `id` (allocated on first use: they are pointed
 * into, so never moved), NULL when out of memory. */
static tps__tpulls_t *tensor_pulls(tps__server_t *s, uint32_t id) {
    if (id >= s->ntpulls) {
        size_t n = (size_t)s->shard.ntensors;
        tps__tpulls_t **t = realloc(s->tpulls, n * sizeof(*t));
        if (t == NULL)
            return NULL;
        s->tpulls = t;
        uint32_t *act = realloc(s->tactive, n * sizeof(*act));
        if (act == NULL)
            return NULL;
        s->tactive = act;
        memset(t + s->ntpulls, 0, (n - s->ntpulls) * sizeof(*t));
        s->ntpulls = n;
    }
    if (s->tpulls[id] == NULL)
        s->tpulls[id] = calloc(1, sizeof(tps__tpulls_t));
    return s->tpulls[id];
}

/* A held pull is freed with the ids it copied. */
static void pending_free(pending_t *p) {
    free((void *)(uintptr_t)p->req.rows);
    free(p);
}

/* Takes p out of whatever it waits in. */
static void unhold(tps__server_t *s, pending_t *p) {
    if (p->in != &s->gate)
        s->pending--;
    heap_remove(p);
    if (p->cprev)
        p->cprev->cnext = p->cnext;
    else
        p->sc->mine = p->cnext;
    if (p->cnext)
        p->cnext->cprev = p->cprev;
    p->sc->held--;
    s->nheld--;
}

/* Answers p now, or puts it where what it waits for will find it: a
 * worker's gate (the server's heap on its clock), a version (its tensor's
 * heap on that version), the end of a push to its tensor (the tensor's
 * queue), or its connection's queued replies draining (the connection's
 * queue). Frees p once answered; on failure to queue it the pull is
 * refused and its connection closed. */
static void dispatch(tps__server_t *s, pending_t *p) {
    sconn_t *sc = p->sc;
    const tps__tensor_t *t = &s->shard.tensors[p->req.tensor_id];
    pheap_t *h = NULL;
    if (sc->doomed || sc->c.closing) {
        /* Its replies would not be sent. */
        pending_free(p);
        return;
    }
    if (!gate_open(s, sc, &p->req)) {
        p->key = p->req.clock;
        if (sc->role == TPS_ROLE_WORKER) {
            h = &s->gate;
        } else {
            tps__tpulls_t *tp = tensor_pulls(s, p->req.tensor_id);
            h = tp ? &tp->version : NULL;
        }
    } else if (t->pushing > 0) {
        /* No reply holds half a push. */
        tps__tpulls_t *tp = tensor_pulls(s, p->req.tensor_id);
        p->key = 0;
        h = tp ? &tp->busy : NULL;
    } else if (sc->c.paused) {
        /* Replies it has not read yet fill its --conn-buffer: the rest
         * waits for them (tps_conn's on_drain). */
        p->key = 0;
        h = &sc->parked;
    } else {
        double now = tps__now();
        s->shard.st.blocked_s += now - p->since;
        answer_pull(sc, &p->req, now - p->since);
        pending_free(p);
        return;
    }
    if (h == NULL || heap_push(h, p) < 0) {
        tps__reply_error(sc, NULL, TPS_ENOMEM, 1,
                         "out of memory holding a pull");
        pending_free(p);
        return;
    }
    if (h != &s->gate) {
        s->pending++;
        if (h != &sc->parked) {
            tps__tpulls_t *tp = s->tpulls[p->req.tensor_id];
            if (!tp->active) {
                tp->active = 1;
                s->tactive[s->nactive++] = p->req.tensor_id;
            }
        }
    }
    p->cprev = NULL;
    p->cnext = sc->mine;
    if (sc->mine)
        sc->mine->cprev = p;
    sc->mine = p;
    sc->held++;
    s->nheld++;
}

/* Appends p to the list *tail points at the end of. */
static void take(tps__server_t *s, pending_t *p, pending_t ***tail) {
    unhold(s, p);
    p->cnext = NULL;
    **tail = p;
    *tail = &p->cnext;
}

void tps__pull_process_pending(tps__server_t *s) {
    /* What was released is collected first, then dispatched: a pull whose
     * gate closed again meanwhile goes back without being seen twice. */
    pending_t *ready = NULL, **tail = &ready, *p;
    uint64_t w = gate_watermark(s);
    while ((p = heap_top(&s->gate)) != NULL && p->key <= w)
        take(s, p, &tail);
    int orphaned = s->members.nlive == 0;
    for (size_t i = 0; i < s->nactive;) {
        uint32_t id = s->tactive[i];
        tps__tpulls_t *tp = s->tpulls[id];
        const tps__tensor_t *t = &s->shard.tensors[id];
        while ((p = heap_top(&tp->version)) != NULL &&
               (p->key <= t->version || orphaned))
            take(s, p, &tail);
        if (t->pushing == 0)
            while ((p = heap_top(&tp->busy)) != NULL)
                take(s, p, &tail);
        if (tp->version.n == 0 && tp->busy.n == 0) {
            tp->active = 0;
            s->tactive[i] = s->tactive[--s->nactive];
        } else {
            i++;
        }
    }
    while (ready != NULL) {
        p = ready;
        ready = p->cnext;
        dispatch(s, p);
    }
}

/* The connection's queued replies drained: its parked pulls are answered
 * until they fill its buffer again. */
static void on_drain(tps__conn_t *c) {
    sconn_t *sc = (sconn_t *)c;
    pending_t *p;
    while (!c->paused && !c->closing && (p = heap_top(&sc->parked)) != NULL) {
        unhold(sc->srv, p);
        dispatch(sc->srv, p);
    }
}

void tps__pull_handle(sconn_t *sc, const Taups__Header *h, uint64_t len) {
    tps__tensor_t *t = tps__check_range(sc, h, len, 0);
    if (t == NULL)
        return;
    pull_req_t q = {h->request_id, h->offset,    h->count, h->clock,
                    h->chunk,      h->tensor_id, h->codec, h->codec_ratio,
                    NULL,          0,            0,        0,
                    0};
    tps__codec_t codec;
    if (h->codec != 0 &&
        tps__codec_unpack(&codec, h->codec, h->codec_ratio) < 0) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "pull of tensor \"%s\": invalid codec "
                         "id 0x%x",
                         t->name, h->codec);
        return;
    }
    tps__pull_request(sc, h, &q);
}

void tps__pull_request(sconn_t *sc, const Taups__Header *h,
                       const pull_req_t *req) {
    tps__server_t *s = sc->srv;
    const tps__tensor_t *t = &s->shard.tensors[req->tensor_id];
    pull_req_t q = *req;
    /* Admins read what is there and never count; evaluators too, unless
     * they ask for a version (a snapshot at a step boundary). Only a
     * worker's CLOCK moves its clock: the clock a pull claims never does. */
    if (sc->role == TPS_ROLE_ADMIN)
        q.clock = 0;
    if (gate_open(s, sc, &q) && t->pushing == 0 && !sc->c.paused) {
        answer_pull(sc, &q, 0);
        return;
    }
    if (sc->held >= s->cfg.max_held_pulls) {
        tps__reply_error(sc, h, TPS_ELIMIT, 0,
                         "pull of tensor \"%s\" at clock %llu refused: %d "
                         "pulls of this connection are already held back "
                         "(--max-held-pulls)",
                         t->name, (unsigned long long)q.clock, sc->held);
        return;
    }
    pending_t *p = calloc(1, sizeof(*p));
    uint8_t *ids = q.rows != NULL ? malloc(q.rows_len + 1) : NULL;
    if (p == NULL || (q.rows != NULL && ids == NULL)) {
        free(p);
        free(ids);
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory queueing a pull");
        return;
    }
    if (ids != NULL) {
        memcpy(ids, q.rows, q.rows_len);
        q.rows = ids;
        q.decoded = 0; /* the scratch serves other frames meanwhile */
    }
    p->sc = sc;
    p->req = q;
    p->since = tps__now();
    p->seq = s->pull_seq++;
    s->shard.st.pulls_blocked++;
    dispatch(s, p);
}

void tps__pull_conn_init(sconn_t *sc) {
    sc->c.on_drain = on_drain;
}

void tps__pull_forget(sconn_t *sc) {
    tps__server_t *s = sc->srv;
    while (sc->mine != NULL) {
        pending_t *p = sc->mine;
        unhold(s, p);
        pending_free(p);
    }
    heap_free(&sc->parked);
    while (sc->spare) {
        outbuf_t *b = sc->spare;
        sc->spare = b->next;
        free(b);
    }
    sc->nspare = 0;
}

size_t tps__pull_held(const tps__server_t *s) {
    return s->nheld;
}

/* Every connection has forgotten its pulls by now (they close first). */
void tps__pull_free_all(tps__server_t *s) {
    heap_free(&s->gate);
    for (size_t i = 0; i < s->ntpulls; i++)
        if (s->tpulls[i] != NULL) {
            heap_free(&s->tpulls[i]->version);
            heap_free(&s->tpulls[i]->busy);
            free(s->tpulls[i]);
        }
    free(s->tpulls);
    free(s->tactive);
    s->tpulls = NULL;
    s->tactive = NULL;
    s->ntpulls = s->nactive = 0;
}
