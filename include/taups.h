/* SPDX-License-Identifier: MIT */
/* libtaups: the worker-side client of a taups parameter-server cluster.
 *
 * A client connects to every shard of the cluster (the same ordered address
 * list every process is given), declares tensors, and pushes gradients and
 * pulls parameters. Each tensor is split across shards by the fixed rule
 * lo(s) = s*(n/S) + min(s, n%S); the client scatters a push and gathers a pull
 * accordingly, in chunks, so callers always deal in whole tensors.
 *
 * Threads: one I/O thread per client runs its own libuv loop; every function
 * below may be called from any one application thread at a time (a client is
 * not meant to be shared by concurrent callers).
 *
 * Errors: functions return 0 (or a non-negative value) on success and a
 * negative TPS_E* or libuv error code on failure. tps_strerror() names the
 * code; tps_errmsg() gives the full sentence for the last failure of a client
 * (which shard, host, port and why). */
#ifndef TAUPS_H
#define TAUPS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "taups_error.h"

typedef struct tps_client_s tps_client_t;

typedef enum tps_role_e {
    TPS_ROLE_WORKER = 1,    /* counts towards the cluster's workers */
    TPS_ROLE_EVALUATOR = 2, /* read-only: pulls never block and never count */
    TPS_ROLE_ADMIN = 3      /* statistics and dumps */
} tps_role_t;

typedef enum tps_init_e {
    TPS_INIT_ZEROS = 0,
    TPS_INIT_UNIFORM = 1, /* uniform in [-scale, scale] */
    TPS_INIT_NORMAL = 2   /* normal with standard deviation scale */
} tps_init_t;

/* How long every program keeps retrying a shard it cannot reach, unless
 * told otherwise (tps_options_init, --connect-timeout). */
#define TPS_CONNECT_TIMEOUT_MS 10000
/* How long a vanished peer goes unnoticed, unless told otherwise
 * (tps_options_init, --keepalive). */
#define TPS_KEEPALIVE_S 30

typedef struct tps_options_s {
    const char *cluster;     /* "host:port,host:port,..." (borrowed) */
    tps_role_t role;
    int rank;                /* worker rank in [0, workers); ignored otherwise */
    int workers;             /* the cluster's number of workers */
    int connect_timeout_ms;  /* total time to keep retrying a shard */
    size_t chunk_bytes;      /* largest payload of one frame */
    const char *mode;        /* consistency mode this worker expects
                                ("sync", "ssp", "async", "local"); NULL:
                                accept the cluster's (borrowed) */
    /* Compression (all strings borrowed): */
    const char *codec;       /* push codec: none, fp16, bf16, qsgd:Q,
                                uniform:Q[:log][:stochastic], topk:RATIO,
                                randk:RATIO, sign; NULL: none */
    unsigned bucket;         /* elements per quantisation bucket; 0: 512 */
    int error_feedback;      /* -1: on for biased codecs; 0: off; 1: on */
    int zstd_level;          /* > 0: zstd-compress encoded pushes */
    size_t zstd_min;         /* smallest encoded chunk worth compressing */
    const char *pull_codec;  /* codec the shards encode pull replies with:
                                none, fp16, bf16, qsgd:Q, uniform:Q; NULL:
                                none */
    /* Link shaping of every frame this client sends to a shard, to imitate
     * a slower network (docs/design.md §7); all zero: none. Replies are
     * shaped by the shards' own options. */
    double latency_ms;       /* added to each frame, >= 0 */
    double jitter_ms;        /* uniform in [-jitter_ms, jitter_ms] on top;
                                frames still leave in order */
    uint64_t bandwidth;      /* bytes/s per shard connection; 0: unlimited */
    uint64_t link_seed;      /* seed of the jitter (stream: role, rank,
                                shard) */
    /* A shard whose connection is lost after it has served (it crashed and
     * is restarting from its checkpoint, or the network failed) is
     * reconnected with backoff for up to this long: the hello and the
     * declarations are redone, and every request it had not answered is
     * sent again (pushes it had applied are recognised by their request
     * ids and not applied twice). Calls wait meanwhile. 0: a lost shard
     * fails the client at once. */
    int reconnect_timeout_ms;
    /* The cluster's pre-shared key (a file readable by its owner only,
     * holding at least 32 characters; `taups-ctl keygen FILE` makes one).
     * With it the client proves the key to every shard and every shard
     * must prove it back, so requests never reach an impostor; a shard
     * without the key is refused. NULL: no key (shards must run without
     * one, on loopback or with --insecure). Nothing is encrypted. */
    const char *key_file;
    /* Nonzero (needs key_file): after the hello, every frame either way
     * carries a tag keyed per connection and numbered, so a frame altered,
     * replayed, reordered or injected on the network is detected and the
     * connection fails (TPS_EAUTH), rather than applied. */
    int frame_mac;
    /* > 0: tps_wait watches for the reply for up to this many microseconds
     * before it sleeps, which saves waking the caller's thread (a few
     * microseconds a call on a virtual machine) at the cost of a busy core
     * meanwhile. Worth it with one small operation in flight and a core to
     * spare; 0 (the default): sleep at once. */
    int spin_us;
    /* Nonzero, in ssp with staleness bound s (a worker's): a pull is served
     * from this client's copy of the tensor when that copy reflects every
     * worker's updates up to clock c - s - 1, c this worker's clock, as in
     * Ho et al.'s SSP (2013); otherwise it goes to the shards (and waits
     * at their gate, as always) and refreshes the copy. Pulls over the
     * network then fall as s grows, and the staleness a read sees is what
     * the bound allows rather than what the network makes of it. */
    int ssp_cache;
    /* A shard that vanishes without closing (its host down, a path that
     * drops every packet) fails its connection within about this many
     * seconds (TCP keepalive and TCP_USER_TIMEOUT), and is then
     * reconnected or reported like a shard that closed; a slow shard, or
     * a pull held at its gate, is never cut off. 0: the kernel's default
     * (hours); tps_options_init: TPS_KEEPALIVE_S. */
    double keepalive_s;
} tps_options_t;

