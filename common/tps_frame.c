/* SPDX-License-Identifier: MIT */
/* Frame reader and writer; see tps_frame.h. */
#include "tps_frame.h"

#include <stdlib.h>
#include <string.h>

#include "taups_error.h"

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void *arena_alloc(void *data, size_t size) {
    tps__reader_t *rd = data;
    size_t off = (rd->arena_used + 15) & ~(size_t)15;
    if (off > rd->arena_cap || size > rd->arena_cap - off)
        return NULL; /* unpack fails cleanly: the header was hostile */
    rd->arena_used = off + size;
    return rd->arena + off;
}

static void arena_free(void *data, void *ptr) {
    /* Released all at once when the frame is done. */
    (void)data;
    (void)ptr;
}

int tps__reader_init(tps__reader_t *rd, const tps__limits_t *lim,
                    tps__payload_dest_cb dest_cb, void *dest_arg) {
    memset(rd, 0, sizeof(*rd));
    rd->lim.max_header = lim ? lim->max_header : TPS_DEFAULT_MAX_HEADER;
    rd->lim.max_payload = lim ? lim->max_payload : TPS_DEFAULT_MAX_PAYLOAD;
    rd->dest_cb = dest_cb;
    rd->dest_arg = dest_arg;
    /* An unpacked header is the struct plus copies of its strings, which
     * are bounded by the packed length; twice that is ample. protobuf-c
     * also takes room from the arena while it scans: its stack holds the
     * first 16 fields, then it allocates for 32 more (then 64, ...), at
     * most 32 bytes each, so a header that sets each of the schema's
     * fields once (at most 48) needs one such block whatever its length. */
    rd->arena_cap = sizeof(Taups__Header) + 2 * (size_t)rd->lim.max_header +
                    256 + 32 * 32;
    rd->hbuf = malloc(rd->lim.max_header ? rd->lim.max_header : 1);
    rd->arena = malloc(rd->arena_cap);
    if (rd->hbuf == NULL || rd->arena == NULL) {
        tps__reader_free(rd);
        return TPS_ENOMEM;
    }
    rd->arena_alloc.alloc = arena_alloc;
    rd->arena_alloc.free = arena_free;
    rd->arena_alloc.allocator_data = rd;
    rd->state = TPS_RD_PREAMBLE;
    return 0;
}

void tps__reader_free(tps__reader_t *rd) {
    free(rd->hbuf);
    free(rd->arena);
    free(rd->pool);
    rd->hbuf = rd->arena = rd->pool = NULL;
    rd->pool_cap = 0;
    rd->hdr = NULL;
    rd->payload = NULL;
}

void tps__reader_want(tps__reader_t *rd, uint8_t **base, size_t *len) {
    switch (rd->state) {
    case TPS_RD_PREAMBLE:
        *base = rd->pre + rd->got;
        *len = TPS_PREAMBLE_LEN - rd->got;
        return;
    case TPS_RD_HEADER:
        *base = rd->hbuf + rd->got;
        *len = rd->hlen - rd->got;
        return;
    case TPS_RD_PAYLOAD:
        *base = rd->payload + rd->got;
        *len = (size_t)(rd->plen - rd->got);
        return;
    case TPS_RD_TAG:
        *base = rd->tag + rd->got;
        *len = TPS_TAG_BYTES - rd->got;
        return;
    default:
        *base = NULL;
        *len = 0;
    }
}

static int fail(tps__reader_t *rd, int err) {
    rd->state = TPS_RD_ERROR;
    rd->err = err;
    return err;
}

/* The frame's bytes are all in: complete, or its tag comes next. */
static int finish_body(tps__reader_t *rd) {
    rd->got = 0;
    if (rd->mac != NULL) {
        rd->state = TPS_RD_TAG;
        return 0;
    }
    rd->state = TPS_RD_DONE;
    rd->frames++;
    return 1;
}

uint8_t *tps__reader_pool(tps__reader_t *rd, size_t n) {
    if (rd->pool_cap < n) {
        /* Grown once to the largest payload seen; steady state reuses it. */
        uint8_t *p = realloc(rd->pool, n);
        if (p == NULL)
            return NULL;
        rd->pool = p;
        rd->pool_cap = n;
    }
    return rd->pool;
}

static int field_zero(const ProtobufCMessage *m) {
    for (size_t i = 0; i < m->n_unknown_fields; i++)
        if (m->unknown_fields[i].tag == 0)
            return 1;
    return 0;
}

