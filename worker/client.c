/* SPDX-License-Identifier: MIT */
/* libtaups: the client side of the protocol; see taups.h.
 *
 * The caller's thread and the I/O thread meet in one mutex-protected table
 * of tickets. A call fills a free ticket, appends it to the submit queue and
 * wakes the loop with uv_async_send; the I/O thread turns the ticket into
 * frames (one per shard and chunk, request_id = ticket id) and counts the
 * replies; the last reply marks the ticket done and wakes tps_wait.
 * Pull replies are read by the kernel straight into the caller's tensor:
 * the reader asks dest_for_payload() where the payload goes once the header
 * has named the ticket and the offset. */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/eventfd.h>
#include <sys/random.h>
#include <unistd.h>

#include <uv.h>
#include <zstd.h>

#include "taups.h"
#include "tps_auth.h"
#include "tps_cluster.h"
#include "tps_codec.h"
#include "tps_conn.h"
#include "tps_float.h"
#include "tps_log.h"

#define MAX_TICKETS 1024
#define MAX_TENSORS 256
/* Request ids of a reconnection's hello and re-declarations: above any
 * ticket's, so that their replies are told apart from the tickets'. */
#define RJ_HELLO UINT64_MAX
#define RJ_DECLARE(i) (UINT64_MAX - 1 - (uint64_t)(i))
#define RJ_FIRST RJ_DECLARE(MAX_TENSORS)

typedef enum op_kind_e {
    OP_CONNECT,
    OP_DECLARE,
    OP_PUSH,
    OP_PULL,
    OP_STATS,
    OP_CHECKPOINT, /* admin: a checkpoint on every shard, answered as STATS */
    OP_CLOCK,   /* end of an iteration, to every shard */
    OP_VERSION, /* probe of a tensor's versions, for one push decision */
    OP_CLOSE
} op_kind_t;

/* What a call fixes in its ticket before the I/O thread may see it. */
typedef struct tinit_s {
    int64_t clock;        /* push, pull, clock: the caller's clock */
    uint64_t min_version; /* evaluator pull: wait for this version */
    /* push: the one decision every shard applies (docs/design.md §3a) */
    int decided, dropped;
    uint64_t stale;
    uint32_t live;
    uint64_t samples;     /* push: tps_set_samples's at submit */
} tinit_t;

/* One frame of an encoded push: where its bytes are in the buffer. */
typedef struct pframe_s {
    size_t pos, len;   /* payload in pushbuf_t.data */
    size_t enc_len;    /* codec bytes before zstd */
    int zstd;
    uint64_t seed;
} pframe_t;

/* The encoded frames of one push, made on the caller's thread and sent
 * from by the I/O thread; kept in a free list and reused. */
typedef struct pushbuf_s pushbuf_t;
struct pushbuf_s {
    pushbuf_t *next;
    uint8_t *data;
    size_t cap;
    pframe_t *fr;
    int fr_cap;
};

typedef struct ticket_s {
    int64_t id;        /* 0: slot free */
    op_kind_t kind;
    int tensor;
    const float *src;  /* push: borrowed gradient */
    float *dst;        /* pull: borrowed destination */
    int pending;       /* replies still expected */
    int result;        /* 0 or the first error */
    int done;
    int next;          /* submit queue link (slot index), -1 ends */
    char **parts;      /* stats: one JSON text per shard */
    float grad_norm;   /* push: norm of the whole gradient, for clipping */
    tps_push_info_t info; /* push: merged from every shard's reply */
    pushbuf_t *pb;     /* push: encoded frames, NULL when dense */
    uint64_t left;     /* pull: elements still to arrive */
    uint64_t reply_clock; /* pull: the smallest clock its replies reflect */
    int fill_cache;    /* pull: refreshes the tensor's ssp cache when done */
    int active;        /* counted in the client's active */
    int64_t stop_seen; /* after tps_interrupt: id seen unanswered at the
                          last stop tick (I/O thread) */
    tinit_t x;         /* version probe: stale and live are its results */
} ticket_t;

typedef struct tensor_s {
    char name[128];
    uint64_t n;
    tps_init_t init;
    float scale;
    uint64_t seed;
    uint32_t *ids;      /* per shard: the shard's id for this tensor */
    uint64_t *versions; /* per shard: version of the last pull */
    tps_push_info_t last_push;
    float *resid;       /* error feedback: what compression has not sent yet */
    /* ssp_cache (under mu): the last pull's values, versions and the
     * clock they reflect; valid once a pull filled them. */
    float *cache;
    uint64_t *cache_versions;
    uint64_t cache_clock;
    int cache_valid;
    int lookup;         /* looked up by name: redeclared with length 0 */
} tensor_t;

typedef enum shard_state_e {
    SH_IDLE,       /* no handle open */
    SH_CONNECTING,
    SH_HELLO,      /* hello sent, waiting for HELLO_OK */
    SH_READY,
    SH_DEAD        /* failed for good; error in the client's message */
} shard_state_t;

typedef struct shard_s {
    tps__conn_t conn;  /* first */
    tps_client_t *cl;
    int index;
    tps__addr_t addr;
    struct sockaddr_storage sa;
    shard_state_t state;
    int conn_open;    /* conn's handle is initialised and not closed */
    uv_connect_t creq;
    uv_timer_t retry;
    int tries;
    int last_err;
    char remote_err[256]; /* text of the last ERROR frame from this shard */
    uint64_t closed_in, closed_out;
    /* Reconnecting after the connection was lost (reconnect_timeout_ms > 0):
     * frames for this shard wait, owed in c->owed, until it is back. */
    int ever_ready;
    int rejoining;
    double rj_since, rj_deadline;
    int rj_declares; /* re-declarations still unanswered */
    /* The handshake of the connection now open (tps_auth.h). */
    uint8_t nonce_c[TPS_NONCE_BYTES];
    int authed;      /* the shard proved the key */
    uint64_t hello_clock; /* the clock its HELLO_OK gave this worker */
} shard_t;

struct tps_client_s {
    tps_options_t opts;
    char *cluster;
    int nshards;
    shard_t *shards;
    tps__limits_t lim;
    uint64_t chunk_elems;

    uv_loop_t loop;
    uv_thread_t thread;
    /* Held by the I/O thread except while it sleeps in poll(): whoever
     * holds it may use the loop's handles, so the caller's thread takes it
     * to send its own frames when the I/O thread is idle (submit). */
    uv_mutex_t io_mu;
    int kick_fd;          /* an eventfd: wakes the I/O thread from poll() */
    uint64_t io_wake_at;  /* loop ms the I/O thread sleeps until (io_mu) */
    uv_async_t wake;
    uv_async_t interrupt; /* tps_interrupt */
    uv_timer_t stop_tick; /* after tps_interrupt: what still waits fails */
    int interrupted;      /* I/O thread: no more waiting for lost shards */
    int thread_started;
    int closing;       /* I/O thread: shutting down */
    double deadline;   /* connect retries end here */

    uv_mutex_t mu;     /* guards everything below */
    uv_cond_t cv;
    ticket_t tickets[MAX_TICKETS];
    int64_t next_id;
    int qhead, qtail;  /* submit queue of slot indices */
    int ntensors;
    tensor_t tensors[MAX_TENSORS];
    int broken;        /* a shard was lost: every new call fails */
    int broken_err;
    uint64_t sent, received; /* snapshot for tps_bytes */
    int64_t clock;
    uint64_t samples;  /* tps_set_samples: what pushes say they average */
    int ssp_cache;     /* opts.ssp_cache, in ssp, for a worker */
    int active;        /* tickets sent and not yet answered */
    uint64_t ssp_bound; /* the cluster's ssp staleness s */
    uint64_t session;  /* random per client: a new one resets the shards'
                          record of this rank's pushes */
    int decide;        /* the shards want one staleness decision per push */
    int64_t cutoff;    /* async staleness cut-off, -1: none */
    char mode[16];     /* the cluster's, from the hellos */
    int local_steps;
    float clip_norm;   /* > 0: shards clip, so pushes carry their norm */
    tps_traffic_t traffic;
    tps_delivery_t delivery;
    /* Under io_mu: per ticket slot and shard, what that shard still owes
     * (push: frames unanswered; pull: elements; other requests: 1), so that
     * a reconnection resends exactly that. */
    uint64_t *owed;
    /* Compression; the caller's thread encodes, so these are its own. */
    tps__codec_t codec, pull_codec;
    uint32_t codec_id, pull_id;
    float codec_ratio, pull_ratio;
    int ef;
    ZSTD_CCtx *zc;
    uint64_t pushes;    /* seeds the codecs' randomness per push */
    pushbuf_t *spare;   /* free push buffers (under mu) */
    tps__key_t key;      /* set: every shard proves it, and so do we */
    char errmsg[512];
};

/* --- helpers run under c->mu ---------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void set_error(tps_client_t *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->errmsg, sizeof(c->errmsg), fmt, ap);
    va_end(ap);
}

static ticket_t *find_ticket(tps_client_t *c, uint64_t id) {
    ticket_t *t = &c->tickets[id % MAX_TICKETS];
    return (t->id == (int64_t)id && id != 0) ? t : NULL;
}

static uint64_t *owed(tps_client_t *c, const ticket_t *t, int s) {
    return &c->owed[(size_t)(t - c->tickets) * (size_t)c->nshards + (size_t)s];
}

static void complete(tps_client_t *c, ticket_t *t, int result) {
    if (t->result == 0)
        t->result = result;
    if (result < 0 || --t->pending <= 0) {
        t->pending = 0;
        if (t->active) {
            t->active = 0;
            c->active--;
        }
        /* Read without the mutex by a spinning tps_wait. */
        __atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
        if (t->kind == OP_PUSH && t->result == 0)
            c->tensors[t->tensor].last_push = t->info;
        if (t->kind == OP_PUSH) {
            tps_delivery_t *d = &c->delivery;
            if (t->result == 0 && t->info.dropped)
                d->pushes_dropped++;
            else if (t->result == 0)
                d->pushes_applied++;
            else if (t->result == TPS_EINVAL || t->result == TPS_EREMOTE ||
                     t->result == TPS_EMISMATCH || t->result == TPS_ENOENT ||
                     t->result == TPS_ERANGE || t->result == TPS_EPERM ||
                     t->result == TPS_ELIMIT)
                d->pushes_rejected++; /* a shard said no */
            else
                d->pushes_lost++; /* never answered */
        }
        if (t->result == 0 && (t->kind == OP_PUSH || t->kind == OP_PULL)) {
            uint64_t raw = c->tensors[t->tensor].n * sizeof(float);
            if (t->kind == OP_PUSH)
                c->traffic.raw_sent += raw;
            else
                c->traffic.raw_recv += raw;
        }
        if (t->pb) {
            t->pb->next = c->spare;
            c->spare = t->pb;
            t->pb = NULL;
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
        uv_cond_broadcast(&c->cv);
        /* Nobody waits for a CLOCK: its slot is free once it is sent. A
         * failure to send breaks the client, which the next call reports. */
        if (t->kind == OP_CLOCK)
            t->id = 0;
    }
}

/* Fails every ticket in flight: used when a shard is lost, since the
 * requests that went to it will never be answered. */
static void fail_all(tps_client_t *c, int err) {
    for (int i = 0; i < MAX_TICKETS; i++) {
        ticket_t *t = &c->tickets[i];
        if (t->id != 0 && !t->done)
            complete(c, t, err);
    }
}

