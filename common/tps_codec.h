/* SPDX-License-Identifier: MIT */
/* Gradient codecs (docs/design.md §5): turn a float32 slice into payload bytes
 * and back, with decoding fused into accumulation (acc += w * decode) so that
 * a server needs no dense temporary. Everything here is pure computation: no
 * allocation, no I/O, no global state, safe to call from any thread.
 *
 * Specs (the text of --codec and --pull-codec):
 *
 * | spec                         | payload for n elements    | biased    |
 * |------------------------------|---------------------------|-----------|
 * | none                         | 4n                        | no        |
 * | fp16, bf16                   | 2n                        | yes       |
 * | qsgd:Q                       | 4*ceil(n/B) + ceil(Q*n/8) | no        |
 * | uniform:Q[:log][:stochastic] | 8*ceil(n/B) + ceil(Q*n/8) | unless    |
 * |                              |                           | stochastic|
 * | topk:R                       | 8k, k = ceil(R*n)         | yes       |
 * | randk:R                      | 4k, k = ceil(R*n)         | yes       |
 * | sign                         | 4 + ceil(n/8)             | yes       |
 *
 * Q is 2, 4, 8 or 16 bits per element; B is the bucket (--bucket, elements
 * sharing one set of scalars); R is a ratio in (0, 1]. The wire size depends
 * only on the codec and n, never on the data, so a receiver knows the exact
 * length to expect before reading a byte.
 *
 * Payload layouts (all little-endian; "f32" is IEEE binary32, "u32" unsigned;
 * nb = ceil(n/B); codes are packed LSB-first: element i occupies bits
 * [Q*i, Q*i + Q) of the code area, and unused high bits of the last byte are
 * zero):
 *
 * | codec   | part            | bytes         | meaning                       |
 * |---------|-----------------|---------------|-------------------------------|
 * | none    | values          | 4n            | f32 x[i]                      |
 * | fp16    | values          | 2n            | binary16, round to nearest    |
 * |         |                 |               | even; |x| > 65504 saturates   |
 * | bf16    | values          | 2n            | bfloat16 (top half of the     |
 * |         |                 |               | f32), round to nearest even;  |
 * |         |                 |               | beyond its max saturates      |
 * | qsgd    | norms           | 4*nb          | f32 L2 norm of each bucket,   |
 * |         |                 |               | rounded up, in [0, 2^127)     |
 * |         | codes           | ceil(Q*n/8)   | sign bit (bit Q-1, 1 = minus) |
 * |         |                 |               | + level l in [0, s], s =      |
 * |         |                 |               | 2^(Q-1)-1: x = norm*l/s       |
 * | uniform | min, max        | 8*nb          | f32 pair per bucket; linear:  |
 * | linear  |                 |               | min <= max; the bucket's      |
 * |         |                 |               | extremes                      |
 * |         | codes           | ceil(Q*n/8)   | k in [0, L], L = 2^Q - 1:     |
 * |         |                 |               | x = min + k*(max-min)/L       |
 * | uniform | lo, hi          | 8*nb          | smallest nonzero and largest  |
 * | log     |                 |               | |x| of the bucket (both 0 if  |
 * |         |                 |               | the bucket is all zeros)      |
 * |         | codes           | ceil(Q*n/8)   | sign bit (bit Q-1) + m in     |
 * |         |                 |               | [0, M], M = 2^(Q-1)-1: m = 0  |
 * |         |                 |               | is 0, else |x| = lo *         |
 * |         |                 |               | (hi/lo)^((m-1)/(M-1))         |
 * | topk    | index deltas    | 4k            | u32: first index, then the    |
 * |         |                 |               | gap to the previous (>= 1)    |
 * |         | values          | 4k            | f32 x at those indices        |
 * | randk   | values          | 4k            | f32 x at the indices drawn    |
 * |         |                 |               | from the message seed         |
 * | sign    | scale           | 4             | f32 mean |x|, >= 0            |
 * |         | bits            | ceil(n/8)     | bit i set: element i is       |
 * |         |                 |               | negative (float sign bit)     |
 *
 * Rounding and bias. qsgd follows the published QSGD quantiser (Alistarh et
 * al., 2017: L2 norm per bucket, s = 2^(Q-1)-1 levels per sign) with
 * stochastic rounding, so E[decode] = x. uniform uses 2^Q - 1 steps between
 * min and max (the textbook's 2^Q is an off-by-one: it needs 2^Q + 1 codes);
 * deterministic rounding goes to the nearest level (error <= step/2, biased),
 * :stochastic rounds up with probability equal to the fractional position
 * (error < step, unbiased). With :log the levels are geometric between the
 * bucket's smallest nonzero and largest magnitude; stochastic rounding
 * interpolates linearly between adjacent levels (still unbiased),
 * deterministic rounding picks the nearer level in log space. uniform:2:log
 * is refused: one magnitude level per sign has no scale to be logarithmic
 * on. randk sends the selected values as they are, not rescaled by n/k:
 * rescaling would make it unbiased but multiply its variance by n/k, which
 * error feedback (r -= decompress(c)) turns into a growing residual instead
 * of a shrinking one. So randk, like topk and sign, is meant to be used with
 * error feedback. fp16 and bf16 round deterministically and count as biased
 * by the same rule: unbiased means lossless or stochastic.
 *
 * Seeds. Stochastic rounding and randk's indices come from a counter-based
 * stream keyed by the `seed` given for each message; the receiver of a randk
 * payload must be given the same seed. Rounding probabilities have a
 * resolution of 2^-16, so "unbiased" holds to within 2^-16 of a step. Equal
 * (codec, x, n, seed) give equal bytes on every host, except that the log
 * scale's levels depend on libm's log2 and exp2 to the last bit.
 *
 * Range. Inputs must be finite. fp16 and bf16 saturate at their largest
 * finite value rather than produce Inf. qsgd refuses a bucket whose L2 norm
 * reaches 2^127 (~1.7e38, half of FLT_MAX, so that decoded values stay
 * finite); uniform (linear) refuses a bucket whose max - min exceeds
 * FLT_MAX. Within these limits a decoded value (with w = 1) is finite.
 * Elements per message are limited to TPS_CODEC_MAX_N so that indices fit
 * in a u32. */
