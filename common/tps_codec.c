/* SPDX-License-Identifier: MIT */
/* The codec interface of tps_codec.h: spec parsing and description, the
 * packed wire identity, sizes, argument checks shared by every codec, the
 * dispatch to the families, and the dense "none" codec itself. */
#include "tps_codec.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"
#include "tps_float.h"

static const char *const kind_names[] = {
    [TPS_CODEC_NONE] = "none",       [TPS_CODEC_FP16] = "fp16",
    [TPS_CODEC_BF16] = "bf16",       [TPS_CODEC_QSGD] = "qsgd",
    [TPS_CODEC_UNIFORM] = "uniform", [TPS_CODEC_TOPK] = "topk",
    [TPS_CODEC_RANDK] = "randk",     [TPS_CODEC_SIGN] = "sign",
};
#define NKINDS ((int)(sizeof(kind_names) / sizeof(kind_names[0])))

static int is_quant(tps__codec_kind_t k) {
    return k == TPS_CODEC_QSGD || k == TPS_CODEC_UNIFORM;
}

static int is_sparse(tps__codec_kind_t k) {
    return k == TPS_CODEC_TOPK || k == TPS_CODEC_RANDK;
}

static int bits_allowed(int bits) {
    return bits == 2 || bits == 4 || bits == 8 || bits == 16;
}

/* The one definition of a well-formed codec, shared by parse (after the
 * fact), unpack and every entry point, so that no path accepts what another
 * refuses. */
static int codec_valid(const tps__codec_t *c) {
    if (c == NULL || (int)c->kind < 0 || (int)c->kind >= NKINDS)
        return 0;
    if (is_quant(c->kind)) {
        if (!bits_allowed(c->bits) || c->bucket < 1 ||
            c->bucket > TPS_CODEC_BUCKET_MAX)
            return 0;
        if (c->kind == TPS_CODEC_QSGD && (c->log_scale || c->stochastic))
            return 0;
        if ((c->log_scale != 0 && c->log_scale != 1) ||
            (c->stochastic != 0 && c->stochastic != 1) ||
            (c->log_scale && c->bits == 2))
            return 0;
    } else if (c->bits != 0 || c->bucket != 0 || c->log_scale ||
               c->stochastic) {
        return 0;
    }
    if (is_sparse(c->kind))
        return isfinite(c->ratio) && c->ratio > 0 && c->ratio <= 1;
    return c->ratio == 0;
}

