/* SPDX-License-Identifier: MIT */
/* The links of a shard to the other shards of its cluster (docs/design.md
 * §3a, Peers and One configuration): this shard dials every other shard
 * named in --cluster as a client with the role PEER, proves the key as a
 * worker would, keeps reconnecting while one is down, and carries the
 * agreement's requests (STEP_READY, SETTLE) on the link it opened; the
 * answers come back on it. Also the canonical string of the settings that
 * decide a fate, which the peer hello carries.
 *
 * Must NOT decide anything: what a STEP_READY or a SETTLE means is
 * step.c's and fate.c's; the accepted side of a peer's link is an
 * ordinary connection (accept.c, hello.c, dispatch.c). A shard alone
 * dials nobody and pays nothing. */
#include "server_internal.h"

#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_auth.h"
#include "tps_log.h"

enum { P_IDLE, P_CONNECTING, P_HELLO, P_UP };

/* The retry delay after a failed attempt: 200 ms, doubling up to 1 s. */
#define PEER_RETRY_MS 200
#define PEER_RETRY_MAX_MS 1000
/* An attempt neither refused nor answered by then is abandoned: a SYN or
 * a hello lost on a dead path is never answered. */
#define PEER_ATTEMPT_MS 3000

struct tps__peer_s {
    tps__conn_t c; /* first: the link, reused from attempt to attempt */
    tps__server_t *srv;
    int index;
    int state;      /* P_* */
    int conn_open;  /* c is initialised and not yet closed */
    int refused;    /* its settings differ: not dialed again */
    int tries;      /* attempts since it was last up */
    int complained; /* a refusal was logged since it was last up */
    uv_connect_t creq;
    uv_timer_t timer; /* the next attempt, or the attempt's deadline */
    struct sockaddr_storage sa;
    int resolved;
    uint8_t nonce_c[TPS_NONCE_BYTES];
};

/* ---- the settings that decide a fate ------------------------------------ */

void tps__peer_config(tps__server_t *s) {
    const tps__server_config_t *cfg = &s->cfg;
    const tps__consistency_t *cons = &cfg->cons;
    char opt[256], *o = s->config;
    size_t len = sizeof(s->config), n;
    n = (size_t)snprintf(o, len, "mode=%s workers=%d", cons->mode->name,
                         cfg->workers);
    if (cons->mode->gates_pulls && n < len)
        n += (size_t)snprintf(o + n, len - n, " staleness=%llu",
                              (unsigned long long)cons->staleness);
    if (cons->mode->drops_stale && n < len)
        n += (size_t)snprintf(o + n, len - n, " max-staleness=%lld",
                              (long long)cons->max_staleness);
    if (cons->mode->local_steps && n < len)
        n += (size_t)snprintf(o + n, len - n, " local-steps=%d local-avg=%s",
                              cons->local_steps,
                              cons->local_sync ? "sync" : "async");
    if (cons->backup > 0 && n < len)
        n += (size_t)snprintf(o + n, len - n, " backup-workers=%d",
                              cons->backup);
    if (cfg->row_admit > 1 && n < len)
        n += (size_t)snprintf(o + n, len - n, " row-admit=%d", cfg->row_admit);
    if (cfg->table_fate_push && n < len)
        n += (size_t)snprintf(o + n, len - n, " table-fate=push");
    /* "sgd lr=0.1 ...": the update rule is the one word without a key. */
    tps__optim_describe(&cfg->optim, opt, sizeof(opt));
    if (n < len)
        snprintf(o + n, len - n, " optimizer=%s", opt);
}

void tps__peer_refuse_cluster(tps__server_t *s, const char *why) {
    if (s->refusal[0])
        return;
    snprintf(s->refusal, sizeof(s->refusal),
             "the shards' settings differ: %s; the cluster does not form "
             "(start every shard with the same settings)",
             why);
    tps__log_err("%s", s->refusal);
}

/* ---- dialing ------------------------------------------------------------- */

static void dial(tps__peer_t *p);

