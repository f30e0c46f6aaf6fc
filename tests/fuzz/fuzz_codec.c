/* SPDX-License-Identifier: MIT */
/* libFuzzer: every decoder of common/tps_codec.h (tps__codec_decode and
 * tps__codec_decode_acc of every codec, tps__codec_unpack of the wire's
 * codec id, tps__codec_parse of a spec, the half-float conversions) on
 * arbitrary payloads with arbitrary parameters.
 *
 * Input: byte 0 chooses how the codec is made (bits 6-7: 0 and 1 from the
 * fields below, 2 from a raw wire id and ratio through tps__codec_unpack,
 * 3 from the rest of the input read as a spec), then:
 *
 *   fields:  kind u8 (low 3 bits), flags u8 (bits 0-1: Q = 2, 4, 8, 16;
 *            bit 2 log; bit 3 stochastic), bucket u16 (+1), ratio u8
 *            ((r + 1) / 256)
 *   raw:     id u32, ratio f32
 *   then:    n u16 (mod 4096), seed u64, w f32, shape u8 (bit 0: the
 *            payload is cut or zero-padded to the wire size, so that the
 *            contents checks run, not only the length check), payload
 *
 * Properties (abort() on violation):
 *   - decode and decode_acc agree on success or failure; on failure the
 *     destination is untouched;
 *   - whenever decode succeeds, every decoded value is finite;
 *   - decode_acc with weight 1 into zeros gives exactly decode's values,
 *     and with any finite weight w (|w| <= 2^10) gives w times them within
 *     float rounding, wherever that product is a float;
 *   - a valid codec packs and unpacks to itself, and a parsed spec's
 *     description parses back to the same codec;
 *   - binary16 and bfloat16 values survive a round trip through float. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups_error.h"
#include "tps_codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 4096
#define MAX_W 1024.0f
/* Bytes that flag an untouched destination. */
#define SENTINEL 0x5au

typedef struct input_s {
    const uint8_t *p;
    size_t left;
} input_t;

static uint64_t take(input_t *in, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes && in->left > 0; i++, in->left--)
        v |= (uint64_t)*in->p++ << (8 * i);
    return v;
}

