/* SPDX-License-Identifier: MIT */
/* Tables on a shard, the values' encodings (docs/design.md §2b, Wire): a
 * push of rows whose values come through a codec (fp16, bf16, qsgd,
 * uniform) and whose whole payload may be zstd-compressed, made plain
 * float32 gradients; a pull reply's values encoded with the pull's codec
 * and the reply compressed with zstd when the client allows it and it
 * pays. Without a codec and without zstd nothing here touches the values:
 * a push's gradients are used where they landed, a reply is sent from
 * where it was built.
 *
 * Must NOT decide a row's fate or apply it (rows.c), nor hold pulls
 * (pull.c). */
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_codec.h"

/* Pull replies smaller than this are sent as they are: zstd's frame and
 * the work of it are not worth it. */
#define REPLY_ZSTD_MIN 4096
#define REPLY_ZSTD_LEVEL 1

/* The codec of a frame of rows, if rows may use it: the unbiased ones and
 * fp16/bf16 (those a pull may use). 0, or -1 with *c "none". */
static int row_codec(const Taups__Header *h, tps__codec_t *c) {
    if (tps__codec_unpack(c, h->codec, h->codec_ratio) < 0)
        return -1;
    return tps__codec_pullable(c) ? 0 : -1;
}

/* The codec's words for a sentence ("qsgd:8"), or the raw id. */
static void codec_name(const Taups__Header *h, char *buf, size_t len) {
    tps__codec_t c;
    if (tps__codec_unpack(&c, h->codec, h->codec_ratio) < 0) {
        snprintf(buf, len, "id 0x%x", h->codec);
        return;
    }
    tps__codec_describe(&c, buf, len);
    char *paren = strstr(buf, " (");
    if (paren)
        *paren = '\0';
}

uint64_t tps__rows_value_room(const Taups__Header *h, uint32_t dim) {
    tps__codec_t c;
    uint64_t f32 = 4 * (uint64_t)dim;
    if (h->codec == 0 || row_codec(h, &c) < 0)
        return f32;
    size_t w = tps__codec_wire_size(&c, dim);
    return w != SIZE_MAX && w > f32 ? w : f32;
}

int tps__rows_unzstd(sconn_t *sc, const Taups__Header *h,
                     const uint8_t **payload, uint64_t *len) {
    const tps__shard_t *sh = &sc->srv->shard;
    /* Anything else is refused by rows.c, on what the header says. */
    if (!h->zstd || h->rows == NULL || h->tensor_id >= (uint32_t)sh->ntensors ||
        sh->tensors[h->tensor_id].kind != TPS__KIND_TABLE)
        return 0;
    const tps__tensor_t *t = &sh->tensors[h->tensor_id];
    uint64_t n = h->count, d = t->dim, max = sc->srv->cfg.lim.max_payload;
    uint64_t ids = h->rows->ids_len, vers = h->rows->versions_len;
    tps__codec_t c;
    size_t vals = SIZE_MAX;
    if (n <= max && ids <= max && vers <= max && row_codec(h, &c) == 0)
        vals = tps__codec_wire_size(&c, n * d);
    char why[200], name[64];
    int rc = TPS_E2BIG;
    uint8_t *out = NULL;
    if (vals <= max && ids + vers + vals <= max) {
        size_t head = (size_t)(ids + vers), pad = -head & (sizeof(float) - 1);
        rc = tps__push_unzstd(sc, *payload, *len, head + vals, pad, &out, why,
                              sizeof(why));
    } else {
        codec_name(h, name, sizeof(name));
        snprintf(why, sizeof(why),
                 "%llu rows with codec %s are not within the frame limit of "
                 "%llu bytes",
                 (unsigned long long)n, name, (unsigned long long)max);
    }
    if (rc < 0) {
        tps__reply_error(sc, h, rc == TPS_ENOMEM ? rc : TPS_EPROTO, 1,
                         "push of rows of table \"%s\" with zstd: %s; "
                         "nothing of it applied",
                         t->name, why);
        return -1;
    }
    *len = ids + vers + vals;
    *payload = out;
    return 0;
}

/* Room for n floats in the server's scratch for decoded gradients. */
static float *grads_room(tps__server_t *s, size_t n) {
    if (n > s->row_grads_cap) {
        float *g = realloc(s->row_grads, (n ? n : 1) * sizeof(float));
        if (g == NULL)
            return NULL;
        s->row_grads = g;
        s->row_grads_cap = n;
    }
    return s->row_grads;
}

