/* SPDX-License-Identifier: MIT */
/* The quantising codecs: qsgd:Q (L2 norm per bucket, stochastic rounding to
 * 2^(Q-1)-1 levels per sign) and uniform:Q[:log][:stochastic] (min and max
 * per bucket, 2^Q - 1 steps). Payload layouts and error bounds are in
 * tps_codec.h.
 *
 * Encoders write a bucket's scalars (norm, or min and max) into the payload
 * header just before the bucket's first block of codes, so that its
 * elements are still in cache when they are read the second time. Codes
 * are made CODEC_BLOCK elements at a time; bucket boundaries need not fall
 * on block boundaries, so each block gets its per-element parameters copied
 * out of the buckets it overlaps, and the inner loops see fixed-size arrays
 * and vectorise. The log scale is computed element by element (log2/exp2 do
 * not vectorise in portable C) and is the slow variant. */
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

/* Tags of codec_key: independent streams of one message's seed. */
#define KEY_ROUNDING 1

static uint64_t min_u64(uint64_t a, uint64_t b) {
    return a < b ? a : b;
}

/* ---- code packing: CODEC_BLOCK codes <-> CODEC_BLOCK*Q/8 bytes ------------
 */

static void pack_codes(int q, const uint32_t *restrict c,
                       uint8_t *restrict out) {
    switch (q) {
    case 2:
        for (int j = 0; j < CODEC_BLOCK / 4; j++)
            out[j] = (uint8_t)(c[4 * j] | c[4 * j + 1] << 2 |
                               c[4 * j + 2] << 4 | c[4 * j + 3] << 6);
        break;
    case 4:
        for (int j = 0; j < CODEC_BLOCK / 2; j++)
            out[j] = (uint8_t)(c[2 * j] | c[2 * j + 1] << 4);
        break;
    case 8:
        for (int j = 0; j < CODEC_BLOCK; j++)
            out[j] = (uint8_t)c[j];
        break;
    default:
        for (int j = 0; j < CODEC_BLOCK; j++)
            codec_st16(out, (uint64_t)j, (uint16_t)c[j]);
        break;
    }
}

static void unpack_codes(int q, const uint8_t *restrict in,
                         uint32_t *restrict c) {
    switch (q) {
    case 2:
        for (int j = 0; j < CODEC_BLOCK / 4; j++) {
            c[4 * j] = in[j] & 3u;
            c[4 * j + 1] = in[j] >> 2 & 3u;
            c[4 * j + 2] = in[j] >> 4 & 3u;
            c[4 * j + 3] = in[j] >> 6;
        }
        break;
    case 4:
        for (int j = 0; j < CODEC_BLOCK / 2; j++) {
            c[2 * j] = in[j] & 15u;
            c[2 * j + 1] = in[j] >> 4;
        }
        break;
    case 8:
        for (int j = 0; j < CODEC_BLOCK; j++)
            c[j] = in[j];
        break;
    default:
        for (int j = 0; j < CODEC_BLOCK; j++)
            c[j] = codec_ld16(in, (uint64_t)j);
        break;
    }
}

/* Writes the codes of elements [i0, i0+m) (m <= CODEC_BLOCK), zeroing the
 * codes of padding elements so that the last byte's unused bits are 0. */
static void store_codes(int q, uint32_t *restrict c, int m, uint64_t i0,
                        uint8_t *restrict codes) {
    uint8_t *dst = codes + i0 / 8 * (uint64_t)q;
    if (m == CODEC_BLOCK) {
        pack_codes(q, c, dst);
        return;
    }
    uint8_t tmp[CODEC_BLOCK * 2];
    for (int j = m; j < CODEC_BLOCK; j++)
        c[j] = 0;
    pack_codes(q, c, tmp);
    memcpy(dst, tmp, ((size_t)m * (size_t)q + 7) / 8);
}

/* Reads the codes of elements [i0, i0+m) without reading past the payload. */
static void load_codes(int q, const uint8_t *restrict codes, int m, uint64_t i0,
                       uint32_t *restrict c) {
    const uint8_t *src = codes + i0 / 8 * (uint64_t)q;
    if (m == CODEC_BLOCK) {
        unpack_codes(q, src, c);
        return;
    }
    uint8_t tmp[CODEC_BLOCK * 2] = {0};
    memcpy(tmp, src, ((size_t)m * (size_t)q + 7) / 8);
    unpack_codes(q, tmp, c);
}

/* ---- per-bucket statistics ------------------------------------------------
 */

