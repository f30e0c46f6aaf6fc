/* SPDX-License-Identifier: MIT */
/* Shard server: connection handling and the frame dispatch; see server.h. */
#include "server.h"

#include "dedup.h"
#include "stats.h"

#include <zstd.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_cluster.h"
#include "tps_codec.h"
#include "tps_conn.h"
#include "tps_float.h"
#include "tps_log.h"

typedef struct sconn_s sconn_t;

/* A buffer for one encoded pull reply, owned by its connection. */
typedef struct outbuf_s outbuf_t;
struct outbuf_s {
    outbuf_t *next;
    sconn_t *owner;
    size_t cap;
    uint8_t data[];
};

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
    double sumsq;        /* of the dense payload being read (clipping on) */
    /* The logical push being received, decided at its first chunk so that
     * all its chunks share one staleness, weight and drop verdict. */
    int cur_open;
    uint32_t cur_tensor;
    int cur_drop;
    uint64_t cur_stale;
    double cur_weight, cur_scale;
    double cur_sumsq;    /* of the push's dense chunks so far */
    /* Compressed payloads: a zstd context and buffers reused across frames,
     * grown to the largest seen. */
    ZSTD_DCtx *zd;
    uint8_t *zbuf;
    size_t zcap;
    float *scratch;      /* decoded gradient, for optimizers with state */
    size_t scratch_cap;  /* in bytes */
    outbuf_t *spare;     /* encoded pull replies, returned after the write */
    char peer[64];
};

/* A worker's pull that its consistency gate holds back. */
typedef struct pull_req_s {
    uint64_t request_id, offset, count, clock;
    uint64_t chunk;   /* elements per reply frame */
    uint32_t tensor_id;
    uint32_t codec;   /* packed pull codec, 0: dense */
    float ratio;
} pull_req_t;

typedef struct pending_s pending_t;
struct pending_s {
    pending_t *next;
    sconn_t *sc;
    pull_req_t req;
    double since;
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
    uint64_t accepted;  /* connections so far: each one's jitter stream */
    char listen_text[300];
    /* Totals of connections already closed. */
    uint64_t closed_bytes_in, closed_bytes_out;
    double started;
    tps_members_t members;
    uint64_t step;      /* aggregating modes: steps taken, every tensor's
                           version */
    tps_dedup_t *dedup; /* per rank: answers to its recent push frames */
    pending_t *pending;
    FILE *trace;
};

static void process_pending(tps_server_t *s);
static void try_step(tps_server_t *s);

