/* SPDX-License-Identifier: MIT */
/* Shard server: the listener, the connection list, accept, hello, declare,
 * the frame dispatch, error and stats replies, start, stop and free; see
 * server.h.
 *
 * Must NOT decide what a push does or when a pull is answered: PUSH, CLOCK
 * and VERSION frames go to push.c, PULL frames to pull.c, through
 * server_internal.h. A closing connection hands its open push and its held
 * pulls back to those rooms. */
#include "server_internal.h"

#include "stats.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <netdb.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "taups.h"
#include "tps_auth.h"
#include "tps_cluster.h"
#include "tps_conn.h"
#include "tps_log.h"

/* One trace row; min_clock is -1 when no worker is live. */
void tps__trace(tps__server_t *s, const char *event, int rank, uint64_t clock,
                int tensor, uint64_t version, uint64_t staleness, double weight,
                double blocked_ms, uint64_t read) {
    if (s->trace == NULL)
        return;
    uint64_t min = tps__members_min_clock(&s->members);
    fprintf(s->trace, "%.6f,%s,%d,%llu,%d,%llu,%llu,%.6g,%lld,%.3f,%llu\n",
            tps__now() - s->started, event, rank, (unsigned long long)clock,
            tensor, (unsigned long long)version, (unsigned long long)staleness,
            weight, min == UINT64_MAX ? -1LL : (long long)min, blocked_ms,
            (unsigned long long)read);
}

void tps__server_config_init(tps__server_config_t *cfg) {
    memset(cfg, 0, sizeof(*cfg));
    cfg->workers = 1;
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    char err[64];
    tps__optim_init(&cfg->optim, &oc, err, sizeof(err));
    cfg->cons.mode = TPS_MODE_ASYNC;
    cfg->cons.max_staleness = -1;
    cfg->cons.local_sync = 1;
    cfg->cons.local_steps = 1;
    cfg->stats_every = 10;
    cfg->lim.max_header = TPS_DEFAULT_MAX_HEADER;
    cfg->lim.max_payload = TPS_DEFAULT_MAX_PAYLOAD;
    cfg->max_tensors = 64;
    cfg->max_elements = (uint64_t)1 << 31;
    cfg->max_connections = 256;
    cfg->hello_timeout = 5;
    cfg->rejoin_grace = 10;
    cfg->keepalive = TPS_KEEPALIVE_S;
    cfg->header_timeout = 10;
    cfg->idle_timeout = 600;
    cfg->conn_buffer = TPS_WRITE_HIGH_WATER;
    cfg->max_held_pulls = 1024;
    /* Half of what this process may use (a cgroup's limit if lower than
     * the machine's): the rest is for the connections' buffers, the
     * checkpoint writer's copy-on-write pages and everything else. */
    uint64_t mem = uv_get_total_memory(), lim = uv_get_constrained_memory();
    if (lim > 0 && lim < mem)
        mem = lim;
    cfg->max_memory = mem / 2;
}

/* A declaration whose initial values are computed off the loop, and the
 * declarations of the same tensor waiting for them. */
typedef struct init_waiter_s {
    struct init_waiter_s *next;
    sconn_t *sc; /* NULL once it closed */
    uint64_t request_id;
} init_waiter_t;

typedef struct init_job_s {
    uv_work_t req;
    struct init_job_s *next;
    tps__server_t *srv;
    int id;
    double t0;
    init_waiter_t *waiters;
} init_job_t;

static void decl_forget(sconn_t *sc);
static void hs_remove(tps__server_t *s, sconn_t *sc);

static void conn_list_remove(tps__server_t *s, sconn_t *sc) {
    if (sc->prev)
        sc->prev->next = sc->next;
    else if (s->conns == sc)
        s->conns = sc->next;
    if (sc->next)
        sc->next->prev = sc->prev;
    sc->prev = sc->next = NULL;
}

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

static void worker_left(sconn_t *sc) {
    rank_left(sc->srv, sc->rank, "left");
    sc->hello = 0;
}

/* A restored shard stops waiting for the ranks its checkpoint saw live
 * and that have not come back: they count as having left, as they would
 * had this shard seen them go, and what waited for them moves on. */
static void rejoin_expire(tps__server_t *s) {
    if (s->members.nawaited == 0 || tps__now() < s->rejoin_deadline)
        return;
    for (int r = 0; r < s->members.n; r++)
        if (s->members.awaited[r])
            rank_left(s, r, "did not come back within --rejoin-grace");
    if (s->shard.aggregate)
        tps__step_try(s);
    tps__pull_process_pending(s);
}

static void on_conn_closed(tps__conn_t *c) {
    sconn_t *sc = (sconn_t *)c;
    tps__server_t *s = sc->srv;
    s->closed_bytes_in += c->bytes_in;
    s->closed_bytes_out += c->bytes_out;
    tps__push_close(sc);
    conn_list_remove(s, sc);
    hs_remove(s, sc);
    if (!sc->evicted)
        s->nconns--;
    tps__pull_forget(sc);
    tps__ckpt_forget(s, sc);
    for (init_job_t *j = s->inits; j; j = j->next)
        for (init_waiter_t *w = j->waiters; w; w = w->next)
            if (w->sc == sc)
                w->sc = NULL;
    decl_forget(sc);
    ZSTD_freeDCtx(sc->zd);
    free(sc->zbuf);
    free(sc->scratch);
    free(sc->stage);
    free(sc->stage_counts);
    free(sc->undo);
    free(sc->hello_buf);
    if (sc->hello && sc->role == TPS_ROLE_WORKER && !s->stopping) {
        worker_left(sc);
        tps__step_try(s);
        tps__pull_process_pending(s);
    }
#if defined(__GLIBC__)
    /* A connection that filled its --conn-buffer left up to that much in
     * freed blocks of the heap, which glibc returns to the system only
     * from its top: without this the shard kept the memory of a client
     * long gone. */
    if (c->pauses > 0)
        malloc_trim(0);
#endif
    free(sc);
}

static void close_conn(sconn_t *sc) {
    tps__conn_close(&sc->c);
}

static void on_error_sent(void *arg, int status) {
    (void)status;
    close_conn(arg);
}

/* tps__reply_error, with the counter a fatal error adds one to (NULL:
 * none): a refused handshake or a failed authentication is not a frame
 * that broke the protocol, and an operator reading the counters must be
 * able to tell a misconfigured worker from a broken or hostile client. */
__attribute__((format(printf, 6, 0)))
static void reply_error_va(sconn_t *sc, const Taups__Header *h, int status,
                           int fatal, uint64_t *count, const char *fmt,
                           va_list ap) {
    char msg[512];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    if (fatal && count)
        (*count)++;
    /* A peer that makes mistakes by the thousand (or on purpose) must not
     * turn the log into the bottleneck or fill the journal: a connection's
     * first few answers are logged, the rest only counted. */
    if (fatal || sc->errors_logged < 10)
        tps__log_warn("%s: %s%s", sc->peer, msg,
                     fatal ? "; closing the connection" : "");
    if (!fatal && ++sc->errors_logged == 10)
        tps__log_warn("%s: further refusals on this connection are counted, "
                     "not logged", sc->peer);
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__ERROR;
    r.request_id = h ? h->request_id : 0;
    r.status = status;
    r.error = msg;
    r.shard = sc->srv->shard.index;
    if (fatal) {
        sc->doomed = 1;
        tps__conn_stop_reading(&sc->c);
        if (tps__conn_send(&sc->c, &r, NULL, 0, on_error_sent, sc) < 0)
            close_conn(sc);
    } else {
        tps__conn_send(&sc->c, &r, NULL, 0, NULL, NULL);
    }
}

