/* SPDX-License-Identifier: MIT */
/* Checkpoints of a shard: everything it needs to continue as if it had not
 * stopped (docs/design.md §6), written atomically into a directory of its
 * own, several generations kept, and restored when it starts.
 *
 * A file is
 *
 *     "TAUPSCKP" u32 format  u32 byte-order mark  u64 meta_len  u64 data_len
 *     meta: meta_len bytes of JSON (shape, mode, optimizer, step, members,
 *           counters, every tensor's declaration and version, and which
 *           assign gave it its starting values, if one did)
 *     data: per tensor its slice, then each optimizer slot (float32);
 *           per rank its exactly-once window (u64 fields)
 *     u64 XXH3-64 of everything above (libxxhash)  "TAUPSEND"
 *
 * in host byte order (the mark refuses a file from another byte order), as
 * DIR/gen-NNNNNNNNNNNNNNNN.ckpt. It is written to a temporary name, fsync'd,
 * renamed and the directory fsync'd, so a crash leaves the previous
 * generations whole. While the shard serves, a forked child writes the
 * snapshot its copy-on-write memory holds, so the event loop stalls only
 * for the fork; at exit the shard writes in-process.
 *
 * Not kept: buffered sync-mode gradients of the step in progress and the
 * staleness histogram. Owns: the files and the timers that write them.
 * Must NOT touch: sockets (the server answers the admin's request). */
#ifndef TPS_CHECKPOINT_H
#define TPS_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

typedef struct tps__server_s tps__server_t;
typedef struct sconn_s sconn_t;

typedef struct tps__ckpt_cfg_s {
    const char *dir; /* NULL: no checkpoints */
    double every;    /* seconds between checkpoints; 0: only on request and
                        at exit */
    double mtbf;     /* > 0: Young's interval sqrt(2 C MTBF) instead */
    int keep;        /* generations kept, >= 1 */
    int no_restore;  /* start afresh even when DIR holds a checkpoint */
    double pause_ms; /* held on the loop at each checkpoint, as a
                        synchronous one of that cost would (experiments) */
} tps__ckpt_cfg_t;

typedef struct tps__ckpt_s tps__ckpt_t;

/* Creates DIR (and its parents) and restores the newest valid generation into
 * the server's fresh shard unless no_restore. A corrupt newest file is logged
 * and skipped. Returns 0, or a negative code with a sentence in err when DIR
 * is unusable or holds another shard's or another cluster's checkpoint. */
int tps__ckpt_open(tps__server_t *s, char *err, size_t errlen);

/* Starts the periodic timer (no-op without checkpoints). */
void tps__ckpt_start(tps__server_t *s);

/* Begins a background checkpoint unless one is being written; when `sc` is
 * not NULL it is answered (request `request_id`) once that checkpoint is on
 * disk, or failed. */
void tps__ckpt_request(tps__server_t *s, sconn_t *sc, uint64_t request_id);

/* A closing connection: forgets its pending answers. */
void tps__ckpt_forget(tps__server_t *s, sconn_t *sc);

/* Stopping: waits for a background write, writes a last generation
 * in-process, and closes the timers (their callbacks decrement
 * s->open_handles). */
void tps__ckpt_stop(tps__server_t *s);

/* 1 when tps__ckpt_stop could not write the final generation: the state
 * since the last one is lost, and the process says so in its exit status
 * so that a service manager sees the failure. */
int tps__ckpt_final_failed(const tps__server_t *s);

/* Seconds since the last checkpoint was completed (restored counts), or -1
 * when there is none; for STATUS lines and stats. */
double tps__ckpt_age(const tps__server_t *s);

/* Frees what tps__ckpt_open allocated. */
void tps__ckpt_free(tps__server_t *s);

#endif
