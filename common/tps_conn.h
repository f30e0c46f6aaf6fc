/* SPDX-License-Identifier: MIT */
/* One TCP connection carrying taups frames, shared by the server and the
 * client library. It owns a frame reader, a small staging buffer for control
 * frames, and byte counters; large payloads are read straight into their
 * destination (see tps_frame.h). When the memory its queued writes hold
 * (payloads, headers and the bookkeeping of each write) passes a high-water
 * mark, the connection stops reading from the peer, and stops parsing the
 * frames already read, until the queue drains below half of it; so one peer
 * that asks for more than it reads cannot make the process's memory grow
 * without bound, whatever the size of the replies. A connection may also shape
 * what it sends (tps_link.h): its frames are then held in a queue and written
 * by a timer at their release times, and held bytes count towards the
 * high-water mark. */
#ifndef TPS_CONN_H
#define TPS_CONN_H

#include <stdint.h>

#include <uv.h>

#include "tps_frame.h"
#include "tps_link.h"

#define TPS_STAGING_SIZE (64u << 10)
#define TPS_WRITE_HIGH_WATER (64u << 20)
/* What one queued write costs beyond its bytes: the request, the context
 * and allocator overhead; counted so that a million tiny replies weigh
 * what they hold. */
#define TPS_WRITE_OVERHEAD 256u
/* Frames one connection may have handled in a turn of the loop before it
 * lets the others have theirs: a peer that pipelines small requests by the
 * hundred thousand (each a reply, each a system call) must not hold the
 * loop for hundreds of milliseconds. */
#define TPS_FRAMES_PER_TURN 256u
/* Frames sent during one turn of the loop leave together, in one write
 * (one writev for the kernel) at the start of the next turn, instead of
 * one system call each: a batch holds at most this many buffers (IOV_MAX),
 * this many bytes of preambles, headers and tags, and is handed over at
 * once when its frames' bytes pass the budget. */
#define TPS_BATCH_BUFS 1024u
#define TPS_BATCH_META (32u << 10)
#define TPS_BATCH_BUDGET (4u << 20)
/* A snapshot reply this small is copied into the batch (see
 * tps__conn_send_snapshot): a copy costs less than a write of its own. */
#define TPS_SNAPSHOT_INLINE (16u << 10)

typedef struct tps__conn_s tps__conn_t;
typedef struct tps__link_q_s tps__link_q_t;
typedef struct tps__batch_s tps__batch_t;
typedef struct tps__copy_req_s tps__copy_req_t;

/* A complete frame arrived. The header and payload are valid only during
 * the call. The callback may close the connection. */
typedef void (*tps__frame_cb)(tps__conn_t *c, const Taups__Header *h,
                             uint8_t *payload, uint64_t len);
/* The stream failed: err is UV_EOF for an orderly close by the peer, a
 * libuv error, or the reader's error for a bad frame. The connection is not
 * closed yet: the callback decides (it may still send an error reply). */
typedef void (*tps__conn_error_cb)(tps__conn_t *c, int err);
typedef void (*tps__conn_close_cb)(tps__conn_t *c);
/* Payload bytes [from, to) of the current frame have arrived (in `payload`);
 * called as they come, while they are still in cache, before on_frame. */
typedef void (*tps__payload_progress_cb)(tps__conn_t *c, const uint8_t *payload,
                                        uint64_t from, uint64_t to);
/* The connection was paused by the write high-water mark and its queued
 * writes have drained below half of it: the owner may send what it held
 * back meanwhile (before the frames read but not parsed are handled). It
 * may send enough to pause the connection again, and may close it. */
typedef void (*tps__conn_drain_cb)(tps__conn_t *c);

struct tps__conn_s {
    union {                     /* first: (tps__conn_t *)handle is valid */
        uv_tcp_t tcp;
        uv_pipe_t pipe;         /* a unix: connection (is_pipe) */
    };
    int is_pipe;
    tps__reader_t rd;
    uint8_t *staging;
    tps__frame_cb on_frame;
    tps__conn_error_cb on_error;
    tps__conn_close_cb on_close; /* runs in the close callback: free there */
    tps__payload_progress_cb on_progress; /* optional */
    tps__conn_drain_cb on_drain;          /* optional */
    uint64_t progress_seen;     /* payload bytes already reported */
    void *data;                 /* owner's */
    int closing;
    int reading;
    int paused; /* reading stopped by the write high-water mark */
    uint64_t pauses;            /* times it was */
    int yielded; /* reading stopped for a turn: `turn` resumes it */
    int stopped;                /* reading stopped for good by the owner */
    uv_idle_t turn;
    uv_idle_t flush;            /* hands the open batch to libuv */
    tps__batch_t *batch;         /* frames sent this turn, not yet written */
    tps__batch_t *spare;         /* a batch written, kept for reuse */
    tps__batch_t *failed;        /* refused by libuv: callbacks to run */
    tps__copy_req_t *copy_spare; /* a snapshot copy written, kept for reuse */
    uint64_t batches_out;       /* writes handed to libuv (batches) */
    uint64_t high_water;        /* TPS_WRITE_HIGH_WATER unless changed */
    uint64_t queued;            /* memory held by writes not yet done */
    /* Staged bytes read but not parsed yet, because reading paused. */
    size_t staged_off, staged_len;
    int draining;
    double rx_at;               /* loop ms: the last bytes arrived */
    double frame_at;            /* loop ms: the current frame began */
    /* bytes_out: accepted by the kernel, not merely queued. */
    uint64_t bytes_in, bytes_out, frames_out;
    tps__link_q_t *link;         /* NULL: frames are written at once */
    /* Per-frame integrity (tps_auth.h), once tps__conn_set_mac ran. */
    int tagged;
    tps__fmac_t tx_mac, rx_mac;
    int open_handles;           /* on_close runs when the last one closed */
};