/* Answers request `h` with an error and, when `fatal`, closes the connection
 * once the reply is out. The message is also logged with the peer's name. */
void tps__reply_error(sconn_t *sc, const Taups__Header *h, int status,
                      int fatal, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    /* A frame that breaks the protocol is counted here; refused pushes by
     * their handler; a failed declaration or lookup is an answer. */
    reply_error_va(sc, h, status, fatal, &sc->srv->protocol_errors, fmt, ap);
    va_end(ap);
}

/* Refuses a client and closes its connection, counting it in *count
 * (refused handshakes, authentication failures) rather than as a
 * protocol error. */
__attribute__((format(printf, 5, 6)))
static void refuse(sconn_t *sc, const Taups__Header *h, int status,
                   uint64_t *count, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    reply_error_va(sc, h, status, 1, count, fmt, ap);
    va_end(ap);
}

void tps__send_or_close(sconn_t *sc, const Taups__Header *r,
                        const void *payload, uint64_t len, tps__write_cb cb,
                        void *arg) {
    int err = tps__conn_send(&sc->c, r, payload, len, cb, arg);
    if (err < 0) {
        tps__log_warn("%s: cannot send reply: %s; closing", sc->peer,
                tps_strerror(err));
        if (cb)
            cb(arg, err);
        close_conn(sc);
    }
}

/* The hello of a client that has proved the key (or of any client when
 * this shard has none). */