/* Fills in defaults: no compression (error feedback automatic, zstd off,
 * 4 KiB minimum), role worker, rank 0, 1 worker, 10 s connect timeout,
 * 1 MiB chunks (small enough for the server to check and apply each one
 * while it is still in cache). */
TPS_API void tps_options_init(tps_options_t *opts);

/* Connects to every shard (retrying with backoff for up to
 * connect_timeout_ms), exchanges hellos, and starts the I/O thread. A
 * socket write happens on that thread, which blocks SIGPIPE, or on the
 * calling thread with SIGPIPE blocked for the write: a shard that dies
 * mid-write is an error of the calls waiting on it (or a reconnection),
 * never a SIGPIPE that kills your process, so the application need not
 * ignore SIGPIPE. One that ignores it when it opens the client (Python
 * does) spares that mask; it must then not restore SIGPIPE's default
 * while the client is open.
 * On success *out is a new client owned by the caller (free it with
 * tps_close). On failure *out is NULL and, when errbuf is not NULL, a sentence
 * naming the shard, host, port and cause is written to it. */
TPS_API int tps_open(const tps_options_t *opts, tps_client_t **out,
                     char *errbuf, size_t errlen);

/* Says the application is stopping (callable from a signal handler: it
 * only wakes the I/O thread). Requests are still answered by the shards
 * that are up, so a last iteration can finish; but every call waiting on a
 * shard being reconnected, now or later, fails at once with TPS_EINTR
 * instead of waiting out reconnect_timeout_ms, and a request still
 * unanswered 250-500 ms after this call (a pull held by a gate that will
 * not open, a reply lost on the path) fails with TPS_EINTR, closing the
 * client's connections: from then on every call fails. */
TPS_API void tps_interrupt(tps_client_t *c);

/* Closes every connection, stops the I/O thread and frees the client.
 * Outstanding tickets are abandoned. NULL is allowed. */
TPS_API void tps_close(tps_client_t *c);

/* The last failure of this client as a full sentence (borrowed, valid until
 * the next call on the client). Empty if nothing failed. */
TPS_API const char *tps_errmsg(const tps_client_t *c);

/* Declares tensor `name` of n float32 elements on every shard. Idempotent:
 * the same name, length and init give the same id; a different length is
 * TPS_EMISMATCH. Returns the tensor id (>= 0) or a negative error. `name` is
 * borrowed. */