#ifndef TPS_CODEC_H
#define TPS_CODEC_H

#include <stddef.h>
#include <stdint.h>

/* The numbers travel on the wire (low bits of the packed id): never renumber.
 * 0 is dense float32, as the frame header's codec field already says. */
typedef enum tps__codec_kind_e {
    TPS_CODEC_NONE = 0,
    TPS_CODEC_FP16 = 1,
    TPS_CODEC_BF16 = 2,
    TPS_CODEC_QSGD = 3,
    TPS_CODEC_UNIFORM = 4,
    TPS_CODEC_TOPK = 5,
    TPS_CODEC_RANDK = 6,
    TPS_CODEC_SIGN = 7
} tps__codec_kind_t;

#define TPS_CODEC_BUCKET_DEFAULT 512
#define TPS_CODEC_BUCKET_MAX (1u << 20)
/* Indices and counters are u32 on the wire and in the random streams. */
#define TPS_CODEC_MAX_N (UINT64_C(1) << 32)

/* A codec and its parameters; a plain value, no cleanup. Fields that do not
 * apply to `kind` are zero, so that two equal codecs compare equal field by
 * field and pack to the same id.
 *
 * | field      | used by        | range                                    |
 * |------------|----------------|------------------------------------------|
 * | bits       | qsgd, uniform  | 2, 4, 8, 16 (uniform with log: 4, 8, 16) |
 * | bucket     | qsgd, uniform  | 1 .. TPS_CODEC_BUCKET_MAX                |
 * | log_scale  | uniform        | 0 or 1                                   |
 * | stochastic | uniform        | 0 or 1 (qsgd is always stochastic)       |
 * | ratio      | topk, randk    | (0, 1], a float: it travels as one       |
 */
typedef struct tps__codec_s {
    tps__codec_kind_t kind;
    int bits;
    uint32_t bucket;
    int log_scale, stochastic;
    float ratio;
} tps__codec_t;

/* Parses a spec such as "none", "fp16", "bf16", "qsgd:8",
 * "uniform:4:log:stochastic" (flags in any order, each at most once),
 * "topk:0.01", "randk:0.05" or "sign". `bucket` is used by qsgd and uniform
 * and must then be in [1, TPS_CODEC_BUCKET_MAX]. Returns 0, or TPS_EINVAL
 * with a sentence naming the spec in `err` (if err != NULL and errlen > 0),
 * *c being "none" then. */
int tps__codec_parse(tps__codec_t *c, const char *spec, uint32_t bucket,
                     char *err, size_t errlen);

/* Writes the canonical spec followed by the parameters that the spec does not
 * show, e.g. "qsgd:8 (bucket 512, unbiased)" or "topk:0.01 (biased)". The
 * part before " (" parses back to the same codec. */
