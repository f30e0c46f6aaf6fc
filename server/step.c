/* SPDX-License-Identifier: MIT */
/* The sync step of the aggregating modes (docs/design.md §3a, Sync commits
 * and Agreeing on a step): once every live worker has committed, one step
 * of every tensor with the mean over the committed ranks. A shard alone
 * takes it at once, as it always did. With two shards or more it first
 * sends every peer STEP_READY(step, ranks, status) and takes the step when
 * it has every peer's: the same ranks on every shard (their intersection,
 * agreed in a second round, when a worker died between its CLOCK frames)
 * and one fate, applied everywhere or skipped everywhere. A table takes
 * part as a tensor does: its rows' means are tried on every shard first,
 * and all of them step or none (rowsync.c computes them). Also the jump a
 * restored shard makes to the workers' step, and where a push stands
 * against the pending step.
 *
 *   round  what this shard said             moves on when
 *   0      nothing (no step ready)          every live worker committed
 *   1      its committed ranks, status      every peer's round 1 is in
 *   2      the intersection, its status     every peer's round 2 is in
 *
 * Must NOT read or answer frames other than STEP_READY, nor dial peers
 * (peer.c sends for it); pulls are told through tps__pull_process_pending.
 */
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_float.h"
#include "tps_log.h"

/* One STEP_READY, said or heard. Slot (clock % 2) * 2 + round - 1 holds
 * it: a peer is never more than one step ahead of this shard (it takes a
 * step only with this shard's READY for it), so slots never collide. */
typedef struct ready_s {
    int valid;
    uint64_t clock;
    int round;
    int status;
    uint32_t tensor; /* status < 0: the tensor that would fail */
    uint8_t *ranks;  /* bitmap, nbytes */
    char why[200];   /* status < 0: why, naming the tensor and shard */
} ready_t;

#define SLOTS 4

struct tps__agree_s {
    size_t nbytes; /* of a ranks bitmap */
    int round;     /* this shard's proposal for step `clock`; 0: none */
    uint64_t clock;
    int ntensors;       /* tensors whose mean was computed for it */
    int *k;             /* per tensor: ranks averaged */
    double *gmax;       /* per tensor: max |mean| */
    ready_t out[SLOTS]; /* what this shard said */
    ready_t *in;        /* per peer, SLOTS each */
};

static int slot_of(uint64_t clock, int round) {
    return (int)(clock % 2) * 2 + round - 1;
}

int tps__step_init(tps__server_t *s) {
    uint32_t n = s->shard.nshards;
    if (n < 2 || !tps__consistency_aggregates(&s->cfg.cons))
        return 0;
    tps__agree_t *a = calloc(1, sizeof(*a));
    if (a == NULL)
        return TPS_ENOMEM;
    s->agree = a;
    a->nbytes = ((size_t)s->cfg.workers + 7) / 8;
    a->in = calloc((size_t)n * SLOTS, sizeof(*a->in));
    a->k = calloc((size_t)s->cfg.max_tensors, sizeof(*a->k));
    a->gmax = calloc((size_t)s->cfg.max_tensors, sizeof(*a->gmax));
    if (a->in == NULL || a->k == NULL || a->gmax == NULL)
        return TPS_ENOMEM;
    for (size_t i = 0; i < (size_t)n * SLOTS + SLOTS; i++) {
        ready_t *r = i < SLOTS ? &a->out[i] : &a->in[i - SLOTS];
        if ((r->ranks = calloc(1, a->nbytes)) == NULL)
            return TPS_ENOMEM;
    }
    return 0;
}

void tps__step_free(tps__server_t *s) {
    tps__agree_t *a = s->agree;
    if (a == NULL)
        return;
    for (int i = 0; i < SLOTS; i++)
        free(a->out[i].ranks);
    for (size_t i = 0; a->in && i < (size_t)s->shard.nshards * SLOTS; i++)
        free(a->in[i].ranks);
    free(a->in);
    free(a->k);
    free(a->gmax);
    free(a);
    s->agree = NULL;
}

