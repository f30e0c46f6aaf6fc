/* SPDX-License-Identifier: MIT */
/* Unit tests of the gradient codecs (tps_codec.h): spec parsing and the
 * packed wire identity, wire sizes against the formulas, round trips on edge
 * cases within each codec's stated error bound, the fp16/bf16 conversions
 * against an independent nearest-value oracle, unbiasedness of the
 * stochastic quantisers (and bias of the deterministic one), the
 * error-feedback invariant, top-k against a sort-based reference, randk's
 * index stream, randk, sign and qsgd's norms against scalar references
 * written here, and decoders fed random and mutated payloads.
 *
 * Statistical checks use fixed seeds and a tolerance of 5 standard errors,
 * so they fail on a wrong formula, not on bad luck. Payloads always sit in
 * heap buffers of exactly their length, so that under ASan a decoder reading
 * one byte too far is caught. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_codec.h"
#include "tps_rng.h"

#define NSE 5.0

/* ck_assert_* report every passing check to Check's parent (one write per
 * call), which costs minutes over millions of elements; this reports only
 * failures. */
#define CHECK(expr, ...)                                                       \
    do {                                                                       \
        if (!(expr))                                                           \
            ck_abort_msg(__VA_ARGS__);                                         \
    } while (0)
#define CHECK_TRUE(e) CHECK(e, "failed: %s", #e)
#define CHECK_INT(a, op, b)                                                    \
    do {                                                                       \
        intmax_t a_ = (intmax_t)(a), b_ = (intmax_t)(b);                       \
        CHECK(a_ op b_, "failed: %s %s %s (%jd vs %jd)", #a, #op, #b, a_, b_); \
    } while (0)
#define CHECK_UINT(a, op, b)                                                   \
    do {                                                                       \
        uintmax_t a_ = (uintmax_t)(a), b_ = (uintmax_t)(b);                    \
        CHECK(a_ op b_, "failed: %s %s %s (%ju vs %ju)", #a, #op, #b, a_, b_); \
    } while (0)

/* ---- helpers ------------------------------------------------------------- */

static tps__codec_t codec(const char *spec, uint32_t bucket) {
    tps__codec_t c;
    char err[256] = "";
    int rc = tps__codec_parse(&c, spec, bucket, err, sizeof(err));
    CHECK(rc == 0, "%s rejected: %s", spec, err);
    return c;
}

static float *randn(uint64_t n, uint64_t seed, double scale) {
    float *x = malloc((n ? n : 1) * sizeof(*x));
    CHECK_TRUE((x) != NULL);
    tps__rng_t r;
    tps__rng_seed(&r, seed, 99);
    for (uint64_t i = 0; i < n; i++)
        x[i] = (float)(tps__rng_normal(&r) * scale);
    return x;
}

/* Encodes into a heap buffer of exactly the wire size. */
static uint8_t *encode_new(const tps__codec_t *c, const float *x, uint64_t n,
                           uint64_t seed, size_t *len) {
    size_t need = tps__codec_wire_size(c, n);
    uint8_t *p = malloc(need ? need : 1);
    CHECK_TRUE((p) != NULL);
    int64_t rc = tps__codec_encode(c, x, n, seed, p, need);
    CHECK(rc == (int64_t)need, "encode returned %lld, wire size %zu",
          (long long)rc, need);
    *len = need;
    return p;
}

static float *decode_new(const tps__codec_t *c, const uint8_t *p, size_t len,
                         uint64_t n, uint64_t seed) {
    float *y = malloc((n ? n : 1) * sizeof(*y));
    CHECK_TRUE((y) != NULL);
    int rc = tps__codec_decode(c, p, len, n, seed, y);
    CHECK(rc == 0, "decode failed: error %d", rc);
    return y;
}

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static float rdf(const uint8_t *p) {
    uint32_t u = rd32(p);
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

static uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static float u2f(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* Distance to the next float up from |v|: the rounding unit there. */
static double ulp(double v) {
    float a = (float)fabs(v);
    return (double)nextafterf(a, INFINITY) - a;
}

static const char *const all_specs[] = {
    "none",
    "fp16",
    "bf16",
    "qsgd:2",
    "qsgd:4",
    "qsgd:8",
    "qsgd:16",
    "uniform:2",
    "uniform:4",
    "uniform:8",
    "uniform:16",
    "uniform:2:stochastic",
    "uniform:8:stochastic",
    "uniform:16:stochastic",
    "uniform:4:log",
    "uniform:8:log",
    "uniform:16:log",
    "uniform:4:log:stochastic",
    "uniform:16:log:stochastic",
    "topk:0.01",
    "topk:0.3",
    "topk:1",
    "randk:0.05",
    "randk:0.5",
    "randk:1",
    "sign",
};
#define NSPECS ((int)(sizeof(all_specs) / sizeof(all_specs[0])))

/* ---- parsing and the wire identity ----------------------------------------
 */

START_TEST(test_parse_accept) {
    for (int i = 0; i < NSPECS; i++) {
        tps__codec_t c = codec(all_specs[i], 100), d;
        char buf[128], spec[128];
        tps__codec_describe(&c, buf, sizeof(buf));
        /* The part before " (" is the canonical spec: it parses back. */
        size_t len = strcspn(buf, " ");
        CHECK_UINT(len, <, sizeof(spec));
        memcpy(spec, buf, len);
        spec[len] = '\0';
        ck_assert_str_eq(spec, all_specs[i]);
        d = codec(spec, 100);
        CHECK_TRUE(memcmp(&c, &d, sizeof(c)) == 0);
    }
    tps__codec_t c = codec("uniform:8:stochastic:log", 7);
    CHECK_INT(c.kind, ==, TPS_CODEC_UNIFORM);
    CHECK_TRUE(c.log_scale && c.stochastic && c.bits == 8 && c.bucket == 7);
    c = codec("qsgd:16", TPS_CODEC_BUCKET_MAX);
    CHECK_UINT(c.bucket, ==, TPS_CODEC_BUCKET_MAX);
    /* Non-quantising codecs ignore (and do not store) the bucket. */
    c = codec("topk:0.25", 0);
    CHECK_UINT(c.bucket, ==, 0);
    CHECK_TRUE(c.ratio == 0.25f);
}
END_TEST

START_TEST(test_parse_reject) {
    static const char *const bad[] = {
        "",           "nope",          "fp16:8",        "qsgd",
        "qsgd:",      "qsgd:3",        "qsgd:32",       "qsgd:8:log",
        "qsgd:8x",    "qsgd:-8",       "uniform:1",     "uniform:8:log:log",
        "uniform:8:", "uniform:8:sto", "uniform:2:log", "topk",
        "topk:",      "topk:0",        "topk:1.5",      "topk:-0.1",
        "topk:nan",   "topk:inf",      "topk:0.1x",     "topk:1e-50",
        "randk: 0.1", "sign:1",        "NONE",          "none:",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        tps__codec_t c;
        char err[256] = "";
        c.kind = TPS_CODEC_SIGN;
        int rc = tps__codec_parse(&c, bad[i], 64, err, sizeof(err));
        CHECK(rc == TPS_EINVAL, "\"%s\" accepted", bad[i]);
        CHECK_INT(c.kind, ==, TPS_CODEC_NONE);
        /* The message names the spec. */
        char quoted[64];
        snprintf(quoted, sizeof(quoted), "\"%s\"", bad[i]);
        CHECK(strstr(err, quoted) != NULL, "message \"%s\" for %s", err,
              bad[i]);
    }
    tps__codec_t c;
    char err[256];
    CHECK_INT(tps__codec_parse(&c, "qsgd:8", 0, err, sizeof(err)), ==,
              TPS_EINVAL);
    CHECK_INT(tps__codec_parse(&c, "uniform:8", TPS_CODEC_BUCKET_MAX + 1, err,
                               sizeof(err)),
              ==, TPS_EINVAL);
    CHECK_INT(tps__codec_parse(&c, NULL, 64, NULL, 0), ==, TPS_EINVAL);
}
END_TEST

START_TEST(test_pack_unpack) {
    for (int i = 0; i < NSPECS; i++) {
        tps__codec_t c = codec(all_specs[i], 1000), d;
        uint32_t id;
        float ratio;
        tps__codec_pack(&c, &id, &ratio);
        CHECK_INT(tps__codec_unpack(&d, id, ratio), ==, 0);
        CHECK(memcmp(&c, &d, sizeof(c)) == 0, "%s", all_specs[i]);
    }
    uint32_t id;
    float ratio;
    tps__codec_t c = codec("none", 1);
    tps__codec_pack(&c, &id, &ratio);
    CHECK_UINT(id, ==, 0);
    CHECK_TRUE(ratio == 0);

    /* Hand-made invalid identities. */
    struct {
        uint32_t id;
        float ratio;
    } bad[] = {
        {8, 0},                                  /* unknown kind */
        {15, 0},                                 /* unknown kind */
        {3 | 3u << 4 | 64u << 11, 0},            /* qsgd:3 */
        {3 | 8u << 4, 0},                        /* qsgd bucket 0 */
        {3 | 8u << 4 | (1u << 20 | 1) << 11, 0}, /* bucket too large */
        {3 | 8u << 4 | 1u << 9 | 64u << 11, 0},  /* qsgd with log */
        {4 | 2u << 4 | 1u << 9 | 64u << 11, 0},  /* uniform:2:log */
        {4 | 0u << 4 | 64u << 11, 0},            /* uniform Q 0 */
        {5, 0},                                  /* topk ratio 0 */
        {5, 1.5f},                               /* ratio > 1 */
        {6, -0.1f},                              /* ratio < 0 */
        {5, NAN},                                /* NaN ratio */
        {5, INFINITY},                           /* Inf ratio */
        {1, 0.5f},                               /* ratio on fp16 */
        {7 | 8u << 4, 0},                        /* Q on sign */
        {0 | 64u << 11, 0},                      /* bucket on none */
        {5 | 1u << 10, 0.5f},                    /* stochastic on topk */
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        c.kind = TPS_CODEC_SIGN;
        CHECK(tps__codec_unpack(&c, bad[i].id, bad[i].ratio) == TPS_EINVAL,
              "id 0x%x ratio %g accepted", bad[i].id, (double)bad[i].ratio);
        CHECK_INT(c.kind, ==, TPS_CODEC_NONE);
    }
    /* Whatever unpack accepts packs back to the same bits. Half the ids
     * are random, half assembled from plausible and implausible fields. */
    static const uint32_t qs[] = {0, 1, 2, 3, 4, 8, 16, 31};
    static const uint32_t bs[] = {0, 1, 64, 1u << 20, (1u << 20) + 1};
    static const float rs[] = {0.0f,       1e-45f, 0.01f, 1.0f,
                               1.0000001f, -0.5f,  NAN};
    tps__rng_t r;
    tps__rng_seed(&r, 5, 0);
    int accepted = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t v = tps__rng_next(&r);
        uint32_t rid = (uint32_t)v;
        float rr = u2f((uint32_t)(v >> 32));
        if (i % 2) {
            rid = (uint32_t)(v & 15) | qs[v >> 4 & 7] << 4 |
                  (uint32_t)(v >> 7 & 3) << 9 | bs[(v >> 9) % 5] << 11;
            rr = rs[(v >> 32) % 7];
        }
        tps__codec_t d;
        if (tps__codec_unpack(&d, rid, rr) != 0)
            continue;
        accepted++;
        uint32_t id2;
        float r2;
        tps__codec_pack(&d, &id2, &r2);
        CHECK_UINT(id2, ==, rid);
        CHECK_TRUE(f2u(r2) == f2u(rr));
        CHECK_UINT(tps__codec_wire_size(&d, 1000), !=, SIZE_MAX);
    }
    CHECK_INT(accepted, >, 200);
}
END_TEST

START_TEST(test_biased_and_k) {
    CHECK_INT(tps__codec_biased(&(tps__codec_t){.kind = TPS_CODEC_NONE}), ==,
              0);
    static const struct {
        const char *spec;
        int biased, pullable;
    } b[] = {{"none", 0, 1},          {"fp16", 1, 1},
             {"bf16", 1, 1},          {"qsgd:4", 0, 1},
             {"uniform:4", 1, 1},     {"uniform:4:stochastic", 0, 1},
             {"uniform:4:log", 1, 1}, {"uniform:4:log:stochastic", 0, 1},
             {"topk:0.1", 1, 0},      {"randk:0.1", 1, 0},
             {"sign", 1, 0}};
    for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
        tps__codec_t c = codec(b[i].spec, 64);
        CHECK(tps__codec_biased(&c) == b[i].biased, "%s", b[i].spec);
        CHECK(tps__codec_pullable(&c) == b[i].pullable, "%s", b[i].spec);
    }
    CHECK_INT(tps__codec_pullable(&(tps__codec_t){.kind = 15}), ==, 0);
    /* The float 0.1 is above one tenth; k must still be ceil(0.1 n). */
    tps__codec_t c = codec("topk:0.1", 0);
    CHECK_UINT(tps__codec_k(&c, 10), ==, 1);
    CHECK_UINT(tps__codec_k(&c, 11), ==, 2);
    CHECK_UINT(tps__codec_k(&c, 0), ==, 0);
    CHECK_UINT(tps__codec_k(&c, 1), ==, 1);
    c = codec("topk:0.01", 0);
    CHECK_UINT(tps__codec_k(&c, 10000000), ==, 100000);
    CHECK_UINT(tps__codec_k(&c, 10000001), ==, 100001);
}
END_TEST

/* ---- wire sizes ------------------------------------------------------------
 */

/* k = ceil(num*n/den) in integers: the decimal ratio, not its float. */
static uint64_t ref_k(uint64_t num, uint64_t den, uint64_t n) {
    if (n == 0)
        return 0;
    uint64_t k = (num * n + den - 1) / den;
    return k < 1 ? 1 : k > n ? n : k;
}

START_TEST(test_wire_sizes) {
    static const struct {
        const char *spec;
        uint64_t num, den; /* ratio of topk/randk */
    } specs[] = {
        {"none", 0, 1},          {"fp16", 0, 1},
        {"bf16", 0, 1},          {"qsgd:2", 0, 1},
        {"qsgd:4", 0, 1},        {"qsgd:8", 0, 1},
        {"qsgd:16", 0, 1},       {"uniform:2", 0, 1},
        {"uniform:4:log", 0, 1}, {"uniform:8:stochastic", 0, 1},
        {"uniform:16", 0, 1},    {"topk:0.01", 1, 100},
        {"topk:0.1", 1, 10},     {"topk:0.3", 3, 10},
        {"topk:1", 1, 1},        {"randk:0.05", 5, 100},
        {"randk:0.5", 1, 2},     {"randk:0.7", 7, 10},
        {"sign", 0, 1},
    };
    static const uint64_t ns[] = {0,  1,  7,   8,    9,    10,   63,
                                  64, 65, 100, 1000, 1001, 4097, 30011};
    static const uint32_t buckets[] = {1, 5, 64, 512};
    for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++)
        for (size_t b = 0; b < sizeof(buckets) / sizeof(buckets[0]); b++)
            for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
                tps__codec_t c = codec(specs[s].spec, buckets[b]);
                uint64_t n = ns[t], B = buckets[b], nb = (n + B - 1) / B;
                uint64_t q = (uint64_t)c.bits, want = 0;
                switch (c.kind) {
                case TPS_CODEC_NONE:
                    want = 4 * n;
                    break;
                case TPS_CODEC_FP16:
                case TPS_CODEC_BF16:
                    want = 2 * n;
                    break;
                case TPS_CODEC_QSGD:
                    want = (q * n + 7) / 8 + 4 * nb;
                    break;
                case TPS_CODEC_UNIFORM:
                    want = (q * n + 7) / 8 + 8 * nb;
                    break;
                case TPS_CODEC_TOPK:
                    want = 8 * ref_k(specs[s].num, specs[s].den, n);
                    break;
                case TPS_CODEC_RANDK:
                    want = 4 * ref_k(specs[s].num, specs[s].den, n);
                    break;
                case TPS_CODEC_SIGN:
                    want = (n + 7) / 8 + 4;
                    break;
                }
                CHECK(tps__codec_wire_size(&c, n) == want,
                      "%s bucket %u n %llu: %zu != %llu", specs[s].spec,
                      buckets[b], (unsigned long long)n,
                      tps__codec_wire_size(&c, n), (unsigned long long)want);
                /* encode_new asserts that encode writes exactly that. */
                float *x = randn(n, n + s, 1.0);
                size_t len;
                free(encode_new(&c, x, n, 3, &len));
                free(x);
            }
    tps__codec_t c = codec("fp16", 0);
    CHECK_UINT(tps__codec_wire_size(&c, TPS_CODEC_MAX_N + 1), ==, SIZE_MAX);
}
END_TEST