/* Sum of squares for an L2 norm. Sixteen partial sums make a fixed-width
 * loop the compiler vectorises (a single running sum is a dependency chain
 * it may not reorder). They are floats, at twice the speed of doubles; a sum
 * that overflows (|x| >= ~1e19) or falls where squares lose precision as
 * subnormals (sums below 2^-100) is redone in double, which represents every
 * square of a float. Each partial adds len/16 terms, so the sum is within
 * (len/16) * 2^-24 (relative) of the exact one, which the caller allows for. */
static double sum_squares(const float *restrict x, uint64_t len) {
    /* Four arrays of four, each updated by a loop of exactly one vector:
     * with one array of sixteen, GCC keeps a four-trip loop over it and
     * the sums go through memory on every step. */
    float p0[4] = {0}, p1[4] = {0}, p2[4] = {0}, p3[4] = {0};
    uint64_t i = 0;
    for (; i + 16 <= len; i += 16) {
        for (int j = 0; j < 4; j++)
            p0[j] += x[i + j] * x[i + j];
        for (int j = 0; j < 4; j++)
            p1[j] += x[i + 4 + j] * x[i + 4 + j];
        for (int j = 0; j < 4; j++)
            p2[j] += x[i + 8 + j] * x[i + 8 + j];
        for (int j = 0; j < 4; j++)
            p3[j] += x[i + 12 + j] * x[i + 12 + j];
    }
    double s = 0;
    for (; i < len; i++)
        s += (double)x[i] * (double)x[i];
    for (int j = 0; j < 4; j++)
        s += p0[j];
    for (int j = 0; j < 4; j++)
        s += p1[j];
    for (int j = 0; j < 4; j++)
        s += p2[j];
    for (int j = 0; j < 4; j++)
        s += p3[j];
    if (s <= 0x1p-100 || s >= 0x1p100) {
        s = 0;
        for (i = 0; i < len; i++)
            s += (double)x[i] * (double)x[i];
    }
    return s;
}

static void min_max(const float *restrict x, uint64_t len, float *mn,
                    float *mx) {
    float lo[16], hi[16];
    for (int j = 0; j < 16; j++)
        lo[j] = hi[j] = x[0];
    uint64_t i = 0;
    for (; i + 16 <= len; i += 16)
        for (int j = 0; j < 16; j++) {
            float v = x[i + j];
            lo[j] = v < lo[j] ? v : lo[j];
            hi[j] = v > hi[j] ? v : hi[j];
        }
    for (; i < len; i++) {
        lo[0] = x[i] < lo[0] ? x[i] : lo[0];
        hi[0] = x[i] > hi[0] ? x[i] : hi[0];
    }
    for (int j = 1; j < 16; j++) {
        lo[0] = lo[j] < lo[0] ? lo[j] : lo[0];
        hi[0] = hi[j] > hi[0] ? hi[j] : hi[0];
    }
    *mn = lo[0];
    *mx = hi[0];
}

/* Smallest nonzero and largest magnitude, on the bits: for finite floats
 * the order of |x| is the order of (bits & 0x7fffffff), and zero is mapped
 * above every finite value so that it never wins the minimum. */
static void abs_range(const float *restrict x, uint64_t len, float *lo,
                      float *hi) {
    uint32_t l[16], h[16];
    for (int j = 0; j < 16; j++) {
        l[j] = UINT32_MAX;
        h[j] = 0;
    }
    uint64_t i = 0;
    for (; i + 16 <= len; i += 16)
        for (int j = 0; j < 16; j++) {
            uint32_t a = codec_f2u(x[i + j]) & 0x7fffffffu;
            uint32_t nz = a == 0 ? UINT32_MAX : a;
            l[j] = nz < l[j] ? nz : l[j];
            h[j] = a > h[j] ? a : h[j];
        }
    for (; i < len; i++) {
        uint32_t a = codec_f2u(x[i]) & 0x7fffffffu;
        uint32_t nz = a == 0 ? UINT32_MAX : a;
        l[0] = nz < l[0] ? nz : l[0];
        h[0] = a > h[0] ? a : h[0];
    }
    for (int j = 1; j < 16; j++) {
        l[0] = l[j] < l[0] ? l[j] : l[0];
        h[0] = h[j] > h[0] ? h[j] : h[0];
    }
    *hi = codec_u2f(h[0]);
    *lo = h[0] == 0 ? 0.0f : codec_u2f(l[0]);
}

