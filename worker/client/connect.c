/* SPDX-License-Identifier: MIT */
/* Connections to the shards (client_internal.h): connecting with retries
 * and a deadline per attempt, the hello and the key's handshake, and what
 * a lost connection means (fail for good, or reconnect, whose resend is
 * rejoin.c's). Runs on whoever holds io_mu. It must not read replies to
 * tickets: those are wire.c's. */
#include <stdio.h>
#include <string.h>

#include "client_internal.h"
#include "tps_log.h"

void tps__cl_shard_failed(tps__cshard_t *sh, int err, const char *what) {
    tps_client_t *c = sh->cl;
    uv_mutex_lock(&c->mu);
    /* A server closes after a fatal error reply; its reason is the useful
     * part, not the close that followed. */
    if (tps__cl_break(c, err))
        tps__cl_errorf_locked(c, "shard %d at %s: %s", sh->index,
                              sh->addr.text,
                              sh->remote_err[0] ? sh->remote_err : what);
    tps__cl_fail_all(c, err);
    uv_mutex_unlock(&c->mu);
    sh->state = SH_DEAD;
}

static void connect_shard(tps__cshard_t *sh);

static void on_retry_timer(uv_timer_t *t) {
    connect_shard(t->data);
}

/* The tries are over: the shard is unreachable, and the client fails. */
static void give_up(tps__cshard_t *sh) {
    char what[600];
    if (sh->rejoining)
        snprintf(what, sizeof(what),
                 "lost, and cannot reconnect: %s (after %d tries in %.1f s)",
                 sh->remote_err[0] ? sh->remote_err
                                   : uv_strerror(sh->last_err),
                 sh->tries, tps__now() - sh->rj_since);
    else
        snprintf(what, sizeof(what), "cannot connect: %s (after %d tries)",
                 uv_strerror(sh->last_err), sh->tries);
    sh->remote_err[0] = '\0';
    sh->rejoining = 0;
    tps__cl_shard_failed(sh, TPS_EUNREACH, what);
}