/* ---- one shard: the step as it always was -------------------------------- */

/* A step or a tensor's part of it was skipped: counted, and the workers'
 * next pulls that read it are told (pull.c). */
static void note_skip(tps__server_t *s, uint64_t step, const char *why) {
    s->shard.st.steps_refused++;
    s->skip_step = step;
    snprintf(s->skip_why, sizeof(s->skip_why),
             "sync step %llu was skipped: %s; parameters unchanged",
             (unsigned long long)step, why);
    tps__log_err("%s", s->skip_why);
}

/* A table with rows buffered for the pending step; the others cost a
 * step nothing. */
static int rows_pending(const tps__tensor_t *t) {
    return t->rowsync != NULL && t->rowsync->bytes > 0;
}

/* A table's means over the committed ranks, tried: the ranks averaged,
 * or < 0 with why naming the table and the row. */
static int table_prepare(tps__server_t *s, tps__tensor_t *t, char *why,
                         size_t len) {
    uint64_t bad = 0;
    int k = tps__rowsync_prepare(&s->shard, t, &s->members, &bad);
    if (k == TPS_ERANGE)
        snprintf(why, len,
                 "table \"%s\": row %llu would become non-finite on shard "
                 "%u (lr too large?)",
                 t->name, (unsigned long long)bad, s->shard.index);
    else if (k < 0)
        snprintf(why, len,
                 "table \"%s\": out of memory for the step's rows on shard "
                 "%u",
                 t->name, s->shard.index);
    return k;
}

/* Applies a table's means, tried and agreed on. */
static void table_apply(tps__server_t *s, tps__tensor_t *t, uint64_t step) {
    if (tps__rowsync_apply(&s->shard, t) < t->rowsync->nrows)
        tps__log_err("table \"%s\": step %llu failed on some rows after "
                     "every shard agreed to take it; those rows unchanged "
                     "here",
                     t->name, (unsigned long long)step);
}

/* Every tensor's version becomes the next step; the buffers empty. */
static void step_end(tps__server_t *s, int ranks) {
    tps__shard_t *sh = &s->shard;
    for (int id = 0; id < sh->ntensors; id++) {
        tps__tensor_t *t = &sh->tensors[id];
        t->version = s->step + 1;
        sh->st.steps++;
        tps__syncbuf_reset(&t->sync);
        if (rows_pending(t))
            tps__rowsync_reset(t->rowsync, &sh->bytes);
        tps__trace(s, "step", -1, t->version, id, t->version, 0, 1.0, 0,
                   (uint64_t)ranks);
    }
    s->step++;
    tps__members_uncommit_all(&s->members);
    tps__pull_process_pending(s);
    tps__barrier_try(s); /* it waited for this step */
}

static int committed_ranks(const tps__members_t *m) {
    int k = 0;
    for (int r = 0; r < m->n; r++)
        k += m->committed[r];
    return k;
}

static int has_rank(const uint8_t *ranks, int k) {
    return (ranks[k / 8] >> (k % 8)) & 1;
}

/* A rank left out of the step by --backup-workers: what it pushed or
 * committed for it is dropped, and counted once. */
static void leave_out(tps__server_t *s, int k) {
    int had = s->members.committed[k];
    s->members.committed[k] = 0;
    for (int id = 0; id < s->shard.ntensors; id++) {
        tps__syncbuf_t *sb = &s->shard.tensors[id].sync;
        if (sb->done == NULL)
            continue; /* a table: its rows are taken by committed rank */
        had |= sb->done[k];
        tps__syncbuf_discard(sb, k);
    }
    if (had) {
        s->shard.st.dropped++;
        s->shard.st.backup_dropped++;
    }
}

/* Leaves out every rank not in `in` (a bitmap; NULL: the committed ones)
 * before a step with backup workers is taken. */
static void leave_out_others(tps__server_t *s, const uint8_t *in) {
    for (int k = 0; s->cfg.cons.backup > 0 && k < s->members.n; k++)
        if (in ? !has_rank(in, k) : !s->members.committed[k])
            leave_out(s, k);
}