/* ---- round trips
 * ------------------------------------------------------------- */

/* Asserts that y = decode(encode(x)) is within the codec's stated bound. */
static void check_bound(const tps__codec_t *c, const char *what, const float *x,
                        const float *y, uint64_t n, const uint8_t *p) {
    uint64_t B = c->bucket;
    switch (c->kind) {
    case TPS_CODEC_NONE:
        for (uint64_t i = 0; i < n; i++)
            CHECK(x[i] == y[i], "%s none [%llu]", what, (unsigned long long)i);
        break;
    case TPS_CODEC_FP16:
    case TPS_CODEC_BF16: {
        int h = c->kind == TPS_CODEC_FP16;
        double maxv = h ? 65504.0 : 0x1.fep127;
        double minnorm = h ? 0x1p-14 : 0x1p-126;
        double rel = h ? 0x1p-11 : 0x1p-8;
        double subabs = h ? 0x1p-25 : 0x1p-134;
        for (uint64_t i = 0; i < n; i++) {
            double a = fabs((double)x[i]), e = fabs((double)y[i] - x[i]);
            int ok;
            if (a > maxv)
                ok = y[i] == copysignf((float)maxv, x[i]);
            else if (a >= minnorm)
                ok = e <= rel * a;
            else
                ok = e <= subabs;
            CHECK(ok, "%s %s [%llu]: %a -> %a", what, h ? "fp16" : "bf16",
                  (unsigned long long)i, (double)x[i], (double)y[i]);
        }
        break;
    }
    case TPS_CODEC_QSGD: {
        double s = (double)((1 << (c->bits - 1)) - 1);
        for (uint64_t b0 = 0; b0 < n; b0 += B) {
            uint64_t b1 = b0 + B < n ? b0 + B : n;
            double ss = 0;
            for (uint64_t i = b0; i < b1; i++)
                ss += (double)x[i] * x[i];
            double step = sqrt(ss) / s;
            for (uint64_t i = b0; i < b1; i++) {
                double e = fabs((double)y[i] - x[i]);
                CHECK(e <= step * (1 + 1e-6) + ulp(x[i]) &&
                          (double)x[i] * y[i] >= 0,
                      "%s qsgd [%llu]: %a -> %a (step %a)", what,
                      (unsigned long long)i, (double)x[i], (double)y[i], step);
            }
        }
        break;
    }
    case TPS_CODEC_UNIFORM: {
        for (uint64_t b0 = 0; b0 < n; b0 += B) {
            uint64_t b1 = b0 + B < n ? b0 + B : n;
            if (!c->log_scale) {
                double mn = x[b0], mx = x[b0];
                for (uint64_t i = b0; i < b1; i++) {
                    mn = fmin(mn, x[i]);
                    mx = fmax(mx, x[i]);
                }
                double step = (mx - mn) / ((1 << c->bits) - 1);
                double tol = (c->stochastic ? step : step / 2) * (1 + 1e-6) +
                             4 * ulp(fmax(fabs(mn), fabs(mx)));
                for (uint64_t i = b0; i < b1; i++)
                    CHECK(fabs((double)y[i] - x[i]) <= tol && y[i] >= mn &&
                              y[i] <= mx,
                          "%s uniform [%llu]: %a -> %a (step %a)", what,
                          (unsigned long long)i, (double)x[i], (double)y[i],
                          step);
                continue;
            }
            double lo = INFINITY, hi = 0;
            for (uint64_t i = b0; i < b1; i++) {
                double a = fabs((double)x[i]);
                if (a > 0)
                    lo = fmin(lo, a);
                hi = fmax(hi, a);
            }
            int M = (1 << (c->bits - 1)) - 1;
            double r = hi > 0 ? pow(hi / lo, 1.0 / (M - 1)) : 1;
            double lim = (c->stochastic ? r : sqrt(r)) * (1 + 1e-5);
            /* Relative to |x|, plus the float spacing of the level itself
             * (which matters for subnormals only). */
            for (uint64_t i = b0; i < b1; i++) {
                double a = fabs((double)x[i]), e = fabs((double)y[i] - x[i]);
                int ok = x[i] == 0 ? y[i] == 0
                                   : (double)x[i] * y[i] > 0 &&
                                         e <= a * (lim - 1) + 2 * ulp(a);
                CHECK(ok, "%s uniform log [%llu]: %a -> %a (ratio %g)", what,
                      (unsigned long long)i, (double)x[i], (double)y[i], r);
            }
        }
        break;
    }
    case TPS_CODEC_TOPK:
    case TPS_CODEC_RANDK: {
        uint64_t k = tps__codec_k(c, n), kept = 0;
        for (uint64_t i = 0; i < n; i++) {
            CHECK(y[i] == 0 || y[i] == x[i], "%s sparse [%llu]", what,
                  (unsigned long long)i);
            kept += y[i] != 0;
        }
        CHECK_UINT(kept, <=, k);
        if (c->kind == TPS_CODEC_TOPK) {
            /* The payload's values are exactly x at its indices. */
            uint64_t idx = 0;
            for (uint64_t j = 0; j < k; j++) {
                idx += rd32(p + 4 * j);
                CHECK_UINT(idx, <, n);
                CHECK_TRUE(f2u(rdf(p + 4 * k + 4 * j)) == f2u(x[idx]));
            }
        }
        break;
    }
    case TPS_CODEC_SIGN: {
        double sum = 0;
        for (uint64_t i = 0; i < n; i++)
            sum += fabs((double)x[i]);
        double s = n ? sum / (double)n : 0;
        for (uint64_t i = 0; i < n; i++) {
            double want = signbit(x[i]) ? -s : s;
            CHECK(fabs(y[i] - want) <= 1e-6 * s + ulp(s), "%s sign [%llu]",
                  what, (unsigned long long)i);
        }
        break;
    }
    }
}

