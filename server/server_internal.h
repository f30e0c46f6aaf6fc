/* SPDX-License-Identifier: MIT */
/* Internals of the shard server shared by its rooms: server.c (config,
 * start, stop, free, stats view, trace), accept.c (connections from accept
 * to close, their caps and timeouts), dispatch.c (frames by op, error
 * replies), hello.c (hello, key handshake, membership), declare.c
 * (declarations), push.c (push fates, commits), step.c (the sync step
 * and its agreement across shards), peer.c (the links to the other
 * shards) and pull.c (the pull gate, pending pulls, replies). Nothing here
 * is part of
 * server.h: taups-server, the tests and the benches use that only.
 *
 * Must NOT hold logic: the shared types, and the tps__ functions the rooms
 * call each other through, each with its contract. */
#ifndef TPS_SERVER_INTERNAL_H
#define TPS_SERVER_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include <zstd.h>

#include "dedup.h"
#include "fate.h"
#include "server.h"
#include "stats.h"
#include "tps_cluster.h"
#include "tps_conn.h"

typedef struct sconn_s sconn_t;
typedef struct pending_s pending_t;
typedef struct tps__deferred_s tps__deferred_t;
typedef struct tps__peer_s tps__peer_t;   /* peer.c */
typedef struct tps__agree_s tps__agree_t; /* step.c */

/* Another shard of the cluster, as the role of its connections (proto
 * Role PEER; not a role of the public API). */
#define TPS__ROLE_PEER 4

/* The barrier of the workers (barrier.c, docs/design.md §3b): the
 * generation open here, who has entered it, and the connections waiting
 * for its answer. */
typedef struct tps__bwait_s tps__bwait_t;
typedef struct tps__barrier_state_s {
    uint64_t passed;       /* barriers completed: the open one's number */
    uint8_t *arrived;      /* per rank: entered the open one */
    int narrived;
    tps__bwait_t *waiting; /* oldest first */
    uv_timer_t timer;      /* the nearest deadline among them */
} tps__barrier_state_t;

/* A min-heap of held pulls (pull.c). */
typedef struct pheap_s {
    pending_t **a;
    size_t n, cap;
} pheap_t;

/* A buffer for one encoded pull reply, owned by its connection. */
typedef struct outbuf_s outbuf_t;
struct outbuf_s {
    outbuf_t *next;
    sconn_t *owner;
    size_t cap;
    uint8_t data[];
};

/* Per-connection state. A connection is "doomed" once it has broken the
 * protocol: its error reply is queued, nothing more is read from it, and it
 * is closed when the reply has been written. */
