/* SPDX-License-Identifier: MIT */
/* Push encoding, on the caller's thread (client_internal.h): error
 * feedback (r += g; c = compress(r); r -= decompress(c)), the codec, then
 * zstd when it pays, frame by frame into a pooled buffer that the I/O
 * thread sends from. It must not touch the ticket table or the sockets. */
#include <stdlib.h>

#include "client_internal.h"
#include "tps_float.h"
#include "tps_rng.h"

/* The seed of one frame's codec randomness: fixed by the push, the
 * frame's offset, the tensor and the rank, so that a resend is the same. */
static uint64_t frame_seed(uint64_t push, uint64_t off, int tensor, int rank) {
    return tps__mix64(push * 0x9e3779b97f4a7c15ULL ^ tps__mix64(off + 1) ^
                      ((uint64_t)tensor << 48) ^ (uint64_t)rank);
}

/* The bytes the encoded frames of a push may take at most. */
static size_t wire_bound(const tps_client_t *c, uint64_t n) {
    const uint64_t chunk = c->chunk_elems;
    const uint32_t S = (uint32_t)c->nshards;
    size_t bound = 0;
    for (uint32_t s = 0; s < S; s++)
        for (uint64_t off = tps__slice_lo(n, S, s),
                      hi = tps__slice_lo(n, S, s + 1);
             off < hi; off += chunk) {
            size_t w = tps__codec_wire_size(
                &c->codec, hi - off < chunk ? hi - off : chunk);
            bound += w + (c->zc ? ZSTD_compressBound(w) : 0);
        }
    return bound;
}

/* A pooled buffer with room for `bound` bytes and `nfr` frames, or NULL. */
static tps__pushbuf_t *buffer_for(tps_client_t *c, size_t bound, int nfr) {
    tps__pushbuf_t *pb = tps__cl_pushbuf_take(c);
    if (pb == NULL && (pb = calloc(1, sizeof(*pb))) == NULL)
        return NULL;
    if (pb->cap < bound) {
        uint8_t *d = realloc(pb->data, bound);
        if (d) {
            pb->data = d;
            pb->cap = bound;
        }
    }
    if (pb->fr_cap < nfr) {
        tps__pframe_t *f = realloc(pb->fr, (size_t)nfr * sizeof(*f));
        if (f) {
            pb->fr = f;
            pb->fr_cap = nfr;
        }
    }
    if (pb->cap < bound || pb->fr_cap < nfr) {
        tps__cl_pushbuf_put(c, pb);
        return NULL;
    }
    return pb;
}

/* Frame f at pb->data + *pos: cnt values of x through the codec (and the
 * residual's update), then zstd if it makes the frame smaller. */
static int encode_frame(tps_client_t *c, tps__tensor_t *ts, uint64_t off,
                        const float *x, uint64_t cnt, tps__pushbuf_t *pb,
                        tps__pframe_t *f, size_t *pos) {
    int64_t m = tps__codec_encode(&c->codec, x, cnt, f->seed, pb->data + *pos,
                                  pb->cap - *pos);
    if (m < 0) {
        /* The gradient was checked finite; a residual that keeps growing
         * overflows when training diverges. */
        if (c->ef && tps__first_nonfinite(x, cnt) < cnt)
            tps__cl_errorf(c, "tensor \"%s\": the error-feedback residual is "
                           "not finite: training diverged (learning rate too "
                           "high for this codec?)",
                           ts->name);
        else
            tps__cl_errorf(c, "tensor \"%s\": cannot encode a push: %s",
                           ts->name, tps_strerror((int)m));
        return (int)m;
    }
    if (c->ef)
        tps__codec_decode_acc(&c->codec, pb->data + *pos, (size_t)m, cnt,
                              f->seed, -1.0f, ts->resid + off);
    f->pos = *pos;
    f->len = f->enc_len = (size_t)m;
    f->zstd = 0;
    *pos += (size_t)m;
    if (c->zc && (size_t)m >= c->opts.zstd_min) {
        size_t z = ZSTD_compressCCtx(c->zc, pb->data + *pos, pb->cap - *pos,
                                     pb->data + f->pos, (size_t)m,
                                     c->opts.zstd_level);
        if (!ZSTD_isError(z) && z < (size_t)m) {
            f->pos = *pos;
            f->len = z;
            f->zstd = 1;
            *pos += z;
        }
    }
    return 0;
}

tps__pushbuf_t *tps__cl_encode_push(tps_client_t *c, int tensor,
                                    const float *grad, int *err) {
    tps__tensor_t *ts = &c->tensors[tensor];
    const uint64_t n = ts->n, chunk = c->chunk_elems;
    const uint32_t S = (uint32_t)c->nshards;
    if (c->ef && ts->resid == NULL)
        ts->resid = calloc(n, sizeof(float));
    tps__pushbuf_t *pb =
        c->ef && !ts->resid
            ? NULL
            : buffer_for(c, wire_bound(c, n), tps__cl_frames_for(c, tensor));
    if (pb == NULL) {
        *err = TPS_ENOMEM;
        tps__cl_errorf(c, "tensor \"%s\": out of memory encoding a push",
                       ts->name);
        return NULL;
    }
    uint64_t push = ++c->pushes;
    size_t pos = 0;
    int fi = 0;
    for (uint32_t s = 0; s < S; s++) {
        uint64_t hi = tps__slice_lo(n, S, s + 1);
        for (uint64_t off = tps__slice_lo(n, S, s); off < hi;
             off += chunk, fi++) {
            uint64_t cnt = hi - off < chunk ? hi - off : chunk;
            const float *x = grad + off;
            if (c->ef) {
                float *restrict r = ts->resid + off;
                for (uint64_t i = 0; i < cnt; i++)
                    r[i] += x[i];
                x = r;
            }
            tps__pframe_t *f = &pb->fr[fi];
            f->seed = frame_seed(push, off, tensor, c->opts.rank);
            *err = encode_frame(c, ts, off, x, cnt, pb, f, &pos);
            if (*err < 0) {
                tps__cl_pushbuf_put(c, pb);
                return NULL;
            }
        }
    }
    return pb;
}