/* ---- log-scale levels
 * -------------------------------------------------------- Encoder and decoder
 * must agree on every level exactly (the encoder's rounding probabilities are
 * taken against the values the decoder will produce), so both get them from
 * level_at(), directly or through a table filled by it. */
typedef struct loglev_s {
    float lo, hi;
    double step; /* log2 distance between adjacent nonzero levels */
    int top;     /* M = 2^(Q-1) - 1, the largest magnitude code */
    int has_tab;
    float tab[128]; /* tab[m] = level_at(m) when has_tab (Q <= 8) */
} loglev_t;

static float level_at(const loglev_t *L, int m) {
    if (m == 0 || L->hi == 0)
        return 0.0f;
    if (m >= L->top)
        return L->hi;
    return (float)((double)L->lo * exp2((double)(m - 1) * L->step));
}

/* A table costs M exp2 calls; it pays off when the bucket has at least as
 * many elements as levels. */
static void loglev_init(loglev_t *L, float lo, float hi, int q,
                        uint64_t count) {
    L->lo = lo;
    L->hi = hi;
    L->top = (1 << (q - 1)) - 1;
    L->step = hi > lo ? log2((double)hi / (double)lo) / (L->top - 1) : 0.0;
    L->has_tab = L->top < 128 && (uint64_t)L->top <= count;
    if (L->has_tab)
        for (int m = 0; m <= L->top; m++)
            L->tab[m] = level_at(L, m);
}

static float loglev_get(const loglev_t *L, int m) {
    return L->has_tab ? L->tab[m] : level_at(L, m);
}

/* Magnitude code of a > 0 (1..M), rounding to the nearer level in log space
 * or, with a uniform u, up with the probability that keeps E[level] = a. */
static int log_code(const loglev_t *L, float a, int stochastic, float u) {
    if (L->step == 0)
        return 1;
    double t = 1.0 + log2((double)a / (double)L->lo) / L->step;
    int m = t < 1 ? 1 : t >= L->top - 1 ? L->top - 1 : (int)t;
    float la = loglev_get(L, m), lb = loglev_get(L, m + 1);
    /* log2/exp2 rounding may put a just outside [la, lb]: step over. */
    while (m > 1 && a < la) {
        m--;
        lb = la;
        la = loglev_get(L, m);
    }
    while (m < L->top - 1 && a > lb) {
        m++;
        la = lb;
        lb = loglev_get(L, m + 1);
    }
    if (a <= la || lb <= la)
        return m;
    if (a >= lb)
        return m + 1;
    if (stochastic)
        return m + (u < (float)(((double)a - la) / ((double)lb - la)));
    return (double)a * a <= (double)la * lb ? m : m + 1;
}

/* ---- per-element parameters ---------------------------------------------
 * The block kernels take each per-bucket parameter as an array of
 * CODEC_BLOCK lanes. A block inside one bucket (every block, when the
 * bucket is a multiple of CODEC_BLOCK) is filled by a fixed-size loop, and
 * not at all when the previous block already holds the same bucket; only
 * blocks that straddle buckets are filled lane by lane. Lanes past the end
 * of the data are zero. */
#define NPARAM 4

typedef struct lanes_s {
    float v[NPARAM][CODEC_BLOCK];
    uint64_t whole;  /* bucket filling every lane, or UINT64_MAX */
    uint64_t b, end; /* bucket of the next element and where it ends */
} lanes_t;

/* Computes a bucket's parameters from the payload's scalars. */
typedef void (*params_fn)(const void *ctx, uint64_t bucket, float *p);

static void lanes_init(lanes_t *L, uint64_t B, uint64_t n) {
    L->whole = UINT64_MAX;
    L->b = 0;
    L->end = min_u64(B, n);
}

static void lanes_fill(lanes_t *L, int np, uint64_t i0, int m, uint64_t B,
                       uint64_t n, params_fn f, const void *ctx) {
    float p[NPARAM];
    for (int j = 0; j < m;) {
        if (i0 + (uint64_t)j == L->end) {
            L->b++;
            L->end = min_u64(L->end + B, n);
        }
        int e = (int)min_u64((uint64_t)m, L->end - i0);
        if (j == 0 && e == CODEC_BLOCK) {
            if (L->whole != L->b) {
                f(ctx, L->b, p);
                for (int k = 0; k < np; k++)
                    for (int t = 0; t < CODEC_BLOCK; t++)
                        L->v[k][t] = p[k];
                L->whole = L->b;
            }
        } else {
            f(ctx, L->b, p);
            for (int k = 0; k < np; k++)
                for (int t = j; t < e; t++)
                    L->v[k][t] = p[k];
            L->whole = UINT64_MAX;
        }
        j = e;
    }
    for (int k = 0; k < np; k++)
        for (int t = m; t < CODEC_BLOCK; t++)
            L->v[k][t] = 0;
}