static float take_f32(input_t *in) {
    uint32_t u = (uint32_t)take(in, 4);
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

static int same_codec(const tps__codec_t *a, const tps__codec_t *b) {
    return a->kind == b->kind && a->bits == b->bits && a->bucket == b->bucket &&
           a->log_scale == b->log_scale && a->stochastic == b->stochastic &&
           a->ratio == b->ratio;
}

static int untouched(const float *x, uint64_t n) {
    const uint8_t *b = (const uint8_t *)x;
    for (size_t i = 0; i < n * sizeof(float); i++)
        if (b[i] != SENTINEL)
            return 0;
    return 1;
}

static void check_half_floats(uint16_t h) {
    float f = tps__f16_to_f32(h);
    if (isnan(f) ? !isnan(tps__f16_to_f32(tps__f32_to_f16(f)))
                 : tps__f32_to_f16(f) != h)
        abort();
    f = tps__bf16_to_f32(h);
    if (isnan(f) ? !isnan(tps__bf16_to_f32(tps__f32_to_bf16(f)))
                 : tps__f32_to_bf16(f) != h)
        abort();
}

/* The spec, its description, and the description's spec part parsed
 * again. */
static void check_spec(const uint8_t *p, size_t len, uint32_t bucket) {
    char spec[64], desc[128], err[128];
    if (len >= sizeof(spec))
        len = sizeof(spec) - 1;
    memcpy(spec, p, len);
    spec[len] = '\0';
    tps__codec_t c, again;
    if (tps__codec_parse(&c, spec, bucket, err, sizeof(err)) < 0)
        return;
    tps__codec_describe(&c, desc, sizeof(desc));
    char *paren = strstr(desc, " (");
    if (paren == NULL)
        abort();
    *paren = '\0';
    if (tps__codec_parse(&again, desc, bucket, err, sizeof(err)) < 0 ||
        !same_codec(&c, &again))
        abort();
}

static void check_decoders(const tps__codec_t *c, const uint8_t *in,
                           size_t len, uint64_t n, uint64_t seed, float w) {
    float *dst = malloc(n * sizeof(float) + 1);
    float *acc = malloc(n * sizeof(float) + 1);
    float *accw = malloc(n * sizeof(float) + 1);
    if (dst == NULL || acc == NULL || accw == NULL)
        abort();
    memset(dst, SENTINEL, n * sizeof(float));
    memset(acc, SENTINEL, n * sizeof(float));
    int rd = tps__codec_decode(c, in, len, n, seed, dst);
    int ra = tps__codec_decode_acc(c, in, len, n, seed, 1.0f, acc);
    if (rd != ra || (rd < 0 && (!untouched(dst, n) || !untouched(acc, n))))
        abort();
    if (rd == 0) {
        memset(acc, 0, n * sizeof(float));
        memset(accw, 0, n * sizeof(float));
        if (tps__codec_decode_acc(c, in, len, n, seed, 1.0f, acc) != 0 ||
            tps__codec_decode_acc(c, in, len, n, seed, w, accw) != 0)
            abort();
        for (uint64_t i = 0; i < n; i++) {
            if (!isfinite(dst[i]) || acc[i] != dst[i])
                abort();
            double want = (double)w * dst[i];
            /* The codecs may fold w into a per-bucket scale first: a few
             * roundings apart, never more. A product beyond float's range
             * has no float to agree with. */
            if (fabs(want) < FLT_MAX / 2 &&
                !(fabs(accw[i] - want) <= 1e-5 * fabs(want) + 1e-30))
                abort();
        }
    }
    free(dst);
    free(acc);
    free(accw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input_t in = {data, size};
    unsigned how = (unsigned)take(&in, 1) >> 6;
    check_half_floats((uint16_t)(size >= 3 ? data[1] | data[2] << 8 : 0));
    tps__codec_t c;
    if (how == 3) {
        check_spec(in.p, in.left, 1 + (uint32_t)(size % 1024));
        return 0;
    }
    if (how == 2) {
        uint32_t id = (uint32_t)take(&in, 4);
        float ratio = take_f32(&in);
        if (tps__codec_unpack(&c, id, ratio) < 0)
            return 0;
    } else {
        static const int qs[] = {2, 4, 8, 16};
        memset(&c, 0, sizeof(c));
        c.kind = (tps__codec_kind_t)(take(&in, 1) & 7);
        unsigned flags = (unsigned)take(&in, 1);
        uint32_t bucket = 1 + (uint32_t)take(&in, 2);
        float ratio = (float)(take(&in, 1) + 1) / 256.0f;
        if (c.kind == TPS_CODEC_QSGD || c.kind == TPS_CODEC_UNIFORM) {
            c.bits = qs[flags & 3];
            c.bucket = bucket;
            c.log_scale = c.kind == TPS_CODEC_UNIFORM && (flags & 4) &&
                          c.bits > 2;
            c.stochastic = c.kind == TPS_CODEC_UNIFORM && (flags & 8);
        }
        if (c.kind == TPS_CODEC_TOPK || c.kind == TPS_CODEC_RANDK)
            c.ratio = ratio;
        uint32_t id;
        float r;
        tps__codec_t back;
        tps__codec_pack(&c, &id, &r);
        if (tps__codec_unpack(&back, id, r) < 0 || !same_codec(&c, &back))
            abort();
    }
    uint64_t n = take(&in, 2) % (MAX_N + 1);
    uint64_t seed = take(&in, 8);
    float w = take_f32(&in);
    if (!isfinite(w) || fabsf(w) > MAX_W)
        w = 1.0f;
    unsigned shape = (unsigned)take(&in, 1);
    size_t want = tps__codec_wire_size(&c, n);
    if (want == SIZE_MAX)
        abort();
    size_t len = (shape & 1) ? want : in.left;
    /* A heap copy of exactly len bytes: ASan sees a read one past it. */
    uint8_t *payload = malloc(len ? len : 1);
    if (payload == NULL)
        abort();
    memset(payload, 0, len);
    memcpy(payload, in.p, in.left < len ? in.left : len);
    check_decoders(&c, len ? payload : NULL, len, n, seed, w);
    free(payload);
    return 0;
}
