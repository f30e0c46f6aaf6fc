/* SPDX-License-Identifier: MIT */
/* The sign codec: one bit per element (the float's sign bit) and one f32
 * scale, the mean magnitude, so that decode gives +-mean|x| and the decoded
 * vector has the input's L1 norm. Layout in tps_codec.h. */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"

/* Sixteen partial sums in double, as in codec_quant.c: vectorisable and
 * unable to overflow for finite floats. */
static double sum_abs(const float *restrict x, uint64_t n) {
    double part[16] = {0};
    uint64_t i = 0;
    for (; i + 16 <= n; i += 16)
        for (int j = 0; j < 16; j++)
            part[j] += (double)codec_u2f(codec_f2u(x[i + j]) & 0x7fffffffu);
    double s = 0;
    for (; i < n; i++)
        s += (double)codec_u2f(codec_f2u(x[i]) & 0x7fffffffu);
    for (int j = 0; j < 16; j++)
        s += part[j];
    return s;
}

int tps__codec_sign_encode(const tps_codec_t *c, const float *x, uint64_t n,
                           uint8_t *out) {
    (void)c;
    /* The mean of finite magnitudes is at most FLT_MAX: always encodable. */
    codec_stf(out, 0, n > 0 ? (float)(sum_abs(x, n) / (double)n) : 0.0f);
    uint8_t *bits = out + 4;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint32_t byte = 0;
        for (int j = 0; j < 8; j++)
            byte |= (codec_f2u(x[i + (uint64_t)j]) >> 31) << j;
        bits[i / 8] = (uint8_t)byte;
    }
    if (i < n) {
        uint32_t byte = 0;
        for (int j = 0; i + (uint64_t)j < n; j++)
            byte |= (codec_f2u(x[i + (uint64_t)j]) >> 31) << j;
        bits[i / 8] = (uint8_t)byte;
    }
    return 0;
}

int tps__codec_sign_check(const tps_codec_t *c, const uint8_t *in, uint64_t n) {
    (void)c;
    /* Finite and not negative (-0 included). */
    if (codec_ld32(in, 0) >= 0x7f800000u)
        return TPS_EPROTO;
    if (n % 8 != 0 && in[4 + n / 8] >> (n % 8) != 0)
        return TPS_EPROTO;
    return 0;
}

/* Eight elements per payload byte: the byte is broadcast and each lane tests
 * its own bit against a constant mask, which SSE2 does without per-lane
 * shifts. */
static void sign_acc_block(const uint8_t *restrict bits, float pos,
                           float *restrict dst) {
    uint32_t p = codec_f2u(pos);
    for (int b = 0; b < CODEC_BLOCK / 8; b++) {
        uint32_t byte = bits[b];
        for (int t = 0; t < 8; t++) {
            uint32_t neg = 0u - (uint32_t)((byte & (1u << t)) != 0);
            dst[8 * b + t] += codec_u2f(p ^ (neg & 0x80000000u));
        }
    }
}

void tps__codec_sign_acc(const tps_codec_t *c, const uint8_t *in, uint64_t n,
                         float w, float *acc) {
    (void)c;
    float pos = w * codec_ldf(in, 0);
    const uint8_t *bits = in + 4;
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        sign_acc_block(bits + i / 8, pos, acc + i);
    for (; i < n; i++)
        acc[i] += bits[i / 8] >> (i % 8) & 1 ? -pos : pos;
}
