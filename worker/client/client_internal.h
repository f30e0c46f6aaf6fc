/* SPDX-License-Identifier: MIT */
/* libtaups' rooms and what they share: the client's types, which lock
 * guards each field, and one section per file of the functions the other
 * rooms call. Like server/server_internal.h, it must not hold logic.
 *
 * Two threads meet here. The caller's thread (the application) fills
 * tickets and, while the I/O thread sleeps, may send its own frames; the
 * I/O thread runs the libuv loop, reads every reply and completes the
 * tickets. Two locks keep them apart:
 *   mu     the ticket table, the tensors' bookkeeping, the error text and
 *          the counters the application reads;
 *   io_mu  the loop and every handle on it (connections, timers), held by
 *          the I/O thread except while it sleeps in poll().
 * A thread that needs both takes io_mu first. Fields below say which lock
 * guards them; "I/O" means whoever holds io_mu, "caller" the application's
 * thread alone, "fixed" set by tps_open and read-only afterwards.
 *
 *   file         what it owns
 *   api.c        the public calls: argument and role checks, then a ticket
 *   open.c       tps_open and tps_close: options, shards' addresses, codecs
 *   ticket.c     the ticket table: submit, complete, wait, the buffer pool
 *   io.c         the I/O thread, the hand-off to it, the caller's own turns
 *   connect.c    connections: connect, hello, authentication, retries
 *   rejoin.c     a lost shard back: re-declare, resend what it still owes
 *   wire.c       tickets to frames (slicing) and one handler per reply op
 *   encode.c     push encoding: error feedback, codec, zstd
 *   rows.c       tables: a row call's job (unique ids, by shard, frames),
 *                its replies, the rows' versions kept for later pushes
 *   rows_wire.c  tables: the rows' values through a codec, and zstd
 *   scan.c       an admin's page of a table's rows (scan.h)
 *   barrier.c    starting values (tps_assign) and the barrier
 *   policy.c     the consistency rules the client keeps: what a hello
 *                says about the mode, the SSP cache, staleness decisions */
#ifndef TPS_CLIENT_INTERNAL_H
#define TPS_CLIENT_INTERNAL_H

#include <signal.h>
#include <stdint.h>

#include <sys/socket.h>

#include <uv.h>
#include <zstd.h>

#include "taups.h"
#include "proto/taups.pb-c.h"
#include "tps_auth.h"
#include "tps_cluster.h"
#include "tps_codec.h"
#include "tps_conn.h"

#define TPS__CL_MAX_TICKETS 1024
#define TPS__CL_MAX_TENSORS 256
/* Request ids of a reconnection's hello and re-declarations: above any
 * ticket's, so that their replies are told apart from the tickets'. */
#define TPS__CL_RJ_HELLO UINT64_MAX
#define TPS__CL_RJ_DECLARE(i) (UINT64_MAX - 1 - (uint64_t)(i))
#define TPS__CL_RJ_FIRST TPS__CL_RJ_DECLARE(TPS__CL_MAX_TENSORS)

typedef enum tps__op_kind_e {
    OP_CONNECT,
    OP_DECLARE,
    OP_PUSH,
    OP_PULL,
    OP_STATS,
    OP_CHECKPOINT, /* admin: a checkpoint on every shard, answered as STATS */
    OP_CLOCK,      /* end of an iteration, to every shard */
    OP_VERSION,    /* probe of a tensor's versions, for one push decision */
    OP_PULL_ROWS,  /* rows of a table by id; the job in x.job */
    OP_PUSH_ROWS,
    OP_SCAN_ROWS,  /* admin: a page of a table's rows from one shard */
    OP_ASSIGN,     /* starting values, chunk by chunk like a dense push */
    OP_BARRIER,    /* to every shard, each answering once all arrived */
    OP_CLOSE
} tps__op_kind_t;

