/* SPDX-License-Identifier: MIT */
/* One fate per push group across shards (docs/design.md §3a,
 * "Agreement"): on a cluster of two shards or more, in the modes that
 * apply pushes on arrival, push.c stages each push and hands it here
 * whole and checked (prepared); it is applied when its group's COMMIT
 * comes, discarded on ABORT, and settled with the other shards when its
 * pusher's connection closes first. A PULL or CLOCK that comes after a
 * push on the same connection waits for that push's decision, so that
 * frames keep their order.
 *
 * Owns: prepared pushes, orphans, the per-rank log of fates, the SETTLE
 * questions and answers, deferred frames. Must NOT stage or check chunks
 * (push.c), or manage peer links (peer.c): it sends with tps__peer_send
 * and asks again from tps__fate_peer_up. */
#include "server_internal.h"

#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"

/* Deferred frames carry no strings: a PULL's and a CLOCK's handlers read
 * only these fields. */
struct tps__deferred_s {
    tps__deferred_t *next;
    uint64_t mark; /* decided once every push prepared before it is */
    Taups__Header h;
};

#define TPS_FATE_SPARE 8 /* decided pushes whose buffers are kept */

/* --- the log of fates ---------------------------------------------------- */

static int log_find(const tps__fates_t *f, int rank, uint64_t session,
                    uint64_t group) {
    const tps__fate_log_t *l = &f->log[rank];
    for (unsigned k = 0; k < l->count; k++) {
        const tps__fate_entry_t *e =
            &l->ring[(l->head + TPS_FATE_LOG - 1 - k) % TPS_FATE_LOG];
        if (e->group == group && e->session == session)
            return e->fate;
    }
    return 0;
}

static void log_put(tps__server_t *s, int rank, uint64_t session,
                    uint64_t group, int fate) {
    tps__fate_log_t *l = &s->fates.log[rank];
    if (l->ring == NULL &&
        (l->ring = calloc(TPS_FATE_LOG, sizeof(*l->ring))) == NULL) {
        tps__log_err("out of memory for the fates of worker %d: a late "
                     "question about group %llu goes unanswered",
                     rank, (unsigned long long)group);
        return;
    }
    tps__fate_entry_t *e = &l->ring[l->head];
    if (l->count == TPS_FATE_LOG && e->fate == TPS_FATE_NOT)
        l->fenced--;
    e->session = session;
    e->group = group;
    e->fate = fate;
    l->head = (l->head + 1) % TPS_FATE_LOG;
    if (l->count < TPS_FATE_LOG)
        l->count++;
    if (fate == TPS_FATE_NOT)
        l->fenced++;
}

int tps__fate_fenced(const sconn_t *sc, uint64_t group) {
    const tps__fates_t *f = &sc->srv->fates;
    return f->log[sc->rank].fenced > 0 &&
           log_find(f, sc->rank, sc->session, group) == TPS_FATE_NOT;
}

/* --- prepared pushes ----------------------------------------------------- */

static tps__prep_t *prep_new(tps__fates_t *f) {
    tps__prep_t *p = f->spare;
    if (p == NULL)
        return calloc(1, sizeof(*p));
    f->spare = p->next;
    f->nspare--;
    float *g = p->g;
    size_t cap = p->cap;
    memset(p, 0, sizeof(*p));
    p->g = g;
    p->cap = cap;
    return p;
}

static void prep_free(tps__fates_t *f, tps__prep_t *p) {
    if (f->nspare < TPS_FATE_SPARE) {
        p->next = f->spare;
        f->spare = p;
        f->nspare++;
        return;
    }
    free(p->g);
    free(p);
}

static void preps_free(tps__fates_t *f, tps__prep_t *list) {
    while (list) {
        tps__prep_t *next = list->next;
        prep_free(f, list);
        list = next;
    }
}