TPS_API int tps_declare(tps_client_t *c, const char *name, uint64_t n,
                        tps_init_t init, float scale, uint64_t seed);

/* tps_declare of a tensor of that shape (ndims 1 to 8; its length is the
 * product), which the shards record: declaring it again with another
 * shape of the same length is TPS_EMISMATCH, naming both. `shape` is
 * borrowed. */
TPS_API int tps_declare_shape(tps_client_t *c, const char *name, int ndims,
                              const uint64_t *shape, tps_init_t init,
                              float scale, uint64_t seed);

/* The shape of a tensor as declared here or recorded by the shards (learnt
 * by tps_lookup): its number of dims (0: none was said), the first `max`
 * of them copied to shape. TPS_ENOENT for an unknown id. */
TPS_API int tps_shape(const tps_client_t *c, int tensor, uint64_t *shape,
                      int max);

/* Looks up a tensor some other process declared, without creating it;
 * returns its id and stores its length in *n (TPS_ENOENT if no shard knows
 * the name). `name` is borrowed. */
TPS_API int tps_lookup(tps_client_t *c, const char *name, uint64_t *n);

/* Tickets of asynchronous operations; always > 0. */
typedef int64_t tps_ticket_t;

/* Starts pushing a gradient of the tensor's full length. `grad` is borrowed
 * until the ticket completes (it is sent from in place, not copied): do not
 * change or free it before tps_wait returns for this ticket. */
TPS_API int tps_push_async(tps_client_t *c, int tensor, const float *grad,
                           tps_ticket_t *ticket);

/* Starts pulling the whole tensor into `dst` (borrowed, the tensor's length,
 * written by the I/O thread until the ticket completes). */
TPS_API int tps_pull_async(tps_client_t *c, int tensor, float *dst,
                           tps_ticket_t *ticket);

/* An evaluator's or admin's pull that waits until every shard's version of
 * the tensor is at least min_version (or no worker is left to make it).
 * In sync modes versions count steps, so this reads the model of one step
 * on every shard. Workers may not use it (their clock gates their pulls). */
TPS_API int tps_pull_at_async(tps_client_t *c, int tensor, float *dst,
                              uint64_t min_version, tps_ticket_t *ticket);

/* Whether this client's blocking pulls are snapshots of one step on every
 * shard: an evaluator or admin of a cluster whose versions count steps
 * (sync, local with synchronous averaging). tps_pull then pulls again, for
 * the newest step, while the shards' versions differ. */
TPS_API int tps_snapshots(const tps_client_t *c);

/* Waits for a ticket; returns its result (0 or a negative error). A ticket
 * can be waited on once. */
TPS_API int tps_wait(tps_client_t *c, tps_ticket_t ticket);

/* Starts pushing n tensors as one gradient (an iteration's whole model):
 * one NaN/Inf check and one norm (for clipping) over all of them, and, when
 * the mode makes a staleness decision, one decision for all of them that
 * every shard applies (docs/design.md §3a). tensors[i] and grads[i] are
 * borrowed as by tps_push_async; tickets[i] receives each tensor's ticket,
 * to be waited on one by one. On failure no ticket is left outstanding. */
TPS_API int tps_push_group_async(tps_client_t *c, int n, const int *tensors,
                                 const float *const *grads,
                                 tps_ticket_t *tickets);

/* Holds the frames of the requests this thread issues from now on, until
 * tps_uncork, so that they leave in one write per shard: a push, its
 * tps_clock and the next pull of a training step, say, which a shard then
 * takes in one read and answers in one write. Waiting for a ticket sends
 * what is held. One thread at a time may hold a client corked. */
TPS_API void tps_cork(tps_client_t *c);
TPS_API void tps_uncork(tps_client_t *c);

/* Blocking forms: tps_push_async/tps_pull_async followed by tps_wait. */
TPS_API int tps_push(tps_client_t *c, int tensor, const float *grad);
TPS_API int tps_pull(tps_client_t *c, int tensor, float *dst);

/* Ends this worker's iteration: advances its clock by one and tells every
 * shard, after the frames of the pushes already started (in sync modes this
 * commits them). Does not wait for the shards. Returns the new clock, or a
 * negative error when the client is already broken (a shard that cannot be
 * told breaks it, and the next call reports that). */