/* What a call fixes in its ticket before the I/O thread may see it. */
typedef struct tps__tinit_s {
    int64_t clock;        /* push, pull, clock: the caller's clock */
    uint64_t min_version; /* evaluator pull: wait for this version */
    /* push: the one decision every shard applies (docs/design.md §3a) */
    int decided, dropped;
    uint64_t stale;
    uint32_t live;
    uint64_t samples; /* push: tps_set_samples's at submit */
    /* push, two-phase: the group's first ticket (0: this one) and size */
    int64_t group;
    int gsize;
    /* rows: the call's prepared job (rows.c); the ticket takes it */
    struct tps__rowjob_s *job;
    /* scan: the caller's request and answer (scan.h), borrowed */
    struct tps__scan_s *scan;
    /* barrier: its number, whether it is the client's first, the
     * timeout; the reply's number (the largest a shard gave) */
    uint64_t generation;
    int first;
    uint32_t timeout_ms;
    /* assign: a shard answered TPS_EEXIST */
    int exists;
} tps__tinit_t;

/* One frame of an encoded push: where its bytes are in the buffer. */
typedef struct tps__pframe_s {
    size_t pos, len; /* payload in tps__pushbuf_t.data */
    size_t enc_len;  /* codec bytes before zstd */
    int zstd;
    uint64_t seed;
} tps__pframe_t;

/* The encoded frames of one push, made on the caller's thread and sent
 * from by the I/O thread; kept in a free list (c->spare) and reused. */
typedef struct tps__pushbuf_s tps__pushbuf_t;
struct tps__pushbuf_s {
    tps__pushbuf_t *next;
    uint8_t *data;
    size_t cap;
    tps__pframe_t *fr;
    int fr_cap;
};

/* A request in flight. Under mu, except src, dst and pb, which the caller
 * fixes before submitting and nobody changes until the ticket is done. */
typedef struct tps__ticket_s {
    int64_t id; /* 0: slot free */
    tps__op_kind_t kind;
    int tensor;
    const float *src; /* push: borrowed gradient */
    float *dst;       /* pull: borrowed destination */
    int pending;      /* replies still expected */
    int result;       /* 0 or the first error */
    int done;         /* also read without mu by a spinning tps_wait */
    int next;         /* submit queue link (slot index), -1 ends */
    char **parts;     /* stats: one JSON text per shard */
    float grad_norm;  /* push: norm of the whole gradient, for clipping */
    tps_push_info_t info; /* push: merged from every shard's reply */
    tps__pushbuf_t *pb;   /* push: encoded frames, NULL when dense */
    uint64_t left;        /* pull: elements still to arrive */
    uint64_t reply_clock; /* pull: the smallest clock its replies reflect */
    int fill_cache;       /* pull: refreshes the tensor's ssp cache when done */
    int active;           /* counted in the client's active */
    int64_t stop_seen; /* after tps_interrupt: id seen unanswered at the
                          last stop tick */
    tps__tinit_t x;    /* version probe: stale and live are its results */
    /* Two-phase pushes (docs/design.md §3a): the group's tickets are
     * chained from its first (slot indices, -1 ends), which counts those
     * whose every chunk is answered and, once all are, commits. */
    int gnext, glast, gprepared;
    int committing; /* the group's COMMIT is sent: replies owed are its */
} tps__ticket_t;

/* A declared tensor. Under mu; name, n and resid are also read by the
 * caller's thread without it once the declaration is answered, since only
 * that thread changes them. */