static void hello_accept(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    const tps__shard_t *sh = &s->shard;
    if (h->proto_version != TPS_PROTO_VERSION) {
        refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
               "protocol version %u, this server speaks %d",
               h->proto_version, TPS_PROTO_VERSION);
        return;
    }
    if (h->shards != sh->nshards || h->shard != sh->index) {
        refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
               "client thinks this is shard %u of %u, but %s is shard %u "
               "of %u: the cluster lists differ",
               h->shard, h->shards, s->listen_text, sh->index, sh->nshards);
        return;
    }
    int role = (int)h->role;
    if (role != TPS_ROLE_WORKER && role != TPS_ROLE_EVALUATOR &&
        role != TPS_ROLE_ADMIN) {
        tps__reply_error(sc, h, TPS_EPROTO, 1, "unknown role %d", role);
        return;
    }
    if (role == TPS_ROLE_WORKER) {
        if ((int)h->workers != s->cfg.workers) {
            refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
                   "worker %d expects %u workers, the cluster has %d",
                   h->rank, h->workers, s->cfg.workers);
            return;
        }
        if (h->rank < 0 || h->rank >= s->cfg.workers) {
            refuse(sc, h, TPS_EINVAL, &s->handshakes_refused,
                   "worker rank %d is outside [0, %d)", h->rank,
                   s->cfg.workers);
            return;
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
                worker_left(o);
                close_conn(o);
                continue;
            }
            refuse(sc, h, TPS_EBUSY, &s->handshakes_refused,
                   "worker rank %d is already connected from %s",
                   h->rank, o->peer);
            return;
        }
    }
    const tps__consistency_t *cons = &s->cfg.cons;
    if (h->mode && h->mode[0] &&
        strcmp(h->mode, tps__mode_name(cons->mode)) != 0) {
        refuse(sc, h, TPS_EMISMATCH, &s->handshakes_refused,
               "worker %d expects mode %s, but %s runs mode %s",
               h->rank, h->mode, s->listen_text,
               tps__mode_name(cons->mode));
        return;
    }
    sc->hello = 1;
    hs_remove(s, sc);
    sc->role = role;
    sc->rank = h->rank;
    sc->inherited_commit = role == TPS_ROLE_WORKER && s->shard.aggregate &&
                           s->members.committed[h->rank];
    uint64_t clock = 0;
    if (role == TPS_ROLE_WORKER && h->clock > 0 &&
        !tps__members_formed(&s->members)) {
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
    if (role == TPS_ROLE_WORKER) {
        /* A (re)joining worker starts at the current clock: in sync modes
         * the step count, plus one when its commit of the pending step is
         * already in (it must not push that step again); otherwise the
         * slowest live worker's clock, so that it neither stalls the others
         * nor is stalled by them. */
        tps__dedup_session(&s->dedup[h->rank], h->session);
        if (tps__consistency_aggregates(cons)) {
            clock = s->step + s->members.committed[h->rank];
        } else if (s->members.nlive > 0) {
            clock = tps__members_min_clock(&s->members);
        } else {
            clock = s->members.clock[h->rank];
        }
        tps__members_join(&s->members, h->rank, clock);
        tps__trace(s, "join", h->rank, clock, -1, 0, 0, 0, 0, 0);
    }
    if (!s->cfg.quiet || role == TPS_ROLE_WORKER)
        tps__log("%s: hello from %s %d", sc->peer,
                role == TPS_ROLE_WORKER      ? "worker"
                : role == TPS_ROLE_EVALUATOR ? "evaluator"
                                             : "admin",
                h->rank);
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__HELLO_OK;
    r.request_id = h->request_id;
    r.proto_version = TPS_PROTO_VERSION;
    r.shard = sh->index;
    r.shards = sh->nshards;
    r.workers = (uint32_t)s->cfg.workers;
    r.mode = (char *)tps__mode_name(cons->mode);
    r.local_steps = (uint32_t)cons->local_steps;
    r.bound = cons->mode == TPS_MODE_SSP ? cons->staleness
              : cons->max_staleness >= 0 ? (uint64_t)cons->max_staleness
                                         : 0;
    r.clock = clock;
    r.grad_norm = (float)sh->optim.clip_norm;
    /* Pushes need one staleness decision for every shard when staleness
     * changes what is applied (docs/design.md §3a). */
    int async_avg = cons->mode == TPS_MODE_ASYNC ||
                    (cons->mode == TPS_MODE_LOCAL && !cons->local_sync);
    r.decided = async_avg && (cons->max_staleness >= 0 ||
                              sh->optim.weight != TPS_WEIGHT_NONE ||
                              cons->mode == TPS_MODE_LOCAL);
    r.cutoff = async_avg ? cons->max_staleness : -1;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* A hello: accepted at once by a shard without a key; otherwise answered
 * with the challenge, and kept until the client's proof arrives. */
static void handle_hello(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (!s->cfg.key.set) {
        sc->auth = 2;
        hello_accept(sc, h);
        return;
    }
    if (h->nonce.len != TPS_NONCE_BYTES) {
        refuse(sc, h, TPS_EAUTH, &s->auth_failures,
               "%s requires authentication: start the client with "
               "--key-file and the cluster's key",
               s->listen_text);
        return;
    }
    if (s->cfg.frame_mac && !h->frame_mac) {
        refuse(sc, h, TPS_EAUTH, &s->auth_failures,
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
static void handle_auth(sconn_t *sc, const Taups__Header *h) {
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
        refuse(sc, hello, TPS_EAUTH, &s->auth_failures,
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

static void send_declare_ok(sconn_t *sc, uint64_t request_id, int id) {
    const tps__shard_t *sh = &sc->srv->shard;
    const tps__tensor_t *t = &sh->tensors[id];
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__DECLARE_OK;
    r.request_id = request_id;
    r.tensor_id = (uint32_t)id;
    r.offset = t->lo;
    r.count = t->hi - t->lo;
    r.length = t->n;
    r.version = t->version;
    r.shard = sh->index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static init_job_t *init_job(tps__server_t *s, int id) {
    for (init_job_t *j = s->inits; j; j = j->next)
        if (j->id == id)
            return j;
    return NULL;
}

static int init_wait(init_job_t *j, sconn_t *sc, uint64_t request_id) {
    init_waiter_t *w = malloc(sizeof(*w));
    if (w == NULL)
        return TPS_ENOMEM;
    w->sc = sc;
    w->request_id = request_id;
    w->next = j->waiters;
    j->waiters = w;
    return 0;
}

static void init_work(uv_work_t *req) {
    init_job_t *j = req->data;
    tps__shard_fill(&j->srv->shard.tensors[j->id]);
}

static void init_done(uv_work_t *req, int status) {
    init_job_t *j = req->data;
    tps__server_t *s = j->srv;
    (void)status;
    for (init_job_t **pp = &s->inits; *pp; pp = &(*pp)->next)
        if (*pp == j) {
            *pp = j->next;
            break;
        }
    tps__tensor_t *t = &s->shard.tensors[j->id];
    t->ready = 1;
    tps__log("tensor \"%s\": %llu elements initialised in %.2f s off the loop",
            t->name, (unsigned long long)(t->hi - t->lo), tps__now() - j->t0);
    while (j->waiters) {
        init_waiter_t *w = j->waiters;
        j->waiters = w->next;
        if (w->sc != NULL && !s->stopping)
            send_declare_ok(w->sc, w->request_id, j->id);
        free(w);
    }
    free(j);
}

static void handle_declare(sconn_t *sc, const Taups__Header *h);

/* An evaluator's declaration of a tensor no worker has declared yet, kept
 * (packed) until one does. */
typedef struct decl_wait_s {
    struct decl_wait_s *next;
    sconn_t *sc;
    size_t len;
    uint8_t buf[];
} decl_wait_t;

static void decl_hold(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    int mine = 0;
    for (decl_wait_t *w = s->decl_waiting; w; w = w->next)
        mine += w->sc == sc;
    if (mine >= s->shard.max_tensors) {
        tps__reply_error(sc, h, TPS_ELIMIT, 0,
                         "%d declarations of this evaluator already wait for "
                         "the workers'", mine);
        return;
    }
    size_t n = taups__header__get_packed_size(h);
    decl_wait_t *w = malloc(sizeof(*w) + n);
    if (w == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1,
                         "out of memory for a declaration");
        return;
    }
    w->sc = sc;
    w->len = taups__header__pack(h, w->buf);
    w->next = s->decl_waiting;
    s->decl_waiting = w;
}

/* A tensor now exists: the evaluators' declarations that waited for it
 * are handled as if they came now. */
static void decl_release(tps__server_t *s, const char *name) {
    decl_wait_t *ready = NULL;
    for (decl_wait_t **pp = &s->decl_waiting; *pp;) {
        decl_wait_t *w = *pp;
        Taups__Header *h = taups__header__unpack(NULL, w->len, w->buf);
        int match = h && h->name && strcmp(h->name, name) == 0;
        taups__header__free_unpacked(h, NULL);
        if (match) {
            *pp = w->next;
            w->next = ready;
            ready = w;
        } else {
            pp = &w->next;
        }
    }
    while (ready) {
        decl_wait_t *w = ready;
        ready = w->next;
        Taups__Header *h = taups__header__unpack(NULL, w->len, w->buf);
        if (h != NULL && !w->sc->doomed)
            handle_declare(w->sc, h);
        taups__header__free_unpacked(h, NULL);
        free(w);
    }
}

/* Drops what a closing connection left waiting. */
static void decl_forget(sconn_t *sc) {
    for (decl_wait_t **pp = &sc->srv->decl_waiting; *pp;) {
        decl_wait_t *w = *pp;
        if (w->sc == sc) {
            *pp = w->next;
            free(w);
        } else {
            pp = &w->next;
        }
    }
}

static void handle_declare(sconn_t *sc, const Taups__Header *h) {
    char err[256];
    tps__shard_t *sh = &sc->srv->shard;
    int id;
    if (h->length == 0) {
        /* Length 0 looks a tensor up by name (tools that only read). */
        id = TPS_ENOENT;
        snprintf(err, sizeof(err), "no tensor named \"%s\" on shard %u",
                 h->name ? h->name : "", sh->index);
        for (int i = 0; i < sh->ntensors; i++)
            if (h->name && strcmp(sh->tensors[i].name, h->name) == 0)
                id = i;
    } else if (sc->role == TPS_ROLE_EVALUATOR &&
               !tps__shard_has(sh, h->name ? h->name : "")) {
        /* Evaluators read what workers declare; they may repeat a
         * declaration, never make one (or pre-empt its init): this one
         * waits for a worker's, as a pull waits for its gate. */
        decl_hold(sc, h);
        return;
    } else {
        int before = sh->ntensors, deferred = 0;
        id = tps__shard_declare_deferred(sh, h->name ? h->name : "",
                                         h->length, (int)h->init, h->scale,
                                         h->seed, &deferred, err, sizeof(err));
        /* Every tensor's version is the step count in sync modes, so that
         * the pull gate treats a late declaration like the others. */
        if (id >= before && sh->aggregate)
            sh->tensors[id].version = sc->srv->step;
        if (deferred) {
            /* Computing a large slice's initial values (and first touching
             * its pages) takes seconds: the thread pool does it, and the
             * loop goes on serving; the declaration is answered when done. */
            init_job_t *j = calloc(1, sizeof(*j));
            if (j == NULL) {
                tps__tensor_t *t = &sh->tensors[id];
                tps__shard_fill(t);
                t->ready = 1;
            } else {
                j->srv = sc->srv;
                j->id = id;
                j->t0 = tps__now();
                j->req.data = j;
                if (uv_queue_work(sc->srv->loop, &j->req, init_work,
                                  init_done) == 0) {
                    j->next = sc->srv->inits;
                    sc->srv->inits = j;
                } else {
                    free(j);
                    tps__shard_fill(&sh->tensors[id]);
                    sh->tensors[id].ready = 1;
                }
            }
        }
    }
    if (id < 0) {
        /* A declaration conflict is the application's error, not a broken
         * stream: answer it and keep serving this peer. */
        tps__reply_error(sc, h, id, 0, "%s", err);
        return;
    }
    if (sc->srv->decl_waiting)
        decl_release(sc->srv, sh->tensors[id].name);
    init_job_t *j = sh->tensors[id].ready ? NULL : init_job(sc->srv, id);
    if (j != NULL) {
        if (init_wait(j, sc, h->request_id) < 0)
            tps__reply_error(sc, h, TPS_ENOMEM, 1,
                             "out of memory for a declaration");
        return;
    }
    send_declare_ok(sc, h->request_id, id);
}

/* Common checks of a push or pull: tensor, slice range, payload size. */
tps__tensor_t *tps__check_range(sconn_t *sc, const Taups__Header *h,
                               uint64_t payload_len, int is_push) {
    char err[256];
    tps__tensor_t *t = tps__shard_range(&sc->srv->shard, h->tensor_id,
                                        h->offset, h->count, err, sizeof(err));
    if (t == NULL) {
        tps__reply_error(sc, h, TPS_EINVAL, 1, "%s", err);
        return NULL;
    }
    uint64_t want = is_push ? h->count * sizeof(float) : 0;
    if (is_push && (h->codec != 0 || h->zstd))
        return t; /* encoded: checked against its codec in tps__push_handle */
    if (payload_len != want) {
        tps__reply_error(
            sc, h, TPS_EPROTO, 1,
            "tensor \"%s\": %s of %llu elements carries %llu payload "
            "bytes, expected %llu",
            t->name, is_push ? "push" : "pull", (unsigned long long)h->count,
            (unsigned long long)payload_len, (unsigned long long)want);
        return NULL;
    }
    return t;
}

void tps__free_arg(void *arg, int status) {
    (void)status;
    free(arg);
}

static void handle_stats(sconn_t *sc, const Taups__Header *h) {
    char *json = tps__server_stats_json(sc->srv);
    if (json == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 0, "out of memory for statistics");
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__STATS_OK;
    r.request_id = h->request_id;
    r.shard = sc->srv->shard.index;
    tps__send_or_close(sc, &r, json, strlen(json), tps__free_arg, json);
}

static void on_frame(tps__conn_t *c, const Taups__Header *h, uint8_t *payload,
                     uint64_t len) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (!sc->hello) {
        /* Before the handshake is done nothing is served, not even stats. */
        if (h->op == TAUPS__OP__HELLO && sc->auth == 0 && len == 0)
            handle_hello(sc, h);
        else if (h->op == TAUPS__OP__AUTH && sc->auth == 1 && len == 0)
            handle_auth(sc, h);
        else
            tps__reply_error(sc, h, TPS_EPROTO, 1, "expected %s, got op %d",
                             sc->auth == 1 ? "the client's proof (AUTH)"
                                           : "a hello",
                             (int)h->op);
        return;
    }
    if (h->op != TAUPS__OP__PUSH && len != 0 && h->op != TAUPS__OP__PULL) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "op %d carries an unexpected payload", (int)h->op);
        return;
    }
    switch (h->op) {
    case TAUPS__OP__HELLO:
        if (sc->hello)
            tps__reply_error(sc, h, TPS_EPROTO, 1, "second hello");
        else
            handle_hello(sc, h);
        return;
    case TAUPS__OP__DECLARE:
        handle_declare(sc, h);
        return;
    case TAUPS__OP__PUSH:
        tps__push_handle(sc, h, payload, len);
        return;
    case TAUPS__OP__PULL:
        tps__pull_handle(sc, h, len);
        return;
    case TAUPS__OP__STATS:
        handle_stats(sc, h);
        return;
    case TAUPS__OP__CHECKPOINT:
        if (sc->role != TPS_ROLE_ADMIN)
            tps__reply_error(sc, h, TPS_EPERM, 0,
                             "only an admin connection may ask for a "
                             "checkpoint");
        else
            tps__ckpt_request(sc->srv, sc, h->request_id);
        return;
    case TAUPS__OP__CLOCK:
        tps__clock_handle(sc, h);
        return;
    case TAUPS__OP__VERSION:
        tps__version_handle(sc, h);
        return;
    default:
        tps__reply_error(sc, h, TPS_EPROTO, 1, "unexpected op %d", (int)h->op);
    }
}

/* Where a payload may go: nowhere before the hello, and for a push no more
 * than its slice of a declared tensor can need, so that a connection pins
 * memory only in proportion to what it may legitimately send. */
static int payload_dest(void *arg, const Taups__Header *h, uint64_t len,
                        uint8_t **dest) {
    sconn_t *sc = arg;
    const tps__shard_t *sh = &sc->srv->shard;
    if (!sc->hello || h->op != TAUPS__OP__PUSH) {
        snprintf(sc->why, sizeof(sc->why),
                 "%s of op %d carries a payload of %llu bytes",
                 sc->hello ? "a frame" : "a frame before the hello",
                 (int)h->op, (unsigned long long)len);
        return TPS_EPROTO;
    }
    if (h->tensor_id >= (uint32_t)sh->ntensors ||
        !sh->tensors[h->tensor_id].ready ||
        h->count >
            sh->tensors[h->tensor_id].hi - sh->tensors[h->tensor_id].lo) {
        snprintf(sc->why, sizeof(sc->why),
                 "a push of %llu payload bytes for tensor id %u, %llu "
                 "elements: no such slice here",
                 (unsigned long long)len, h->tensor_id,
                 (unsigned long long)h->count);
        return TPS_EPROTO;
    }
    /* Dense floats, or an encoding of them: no codec needs more than
     * twice the dense bytes (top-k's index and value pairs at ratio 1),
     * and zstd adds less than a kilobyte at this size. */
    uint64_t most = 2 * h->count * sizeof(float) + 4096;
    if (len > most) {
        snprintf(sc->why, sizeof(sc->why),
                 "a push of %llu elements carries %llu payload bytes, more "
                 "than any encoding of them (%llu)",
                 (unsigned long long)h->count, (unsigned long long)len,
                 (unsigned long long)most);
        return TPS_E2BIG;
    }
    *dest = tps__push_dest(sc, h, len);
    return 0;
}

static void on_conn_error(tps__conn_t *c, int err) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (sc->why[0]) {
        tps__reply_error(sc, NULL, err, 1, "%s", sc->why);
        return;
    }
    if (err == UV_EOF || err == UV_ECONNRESET) {
        if (!sc->srv->cfg.quiet || err != UV_EOF)
            tps__log("%s: %s", sc->peer,
                    err == UV_EOF ? "disconnected" : "connection reset");
        close_conn(sc);
    } else if (err == TPS_E2BIG && (c->rd.hlen == 0 ||
                                    c->rd.hlen > c->rd.lim.max_header)) {
        tps__reply_error(sc, NULL, err, 1,
                         "frame header length %u is outside [1, %u]",
                         c->rd.hlen, c->rd.lim.max_header);
    } else if (err == TPS_E2BIG) {
        tps__reply_error(
            sc, NULL, err, 1,
            "frame payload of %llu bytes exceeds the limit of %llu",
            (unsigned long long)c->rd.plen,
            (unsigned long long)c->rd.lim.max_payload);
    } else if (err == TPS_EPROTO) {
        tps__reply_error(sc, NULL, err, 1,
                         "malformed frame (bad magic or header)");
    } else if (err == TPS_EAUTH) {
        refuse(sc, NULL, err, &sc->srv->auth_failures,
               "frame %llu failed its integrity check (--frame-mac): "
               "altered on the way, replayed, reordered or "
               "injected",
               (unsigned long long)c->rx_mac.seq - 1);
    } else {
        tps__log_warn("%s: read failed: %s; closing", sc->peer,
                      tps_strerror(err));
        close_conn(sc);
    }
}

/* Tells sc why it is closed (not a broken frame: a timeout, a limit),
 * then closes it once that is out. */
static void tell_and_close(sconn_t *sc, int status, const char *why) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__ERROR;
    r.status = status;
    r.error = (char *)why;
    r.shard = sc->srv->shard.index;
    sc->doomed = 1;
    tps__conn_stop_reading(&sc->c);
    if (tps__conn_send(&sc->c, &r, NULL, 0, on_error_sent, sc) < 0)
        close_conn(sc);
}

/* tell_and_close, logged. */
static void cut_off(sconn_t *sc, int status, const char *why) {
    tps__log_warn("%s: %s; closing the connection", sc->peer, why);
    tell_and_close(sc, status, why);
}

/* ---- connections in the handshake ----------------------------------------
 * A connection costs nothing to open and, before its hello, proves
 * nothing: a stranger who keeps hundreds open (dialling again as each is
 * closed) must not use up --max-connections. So those that have not
 * completed their hello are capped:
 *   - 8 per address: past it the oldest of that address is closed, if it
 *     is more than a second old (many clients of one host starting at
 *     once each complete their hello within a round trip or two);
 *   - a quarter of --max-connections in all, and none beyond the maximum:
 *     past either the oldest of the address with the most is closed,
 *     whatever its age, unless no address has more than one (a cluster
 *     starting), so that a flooder pays for its own connections.
 * Clients that share an address with a flooder are not protected. */

#define TPS_HS_PER_ADDR 8
#define TPS_HS_GRACE_MS 1000.0

static void hs_remove(tps__server_t *s, sconn_t *sc) {
    if (!sc->in_hs)
        return;
    if (sc->hs_prev)
        sc->hs_prev->hs_next = sc->hs_next;
    else
        s->hs_head = sc->hs_next;
    if (sc->hs_next)
        sc->hs_next->hs_prev = sc->hs_prev;
    else
        s->hs_tail = sc->hs_prev;
    sc->hs_prev = sc->hs_next = NULL;
    sc->in_hs = 0;
    s->nhs--;
}

static void hs_add(tps__server_t *s, sconn_t *sc) {
    sc->hs_prev = s->hs_tail;
    sc->hs_next = NULL;
    if (s->hs_tail)
        s->hs_tail->hs_next = sc;
    else
        s->hs_head = sc;
    s->hs_tail = sc;
    sc->in_hs = 1;
    s->nhs++;
}

/* The address key of a TCP peer: IPv4 addresses one by one, IPv6 by /64
 * (what one host is given). */
static uint64_t addr_key(const struct sockaddr_storage *ss) {
    if (ss->ss_family == AF_INET)
        return (1ull << 32) |
               ntohl(((const struct sockaddr_in *)ss)->sin_addr.s_addr);
    const uint8_t *a = ((const struct sockaddr_in6 *)ss)->sin6_addr.s6_addr;
    uint64_t k = 0;
    if (IN6_IS_ADDR_V4MAPPED((const struct in6_addr *)a)) {
        for (int i = 12; i < 16; i++)
            k = k << 8 | a[i];
        return (1ull << 32) | k;
    }
    for (int i = 0; i < 8; i++)
        k = k << 8 | a[i];
    return k | 1; /* never 0, the unix peers' key */
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The oldest handshaking connection of address `key` other than `keep`
 * that is at least `age` ms old at `now`; NULL: none. */
static sconn_t *hs_oldest(tps__server_t *s, const sconn_t *keep, uint64_t key,
                          double now, double age) {
    /* The list is in accept order: the old enough come first. */
    for (sconn_t *o = s->hs_head;
         o && (age <= 0 || now - o->accepted_at >= age); o = o->hs_next)
        if (o != keep && o->addr_key == key)
            return o;
    return NULL;
}

/* The oldest handshaking connection, other than `keep`, of the address
 * that has the most (counting keep's); NULL when none has two. */
static sconn_t *hs_crowded(tps__server_t *s, const sconn_t *keep) {
    if ((size_t)s->nhs > s->hs_keys_cap) {
        size_t cap = (size_t)s->nhs * 2;
        uint64_t *k = realloc(s->hs_keys, cap * sizeof(*k));
        if (k == NULL)
            return NULL;
        s->hs_keys = k;
        s->hs_keys_cap = cap;
    }
    size_t n = 0, best = 0;
    uint64_t key = 0;
    for (const sconn_t *o = s->hs_head; o; o = o->hs_next)
        s->hs_keys[n++] = o->addr_key;
    qsort(s->hs_keys, n, sizeof(*s->hs_keys), cmp_u64);
    for (size_t i = 0, run = 1; i < n; i++, run++) {
        if (i > 0 && s->hs_keys[i] != s->hs_keys[i - 1])
            run = 1;
        if (run > best) {
            best = run;
            key = s->hs_keys[i];
        }
    }
    return best >= 2 ? hs_oldest(s, keep, key, 0, 0) : NULL;
}

static void hs_evict(tps__server_t *s, sconn_t *victim, const char *why) {
    hs_remove(s, victim);
    victim->evicted = 1;
    s->nconns--;
    s->hs_evicted++;
    /* A flood is logged, not each of its connections. */
    if (s->hs_evicted <= 10 || s->hs_evicted % 1000 == 0)
        tps__log_warn("%s: %s; closed (%llu so far)", victim->peer, why,
                     (unsigned long long)s->hs_evicted);
    tell_and_close(victim, TPS_ELIMIT, why);
}

/* Makes room for sc, just accepted; returns 0, or -1 when sc itself must
 * go (the shard is full of connections that have said hello). */
static int hs_make_room(tps__server_t *s, sconn_t *sc) {
    const tps__server_config_t *cfg = &s->cfg;
    int per_addr = 0, most = cfg->max_connections / 4;
    sconn_t *v;
    if (sc->addr_key != 0) {
        for (const sconn_t *o = s->hs_head; o; o = o->hs_next)
            per_addr += o->addr_key == sc->addr_key;
        while (per_addr > TPS_HS_PER_ADDR &&
               (v = hs_oldest(s, sc, sc->addr_key, sc->accepted_at,
                              TPS_HS_GRACE_MS)) != NULL) {
            hs_evict(s, v, "the oldest of too many connections from one "
                           "address without a hello");
            per_addr--;
        }
    }
    while (s->nhs > (most > 1 ? most : 1) && (v = hs_crowded(s, sc)) != NULL)
        hs_evict(s, v, "the oldest of too many connections without a "
                       "hello, from the address with the most");
    while (s->nconns > cfg->max_connections && (v = hs_crowded(s, sc)) != NULL)
        hs_evict(s, v, "the oldest of the connections without a hello, "
                       "from the address with the most, to make room "
                       "(--max-connections)");
    return s->nconns > cfg->max_connections ? -1 : 0;
}

/* Once a second: connections whose replies have not moved for
 * --idle-timeout (their peer does not read: they are closed without a
 * word, which would not be read either), that took too long to say hello,
 * to finish a frame's header, or that have said nothing for too long. A
 * connection whose reading is paused (its replies are not read) is
 * waiting on its peer, not the other way round, and one with pulls held
 * is waiting on the cluster. */
static void on_sweep(uv_timer_t *t) {
    tps__server_t *s = t->data;
    const tps__server_config_t *cfg = &s->cfg;
    double now = (double)uv_hrtime() / 1e6;
    char why[160];
    rejoin_expire(s);
    for (sconn_t *sc = s->conns, *next; sc; sc = next) {
        next = sc->next;
        tps__conn_t *c = &sc->c;
        if (c->closing)
            continue;
        size_t wq = uv_stream_get_write_queue_size((uv_stream_t *)&c->tcp);
        if (c->queued == 0 || c->bytes_out != sc->tx_seen || wq < sc->tx_wq) {
            sc->tx_seen = c->bytes_out;
            sc->tx_since = now;
        } else if (cfg->idle_timeout > 0 &&
                   now - sc->tx_since > cfg->idle_timeout * 1e3) {
            s->timeouts++;
            tps__log_warn("%s: replies not read for %g s (--idle-timeout, "
                         "%llu bytes queued); closing the connection",
                         sc->peer, cfg->idle_timeout,
                         (unsigned long long)c->queued);
            close_conn(sc);
            continue;
        }
        sc->tx_wq = wq;
        if (sc->doomed || c->paused)
            continue;
        int in_header = (c->rd.state == TPS_RD_PREAMBLE && c->rd.got > 0) ||
                        c->rd.state == TPS_RD_HEADER;
        why[0] = '\0';
        if (!sc->hello && now - sc->accepted_at > cfg->hello_timeout * 1e3)
            snprintf(why, sizeof(why), "no hello within %g s (the hello "
                     "timeout)", cfg->hello_timeout);
        else if (in_header && now - c->frame_at > cfg->header_timeout * 1e3)
            snprintf(why, sizeof(why), "a frame header still incomplete "
                     "after %g s (the header timeout)", cfg->header_timeout);
        else if (cfg->idle_timeout > 0 && sc->held == 0 &&
                 now - c->rx_at > cfg->idle_timeout * 1e3)
            snprintf(why, sizeof(why), "nothing received for %g s "
                     "(--idle-timeout)", cfg->idle_timeout);
        if (why[0]) {
            s->timeouts++;
            cut_off(sc, TPS_ELIMIT, why);
        }
    }
}

static void on_connection(uv_stream_t *listener, int status) {
    tps__server_t *s = listener->data;
    if (status < 0) {
        tps__log_err("accept failed: %s", uv_strerror(status));
        return;
    }
    sconn_t *sc = calloc(1, sizeof(*sc));
    if (sc == NULL) {
        tps__log_err("out of memory for a new connection");
        return;
    }
    int err = s->unix_path[0]
                  ? tps__conn_init_pipe(s->loop, &sc->c, &s->cfg.lim,
                                       payload_dest, sc)
                  : tps__conn_init(s->loop, &sc->c, &s->cfg.lim, payload_dest,
                                  sc);
    if (err < 0) {
        free(sc);
        tps__log_err("cannot set up a connection: %s", tps_strerror(err));
        return;
    }
    /* Shard and connection number give each link its own jitter, the same
     * in every run with the same seed and order of connections. */
    err = tps__conn_set_link(&sc->c, &s->cfg.link,
                            ((uint64_t)s->cfg.shard << 32) | s->accepted++);
    if (err < 0)
        tps__log_warn("cannot shape a connection, sending unshaped: %s",
                tps_strerror(err));
    sc->srv = s;
    sc->c.on_frame = on_frame;
    sc->c.on_error = on_conn_error;
    sc->c.on_close = on_conn_closed;
    sc->c.on_progress = tps__push_progress;
    tps__pull_conn_init(sc);
    sc->next = s->conns;
    if (s->conns)
        s->conns->prev = sc;
    s->conns = sc;
    s->nconns++;
    if ((err = uv_accept(listener, (uv_stream_t *)&sc->c.tcp)) < 0 ||
        (err = tps__conn_start(&sc->c)) < 0 ||
        (err = tps__conn_keepalive(&sc->c, s->cfg.keepalive)) < 0) {
        tps__log_err("accept failed: %s", uv_strerror(err));
        close_conn(sc);
        return;
    }
    struct sockaddr_storage ss;
    int sl = sizeof(ss);
    char host[48] = "?";
    int port = 0;
    if (s->unix_path[0]) {
        /* A unix peer has no address of its own: its process is the name
         * (the path is the shard's, in its log already). */
        struct ucred cr;
        socklen_t cl = sizeof(cr);
        uv_os_fd_t fd;
        if (uv_fileno((uv_handle_t *)&sc->c.pipe, &fd) == 0 &&
            getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &cl) == 0)
            snprintf(sc->peer, sizeof(sc->peer), "unix peer pid %d",
                     (int)cr.pid);
        else
            snprintf(sc->peer, sizeof(sc->peer), "unix peer");
    } else if (uv_tcp_getpeername(&sc->c.tcp, (struct sockaddr *)&ss, &sl) ==
               0) {
        if (ss.ss_family == AF_INET6) {
            uv_ip6_name((struct sockaddr_in6 *)&ss, host, sizeof(host));
            port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        } else {
            uv_ip4_name((struct sockaddr_in *)&ss, host, sizeof(host));
            port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        }
    }
    if (!s->unix_path[0]) {
        snprintf(sc->peer, sizeof(sc->peer), "%s:%d", host, port);
        if (port != 0)
            sc->addr_key = addr_key(&ss);
    }
    sc->accepted_at = (double)uv_hrtime() / 1e6;
    sc->tx_since = sc->accepted_at;
    sc->c.high_water = s->cfg.conn_buffer;
    hs_add(s, sc);
    if (hs_make_room(s, sc) < 0) {
        char why[120];
        snprintf(why, sizeof(why), "%d connections are open, the most this "
                 "shard serves (--max-connections)", s->cfg.max_connections);
        /* A flood is logged, not each of its connections. */
        if (++s->conns_refused <= 10 || s->conns_refused % 1000 == 0)
            tps__log_warn("%s: %s; closing the connection (%llu refused so "
                         "far)", sc->peer, why,
                         (unsigned long long)s->conns_refused);
        tell_and_close(sc, TPS_ELIMIT, why);
    }
}

/* The server as stats.c reports it, now. */
void tps__server_stats_view(const tps__server_t *s, tps__stats_view_t *v) {
    v->shard = &s->shard;
    v->members = &s->members;
    v->listen = s->listen_text;
    v->mode = s->cfg.cons.mode;
    v->uptime_s = tps__now() - s->started;
    v->loop_busy_max_ms = s->busy_max_ms;
    v->checkpoint_age_s = tps__ckpt_age(s);
    v->connections = s->nconns;
    v->workers = s->members.nlive;
    v->bytes_in = s->closed_bytes_in;
    v->bytes_out = s->closed_bytes_out;
    v->protocol_errors = s->protocol_errors;
    v->handshakes_refused = s->handshakes_refused;
    v->auth_failures = s->auth_failures;
    v->connections_refused = s->conns_refused;
    v->timeouts = s->timeouts;
    v->handshakes_evicted = s->hs_evicted;
    v->held_pulls = tps__pull_held(s);
    v->reply_frames_turn_max = s->reply_frames_turn_max;
    v->memory_max = s->cfg.max_memory;
    for (const sconn_t *sc = s->conns; sc; sc = sc->next) {
        v->bytes_in += sc->c.bytes_in;
        v->bytes_out += sc->c.bytes_out;
    }
}

static void log_summary(const tps__server_t *s, const char *when) {
    tps__stats_view_t v;
    tps__server_stats_view(s, &v);
    tps__stats_log(&v, when);
}

char *tps__server_stats_json(const tps__server_t *s) {
    tps__stats_view_t v;
    tps__server_stats_view(s, &v);
    return tps__stats_json(&v);
}

/* Runs just before each poll: the time since the previous one, less the
 * time the loop spent idle in poll, is how long it was busy. */
static void on_busy_prepare(uv_prepare_t *p) {
    tps__server_t *s = p->data;
    uint64_t t = uv_hrtime(), idle = uv_metrics_idle_time(s->loop);
    s->turns++;
    if (s->busy_t != 0) {
        double ms = (double)((t - s->busy_t) - (idle - s->busy_idle)) / 1e6;
        if (ms > s->busy_max_ms)
            s->busy_max_ms = ms;
    }
    s->busy_t = t;
    s->busy_idle = idle;
}

static void on_stats_timer(uv_timer_t *t) {
    log_summary(t->data, "stats");
}

static void on_handle_closed(uv_handle_t *h) {
    tps__server_t *s = h->data;
    s->open_handles--;
}

void tps__server_stop(tps__server_t *s) {
    if (s->stopping)
        return;
    s->stopping = 1;
    log_summary(s, "stopping");
    tps__ckpt_stop(s);
    uv_close((uv_handle_t *)&s->listener, on_handle_closed);
    /* The socket file would outlive the shard and refuse every connection. */
    if (s->unix_path[0])
        unlink(s->unix_path);
    uv_close((uv_handle_t *)&s->stats_timer, on_handle_closed);
    uv_close((uv_handle_t *)&s->stop_async, on_handle_closed);
    uv_close((uv_handle_t *)&s->busy, on_handle_closed);
    uv_close((uv_handle_t *)&s->sweep, on_handle_closed);
    for (sconn_t *sc = s->conns; sc; sc = sc->next)
        close_conn(sc);
}

static void on_stop_async(uv_async_t *a) {
    tps__server_stop(a->data);
}

void tps__server_stop_async(tps__server_t *s) {
    uv_async_send(&s->stop_async);
}

int tps__server_port(const tps__server_t *s) {
    return s->port;
}

int tps__server_live_workers(const tps__server_t *s) {
    return s->members.nlive;
}

const tps__shard_t *tps__server_shard(const tps__server_t *s) {
    return &s->shard;
}

void tps__server_free(tps__server_t *s) {
    if (s == NULL)
        return;
    while (s->decl_waiting) {
        decl_wait_t *w = s->decl_waiting;
        s->decl_waiting = w->next;
        free(w);
    }
    tps__pull_free_all(s);
    free(s->hs_keys);
    tps__ckpt_free(s);
    if (s->trace)
        fclose(s->trace);
    for (int r = 0; s->dedup && r < s->cfg.workers; r++)
        tps__dedup_free(&s->dedup[r]);
    free(s->dedup);
    tps__members_free(&s->members);
    tps__shard_free(&s->shard);
    free(s->undo);
    free(s);
}

static int is_loopback(const struct sockaddr_storage *ss) {
    if (ss->ss_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)ss)->sin_addr.s_addr) >>
                24) == 127;
    const struct in6_addr *a = &((const struct sockaddr_in6 *)ss)->sin6_addr;
    return IN6_IS_ADDR_LOOPBACK(a) ||
           (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
}

