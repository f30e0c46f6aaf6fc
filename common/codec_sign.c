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
 * block of 64 elements, so x is read from memory once.
 *
 * The magnitudes go to sixteen partial sums in double (unable to overflow
 * for finite floats), sum j adding the elements i = j mod 16 in order of
 * i; what is left past the last group of 16 is summed into s, then the
 * sums in order of j: the scale does not depend on the blocking. They are
 * eight pairs, each a single vector: with one array of sixteen, GCC keeps
 * a loop over it and the sums go through memory on every step. */
typedef struct abs_sums_s {
    double p0[2], p1[2], p2[2], p3[2], p4[2], p5[2], p6[2], p7[2];
} abs_sums_t;

static inline void add_abs2(double *restrict p, const float *restrict x) {
    for (int j = 0; j < 2; j++)
        p[j] += (double)codec_u2f(codec_f2u(x[j]) & 0x7fffffffu);
}

static inline void add_abs16(abs_sums_t *restrict s, const float *restrict x) {
    add_abs2(s->p0, x);
    add_abs2(s->p1, x + 2);
    add_abs2(s->p2, x + 4);
    add_abs2(s->p3, x + 6);
    add_abs2(s->p4, x + 8);
    add_abs2(s->p5, x + 10);
    add_abs2(s->p6, x + 12);
    add_abs2(s->p7, x + 14);
}

/* Bits of a block: the signs narrowed to one byte each, then eight bytes
 * at a time gathered into one by a multiply (bit 8t of the word lands on
 * bit 56 + t, no two partial products overlapping): the compiler
 * vectorises neither a shift by the lane's position nor an or across
 * lanes. */
static void sign_bits(const float *restrict x, uint8_t *restrict bits) {
    uint8_t sb[CODEC_BLOCK];
    for (int j = 0; j < CODEC_BLOCK; j++)
        sb[j] = (uint8_t)(codec_f2u(x[j]) >> 31);
    for (int b = 0; b < CODEC_BLOCK / 8; b++) {
        uint64_t v;
        memcpy(&v, sb + 8 * b, sizeof(v));
        bits[b] = (uint8_t)(CODEC_LE64(v) * 0x0102040810204080ULL >> 56);
    }
}

static int sign_encode(const tps__codec_t *c, const float *x, uint64_t n,
                       uint64_t seed, uint8_t *out) {
    (void)c;
    (void)seed;
    uint8_t *bits = out + 4;
    abs_sums_t sums;
    memset(&sums, 0, sizeof(sums));
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK) {
        for (int g = 0; g < CODEC_BLOCK; g += 16)
            add_abs16(&sums, x + i + g);
        sign_bits(x + i, bits + i / 8);
    }
    for (; i + 16 <= n; i += 16)
        add_abs16(&sums, x + i);
    double s = 0;
    for (; i < n; i++)
        s += (double)codec_u2f(codec_f2u(x[i]) & 0x7fffffffu);
    const double *pairs[8] = {sums.p0, sums.p1, sums.p2, sums.p3,
                              sums.p4, sums.p5, sums.p6, sums.p7};
    for (int v = 0; v < 8; v++)
        for (int j = 0; j < 2; j++)
            s += pairs[v][j];
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

static int sign_check(const tps__codec_t *c, const uint8_t *in, uint64_t n) {
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

static void sign_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                     uint64_t seed, float w, float *acc) {
    (void)c;
    (void)seed;
    float pos = w * codec_ldf(in, 0);
    const uint8_t *bits = in + 4;
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        sign_acc_block(bits + i / 8, pos, acc + i);
    for (; i < n; i++)
        acc[i] += bits[i / 8] >> (i % 8) & 1 ? -pos : pos;
}

static uint64_t sign_wire_size(const tps__codec_t *c, uint64_t n) {
    (void)c;
    return 4 + (n + 7) / 8;
}

const tps__codec_ops_t tps__codec_sign_ops = {
    .valid = tps__codec_no_params,
    .describe = tps__codec_describe_plain,
    .biased = tps__codec_biased_always,
    .wire_size = sign_wire_size,
    .encode = sign_encode,
    .check = sign_check,
    .acc = sign_acc,
};