TPS_API int64_t tps_clock(tps_client_t *c);

/* The version (updates applied) each shard reported for `tensor` in the last
 * completed pull; versions[s] for s < shards. Returns the number of shards. */
TPS_API int tps_versions(const tps_client_t *c, int tensor, uint64_t *versions,
                         int max);

/* Says which parameters the next pushes of `tensor` were computed from:
 * the versions tps_versions gave right after the pull that brought them.
 * Pushes carry the versions of the last completed pull by default, from
 * which the shards measure staleness; a caller that computes from an older
 * pull than its last (overlapping a pull with computation) sets them here
 * so that the shards measure its real staleness. versions[s] for s <
 * shards; in force until the next pull completes. Returns 0, TPS_ENOENT or
 * TPS_EINVAL (n is not the number of shards). */
/* The number of samples the gradients pushed from now on are the mean of
 * (0, the default: not said). In sync mode a step weights each worker's
 * push by it when every worker said it, so that the step is that of the
 * mean over all their samples, which equals sequential full-batch descent
 * even when workers hold unequal shares of the data. tps_clock carries it
 * too: a table's step weighs a worker by it on every shard, also where its
 * batch had no rows. */
TPS_API void tps_set_samples(tps_client_t *c, uint64_t samples);

TPS_API int tps_set_versions(tps_client_t *c, int tensor,
                             const uint64_t *versions, int n);

/* What the shards did with this client's last completed push of `tensor`.
 * When the mode makes a staleness decision it is the one decision every
 * shard applied (staleness, weight, dropped); otherwise the largest
 * staleness a shard measured, with weight 1. */
typedef struct tps_push_info_s {
    uint64_t staleness;
    float weight;
    int dropped;
    /* Updates the shards had applied between the pull the gradient came
     * from and the push's own apply: the staleness decided above, plus
     * the updates applied after that decision (the largest over shards;
     * docs/design.md §3a, "Staleness at apply"). */
    uint64_t staleness_applied;
} tps_push_info_t;
TPS_API int tps_last_push(const tps_client_t *c, int tensor,
                          tps_push_info_t *info);

/* --- tables (docs/design.md §2b) ----------------------------------------
 * A table holds rows of `dim` float32 values addressed by 64-bit ids; rows
 * are spread over the shards by the ids' hash. A row never pushed reads as
 * its initial value (a pure function of the table's seed and the id) and
 * is stored on its first push. A table's id works only with the calls below, and
 * a tensor's only with the dense calls: the others refuse it with
 * TPS_EINVAL. Rows travel through the client's push and pull codecs when
 * these are none, fp16, bf16, qsgd or uniform (each row its own bucket, no
 * error feedback), and zstd-compressed when zstd is on and it pays; pushes
 * of rows with topk, randk or sign, and row calls in mode "local", are
 * refused. */

/* Declares table `name` of rows of dim float32 values on every shard. Like
 * tps_declare, idempotent for the same dim and refused with TPS_EMISMATCH
 * for another dim or a dense tensor of that name. Returns the table's id or
 * a negative error. */
TPS_API int tps_table(tps_client_t *c, const char *name, uint32_t dim,
                      tps_init_t init, float scale, uint64_t seed);
/* Pulls the rows of n ids (any order, duplicates allowed) into out (n*dim
 * floats, row i for ids[i]); versions, when not NULL, gets each row's
 * version (the updates applied to it). ids, out and versions are borrowed
 * until the ticket completes; n = 0 completes at once. */
TPS_API int tps_pull_rows_async(tps_client_t *c, int table, size_t n,
                                const uint64_t *ids, float *out,
                                uint64_t *versions, tps_ticket_t *ticket);
TPS_API int tps_pull_rows(tps_client_t *c, int table, size_t n,
                          const uint64_t *ids, float *out, uint64_t *versions);
/* Pushes the gradients of n rows (grads: n*dim floats; duplicate ids are
 * summed). Each row carries the version it was read at: the one this
 * client's last pull of the table that included the id returned (none:
 * "not known"). A NaN or Inf is refused before anything is sent. ids and
 * grads are borrowed until the ticket completes. Each row's fate is its
 * shard's: a push can be applied in part (tps_push_rows_info). */