int tps__fate_prepare(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                      double scale, double gmax) {
    tps__server_t *s = sc->srv;
    int data = !sc->cur_drop && sc->stage_n > 0;
    if (data) {
        int rc = tps__shard_trial(&s->shard, t, sc->stage_off, sc->stage,
                                  sc->stage_n, scale, gmax, &sc->scratch,
                                  &sc->scratch_cap);
        if (rc < 0)
            return rc;
    }
    tps__prep_t *p = prep_new(&s->fates);
    if (p == NULL)
        return TPS_ENOMEM;
    if (data) {
        /* The stage becomes the push's; the connection stages the next
         * one in the buffer a decided push left. */
        float *g = p->g;
        size_t cap = p->cap;
        p->g = sc->stage;
        p->cap = sc->stage_cap;
        sc->stage = g;
        sc->stage_cap = cap;
        p->off = sc->stage_off;
        p->n = sc->stage_n;
    }
    p->seq = ++sc->prep_seq;
    p->group = sc->cur_group;
    p->group_n = sc->cur_group_n;
    p->tensor = h->tensor_id;
    p->request = h->request_id;
    p->clock = h->clock;
    p->read = h->version;
    p->scale = scale;
    p->gmax = gmax;
    p->stale = sc->cur_stale;
    p->weight = (float)sc->cur_weight;
    p->dropped = sc->cur_drop;
    tps__prep_t **end = &sc->preps;
    while (*end)
        end = &(*end)->next;
    *end = p;
    sc->npreps++;
    return 0;
}

/* Moves the pushes of `group` out of *list, in order; returns how many and
 * sets *want to how many the group has here. */
static int take_group(tps__prep_t **list, uint64_t group, tps__prep_t **out,
                      uint32_t *want) {
    int n = 0;
    tps__prep_t **tail = out;
    *out = NULL;
    for (tps__prep_t **pp = list; *pp;) {
        tps__prep_t *p = *pp;
        if (p->group != group) {
            pp = &p->next;
            continue;
        }
        *pp = p->next;
        p->next = NULL;
        *tail = p;
        tail = &p->next;
        *want = p->group_n;
        n++;
    }
    return n;
}

/* One push of a decided group: applied (a version of its own), counted,
 * traced. Returns 0 or TPS_ERANGE when the slice moved since the check
 * at prepare and the update would no longer stay finite. */
static int apply_prep(tps__server_t *s, int rank, tps__prep_t *p,
                      uint64_t *applied) {
    tps__shard_t *sh = &s->shard;
    tps__tensor_t *t = &sh->tensors[p->tensor];
    uint64_t at = t->version >= p->read ? t->version - p->read : 0;
    tps__hist_add(&sh->st.staleness, p->stale);
    if (p->dropped) {
        sh->st.dropped++;
        tps__trace(s, "drop", rank, p->clock, (int)p->tensor, t->version,
                   p->stale, p->weight, 0, p->read);
        return 0;
    }
    if (p->n > 0 && tps__shard_apply(sh, t, p->off, p->g, p->n, p->scale,
                                     p->gmax, &s->undo, &s->undo_cap) < 0) {
        s->fates.commit_refused++;
        sh->st.refused_by[TPS_REFUSE_NONFINITE_PARAM]++;
        tps__log_err("tensor \"%s\": push group %llu of worker %d, checked "
                     "at prepare, would make parameters non-finite at "
                     "commit (the slice moved since); not applied here",
                     t->name, (unsigned long long)p->group, rank);
        return TPS_ERANGE;
    }
    if (p->n > 0) {
        t->version++;
        sh->st.steps++;
    }
    sh->st.pushes++;
    tps__hist_add(&sh->st.staleness_applied, at);
    if (at > *applied)
        *applied = at;
    tps__trace(s, "push", rank, p->clock, (int)p->tensor, t->version,
               p->stale, p->weight, 0, p->read);
    return 0;
}

/* Applies a decided group in order and frees it; the largest staleness
 * at apply goes to *applied. Returns 0 or the first refusal. */
static int apply_group(tps__server_t *s, int rank, tps__prep_t *list,
                       uint64_t *applied) {
    int rc = 0;
    *applied = 0;
    for (tps__prep_t *p = list; p; p = p->next) {
        int r = apply_prep(s, rank, p, applied);
        rc = rc < 0 ? rc : r;
    }
    preps_free(&s->fates, list);
    if (s->pending)
        tps__pull_process_pending(s);
    return rc;
}

/* --- deferred frames ----------------------------------------------------- */

int tps__fate_defer(sconn_t *sc, const Taups__Header *h) {
    if (sc->npreps == 0 && sc->deferred == NULL)
        return 0;
    tps__deferred_t *d = malloc(sizeof(*d));
    if (d == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1,
                         "out of memory to keep a frame behind a push");
        return 1;
    }
    Taups__Header z = TAUPS__HEADER__INIT;
    z.op = h->op;
    z.request_id = h->request_id;
    z.rank = h->rank;
    z.tensor_id = h->tensor_id;
    z.offset = h->offset;
    z.count = h->count;
    z.clock = h->clock;
    z.version = h->version;
    z.codec = h->codec;
    z.codec_ratio = h->codec_ratio;
    z.chunk = h->chunk;
    d->h = z;
    d->mark = sc->prep_seq;
    d->next = NULL;
    tps__deferred_t **end = &sc->deferred;
    while (*end)
        end = &(*end)->next;
    *end = d;
    sc->srv->fates.deferred++;
    return 1;
}

