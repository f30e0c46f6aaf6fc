/* SPDX-License-Identifier: MIT */
/* The fp16 (IEEE binary16) and bf16 (bfloat16) codecs, and the scalar
 * conversions of tps_codec.h. Portable C: F16C is not on every target, and
 * the block loops below vectorise with plain SSE2, so the conversions are
 * written branch-free on the bit patterns. */
#include <stdint.h>

#include "codec_internal.h"
#include "taups_error.h"

/* binary16 from the bits of a float, IEEE round to nearest even. */
static inline uint32_t f16_from_bits(uint32_t u) {
    uint32_t sign = (u >> 16) & 0x8000u;
    uint32_t a = u & 0x7fffffffu;
    /* Normal results: rebias the exponent (127 - 15 = 112) and round the 13
     * dropped bits to nearest even; a carry out of the mantissa correctly
     * bumps the exponent. 0xc8000000 is -(112 << 23) modulo 2^32. */
    uint32_t normal = (a + 0xc8000fffu + ((a >> 13) & 1)) >> 13;
    /* Subnormal results (|x| < 2^-14): adding 0.5 lines |x| up on a float
     * grid of spacing 2^-24, the binary16 subnormal unit, so the FPU's own
     * round-to-nearest-even does the rounding; the offset from 0.5's bits is
     * the result, 0x400 (the smallest normal) included. */
    uint32_t sub = codec_f2u(codec_u2f(a) + 0.5f) - 0x3f000000u;
    /* Selections as masks: written as conditionals, GCC turns them into
     * branches around the float addition and then will not vectorise. */
    uint32_t is_sub = 0u - (uint32_t)(a < 0x38800000u);
    uint32_t is_inf = 0u - (uint32_t)(a >= 0x477ff000u);
    uint32_t is_nan = 0u - (uint32_t)(a > 0x7f800000u);
    uint32_t h = (sub & is_sub) | (normal & ~is_sub);
    /* From 65520 up, rounding to nearest even reaches 2^16: Inf. */
    h = (h & ~is_inf) | (0x7c00u & is_inf);
    h = (h & ~is_nan) | ((0x7e00u | ((a >> 13) & 0x3ffu)) & is_nan);
    return sign | h;
}

/* float bits from binary16, exact. Subnormals take a detour through a
 * normal float and an exact subtraction, so no denormal arithmetic (which
 * DAZ would zero) is involved. */
static inline uint32_t f16_to_bits(uint32_t h) {
    uint32_t sign = (h & 0x8000u) << 16;
    uint32_t em = h & 0x7fffu;
    uint32_t e = em & 0x7c00u;
    uint32_t is_sub = 0u - (uint32_t)(e == 0);
    uint32_t is_inf = 0u - (uint32_t)(e == 0x7c00u);
    uint32_t o = (em << 13) + 0x38000000u;
    o += is_inf & 0x38000000u;
    o += is_sub & 0x00800000u;
    /* is_sub & 0x38800000 is 2^-14 for subnormals and +0 otherwise. */
    float f = codec_u2f(o) - codec_u2f(is_sub & 0x38800000u);
    return codec_f2u(f) | sign;
}

static inline uint32_t bf16_from_bits(uint32_t u) {
    uint32_t rne = (u + 0x7fffu + ((u >> 16) & 1)) >> 16;
    return (u & 0x7fffffffu) > 0x7f800000u ? (u >> 16) | 0x40u : rne;
}

uint16_t tps__f32_to_f16(float x) {
    return (uint16_t)f16_from_bits(codec_f2u(x));
}

float tps__f16_to_f32(uint16_t h) {
    return codec_u2f(f16_to_bits(h));
}

uint16_t tps__f32_to_bf16(float x) {
    return (uint16_t)bf16_from_bits(codec_f2u(x));
}

float tps__bf16_to_f32(uint16_t h) {
    return codec_u2f((uint32_t)h << 16);
}

/* The codecs saturate instead of overflowing to Inf: a payload never holds
 * Inf (the decoder refuses it), and a clipped value is what error feedback
 * can make up for. The magnitudes are the largest finite values, 65504 and
 * 0x1.fep127. Works on the magnitude bits as signed integers, which SSE2
 * compares directly. */
static inline uint32_t sat_bf16(uint32_t u) {
    int32_t a = (int32_t)(u & 0x7fffffffu);
    a = a > 0x7f7f0000 ? 0x7f7f0000 : a;
    return (u & 0x80000000u) | (uint32_t)a;
}