static void on_timer(uv_timer_t *t) {
    tps__peer_t *p = t->data;
    if (p->state == P_IDLE) {
        dial(p);
    } else if (p->state != P_UP && p->conn_open) {
        tps__conn_close(&p->c); /* the attempt's deadline: retried */
    }
}

static void retry_later(tps__peer_t *p) {
    tps__server_t *s = p->srv;
    p->state = P_IDLE;
    if (s->stopping || p->refused)
        return;
    uint64_t ms = PEER_RETRY_MS << (p->tries < 3 ? p->tries : 3);
    if (ms > PEER_RETRY_MAX_MS)
        ms = PEER_RETRY_MAX_MS;
    p->tries++;
    s->links[p->index].reconnects++;
    uv_timer_start(&p->timer, on_timer, ms, 0);
}

static void on_link_closed(tps__conn_t *c) {
    tps__peer_t *p = (tps__peer_t *)c;
    tps__server_t *s = p->srv;
    p->conn_open = 0;
    if (p->state == P_UP && !s->stopping)
        tps__log_warn("link to shard %d at %s lost; reconnecting", p->index,
                      s->peer_addrs[p->index].text);
    s->links[p->index].up = 0;
    /* Looked up again at the next attempt: the peer may come back at
     * another address under the same name (a new pod). */
    p->resolved = 0;
    retry_later(p);
}

static void on_link_error(tps__conn_t *c, int err) {
    (void)err;
    tps__conn_close(c);
}

/* The link carries answers only: no frame of them has a payload. */
static int link_dest(void *arg, const Taups__Header *h, uint64_t len,
                     uint8_t **dest) {
    (void)arg;
    (void)h;
    (void)len;
    (void)dest;
    return TPS_EPROTO;
}

/* What this shard's hello to peer p says, and what both proofs cover. */
static void hello_identity(const tps__peer_t *p, Taups__Header *h) {
    const tps__server_t *s = p->srv;
    h->op = TAUPS__OP__HELLO;
    h->proto_version = TPS_PROTO_VERSION;
    h->role = (Taups__Role)TPS__ROLE_PEER;
    h->rank = (int32_t)s->shard.index;
    h->workers = (uint32_t)s->cfg.workers;
    h->shards = s->shard.nshards;
    h->shard = (uint32_t)p->index;
    h->mode = (char *)s->cfg.cons.mode->name;
    h->frame_mac = s->cfg.frame_mac != 0;
    h->config = (char *)s->config;
    if (s->cfg.key.set) {
        h->nonce.data = (uint8_t *)p->nonce_c;
        h->nonce.len = TPS_NONCE_BYTES;
    }
}

/* The peer's proof is checked before ours is given, as a worker does. */
static void on_challenge(tps__peer_t *p, const Taups__Header *h) {
    tps__server_t *s = p->srv;
    Taups__Header hello = TAUPS__HEADER__INIT;
    hello_identity(p, &hello);
    if (!s->cfg.key.set || h->nonce.len != TPS_NONCE_BYTES ||
        !tps__auth_check(&s->cfg.key, TPS_AUTH_SHARD, p->nonce_c, h->nonce.data,
                         &hello, h->mac.data, h->mac.len)) {
        if (!p->complained++)
            tps__log_err("shard %d at %s could not prove the cluster's key: "
                         "it holds another --key-file, or it is not this "
                         "cluster's shard (trying again every second)",
                         p->index, s->peer_addrs[p->index].text);
        tps__conn_close(&p->c);
        return;
    }
    uint8_t proof[TPS_MAC_BYTES];
    tps__auth_proof(&s->cfg.key, TPS_AUTH_CLIENT, p->nonce_c, h->nonce.data,
                    &hello, proof);
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__AUTH;
    r.mac.data = proof;
    r.mac.len = TPS_MAC_BYTES;
    if (tps__conn_send(&p->c, &r, NULL, 0, NULL, NULL) < 0) {
        tps__conn_close(&p->c);
        return;
    }
    /* The proof is the last untagged frame either side sends. */
    if (hello.frame_mac)
        tps__conn_set_mac(&p->c, &s->cfg.key, TPS_AUTH_CLIENT, p->nonce_c,
                          h->nonce.data);
}

