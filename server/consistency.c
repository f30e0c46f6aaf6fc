/* SPDX-License-Identifier: MIT */
/* Consistency semantics: membership, pull gates, synchronous aggregation and
 * staleness statistics; see consistency.h. */
#include "consistency.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"

int tps__consistency_aggregates(const tps__consistency_t *c) {
    return tps__mode_aggregates(c->mode, c->local_sync);
}

int tps__members_init(tps__members_t *m, int n) {
    m->n = n;
    m->nlive = 0;
    m->njoined = 0;
    m->live = calloc((size_t)n, 1);
    m->joined = calloc((size_t)n, 1);
    m->awaited = calloc((size_t)n, 1);
    m->committed = calloc((size_t)n, 1);
    m->samples = calloc((size_t)n, sizeof(*m->samples));
    m->clock = calloc((size_t)n, sizeof(*m->clock));
    m->parked = calloc((size_t)n, 1);
    if (m->live == NULL || m->joined == NULL || m->awaited == NULL ||
        m->committed == NULL || m->samples == NULL || m->clock == NULL ||
        m->parked == NULL) {
        tps__members_free(m);
        return TPS_ENOMEM;
    }
    return 0;
}

void tps__members_free(tps__members_t *m) {
    free(m->live);
    free(m->joined);
    free(m->awaited);
    free(m->committed);
    free(m->samples);
    free(m->clock);
    free(m->parked);
    m->parked = NULL;
    m->live = NULL;
    m->joined = NULL;
    m->awaited = NULL;
    m->committed = NULL;
    m->samples = NULL;
    m->clock = NULL;
}

void tps__members_join(tps__members_t *m, int rank, uint64_t clock) {
    if (!m->live[rank])
        m->nlive++;
    if (!m->joined[rank])
        m->njoined++;
    if (m->awaited[rank])
        m->nawaited--;
    m->live[rank] = 1;
    m->joined[rank] = 1;
    m->awaited[rank] = 0;
    m->clock[rank] = clock;
}

void tps__members_leave(tps__members_t *m, int rank) {
    if (m->live[rank])
        m->nlive--;
    if (m->awaited[rank])
        m->nawaited--;
    m->live[rank] = 0;
    m->awaited[rank] = 0;
    m->parked[rank] = 0;
}

void tps__members_restore(tps__members_t *m, const uint8_t *joined,
                          const uint8_t *live, const uint64_t *clock) {
    m->nlive = m->njoined = m->nawaited = 0;
    for (int r = 0; r < m->n; r++) {
        m->joined[r] = joined ? joined[r] != 0 : 1;
        m->live[r] = m->awaited[r] = m->joined[r] && (live ? live[r] != 0 : 1);
        m->clock[r] = clock[r];
        m->committed[r] = 0;
        m->njoined += m->joined[r];
        m->nlive += m->live[r];
        m->nawaited += m->awaited[r];
    }
}

void tps__members_await_missing(tps__members_t *m, uint64_t clock) {
    for (int r = 0; r < m->n; r++) {
        if (m->joined[r])
            continue;
        m->joined[r] = m->live[r] = m->awaited[r] = 1;
        m->clock[r] = clock;
        m->njoined++;
        m->nlive++;
        m->nawaited++;
    }
}

int tps__members_advance(tps__members_t *m, int rank, uint64_t clock) {
    if (clock <= m->clock[rank])
        return 0;
    m->clock[rank] = clock;
    return 1;
}

int tps__members_formed(const tps__members_t *m) {
    return m->njoined == m->n;
}

void tps__members_commit(tps__members_t *m, int rank, uint64_t samples) {
    m->committed[rank] = 1;
    m->samples[rank] = samples;
}

void tps__members_uncommit_all(tps__members_t *m) {
    memset(m->committed, 0, (size_t)m->n);
}

int tps__members_any_committed(const tps__members_t *m) {
    return memchr(m->committed, 1, (size_t)m->n) != NULL;
}

uint64_t tps__members_min_clock(const tps__members_t *m) {
    if (!tps__members_formed(m))
        return 0;
    uint64_t min = UINT64_MAX;
    for (int r = 0; r < m->n; r++)
        if (m->live[r] && !m->parked[r] && m->clock[r] < min)
            min = m->clock[r];
    return min;
}

uint64_t tps__members_max_clock(const tps__members_t *m) {
    uint64_t max = 0;
    for (int r = 0; r < m->n; r++)
        if (m->live[r] && m->clock[r] > max)
            max = m->clock[r];
    return max;
}

int tps__pull_allowed(const tps__consistency_t *c, const tps__members_t *m,
                      uint64_t version, uint64_t clock) {
    if (tps__consistency_aggregates(c))
        return version >= clock;
    if (c->mode->gates_pulls) {
        if (clock <= c->staleness)
            return 1;
        uint64_t min = tps__members_min_clock(m); /* UINT64_MAX: nobody live */
        return min >= clock - c->staleness;
    }
    return 1;
}

int tps__syncbuf_init(tps__syncbuf_t *sb, int n, uint64_t len) {
    memset(sb, 0, sizeof(*sb));
    sb->n = n;
    sb->len = len;
    sb->buf = calloc((size_t)n, sizeof(*sb->buf));
    sb->done = calloc((size_t)n, 1);
    sb->samples = calloc((size_t)n, sizeof(*sb->samples));
    sb->w = calloc((size_t)n, sizeof(*sb->w));
    if (sb->buf == NULL || sb->done == NULL || sb->samples == NULL ||
        sb->w == NULL) {
        tps__syncbuf_free(sb);
        return TPS_ENOMEM;
    }
    return 0;
}