struct sconn_s {
    tps__conn_t c; /* first: tps__conn_t * and sconn_t * are interchangeable */
    tps__server_t *srv;
    sconn_t *prev, *next;
    int hello; /* hello accepted */
    int role;  /* TPS_ROLE_* */
    int rank;
    uint64_t session; /* its hello's: a worker's pushes are its (rank,
                         session)'s */
    uint64_t clock;
    int doomed;
    int inherited_commit; /* aggregating modes: at its hello, this rank's
                             predecessor had already committed the pending
                             step here */
    uint64_t nonfinite; /* first NaN/Inf float of the payload being read */
    uint32_t gmax_bits; /* its largest |element| (tps__max_abs_bits) */
    double sumsq;       /* of the dense payload being read (clipping on) */
    /* The logical push being received (one request id and tensor),
     * decided at its first chunk so that all its chunks share one
     * staleness, weight and drop verdict. */
    int cur_open;
    uint32_t cur_tensor;
    uint64_t cur_request;
    int cur_drop;
    uint64_t cur_stale;
    double cur_weight;
    double cur_scale; /* weight and averaging; the clip factor comes last */
    double cur_claim; /* the norm its first chunk claimed */
    double cur_sumsq; /* of its chunks so far (clipping on) */
    uint64_t cur_streamed; /* chunks applied as they came (not staged) */
    uint64_t cur_applied;  /* staleness at apply (applied on arrival) */
    uint64_t cur_group;    /* two-phase: its group (fate.c) */
    uint32_t cur_group_n;
    /* Two-phase pushes prepared on this connection, in arrival order,
     * waiting for their groups' fates; PULLs and CLOCKs behind them. */
    tps__prep_t *preps;
    int npreps;
    uint64_t prep_seq;
    tps__deferred_t *deferred;
    /* A push of several chunks is staged, decoded, and applied and
     * answered at its last chunk, so that one cut off or refused midway
     * changes nothing (push.c). Grown to the largest, kept. */
    float *stage;             /* its gradient, from element stage_off on */
    size_t stage_cap;         /* in bytes */
    uint64_t stage_off, stage_n;
    uint32_t stage_gmax;      /* its largest |element| (tps__max_abs_bits) */
    uint64_t *stage_counts;   /* elements of each chunk, in order */
    size_t nstaged, staged_cap;
    /* A push refused at a chunk before its last: its later chunks are
     * refused with it, so that no part of it is applied. */
    int refused_open;
    int refused_reason;       /* TPS_REFUSE_* */
    uint64_t refused_request;
    uint32_t refused_tensor;
    /* Compressed payloads: a zstd context and buffers reused across frames,
     * grown to the largest seen. */
    ZSTD_DCtx *zd;
    uint8_t *zbuf;
    size_t zcap;
    float *scratch;     /* decoded gradient, for optimizers with state */
    size_t scratch_cap; /* in bytes */
    outbuf_t *spare;    /* encoded pull replies, returned after the write */
    int nspare;
    int held;           /* pulls of this connection held back */
    pending_t *mine;    /* ... listed, wherever each waits */
    pheap_t parked;     /* released while its --conn-buffer was full */
    int ckpt_waiting;   /* its checkpoint requests waiting for a write */
    uint64_t turn, turn_frames; /* pull reply frames sent in loop turn `turn` */
    float *undo;        /* what an apply overwrote, until it proves finite */
    size_t undo_cap;    /* in bytes */
    /* The handshake (tps_auth.h): `auth` is 0 before the hello, 1 while
     * the client's proof is awaited (the hello is kept packed), 2 done. */
    int auth;
    uint8_t nonce_c[32], nonce_s[32];
    uint8_t *hello_buf;
    size_t hello_len;
    double accepted_at; /* loop ms */
    /* Until its hello is accepted: on the server's handshake list, oldest
     * first, and the address it came from (accept.c, hs_*). */
    sconn_t *hs_prev, *hs_next;
    int in_hs;
    int evicted;        /* closed to make room; its slot is free already */
    uint64_t addr_key;  /* IPv4 address, IPv6 /64; 0: a unix peer */
    /* Write progress, as the sweep last saw it (--idle-timeout). */
    uint64_t tx_seen;
    size_t tx_wq;
    double tx_since;    /* loop ms: progress, or nothing queued, last seen */
    char why[200];      /* why the payload check refused a frame */
    int errors_logged;  /* non-fatal error replies logged so far */
    uint64_t skip_seen; /* the last skipped sync step (s->skip_step) this
                           worker's pulls were told about */
    char peer[64];
};

/* A worker's pull that its consistency gate holds back. */
typedef struct pull_req_s {
    uint64_t request_id, offset, count, clock;
    uint64_t chunk; /* elements per reply frame */
    uint32_t tensor_id;
    uint32_t codec; /* packed pull codec, 0: dense */
    float ratio;
    /* A pull of rows (rows.c): its coded ids, borrowed from the frame, or
     * owned by the held pull (pending_t) that copied them. */
    const uint8_t *rows;
    size_t rows_len;
    int versions; /* answer each row's version */
    int zstd;     /* rows: the client takes a zstd-compressed reply */
    /* The ids are in the server's row scratch already, decoded on
     * arrival: a pull answered at once is not decoded twice. */
    int decoded;
} pull_req_t;

/* A pull held back: in exactly one heap, on what releases it (a clock, a
 * version; 0 in the queues, which then keep arrival order). */
struct pending_s {
    pending_t *cprev, *cnext; /* its connection's list (sc->mine) */
    sconn_t *sc;
    pull_req_t req;
    double since;
    uint64_t seq;       /* arrival: answers in order among equal keys */
    uint64_t key;
    pheap_t *in;
    size_t at;          /* its index in `in` */
};