/* Initialises the TCP handle and reader. Returns 0 or an error; on error
 * nothing needs closing. dest_cb/dest_arg go to the reader. */
int tps__conn_init(uv_loop_t *loop, tps__conn_t *c, const tps__limits_t *lim,
                  tps__payload_dest_cb dest_cb, void *dest_arg);
/* The same over a unix stream socket (a libuv pipe) instead of TCP. */
int tps__conn_init_pipe(uv_loop_t *loop, tps__conn_t *c,
                        const tps__limits_t *lim, tps__payload_dest_cb dest_cb,
                        void *dest_arg);

/* Shapes this connection's outgoing frames as cfg says (borrowed; nothing
 * happens when it asks for no shaping). Call after tps__conn_init and before
 * the first send; `stream` separates the jitter of connections that share
 * cfg->seed. Returns 0 or an error, after which the connection still works
 * unshaped and is closed as usual. */
int tps__conn_set_link(tps__conn_t *c, const tps__link_cfg_t *cfg,
                      uint64_t stream);

/* Turns on per-frame integrity in both directions: frames sent after this
 * call carry their tag, frames that begin arriving after it must. `side`
 * is this end's (TPS_AUTH_SHARD or TPS_AUTH_CLIENT); the nonces are the
 * handshake's. */
void tps__conn_set_mac(tps__conn_t *c, const tps__key_t *key, int side,
                      const uint8_t nonce_c[TPS_NONCE_BYTES],
                      const uint8_t nonce_s[TPS_NONCE_BYTES]);

/* Starts reading frames. */
int tps__conn_start(tps__conn_t *c);

/* A peer that vanishes without a FIN or RST (a host down, a path that
 * drops every packet) fails the connection with UV_ETIMEDOUT within about
 * `seconds`: TCP keepalive probes an idle connection from seconds/3 on,
 * and TCP_USER_TIMEOUT bounds how long sent data may stay unacknowledged.
 * A peer that is alive but slow (a pull held at a gate, a paused process)
 * still acknowledges, so it is never cut off. Only for TCP; 0: the
 * kernel's defaults (hours). */
int tps__conn_keepalive(tps__conn_t *c, double seconds);

/* Sends a frame (see tps__frame_write: payload borrowed until cb). Counts the
 * bytes. Returns 0 or a negative error (cb will then not run). On a shaped
 * connection the frame is held until its release time; cb runs once it is
 * written, or with UV_ECANCELED if the connection closes first. cb never
 * runs from within this call. */
int tps__conn_send(tps__conn_t *c, const Taups__Header *h, const void *payload,
                  uint64_t len, tps__write_cb cb, void *arg);

/* Hands the frames sent so far in this turn to the kernel now rather than
 * at the next turn: for a caller that knows it has sent all it will for a
 * while (the client after issuing what was submitted). */
void tps__conn_flush(tps__conn_t *c);

/* Sends a frame whose payload need only stay valid during the call: what
 * the kernel takes at once goes without a copy, the rest is copied. So the
 * frame carries the payload as it was at this call, whatever changes it
 * afterwards. Returns the bytes of its preamble, header and payload
 * (> 0; the tag not counted) or a negative error. */
int64_t tps__conn_send_snapshot(tps__conn_t *c, const Taups__Header *h,
                           const void *payload, uint64_t len);

/* Stops reading from the peer for good (a connection about to be closed
 * once its last reply is out): neither the write high-water mark nor a
 * yielded turn starts it again. */
void tps__conn_stop_reading(tps__conn_t *c);

/* Closes the connection; on_close runs from the loop once its handles are
 * closed (and the callbacks of held frames have run), and only then may the
 * owner free `c`. Safe to call twice. */
void tps__conn_close(tps__conn_t *c);

#endif
