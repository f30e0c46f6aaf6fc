/* SPDX-License-Identifier: MIT */
/* Internals shared by the codec families: the ops struct each family
 * defines in its own file (codec_none.c, codec_float16.c, codec_quant.c,
 * codec_topk.c, codec_sign.c) and tps_codec.c dispatches through,
 * little-endian access to payload bytes, and the counter-based random
 * stream of stochastic rounding. Nothing here is part of libtaups's
 * interface: callers use tps_codec.h.
 *
 * A new codec is one kind in tps_codec.h's enum, one row in tps_codec.c's
 * table of kinds and, for a new family, one tps__codec_ops_t. */
#ifndef TPS_CODEC_INTERNAL_H
#define TPS_CODEC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tps_codec.h"
#include "tps_rng.h"

/* Inner loops work on fixed blocks of this many elements: GCC 12 at -O2
 * vectorises only loops whose trip count is a compile-time constant with no
 * scalar remainder. 64 keeps Q-bit code groups byte-aligned for every Q. */
#define CODEC_BLOCK 64

/* What varies by codec family. tps_codec.c checks arguments, lengths and
 * finiteness once for all families, then calls these; a family tells its
 * kinds apart from c->kind itself.
 *
 * | member    | contract                                                   |
 * |-----------|------------------------------------------------------------|
 * | parse     | reads the parameters after the name (at *p, ':' first)     |
 * |           | into *t, whose kind is set, and advances *p past them;     |
 * |           | 0 or tps__codec_fail(). NULL: the spec is the name alone   |
 * | valid     | 1 if the fields the family uses are in range and the       |
 * |           | others zero (tps__codec_no_params for a family without)    |
 * | describe  | tps__codec_describe for a valid codec; `bias` is "biased"  |
 * |           | or "unbiased"                                              |
 * | biased    | tps__codec_biased for a valid codec                        |
 * | wire_size | payload bytes for n <= TPS_CODEC_MAX_N elements            |
 * | encode    | writes exactly wire_size bytes; called with a valid codec, |
 * |           | n <= TPS_CODEC_MAX_N, enough room, finite x and a nonzero  |
 * |           | wire size; returns 0 or TPS_EINVAL (data out of range)     |
 * | check     | validates a nonempty payload of the right length without   |
 * |           | touching any destination; returns 0 or TPS_EPROTO          |
 * | acc       | acc[i] += w * decoded[i] for n > 0 and a payload that      |
 * |           | passed check                                               |
 * | ratio     | 1 if the ratio field is used (and travels in the header)   |
 * | pullable  | 1 if pulls may use it: a pull is a model, not a gradient,  |
 * |           | and without error feedback a sparse or sign encoding of it |
 * |           | would lose most of it every time                           |
 */
typedef struct tps__codec_ops_s {
    int (*parse)(tps__codec_t *t, const char *name, const char **p,
                 const char *spec, uint32_t bucket, char *err, size_t errlen);
    int (*valid)(const tps__codec_t *c);
    void (*describe)(const tps__codec_t *c, const char *name, const char *bias,
                     char *buf, size_t len);
    int (*biased)(const tps__codec_t *c);
    uint64_t (*wire_size)(const tps__codec_t *c, uint64_t n);
    int (*encode)(const tps__codec_t *c, const float *x, uint64_t n,
                  uint64_t seed, uint8_t *out);
    int (*check)(const tps__codec_t *c, const uint8_t *in, uint64_t n);
    void (*acc)(const tps__codec_t *c, const uint8_t *in, uint64_t n,
                uint64_t seed, float w, float *acc);
    int ratio;
    int pullable;
} tps__codec_ops_t;

extern const tps__codec_ops_t tps__codec_none_ops;   /* codec_none.c */
extern const tps__codec_ops_t tps__codec_f16_ops;    /* codec_float16.c */
extern const tps__codec_ops_t tps__codec_quant_ops;  /* codec_quant.c */
extern const tps__codec_ops_t tps__codec_sparse_ops; /* codec_topk.c */
extern const tps__codec_ops_t tps__codec_sign_ops;   /* codec_sign.c */

/* Helpers for the families' ops (tps_codec.c). */

/* Writes 'codec "SPEC": ' and the formatted rest into err (if err != NULL
 * and errlen > 0); returns TPS_EINVAL. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
int tps__codec_fail(char *err, size_t errlen, const char *spec,
                    const char *fmt, ...);
/* `valid` of a family without parameters: every field but kind is zero. */
int tps__codec_no_params(const tps__codec_t *c);
/* `describe` of a lossy family without parameters: "NAME (BIAS)". */
void tps__codec_describe_plain(const tps__codec_t *c, const char *name,
                               const char *bias, char *buf, size_t len);
