/* SPDX-License-Identifier: MIT */
/* taups-worker's shared room: the state of one worker process (worker_t),
 * how it turns minibatches into pushes (plan_t), and the functions one file
 * of the program offers the others, each listed under the file that owns it:
 * worker_main.c (options, building, connecting, teardown), worker_cluster.c
 * (signals and every transfer to the shards), worker_train.c (the training
 * loop), worker_stale.c (--read-lag and --overlap), worker_eval.c (the
 * evaluator and --standalone) and worker_log.c (the CSV logs). Nothing here
 * is part of libtaups or the models.
 * Must NOT hold function bodies or state of its own. */
#ifndef TPS_WORKER_H
#define TPS_WORKER_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "taups.h"
#include "tps_delay.h"
#include "tps_rng.h"
#include "worker/models/model.h"
#include "worker_metrics.h"

typedef struct worker_s {
    tps_client_t *cl;
    tps__model_t *m;
    int ids[TPS_MODEL_MAX_TENSORS];
    float *params[TPS_MODEL_MAX_TENSORS];
    float *grads[TPS_MODEL_MAX_TENSORS];
    FILE *log;
    double t0;
    const tps_options_t *opts; /* borrowed: what a reconnect opens again */
    uint64_t seed;             /* of tensor initialisation, for re-declaring */
    double disconnect_at;      /* seconds after t0; negative: never */
    tps__worker_metrics_t *metrics; /* --metrics; NULL: none */
} worker_t;

/* How a worker turns minibatches into pushes. */
typedef struct plan_s {
    uint64_t iterations; /* minibatch steps (0: no limit); a push covers
                            accumulate or local_steps of them */
    double seconds;      /* wall-clock limit (0: none) */
    int batch;
    int full_batch;      /* every row of this worker, every time */
    int accumulate;      /* minibatch gradients summed per push */
    int local_steps;     /* mode local: steps on a private copy per push;
                            0 in the other modes */
    double local_lr;
    uint64_t seed;
    int rank;
    tps_delay_t delay;   /* injected compute delay and straggler factor */
    int overlap;         /* communication overlaps computation (overlap_t) */
    int read_lag;        /* compute from the parameters of L pulls ago */
} plan_t;

/* What --standalone adds to a worker's plan. */
typedef struct standalone_s {
    double lr;
    double target;     /* NAN: none */
    double every_ms;   /* of training time between evaluations */
    uint64_t every_n;  /* updates between evaluations (0: by time) */
    tps__model_t *eval; /* the evaluator's view of the model (borrowed) */
} standalone_t;

/* An injected read lag (--read-lag L): the last L+1 pulled parameters
 * and their versions, so that every gradient is computed from the pull L
 * iterations back (the first pull until there have been L), and its push
 * declares that pull's versions (tps_set_versions). With one worker each
 * push is then exactly L updates stale: the staleness tau of the
 * delayed-gradient analysis, set directly instead of provoked with more
 * workers. */
typedef struct lag_s {
    int slots;          /* L + 1 */
    int count, head;    /* snapshots held; where the next one goes */
    int shards;
    float **snap;       /* [slot * ntensors + tensor] */
    uint64_t **vers;    /* [slot][tensor * shards + shard] */
    float *own[TPS_MODEL_MAX_TENSORS]; /* w->params as the pulls fill them */
} lag_t;

/* Overlap of communication with computation (--overlap): the push of one
 * step and the pull for the next stay in flight while the next gradient is
 * computed, from the parameters of the pull before the one in flight. So
 * every gradient is one pull older than in the strict order (pull, compute,
 * push): one more step of staleness, which each push declares with the
 * versions of the parameters it came from (tps_set_versions) and the
 * shards measure and weigh as any other. Two parameter and two gradient
 * buffers take turns. */
typedef struct overlap_s {
    float *pbuf[2][TPS_MODEL_MAX_TENSORS], *gbuf[2][TPS_MODEL_MAX_TENSORS];
    uint64_t *vers[2]; /* per parameter buffer: [tensor * shards + shard] */
    int shards;
    int a, gi;         /* computing from pbuf[a] into gbuf[gi] */
    tps_ticket_t t[2 * TPS_MODEL_MAX_TENSORS];
    int n;             /* tickets in flight */
    int pulling;       /* a pull into pbuf[1 - a] is among them */
    int primed;        /* pbuf[a] holds a completed pull */
} overlap_t;

/* --- worker_cluster.c: signals, and what is said to the shards ---------- */

/* Set by SIGTERM and SIGINT: every loop stops at its next check. */
extern volatile sig_atomic_t tps__stop_requested;

/* Ignores SIGPIPE and routes SIGTERM and SIGINT to tps__stop_requested. */
void tps__signals_install(void);

/* Makes c (NULL: none) the client a signal interrupts; a signal that came
 * before (while the client was opening, or the data being built) interrupts
 * it now. */
void tps__signals_watch(tps_client_t *c);

/* Logs `what` failed (or was abandoned, after a signal) with the client's
 * sentence; returns rc. */
int tps__worker_fail(worker_t *w, const char *what, int rc);

/* Pushes (grads) or pulls (params) every tensor of the model, all requests
 * in flight at once; *n tickets issued into t. A push is one group: one
 * gradient, one norm, one staleness decision for the whole model. A pull
 * with min_version > 0 is an evaluator's pull of that step. */
int tps__issue_all(worker_t *w, int push, uint64_t min_version,
                   tps_ticket_t *t, int *n);

/* Waits for every ticket (even after a failure: none may be left
 * writing into a buffer); rc if negative, else the first error. */
