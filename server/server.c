/* SPDX-License-Identifier: MIT */
/* Shard server: its configuration's defaults and checks, start (listener,
 * timers), stop and free, the stats view and the trace; see server.h.
 *
 * Must NOT handle connections or frames: accept.c takes connections,
 * dispatch.c their frames, hello.c and declare.c the handshake and
 * declarations, push.c and pull.c the data, through server_internal.h. */
#include "server_internal.h"

#include "stats.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "taups.h"
#include "tps_cluster.h"
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
    cfg->cons.mode = tps__mode_default();
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
    v->fates = s->two_phase ? &s->fates : NULL;
    v->links = s->links;
    v->barrier_generation = s->barrier.passed;
    v->barrier_arrived = s->barrier.arrived;
    v->barrier_ranks = s->cfg.workers;
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
    tps__barrier_stop(s);
    tps__peers_stop(s);
    for (sconn_t *sc = s->conns; sc; sc = sc->next)
        tps__conn_close(&sc->c);
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

int tps__server_serving(const tps__server_t *s) {
    return !s->stopping;
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
    tps__declare_free_all(s);
    tps__pull_free_all(s);
    free(s->hs_keys);
    tps__ckpt_free(s);
    if (s->trace)
        fclose(s->trace);
    for (int r = 0; s->dedup && r < s->cfg.workers; r++)
        tps__dedup_free(&s->dedup[r]);
    free(s->dedup);
    tps__fate_free(s);
    tps__members_free(&s->members);
    tps__shard_free(&s->shard);
    tps__peers_free(s);
    tps__step_free(s);
    tps__barrier_free(s);
    free(s->undo);
    free(s->row_ids);
    free(s->row_at);
    free(s->row_vers);
    free(s->row_grads);
    ZSTD_freeCCtx(s->zc);
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
        rc = uv_listen((uv_stream_t *)&s->listener_pipe, 128, tps__accept);
    return rc;
}

/* The configuration's checks before anything is opened: the address to
 * listen on (resolved into *ss unless a unix: path) and the shard count.
 * Returns 0 or a TPS_E* code with err set. */