/* A block of input: x itself, or a zero-padded copy of the last m < 64. */
static const float *block_in(const float *x, uint64_t i0, int m, float *pad) {
    if (m == CODEC_BLOCK)
        return x + i0;
    memset(pad, 0, CODEC_BLOCK * sizeof(float));
    memcpy(pad, x + i0, (size_t)m * sizeof(float));
    return pad;
}

/* A block of output: acc itself, or a zeroed scratch block whose first m
 * lanes block_out_done adds to acc. */
static float *block_out(float *acc, uint64_t i0, int m, float *tmp) {
    if (m == CODEC_BLOCK)
        return acc + i0;
    memset(tmp, 0, CODEC_BLOCK * sizeof(float));
    return tmp;
}

static void block_out_done(float *acc, uint64_t i0, int m, const float *tmp) {
    if (m < CODEC_BLOCK)
        for (int j = 0; j < m; j++)
            acc[i0 + (uint64_t)j] += tmp[j];
}

typedef struct quant_ctx_s {
    const uint8_t *scalars; /* the payload's per-bucket floats */
    double top;             /* qsgd: s; uniform: L = 2^Q - 1 */
    float w;
} quant_ctx_t;

/* Scaling for tiny buckets. Encoders: where top/scale would overflow a
 * float (scales below ~2^-100), the input is multiplied by pre = 2^64
 * (exactly) and the inverse divided by as much. Decoders: a decoded scale
 * below 2^-100 is kept 2^64 times larger and the product multiplied by
 * post = 2^-64 at the end, so that it is rounded once rather than as a
 * subnormal scale and again as the product. Both are 1 otherwise, an exact
 * no-op. */
#define TINY 0x1p-100

/* ---- qsgd ---------------------------------------------------------------- */

static void qsgd_enc_params(const void *ctx, uint64_t b, float *p) {
    const quant_ctx_t *q = ctx;
    float nf = codec_ldf(q->scalars, b);
    double iv = nf > 0 ? q->top / nf : 0.0;
    p[0] = 1.0f;
    if (iv > 1 / TINY) {
        p[0] = 0x1p64f;
        iv *= 0x1p-64;
    }
    p[1] = (float)iv;
}

/* r = (|x| * pre) * inv is the position in levels, rounded up with the
 * probability of its fraction. */
static void qsgd_block(const float *restrict x, const float *restrict pre,
                       const float *restrict inv, float smax, int q,
                       uint32_t key, uint32_t i0, uint32_t *restrict code) {
    float d[CODEC_BLOCK];
    codec_dither_block(codec_count(key, i0), d);
    for (int j = 0; j < CODEC_BLOCK; j++) {
        uint32_t u = codec_f2u(x[j]);
        float r = codec_u2f(u & 0x7fffffffu) * pre[j] * inv[j];
        r = r < smax ? r : smax;
        int32_t l = (int32_t)r;
        float p = r - (float)l;
        l += d[j] < p;
        /* A level of 0 gets no sign, so zeros stay all-zero bytes. */
        uint32_t neg = (u >> 31) & (uint32_t)(l != 0);
        code[j] = (uint32_t)l | neg << (q - 1);
    }
}

/* Stores bucket b's norm; TPS_EINVAL if it reaches 2^127. Rounded up, past
 * sum_squares's error too, so that |x| <= norm keeps every level <= s
 * (the norm's own accuracy does not matter: E[decode] = x for any scale);
 * below 2^127 so that norm/s * s cannot round past FLT_MAX on decode. */
static int qsgd_norm(const float *x, uint64_t n, uint64_t B, uint64_t b,
                     uint8_t *out) {
    uint64_t lo = b * B, len = min_u64(B, n - lo);
    double norm = sqrt(sum_squares(x + lo, len) * (1 + (double)len * 0x1p-27));
    float nf = (float)norm;
    if ((double)nf < norm)
        nf = nextafterf(nf, INFINITY);
    if (!(nf < 0x1p127f))
        return TPS_EINVAL;
    codec_stf(out, b, nf);
    return 0;
}

/* Each bucket's scalars are computed just before its first block is
 * quantised, so that the second read of its elements hits the cache: one
 * pass over x through memory instead of two. */
