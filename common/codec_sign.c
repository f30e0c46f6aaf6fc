/* SPDX-License-Identifier: MIT */
/* The sign codec: one bit per element (the float's sign bit) and one f32
 * scale, the mean magnitude, so that decode gives +-mean|x| and the decoded
 * vector has the input's L1 norm. Layout in tps_codec.h. */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "codec_internal.h"
#include "taups_error.h"

/* One pass: the mean magnitude and the sign bits are taken from the same
 * block of 64 elements, so x is read from memory once. The magnitudes go to
 * sixteen partial sums in double (vectorisable, and unable to overflow for
 * finite floats), part[j] summing the elements i = j mod 16 in order of i;
 * what is left over past the last group of 16 is summed into s, then the
 * parts in order: the scale does not depend on the blocking. */
static void sign_block(const float *restrict x, double *restrict part,
                       uint8_t *restrict bits) {
    for (int g = 0; g < CODEC_BLOCK / 16; g++)
        for (int j = 0; j < 16; j++)
            part[j] += (double)codec_u2f(codec_f2u(x[16 * g + j]) & 0x7fffffffu);
    /* The sign spread over the lane and masked to the lane's bit: an
     * arithmetic shift, an and and an or-reduction per byte, all SSE2. */
    for (int b = 0; b < CODEC_BLOCK / 8; b++) {
        uint32_t byte = 0;
        for (int t = 0; t < 8; t++)
            byte |= (uint32_t)((int32_t)codec_f2u(x[8 * b + t]) >> 31) &
                    (1u << t);
        bits[b] = (uint8_t)byte;
    }
}

int tps__codec_sign_encode(const tps_codec_t *c, const float *x, uint64_t n,
                           uint8_t *out) {
    (void)c;
    uint8_t *bits = out + 4;
    double part[16] = {0}, s = 0;
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        sign_block(x + i, part, bits + i / 8);
    for (; i + 16 <= n; i += 16)
        for (int j = 0; j < 16; j++)
            part[j] += (double)codec_u2f(codec_f2u(x[i + j]) & 0x7fffffffu);
    for (; i < n; i++)
        s += (double)codec_u2f(codec_f2u(x[i]) & 0x7fffffffu);
    for (int j = 0; j < 16; j++)
        s += part[j];
    /* The mean of finite magnitudes is at most FLT_MAX: always encodable. */
    codec_stf(out, 0, n > 0 ? (float)(s / (double)n) : 0.0f);
    for (i = n / CODEC_BLOCK * CODEC_BLOCK; i < n; i += 8) {
        uint32_t byte = 0;
        for (int j = 0; j < 8 && i + (uint64_t)j < n; j++)
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

/* The sign masks of a nibble's four elements: a table row is one 16-byte
 * load, xored onto the scale and added, which vectorises on any target;
 * testing each lane's bit instead left GCC with a scalar loop. */
#define SIGN_BIT(v) ((v) ? 0x80000000u : 0u)
#define SIGN_ROW(v)                                                            \
    { SIGN_BIT((v)&1), SIGN_BIT((v)&2), SIGN_BIT((v)&4), SIGN_BIT((v)&8) }
static const uint32_t sign_nibble[16][4] = {
    SIGN_ROW(0),  SIGN_ROW(1),  SIGN_ROW(2),  SIGN_ROW(3),
    SIGN_ROW(4),  SIGN_ROW(5),  SIGN_ROW(6),  SIGN_ROW(7),
    SIGN_ROW(8),  SIGN_ROW(9),  SIGN_ROW(10), SIGN_ROW(11),
    SIGN_ROW(12), SIGN_ROW(13), SIGN_ROW(14), SIGN_ROW(15)};

static void sign_acc_block(const uint8_t *restrict bits, float pos,
                           float *restrict dst) {
    uint32_t p = codec_f2u(pos);
    for (int g = 0; g < CODEC_BLOCK / 4; g++) {
        const uint32_t *m = sign_nibble[bits[g / 2] >> (4 * (g & 1)) & 15u];
        for (int t = 0; t < 4; t++)
            dst[4 * g + t] += codec_u2f(p ^ m[t]);
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
