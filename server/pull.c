/* SPDX-License-Identifier: MIT */
/* Pulls on a shard: the gate that says when a pull may be answered (never
 * in the middle of a push to its tensor; a worker's pull passes its mode's
 * consistency gate; an evaluator's may wait for a version), the pulls it
 * holds back until then, and the replies: dense ones sent from a snapshot of
 * the parameters, encoded ones from the connection's spare reply buffers.
 *
 * Must NOT change parameters, versions or clocks (push.c and consistency.c
 * do), and must not manage connections beyond its held pulls and reply
 * buffers (server.c). */
#include "server_internal.h"

#include <stdlib.h>

#include "taups.h"
#include "tps_codec.h"
#include "tps_log.h"

/* Reply buffers a connection keeps for its next encoded replies: enough
 * for the chunks of a pull or two in flight; more are freed, so that a
 * burst of replies leaves no memory behind. */
#define MAX_SPARE 4

static void on_reply_sent(void *arg, int status) {
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

/* A buffer of at least n bytes for an encoded reply. */
static outbuf_t *take_outbuf(sconn_t *sc, size_t n) {
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
static int answer_chunk(sconn_t *sc, const pull_req_t *q, tps_tensor_t *t,
                        uint64_t off, uint64_t n) {
    tps_shard_t *sh = &sc->srv->shard;
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
    tps_codec_stats_t *cs = tps__codec_stats(sh, q->codec, q->ratio);
    cs->pull_frames++;
    cs->raw_out += r.raw_len;
    if (q->codec == 0) {
        cs->wire_out += tps_frame_meta_size(&r) + r.raw_len;
        /* Sent from the parameters; what the kernel does not take at once
         * is copied, so that a push applied later cannot reach a reply
         * still queued (a pull is one version). */
        int err = tps_conn_send_snapshot(&sc->c, &r, x, r.raw_len);
        if (err < 0) {
            tps_log_warn("%s: cannot send reply: %s; closing", sc->peer,
                    tps_strerror(err));
            tps_conn_close(&sc->c);
        }
        return err;
    }
    /* Compressed: encoded (statelessly) into a reply buffer of this
     * connection, since the bytes must outlive this call. */
    tps_codec_t codec;
    tps__codec_unpack(&codec, q->codec, q->ratio); /* checked on arrival */
    size_t wire = tps__codec_wire_size(&codec, n);
    outbuf_t *b = take_outbuf(sc, wire ? wire : 1);
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
        on_reply_sent(b, 0);
        tps__reply_error(sc, NULL, (int)m, 0,
                         "tensor \"%s\": cannot encode a pull: %s", t->name,
                         tps_strerror((int)m));
        return (int)m;
    }
    r.encoded_len = (uint64_t)m;
    cs->wire_out += tps_frame_meta_size(&r) + (uint64_t)m;
    tps__send_or_close(sc, &r, b->data, (uint64_t)m, on_reply_sent, b);
    return 0;
}

/* Answers a pull with every chunk at once, from one state of the tensor:
 * nothing runs on the loop between the chunks. */
static void answer_pull(sconn_t *sc, const pull_req_t *q, double blocked_s) {
    tps_server_t *s = sc->srv;
    tps_tensor_t *t = &s->shard.tensors[q->tensor_id];
    if (sc->role == TPS_ROLE_WORKER)
        tps__trace(s, "pull", sc->rank, q->clock, (int)q->tensor_id, t->version,
                   0, 0, blocked_s * 1e3, 0);
    uint64_t most = s->cfg.lim.max_payload / sizeof(float);
    uint64_t chunk = q->chunk && q->chunk < most ? q->chunk : most;
    uint64_t off = q->offset, end = q->offset + q->count;
    do {
        uint64_t n = end - off < chunk ? end - off : chunk;
        if (answer_chunk(sc, q, t, off, n) < 0)
            return;
        off += n;
    } while (off < end);
}

/* May this pull be answered now? Never while another connection is in the
 * middle of a push to the tensor; a worker's pull passes its mode's gate;
 * an evaluator's gated pull (clock > 0) waits for that version, a step
 * boundary, unless no worker is left to make it. */
static int pull_ready(const tps_server_t *s, const sconn_t *sc,
                      const pull_req_t *q) {
    const tps_tensor_t *t = &s->shard.tensors[q->tensor_id];
    if (t->pushing > 0)
        return 0;
    if (sc->role == TPS_ROLE_WORKER)
        return tps__pull_allowed(&s->cfg.cons, &s->members, t->version,
                                 q->clock);
    return q->clock == 0 || t->version >= q->clock || s->members.nlive == 0;
}

/* The largest clock a worker's pull may claim and pass its gate now: the
 * step in aggregating modes (every tensor's version), the slowest clock
 * plus the bound in ssp. Gates of other modes never hold a pull. */
static uint64_t gate_watermark(const tps_server_t *s) {
    const tps_consistency_t *c = &s->cfg.cons;
    if (tps__consistency_aggregates(c))
        return s->step;
    if (c->mode == TPS_MODE_SSP) {
        uint64_t min = tps__members_min_clock(&s->members);
        return min > UINT64_MAX - c->staleness ? UINT64_MAX
                                               : min + c->staleness;
    }
    return UINT64_MAX;
}

static int heap_less(const pending_t *a, const pending_t *b) {
    return a->req.clock < b->req.clock ||
           (a->req.clock == b->req.clock && a->seq < b->seq);
}

static void heap_up(pending_t **h, size_t i) {
    while (i > 0 && heap_less(h[i], h[(i - 1) / 2])) {
        pending_t *t = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static void heap_down(pending_t **h, size_t n, size_t i) {
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && heap_less(h[l], h[m]))
            m = l;
        if (r < n && heap_less(h[r], h[m]))
            m = r;
        if (m == i)
            return;
        pending_t *t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static pending_t *heap_pop(tps_server_t *s) {
    pending_t *top = s->heap[0];
    s->heap[0] = s->heap[--s->nheap];
    heap_down(s->heap, s->nheap, 0);
    return top;
}

static void release(tps_server_t *s, pending_t *p, double now) {
    s->shard.st.blocked_s += now - p->since;
    p->sc->held--;
    answer_pull(p->sc, &p->req, now - p->since);
    free(p);
}

void tps__pull_process_pending(tps_server_t *s) {
    double now = tps_now();
    /* Pulls whose gate opened; those still behind a push in progress
     * join the wait list (in arrival order, as the heap yields them). */
    pending_t **tail = &s->pending;
    while (*tail)
        tail = &(*tail)->next;
    uint64_t w = gate_watermark(s);
    while (s->nheap > 0 && s->heap[0]->req.clock <= w) {
        pending_t *p = heap_pop(s);
        if (pull_ready(s, p->sc, &p->req)) {
            release(s, p, now);
        } else {
            p->next = NULL;
            *tail = p;
            tail = &p->next;
        }
    }
    for (pending_t **pp = &s->pending; *pp;) {
        pending_t *p = *pp;
        if (!pull_ready(s, p->sc, &p->req)) {
            pp = &p->next;
            continue;
        }
        *pp = p->next;
        release(s, p, now);
    }
}

void tps__pull_handle(sconn_t *sc, const Taups__Header *h, uint64_t len) {
    tps_server_t *s = sc->srv;
    tps_tensor_t *t = tps__check_range(sc, h, len, 0);
    if (t == NULL)
        return;
    pull_req_t q = {h->request_id, h->offset,    h->count, h->clock,
                    h->chunk,      h->tensor_id, h->codec, h->codec_ratio};
    tps_codec_t codec;
    if (h->codec != 0 &&
        tps__codec_unpack(&codec, h->codec, h->codec_ratio) < 0) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "pull of tensor \"%s\": invalid codec "
                         "id 0x%x",
                         t->name, h->codec);
        return;
    }
    /* Admins read what is there and never count; evaluators too, unless
     * they ask for a version (a snapshot at a step boundary). Only a
     * worker's CLOCK moves its clock: the clock a pull claims never does. */
    if (sc->role == TPS_ROLE_ADMIN)
        q.clock = 0;
    if (pull_ready(s, sc, &q)) {
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
    int gated = sc->role == TPS_ROLE_WORKER && q.clock > gate_watermark(s);
    if (gated && s->nheap == s->heap_cap) {
        size_t cap = s->heap_cap ? 2 * s->heap_cap : 64;
        pending_t **nh = realloc(s->heap, cap * sizeof(*nh));
        if (nh == NULL) {
            tps__reply_error(sc, h, TPS_ENOMEM, 1,
                             "out of memory queueing a pull");
            return;
        }
        s->heap = nh;
        s->heap_cap = cap;
    }
    pending_t *p = malloc(sizeof(*p));
    if (p == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory queueing a pull");
        return;
    }
    p->sc = sc;
    p->req = q;
    p->since = tps_now();
    p->seq = s->pull_seq++;
    p->next = NULL;
    if (gated) {
        s->heap[s->nheap] = p;
        heap_up(s->heap, s->nheap++);
    } else {
        /* Behind a push in progress (or an evaluator's version): the
         * list's order is arrival order. */
        pending_t **pp = &s->pending;
        while (*pp)
            pp = &(*pp)->next;
        *pp = p;
    }
    sc->held++;
    s->shard.st.pulls_blocked++;
}

void tps__pull_forget(sconn_t *sc) {
    tps_server_t *s = sc->srv;
    if (sc->held > 0) {
        size_t k = 0;
        for (size_t i = 0; i < s->nheap; i++) {
            if (s->heap[i]->sc == sc)
                free(s->heap[i]);
            else
                s->heap[k++] = s->heap[i];
        }
        if (k < s->nheap) {
            s->nheap = k;
            for (size_t i = k / 2 + 1; i-- > 0;)
                heap_down(s->heap, s->nheap, i);
        }
    }
    for (pending_t **pp = &s->pending; *pp;) {
        pending_t *p = *pp;
        if (p->sc == sc) {
            *pp = p->next;
            free(p);
        } else {
            pp = &p->next;
        }
    }
    sc->held = 0;
    while (sc->spare) {
        outbuf_t *b = sc->spare;
        sc->spare = b->next;
        free(b);
    }
    sc->nspare = 0;
}

size_t tps__pull_held(const tps_server_t *s) {
    size_t n = s->nheap;
    for (const pending_t *p = s->pending; p; p = p->next)
        n++;
    return n;
}

void tps__pull_free_all(tps_server_t *s) {
    for (size_t i = 0; i < s->nheap; i++)
        free(s->heap[i]);
    free(s->heap);
    s->heap = NULL;
    s->nheap = s->heap_cap = 0;
    while (s->pending) {
        pending_t *p = s->pending;
        s->pending = p->next;
        free(p);
    }
}
