/* SPDX-License-Identifier: MIT */
/* The sparsifying codecs, named after the first: topk:R (the k = ceil(R*n)
 * largest magnitudes, indices sent delta-encoded) and randk:R (k elements at
 * indices both ends derive from the message seed, so only values travel).
 * Layouts in tps_codec.h.
 *
 * topk selects by radix select on the magnitude bits: for finite floats,
 * |a| < |b| exactly when (bits(a) & 0x7fffffff) < (bits(b) & 0x7fffffff),
 * so three histogram passes (11, 10 and 10 bits) pin down the k-th largest
 * magnitude T in O(n) time, worst case included, with 32 KiB of stack and no
 * copy of the input. One more pass in index order then emits every element
 * above T and the lowest-indexed ones equal to T: deterministic, ties to the
 * lowest index, and indices come out increasing, ready for delta encoding.
 *
 * randk draws its indices as the images of 0..k-1 under a seeded
 * pseudo-random permutation of [0, n) (a four-round Feistel network on the
 * smallest even number of bits covering n, with cycle walking back into
 * [0, n)): distinct by construction, a uniformly spread k-subset, computed
 * in O(k) by either end without tables. The values are not rescaled by n/k
 * (see tps_codec.h for why). */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"

#define KEY_PERMUTATION 2

static inline uint32_t mag_key(const float *x, uint64_t i) {
    return codec_f2u(x[i]) & 0x7fffffffu;
}

/* ---- topk
 * -------------------------------------------------------------------- */

/* Elements i whose key has (key >> mshift) == mval, histogrammed on the
 * `width` bits starting at `shift`. Blocks without a match are skipped by a
 * vectorised test, which is most of them after the first pass. */
static void hist_match(const float *restrict x, uint64_t n, int mshift,
                       uint32_t mval, int shift, uint32_t mask,
                       uint64_t *restrict h) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK) {
        uint32_t any = 0;
        for (int j = 0; j < CODEC_BLOCK; j++)
            any |= (mag_key(x, i + (uint64_t)j) >> mshift) == mval;
        if (!any)
            continue;
        for (int j = 0; j < CODEC_BLOCK; j++) {
            uint32_t k = mag_key(x, i + (uint64_t)j);
            if ((k >> mshift) == mval)
                h[k >> shift & mask]++;
        }
    }
    for (; i < n; i++) {
        uint32_t k = mag_key(x, i);
        if ((k >> mshift) == mval)
            h[k >> shift & mask]++;
    }
}

/* Highest bin at which the count from the top reaches *want; *want becomes
 * the rank still to find inside that bin. */
static uint32_t walk_down(const uint64_t *h, uint32_t nbins, uint64_t *want) {
    uint32_t b = nbins;
    while (b-- > 1) {
        if (h[b] >= *want)
            return b;
        *want -= h[b];
    }
    return 0;
}

/* The k-th largest key T (1 <= k <= n) and how many elements equal to T are
 * among the k largest. */
static void select_threshold(const float *restrict x, uint64_t n, uint64_t k,
                             uint32_t *thr, uint64_t *take_eq) {
    /* First pass over all elements: four interleaved histograms so that
     * runs of equal bins (gradients cluster in a few exponents) do not
     * serialise on one counter. Each counts at most ceil(n/4) <= 2^30. */
    uint32_t h4[4][2048];
    uint64_t h[2048];
    memset(h4, 0, sizeof(h4));
    uint64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        h4[0][mag_key(x, i) >> 20]++;
        h4[1][mag_key(x, i + 1) >> 20]++;
        h4[2][mag_key(x, i + 2) >> 20]++;
        h4[3][mag_key(x, i + 3) >> 20]++;
    }
    for (; i < n; i++)
        h4[0][mag_key(x, i) >> 20]++;
    for (int b = 0; b < 2048; b++)
        h[b] = (uint64_t)h4[0][b] + h4[1][b] + h4[2][b] + h4[3][b];
    uint64_t want = k;
    uint32_t prefix = walk_down(h, 2048, &want);

    memset(h, 0, 1024 * sizeof(h[0]));
    hist_match(x, n, 20, prefix, 10, 1023, h);
    prefix = prefix << 10 | walk_down(h, 1024, &want);

    memset(h, 0, 1024 * sizeof(h[0]));
    hist_match(x, n, 10, prefix, 0, 1023, h);
    *thr = prefix << 10 | walk_down(h, 1024, &want);
    *take_eq = want;
}

