/* SPDX-License-Identifier: MIT */
/* Exactly-once pushes: a per-rank window of the answers a shard gave to a
 * worker's push frames, so that a frame sent twice (a retry, a resend after
 * a reconnect) is answered again and not applied again.
 *
 * Within one client session a worker's push frames reach a shard in
 * increasing (request id, offset) order: the client issues tickets in id
 * order and each ticket's frames in offset order, on one connection at a
 * time. So "at or below the last key seen" is what makes a duplicate, and
 * the window is searched only for duplicates. A new session (a new client
 * instance with the same rank) starts a new window.
 *
 * Owns: the window and its keys. Must not touch: shard state or sockets;
 * the caller applies, answers and counts. */
#ifndef TPS_DEDUP_H
#define TPS_DEDUP_H

#include <stdint.h>

#define TPS_DEDUP_WINDOW 1024

/* What a push frame was answered with. */
typedef struct tps__push_answer_s {
    uint64_t request_id, offset;
    uint32_t tensor_id;
    uint64_t count, version, staleness;
    uint64_t applied; /* staleness at apply (applied on arrival) */
    float weight;
    int dropped;
    /* A frame of rows (rows.c): applied, stale, not admitted, full,
     * refused, as its PUSH_ROWS_OK said; staleness is their largest. */
    int rows_frame;
    uint32_t rows[5];
} tps__push_answer_t;

typedef struct tps__dedup_s {
    uint64_t session;
    int seen;                 /* a key has been recorded in this session */
    uint64_t last_rid, last_off;
    tps__push_answer_t *ring;  /* TPS_DEDUP_WINDOW entries, on first use */
    unsigned head, count;
} tps__dedup_t;

/* Starts `session` if it is not the current one, or if it is 0 (a client
 * that names no session), forgetting the window. */
void tps__dedup_session(tps__dedup_t *d, uint64_t session);

/* Whether (request_id, offset) was seen before in this session. */
int tps__dedup_is_repeat(const tps__dedup_t *d, uint64_t request_id,
                         uint64_t offset);

/* The answer recorded for a repeat, or NULL when it fell out of the window
 * (or was never answered: refused frames are not recorded). */
const tps__push_answer_t *tps__dedup_find(const tps__dedup_t *d,
                                         uint64_t request_id, uint64_t offset);

/* Records a new key and its answer. Returns 0 or TPS_ENOMEM (the key is
 * still recorded; only the answer is lost). */
int tps__dedup_record(tps__dedup_t *d, const tps__push_answer_t *a);

void tps__dedup_free(tps__dedup_t *d);

#endif