static void on_up(tps__peer_t *p) {
    tps__server_t *s = p->srv;
    p->state = P_UP;
    p->tries = 0;
    p->complained = 0;
    uv_timer_stop(&p->timer);
    s->links[p->index].up = 1;
    s->links[p->index].ups++;
    if (!s->cfg.quiet)
        tps__log("link to shard %d at %s is up", p->index,
                 s->peer_addrs[p->index].text);
    tps__fate_peer_up(s, p->index);
    tps__step_peer_up(s, p->index);
}

/* An ERROR on the link: a refused hello (settings that differ refuse the
 * cluster here too), or a request of ours the peer refused. */
static void on_link_refusal(tps__peer_t *p, const Taups__Header *h) {
    tps__server_t *s = p->srv;
    const char *msg = h->error ? h->error : "";
    if (p->state == P_UP) {
        tps__log_warn("shard %d refused a request: %s", p->index, msg);
        return;
    }
    if (h->status == TPS_EMISMATCH) {
        p->refused = 1;
        tps__peer_refuse_cluster(s, msg);
        return;
    }
    /* Once per outage: it is asked again every second. */
    if (!p->complained++)
        tps__log_warn("shard %d at %s refused this shard's hello: %s "
                      "(trying again every second)",
                      p->index, s->peer_addrs[p->index].text, msg);
}

static void on_link_frame(tps__conn_t *c, const Taups__Header *h,
                          uint8_t *payload, uint64_t len) {
    (void)payload;
    (void)len;
    tps__peer_t *p = (tps__peer_t *)c;
    switch (h->op) {
    case TAUPS__OP__CHALLENGE:
        if (p->state == P_HELLO)
            on_challenge(p, h);
        return;
    case TAUPS__OP__HELLO_OK:
        if (p->state == P_HELLO)
            on_up(p);
        return;
    case TAUPS__OP__SETTLE_OK:
        if (p->state == P_UP)
            tps__fate_settle_ok(p->srv, p->index, h);
        return;
    case TAUPS__OP__ERROR:
        on_link_refusal(p, h);
        return;
    default:
        tps__log_warn("shard %d sent op %d on this shard's link; ignored",
                      p->index, (int)h->op);
    }
}

static void on_connected(uv_connect_t *req, int status) {
    tps__peer_t *p = req->data;
    tps__server_t *s = p->srv;
    if (s->stopping || p->c.closing)
        return;
    int err = status;
    if (err == 0)
        err = tps__conn_start(&p->c);
    if (err == 0)
        err = tps__conn_keepalive(&p->c, s->cfg.keepalive);
    if (err == 0) {
        if (s->cfg.key.set)
            tps__auth_nonce(p->nonce_c);
        Taups__Header h = TAUPS__HEADER__INIT;
        hello_identity(p, &h);
        err = tps__conn_send(&p->c, &h, NULL, 0, NULL, NULL);
    }
    if (err < 0) {
        tps__conn_close(&p->c);
        return;
    }
    p->state = P_HELLO;
}

/* A new attempt: resolve (after every loss), open, connect; failures end in
 * on_link_closed, which schedules the next. */
static void dial(tps__peer_t *p) {
    tps__server_t *s = p->srv;
    const tps__addr_t *a = &s->peer_addrs[p->index];
    if (!a->is_unix && !p->resolved) {
        int gai = tps__resolve(a->host, a->port, AF_UNSPEC, &p->sa, NULL);
        if (gai != 0) {
            if (p->tries == 0)
                tps__log_warn("shard %d at %s: cannot resolve \"%s\": %s; "
                              "trying again",
                              p->index, a->text, a->host, gai_strerror(gai));
            retry_later(p);
            return;
        }
        p->resolved = 1;
    }
    int err =
        a->is_unix
            ? tps__conn_init_pipe(s->loop, &p->c, &s->cfg.lim, link_dest, p)
            : tps__conn_init(s->loop, &p->c, &s->cfg.lim, link_dest, p);
    if (err < 0) {
        retry_later(p);
        return;
    }
    p->conn_open = 1;
    p->state = P_CONNECTING;
    p->c.data = p;
    p->c.on_frame = on_link_frame;
    p->c.on_error = on_link_error;
    p->c.on_close = on_link_closed;
    p->creq.data = p;
    if (a->is_unix) {
        uv_pipe_connect(&p->creq, &p->c.pipe, a->host, on_connected);
    } else if (uv_tcp_connect(&p->creq, &p->c.tcp,
                              (const struct sockaddr *)&p->sa,
                              on_connected) < 0) {
        tps__conn_close(&p->c);
        return;
    }
    uv_timer_start(&p->timer, on_timer, PEER_ATTEMPT_MS, 0);
}