static int qsgd_encode(const tps__codec_t *c, const float *x, uint64_t n,
                       uint64_t seed, uint8_t *out) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B, done = 0;
    int q = c->bits, s = (1 << (q - 1)) - 1;
    uint8_t *codes = out + 4 * nb;
    quant_ctx_t ctx = {out, (double)s, 1.0f};
    uint32_t key = codec_key(seed, KEY_ROUNDING);
    lanes_t L;
    float pad[CODEC_BLOCK];
    uint32_t code[CODEC_BLOCK];
    lanes_init(&L, B, n);
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        for (uint64_t last = (i0 + (uint64_t)m - 1) / B; done <= last; done++)
            if (qsgd_norm(x, n, B, done, out) < 0)
                return TPS_EINVAL;
        lanes_fill(&L, 2, i0, m, B, n, qsgd_enc_params, &ctx);
        qsgd_block(block_in(x, i0, m, pad), L.v[0], L.v[1], (float)s, q, key,
                   (uint32_t)i0, code);
        store_codes(q, code, m, i0, codes);
    }
    return 0;
}

static void qsgd_dec_params(const void *ctx, uint64_t b, float *p) {
    const quant_ctx_t *q = ctx;
    double a = (double)q->w * codec_ldf(q->scalars, b) / q->top;
    p[1] = 1.0f;
    if (a != 0 && fabs(a) < TINY) {
        a *= 0x1p64;
        p[1] = 0x1p-64f;
    } else if (fabs(a) >= (double)FLT_MAX + 0x1p103) {
        /* A weight took the scale to what rounds to Inf as a float: every
         * level but 0 overflows, and level 0 must still add 0, where Inf
         * would give Inf * 0 = NaN. FLT_MAX, then twice it, does both. */
        a = copysign(FLT_MAX, a);
        p[1] = 2.0f;
    }
    p[0] = (float)a;
}

static void qsgd_acc_block(const uint32_t *restrict code,
                           const float *restrict scale,
                           const float *restrict post, int q,
                           float *restrict dst) {
    uint32_t mag = (1u << (q - 1)) - 1;
    for (int j = 0; j < CODEC_BLOCK; j++) {
        float v = (float)(int32_t)(code[j] & mag);
        v = codec_u2f(codec_f2u(v) | (code[j] >> (q - 1)) << 31);
        dst[j] += scale[j] * v * post[j];
    }
}

static void qsgd_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                     float w, float *acc) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B;
    int q = c->bits;
    quant_ctx_t ctx = {in, (double)((1 << (q - 1)) - 1), w};
    const uint8_t *codes = in + 4 * nb;
    lanes_t L;
    float tmp[CODEC_BLOCK];
    uint32_t code[CODEC_BLOCK];
    lanes_init(&L, B, n);
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        lanes_fill(&L, 2, i0, m, B, n, qsgd_dec_params, &ctx);
        load_codes(q, codes, m, i0, code);
        qsgd_acc_block(code, L.v[0], L.v[1], q, block_out(acc, i0, m, tmp));
        block_out_done(acc, i0, m, tmp);
    }
}

/* ---- uniform, linear scale -------------------------------------------------
 */

static void ulin_enc_params(const void *ctx, uint64_t b, float *p) {
    const quant_ctx_t *q = ctx;
    float mn = codec_ldf(q->scalars, 2 * b),
          mx = codec_ldf(q->scalars, 2 * b + 1);
    double range = (double)mx - (double)mn;
    double iv = range > 0 ? q->top / range : 0.0;
    p[0] = mn;
    p[1] = 1.0f;
    if (iv > 1 / TINY) {
        p[1] = 0x1p64f;
        iv *= 0x1p-64;
    }
    p[2] = (float)iv;
}

/* t = ((x - off) * pre) * inv is the position on the grid in steps. */
static void ulin_block(const float *restrict x, const float *restrict off,
                       const float *restrict pre, const float *restrict inv,
                       float top, int stochastic, uint32_t key, uint32_t i0,
                       uint32_t *restrict code) {
    if (stochastic) {
        float d[CODEC_BLOCK];
        codec_dither_block(codec_count(key, i0), d);
        for (int j = 0; j < CODEC_BLOCK; j++) {
            float t = (x[j] - off[j]) * pre[j] * inv[j];
            t = t < top ? t : top;
            int32_t l = (int32_t)t;
            float p = t - (float)l;
            l += d[j] < p;
            code[j] = (uint32_t)l;
        }
    } else {
        for (int j = 0; j < CODEC_BLOCK; j++) {
            float t = (x[j] - off[j]) * pre[j] * inv[j];
            t = t < top ? t : top;
            code[j] = (uint32_t)(int32_t)(t + 0.5f);
        }
    }
}