static void topk_encode(const float *restrict x, uint64_t n, uint64_t k,
                        uint8_t *restrict out) {
    uint8_t *vals = out + 4 * k;
    uint32_t thr = 0;
    uint64_t take_eq = k;
    if (k < n)
        select_threshold(x, n, k, &thr, &take_eq);
    uint64_t j = 0, last = 0, i = 0;
    for (; i < n; i += CODEC_BLOCK) {
        int m = n - i < CODEC_BLOCK ? (int)(n - i) : CODEC_BLOCK;
        if (m == CODEC_BLOCK) {
            uint32_t any = 0;
            for (int t = 0; t < CODEC_BLOCK; t++)
                any |= mag_key(x, i + (uint64_t)t) >= thr;
            if (!any)
                continue;
        }
        for (int t = 0; t < m; t++) {
            uint64_t e = i + (uint64_t)t;
            uint32_t key = mag_key(x, e);
            if (key > thr || (key == thr && take_eq > 0)) {
                take_eq -= key == thr;
                codec_st32(out, j, (uint32_t)(e - last));
                codec_stf(vals, j, x[e]);
                last = e;
                j++;
            }
        }
    }
}

static int topk_check(const uint8_t *in, uint64_t n, uint64_t k) {
    uint64_t idx = 0;
    for (uint64_t j = 0; j < k; j++) {
        uint32_t d = codec_ld32(in, j);
        if (j > 0 && d == 0)
            return TPS_EPROTO;
        idx += d;
        if (idx >= n)
            return TPS_EPROTO;
    }
    return tps__codec_check_f32(in + 4 * k, k);
}

static void topk_acc(const uint8_t *in, uint64_t k, float w, float *acc) {
    const uint8_t *vals = in + 4 * k;
    uint64_t idx = 0;
    for (uint64_t j = 0; j < k; j++) {
        idx += codec_ld32(in, j);
        acc[idx] += w * codec_ldf(vals, j);
    }
}

/* ---- randk
 * ------------------------------------------------------------------- */

typedef struct perm_s {
    uint64_t n;
    int half;      /* bits per Feistel half; the domain is 2^(2*half) */
    uint32_t mask; /* (1 << half) - 1 */
    uint32_t key[4];
} perm_t;

static void perm_init(perm_t *p, uint64_t n, uint64_t seed) {
    int bits = 2;
    while (bits < 32 && (UINT64_C(1) << bits) < n)
        bits++;
    bits += bits & 1;
    p->n = n;
    p->half = bits / 2;
    p->mask = (1u << p->half) - 1;
    for (int r = 0; r < 4; r++)
        p->key[r] = codec_key(seed, KEY_PERMUTATION + (uint64_t)r);
}

/* One application of the network: four rounds, written out so that the
 * batch loop below is straight-line code the compiler vectorises. */
static inline uint32_t feistel_round(uint32_t l, uint32_t r, uint32_t key,
                                     uint32_t mask) {
    return l ^ (codec_mix32(r ^ key) & mask);
}

static inline uint32_t perm_step(const perm_t *p, uint32_t v) {
    uint32_t mask = p->mask, l = v >> p->half, r = v & mask;
    l = feistel_round(l, r, p->key[0], mask);
    r = feistel_round(r, l, p->key[1], mask);
    l = feistel_round(l, r, p->key[2], mask);
    r = feistel_round(r, l, p->key[3], mask);
    return l << p->half | r;
}