/* ---- start, stop, send --------------------------------------------------- */

/* Parses `list` into s->peer_addrs (replacing what was there). */
static int peers_parse(tps__server_t *s, const char *list, char *err,
                       size_t errlen) {
    tps__addr_t *addrs;
    int n = tps__cluster_parse(list, &addrs, err, errlen);
    if (n < 0)
        return n;
    if ((uint32_t)n != s->shard.nshards) {
        snprintf(err, errlen, "%d shard addresses for a cluster of %u", n,
                 s->shard.nshards);
        free(addrs);
        return TPS_EINVAL;
    }
    free(s->peer_addrs);
    s->peer_addrs = addrs;
    for (uint32_t i = 0; s->peers && i < s->shard.nshards; i++)
        s->peers[i].resolved = 0;
    return 0;
}

int tps__server_set_peers(tps__server_t *s, const char *list, char *err,
                          size_t errlen) {
    if (s->shard.nshards < 2)
        return 0;
    return peers_parse(s, list, err, errlen);
}

int tps__peers_start(tps__server_t *s, char *err, size_t errlen) {
    uint32_t n = s->shard.nshards;
    if (n < 2)
        return 0;
    int rc = peers_parse(s, s->cfg.cluster, err, errlen);
    if (rc < 0)
        return rc;
    s->peers = calloc(n, sizeof(*s->peers));
    s->links = calloc(n, sizeof(*s->links));
    if (s->peers == NULL || s->links == NULL) {
        tps__peers_free(s);
        snprintf(err, errlen, "out of memory for the peer links");
        return TPS_ENOMEM;
    }
    for (uint32_t i = 0; i < n; i++) {
        tps__peer_t *p = &s->peers[i];
        p->srv = s;
        p->index = (int)i;
        if (i == s->shard.index)
            continue;
        uv_timer_init(s->loop, &p->timer);
        p->timer.data = p;
        /* The first attempt waits for the loop, so that an embedder can
         * still give the real addresses (tps__server_set_peers). */
        uv_timer_start(&p->timer, on_timer, 0, 0);
    }
    return 0;
}

void tps__peers_stop(tps__server_t *s) {
    for (uint32_t i = 0; s->peers && i < s->shard.nshards; i++) {
        tps__peer_t *p = &s->peers[i];
        if (i == s->shard.index)
            continue;
        uv_close((uv_handle_t *)&p->timer, NULL);
        if (p->conn_open)
            tps__conn_close(&p->c);
    }
}

void tps__peers_free(tps__server_t *s) {
    free(s->peers);
    free(s->links);
    free(s->peer_addrs);
    s->peers = NULL;
    s->links = NULL;
    s->peer_addrs = NULL;
}

int tps__peer_up(const tps__server_t *s, int p) {
    return s->peers && p >= 0 && (uint32_t)p < s->shard.nshards &&
           s->peers[p].state == P_UP && !s->peers[p].c.closing;
}

int tps__peer_send(tps__server_t *s, int p, Taups__Header *h) {
    if (!tps__peer_up(s, p))
        return TPS_ECLOSED;
    h->shard = s->shard.index;
    int err = tps__conn_send(&s->peers[p].c, h, NULL, 0, NULL, NULL);
    if (err < 0)
        tps__conn_close(&s->peers[p].c);
    return err < 0 ? TPS_ECLOSED : 0;
}