/* The pulls of one tensor that wait for something the tensor does. */
typedef struct tps__tpulls_s {
    pheap_t version; /* evaluators': for a version, on it */
    pheap_t busy;    /* gates open: for the push in progress to end */
    int active;      /* listed in tactive */
} tps__tpulls_t;

struct tps__server_s {
    uv_loop_t *loop;
    tps__server_config_t cfg;
    tps__shard_t shard;
    union {
        uv_tcp_t listener;
        uv_pipe_t listener_pipe; /* --listen unix:PATH */
    };
    char unix_path[TPS_UNIX_PATH_MAX + 1]; /* "": TCP; else unlinked at stop */
    uv_timer_t stats_timer;
    uv_async_t stop_async;
    int port;
    int stopping;
    int open_handles; /* listener + timer + async; freed when 0 */
    sconn_t *conns;
    int nconns;
    uint64_t accepted; /* connections so far: each one's jitter stream */
    char listen_text[300];
    /* Totals of connections already closed. */
    uint64_t closed_bytes_in, closed_bytes_out;
    double started;
    tps__members_t members;
    double rejoin_deadline; /* tps__now(): awaited ranks have left then */
    uint64_t step;      /* aggregating modes: steps taken, every tensor's
                           version */
    tps__dedup_t *dedup; /* per rank: answers to its recent push frames */
    /* Held pulls, indexed by what releases them, so that a push or a
     * clock looks only at the pulls it releases (pull.c): workers' gated
     * pulls in `gate` on their clock; an evaluator's in its tensor's heap
     * on the version it waits for; those behind a push in progress in its
     * tensor's queue; those whose connection's --conn-buffer is full in
     * the connection's queue. */
    pheap_t gate;
    tps__tpulls_t **tpulls; /* per tensor id, NULL until one waits */
    size_t ntpulls;
    uint32_t *tactive;     /* tensors with pulls in their heaps */
    size_t nactive;
    size_t pending;        /* held pulls outside `gate` */
    size_t nheld;
    uint64_t pull_seq;
    uint64_t mem_used;   /* bytes the tensors hold (tps__shard_bytes) */
    /* Counters of what was refused or cut off (stats.c). */
    uint64_t protocol_errors; /* frames that broke the protocol: closed */
    uint64_t handshakes_refused; /* hellos of the wrong cluster, rank, mode */
    uint64_t auth_failures;
    uint64_t conns_refused;   /* beyond --max-connections */
    /* Connections that have not completed their hello, oldest first: at
     * most TPS_HS_PER_ADDR from one address and a quarter of
     * --max-connections in all, so that strangers cannot keep out the
     * clients that hold the key. */
    sconn_t *hs_head, *hs_tail;
    int nhs;
    uint64_t *hs_keys;        /* scratch: their addresses */
    size_t hs_keys_cap;
    uint64_t hs_evicted;      /* closed to make room for newer ones */
    uint64_t timeouts;        /* hello, header or idle timeouts */
    uv_timer_t sweep;         /* the timeouts */
    struct init_job_s *inits; /* declare.c: tensors initialising off the
                                 loop */
    struct decl_wait_s *decl_waiting; /* declare.c: evaluators' declarations
                                         waiting for the workers' */
    float *undo;              /* sync steps: what they overwrote */
    size_t undo_cap;
    FILE *trace;
    tps__ckpt_t *ckpt;   /* NULL: no checkpoints */
    /* The longest the loop went without polling: the worst wait any peer
     * saw for a reason other than its own traffic (uv_metrics_idle_time). */
    uv_prepare_t busy;
    uint64_t busy_t, busy_idle; /* ns, at the last prepare */
    double busy_max_ms;
    uint64_t turns;     /* turns of the loop so far (counted at prepare) */
    uint64_t reply_frames_turn_max; /* the most pull reply frames one
                                       connection was sent in one turn */
    int behind;         /* restored from a checkpoint: aggregating modes
                           catch up with workers at later clocks */
    int two_phase;      /* pushes wait for their group's COMMIT: two shards
                           or more, a mode that applies on arrival */
    tps__fates_t fates; /* fate.c */
    /* Agreement across shards (docs/design.md §3a); a shard alone uses
     * none of it. */
    char config[512];   /* the settings that decide a fate (tps_config.h) */
    char refusal[400];  /* set: a peer's settings differ, and every
                           worker's and evaluator's hello is refused with
                           this sentence */
    tps__peer_t *peers;        /* peer.c: the links this shard dialed */
    tps__peer_link_t *links;   /* their state, per shard, for the stats */
    tps__addr_t *peer_addrs;   /* where each shard listens */
    tps__agree_t *agree;       /* step.c: the STEP_READY exchange */
    uint64_t skip_step;  /* the last sync step skipped (its version); 0:
                            none */
    char skip_why[300];  /* why, for the pulls that read it */
    uint64_t *row_ids, *row_vers; /* rows.c: one frame's ids and versions */
    uint32_t *row_at;             /* and their rows' numbers */
    uint64_t row_cap;
    float *row_grads;     /* rows_codec.c: a push's decoded gradients */
    size_t row_grads_cap; /* in floats */
    ZSTD_CCtx *zc;        /* rows_codec.c: pull replies of rows, level 1 */
    tps__barrier_state_t barrier; /* barrier.c */
};