/* Edge-case inputs by number: returns n and fills x (room for 1000). */
static uint64_t edge_input(int which, float *x, const char **what) {
    tps__rng_t r;
    tps__rng_seed(&r, (uint64_t)which, 1);
    switch (which) {
    case 0:
        *what = "n = 1";
        x[0] = -0.7f;
        return 1;
    case 1:
        *what = "n = 13";
        for (int i = 0; i < 13; i++)
            x[i] = (float)tps__rng_normal(&r);
        return 13;
    case 2:
        *what = "n = 1000";
        for (int i = 0; i < 1000; i++)
            x[i] = (float)tps__rng_normal(&r) * 1e-3f;
        return 1000;
    case 3:
        *what = "all zeros";
        memset(x, 0, 100 * sizeof(float));
        return 100;
    case 4:
        *what = "one huge value";
        for (int i = 0; i < 300; i++)
            x[i] = (float)tps__rng_normal(&r);
        x[123] = 1e30f;
        return 300;
    case 5:
        *what = "denormals";
        for (int i = 0; i < 77; i++)
            x[i] = (float)(tps__rng_normal(&r) * 1e-40);
        x[3] = FLT_TRUE_MIN;
        x[4] = -FLT_TRUE_MIN;
        x[5] = 0;
        return 77;
    case 6:
        *what = "denormals and normals";
        for (int i = 0; i < 200; i++)
            x[i] = (float)(i % 2 ? tps__rng_normal(&r) * 1e-41
                                 : tps__rng_normal(&r) * 1e-5);
        return 200;
    case 7:
        *what = "fp16 range edges";
        {
            static const float v[] = {65504.0f,   65519.0f, 65520.0f, 1e6f,
                                      -1e6f,      0x1p-14f, 0x1p-24f, 0x1p-25f,
                                      0x1.8p-25f, 3e38f,    -3.3e38f, 0.1f,
                                      -0.0f,      5.96e-8f, 6.1e-5f};
            memcpy(x, v, sizeof(v));
            return sizeof(v) / sizeof(v[0]);
        }
    case 8:
        *what = "constant";
        for (int i = 0; i < 50; i++)
            x[i] = 2.5f;
        return 50;
    default:
        *what = "ties";
        for (int i = 0; i < 129; i++)
            x[i] = (float)((int)(tps__rng_uniform(&r) * 7) - 3);
        return 129;
    }
}

START_TEST(test_roundtrip_edges) {
    static const uint32_t buckets[] = {1, 7, 64, 512};
    float x[1000];
    for (int s = 0; s < NSPECS; s++)
        for (size_t b = 0; b < sizeof(buckets) / sizeof(buckets[0]); b++)
            for (int e = 0; e < 10; e++) {
                const char *what;
                uint64_t n = edge_input(e, x, &what);
                tps__codec_t c = codec(all_specs[s], buckets[b]);
                /* qsgd's norm and uniform's range must fit a float: the huge
                 * inputs near FLT_MAX are for the others (tested below). */
                if (e == 7 && (c.kind == TPS_CODEC_QSGD ||
                               (c.kind == TPS_CODEC_UNIFORM && !c.log_scale &&
                                buckets[b] > 1)))
                    continue;
                char what2[128];
                snprintf(what2, sizeof(what2), "%s bucket %u, %s", all_specs[s],
                         buckets[b], what);
                float *xs = malloc(n * sizeof(float));
                CHECK_TRUE((xs) != NULL);
                memcpy(xs, x, n * sizeof(float));
                size_t len;
                uint8_t *p = encode_new(&c, xs, n, 11, &len);
                float *y = decode_new(&c, p, len, n, 11);
                check_bound(&c, what2, xs, y, n, p);
                /* decode_acc adds w times the same values. */
                float *acc = malloc(n * sizeof(float));
                CHECK_TRUE((acc) != NULL);
                for (uint64_t i = 0; i < n; i++)
                    acc[i] = 1.0f;
                CHECK_INT(tps__codec_decode_acc(&c, p, len, n, 11, 0.5f, acc),
                          ==, 0);
                for (uint64_t i = 0; i < n; i++)
                    CHECK(acc[i] == 1.0f + 0.5f * y[i], "%s acc [%llu]", what2,
                          (unsigned long long)i);
                free(acc);
                free(y);
                free(p);
                free(xs);
            }
}
END_TEST

START_TEST(test_range_limits) {
    /* qsgd: a bucket whose L2 norm reaches 2^127 is refused, alone fine. */
    float big[2] = {1.5e38f, -1.5e38f};
    uint8_t out[64];
    tps__codec_t c = codec("qsgd:8", 2);
    CHECK_INT(tps__codec_encode(&c, big, 2, 1, out, sizeof(out)), ==,
              TPS_EINVAL);
    c = codec("qsgd:8", 1);
    CHECK_INT(tps__codec_encode(&c, big, 2, 1, out, sizeof(out)), >, 0);
    /* uniform: a range beyond FLT_MAX is refused; log scale has none. */
    float wide[2] = {-3e38f, 3e38f};
    c = codec("uniform:8", 2);
    CHECK_INT(tps__codec_encode(&c, wide, 2, 1, out, sizeof(out)), ==,
              TPS_EINVAL);
    c = codec("uniform:8:log", 2);
    CHECK_INT(tps__codec_encode(&c, wide, 2, 1, out, sizeof(out)), >, 0);
    /* Near FLT_MAX within range: decoded values stay finite. */
    float edge[3] = {FLT_MAX, 0.0f, FLT_MAX / 3};
    for (int q = 2; q <= 16; q *= 2) {
        char spec[32];
        snprintf(spec, sizeof(spec), "uniform:%d", q);
        c = codec(spec, 3);
        size_t len;
        uint8_t *p = encode_new(&c, edge, 3, 1, &len);
        float *y = decode_new(&c, p, len, 3, 1);
        check_bound(&c, spec, edge, y, 3, p);
        free(y);
        free(p);
    }
}
END_TEST

