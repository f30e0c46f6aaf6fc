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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "taups.h"
#include "tps_cluster.h"
#include "tps_conn.h"
#include "tps_log.h"

/* One trace row; min_clock is -1 when no worker is live. */
void tps__trace(tps_server_t *s, const char *event, int rank, uint64_t clock,
                int tensor, uint64_t version, uint64_t staleness, double weight,
                double blocked_ms, uint64_t read) {
    if (s->trace == NULL)
        return;
    uint64_t min = tps__members_min_clock(&s->members);
    fprintf(s->trace, "%.6f,%s,%d,%llu,%d,%llu,%llu,%.6g,%lld,%.3f,%llu\n",
            tps_now() - s->started, event, rank, (unsigned long long)clock,
            tensor, (unsigned long long)version, (unsigned long long)staleness,
            weight, min == UINT64_MAX ? -1LL : (long long)min, blocked_ms,
            (unsigned long long)read);
}

void tps__server_config_init(tps_server_config_t *cfg) {
    memset(cfg, 0, sizeof(*cfg));
    cfg->workers = 1;
    tps_optim_conf_t oc;
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
}

static void conn_list_remove(tps_server_t *s, sconn_t *sc) {
    if (sc->prev)
        sc->prev->next = sc->next;
    else if (s->conns == sc)
        s->conns = sc->next;
    if (sc->next)
        sc->next->prev = sc->prev;
    sc->prev = sc->next = NULL;
}

/* Worker sc is gone (closed, or replaced by its own reconnection). */
static void worker_left(sconn_t *sc) {
    tps_server_t *s = sc->srv;
    /* The barrier and the gate must never wait for the departed. A
     * contribution it committed still counts; pushes it did not commit
     * are discarded, as on every other shard (see consistency.h). */
    if (s->shard.aggregate && !s->members.committed[sc->rank])
        for (int i = 0; i < s->shard.ntensors; i++)
            tps__syncbuf_discard(&s->shard.tensors[i].sync, sc->rank);
    tps__members_leave(&s->members, sc->rank);
    tps_log("worker %d left at clock %llu; %d workers live", sc->rank,
            (unsigned long long)s->members.clock[sc->rank], s->members.nlive);
    tps__trace(s, "leave", sc->rank, s->members.clock[sc->rank], -1, 0, 0, 0, 0,
               0);
    sc->hello = 0;
}

static void on_conn_closed(tps_conn_t *c) {
    sconn_t *sc = (sconn_t *)c;
    tps_server_t *s = sc->srv;
    s->closed_bytes_in += c->bytes_in;
    s->closed_bytes_out += c->bytes_out;
    tps__push_close(sc);
    conn_list_remove(s, sc);
    s->nconns--;
    tps__pull_forget(sc);
    tps__ckpt_forget(s, sc);
    ZSTD_freeDCtx(sc->zd);
    free(sc->zbuf);
    free(sc->scratch);
    if (sc->hello && sc->role == TPS_ROLE_WORKER && !s->stopping) {
        worker_left(sc);
        tps__step_try(s);
        tps__pull_process_pending(s);
    }
    free(sc);
}

static void close_conn(sconn_t *sc) {
    tps_conn_close(&sc->c);
}

static void on_error_sent(void *arg, int status) {
    (void)status;
    close_conn(arg);
}

/* Answers request `h` with an error and, when `fatal`, closes the connection
 * once the reply is out. The message is also logged with the peer's name. */
void tps__reply_error(sconn_t *sc, const Taups__Header *h, int status,
                      int fatal, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    /* Broken frames count as rejected; refused pushes are counted by their
     * handler; a failed declaration or lookup is an answer, not a rejection. */
    if (fatal)
        sc->srv->shard.st.rejected++;
    tps_log_warn("%s: %s%s", sc->peer, msg, fatal ? "; closing the connection" : "");
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__ERROR;
    r.request_id = h ? h->request_id : 0;
    r.status = status;
    r.error = msg;
    r.shard = sc->srv->shard.index;
    if (fatal) {
        sc->doomed = 1;
        uv_read_stop((uv_stream_t *)&sc->c.tcp);
        if (tps_conn_send(&sc->c, &r, NULL, 0, on_error_sent, sc) < 0)
            close_conn(sc);
    } else {
        tps_conn_send(&sc->c, &r, NULL, 0, NULL, NULL);
    }
}

void tps__send_or_close(sconn_t *sc, const Taups__Header *r,
                        const void *payload, uint64_t len, tps_write_cb cb,
                        void *arg) {
    int err = tps_conn_send(&sc->c, r, payload, len, cb, arg);
    if (err < 0) {
        tps_log_warn("%s: cannot send reply: %s; closing", sc->peer,
                tps_strerror(err));
        if (cb)
            cb(arg, err);
        close_conn(sc);
    }
}

