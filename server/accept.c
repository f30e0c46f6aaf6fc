/* SPDX-License-Identifier: MIT */
/* A shard's connections from accept to close: the listener's callback,
 * the peer's name, the caps on connections that have not said hello (per
 * address, in all, --max-connections), the once-a-second sweep of
 * timeouts, and what a closing connection hands back to the other rooms.
 *
 * Must NOT read or answer frames (dispatch.c and the rooms it calls), nor
 * decide membership (hello.c): a closing worker is reported to hello.c,
 * its open push to push.c, its held pulls to pull.c. */
#include "server_internal.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include <zstd.h>

#include "taups.h"
#include "tps_conn.h"
#include "tps_log.h"

static void conn_list_remove(tps__server_t *s, sconn_t *sc) {
    if (sc->prev)
        sc->prev->next = sc->next;
    else if (s->conns == sc)
        s->conns = sc->next;
    if (sc->next)
        sc->next->prev = sc->prev;
    sc->prev = sc->next = NULL;
}

static void on_conn_closed(tps__conn_t *c) {
    sconn_t *sc = (sconn_t *)c;
    tps__server_t *s = sc->srv;
    s->closed_bytes_in += c->bytes_in;
    s->closed_bytes_out += c->bytes_out;
    tps__push_close(sc);
    tps__fate_conn_closed(sc);
    conn_list_remove(s, sc);
    tps__hs_remove(s, sc);
    if (!sc->evicted)
        s->nconns--;
    tps__pull_forget(sc);
    tps__ckpt_forget(s, sc);
    tps__declare_forget(sc);
    tps__barrier_forget(sc);
    ZSTD_freeDCtx(sc->zd);
    free(sc->zbuf);
    free(sc->scratch);
    free(sc->stage);
    free(sc->stage_counts);
    free(sc->undo);
    free(sc->hello_buf);
    if (sc->hello && sc->role == TPS_ROLE_WORKER && !s->stopping) {
        tps__worker_left(sc);
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

/* tps__tell_and_close, logged. */
static void cut_off(sconn_t *sc, int status, const char *why) {
    tps__log_warn("%s: %s; closing the connection", sc->peer, why);
    tps__tell_and_close(sc, status, why);
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

void tps__hs_remove(tps__server_t *s, sconn_t *sc) {
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
    tps__hs_remove(s, victim);
    victim->evicted = 1;
    s->nconns--;
    s->hs_evicted++;
    /* A flood is logged, not each of its connections. */
    if (s->hs_evicted <= 10 || s->hs_evicted % 1000 == 0)
        tps__log_warn("%s: %s; closed (%llu so far)", victim->peer, why,
                     (unsigned long long)s->hs_evicted);
    tps__tell_and_close(victim, TPS_ELIMIT, why);
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
 * waiting on its peer, not the other way round, one with pulls held is
 * waiting on the cluster, and another shard's link speaks only when the
 * shards have something to agree on. */
void tps__sweep(uv_timer_t *t) {
    tps__server_t *s = t->data;
    const tps__server_config_t *cfg = &s->cfg;
    double now = (double)uv_hrtime() / 1e6;
    char why[160];
    tps__rejoin_expire(s);
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
            tps__conn_close(&sc->c);
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
                 sc->role != TPS__ROLE_PEER &&
                 now - c->rx_at > cfg->idle_timeout * 1e3)
            snprintf(why, sizeof(why), "nothing received for %g s "
                     "(--idle-timeout)", cfg->idle_timeout);
        if (why[0]) {
            s->timeouts++;
            cut_off(sc, TPS_ELIMIT, why);
        }
    }
}

/* A new connection's state, set up and on the server's list; NULL (logged)
 * when it cannot be. */
static sconn_t *conn_new(tps__server_t *s) {
    sconn_t *sc = calloc(1, sizeof(*sc));
    if (sc == NULL) {
        tps__log_err("out of memory for a new connection");
        return NULL;
    }
    int err = s->unix_path[0]
                  ? tps__conn_init_pipe(s->loop, &sc->c, &s->cfg.lim,
                                       tps__dispatch_dest, sc)
                  : tps__conn_init(s->loop, &sc->c, &s->cfg.lim,
                                  tps__dispatch_dest, sc);
    if (err < 0) {
        free(sc);
        tps__log_err("cannot set up a connection: %s", tps_strerror(err));
        return NULL;
    }
    /* Shard and connection number give each link its own jitter, the same
     * in every run with the same seed and order of connections. */
    err = tps__conn_set_link(&sc->c, &s->cfg.link,
                            ((uint64_t)s->cfg.shard << 32) | s->accepted++);
    if (err < 0)
        tps__log_warn("cannot shape a connection, sending unshaped: %s",
                tps_strerror(err));
    sc->srv = s;
    sc->c.on_frame = tps__dispatch_frame;
    sc->c.on_error = tps__dispatch_error;
    sc->c.on_close = on_conn_closed;
    sc->c.on_progress = tps__push_progress;
    tps__pull_conn_init(sc);
    sc->next = s->conns;
    if (s->conns)
        s->conns->prev = sc;
    s->conns = sc;
    s->nconns++;
    return sc;
}

/* The peer's name for the log, and its address key (TCP peers). */
static void peer_name(sconn_t *sc) {
    struct sockaddr_storage ss;
    int sl = sizeof(ss);
    char host[48] = "?";
    int port = 0;
    if (sc->srv->unix_path[0]) {
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
        return;
    }
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
    if (port != 0)
        sc->addr_key = addr_key(&ss);
}

/* The listener's callback: a connection joins the handshake list, or is
 * told the shard is full. */
void tps__accept(uv_stream_t *listener, int status) {
    tps__server_t *s = listener->data;
    if (status < 0) {
        tps__log_err("accept failed: %s", uv_strerror(status));
        return;
    }
    sconn_t *sc = conn_new(s);
    if (sc == NULL)
        return;
    int err;
    if ((err = uv_accept(listener, (uv_stream_t *)&sc->c.tcp)) < 0 ||
        (err = tps__conn_start(&sc->c)) < 0 ||
        (err = tps__conn_keepalive(&sc->c, s->cfg.keepalive)) < 0) {
        tps__log_err("accept failed: %s", uv_strerror(err));
        tps__conn_close(&sc->c);
        return;
    }
    peer_name(sc);
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
        tps__tell_and_close(sc, TPS_ELIMIT, why);
    }
}