/* Found by tests/fuzz/fuzz_codec (regress/codec/qsgd-weight-overflow): a
 * weight that takes a qsgd bucket's scale past FLT_MAX made decode_acc add
 * Inf * 0 = NaN for the elements at level 0, which add nothing. */
START_TEST(test_weight_overflow) {
    float x[4] = {1.5e38f, 0.0f, -1.5e38f, 0.0f};
    for (int q = 2; q <= 16; q *= 2) {
        char spec[16];
        snprintf(spec, sizeof(spec), "qsgd:%d", q);
        tps__codec_t c = codec(spec, 2);
        size_t len;
        uint8_t *p = encode_new(&c, x, 4, 1, &len);
        float acc[4] = {0};
        float w = q == 2 ? 4.0f : 1e6f;
        CHECK_INT(tps__codec_decode_acc(&c, p, len, 4, 1, w, acc), ==, 0);
        for (int i = 0; i < 4; i++)
            CHECK(x[i] == 0 ? acc[i] == 0 : !isnan(acc[i]),
                  "%s, w %g: element %d (%g) adds %g", spec, (double)w, i,
                  (double)x[i], (double)acc[i]);
        free(p);
    }
}
END_TEST

START_TEST(test_nonfinite_rejected) {
    static const float bad[] = {NAN, INFINITY, -INFINITY};
    for (int s = 0; s < NSPECS; s++)
        for (int v = 0; v < 3; v++) {
            tps__codec_t c = codec(all_specs[s], 16);
            float *x = randn(100, 7, 1.0);
            x[57] = bad[v];
            size_t cap = tps__codec_wire_size(&c, 100);
            uint8_t *out = malloc(cap), *orig = malloc(cap);
            CHECK_TRUE(out != NULL && orig != NULL);
            memset(out, 0xa5, cap);
            memcpy(orig, out, cap);
            CHECK_INT(tps__codec_encode(&c, x, 100, 1, out, cap), ==,
                      TPS_EINVAL);
            CHECK(memcmp(out, orig, cap) == 0, "%s wrote before rejecting",
                  all_specs[s]);
            free(out);
            free(orig);
            free(x);
        }
}
END_TEST

START_TEST(test_arguments) {
    float x[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    uint8_t out[64], keep[64];
    tps__codec_t c = codec("fp16", 0);
    memset(out, 0x5a, sizeof(out));
    memcpy(keep, out, sizeof(out));
    CHECK_INT(tps__codec_encode(&c, x, 10, 0, out, 19), ==, TPS_E2BIG);
    CHECK_TRUE(memcmp(out, keep, sizeof(out)) == 0);
    CHECK_INT(tps__codec_encode(&c, x, TPS_CODEC_MAX_N + 1, 0, out, 64), ==,
              TPS_E2BIG);
    tps__codec_t bad = c;
    bad.bits = 8;
    CHECK_INT(tps__codec_encode(&bad, x, 10, 0, out, 64), ==, TPS_EINVAL);
    CHECK_INT(tps__codec_encode(&c, x, 10, 0, out, 20), ==, 20);
    float acc[10] = {0};
    CHECK_INT(tps__codec_decode_acc(&c, out, 20, 10, 0, NAN, acc), ==,
              TPS_EINVAL);
    CHECK_INT(tps__codec_decode_acc(&c, out, 20, 10, 0, INFINITY, acc), ==,
              TPS_EINVAL);
    CHECK_INT(tps__codec_decode_acc(&bad, out, 20, 10, 0, 1, acc), ==,
              TPS_EINVAL);
    CHECK_INT(tps__codec_decode_acc(&c, out, 20, 11, 0, 1, acc), ==,
              TPS_EPROTO);
    CHECK_INT(tps__codec_decode_acc(&c, out, 20, 10, 0, 1, acc), ==, 0);
    /* Equal inputs and seed: equal bytes; another seed: other rounding. */
    tps__codec_t q = codec("qsgd:4", 64);
    float *g = randn(1000, 3, 1.0);
    size_t l1, l2, l3;
    uint8_t *p1 = encode_new(&q, g, 1000, 42, &l1);
    uint8_t *p2 = encode_new(&q, g, 1000, 42, &l2);
    uint8_t *p3 = encode_new(&q, g, 1000, 43, &l3);
    CHECK_TRUE(memcmp(p1, p2, l1) == 0);
    CHECK_TRUE(memcmp(p1, p3, l1) != 0);
    free(p1);
    free(p2);
    free(p3);
    free(g);
}
END_TEST

/* ---- fp16 and bf16 conversions
 * ------------------------------------------------ */

/* Independent decoding by the definition of binary16. */
static double half_value(uint32_t h) {
    int e = (int)(h >> 10 & 31);
    double m = (double)(h & 1023), v;
    if (e == 31)
        v = m == 0 ? INFINITY : NAN;
    else if (e == 0)
        v = ldexp(m, -24);
    else
        v = ldexp(1024 + m, e - 25);
    return h & 0x8000 ? -v : v;
}

START_TEST(test_fp16_conversions) {
    /* Every binary16 value decodes exactly and converts back to itself. */
    for (uint32_t h = 0; h < 65536; h++) {
        double want = half_value(h);
        float got = tps__f16_to_f32((uint16_t)h);
        if (isnan(want)) {
            CHECK_TRUE(isnan(got));
            /* NaN stays NaN (quieted), sign and top payload bits kept. */
            CHECK_UINT(tps__f32_to_f16(got), ==, h | 0x200);
            continue;
        }
        CHECK((double)got == want && !signbit(got) == !signbit(want),
              "0x%04x -> %a, want %a", h, (double)got, want);
        CHECK_UINT(tps__f32_to_f16(got), ==, h);
    }
    /* Random floats round to the nearest binary16, ties to even; beyond
     * 65520 to Inf. The neighbours h-1 and h+1 bracket the value. */
    tps__rng_t r;
    tps__rng_seed(&r, 16, 0);
    for (int i = 0; i < 2000000; i++) {
        uint32_t u = (uint32_t)tps__rng_next(&r);
        /* Mostly the interesting exponents (subnormal to overflow). */
        if (i % 4 != 0)
            u = (u & 0x807fffffu) | (uint32_t)(100 + (u >> 23) % 45) << 23;
        if (i % 7 == 0)
            u &= 0xffffe000u | 0x1000u; /* exact ties */
        float x = u2f(u);
        if (isnan(x))
            continue;
        uint32_t h = tps__f32_to_f16(x);
        double ax = fabs((double)x);
        if (ax >= 65520.0) {
            CHECK_UINT(h & 0x7fff, ==, 0x7c00);
            continue;
        }
        CHECK_UINT(h >> 15, ==, u >> 31);
        uint32_t m = h & 0x7fff;
        double d0 = fabs(half_value(m) - ax);
        if (m > 0)
            CHECK_TRUE(d0 <= fabs(half_value(m - 1) - ax));
        if (m < 0x7bff) {
            double d1 = fabs(half_value(m + 1) - ax);
            CHECK(d0 <= d1, "%a -> 0x%04x", (double)x, h);
        }
        if ((m > 0 && d0 == fabs(half_value(m - 1) - ax)) ||
            (m < 0x7bff && d0 == fabs(half_value(m + 1) - ax)))
            CHECK((m & 1) == 0, "tie %a -> 0x%04x not even", (double)x, h);
    }
    CHECK_UINT(tps__f32_to_f16(65504.0f), ==, 0x7bff);
    CHECK_UINT(tps__f32_to_f16(65519.996f), ==, 0x7bff);
    CHECK_UINT(tps__f32_to_f16(65520.0f), ==, 0x7c00);
    CHECK_UINT(tps__f32_to_f16(-INFINITY), ==, 0xfc00);
    CHECK_UINT(tps__f32_to_f16(0x1p-25f), ==, 0);        /* tie to even */
    CHECK_UINT(tps__f32_to_f16(0x1.8p-24f), ==, 2);      /* tie to even */
    CHECK_UINT(tps__f32_to_f16(0x1.000002p-25f), ==, 1); /* above tie */
    CHECK_UINT(tps__f32_to_f16(FLT_TRUE_MIN), ==, 0);
    CHECK_UINT(tps__f32_to_f16(-0.0f), ==, 0x8000);

    /* The codec's encoder is the same rounding where no saturation occurs. */
    uint64_t n = 100000;
    float *x = malloc(n * sizeof(float));
    CHECK_TRUE((x) != NULL);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t u = (uint32_t)tps__rng_next(&r);
        x[i] = u2f((u & 0x807fffffu) | (uint32_t)(100 + (u >> 23) % 42) << 23);
    }
    tps__codec_t c = codec("fp16", 0);
    size_t len;
    uint8_t *p = encode_new(&c, x, n, 0, &len);
    for (uint64_t i = 0; i < n; i++)
        CHECK_UINT((uint32_t)p[2 * i] | (uint32_t)p[2 * i + 1] << 8, ==,
                   tps__f32_to_f16(x[i]));
    free(p);
    free(x);
}
END_TEST