/* A numeric address, or a host name as --cluster takes them: its first
 * address (the shard binds one address; a name with several is better
 * given as the one meant). Returns 0 or getaddrinfo's error. */
static int resolve(const char *host, int port, struct sockaddr_storage *ss) {
    if (uv_ip4_addr(host, port, (struct sockaddr_in *)ss) == 0 ||
        uv_ip6_addr(host, port, (struct sockaddr_in6 *)ss) == 0)
        return 0;
    struct addrinfo hints = {.ai_family = AF_UNSPEC,
                             .ai_socktype = SOCK_STREAM}, *ai = NULL;
    char service[16];
    snprintf(service, sizeof(service), "%d", port);
    int gai = getaddrinfo(host, service, &hints, &ai);
    if (gai != 0)
        return gai;
    memcpy(ss, ai->ai_addr, ai->ai_addrlen);
    freeaddrinfo(ai);
    return 0;
}

/* Listens on a unix stream socket at `path`, readable and writable by this
 * user only. A socket file left by a shard that died is replaced; one that
 * a live process still listens on is not. */
static int listen_unix(tps__server_t *s, uv_loop_t *loop, const char *path) {
    uv_pipe_init(loop, &s->listener_pipe, 0);
    s->listener_pipe.data = s;
    s->open_handles = 1;
    int rc = uv_pipe_bind(&s->listener_pipe, path);
    if (rc == UV_EADDRINUSE) {
        struct sockaddr_un a;
        memset(&a, 0, sizeof(a));
        a.sun_family = AF_UNIX;
        memcpy(a.sun_path, path, strlen(path) + 1);
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct stat st;
        if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0 &&
            errno == ECONNREFUSED && lstat(path, &st) == 0 &&
            S_ISSOCK(st.st_mode) && unlink(path) == 0) {
            tps__log_warn("%s: replaced the socket file of a shard that is no "
                         "longer listening", path);
            rc = uv_pipe_bind(&s->listener_pipe, path);
        }
        if (fd >= 0)
            close(fd);
    }
    if (rc == 0) {
        memcpy(s->unix_path, path, strlen(path) + 1);
        if (chmod(path, 0600) < 0)
            rc = uv_translate_sys_error(errno);
    }
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)&s->listener_pipe, 128, on_connection);
    return rc;
}