/* Indices are made RANDK_BATCH at a time: the first application of the
 * network runs on the whole batch in a fixed-size loop, which vectorises,
 * and only the candidates that fall outside [0, n) walk on one by one. The
 * domain is at most 4n, so fewer than 3 in 4 walk, for fewer than 4 more
 * steps on average. */
#define RANDK_BATCH 64

/* idx[0..m) = the images of j0 .. j0+m-1, m <= RANDK_BATCH. */
static void perm_batch(const perm_t *p, uint32_t j0, int m,
                       uint32_t *restrict idx) {
    perm_t q = *p; /* a local copy: no aliasing with idx to rule out */
    for (int t = 0; t < RANDK_BATCH; t++)
        idx[t] = perm_step(&q, j0 + (uint32_t)t);
    for (int t = 0; t < m; t++)
        while (idx[t] >= p->n)
            idx[t] = perm_step(p, idx[t]);
}

/* The indices are scattered over x (or acc): at n beyond the caches every
 * element is a miss to memory, and one at a time the misses would not
 * overlap. So a walk hands out the indices a batch at a time and, as it
 * hands one out, computes the next and prefetches its elements: a batch of
 * misses is in flight while the current one is gathered (or scattered).
 * The indices and the payload's order are unchanged: the prefetch only
 * moves when memory is read. */
typedef struct randk_walk_s {
    perm_t p;
    uint64_t k, ahead; /* indices in all; first of the batch computed ahead */
    int m_ahead;       /* its length, 0 past the end */
    int cur;           /* idx[cur] is handed out, idx[cur ^ 1] is ahead */
    uint32_t idx[2][RANDK_BATCH];
} randk_walk_t;

static void walk_ahead(randk_walk_t *w, const float *base, int write) {
    uint32_t *idx = w->idx[w->cur ^ 1];
    w->m_ahead = 0;
    if (w->ahead >= w->k)
        return;
    uint64_t left = w->k - w->ahead;
    w->m_ahead = (int)(left < RANDK_BATCH ? left : RANDK_BATCH);
    perm_batch(&w->p, (uint32_t)w->ahead, w->m_ahead, idx);
    w->ahead += RANDK_BATCH;
    /* The read/write hint must be a constant. */
    for (int t = 0; t < w->m_ahead; t++)
        if (write)
            __builtin_prefetch(base + idx[t], 1);
        else
            __builtin_prefetch(base + idx[t], 0);
}

static void walk_init(randk_walk_t *w, uint64_t n, uint64_t k, uint64_t seed,
                      const float *base, int write) {
    perm_init(&w->p, n, seed);
    w->k = k;
    w->ahead = 0;
    w->cur = 1;
    walk_ahead(w, base, write);
}

/* The next batch: its length (0 at the end) and, in *idx, its indices. */
static int walk_next(randk_walk_t *w, const float *base, int write,
                     const uint32_t **idx) {
    int m = w->m_ahead;
    w->cur ^= 1;
    *idx = w->idx[w->cur];
    if (m > 0)
        walk_ahead(w, base, write);
    return m;
}

static void randk_encode(const float *restrict x, uint64_t n, uint64_t k,
                         uint64_t seed, uint8_t *restrict out) {
    randk_walk_t w;
    const uint32_t *idx;
    walk_init(&w, n, k, seed, x, 0);
    for (uint64_t j0 = 0, m; (m = (uint64_t)walk_next(&w, x, 0, &idx)) > 0;
         j0 += m)
        for (uint64_t t = 0; t < m; t++)
            codec_stf(out, j0 + t, x[idx[t]]);
}

