/* Shard server: connection handling and the frame dispatch; see server.h. */
#include "server.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_cluster.h"
#include "tps_conn.h"
#include "tps_log.h"
#include "tps_opt.h"

typedef struct sconn_s sconn_t;

/* Per-connection state. A connection is "doomed" once it has broken the
 * protocol: its error reply is queued, nothing more is read from it, and it
 * is closed when the reply has been written. */
struct sconn_s {
    tps_conn_t c; /* first: tps_conn_t * and sconn_t * are interchangeable */
    tps_server_t *srv;
    sconn_t *prev, *next;
    int hello;    /* hello accepted */
    int role;     /* TPS_ROLE_* */
    int rank;
    uint64_t clock;
    int doomed;
    uint64_t nonfinite;  /* first NaN/Inf float of the payload being read */
    char peer[64];
};

struct tps_server_s {
    uv_loop_t *loop;
    tps_server_config_t cfg;
    tps_shard_t shard;
    uv_tcp_t listener;
    uv_timer_t stats_timer;
    uv_async_t stop_async;
    int port;
    int stopping;
    int open_handles; /* listener + timer + async; freed when 0 */
    sconn_t *conns;
    int nconns;
    char listen_text[300];
    /* Totals of connections already closed. */
    uint64_t closed_bytes_in, closed_bytes_out;
    double started;
};