static int finish_header(tps__reader_t *rd) {
    if (rd->mac != NULL) {
        tps__fmac_begin(rd->mac);
        tps__fmac_update(rd->mac, rd->pre, TPS_PREAMBLE_LEN);
        tps__fmac_update(rd->mac, rd->hbuf, rd->hlen);
    }
    rd->arena_used = 0;
    rd->hdr = taups__header__unpack(&rd->arena_alloc, rd->hlen, rd->hbuf);
    if (rd->hdr == NULL)
        return fail(rd, TPS_EPROTO);
    /* Field 0 is no field, but protobuf-c takes a tag of 0 spelt in more
     * than one byte for an unknown one, packs it back in one byte and then
     * refuses that: a header kept packed (a declaration waiting for the
     * workers', a hello waiting for its proof) would not come back. The
     * nested messages are packed with it. */
    if (field_zero(&rd->hdr->base) ||
        (rd->hdr->rows != NULL && field_zero(&rd->hdr->rows->base)) ||
        (rd->hdr->decl != NULL && field_zero(&rd->hdr->decl->base)) ||
        (rd->hdr->barrier != NULL && field_zero(&rd->hdr->barrier->base)))
        return fail(rd, TPS_EPROTO);
    rd->got = 0;
    if (rd->plen == 0) {
        rd->payload = NULL;
        return finish_body(rd);
    }
    uint8_t *dest = NULL;
    if (rd->dest_cb) {
        int rc = rd->dest_cb(rd->dest_arg, rd->hdr, rd->plen, &dest);
        if (rc < 0)
            return fail(rd, rc);
    }
    rd->in_place = dest == TPS_PAYLOAD_IN_PLACE;
    if (rd->in_place)
        dest = NULL;
    /* plen was checked against max_payload before we got here. */
    if (dest == NULL && (dest = tps__reader_pool(rd, (size_t)rd->plen)) == NULL)
        return fail(rd, TPS_ENOMEM);
    rd->payload = dest;
    rd->state = TPS_RD_PAYLOAD;
    return 0;
}

int tps__reader_commit(tps__reader_t *rd, size_t n) {
    rd->got += n;
    switch (rd->state) {
    case TPS_RD_PREAMBLE:
        if (rd->got < TPS_PREAMBLE_LEN)
            return 0;
        if (rd32(rd->pre) != TPS_MAGIC)
            return fail(rd, TPS_EPROTO);
        rd->hlen = rd32(rd->pre + 4);
        rd->plen = (uint64_t)rd32(rd->pre + 8) | (uint64_t)rd32(rd->pre + 12)
                                                     << 32;
        if (rd->hlen == 0 || rd->hlen > rd->lim.max_header ||
            rd->plen > rd->lim.max_payload)
            return fail(rd, TPS_E2BIG);
        rd->got = 0;
        rd->state = TPS_RD_HEADER;
        return 0;
    case TPS_RD_HEADER:
        if (rd->got < rd->hlen)
            return 0;
        return finish_header(rd);
    case TPS_RD_PAYLOAD:
        if (rd->mac != NULL)
            tps__fmac_update(rd->mac, rd->payload + rd->got - n, n);
        if (rd->got < rd->plen)
            return 0;
        return finish_body(rd);
    case TPS_RD_TAG:
        if (rd->got < TPS_TAG_BYTES)
            return 0;
        if (!tps__fmac_verify(rd->mac, rd->tag))
            return fail(rd, TPS_EAUTH);
        rd->state = TPS_RD_DONE;
        rd->frames++;
        return 1;
    case TPS_RD_DONE:
        return 1;
    case TPS_RD_ERROR:
        break;
    }
    return rd->err;
}

int tps__reader_feed(tps__reader_t *rd, const uint8_t *data, size_t len,
                    size_t *used) {
    size_t off = 0;
    int rc = rd->state == TPS_RD_ERROR ? rd->err : 0;
    while (rc == 0 && off < len) {
        if (rd->state == TPS_RD_PAYLOAD && rd->in_place && rd->got == 0 &&
            len - off >= rd->plen) {
            rd->payload = (uint8_t *)(uintptr_t)(data + off);
            off += (size_t)rd->plen;
            rc = tps__reader_commit(rd, (size_t)rd->plen);
            continue;
        }
        uint8_t *base;
        size_t want;
        tps__reader_want(rd, &base, &want);
        size_t n = len - off < want ? len - off : want;
        memcpy(base, data + off, n);
        off += n;
        rc = tps__reader_commit(rd, n);
    }
    /* A frame without payload completes on the header's last byte; report
     * it even when it arrived exactly at the end of the data. */
    *used = off;
    return rc;
}

void tps__reader_next(tps__reader_t *rd) {
    if (rd->state == TPS_RD_ERROR)
        return;
    rd->state = TPS_RD_PREAMBLE;
    rd->got = 0;
    rd->hdr = NULL;
    rd->payload = NULL;
    rd->arena_used = 0;
}

void tps__reader_set_mac(tps__reader_t *rd, tps__fmac_t *mac) {
    rd->mac = mac;
}