TPS_API int tps_push_rows_async(tps_client_t *c, int table, size_t n,
                                const uint64_t *ids, const float *grads,
                                tps_ticket_t *ticket);
TPS_API int tps_push_rows(tps_client_t *c, int table, size_t n,
                          const uint64_t *ids, const float *grads);
/* tps_push_rows_async for rows computed from an older pull than the
 * client's last: read[i] is the version a pull returned for ids[i] (what
 * the rows were computed from), so that the shards measure each row's real
 * staleness (a worker that delays its pushes, taups-worker --read-lag).
 * For duplicate ids the first one's version counts. read is borrowed as
 * ids. */
TPS_API int tps_push_rows_read_async(tps_client_t *c, int table, size_t n,
                                     const uint64_t *ids, const float *grads,
                                     const uint64_t *read,
                                     tps_ticket_t *ticket);
/* What became of the rows of the last completed push of a table, summed
 * over its frames and shards (max_staleness: the largest): applied, dropped
 * as too stale, not created yet (--row-admit), refused as --max-memory is
 * full, refused as the update would have made them non-finite. */
typedef struct tps_rows_info_s {
    uint64_t applied, stale, not_admitted, full, max_staleness, refused;
} tps_rows_info_t;
TPS_API int tps_push_rows_info(const tps_client_t *c, int table,
                               tps_rows_info_t *info);

/* --- starting values and the barrier (docs/design.md §3b) ---------------
 * One worker gives a model its starting values (tps_assign), the others
 * wait for it in a barrier; at the end every worker passes a barrier and
 * pulls the final model once. Only a worker may call either (TPS_EPERM
 * otherwise). */

/* Sets every element of dense tensor `tensor` to values (its declared
 * length, borrowed for the call) on every shard, if the tensor has no
 * values yet: no update applied (version 0) and no earlier assign. Each
 * shard decides for its slice; the version stays 0 (an assign is not an
 * update: the modes' gates and steps count from there). Returns 0 when
 * assigned, TPS_EEXIST when a shard's slice had values already (another
 * worker, or this rank before it restarted, assigned it, or an update came
 * first): the caller carries on with the values the shards hold.
 * TPS_ERANGE, before anything is sent, for a NaN or Inf (the message
 * names the tensor and the first bad index). Sent again after a
 * reconnection it is written once, also across a shard's restore from a
 * checkpoint, which keeps the values and who assigned them. One rank
 * should assign a tensor: two racing may each get TPS_EEXIST from a
 * different shard. */
TPS_API int tps_assign(tps_client_t *c, int tensor, const float *values);

/* Returns once every one of the cluster's `workers` ranks has entered this
 * barrier (the n-th this client calls, counted from its first) and every
 * push this client issued before it is applied: it waits for their
 * answers first, so in every mode a pull after the barrier sees every
 * worker's pushes from before its barrier. In sync and ssp a worker in a
 * barrier holds no step and no gate back: the others reach it whatever
 * number of steps each pushed, and the model after it has every committed
 * step, each the mean over the workers that committed it (a worker that
 * stopped earlier is simply not in the later steps). A worker's first
 * barrier joins the one the cluster has open, so a restarted worker
 * rejoins the others' count. timeout_ms 0 waits forever (tps_interrupt
 * ends it with TPS_EINTR); otherwise TPS_EUNREACH after that long, the
 * message naming the ranks that had not arrived. A rank that timed out
 * still counts as arrived: calling again resumes the same barrier. */
TPS_API int tps_barrier(tps_client_t *c, int timeout_ms);

/* The cluster's consistency mode (borrowed string, e.g. "ssp") and, in mode
 * "local", the number of local steps K between averagings. */
TPS_API const char *tps_mode(const tps_client_t *c);
TPS_API int tps_local_steps(const tps_client_t *c);

/* Number of shards in the cluster. */
TPS_API int tps_shards(const tps_client_t *c);

/* Bytes this client has sent and received on the wire (frames included). */
TPS_API void tps_bytes(const tps_client_t *c, uint64_t *sent,
                       uint64_t *received);

/* Traffic of completed pushes and pulls: raw is what the tensors hold
 * (4 bytes per element), wire what crossed the network (frames included,
 * after compression). */