START_TEST(test_bf16_conversions) {
    for (uint32_t h = 0; h < 65536; h++) {
        float got = tps__bf16_to_f32((uint16_t)h);
        CHECK_UINT(f2u(got), ==, h << 16);
        if (!isnan(got))
            CHECK_UINT(tps__f32_to_bf16(got), ==, h);
        else
            CHECK_UINT(tps__f32_to_bf16(got), ==, h | 0x40);
    }
    tps__rng_t r;
    tps__rng_seed(&r, 17, 0);
    for (int i = 0; i < 2000000; i++) {
        uint32_t u = (uint32_t)tps__rng_next(&r);
        if (i % 5 == 0)
            u = (u & 0xffff0000u) | 0x8000u; /* exact ties */
        float x = u2f(u);
        if (isnan(x) || isinf(x))
            continue;
        uint32_t h = tps__f32_to_bf16(x);
        uint32_t lo = u >> 16, hi = lo + 1;
        double d_lo = fabs((double)u2f(lo << 16) - x);
        /* Past the largest finite value, IEEE rounds as if to 2^128. */
        double vhi = (hi & 0x7fff) == 0x7f80 ? copysign(0x1p128, x)
                                             : (double)u2f(hi << 16);
        double d_hi = fabs(vhi - x);
        uint32_t want = d_lo < d_hi   ? lo
                        : d_hi < d_lo ? hi
                                      : (lo & 1 ? hi : lo);
        CHECK(h == want, "%a -> 0x%04x, want 0x%04x", (double)x, h, want);
    }
    CHECK_UINT(tps__f32_to_bf16(FLT_MAX), ==, 0x7f80); /* rounds to Inf */
    tps__codec_t c = codec("bf16", 0);
    float big[2] = {FLT_MAX, -FLT_MAX};
    uint8_t out[4];
    CHECK_INT(tps__codec_encode(&c, big, 2, 0, out, 4), ==, 4);
    CHECK_UINT(out[0] | out[1] << 8, ==, 0x7f7f); /* the codec saturates */
    CHECK_UINT(out[2] | out[3] << 8, ==, 0xff7f);
}
END_TEST

/* ---- unbiasedness
 * --------------------------------------------------------------- */

#define NDECODE 20000

/* Mean, standard error and the smallest and largest value over NDECODE
 * seeds of each coordinate of decode(encode(x)). */
static void decode_moments(const tps__codec_t *c, const float *x, uint64_t n,
                           double *mean, double *se, float *lo, float *hi) {
    double *s1 = calloc(n, sizeof(double)), *s2 = calloc(n, sizeof(double));
    CHECK_TRUE(s1 != NULL && s2 != NULL);
    size_t cap = tps__codec_wire_size(c, n);
    uint8_t *p = malloc(cap);
    float *y = malloc(n * sizeof(float));
    CHECK_TRUE(p != NULL && y != NULL);
    for (uint64_t i = 0; i < n; i++) {
        lo[i] = INFINITY;
        hi[i] = -INFINITY;
    }
    for (uint64_t seed = 1; seed <= NDECODE; seed++) {
        CHECK_INT(tps__codec_encode(c, x, n, seed, p, cap), ==, (int64_t)cap);
        CHECK_INT(tps__codec_decode(c, p, cap, n, seed, y), ==, 0);
        for (uint64_t i = 0; i < n; i++) {
            s1[i] += y[i];
            s2[i] += (double)y[i] * y[i];
            lo[i] = fminf(lo[i], y[i]);
            hi[i] = fmaxf(hi[i], y[i]);
        }
    }
    for (uint64_t i = 0; i < n; i++) {
        mean[i] = s1[i] / NDECODE;
        double var = s2[i] / NDECODE - mean[i] * mean[i];
        se[i] = sqrt(fmax(var, 0) / (NDECODE - 1));
    }
    free(s1);
    free(s2);
    free(p);
    free(y);
}

/* Distance between the two grid points around x[i] (an upper bound for the
 * log scale), from the formulas of tps_codec.h. */
static double grid_step(const tps__codec_t *c, const float *x, uint64_t n,
                        uint64_t i) {
    uint64_t b0 = i / c->bucket * c->bucket;
    uint64_t b1 = b0 + c->bucket < n ? b0 + c->bucket : n;
    double ss = 0, mn = x[b0], mx = x[b0], alo = INFINITY, ahi = 0;
    for (uint64_t j = b0; j < b1; j++) {
        ss += (double)x[j] * x[j];
        mn = fmin(mn, x[j]);
        mx = fmax(mx, x[j]);
        if (x[j] != 0)
            alo = fmin(alo, fabs((double)x[j]));
        ahi = fmax(ahi, fabs((double)x[j]));
    }
    if (c->kind == TPS_CODEC_QSGD)
        return sqrt(ss) / ((1 << (c->bits - 1)) - 1);
    if (!c->log_scale)
        return (mx - mn) / ((1 << c->bits) - 1);
    int M = (1 << (c->bits - 1)) - 1;
    return ahi > 0 ? fabs((double)x[i]) * (pow(ahi / alo, 1.0 / (M - 1)) - 1)
                   : 0;
}

/* |mean - x| within NSE standard errors. When every draw gave the same
 * value V, the sample error is 0 and says nothing; the variance of a
 * rounding between the grid points around x is then at most
 * step * |V - x|, which bounds the error instead (and makes V == x
 * necessary when x is a grid point). `slack` covers float rounding of the
 * decoded values themselves. */
static int mean_ok(double mean, double se, float lo, float hi, float x,
                   double step, double slack) {
    if (lo == hi)
        se = sqrt(step * fabs((double)lo - x) / NDECODE);
    return fabs(mean - x) <= NSE * se + slack;
}

/* Buckets of 16 over 40 elements (the last one partial) at scales 0.1, 1
 * and 10, both signs, a zero and repeated values. Within a bucket the
 * scale is one: a coordinate far below its bucket's norm rounds up so
 * rarely that 20000 draws may never see it, and the sample standard error
 * would then be 0. */
static void fixed_vector(float *x, uint64_t n) {
    tps__rng_t r;
    tps__rng_seed(&r, 2024, 0);
    for (uint64_t i = 0; i < n; i++)
        x[i] = (float)(tps__rng_normal(&r) * pow(10, (double)(i / 16) - 1));
    x[5] = 0;
    x[6] = x[7];
    x[20] = -x[21];
}

START_TEST(test_unbiased) {
    static const char *const specs[] = {
        "qsgd:2",
        "qsgd:4",
        "qsgd:8",
        "qsgd:16",
        "uniform:2:stochastic",
        "uniform:4:stochastic",
        "uniform:16:stochastic",
        "uniform:4:log:stochastic",
        "uniform:8:log:stochastic",
    };
    const uint64_t n = 40;
    float x[40], lo[40], hi[40];
    double mean[40], se[40];
    fixed_vector(x, n);
    for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
        tps__codec_t c = codec(specs[s], 16);
        decode_moments(&c, x, n, mean, se, lo, hi);
        for (uint64_t i = 0; i < n; i++) {
            /* A few ulps of the bucket's scale for float rounding. */
            double scale = 0;
            for (uint64_t j = i / 16 * 16; j < n && j < i / 16 * 16 + 16; j++)
                scale = fmax(scale, fabs((double)x[j]));
            CHECK(mean_ok(mean[i], se[i], lo[i], hi[i], x[i],
                          grid_step(&c, x, n, i), 1e-6 * scale),
                  "%s [%llu]: mean %.9g vs %.9g (se %.3g, draws in [%.9g, "
                  "%.9g])",
                  specs[s], (unsigned long long)i, mean[i], (double)x[i], se[i],
                  (double)lo[i], (double)hi[i]);
        }
    }
}
END_TEST

START_TEST(test_deterministic_biased) {
    /* One bucket spanning [0, 1] with 3 steps (uniform:2): levels 0, 1/3,
     * 2/3, 1. Values just above a level always round down to it. */
    float x[6] = {0.0f, 1.0f, 0.34f, 0.35f, 0.67f, 0.4f}, lo[6], hi[6];
    double mean[6], se[6];
    tps__codec_t c = codec("uniform:2", 6);
    decode_moments(&c, x, 6, mean, se, lo, hi);
    for (int i = 2; i < 6; i++)
        CHECK(!mean_ok(mean[i], se[i], lo[i], hi[i], x[i],
                       grid_step(&c, x, 6, (uint64_t)i), 1e-6),
              "deterministic [%d]: mean %.9g, x %.9g", i, mean[i],
              (double)x[i]);
    /* The same vector under stochastic rounding is unbiased. */
    c = codec("uniform:2:stochastic", 6);
    decode_moments(&c, x, 6, mean, se, lo, hi);
    for (int i = 0; i < 6; i++)
        CHECK(mean_ok(mean[i], se[i], lo[i], hi[i], x[i],
                      grid_step(&c, x, 6, (uint64_t)i), 1e-6),
              "stochastic [%d]: mean %.9g, x %.9g", i, mean[i], (double)x[i]);
}
END_TEST