/* Runs the frames whose pushes are all decided now, in arrival order. */
static void release(sconn_t *sc) {
    while (sc->deferred && !sc->doomed &&
           (sc->preps == NULL || sc->preps->seq > sc->deferred->mark)) {
        tps__deferred_t *d = sc->deferred;
        sc->deferred = d->next;
        if (d->h.op == TAUPS__OP__PULL)
            tps__pull_handle(sc, &d->h, 0);
        else
            tps__clock_handle(sc, &d->h);
        free(d);
    }
}

/* --- finding a group ----------------------------------------------------- */

static tps__orphan_t **orphan_find(tps__server_t *s, int rank,
                                   uint64_t session, uint64_t group) {
    for (tps__orphan_t **o = &s->fates.orphans; *o; o = &(*o)->next)
        if ((*o)->rank == rank && (*o)->session == session &&
            (*o)->group == group)
            return o;
    return NULL;
}

static void orphan_unlink(tps__server_t *s, tps__orphan_t **o) {
    tps__orphan_t *x = *o;
    *o = x->next;
    s->fates.norphans--;
    free(x->answer);
    free(x);
}

/* Takes the group's prepared pushes wherever they are here: on a
 * connection of (rank, session) (a reconnection may find them on the old
 * one, not yet closed) or in an orphan. Returns how many; *want is how
 * many the group has here. */
static int gather(tps__server_t *s, int rank, uint64_t session,
                  uint64_t group, tps__prep_t **out, uint32_t *want,
                  sconn_t **from) {
    *out = NULL;
    *from = NULL;
    for (sconn_t *o = s->conns; o; o = o->next) {
        if (o->npreps == 0 || o->rank != rank || o->session != session ||
            o->role != TPS_ROLE_WORKER)
            continue;
        int n = take_group(&o->preps, group, out, want);
        if (n > 0) {
            o->npreps -= n;
            *from = o;
            return n;
        }
    }
    tps__orphan_t **op = orphan_find(s, rank, session, group);
    if (op == NULL)
        return 0;
    int n = 0;
    for (tps__prep_t *p = (*op)->preps; p; p = p->next, n++)
        *want = p->group_n;
    *out = (*op)->preps;
    (*op)->preps = NULL;
    orphan_unlink(s, op);
    return n;
}

/* --- COMMIT and ABORT ---------------------------------------------------- */

static void send_commit_ok(sconn_t *sc, uint64_t group, uint64_t applied) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__COMMIT_OK;
    r.request_id = group;
    r.group = group;
    r.applied_staleness = applied;
    r.shard = sc->srv->shard.index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* A COMMIT of a group this shard does not hold whole: answered from what
 * it knows of it. */
static void commit_unknown(sconn_t *sc, const Taups__Header *h,
                           uint64_t group, int held, uint32_t want) {
    tps__server_t *s = sc->srv;
    int f = log_find(&s->fates, sc->rank, sc->session, group);
    if (held == 0 && f != TPS_FATE_NOT) {
        /* A repeat after a reconnection (committed already), or a group
         * this shard prepared before it crashed and was restored: lost on
         * this slice with every update after its checkpoint (§10), while
         * the shards that lived apply it. */
        if (f == 0)
            s->fates.commits_unknown++;
        send_commit_ok(sc, group, 0);
        return;
    }
    if (f == TPS_FATE_NOT)
        tps__reply_error(sc, h, TPS_EABORTED, 0,
                         "push group %llu of worker %d was settled as "
                         "aborted on shard %u (its connection to a shard "
                         "was lost before every shard held all of it)",
                         (unsigned long long)group, sc->rank,
                         s->shard.index);
    else
        tps__reply_error(sc, h, TPS_EINVAL, 0,
                         "COMMIT of push group %llu of worker %d: shard %u "
                         "holds %d of its %u pushes; nothing applied",
                         (unsigned long long)group, sc->rank, s->shard.index,
                         held, want);
}

