/* SPDX-License-Identifier: MIT */
/* libFuzzer: the frame reader (common/tps_frame.c) fed a byte stream at
 * arbitrary split points, as a connection's reads would cut it.
 *
 * Input: limits u8 (max_header = 16 + 8 * (bits 0-5)), payload u8
 * (max_payload = 64 * (bits 0-5); bits 6-7: where payloads go: the
 * reader's pool, a buffer of exactly their size from the destination
 * callback, a callback that refuses frames whose op is odd and leaves
 * the others' payloads in place (TPS_PAYLOAD_IN_PLACE), or the pool
 * with reads through tps__reader_want/commit as a connection's direct reads
 * do), nsplits u8 (1 + bits 0-2; bit 3: frames carry tags, --frame-mac,
 * under a fixed key), that many split sizes u8 (+1, used in turn), then the
 * stream.
 *
 * Properties (abort() on violation): every delivered frame has lengths
 * within the limits and a payload where the callback put it (in place:
 * inside the piece fed, or the pool when it came in pieces); every field
 * of its header can be read (ASan checks the strings and bytes); the
 * header packs again (tps__frame_encode_meta writes tps__frame_meta_size
 * bytes) and unpacks from that to the same values; a reader in error stays
 * there, consuming nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_fields.h"
#include "taups_error.h"
#include "tps_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { DEST_POOL, DEST_EXACT, DEST_REFUSE, DEST_POOL_DIRECT };

typedef struct dest_s {
    int mode;
    uint8_t *buf; /* the callback's buffer of the current frame */
    uint64_t len;
    const uint8_t *fed; /* the piece last fed */
    size_t fed_len;
} dest_t;

static int on_dest(void *arg, const Taups__Header *h, uint64_t len,
                   uint8_t **out) {
    dest_t *d = arg;
    if (d->mode == DEST_REFUSE && (h->op & 1))
        return TPS_EPROTO;
    if (d->mode == DEST_REFUSE)
        *out = TPS_PAYLOAD_IN_PLACE;
    if (d->mode != DEST_EXACT)
        return 0;
    free(d->buf);
    d->buf = malloc((size_t)len);
    if (d->buf == NULL)
        abort();
    d->len = len;
    *out = d->buf;
    return 0;
}

static volatile uint64_t sink;

static void check_frame(const tps__reader_t *rd, const dest_t *d) {
    const Taups__Header *h = rd->hdr;
    if (rd->state != TPS_RD_DONE || h == NULL || rd->hlen == 0 ||
        rd->hlen > rd->lim.max_header || rd->plen > rd->lim.max_payload ||
        (rd->plen > 0) != (rd->payload != NULL))
        abort();
    if (d->mode == DEST_EXACT && rd->plen > 0 &&
        (rd->payload != d->buf || rd->plen != d->len))
        abort();
    if (d->mode == DEST_REFUSE && rd->plen > 0 && rd->payload != rd->pool &&
        (rd->payload < d->fed ||
         rd->plen > (uint64_t)(d->fed + d->fed_len - rd->payload)))
        abort();
    sink += fuzz_header_touch(h);
    for (uint64_t i = 0; i < rd->plen; i++)
        sink += rd->payload[i];

    size_t meta = tps__frame_meta_size(h);
    uint8_t *buf = malloc(meta);
    if (buf == NULL ||
        tps__frame_encode_meta(h, rd->plen, buf, meta) != meta ||
        tps__frame_encode_meta(h, rd->plen, buf, meta - 1) != 0)
        abort();
    Taups__Header *again = taups__header__unpack(
        NULL, meta - TPS_PREAMBLE_LEN, buf + TPS_PREAMBLE_LEN);
    if (again == NULL || !fuzz_header_equal(h, again))
        abort();
    taups__header__free_unpacked(again, NULL);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3)
        return 0;
    tps__limits_t lim = {16 + 8 * (uint32_t)(data[0] & 63),
                        64 * (uint64_t)(data[1] & 63)};
    dest_t d = {data[1] >> 6, NULL, 0, NULL, 0};
    size_t nsplit = 1 + (data[2] & 7);
    int tagged = (data[2] >> 3) & 1;
    if (size < 3 + nsplit)
        return 0;
    const uint8_t *split = data + 3;
    data += 3 + nsplit;
    size -= 3 + nsplit;

    tps__reader_t rd;
    if (tps__reader_init(&rd, &lim, on_dest, &d) < 0)
        abort();
    /* Nothing but a Poly1305 forgery gets a tagged frame through; what is
     * fuzzed here is the tag's state in the reader, at any split. */
    tps__fmac_t mac;
    if (tagged) {
        static const tps__key_t key = {1, {7}};
        static const uint8_t nonce[TPS_NONCE_BYTES] = {9};
        tps__fmac_init(&mac, &key, TPS_AUTH_CLIENT, nonce, nonce);
        tps__reader_set_mac(&rd, &mac);
    }
    uint64_t frames = 0;
    size_t off = 0;
    for (size_t k = 0; off < size; k++) {
        size_t piece = (size_t)split[k % nsplit] + 1;
        if (piece > size - off)
            piece = size - off;
        size_t used = 0;
        int rc;
        if (d.mode == DEST_POOL_DIRECT && rd.state != TPS_RD_ERROR) {
            uint8_t *base;
            size_t want;
            tps__reader_want(&rd, &base, &want);
            used = piece < want ? piece : want;
            memcpy(base, data + off, used);
            rc = tps__reader_commit(&rd, used);
        } else {
            d.fed = data + off;
            d.fed_len = piece;
            rc = tps__reader_feed(&rd, data + off, piece, &used);
        }
        off += used;
        if (rc < 0) {
            /* A broken stream stays broken. */
            int again = tps__reader_feed(&rd, data + off, size - off, &used);
            if (rd.state != TPS_RD_ERROR || again != rc || used != 0)
                abort();
            break;
        }
        if (rc == 1) {
            frames++;
            check_frame(&rd, &d);
            tps__reader_next(&rd);
        }
    }
    if (rd.frames != frames)
        abort();
    tps__reader_free(&rd);
    free(d.buf);
    return 0;
}
