/* SPDX-License-Identifier: MIT */
/* Hello, authentication and the workers' membership of a shard: checks a
 * client's hello against the cluster, runs the key handshake
 * (tps_auth.h), admits a worker at its clock, and records a worker's
 * leaving (closed, replaced, or not back within --rejoin-grace).
 *
 * Must NOT serve frames of a connection that has said hello (dispatch.c),
 * nor accept, cap or close connections (accept.c): it asks those rooms to
 * close or refuse, through server_internal.h. */
#include "server_internal.h"

#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_auth.h"
#include "tps_config.h"
#include "tps_log.h"

/* Rank has left: closed, replaced by its own reconnection, or awaited
 * after a restore for longer than --rejoin-grace. */
static void rank_left(tps__server_t *s, int rank, const char *how) {
    /* The barrier and the gate must never wait for the departed. A
     * contribution it committed still counts; pushes it did not commit
     * are discarded, as on every other shard (see consistency.h). */
    if (s->shard.aggregate && !s->members.committed[rank])
        for (int i = 0; i < s->shard.ntensors; i++)
            tps__syncbuf_discard(&s->shard.tensors[i].sync, rank);
    tps__members_leave(&s->members, rank);
    tps__log("worker %d %s at clock %llu; %d worker%s live", rank, how,
            (unsigned long long)s->members.clock[rank], s->members.nlive,
            s->members.nlive == 1 ? "" : "s");
    tps__trace(s, "leave", rank, s->members.clock[rank], -1, 0, 0, 0, 0, 0);
}

void tps__worker_left(sconn_t *sc) {
    rank_left(sc->srv, sc->rank, "left");
    sc->hello = 0;
}

/* A restored shard stops waiting for the ranks its checkpoint saw live
 * and that have not come back: they count as having left, as they would
 * had this shard seen them go, and what waited for them moves on. */
void tps__rejoin_expire(tps__server_t *s) {
    if (s->members.nawaited == 0 || tps__now() < s->rejoin_deadline)
        return;
    for (int r = 0; r < s->members.n; r++)
        if (s->members.awaited[r])
            rank_left(s, r, "did not come back within --rejoin-grace");
    if (s->shard.aggregate)
        tps__step_try(s);
    tps__pull_process_pending(s);
}

/* The cluster as the client sees it matches this shard's: protocol, shard
 * index and count. Returns 0, or -1 after refusing it. */
static int hello_cluster_ok(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    const tps__shard_t *sh = &s->shard;
    if (h->proto_version != TPS_PROTO_VERSION) {
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
                    "protocol version %u, this server speaks %d",
                    h->proto_version, TPS_PROTO_VERSION);
        return -1;
    }
    if (h->shards != sh->nshards || h->shard != sh->index) {
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
                    "client thinks this is shard %u of %u, but %s is shard "
                    "%u of %u: the cluster lists differ",
                    h->shard, h->shards, s->listen_text, sh->index,
                    sh->nshards);
        return -1;
    }
    return 0;
}

/* A worker's count and rank fit the cluster, and its rank is free: a
 * connection that holds it is dropped when this is its own reconnection.
 * Returns 0, or -1 after refusing it. */
static int worker_rank_ok(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if ((int)h->workers != s->cfg.workers) {
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
                    "worker %d expects %u workers, the cluster has %d",
                    h->rank, h->workers, s->cfg.workers);
        return -1;
    }
    if (h->rank < 0 || h->rank >= s->cfg.workers) {
        tps__refuse(sc, h, TPS_EINVAL, &s->handshakes_refused,
                    "worker rank %d is outside [0, %d)", h->rank,
                    s->cfg.workers);
        return -1;
    }
    for (sconn_t *o = s->conns; o; o = o->next) {
        if (o == sc || !o->hello || o->doomed ||
            o->role != TPS_ROLE_WORKER || o->rank != h->rank)
            continue;
        /* The same client instance reconnecting before this shard has
         * noticed its old connection die (a network failure sends no
         * FIN), or, when clients prove the key, a restarted worker
         * (a new session): the old connection is dropped. Without a
         * key anyone else is refused, so that a stranger cannot take
         * a live worker's rank. */
        if (s->cfg.key.set ||
            (h->session != 0 && h->session == s->dedup[h->rank].session)) {
            tps__log_warn("%s: worker %d reconnected from %s; dropping its "
                    "old connection",
                    o->peer, h->rank, sc->peer);
            tps__worker_left(o);
            tps__conn_close(&o->c);
            continue;
        }
        tps__refuse(sc, h, TPS_EBUSY, &s->handshakes_refused,
                    "worker rank %d is already connected from %s",
                    h->rank, o->peer);
        return -1;
    }
    return 0;
}