/* f16_from_bits for finite input, saturating: with |x| clamped to 65504
 * first, the Inf and NaN selections of the general conversion fall away,
 * which matters in the one loop that must reach 1 GB/s. */
static inline uint32_t f16_from_finite(uint32_t u) {
    int32_t a = (int32_t)(u & 0x7fffffffu);
    a = a > 0x477fe000 ? 0x477fe000 : a;
    uint32_t ua = (uint32_t)a;
    uint32_t normal = (ua + 0xc8000fffu + ((ua >> 13) & 1)) >> 13;
    uint32_t sub = codec_f2u(codec_u2f(ua) + 0.5f) - 0x3f000000u;
    uint32_t is_sub = 0u - (uint32_t)(a < 0x38800000);
    return ((u >> 16) & 0x8000u) | (sub & is_sub) | (normal & ~is_sub);
}

/* Conversion and narrowing in separate fixed loops: fused, GCC narrows to
 * 16-bit lanes early and spills registers around the shuffles. */
static void fp16_encode(const float *restrict x, uint64_t n,
                        uint8_t *restrict out) {
    uint32_t h[CODEC_BLOCK];
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK) {
        for (int j = 0; j < CODEC_BLOCK; j++)
            h[j] = f16_from_finite(codec_f2u(x[i + j]));
        for (int j = 0; j < CODEC_BLOCK; j++)
            codec_st16(out, i + j, (uint16_t)h[j]);
    }
    for (; i < n; i++)
        codec_st16(out, i, (uint16_t)f16_from_finite(codec_f2u(x[i])));
}

static void bf16_encode(const float *restrict x, uint64_t n,
                        uint8_t *restrict out) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        for (int j = 0; j < CODEC_BLOCK; j++)
            codec_st16(out, i + j,
                       (uint16_t)bf16_from_bits(sat_bf16(codec_f2u(x[i + j]))));
    for (; i < n; i++)
        codec_st16(out, i, (uint16_t)bf16_from_bits(sat_bf16(codec_f2u(x[i]))));
}

static int f16_encode(const tps__codec_t *c, const float *x, uint64_t n,
                      uint64_t seed, uint8_t *out) {
    (void)seed;
    if (c->kind == TPS_CODEC_FP16)
        fp16_encode(x, n, out);
    else
        bf16_encode(x, n, out);
    return 0;
}

static int f16_check(const tps__codec_t *c, const uint8_t *in, uint64_t n) {
    /* All-ones exponent: Inf or NaN. */
    uint32_t em = c->kind == TPS_CODEC_FP16 ? 0x7c00u : 0x7f80u;
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK) {
        uint32_t bad = 0;
        for (int j = 0; j < CODEC_BLOCK; j++)
            bad |= (codec_ld16(in, i + j) & em) == em;
        if (bad)
            return TPS_EPROTO;
    }
    for (; i < n; i++)
        if ((codec_ld16(in, i) & em) == em)
            return TPS_EPROTO;
    return 0;
}

static void fp16_acc(const uint8_t *restrict in, uint64_t n, float w,
                     float *restrict acc) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        for (int j = 0; j < CODEC_BLOCK; j++)
            acc[i + j] += w * codec_u2f(f16_to_bits(codec_ld16(in, i + j)));
    for (; i < n; i++)
        acc[i] += w * codec_u2f(f16_to_bits(codec_ld16(in, i)));
}

static void bf16_acc(const uint8_t *restrict in, uint64_t n, float w,
                     float *restrict acc) {
    uint64_t i = 0;
    for (; i + CODEC_BLOCK <= n; i += CODEC_BLOCK)
        for (int j = 0; j < CODEC_BLOCK; j++)
            acc[i + j] += w * codec_u2f((uint32_t)codec_ld16(in, i + j) << 16);
    for (; i < n; i++)
        acc[i] += w * codec_u2f((uint32_t)codec_ld16(in, i) << 16);
}

static void f16_acc(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                    uint64_t seed, float w, float *acc) {
    (void)seed;
    if (c->kind == TPS_CODEC_FP16)
        fp16_acc(in, n, w, acc);
    else
        bf16_acc(in, n, w, acc);
}

static uint64_t f16_wire_size(const tps__codec_t *c, uint64_t n) {
    (void)c;
    return 2 * n;
}

const tps__codec_ops_t tps__codec_f16_ops = {
    .valid = tps__codec_no_params,
    .describe = tps__codec_describe_plain,
    .biased = tps__codec_biased_always,
    .wire_size = f16_wire_size,
    .encode = f16_encode,
    .check = f16_check,
    .acc = f16_acc,
    .pullable = 1,
};