/* S == 1, a table: all its rows step, or none does. */
static void table_alone(tps__server_t *s, tps__tensor_t *t, char *why,
                        size_t len) {
    if (!rows_pending(t))
        return;
    char err[200];
    int k = table_prepare(s, t, err, sizeof(err));
    if (k > 0) {
        s->shard.st.pushes += (uint64_t)k;
        table_apply(s, t, s->step + 1);
    } else if (k == TPS_ERANGE) {
        s->shard.st.refused_by[TPS_REFUSE_NONFINITE_PARAM]++;
        snprintf(why, len, "%s", err);
    } else if (k < 0) {
        tps__log_err("%s; its rows skip the step", err);
    }
}

/* S == 1: each tensor steps with its mean, or alone skips it. */
static void step_alone(tps__server_t *s) {
    tps__shard_t *sh = &s->shard;
    char why[200] = "";
    for (int id = 0; id < sh->ntensors; id++) {
        tps__tensor_t *t = &sh->tensors[id];
        if (t->table != NULL) {
            table_alone(s, t, why, sizeof(why));
            continue;
        }
        int k = tps__syncbuf_mean(&t->sync, &s->members, t->mean);
        if (k > 0)
            sh->st.pushes += (uint64_t)k;
        if (k < 0)
            tps__log_err(
                "tensor \"%s\": out of memory for the mean; step skipped",
                t->name);
        else if (k > 0 &&
                 tps__shard_apply(sh, t, 0, t->mean, t->hi - t->lo, 1.0, -1,
                                  &s->undo, &s->undo_cap) < 0) {
            /* The pushes were answered when they arrived; the step is what
             * can be refused, and every worker sees its parameters stay. */
            sh->st.refused_by[TPS_REFUSE_NONFINITE_PARAM]++;
            snprintf(why, sizeof(why),
                     "tensor \"%s\" would become non-finite (lr too large?)",
                     t->name);
        }
    }
    if (why[0])
        note_skip(s, s->step + 1, why);
    leave_out_others(s, NULL);
    step_end(s, committed_ranks(&s->members));
}

/* ---- several shards: agreeing ------------------------------------------- */

/* Computes every tensor's mean over the committed ranks and whether
 * applying them would keep this shard's slices finite, into r. */
static void prepare(tps__server_t *s, ready_t *r) {
    tps__agree_t *a = s->agree;
    tps__shard_t *sh = &s->shard;
    r->status = 0;
    r->tensor = 0;
    r->why[0] = '\0';
    a->ntensors = sh->ntensors;
    for (int id = 0; id < sh->ntensors && r->status == 0; id++) {
        tps__tensor_t *t = &sh->tensors[id];
        if (t->table != NULL) {
            a->k[id] = rows_pending(t)
                           ? table_prepare(s, t, r->why, sizeof(r->why))
                           : 0;
            if (a->k[id] < 0) {
                r->status = a->k[id];
                r->tensor = (uint32_t)id;
            }
            continue;
        }
        uint64_t len = t->hi - t->lo;
        a->k[id] = tps__syncbuf_mean(&t->sync, &s->members, t->mean);
        int rc = a->k[id] < 0 ? TPS_ENOMEM : 0;
        if (a->k[id] > 0) {
            a->gmax[id] = tps__bits_float(tps__max_abs_bits(t->mean, len));
            rc = tps__shard_trial(sh, t, 0, t->mean, len, 1.0, a->gmax[id],
                                  &s->undo, &s->undo_cap);
        }
        if (rc < 0) {
            r->status = rc;
            r->tensor = (uint32_t)id;
            snprintf(r->why, sizeof(r->why),
                     rc == TPS_ERANGE ? "tensor \"%s\" would become "
                                        "non-finite on shard %u (lr too "
                                        "large?)"
                                      : "tensor \"%s\": out of memory for "
                                        "the mean on shard %u",
                     t->name, sh->index);
        }
    }
    if (r->status == TPS_ERANGE)
        sh->st.refused_by[TPS_REFUSE_NONFINITE_PARAM]++;
}

