/* SPDX-License-Identifier: MIT */
/* The "none" codec: dense little-endian float32, lossless; and the check of
 * an f32 array that randk's values share. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"

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

static int none_encode(const tps__codec_t *c, const float *x, uint64_t n,
                       uint64_t seed, uint8_t *out) {
    (void)c;
    (void)seed;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (uint64_t i = 0; i < n; i++)
        codec_stf(out, i, x[i]);
#else
    memcpy(out, x, n * sizeof(float));
#endif
    return 0;
}

static int none_check(const tps__codec_t *c, const uint8_t *in, uint64_t n) {
    (void)c;
    return tps__codec_check_f32(in, n);
}

static void none_acc(const tps__codec_t *c, const uint8_t *restrict in,
                     uint64_t n, uint64_t seed, float w, float *restrict acc) {
    (void)c;
    (void)seed;
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        for (int j = 0; j < CODEC_BLOCK; j++)
            acc[i + j] += w * codec_ldf(in, i + j);
    for (; i < n; i++)
        acc[i] += w * codec_ldf(in, i);
}

static void none_describe(const tps__codec_t *c, const char *name,
                          const char *bias, char *buf, size_t len) {
    (void)c;
    (void)bias;
    snprintf(buf, len, "%s (lossless)", name);
}

static int none_biased(const tps__codec_t *c) {
    (void)c;
    return 0;
}

static uint64_t none_wire_size(const tps__codec_t *c, uint64_t n) {
    (void)c;
    return 4 * n;
}

const tps__codec_ops_t tps__codec_none_ops = {
    .valid = tps__codec_no_params,
    .describe = none_describe,
    .biased = none_biased,
    .wire_size = none_wire_size,
    .encode = none_encode,
    .check = none_check,
    .acc = none_acc,
    .pullable = 1,
};
