/* SPDX-License-Identifier: MIT */
/* The /metrics endpoint (--metrics HOST:PORT) of taups-server and
 * taups-worker: GET /metrics answers the Prometheus text a callback
 * renders, and GET /ready, where a readiness callback is set, 200 or 503
 * (an orchestrator's probe); any other path is 404 and any other method
 * 405.
 *
 * HTTP is libmicrohttpd's (Debian's libmicrohttpd-dev), not ours: parsing
 * requests from whoever connects is a job for a library that has been
 * fuzzed and audited. Its limits keep a hostile client cheap: a few dozen
 * connections, 16 KiB of memory each (a 1 MB header is refused), 10 s
 * without progress and the connection is closed.
 *
 * On a shard it runs in the shard's own libuv loop, with no thread:
 * libmicrohttpd in its external mode, its epoll descriptor watched by a
 * uv_poll_t and its timeouts by a uv_timer_t. A worker has no loop of its
 * own (its thread computes), so there libmicrohttpd polls in one thread of
 * its own, and the render callback must lock what it reads. */
#ifndef TPS_METRICS_H
#define TPS_METRICS_H

#include <stddef.h>

#include <uv.h>

typedef struct tps__metrics_s tps__metrics_t;

/* Returns the page in a malloc'd string (its length in *len), or NULL when
 * out of memory (answered 500). */
typedef char *(*tps__metrics_render_fn)(void *arg, size_t *len);

/* Listens on addr (HOST:PORT, a host name or numeric; port 0 picks one).
 * loop: the loop to serve from, or NULL for a thread of its own. Returns
 * 0, or a negative TPS_E* code with a sentence naming --metrics in err. */
int tps__metrics_start(uv_loop_t *loop, const char *addr,
                       tps__metrics_render_fn fn, void *arg,
                       tps__metrics_t **out, char *err, size_t errlen);

/* Says whether the process serves now (1) or not yet or no longer (0). */
typedef int (*tps__metrics_ready_fn)(void *arg);

/* Serves GET /ready from fn(arg of tps__metrics_start): 200 "ready" or
 * 503 "not ready". Without it /ready is 404. Set it before the loop runs
 * again (with a loop) or before the first request (without). */
void tps__metrics_set_ready(tps__metrics_t *m, tps__metrics_ready_fn fn);

/* "http://HOST:PORT/metrics" with the port bound. */
const char *tps__metrics_url(const tps__metrics_t *m);

/* Stops serving. With a loop, its handles close from it (the loop must
 * run once more) and the rest is freed there; NULL is fine. */
void tps__metrics_stop(tps__metrics_t *m);

#endif