/* server.c ---------------------------------------------------------------- */

/* One trace row (no-op without --trace); min_clock is -1 when no worker is
 * live. */
void tps__trace(tps__server_t *s, const char *event, int rank, uint64_t clock,
                int tensor, uint64_t version, uint64_t staleness, double weight,
                double blocked_ms, uint64_t read);

/* accept.c ---------------------------------------------------------------- */

/* The listener's callback: sets up the connection (its callbacks are
 * dispatch.c's), names its peer, and makes room among the connections
 * that have not said hello, or tells it the shard is full. */
void tps__accept(uv_stream_t *listener, int status);

/* The once-a-second timer: rejoin deadlines, and connections past the
 * hello, header or idle timeouts. */
void tps__sweep(uv_timer_t *t);

/* Takes sc off the handshake list (its hello was accepted, or it closes);
 * no-op when it is not there. */
void tps__hs_remove(tps__server_t *s, sconn_t *sc);

/* dispatch.c -------------------------------------------------------------- */

/* The connection callbacks (tps_conn.h) of every shard connection: where a
 * payload may land, each frame by op, and read errors. */
int tps__dispatch_dest(void *arg, const Taups__Header *h, uint64_t len,
                       uint8_t **dest);
void tps__dispatch_frame(tps__conn_t *c, const Taups__Header *h,
                         uint8_t *payload, uint64_t len);
void tps__dispatch_error(tps__conn_t *c, int err);

/* Answers request `h` (NULL: request 0) with an error and, when `fatal`,
 * closes the connection once the reply is out. The message is also logged
 * with the peer's name. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void tps__reply_error(sconn_t *sc, const Taups__Header *h, int status,
                      int fatal, const char *fmt, ...);

/* Refuses a client and closes its connection, counting it in *count
 * (refused handshakes, authentication failures) rather than as a protocol
 * error. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void tps__refuse(sconn_t *sc, const Taups__Header *h, int status,
                 uint64_t *count, const char *fmt, ...);

/* Tells sc why it is closed (not a broken frame: a timeout, a limit), then
 * closes it once that is out. */
void tps__tell_and_close(sconn_t *sc, int status, const char *why);

/* A write callback that frees its argument. */
void tps__free_arg(void *arg, int status);

/* Sends a reply; on failure logs it, runs cb(arg, err) (so that arg is
 * released on every path) and closes the connection. */
void tps__send_or_close(sconn_t *sc, const Taups__Header *r,
                        const void *payload, uint64_t len, tps__write_cb cb,
                        void *arg);

/* Whether sc said hello as a worker; otherwise request h is refused with
 * TPS_EPERM ("only workers may `what`"), closing the connection when
 * `fatal`. */
int tps__worker_only(sconn_t *sc, const Taups__Header *h, int fatal,
                     const char *what);

/* Common checks of a push or pull: tensor, slice range, payload size (a
 * push's encoded payload is left to tps__push_handle). Returns the tensor,
 * or NULL after a fatal error reply. */
tps__tensor_t *tps__check_range(sconn_t *sc, const Taups__Header *h,
                               uint64_t payload_len, int is_push);