/* Stores bucket b's min and max; TPS_EINVAL if max - min exceeds FLT_MAX. */
static int ulin_range(const float *x, uint64_t n, uint64_t B, uint64_t b,
                      uint8_t *out) {
    uint64_t lo = b * B;
    float mn, mx;
    min_max(x + lo, min_u64(B, n - lo), &mn, &mx);
    if ((double)mx - (double)mn > FLT_MAX)
        return TPS_EINVAL;
    codec_stf(out, 2 * b, mn);
    codec_stf(out, 2 * b + 1, mx);
    return 0;
}

/* Scalars just in time, as in qsgd_encode. */
static int ulin_encode(const tps__codec_t *c, const float *x, uint64_t n,
                       uint64_t seed, uint8_t *out) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B, done = 0;
    int q = c->bits;
    uint8_t *codes = out + 8 * nb;
    quant_ctx_t ctx = {out, (double)((1u << q) - 1), 1.0f};
    uint32_t key = codec_key(seed, KEY_ROUNDING);
    lanes_t L;
    float pad[CODEC_BLOCK];
    uint32_t code[CODEC_BLOCK];
    lanes_init(&L, B, n);
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        for (uint64_t last = (i0 + (uint64_t)m - 1) / B; done <= last; done++)
            if (ulin_range(x, n, B, done, out) < 0)
                return TPS_EINVAL;
        lanes_fill(&L, 3, i0, m, B, n, ulin_enc_params, &ctx);
        ulin_block(block_in(x, i0, m, pad), L.v[0], L.v[1], L.v[2],
                   (float)ctx.top, c->stochastic, key, (uint32_t)i0, code);
        store_codes(q, code, m, i0, codes);
    }
    return 0;
}

/* base, step and cap are the bucket's min, step and max (times 2^64 when
 * post is 2^-64, see TINY). */
static void ulin_dec_params(const void *ctx, uint64_t b, float *p) {
    const quant_ctx_t *q = ctx;
    double mn = codec_ldf(q->scalars, 2 * b);
    double mx = codec_ldf(q->scalars, 2 * b + 1);
    double st = (mx - mn) / q->top, up = 1;
    p[3] = 1.0f;
    /* Such a step means |min|, |max| < 2^-60: scaling cannot overflow. */
    if (st != 0 && st < TINY) {
        up = 0x1p64;
        p[3] = 0x1p-64f;
    }
    p[0] = (float)(mn * up);
    p[1] = (float)(st * up);
    p[2] = (float)(mx * up);
}

/* Clamping at max keeps a rounding-up of min + k*step within the bucket's
 * range, which also keeps it finite when max is near FLT_MAX. */
static void
ulin_acc_block(const uint32_t *restrict code, const float *restrict base,
               const float *restrict step, const float *restrict cap,
               const float *restrict post, float w, float *restrict dst) {
    for (int j = 0; j < CODEC_BLOCK; j++) {
        float v = base[j] + step[j] * (float)(int32_t)code[j];
        v = v < cap[j] ? v : cap[j];
        dst[j] += w * (v * post[j]);
    }
}

static void ulin_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                     float w, float *acc) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B;
    int q = c->bits;
    quant_ctx_t ctx = {in, (double)((1u << q) - 1), w};
    const uint8_t *codes = in + 8 * nb;
    lanes_t L;
    float tmp[CODEC_BLOCK];
    uint32_t code[CODEC_BLOCK];
    lanes_init(&L, B, n);
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        lanes_fill(&L, 4, i0, m, B, n, ulin_dec_params, &ctx);
        load_codes(q, codes, m, i0, code);
        ulin_acc_block(code, L.v[0], L.v[1], L.v[2], L.v[3], w,
                       block_out(acc, i0, m, tmp));
        block_out_done(acc, i0, m, tmp);
    }
}

/* ---- uniform, log scale
 * ------------------------------------------------------ */

