/* SPDX-License-Identifier: MIT */
/* The taups frame (docs/design.md §4):
 *
 *   | magic "TPS1" u32 | header_len u32 | payload_len u64 | header | payload |
 *
 * all little-endian; on a connection with per-frame integrity a 16-byte
 * tag follows the payload (tps_auth.h). The header is a protobuf-c
 * taups.Header; the payload is raw bytes that never pass through protobuf.
 *
 * The reader is a state machine (PREAMBLE -> HEADER -> PAYLOAD -> DONE) that
 * accepts any split of the byte stream. Declared lengths are checked against
 * limits before anything is allocated. Payloads land either in a destination
 * chosen by a callback once the header is known (a client reads a pull reply
 * straight into the caller's tensor) or in a pooled buffer reused across
 * frames. Headers are unpacked into a per-reader arena, so steady-state
 * reading allocates nothing. */
#ifndef TPS_FRAME_H
#define TPS_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>
#include <uv.h>

#include "proto/taups.pb-c.h"
#include "tps_auth.h"

#define TPS_MAGIC 0x31535054u /* the bytes "TPS1" read as little-endian u32 */
#define TPS_PREAMBLE_LEN 16
#define TPS_PROTO_VERSION 3
#define TPS_DEFAULT_MAX_HEADER 4096u
#define TPS_DEFAULT_MAX_PAYLOAD (64u << 20)

typedef struct tps__limits_s {
    uint32_t max_header;
    uint64_t max_payload;
} tps__limits_t;

typedef enum tps__rd_state_e {
    TPS_RD_PREAMBLE, /* collecting the 16-byte preamble */
    TPS_RD_HEADER,   /* collecting header_len bytes of protobuf */
    TPS_RD_PAYLOAD,  /* collecting payload_len bytes into `payload` */
    TPS_RD_TAG,      /* collecting the frame's tag (integrity on) */
    TPS_RD_DONE,     /* a whole frame is available until tps__reader_next() */
    TPS_RD_ERROR     /* the stream is unusable; `err` says why */
} tps__rd_state_t;

typedef struct tps__reader_s tps__reader_t;

/* A dest_cb's answer for a payload read byte-wise and only during the
 * frame's callback: when the bytes fed to tps__reader_feed hold it whole,
 * it is left there (no alignment, valid while those bytes are), else it
 * goes to the pool. A pull reply of rows is copied once, not twice. */
#define TPS_PAYLOAD_IN_PLACE ((uint8_t *)1)

/* Chooses where a payload goes, called once per frame with a payload, after
 * the header is unpacked. Set *dest to a buffer of `len` bytes that stays
 * valid until the frame is done, or leave it NULL to use the reader's pool.
 * A negative return rejects the frame with that error (the stream is then
 * unusable: the peer is out of sync). TPS_PAYLOAD_IN_PLACE says the payload
 * may stay where it lies. */
typedef int (*tps__payload_dest_cb)(void *arg, const Taups__Header *h,
                                   uint64_t len, uint8_t **dest);

struct tps__reader_s {
    tps__rd_state_t state;
    int err;                 /* negative code when state == TPS_RD_ERROR */
    tps__limits_t lim;
    uint8_t pre[TPS_PREAMBLE_LEN];
    size_t got;              /* bytes of the current section received */
    uint32_t hlen;
    uint64_t plen;
    uint8_t *hbuf;           /* max_header bytes, allocated once */
    Taups__Header *hdr;      /* valid in TPS_RD_PAYLOAD and TPS_RD_DONE */
    uint8_t *payload;        /* plen bytes: dest_cb's buffer, the pool or,
                                in place, the fed bytes */
    int in_place;            /* dest_cb said TPS_PAYLOAD_IN_PLACE */
    uint8_t *pool;           /* reused payload buffer, grows to the largest */
    size_t pool_cap;
    tps__payload_dest_cb dest_cb;
    void *dest_arg;
    /* Per-frame integrity: NULL until the handshake turns it on. A frame
     * is complete only once its tag is checked; one that fails leaves the
     * reader in TPS_RD_ERROR with TPS_EAUTH. The payload has landed in its
     * destination by then, and progress callbacks have seen it. */
    tps__fmac_t *mac;
    uint8_t tag[TPS_TAG_BYTES];
    /* Header arena: unpacking never calls malloc. */
    ProtobufCAllocator arena_alloc;
    uint8_t *arena;
    size_t arena_cap, arena_used;
    /* Counters. */
    uint64_t frames;
    uint64_t direct_reads;   /* reads that landed in place, not staged */
};