/* hello.c ----------------------------------------------------------------- */

/* A HELLO frame: accepted at once by a shard without a key; otherwise
 * answered with the challenge and kept until the proof arrives. */
void tps__hello_handle(sconn_t *sc, const Taups__Header *h);

/* An AUTH frame: the client's proof of the kept hello, which is then
 * accepted or refused. */
void tps__auth_handle(sconn_t *sc, const Taups__Header *h);

/* sc's worker has left (closed, or replaced by its reconnection): it no
 * longer counts in barriers and gates. */
void tps__worker_left(sconn_t *sc);

/* Ranks awaited after a restore that are past --rejoin-grace count as
 * having left; what waited for them moves on. */
void tps__rejoin_expire(tps__server_t *s);

/* declare.c --------------------------------------------------------------- */

/* A DECLARE frame: declares, repeats or looks up a tensor, answered now,
 * once its initial values are computed, or (an evaluator's) once a worker
 * has declared it. */
void tps__declare_handle(sconn_t *sc, const Taups__Header *h);

/* A closing connection: its declarations waiting for initial values or
 * for a worker are dropped. */
void tps__declare_forget(sconn_t *sc);

/* Frees the evaluators' waiting declarations of a server being freed. */
void tps__declare_free_all(tps__server_t *s);

/* push.c ------------------------------------------------------------------ */

/* A PUSH frame from a connection that has said hello. */
void tps__push_handle(sconn_t *sc, const Taups__Header *h, uint8_t *payload,
                      uint64_t len);

/* The connection's payload-progress callback: scans a push payload for
 * NaN/Inf (and sums its squares when the shard clips) as it arrives. */
void tps__push_progress(tps__conn_t *c, const uint8_t *payload, uint64_t from,
                        uint64_t to);

/* Where the payload of push frame h (len bytes) should land: with
 * clipping on, a dense chunk of a push of several chunks goes straight
 * into the connection's stage, so that staging it costs no copy; NULL for
 * the reader's pool. */
uint8_t *tps__push_dest(sconn_t *sc, const Taups__Header *h, uint64_t len);

/* Undoes a zstd frame in[0..len) that must hold exactly `want` bytes (what
 * the frame's header implies, never more), into the connection's reused
 * buffer `pad` bytes in (so that what follows can be aligned); *out points
 * there until the next frame. Returns 0, or TPS_EPROTO / TPS_ENOMEM with
 * the reason in why. Shared by dense pushes and pushes of rows. */
int tps__push_unzstd(sconn_t *sc, const uint8_t *in, uint64_t len, size_t want,
                     size_t pad, uint8_t **out, char *why, size_t whylen);

/* Marks the push being received on sc as finished (or abandoned); no-op
 * when none is open. */
void tps__push_close(sconn_t *sc);

/* A CLOCK frame: the worker's clock moves; in sync modes it commits. */
void tps__clock_handle(sconn_t *sc, const Taups__Header *h);

/* A VERSION frame: the tensor's version and the live workers. */
void tps__version_handle(sconn_t *sc, const Taups__Header *h);

/* step.c ------------------------------------------------------------------ */

/* Sync modes: takes the pending step once every live worker has committed
 * (and, with two shards or more, every peer has agreed on its ranks and
 * its fate), then answers the pulls it releases. No-op otherwise. */
void tps__step_try(tps__server_t *s);

/* Aggregating modes, after a restore: a worker at step `step`, later than
 * this shard's, makes the shard jump to it. */
void tps__step_catch_up(tps__server_t *s, int rank, uint64_t step);

/* A STEP_READY frame from an accepted PEER connection. */
/* Aggregating modes: where a push for `clock` from sc's rank stands
 * against the pending step, after catching a restored shard up to it:
 * TPS__PUSH_PENDING (buffer it), TPS__PUSH_LATE (the step went on without
 * it: answer it as dropped) or TPS__PUSH_REFUSED (why says so, naming
 * tensor `name`). */
enum { TPS__PUSH_PENDING, TPS__PUSH_LATE, TPS__PUSH_REFUSED };
int tps__step_push_check(sconn_t *sc, uint64_t clock, const char *name,
                         char *why, size_t len);