void tps__syncbuf_free(tps__syncbuf_t *sb) {
    for (int r = 0; sb->buf && r < sb->n; r++)
        free(sb->buf[r]);
    free(sb->buf);
    free(sb->done);
    free(sb->samples);
    free(sb->w);
    free(sb->acc);
    memset(sb, 0, sizeof(*sb));
}

float *tps__syncbuf_slot(tps__syncbuf_t *sb, int rank, uint64_t off) {
    if (sb->buf[rank] == NULL)
        /* One spare element keeps empty slices allocatable. */
        sb->buf[rank] = calloc((size_t)sb->len + 1, sizeof(float));
    return sb->buf[rank] ? sb->buf[rank] + off : NULL;
}

int tps__syncbuf_add(tps__syncbuf_t *sb, int rank, uint64_t off,
                     const float *g, uint64_t count, float scale) {
    float *restrict dst = tps__syncbuf_slot(sb, rank, off);
    if (dst == NULL)
        return TPS_ENOMEM;
    for (uint64_t i = 0; i < count; i++)
        dst[i] = scale * g[i];
    return 0;
}

int tps__sync_ready(const tps__members_t *m, int backup) {
    if (!tps__members_formed(m))
        return 0;
    int awaited = 0, committed = 0, missing = 0;
    for (int r = 0; r < m->n; r++) {
        awaited += m->committed[r] || (m->live[r] && !m->parked[r]);
        committed += m->committed[r];
        missing += m->live[r] && !m->committed[r] && !m->parked[r];
    }
    if (committed == 0)
        return 0;
    return missing == 0 || committed >= (awaited - backup > 1 ? awaited - backup : 1);
}

int tps__sync_weights(int n, const uint8_t *in, const uint8_t *also,
                      const uint64_t *samples, double *w) {
    int k = 0, all_said = 1;
    double total = 0;
    for (int r = 0; r < n; r++)
        if (in[r] && (also == NULL || also[r])) {
            k++;
            all_said &= samples[r] > 0;
            total += (double)samples[r];
        }
    for (int r = 0; r < n; r++)
        w[r] = !in[r] || (also != NULL && !also[r]) ? 0
               : all_said                          ? (double)samples[r] / total
                                                   : 1.0 / k;
    return k;
}

int tps__syncbuf_mean(tps__syncbuf_t *sb, const tps__members_t *m, float *out) {
    if (sb->acc == NULL) {
        sb->acc = malloc(((size_t)sb->len + 1) * sizeof(double));
        if (sb->acc == NULL)
            return TPS_ENOMEM;
    }
    double *restrict acc = sb->acc;
    memset(acc, 0, (size_t)sb->len * sizeof(double));
    int k = tps__sync_weights(sb->n, sb->done, m->committed, sb->samples,
                              sb->w);
    for (int r = 0; r < sb->n; r++) {
        if (sb->w[r] == 0 || sb->buf[r] == NULL)
            continue;
        const float *restrict g = sb->buf[r];
        double w = sb->w[r];
        for (uint64_t i = 0; i < sb->len; i++)
            acc[i] += w * g[i];
    }
    for (uint64_t i = 0; i < sb->len; i++)
        out[i] = (float)acc[i];
    return k;
}

void tps__syncbuf_discard(tps__syncbuf_t *sb, int rank) {
    sb->done[rank] = 0;
}

void tps__syncbuf_reset(tps__syncbuf_t *sb) {
    memset(sb->done, 0, (size_t)sb->n);
}


void tps__hist_add(tps__hist_t *h, uint64_t s) {
    if (s < TPS_HIST_EXACT) {
        h->exact[s]++;
    } else {
        int k = 63 - __builtin_clzll(s); /* floor(log2 s) >= 6 */
        h->pow2[k - 6]++;
    }
    h->count++;
    h->sum += (double)s;
    if (s > h->max)
        h->max = s;
}

double tps__hist_mean(const tps__hist_t *h) {
    return h->count ? h->sum / (double)h->count : 0.0;
}

json_t *tps__hist_json(const tps__hist_t *h) {
    json_t *exact = json_array(), *pow2 = json_object();
    /* A bucket lost to a failed allocation would read as fewer pushes, so
     * any failure fails the whole object. */
    int failed = exact == NULL || pow2 == NULL, last = -1;
    for (int i = 0; i < TPS_HIST_EXACT; i++)
        if (h->exact[i])
            last = i;
    for (int i = 0; i <= last; i++)
        failed |= json_array_append_new(
                      exact, json_integer((json_int_t)h->exact[i])) < 0;
    for (int k = 0; k < TPS_HIST_POW2; k++) {
        char lo[24];
        if (!h->pow2[k])
            continue;
        snprintf(lo, sizeof(lo), "%llu", (unsigned long long)1 << (k + 6));
        failed |= json_object_set_new(pow2, lo,
                                      json_integer((json_int_t)h->pow2[k])) < 0;
    }
    if (failed) {
        json_decref(exact);
        json_decref(pow2);
        return NULL;
    }
    return json_pack("{s:I, s:f, s:I, s:o, s:o}", "count", (json_int_t)h->count,
                     "mean", round(tps__hist_mean(h) * 1e6) / 1e6, "max",
                     (json_int_t)h->max, "exact", exact, "pow2", pow2);
}