static void handle_hello(sconn_t *sc, const Taups__Header *h) {
    tps_server_t *s = sc->srv;
    const tps_shard_t *sh = &s->shard;
    if (h->proto_version != TPS_PROTO_VERSION) {
        tps__reply_error(sc, h, TPS_EMISMATCH, 1,
                         "protocol version %u, this server speaks %d",
                         h->proto_version, TPS_PROTO_VERSION);
        return;
    }
    if (h->shards != sh->nshards || h->shard != sh->index) {
        tps__reply_error(
            sc, h, TPS_EMISMATCH, 1,
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
            tps__reply_error(sc, h, TPS_EMISMATCH, 1,
                             "worker %d expects %u workers, the cluster has %d",
                             h->rank, h->workers, s->cfg.workers);
            return;
        }
        if (h->rank < 0 || h->rank >= s->cfg.workers) {
            tps__reply_error(sc, h, TPS_EINVAL, 1,
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
             * FIN): the old one is dropped. Anyone else is refused. */
            if (h->session != 0 && h->session == s->dedup[h->rank].session) {
                tps_log_warn("%s: worker %d reconnected from %s; dropping its "
                        "old connection",
                        o->peer, h->rank, sc->peer);
                worker_left(o);
                close_conn(o);
                continue;
            }
            tps__reply_error(sc, h, TPS_EMISMATCH, 1,
                             "worker rank %d is already connected from %s",
                             h->rank, o->peer);
            return;
        }
    }
    const tps_consistency_t *cons = &s->cfg.cons;
    if (h->mode && h->mode[0] && strcmp(h->mode, tps__mode_name(cons->mode)) != 0) {
        tps__reply_error(sc, h, TPS_EMISMATCH, 1,
                         "worker %d expects mode %s, but %s runs mode %s",
                         h->rank, h->mode, s->listen_text,
                         tps__mode_name(cons->mode));
        return;
    }
    sc->hello = 1;
    sc->role = role;
    sc->rank = h->rank;
    sc->inherited_commit = role == TPS_ROLE_WORKER && s->shard.aggregate &&
                           s->members.committed[h->rank];
    uint64_t clock = 0;
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
        tps_log("%s: hello from %s %d", sc->peer,
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

static void handle_declare(sconn_t *sc, const Taups__Header *h) {
    char err[256];
    tps_shard_t *sh = &sc->srv->shard;
    int id;
    if (h->length == 0) {
        /* Length 0 looks a tensor up by name (tools that only read). */
        id = TPS_ENOENT;
        snprintf(err, sizeof(err), "no tensor named \"%s\" on shard %u",
                 h->name ? h->name : "", sh->index);
        for (int i = 0; i < sh->ntensors; i++)
            if (h->name && strcmp(sh->tensors[i].name, h->name) == 0)
                id = i;
    } else {
        int before = sh->ntensors;
        id = tps__shard_declare(sh, h->name ? h->name : "", h->length,
                                (int)h->init, h->scale, h->seed, err,
                                sizeof(err));
        /* Every tensor's version is the step count in sync modes, so that
         * the pull gate treats a late declaration like the others. */
        if (id >= before && sh->aggregate)
            sh->tensors[id].version = sc->srv->step;
    }
    if (id < 0) {
        /* A declaration conflict is the application's error, not a broken
         * stream: answer it and keep serving this peer. */
        tps__reply_error(sc, h, id, 0, "%s", err);
        return;
    }
    const tps_tensor_t *t = &sh->tensors[id];
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__DECLARE_OK;
    r.request_id = h->request_id;
    r.tensor_id = (uint32_t)id;
    r.offset = t->lo;
    r.count = t->hi - t->lo;
    r.length = t->n;
    r.version = t->version;
    r.shard = sh->index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Common checks of a push or pull: tensor, slice range, payload size. */
tps_tensor_t *tps__check_range(sconn_t *sc, const Taups__Header *h,
                               uint64_t payload_len, int is_push) {
    char err[256];
    tps_tensor_t *t = tps__shard_range(&sc->srv->shard, h->tensor_id, h->offset,
                                       h->count, err, sizeof(err));
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

static void on_frame(tps_conn_t *c, const Taups__Header *h, uint8_t *payload,
                     uint64_t len) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (!sc->hello && h->op != TAUPS__OP__HELLO) {
        tps__reply_error(sc, h, TPS_EPROTO, 1, "expected a hello, got op %d",
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

static void on_conn_error(tps_conn_t *c, int err) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (err == UV_EOF || err == UV_ECONNRESET) {
        if (!sc->srv->cfg.quiet || err != UV_EOF)
            tps_log("%s: %s", sc->peer,
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
    } else {
        tps_log_warn("%s: read failed: %s; closing", sc->peer, tps_strerror(err));
        close_conn(sc);
    }
}

static void on_connection(uv_stream_t *listener, int status) {
    tps_server_t *s = listener->data;
    if (status < 0) {
        tps_log_err("accept failed: %s", uv_strerror(status));
        return;
    }
    sconn_t *sc = calloc(1, sizeof(*sc));
    if (sc == NULL) {
        tps_log_err("out of memory for a new connection");
        return;
    }
    int err = tps_conn_init(s->loop, &sc->c, &s->cfg.lim, NULL, NULL);
    if (err < 0) {
        free(sc);
        tps_log_err("cannot set up a connection: %s", tps_strerror(err));
        return;
    }
    /* Shard and connection number give each link its own jitter, the same
     * in every run with the same seed and order of connections. */
    err = tps_conn_set_link(&sc->c, &s->cfg.link,
                            ((uint64_t)s->cfg.shard << 32) | s->accepted++);
    if (err < 0)
        tps_log_warn("cannot shape a connection, sending unshaped: %s",
                tps_strerror(err));
    sc->srv = s;
    sc->c.on_frame = on_frame;
    sc->c.on_error = on_conn_error;
    sc->c.on_close = on_conn_closed;
    sc->c.on_progress = tps__push_progress;
    sc->next = s->conns;
    if (s->conns)
        s->conns->prev = sc;
    s->conns = sc;
    s->nconns++;
    if ((err = uv_accept(listener, (uv_stream_t *)&sc->c.tcp)) < 0 ||
        (err = tps_conn_start(&sc->c)) < 0) {
        tps_log_err("accept failed: %s", uv_strerror(err));
        close_conn(sc);
        return;
    }
    struct sockaddr_storage ss;
    int sl = sizeof(ss);
    char host[48] = "?";
    int port = 0;
    if (uv_tcp_getpeername(&sc->c.tcp, (struct sockaddr *)&ss, &sl) == 0) {
        if (ss.ss_family == AF_INET6) {
            uv_ip6_name((struct sockaddr_in6 *)&ss, host, sizeof(host));
            port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        } else {
            uv_ip4_name((struct sockaddr_in *)&ss, host, sizeof(host));
            port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        }
    }
    snprintf(sc->peer, sizeof(sc->peer), "%s:%d", host, port);
}

/* The server as stats.c reports it, now. */
static void stats_view(const tps_server_t *s, tps_stats_view_t *v) {
    v->shard = &s->shard;
    v->members = &s->members;
    v->listen = s->listen_text;
    v->mode = s->cfg.cons.mode;
    v->uptime_s = tps_now() - s->started;
    v->loop_busy_max_ms = s->busy_max_ms;
    v->checkpoint_age_s = tps__ckpt_age(s);
    v->connections = s->nconns;
    v->workers = s->members.nlive;
    v->bytes_in = s->closed_bytes_in;
    v->bytes_out = s->closed_bytes_out;
    for (const sconn_t *sc = s->conns; sc; sc = sc->next) {
        v->bytes_in += sc->c.bytes_in;
        v->bytes_out += sc->c.bytes_out;
    }
}

static void log_summary(const tps_server_t *s, const char *when) {
    tps_stats_view_t v;
    stats_view(s, &v);
    tps__stats_log(&v, when);
}

char *tps__server_stats_json(const tps_server_t *s) {
    tps_stats_view_t v;
    stats_view(s, &v);
    return tps__stats_json(&v);
}

/* Runs just before each poll: the time since the previous one, less the
 * time the loop spent idle in poll, is how long it was busy. */
static void on_busy_prepare(uv_prepare_t *p) {
    tps_server_t *s = p->data;
    uint64_t t = uv_hrtime(), idle = uv_metrics_idle_time(s->loop);
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
    tps_server_t *s = h->data;
    s->open_handles--;
}

void tps__server_stop(tps_server_t *s) {
    if (s->stopping)
        return;
    s->stopping = 1;
    log_summary(s, "stopping");
    tps__ckpt_stop(s);
    uv_close((uv_handle_t *)&s->listener, on_handle_closed);
    uv_close((uv_handle_t *)&s->stats_timer, on_handle_closed);
    uv_close((uv_handle_t *)&s->stop_async, on_handle_closed);
    uv_close((uv_handle_t *)&s->busy, on_handle_closed);
    for (sconn_t *sc = s->conns; sc; sc = sc->next)
        close_conn(sc);
}

static void on_stop_async(uv_async_t *a) {
    tps__server_stop(a->data);
}

void tps__server_stop_async(tps_server_t *s) {
    uv_async_send(&s->stop_async);
}

int tps__server_port(const tps_server_t *s) {
    return s->port;
}

int tps__server_live_workers(const tps_server_t *s) {
    return s->members.nlive;
}

const tps_shard_t *tps__server_shard(const tps_server_t *s) {
    return &s->shard;
}

void tps__server_free(tps_server_t *s) {
    if (s == NULL)
        return;
    tps__pull_free_all(s);
    tps__ckpt_free(s);
    if (s->trace)
        fclose(s->trace);
    for (int r = 0; s->dedup && r < s->cfg.workers; r++)
        tps__dedup_free(&s->dedup[r]);
    free(s->dedup);
    tps__members_free(&s->members);
    tps__shard_free(&s->shard);
    free(s);
}

static int resolve(const char *host, int port, struct sockaddr_storage *ss) {
    struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;
    if (uv_ip4_addr(host, port, a4) == 0)
        return 0;
    if (uv_ip6_addr(host, port, a6) == 0)
        return 0;
    return UV_EINVAL;
}

int tps__server_start(uv_loop_t *loop, const tps_server_config_t *cfg,
                      tps_server_t **out, char *err, size_t errlen) {
    *out = NULL;
    tps_addr_t self;
    if (tps_addr_parse(cfg->listen ? cfg->listen : "", &self, err, errlen) < 0)
        return TPS_EINVAL;
    int nshards = 1;
    if (cfg->cluster) {
        tps_addr_t *list;
        nshards = tps_cluster_parse(cfg->cluster, &list, err, errlen);
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
    if (resolve(self.host, self.port, &ss) < 0) {
        snprintf(err, errlen, "--listen %s: not a numeric IPv4 or IPv6 address",
                 cfg->listen);
        return TPS_EINVAL;
    }
    tps_server_t *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    s->loop = loop;
    s->cfg = *cfg;
    s->started = tps_now();
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
    uv_tcp_init(loop, &s->listener);
    s->listener.data = s;
    s->open_handles = 1;
    if ((rc = uv_tcp_bind(&s->listener, (struct sockaddr *)&ss, 0)) < 0 ||
        (rc = uv_listen((uv_stream_t *)&s->listener, 128, on_connection)) < 0) {
        snprintf(err, errlen, "cannot listen on %s: %s", cfg->listen,
                 uv_strerror(rc));
        /* The handle is open: close it and let the loop run its callback
         * before freeing, as libuv requires. */
        uv_close((uv_handle_t *)&s->listener, NULL);
        uv_run(loop, UV_RUN_NOWAIT);
        tps__server_free(s);
        return rc;
    }
    int sl = sizeof(ss);
    uv_tcp_getsockname(&s->listener, (struct sockaddr *)&ss, &sl);
    s->port = ss.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                                       : ntohs(((struct sockaddr_in *)&ss)->sin_port);
    snprintf(s->listen_text, sizeof(s->listen_text), "%s:%d", self.host, s->port);
    uv_timer_init(loop, &s->stats_timer);
    s->stats_timer.data = s;
    uv_async_init(loop, &s->stop_async, on_stop_async);
    s->stop_async.data = s;
    uv_loop_configure(loop, UV_METRICS_IDLE_TIME);
    uv_prepare_init(loop, &s->busy);
    s->busy.data = s;
    uv_prepare_start(&s->busy, on_busy_prepare);
    uv_unref((uv_handle_t *)&s->busy);
    s->open_handles = 4;
    tps__ckpt_start(s);
    if (cfg->stats_every > 0) {
        uint64_t ms = (uint64_t)(cfg->stats_every * 1000);
        uv_timer_start(&s->stats_timer, on_stats_timer, ms, ms);
    }
    char opt[256], mode[96];
    tps__optim_describe(&cfg->optim, opt, sizeof(opt));
    const tps_consistency_t *cons = &cfg->cons;
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
    tps_log("listening on %s as shard %d of %d, %d workers, mode %s, %s",
            s->listen_text, cfg->shard, nshards, cfg->workers, mode, opt);
    if (tps__link_enabled(&cfg->link)) {
        char link[200];
        tps__link_describe(&cfg->link, link, sizeof(link));
        tps_log("shaping every reply link: %s", link);
    }
    *out = s;
    return 0;
}