static int ulog_encode(const tps__codec_t *c, const float *x, uint64_t n,
                       uint64_t seed, uint8_t *out) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B;
    int q = c->bits;
    uint8_t *codes = out + 8 * nb;
    uint32_t key = codec_key(seed, KEY_ROUNDING);
    uint32_t code[CODEC_BLOCK];
    loglev_t L;
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t lo = b * B;
        float l, h;
        abs_range(x + lo, min_u64(B, n - lo), &l, &h);
        codec_stf(out, 2 * b, l);
        codec_stf(out, 2 * b + 1, h);
    }
    if (n == 0)
        return 0;
    /* Blocks start on multiples of CODEC_BLOCK for the packing; buckets are
     * tracked element by element here, as this path is scalar anyway. */
    uint64_t b = 0, end = min_u64(B, n);
    loglev_init(&L, codec_ldf(out, 0), codec_ldf(out, 1), q, end);
    float d[CODEC_BLOCK];
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        if (c->stochastic)
            codec_dither_block(codec_count(key, i0), d);
        for (int j = 0; j < m; j++) {
            uint64_t i = i0 + (uint64_t)j;
            if (i == end) {
                b++;
                end = min_u64(end + B, n);
                loglev_init(&L, codec_ldf(out, 2 * b),
                            codec_ldf(out, 2 * b + 1), q, end - i);
            }
            uint32_t u = codec_f2u(x[i]);
            float a = codec_u2f(u & 0x7fffffffu);
            if (a == 0) {
                code[j] = 0;
                continue;
            }
            int mc = log_code(&L, a, c->stochastic, d[j]);
            code[j] = (uint32_t)mc | (u >> 31) << (q - 1);
        }
        store_codes(q, code, m, i0, codes);
    }
    return 0;
}

static void ulog_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                     float w, float *acc) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B;
    int q = c->bits;
    uint32_t mag = (1u << (q - 1)) - 1;
    const uint8_t *codes = in + 8 * nb;
    uint32_t code[CODEC_BLOCK];
    loglev_t L;
    uint64_t b = 0, end = min_u64(B, n);
    if (n > 0)
        loglev_init(&L, codec_ldf(in, 0), codec_ldf(in, 1), q, end);
    for (uint64_t i0 = 0; i0 < n; i0 += CODEC_BLOCK) {
        int m = (int)min_u64(CODEC_BLOCK, n - i0);
        load_codes(q, codes, m, i0, code);
        for (int j = 0; j < m; j++) {
            uint64_t i = i0 + (uint64_t)j;
            if (i == end) {
                b++;
                end = min_u64(end + B, n);
                loglev_init(&L, codec_ldf(in, 2 * b), codec_ldf(in, 2 * b + 1),
                            q, end - i);
            }
            float v = loglev_get(&L, (int)(code[j] & mag));
            acc[i] += w * (code[j] >> (q - 1) ? -v : v);
        }
    }
}

/* ---- entry points
 * -------------------------------------------------------------- */

static int quant_encode(const tps__codec_t *c, const float *x, uint64_t n,
                        uint64_t seed, uint8_t *out) {
    if (c->kind == TPS_CODEC_QSGD)
        return qsgd_encode(c, x, n, seed, out);
    if (c->log_scale)
        return ulog_encode(c, x, n, seed, out);
    return ulin_encode(c, x, n, seed, out);
}

static int quant_check(const tps__codec_t *c, const uint8_t *in, uint64_t n) {
    uint64_t B = c->bucket, nb = (n + B - 1) / B;
    int qsgd = c->kind == TPS_CODEC_QSGD;
    for (uint64_t b = 0; b < nb; b++) {
        if (qsgd) {
            /* In [+0, 2^127): one compare on the bits also refuses -0,
             * negatives, Inf and NaN. */
            if (codec_ld32(in, b) >= 0x7f000000u)
                return TPS_EPROTO;
            continue;
        }
        uint32_t ul = codec_ld32(in, 2 * b), uh = codec_ld32(in, 2 * b + 1);
        float lo = codec_u2f(ul), hi = codec_u2f(uh);
        if (c->log_scale) {
            if (ul >= 0x7f800000u || uh >= 0x7f800000u || lo > hi ||
                (lo == 0) != (hi == 0))
                return TPS_EPROTO;
        } else if (!isfinite(lo) || !isfinite(hi) || lo > hi ||
                   (double)hi - (double)lo > FLT_MAX) {
            return TPS_EPROTO;
        }
    }
    uint64_t bits = (uint64_t)c->bits * n;
    if (bits % 8 != 0) {
        const uint8_t *last = in + (qsgd ? 4 : 8) * nb + bits / 8;
        if (*last >> (bits % 8) != 0)
            return TPS_EPROTO;
    }
    return 0;
}

static void quant_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                      uint64_t seed, float w, float *acc) {
    (void)seed;
    if (c->kind == TPS_CODEC_QSGD)
        qsgd_acc(c, in, n, w, acc);
    else if (c->log_scale)
        ulog_acc(c, in, n, w, acc);
    else
        ulin_acc(c, in, n, w, acc);
}

