/* SPDX-License-Identifier: MIT */
/* The frames of a shard's connections: where a payload may land, the
 * dispatch of each frame by op to the room that serves it, read errors,
 * and the error, refusal and stats replies every room answers with.
 *
 * Must NOT decide what a frame does: hellos go to hello.c, declarations
 * to declare.c, PUSH, CLOCK and VERSION to push.c, PULL to pull.c,
 * ASSIGN to assign.c, BARRIER to barrier.c, CHECKPOINT to checkpoint.c,
 * a peer's STEP_READY to step.c and SETTLE to fate.c. It is on every frame's path, so it adds no work there beyond
 * the switch and one test of the role. */
#include "server_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_conn.h"
#include "tps_log.h"

static void on_error_sent(void *arg, int status) {
    (void)status;
    tps__conn_close(arg);
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
            tps__conn_close(&sc->c);
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
void tps__refuse(sconn_t *sc, const Taups__Header *h, int status,
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
        tps__conn_close(&sc->c);
    }
}

int tps__worker_only(sconn_t *sc, const Taups__Header *h, int fatal,
                     const char *what) {
    if (sc->role == TPS_ROLE_WORKER)
        return 1;
    tps__reply_error(sc, h, TPS_EPERM, fatal,
                     "only workers may %s; this connection said hello as %s",
                     what, sc->role == TPS_ROLE_ADMIN ? "admin" : "evaluator");
    return 0;
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

/* Another shard asks (docs/design.md §3a): about a dead pusher's group, or
 * its readiness for a step. Nothing else is a peer's to send. */
static void peer_frame(sconn_t *sc, const Taups__Header *h) {
    switch (h->op) {
    case TAUPS__OP__SETTLE:
        tps__fate_settle_handle(sc, h);
        return;
    case TAUPS__OP__STEP_READY:
        tps__step_ready_handle(sc, h);
        return;
    default:
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "op %d is not one a peer may send", (int)h->op);
    }
}

static void handle_checkpoint(sconn_t *sc, const Taups__Header *h) {
    if (sc->role != TPS_ROLE_ADMIN)
        tps__reply_error(sc, h, TPS_EPERM, 0,
                         "only an admin connection may ask for a checkpoint");
    else
        tps__ckpt_request(sc->srv, sc, h->request_id);
}

/* The ops whose frames may carry a payload. */
static int carries_payload(Taups__Op op) {
    return op == TAUPS__OP__PUSH || op == TAUPS__OP__PULL ||
           op == TAUPS__OP__PULL_ROWS || op == TAUPS__OP__PUSH_ROWS ||
           op == TAUPS__OP__ASSIGN;
}

void tps__dispatch_frame(tps__conn_t *c, const Taups__Header *h,
                         uint8_t *payload, uint64_t len) {
    sconn_t *sc = (sconn_t *)c;
    if (sc->doomed)
        return;
    if (!sc->hello) {
        /* Before the handshake is done nothing is served, not even stats. */
        if (h->op == TAUPS__OP__HELLO && sc->auth == 0 && len == 0)
            tps__hello_handle(sc, h);
        else if (h->op == TAUPS__OP__AUTH && sc->auth == 1 && len == 0)
            tps__auth_handle(sc, h);
        else
            tps__reply_error(sc, h, TPS_EPROTO, 1, "expected %s, got op %d",
                             sc->auth == 1 ? "the client's proof (AUTH)"
                                           : "a hello",
                             (int)h->op);
        return;
    }
    if (len != 0 && !carries_payload(h->op)) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "op %d carries an unexpected payload", (int)h->op);
        return;
    }
    if (sc->role == TPS__ROLE_PEER) {
        peer_frame(sc, h);
        return;
    }
    switch (h->op) {
    case TAUPS__OP__HELLO:
        if (sc->hello)
            tps__reply_error(sc, h, TPS_EPROTO, 1, "second hello");
        else
            tps__hello_handle(sc, h);
        return;
    case TAUPS__OP__DECLARE:
        tps__declare_handle(sc, h);
        return;
    case TAUPS__OP__PUSH:
        tps__push_handle(sc, h, payload, len);
        return;
    case TAUPS__OP__PULL:
        if ((sc->npreps == 0 && sc->deferred == NULL) ||
            !tps__fate_defer(sc, h))
            tps__pull_handle(sc, h, len);
        return;
    case TAUPS__OP__PULL_ROWS:
        tps__rows_pull_handle(sc, h, payload, len);
        return;
    case TAUPS__OP__PUSH_ROWS:
        tps__rows_push_handle(sc, h, payload, len);
        return;
    case TAUPS__OP__STATS:
        handle_stats(sc, h);
        return;
    case TAUPS__OP__CHECKPOINT:
        handle_checkpoint(sc, h);
        return;
    case TAUPS__OP__CLOCK:
        if ((sc->npreps == 0 && sc->deferred == NULL) ||
            !tps__fate_defer(sc, h))
            tps__clock_handle(sc, h);
        return;
    case TAUPS__OP__COMMIT:
        tps__fate_commit_handle(sc, h);
        return;
    case TAUPS__OP__VERSION:
        tps__version_handle(sc, h);
        return;
    case TAUPS__OP__ASSIGN:
        tps__assign_handle(sc, h, payload, len);
        return;
    case TAUPS__OP__BARRIER:
        tps__barrier_handle(sc, h);
        return;
    default:
        tps__reply_error(sc, h, TPS_EPROTO, 1, "unexpected op %d", (int)h->op);
    }
}