/* ---- error feedback
 * ----------------------------------------------------------------- */

START_TEST(test_error_feedback) {
    static const char *const specs[] = {
        "topk:0.1",  "topk:0.01",     "randk:0.1",     "sign",
        "uniform:4", "uniform:4:log", "uniform:8:log", "qsgd:2",
    };
    const uint64_t n = 1000;
    const int T = 50;
    for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
        tps__codec_t c = codec(specs[s], 64);
        float *r = calloc(n, sizeof(float)), *d = malloc(n * sizeof(float));
        double *sum_g = calloc(n, sizeof(double));
        double *sum_c = calloc(n, sizeof(double));
        double *bound = calloc(n, sizeof(double));
        CHECK_TRUE(r && d && sum_g && sum_c && bound);
        for (int t = 0; t < T; t++) {
            float *g = randn(n, 100 + (uint64_t)t, 0.1 * (1 + t % 5));
            for (uint64_t i = 0; i < n; i++) {
                r[i] += g[i];
                sum_g[i] += g[i];
                bound[i] += fabs((double)r[i]) * 0x1p-24;
            }
            size_t len;
            uint8_t *p = encode_new(&c, r, n, (uint64_t)t, &len);
            CHECK_INT(tps__codec_decode(&c, p, len, n, (uint64_t)t, d), ==, 0);
            CHECK_INT(
                tps__codec_decode_acc(&c, p, len, n, (uint64_t)t, -1.0f, r), ==,
                0);
            for (uint64_t i = 0; i < n; i++) {
                sum_c[i] += d[i];
                bound[i] += fabs((double)r[i]) * 0x1p-24;
            }
            free(p);
            free(g);
        }
        /* Each float operation on r rounds by at most 2^-24 of its result;
         * that accumulated bound is the only slack. */
        for (uint64_t i = 0; i < n; i++)
            CHECK(fabs(sum_c[i] + r[i] - sum_g[i]) <= bound[i] + 1e-30,
                  "%s [%llu]: %.9g + %.9g != %.9g", specs[s],
                  (unsigned long long)i, sum_c[i], (double)r[i], sum_g[i]);
        free(r);
        free(d);
        free(sum_g);
        free(sum_c);
        free(bound);
    }
}
END_TEST

/* ---- top-k against a sort
 * ---------------------------------------------------------- */

static const float *sort_x;

static int by_magnitude(const void *a, const void *b) {
    uint64_t i = *(const uint64_t *)a, j = *(const uint64_t *)b;
    float x = fabsf(sort_x[i]), y = fabsf(sort_x[j]);
    if (x != y)
        return x > y ? -1 : 1;
    return (i > j) - (i < j);
}

static int by_index(const void *a, const void *b) {
    uint64_t i = *(const uint64_t *)a, j = *(const uint64_t *)b;
    return (i > j) - (i < j);
}

START_TEST(test_topk_reference) {
    static const uint64_t ns[] = {1, 2, 10, 1000, 4096, 100003};
    static const char *const specs[] = {"topk:0.01", "topk:0.1", "topk:0.5",
                                        "topk:0.999", "topk:1"};
    tps__rng_t r;
    tps__rng_seed(&r, 77, 0);
    for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++)
        for (int data = 0; data < 5; data++)
            for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
                uint64_t n = ns[t];
                float *x = malloc(n * sizeof(float));
                uint64_t *ref = malloc(n * sizeof(uint64_t));
                CHECK_TRUE(x && ref);
                for (uint64_t i = 0; i < n; i++) {
                    double v = tps__rng_normal(&r);
                    switch (data) {
                    case 0:
                        x[i] = (float)v;
                        break;
                    case 1:
                        x[i] = (float)((int)(v * 2));
                        break; /* ties */
                    case 2:
                        x[i] = -1.5f;
                        break; /* all equal */
                    case 3:    /* signed zeros, denormals, normals */
                        x[i] = i % 3 == 0   ? (i % 2 ? -0.0f : 0.0f)
                               : i % 3 == 1 ? (float)(v * 1e-42)
                                            : (float)v;
                        break;
                    default:
                        x[i] = (float)(v * pow(10, (double)(i % 60) - 30));
                    }
                    ref[i] = i;
                }
                tps__codec_t c = codec(specs[s], 0);
                uint64_t k = tps__codec_k(&c, n);
                sort_x = x;
                qsort(ref, n, sizeof(*ref), by_magnitude);
                qsort(ref, k, sizeof(*ref), by_index);
                size_t len;
                uint8_t *p = encode_new(&c, x, n, 0, &len);
                uint64_t idx = 0;
                for (uint64_t j = 0; j < k; j++) {
                    idx += rd32(p + 4 * j);
                    CHECK(idx == ref[j],
                          "%s n %llu data %d: #%llu is %llu, want %llu",
                          specs[s], (unsigned long long)n, data,
                          (unsigned long long)j, (unsigned long long)idx,
                          (unsigned long long)ref[j]);
                    CHECK_TRUE(f2u(rdf(p + 4 * k + 4 * j)) == f2u(x[idx]));
                }
                free(p);
                free(x);
                free(ref);
            }
}
END_TEST

/* ---- randk indices
 * -------------------------------------------------------------------- */

START_TEST(test_randk_indices) {
    const uint64_t n = 100;
    tps__codec_t c = codec("randk:0.1", 0);
    uint64_t k = tps__codec_k(&c, n);
    CHECK_UINT(k, ==, 10);
    uint8_t *ones = malloc(4 * k);
    CHECK_TRUE((ones) != NULL);
    for (uint64_t j = 0; j < k; j++) {
        uint32_t u = f2u(1.0f);
        memcpy(ones + 4 * j, &u, 4);
    }
    /* A payload of ones marks the chosen indices: k distinct ones. */
    unsigned count[100] = {0};
    float y[100], y2[100];
    for (uint64_t seed = 0; seed < NDECODE; seed++) {
        CHECK_INT(tps__codec_decode(&c, ones, 4 * k, n, seed, y), ==, 0);
        uint64_t kept = 0;
        for (uint64_t i = 0; i < n; i++) {
            CHECK_TRUE(y[i] == 0 || y[i] == 1);
            kept += y[i] == 1;
            count[i] += y[i] == 1;
        }
        CHECK_UINT(kept, ==, k);
        if (seed < 5) {
            /* The encoder picks x at the same indices. */
            float x[100];
            for (uint64_t i = 0; i < n; i++)
                x[i] = (float)(i + 1);
            size_t len;
            uint8_t *p = encode_new(&c, x, n, seed, &len);
            float *d = decode_new(&c, p, len, n, seed);
            for (uint64_t i = 0; i < n; i++)
                CHECK_TRUE(d[i] == (y[i] == 1 ? x[i] : 0));
            free(d);
            free(p);
            CHECK_INT(tps__codec_decode(&c, ones, 4 * k, n, seed + 1, y2), ==,
                      0);
            CHECK_TRUE(memcmp(y, y2, sizeof(y)) != 0);
        }
    }
    /* Every index is kept with probability k/n. */
    double p = (double)k / n, mu = NDECODE * p,
           sd = sqrt(NDECODE * p * (1 - p));
    for (uint64_t i = 0; i < n; i++)
        CHECK(fabs(count[i] - mu) <= NSE * sd,
              "index %llu kept %u "
              "times, expected %.0f +- %.0f",
              (unsigned long long)i, count[i], mu, sd);
    free(ones);
    /* Odd sizes, k = n and n = 1: still a permutation. */
    static const uint64_t ns[] = {1, 2, 3, 5, 17, 1000, 65537};
    for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
        tps__codec_t all = codec("randk:1", 0);
        uint64_t m = ns[t];
        float *x = malloc(m * sizeof(float));
        CHECK_TRUE((x) != NULL);
        for (uint64_t i = 0; i < m; i++)
            x[i] = (float)(i + 1);
        size_t len;
        uint8_t *q = encode_new(&all, x, m, 9, &len);
        float *d = decode_new(&all, q, len, m, 9);
        for (uint64_t i = 0; i < m; i++)
            CHECK_TRUE(d[i] == x[i]);
        free(d);
        free(q);
        free(x);
    }
}
END_TEST

/* ---- kernels against scalar references
 * ---------------------------------------------------------
 * The block, batch and prefetch structure of the encoders is invisible on
 * the wire: these references compute, one element at a time and from the
 * layout and derivations described in tps_codec.h and the codec files, what
 * the payload and the accumulator must hold, and compare bit for bit. */

