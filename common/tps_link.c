/* SPDX-License-Identifier: MIT */
/* Release-time arithmetic of the link shaper; see tps_link.h. */
#include "tps_link.h"

#include <stdio.h>

int tps__link_enabled(const tps__link_cfg_t *cfg) {
    return cfg != NULL &&
           (cfg->latency_ms > 0 || cfg->jitter_ms > 0 || cfg->bandwidth > 0);
}

uint64_t tps__link_depth(uint64_t bandwidth) {
    uint64_t d = bandwidth / 200;
    return d < TPS_LINK_MIN_DEPTH ? TPS_LINK_MIN_DEPTH
           : d > TPS_LINK_DEPTH   ? TPS_LINK_DEPTH
                                  : d;
}

void tps__link_sched_init(tps__link_sched_t *s, const tps__link_cfg_t *cfg,
                          uint64_t stream) {
    s->cfg = *cfg;
    tps__rng_seed(&s->rng, cfg->seed, stream);
    s->last_ms = 0;
    s->depth = (double)tps__link_depth(cfg->bandwidth);
    s->tokens = 0;
    s->tokens_ms = 0;
    s->started = 0;
}

double tps__link_release(tps__link_sched_t *s, double now_ms, uint64_t bytes) {
    double delay = s->cfg.latency_ms;
    if (s->cfg.jitter_ms > 0)
        delay += s->cfg.jitter_ms * (2 * tps__rng_uniform(&s->rng) - 1);
    if (delay < 0)
        delay = 0;
    double r = now_ms + delay;
    if (s->started && r < s->last_ms)
        r = s->last_ms;
    if (s->cfg.bandwidth > 0) {
        double rate = (double)s->cfg.bandwidth / 1000.0; /* bytes per ms */
        double need = (double)bytes;
        if (!s->started)
            s->tokens_ms = r;
        double have = s->tokens + (r - s->tokens_ms) * rate;
        if (have > s->depth)
            have = s->depth;
        /* Tokens keep coming while the frame waits, even past the depth,
         * so that a frame larger than the bucket can still leave. */
        if (have < need) {
            r += (need - have) / rate;
            have = need;
        }
        s->tokens = have - need;
        s->tokens_ms = r;
    }
    s->started = 1;
    s->last_ms = r;
    return r;
}

void tps__link_describe(const tps__link_cfg_t *cfg, char *buf, size_t len) {
    if (!tps__link_enabled(cfg)) {
        snprintf(buf, len, "off");
        return;
    }
    char bw[48];
    if (cfg->bandwidth > 0)
        snprintf(bw, sizeof(bw), "%llu B/s",
                 (unsigned long long)cfg->bandwidth);
    else
        snprintf(bw, sizeof(bw), "unlimited");
    snprintf(buf, len,
             "latency %g ms, jitter +-%g ms (uniform), bandwidth %s "
             "(bucket %llu B, empty at first), seed %llu",
             cfg->latency_ms, cfg->jitter_ms, bw,
             (unsigned long long)tps__link_depth(cfg->bandwidth),
             (unsigned long long)cfg->seed);
}