void tps__step_ready_handle(sconn_t *sc, const Taups__Header *h);

/* The link to peer p came up: what this shard said about its steps is
 * sent again (frames in flight when it went down may be lost). */
void tps__step_peer_up(tps__server_t *s, int p);

/* Sets up (one shard: nothing) and frees the agreement's state. */
int tps__step_init(tps__server_t *s);
void tps__step_free(tps__server_t *s);

/* peer.c ------------------------------------------------------------------ */

/* Writes the canonical string of the settings that decide a push's or a
 * step's fate into s->config. */
void tps__peer_config(tps__server_t *s);

/* Starts dialing every peer (no-op for S == 1). */
int tps__peers_start(tps__server_t *s, char *err, size_t errlen);
void tps__peers_stop(tps__server_t *s);
/* Frees the links' memory once the loop has closed their handles. */
void tps__peers_free(tps__server_t *s);
/* Whether this shard's link to peer p has had its hello answered. */
int tps__peer_up(const tps__server_t *s, int p);
/* Sends header-only frame h to peer p on this shard's link; TPS_ECLOSED
 * when the link is down (callers send again from their on-up hook). */
int tps__peer_send(tps__server_t *s, int p, Taups__Header *h);

/* A peer's settings differ from this shard's: from now on every worker's
 * and evaluator's hello is refused with `why` (logged once). */
void tps__peer_refuse_cluster(tps__server_t *s, const char *why);

/* fate.c ------------------------------------------------------------------ */

/* The push group a PUSH or COMMIT names: a raw client that names none
 * pushes groups of one, each its own request. */
static inline uint64_t tps__group_of(const Taups__Header *h) {
    return h->group ? h->group : h->request_id;
}

int tps__fate_init(tps__server_t *s);
void tps__fate_free(tps__server_t *s);

/* The last chunk of a two-phase push arrived and its stage holds all of
 * it: checked with tps__shard_trial and kept, prepared, on sc. Returns 0,
 * or TPS_ERANGE / TPS_ENOMEM with nothing kept. */
int tps__fate_prepare(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                      double scale, double gmax);

/* Whether a push of `group` from sc was fenced: answered NOT to a peer,
 * so that its chunks are refused. */
int tps__fate_fenced(const sconn_t *sc, uint64_t group);

/* A COMMIT frame (or, status < 0, an ABORT) of a push group. */
void tps__fate_commit_handle(sconn_t *sc, const Taups__Header *h);

/* A PULL or CLOCK that must wait for the pushes sc prepared before it:
 * kept, and run once they are decided. Returns 1 when kept (or refused),
 * 0 when it may run now. */
int tps__fate_defer(sconn_t *sc, const Taups__Header *h);

/* A closing worker connection: its prepared groups are settled with the
 * other shards, its deferred frames dropped. */
void tps__fate_conn_closed(sconn_t *sc);

/* A peer's SETTLE (answered on sc) and SETTLE_OK (on this shard's link to
 * peer p); peer p's link came up: the questions it missed are asked. */
void tps__fate_settle_handle(sconn_t *sc, const Taups__Header *h);
void tps__fate_settle_ok(tps__server_t *s, int p, const Taups__Header *h);
void tps__fate_peer_up(tps__server_t *s, int p);

/* rows.c ------------------------------------------------------------------ */

/* PULL_ROWS and PUSH_ROWS frames (docs/design.md §2b), and the answer to
 * a pull of rows whose gate is open. */
void tps__rows_pull_handle(sconn_t *sc, const Taups__Header *h,
                           const uint8_t *payload, uint64_t len);
void tps__rows_push_handle(sconn_t *sc, const Taups__Header *h,
                           const uint8_t *payload, uint64_t len);
void tps__rows_answer(sconn_t *sc, const pull_req_t *q);

/* rows_codec.c ------------------------------------------------------------
 * The values of rows through a codec, and zstd (docs/design.md §2b, Wire). */

/* Bytes a row's values may take in a push frame with h's codec: the larger
 * of float32 and the codec's (float32 for a codec rows cannot use, which
 * the push's handler refuses). For the reader's bound. */
uint64_t tps__rows_value_room(const Taups__Header *h, uint32_t dim);

