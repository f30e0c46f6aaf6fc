/* SPDX-License-Identifier: MIT */
/* Link shaping on the send path (docs/design.md §7): each connection may
 * hold its outgoing frames back to imitate a slower network, with a fixed
 * latency, a seeded uniform jitter of +-jitter_ms around it, and a bandwidth
 * cap enforced by a token bucket. Kernel tools (netem) are not assumed, so
 * the shaping happens in the process, per connection and per direction: a
 * process shapes only what it sends.
 *
 * This module is the scheduling arithmetic only (no libuv), so that it can
 * be tested against hand-computed values; tps_conn.c queues the frames and
 * writes each one at the release time given here.
 *
 * Release time of a frame of n bytes handed over at time `now` (ms):
 *
 *   a = max(now + latency + jitter, previous release)
 *   r = earliest t >= a at which the bucket holds n tokens
 *
 * Jitter is uniform on [-jitter_ms, +jitter_ms], and latency + jitter is
 * clamped at 0. Taking the max with the previous release keeps frames in
 * the order they were sent: a TCP stream cannot reorder, and a frame that
 * overtook another would only have to wait for it at the receiver anyway.
 *
 * The bucket fills at bandwidth bytes/s up to its depth, 5 ms of the rate
 * within [TPS_LINK_MIN_DEPTH, TPS_LINK_DEPTH] bytes, and starts empty: a
 * bucket that started full (it once held 64 KiB from the start, 1.3 s of
 * free sending at 50 kB/s) let a short bandwidth experiment measure its
 * burst rather than its rate, and a deep one refills during every pause.
 * A frame larger than the depth waits until the bucket would have
 * accumulated all its bytes (as if the depth stretched to the frame while
 * it waits), so the bucket never goes into debt and every frame's release
 * is paid for in advance: over any interval the bytes released exceed
 * bandwidth * duration by at most the depth. */
#ifndef TPS_LINK_H
#define TPS_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "tps_rng.h"

#define TPS_LINK_DEPTH (64u << 10)
#define TPS_LINK_MIN_DEPTH 1500u /* one Ethernet frame */

typedef struct tps__link_cfg_s {
    double latency_ms;  /* added to every frame, >= 0 */
    double jitter_ms;   /* half-width of the uniform jitter, >= 0 */
    uint64_t bandwidth; /* bytes per second; 0: unlimited */
    uint64_t seed;      /* jitter stream; with a per-connection stream id */
} tps__link_cfg_t;

/* Scheduling state of one connection's direction. Owned by the caller,
 * free of allocations. */
typedef struct tps__link_sched_s {
    tps__link_cfg_t cfg;
    tps__rng_t rng;
    double last_ms; /* release time of the previous frame */
    double depth;   /* bucket size, bytes (tps__link_depth) */
    double tokens;  /* bucket content at tokens_ms */
    double tokens_ms;
    int started; /* no frame yet: the bucket starts filling at the first */
} tps__link_sched_t;

/* Nonzero when cfg asks for any shaping; with the defaults (all zero) the
 * send path stays the direct one. */
int tps__link_enabled(const tps__link_cfg_t *cfg);

/* The bucket's depth in bytes for a rate of `bandwidth` bytes/s. */
uint64_t tps__link_depth(uint64_t bandwidth);

/* Starts a schedule; `stream` separates the jitter of connections sharing
 * a seed (e.g. shard and rank). */
void tps__link_sched_init(tps__link_sched_t *s, const tps__link_cfg_t *cfg,
                          uint64_t stream);

/* Release time in ms (same clock as now_ms, which must not go backwards)
 * for a frame of `bytes` bytes handed over at now_ms, and takes its tokens.
 * Never earlier than the previous release. */
double tps__link_release(tps__link_sched_t *s, double now_ms, uint64_t bytes);

/* One line for logs, e.g. "latency 20 ms, jitter +-5 ms, bandwidth
 * 1000000 B/s, seed 1", or "off". */
void tps__link_describe(const tps__link_cfg_t *cfg, char *buf, size_t len);

#endif