int tps__wait_all(worker_t *w, const tps_ticket_t *t, int n, int rc);

/* Declares every tensor of the model (again after a reconnect). */
int tps__declare_all(worker_t *w);

/* The scheduled disconnect of --disconnect-at: closes the client, opens it
 * again from w->opts and declares the tensors. */
int tps__reconnect(worker_t *w);

/* Every tensor pulled into w->params / pushed from w->grads. */
int tps__pull_all(worker_t *w);
int tps__push_all(worker_t *w);

/* The evaluator's pull: in sync modes one step on every shard; with
 * min_version > 0, once every shard's dense tensors are at least there (or
 * no worker is left to take them there). */
int tps__pull_model(worker_t *w, uint64_t min_version);

/* Updates applied to the model: the largest shard version of tensor 0. */
uint64_t tps__updates(worker_t *w);

/* Sleeps ms (nothing when ms <= 0); a signal cuts it short. */
void tps__sleep_ms(double ms);

/* --- worker_stale.c: gradients from older parameters --------------------- */

/* lag_t for L = lag; frees with tps__lag_free (also after a failure). */
int tps__lag_init(worker_t *w, lag_t *g, int lag);
void tps__lag_free(worker_t *w, lag_t *g);

/* After a pull: keeps it, and points w->params at the one to compute
 * from, whose versions the next push declares. tps__lag_end points them
 * back for the next pull. */
void tps__lag_begin(worker_t *w, lag_t *g);
void tps__lag_end(worker_t *w, lag_t *g);

/* Points w->params at pbuf[p] and w->grads at gbuf[g]. */
void tps__ov_point(worker_t *w, overlap_t *ov, int p, int g);

/* The second buffers, the first being w's own; on failure
 * tps__ov_finish still frees what was allocated. */
int tps__ov_init(worker_t *w, overlap_t *ov);

/* Keeps the versions of the parameters just pulled into pbuf[b]. */
void tps__ov_save(worker_t *w, overlap_t *ov, int b);

/* Waits for what is in flight; a pull that was among it makes pbuf[1-a]
 * the newest parameters. */
int tps__ov_drain(worker_t *w, overlap_t *ov, int rc);

/* The gradient in gbuf[gi], computed from pbuf[a], is ready: pushes it and
 * ends the step (*clock), then pulls into the buffer not computed from
 * next. */
int tps__ov_step(worker_t *w, overlap_t *ov, int64_t *clock);

/* Waits for what is in flight and gives w its own buffers back. */
int tps__ov_finish(worker_t *w, overlap_t *ov, int rc);

/* --- worker_train.c: the training loop ----------------------------------- */

/* One push worth of work at w->params into w->grads, timed (*seconds): a
 * gradient or, in local mode, the model delta of local SGD (local: the
 * private copy, p->local_steps > 0 only). A non-finite loss means training
 * diverged, which is logged and returned as TPS_EINVAL. */
int tps__compute_checked(worker_t *w, const plan_t *p, tps__rng_t *rng,
                         uint32_t *rows, float **work, float **local,
                         uint64_t it, double *loss, double *seconds);

/* The injected delay for a push covering per_push minibatch steps that
 * took t_compute; nonzero when a signal cut it short. */
int tps__inject_delay(plan_t *p, double t_compute, uint64_t per_push);

/* A worker: pull, compute, push until the plan or a signal stops it.
 * Its model holds training rows (nrows > 0). */
int tps__run_worker(worker_t *w, plan_t *p);

/* Fills rows with this iteration's minibatch of the nrows this worker
 * holds and returns its size. */
size_t tps__sample_rows(const plan_t *p, tps__rng_t *rng, uint32_t *rows,
                        size_t nrows);

/* The step in the CSV log and on the metrics page; drift NAN: none. */
void tps__record_step(worker_t *w, int64_t clock, double loss, double drift);

/* --- worker_sparse.c: the training loop of the table models -------------- */

/* A worker of a table model (m->touched set): per step the batch's
 * distinct ids are pulled with the dense tensors, and only their rows'
 * gradients pushed. Refuses (TPS_EINVAL, logged) mode local, --overlap,
 * --read-lag and --accumulate. */
int tps__run_sparse_worker(worker_t *w, plan_t *p);

/* --- worker_eval.c: scoring ---------------------------------------------- */

/* The evaluator: pulls and scores every every_ms (every_n > 0: whenever
 * every shard has applied the next multiple of every_n updates) until
 * seconds run out or a signal comes; then once more. Logs when the metric first reaches target
 * (NAN: none). */
int tps__run_evaluator(worker_t *w, double every_ms, uint64_t every_n,
                       double seconds, double target);

/* --standalone: the worker's loop with the network taken out. */
int tps__run_standalone(worker_t *w, plan_t *p, const standalone_t *s);

/* --- worker_log.c: the CSV logs ------------------------------------------ */

/* Opens the CSV log at path (NULL: none) and writes its header: a worker's
 * (also --standalone's) or an evaluator's. */
int tps__open_log(worker_t *w, const char *path, int is_eval);

/* One row of the worker's CSV log; drift is empty when NAN. */
void tps__log_row(FILE *log, double t, int64_t clock, double loss,
                  uint64_t version, const tps_traffic_t *tr,
                  const tps_push_info_t *info, const tps_delivery_t *d,
                  double drift);

/* One row of the evaluator's CSV log: the scores, and every shard's
 * version of the first tensor (which mix was scored). */
void tps__log_eval_row(worker_t *w, double loss, double metric);

#endif