/* A worker whose hello was accepted joins the members; returns the clock
 * it starts at. */
static uint64_t worker_join(tps__server_t *s, const Taups__Header *h) {
    uint64_t clock;
    if (h->clock > 0 && !tps__members_formed(&s->members)) {
        /* Restarted without a checkpoint: the ranks still missing may have
         * left for good, so they are awaited for --rejoin-grace only, and
         * in the aggregating modes the shard takes the workers' step. */
        tps__members_await_missing(&s->members, h->clock);
        s->rejoin_deadline = tps__now() + s->cfg.rejoin_grace;
        s->behind = 1;
        tps__log("worker %d comes back at clock %llu: the cluster formed "
                "before this shard started; the ranks not yet back are "
                "awaited for up to %g s (--rejoin-grace)",
                h->rank, (unsigned long long)h->clock, s->cfg.rejoin_grace);
    }
    /* A (re)joining worker starts at the current clock: in sync modes
     * the step count, plus one when its commit of the pending step is
     * already in (it must not push that step again); otherwise the
     * slowest live worker's clock, so that it neither stalls the others
     * nor is stalled by them. */
    tps__dedup_session(&s->dedup[h->rank], h->session);
    if (tps__consistency_aggregates(&s->cfg.cons)) {
        clock = s->step + s->members.committed[h->rank];
    } else if (s->members.nlive > 0) {
        clock = tps__members_min_clock(&s->members);
    } else {
        clock = s->members.clock[h->rank];
    }
    tps__members_join(&s->members, h->rank, clock);
    tps__trace(s, "join", h->rank, clock, -1, 0, 0, 0, 0, 0);
    return clock;
}

/* HELLO_OK: the cluster's mode and bounds, and the clock to start at. */
static void send_hello_ok(sconn_t *sc, const Taups__Header *h,
                          uint64_t clock) {
    tps__server_t *s = sc->srv;
    const tps__shard_t *sh = &s->shard;
    const tps__consistency_t *cons = &s->cfg.cons;
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__HELLO_OK;
    r.request_id = h->request_id;
    r.proto_version = TPS_PROTO_VERSION;
    r.shard = sh->index;
    r.shards = sh->nshards;
    r.workers = (uint32_t)s->cfg.workers;
    r.mode = (char *)cons->mode->name;
    r.local_steps = (uint32_t)cons->local_steps;
    r.bound = cons->mode->gates_pulls ? cons->staleness
              : cons->max_staleness >= 0 ? (uint64_t)cons->max_staleness
                                         : 0;
    r.clock = clock;
    r.grad_norm = (float)sh->optim.clip_norm;
    /* Pushes need one staleness decision for every shard when staleness
     * changes what is applied (docs/design.md §3a). */
    int async_avg =
        cons->mode->drops_stale && !tps__consistency_aggregates(cons);
    r.decided = async_avg && (cons->max_staleness >= 0 ||
                              sh->optim.weight != TPS_WEIGHT_NONE ||
                              cons->mode->local_steps);
    r.cutoff = async_avg ? cons->max_staleness : -1;
    r.two_phase = s->two_phase;
    r.config = s->config;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Another shard's hello (docs/design.md §3a, Peers): it names a shard of
 * this cluster other than this one, and the settings that decide a fate
 * are this shard's, or the cluster is refused on both. An earlier link of
 * the same peer is replaced. Returns 0, or -1 after refusing it. */
static int peer_ok(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    const tps__shard_t *sh = &s->shard;
    if (h->rank < 0 || (uint32_t)h->rank >= sh->nshards ||
        (uint32_t)h->rank == sh->index) {
        tps__refuse(sc, h, TPS_EINVAL, &s->handshakes_refused,
                    "a peer says it is shard %d: not another shard of this "
                    "cluster of %u",
                    h->rank, sh->nshards);
        return -1;
    }
    char why[300];
    if (tps__config_diff(h->config, h->rank, s->config, (int)sh->index, why,
                         sizeof(why))) {
        tps__peer_refuse_cluster(s, why);
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused, "%s", why);
        return -1;
    }
    for (sconn_t *o = s->conns; o; o = o->next)
        if (o != sc && o->hello && o->role == TPS__ROLE_PEER &&
            o->rank == h->rank && !o->doomed)
            tps__conn_close(&o->c);
    return 0;
}

/* The hello of a client that has proved the key (or of any client when
 * this shard has none). */