static void send_ready(tps__server_t *s, int p, const ready_t *r) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__STEP_READY;
    h.rank = (int32_t)s->shard.index;
    h.clock = r->clock;
    h.count = (uint64_t)r->round;
    h.status = r->status;
    h.tensor_id = r->tensor;
    h.ranks.data = r->ranks;
    h.ranks.len = s->agree->nbytes;
    h.error = (char *)r->why;
    tps__peer_send(s, p, &h); /* a link down: sent again when it is up */
}

/* This shard's proposal for round `round` of the pending step: the
 * committed ranks, their means and this shard's verdict, told to every
 * peer. */
static void propose(tps__server_t *s, int round) {
    tps__agree_t *a = s->agree;
    a->round = round;
    a->clock = s->step;
    ready_t *r = &a->out[slot_of(a->clock, round)];
    r->clock = a->clock;
    r->round = round;
    memset(r->ranks, 0, a->nbytes);
    for (int k = 0; k < s->members.n; k++)
        if (s->members.committed[k])
            r->ranks[k / 8] |= (uint8_t)(1u << (k % 8));
    prepare(s, r);
    r->valid = 1;
    for (uint32_t p = 0; p < s->shard.nshards; p++)
        if (p != s->shard.index)
            send_ready(s, (int)p, r);
}

/* Peer p's READY for round `round` of step `clock`; NULL until it came. */
static const ready_t *heard(const tps__server_t *s, uint32_t p, uint64_t clock,
                            int round) {
    const ready_t *r = &s->agree->in[p * SLOTS + slot_of(clock, round)];
    return r->valid && r->clock == clock && r->round == round ? r : NULL;
}

/* Peer p has said READY for a step after `clock` without its READY for
 * `clock`: restored from a checkpoint, it jumped to the workers' step and
 * never takes this one (its slice lost the updates in between anyway), so
 * it is not waited for, and agrees with whatever the others decide. */
static int passed(const tps__server_t *s, uint32_t p, uint64_t clock) {
    for (int i = 0; i < SLOTS; i++) {
        const ready_t *r = &s->agree->in[p * SLOTS + (uint32_t)i];
        if (r->valid && r->clock > clock)
            return 1;
    }
    return 0;
}

/* A peer has said READY for a later step than this shard's: this shard
 * lost the steps in between (restored from a checkpoint), and says
 * nothing until the workers' frames have brought it to their step. */
static int peer_ahead(const tps__server_t *s) {
    for (uint32_t i = 0; i < s->shard.nshards * SLOTS; i++)
        if (s->agree->in[i].valid && s->agree->in[i].clock > s->step)
            return 1;
    return 0;
}

/* Round 1 showed different rank sets: every shard keeps their
 * intersection; ranks outside it are uncommitted here and their pushes
 * discarded. */
static void narrow(tps__server_t *s) {
    tps__agree_t *a = s->agree;
    const ready_t *mine = &a->out[slot_of(a->clock, 1)];
    for (int k = 0; k < s->members.n; k++) {
        int in = has_rank(mine->ranks, k);
        for (uint32_t p = 0; in && p < s->shard.nshards; p++) {
            const ready_t *r =
                p != s->shard.index ? heard(s, p, a->clock, 1) : NULL;
            if (r != NULL)
                in = has_rank(r->ranks, k);
        }
        if (in || !s->members.committed[k])
            continue;
        s->members.committed[k] = 0;
        for (int id = 0; id < s->shard.ntensors; id++)
            tps__syncbuf_discard(&s->shard.tensors[id].sync, k);
        tps__log_warn("step %llu: worker %d is not in every shard's set (its "
                      "CLOCK did not reach every shard, or it rejoined while "
                      "the step was agreed); the step goes without it",
                      (unsigned long long)a->clock + 1, k);
    }
    propose(s, 2);
}

/* Every peer's READY of this round is in and the ranks agree: the step is
 * applied if every shard can apply it, and skipped on every shard
 * otherwise. */