void tps__server_config_init(tps_server_config_t *cfg) {
    memset(cfg, 0, sizeof(*cfg));
    cfg->workers = 1;
    cfg->lr = 0.1;
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

static void on_conn_closed(tps_conn_t *c) {
    sconn_t *sc = (sconn_t *)c;
    tps_server_t *s = sc->srv;
    s->closed_bytes_in += c->bytes_in;
    s->closed_bytes_out += c->bytes_out;
    conn_list_remove(s, sc);
    s->nconns--;
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
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void reply_error(sconn_t *sc, const Taups__Header *h, int status,
                        int fatal, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    sc->srv->shard.st.rejected++;
    tps_log("%s: %s%s", sc->peer, msg, fatal ? "; closing the connection" : "");
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

static void send_or_close(sconn_t *sc, const Taups__Header *r,
                          const void *payload, uint64_t len, tps_write_cb cb,
                          void *arg) {
    int err = tps_conn_send(&sc->c, r, payload, len, cb, arg);
    if (err < 0) {
        tps_log("%s: cannot send reply: %s; closing", sc->peer,
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
        reply_error(sc, h, TPS_EMISMATCH, 1,
                    "protocol version %u, this server speaks %d",
                    h->proto_version, TPS_PROTO_VERSION);
        return;
    }
    if (h->shards != sh->nshards || h->shard != sh->index) {
        reply_error(sc, h, TPS_EMISMATCH, 1,
                    "client thinks this is shard %u of %u, but %s is shard %u "
                    "of %u: the cluster lists differ",
                    h->shard, h->shards, s->listen_text, sh->index,
                    sh->nshards);
        return;
    }
    int role = (int)h->role;
    if (role != TPS_ROLE_WORKER && role != TPS_ROLE_EVALUATOR &&
        role != TPS_ROLE_ADMIN) {
        reply_error(sc, h, TPS_EPROTO, 1, "unknown role %d", role);
        return;
    }
    if (role == TPS_ROLE_WORKER) {
        if ((int)h->workers != s->cfg.workers) {
            reply_error(sc, h, TPS_EMISMATCH, 1,
                        "worker %d expects %u workers, the cluster has %d",
                        h->rank, h->workers, s->cfg.workers);
            return;
        }
        if (h->rank < 0 || h->rank >= s->cfg.workers) {
            reply_error(sc, h, TPS_EINVAL, 1, "worker rank %d is outside [0, %d)",
                        h->rank, s->cfg.workers);
            return;
        }
        for (sconn_t *o = s->conns; o; o = o->next) {
            if (o != sc && o->hello && !o->doomed &&
                o->role == TPS_ROLE_WORKER && o->rank == h->rank) {
                reply_error(sc, h, TPS_EMISMATCH, 1,
                            "worker rank %d is already connected from %s",
                            h->rank, o->peer);
                return;
            }
        }
    }
    sc->hello = 1;
    sc->role = role;
    sc->rank = h->rank;
    if (!s->cfg.quiet)
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
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static void handle_declare(sconn_t *sc, const Taups__Header *h) {
    char err[256];
    tps_shard_t *sh = &sc->srv->shard;
    int id = tps__shard_declare(sh, h->name ? h->name : "", h->length,
                                (int)h->init, h->scale, h->seed, err,
                                sizeof(err));
    if (id < 0) {
        /* A declaration conflict is the application's error, not a broken
         * stream: answer it and keep serving this peer. */
        reply_error(sc, h, id, 0, "%s", err);
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
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Common checks of a push or pull: tensor, slice range, payload size. */
static tps_tensor_t *check_range(sconn_t *sc, const Taups__Header *h,
                                 uint64_t payload_len, int is_push) {
    char err[256];
    tps_tensor_t *t = tps__shard_range(&sc->srv->shard, h->tensor_id, h->offset,
                                       h->count, err, sizeof(err));
    if (t == NULL) {
        reply_error(sc, h, TPS_EINVAL, 1, "%s", err);
        return NULL;
    }
    uint64_t want = is_push ? h->count * sizeof(float) : 0;
    if (payload_len != want) {
        reply_error(sc, h, TPS_EPROTO, 1,
                    "tensor \"%s\": %s of %llu elements carries %llu payload "
                    "bytes, expected %llu",
                    t->name, is_push ? "push" : "pull",
                    (unsigned long long)h->count,
                    (unsigned long long)payload_len, (unsigned long long)want);
        return NULL;
    }
    if (is_push && h->codec != 0) {
        reply_error(sc, h, TPS_EPROTO, 1, "unknown codec %u", h->codec);
        return NULL;
    }
    return t;
}

/* Scans a push payload for NaN/Inf as it arrives, while it is in cache,
 * so that accepting a clean push costs no second pass over memory. */
static void on_payload_progress(tps_conn_t *c, const uint8_t *payload,
                                uint64_t from, uint64_t to) {
    sconn_t *sc = (sconn_t *)c;
    if (from == 0)
        sc->nonfinite = UINT64_MAX;
    if (sc->nonfinite != UINT64_MAX || c->rd.hdr->op != TAUPS__OP__PUSH)
        return;
    uint64_t f0 = from / sizeof(float), f1 = to / sizeof(float);
    uint64_t bad = tps__first_nonfinite((const float *)payload + f0, f1 - f0);
    if (bad < f1 - f0)
        sc->nonfinite = f0 + bad;
}

static void handle_push(sconn_t *sc, const Taups__Header *h, uint8_t *payload,
                        uint64_t len) {
    tps_shard_t *sh = &sc->srv->shard;
    if (sc->role != TPS_ROLE_WORKER) {
        reply_error(sc, h, TPS_EINVAL, 1, "only workers may push");
        return;
    }
    tps_tensor_t *t = check_range(sc, h, len, 1);
    if (t == NULL)
        return;
    const float *g = (const float *)payload;
    uint64_t bad = sc->nonfinite;
    if (bad < h->count) {
        /* Checked before applying anything: one NaN would poison every
         * parameter it touches and, through them, every worker. The
         * stream is intact, so the worker stays connected. */
        reply_error(sc, h, TPS_EINVAL, 0,
                    "push from worker %d to tensor \"%s\" has %s at element "
                    "%llu; rejected, parameters unchanged",
                    sc->rank, t->name, isnan(g[bad]) ? "NaN" : "Inf",
                    (unsigned long long)(h->offset + bad));
        return;
    }
    /* The payload is little-endian float32 (configure refuses big-endian
     * hosts); the reader's buffers are malloc'd, hence float-aligned. */
    tps__sgd_apply(t->param + (h->offset - t->lo), g, h->count, (float)sh->lr);
    sh->st.push_frames++;
    uint64_t staleness = t->version >= h->version ? t->version - h->version : 0;
    if (h->last) {
        t->version++;
        sh->st.pushes++;
    }
    if (h->clock > sc->clock)
        sc->clock = h->clock;
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__PUSH_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.offset = h->offset;
    r.count = h->count;
    r.version = t->version;
    r.staleness = staleness;
    r.weight = 1.0f;
    r.shard = sh->index;
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static void handle_pull(sconn_t *sc, const Taups__Header *h, uint64_t len) {
    tps_shard_t *sh = &sc->srv->shard;
    tps_tensor_t *t = check_range(sc, h, len, 0);
    if (t == NULL)
        return;
    sh->st.pulls++;
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__PULL_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.offset = h->offset;
    r.count = h->count;
    r.version = t->version;
    r.shard = sh->index;
    /* Sent from the live parameters, no copy: the loop is single-threaded,
     * so values change under a partly written reply only when the socket
     * could not take it all at once; async SGD tolerates that by design
     * (parameters are never freed while the loop runs). */
    send_or_close(sc, &r, t->param + (h->offset - t->lo),
                  h->count * sizeof(float), NULL, NULL);
}

static void free_arg(void *arg, int status) {
    (void)status;
    free(arg);
}

static void handle_stats(sconn_t *sc, const Taups__Header *h) {
    char *json = tps__server_stats_json(sc->srv);
    if (json == NULL) {
        reply_error(sc, h, TPS_ENOMEM, 0, "out of memory for statistics");
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__STATS_OK;
    r.request_id = h->request_id;
    r.shard = sc->srv->shard.index;
    send_or_close(sc, &r, json, strlen(json), free_arg, json);
}

static void on_frame(tps_conn_t *c, const Taups__Header *h, uint8_t *payload,
                     uint64_t len) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (!sc->hello && h->op != TAUPS__OP__HELLO) {
        reply_error(sc, h, TPS_EPROTO, 1, "expected a hello, got op %d",
                    (int)h->op);
        return;
    }
    if (h->op != TAUPS__OP__PUSH && len != 0 && h->op != TAUPS__OP__PULL) {
        reply_error(sc, h, TPS_EPROTO, 1, "op %d carries an unexpected payload",
                    (int)h->op);
        return;
    }
    switch (h->op) {
    case TAUPS__OP__HELLO:
        if (sc->hello)
            reply_error(sc, h, TPS_EPROTO, 1, "second hello");
        else
            handle_hello(sc, h);
        return;
    case TAUPS__OP__DECLARE:
        handle_declare(sc, h);
        return;
    case TAUPS__OP__PUSH:
        handle_push(sc, h, payload, len);
        return;
    case TAUPS__OP__PULL:
        handle_pull(sc, h, len);
        return;
    case TAUPS__OP__STATS:
        handle_stats(sc, h);
        return;
    case TAUPS__OP__CLOCK:
        if (h->clock > sc->clock)
            sc->clock = h->clock;
        return;
    default:
        reply_error(sc, h, TPS_EPROTO, 1, "unexpected op %d", (int)h->op);
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
        reply_error(sc, NULL, err, 1,
                    "frame header length %u is outside [1, %u]", c->rd.hlen,
                    c->rd.lim.max_header);
    } else if (err == TPS_E2BIG) {
        reply_error(sc, NULL, err, 1,
                    "frame payload of %llu bytes exceeds the limit of %llu",
                    (unsigned long long)c->rd.plen,
                    (unsigned long long)c->rd.lim.max_payload);
    } else if (err == TPS_EPROTO) {
        reply_error(sc, NULL, err, 1, "malformed frame (bad magic or header)");
    } else {
        tps_log("%s: read failed: %s; closing", sc->peer, tps_strerror(err));
        close_conn(sc);
    }
}

static void on_connection(uv_stream_t *listener, int status) {
    tps_server_t *s = listener->data;
    if (status < 0) {
        tps_log("accept failed: %s", uv_strerror(status));
        return;
    }
    sconn_t *sc = calloc(1, sizeof(*sc));
    if (sc == NULL) {
        tps_log("out of memory for a new connection");
        return;
    }
    int err = tps_conn_init(s->loop, &sc->c, &s->cfg.lim, NULL, NULL);
    if (err < 0) {
        free(sc);
        tps_log("cannot set up a connection: %s", tps_strerror(err));
        return;
    }
    sc->srv = s;
    sc->c.on_frame = on_frame;
    sc->c.on_error = on_conn_error;
    sc->c.on_close = on_conn_closed;
    sc->c.on_progress = on_payload_progress;
    sc->next = s->conns;
    if (s->conns)
        s->conns->prev = sc;
    s->conns = sc;
    s->nconns++;
    if ((err = uv_accept(listener, (uv_stream_t *)&sc->c.tcp)) < 0 ||
        (err = tps_conn_start(&sc->c)) < 0) {
        tps_log("accept failed: %s", uv_strerror(err));
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

static void totals(const tps_server_t *s, uint64_t *in, uint64_t *out,
                   int *workers) {
    *in = s->closed_bytes_in;
    *out = s->closed_bytes_out;
    *workers = 0;
    for (const sconn_t *sc = s->conns; sc; sc = sc->next) {
        *in += sc->c.bytes_in;
        *out += sc->c.bytes_out;
        *workers += sc->hello && sc->role == TPS_ROLE_WORKER && !sc->doomed;
    }
}

static void log_summary(const tps_server_t *s, const char *when) {
    uint64_t in, out;
    int workers;
    totals(s, &in, &out, &workers);
    const tps_shard_stats_t *st = &s->shard.st;
    tps_log("%s: %.1f s up, %d tensors, %d workers connected, %llu pushes "
            "(%llu frames), %llu pulls, %llu rejected, %.1f MB in, %.1f MB out",
            when, tps_now() - s->started, s->shard.ntensors, workers,
            (unsigned long long)st->pushes, (unsigned long long)st->push_frames,
            (unsigned long long)st->pulls, (unsigned long long)st->rejected,
            (double)in / 1e6, (double)out / 1e6);
}

char *tps__server_stats_json(const tps_server_t *s) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return NULL;
    uint64_t in, out;
    int workers;
    totals(s, &in, &out, &workers);
    const tps_shard_stats_t *st = &s->shard.st;
    fprintf(f,
            "{\"shard\": %u, \"shards\": %u, \"listen\": ", s->shard.index,
            s->shard.nshards);
    tps_json_str(f, s->listen_text);
    fprintf(f,
            ", \"uptime_s\": %.3f, \"connections\": %d, \"workers\": %d, "
            "\"pushes\": %llu, \"push_frames\": %llu, \"pulls\": %llu, "
            "\"rejected\": %llu, \"bytes_in\": %llu, \"bytes_out\": %llu, "
            "\"tensors\": [",
            tps_now() - s->started, s->nconns, workers,
            (unsigned long long)st->pushes, (unsigned long long)st->push_frames,
            (unsigned long long)st->pulls, (unsigned long long)st->rejected,
            (unsigned long long)in, (unsigned long long)out);
    for (int i = 0; i < s->shard.ntensors; i++) {
        const tps_tensor_t *t = &s->shard.tensors[i];
        fprintf(f, "%s{\"id\": %d, \"name\": ", i ? ", " : "", i);
        tps_json_str(f, t->name);
        fprintf(f, ", \"length\": %llu, \"lo\": %llu, \"hi\": %llu, "
                   "\"version\": %llu}",
                (unsigned long long)t->n, (unsigned long long)t->lo,
                (unsigned long long)t->hi, (unsigned long long)t->version);
    }
    fprintf(f, "]}");
    fclose(f);
    return buf;
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
    uv_close((uv_handle_t *)&s->listener, on_handle_closed);
    uv_close((uv_handle_t *)&s->stats_timer, on_handle_closed);
    uv_close((uv_handle_t *)&s->stop_async, on_handle_closed);
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

const tps_shard_t *tps__server_shard(const tps_server_t *s) {
    return &s->shard;
}

void tps__server_free(tps_server_t *s) {
    if (s == NULL)
        return;
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
                             cfg->max_tensors, cfg->max_elements, cfg->lr);
    if (rc < 0) {
        snprintf(err, errlen, "out of memory");
        free(s);
        return rc;
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
    s->open_handles = 3;
    if (cfg->stats_every > 0) {
        uint64_t ms = (uint64_t)(cfg->stats_every * 1000);
        uv_timer_start(&s->stats_timer, on_stats_timer, ms, ms);
    }
    tps_log("listening on %s as shard %d of %d, %d workers, lr %g",
            s->listen_text, cfg->shard, nshards, cfg->workers, cfg->lr);
    *out = s;
    return 0;
}