typedef struct tps__tensor_s {
    char name[128];
    uint64_t n;
    tps_init_t init;
    float scale;
    uint64_t seed;
    uint32_t *ids;      /* per shard: the shard's id for this tensor */
    uint64_t *versions; /* per shard: version of the last pull */
    tps_push_info_t last_push;
    float *resid; /* error feedback (caller): what compression has not sent */
    /* The ssp cache: the last pull's values, versions and the clock they
     * reflect; valid once a pull filled them. */
    float *cache;
    uint64_t *cache_versions;
    uint64_t cache_clock;
    int cache_valid;
    int lookup; /* looked up by name: redeclared with length 0 */
    /* A table (docs/design.md §2b): values per row (n is the same), 0 for
     * a dense tensor. */
    uint32_t dim;
    tps_rows_info_t rows_info; /* the last completed push of rows */
    /* The version each row had at this client's last pull that included
     * it: an open-addressing map from id to version + 1 (0: empty slot),
     * vmap_cap a power of two or 0. An id and its version share an entry:
     * one cache miss per lookup in a map far larger than the caches. */
    struct tps__vent_s {
        uint64_t id, ver;
    } * vmap;
    size_t vmap_cap, vmap_n;
    /* The last completed pull, its versions not in vmap yet: the caller's
     * next call of rows merges them while its own request is out. */
    struct tps__rowjob_s *vmap_due;
    /* A dense tensor's shape (product = n), as declared here or learnt
     * from the shards; 0 dims: none. */
    uint32_t ndims;
    uint64_t shape[8];
} tps__tensor_t;

typedef enum tps__shard_state_e {
    SH_IDLE, /* no handle open */
    SH_CONNECTING,
    SH_HELLO, /* hello sent, waiting for HELLO_OK */
    SH_READY,
    SH_DEAD /* failed for good; error in the client's message */
} tps__shard_state_t;

/* One shard's connection: I/O, all of it. */
typedef struct tps__cshard_s {
    tps__conn_t conn; /* first */
    tps_client_t *cl;
    int index;
    tps__addr_t addr;
    struct sockaddr_storage sa;
    tps__shard_state_t state;
    int conn_open; /* conn's handle is initialised and not closed */
    uv_connect_t creq;
    uv_timer_t retry; /* between tries, and each try's deadline */
    int tries;
    int last_err;
    char remote_err[256]; /* text of the last ERROR frame from this shard */
    uint64_t closed_in, closed_out;
    /* Reconnecting after the connection was lost (reconnect_timeout_ms > 0):
     * frames for this shard wait, owed in c->owed, until it is back. */
    int ever_ready;
    int rejoining;
    double rj_since, rj_deadline;
    int rj_declares; /* re-declarations still unanswered */
    /* The handshake of the connection now open (tps_auth.h). */
    uint8_t nonce_c[TPS_NONCE_BYTES];
    int authed;           /* the shard proved the key */
    uint64_t hello_clock; /* the clock its HELLO_OK gave this worker */
} tps__cshard_t;

struct tps_client_s {
    /* fixed */
    tps_options_t opts;
    char *cluster;
    int nshards;
    tps__cshard_t *shards;
    tps__limits_t lim;
    uint64_t chunk_elems;
    tps__key_t key; /* set: every shard proves it, and so do we */

    /* I/O (io_mu) */
    uv_loop_t loop;
    uv_thread_t thread;
    /* Held by the I/O thread except while it sleeps in poll(): whoever
     * holds it may use the loop's handles, so the caller's thread takes it
     * to send its own frames when the I/O thread is idle (submit). */
    uv_mutex_t io_mu;
    int kick_fd;         /* an eventfd: wakes the I/O thread from poll() */
    uint64_t io_wake_at; /* loop ms the I/O thread sleeps until */
    /* Set (under mu) when nothing is in flight or waited for, by the I/O
     * thread or by a thread that ran the loop to wait for its reply: the
     * I/O thread then sleeps on kicks and timers only, and the next waiter
     * reads its own reply. Cleared, with a kick, by whoever needs the I/O
     * thread (tps__cl_unpark). Atomic: read without mu. */
    int io_park;
    uv_async_t wake;
    uv_async_t interrupt; /* tps_interrupt */
    uv_timer_t stop_tick; /* after tps_interrupt: what still waits fails */
    int interrupted;      /* no more waiting for lost shards */
    int thread_started;   /* fixed once tps_open returns */
    int pipe_ignored;     /* fixed: SIGPIPE was ignored at tps_open */
    int corked;           /* the corking thread's: tps_cork */
    int commit_watch;     /* io_mu: a corked two-phase push went out */
    int closing;          /* shutting down */
    double deadline;      /* connect retries end here */
    /* Per ticket slot and shard, what that shard still owes (push: frames
     * unanswered; pull: elements; other requests: 1), so that a
     * reconnection resends exactly that. */
    uint64_t *owed;