typedef struct tps_traffic_s {
    uint64_t raw_sent, wire_sent, raw_recv, wire_recv;
} tps_traffic_t;
TPS_API void tps_traffic(const tps_client_t *c, tps_traffic_t *t);

/* What became of this client's pushes, and of its connections. Once every
 * push has completed, pushes_sent = applied + dropped + rejected + lost:
 * dropped by a shard's staleness rule, rejected with an error (e.g. a NaN),
 * lost when a shard never answered (the client broke). A push a shard
 * acknowledged and then lost in a crash, restored from an older
 * checkpoint, counts as applied: the client cannot see it. */
typedef struct tps_delivery_s {
    uint64_t pushes_sent, pushes_applied, pushes_dropped, pushes_rejected,
        pushes_lost;
    uint64_t reconnects;    /* shards reconnected after a loss */
    uint64_t frames_resent; /* requests sent again after reconnecting */
    /* Pulls (a worker's): sent to the shards and served from the
     * ssp_cache; and, with ssp_cache, the largest read lag seen: this
     * worker's clock minus the slowest worker's clock that the parameters
     * read reflected, which ssp keeps at most s. */
    uint64_t pulls_sent, pulls_cached, max_read_lag;
} tps_delivery_t;
TPS_API void tps_delivery(const tps_client_t *c, tps_delivery_t *d);

/* Asks every shard for its counters and returns them as one JSON array,
 * one object per shard, in a malloc'd string the caller frees. */
TPS_API int tps_stats(tps_client_t *c, char **json_out);

/* Asks every shard to write a checkpoint now (shards started with
 * --checkpoint-dir) and waits until each is on disk; what each shard wrote
 * ({"checkpoint":{"generation","file","write_s"}}) comes back as a JSON
 * array like tps_stats's. */
TPS_API int tps_checkpoint(tps_client_t *c, char **json_out);

/* This client's counters as a worker's /metrics page shows them
 * (taups-worker --metrics): Prometheus text (format 0.0.4) of the
 * taups_worker_* series, labelled with the rank, in a malloc'd string the
 * caller frees: when the client opened, its clock, what became of its
 * pushes and pulls, its traffic, its last dense push's staleness, and the
 * loss tps_set_loss gave (none until then). Unlike the calls above it may
 * run on any thread while another is inside a call of the same client
 * (an HTTP server's thread), though not after tps_close. TPS_ENOMEM, or 0. */
TPS_API int tps_metrics_text(const tps_client_t *c, char **text_out);

/* The application's loss of its last minibatch, for tps_metrics_text
 * (taups_worker_loss); NaN takes it away. */
TPS_API void tps_set_loss(tps_client_t *c, double loss);

/* Injected compute delays, drawn as taups-worker --delay and --straggler
 * draw them, for workers written against the library (the Python package's
 * taups.Delay): for the same spec, seed and rank they draw the same delays
 * as a taups-worker would, so that one experiment can mix both kinds.
 *   spec        as --delay: none, const:MS, uniform:A:B, normal:MEAN:SD,
 *               lognormal:MEAN:CV, pareto:SHAPE:SCALE, exp:MEAN
 *   stragglers  n specs RANK:FACTOR as --straggler (may be NULL when n is 0)
 * Returns 0 and *out, or TPS_EINVAL with a sentence in err naming what is
 * wrong, or TPS_ENOMEM. */
typedef struct tps_delay_s tps_delay_t;
TPS_API int tps_delay_new(const char *spec, const char *const *stragglers,
                          int n, int rank, uint64_t seed, tps_delay_t **out,
                          char *err, size_t errlen);
/* Seconds to sleep after a minibatch step whose real compute took
 * compute_s: a draw of the distribution, and for a straggler its factor
 * applied to compute and draw alike. */
TPS_API double tps_delay_next(tps_delay_t *d, double compute_s);
/* One line for a log, e.g. "lognormal:50:0.5 (mean 50 ms, sd 25 ms)". */
TPS_API void tps_delay_describe(const tps_delay_t *d, char *buf, size_t len);
TPS_API void tps_delay_free(tps_delay_t *d);

#ifdef __cplusplus
}
#endif

#endif