static void set_none(tps__codec_t *c) {
    memset(c, 0, sizeof(*c));
    c->kind = TPS_CODEC_NONE;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int
fail(char *err, size_t errlen, const char *spec, const char *fmt, ...) {
    if (err != NULL && errlen > 0) {
        int n = snprintf(err, errlen, "codec \"%s\": ", spec);
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return TPS_EINVAL;
}

/* Length of the ':'-separated field at s. */
static size_t field_len(const char *s) {
    return strcspn(s, ":");
}

static int field_is(const char *s, size_t len, const char *word) {
    return strlen(word) == len && strncmp(s, word, len) == 0;
}

int tps__codec_parse(tps__codec_t *c, const char *spec, uint32_t bucket,
                     char *err, size_t errlen) {
    static const char known[] = "none, fp16, bf16, qsgd:Q, "
                                "uniform:Q[:log][:stochastic], topk:RATIO, "
                                "randk:RATIO or sign";
    tps__codec_t t;
    set_none(c);
    if (spec == NULL)
        return fail(err, errlen, "(null)", "no codec given");
    memset(&t, 0, sizeof(t));
    size_t len = field_len(spec);
    int k;
    for (k = 0; k < NKINDS; k++)
        if (field_is(spec, len, kind_names[k]))
            break;
    if (k == NKINDS)
        return fail(err, errlen, spec, "unknown codec (%s)", known);
    t.kind = (tps__codec_kind_t)k;
    const char *p = spec + len;

    if (is_quant(t.kind)) {
        char *end;
        if (*p != ':' || !isdigit((unsigned char)p[1]))
            return fail(err, errlen, spec,
                        "needs the bits per element: "
                        "%s:Q with Q = 2, 4, 8 or 16",
                        kind_names[k]);
        errno = 0;
        long q = strtol(p + 1, &end, 10);
        if ((*end != ':' && *end != '\0') || errno == ERANGE ||
            !bits_allowed((int)q) || q != (int)q)
            return fail(err, errlen, spec, "Q must be 2, 4, 8 or 16");
        t.bits = (int)q;
        p = end;
        while (*p == ':') {
            p++;
            len = field_len(p);
            int *flag = NULL;
            if (t.kind == TPS_CODEC_UNIFORM && field_is(p, len, "log"))
                flag = &t.log_scale;
            else if (t.kind == TPS_CODEC_UNIFORM &&
                     field_is(p, len, "stochastic"))
                flag = &t.stochastic;
            if (flag == NULL)
                return fail(
                    err, errlen, spec, "unknown option \"%.*s\"%s", (int)len, p,
                    t.kind == TPS_CODEC_UNIFORM ? " (log, stochastic)"
                                                : " (qsgd takes only Q)");
            if (*flag)
                return fail(err, errlen, spec, "option \"%.*s\" given twice",
                            (int)len, p);
            *flag = 1;
            p += len;
        }
        if (t.log_scale && t.bits == 2)
            return fail(err, errlen, spec,
                        "log scale needs Q >= 4 (Q = 2 "
                        "leaves one magnitude level)");
        if (bucket < 1 || bucket > TPS_CODEC_BUCKET_MAX)
            return fail(err, errlen, spec, "bucket %lu is not in [1, %u]",
                        (unsigned long)bucket, TPS_CODEC_BUCKET_MAX);
        t.bucket = bucket;
    } else if (is_sparse(t.kind)) {
        char *end;
        double r;
        if (*p != ':' || p[1] == '\0' || isspace((unsigned char)p[1]))
            return fail(err, errlen, spec,
                        "needs a ratio: %s:RATIO with 0 < "
                        "RATIO <= 1",
                        kind_names[k]);
        errno = 0;
        r = strtod(p + 1, &end);
        if (end == p + 1 || *end != '\0' || errno == ERANGE || !isfinite(r) ||
            !(r > 0 && r <= 1) || !((float)r > 0))
            return fail(err, errlen, spec,
                        "RATIO must be a number in (0, 1] "
                        "(at least %g)",
                        FLT_TRUE_MIN);
        t.ratio = (float)r;
        p = end;
    }
    if (*p != '\0')
        return fail(err, errlen, spec, "%s takes no parameters", kind_names[k]);
    *c = t;
    return 0;
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

void tps__codec_describe(const tps__codec_t *c, char *buf, size_t len) {
    char r[32];
    if (len == 0)
        return;
    if (!codec_valid(c)) {
        snprintf(buf, len, "invalid codec");
        return;
    }
    const char *name = kind_names[c->kind];
    const char *bias = tps__codec_biased(c) ? "biased" : "unbiased";
    if (is_quant(c->kind)) {
        snprintf(buf, len, "%s:%d%s%s (bucket %lu, %s)", name, c->bits,
                 c->log_scale ? ":log" : "", c->stochastic ? ":stochastic" : "",
                 (unsigned long)c->bucket, bias);
    } else if (is_sparse(c->kind)) {
        format_ratio(c->ratio, r, sizeof(r));
        snprintf(buf, len, "%s:%s (%s)", name, r, bias);
    } else {
        snprintf(buf, len, "%s (%s)", name,
                 c->kind == TPS_CODEC_NONE ? "lossless" : bias);
    }
}

int tps__codec_biased(const tps__codec_t *c) {
    switch (c->kind) {
    case TPS_CODEC_NONE:
    case TPS_CODEC_QSGD:
        return 0;
    case TPS_CODEC_UNIFORM:
        return !c->stochastic;
    default:
        return 1;
    }
}

uint64_t tps__codec_k(const tps__codec_t *c, uint64_t n) {
    if (!is_sparse(c->kind) || n == 0)
        return 0;
    double k = ceil((double)c->ratio * (double)n * (1.0 - 0x1p-24));
    if (k < 1)
        return 1;
    return k >= (double)n ? n : (uint64_t)k;
}

size_t tps__codec_wire_size(const tps__codec_t *c, uint64_t n) {
    uint64_t s;
    if (!codec_valid(c) || n > TPS_CODEC_MAX_N)
        return SIZE_MAX;
    switch (c->kind) {
    case TPS_CODEC_NONE:
        s = 4 * n;
        break;
    case TPS_CODEC_FP16:
    case TPS_CODEC_BF16:
        s = 2 * n;
        break;
    case TPS_CODEC_QSGD:
    case TPS_CODEC_UNIFORM: {
        uint64_t nb = c->bucket ? (n + c->bucket - 1) / c->bucket : 0;
        s = (c->kind == TPS_CODEC_QSGD ? 4 : 8) * nb +
            ((uint64_t)c->bits * n + 7) / 8;
        break;
    }
    case TPS_CODEC_TOPK:
        s = 8 * tps__codec_k(c, n);
        break;
    case TPS_CODEC_RANDK:
        s = 4 * tps__codec_k(c, n);
        break;
    case TPS_CODEC_SIGN:
        s = 4 + (n + 7) / 8;
        break;
    default:
        return SIZE_MAX;
    }
    return s > SIZE_MAX ? SIZE_MAX : (size_t)s;
}

void tps__codec_pack(const tps__codec_t *c, uint32_t *id, float *ratio) {
    *id = (uint32_t)c->kind | (uint32_t)c->bits << 4 |
          (uint32_t)(c->log_scale != 0) << 9 |
          (uint32_t)(c->stochastic != 0) << 10 | c->bucket << 11;
    *ratio = is_sparse(c->kind) ? c->ratio : 0.0f;
}

int tps__codec_unpack(tps__codec_t *c, uint32_t id, float ratio) {
    tps__codec_t t;
    memset(&t, 0, sizeof(t));
    t.kind = (tps__codec_kind_t)(id & 15);
    t.bits = (int)(id >> 4 & 31);
    t.log_scale = (int)(id >> 9 & 1);
    t.stochastic = (int)(id >> 10 & 1);
    t.bucket = id >> 11;
    t.ratio = ratio;
    if (!codec_valid(&t)) {
        set_none(c);
        return TPS_EINVAL;
    }
    *c = t;
    return 0;
}

int tps__codec_check_f32(const uint8_t *p, uint64_t count) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= count; i += CODEC_BLOCK) {
        uint32_t bad = 0;
        for (int j = 0; j < CODEC_BLOCK; j++)
            bad |= (codec_ld32(p, i + j) & 0x7f800000u) == 0x7f800000u;
        if (bad)
            return TPS_EPROTO;
    }
    for (; i < count; i++)
        if ((codec_ld32(p, i) & 0x7f800000u) == 0x7f800000u)
            return TPS_EPROTO;
    return 0;
}

static void none_encode(const float *x, uint64_t n, uint8_t *out) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (uint64_t i = 0; i < n; i++)
        codec_stf(out, i, x[i]);
#else
    memcpy(out, x, n * sizeof(float));
#endif
}