static int config_check(const tps__server_config_t *cfg, tps__addr_t *self,
                        int *nshards, struct sockaddr_storage *ss, char *err,
                        size_t errlen) {
    if (tps__addr_parse(cfg->listen ? cfg->listen : "", self, err, errlen) < 0)
        return TPS_EINVAL;
    *nshards = 1;
    if (cfg->cluster) {
        tps__addr_t *list;
        *nshards = tps__cluster_parse(cfg->cluster, &list, err, errlen);
        if (*nshards < 0)
            return *nshards;
        free(list);
    }
    if (cfg->shard < 0 || cfg->shard >= *nshards) {
        snprintf(err, errlen, "--shard %d is outside the cluster's %d shards",
                 cfg->shard, *nshards);
        return TPS_EINVAL;
    }
    if (cfg->workers < 1 || cfg->workers > TPS_MAX_WORKERS) {
        snprintf(err, errlen, "--workers %d is outside [1, %d]", cfg->workers,
                 TPS_MAX_WORKERS);
        return TPS_EINVAL;
    }
    if (cfg->cons.mode->gates_pulls && cfg->cons.max_staleness >= 0) {
        snprintf(err, errlen,
                 "--max-staleness does not apply to mode %s: its bound is "
                 "--staleness", cfg->cons.mode->name);
        return TPS_EINVAL;
    }
    int gai;
    if (self->is_unix) {
        /* Only processes that may open the file reach it: local, like
         * loopback. */
    } else if ((gai = tps__resolve(self->host, self->port, AF_UNSPEC, ss,
                                   NULL)) != 0) {
        snprintf(err, errlen, "--listen %s: cannot resolve host \"%s\": %s",
                 cfg->listen, self->host, gai_strerror(gai));
        return TPS_EINVAL;
    }
    /* Like redis's protected mode: parameters anyone on the network could
     * read and overwrite are never served by default. */
    if (!cfg->key.set && !cfg->insecure && !self->is_unix &&
        !is_loopback(ss)) {
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
    return 0;
}

/* A shard on a loopback address is out of reach of every other host,
 * and Debian's /etc/hosts maps a host's own name to 127.0.1.1, so
 * `--listen NAME:PORT` does this without a word: one sentence when the
 * cluster list names an address off this host. Entries that do not
 * resolve here are left to the peers' own messages. */
static void warn_loopback_listen(const tps__server_config_t *cfg,
                                 const tps__addr_t *self,
                                 const struct sockaddr_storage *ss) {
    tps__addr_t *list;
    char err[256];
    if (self->is_unix || cfg->cluster == NULL || !is_loopback(ss))
        return;
    int n = tps__cluster_parse(cfg->cluster, &list, err, sizeof(err));
    for (int i = 0; i < n; i++) {
        struct sockaddr_storage other;
        if (list[i].is_unix ||
            tps__resolve(list[i].host, list[i].port, AF_UNSPEC, &other,
                         NULL) != 0 ||
            is_loopback(&other))
            continue;
        char ip[INET6_ADDRSTRLEN] = "";
        if (ss->ss_family == AF_INET6)
            uv_ip6_name((const struct sockaddr_in6 *)ss, ip, sizeof(ip));
        else
            uv_ip4_name((const struct sockaddr_in *)ss, ip, sizeof(ip));
        tps__log_warn("--listen %s resolves to %s, a loopback address, but "
                      "the cluster list names %s, which is not: no other "
                      "host can reach this shard; listen on 0.0.0.0:%d or on "
                      "this host's address on the cluster's network",
                      cfg->listen, ip, list[i].text, self->port);
        break;
    }
    if (n > 0)
        free(list);
}

/* A server's state before it listens: shard, members, dedup, checkpoints
 * and trace. Returns 0 or a TPS_E* code with err set; *out is NULL then. */
static int server_new(uv_loop_t *loop, const tps__server_config_t *cfg,
                      int nshards, tps__server_t **out, char *err,
                      size_t errlen) {
    *out = NULL;
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
    if (rc == 0)
        rc = tps__fate_init(s);
    if (rc == 0)
        rc = tps__step_init(s);
    if (rc == 0)
        rc = tps__barrier_init(s);
    if (rc < 0) {
        snprintf(err, errlen, "out of memory");
        tps__server_free(s);
        return rc;
    }
    if (tps__consistency_aggregates(&cfg->cons))
        tps__shard_set_aggregate(&s->shard, cfg->workers);
    else if (s->shard.optim.weight == TPS_WEIGHT_DC)
        s->shard.dc_workers = cfg->workers;
    /* One shard cannot disagree with anybody: only clusters of two or
     * more pay for agreeing on each push (docs/design.md §3a). */
    s->two_phase = nshards > 1 && !tps__consistency_aggregates(&cfg->cons);
    tps__peer_config(s);
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
    *out = s;
    return 0;
}

/* Listens on `self` (resolved into *ss for TCP) and names it in
 * s->listen_text; on failure the listener is closed again. */
static int server_listen(tps__server_t *s, const tps__addr_t *self,
                         struct sockaddr_storage *ss) {
    int rc;
    if (self->is_unix) {
        rc = listen_unix(s, s->loop, self->host);
    } else {
        uv_tcp_init(s->loop, &s->listener);
        s->listener.data = s;
        s->open_handles = 1;
        rc = uv_tcp_bind(&s->listener, (struct sockaddr *)ss, 0);
        if (rc == 0)
            rc = uv_listen((uv_stream_t *)&s->listener, 128, tps__accept);
    }
    if (rc < 0) {
        /* The handle is open: close it and let the loop run its callback
         * before freeing, as libuv requires. */
        uv_close((uv_handle_t *)&s->listener, NULL);
        uv_run(s->loop, UV_RUN_NOWAIT);
        if (s->unix_path[0])
            unlink(s->unix_path);
        return rc;
    }
    if (self->is_unix) {
        snprintf(s->listen_text, sizeof(s->listen_text), "%s", self->text);
    } else {
        int sl = sizeof(*ss);
        uv_tcp_getsockname(&s->listener, (struct sockaddr *)ss, &sl);
        s->port = ss->ss_family == AF_INET6
                      ? ntohs(((struct sockaddr_in6 *)ss)->sin6_port)
                      : ntohs(((struct sockaddr_in *)ss)->sin_port);
        snprintf(s->listen_text, sizeof(s->listen_text), "%s:%d", self->host,
                 s->port);
    }
    return 0;
}

/* The handles beside the listener: stats timer, stop async, the busy
 * meter, the sweep, the barrier's timer and the checkpoint timer. */
static void server_timers(tps__server_t *s) {
    uv_loop_t *loop = s->loop;
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
    uv_timer_start(&s->sweep, tps__sweep, 1000, 1000);
    uv_unref((uv_handle_t *)&s->sweep);
    tps__barrier_start(s);
    s->open_handles = 6;
    tps__ckpt_start(s);
    if (s->cfg.stats_every > 0) {
        uint64_t ms = (uint64_t)(s->cfg.stats_every * 1000);
        uv_timer_start(&s->stats_timer, on_stats_timer, ms, ms);
    }
}

/* The line that says the shard is up, and how it is configured. */
static void log_start(const tps__server_t *s, int nshards) {
    const tps__server_config_t *cfg = &s->cfg;
    char opt[256], mode[96];
    tps__optim_describe(&cfg->optim, opt, sizeof(opt));
    const tps__consistency_t *cons = &cfg->cons;
    if (cons->mode->gates_pulls)
        snprintf(mode, sizeof(mode), "%s staleness=%llu", cons->mode->name,
                 (unsigned long long)cons->staleness);
    else if (cons->mode->local_steps)
        snprintf(mode, sizeof(mode), "%s local-steps=%d local-avg=%s",
                 cons->mode->name, cons->local_steps,
                 cons->local_sync ? "sync" : "async");
    else
        snprintf(mode, sizeof(mode), "%s", cons->mode->name);
    if (cons->mode->drops_stale && cons->max_staleness >= 0)
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
}

int tps__server_start(uv_loop_t *loop, const tps__server_config_t *cfg,
                      tps__server_t **out, char *err, size_t errlen) {
    *out = NULL;
    tps__addr_t self;
    struct sockaddr_storage ss;
    int nshards;
    int rc = config_check(cfg, &self, &nshards, &ss, err, errlen);
    tps__server_t *s = NULL;
    if (rc == 0)
        warn_loopback_listen(cfg, &self, &ss);
    if (rc == 0)
        rc = server_new(loop, cfg, nshards, &s, err, errlen);
    if (rc < 0)
        return rc;
    if ((rc = server_listen(s, &self, &ss)) < 0) {
        snprintf(err, errlen, "cannot listen on %s: %s", cfg->listen,
                 uv_strerror(rc));
        tps__server_free(s);
        return rc;
    }
    server_timers(s);
    if ((rc = tps__peers_start(s, err, errlen)) < 0) {
        /* Nothing was dialed yet: stopping closes what is open. */
        tps__server_stop(s);
        uv_run(loop, UV_RUN_DEFAULT);
        tps__server_free(s);
        return rc;
    }
    log_start(s, nshards);
    *out = s;
    return 0;
}