static void decide(tps__server_t *s) {
    tps__agree_t *a = s->agree;
    tps__shard_t *sh = &s->shard;
    const ready_t *fail = &a->out[slot_of(a->clock, a->round)], *r;
    for (uint32_t p = 0; fail->status == 0 && p < sh->nshards; p++)
        if (p != sh->index && (r = heard(s, p, a->clock, a->round)) != NULL)
            fail = r;
    const ready_t *mine = &a->out[slot_of(a->clock, a->round)];
    int ranks = 0;
    for (size_t i = 0; i < a->nbytes; i++)
        ranks += __builtin_popcount(mine->ranks[i]);
    for (int id = 0; id < a->ntensors; id++) {
        tps__tensor_t *t = &sh->tensors[id];
        if (fail->status != 0 || a->k[id] <= 0)
            continue;
        sh->st.pushes += (uint64_t)a->k[id];
        if (t->table != NULL) {
            table_apply(s, t, a->clock + 1);
            continue;
        }
        /* Proven finite by the trial: plain SGD takes no undo copy. */
        if (tps__shard_apply(sh, t, 0, t->mean, t->hi - t->lo, 1.0, a->gmax[id],
                             &s->undo, &s->undo_cap) < 0)
            tps__log_err("tensor \"%s\": step %llu failed after every shard "
                         "agreed to take it; parameters unchanged here",
                         t->name, (unsigned long long)a->clock + 1);
    }
    if (fail->status != 0)
        note_skip(s, a->clock + 1, fail->why);
    leave_out_others(s, mine->ranks);
    a->round = 0;
    step_end(s, ranks);
}

/* With backup workers, which n - b ranks make a step is shard 0's choice
 * (the first to commit there), so that every shard takes the same ones
 * without a round of its own to pick them: another shard proposes once
 * every live rank of shard 0's set has committed here, and leaves out
 * the others that committed. Without shard 0's word (it restored and
 * jumped past this step), each shard waits for all, as without backup. */
static int ready(tps__server_t *s) {
    int backup = s->cfg.cons.backup;
    if (backup == 0 || s->shard.index == 0)
        return tps__sync_ready(&s->members, backup);
    const ready_t *lead = heard(s, 0, s->step, 1);
    if (lead == NULL)
        return passed(s, 0, s->step) && tps__sync_ready(&s->members, 0);
    tps__members_t *m = &s->members;
    for (int k = 0; k < m->n; k++)
        if (has_rank(lead->ranks, k) && m->live[k] && !m->committed[k])
            return 0;
    leave_out_others(s, lead->ranks);
    return tps__members_any_committed(m);
}

/* Moves the agreement on as far as what this shard and its peers have
 * said allows. */
static void agree_try(tps__server_t *s) {
    tps__agree_t *a = s->agree;
    if (a->round == 0) {
        if (!ready(s) || peer_ahead(s) ||
            (s->behind && tps__members_max_clock(&s->members) > s->step + 1))
            return;
        propose(s, 1);
    }
    const ready_t *mine = &a->out[slot_of(a->clock, a->round)];
    int differ = 0;
    for (uint32_t p = 0; p < s->shard.nshards; p++) {
        if (p == s->shard.index)
            continue;
        const ready_t *r = heard(s, p, a->clock, a->round);
        if (r == NULL && !passed(s, p, a->clock))
            return;
        differ |= r != NULL && memcmp(r->ranks, mine->ranks, a->nbytes) != 0;
    }
    if (differ && a->round == 1) {
        narrow(s);
        agree_try(s);
        return;
    }
    if (differ)
        tps__log_err("step %llu: the shards' intersections differ; taking "
                     "this shard's",
                     (unsigned long long)a->clock + 1);
    decide(s);
}

void tps__step_try(tps__server_t *s) {
    tps__shard_t *sh = &s->shard;
    if (!sh->aggregate)
        return;
    if (s->agree != NULL)
        agree_try(s);
    else if (tps__sync_ready(&s->members, s->cfg.cons.backup))
        step_alone(s);
}