int tps__server_start(uv_loop_t *loop, const tps__server_config_t *cfg,
                      tps__server_t **out, char *err, size_t errlen) {
    *out = NULL;
    tps__addr_t self;
    if (tps__addr_parse(cfg->listen ? cfg->listen : "", &self, err, errlen) < 0)
        return TPS_EINVAL;
    int nshards = 1;
    if (cfg->cluster) {
        tps__addr_t *list;
        nshards = tps__cluster_parse(cfg->cluster, &list, err, errlen);
        if (nshards < 0)
            return nshards;
        free(list);
    }
    if (cfg->shard < 0 || cfg->shard >= nshards) {
        snprintf(err, errlen, "--shard %d is outside the cluster's %d shards",
                 cfg->shard, nshards);
        return TPS_EINVAL;
    }
    if (cfg->workers < 1 || cfg->workers > TPS_MAX_WORKERS) {
        snprintf(err, errlen, "--workers %d is outside [1, %d]", cfg->workers,
                 TPS_MAX_WORKERS);
        return TPS_EINVAL;
    }
    if (cfg->cons.mode == TPS_MODE_SSP && cfg->cons.max_staleness >= 0) {
        snprintf(err, errlen,
                 "--max-staleness applies to modes async and local (async "
                 "averaging); in ssp the bound is --staleness");
        return TPS_EINVAL;
    }
    struct sockaddr_storage ss;
    int gai;
    if (self.is_unix) {
        /* Only processes that may open the file reach it: local, like
         * loopback. */
    } else if ((gai = resolve(self.host, self.port, &ss)) != 0) {
        snprintf(err, errlen, "--listen %s: cannot resolve host \"%s\": %s",
                 cfg->listen, self.host, gai_strerror(gai));
        return TPS_EINVAL;
    }
    /* Like redis's protected mode: parameters anyone on the network could
     * read and overwrite are never served by default. */
    if (!cfg->key.set && !cfg->insecure && !self.is_unix && !is_loopback(&ss)) {
        snprintf(err, errlen,
                 "refusing to serve %s without a key: anyone who can reach it "
                 "could read and overwrite the parameters; give --key-file "
                 "FILE (every process of the cluster the same key), or "
                 "--insecure on a network you trust",
                 cfg->listen);
        return TPS_EINVAL;
    }
    if (cfg->max_connections < 1 || cfg->max_held_pulls < 1 ||
        cfg->conn_buffer < (1u << 20)) {
        snprintf(err, errlen,
                 "--max-connections and --max-held-pulls must be at least 1, "
                 "--conn-buffer at least 1 MiB");
        return TPS_EINVAL;
    }
    tps__server_t *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    s->loop = loop;
    s->cfg = *cfg;
    s->started = tps__now();
    int rc = tps__shard_init(&s->shard, (uint32_t)cfg->shard, (uint32_t)nshards,
                             cfg->max_tensors, cfg->max_elements, &cfg->optim);
    if (rc == 0)
        rc = tps__members_init(&s->members, cfg->workers);
    if (rc == 0 &&
        (s->dedup = calloc((size_t)cfg->workers, sizeof(*s->dedup))) == NULL)
        rc = TPS_ENOMEM;
    if (rc < 0) {
        snprintf(err, errlen, "out of memory");
        tps__server_free(s);
        return rc;
    }
    if (tps__consistency_aggregates(&cfg->cons))
        tps__shard_set_aggregate(&s->shard, cfg->workers);
    s->shard.max_bytes = cfg->max_memory;
    if ((rc = tps__ckpt_open(s, err, errlen)) < 0) {
        tps__server_free(s);
        return rc;
    }
    if (cfg->trace) {
        s->trace = fopen(cfg->trace, "w");
        if (s->trace == NULL) {
            snprintf(err, errlen, "cannot write the trace %s: %s", cfg->trace,
                     strerror(errno));
            tps__server_free(s);
            return TPS_EIO;
        }
        setvbuf(s->trace, NULL, _IOLBF, 0);
        fprintf(s->trace, "time_s,event,rank,clock,tensor,version,staleness,"
                          "weight,min_clock,blocked_ms,read\n");
    }
    if (self.is_unix) {
        rc = listen_unix(s, loop, self.host);
    } else {
        uv_tcp_init(loop, &s->listener);
        s->listener.data = s;
        s->open_handles = 1;
        rc = uv_tcp_bind(&s->listener, (struct sockaddr *)&ss, 0);
        if (rc == 0)
            rc = uv_listen((uv_stream_t *)&s->listener, 128, on_connection);
    }
    if (rc < 0) {
        snprintf(err, errlen, "cannot listen on %s: %s", cfg->listen,
                 uv_strerror(rc));
        /* The handle is open: close it and let the loop run its callback
         * before freeing, as libuv requires. */
        uv_close((uv_handle_t *)&s->listener, NULL);
        uv_run(loop, UV_RUN_NOWAIT);
        if (s->unix_path[0])
            unlink(s->unix_path);
        tps__server_free(s);
        return rc;
    }
    if (self.is_unix) {
        snprintf(s->listen_text, sizeof(s->listen_text), "%s", self.text);
    } else {
        int sl = sizeof(ss);
        uv_tcp_getsockname(&s->listener, (struct sockaddr *)&ss, &sl);
        s->port = ss.ss_family == AF_INET6
                      ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                      : ntohs(((struct sockaddr_in *)&ss)->sin_port);
        snprintf(s->listen_text, sizeof(s->listen_text), "%s:%d", self.host,
                 s->port);
    }
    uv_timer_init(loop, &s->stats_timer);
    s->stats_timer.data = s;
    uv_async_init(loop, &s->stop_async, on_stop_async);
    s->stop_async.data = s;
    uv_loop_configure(loop, UV_METRICS_IDLE_TIME);
    uv_prepare_init(loop, &s->busy);
    s->busy.data = s;
    uv_prepare_start(&s->busy, on_busy_prepare);
    uv_unref((uv_handle_t *)&s->busy);
    uv_timer_init(loop, &s->sweep);
    s->sweep.data = s;
    uv_timer_start(&s->sweep, on_sweep, 1000, 1000);
    uv_unref((uv_handle_t *)&s->sweep);
    s->open_handles = 5;
    tps__ckpt_start(s);
    if (cfg->stats_every > 0) {
        uint64_t ms = (uint64_t)(cfg->stats_every * 1000);
        uv_timer_start(&s->stats_timer, on_stats_timer, ms, ms);
    }
    char opt[256], mode[96];
    tps__optim_describe(&cfg->optim, opt, sizeof(opt));
    const tps__consistency_t *cons = &cfg->cons;
    if (cons->mode == TPS_MODE_SSP)
        snprintf(mode, sizeof(mode), "ssp staleness=%llu",
                 (unsigned long long)cons->staleness);
    else if (cons->mode == TPS_MODE_LOCAL)
        snprintf(mode, sizeof(mode), "local local-steps=%d local-avg=%s",
                 cons->local_steps, cons->local_sync ? "sync" : "async");
    else
        snprintf(mode, sizeof(mode), "%s", tps__mode_name(cons->mode));
    if (cons->mode != TPS_MODE_SYNC && cons->mode != TPS_MODE_SSP &&
        cons->max_staleness >= 0)
        snprintf(mode + strlen(mode), sizeof(mode) - strlen(mode),
                 " max-staleness=%lld", (long long)cons->max_staleness);
    tps__log("listening on %s as shard %d of %d, %d %s, mode %s, %s, "
            "max-memory %.1f MB",
            s->listen_text, cfg->shard, nshards, cfg->workers,
            cfg->workers == 1 ? "worker" : "workers", mode, opt,
            (double)cfg->max_memory / 1e6);
    if (tps__link_enabled(&cfg->link)) {
        char link[200];
        tps__link_describe(&cfg->link, link, sizeof(link));
        tps__log("shaping every reply link: %s", link);
    }
    *out = s;
    return 0;
}