    uv_mutex_t mu; /* guards everything below */
    uv_cond_t cv;
    tps__ticket_t tickets[TPS__CL_MAX_TICKETS];
    int64_t next_id;
    int qhead, qtail; /* submit queue of slot indices */
    int ntensors;
    tps__tensor_t tensors[TPS__CL_MAX_TENSORS];
    int broken; /* a shard was lost: every new call fails */
    int broken_err;
    uint64_t sent, received; /* snapshot for tps_bytes */
    int64_t clock;
    uint64_t samples; /* tps_set_samples: what pushes say they average */
    int active;       /* tickets sent and not yet answered */
    int waiters;      /* threads asleep on cv for a ticket */
    tps__pushbuf_t *spare; /* free push buffers */
    struct tps__rowjob_s *row_spare; /* free row jobs (rows.c) */
    tps_traffic_t traffic;
    tps_delivery_t delivery;
    /* tps_metrics_text's: the last dense push completed (any tensor), when
     * tps_open ran (seconds since the epoch), tps_set_loss's (NaN: none). */
    tps_push_info_t last_push;
    double opened, loss;
    char errmsg[512];
    /* What the hellos said about the cluster (policy.c). */
    char mode[16];
    char config[512];   /* the first shard's fate-deciding settings */
    int config_shard;   /* ... and which shard said them */
    const struct tps__mode_row_s *mode_row; /* NULL until a hello */
    int local_steps;
    int ssp_cache;      /* opts.ssp_cache, in ssp, for a worker */
    uint64_t ssp_bound; /* the cluster's ssp staleness s */
    uint64_t session;   /* fixed, random per client: a new one resets the
                           shards' record of this rank's pushes */
    int decide;         /* the shards want one staleness decision per push */
    int two_phase;      /* pushes wait for a COMMIT (two shards or more) */
    /* A group whose COMMIT (or ABORT) a reply made due, sent by the I/O
     * side once mu is let go (wire.c); 0: none. */
    int64_t commit_due, abort_due;
    int64_t cutoff;     /* async staleness cut-off, -1: none */
    float clip_norm;    /* > 0: shards clip, so pushes carry their norm */
    /* caller: barriers passed, and whether one was (barrier.c) */
    uint64_t barriers;
    int barrier_known;

    /* caller: compression, since the caller's thread encodes */
    tps__codec_t codec, pull_codec;
    uint32_t codec_id, pull_id;
    float codec_ratio, pull_ratio;
    int ef;
    ZSTD_CCtx *zc;
    uint64_t pushes; /* seeds the codecs' randomness per push */
};

/* One frame of a row call: its rows are order[first .. first + count)
 * of the job, all on `shard`; its payload is buf[pos .. pos + len). */
typedef struct tps__rowframe_s {
    int shard;
    size_t first, count;
    size_t pos, len, ids_len, vers_len;
    uint64_t seed; /* push: the codec's, for this frame (rows_wire.c) */
    int zstd;      /* push: the payload is zstd-compressed */
} tps__rowframe_t;

/* A row call made ready on the caller's thread: its ids unique and sorted
 * (uniq; pos[i] is ids[i]'s index there), grouped by shard (order, start),
 * and the frames' payloads built once. vals and vers are by unique index:
 * a push's summed gradients and read versions (0: not known, else
 * version + 1), a pull's answered rows and versions. Read and written under
 * mu once submitted; kept in c->row_spare and reused, so that a call of the
 * same size allocates nothing. */