void tps__fate_commit_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (sc->role != TPS_ROLE_WORKER || !s->two_phase) {
        tps__reply_error(sc, h, TPS_EPROTO, 1, "unexpected COMMIT: %s",
                         sc->role != TPS_ROLE_WORKER
                             ? "only workers commit"
                             : "this shard applies pushes on arrival (one "
                               "shard, or a mode that aggregates)");
        return;
    }
    uint64_t group = tps__group_of(h);
    tps__prep_t *list;
    uint32_t want = 0;
    sconn_t *from;
    int n = gather(s, sc->rank, sc->session, group, &list, &want, &from);
    if (h->status < 0) {
        preps_free(&s->fates, list);
        log_put(s, sc->rank, sc->session, group, TPS_FATE_NOT);
        s->fates.aborts++;
        tps__trace(s, "abort", sc->rank, h->clock, -1, 0, 0, 0, 0, group);
    } else if (n > 0 && (uint32_t)n == want) {
        uint64_t applied;
        int rc = apply_group(s, sc->rank, list, &applied);
        log_put(s, sc->rank, sc->session, group, TPS_FATE_COMMITTED);
        s->fates.commits++;
        if (rc < 0)
            tps__reply_error(sc, h, rc, 0,
                             "push group %llu of worker %d: an update would "
                             "make parameters non-finite on shard %u at "
                             "commit (lr too large?); not applied there",
                             (unsigned long long)group, sc->rank,
                             s->shard.index);
        else
            send_commit_ok(sc, group, applied);
    } else {
        preps_free(&s->fates, list);
        commit_unknown(sc, h, group, n, want);
    }
    if (from && from != sc)
        release(from);
    release(sc);
}

/* --- settling an orphan -------------------------------------------------- */

static void ask(tps__server_t *s, const tps__orphan_t *o, int peer) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__SETTLE;
    h.rank = o->rank;
    h.session = o->session;
    h.group = o->group;
    h.shard = s->shard.index;
    tps__peer_send(s, peer, &h); /* down: asked again when it is up */
}

static void orphan_decide(tps__server_t *s, tps__orphan_t **op, int commit) {
    tps__orphan_t *o = *op;
    uint64_t applied = 0;
    if (commit) {
        apply_group(s, o->rank, o->preps, &applied);
        s->fates.settled_committed++;
    } else {
        preps_free(&s->fates, o->preps);
        s->fates.settled_aborted++;
    }
    tps__log("push group %llu of worker %d, whose connection closed while "
             "it was prepared here, settled with the other shards: %s",
             (unsigned long long)o->group, o->rank,
             commit ? "committed" : "aborted");
    log_put(s, o->rank, o->session, o->group,
            commit ? TPS_FATE_COMMITTED : TPS_FATE_NOT);
    tps__trace(s, commit ? "settle-commit" : "settle-abort", o->rank, 0, -1,
               0, 0, 0, tps__now() * 1e3 - o->since, o->group);
    o->preps = NULL;
    orphan_unlink(s, op);
}

/* Commits once any shard has committed the group or every shard holds it
 * prepared; aborts once every shard has answered and one did not. */
static void orphan_check(tps__server_t *s, tps__orphan_t **op) {
    const tps__orphan_t *o = *op;
    int S = (int)s->shard.nshards, answered = 0, prepared = 0;
    for (int p = 0; p < S; p++) {
        if (o->answer[p] == TPS_FATE_COMMITTED) {
            orphan_decide(s, op, 1);
            return;
        }
        answered += o->answer[p] != 0;
        prepared += o->answer[p] == TPS_FATE_PREPARED;
    }
    if (answered == S)
        orphan_decide(s, op, prepared == S);
}

static void orphan_new(tps__server_t *s, const sconn_t *sc, uint64_t group,
                       tps__prep_t *list) {
    int S = (int)s->shard.nshards;
    tps__orphan_t *o = calloc(1, sizeof(*o));
    uint8_t *answer = calloc((size_t)S, 1);
    if (o == NULL || answer == NULL) {
        /* Without a record it cannot be settled: dropped, as a group
         * never prepared here would be; a peer asking is answered NOT. */
        tps__log_err("out of memory to settle push group %llu of worker "
                     "%d; discarded here",
                     (unsigned long long)group, sc->rank);
        free(o);
        free(answer);
        preps_free(&s->fates, list);
        return;
    }
    o->rank = sc->rank;
    o->session = sc->session;
    o->group = group;
    o->preps = list;
    o->answer = answer;
    o->answer[s->shard.index] = TPS_FATE_PREPARED;
    o->since = tps__now() * 1e3;
    o->next = s->fates.orphans;
    s->fates.orphans = o;
    s->fates.norphans++;
    for (int p = 0; p < S; p++)
        if (p != (int)s->shard.index)
            ask(s, o, p);
}