const float *tps__rows_grads(sconn_t *sc, const Taups__Header *h,
                             const tps__tensor_t *t, const uint8_t *vals,
                             uint64_t len) {
    size_t n = (size_t)h->count * t->dim;
    static const float empty[1];
    if (h->codec == 0 && len == (uint64_t)n * sizeof(float))
        return n ? (const float *)(const void *)vals : empty; /* aligned */
    tps__codec_t c;
    size_t want =
        row_codec(h, &c) == 0 ? tps__codec_wire_size(&c, n) : SIZE_MAX;
    char name[64];
    codec_name(h, name, sizeof(name));
    if (want != len) {
        char why[80] = "not a codec rows travel in";
        if (want != SIZE_MAX)
            snprintf(why, sizeof(why), "the codec writes %zu", want);
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "push of %llu rows of %u values to table \"%s\" "
                         "with codec %s: %llu bytes of values, %s; nothing "
                         "of it applied",
                         (unsigned long long)h->count, t->dim, t->name, name,
                         (unsigned long long)len, why);
        return NULL;
    }
    float *g = grads_room(sc->srv, n);
    int rc = g ? tps__codec_decode(&c, vals, (size_t)len, n, h->codec_seed, g)
               : TPS_ENOMEM;
    if (rc < 0) {
        tps__reply_error(sc, h, rc == TPS_ENOMEM ? rc : TPS_EPROTO, 1,
                         "push of rows of table \"%s\": its values do not "
                         "decode as %s (%s); nothing of it applied",
                         t->name, name, tps_strerror(rc));
        return NULL;
    }
    return g;
}

int tps__rows_pull_codec_ok(sconn_t *sc, const Taups__Header *h,
                            const tps__tensor_t *t) {
    tps__codec_t c;
    if (h->codec == 0 || row_codec(h, &c) == 0)
        return 0;
    char name[64];
    codec_name(h, name, sizeof(name));
    tps__reply_error(sc, h, TPS_EPROTO, 1,
                     "pull of rows of table \"%s\" with codec %s: rows are "
                     "answered as float32, fp16, bf16, qsgd or uniform",
                     t->name, name);
    return -1;
}

size_t tps__rows_reply_room(const pull_req_t *q, size_t nvals, size_t room) {
    tps__codec_t c;
    size_t wire = 0;
    if (q->codec != 0) {
        tps__codec_unpack(&c, q->codec, q->ratio); /* checked on arrival */
        wire = tps__codec_wire_size(&c, nvals);
    }
    size_t plain = room + (wire ? wire : nvals * sizeof(float));
    return wire + (q->zstd ? ZSTD_compressBound(plain) : 0);
}

/* The payload p[0..*len) compressed after it, at `to`, when it pays. */
static const uint8_t *squeeze(tps__server_t *s, Taups__Header *r,
                              const uint8_t *p, uint64_t *len, uint8_t *to,
                              size_t cap) {
    if (*len < REPLY_ZSTD_MIN ||
        (s->zc == NULL && (s->zc = ZSTD_createCCtx()) == NULL))
        return p;
    size_t z =
        ZSTD_compressCCtx(s->zc, to, cap, p, (size_t)*len, REPLY_ZSTD_LEVEL);
    if (ZSTD_isError(z) || z >= *len)
        return p;
    r->zstd = 1;
    *len = z;
    return to;
}

void tps__rows_reply_send(sconn_t *sc, const pull_req_t *q, Taups__Header *r,
                          outbuf_t *b, size_t room, size_t vlen,
                          size_t vbytes) {
    const uint8_t *p = b->data + room - vlen;
    uint64_t len = vlen + vbytes;
    uint8_t *end = b->data + room + vbytes;
    if (q->codec != 0) {
        /* Encoded after the floats, the versions moved to just before
         * the codes over the floats' tail, which is no longer needed. */
        tps__codec_t c;
        tps__codec_unpack(&c, q->codec, q->ratio);
        const tps__tensor_t *t = &sc->srv->shard.tensors[q->tensor_id];
        r->codec = q->codec;
        r->codec_ratio = q->ratio;
        r->codec_seed = q->request_id * 0x9e3779b97f4a7c15ULL;
        int64_t m = tps__codec_encode(
            &c, (const float *)(const void *)(b->data + room),
            vbytes / sizeof(float), r->codec_seed, end, b->cap - room - vbytes);
        if (m < 0) {
            tps__pull_outbuf_sent(b, 0);
            tps__reply_error(sc, r, (int)m, 0,
                             "table \"%s\": cannot encode a pull of rows: %s",
                             t->name, tps_strerror((int)m));
            return;
        }
        memmove(end - vlen, b->data + room - vlen, vlen);
        p = end - vlen;
        len = vlen + (uint64_t)m;
        end += m;
    }
    if (q->zstd)
        p = squeeze(sc->srv, r, p, &len, end, b->cap - (size_t)(end - b->data));
    tps__send_or_close(sc, r, p, len, tps__pull_outbuf_sent, b);
}