/* `biased` of a family whose kinds are all biased. */
int tps__codec_biased_always(const tps__codec_t *c);

/* Length of the ':'-separated field at s. */
static inline size_t codec_field_len(const char *s) {
    return strcspn(s, ":");
}

/* 1 if the field s[0..len) is `word`. */
static inline int codec_field_is(const char *s, size_t len, const char *word) {
    return strlen(word) == len && strncmp(s, word, len) == 0;
}

/* 0 if the `count` little-endian f32 at p are all finite, else TPS_EPROTO. */
int tps__codec_check_f32(const uint8_t *p, uint64_t count);

/* ---- little-endian access ------------------------------------------------
 * Payloads have no alignment; these types let the compiler emit plain
 * unaligned loads and stores (and vectorise them) where memcpy per element
 * would hide the pattern. */
typedef uint16_t codec_u16_una __attribute__((aligned(1), may_alias));
typedef uint32_t codec_u32_una __attribute__((aligned(1), may_alias));

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CODEC_LE16(v) __builtin_bswap16(v)
#define CODEC_LE32(v) __builtin_bswap32(v)
#define CODEC_LE64(v) __builtin_bswap64(v)
#else
#define CODEC_LE16(v) (v)
#define CODEC_LE32(v) (v)
#define CODEC_LE64(v) (v)
#endif

static inline uint16_t codec_ld16(const uint8_t *p, uint64_t i) {
    return (uint16_t)CODEC_LE16(((const codec_u16_una *)(const void *)p)[i]);
}

static inline void codec_st16(uint8_t *p, uint64_t i, uint16_t v) {
    ((codec_u16_una *)(void *)p)[i] = (uint16_t)CODEC_LE16(v);
}

static inline uint32_t codec_ld32(const uint8_t *p, uint64_t i) {
    return CODEC_LE32(((const codec_u32_una *)(const void *)p)[i]);
}

static inline void codec_st32(uint8_t *p, uint64_t i, uint32_t v) {
    ((codec_u32_una *)(void *)p)[i] = CODEC_LE32(v);
}

static inline uint32_t codec_f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static inline float codec_u2f(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

static inline float codec_ldf(const uint8_t *p, uint64_t i) {
    return codec_u2f(codec_ld32(p, i));
}

static inline void codec_stf(uint8_t *p, uint64_t i, float v) {
    codec_st32(p, i, codec_f2u(v));
}

/* ---- random streams --------------------------------------------------------
 * Stochastic rounding needs one uniform per element at a few cycles each, in
 * a form the compiler can vectorise, and reproducible from (seed, index)
 * alone; tps__rng_t's xoshiro stream is sequential and costs a call per draw.
 * So elements hash a counter: codec_count(key, i) = i*phi + key runs through
 * all 2^32 values before repeating. As the key is uniform over seeds and the
 * mix below is a bijection, each uniform is exactly uniform over seeds (what
 * unbiasedness needs), whatever the mix's quality; one multiply-xorshift
 * round (multiplier from Wellons's hash-prospector search) then keeps
 * neighbours decorrelated. */
static inline uint32_t codec_count(uint32_t key, uint64_t i) {
    return (uint32_t)i * 0x9e3779b9u + key;
}

/* Uniforms in [0, 1) for the CODEC_BLOCK elements from counter `first` on,
 * two per hash (its 16-bit halves, for elements j and j + CODEC_BLOCK/2):
 * half the hashing, and rounding up with probability p is then off by less
 * than 2^-16 of a step. */
static inline void codec_dither_block(uint32_t first, float *restrict d) {
    /* The counter as an induction variable: written as first + j*phi, GCC
     * vectorises a 32-bit multiply (slow without SSE4.1) to compute it. */
    uint32_t ctr = first;
    for (int j = 0; j < CODEC_BLOCK / 2; j++, ctr += 0x9e3779b9u) {
        uint32_t h = ctr;
        h ^= h >> 16;
        h *= 0x7feb352du;
        h ^= h >> 15;
        d[j] = (float)(int32_t)(h & 0xffffu) * 0x1p-16f;
        d[j + CODEC_BLOCK / 2] = (float)(int32_t)(h >> 16) * 0x1p-16f;
    }
}

/* The MurmurHash3 finaliser, a stronger mix for randk's permutation. */
static inline uint32_t codec_mix32(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

/* A 32-bit key for one purpose (`tag`) of one message: splitmix64 of the
 * seed, so that neighbouring seeds give unrelated keys. */
static inline uint32_t codec_key(uint64_t seed, uint64_t tag) {
    return (uint32_t)tps__mix64(seed + tag * 0x9e3779b97f4a7c15ULL +
                                0x9e3779b97f4a7c15ULL);
}

#endif