typedef struct tps__rowjob_s tps__rowjob_t;
struct tps__rowjob_s {
    tps__rowjob_t *next;
    int push, table;
    uint32_t dim;
    size_t n, nu;
    float *out;         /* pull: the caller's rows, borrowed */
    uint64_t *vers_out; /* pull: the caller's versions or NULL */
    uint64_t *uniq, *vers, *tmp;
    uint32_t *pos, *order;
    uint32_t *first; /* each unique id's first place in the call */
    size_t *start;  /* nshards + 1 */
    size_t *sfirst; /* per shard, its first frame; nshards + 1 */
    float *vals;
    uint8_t *buf;
    tps__rowframe_t *fr;
    size_t nfr;
    int no_versions; /* a pull reply came without versions */
    double norm;     /* push: of the summed gradient, for clipping */
    tps_rows_info_t info;
    void *scratch; /* tps__ids_unique's */
    size_t scratch_cap, cap_n, cap_u, cap_vals, cap_buf, cap_fr;
    /* The values' codec and zstd (rows_wire.c): the push or pull codec,
     * each row its own bucket; zstd: compress a push's frames, or let a
     * pull's replies come compressed. */
    tps__codec_t codec;
    uint32_t codec_id;
    float codec_ratio;
    int zstd, err; /* err: an encoding failed while building */
    uint64_t seed; /* push: its frames' seeds derive from it */
    float *cvals;  /* one frame's values, in frame order */
    uint8_t *zbuf; /* one frame compressed, or a reply undone */
    size_t cap_cvals, cap_zbuf;
    ZSTD_DCtx *zd;
};

/* --- api.c ----------------------------------------------------------------
 * What a declaration says: a dense tensor (dim 0) of length n, with a
 * shape of ndims dims or none, or a table of rows of dim values (n == dim);
 * n == 0 looks a name up. */
typedef struct tps__decl_s {
    uint64_t n;
    uint32_t dim;
    tps_init_t init;
    float scale;
    uint64_t seed;
    uint32_t ndims;
    const uint64_t *shape;
} tps__decl_t;

/* Declares or looks up `name` on every shard; returns its id or a negative
 * error with the message set. */
int tps__cl_declare(tps_client_t *c, const char *name, const tps__decl_t *d);

/* --- open.c ---------------------------------------------------------------
 * A client with its shards resolved and its loop ready, but no I/O thread
 * and no connection: what tps_open starts, and what the rooms' unit tests
 * drive without sockets. Returns 0 or a TPS_E* code with errbuf set. */
int tps__cl_new(const tps_options_t *opts, tps_client_t **out, char *errbuf,
                size_t errlen);

/* --- ticket.c -------------------------------------------------------------
 * The error text: the first form takes mu, the second needs it held. */