static void none_acc(const uint8_t *restrict in, uint64_t n, float w,
                     float *restrict acc) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        for (int j = 0; j < CODEC_BLOCK; j++)
            acc[i + j] += w * codec_ldf(in, i + j);
    for (; i < n; i++)
        acc[i] += w * codec_ldf(in, i);
}

int64_t tps__codec_encode(const tps__codec_t *c, const float *x, uint64_t n,
                          uint64_t seed, uint8_t *out, size_t cap) {
    if (!codec_valid(c) || (n > 0 && x == NULL))
        return TPS_EINVAL;
    if (n > TPS_CODEC_MAX_N)
        return TPS_E2BIG;
    size_t need = tps__codec_wire_size(c, n);
    if (cap < need)
        return TPS_E2BIG;
    if (need > 0 && out == NULL)
        return TPS_EINVAL;
    if (n > 0 && tps__first_nonfinite(x, n) != n)
        return TPS_EINVAL;
    int rc = 0;
    /* Nothing to write (n = 0, or k = 0): out may be NULL. */
    if (need == 0)
        return 0;
    switch (c->kind) {
    case TPS_CODEC_NONE:
        none_encode(x, n, out);
        break;
    case TPS_CODEC_FP16:
    case TPS_CODEC_BF16:
        rc = tps__codec_f16_encode(c, x, n, out);
        break;
    case TPS_CODEC_QSGD:
    case TPS_CODEC_UNIFORM:
        rc = tps__codec_quant_encode(c, x, n, seed, out);
        break;
    case TPS_CODEC_TOPK:
    case TPS_CODEC_RANDK:
        rc = tps__codec_sparse_encode(c, x, n, seed, out);
        break;
    case TPS_CODEC_SIGN:
        rc = tps__codec_sign_encode(c, x, n, out);
        break;
    }
    return rc < 0 ? rc : (int64_t)need;
}