static void randk_acc(const uint8_t *restrict in, uint64_t n, uint64_t k,
                      uint64_t seed, float w, float *restrict acc) {
    randk_walk_t wk;
    const uint32_t *idx;
    walk_init(&wk, n, k, seed, acc, 1);
    for (uint64_t j0 = 0, m; (m = (uint64_t)walk_next(&wk, acc, 1, &idx)) > 0;
         j0 += m)
        for (uint64_t t = 0; t < m; t++)
            acc[idx[t]] += w * codec_ldf(in, j0 + t);
}

/* ---- entry points
 * -------------------------------------------------------------- */

static int sparse_encode(const tps__codec_t *c, const float *x, uint64_t n,
                         uint64_t seed, uint8_t *out) {
    uint64_t k = tps__codec_k(c, n);
    if (c->kind == TPS_CODEC_TOPK) {
        if (k > 0)
            topk_encode(x, n, k, out);
        return 0;
    }
    randk_encode(x, n, k, seed, out);
    return 0;
}

static int sparse_check(const tps__codec_t *c, const uint8_t *in, uint64_t n) {
    uint64_t k = tps__codec_k(c, n);
    if (c->kind == TPS_CODEC_TOPK)
        return topk_check(in, n, k);
    return tps__codec_check_f32(in, k);
}

static void sparse_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                       uint64_t seed, float w, float *acc) {
    uint64_t k = tps__codec_k(c, n);
    if (c->kind == TPS_CODEC_TOPK) {
        topk_acc(in, k, w, acc);
        return;
    }
    randk_acc(in, n, k, seed, w, acc);
}

/* ---- the family's spec, validity and sizes ------------------------------ */

static int sparse_parse(tps__codec_t *t, const char *name, const char **pp,
                        const char *spec, uint32_t bucket, char *err,
                        size_t errlen) {
    const char *p = *pp;
    char *end;
    double r;
    (void)bucket;
    if (*p != ':' || p[1] == '\0' || isspace((unsigned char)p[1]))
        return tps__codec_fail(err, errlen, spec,
                               "needs a ratio: %s:RATIO with 0 < "
                               "RATIO <= 1",
                               name);
    errno = 0;
    r = strtod(p + 1, &end);
    if (end == p + 1 || *end != '\0' || errno == ERANGE || !isfinite(r) ||
        !(r > 0 && r <= 1) || !((float)r > 0))
        return tps__codec_fail(err, errlen, spec,
                               "RATIO must be a number in (0, 1] "
                               "(at least %g)",
                               FLT_TRUE_MIN);
    t->ratio = (float)r;
    *pp = end;
    return 0;
}

static int sparse_valid(const tps__codec_t *c) {
    return c->bits == 0 && c->bucket == 0 && !c->log_scale && !c->stochastic &&
           isfinite(c->ratio) && c->ratio > 0 && c->ratio <= 1;
}

/* Shortest decimal that reads back as the same float, so that the spec in a
 * log says "0.01", not "0.00999999978". */
static void format_ratio(float r, char *buf, size_t len) {
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(buf, len, "%.*g", prec, (double)r);
        if (strtof(buf, NULL) == r)
            return;
    }
}

static void sparse_describe(const tps__codec_t *c, const char *name,
                            const char *bias, char *buf, size_t len) {
    char r[32];
    format_ratio(c->ratio, r, sizeof(r));
    snprintf(buf, len, "%s:%s (%s)", name, r, bias);
}

/* topk sends an index and a value per kept element, randk the value. */
static uint64_t sparse_wire_size(const tps__codec_t *c, uint64_t n) {
    return (c->kind == TPS_CODEC_TOPK ? 8 : 4) * tps__codec_k(c, n);
}

const tps__codec_ops_t tps__codec_sparse_ops = {
    .parse = sparse_parse,
    .valid = sparse_valid,
    .describe = sparse_describe,
    .biased = tps__codec_biased_always,
    .wire_size = sparse_wire_size,
    .encode = sparse_encode,
    .check = sparse_check,
    .acc = sparse_acc,
    .ratio = 1,
};