static uint32_t ref_key(uint64_t seed, uint64_t tag) {
    uint64_t z = seed + (tag + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (uint32_t)(z ^ (z >> 31));
}

static uint32_t ref_fmix32(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    return h ^ h >> 16;
}

/* randk's j-th index: the image of j under a four-round Feistel network on
 * the smallest even number of bits (at least 2) covering n, keyed by tags 2
 * to 5 of the seed, walked until it falls inside [0, n). */
static uint64_t ref_randk_index(uint64_t n, uint64_t seed, uint64_t j) {
    int bits = 2;
    while (bits < 32 && (UINT64_C(1) << bits) < n)
        bits++;
    if (bits % 2)
        bits++;
    int half = bits / 2;
    uint32_t mask = (uint32_t)((UINT64_C(1) << half) - 1), v = (uint32_t)j;
    do {
        uint32_t l = v >> half, r = v & mask;
        for (int round = 0; round < 4; round++) {
            uint32_t f = ref_fmix32(r ^ ref_key(seed, 2 + (uint64_t)round));
            uint32_t t = l ^ (f & mask);
            l = r;
            r = t;
        }
        v = l << half | r;
    } while (v >= n);
    return v;
}

START_TEST(test_randk_reference) {
    /* Sizes around the encoder's batches of 64 and its domain sizes. */
    static const uint64_t ns[] = {1, 2, 5, 63, 64, 65, 127, 129, 1000, 4097,
                                  65536, 65537, 200003};
    static const char *const specs[] = {"randk:0.01", "randk:0.3", "randk:1"};
    for (size_t a = 0; a < sizeof(specs) / sizeof(specs[0]); a++)
        for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
            tps__codec_t c = codec(specs[a], 0);
            uint64_t n = ns[t], k = tps__codec_k(&c, n), seed = 1000 + t;
            float *x = randn(n, t, 1.0), *acc = randn(n, t + 50, 1.0);
            float *base = malloc(n * sizeof(float));
            CHECK_TRUE(base != NULL);
            memcpy(base, acc, n * sizeof(float));
            size_t len;
            uint8_t *p = encode_new(&c, x, n, seed, &len);
            CHECK_INT(tps__codec_decode_acc(&c, p, len, n, seed, 0.5f, acc), ==,
                      0);
            unsigned char *hit = calloc(n, 1);
            CHECK_TRUE(hit != NULL);
            for (uint64_t j = 0; j < k; j++) {
                uint64_t i = ref_randk_index(n, seed, j);
                CHECK(!hit[i], "%s n %llu: index %llu drawn twice", specs[a],
                      (unsigned long long)n, (unsigned long long)i);
                hit[i] = 1;
                CHECK(f2u(rdf(p + 4 * j)) == f2u(x[i]),
                      "%s n %llu: value %llu is not x[%llu]", specs[a],
                      (unsigned long long)n, (unsigned long long)j,
                      (unsigned long long)i);
            }
            for (uint64_t i = 0; i < n; i++) {
                float want = hit[i] ? base[i] + 0.5f * x[i] : base[i];
                CHECK(f2u(acc[i]) == f2u(want),
                      "%s n %llu: acc[%llu] %a, want %a", specs[a],
                      (unsigned long long)n, (unsigned long long)i,
                      (double)acc[i], (double)want);
            }
            free(hit);
            free(p);
            free(base);
            free(acc);
            free(x);
        }
}
END_TEST

/* Inputs on a grid of 2^-8 with |x| <= 4, and a few -0: every partial and
 * total sum of magnitudes is exact in double, so the scale has one right
 * value, (float)(sum / n), whatever order the encoder adds in. */
START_TEST(test_sign_reference) {
    static const uint64_t ns[] = {1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000,
                                  1003, 4099};
    tps__codec_t c = codec("sign", 0);
    tps__rng_t r;
    tps__rng_seed(&r, 5, 5);
    for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
        uint64_t n = ns[t];
        float *x = malloc(n * sizeof(float)), *acc = randn(n, t, 1.0);
        float *base = malloc(n * sizeof(float));
        CHECK_TRUE(x != NULL && base != NULL);
        double sum = 0;
        for (uint64_t i = 0; i < n; i++) {
            int64_t v = (int64_t)tps__rng_below(&r, 2049) - 1024;
            x[i] = i % 13 == 5 ? -0.0f : (float)v / 256.0f;
            sum += fabs((double)x[i]);
        }
        memcpy(base, acc, n * sizeof(float));
        float scale = (float)(sum / (double)n);
        size_t len;
        uint8_t *p = encode_new(&c, x, n, 3, &len);
        CHECK(f2u(rdf(p)) == f2u(scale), "n %llu: scale %a, want %a",
              (unsigned long long)n, (double)rdf(p), (double)scale);
        for (uint64_t i = 0; i < n; i++) {
            unsigned bit = p[4 + i / 8] >> (i % 8) & 1u;
            CHECK(bit == (unsigned)(signbit(x[i]) != 0), "n %llu: bit %llu",
                  (unsigned long long)n, (unsigned long long)i);
        }
        if (n % 8)
            CHECK_UINT(p[4 + n / 8] >> (n % 8), ==, 0);
        CHECK_INT(tps__codec_decode_acc(&c, p, len, n, 3, 0.75f, acc), ==, 0);
        float pos = 0.75f * scale;
        for (uint64_t i = 0; i < n; i++) {
            float want = base[i] + (signbit(x[i]) ? -pos : pos);
            CHECK(f2u(acc[i]) == f2u(want), "n %llu: acc[%llu] %a, want %a",
                  (unsigned long long)n, (unsigned long long)i,
                  (double)acc[i], (double)want);
        }
        free(p);
        free(base);
        free(acc);
        free(x);
    }
}
END_TEST

/* qsgd's bucket norms: at least the exact L2 norm (which keeps every level
 * within s) and above it by no more than the float rounding and the
 * encoder's allowance for its summation error. Bucket sizes cover partial
 * groups of the sixteen partial sums; the inputs span 2^-40 to 2^40 so that
 * a sum added to the wrong partial or dropped shows. */
START_TEST(test_qsgd_norm_reference) {
    static const uint32_t buckets[] = {1, 5, 15, 16, 17, 64, 100, 512, 4096};
    const uint64_t n = 10007;
    float *x = randn(n, 77, 1.0);
    tps__rng_t r;
    tps__rng_seed(&r, 77, 1);
    for (uint64_t i = 0; i < n; i++)
        x[i] = ldexpf(x[i], (int)tps__rng_below(&r, 81) - 40);
    for (size_t b = 0; b < sizeof(buckets) / sizeof(buckets[0]); b++) {
        tps__codec_t c = codec("qsgd:8", buckets[b]);
        uint64_t B = buckets[b], nb = (n + B - 1) / B;
        size_t len;
        uint8_t *p = encode_new(&c, x, n, 1, &len);
        for (uint64_t k = 0; k < nb; k++) {
            long double ss = 0;
            for (uint64_t i = k * B; i < n && i < (k + 1) * B; i++)
                ss += (long double)x[i] * x[i];
            /* The allowance is (1 + len * 2^-27) on the sum of squares. */
            long double len_k = (long double)(n - k * B < B ? n - k * B : B);
            long double exact = sqrtl(ss), got = rdf(p + 4 * k);
            CHECK(got >= exact &&
                      got <= exact * (1 + len_k * 0x1p-27L + 0x1p-22L),
                  "bucket %u [%llu]: norm %a, exact %La", buckets[b],
                  (unsigned long long)k, (double)got, exact);
        }
        free(p);
    }
    free(x);
}
END_TEST

/* ---- decoders against random and mutated payloads
 * -------------------------------------- */

/* Decodes buf[0..len) into a copy of base; on failure the copy must be
 * bytewise unchanged and the code a TPS_E* error, on success finite. */
static int try_decode(const tps__codec_t *c, const uint8_t *buf, size_t len,
                      uint64_t n, uint64_t seed, const float *base) {
    uint8_t *in = malloc(len ? len : 1); /* exact size: ASan sees over-reads */
    float *acc = malloc((n ? n : 1) * sizeof(float));
    CHECK_TRUE(in && acc);
    memcpy(in, buf, len);
    memcpy(acc, base, n * sizeof(float));
    int rc = tps__codec_decode_acc(c, in, len, n, seed, 1.0f, acc);
    if (rc < 0) {
        CHECK(rc == TPS_EPROTO || rc == TPS_EINVAL || rc == TPS_E2BIG,
              "unexpected error %d", rc);
        CHECK(memcmp(acc, base, n * sizeof(float)) == 0,
              "acc changed by a failing decode");
        /* decode (overwrite) refuses it too and leaves dst alone. */
        CHECK_INT(tps__codec_decode(c, in, len, n, seed, acc), ==, rc);
        CHECK_TRUE(memcmp(acc, base, n * sizeof(float)) == 0);
    } else {
        CHECK_INT(rc, ==, 0);
        for (uint64_t i = 0; i < n; i++)
            CHECK(isfinite(acc[i]), "non-finite result at %llu",
                  (unsigned long long)i);
    }
    free(acc);
    free(in);
    return rc;
}