/* One trace row; min_clock is -1 when no worker is live. */
static void trace(tps_server_t *s, const char *event, int rank, uint64_t clock,
                  int tensor, uint64_t version, uint64_t staleness,
                  double weight, double blocked_ms, uint64_t read) {
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

/* Marks the push being received as finished (or abandoned): pulls of its
 * tensor that waited for it may now be answered. */
static void close_push(sconn_t *sc) {
    if (!sc->cur_open)
        return;
    sc->cur_open = 0;
    tps_shard_t *sh = &sc->srv->shard;
    if (sc->cur_tensor < (uint32_t)sh->ntensors)
        sh->tensors[sc->cur_tensor].pushing--;
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
    close_push(sc);
    conn_list_remove(s, sc);
    s->nconns--;
    for (pending_t **pp = &s->pending; *pp;) {
        pending_t *p = *pp;
        if (p->sc == sc) {
            *pp = p->next;
            free(p);
        } else {
            pp = &p->next;
        }
    }
    while (sc->spare) {
        outbuf_t *b = sc->spare;
        sc->spare = b->next;
        free(b);
    }
    ZSTD_freeDCtx(sc->zd);
    free(sc->zbuf);
    free(sc->scratch);
    if (sc->hello && sc->role == TPS_ROLE_WORKER && !s->stopping) {
        /* The barrier and the gate must never wait for the departed. A
         * contribution it committed still counts; pushes it did not commit
         * are discarded, as on every other shard (see consistency.h). */
        if (s->shard.aggregate && !s->members.committed[sc->rank])
            for (int i = 0; i < s->shard.ntensors; i++)
                tps__syncbuf_discard(&s->shard.tensors[i].sync, sc->rank);
        tps__members_leave(&s->members, sc->rank);
        tps_log("worker %d left at clock %llu; %d workers live", sc->rank,
                (unsigned long long)s->members.clock[sc->rank],
                s->members.nlive);
        trace(s, "leave", sc->rank, s->members.clock[sc->rank], -1, 0, 0, 0, 0, 0);
        try_step(s);
        process_pending(s);
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
    /* Broken frames count as rejected; refused pushes are counted by their
     * handler; a failed declaration or lookup is an answer, not a rejection. */
    if (fatal)
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
    const tps_consistency_t *cons = &s->cfg.cons;
    if (h->mode && h->mode[0] && strcmp(h->mode, tps__mode_name(cons->mode)) != 0) {
        reply_error(sc, h, TPS_EMISMATCH, 1,
                    "worker %d expects mode %s, but %s runs mode %s", h->rank,
                    h->mode, s->listen_text, tps__mode_name(cons->mode));
        return;
    }
    sc->hello = 1;
    sc->role = role;
    sc->rank = h->rank;
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
        trace(s, "join", h->rank, clock, -1, 0, 0, 0, 0, 0);
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
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
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
    if (is_push && (h->codec != 0 || h->zstd))
        return t; /* encoded: checked against its codec in handle_push */
    if (payload_len != want) {
        reply_error(sc, h, TPS_EPROTO, 1,
                    "tensor \"%s\": %s of %llu elements carries %llu payload "
                    "bytes, expected %llu",
                    t->name, is_push ? "push" : "pull",
                    (unsigned long long)h->count,
                    (unsigned long long)payload_len, (unsigned long long)want);
        return NULL;
    }
    return t;
}

/* Grows *buf to hold n bytes; returns it or NULL. */
static void *grow(void *buf, size_t *cap, size_t n) {
    if (*cap >= n)
        return buf;
    void *p = realloc(buf, n);
    if (p)
        *cap = n;
    return p;
}

/* Checks a compressed push's codec and sizes and undoes its zstd layer.
 * Returns the encoded bytes (*enc, *enc_len) or replies with an error and
 * returns -1. The codec's own decoder validates the contents later. */
static int unwrap_push(sconn_t *sc, const Taups__Header *h, const tps_tensor_t *t,
                       uint8_t *payload, uint64_t len, tps_codec_t *codec,
                       const uint8_t **enc, size_t *enc_len) {
    if (tps__codec_unpack(codec, h->codec, h->codec_ratio) < 0) {
        reply_error(sc, h, TPS_EPROTO, 1,
                    "push to tensor \"%s\": invalid codec id 0x%x (ratio %g)",
                    t->name, h->codec, h->codec_ratio);
        return -1;
    }
    size_t want = tps__codec_wire_size(codec, h->count);
    if (!h->zstd) {
        if (len != want) {
            reply_error(sc, h, TPS_EPROTO, 1,
                        "push to tensor \"%s\": %llu bytes of %s for %llu "
                        "elements, expected %zu",
                        t->name, (unsigned long long)len,
                        codec->kind == TPS_CODEC_NONE ? "none" : "codec data",
                        (unsigned long long)h->count, want);
            return -1;
        }
        *enc = payload;
        *enc_len = (size_t)len;
        return 0;
    }
    unsigned long long content = ZSTD_getFrameContentSize(payload, len);
    if (h->encoded_len != want || content != want) {
        reply_error(sc, h, TPS_EPROTO, 1,
                    "push to tensor \"%s\": zstd frame holds %llu bytes, the "
                    "codec needs %zu",
                    t->name, content, want);
        return -1;
    }
    if (sc->zd == NULL)
        sc->zd = ZSTD_createDCtx();
    uint8_t *zb = grow(sc->zbuf, &sc->zcap, want ? want : 1);
    if (sc->zd == NULL || zb == NULL) {
        reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for a zstd push");
        return -1;
    }
    sc->zbuf = zb;
    size_t got = ZSTD_decompressDCtx(sc->zd, zb, want, payload, len);
    if (ZSTD_isError(got) || got != want) {
        reply_error(sc, h, TPS_EPROTO, 1, "push to tensor \"%s\": bad zstd frame: %s",
                    t->name, ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short");
        return -1;
    }
    *enc = zb;
    *enc_len = want;
    return 0;
}

/* Scans a push payload for NaN/Inf as it arrives, while it is in cache,
 * so that accepting a clean push costs no second pass over memory. */
static void on_payload_progress(tps_conn_t *c, const uint8_t *payload,
                                uint64_t from, uint64_t to) {
    sconn_t *sc = (sconn_t *)c;
    if (from == 0) {
        sc->nonfinite = UINT64_MAX;
        sc->sumsq = 0;
    }
    if (sc->nonfinite != UINT64_MAX || c->rd.hdr->op != TAUPS__OP__PUSH)
        return;
    uint64_t f0 = from / sizeof(float), f1 = to / sizeof(float);
    const float *x = (const float *)payload + f0;
    uint64_t bad = tps__first_nonfinite(x, f1 - f0);
    if (bad < f1 - f0) {
        sc->nonfinite = f0 + bad;
        return;
    }
    /* Only a shard that clips checks the claimed norm, while the bytes
     * are still in cache. */
    if (sc->srv->shard.optim.clip_norm > 0 && c->rd.hdr->codec == 0 &&
        !c->rd.hdr->zstd) {
        double ss = 0;
        for (uint64_t i = 0; i < f1 - f0; i++)
            ss += (double)x[i] * x[i];
        sc->sumsq += ss;
    }
}

/* Sync modes: once every live worker has committed (its CLOCK arrived),
 * one step of every tensor with the mean of the committed ranks' pushes,
 * so that every tensor, and every shard, steps over the same workers. */
static void try_step(tps_server_t *s) {
    tps_shard_t *sh = &s->shard;
    if (!sh->aggregate || !tps__sync_ready(&s->members))
        return;
    for (int id = 0; id < sh->ntensors; id++) {
        tps_tensor_t *t = &sh->tensors[id];
        int k = tps__syncbuf_mean(&t->sync, &s->members, t->mean);
        if (k < 0)
            tps_log("tensor \"%s\": out of memory for the mean; step skipped",
                    t->name);
        else if (k > 0)
            tps__shard_apply(sh, t, 0, t->mean, t->hi - t->lo, 1.0);
        t->version = s->step + 1;
        sh->st.steps++;
        tps__syncbuf_reset(&t->sync);
        trace(s, "step", -1, t->version, id, t->version, 0, 1.0, 0, 0);
    }
    s->step++;
    tps__members_uncommit_all(&s->members);
    process_pending(s);
}

/* Applies (or, in sync modes, buffers) an encoded gradient chunk. Plain
 * SGD without weight decay decodes straight into the parameters
 * (p += -lr*scale*decode(payload), no dense temporary); other update rules
 * decode into a reused scratch buffer first, since they need g itself. */
static int apply_encoded(sconn_t *sc, const Taups__Header *h, tps_tensor_t *t,
                         const tps_codec_t *codec, const uint8_t *enc,
                         size_t enc_len, uint64_t off, int aggregate) {
    tps_shard_t *sh = &sc->srv->shard;
    const tps_optim_t *o = &sh->optim;
    if (aggregate) {
        float *dst = tps__syncbuf_slot(&t->sync, sc->rank, off);
        if (dst == NULL)
            return TPS_ENOMEM;
        int rc = tps__codec_decode(codec, enc, enc_len, h->count, h->codec_seed,
                                   dst);
        if (rc == 0 && sc->cur_scale != 1.0)
            for (uint64_t i = 0; i < h->count; i++)
                dst[i] *= (float)sc->cur_scale;
        return rc;
    }
    if (sc->cur_drop)
        return 0;
    if (o->kind == TPS_OPTIM_SGD && o->weight_decay == 0) {
        double lr = tps__optim_lr(o, t->version + 1);
        return tps__codec_decode_acc(codec, enc, enc_len, h->count,
                                     h->codec_seed, (float)(-lr * sc->cur_scale),
                                     t->param + off);
    }
    float *g = grow(sc->scratch, &sc->scratch_cap,
                    (h->count ? h->count : 1) * sizeof(float));
    if (g == NULL)
        return TPS_ENOMEM;
    sc->scratch = g;
    int rc = tps__codec_decode(codec, enc, enc_len, h->count, h->codec_seed, g);
    if (rc == 0)
        tps__shard_apply(sh, t, off, g, h->count, sc->cur_scale);
    return rc;
}

static void send_push_ok(sconn_t *sc, const tps_push_answer_t *a) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__PUSH_OK;
    r.request_id = a->request_id;
    r.tensor_id = a->tensor_id;
    r.offset = a->offset;
    r.count = a->count;
    r.version = a->version;
    r.staleness = a->staleness;
    r.weight = a->weight;
    r.dropped = a->dropped;
    r.shard = sc->srv->shard.index;
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Answers a push frame and remembers the answer, so that a repeat of the
 * frame is answered the same way without being applied again. */
static void push_answered(sconn_t *sc, const Taups__Header *h,
                          const tps_tensor_t *t) {
    tps_push_answer_t a = {h->request_id, h->offset,       h->tensor_id,
                           h->count,      t->version,      sc->cur_stale,
                           (float)sc->cur_weight,          sc->cur_drop};
    if (tps__dedup_record(&sc->srv->dedup[sc->rank], &a) < 0)
        tps_log("%s: out of memory for the answers of worker %d; a repeat of "
                "this push will be refused, not answered",
                sc->peer, sc->rank);
    send_push_ok(sc, &a);
}

/* A push frame this rank already sent in this session: answered again,
 * never applied twice. Returns 1 when h was such a repeat. */
static int push_repeat(sconn_t *sc, const Taups__Header *h) {
    tps_dedup_t *d = &sc->srv->dedup[sc->rank];
    if (!tps__dedup_is_repeat(d, h->request_id, h->offset))
        return 0;
    sc->srv->shard.st.duplicates++;
    const tps_push_answer_t *a = tps__dedup_find(d, h->request_id, h->offset);
    if (a != NULL)
        send_push_ok(sc, a);
    else
        reply_error(sc, h, TPS_EINVAL, 0,
                    "worker %d repeats push request %llu (offset %llu), which "
                    "is older than its last %d answers or was refused; not "
                    "applied again",
                    sc->rank, (unsigned long long)h->request_id,
                    (unsigned long long)h->offset, TPS_DEDUP_WINDOW);
    return 1;
}

/* The staleness, weight, drop verdict and scale of a push, fixed at its
 * first chunk so that all its chunks share them. A push the client decided
 * (docs/design.md §3a) carries one staleness and live-worker count for
 * every shard; otherwise this shard measures its own. */
static int push_fate(sconn_t *sc, const Taups__Header *h,
                     const tps_tensor_t *t) {
    tps_server_t *s = sc->srv;
    const tps_shard_t *sh = &s->shard;
    const tps_consistency_t *cons = &s->cfg.cons;
    int aggregate = tps__consistency_aggregates(cons);
    int nlive = s->members.nlive > 0 ? s->members.nlive : 1;
    int n = nlive;
    if (h->decided) {
        if (h->workers < 1 || h->workers > (uint32_t)s->cfg.workers) {
            reply_error(sc, h, TPS_EPROTO, 1,
                        "decided push of worker %d counts %u live workers, "
                        "outside [1, %d]",
                        sc->rank, h->workers, s->cfg.workers);
            return -1;
        }
        sc->cur_stale = h->staleness;
        n = (int)h->workers;
    } else {
        sc->cur_stale = t->version >= h->version ? t->version - h->version : 0;
    }
    sc->cur_drop = !aggregate && cons->max_staleness >= 0 &&
                   sc->cur_stale > (uint64_t)cons->max_staleness;
    sc->cur_weight =
        aggregate ? 1.0 : tps__staleness_weight(&sh->optim, sc->cur_stale);
    sc->cur_scale =
        sc->cur_weight * tps__clip_factor(sh->optim.clip_norm, h->grad_norm);
    /* Asynchronous averaging of local models: each delta counts 1/n, n the
     * live workers, as the synchronous mean divides by the committed ones. */
    if (cons->mode == TPS_MODE_LOCAL && !cons->local_sync)
        sc->cur_scale /= n;
    if (!aggregate)
        tps__hist_add(&s->shard.st.staleness, sc->cur_stale);
    return 0;
}

/* A push the client decided to drop: one header-only frame per shard, so
 * that every shard counts the same drop. */
static void handle_decided_drop(sconn_t *sc, const Taups__Header *h,
                                uint64_t len) {
    tps_server_t *s = sc->srv;
    char err[256];
    tps_tensor_t *t = tps__shard_range(&s->shard, h->tensor_id, h->offset, 0,
                                       err, sizeof(err));
    if (t == NULL || h->count != 0 || len != 0 ||
        tps__consistency_aggregates(&s->cfg.cons)) {
        reply_error(sc, h, TPS_EPROTO, 1,
                    "a dropped push must name a tensor, carry nothing, and "
                    "come in a mode that drops: %s",
                    t == NULL ? err : "it did not");
        return;
    }
    close_push(sc);
    if (push_fate(sc, h, t) < 0)
        return;
    sc->cur_drop = 1;
    s->shard.st.push_frames++;
    s->shard.st.dropped++;
    trace(s, "drop", sc->rank, h->clock, (int)h->tensor_id, t->version,
          sc->cur_stale, sc->cur_weight, 0, h->version);
    push_answered(sc, h, t);
}

static void handle_push(sconn_t *sc, const Taups__Header *h, uint8_t *payload,
                        uint64_t len) {
    tps_server_t *s = sc->srv;
    tps_shard_t *sh = &s->shard;
    const tps_consistency_t *cons = &s->cfg.cons;
    if (sc->role != TPS_ROLE_WORKER) {
        reply_error(sc, h, TPS_EINVAL, 1, "only workers may push");
        return;
    }
    if (push_repeat(sc, h))
        return;
    if (h->decided && h->dropped) {
        handle_decided_drop(sc, h, len);
        return;
    }
    tps_tensor_t *t = check_range(sc, h, len, 1);
    if (t == NULL)
        return;
    const float *g = (const float *)payload;
    tps_codec_t codec;
    const uint8_t *enc = NULL;
    size_t enc_len = 0;
    int encoded = h->codec != 0 || h->zstd;
    if (encoded && unwrap_push(sc, h, t, payload, len, &codec, &enc, &enc_len) < 0)
        return;
    uint64_t bad = encoded ? UINT64_MAX : sc->nonfinite;
    if (bad < h->count) {
        /* Checked before applying anything: one NaN would poison every
         * parameter it touches and, through them, every worker. The
         * stream is intact, so the worker stays connected. */
        sh->st.rejected++;
        close_push(sc);
        reply_error(sc, h, TPS_EINVAL, 0,
                    "push from worker %d to tensor \"%s\" has %s at element "
                    "%llu; rejected, parameters unchanged",
                    sc->rank, t->name, isnan(g[bad]) ? "NaN" : "Inf",
                    (unsigned long long)(h->offset + bad));
        return;
    }
    int aggregate = tps__consistency_aggregates(cons);
    if (aggregate && (h->clock != s->step || s->members.committed[sc->rank])) {
        sh->st.rejected++;
        if (h->clock != s->step)
            reply_error(sc, h, TPS_EINVAL, 0,
                        "%s mode: worker %d pushed tensor \"%s\" for clock "
                        "%llu, but the shard is at step %llu; ignored",
                        tps__mode_name(cons->mode), sc->rank, t->name,
                        (unsigned long long)h->clock,
                        (unsigned long long)s->step);
        else
            reply_error(sc, h, TPS_EINVAL, 0,
                        "%s mode: worker %d pushed tensor \"%s\" after its "
                        "CLOCK committed step %llu; ignored",
                        tps__mode_name(cons->mode), sc->rank, t->name,
                        (unsigned long long)s->step);
        return;
    }
    if (!sc->cur_open || sc->cur_tensor != h->tensor_id) {
        /* First chunk of a logical push. A pull of this tensor waits until
         * its last chunk, so that no reply holds half of it. */
        close_push(sc);
        if (push_fate(sc, h, t) < 0)
            return;
        sc->cur_open = 1;
        sc->cur_tensor = h->tensor_id;
        sc->cur_sumsq = 0;
        t->pushing++;
    }
    if (sh->optim.clip_norm > 0 && !encoded) {
        /* The clip factor trusts the claimed norm of the whole gradient; a
         * slice may not be longer than the whole. */
        double claim = (double)h->grad_norm;
        sc->cur_sumsq += sc->sumsq;
        if (sc->cur_sumsq > claim * claim * (1 + 1e-4) + 1e-12) {
            sh->st.rejected++;
            close_push(sc);
            reply_error(sc, h, TPS_EINVAL, 0,
                        "push from worker %d to tensor \"%s\" claims a "
                        "gradient norm of %g, but its slice on this shard "
                        "alone has norm %g; rejected",
                        sc->rank, t->name, claim, sqrt(sc->cur_sumsq));
            return;
        }
    }
    uint64_t off = h->offset - t->lo;
    tps_codec_stats_t *cs = tps__codec_stats(sh, h->codec, h->codec_ratio);
    cs->push_frames++;
    cs->raw_in += h->count * sizeof(float);
    cs->wire_in += TPS_PREAMBLE_LEN + sc->c.rd.hlen + len;
    int rc = 0;
    if (encoded) {
        rc = apply_encoded(sc, h, t, &codec, enc, enc_len, off, aggregate);
    } else if (aggregate) {
        rc = tps__syncbuf_add(&t->sync, sc->rank, off, g, h->count,
                              (float)sc->cur_scale);
    } else if (!sc->cur_drop) {
        tps__shard_apply(sh, t, off, g, h->count, sc->cur_scale);
    }
    if (rc == TPS_ENOMEM) {
        reply_error(sc, h, TPS_ENOMEM, 1, "out of memory applying a push");
        return;
    }
    if (rc < 0) {
        /* The decoder validates before it writes: nothing was applied. */
        close_push(sc);
        sh->st.rejected++;
        reply_error(sc, h, rc, 0,
                    "push from worker %d to tensor \"%s\": malformed %s "
                    "payload (%s); rejected, parameters unchanged",
                    sc->rank, t->name, "codec", tps_strerror(rc));
        return;
    }
    sh->st.push_frames++;
    if (h->last) {
        if (sc->cur_drop) {
            sh->st.dropped++;
        } else {
            sh->st.pushes++;
            if (aggregate) {
                t->sync.done[sc->rank] = 1; /* counts once committed */
            } else {
                t->version++;
                sh->st.steps++;
            }
        }
        trace(s, sc->cur_drop ? "drop" : "push", sc->rank, h->clock,
              (int)h->tensor_id, t->version, sc->cur_stale, sc->cur_weight, 0, h->version);
    }
    push_answered(sc, h, t);
    if (h->last) {
        close_push(sc);
        if (s->pending)
            process_pending(s);
    }
}

/* A worker finished an iteration: its clock moves, and in sync modes its
 * pushes of the pending step are committed. */
static void handle_clock(sconn_t *sc, const Taups__Header *h) {
    tps_server_t *s = sc->srv;
    if (sc->role != TPS_ROLE_WORKER) {
        reply_error(sc, h, TPS_EINVAL, 1, "only workers have a clock");
        return;
    }
    if (h->clock > sc->clock)
        sc->clock = h->clock;
    if (!s->shard.aggregate) {
        if (tps__members_advance(&s->members, sc->rank, h->clock)) {
            trace(s, "clock", sc->rank, h->clock, -1, 0, 0, 0, 0, 0);
            process_pending(s);
        }
        return;
    }
    if (h->clock <= s->step)
        return; /* a step already taken: a repeat, harmless */
    if (h->clock > s->step + 1) {
        reply_error(sc, h, TPS_EINVAL, 0,
                    "%s mode: worker %d ends clock %llu, but the shard is at "
                    "step %llu; ignored",
                    tps__mode_name(s->cfg.cons.mode), sc->rank,
                    (unsigned long long)h->clock - 1,
                    (unsigned long long)s->step);
        return;
    }
    tps__members_advance(&s->members, sc->rank, h->clock);
    if (!s->members.committed[sc->rank]) {
        tps__members_commit(&s->members, sc->rank);
        trace(s, "clock", sc->rank, h->clock, -1, s->step, 0, 0, 0, 0);
        try_step(s);
    }
}

/* The tensor's version now and the live workers: what a client needs to
 * decide one staleness for a push on every shard. */
static void handle_version(sconn_t *sc, const Taups__Header *h) {
    tps_shard_t *sh = &sc->srv->shard;
    if (h->tensor_id >= (uint32_t)sh->ntensors) {
        reply_error(sc, h, TPS_ENOENT, 0, "no tensor with id %u on shard %u",
                    h->tensor_id, sh->index);
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__VERSION_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.version = sh->tensors[h->tensor_id].version;
    r.workers = (uint32_t)sc->srv->members.nlive;
    r.shard = sh->index;
    send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static void on_reply_sent(void *arg, int status) {
    outbuf_t *b = arg;
    (void)status;
    /* Back to its connection for the next reply; the connection frees its
     * spares when it closes, which happens only after every write callback. */
    b->next = b->owner->spare;
    b->owner->spare = b;
}

/* A buffer of at least n bytes for an encoded reply. */
static outbuf_t *take_outbuf(sconn_t *sc, size_t n) {
    for (outbuf_t **pp = &sc->spare; *pp; pp = &(*pp)->next)
        if ((*pp)->cap >= n) {
            outbuf_t *b = *pp;
            *pp = b->next;
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
            tps_log("%s: cannot send reply: %s; closing", sc->peer,
                    tps_strerror(err));
            close_conn(sc);
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
        reply_error(sc, NULL, TPS_ENOMEM, 1, "out of memory for a pull reply");
        return TPS_ENOMEM;
    }
    r.codec = q->codec;
    r.codec_ratio = q->ratio;
    r.codec_seed = q->request_id * 0x9e3779b97f4a7c15ULL ^ off;
    int64_t m = tps__codec_encode(&codec, x, n, r.codec_seed, b->data, b->cap);
    if (m < 0) {
        on_reply_sent(b, 0);
        reply_error(sc, NULL, (int)m, 0, "tensor \"%s\": cannot encode a pull: %s",
                    t->name, tps_strerror((int)m));
        return (int)m;
    }
    r.encoded_len = (uint64_t)m;
    cs->wire_out += tps_frame_meta_size(&r) + (uint64_t)m;
    send_or_close(sc, &r, b->data, (uint64_t)m, on_reply_sent, b);
    return 0;
}

/* Answers a pull with every chunk at once, from one state of the tensor:
 * nothing runs on the loop between the chunks. */
static void answer_pull(sconn_t *sc, const pull_req_t *q, double blocked_s) {
    tps_server_t *s = sc->srv;
    tps_tensor_t *t = &s->shard.tensors[q->tensor_id];
    if (sc->role == TPS_ROLE_WORKER)
        trace(s, "pull", sc->rank, q->clock, (int)q->tensor_id, t->version, 0, 0,
              blocked_s * 1e3, 0);
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

static void process_pending(tps_server_t *s) {
    double now = tps_now();
    for (pending_t **pp = &s->pending; *pp;) {
        pending_t *p = *pp;
        if (!pull_ready(s, p->sc, &p->req)) {
            pp = &p->next;
            continue;
        }
        *pp = p->next;
        s->shard.st.blocked_s += now - p->since;
        answer_pull(p->sc, &p->req, now - p->since);
        free(p);
    }
}

static void handle_pull(sconn_t *sc, const Taups__Header *h, uint64_t len) {
    tps_server_t *s = sc->srv;
    tps_tensor_t *t = check_range(sc, h, len, 0);
    if (t == NULL)
        return;
    pull_req_t q = {h->request_id, h->offset,   h->count,       h->clock,
                    h->chunk,      h->tensor_id, h->codec,      h->codec_ratio};
    tps_codec_t codec;
    if (h->codec != 0 && tps__codec_unpack(&codec, h->codec, h->codec_ratio) < 0) {
        reply_error(sc, h, TPS_EPROTO, 1, "pull of tensor \"%s\": invalid codec "
                    "id 0x%x", t->name, h->codec);
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
    pending_t *p = malloc(sizeof(*p));
    if (p == NULL) {
        reply_error(sc, h, TPS_ENOMEM, 1, "out of memory queueing a pull");
        return;
    }
    p->sc = sc;
    p->req = q;
    p->since = tps_now();
    p->next = s->pending;
    s->pending = p;
    s->shard.st.pulls_blocked++;
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
        handle_clock(sc, h);
        return;
    case TAUPS__OP__VERSION:
        handle_version(sc, h);
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
    /* Shard and connection number give each link its own jitter, the same
     * in every run with the same seed and order of connections. */
    err = tps_conn_set_link(&sc->c, &s->cfg.link,
                            ((uint64_t)s->cfg.shard << 32) | s->accepted++);
    if (err < 0)
        tps_log("cannot shape a connection, sending unshaped: %s",
                tps_strerror(err));
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

/* The server as stats.c reports it, now. */
static void stats_view(const tps_server_t *s, tps_stats_view_t *v) {
    v->shard = &s->shard;
    v->members = &s->members;
    v->listen = s->listen_text;
    v->mode = s->cfg.cons.mode;
    v->uptime_s = tps_now() - s->started;
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
    while (s->pending) {
        pending_t *p = s->pending;
        s->pending = p->next;
        free(p);
    }
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
    s->open_handles = 3;
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