/* Everything decode_acc and decode check before touching the destination. */
static int decode_check(const tps__codec_t *c, const uint8_t *in, size_t len,
                        uint64_t n, const float *dst) {
    if (!codec_valid(c) || (n > 0 && dst == NULL) || (len > 0 && in == NULL))
        return TPS_EINVAL;
    if (n > TPS_CODEC_MAX_N)
        return TPS_E2BIG;
    if (len != tps__codec_wire_size(c, n))
        return TPS_EPROTO;
    if (len == 0)
        return 0;
    switch (c->kind) {
    case TPS_CODEC_NONE:
        return tps__codec_check_f32(in, n);
    case TPS_CODEC_FP16:
    case TPS_CODEC_BF16:
        return tps__codec_f16_check(c, in, n);
    case TPS_CODEC_QSGD:
    case TPS_CODEC_UNIFORM:
        return tps__codec_quant_check(c, in, n);
    case TPS_CODEC_TOPK:
    case TPS_CODEC_RANDK:
        return tps__codec_sparse_check(c, in, n);
    case TPS_CODEC_SIGN:
        return tps__codec_sign_check(c, in, n);
    }
    return TPS_EINVAL;
}

static void decode_run(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                       uint64_t seed, float w, float *acc) {
    if (n == 0)
        return;
    switch (c->kind) {
    case TPS_CODEC_NONE:
        none_acc(in, n, w, acc);
        break;
    case TPS_CODEC_FP16:
    case TPS_CODEC_BF16:
        tps__codec_f16_acc(c, in, n, w, acc);
        break;
    case TPS_CODEC_QSGD:
    case TPS_CODEC_UNIFORM:
        tps__codec_quant_acc(c, in, n, w, acc);
        break;
    case TPS_CODEC_TOPK:
    case TPS_CODEC_RANDK:
        tps__codec_sparse_acc(c, in, n, seed, w, acc);
        break;
    case TPS_CODEC_SIGN:
        tps__codec_sign_acc(c, in, n, w, acc);
        break;
    }
}

int tps__codec_decode_acc(const tps__codec_t *c, const uint8_t *in, size_t len,
                          uint64_t n, uint64_t seed, float w, float *acc) {
    if (!isfinite(w))
        return TPS_EINVAL;
    int rc = decode_check(c, in, len, n, acc);
    if (rc < 0)
        return rc;
    decode_run(c, in, n, seed, w, acc);
    return 0;
}

int tps__codec_decode(const tps__codec_t *c, const uint8_t *in, size_t len,
                      uint64_t n, uint64_t seed, float *dst) {
    int rc = decode_check(c, in, len, n, dst);
    if (rc < 0)
        return rc;
    if (n > 0)
        memset(dst, 0, n * sizeof(float));
    decode_run(c, in, n, seed, 1.0f, dst);
    return 0;
}