void tps__cl_errorf(tps_client_t *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tps__cl_errorf_locked(tps_client_t *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The ticket with this id, or NULL (mu). */
tps__ticket_t *tps__cl_find(tps_client_t *c, uint64_t id);
/* What shard s still owes ticket t (io_mu). */
uint64_t *tps__cl_owed(tps_client_t *c, const tps__ticket_t *t, int s);
/* One reply (or a failure) for ticket t: the last one, or any error,
 * finishes it and wakes its waiter (mu). */
void tps__cl_complete(tps_client_t *c, tps__ticket_t *t, int result);
/* Fails every ticket in flight (mu). */
void tps__cl_fail_all(tps_client_t *c, int err);
/* Marks the client broken with err unless it already is, with the message
 * (mu); returns whether this call broke it. */
int tps__cl_break(tps_client_t *c, int err);
/* Takes a free ticket of `kind` expecting `pending` replies and hands it
 * to the I/O thread (or sends it from this thread); returns its id, or 0
 * with *err set when the client is broken or too many tickets are out. Takes
 * pb on every path. */
int64_t tps__cl_submit(tps_client_t *c, tps__op_kind_t kind, int tensor,
                       const float *src, float *dst, int pending, float norm,
                       tps__pushbuf_t *pb, const tps__tinit_t *x, int *err);
/* Waits for a version probe; merges what it found into *found. */
int tps__cl_wait_probe(tps_client_t *c, int64_t id, tps__tinit_t *found);
/* The push buffer pool: take one (or NULL, with the pool empty, to be
 * allocated by the caller) and give one back. */
tps__pushbuf_t *tps__cl_pushbuf_take(tps_client_t *c);
void tps__cl_pushbuf_put(tps_client_t *c, tps__pushbuf_t *pb);

/* --- io.c -----------------------------------------------------------------
 * Initialises the loop's own handles (wake, interrupt, stop tick). */
void tps__cl_io_init(tps_client_t *c);
/* Starts the I/O thread with SIGPIPE blocked; returns 0 or libuv's code. */
int tps__cl_io_start(tps_client_t *c);
/* Closes the handles tps__cl_io_init opened and runs their callbacks, for
 * a client whose thread never started. */
void tps__cl_io_discard(tps_client_t *c);
/* Whether the caller's thread may send a ticket of `kind` itself now: if
 * so, it holds io_mu on return, to be given back by tps__cl_direct_issue. */
int tps__cl_io_take(tps_client_t *c, tps__op_kind_t kind);
/* Sends ticket t from the caller's thread and lets io_mu go. */
void tps__cl_direct_issue(tps_client_t *c, tps__ticket_t *t);
/* Runs the loop's turns on the caller's thread while the I/O thread sleeps,
 * until t is done or the clock passes `end` (ns, uv_hrtime). */
void tps__cl_spin(tps_client_t *c, tps__ticket_t *t, uint64_t end);
/* With io_mu held (taken by the caller): runs the loop on the caller's
 * thread, sleeping in poll(), until t is done or the client closes; lets
 * io_mu go. */
void tps__cl_drive(tps_client_t *c, tps__ticket_t *t);
/* Sends the frames a corked thread holds (tps_cork), now or at the turn
 * of the loop that whoever runs it is in; may be called with mu held. */
void tps__cl_send_held(tps_client_t *c);
/* The I/O thread watches the sockets again, if it was parked. */
void tps__cl_unpark(tps_client_t *c);
/* Hands the submit queue to whoever runs the loop (the wake handle), and
 * to the I/O thread if it is parked. */
void tps__cl_wake(tps_client_t *c);

/* --- connect.c ------------------------------------------------------------
 * Starts connecting to every shard (I/O). */
void tps__cl_connect_all(tps_client_t *c);
/* The shard failed for good: breaks the client with err and `what` (I/O). */
void tps__cl_shard_failed(tps__cshard_t *sh, int err, const char *what);
/* A failure of the handshake: retrying cannot help (I/O). */
void tps__cl_auth_failed(tps__cshard_t *sh, const char *what);
/* The shard's authentication challenge (I/O). */
void tps__cl_on_challenge(tps__cshard_t *sh, const Taups__Header *h);

/* --- rejoin.c -------------------------------------------------------------
 * A reply to a reconnection's hello or re-declaration (I/O). */
void tps__cl_rejoin_frame(tps__cshard_t *sh, const Taups__Header *h);
/* Tells shard sh this worker's clock outside any ticket (I/O). */
void tps__cl_send_clock(tps__cshard_t *sh, int64_t clock);

/* --- wire.c ---------------------------------------------------------------
 * The Decl of a DECLARE for ts (a table's kind and dim, a dense tensor's
 * shape) in *decl, or NULL when it says nothing beyond the length (mu). */
Taups__Decl *tps__cl_decl_of(const tps__tensor_t *ts, Taups__Decl *decl);
/* Sends ticket t's frames to every shard (only < 0) or, after shard `only`
 * came back (resend), what that shard still owes (I/O). */
void tps__cl_issue_to(tps_client_t *c, tps__ticket_t *t, int only,
                      int resend);
/* Sends one frame of ticket t to shard s, or nothing while the shard is
 * being reconnected (the frame stays owed); a failure fails the ticket.
 * Returns 0 or the error (without mu). */
int tps__cl_send_frame(tps_client_t *c, tps__ticket_t *t, int s,
                       Taups__Header *h, const void *payload, uint64_t len);
/* A push group's COMMIT (abort 0) or ABORT to every shard (only < 0) or
 * to shard `only` (I/O). */
void tps__cl_send_fate(tps_client_t *c, int64_t group, int abort, int only);
/* Sends the COMMIT or ABORT a reply or a failed call made due (I/O). */
void tps__cl_fates_due(tps_client_t *c);
/* Fails every push of t's two-phase group with err and, unless its
 * COMMIT went out, makes its ABORT due (mu). */
void tps__cl_group_fail(tps_client_t *c, tps__ticket_t *t, int err);
/* The frames a push or pull of `tensor` takes (caller, or mu). */
int tps__cl_frames_for(const tps_client_t *c, int tensor);
/* The frames of a dropped push: one header per non-empty slice. */
int tps__cl_slices_for(const tps_client_t *c, int tensor);
/* tps__conn_t's callbacks: where a payload goes, and a whole frame (I/O). */
int tps__cl_dest_for_payload(void *arg, const Taups__Header *h, uint64_t len,
                             uint8_t **dest);
void tps__cl_on_frame(tps__conn_t *conn, const Taups__Header *h,
                      uint8_t *payload, uint64_t len);
/* One reply to ticket t from shard sh, by op (mu). Returns the clock the
 * other shards must be raised to after a hello, or -1. */
int64_t tps__cl_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                      const Taups__Header *h, const uint8_t *payload,
                      uint64_t len);

/* --- encode.c -------------------------------------------------------------
 * Encodes every frame of a push (caller): returns the frames, or NULL with
 * *err and the message set. */
tps__pushbuf_t *tps__cl_encode_push(tps_client_t *c, int tensor,
                                    const float *grad, int *err);

/* --- rows.c ---------------------------------------------------------------
 * Makes the job of a row call of table `table` (caller): grads for a push,
 * out and vers_out for a pull; a push's vers_out, when not NULL, holds the
 * versions its rows were read at (else the version map's). Returns the frames
 * it sends (> 0) with *out set, or a negative error with the message set. */
int tps__cl_rows_prepare(tps_client_t *c, int table, int push, size_t n,
                         const uint64_t *ids, const float *grads, float *out,
                         uint64_t *vers_out, tps__rowjob_t **job);
/* Gives a job back to the pool (mu). */
void tps__cl_rows_put(tps_client_t *c, tps__rowjob_t *job);
/* Sends a row ticket's frames to every shard (only < 0), or after shard
 * `only` came back (resend) the frames it has not answered (I/O). */
void tps__cl_rows_issue(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                        int only, int resend);
/* A PULL_ROWS_OK or PUSH_ROWS_OK for row ticket t from shard sh (mu). */
void tps__cl_rows_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h, const uint8_t *payload,
                        uint64_t len);