/* A push of rows with zstd made plain: *payload and *len become the
 * decompressed bytes (in the connection's buffer, placed so that float32
 * values after the ids and versions are aligned), which must be exactly
 * what the header's counts and codec imply, and within the frame limit.
 * A frame without zstd, or that names no table, is left to rows.c.
 * Returns 0, or -1 after refusing the frame. */
int tps__rows_unzstd(sconn_t *sc, const Taups__Header *h,
                     const uint8_t **payload, uint64_t *len);

/* A push's gradients from the len bytes of values at vals: the float32
 * values where they are (aligned by the reader), or decoded through the
 * header's codec into the server's scratch (valid until the next frame).
 * NULL after refusing the frame with a sentence naming the table and the
 * codec; nothing is applied then. */
const float *tps__rows_grads(sconn_t *sc, const Taups__Header *h,
                             const tps__tensor_t *t, const uint8_t *vals,
                             uint64_t len);

/* 0 if a pull of rows may be answered with h's codec, else -1 after
 * refusing the frame. */
int tps__rows_pull_codec_ok(sconn_t *sc, const Taups__Header *h,
                            const tps__tensor_t *t);

/* Bytes a reply of nvals values needs beyond `room` + 4*nvals: the codec's
 * output and zstd's, as q asks. */
size_t tps__rows_reply_room(const pull_req_t *q, size_t nvals, size_t room);

/* Sends reply r of rows built in b: vlen bytes of versions just before
 * b->data + room, then vbytes of float32 values; encoded with q's codec
 * and compressed with zstd when q allows it and it pays. Takes b. */
void tps__rows_reply_send(sconn_t *sc, const pull_req_t *q, Taups__Header *r,
                          outbuf_t *b, size_t room, size_t vlen, size_t vbytes);

/* assign.c ---------------------------------------------------------------- */

/* An ASSIGN frame: starting values for a chunk of a dense tensor's slice,
 * taken only while the tensor has no values of an update or of another
 * assign (docs/design.md §3b). */
void tps__assign_handle(sconn_t *sc, const Taups__Header *h,
                        const uint8_t *payload, uint64_t len);

/* barrier.c --------------------------------------------------------------- */

/* Sets up (the arrivals, the timer: one more open handle), stops (closes
 * the timer) and frees the barrier. */
int tps__barrier_init(tps__server_t *s);
void tps__barrier_start(tps__server_t *s);
void tps__barrier_stop(tps__server_t *s);
void tps__barrier_free(tps__server_t *s);

/* A BARRIER frame: the worker has entered a barrier. */
void tps__barrier_handle(sconn_t *sc, const Taups__Header *h);

/* Releases the open barrier if every rank has entered it and (aggregating
 * modes) no committed step is still to be taken. */
void tps__barrier_try(tps__server_t *s);

/* A closing connection: its waits are forgotten (its rank stays counted
 * as arrived: a reconnection sends the barrier again). */
void tps__barrier_forget(sconn_t *sc);

/* pull.c ------------------------------------------------------------------ */

/* A PULL frame: answered now, or held until its gate opens. */
void tps__pull_handle(sconn_t *sc, const Taups__Header *h, uint64_t len);

/* A pull (dense or of rows) checked and filled in: answered now, or held
 * until its gate opens; a held pull of rows copies its ids. */
void tps__pull_request(sconn_t *sc, const Taups__Header *h,
                       const pull_req_t *q);

/* A connection's buffer of at least n bytes for an encoded reply, and the
 * write callback that gives it back. */
outbuf_t *tps__pull_outbuf(sconn_t *sc, size_t n);
void tps__pull_outbuf_sent(void *arg, int status);

/* Answers every held pull whose gate is now open. */
void tps__pull_process_pending(tps__server_t *s);

/* Sets up a new connection's part in pull.c (its on_drain). */
void tps__pull_conn_init(sconn_t *sc);

/* A closing connection: drops its held pulls and frees its spare reply
 * buffers (every write callback has run by then). */
void tps__pull_forget(sconn_t *sc);

/* Frees every held pull of a server being freed. */
void tps__pull_free_all(tps__server_t *s);

/* Pulls held now. */
size_t tps__pull_held(const tps__server_t *s);

#endif