/* ---- the family's spec, validity and sizes ------------------------------ */

static int bits_allowed(int bits) {
    return bits == 2 || bits == 4 || bits == 8 || bits == 16;
}

/* The flags after Q: uniform's log and stochastic, each at most once. */
static int parse_flags(tps__codec_t *t, const char **pp, const char *spec,
                       char *err, size_t errlen) {
    const char *p = *pp;
    while (*p == ':') {
        p++;
        size_t len = codec_field_len(p);
        int *flag = NULL;
        if (t->kind == TPS_CODEC_UNIFORM && codec_field_is(p, len, "log"))
            flag = &t->log_scale;
        else if (t->kind == TPS_CODEC_UNIFORM &&
                 codec_field_is(p, len, "stochastic"))
            flag = &t->stochastic;
        if (flag == NULL)
            return tps__codec_fail(
                err, errlen, spec, "unknown option \"%.*s\"%s", (int)len, p,
                t->kind == TPS_CODEC_UNIFORM ? " (log, stochastic)"
                                             : " (qsgd takes only Q)");
        if (*flag)
            return tps__codec_fail(err, errlen, spec,
                                   "option \"%.*s\" given twice", (int)len, p);
        *flag = 1;
        p += len;
    }
    *pp = p;
    return 0;
}

static int quant_parse(tps__codec_t *t, const char *name, const char **pp,
                       const char *spec, uint32_t bucket, char *err,
                       size_t errlen) {
    const char *p = *pp;
    char *end;
    if (*p != ':' || !isdigit((unsigned char)p[1]))
        return tps__codec_fail(err, errlen, spec,
                               "needs the bits per element: "
                               "%s:Q with Q = 2, 4, 8 or 16",
                               name);
    errno = 0;
    long q = strtol(p + 1, &end, 10);
    if ((*end != ':' && *end != '\0') || errno == ERANGE ||
        !bits_allowed((int)q) || q != (int)q)
        return tps__codec_fail(err, errlen, spec, "Q must be 2, 4, 8 or 16");
    t->bits = (int)q;
    *pp = end;
    int rc = parse_flags(t, pp, spec, err, errlen);
    if (rc < 0)
        return rc;
    if (t->log_scale && t->bits == 2)
        return tps__codec_fail(err, errlen, spec,
                               "log scale needs Q >= 4 (Q = 2 "
                               "leaves one magnitude level)");
    if (bucket < 1 || bucket > TPS_CODEC_BUCKET_MAX)
        return tps__codec_fail(err, errlen, spec,
                               "bucket %lu is not in [1, %u]",
                               (unsigned long)bucket, TPS_CODEC_BUCKET_MAX);
    t->bucket = bucket;
    return 0;
}

static int quant_valid(const tps__codec_t *c) {
    if (!bits_allowed(c->bits) || c->bucket < 1 ||
        c->bucket > TPS_CODEC_BUCKET_MAX)
        return 0;
    if (c->kind == TPS_CODEC_QSGD && (c->log_scale || c->stochastic))
        return 0;
    if ((c->log_scale != 0 && c->log_scale != 1) ||
        (c->stochastic != 0 && c->stochastic != 1) ||
        (c->log_scale && c->bits == 2))
        return 0;
    return c->ratio == 0;
}

static void quant_describe(const tps__codec_t *c, const char *name,
                           const char *bias, char *buf, size_t len) {
    snprintf(buf, len, "%s:%d%s%s (bucket %lu, %s)", name, c->bits,
             c->log_scale ? ":log" : "", c->stochastic ? ":stochastic" : "",
             (unsigned long)c->bucket, bias);
}

static int quant_biased(const tps__codec_t *c) {
    return c->kind == TPS_CODEC_UNIFORM && !c->stochastic;
}

static uint64_t quant_wire_size(const tps__codec_t *c, uint64_t n) {
    uint64_t nb = c->bucket ? (n + c->bucket - 1) / c->bucket : 0;
    return (c->kind == TPS_CODEC_QSGD ? 4 : 8) * nb +
           ((uint64_t)c->bits * n + 7) / 8;
}

const tps__codec_ops_t tps__codec_quant_ops = {
    .parse = quant_parse,
    .valid = quant_valid,
    .describe = quant_describe,
    .biased = quant_biased,
    .wire_size = quant_wire_size,
    .encode = quant_encode,
    .check = quant_check,
    .acc = quant_acc,
    .pullable = 1,
};
