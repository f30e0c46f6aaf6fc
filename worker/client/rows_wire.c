/* SPDX-License-Identifier: MIT */
/* Tables (docs/design.md §2b, Wire), the values' encodings on libtaups'
 * side (client_internal.h): the codec a row call's values travel with
 * (the push or pull codec, each row its own bucket), a push frame's values
 * encoded and its whole payload zstd-compressed when that pays, and a pull
 * reply undone: zstd first, then the codec, into the job's rows. Without
 * a codec and without zstd nothing here runs: the values are copied as
 * float32 by rows.c.
 *
 * Rows have no error feedback: a residual per row would be a sparse map
 * kept on the client. fp16 and bf16 round every push; qsgd and
 * uniform:Q:stochastic are the unbiased choices. Must not plan frames nor
 * send them (rows.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_codec.h"
#include "tps_rng.h"

size_t tps__cl_rows_codec(const tps_client_t *c, int push, uint32_t dim,
                          tps__codec_t *codec) {
    *codec = push ? c->codec : c->pull_codec;
    /* Rows of one frame are unrelated: a row is its own bucket, so that
     * one row's scale never costs another its precision. */
    if ((codec->kind == TPS_CODEC_QSGD || codec->kind == TPS_CODEC_UNIFORM) &&
        dim <= TPS_CODEC_BUCKET_MAX)
        codec->bucket = dim;
    size_t f32 = 4 * (size_t)dim, w = tps__codec_wire_size(codec, dim);
    /* A frame's values take at most its rows' each (ceilings add up). */
    return 20 + (w != SIZE_MAX && w > f32 ? w : f32);
}

void tps__cl_rows_wire_init(tps_client_t *c, tps__rowjob_t *job,
                            const tps__codec_t *codec) {
    job->codec = *codec;
    tps__codec_pack(codec, &job->codec_id, &job->codec_ratio);
    job->zstd = c->zc != NULL;
    job->err = 0;
    /* Fixed by the push, so that a resent frame is the same bytes. */
    job->seed =
        tps__mix64(++c->pushes * 0x9e3779b97f4a7c15ULL ^
                   ((uint64_t)job->table << 48) ^ (uint64_t)c->opts.rank);
}

/* Room for n floats in job->cvals. */
static float *cvals_room(tps__rowjob_t *job, size_t n) {
    if (n > job->cap_cvals) {
        free(job->cvals);
        job->cap_cvals = (job->cvals = malloc(n * sizeof(float))) ? n : 0;
    }
    return job->cvals;
}

/* Room for n bytes in job->zbuf. */
static uint8_t *zbuf_room(tps__rowjob_t *job, size_t n) {
    if (n > job->cap_zbuf) {
        free(job->zbuf);
        job->cap_zbuf = (job->zbuf = malloc(n)) ? n : 0;
    }
    return job->zbuf;
}

size_t tps__cl_rows_encode(tps__rowjob_t *job, tps__rowframe_t *fr,
                           uint8_t *out) {
    size_t d = job->dim, n = fr->count * d;
    const uint32_t *o = job->order + fr->first;
    float *x = cvals_room(job, n);
    fr->seed = tps__mix64(job->seed ^ tps__mix64((uint64_t)(fr - job->fr)));
    if (x == NULL) {
        job->err = TPS_ENOMEM;
        return 0;
    }
    for (size_t k = 0; k < fr->count; k++)
        memcpy(x + k * d, job->vals + (size_t)o[k] * d, d * sizeof(float));
    int64_t m = tps__codec_encode(&job->codec, x, n, fr->seed, out,
                                  job->cap_buf - (size_t)(out - job->buf));
    if (m < 0) {
        job->err = (int)m;
        return 0;
    }
    return (size_t)m;
}

