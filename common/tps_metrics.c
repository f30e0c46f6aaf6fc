/* SPDX-License-Identifier: MIT */
/* The /metrics endpoint over libmicrohttpd; see tps_metrics.h. */
#include "tps_metrics.h"

#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "taups.h"
#include "tps_cluster.h"

#define METRICS_CONNECTIONS 32
#define METRICS_PER_IP 16
#define METRICS_MEMORY (16u << 10)
#define METRICS_TIMEOUT_S 10

struct tps__metrics_s {
    struct MHD_Daemon *d;
    uv_loop_t *loop;     /* NULL: libmicrohttpd's own thread */
    uv_poll_t poll;
    uv_timer_t timer;
    int open_handles;
    tps__metrics_render_fn fn;
    tps__metrics_ready_fn ready; /* NULL: /ready is 404 */
    void *arg;
    char url[160];
};

static enum MHD_Result answer(struct MHD_Connection *c, unsigned status,
                              const char *type, char *body, size_t len,
                              enum MHD_ResponseMemoryMode mode) {
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, mode);
    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version, const char *upload,
                                  size_t *upload_len, void **state) {
    tps__metrics_t *m = cls;
    (void)version;
    (void)upload;
    static int seen;
    if (*state == NULL) {
        /* libmicrohttpd calls once for the headers, again for any body:
         * the answer waits for the second call. */
        *state = &seen;
        return MHD_YES;
    }
    *upload_len = 0;
    static char text[] = "text/plain; charset=utf-8";
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        static char no[] = "only GET /metrics is served\n";
        return answer(c, MHD_HTTP_METHOD_NOT_ALLOWED, text, no, strlen(no),
                      MHD_RESPMEM_PERSISTENT);
    }
    if (m->ready != NULL && strcmp(url, "/ready") == 0) {
        static char yes[] = "ready\n", no[] = "not ready\n";
        int ok = m->ready(m->arg);
        return answer(c, ok ? MHD_HTTP_OK : MHD_HTTP_SERVICE_UNAVAILABLE, text,
                      ok ? yes : no, strlen(ok ? yes : no),
                      MHD_RESPMEM_PERSISTENT);
    }
    if (strcmp(url, "/metrics") != 0) {
        static char none[] = "not found: this endpoint serves /metrics\n";
        return answer(c, MHD_HTTP_NOT_FOUND, text, none, strlen(none),
                      MHD_RESPMEM_PERSISTENT);
    }
    size_t len = 0;
    char *page = m->fn(m->arg, &len);
    if (page == NULL) {
        static char oom[] = "out of memory\n";
        return answer(c, MHD_HTTP_INTERNAL_SERVER_ERROR, text, oom,
                      strlen(oom), MHD_RESPMEM_PERSISTENT);
    }
    return answer(c, MHD_HTTP_OK, "text/plain; version=0.0.4; charset=utf-8",
                  page, len, MHD_RESPMEM_MUST_FREE);
}

/* After libmicrohttpd ran: its next deadline on the timer. */
static void on_timer(uv_timer_t *t);

static void rearm(tps__metrics_t *m) {
    MHD_UNSIGNED_LONG_LONG ms;
    if (MHD_get_timeout(m->d, &ms) == MHD_YES)
        uv_timer_start(&m->timer, on_timer, ms, 0);
    else
        uv_timer_stop(&m->timer);
}

static void on_timer(uv_timer_t *t) {
    tps__metrics_t *m = t->data;
    MHD_run(m->d);
    rearm(m);
}

static void on_poll(uv_poll_t *p, int status, int events) {
    tps__metrics_t *m = p->data;
    (void)status;
    (void)events;
    MHD_run(m->d);
    rearm(m);
}