START_TEST(test_fuzz_decoders) {
    static const uint64_t ns[] = {1, 9, 100, 1000};
    static const uint32_t buckets[] = {3, 64};
    static const uint32_t words[] = {
        0x7fc00000u, 0x7f800000u, 0xff800000u, 0xffffffffu, 0x80000000u,
        0x00000000u, 0x7f7fffffu, 0xff7fffffu, 0xbf800000u, 0x00000001u};
    tps__rng_t r;
    tps__rng_seed(&r, 31337, 0);
    long failures = 0, successes = 0;
    for (int s = 0; s < NSPECS; s++)
        for (size_t b = 0; b < 2; b++)
            for (size_t t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
                tps__codec_t c = codec(all_specs[s], buckets[b]);
                if (c.kind != TPS_CODEC_QSGD && c.kind != TPS_CODEC_UNIFORM &&
                    b > 0)
                    continue;
                uint64_t n = ns[t];
                /* base has room for the n + 1 of a wrong count. */
                float *x = randn(n, 5 + t, 1.0);
                float *base = randn(n + 1, 6 + t, 1.0);
                size_t len;
                uint8_t *p = encode_new(&c, x, n, 4, &len);
                CHECK_INT(try_decode(&c, p, len, n, 4, base), ==, 0);
                /* Another count: refused at least when the size differs. */
                for (uint64_t n2 = n - 1; n2 <= n + 1; n2 += 2) {
                    int rc2 = try_decode(&c, p, len, n2, 4, base);
                    if (tps__codec_wire_size(&c, n2) != len)
                        CHECK_INT(rc2, ==, TPS_EPROTO);
                }
                uint8_t *m = malloc(len + 16);
                CHECK_TRUE((m) != NULL);
                for (int it = 0; it < 200; it++) {
                    size_t mlen = len;
                    memcpy(m, p, len);
                    switch (it % 6) {
                    case 0: /* truncated */
                        mlen = len ? tps__rng_below(&r, len) : 0;
                        break;
                    case 1: /* extended */
                        mlen = len + 1 + tps__rng_below(&r, 16);
                        for (size_t i = len; i < mlen; i++)
                            m[i] = (uint8_t)tps__rng_next(&r);
                        break;
                    case 2: /* flipped bytes */
                        for (int f = 0; len && f < 1 + it % 4; f++)
                            m[tps__rng_below(&r, len)] ^=
                                (uint8_t)(1 + tps__rng_below(&r, 255));
                        break;
                    case 3: /* random bytes of the right length */
                        for (size_t i = 0; i < len; i++)
                            m[i] = (uint8_t)tps__rng_next(&r);
                        break;
                    default: /* a special word (NaN, Inf, huge index, 0,
                              * negative) at an aligned or unaligned spot */
                        if (len >= 4) {
                            size_t at = tps__rng_below(&r, len - 3);
                            if (it % 6 == 4)
                                at &= ~(size_t)3;
                            uint32_t w = words[tps__rng_below(&r, 10)];
                            memcpy(m + at, &w, 4);
                        }
                        break;
                    }
                    if (try_decode(&c, m, mlen, n, 4, base) < 0)
                        failures++;
                    else
                        successes++;
                }
                free(m);
                free(p);
                free(x);
                free(base);
            }
    /* Both outcomes occurred: the mutations reached the checks and some
     * valid-looking payloads went all the way through. */
    CHECK_INT(failures, >, 1000);
    CHECK_INT(successes, >, 1000);
}
END_TEST

START_TEST(test_fuzz_specific) {
    /* Hand-made malformed payloads, one per rule of the validator. */
    float base[16] = {0};
    uint8_t p[64];
    tps__codec_t c = codec("topk:0.25", 0); /* n = 16: k = 4 */
    uint32_t idx[4] = {3, 1, 1, 1}, vals[4];
    for (int j = 0; j < 4; j++)
        vals[j] = f2u(1.0f);
    memcpy(p, idx, 16);
    memcpy(p + 16, vals, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, 0);
    idx[2] = 0; /* not increasing */
    memcpy(p, idx, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);
    idx[2] = 9; /* 3+1+9+1 = 14 < 16: fine; then out of range */
    memcpy(p, idx, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, 0);
    idx[3] = 2; /* 15: last valid index */
    memcpy(p, idx, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, 0);
    idx[3] = 3; /* 16: out of range */
    memcpy(p, idx, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);
    idx[0] = 0xffffffffu; /* huge, and would wrap a 32-bit sum */
    idx[3] = 1;
    memcpy(p, idx, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);
    idx[0] = 3;
    memcpy(p, idx, 16);
    vals[1] = 0x7fc00000u; /* NaN value */
    memcpy(p + 16, vals, 16);
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);

    /* qsgd: NaN norm, negative norm, padding bits. */
    c = codec("qsgd:4", 8); /* n = 13: 2 norms + 7 bytes of codes */
    float x[13];
    for (int i = 0; i < 13; i++)
        x[i] = (float)(i - 6);
    CHECK_INT(tps__codec_encode(&c, x, 13, 1, p, 64), ==, 15);
    uint8_t q[15];
    memcpy(q, p, 15);
    q[14] |= 0x10; /* high nibble of the last byte is padding */
    CHECK_INT(try_decode(&c, q, 15, 13, 1, base), ==, TPS_EPROTO);
    memcpy(q, p, 15);
    uint32_t w = 0x7fc00000u;
    memcpy(q + 4, &w, 4);
    CHECK_INT(try_decode(&c, q, 15, 13, 1, base), ==, TPS_EPROTO);
    w = f2u(-1.0f);
    memcpy(q + 4, &w, 4);
    CHECK_INT(try_decode(&c, q, 15, 13, 1, base), ==, TPS_EPROTO);

    /* uniform: min > max, range beyond FLT_MAX, log lo = 0 < hi. */
    c = codec("uniform:8", 16); /* n = 16: 8 + 16 bytes */
    float mm[2] = {1.0f, -1.0f};
    memset(p, 0, 24);
    memcpy(p, mm, 8);
    CHECK_INT(try_decode(&c, p, 24, 16, 0, base), ==, TPS_EPROTO);
    mm[0] = -FLT_MAX;
    mm[1] = FLT_MAX;
    memcpy(p, mm, 8);
    CHECK_INT(try_decode(&c, p, 24, 16, 0, base), ==, TPS_EPROTO);
    c = codec("uniform:8:log", 16);
    mm[0] = 0;
    mm[1] = 1;
    memcpy(p, mm, 8);
    CHECK_INT(try_decode(&c, p, 24, 16, 0, base), ==, TPS_EPROTO);
    mm[0] = mm[1] = 0; /* all-zero bucket: fine whatever the codes */
    memcpy(p, mm, 8);
    memset(p + 8, 0xff, 16);
    CHECK_INT(try_decode(&c, p, 24, 16, 0, base), ==, 0);

    /* sign: NaN scale, negative scale, padding. */
    c = codec("sign", 0);
    memset(p, 0, 6);
    w = f2u(0.5f);
    memcpy(p, &w, 4);
    CHECK_INT(try_decode(&c, p, 6, 13, 0, base), ==, 0);
    p[5] = 0x20; /* bit 13 of 13 */
    CHECK_INT(try_decode(&c, p, 6, 13, 0, base), ==, TPS_EPROTO);
    p[5] = 0;
    w = f2u(-0.5f);
    memcpy(p, &w, 4);
    CHECK_INT(try_decode(&c, p, 6, 13, 0, base), ==, TPS_EPROTO);
    w = 0x7f800000u;
    memcpy(p, &w, 4);
    CHECK_INT(try_decode(&c, p, 6, 13, 0, base), ==, TPS_EPROTO);

    /* fp16 and bf16: Inf/NaN patterns. */
    c = codec("fp16", 0);
    memset(p, 0, 32);
    p[31] = 0x7c;
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);
    c = codec("bf16", 0);
    memset(p, 0, 32);
    p[0] = 0xc1;
    p[1] = 0xff;
    CHECK_INT(try_decode(&c, p, 32, 16, 0, base), ==, TPS_EPROTO);

    /* Empty payloads for n = 0. */
    c = codec("topk:0.5", 0);
    CHECK_INT(tps__codec_decode_acc(&c, NULL, 0, 0, 0, 1, NULL), ==, 0);
    c = codec("sign", 0);
    w = 0;
    memcpy(p, &w, 4);
    CHECK_INT(tps__codec_decode_acc(&c, p, 4, 0, 0, 1, NULL), ==, 0);
}
END_TEST

static Suite *codec_suite(void) {
    Suite *s = suite_create("codec");
    TCase *tc = tcase_create("spec");
    tcase_add_test(tc, test_parse_accept);
    tcase_add_test(tc, test_parse_reject);
    tcase_add_test(tc, test_pack_unpack);
    tcase_add_test(tc, test_biased_and_k);
    tcase_add_test(tc, test_wire_sizes);
    tcase_add_test(tc, test_arguments);
    suite_add_tcase(s, tc);

    tc = tcase_create("roundtrip");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_roundtrip_edges);
    tcase_add_test(tc, test_range_limits);
    tcase_add_test(tc, test_weight_overflow);
    tcase_add_test(tc, test_nonfinite_rejected);
    tcase_add_test(tc, test_fp16_conversions);
    tcase_add_test(tc, test_bf16_conversions);
    suite_add_tcase(s, tc);

    tc = tcase_create("statistics");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_unbiased);
    tcase_add_test(tc, test_deterministic_biased);
    tcase_add_test(tc, test_error_feedback);
    tcase_add_test(tc, test_topk_reference);
    tcase_add_test(tc, test_randk_indices);
    tcase_add_test(tc, test_randk_reference);
    tcase_add_test(tc, test_sign_reference);
    tcase_add_test(tc, test_qsgd_norm_reference);
    suite_add_tcase(s, tc);

    tc = tcase_create("fuzz");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fuzz_decoders);
    tcase_add_test(tc, test_fuzz_specific);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(codec_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