/* --- I/O thread: connections -----------------------------------------------
 */

static void connect_shard(shard_t *sh);
static void on_frame(tps__conn_t *conn, const Taups__Header *h,
                     uint8_t *payload, uint64_t len);
static void on_conn_error(tps__conn_t *conn, int err);
static int dest_for_payload(void *arg, const Taups__Header *h, uint64_t len,
                            uint8_t **dest);
static void rejoin_frame(shard_t *sh, const Taups__Header *h);

static ticket_t *connect_ticket(tps_client_t *c) {
    for (int i = 0; i < MAX_TICKETS; i++)
        if (c->tickets[i].id != 0 && !c->tickets[i].done &&
            c->tickets[i].kind == OP_CONNECT)
            return &c->tickets[i];
    return NULL;
}

static void shard_failed(shard_t *sh, int err, const char *what) {
    tps_client_t *c = sh->cl;
    uv_mutex_lock(&c->mu);
    if (!c->broken) {
        c->broken = 1;
        c->broken_err = err;
        /* A server closes after a fatal error reply; its reason is the
         * useful part, not the close that followed. */
        if (sh->remote_err[0])
            set_error(c, "shard %d at %s: %s", sh->index, sh->addr.text,
                      sh->remote_err);
        else
            set_error(c, "shard %d at %s: %s", sh->index, sh->addr.text, what);
    }
    fail_all(c, err);
    uv_mutex_unlock(&c->mu);
    sh->state = SH_DEAD;
}

static void on_retry_timer(uv_timer_t *t) {
    connect_shard(t->data);
}

static void on_shard_closed(tps__conn_t *conn) {
    shard_t *sh = conn->data;
    tps_client_t *c = sh->cl;
    sh->conn_open = 0;
    sh->closed_in += conn->bytes_in;
    sh->closed_out += conn->bytes_out;
    conn->bytes_in = conn->bytes_out = 0;
    if (c->closing || sh->state != SH_CONNECTING)
        return;
    if (tps__now() >= (sh->rejoining ? sh->rj_deadline : c->deadline)) {
        char what[600];
        if (sh->rejoining)
            snprintf(what, sizeof(what),
                     "lost, and cannot reconnect: %s (after %d tries in "
                     "%.1f s)",
                     sh->remote_err[0] ? sh->remote_err
                                       : uv_strerror(sh->last_err),
                     sh->tries, tps__now() - sh->rj_since);
        else
            snprintf(what, sizeof(what), "cannot connect: %s (after %d tries)",
                     uv_strerror(sh->last_err), sh->tries);
        sh->remote_err[0] = '\0';
        sh->rejoining = 0;
        shard_failed(sh, TPS_EUNREACH, what);
        return;
    }
    /* Back off 50 ms, 100 ms, ... up to 1 s between tries; a shard that
     * was lost is tried sooner and more often (20 ms, 40 ms, ... up to 200 ms),
     * since a restarting shard is back within a fraction of a second. */
    uint64_t first = sh->rejoining ? 20 : 50, cap = sh->rejoining ? 200 : 1000;
    int k = sh->tries < 1 ? 0 : sh->tries < 6 ? sh->tries - 1 : 5;
    uint64_t ms = first << k;
    if (ms > cap)
        ms = cap;
    uv_timer_start(&sh->retry, on_retry_timer, ms, 0);
}

/* What a hello says about this client, and what both proofs cover. */
static void hello_identity(shard_t *sh, Taups__Header *h) {
    tps_client_t *c = sh->cl;
    h->op = TAUPS__OP__HELLO;
    h->proto_version = TPS_PROTO_VERSION;
    h->role = (Taups__Role)c->opts.role;
    h->rank = c->opts.rank;
    h->workers = (uint32_t)c->opts.workers;
    h->shards = (uint32_t)c->nshards;
    h->shard = (uint32_t)sh->index;
    h->mode = (char *)(c->opts.mode ? c->opts.mode : "");
    h->session = c->session;
    h->frame_mac = c->opts.frame_mac != 0;
    if (c->key.set) {
        h->nonce.data = sh->nonce_c;
        h->nonce.len = TPS_NONCE_BYTES;
    }
}

/* A failure of the handshake: retrying cannot help, so the shard fails
 * for good (a reconnection too). */
static void auth_failed(shard_t *sh, const char *what) {
    sh->rejoining = 0;
    snprintf(sh->remote_err, sizeof(sh->remote_err), "%s", what);
    shard_failed(sh, TPS_EAUTH, what);
    tps__conn_close(&sh->conn);
}