void tps__codec_describe(const tps__codec_t *c, char *buf, size_t len);

/* 1 if E[decode(encode(x))] != x beyond float32 rounding (error feedback is
 * then on by default): fp16, bf16, deterministic uniform, topk, randk, sign.
 * 0 for none, qsgd and stochastic uniform. */
int tps__codec_biased(const tps__codec_t *c);

/* 1 if pulls may use the codec: none, fp16, bf16, qsgd and uniform. A pull
 * is a model, not a gradient: without error feedback, a sparse or sign
 * encoding of it would lose most of it every time. 0 for an invalid codec. */
int tps__codec_pullable(const tps__codec_t *c);

/* Elements kept by topk and randk for n elements: ceil(ratio*n) clamped to
 * [1, n] (0 for n = 0). The product is taken with the float ratio shrunk by
 * 2^-24 relative, so that "topk:0.1" keeps 1 of 10 although the float 0.1 is
 * a little above one tenth; 0 for the other codecs. */
uint64_t tps__codec_k(const tps__codec_t *c, uint64_t n);

/* Exact payload size in bytes for n elements (see the table above); it is
 * also the largest. SIZE_MAX for an invalid codec or n > TPS_CODEC_MAX_N. */
size_t tps__codec_wire_size(const tps__codec_t *c, uint64_t n);

/* Packs the codec for a frame header: *id holds the kind in bits 0-3, Q in
 * bits 4-8, log_scale in bit 9, stochastic in bit 10 and the bucket in bits
 * 11-31 (zero where unused); *ratio holds the ratio of topk and randk, else
 * 0. A "none" codec packs to id 0. */
void tps__codec_pack(const tps__codec_t *c, uint32_t *id, float *ratio);

/* Inverse of tps__codec_pack for a received header: validates everything
 * (unknown kind, Q not allowed for the kind, bucket 0 or too large, ratio
 * not in (0, 1] or not finite, a nonzero field the kind does not use) and
 * returns 0 or TPS_EINVAL, *c being "none" on error. */
int tps__codec_unpack(tps__codec_t *c, uint32_t id, float ratio);

/* Encodes x[0..n) into out[0..cap) and returns the number of bytes written,
 * always tps__codec_wire_size(c, n). `seed` keys stochastic rounding and
 * randk's index stream for this message. Borrows everything; x and out must
 * not overlap. Errors: TPS_EINVAL for an invalid codec, a NaN or Inf in x,
 * or data out of the codec's range (see "Range" above); TPS_E2BIG if n >
 * TPS_CODEC_MAX_N or cap is short. out is untouched when the codec, n, cap
 * or x's finiteness is the problem; after a range error its contents are
 * unspecified. */
int64_t tps__codec_encode(const tps__codec_t *c, const float *x, uint64_t n,
                          uint64_t seed, uint8_t *out, size_t cap);

/* Decodes the payload in[0..len) of n elements and adds w times it to
 * acc[0..n), without a temporary of size n. `seed` must be the encoder's
 * (only randk uses it). The payload is validated before acc is touched, with
 * a pass over its scalars, indices and (for none, fp16, bf16, topk and
 * randk) its values, so on error acc is unchanged. Errors: TPS_EINVAL for an
 * invalid codec or a non-finite w; TPS_E2BIG if n > TPS_CODEC_MAX_N;
 * TPS_EPROTO if len is not the wire size for n, a scalar or value is NaN or
 * Inf (or negative where it must not be), an index is out of range or not
 * increasing, or padding bits are set. Never reads outside in[0..len).
 * Borrows everything; in and acc must not overlap. */
int tps__codec_decode_acc(const tps__codec_t *c, const uint8_t *in, size_t len,
                          uint64_t n, uint64_t seed, float w, float *acc);

/* As tps__codec_decode_acc, but overwrites dst[0..n) with the decoded
 * values (zeros where sparse codecs send nothing; a -0 decodes as +0); dst
 * is unchanged on error. */
int tps__codec_decode(const tps__codec_t *c, const uint8_t *in, size_t len,
                      uint64_t n, uint64_t seed, float *dst);

/* IEEE conversions with round to nearest even, subnormals, Inf and NaN
 * (quieted, top payload bits kept); finite values beyond the target's range
 * become Inf here, unlike in the fp16/bf16 codecs, which saturate. */
uint16_t tps__f32_to_f16(float x);
float tps__f16_to_f32(uint16_t h);
uint16_t tps__f32_to_bf16(float x);
float tps__bf16_to_f32(uint16_t h);

#endif