/* A row ticket is done: on success a pull's rows go to the caller and its
 * versions are kept, a push's results to the table; the job goes back to
 * the pool (mu). */
void tps__cl_rows_finish(tps_client_t *c, tps__ticket_t *t);
/* Frees every job, pooled or held by a ticket never completed, and the
 * tables' version maps (tps_close). */
void tps__cl_rows_free(tps_client_t *c);
/* --- rows_wire.c ----------------------------------------------------------
 * The codec a row call's values travel with (the push or pull codec, a row
 * its own bucket, into *codec); returns the bytes a row may take in a
 * frame: id and version as varints and its values (caller). */
size_t tps__cl_rows_codec(const tps_client_t *c, int push, uint32_t dim,
                          tps__codec_t *codec);
/* Sets a new job's codec, zstd and seed (caller). */
void tps__cl_rows_wire_init(tps_client_t *c, tps__rowjob_t *job,
                            const tps__codec_t *codec);
/* Writes frame fr's values through the job's codec at out (within
 * job->buf) and sets its seed; returns the bytes, or 0 with job->err set
 * (caller). */
size_t tps__cl_rows_encode(tps__rowjob_t *job, tps__rowframe_t *fr,
                           uint8_t *out);
/* Compresses each built frame of a push whose payload is at least
 * zstd_min bytes when that makes it smaller, and packs the frames again
 * (caller; c->zc set). */