/* The shard's challenge: its proof is checked before ours is given. */
static void on_challenge(shard_t *sh, const Taups__Header *h) {
    tps_client_t *c = sh->cl;
    if (!c->key.set) {
        auth_failed(sh, "the shard asks for a key: give the cluster's key "
                        "with --key-file");
        return;
    }
    Taups__Header hello = TAUPS__HEADER__INIT;
    hello_identity(sh, &hello);
    if (h->nonce.len != TPS_NONCE_BYTES ||
        !tps__auth_check(&c->key, TPS_AUTH_SHARD, sh->nonce_c, h->nonce.data,
                        &hello, h->mac.data, h->mac.len)) {
        auth_failed(sh, "the shard could not prove the cluster's key: it "
                        "holds another --key-file, or it is not this "
                        "cluster's shard");
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    uint8_t proof[TPS_MAC_BYTES];
    tps__auth_proof(&c->key, TPS_AUTH_CLIENT, sh->nonce_c, h->nonce.data,
                   &hello, proof);
    r.op = TAUPS__OP__AUTH;
    r.request_id = h->request_id;
    r.mac.data = proof;
    r.mac.len = TPS_MAC_BYTES;
    sh->authed = 1;
    if (tps__conn_send(&sh->conn, &r, NULL, 0, NULL, NULL) < 0) {
        tps__conn_close(&sh->conn);
        return;
    }
    /* The proof is the last untagged frame either side sends. */
    if (hello.frame_mac)
        tps__conn_set_mac(&sh->conn, &c->key, TPS_AUTH_CLIENT, sh->nonce_c,
                         h->nonce.data);
}

static void on_connected(uv_connect_t *req, int status) {
    shard_t *sh = req->data;
    tps_client_t *c = sh->cl;
    if (c->closing)
        return;
    if (status < 0) {
        sh->last_err = status;
        tps__conn_close(&sh->conn); /* retried from on_shard_closed */
        return;
    }
    int err = tps__conn_start(&sh->conn);
    if (err == 0)
        err = tps__conn_keepalive(&sh->conn, c->opts.keepalive_s);
    if (err == 0) {
        Taups__Header h = TAUPS__HEADER__INIT;
        uv_mutex_lock(&c->mu);
        ticket_t *t = connect_ticket(c);
        h.request_id = sh->rejoining ? RJ_HELLO : t ? (uint64_t)t->id : 0;
        h.clock = (uint64_t)c->clock;
        uv_mutex_unlock(&c->mu);
        sh->authed = 0;
        if (c->key.set)
            tps__auth_nonce(sh->nonce_c);
        hello_identity(sh, &h);
        err = tps__conn_send(&sh->conn, &h, NULL, 0, NULL, NULL);
    }
    if (err < 0) {
        sh->last_err = err;
        tps__conn_close(&sh->conn);
        return;
    }
    sh->state = SH_HELLO;
}

/* An attempt that has neither failed nor said hello by the deadline ends
 * here: a SYN or a hello lost on a dead path is never answered, and the
 * kernel would retry the SYN for minutes. */
static void on_attempt_timeout(uv_timer_t *tm) {
    shard_t *sh = tm->data;
    if (sh->state != SH_CONNECTING && sh->state != SH_HELLO)
        return;
    sh->last_err = UV_ETIMEDOUT;
    sh->state = SH_CONNECTING;
    if (sh->conn_open && !sh->conn.closing)
        tps__conn_close(&sh->conn); /* retried or failed from on_shard_closed */
}

static void connect_shard(shard_t *sh) {
    tps_client_t *c = sh->cl;
    sh->tries++;
    sh->state = SH_CONNECTING;
    int err = sh->addr.is_unix
                  ? tps__conn_init_pipe(&c->loop, &sh->conn, &c->lim,
                                       dest_for_payload, sh)
                  : tps__conn_init(&c->loop, &sh->conn, &c->lim,
                                  dest_for_payload, sh);
    if (err < 0) {
        shard_failed(sh, err, "cannot create a socket");
        return;
    }
    sh->conn_open = 1;
    tps__link_cfg_t link = {c->opts.latency_ms, c->opts.jitter_ms,
                           c->opts.bandwidth, c->opts.link_seed};
    err = tps__conn_set_link(&sh->conn, &link,
                            ((uint64_t)c->opts.role << 48) |
                                ((uint64_t)c->opts.rank << 16) |
                                (uint64_t)sh->index);
    if (err < 0)
        tps__log_warn(
            "libtaups: shard %d: cannot shape the link, sending unshaped: "
            "%s",
            sh->index, tps_strerror(err));
    sh->conn.data = sh;
    sh->conn.on_frame = on_frame;
    sh->conn.on_error = on_conn_error;
    sh->conn.on_close = on_shard_closed;
    sh->creq.data = sh;
    if (sh->addr.is_unix) {
        /* Failures, a missing socket file included, come to on_connected. */
        uv_pipe_connect(&sh->creq, &sh->conn.pipe, sh->addr.host, on_connected);
        return;
    }
    err = uv_tcp_connect(&sh->creq, &sh->conn.tcp, (struct sockaddr *)&sh->sa,
                         on_connected);
    if (err < 0) {
        sh->last_err = err;
        tps__conn_close(&sh->conn);
        return;
    }
    double left = (sh->rejoining ? sh->rj_deadline : c->deadline) - tps__now();
    uv_timer_start(&sh->retry, on_attempt_timeout,
                   left > 0.1 ? (uint64_t)(left * 1e3) : 100, 0);
}

static void on_conn_error(tps__conn_t *conn, int err) {
    shard_t *sh = conn->data;
    tps_client_t *c = sh->cl;
    /* A shard that was serving and did not refuse us on purpose is tried
     * again: it may be restarting from its checkpoint. */
    if (c->opts.reconnect_timeout_ms > 0 && sh->ever_ready && !c->closing &&
        !c->interrupted && (sh->rejoining || !sh->remote_err[0])) {
        if (!sh->rejoining) {
            sh->rejoining = 1;
            sh->rj_since = tps__now();
            sh->rj_deadline =
                sh->rj_since + c->opts.reconnect_timeout_ms / 1000.0;
            sh->tries = 0;
            tps__log_warn(
                "libtaups: shard %d at %s: %s; reconnecting for up to "
                "%.0f s",
                sh->index, sh->addr.text,
                err == UV_EOF ? "the server closed the connection"
                              : tps_strerror(err),
                c->opts.reconnect_timeout_ms / 1000.0);
        }
        sh->state = SH_CONNECTING; /* on_shard_closed retries */
        tps__conn_close(conn);
        return;
    }
    if (err == TPS_EAUTH) {
        auth_failed(sh, "a frame from the shard failed its integrity check "
                        "(--frame-mac): altered on the way, replayed, "
                        "reordered or injected");
        return;
    }
    char what[300];
    if (err == UV_EOF)
        snprintf(what, sizeof(what), "the server closed the connection");
    else
        snprintf(what, sizeof(what), "connection failed: %s",
                 tps_strerror(err));
    shard_failed(sh, err == UV_EOF ? TPS_ECLOSED : err, what);
    tps__conn_close(conn);
}

/* --- I/O thread: replies ----------------------------------------------------
 */

static int dest_for_payload(void *arg, const Taups__Header *h, uint64_t len,
                            uint8_t **dest) {
    shard_t *sh = arg;
    tps_client_t *c = sh->cl;
    if (h->op != TAUPS__OP__PULL_OK || h->codec != 0)
        return 0; /* stats text and encoded replies go to the pooled buffer */
    int rc = 0;
    uv_mutex_lock(&c->mu);
    ticket_t *t = find_ticket(c, h->request_id);
    if (t && !t->done && t->kind == OP_PULL) {
        const tensor_t *ts = &c->tensors[t->tensor];
        uint64_t lo =
            tps__slice_lo(ts->n, (uint32_t)c->nshards, (uint32_t)sh->index);
        uint64_t hi =
            tps__slice_lo(ts->n, (uint32_t)c->nshards, (uint32_t)sh->index + 1);
        if (h->tensor_id != ts->ids[sh->index] || h->offset < lo ||
            h->offset > hi || h->count > hi - h->offset ||
            len != h->count * sizeof(float))
            rc = TPS_EPROTO; /* a reply we did not ask for: out of sync */
        else
            *dest = (uint8_t *)(t->dst + h->offset);
    }
    /* Unknown or finished tickets (failed earlier) read into the pool and
     * are dropped: the caller's buffer is never written after tps_wait. */
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* Tells shard sh this worker's clock outside any ticket (I/O thread): a
 * failure closes the connection, which the reconnection logic handles. */
static void send_clock(shard_t *sh, int64_t clock) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__CLOCK;
    h.rank = sh->cl->opts.rank;
    h.clock = (uint64_t)clock;
    if (tps__conn_send(&sh->conn, &h, NULL, 0, NULL, NULL) < 0)
        tps__conn_close(&sh->conn);
}

/* An encoded pull reply: checked like a dense one, then decoded into the
 * caller's tensor. Called under c->mu. */
static int decode_pull(tps_client_t *c, shard_t *sh, ticket_t *t,
                       const Taups__Header *h, const uint8_t *payload,
                       uint64_t len) {
    const tensor_t *ts = &c->tensors[t->tensor];
    uint64_t lo =
        tps__slice_lo(ts->n, (uint32_t)c->nshards, (uint32_t)sh->index);
    uint64_t hi =
        tps__slice_lo(ts->n, (uint32_t)c->nshards, (uint32_t)sh->index + 1);
    tps__codec_t codec;
    int rc = TPS_EPROTO;
    if (t->kind == OP_PULL && h->tensor_id == ts->ids[sh->index] &&
        h->offset >= lo && h->offset <= hi && h->count <= hi - h->offset &&
        tps__codec_unpack(&codec, h->codec, h->codec_ratio) == 0)
        rc = tps__codec_decode(&codec, payload, (size_t)len, h->count,
                               h->codec_seed, t->dst + h->offset);
    if (rc < 0)
        set_error(c, "shard %d at %s: bad encoded pull reply for tensor "
                  "\"%s\": %s",
                  sh->index, sh->addr.text, ts->name,
                  tps_strerror(rc));
    return rc;
}

static void on_frame(tps__conn_t *conn, const Taups__Header *h,
                     uint8_t *payload, uint64_t len) {
    shard_t *sh = conn->data;
    tps_client_t *c = sh->cl;
    if (sh->state == SH_DEAD)
        return;
    if (h->op == TAUPS__OP__CHALLENGE) {
        on_challenge(sh, h);
        return;
    }
    if (h->op == TAUPS__OP__HELLO_OK && c->key.set && !sh->authed) {
        auth_failed(sh, "the shard did not authenticate: it runs without a "
                        "key (--key-file), or it is not this cluster's shard");
        return;
    }
    if (h->op == TAUPS__OP__ERROR && h->status == TPS_EAUTH) {
        auth_failed(sh, h->error ? h->error : "authentication failed");
        return;
    }
    if (h->op == TAUPS__OP__ERROR)
        snprintf(sh->remote_err, sizeof(sh->remote_err), "%s",
                 h->error ? h->error : "error");
    if (h->request_id >= RJ_FIRST) {
        if (sh->rejoining)
            rejoin_frame(sh, h);
        return;
    }
    uv_mutex_lock(&c->mu);
    ticket_t *t = find_ticket(c, h->request_id);
    if (t == NULL || t->done) {
        uv_mutex_unlock(&c->mu);
        return;
    }
    uint64_t *ow = owed(c, t, sh->index);
    int64_t raise_to = -1;
    switch (h->op) {
    case TAUPS__OP__HELLO_OK: {
        const char *mode = h->mode ? h->mode : "";
        sh->state = SH_READY;
        uv_timer_stop(&sh->retry); /* the attempt's deadline */
        sh->ever_ready = 1;
        if (c->mode[0] && strcmp(c->mode, mode) != 0) {
            set_error(c, "shard %d at %s runs mode %s, another shard %s",
                      sh->index, sh->addr.text, mode, c->mode);
            complete(c, t, TPS_EMISMATCH);
            break;
        }
        snprintf(c->mode, sizeof(c->mode), "%s", mode);
        /* The shards say K in every mode; it means something in one. */
        c->local_steps = strcmp(mode, "local") == 0 ? (int)h->local_steps : 0;
        c->ssp_bound = h->bound;
        c->ssp_cache = c->opts.ssp_cache && c->opts.role == TPS_ROLE_WORKER &&
                       strcmp(mode, "ssp") == 0;
        c->clip_norm = h->grad_norm;
        c->decide = h->decided;
        c->cutoff = h->cutoff;
        /* A rejoining worker continues from the cluster's clock. Where
         * steps aggregate, the smallest any shard gives, since a
         * predecessor killed between its CLOCK frames committed the step
         * on some shards only, and the others wait for this worker to
         * commit it there. In ssp the largest: each shard's slowest clock
         * is a lower bound of the cluster's (a restored shard knows only
         * its checkpoint's), and starting lower would stall the others
         * while this worker replays iterations. */
        int highest = strcmp(mode, "ssp") == 0;
        if (t->pending == c->nshards ||
            (highest ? (int64_t)h->clock > c->clock
                     : (int64_t)h->clock < c->clock))
            c->clock = (int64_t)h->clock;
        sh->hello_clock = h->clock;
        /* The shards that gave less learn the clock taken, or their gate
         * would hold this worker's own pulls below it. */
        if (highest && t->pending == 1 && c->opts.role == TPS_ROLE_WORKER)
            raise_to = c->clock;
        complete(c, t, 0);
        break;
    }
    case TAUPS__OP__DECLARE_OK: {
        tensor_t *ts = &c->tensors[t->tensor];
        *ow = 0;
        ts->ids[sh->index] = h->tensor_id;
        ts->versions[sh->index] = h->version;
        if (ts->n == 0) {
            ts->n = h->length; /* a lookup learns the length */
        } else if (ts->n != h->length) {
            set_error(c, "tensor \"%s\": shard %d says length %llu, not %llu",
                      ts->name, sh->index, (unsigned long long)h->length,
                      (unsigned long long)ts->n);
            complete(c, t, TPS_EMISMATCH);
            break;
        }
        complete(c, t, 0);
        break;
    }
    case TAUPS__OP__PUSH_OK:
        if (*ow > 0)
            (*ow)--;
        if (h->staleness > t->info.staleness)
            t->info.staleness = h->staleness;
        if (h->weight < t->info.weight)
            t->info.weight = h->weight;
        t->info.dropped |= h->dropped;
        complete(c, t, 0);
        break;
    case TAUPS__OP__PULL_OK: {
        int rc = h->codec ? decode_pull(c, sh, t, h, payload, len) : 0;
        *ow -= h->count < *ow ? h->count : *ow;
        c->tensors[t->tensor].versions[sh->index] = h->version;
        if (h->clock < t->reply_clock)
            t->reply_clock = h->clock;
        /* A shard answers a whole slice in as many chunks as it likes. */
        if (rc == 0 && h->count > t->left) {
            set_error(c, "shard %d at %s: pull reply of %llu elements, "
                      "%llu were missing",
                      sh->index, sh->addr.text,
                      (unsigned long long)h->count,
                      (unsigned long long)t->left);
            rc = TPS_EPROTO;
        }
        if (rc == 0)
            t->left -= h->count;
        if (rc < 0 || t->left == 0)
            complete(c, t, rc);
        break;
    }
    case TAUPS__OP__VERSION_OK: {
        *ow = 0;
        uint64_t read = c->tensors[t->tensor].versions[sh->index];
        uint64_t stale = h->version > read ? h->version - read : 0;
        if (stale > t->x.stale)
            t->x.stale = stale;
        if (sh->index == 0)
            t->x.live = h->workers;
        complete(c, t, 0);
        break;
    }
    case TAUPS__OP__STATS_OK:
        *ow = 0;
        if (t->parts && (t->parts[sh->index] = malloc(len + 1)) != NULL) {
            memcpy(t->parts[sh->index], payload, len);
            t->parts[sh->index][len] = '\0';
        }
        complete(c, t, t->parts && t->parts[sh->index] ? 0 : TPS_ENOMEM);
        break;
    case TAUPS__OP__ERROR:
        set_error(c, "shard %d at %s: %s", sh->index, sh->addr.text,
                  h->error ? h->error : "error");
        complete(c, t, h->status < 0 ? h->status : TPS_EREMOTE);
        break;
    default:
        set_error(c, "shard %d at %s: unexpected reply op %d", sh->index,
                  sh->addr.text, (int)h->op);
        complete(c, t, TPS_EPROTO);
    }
    uv_mutex_unlock(&c->mu);
    /* Before any request of the caller's: it cannot send one while this
     * thread holds io_mu. */
    for (int s = 0; raise_to >= 0 && s < c->nshards; s++) {
        shard_t *o = &c->shards[s];
        if (o->state == SH_READY && (int64_t)o->hello_clock < raise_to)
            send_clock(o, raise_to);
    }
}

/* --- I/O thread: turning tickets into frames ------------------------------ */

/* Sends one frame of ticket t to shard s; on failure fails the ticket.
 * Called without the mutex held. */
static int send_frame(tps_client_t *c, ticket_t *t, int s, Taups__Header *h,
                      const void *payload, uint64_t len) {
    shard_t *sh = &c->shards[s];
    if (sh->rejoining)
        return 0; /* owed, and sent once the shard is back */
    int err = sh->state == SH_READY
                  ? tps__conn_send(&sh->conn, h, payload, len, NULL, NULL)
                  : TPS_ECLOSED;
    if (err < 0) {
        uv_mutex_lock(&c->mu);
        if (!c->errmsg[0] || err != TPS_ECLOSED)
            set_error(c, "shard %d at %s: cannot send: %s", s, sh->addr.text,
                      tps_strerror(err));
        complete(c, t, err);
        uv_mutex_unlock(&c->mu);
    }
    return err;
}

/* Sends ticket t's frames: to every shard (only < 0), or, after shard
 * `only` came back (resend), what that shard still owes. */
static void issue_to(tps_client_t *c, ticket_t *t, int only, int resend) {
    const int S = c->nshards;
    if (t->kind == OP_CONNECT) {
        for (int s = 0; s < S; s++)
            connect_shard(&c->shards[s]);
        return;
    }
    if (t->kind == OP_CLOSE)
        return;
    Taups__Header h = TAUPS__HEADER__INIT;
    h.request_id = (uint64_t)t->id;
    h.rank = c->opts.rank;
    if (t->kind == OP_STATS || t->kind == OP_CHECKPOINT) {
        h.op = t->kind == OP_STATS ? TAUPS__OP__STATS : TAUPS__OP__CHECKPOINT;
        for (int s = 0; s < S; s++) {
            if (only >= 0 && s != only)
                continue;
            *owed(c, t, s) = 1;
            if (send_frame(c, t, s, &h, NULL, 0) < 0)
                return;
        }
        return;
    }
    tensor_t *ts = &c->tensors[t->tensor];
    if (t->kind == OP_DECLARE) {
        h.op = TAUPS__OP__DECLARE;
        h.name = ts->name;
        h.length = ts->n;
        h.init = (Taups__Init)ts->init;
        h.scale = ts->scale;
        h.seed = ts->seed;
        for (int s = 0; s < S; s++) {
            if (only >= 0 && s != only)
                continue;
            *owed(c, t, s) = 1;
            if (send_frame(c, t, s, &h, NULL, 0) < 0)
                return;
        }
        return;
    }
    if (t->kind == OP_CLOCK) {
        h.op = TAUPS__OP__CLOCK;
        h.clock = (uint64_t)t->x.clock;
        for (int s = 0; s < S; s++)
            if (send_frame(c, t, s, &h, NULL, 0) < 0)
                return;
        uv_mutex_lock(&c->mu);
        complete(c, t, 0);
        uv_mutex_unlock(&c->mu);
        return;
    }
    if (t->kind == OP_VERSION) {
        h.op = TAUPS__OP__VERSION;
        for (int s = 0; s < S; s++) {
            if (only >= 0 && s != only)
                continue;
            h.tensor_id = ts->ids[s];
            *owed(c, t, s) = 1;
            if (send_frame(c, t, s, &h, NULL, 0) < 0)
                return;
        }
        return;
    }
    /* A pull is one frame per non-empty slice, answered in chunks; a push
     * is one frame per chunk of every non-empty slice (a dropped one, a
     * header per slice). */
    h.op = t->kind == OP_PUSH ? TAUPS__OP__PUSH : TAUPS__OP__PULL;
    h.clock = (uint64_t)(t->kind == OP_PULL && c->opts.role != TPS_ROLE_WORKER
                             ? (int64_t)t->x.min_version
                             : t->x.clock);
    if (t->kind == OP_PULL && c->pull_id) {
        h.codec = c->pull_id;
        h.codec_ratio = c->pull_ratio;
    }
    h.decided = t->x.decided;
    h.dropped = t->x.dropped;
    h.staleness = t->x.stale;
    h.workers = t->x.live;
    h.samples = t->kind == OP_PUSH ? t->x.samples : 0;
    int fi = 0;
    for (int s = 0; s < S; s++) {
        uint64_t lo = tps__slice_lo(ts->n, (uint32_t)S, (uint32_t)s);
        uint64_t hi = tps__slice_lo(ts->n, (uint32_t)S, (uint32_t)s + 1);
        h.tensor_id = ts->ids[s];
        h.version = ts->versions[s];
        h.grad_norm = t->grad_norm;
        if (lo == hi)
            continue;
        int mine = only < 0 || s == only;
        if (t->kind == OP_PULL || t->x.dropped) {
            if (!mine)
                continue;
            uint64_t want = t->kind == OP_PULL ? hi - lo : 1;
            if (resend && t->kind == OP_PULL) {
                /* The whole slice again: what arrived is overwritten. */
                uv_mutex_lock(&c->mu);
                t->left += want - *owed(c, t, s);
                uv_mutex_unlock(&c->mu);
            }
            *owed(c, t, s) = want;
            h.offset = lo;
            h.count = t->kind == OP_PULL ? hi - lo : 0;
            h.chunk = t->kind == OP_PULL ? c->chunk_elems : 0;
            h.last = 1;
            if (send_frame(c, t, s, &h, NULL, 0) < 0)
                return;
            continue;
        }
        uint64_t frames = (hi - lo + c->chunk_elems - 1) / c->chunk_elems;
        if (mine && !resend)
            *owed(c, t, s) = frames;
        /* Frames are answered in order: the unanswered ones are the last. */
        uint64_t skip = frames - *owed(c, t, s);
        uint64_t j = 0;
        for (uint64_t off = lo; off < hi; off += c->chunk_elems, fi++, j++) {
            if (!mine || j < skip)
                continue;
            h.offset = off;
            h.count = hi - off < c->chunk_elems ? hi - off : c->chunk_elems;
            h.last = off + h.count == hi;
            h.raw_len = h.count * sizeof(float);
            const void *payload = NULL;
            uint64_t len = 0;
            if (t->pb) {
                const pframe_t *f = &t->pb->fr[fi];
                h.codec = c->codec_id;
                h.codec_ratio = c->codec_ratio;
                h.codec_seed = f->seed;
                h.encoded_len = f->enc_len;
                h.zstd = f->zstd;
                payload = t->pb->data + f->pos;
                len = f->len;
            } else {
                payload = t->src + off;
                len = h.raw_len;
            }
            if (send_frame(c, t, s, &h, payload, len) < 0)
                return;
        }
    }
}

static void issue(tps_client_t *c, ticket_t *t) {
    issue_to(c, t, -1, 0);
}

/* --- I/O thread: reconnection ------------------------------------------------
 */

static int by_id(const void *a, const void *b) {
    int64_t x = (*(ticket_t *const *)a)->id, y = (*(ticket_t *const *)b)->id;
    return x < y ? -1 : x > y;
}

/* Shard sh is back: its requests still owed go out again in the order they
 * were made, then the worker's clock, so that the shard's view of this
 * worker is whole again before anything new reaches it. */
static void rejoin_done(shard_t *sh) {
    tps_client_t *c = sh->cl;
    ticket_t *list[MAX_TICKETS];
    int n = 0;
    uv_mutex_lock(&c->mu);
    for (int i = 0; i < MAX_TICKETS; i++) {
        ticket_t *t = &c->tickets[i];
        if (t->id != 0 && !t->done && t->kind != OP_CONNECT &&
            t->kind != OP_CLOCK && t->kind != OP_CLOSE &&
            *owed(c, t, sh->index) > 0)
            list[n++] = t;
    }
    int64_t clock = c->clock;
    c->delivery.reconnects++;
    uv_mutex_unlock(&c->mu);
    qsort(list, (size_t)n, sizeof(list[0]), by_id);
    sh->state = SH_READY;
    uv_timer_stop(&sh->retry); /* the attempt's deadline */
    sh->rejoining = 0;
    tps__log("libtaups: shard %d at %s: reconnected after %.2f s (%d tries); "
            "resending %d requests",
            sh->index, sh->addr.text, tps__now() - sh->rj_since,
            sh->tries, n);
    for (int k = 0; k < n; k++)
        issue_to(c, list[k], sh->index, 1);
    if (c->opts.role == TPS_ROLE_WORKER && clock > 0)
        send_clock(sh, clock);
    uv_mutex_lock(&c->mu);
    c->delivery.frames_resent += (uint64_t)n;
    uv_mutex_unlock(&c->mu);
}

/* A reply to a reconnection's hello or re-declaration. */
static void rejoin_frame(shard_t *sh, const Taups__Header *h) {
    tps_client_t *c = sh->cl;
    if (h->op == TAUPS__OP__ERROR) {
        /* E.g. the shard has not yet seen our old connection close: try
         * again until the deadline, then report what it said. */
        tps__log_warn("libtaups: shard %d at %s refused the reconnection: %s; "
                "retrying",
                sh->index, sh->addr.text, sh->remote_err);
        sh->state = SH_CONNECTING;
        tps__conn_close(&sh->conn);
        return;
    }
    if (h->op == TAUPS__OP__HELLO_OK && h->request_id == RJ_HELLO) {
        /* The worker's clock stays its own: the other shards still count
         * its iterations, and a clock taken from this shard could skip one
         * that they wait for. */
        uv_mutex_lock(&c->mu);
        int n = c->ntensors;
        Taups__Header d = TAUPS__HEADER__INIT;
        d.op = TAUPS__OP__DECLARE;
        d.rank = c->opts.rank;
        sh->rj_declares = 0;
        int err = 0;
        for (int i = 0; i < n && err == 0; i++) {
            const tensor_t *ts = &c->tensors[i];
            d.request_id = RJ_DECLARE(i);
            d.name = (char *)ts->name;
            d.length = ts->lookup ? 0 : ts->n;
            d.init = (Taups__Init)ts->init;
            d.scale = ts->scale;
            d.seed = ts->seed;
            err = tps__conn_send(&sh->conn, &d, NULL, 0, NULL, NULL);
            sh->rj_declares++;
        }
        uv_mutex_unlock(&c->mu);
        if (err < 0)
            tps__conn_close(&sh->conn);
        else if (n == 0)
            rejoin_done(sh);
        return;
    }
    if (h->op == TAUPS__OP__DECLARE_OK && h->request_id >= RJ_FIRST &&
        h->request_id < RJ_HELLO) {
        uint64_t i = UINT64_MAX - 1 - h->request_id;
        uv_mutex_lock(&c->mu);
        if ((int)i < c->ntensors)
            c->tensors[i].ids[sh->index] = h->tensor_id;
        uv_mutex_unlock(&c->mu);
        if (--sh->rj_declares == 0)
            rejoin_done(sh);
    }
}

static void on_wake(uv_async_t *a) {
    tps_client_t *c = a->data;
    for (;;) {
        uv_mutex_lock(&c->mu);
        int slot = c->qhead;
        if (slot >= 0) {
            c->qhead = c->tickets[slot].next;
            if (c->qhead < 0)
                c->qtail = -1;
        }
        uv_mutex_unlock(&c->mu);
        if (slot < 0)
            break;
        ticket_t *t = &c->tickets[slot];
        if (t->kind == OP_CLOSE) {
            c->closing = 1;
            for (int s = 0; s < c->nshards; s++) {
                shard_t *sh = &c->shards[s];
                uv_close((uv_handle_t *)&sh->retry, NULL);
                if (sh->conn_open)
                    tps__conn_close(&sh->conn);
            }
            uv_close((uv_handle_t *)&c->wake, NULL);
            uv_close((uv_handle_t *)&c->interrupt, NULL);
            uv_close((uv_handle_t *)&c->stop_tick, NULL);
            uv_mutex_lock(&c->mu);
            complete(c, t, 0);
            uv_mutex_unlock(&c->mu);
            return;
        }
        issue(c, t);
    }
    /* Everything submitted is issued: out it goes, in one write per shard,
     * without waiting for the next turn. */
    for (int s = 0; s < c->nshards; s++)
        if (c->shards[s].conn_open)
            tps__conn_flush(&c->shards[s].conn);
}

/* After tps_interrupt, a request unanswered at two ticks in a row has
 * waited at least one tick: a gate that will not open (a step awaiting a
 * worker that died) or a reply lost on the path. It fails, and the client
 * with it: its connections close, so that no reply lands in a buffer the
 * caller frees once its call has returned. */
#define STOP_TICK_MS 250

static void on_stop_tick(uv_timer_t *tm) {
    tps_client_t *c = tm->data;
    uv_mutex_lock(&c->mu);
    int stale = 0;
    for (int i = 0; i < MAX_TICKETS; i++) {
        ticket_t *t = &c->tickets[i];
        if (t->id == 0 || t->done || t->kind == OP_CLOSE)
            continue;
        if (t->stop_seen == t->id)
            stale++;
        t->stop_seen = t->id;
    }
    if (stale == 0) {
        uv_mutex_unlock(&c->mu);
        return;
    }
    if (!c->broken) {
        c->broken = 1;
        c->broken_err = TPS_EINTR;
        set_error(c, "the application is stopping: %d request%s still "
                  "unanswered %d ms after tps_interrupt", stale,
                  stale == 1 ? "" : "s", STOP_TICK_MS);
    }
    fail_all(c, TPS_EINTR);
    uv_mutex_unlock(&c->mu);
    uv_timer_stop(tm);
    for (int s = 0; s < c->nshards; s++) {
        shard_t *sh = &c->shards[s];
        sh->state = SH_DEAD;
        sh->rejoining = 0;
        uv_timer_stop(&sh->retry);
        if (sh->conn_open)
            tps__conn_close(&sh->conn);
    }
}

/* The application is stopping: what waits on a lost shard fails now, and
 * a shard lost from now on is not waited for. */
static void on_interrupt(uv_async_t *a) {
    tps_client_t *c = a->data;
    if (!c->interrupted)
        uv_timer_start(&c->stop_tick, on_stop_tick, STOP_TICK_MS, STOP_TICK_MS);
    c->interrupted = 1;
    for (int s = 0; s < c->nshards; s++) {
        shard_t *sh = &c->shards[s];
        if (!sh->rejoining)
            continue;
        sh->rejoining = 0;
        uv_timer_stop(&sh->retry);
        if (sh->conn_open)
            tps__conn_close(&sh->conn);
        shard_failed(sh, TPS_EINTR, "lost; the application is stopping, so it "
                                    "is not waited for");
    }
}

void tps_interrupt(tps_client_t *c) {
    if (c != NULL && c->thread_started)
        uv_async_send(&c->interrupt);
}

/* The loop, run a turn at a time so that io_mu can be let go while the
 * thread sleeps: libuv's handles are not thread-safe, and this is when
 * another thread may use them (libuv's documented way of embedding a loop,
 * uv_backend_fd and uv_backend_timeout). */
static void io_thread(void *arg) {
    tps_client_t *c = arg;
    uv_mutex_lock(&c->io_mu);
    while (uv_run(&c->loop, UV_RUN_NOWAIT)) {
        int timeout = uv_backend_timeout(&c->loop);
        if (timeout == 0)
            continue;
        c->io_wake_at = timeout < 0 ? UINT64_MAX
                                    : uv_now(&c->loop) + (uint64_t)timeout;
        uv_mutex_unlock(&c->io_mu);
        struct pollfd p[2] = {{.fd = uv_backend_fd(&c->loop), .events = POLLIN},
                              {.fd = c->kick_fd, .events = POLLIN}};
        if (poll(p, 2, timeout) > 0 && p[1].revents) {
            uint64_t n;
            ssize_t r = read(c->kick_fd, &n, sizeof(n));
            (void)r; /* EAGAIN: another kick took it; the wake is what counts */
        }
        uv_mutex_lock(&c->io_mu);
    }
    uv_mutex_unlock(&c->io_mu);
}

/* Another thread used the loop (it holds io_mu): when what it did needs
 * the sleeping I/O thread, that thread is woken. Its poll() watches only
 * the epoll set it last handed to the kernel, until the time it computed
 * then: libuv registers new interest (a write left for the socket, a
 * connection) at the next turn, and a timer may now be due earlier. */
static void foreign_turn_end(tps_client_t *c) {
    int kick = !uv_loop_alive(&c->loop);
    int timeout = uv_backend_timeout(&c->loop);
    if (timeout == 0 ||
        (timeout > 0 && uv_now(&c->loop) + (uint64_t)timeout < c->io_wake_at))
        kick = 1;
    for (int s = 0; s < c->nshards && !kick; s++) {
        shard_t *sh = &c->shards[s];
        if (!sh->conn_open)
            continue;
        kick = sh->state != SH_READY || sh->rejoining ||
               sh->conn.link != NULL || sh->conn.paused || sh->conn.yielded ||
               uv_stream_get_write_queue_size(
                   (const uv_stream_t *)&sh->conn.tcp) > 0;
    }
    if (kick) {
        uint64_t one = 1;
        ssize_t r = write(c->kick_fd, &one, sizeof(one));
        (void)r; /* EAGAIN: the counter is full of kicks already */
        c->io_wake_at = 0;
    }
}

/* Whether the caller's thread may send ticket kind `kind` itself: the
 * requests of a training step, once the I/O thread runs. */
static int direct_kind(const tps_client_t *c, op_kind_t kind) {
    return c->thread_started && (kind == OP_PUSH || kind == OP_PULL ||
                                 kind == OP_CLOCK || kind == OP_VERSION);
}

/* Writes from the caller's thread may meet a dead shard; the I/O thread
 * runs with SIGPIPE blocked, and the caller's thread must not die of it
 * either. A SIGPIPE raised meanwhile is taken back before the mask is. */
static void pipe_block(sigset_t *old_set) {
    sigset_t pipe_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, old_set);
}