void tps__cl_rows_squeeze(tps_client_t *c, tps__rowjob_t *job) {
    size_t at = 0;
    for (size_t f = 0; f < job->nfr; f++) {
        tps__rowframe_t *fr = &job->fr[f];
        const uint8_t *p = job->buf + fr->pos;
        size_t bound = ZSTD_compressBound(fr->len), z = SIZE_MAX;
        fr->zstd = 0;
        if (fr->len >= c->opts.zstd_min && zbuf_room(job, bound) != NULL)
            z = ZSTD_compressCCtx(c->zc, job->zbuf, bound, p, fr->len,
                                  c->opts.zstd_level);
        /* Frames only shrink: each moves down to where the last ended. */
        if (!ZSTD_isError(z) && z < fr->len) {
            memcpy(job->buf + at, job->zbuf, z);
            fr->len = z;
            fr->zstd = 1;
        } else {
            memmove(job->buf + at, p, fr->len);
        }
        fr->pos = at;
        at += fr->len;
    }
}

void tps__cl_rows_header(const tps__rowjob_t *job, const tps__rowframe_t *fr,
                         Taups__Header *h) {
    h->codec = job->codec_id;
    h->codec_ratio = job->codec_ratio;
    /* A frame's seed and zstd mark are set only when it was encoded or
     * compressed. A pull's zstd says the reply may come compressed. */
    h->codec_seed = job->push && job->codec_id ? fr->seed : 0;
    h->zstd = job->zstd && (!job->push || fr->zstd);
}

uint64_t tps__cl_rows_value_bytes(const Taups__Header *h, uint64_t nvals) {
    if (h->codec == 0)
        return nvals * sizeof(float);
    tps__codec_t c;
    if (tps__codec_unpack(&c, h->codec, h->codec_ratio) < 0 ||
        !tps__codec_pullable(&c))
        return UINT64_MAX;
    size_t w = tps__codec_wire_size(&c, nvals);
    return w == SIZE_MAX ? UINT64_MAX : w;
}

int tps__cl_rows_unzstd(tps__rowjob_t *job, const tps__rowframe_t *fr,
                        const Taups__Header *h, const uint8_t **payload,
                        uint64_t *len, char *why, size_t whylen) {
    uint64_t vlen = h->rows ? h->rows->versions_len : 0;
    uint64_t vals = tps__cl_rows_value_bytes(h, (uint64_t)fr->count * job->dim);
    /* Never more than the rows asked for can hold. */
    if (h->count != fr->count || vlen > 10 * (uint64_t)fr->count ||
        vals == UINT64_MAX) {
        snprintf(why, whylen, "a zstd reply of %llu rows, for a frame of %zu",
                 (unsigned long long)h->count, fr->count);
        return TPS_EPROTO;
    }
    size_t want = (size_t)(vlen + vals);
    unsigned long long content = ZSTD_getFrameContentSize(*payload, *len);
    if (job->zd == NULL)
        job->zd = ZSTD_createDCtx();
    uint8_t *out = zbuf_room(job, want ? want : 1);
    size_t got =
        content != want || out == NULL || job->zd == NULL
            ? 0
            : ZSTD_decompressDCtx(job->zd, out, want, *payload, (size_t)*len);
    if (content != want || ZSTD_isError(got) || got != want) {
        snprintf(why, whylen, "a zstd reply that holds %llu bytes, not %zu",
                 content, want);
        return out == NULL || job->zd == NULL ? TPS_ENOMEM : TPS_EPROTO;
    }
    *payload = out;
    *len = want;
    return 0;
}

int tps__cl_rows_decode(tps__rowjob_t *job, const tps__rowframe_t *fr,
                        const Taups__Header *h, const uint8_t *vals,
                        uint64_t len, char *why, size_t whylen) {
    size_t d = job->dim, n = fr->count * d;
    tps__codec_t c;
    float *x = cvals_room(job, n);
    int rc = x == NULL ? TPS_ENOMEM
                       : tps__codec_unpack(&c, h->codec, h->codec_ratio);
    if (rc == 0)
        rc = tps__codec_decode(&c, vals, (size_t)len, n, h->codec_seed, x);
    if (rc < 0) {
        snprintf(why, whylen, "rows that do not decode with codec id 0x%x: %s",
                 h->codec, tps_strerror(rc));
        return rc;
    }
    const uint32_t *o = job->order + fr->first;
    for (size_t k = 0; k < fr->count; k++)
        memcpy(job->out + (size_t)job->first[o[k]] * d, x + k * d,
               d * sizeof(float));
    return 0;
}