size_t tps__frame_meta_size(const Taups__Header *h) {
    return TPS_PREAMBLE_LEN + taups__header__get_packed_size(h);
}

/* protobuf-c walks every field of the Header's descriptor once to size a
 * header and once more to pack it; packing through a bounded buffer walks it
 * once, and the fields set (a dozen of fifty) append. */
typedef struct bounded_s {
    ProtobufCBuffer base;
    uint8_t *p;
    size_t len, cap;
} bounded_t;

static void bounded_append(ProtobufCBuffer *b, size_t n, const uint8_t *data) {
    bounded_t *bb = (bounded_t *)b;
    if (bb->len <= bb->cap && n <= bb->cap - bb->len)
        memcpy(bb->p + bb->len, data, n);
    bb->len += n;
}

size_t tps__frame_encode_meta(const Taups__Header *h, uint64_t payload_len,
                             uint8_t *buf, size_t cap) {
    if (cap < TPS_PREAMBLE_LEN)
        return 0;
    bounded_t bb = {{bounded_append}, buf + TPS_PREAMBLE_LEN, 0,
                    cap - TPS_PREAMBLE_LEN};
    size_t hl = taups__header__pack_to_buffer(h, &bb.base);
    if (hl > bb.cap)
        return 0;
    wr32(buf, TPS_MAGIC);
    wr32(buf + 4, (uint32_t)hl);
    wr32(buf + 8, (uint32_t)payload_len);
    wr32(buf + 12, (uint32_t)(payload_len >> 32));
    return TPS_PREAMBLE_LEN + hl;
}

size_t tps__frame_meta(const Taups__Header *h, uint64_t payload_len,
                      uint8_t small[TPS_META_SMALL], uint8_t **meta) {
    size_t n = tps__frame_encode_meta(h, payload_len, small, TPS_META_SMALL);
    *meta = small;
    if (n > 0)
        return n;
    n = tps__frame_meta_size(h);
    if ((*meta = malloc(n)) == NULL)
        return 0;
    return tps__frame_encode_meta(h, payload_len, *meta, n);
}

/* The request and the bytes of preamble + header share one allocation, freed
 * in the callback; the payload is only pointed to. */
typedef struct write_req_s {
    uv_write_t req;
    tps__write_cb cb;
    void *arg;
    uint8_t meta[];
} write_req_t;

static void on_write(uv_write_t *req, int status) {
    write_req_t *wr = (write_req_t *)req;
    if (wr->cb)
        wr->cb(wr->arg, status);
    free(wr);
}

unsigned int tps__frame_bufs(uv_buf_t bufs[3], const uint8_t *meta, size_t mlen,
                            const void *payload, uint64_t plen,
                            const uint8_t *tag, size_t tlen) {
    unsigned int n = 0;
    bufs[n++] = uv_buf_init((char *)meta, (unsigned int)mlen);
    if (plen > 0) {
        bufs[n].base = (char *)payload;
        bufs[n++].len = (size_t)plen;
    }
    if (tlen > 0)
        bufs[n++] = uv_buf_init((char *)tag, (unsigned int)tlen);
    return n;
}

void tps__frame_tag(tps__fmac_t *mac, const uint8_t *meta, size_t mlen,
                   const void *payload, uint64_t payload_len,
                   uint8_t tag[TPS_TAG_BYTES]) {
    tps__fmac_begin(mac);
    tps__fmac_update(mac, meta, mlen);
    if (payload_len > 0)
        tps__fmac_update(mac, payload, (size_t)payload_len);
    tps__fmac_final(mac, tag);
}

int64_t tps__frame_write(uv_stream_t *s, const Taups__Header *h,
                        const void *payload, uint64_t payload_len,
                        tps__fmac_t *mac, tps__write_cb cb, void *arg) {
    size_t meta = tps__frame_meta_size(h);
    size_t tag = mac != NULL ? TPS_TAG_BYTES : 0;
    write_req_t *wr = malloc(sizeof(*wr) + meta + tag);
    if (wr == NULL)
        return UV_ENOMEM;
    wr->cb = cb;
    wr->arg = arg;
    tps__frame_encode_meta(h, payload_len, wr->meta, meta);
    if (mac != NULL)
        tps__frame_tag(mac, wr->meta, meta, payload, payload_len,
                      wr->meta + meta);
    uv_buf_t bufs[3];
    unsigned int nbufs = tps__frame_bufs(bufs, wr->meta, meta, payload,
                                        payload_len, wr->meta + meta, tag);
    int err = uv_write(&wr->req, s, bufs, nbufs, on_write);
    if (err < 0) {
        free(wr);
        return err;
    }
    return (int64_t)(meta + payload_len + tag);
}