static void pipe_restore(const sigset_t *old_set) {
    sigset_t pipe_set, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    if (!sigismember(old_set, SIGPIPE) && sigpending(&pending) == 0 &&
        sigismember(&pending, SIGPIPE)) {
        static const struct timespec now = {0, 0};
        sigtimedwait(&pipe_set, NULL, &now);
    }
    pthread_sigmask(SIG_SETMASK, old_set, NULL);
}

/* Takes io_mu if the I/O thread is asleep or about to be: it finishes a
 * turn (the reply just handed to this thread, say) in microseconds, far
 * less than waking it would cost. */
static int io_try(tps_client_t *c) {
    if (uv_mutex_trylock(&c->io_mu) == 0)
        return 1;
    uint64_t end = uv_hrtime() + 20000;
    do {
        if (uv_mutex_trylock(&c->io_mu) == 0)
            return 1;
    } while (uv_hrtime() < end);
    return 0;
}

/* Sends ticket t from the caller's thread, which holds io_mu while the I/O
 * thread sleeps: one thread hand-off less per request, which is most of a
 * small request's latency (docs/design.md §6). The I/O thread still reads
 * the replies. */
static void direct_issue(tps_client_t *c, ticket_t *t) {
    sigset_t old_set;
    pipe_block(&old_set);
    issue(c, t);
    for (int s = 0; s < c->nshards; s++)
        if (c->shards[s].conn_open)
            tps__conn_flush(&c->shards[s].conn);
    foreign_turn_end(c);
    pipe_restore(&old_set);
    uv_mutex_unlock(&c->io_mu);
}