void tps__fate_conn_closed(sconn_t *sc) {
    tps__server_t *s = sc->srv;
    while (sc->deferred) {
        tps__deferred_t *d = sc->deferred;
        sc->deferred = d->next;
        free(d);
    }
    while (sc->preps) {
        tps__prep_t *list;
        uint32_t want = 0;
        int n = take_group(&sc->preps, sc->preps->group, &list, &want);
        if ((uint32_t)n == want && !s->stopping)
            orphan_new(s, sc, list->group, list);
        else
            preps_free(&s->fates, list); /* part of it: not prepared here */
    }
    sc->npreps = 0;
}

void tps__fate_settle_ok(tps__server_t *s, int peer, const Taups__Header *h) {
    if (peer < 0 || peer >= (int)s->shard.nshards || h->rank < 0 ||
        h->rank >= s->fates.nranks || h->fate < TPS_FATE_NOT ||
        h->fate > TPS_FATE_COMMITTED)
        return;
    tps__orphan_t **op = orphan_find(s, h->rank, h->session, h->group);
    if (op == NULL)
        return; /* decided already: its client's COMMIT came */
    (*op)->answer[peer] = (uint8_t)h->fate;
    orphan_check(s, op);
}

void tps__fate_peer_up(tps__server_t *s, int peer) {
    for (tps__orphan_t *o = s->fates.orphans; o; o = o->next)
        if (o->answer[peer] == 0)
            ask(s, o, peer);
}

/* What this shard holds of a group a peer asks about. NOT fences it
 * first: its pushes here are discarded and its later chunks refused, so
 * that it can never become prepared here after this answer. */
static int answer_for(tps__server_t *s, int rank, uint64_t session,
                      uint64_t group) {
    int f = log_find(&s->fates, rank, session, group);
    if (f)
        return f;
    if (orphan_find(s, rank, session, group))
        return TPS_FATE_PREPARED;
    for (sconn_t *o = s->conns; o; o = o->next) {
        if (o->npreps == 0 || o->rank != rank || o->session != session ||
            o->role != TPS_ROLE_WORKER)
            continue;
        uint32_t want = 0, n = 0;
        for (tps__prep_t *p = o->preps; p; p = p->next)
            if (p->group == group) {
                n++;
                want = p->group_n;
            }
        if (n > 0 && n == want)
            return TPS_FATE_PREPARED;
        tps__prep_t *list;
        o->npreps -= take_group(&o->preps, group, &list, &want);
        preps_free(&s->fates, list);
        release(o);
    }
    log_put(s, rank, session, group, TPS_FATE_NOT);
    s->fates.fenced++;
    return TPS_FATE_NOT;
}

void tps__fate_settle_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (h->rank < 0 || h->rank >= s->fates.nranks) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "SETTLE names worker %d, outside [0, %d)", h->rank,
                         s->fates.nranks);
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__SETTLE_OK;
    r.request_id = h->request_id;
    r.rank = h->rank;
    r.session = h->session;
    r.group = h->group;
    r.fate = (uint32_t)answer_for(s, h->rank, h->session, h->group);
    r.shard = s->shard.index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* --- the server's record ------------------------------------------------- */

int tps__fate_init(tps__server_t *s) {
    tps__fates_t *f = &s->fates;
    memset(f, 0, sizeof(*f));
    f->nranks = s->cfg.workers > 0 ? s->cfg.workers : 1;
    f->log = calloc((size_t)f->nranks, sizeof(*f->log));
    return f->log ? 0 : TPS_ENOMEM;
}

void tps__fate_free(tps__server_t *s) {
    tps__fates_t *f = &s->fates;
    while (f->orphans) {
        preps_free(f, f->orphans->preps);
        f->orphans->preps = NULL;
        orphan_unlink(s, &f->orphans);
    }
    while (f->spare) {
        tps__prep_t *p = f->spare;
        f->spare = p->next;
        free(p->g);
        free(p);
    }
    for (int r = 0; f->log && r < f->nranks; r++)
        free(f->log[r].ring);
    free(f->log);
    f->log = NULL;
}