/* Initialises `rd` (limits NULL: defaults). Allocates the header buffer and
 * arena. Returns 0 or TPS_ENOMEM. */
int tps__reader_init(tps__reader_t *rd, const tps__limits_t *lim,
                    tps__payload_dest_cb dest_cb, void *dest_arg);
void tps__reader_free(tps__reader_t *rd);

/* Where the next bytes of the stream belong and how many are missing in the
 * current section. Only meaningful in PREAMBLE, HEADER and PAYLOAD. */
void tps__reader_want(tps__reader_t *rd, uint8_t **base, size_t *len);

/* Records that n bytes were written at the place tps__reader_want() gave.
 * Returns 1 when a frame is complete, 0 when more bytes are needed, or a
 * negative error (TPS_E2BIG, TPS_EPROTO, ...) that leaves the reader in
 * TPS_RD_ERROR. */
int tps__reader_commit(tps__reader_t *rd, size_t n);

/* Copies from `data` (len bytes) into the reader, stopping after one complete
 * frame. *used says how many bytes were consumed. Returns as commit does.
 * A payload allowed in place and held whole by `data` is not copied: the
 * frame's payload then points into `data`. */
int tps__reader_feed(tps__reader_t *rd, const uint8_t *data, size_t len,
                    size_t *used);

/* The reader's reused payload buffer, grown to n bytes (NULL when out of
 * memory): a dest_cb may place a payload in it at an offset of its own
 * choosing, e.g. so that floats after a header of odd length land
 * aligned. */
uint8_t *tps__reader_pool(tps__reader_t *rd, size_t n);

/* Releases the finished frame and prepares for the next one. */
void tps__reader_next(tps__reader_t *rd);

/* Turns on per-frame integrity for frames that begin after this call
 * (the state is borrowed until the reader is freed). */
void tps__reader_set_mac(tps__reader_t *rd, tps__fmac_t *mac);

/* Writes preamble + packed header for a frame whose payload has payload_len
 * bytes into buf (cap bytes). Returns the bytes written, or 0 if cap is too
 * small (tps__frame_meta_size tells the size). */
size_t tps__frame_meta_size(const Taups__Header *h);
size_t tps__frame_encode_meta(const Taups__Header *h, uint64_t payload_len,
                             uint8_t *buf, size_t cap);

/* Most frames' preamble and header fit in this many bytes. */
#define TPS_META_SMALL 256

/* Packs the meta of a frame into `small` or, when it does not fit, into a
 * malloc'd buffer; *meta says which (free it when it is not `small`).
 * Returns its length, or 0 when out of memory. Sizing first would walk the
 * header's fields twice for every frame. */
size_t tps__frame_meta(const Taups__Header *h, uint64_t payload_len,
                      uint8_t small[TPS_META_SMALL], uint8_t **meta);

/* Called when a frame write finished; status is 0 or a libuv error
 * (UV_ECANCELED when the stream closed first). */
typedef void (*tps__write_cb)(void *arg, int status);

/* Sends one frame with a scatter/gather write: the preamble and header are
 * packed into the request, the payload is sent from where it is, never
 * copied. `payload` is borrowed until cb runs (cb may be NULL). With `mac`
 * (NULL: none), the frame's tag follows the payload. Returns the
 * frame's size in bytes (> 0), in which case cb will run exactly once, or a
 * negative libuv error, in which case it will not. */
int64_t tps__frame_write(uv_stream_t *s, const Taups__Header *h,
                        const void *payload, uint64_t payload_len,
                        tps__fmac_t *mac, tps__write_cb cb, void *arg);

/* The buffers of one frame on the wire: meta (preamble and header), the
 * payload unless empty, the tag unless tlen is 0. Returns how many. */
unsigned int tps__frame_bufs(uv_buf_t bufs[3], const uint8_t *meta, size_t mlen,
                            const void *payload, uint64_t plen,
                            const uint8_t *tag, size_t tlen);

/* The tag of a frame whose preamble and header are `meta` (mlen bytes). */
void tps__frame_tag(tps__fmac_t *mac, const uint8_t *meta, size_t mlen,
                   const void *payload, uint64_t payload_len,
                   uint8_t tag[TPS_TAG_BYTES]);

#endif