static void on_shard_closed(tps__conn_t *conn) {
    tps__cshard_t *sh = conn->data;
    tps_client_t *c = sh->cl;
    sh->conn_open = 0;
    sh->closed_in += conn->bytes_in;
    sh->closed_out += conn->bytes_out;
    conn->bytes_in = conn->bytes_out = 0;
    if (c->closing || sh->state != SH_CONNECTING)
        return;
    if (tps__now() >= (sh->rejoining ? sh->rj_deadline : c->deadline)) {
        give_up(sh);
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
static void hello_identity(tps__cshard_t *sh, Taups__Header *h) {
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

/* Retrying cannot help, so the shard fails for good (a reconnection too). */
void tps__cl_auth_failed(tps__cshard_t *sh, const char *what) {
    sh->rejoining = 0;
    snprintf(sh->remote_err, sizeof(sh->remote_err), "%s", what);
    tps__cl_shard_failed(sh, TPS_EAUTH, what);
    tps__conn_close(&sh->conn);
}

/* The shard's proof is checked before ours is given. */
void tps__cl_on_challenge(tps__cshard_t *sh, const Taups__Header *h) {
    tps_client_t *c = sh->cl;
    if (!c->key.set) {
        tps__cl_auth_failed(sh, "the shard asks for a key: give the "
                                "cluster's key with --key-file");
        return;
    }
    Taups__Header hello = TAUPS__HEADER__INIT;
    hello_identity(sh, &hello);
    if (h->nonce.len != TPS_NONCE_BYTES ||
        !tps__auth_check(&c->key, TPS_AUTH_SHARD, sh->nonce_c, h->nonce.data,
                         &hello, h->mac.data, h->mac.len)) {
        tps__cl_auth_failed(sh, "the shard could not prove the cluster's "
                                "key: it holds another --key-file, or it is "
                                "not this cluster's shard");
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

/* The id the hello's reply comes back under: the open's connect ticket,
 * or the reconnection's own (mu). */
static uint64_t hello_request_id(tps_client_t *c, const tps__cshard_t *sh) {
    if (sh->rejoining)
        return TPS__CL_RJ_HELLO;
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++)
        if (c->tickets[i].id != 0 && !c->tickets[i].done &&
            c->tickets[i].kind == OP_CONNECT)
            return (uint64_t)c->tickets[i].id;
    return 0;
}

static void on_connected(uv_connect_t *req, int status) {
    tps__cshard_t *sh = req->data;
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
        h.request_id = hello_request_id(c, sh);
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
    tps__cshard_t *sh = tm->data;
    if (sh->state != SH_CONNECTING && sh->state != SH_HELLO)
        return;
    sh->last_err = UV_ETIMEDOUT;
    sh->state = SH_CONNECTING;
    if (sh->conn_open && !sh->conn.closing)
        tps__conn_close(&sh->conn); /* retried or failed from on_shard_closed */
}

static void on_conn_error(tps__conn_t *conn, int err);

/* A connection handle for the shard, shaped as the options say. */
static int open_conn(tps__cshard_t *sh) {
    tps_client_t *c = sh->cl;
    int err = sh->addr.is_unix
                  ? tps__conn_init_pipe(&c->loop, &sh->conn, &c->lim,
                                        tps__cl_dest_for_payload, sh)
                  : tps__conn_init(&c->loop, &sh->conn, &c->lim,
                                   tps__cl_dest_for_payload, sh);
    if (err < 0)
        return err;
    sh->conn_open = 1;
    tps__link_cfg_t link = {c->opts.latency_ms, c->opts.jitter_ms,
                            c->opts.bandwidth, c->opts.link_seed};
    err = tps__conn_set_link(&sh->conn, &link,
                             ((uint64_t)c->opts.role << 48) |
                                 ((uint64_t)c->opts.rank << 16) |
                                 (uint64_t)sh->index);
    if (err < 0)
        tps__log_warn("libtaups: shard %d: cannot shape the link, sending "
                      "unshaped: %s",
                      sh->index, tps_strerror(err));
    sh->conn.data = sh;
    sh->conn.on_frame = tps__cl_on_frame;
    sh->conn.on_error = on_conn_error;
    sh->conn.on_close = on_shard_closed;
    return 0;
}

static void connect_shard(tps__cshard_t *sh) {
    tps_client_t *c = sh->cl;
    sh->tries++;
    sh->state = SH_CONNECTING;
    int err = open_conn(sh);
    if (err < 0) {
        tps__cl_shard_failed(sh, err, "cannot create a socket");
        return;
    }
    sh->creq.data = sh;
    if (sh->addr.is_unix) {
        /* Failures, a missing socket file included, come to on_connected. */
        uv_pipe_connect(&sh->creq, &sh->conn.pipe, sh->addr.host, on_connected);
        return;
    }
    /* A name is looked up again at every attempt: a shard that comes back
     * elsewhere (a new pod, a new lease) keeps its name, not its address.
     * A name that does not resolve now keeps the last address. */
    struct sockaddr_storage sa;
    if (tps__resolve(sh->addr.host, sh->addr.port, AF_UNSPEC, &sa, NULL) == 0)
        sh->sa = sa;
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

void tps__cl_connect_all(tps_client_t *c) {
    for (int s = 0; s < c->nshards; s++)
        connect_shard(&c->shards[s]);
}

/* A shard that was serving and did not refuse us on purpose is tried
 * again: it may be restarting from its checkpoint. */
static int reconnect(tps__cshard_t *sh, int err) {
    tps_client_t *c = sh->cl;
    if (c->opts.reconnect_timeout_ms <= 0 || !sh->ever_ready || c->closing ||
        c->interrupted || !(sh->rejoining || !sh->remote_err[0]))
        return 0;
    if (!sh->rejoining) {
        sh->rejoining = 1;
        sh->rj_since = tps__now();
        sh->rj_deadline = sh->rj_since + c->opts.reconnect_timeout_ms / 1000.0;
        sh->tries = 0;
        tps__log_warn("libtaups: shard %d at %s: %s; reconnecting for up to "
                      "%.0f s",
                      sh->index, sh->addr.text,
                      err == UV_EOF ? "the server closed the connection"
                                    : tps_strerror(err),
                      c->opts.reconnect_timeout_ms / 1000.0);
    }
    sh->state = SH_CONNECTING; /* on_shard_closed retries */
    tps__conn_close(&sh->conn);
    return 1;
}

static void on_conn_error(tps__conn_t *conn, int err) {
    tps__cshard_t *sh = conn->data;
    if (reconnect(sh, err))
        return;
    /* A shard that dies during the first hello (killed, restarting from
     * its checkpoint) is tried again until the connection deadline, as
     * one that refused the connection is; a shard that answered (refused
     * us on purpose) or failed the key is not. */
    if (sh->state == SH_HELLO && !sh->ever_ready && err != TPS_EAUTH &&
        !sh->remote_err[0]) {
        sh->last_err = err;
        sh->state = SH_CONNECTING;
        tps__conn_close(conn);
        return;
    }
    if (err == TPS_EAUTH) {
        tps__cl_auth_failed(sh, "a frame from the shard failed its integrity "
                                "check (--frame-mac): altered on the way, "
                                "replayed, reordered or injected");
        return;
    }
    char what[300];
    if (err == UV_EOF)
        snprintf(what, sizeof(what), "the server closed the connection");
    else
        snprintf(what, sizeof(what), "connection failed: %s",
                 tps_strerror(err));
    tps__cl_shard_failed(sh, err == UV_EOF ? TPS_ECLOSED : err, what);
    tps__conn_close(conn);
}