/* --- caller's side
 * ------------------------------------------------------------ */

/* Takes a free ticket and queues it; returns it with the mutex released, or
 * NULL (with the error in *err) when the client is broken or too many
 * tickets are outstanding. The caller fills the kind-specific fields through
 * `fill` before the I/O thread can see the ticket. */
static int64_t submit(tps_client_t *c, op_kind_t kind, int tensor,
                      const float *src, float *dst, int pending, float norm,
                      pushbuf_t *pb, const tinit_t *x, int *err) {
    uv_mutex_lock(&c->mu);
    if (c->broken && kind != OP_CLOSE) {
        *err = c->broken_err;
        if (pb) {
            pb->next = c->spare;
            c->spare = pb;
        }
        uv_mutex_unlock(&c->mu);
        return 0;
    }
    int64_t id = ++c->next_id;
    ticket_t *t = &c->tickets[id % MAX_TICKETS];
    if (t->id != 0) {
        c->next_id--;
        set_error(c, "more than %d operations outstanding: wait for some",
                  MAX_TICKETS - 1);
        *err = TPS_E2BIG;
        if (pb) {
            pb->next = c->spare;
            c->spare = pb;
        }
        uv_mutex_unlock(&c->mu);
        return 0;
    }
    memset(t, 0, sizeof(*t));
    t->id = id;
    t->kind = kind;
    t->tensor = tensor;
    t->src = src;
    t->dst = dst;
    t->pending = pending;
    t->next = -1;
    t->info.weight = 1.0f;
    t->grad_norm = norm;
    t->pb = pb;
    if (x != NULL)
        t->x = *x;
    if (kind == OP_PULL) {
        t->left = c->tensors[tensor].n;
        t->reply_clock = UINT64_MAX;
    }
    if (kind == OP_PUSH) {
        c->delivery.pushes_sent++;
        if (pending == 0)
            c->delivery.pushes_applied++;
    }
    int slot = (int)(id % MAX_TICKETS);
    int direct = 0;
    if (pending == 0 && kind != OP_CLOSE) {
        t->done = 1; /* nothing to send, e.g. a tensor held by no shard */
    } else if (c->qhead < 0 && c->active == 0 && direct_kind(c, kind) &&
               io_try(c)) {
        /* Nothing queued before it, nothing awaiting an answer, and the
         * I/O thread asleep: order is kept, and the loop is this thread's
         * until direct_issue ends. With requests in flight their replies
         * keep the I/O thread busy, and the queue batches better. */
        direct = 1;
        if (c->closing) {
            uv_mutex_unlock(&c->io_mu);
            direct = 0;
        }
    }
    if (!(pending == 0 && kind != OP_CLOSE) && kind != OP_CLOSE) {
        t->active = 1;
        c->active++;
    }
    if (!direct && !(pending == 0 && kind != OP_CLOSE)) {
        if (c->qtail >= 0)
            c->tickets[c->qtail].next = slot;
        else
            c->qhead = slot;
        c->qtail = slot;
    }
    if (kind == OP_STATS || kind == OP_CHECKPOINT)
        t->parts = calloc((size_t)c->nshards, sizeof(char *));
    uv_mutex_unlock(&c->mu);
    if (direct)
        direct_issue(c, t);
    else
        uv_async_send(&c->wake);
    return id;
}

static void cache_fill(tps_client_t *c, ticket_t *t);

int tps_wait(tps_client_t *c, tps_ticket_t ticket) {
    uv_mutex_lock(&c->mu);
    ticket_t *t = find_ticket(c, (uint64_t)ticket);
    if (t == NULL) {
        uv_mutex_unlock(&c->mu);
        return TPS_EINVAL;
    }
    if (!t->done && c->opts.spin_us > 0) {
        /* While it polls, this thread runs the loop's turns itself when the
         * I/O thread sleeps: the reply is read here, not handed over. */
        uint64_t end = uv_hrtime() + (uint64_t)c->opts.spin_us * 1000u;
        uv_mutex_unlock(&c->mu);
        sigset_t old_set;
        pipe_block(&old_set);
        while (!__atomic_load_n(&t->done, __ATOMIC_ACQUIRE) &&
               uv_hrtime() < end) {
            if (uv_mutex_trylock(&c->io_mu) == 0) {
                if (!c->closing) {
                    uv_run(&c->loop, UV_RUN_NOWAIT);
                    foreign_turn_end(c);
                }
                uv_mutex_unlock(&c->io_mu);
            }
        }
        pipe_restore(&old_set);
        uv_mutex_lock(&c->mu);
    }
    while (!t->done)
        uv_cond_wait(&c->cv, &c->mu);
    int rc = t->result;
    if (rc == 0 && t->fill_cache)
        cache_fill(c, t);
    t->id = 0;
    uv_mutex_unlock(&c->mu);
    return rc;
}

