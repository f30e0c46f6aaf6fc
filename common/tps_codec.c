/* SPDX-License-Identifier: MIT */
/* The codec interface of tps_codec.h: spec parsing and description, the
 * packed wire identity, sizes, argument checks shared by every codec, and
 * the table of kinds whose ops (codec_internal.h) do the rest. */
#include "tps_codec.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"
#include "tps_float.h"

/* The kinds, in enum order, with their spec and family: adding a codec is
 * one row here (and its family's ops). `usage` is the spec as the error for
 * an unknown name lists it. */
static const struct {
    const char *name, *usage;
    const tps__codec_ops_t *ops;
} kinds[] = {
    [TPS_CODEC_NONE] = {"none", "none", &tps__codec_none_ops},
    [TPS_CODEC_FP16] = {"fp16", "fp16", &tps__codec_f16_ops},
    [TPS_CODEC_BF16] = {"bf16", "bf16", &tps__codec_f16_ops},
    [TPS_CODEC_QSGD] = {"qsgd", "qsgd:Q", &tps__codec_quant_ops},
    [TPS_CODEC_UNIFORM] = {"uniform", "uniform:Q[:log][:stochastic]",
                           &tps__codec_quant_ops},
    [TPS_CODEC_TOPK] = {"topk", "topk:RATIO", &tps__codec_sparse_ops},
    [TPS_CODEC_RANDK] = {"randk", "randk:RATIO", &tps__codec_sparse_ops},
    [TPS_CODEC_SIGN] = {"sign", "sign", &tps__codec_sign_ops},
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

/* The family of c's kind, NULL if c is NULL or its kind unknown. */
static const tps__codec_ops_t *ops_of(const tps__codec_t *c) {
    if (c == NULL || (int)c->kind < 0 || (int)c->kind >= NKINDS)
        return NULL;
    return kinds[c->kind].ops;
}

/* The one definition of a well-formed codec, shared by parse (after the
 * fact), unpack and every entry point, so that no path accepts what another
 * refuses. */
static int codec_valid(const tps__codec_t *c) {
    const tps__codec_ops_t *ops = ops_of(c);
    return ops != NULL && ops->valid(c);
}

int tps__codec_no_params(const tps__codec_t *c) {
    return c->bits == 0 && c->bucket == 0 && !c->log_scale && !c->stochastic &&
           c->ratio == 0;
}

int tps__codec_biased_always(const tps__codec_t *c) {
    (void)c;
    return 1;
}

int tps__codec_pullable(const tps__codec_t *c) {
    return codec_valid(c) && kinds[c->kind].ops->pullable;
}

static void set_none(tps__codec_t *c) {
    memset(c, 0, sizeof(*c));
    c->kind = TPS_CODEC_NONE;
}

int tps__codec_fail(char *err, size_t errlen, const char *spec, const char *fmt,
                    ...) {
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

/* "unknown codec (none, fp16, ... or sign)", listing the table's usages. */
static int fail_unknown(char *err, size_t errlen, const char *spec) {
    char known[256];
    size_t off = 0;
    for (int k = 0; k < NKINDS && off < sizeof(known); k++) {
        const char *sep = k == 0 ? "" : k == NKINDS - 1 ? " or " : ", ";
        int m = snprintf(known + off, sizeof(known) - off, "%s%s", sep,
                         kinds[k].usage);
        if (m < 0)
            break;
        off += (size_t)m;
    }
    return tps__codec_fail(err, errlen, spec, "unknown codec (%s)", known);
}

int tps__codec_parse(tps__codec_t *c, const char *spec, uint32_t bucket,
                     char *err, size_t errlen) {
    tps__codec_t t;
    set_none(c);
    if (spec == NULL)
        return tps__codec_fail(err, errlen, "(null)", "no codec given");
    memset(&t, 0, sizeof(t));
    size_t len = codec_field_len(spec);
    int k;
    for (k = 0; k < NKINDS; k++)
        if (codec_field_is(spec, len, kinds[k].name))
            break;
    if (k == NKINDS)
        return fail_unknown(err, errlen, spec);
    t.kind = (tps__codec_kind_t)k;
    const char *p = spec + len;
    const tps__codec_ops_t *ops = kinds[k].ops;
    if (ops->parse != NULL) {
        int rc = ops->parse(&t, kinds[k].name, &p, spec, bucket, err, errlen);
        if (rc < 0)
            return rc;
    }
    if (*p != '\0')
        return tps__codec_fail(err, errlen, spec, "%s takes no parameters",
                               kinds[k].name);
    *c = t;
    return 0;
}

void tps__codec_describe_plain(const tps__codec_t *c, const char *name,
                               const char *bias, char *buf, size_t len) {
    (void)c;
    snprintf(buf, len, "%s (%s)", name, bias);
}

void tps__codec_describe(const tps__codec_t *c, char *buf, size_t len) {
    if (len == 0)
        return;
    if (!codec_valid(c)) {
        snprintf(buf, len, "invalid codec");
        return;
    }
    const char *bias = tps__codec_biased(c) ? "biased" : "unbiased";
    kinds[c->kind].ops->describe(c, kinds[c->kind].name, bias, buf, len);
}

int tps__codec_biased(const tps__codec_t *c) {
    const tps__codec_ops_t *ops = ops_of(c);
    return ops == NULL || ops->biased(c);
}

uint64_t tps__codec_k(const tps__codec_t *c, uint64_t n) {
    const tps__codec_ops_t *ops = ops_of(c);
    if (ops == NULL || !ops->ratio || n == 0)
        return 0;
    double k = ceil((double)c->ratio * (double)n * (1.0 - 0x1p-24));
    if (k < 1)
        return 1;
    return k >= (double)n ? n : (uint64_t)k;
}

size_t tps__codec_wire_size(const tps__codec_t *c, uint64_t n) {
    if (!codec_valid(c) || n > TPS_CODEC_MAX_N)
        return SIZE_MAX;
    uint64_t s = kinds[c->kind].ops->wire_size(c, n);
    return s > SIZE_MAX ? SIZE_MAX : (size_t)s;
}

void tps__codec_pack(const tps__codec_t *c, uint32_t *id, float *ratio) {
    *id = (uint32_t)c->kind | (uint32_t)c->bits << 4 |
          (uint32_t)(c->log_scale != 0) << 9 |
          (uint32_t)(c->stochastic != 0) << 10 | c->bucket << 11;
    const tps__codec_ops_t *ops = ops_of(c);
    *ratio = ops != NULL && ops->ratio ? c->ratio : 0.0f;
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
    /* Nothing to write (n = 0, or k = 0): out may be NULL. */
    if (need == 0)
        return 0;
    int rc = kinds[c->kind].ops->encode(c, x, n, seed, out);
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
    return kinds[c->kind].ops->check(c, in, n);
}

static void decode_run(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                       uint64_t seed, float w, float *acc) {
    if (n == 0)
        return;
    kinds[c->kind].ops->acc(c, in, n, seed, w, acc);
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