/* HOST:PORT as a socket address, resolved as --cluster's are. */
static int resolve(const char *addr, struct sockaddr_storage *ss, char *err,
                   size_t errlen) {
    tps__addr_t a;
    char why[200];
    if (tps__addr_parse(addr, &a, why, sizeof(why)) < 0 || a.is_unix) {
        snprintf(err, errlen, "--metrics %s: %s", addr,
                 a.is_unix ? "a unix: socket cannot be scraped; give HOST:PORT"
                           : why);
        return TPS_EINVAL;
    }
    int gai = tps__resolve(a.host, a.port, AF_UNSPEC, ss, NULL);
    if (gai != 0) {
        snprintf(err, errlen, "--metrics %s: cannot resolve host \"%s\": %s",
                 addr, a.host, gai_strerror(gai));
        return TPS_EINVAL;
    }
    return 0;
}

int tps__metrics_start(uv_loop_t *loop, const char *addr,
                       tps__metrics_render_fn fn, void *arg,
                       tps__metrics_t **out, char *err, size_t errlen) {
    *out = NULL;
    struct sockaddr_storage ss;
    int rc = resolve(addr, &ss, err, errlen);
    if (rc < 0)
        return rc;
    tps__metrics_t *m = calloc(1, sizeof(*m));
    if (m == NULL) {
        snprintf(err, errlen, "--metrics %s: out of memory", addr);
        return TPS_ENOMEM;
    }
    m->fn = fn;
    m->arg = arg;
    m->loop = loop;
    unsigned flags =
        MHD_USE_EPOLL | (loop ? 0 : MHD_USE_INTERNAL_POLLING_THREAD);
    if (ss.ss_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    m->d = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, m, MHD_OPTION_SOCK_ADDR, &ss,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)METRICS_CONNECTIONS,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)METRICS_PER_IP,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)METRICS_MEMORY,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)METRICS_TIMEOUT_S,
        MHD_OPTION_END);
    if (m->d == NULL) {
        snprintf(err, errlen,
                 "--metrics %s: cannot listen there (in use, or not an "
                 "address of this host?)",
                 addr);
        free(m);
        return TPS_EINVAL;
    }
    const union MHD_DaemonInfo *pi =
        MHD_get_daemon_info(m->d, MHD_DAEMON_INFO_BIND_PORT);
    tps__addr_t a;
    char why[8];
    tps__addr_parse(addr, &a, why, sizeof(why));
    snprintf(m->url, sizeof(m->url),
             strchr(a.host, ':') ? "http://[%s]:%u/metrics"
                                 : "http://%s:%u/metrics",
             a.host, pi ? (unsigned)pi->port : (unsigned)a.port);
    if (loop != NULL) {
        const union MHD_DaemonInfo *ei =
            MHD_get_daemon_info(m->d, MHD_DAEMON_INFO_EPOLL_FD);
        if (ei == NULL || uv_poll_init(loop, &m->poll, ei->epoll_fd) < 0) {
            snprintf(err, errlen, "--metrics %s: cannot watch its sockets",
                     addr);
            MHD_stop_daemon(m->d);
            free(m);
            return TPS_EINVAL;
        }
        uv_timer_init(loop, &m->timer);
        m->poll.data = m->timer.data = m;
        m->open_handles = 2;
        uv_poll_start(&m->poll, UV_READABLE, on_poll);
        rearm(m);
    }
    *out = m;
    return 0;
}

void tps__metrics_set_ready(tps__metrics_t *m, tps__metrics_ready_fn fn) {
    m->ready = fn;
}

const char *tps__metrics_url(const tps__metrics_t *m) {
    return m->url;
}

static void on_closed(uv_handle_t *h) {
    tps__metrics_t *m = h->data;
    if (--m->open_handles == 0)
        free(m);
}

void tps__metrics_stop(tps__metrics_t *m) {
    if (m == NULL)
        return;
    /* The handles stop watching before the daemon closes the descriptor
     * they watch. */
    if (m->loop != NULL) {
        uv_poll_stop(&m->poll);
        uv_timer_stop(&m->timer);
    }
    MHD_stop_daemon(m->d);
    if (m->loop != NULL) {
        uv_close((uv_handle_t *)&m->poll, on_closed);
        uv_close((uv_handle_t *)&m->timer, on_closed);
    } else {
        free(m);
    }
}