void tps_options_init(tps_options_t *o) {
    memset(o, 0, sizeof(*o));
    o->role = TPS_ROLE_WORKER;
    o->rank = 0;
    o->workers = 1;
    o->connect_timeout_ms = TPS_CONNECT_TIMEOUT_MS;
    o->keepalive_s = TPS_KEEPALIVE_S;
    o->error_feedback = -1;
    o->zstd_min = 4096;
    o->chunk_bytes = 1u << 20;
}

static void client_free(tps_client_t *c) {
    for (int i = 0; i < c->ntensors; i++) {
        free(c->tensors[i].ids);
        free(c->tensors[i].versions);
        free(c->tensors[i].resid);
        free(c->tensors[i].cache);
        free(c->tensors[i].cache_versions);
    }
    while (c->spare) {
        pushbuf_t *pb = c->spare;
        c->spare = pb->next;
        free(pb->data);
        free(pb->fr);
        free(pb);
    }
    ZSTD_freeCCtx(c->zc);
    free(c->shards);
    free(c->owed);
    free(c->cluster);
    uv_cond_destroy(&c->cv);
    uv_mutex_destroy(&c->mu);
    uv_mutex_destroy(&c->io_mu);
    if (c->kick_fd >= 0)
        close(c->kick_fd);
    free(c);
}

void tps_close(tps_client_t *c) {
    if (c == NULL)
        return;
    if (c->thread_started) {
        int err;
        int64_t id = submit(c, OP_CLOSE, 0, NULL, NULL, 1, 0, NULL, NULL, &err);
        if (id > 0)
            tps_wait(c, id);
        uv_thread_join(&c->thread);
        /* Close callbacks of handles closed last are run here. */
        uv_run(&c->loop, UV_RUN_DEFAULT);
        if (uv_loop_close(&c->loop) != 0)
            tps__log_err("libtaups: loop closed with handles open");
    }
    client_free(c);
}

static int setup_codecs(tps_client_t *c, char *err, size_t errlen) {
    const tps_options_t *o = &c->opts;
    uint32_t bucket = o->bucket ? o->bucket : TPS_CODEC_BUCKET_DEFAULT;
    if (tps__codec_parse(&c->codec, o->codec ? o->codec : "none", bucket, err,
                         errlen) < 0 ||
        tps__codec_parse(&c->pull_codec, o->pull_codec ? o->pull_codec : "none",
                         bucket, err, errlen) < 0)
        return TPS_EINVAL;
    tps__codec_kind_t pk = c->pull_codec.kind;
    if (pk == TPS_CODEC_TOPK || pk == TPS_CODEC_RANDK || pk == TPS_CODEC_SIGN) {
        /* A pull is a model, not a gradient: without error feedback, a
         * sparse or sign encoding of it would lose most of it every time. */
        snprintf(err, errlen, "pull codec \"%s\": use none, fp16, bf16, "
                 "qsgd:Q or uniform:Q", o->pull_codec);
        return TPS_EINVAL;
    }
    tps__codec_pack(&c->codec, &c->codec_id, &c->codec_ratio);
    tps__codec_pack(&c->pull_codec, &c->pull_id, &c->pull_ratio);
    c->ef = o->error_feedback < 0 ? tps__codec_biased(&c->codec)
                                  : o->error_feedback > 0;
    c->ef &= c->codec.kind != TPS_CODEC_NONE;
    if (o->zstd_level > 0 && (c->zc = ZSTD_createCCtx()) == NULL) {
        snprintf(err, errlen, "cannot create a zstd context");
        return TPS_ENOMEM;
    }
    return 0;
}

int tps_open(const tps_options_t *opts, tps_client_t **out, char *errbuf,
             size_t errlen) {
    char scratch[8];
    if (errbuf == NULL) {
        errbuf = scratch;
        errlen = sizeof(scratch);
    }
    *out = NULL;
    errbuf[0] = '\0';
    if (opts == NULL || opts->cluster == NULL) {
        snprintf(errbuf, errlen, "no cluster given");
        return TPS_EINVAL;
    }
    if (opts->workers < 1 || opts->workers > TPS_MAX_WORKERS ||
        (opts->role == TPS_ROLE_WORKER &&
         (opts->rank < 0 || opts->rank >= opts->workers))) {
        snprintf(errbuf, errlen, "rank %d is outside [0, %d workers)",
                 opts->rank, opts->workers);
        return TPS_EINVAL;
    }
    if (opts->spin_us < 0 || opts->spin_us > 1000000) {
        snprintf(errbuf, errlen, "spin_us %d is outside [0, 1000000]",
                 opts->spin_us);
        return TPS_EINVAL;
    }
    tps_client_t *c = calloc(1, sizeof(*c));
    if (c == NULL)
        return TPS_ENOMEM;
    uv_mutex_init(&c->mu);
    uv_mutex_init(&c->io_mu);
    uv_cond_init(&c->cv);
    c->kick_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (c->kick_fd < 0) {
        snprintf(errbuf, errlen, "cannot create an eventfd: %s",
                 strerror(errno));
        client_free(c);
        return TPS_ENOMEM;
    }
    c->opts = *opts;
    c->qhead = c->qtail = -1;
    c->cutoff = -1;
    /* Any 64 random bits do; only a later client of the same rank must get
     * other ones. */
    if (getrandom(&c->session, sizeof(c->session), 0) != sizeof(c->session))
        c->session = uv_hrtime() ^ ((uint64_t)getpid() << 32) ^ (uintptr_t)c;
    c->session |= 1;
    c->cluster = strdup(opts->cluster);
    c->opts.cluster = c->cluster;
    c->opts.key_file = NULL; /* borrowed; only read here */
    if (opts->key_file && tps__key_load(opts->key_file, &c->key, errbuf,
                                       errlen) < 0) {
        client_free(c);
        return TPS_EINVAL;
    }
    if (opts->frame_mac && !c->key.set) {
        snprintf(errbuf, errlen, "--frame-mac needs the cluster's key "
                                 "(--key-file): the tags are keyed by it");
        client_free(c);
        return TPS_EINVAL;
    }
    size_t chunk = opts->chunk_bytes ? opts->chunk_bytes : (1u << 20);
    c->chunk_elems = chunk / sizeof(float) ? chunk / sizeof(float) : 1;
    c->lim.max_header = TPS_DEFAULT_MAX_HEADER;
    c->lim.max_payload = chunk + TPS_DEFAULT_MAX_PAYLOAD;
    if (setup_codecs(c, errbuf, errlen) < 0) {
        client_free(c);
        return TPS_EINVAL;
    }
    tps__addr_t *addrs = NULL;
    int n = tps__cluster_parse(opts->cluster, &addrs, errbuf, errlen);
    if (n < 0) {
        client_free(c);
        return n;
    }
    c->nshards = n;
    c->shards = calloc((size_t)n, sizeof(*c->shards));
    c->owed = calloc((size_t)MAX_TICKETS * (size_t)n, sizeof(*c->owed));
    if (c->shards == NULL || c->owed == NULL) {
        free(addrs);
        client_free(c);
        return TPS_ENOMEM;
    }
    int rc = 0;
    for (int s = 0; s < n; s++) {
        shard_t *sh = &c->shards[s];
        sh->cl = c;
        sh->index = s;
        sh->addr = addrs[s];
        if (sh->addr.is_unix)
            continue; /* a path: nothing to resolve */
        /* Resolve once, up front: numeric addresses or names. */
        struct addrinfo hints, *ai = NULL;
        memset(&hints, 0, sizeof(hints));
        hints.ai_socktype = SOCK_STREAM;
        char port[16];
        snprintf(port, sizeof(port), "%d", sh->addr.port);
        int gai = getaddrinfo(sh->addr.host, port, &hints, &ai);
        if (gai != 0 || ai == NULL) {
            snprintf(errbuf, errlen, "shard %d at %s: cannot resolve host: %s",
                     s, sh->addr.text, gai_strerror(gai));
            rc = TPS_EUNREACH;
            if (ai)
                freeaddrinfo(ai);
            break;
        }
        memcpy(&sh->sa, ai->ai_addr, ai->ai_addrlen);
        freeaddrinfo(ai);
    }
    free(addrs);
    if (rc < 0) {
        client_free(c);
        return rc;
    }
    uv_loop_init(&c->loop);
    uv_async_init(&c->loop, &c->wake, on_wake);
    uv_async_init(&c->loop, &c->interrupt, on_interrupt);
    uv_timer_init(&c->loop, &c->stop_tick);
    c->stop_tick.data = c;
    c->interrupt.data = c;
    c->wake.data = c;
    for (int s = 0; s < n; s++) {
        uv_timer_init(&c->loop, &c->shards[s].retry);
        c->shards[s].retry.data = &c->shards[s];
    }
    c->deadline = tps__now() + opts->connect_timeout_ms / 1000.0;
    /* The I/O thread starts with SIGPIPE blocked (and the caller's thread
     * blocks it while it writes, pipe_block): a write to a shard that died
     * fails with EPIPE, and the signal stays pending on that thread
     * instead of killing the application, which need not ignore SIGPIPE
     * itself. */
    sigset_t pipe_set, old_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
    int thread_rc = uv_thread_create(&c->thread, io_thread, c);
    pthread_sigmask(SIG_SETMASK, &old_set, NULL);
    if (thread_rc != 0) {
        snprintf(errbuf, errlen, "cannot start the I/O thread");
        for (int s = 0; s < n; s++)
            uv_close((uv_handle_t *)&c->shards[s].retry, NULL);
        uv_close((uv_handle_t *)&c->wake, NULL);
        uv_close((uv_handle_t *)&c->interrupt, NULL);
        uv_close((uv_handle_t *)&c->stop_tick, NULL);
        uv_run(&c->loop, UV_RUN_DEFAULT);
        uv_loop_close(&c->loop);
        client_free(c);
        return TPS_ENOMEM;
    }
    c->thread_started = 1;
    int err = 0;
    int64_t id = submit(c, OP_CONNECT, 0, NULL, NULL, n, 0, NULL, NULL, &err);
    rc = id > 0 ? tps_wait(c, id) : err;
    if (rc < 0) {
        snprintf(errbuf, errlen, "%s",
                 c->errmsg[0] ? c->errmsg : tps_strerror(rc));
        tps_close(c);
        return rc;
    }
    *out = c;
    return 0;
}

const char *tps_errmsg(const tps_client_t *c) {
    return c->errmsg;
}

int tps_shards(const tps_client_t *c) {
    return c->nshards;
}