void tps__cl_rows_squeeze(tps_client_t *c, tps__rowjob_t *job);
/* Frame fr's codec and zstd fields in its header (I/O). */
void tps__cl_rows_header(const tps__rowjob_t *job, const tps__rowframe_t *fr,
                         Taups__Header *h);
/* The bytes nvals values take with h's codec; UINT64_MAX for a codec rows
 * are not answered with. */
uint64_t tps__cl_rows_value_bytes(const Taups__Header *h, uint64_t nvals);
/* A zstd pull reply for frame fr undone into the job's buffer: *payload
 * and *len replaced, its size exactly what the header's counts imply.
 * 0, or a negative error with the reason in why (mu). */
int tps__cl_rows_unzstd(tps__rowjob_t *job, const tps__rowframe_t *fr,
                        const Taups__Header *h, const uint8_t **payload,
                        uint64_t *len, char *why, size_t whylen);
/* A pull reply's encoded values (len bytes, the size checked) decoded
 * into the job's rows of frame fr. 0, or a negative error with the reason
 * in why (mu). */
int tps__cl_rows_decode(tps__rowjob_t *job, const tps__rowframe_t *fr,
                        const Taups__Header *h, const uint8_t *vals,
                        uint64_t len, char *why, size_t whylen);
/* --- scan.c ---------------------------------------------------------------
 * A PULL_ROWS_OK for scan ticket t from shard sh: the page decoded into
 * the caller's tps__scan_t (mu). */
void tps__cl_scan_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h, const uint8_t *payload,
                        uint64_t len);

/* --- barrier.c ------------------------------------------------------------
 * An ASSIGN_OK or BARRIER_OK for ticket t from shard sh (mu). */
void tps__cl_assign_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                       const Taups__Header *h);
void tps__cl_barrier_ok(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h);

/* --- policy.c -------------------------------------------------------------
 * What a shard's HELLO_OK says about the cluster; `first` is whether it is
 * the first shard to answer. Returns 0, or TPS_EMISMATCH with the message
 * set when the shards disagree on the mode (mu). */
int tps__cl_adopt_hello(tps_client_t *c, tps__cshard_t *sh,
                        const Taups__Header *h, int first);
/* Whether a worker whose hello completes must raise the other shards to
 * its clock (mu). */
int tps__cl_raises_clock(const tps_client_t *c);
/* The SSP cache rule: a copy reflecting every worker's updates to
 * cache_clock serves a pull at `clock` within bound s. */
int tps__cl_cache_serves(uint64_t cache_clock, uint64_t bound, int64_t clock);
/* A pull served from the ssp cache into dst, if the rule allows (mu). */
int tps__cl_cache_take(tps_client_t *c, int tensor, float *dst);
/* A pull for the ssp cache completed: it becomes the tensor's copy (mu). */
void tps__cl_cache_fill(tps_client_t *c, tps__ticket_t *t);
/* Sync: a worker's pull that read a later step on every shard than its
 * clock moves the clock there. Under mu. */
void tps__cl_sync_catch_up(tps_client_t *c, const tps__ticket_t *t);
/* One staleness decision for a group of pushes (caller). */
int tps__cl_decide(tps_client_t *c, int n, const int *tensors,
                   tps__tinit_t *x);
/* Whether versions count steps, so that equal versions mean one model. */
int tps__cl_snapshots(const tps_client_t *c);

#endif