static void hello_accept(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (hello_cluster_ok(sc, h) < 0)
        return;
    int role = (int)h->role;
    if (role != TPS_ROLE_WORKER && role != TPS_ROLE_EVALUATOR &&
        role != TPS_ROLE_ADMIN && role != TPS__ROLE_PEER) {
        tps__reply_error(sc, h, TPS_EPROTO, 1, "unknown role %d", role);
        return;
    }
    if (role == TPS__ROLE_PEER && peer_ok(sc, h) < 0)
        return;
    if ((role == TPS_ROLE_WORKER || role == TPS_ROLE_EVALUATOR) &&
        s->refusal[0]) {
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused, "%s",
                    s->refusal);
        return;
    }
    if (role == TPS_ROLE_WORKER && worker_rank_ok(sc, h) < 0)
        return;
    const tps__consistency_t *cons = &s->cfg.cons;
    if (h->mode && h->mode[0] && tps__mode_find(h->mode) != cons->mode) {
        tps__refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
                    "worker %d expects mode %s, but %s runs mode %s",
                    h->rank, h->mode, s->listen_text, cons->mode->name);
        return;
    }
    sc->hello = 1;
    tps__hs_remove(s, sc);
    sc->role = role;
    sc->rank = h->rank; /* a peer's: its shard index */
    sc->skip_seen = s->skip_step;
    sc->inherited_commit = role == TPS_ROLE_WORKER && s->shard.aggregate &&
                           s->members.committed[h->rank];
    uint64_t clock = role == TPS_ROLE_WORKER ? worker_join(s, h) : 0;
    sc->session = h->session;
    if (!s->cfg.quiet || role == TPS_ROLE_WORKER)
        tps__log("%s: hello from %s %d", sc->peer,
                role == TPS_ROLE_WORKER      ? "worker"
                : role == TPS_ROLE_EVALUATOR ? "evaluator"
                : role == TPS__ROLE_PEER     ? "shard"
                                             : "admin",
                h->rank);
    send_hello_ok(sc, h, clock);
}

/* A hello: accepted at once by a shard without a key; otherwise answered
 * with the challenge, and kept until the client's proof arrives. */
void tps__hello_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (!s->cfg.key.set) {
        sc->auth = 2;
        hello_accept(sc, h);
        return;
    }
    if (h->nonce.len != TPS_NONCE_BYTES) {
        tps__refuse(sc, h, TPS_EAUTH, &s->auth_failures,
                    "%s requires authentication: start the client with "
                    "--key-file and the cluster's key",
                    s->listen_text);
        return;
    }
    if (s->cfg.frame_mac && !h->frame_mac) {
        tps__refuse(sc, h, TPS_EAUTH, &s->auth_failures,
                    "%s requires a tag on every frame: start the client "
                    "with --frame-mac",
                    s->listen_text);
        return;
    }
    size_t n = taups__header__get_packed_size(h);
    if ((sc->hello_buf = malloc(n)) == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for a hello");
        return;
    }
    sc->hello_len = taups__header__pack(h, sc->hello_buf);
    memcpy(sc->nonce_c, h->nonce.data, TPS_NONCE_BYTES);
    tps__auth_nonce(sc->nonce_s);
    uint8_t proof[TPS_MAC_BYTES];
    tps__auth_proof(&s->cfg.key, TPS_AUTH_SHARD, sc->nonce_c, sc->nonce_s, h,
                   proof);
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__CHALLENGE;
    r.request_id = h->request_id;
    r.shard = s->shard.index;
    r.nonce.data = sc->nonce_s;
    r.nonce.len = TPS_NONCE_BYTES;
    r.mac.data = proof;
    r.mac.len = TPS_MAC_BYTES;
    sc->auth = 1;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* The client's proof: checked against the kept hello, which is then
 * accepted. */
void tps__auth_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    Taups__Header *hello =
        taups__header__unpack(NULL, sc->hello_len, sc->hello_buf);
    free(sc->hello_buf);
    sc->hello_buf = NULL;
    if (hello == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for a hello");
        return;
    }
    if (!tps__auth_check(&s->cfg.key, TPS_AUTH_CLIENT, sc->nonce_c,
                        sc->nonce_s, hello, h->mac.data, h->mac.len)) {
        tps__refuse(sc, hello, TPS_EAUTH, &s->auth_failures,
                    "authentication failed: the client does not hold "
                    "this cluster's key (check --key-file on both "
                    "sides)");
    } else {
        sc->auth = 2;
        /* From here on both directions carry tags: the shard's answer to
         * this hello is the first tagged frame it sends. */
        if (hello->frame_mac)
            tps__conn_set_mac(&sc->c, &s->cfg.key, TPS_AUTH_SHARD, sc->nonce_c,
                             sc->nonce_s);
        hello_accept(sc, hello);
    }
    taups__header__free_unpacked(hello, NULL);
}