/* A frame of rows carries at most 10 bytes per id (and per version) and
 * dim floats per row pushed: no more is read into the reader's buffer. A
 * push's gradients follow its varints at any offset: the payload goes
 * into the reader's buffer shifted so that they land aligned, to be used
 * where they are. */
static int rows_dest(sconn_t *sc, const Taups__Header *h, uint64_t len,
                     uint8_t **dest) {
    const tps__shard_t *sh = &sc->srv->shard;
    uint64_t dim = h->tensor_id < (uint32_t)sh->ntensors
                       ? sh->tensors[h->tensor_id].dim
                       : 0;
    int push = h->op == TAUPS__OP__PUSH_ROWS;
    uint64_t per = push ? 20 + tps__rows_value_room(h, (uint32_t)dim) : 10;
    /* Compressed ids may take less than a byte each. */
    if (dim == 0 || (h->count > len && !(push && h->zstd)) ||
        len > h->count * per) {
        snprintf(sc->why, sizeof(sc->why),
                 "a frame of %llu rows of tensor id %u carries %llu payload "
                 "bytes: no such table here, or not what its rows take",
                 (unsigned long long)h->count, h->tensor_id,
                 (unsigned long long)len);
        return dim == 0 ? TPS_EPROTO : TPS_E2BIG;
    }
    if (h->op == TAUPS__OP__PUSH_ROWS && h->rows != NULL) {
        size_t pad = (size_t)(-(h->rows->ids_len + h->rows->versions_len) &
                              (sizeof(float) - 1));
        uint8_t *p = tps__reader_pool(&sc->c.rd, (size_t)len + pad);
        if (p == NULL) {
            snprintf(sc->why, sizeof(sc->why),
                     "out of memory for a push of %llu rows",
                     (unsigned long long)h->count);
            return TPS_ENOMEM;
        }
        *dest = p + pad;
    }
    return 0;
}

/* Where a payload may go: nowhere before the hello, and for a push no more
 * than its slice of a declared tensor can need, so that a connection pins
 * memory only in proportion to what it may legitimately send. */
int tps__dispatch_dest(void *arg, const Taups__Header *h, uint64_t len,
                       uint8_t **dest) {
    sconn_t *sc = arg;
    const tps__shard_t *sh = &sc->srv->shard;
    if (sc->hello &&
        (h->op == TAUPS__OP__PULL_ROWS || h->op == TAUPS__OP__PUSH_ROWS))
        return rows_dest(sc, h, len, dest);
    if (!sc->hello ||
        (h->op != TAUPS__OP__PUSH && h->op != TAUPS__OP__ASSIGN)) {
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
     * and zstd adds less than a kilobyte at this size. An assign is
     * always dense floats, into the reader's pool. */
    if (h->op == TAUPS__OP__ASSIGN && len != h->count * sizeof(float)) {
        snprintf(sc->why, sizeof(sc->why),
                 "an assign of %llu elements carries %llu payload bytes",
                 (unsigned long long)h->count, (unsigned long long)len);
        return TPS_EPROTO;
    }
    if (h->op == TAUPS__OP__ASSIGN)
        return 0;
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

void tps__dispatch_error(tps__conn_t *c, int err) {
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
        tps__conn_close(&sc->c);
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
        tps__refuse(sc, NULL, err, &sc->srv->auth_failures,
                    "frame %llu failed its integrity check (--frame-mac): "
                    "altered on the way, replayed, reordered or "
                    "injected",
                    (unsigned long long)c->rx_mac.seq - 1);
    } else {
        tps__log_warn("%s: read failed: %s; closing", sc->peer,
                      tps_strerror(err));
        tps__conn_close(&sc->c);
    }
}

/* Tells sc why it is closed (not a broken frame: a timeout, a limit),
 * then closes it once that is out. */
void tps__tell_and_close(sconn_t *sc, int status, const char *why) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__ERROR;
    r.status = status;
    r.error = (char *)why;
    r.shard = sc->srv->shard.index;
    sc->doomed = 1;
    tps__conn_stop_reading(&sc->c);
    if (tps__conn_send(&sc->c, &r, NULL, 0, on_error_sent, sc) < 0)
        tps__conn_close(&sc->c);
}