/* Declares (n > 0) or looks up (n == 0) a tensor on every shard. */
static int declare(tps_client_t *c, const char *name, uint64_t n,
                   tps_init_t init, float scale, uint64_t seed) {
    if (name == NULL || strlen(name) == 0 || strlen(name) >= 128) {
        set_error(c, "tensor \"%s\": needs a name of 1..127 bytes and a length",
                  name ? name : "");
        return TPS_EINVAL;
    }
    uv_mutex_lock(&c->mu);
    int idx = -1, created = 0;
    for (int i = 0; i < c->ntensors; i++)
        if (strcmp(c->tensors[i].name, name) == 0)
            idx = i;
    if (idx >= 0 && c->tensors[idx].n != n) {
        set_error(c, "tensor \"%s\": length %llu != %llu declared before", name,
                  (unsigned long long)n, (unsigned long long)c->tensors[idx].n);
        uv_mutex_unlock(&c->mu);
        return TPS_EMISMATCH;
    }
    if (idx < 0) {
        if (c->ntensors == MAX_TENSORS) {
            set_error(c, "more than %d tensors", MAX_TENSORS);
            uv_mutex_unlock(&c->mu);
            return TPS_E2BIG;
        }
        tensor_t *ts = &c->tensors[c->ntensors];
        ts->ids = calloc((size_t)c->nshards, sizeof(*ts->ids));
        ts->versions = calloc((size_t)c->nshards, sizeof(*ts->versions));
        if (ts->ids == NULL || ts->versions == NULL) {
            free(ts->ids);
            free(ts->versions);
            uv_mutex_unlock(&c->mu);
            return TPS_ENOMEM;
        }
        snprintf(ts->name, sizeof(ts->name), "%s", name);
        ts->n = n;
        ts->lookup = n == 0;
        idx = c->ntensors++;
        created = 1;
    }
    tensor_t *ts = &c->tensors[idx];
    ts->init = init;
    ts->scale = scale;
    ts->seed = seed;
    uv_mutex_unlock(&c->mu);
    int err = 0;
    int64_t id = submit(c, OP_DECLARE, idx, NULL, NULL, c->nshards, 0, NULL,
                        NULL, &err);
    int rc = id > 0 ? tps_wait(c, id) : err;
    if (rc >= 0 && c->tensors[idx].n == 0)
        rc = TPS_ENOENT; /* no shard has a slice: the cluster has no tensors */
    if (rc < 0 && created) {
        /* The shards refused it: forget the name so that a corrected
         * declaration can follow. Only the newest entry can be dropped. */
        uv_mutex_lock(&c->mu);
        if (idx == c->ntensors - 1) {
            c->ntensors--;
            free(c->tensors[idx].ids);
            free(c->tensors[idx].versions);
            c->tensors[idx].ids = NULL;
            c->tensors[idx].versions = NULL;
        }
        uv_mutex_unlock(&c->mu);
    }
    return rc < 0 ? rc : idx;
}

int tps_declare(tps_client_t *c, const char *name, uint64_t n, tps_init_t init,
                float scale, uint64_t seed) {
    if (n == 0) {
        set_error(c, "tensor \"%s\": a declaration needs a length", name);
        return TPS_EINVAL;
    }
    return declare(c, name, n, init, scale, seed);
}

int tps_lookup(tps_client_t *c, const char *name, uint64_t *n) {
    uv_mutex_lock(&c->mu);
    for (int i = 0; i < c->ntensors; i++)
        if (strcmp(c->tensors[i].name, name) == 0) {
            *n = c->tensors[i].n;
            uv_mutex_unlock(&c->mu);
            return i;
        }
    uv_mutex_unlock(&c->mu);
    /* Declaring with length 0 asks each shard for its entry. */
    int id = declare(c, name, 0, TPS_INIT_ZEROS, 0, 0);
    if (id >= 0)
        *n = c->tensors[id].n;
    return id;
}

int tps_last_push(const tps_client_t *c, int tensor, tps_push_info_t *info) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    int ok = tensor >= 0 && tensor < c->ntensors;
    if (ok)
        *info = c->tensors[tensor].last_push;
    uv_mutex_unlock(&mc->mu);
    return ok ? 0 : TPS_ENOENT;
}

const char *tps_mode(const tps_client_t *c) {
    return c->mode;
}

int tps_local_steps(const tps_client_t *c) {
    return c->local_steps;
}

/* Number of frames a push or pull of tensor `tensor` takes. */
static int frames_for(tps_client_t *c, int tensor) {
    uint64_t n = c->tensors[tensor].n, frames = 0;
    for (int s = 0; s < c->nshards; s++) {
        uint64_t len = tps__slice_lo(n, (uint32_t)c->nshards, (uint32_t)s + 1) -
                       tps__slice_lo(n, (uint32_t)c->nshards, (uint32_t)s);
        frames += (len + c->chunk_elems - 1) / c->chunk_elems;
    }
    return (int)frames;
}

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Encodes every frame of a push on the caller's thread: error feedback
 * (r += g; c = compress(r); r -= decompress(c)), the codec, then zstd when
 * it pays. Returns the frames, or NULL with *err and the message set. */
static pushbuf_t *encode_push(tps_client_t *c, int tensor, const float *grad,
                              int *err) {
    tensor_t *ts = &c->tensors[tensor];
    const uint64_t n = ts->n, chunk = c->chunk_elems;
    const uint32_t S = (uint32_t)c->nshards;
    int nfr = frames_for(c, tensor);
    size_t bound = 0;
    for (uint32_t s = 0; s < S; s++)
        for (uint64_t off = tps__slice_lo(n, S, s),
                      hi = tps__slice_lo(n, S, s + 1);
             off < hi; off += chunk) {
            size_t w = tps__codec_wire_size(
                &c->codec, hi - off < chunk ? hi - off : chunk);
            bound += w + (c->zc ? ZSTD_compressBound(w) : 0);
        }
    uv_mutex_lock(&c->mu);
    pushbuf_t *pb = c->spare;
    if (pb)
        c->spare = pb->next;
    uv_mutex_unlock(&c->mu);
    if (pb == NULL)
        pb = calloc(1, sizeof(*pb));
    if (pb && pb->cap < bound) {
        uint8_t *d = realloc(pb->data, bound);
        if (d) {
            pb->data = d;
            pb->cap = bound;
        }
    }
    if (pb && pb->fr_cap < nfr) {
        pframe_t *f = realloc(pb->fr, (size_t)nfr * sizeof(*f));
        if (f) {
            pb->fr = f;
            pb->fr_cap = nfr;
        }
    }
    if (c->ef && ts->resid == NULL)
        ts->resid = calloc(n, sizeof(float));
    *err = TPS_ENOMEM;
    if (pb == NULL || pb->cap < bound || pb->fr_cap < nfr ||
        (c->ef && !ts->resid))
        goto fail;
    uint64_t push = ++c->pushes;
    size_t pos = 0;
    int fi = 0;
    for (uint32_t s = 0; s < S; s++) {
        uint64_t hi = tps__slice_lo(n, S, s + 1);
        for (uint64_t off = tps__slice_lo(n, S, s); off < hi;
             off += chunk, fi++) {
            uint64_t cnt = hi - off < chunk ? hi - off : chunk;
            const float *x = grad + off;
            if (c->ef) {
                float *restrict r = ts->resid + off;
                for (uint64_t i = 0; i < cnt; i++)
                    r[i] += x[i];
                x = r;
            }
            pframe_t *f = &pb->fr[fi];
            f->seed = mix64(push * 0x9e3779b97f4a7c15ULL ^ mix64(off + 1) ^
                            ((uint64_t)tensor << 48) ^ (uint64_t)c->opts.rank);
            int64_t m = tps__codec_encode(&c->codec, x, cnt, f->seed,
                                          pb->data + pos, pb->cap - pos);
            if (m < 0) {
                *err = (int)m;
                /* The gradient was checked finite; a residual that keeps
                 * growing overflows when training diverges. */
                if (c->ef && tps__first_nonfinite(x, cnt) < cnt)
                    set_error(c,
                              "tensor \"%s\": the error-feedback residual is "
                              "not finite: training diverged (learning rate "
                              "too high for this codec?)",
                              ts->name);
                else
                    set_error(c, "tensor \"%s\": cannot encode a push: %s",
                              ts->name, tps_strerror((int)m));
                goto fail;
            }
            if (c->ef)
                tps__codec_decode_acc(&c->codec, pb->data + pos, (size_t)m, cnt,
                                      f->seed, -1.0f, ts->resid + off);
            f->pos = pos;
            f->len = f->enc_len = (size_t)m;
            f->zstd = 0;
            pos += (size_t)m;
            if (c->zc && (size_t)m >= c->opts.zstd_min) {
                size_t z = ZSTD_compressCCtx(c->zc, pb->data + pos,
                                             pb->cap - pos, pb->data + f->pos,
                                             (size_t)m, c->opts.zstd_level);
                if (!ZSTD_isError(z) && z < (size_t)m) {
                    f->pos = pos;
                    f->len = z;
                    f->zstd = 1;
                    pos += z;
                }
            }
        }
    }
    return pb;
fail:
    if (*err == TPS_ENOMEM)
        set_error(c, "tensor \"%s\": out of memory encoding a push", ts->name);
    if (pb) {
        uv_mutex_lock(&c->mu);
        pb->next = c->spare;
        c->spare = pb;
        uv_mutex_unlock(&c->mu);
    }
    return NULL;
}

static int tensor_ok(tps_client_t *c, int tensor) {
    uv_mutex_lock(&c->mu);
    int ok = tensor >= 0 && tensor < c->ntensors;
    uv_mutex_unlock(&c->mu);
    if (!ok)
        set_error(c, "no tensor with id %d", tensor);
    return ok;
}

static int pull_start(tps_client_t *c, int tensor, float *dst,
                      uint64_t min_version, tps_ticket_t *ticket) {
    if (!tensor_ok(c, tensor))
        return TPS_ENOENT;
    tinit_t x = {0};
    tensor_t *ts = &c->tensors[tensor];
    int cached = 0, cache = c->ssp_cache && ts->n > 0;
    uv_mutex_lock(&c->mu);
    x.clock = c->clock;
    if (cache && ts->cache_valid &&
        ts->cache_clock + c->ssp_bound >= (uint64_t)c->clock) {
        /* The copy reflects every worker's updates to clock c - s - 1:
         * what the shards' gate would wait for, already here. */
        memcpy(dst, ts->cache, ts->n * sizeof(float));
        memcpy(ts->versions, ts->cache_versions,
               (size_t)c->nshards * sizeof(uint64_t));
        c->delivery.pulls_cached++;
        uint64_t lag = (uint64_t)c->clock - ts->cache_clock;
        if (lag > c->delivery.max_read_lag)
            c->delivery.max_read_lag = lag;
        cached = 1;
    } else if (c->opts.role == TPS_ROLE_WORKER) {
        c->delivery.pulls_sent++;
    }
    uv_mutex_unlock(&c->mu);
    x.min_version = min_version;
    int err = 0;
    int64_t id = submit(c, OP_PULL, tensor, NULL, dst,
                        ts->n && !cached ? 1 : 0, 0, NULL, &x, &err);
    if (id <= 0)
        return err;
    if (cache && !cached) {
        uv_mutex_lock(&c->mu);
        ticket_t *t = find_ticket(c, (uint64_t)id);
        if (t != NULL)
            t->fill_cache = 1;
        uv_mutex_unlock(&c->mu);
    }
    *ticket = id;
    return 0;
}

/* A pull for the ssp cache completed (under mu): its values, versions and
 * the clock they reflect become the tensor's copy, and its read lag is
 * counted. */