void tps__step_ready_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    tps__agree_t *a = s->agree;
    if (a == NULL || h->ranks.len != a->nbytes || h->count < 1 ||
        h->count > 2) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "STEP_READY from shard %d does not fit this "
                         "cluster (%zu bytes of ranks, round %llu)",
                         sc->rank, h->ranks.len, (unsigned long long)h->count);
        return;
    }
    if (h->clock < s->step)
        return; /* a step taken: said again after a reconnection */
    ready_t *r =
        &a->in[(size_t)sc->rank * SLOTS + slot_of(h->clock, (int)h->count)];
    r->valid = 1;
    r->clock = h->clock;
    r->round = (int)h->count;
    r->status = h->status < 0 ? h->status : 0;
    r->tensor = h->tensor_id;
    memcpy(r->ranks, h->ranks.data, a->nbytes);
    snprintf(r->why, sizeof(r->why), "%s",
             h->error && h->error[0] ? h->error : "refused on a peer");
    tps__step_try(s);
}

void tps__step_peer_up(tps__server_t *s, int p) {
    tps__agree_t *a = s->agree;
    if (a == NULL)
        return;
    /* Oldest first, as they were said: the peer ignores steps it took. */
    for (uint64_t c = s->step > 0 ? s->step - 1 : 0; c <= s->step; c++)
        for (int round = 1; round <= 2; round++) {
            const ready_t *r = &a->out[slot_of(c, round)];
            if (r->valid && r->clock == c)
                send_ready(s, p, r);
        }
}

/* Aggregating modes, after a restore: the checkpoint was taken steps ago,
 * and a worker that comes back at a later clock has seen those steps (on
 * the other shards, and on this one before it died). The shard jumps to
 * that step, so that every shard's version again equals the workers'
 * clock; the updates between the checkpoint and the crash are what the
 * crash cost this shard's slice. */
void tps__step_catch_up(tps__server_t *s, int rank, uint64_t step) {
    tps__shard_t *sh = &s->shard;
    tps__log_warn(
        "restored at step %llu, worker %d is at step %llu: this shard "
        "skips to it (the steps in between are lost on this slice)",
        (unsigned long long)s->step, rank, (unsigned long long)step);
    s->step = step;
    for (int id = 0; id < sh->ntensors; id++) {
        sh->tensors[id].version = step;
        tps__syncbuf_reset(&sh->tensors[id].sync);
        if (rows_pending(&sh->tensors[id]))
            tps__rowsync_reset(sh->tensors[id].rowsync, &sh->bytes);
    }
    tps__members_uncommit_all(&s->members);
    if (s->agree)
        s->agree->round = 0;
    tps__pull_process_pending(s);
    tps__barrier_try(s);
}

int tps__step_push_check(sconn_t *sc, uint64_t clock, const char *name,
                         char *why, size_t len) {
    tps__server_t *s = sc->srv;
    if (s->behind && clock > s->step)
        tps__step_catch_up(s, sc->rank, clock);
    int committed = s->members.committed[sc->rank];
    /* The step went ahead without this worker while it was away
     * (reconnecting), or its predecessor's contribution to it is in
     * already: its push is late, and dropped like a stale one. */
    if ((sc->inherited_commit && clock == s->step && committed) ||
        (clock < s->step && !committed))
        return TPS__PUSH_LATE;
    if (clock == s->step && !committed)
        return TPS__PUSH_PENDING;
    const char *mode = s->cfg.cons.mode->name;
    if (clock != s->step)
        snprintf(why, len,
                 "%s mode: worker %d pushed tensor \"%s\" for clock %llu, "
                 "but the shard is at step %llu; ignored",
                 mode, sc->rank, name, (unsigned long long)clock,
                 (unsigned long long)s->step);
    else
        snprintf(why, len,
                 "%s mode: worker %d pushed tensor \"%s\" after its CLOCK "
                 "committed step %llu; ignored",
                 mode, sc->rank, name, (unsigned long long)s->step);
    return TPS__PUSH_REFUSED;
}