static void cache_fill(tps_client_t *c, ticket_t *t) {
    tensor_t *ts = &c->tensors[t->tensor];
    if (ts->cache == NULL) {
        ts->cache = malloc(ts->n * sizeof(float));
        ts->cache_versions = malloc((size_t)c->nshards * sizeof(uint64_t));
        if (ts->cache == NULL || ts->cache_versions == NULL)
            return; /* no copy: the next pull goes to the shards again */
    }
    memcpy(ts->cache, t->dst, ts->n * sizeof(float));
    memcpy(ts->cache_versions, ts->versions,
           (size_t)c->nshards * sizeof(uint64_t));
    ts->cache_clock = t->reply_clock == UINT64_MAX ? 0 : t->reply_clock;
    ts->cache_valid = 1;
    if ((uint64_t)t->x.clock > ts->cache_clock &&
        (uint64_t)t->x.clock - ts->cache_clock > c->delivery.max_read_lag)
        c->delivery.max_read_lag = (uint64_t)t->x.clock - ts->cache_clock;
}

/* Waits for a probe and returns what it found. */
static int wait_probe(tps_client_t *c, int64_t id, tinit_t *found) {
    uv_mutex_lock(&c->mu);
    ticket_t *t = find_ticket(c, (uint64_t)id);
    while (!t->done)
        uv_cond_wait(&c->cv, &c->mu);
    int rc = t->result;
    if (t->x.stale > found->stale)
        found->stale = t->x.stale;
    if (found->live == 0)
        found->live = t->x.live;
    t->id = 0;
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* One staleness for a whole group: the largest any shard reports for any
 * of its tensors against the versions this client last pulled. The probes
 * go out together, one round trip for the group. */
static int decide(tps_client_t *c, int n, const int *tensors, tinit_t *x) {
    int64_t ids[MAX_TENSORS];
    int rc = 0, k = 0;
    for (; k < n; k++) {
        int err = 0;
        ids[k] = submit(c, OP_VERSION, tensors[k], NULL, NULL, c->nshards, 0,
                        NULL, NULL, &err);
        if (ids[k] <= 0) {
            rc = err;
            break;
        }
    }
    for (int i = 0; i < k; i++) {
        int r = wait_probe(c, ids[i], x);
        rc = rc < 0 ? rc : r;
    }
    if (rc < 0)
        return rc;
    x->decided = 1;
    if (x->live == 0)
        x->live = 1;
    x->dropped = c->cutoff >= 0 && x->stale > (uint64_t)c->cutoff;
    return 0;
}

int tps_push_group_async(tps_client_t *c, int n, const int *tensors,
                         const float *const *grads, tps_ticket_t *tickets) {
    if (n < 1 || n > MAX_TENSORS) {
        set_error(c, "a push group of %d tensors: need 1..%d", n, MAX_TENSORS);
        return TPS_EINVAL;
    }
    if (c->opts.role != TPS_ROLE_WORKER) {
        set_error(c, "only workers push");
        return TPS_EINVAL;
    }
    /* A NaN or Inf is refused here, before any shard sees any of the
     * group: shards check their slices too, but a refusal by one shard
     * alone would leave the others updated. Shards that clip need the
     * norm of the whole gradient (each sees only slices); one pass serves
     * both. */
    double ss = 0;
    for (int k = 0; k < n; k++) {
        if (!tensor_ok(c, tensors[k]))
            return TPS_ENOENT;
        const tensor_t *ts = &c->tensors[tensors[k]];
        const float *g = grads[k];
        uint64_t bad = tps__first_nonfinite(g, ts->n);
        if (bad < ts->n) {
            set_error(c, "gradient of tensor \"%s\" has %s at element %llu; "
                      "not pushed",
                      ts->name, isnan(g[bad]) ? "NaN" : "Inf",
                      (unsigned long long)bad);
            return TPS_EINVAL;
        }
        if (c->clip_norm > 0)
            for (uint64_t i = 0; i < ts->n; i++)
                ss += (double)g[i] * g[i];
    }
    tinit_t x = {0};
    uv_mutex_lock(&c->mu);
    x.clock = c->clock;
    x.samples = c->samples;
    uv_mutex_unlock(&c->mu);
    int rc = c->decide ? decide(c, n, tensors, &x) : 0;
    int k = 0;
    for (; rc == 0 && k < n; k++) {
        int t = tensors[k];
        pushbuf_t *pb = NULL;
        int err = 0, frames = 0;
        if (x.dropped) {
            for (int s = 0; s < c->nshards; s++)
                frames += tps__slice_lo(c->tensors[t].n, (uint32_t)c->nshards,
                                       (uint32_t)s + 1) >
                          tps__slice_lo(c->tensors[t].n, (uint32_t)c->nshards,
                                       (uint32_t)s);
        } else {
            frames = frames_for(c, t);
            if ((c->codec.kind != TPS_CODEC_NONE || c->zc) &&
                (pb = encode_push(c, t, grads[k], &err)) == NULL) {
                rc = err;
                break;
            }
        }
        int64_t id = submit(c, OP_PUSH, t, grads[k], NULL, frames,
                            (float)sqrt(ss), pb, &x, &err);
        if (id <= 0) {
            rc = err;
            break;
        }
        tickets[k] = id;
    }
    if (rc < 0)
        for (int i = 0; i < k; i++)
            tps_wait(c, tickets[i]);
    return rc;
}

int tps_push_async(tps_client_t *c, int tensor, const float *grad,
                   tps_ticket_t *ticket) {
    return tps_push_group_async(c, 1, &tensor, &grad, ticket);
}

int tps_pull_async(tps_client_t *c, int tensor, float *dst,
                   tps_ticket_t *ticket) {
    return pull_start(c, tensor, dst, 0, ticket);
}

int tps_pull_at_async(tps_client_t *c, int tensor, float *dst,
                      uint64_t min_version, tps_ticket_t *ticket) {
    if (c->opts.role == TPS_ROLE_WORKER) {
        set_error(c, "a worker's pulls are gated by its clock, not a version");
        return TPS_EINVAL;
    }
    return pull_start(c, tensor, dst, min_version, ticket);
}

int tps_push(tps_client_t *c, int tensor, const float *grad) {
    tps_ticket_t t;
    int rc = tps_push_async(c, tensor, grad, &t);
    return rc < 0 ? rc : tps_wait(c, t);
}

int tps_snapshots(const tps_client_t *c) {
    /* Versions count steps in the aggregating modes, so equal versions on
     * every shard mean one step; local SGD aggregates exactly when it does
     * not ask for decided pushes. */
    return c->opts.role != TPS_ROLE_WORKER &&
           (strcmp(c->mode, "sync") == 0 ||
            (strcmp(c->mode, "local") == 0 && !c->decide));
}

int tps_pull(tps_client_t *c, int tensor, float *dst) {
    tps_ticket_t t;
    int rc = tps_pull_async(c, tensor, dst, &t);
    if (rc == 0)
        rc = tps_wait(c, t);
    /* An evaluator in sync takes the model of one step on every shard: a
     * shard behind is asked again for the step the others reached. */
    for (int tries = 0; rc == 0 && tps_snapshots(c) && tries < 8; tries++) {
        uint64_t lo = UINT64_MAX, hi = 0;
        uv_mutex_lock(&c->mu);
        for (int s = 0; s < c->nshards; s++) {
            uint64_t v = c->tensors[tensor].versions[s];
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        uv_mutex_unlock(&c->mu);
        if (lo == hi)
            break;
        rc = tps_pull_at_async(c, tensor, dst, hi, &t);
        if (rc == 0)
            rc = tps_wait(c, t);
    }
    return rc;
}

int64_t tps_clock(tps_client_t *c) {
    tinit_t x = {0};
    uv_mutex_lock(&c->mu);
    x.clock = ++c->clock;
    uv_mutex_unlock(&c->mu);
    if (c->opts.role != TPS_ROLE_WORKER)
        return x.clock;
    /* Not waited for: the frames follow the pushes already queued on each
     * connection, which is all the order the shards need, and the caller
     * goes on computing. */
    int err = 0;
    int64_t id = submit(c, OP_CLOCK, 0, NULL, NULL, 1, 0, NULL, &x, &err);
    return id > 0 ? x.clock : err;
}

int tps_versions(const tps_client_t *c, int tensor, uint64_t *versions,
                 int max) {
    tps_client_t *mc = (tps_client_t *)c; /* the mutex, not the data, changes */
    uv_mutex_lock(&mc->mu);
    if (tensor < 0 || tensor >= c->ntensors) {
        uv_mutex_unlock(&mc->mu);
        return TPS_ENOENT;
    }
    for (int s = 0; s < c->nshards && s < max; s++)
        versions[s] = c->tensors[tensor].versions[s];
    uv_mutex_unlock(&mc->mu);
    return c->nshards;
}

void tps_set_samples(tps_client_t *c, uint64_t samples) {
    uv_mutex_lock(&c->mu);
    c->samples = samples;
    uv_mutex_unlock(&c->mu);
}

int tps_set_versions(tps_client_t *c, int tensor, const uint64_t *versions,
                     int n) {
    uv_mutex_lock(&c->mu);
    int rc = tensor < 0 || tensor >= c->ntensors ? TPS_ENOENT
             : n != c->nshards                   ? TPS_EINVAL
                                                 : 0;
    /* The I/O thread reads them when it issues the next push, which it
     * takes from the submit queue under this mutex. */
    for (int s = 0; rc == 0 && s < n; s++)
        c->tensors[tensor].versions[s] = versions[s];
    uv_mutex_unlock(&c->mu);
    return rc;
}

void tps_bytes(const tps_client_t *c, uint64_t *sent, uint64_t *received) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *sent = c->sent;
    *received = c->received;
    uv_mutex_unlock(&mc->mu);
}

void tps_traffic(const tps_client_t *c, tps_traffic_t *t) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *t = c->traffic;
    uv_mutex_unlock(&mc->mu);
}

/* One admin request to every shard; their JSON replies joined in an array. */
static int admin_json(tps_client_t *c, op_kind_t kind, char **json_out) {
    *json_out = NULL;
    int err = 0;
    int64_t id = submit(c, kind, 0, NULL, NULL, c->nshards, 0, NULL, NULL,
                        &err);
    if (id <= 0)
        return err;
    uv_mutex_lock(&c->mu);
    char **parts = c->tickets[id % MAX_TICKETS].parts;
    uv_mutex_unlock(&c->mu);
    int rc = tps_wait(c, id);
    size_t len = 3;
    for (int s = 0; s < c->nshards; s++)
        len += (parts && parts[s] ? strlen(parts[s]) : 4) + 2;
    char *out = rc == 0 && parts ? malloc(len) : NULL;
    if (out) {
        char *p = out;
        *p++ = '[';
        for (int s = 0; s < c->nshards; s++) {
            const char *part = parts[s] ? parts[s] : "null";
            size_t pl = strlen(part);
            if (s)
                *p++ = ',';
            memcpy(p, part, pl);
            p += pl;
        }
        *p++ = ']';
        *p = '\0';
    } else if (rc == 0) {
        rc = TPS_ENOMEM;
    }
    for (int s = 0; parts && s < c->nshards; s++)
        free(parts[s]);
    free(parts);
    *json_out = out;
    return rc;
}

int tps_stats(tps_client_t *c, char **json_out) {
    return admin_json(c, OP_STATS, json_out);
}

int tps_checkpoint(tps_client_t *c, char **json_out) {
    return admin_json(c, OP_CHECKPOINT, json_out);
}

void tps_delivery(const tps_client_t *c, tps_delivery_t *d) {
    tps_client_t *mc = (tps_client_t *)c;
    uv_mutex_lock(&mc->mu);
    *d = c->delivery;
    uv_mutex_unlock(&mc->mu);
}
