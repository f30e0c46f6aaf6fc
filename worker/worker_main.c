/* SPDX-License-Identifier: MIT */
/* taups-worker: a ready-made worker (or read-only evaluator) that trains one
 * of the built-in models against a taups cluster. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <systemd/sd-daemon.h>

#include "worker/models/model.h"
#include "taups.h"
#include "tps_delay.h"
#include "tps_link.h"
#include "tps_log.h"
#include "tps_opt.h"
#include "worker_metrics.h"
#include "tps_metrics.h"
#include "tps_rng.h"
#include "tps_tool.h"

/* The learning rate of --standalone when --lr is not given: taups-server's
 * default, so that both ways of training start from the same step. */
#define STANDALONE_DEFAULT_LR 0.1

static const char usage[] =
    "Usage: taups-worker --cluster A0,A1,... --rank R --workers N --model M "
    "[options]\n"
    "       taups-worker --role eval --cluster A0,A1,... --workers N --model "
    "M\n"
    "                    [options]\n"
    "       taups-worker --standalone --model M [--lr LR] [--target X] "
    "[options]\n\n"
    "A worker pulls the model, computes a minibatch gradient on its share of "
    "the\n"
    "training rows and pushes it, until --iterations or --seconds run out or "
    "it\n"
    "gets SIGTERM. An evaluator pulls read-only every --eval-every ms and logs "
    "the\n"
    "held-out loss and metric; on SIGTERM it evaluates once more and exits\n"
    "(within a second, unevaluated, while no worker has declared its\n"
    "tensors).\n"
    "--standalone trains alone, with no shard and no network: the same model,\n"
    "minibatches and gradients as a worker, and the SGD step w -= lr*g the\n"
    "servers would apply, done in-process; it evaluates every --eval-every ms\n"
    "of training (or --eval-updates N), stops at --target, and reports\n"
    "updates/s: the compute ceiling that distributed training is measured\n"
    "against.\n"
    "lsq trains a synthetic problem (--rows, --dim, --cond) or, with\n"
    "--data A.npy,b.npy[,xstar.npy], one read from NumPy files (float32 or\n"
    "float64, C order; x* from the normal equations when not given).";

static volatile sig_atomic_t stop_requested;
/* The client the signal handler interrupts (set once it is open). */
static tps_client_t *volatile signal_client;

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
    /* A call waiting for a lost shard to come back would otherwise keep
     * the worker from stopping for up to --reconnect-timeout. */
    tps_interrupt(signal_client);
}

/* Makes c the client a signal interrupts; a signal that came before (while
 * the client was opening, or the data being built) interrupts it now. */
static void watch_signals(tps_client_t *c) {
    signal_client = c;
    if (stop_requested)
        tps_interrupt(c);
}

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

static int fail(worker_t *w, const char *what, int rc) {
    if (rc == TPS_EINTR && stop_requested) {
        tps__log_warn("%s abandoned: %s", what,
                     w->cl && tps_errmsg(w->cl)[0] ? tps_errmsg(w->cl)
                                                   : tps_strerror(rc));
        return rc;
    }
    tps__log_err("%s failed: %s", what,
                 w->cl && tps_errmsg(w->cl)[0] ? tps_errmsg(w->cl)
                                               : tps_strerror(rc));
    return rc;
}

/* Pushes (grads) or pulls (params) every tensor of the model, all requests
 * in flight at once. A push is one group: one gradient, one norm, one
 * staleness decision for the whole model. A pull with min_version > 0 is
 * an evaluator's pull of that step. */
static int issue_all(worker_t *w, int push, uint64_t min_version,
                     tps_ticket_t *t, int *n) {
    int rc = 0;
    *n = w->m->ntensors;
    if (push) {
        rc = tps_push_group_async(w->cl, *n, w->ids,
                                  (const float *const *)w->grads, t);
        if (rc < 0)
            *n = 0;
    }
    for (int i = 0; !push && i < *n; i++) {
        rc = min_version
                 ? tps_pull_at_async(w->cl, w->ids[i], w->params[i],
                                     min_version, &t[i])
                 : tps_pull_async(w->cl, w->ids[i], w->params[i], &t[i]);
        if (rc < 0) {
            *n = i;
            break;
        }
    }
    return rc;
}

/* Waits for every ticket (even after a failure: none may be left
 * writing into a buffer); the first error. */
static int wait_all(worker_t *w, const tps_ticket_t *t, int n, int rc) {
    for (int i = 0; i < n; i++) {
        int r = tps_wait(w->cl, t[i]);
        rc = rc < 0 ? rc : r;
    }
    return rc;
}

static int transfer_all(worker_t *w, int push, uint64_t min_version) {
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    int n;
    int rc = issue_all(w, push, min_version, t, &n);
    return wait_all(w, t, n, rc);
}

/* Declares every tensor of the model. Declaring again after a reconnect is
 * harmless: the shards keep the tensor and hand back its id. */
static int declare_all(worker_t *w) {
    for (int i = 0; i < w->m->ntensors; i++) {
        const tps__model_tensor_t *t = &w->m->tensors[i];
        /* An evaluator's declaration is answered once a worker has made it
         * (evaluators only repeat declarations). */
        int rc = w->ids[i] =
            tps_declare(w->cl, t->name, t->len, t->init, t->scale, w->seed);
        if (rc < 0)
            return fail(w, "declare", rc);
    }
    return 0;
}

static void sleep_ms(double ms);

/* The scheduled disconnect of --disconnect-at: leaves the cluster and joins
 * again, so that the servers' membership handling (leave, rejoin at the
 * current clock) is exercised by a real client. */
static int reconnect(worker_t *w) {
    char err[512];
    tps__log("disconnect scheduled at %g s: closing every connection",
            w->disconnect_at);
    w->disconnect_at = -1; /* once */
    signal_client = NULL;
    tps_close(w->cl);
    w->cl = NULL;
    /* The shards may take the new hello before they have seen the old
     * connection close (its FIN and the new SYN are on different sockets),
     * and then still count the rank as connected: that refusal is retried
     * for a while, any other failure is final. */
    int rc;
    double until = tps__now() + 5;
    while ((rc = tps_open(w->opts, &w->cl, err, sizeof(err))) == TPS_EBUSY &&
           tps__now() < until && !stop_requested)
        sleep_ms(50);
    watch_signals(w->cl);
    if (rc < 0) {
        tps__log_err("cannot reconnect: %s", err);
        return rc;
    }
    if ((rc = declare_all(w)) < 0)
        return rc;
    tps__log("reconnected to %d shards", tps_shards(w->cl));
    return 0;
}

static int pull_all(worker_t *w) {
    return transfer_all(w, 0, 0);
}

static int push_all(worker_t *w) {
    return transfer_all(w, 1, 0);
}

/* The lowest and highest version of any tensor on any shard, from the last
 * pulls. */
static void version_range(worker_t *w, uint64_t *lo, uint64_t *hi) {
    uint64_t v[256];
    *lo = UINT64_MAX;
    *hi = 0;
    for (int i = 0; i < w->m->ntensors; i++) {
        int s = tps_versions(w->cl, w->ids[i], v, 256);
        for (int k = 0; k < s && k < 256; k++) {
            *lo = v[k] < *lo ? v[k] : *lo;
            *hi = v[k] > *hi ? v[k] : *hi;
        }
    }
}

/* The evaluator's pull: in sync modes the model of one step on every shard
 * (pulled again for the newest step while the shards' versions differ);
 * otherwise whatever mix the shards hold, which eval.csv states. */
static int pull_model(worker_t *w) {
    int rc = pull_all(w);
    for (int tries = 0; rc == 0 && tps_snapshots(w->cl) && tries < 8; tries++) {
        uint64_t lo, hi;
        version_range(w, &lo, &hi);
        if (lo == hi)
            break;
        rc = transfer_all(w, 0, hi);
    }
    return rc;
}

/* Updates applied to the model: every push bumps each shard's version of a
 * tensor once, so the largest shard version counts pushes. */
static uint64_t updates(worker_t *w) {
    uint64_t v[256], best = 0;
    int s = tps_versions(w->cl, w->ids[0], v, 256);
    for (int i = 0; i < s && i < 256; i++)
        best = v[i] > best ? v[i] : best;
    return best;
}

static void sleep_ms(double ms) {
    if (ms <= 0)
        return;
    struct timespec ts = {(time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6)};
    nanosleep(&ts, NULL); /* a signal cuts it short, which is what we want */
}

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

static int lag_init(worker_t *w, lag_t *g, int lag) {
    memset(g, 0, sizeof(*g));
    g->slots = lag + 1;
    g->shards = tps_shards(w->cl);
    int nt = w->m->ntensors;
    g->snap = calloc((size_t)g->slots * (size_t)nt, sizeof(*g->snap));
    g->vers = calloc((size_t)g->slots, sizeof(*g->vers));
    if (g->snap == NULL || g->vers == NULL)
        return TPS_ENOMEM;
    for (int s = 0; s < g->slots; s++) {
        g->vers[s] = calloc((size_t)nt * (size_t)g->shards, sizeof(uint64_t));
        if (g->vers[s] == NULL)
            return TPS_ENOMEM;
        for (int i = 0; i < nt; i++)
            if ((g->snap[s * nt + i] =
                     malloc(w->m->tensors[i].len * sizeof(float))) == NULL)
                return TPS_ENOMEM;
    }
    return 0;
}

static void lag_free(worker_t *w, lag_t *g) {
    for (int s = 0; g->snap && s < g->slots; s++)
        for (int i = 0; i < w->m->ntensors; i++)
            free(g->snap[s * w->m->ntensors + i]);
    for (int s = 0; g->vers && s < g->slots; s++)
        free(g->vers[s]);
    free(g->snap);
    free(g->vers);
}

/* After a pull: keeps it, and points w->params at the one to compute
 * from, whose versions the next push declares. lag_end points them back
 * for the next pull. */
static void lag_begin(worker_t *w, lag_t *g) {
    int nt = w->m->ntensors;
    for (int i = 0; i < nt; i++) {
        memcpy(g->snap[g->head * nt + i], w->params[i],
               w->m->tensors[i].len * sizeof(float));
        tps_versions(w->cl, w->ids[i], g->vers[g->head] + (size_t)i * g->shards,
                     g->shards);
    }
    g->head = (g->head + 1) % g->slots;
    if (g->count < g->slots)
        g->count++;
    int old = g->count < g->slots ? 0 : g->head;
    for (int i = 0; i < nt; i++) {
        g->own[i] = w->params[i];
        w->params[i] = g->snap[old * nt + i];
        tps_set_versions(w->cl, w->ids[i], g->vers[old] + (size_t)i * g->shards,
                         g->shards);
    }
}

static void lag_end(worker_t *w, lag_t *g) {
    for (int i = 0; i < w->m->ntensors; i++)
        w->params[i] = g->own[i];
}

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

static void ov_point(worker_t *w, overlap_t *ov, int p, int g) {
    for (int i = 0; i < w->m->ntensors; i++) {
        w->params[i] = ov->pbuf[p][i];
        w->grads[i] = ov->gbuf[g][i];
    }
}

static int ov_init(worker_t *w, overlap_t *ov) {
    for (int i = 0; i < w->m->ntensors; i++) {
        ov->pbuf[0][i] = w->params[i];
        ov->gbuf[0][i] = w->grads[i];
    }
    ov->shards = tps_shards(w->cl);
    size_t nv = (size_t)w->m->ntensors * (size_t)ov->shards;
    ov->vers[0] = calloc(nv, sizeof(uint64_t));
    ov->vers[1] = calloc(nv, sizeof(uint64_t));
    if (ov->vers[0] == NULL || ov->vers[1] == NULL)
        return TPS_ENOMEM;
    for (int i = 0; i < w->m->ntensors; i++) {
        size_t bytes = w->m->tensors[i].len * sizeof(float);
        ov->pbuf[1][i] = malloc(bytes);
        ov->gbuf[1][i] = malloc(bytes);
        if (ov->pbuf[1][i] == NULL || ov->gbuf[1][i] == NULL)
            return TPS_ENOMEM;
        memcpy(ov->pbuf[1][i], w->params[i], bytes);
    }
    return 0;
}

static void ov_save(worker_t *w, overlap_t *ov, int b) {
    for (int i = 0; i < w->m->ntensors; i++)
        tps_versions(w->cl, w->ids[i], ov->vers[b] + (size_t)i * ov->shards,
                     ov->shards);
}

/* Waits for what is in flight; a pull that was among it makes pbuf[1-a]
 * the newest parameters. */
static int ov_drain(worker_t *w, overlap_t *ov, int rc) {
    rc = wait_all(w, ov->t, ov->n, rc);
    ov->n = 0;
    if (ov->pulling && rc == 0)
        ov_save(w, ov, 1 - ov->a);
    return rc;
}

/* The gradient in gbuf[gi], computed from pbuf[a], is ready: push it and
 * end the step, then pull into the buffer not computed from next. */
static int ov_step(worker_t *w, overlap_t *ov, int64_t *clock) {
    int had = ov->pulling, rc = ov_drain(w, ov, 0), n = 0;
    ov->pulling = 0;
    for (int i = 0; rc == 0 && i < w->m->ntensors; i++)
        rc = tps_set_versions(w->cl, w->ids[i],
                              ov->vers[ov->a] + (size_t)i * ov->shards,
                              ov->shards);
    if (rc < 0)
        return rc;
    ov_point(w, ov, ov->a, ov->gi);
    rc = issue_all(w, 1, 0, ov->t, &ov->n);
    if (rc < 0)
        return rc;
    if ((*clock = tps_clock(w->cl)) < 0)
        return (int)*clock;
    /* The first time, nothing newer is in flight: pull into the other
     * buffer and compute once more from this one. */
    int target = had ? ov->a : 1 - ov->a;
    ov_point(w, ov, target, ov->gi);
    rc = issue_all(w, 0, 0, ov->t + ov->n, &n);
    ov->n += n;
    if (rc < 0)
        return rc;
    ov->pulling = 1;
    if (had)
        ov->a = 1 - ov->a;
    ov->gi = 1 - ov->gi;
    ov_point(w, ov, ov->a, ov->gi);
    return 0;
}

/* Waits for what is in flight and gives main its own buffers back. */
static int ov_finish(worker_t *w, overlap_t *ov, int rc) {
    rc = ov_drain(w, ov, rc);
    ov_point(w, ov, 0, 0);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(ov->pbuf[1][i]);
        free(ov->gbuf[1][i]);
    }
    free(ov->vers[0]);
    free(ov->vers[1]);
    return rc;
}

/* Fills rows with this iteration's minibatch and returns its size. */
static size_t sample(const plan_t *p, tps__rng_t *rng, uint32_t *rows,
                     size_t nrows) {
    if (p->full_batch) {
        for (size_t i = 0; i < nrows; i++)
            rows[i] = (uint32_t)i;
        return nrows;
    }
    size_t b = (size_t)p->batch < nrows ? (size_t)p->batch : nrows;
    for (size_t i = 0; i < b; i++)
        rows[i] = (uint32_t)tps__rng_below(rng, nrows);
    return b;
}

/* One push worth of work at the pulled parameters: a gradient (mean of
 * `accumulate` minibatch gradients, all at the same parameters, so no
 * drift), or in local mode the model delta after K local SGD steps
 * (x_start - x_K = local_lr * sum of the K gradients). Returns the mean
 * minibatch loss. */
static double compute_update(worker_t *w, const plan_t *p, tps__rng_t *rng,
                             uint32_t *rows, float **work, float **local) {
    tps__model_t *m = w->m;
    int rounds = p->local_steps > 0 ? p->local_steps : p->accumulate;
    double loss = 0;
    for (int i = 0; i < m->ntensors; i++)
        memset(w->grads[i], 0, m->tensors[i].len * sizeof(float));
    if (p->local_steps > 0)
        for (int i = 0; i < m->ntensors; i++)
            memcpy(local[i], w->params[i], m->tensors[i].len * sizeof(float));
    float **at = p->local_steps > 0 ? local : w->params;
    for (int k = 0; k < rounds; k++) {
        size_t b = sample(p, rng, rows, m->nrows);
        loss += m->grad(m, (const float *const *)at, work, rows, b);
        for (int i = 0; i < m->ntensors; i++) {
            float *restrict g = work[i], *restrict acc = w->grads[i];
            uint64_t n = m->tensors[i].len;
            if (p->local_steps > 0) {
                float lr = (float)p->local_lr;
                for (uint64_t j = 0; j < n; j++)
                    local[i][j] -= lr * g[j];
            } else {
                for (uint64_t j = 0; j < n; j++)
                    acc[j] += g[j];
            }
        }
    }
    for (int i = 0; i < m->ntensors; i++) {
        uint64_t n = m->tensors[i].len;
        float *acc = w->grads[i];
        if (p->local_steps > 0)
            for (uint64_t j = 0; j < n; j++)
                acc[j] = w->params[i][j] - local[i][j];
        else if (rounds > 1)
            for (uint64_t j = 0; j < n; j++)
                acc[j] /= (float)rounds;
    }
    return loss / rounds;
}

/* compute_update, timed (*seconds); a non-finite loss means training
 * diverged, which is logged and returned as TPS_EINVAL. */
static int compute_checked(worker_t *w, const plan_t *p, tps__rng_t *rng,
                           uint32_t *rows, float **work, float **local,
                           uint64_t it, double *loss, double *seconds) {
    double start = tps__now();
    *loss = compute_update(w, p, rng, rows, work, local);
    *seconds = tps__now() - start;
    if (isfinite(*loss))
        return 0;
    tps__log_err("loss is %g at iteration %llu: training diverged (learning "
                "rate too high?); stopping",
                *loss, (unsigned long long)it);
    return TPS_EINVAL;
}

/* The injected delay stands for compute time: it comes after the gradient
 * and before the push, as a slower worker's would. It is drawn per minibatch
 * step, so that a push covering K of them (local SGD, --accumulate) costs K
 * steps of compute, as it would. Returns nonzero when a signal cut it short. */
static int inject_delay(plan_t *p, double t_compute, uint64_t per_push) {
    double delay = 0;
    for (uint64_t k = 0; k < per_push; k++)
        delay += tps__delay_after(&p->delay, t_compute / (double)per_push);
    return delay > 0 && tps__sleep_s(delay, &stop_requested);
}

/* One row of the worker's CSV log (header in open_log); drift is empty
 * when NAN. */
static void log_row(FILE *log, double t, int64_t clock, double loss,
                    uint64_t version, const tps_traffic_t *tr,
                    const tps_push_info_t *info, const tps_delivery_t *d,
                    double drift) {
    fprintf(log,
            "%.4f,%lld,%.6g,%llu,%llu,%llu,%llu,%llu,%llu,%.6g,%d,%llu,%llu,",
            t, (long long)clock, loss, (unsigned long long)version,
            (unsigned long long)tr->wire_sent,
            (unsigned long long)tr->wire_recv,
            (unsigned long long)tr->raw_sent, (unsigned long long)tr->raw_recv,
            (unsigned long long)info->staleness, info->weight, info->dropped,
            (unsigned long long)d->reconnects,
            (unsigned long long)d->pushes_lost);
    if (!isnan(drift))
        fprintf(log, "%.6g", drift);
    fputc('\n', log);
}

/* Local SGD's drift: the distance from this worker's model at the end of
 * its last round to the average the round produced (the parameters just
 * pulled), over all tensors. */
static double local_drift(const worker_t *w, float *const *local) {
    double s = 0;
    for (int i = 0; i < w->m->ntensors; i++)
        for (size_t j = 0; j < w->m->tensors[i].len; j++) {
            double d = (double)local[i][j] - (double)w->params[i][j];
            s += d * d;
        }
    return sqrt(s);
}

static int run_worker(worker_t *w, plan_t *p) {
    tps__rng_t rng;
    tps__rng_seed(&rng, p->seed, 1000 + (uint64_t)p->rank);
    tps__model_t *m = w->m;
    size_t nrows = m->nrows;
    if (nrows == 0) {
        tps__log_warn(
            "this worker holds no training rows (more workers than rows?)");
        return TPS_EINVAL;
    }
    uint32_t *rows = malloc(nrows * sizeof(*rows));
    float *work[TPS_MODEL_MAX_TENSORS] = {0},
          *local[TPS_MODEL_MAX_TENSORS] = {0};
    int rc = rows ? 0 : TPS_ENOMEM;
    for (int i = 0; i < m->ntensors && rc == 0; i++) {
        work[i] = malloc(m->tensors[i].len * sizeof(float));
        local[i] = malloc(m->tensors[i].len * sizeof(float));
        if (work[i] == NULL || local[i] == NULL)
            rc = TPS_ENOMEM;
    }
    uint64_t per_push = (uint64_t)(p->local_steps > 0 ? p->local_steps
                                                      : p->accumulate);
    /* What each push is the mean of: sync weights workers by it, so that
     * unequal shares of the rows still make full-batch descent. */
    if (w->cl != NULL) {
        size_t b = p->full_batch || (size_t)p->batch > nrows ? nrows
                                                             : (size_t)p->batch;
        tps_set_samples(w->cl, per_push * b);
    }
    uint64_t it = 0;
    overlap_t ov;
    memset(&ov, 0, sizeof(ov));
    int ov_on = p->overlap && rc == 0;
    if (ov_on)
        rc = ov_init(w, &ov);
    lag_t lag;
    memset(&lag, 0, sizeof(lag));
    if (rc == 0 && p->read_lag > 0)
        rc = lag_init(w, &lag, p->read_lag);
    double drift = NAN; /* local SGD, from the second round on */
    for (; rc == 0 && (p->iterations == 0 || it + per_push <= p->iterations) &&
           !stop_requested;
         it += per_push) {
        if (p->seconds > 0 && tps__now() - w->t0 >= p->seconds)
            break;
        if (w->disconnect_at >= 0 && tps__now() - w->t0 >= w->disconnect_at) {
            /* The tickets in flight belong to the client about to close. */
            if (p->overlap && (rc = ov_drain(w, &ov, 0)) < 0) {
                fail(w, "pull", rc);
                break;
            }
            ov.pulling = ov.primed = 0;
            if ((rc = reconnect(w)) < 0)
                break;
        }
        if (!p->overlap || !ov.primed) {
            if (p->overlap)
                ov_point(w, &ov, ov.a, ov.gi);
            if ((rc = pull_all(w)) < 0) {
                fail(w, "pull", rc);
                break;
            }
            if (p->local_steps > 0 && it > 0)
                drift = local_drift(w, local);
            if (p->overlap) {
                ov_save(w, &ov, ov.a);
                ov.primed = 1;
            }
        }
        double loss, t_compute;
        if (p->read_lag > 0)
            lag_begin(w, &lag);
        rc = compute_checked(w, p, &rng, rows, work, local, it, &loss,
                             &t_compute);
        if (p->read_lag > 0)
            lag_end(w, &lag);
        if (rc < 0)
            break;
        if (inject_delay(p, t_compute, per_push))
            break;
        int64_t clock;
        if (p->overlap) {
            if ((rc = ov_step(w, &ov, &clock)) < 0) {
                fail(w, "push", rc);
                break;
            }
        } else {
            if ((rc = push_all(w)) < 0) {
                fail(w, "push", rc);
                break;
            }
            clock = tps_clock(w->cl);
        }
        if (w->log) {
            tps_traffic_t tr;
            tps_traffic(w->cl, &tr);
            tps_push_info_t info;
            tps_last_push(w->cl, w->ids[0], &info);
            tps_delivery_t d;
            tps_delivery(w->cl, &d);
            log_row(w->log, tps__now() - w->t0, clock, loss, updates(w), &tr,
                    &info, &d, drift);
        }
        if (w->metrics)
            tps__worker_metrics_update(w->metrics, w->cl, w->ids[0],
                                       (uint64_t)clock, loss);
    }
    if (ov_on) {
        int r = ov_finish(w, &ov, 0);
        if (r < 0 && rc == 0)
            rc = fail(w, "push", r);
    }
    if (p->read_lag > 0)
        lag_free(w, &lag);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(work[i]);
        free(local[i]);
    }
    free(rows);
    tps__log("worker stops after %llu iterations%s", (unsigned long long)it,
            stop_requested ? " (signal)" : "");
    return rc;
}

static int evaluate_once(worker_t *w, double *metric) {
    int rc = pull_model(w);
    if (rc < 0)
        return fail(w, "pull", rc);
    double loss;
    rc = w->m->evaluate(w->m, (const float *const *)w->params, &loss, metric);
    if (rc < 0) {
        tps__log_err("evaluation failed: %s", tps_strerror(rc));
        return rc;
    }
    if (w->log) {
        /* Every shard's version of the first tensor: which mix was scored. */
        uint64_t v[256];
        int s = tps_versions(w->cl, w->ids[0], v, 256);
        fprintf(w->log, "%.4f,%llu,%.6g,%.6g,", tps__now() - w->t0,
                (unsigned long long)updates(w), loss, *metric);
        for (int k = 0; k < s && k < 256; k++)
            fprintf(w->log, "%s%llu", k ? "|" : "", (unsigned long long)v[k]);
        tps_delivery_t d;
        tps_delivery(w->cl, &d);
        fprintf(w->log, ",%llu\n", (unsigned long long)d.reconnects);
    }
    return 0;
}

/* Whether `metric` has reached `target` (NAN: there is none): rel_err
 * from above, accuracy from below. The first evaluation that does is logged
 * once (*noted), with the updates and seconds it took: the figure that
 * distributed and standalone training are compared by. */
static int note_target(const tps__model_t *m, double target, double metric,
                       uint64_t n, double seconds, int *noted) {
    if (isnan(target))
        return 0;
    int lower = strcmp(m->metric_name, "rel_err") == 0;
    if (!(lower ? metric <= target : metric >= target))
        return 0;
    if (!*noted)
        tps__log("target %s %g first reached after %llu updates, %.6g s",
                m->metric_name, target, (unsigned long long)n, seconds);
    *noted = 1;
    return 1;
}

static int run_evaluator(worker_t *w, double every_ms, double seconds,
                         double target) {
    double metric = 0;
    int rc = 0, noted = 0;
    while (!stop_requested && (seconds <= 0 || tps__now() - w->t0 < seconds)) {
        double start = tps__now();
        if ((rc = evaluate_once(w, &metric)) < 0)
            return rc;
        note_target(w->m, target, metric, updates(w), tps__now() - w->t0,
                    &noted);
        sleep_ms(every_ms - (tps__now() - start) * 1000);
    }
    /* The final state, after the workers stopped, is the figure that counts. */
    rc = evaluate_once(w, &metric);
    if (rc == 0) {
        note_target(w->m, target, metric, updates(w), tps__now() - w->t0,
                    &noted);
        tps__log("final %s %.6g", w->m->metric_name, metric);
        if (!isnan(target) && !noted)
            tps__log("target %s %g not reached", w->m->metric_name, target);
    }
    return rc;
}

/* What --standalone adds to a worker's plan. */
typedef struct standalone_s {
    double lr;
    double target;     /* NAN: none */
    double every_ms;   /* of training time between evaluations */
    uint64_t every_n;  /* updates between evaluations (0: by time) */
    tps__model_t *eval; /* the evaluator's view of the model (borrowed) */
} standalone_t;

static int standalone_evaluate(worker_t *w, const standalone_t *s, uint64_t n,
                               double train_s, double *metric) {
    double loss;
    int rc = s->eval->evaluate(s->eval, (const float *const *)w->params, &loss,
                               metric);
    if (rc < 0) {
        tps__log_err("evaluation failed: %s", tps_strerror(rc));
        return rc;
    }
    tps__log("%llu updates, %.6g s: loss %.6g, %s %.6g", (unsigned long long)n,
            train_s, loss, s->eval->metric_name, *metric);
    return 0;
}

/* --standalone: the worker's loop with the network taken out. Parameters
 * start as the shards would initialise them, each update is compute_update's
 * gradient (the one a worker would push) applied as the servers' sgd applies
 * it, x -= lr g in float. Time counts training only: evaluations are left
 * out, as in a cluster where the evaluator runs in a process of its own, and
 * so is building the model. */
static int run_standalone(worker_t *w, plan_t *p, const standalone_t *s) {
    tps__model_t *m = w->m;
    for (int i = 0; i < m->ntensors; i++)
        for (uint64_t j = 0; j < m->tensors[i].len; j++)
            w->params[i][j] = tps__init_value(
                m->tensors[i].init, m->tensors[i].scale, w->seed, j);
    tps__rng_t rng;
    tps__rng_seed(&rng, p->seed, 1000 + (uint64_t)p->rank);
    uint32_t *rows = malloc(m->nrows * sizeof(*rows));
    float *work[TPS_MODEL_MAX_TENSORS] = {0};
    int rc = rows ? 0 : TPS_ENOMEM;
    for (int i = 0; i < m->ntensors && rc == 0; i++)
        if ((work[i] = malloc(m->tensors[i].len * sizeof(float))) == NULL)
            rc = TPS_ENOMEM;
    const tps_traffic_t tr = {0};
    const tps_push_info_t info = {.weight = 1.0f};
    const tps_delivery_t d = {0};
    const float lr = (float)s->lr;
    uint64_t per_push = (uint64_t)p->accumulate, it = 0, n = 0, scored = 0;
    double train = 0, next_eval = 0, metric = NAN;
    int noted = 0;
    for (; rc == 0 && (p->iterations == 0 || it + per_push <= p->iterations) &&
           !stop_requested && !noted;
         it += per_push) {
        if (p->seconds > 0 && train >= p->seconds)
            break;
        double start = tps__now(), loss, t_compute;
        if ((rc = compute_checked(w, p, &rng, rows, work, NULL, it, &loss,
                                  &t_compute)) < 0)
            break;
        if (inject_delay(p, t_compute, per_push))
            break;
        for (int i = 0; i < m->ntensors; i++) {
            float *restrict x = w->params[i];
            const float *restrict g = w->grads[i];
            for (uint64_t j = 0; j < m->tensors[i].len; j++)
                x[j] -= lr * g[j];
        }
        train += tps__now() - start;
        n++;
        if (w->log)
            log_row(w->log, train, (int64_t)n, loss, n, &tr, &info, &d, NAN);
        if (s->every_n ? n % s->every_n == 0 : train * 1000 >= next_eval) {
            if ((rc = standalone_evaluate(w, s, n, train, &metric)) < 0)
                break;
            scored = n;
            next_eval = train * 1000 + s->every_ms;
            note_target(s->eval, s->target, metric, n, train, &noted);
        }
    }
    if (rc == 0 && scored != n &&
        (rc = standalone_evaluate(w, s, n, train, &metric)) == 0)
        note_target(s->eval, s->target, metric, n, train, &noted);
    if (rc == 0) {
        tps__log("standalone: %llu updates in %.6g s, %.6g updates/s, final "
                "%s %.6g",
                (unsigned long long)n, train, train > 0 ? (double)n / train : 0,
                s->eval->metric_name, metric);
        if (!isnan(s->target) && !noted)
            tps__log("target %s %g not reached", s->eval->metric_name,
                    s->target);
    }
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++)
        free(work[i]);
    free(rows);
    return rc;
}

/* Opens the CSV log at path (NULL: none) and writes its header: a worker's
 * (also --standalone's) or an evaluator's. */
static int open_log(worker_t *w, const char *path, int is_eval) {
    if (path == NULL)
        return 0;
    w->log = fopen(path, "w");
    if (w->log == NULL) {
        tps__log_err("cannot write %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    setvbuf(w->log, NULL, _IOLBF, 0); /* followers see whole rows */
    if (is_eval)
        fprintf(w->log, "time_s,updates,loss,%s,versions,reconnects\n",
                w->m->metric_name);
    else
        fprintf(w->log, "time_s,clock,loss,version,bytes_sent,bytes_recv,"
                        "raw_sent,raw_recv,staleness,weight,dropped,"
                        "reconnects,lost,drift\n");
    return 0;
}

int main(int argc, char **argv) {
    const char *key_file = NULL;
    int frame_mac = 0;
    const char *cluster = NULL, *role = NULL, *model = NULL, *data = NULL,
               *logpath = NULL;
    double keepalive_s;
    int rank, workers, batch, connect_ms, reconnect_ms, chunk_kib, spin_us,
        full_batch, accumulate, hidden, replicate, standalone;
    uint64_t iterations, seed, rows, dim, eval_updates;
    double seconds, every_ms, l2, local_lr, disconnect_at;
    /* No defaults: whether they were given matters (NAN, 0: not given). */
    double cond = 0, lr = NAN, target = NAN, noise = 0, hetero = 0;
    const char *split_text = NULL;
    int read_lag = 0, ssp_cache = 0;
    const char *metrics_addr = NULL;
    tps__link_cfg_t link;
    const char *expect_mode = NULL, *delay_spec = NULL, *codec = NULL,
               *ef = NULL, *pull_codec = NULL, *overlap = NULL;
    int bucket, zstd_level;
    uint64_t zstd_min;
    tps__strlist_t stragglers;
    const tps__opt_t opts[] = {
        {"cluster", TPS_OPT_STR, &cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, as given to every server"},
        {"role", TPS_OPT_CHOICE, &role, "worker", 0, -1, "worker|eval", NULL,
         "train, or evaluate read-only"},
        {"rank", TPS_OPT_INT, &rank, "0", 0, 4095, NULL, "R",
         "this worker's rank in [0, workers)"},
        {"workers", TPS_OPT_INT, &workers, "1", 1, 4096, NULL, "N",
         "number of workers in the cluster"},
        {"model", TPS_OPT_CHOICE, &model, "lsq", 0, -1,
         "lsq|softmax|logreg|mlp", NULL, "built-in model"},
        {"data", TPS_OPT_STR, &data, NULL, 0, -1, NULL, "PATH",
         "softmax, mlp: directory of the Fashion-MNIST IDX .gz files "
         "(default /usr/share/datasets/fashion-mnist); logreg: LIBSVM file, "
         "or TRAIN,TEST; lsq: A.npy,b.npy[,xstar.npy] instead of a "
         "synthetic problem"},
        {"standalone", TPS_OPT_FLAG, &standalone, NULL, 0, -1, NULL, NULL,
         "train alone in this process, no shard and no network: the same "
         "gradients, with the servers' SGD step applied here"},
        {"lr", TPS_OPT_DOUBLE, &lr, NULL, 0, 1e6, NULL, "LR",
         "--standalone: learning rate of w -= lr*g (default 0.1, as "
         "taups-server's --lr); in a cluster the servers apply theirs"},
        {"target", TPS_OPT_DOUBLE, &target, NULL, -1e30, 1e30, NULL, "X",
         "--standalone: stop at the first evaluation whose metric reaches X "
         "(rel_err at or below, accuracy at or above); evaluator: log the "
         "updates and seconds it took"},
        {"mode", TPS_OPT_CHOICE, &expect_mode, NULL, 0, -1,
         "sync|ssp|async|local", NULL,
         "refuse to join a cluster that runs another mode (default: any)"},
        {"batch", TPS_OPT_INT, &batch, "32", 1, 1 << 20, NULL, "B",
         "minibatch rows per iteration"},
        {"iterations", TPS_OPT_U64, &iterations, "0", 0, -1, NULL, "N",
         "minibatch steps to take (0: no limit, see --seconds); with "
         "--accumulate K or local SGD one push covers K of them"},
        {"delay", TPS_OPT_STR, &delay_spec, "none", 0, -1, NULL, "DIST",
         "injected compute time per minibatch step (K per push with "
         "--accumulate K or local SGD): none, const:MS, uniform:A:B, "
         "normal:MEAN:SD, lognormal:MEAN:CV, pareto:SHAPE:SCALE, exp:MEAN"},
        {"straggler", TPS_OPT_LIST, &stragglers, NULL, 0, -1, NULL,
         "RANK:FACTOR", "worker RANK (below --workers) is FACTOR times slower"},
        {"codec", TPS_OPT_STR, &codec, "none", 0, -1, NULL, "CODEC",
         "push compression: none, fp16, bf16, qsgd:Q, uniform:Q[:log]"
         "[:stochastic], topk:RATIO, randk:RATIO, sign"},
        {"bucket", TPS_OPT_INT, &bucket, "512", 1, 1 << 20, NULL, "N",
         "elements per quantisation bucket (qsgd, uniform)"},
        {"error-feedback", TPS_OPT_CHOICE, &ef, "auto", 0, -1, "auto|on|off",
         NULL,
         "keep what compression dropped and send it later (auto: on "
         "for biased codecs)"},
        {"overlap", TPS_OPT_CHOICE, &overlap, "off", 0, -1, "on|off", NULL,
         "async and ssp: compute the next gradient while this step's "
         "push and the next pull are in flight, from the parameters of the "
         "pull before (one more step of staleness, which a learning rate "
         "near the stability limit may not survive); off: the strict order "
         "pull, compute, push"},
        {"wire-zstd", TPS_OPT_INT, &zstd_level, "0", 0, 22, NULL, "LEVEL",
         "zstd-compress encoded pushes at this level (0: off)"},
        {"zstd-min", TPS_OPT_U64, &zstd_min, "4096", 0, 1e12, NULL, "BYTES",
         "smallest encoded chunk worth compressing"},
        {"pull-codec", TPS_OPT_STR, &pull_codec, "none", 0, -1, NULL, "CODEC",
         "compression of pull replies: none, fp16, bf16, qsgd:Q, uniform:Q"},
        {"replicate-data", TPS_OPT_FLAG, &replicate, NULL, 0, -1, NULL, NULL,
         "every worker holds all training rows instead of its rank's share"},
        {"full-batch", TPS_OPT_FLAG, &full_batch, NULL, 0, -1, NULL, NULL,
         "use all of this worker's rows every time (deterministic gradient)"},
        {"accumulate", TPS_OPT_INT, &accumulate, "1", 1, 1000000, NULL, "K",
         "push the mean of K minibatch gradients taken at the same parameters"},
        {"local-lr", TPS_OPT_DOUBLE, &local_lr, "0.05", 0, 1e6, NULL, "LR",
         "mode local: learning rate of the worker's own SGD steps"},
        {"l2", TPS_OPT_DOUBLE, &l2, "0", 0, 1e6, NULL, "LAMBDA",
         "logreg: L2 regularisation (lambda/2) ||w||^2"},
        {"hidden", TPS_OPT_INT, &hidden, "64", 1, 4096, NULL, "H",
         "mlp: hidden units"},
        {"seconds", TPS_OPT_DOUBLE, &seconds, "0", 0, 1e7, NULL, "S",
         "wall-clock seconds to run (0: no limit)"},
        {"disconnect-at", TPS_OPT_DOUBLE, &disconnect_at, "-1", -1, 1e7, NULL,
         "S",
         "worker: close every connection S seconds after start, then "
         "reconnect and go on training (negative: never)"},
        {"seed", TPS_OPT_U64, &seed, "1", 0, -1, NULL, "SEED",
         "seed of data synthesis, initialisation and sampling"},
        {"log", TPS_OPT_STR, &logpath, NULL, 0, -1, NULL, "FILE",
         "CSV log: one row per iteration (worker) or evaluation (eval)"},
        {"eval-every", TPS_OPT_DOUBLE, &every_ms, "500", 1, 1e7, NULL, "MS",
         "evaluator: milliseconds between evaluations; --standalone: of "
         "training"},
        {"eval-updates", TPS_OPT_U64, &eval_updates, "0", 0, -1, NULL, "N",
         "--standalone: evaluate every N updates instead (0: by time)"},
        {"cond", TPS_OPT_DOUBLE, &cond, NULL, 1, 1e12, NULL, "C",
         "lsq: condition number of the Hessian (unset: 100)"},
        {"rows", TPS_OPT_U64, &rows, "0", 0, 1e9, NULL, "M",
         "lsq: rows of A (0: the model's default)"},
        {"dim", TPS_OPT_U64, &dim, "0", 0, 1e8, NULL, "D",
         "lsq: unknowns (0: the model's default)"},
        {"read-lag", TPS_OPT_INT, &read_lag, "0", 0, 10000, NULL, "L",
         "async, ssp: compute every gradient from the parameters of L pulls "
         "before (their versions declared, so the shards measure it); with "
         "one worker, a staleness of exactly L"},
        {"split", TPS_OPT_STR, &split_text, "iid", 0, -1, NULL, "SPLIT",
         "softmax, mlp, logreg: the training rows each worker holds: iid "
         "(a block of the file), label-sorted (blocks of the rows sorted by "
         "label) or dirichlet:ALPHA (per class, the workers' shares drawn "
         "from Dirichlet(ALPHA); small ALPHA, few classes each); every "
         "worker must be given the same, and the same --seed"},
        {"noise", TPS_OPT_DOUBLE, &noise, "0", 0, 1e6, NULL, "SIGMA",
         "lsq: b = A x* + SIGMA N(0,1); rel_err is then measured from the "
         "least-squares optimum"},
        {"hetero", TPS_OPT_DOUBLE, &hetero, "0", 0, 1e6, NULL, "H",
         "lsq: each worker's rows solve x* + H N(0,I), their own optimum "
         "(the evaluator scores the optimum of all rows)"},
        {"connect-timeout", TPS_OPT_INT, &connect_ms,
         TPS_STR(TPS_CONNECT_TIMEOUT_MS), 0, 3600000, NULL, "MS",
         "how long to keep retrying an unreachable shard"},
        {"key-file", TPS_OPT_STR, &key_file, NULL, 0, -1, NULL, "FILE",
         "the cluster's pre-shared key (the shards' --key-file)"},
        {"frame-mac", TPS_OPT_FLAG, &frame_mac, NULL, 0, 0, NULL, NULL,
         "protect every frame either way with a tag (needs --key-file)"},
        {"reconnect-timeout", TPS_OPT_INT, &reconnect_ms, "60000", 0, 86400000,
         NULL, "MS",
         "a shard lost while training is reconnected for up to MS "
         "(it may be restarting from its checkpoint); 0: fail at once"},
        {"keepalive", TPS_OPT_DOUBLE, &keepalive_s, TPS_STR(TPS_KEEPALIVE_S), 0,
         86400, NULL, "SEC",
         "a shard that vanishes without closing (host "
         "down, path lost) is noticed within about this long, then "
         "reconnected as a lost shard is; a slow one never is (0: the "
         "kernel's default, hours)"},
        {"chunk-kib", TPS_OPT_INT, &chunk_kib, "1024", 1, 1 << 20, NULL, "KIB",
         "largest payload of one frame"},
        {"metrics", TPS_OPT_STR, &metrics_addr, NULL, 0, -1, NULL, "HOST:PORT",
         "serve this worker's Prometheus metrics at http://HOST:PORT/metrics "
         "(port 0 picks one; the log says which)"},
        {"ssp-cache", TPS_OPT_FLAG, &ssp_cache, NULL, 0, -1, NULL, NULL,
         "ssp: read from this worker's copy of the model while it reflects "
         "every worker's clock c - s - 1 (Ho et al.'s SSP), from the shards "
         "otherwise"},
        {"spin-us", TPS_OPT_INT, &spin_us, "0", 0, 1000000, NULL, "US",
         "wait for a reply by polling for up to US microseconds before "
         "sleeping (a busy core for fewer thread wake-ups)"},
        {"latency-ms", TPS_OPT_DOUBLE, &link.latency_ms, "0", 0, 600000, NULL,
         "MS", "delay every frame sent to a shard by MS"},
        {"jitter-ms", TPS_OPT_DOUBLE, &link.jitter_ms, "0", 0, 600000, NULL,
         "MS", "add a uniform delay in [-MS, MS] per frame (order is kept)"},
        {"bandwidth", TPS_OPT_U64, &link.bandwidth, "0", 0, 1e12, NULL,
         "BYTES_PER_S", "cap what is sent to each shard (0: unlimited)"},
        {"link-seed", TPS_OPT_U64, &link.seed, "1", 0, -1, NULL, "N",
         "seed of the jitter"},
        TPS_OPT_END,
    };
    int rc = tps__opt_parse(opts, "taups-worker", usage, argc, argv);
    if (rc < 0)
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    if (rc < argc) {
        fprintf(stderr, "taups-worker: unexpected argument \"%s\"\n", argv[rc]);
        tps__opt_free(opts);
        return 2;
    }
    int is_eval = strcmp(role, "eval") == 0;
    const char *bad = NULL;
    if (standalone) {
        if (cluster != NULL)
            bad = "--standalone trains without a cluster: drop --cluster";
        else if (is_eval)
            bad = "--standalone evaluates as it trains: drop --role eval";
        else if (expect_mode != NULL)
            bad = "--mode chooses the cluster to join; --standalone joins none";
        else if (strcmp(codec, "none") != 0 || strcmp(pull_codec, "none") != 0)
            bad = "--standalone sends nothing: drop --codec and --pull-codec";
        else if (strcmp(overlap, "on") == 0)
            bad =
                "--standalone has no communication to overlap: drop --overlap";
    } else if (cluster == NULL) {
        bad = "--cluster is required (or --standalone)";
    } else if (!is_eval && rank >= workers) {
        bad = "--rank must be below --workers";
    } else if (!isnan(lr)) {
        bad = "--lr is applied by the servers (taups-server --lr); a worker "
              "takes it only with --standalone";
    } else if (eval_updates > 0) {
        bad = "--eval-updates counts --standalone's own updates; an "
              "evaluator evaluates every --eval-every ms";
    } else if (!is_eval && !isnan(target)) {
        bad = "a worker does not evaluate: --target goes to the evaluator "
              "(--role eval) or with --standalone";
    }
    if (bad != NULL) {
        fprintf(stderr, "taups-worker: %s\n", bad);
        tps__opt_free(opts);
        return 2;
    }
    if (standalone) {
        /* One process holds every row, as the only worker of a cluster. */
        rank = 0;
        workers = 1;
    }
    /* Options are checked before anything is built or connected. */
    tps_delay_t delay;
    char err[512];
    if (tps__delay_parse(&delay, delay_spec, err, sizeof(err)) < 0)
        rc = TPS_EINVAL;
    for (int i = 0; rc >= 0 && i < stragglers.n; i++)
        if (tps__delay_set_straggler(&delay, stragglers.v[i], rank, workers,
                                     err, sizeof(err)) < 0)
            rc = TPS_EINVAL;
    if (rc < 0) {
        fprintf(stderr, "taups-worker: %s\n", err);
        tps__opt_free(opts);
        return 2;
    }
    char who[48];
    if (is_eval)
        snprintf(who, sizeof(who), "taups-eval");
    else if (standalone)
        snprintf(who, sizeof(who), "taups-standalone");
    else
        snprintf(who, sizeof(who), "taups-worker[%d]", rank);
    tps__log_init(who);
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);

    worker_t w;
    memset(&w, 0, sizeof(w));
    w.t0 = tps__now();
    tps__model_config_t mc = {model, data, replicate ? 0 : rank,
                             replicate ? 1 : workers, is_eval, seed, cond,
                             rows,  dim,  l2,    hidden, noise, hetero,
                             {TPS_SPLIT_IID, 0}};
    if (tps__split_parse(split_text, &mc.split, err, sizeof(err)) < 0 ||
        (mc.split.kind != TPS_SPLIT_IID && strcmp(model, "lsq") == 0 &&
         snprintf(err, sizeof(err), "--split shares out labelled rows; lsq "
                  "has --hetero") > 0)) {
        tps__log_err("%s", err);
        tps__opt_free(opts);
        return 2;
    }
    if ((noise > 0 || hetero > 0) && strcmp(model, "lsq") != 0) {
        tps__log_err("--noise and --hetero shape the lsq problem, not %s",
                     model);
        tps__opt_free(opts);
        return 2;
    }
    rc = tps__model_new(&mc, &w.m, err, sizeof(err));
    if (rc < 0) {
        tps__log_err("%s", err);
        tps__opt_free(opts);
        return 1;
    }
    if (w.m->info[0])
        tps__log("%s", w.m->info);
    /* Standalone scores the model as a cluster's evaluator would: with the
     * evaluator's view of it (the test set, all of lsq's rows). */
    standalone_t alone = {.lr = isnan(lr) ? STANDALONE_DEFAULT_LR : lr,
                          .target = target,
                          .every_ms = every_ms,
                          .every_n = eval_updates};
    if (standalone) {
        mc.eval = 1;
        if ((rc = tps__model_new(&mc, &alone.eval, err, sizeof(err))) < 0) {
            tps__log_err("%s", err);
            goto out;
        }

    }
    for (int i = 0; i < w.m->ntensors && rc >= 0; i++) {
        const tps__model_tensor_t *t = &w.m->tensors[i];
        w.params[i] = calloc(t->len, sizeof(float));
        w.grads[i] = calloc(t->len, sizeof(float));
        if (w.params[i] == NULL || w.grads[i] == NULL) {
            tps__log_err("out of memory for tensor \"%s\"", t->name);
            rc = TPS_ENOMEM;
        }
    }
    w.seed = seed;
    plan_t plan;
    memset(&plan, 0, sizeof(plan));
    plan.iterations = iterations;
    plan.seconds = seconds;
    plan.batch = batch;
    plan.full_batch = full_batch;
    plan.accumulate = accumulate;
    plan.local_steps = 0;
    plan.local_lr = local_lr;
    plan.seed = seed;
    plan.rank = rank;
    plan.delay = delay;
    tps__delay_seed_rank(&plan.delay, seed, rank);
    if (!is_eval &&
        (plan.delay.kind != TPS_DELAY_NONE || plan.delay.factor != 1)) {
        char d[160];
        tps__delay_describe(&plan.delay, d, sizeof(d));
        tps__log("injected delay: %s", d);
    }
    if (rc < 0)
        goto out;
    if (standalone) {
        if ((rc = open_log(&w, logpath, 0)) < 0)
            goto out;
        tps__log("standalone: model %s (%d tensors), %zu rows, sgd at lr %g",
                w.m->name, w.m->ntensors, w.m->nrows, alone.lr);
        rc = run_standalone(&w, &plan, &alone);
        goto out;
    }
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = cluster;
    o.role = is_eval ? TPS_ROLE_EVALUATOR : TPS_ROLE_WORKER;
    o.rank = is_eval ? 0 : rank;
    o.workers = workers;
    o.connect_timeout_ms = connect_ms;
    o.reconnect_timeout_ms = reconnect_ms;
    o.keepalive_s = keepalive_s;
    o.key_file = key_file;
    o.frame_mac = frame_mac;
    o.chunk_bytes = (size_t)chunk_kib << 10;
    o.spin_us = spin_us;
    o.ssp_cache = ssp_cache;
    o.mode = expect_mode;
    o.codec = codec;
    o.bucket = (unsigned)bucket;
    o.error_feedback = strcmp(ef, "auto") == 0 ? -1 : strcmp(ef, "on") == 0;
    o.zstd_level = zstd_level;
    o.zstd_min = (size_t)zstd_min;
    o.pull_codec = pull_codec;
    o.latency_ms = link.latency_ms;
    o.jitter_ms = link.jitter_ms;
    o.bandwidth = link.bandwidth;
    o.link_seed = link.seed;
    if (tps__link_enabled(&link)) {
        char d[200];
        tps__link_describe(&link, d, sizeof(d));
        tps__log("shaping every link to a shard: %s", d);
    }
    rc = tps_open(&o, &w.cl, err, sizeof(err));
    if (rc < 0) {
        tps__log_err("%s", err);
        goto out;
    }
    watch_signals(w.cl);
    w.opts = &o;
    w.disconnect_at = is_eval ? -1 : disconnect_at;
    if ((rc = declare_all(&w)) < 0 || (rc = open_log(&w, logpath, is_eval)) < 0)
        goto out;
    tps__log("connected to %d shards, model %s (%d tensors), %zu rows",
             tps_shards(w.cl), w.m->name, w.m->ntensors, w.m->nrows);
    /* Sync and local SGD promise gradients from the model of the step
     * before (that is what they are); overlap would break the promise. */
    int strict_mode = strcmp(tps_mode(w.cl), "sync") == 0 ||
                      strcmp(tps_mode(w.cl), "local") == 0;
    if (!is_eval && strcmp(overlap, "on") == 0 && strict_mode) {
        tps__log_err("--overlap on: mode %s computes every gradient from the "
                    "model of the step before; overlap would compute it one "
                    "step older (use async or ssp, or --overlap off)",
                    tps_mode(w.cl));
        rc = TPS_EINVAL;
        goto out;
    }
    if (!is_eval && read_lag > 0 &&
        (strict_mode || strcmp(overlap, "on") == 0)) {
        tps__log_err("--read-lag %d: %s", read_lag,
                    strict_mode ? "sync and local compute every gradient from "
                                  "the model of the step before"
                                : "give it with --overlap off (the overlap "
                                  "adds a lag of its own)");
        rc = TPS_EINVAL;
        goto out;
    }
    plan.read_lag = is_eval ? 0 : read_lag;
    if (plan.read_lag > 0)
        tps__log("read lag: every gradient is computed from the parameters "
                "of %d pulls before", read_lag);
    plan.overlap = !is_eval && strcmp(overlap, "on") == 0;
    if (plan.overlap)
        tps__log("overlap: each push and the next pull are in flight while "
                "the next gradient is computed (one more step of staleness; "
                "--overlap off for the strict order)");
    if (strcmp(tps_mode(w.cl), "local") == 0) {
        plan.local_steps = tps_local_steps(w.cl);
        tps__log("mode local: %d local steps at lr %g per push",
                 plan.local_steps, local_lr);
    }
    /* Ready once it has joined every shard and declared its tensors. */
    sd_notifyf(0, "READY=1\nSTATUS=%s %d: joined %d shards, mode %s",
               is_eval ? "evaluator" : "worker", rank, tps_shards(w.cl),
               tps_mode(w.cl));
    tps__worker_metrics_t wm;
    tps__metrics_t *mh = NULL;
    if (metrics_addr != NULL) {
        tps__worker_metrics_init(&wm, rank);
        if ((rc = tps__metrics_start(NULL, metrics_addr,
                                    tps__worker_metrics_render, &wm, &mh, err,
                                    sizeof(err))) < 0) {
            tps__log_err("%s", err);
            tps__worker_metrics_free(&wm);
            goto out;
        }
        w.metrics = &wm;
        tps__log("metrics on %s", tps__metrics_url(mh));
    }
    rc = is_eval ? run_evaluator(&w, every_ms, seconds, target)
                 : run_worker(&w, &plan);
    if (mh != NULL) {
        tps__metrics_stop(mh);
        tps__worker_metrics_free(&wm);
        w.metrics = NULL;
    }
    sd_notify(0, "STOPPING=1");
    if (!is_eval && w.cl != NULL) { /* NULL: a failed --disconnect-at */
        /* The ledger a ride-through is checked against: every push sent is
         * applied, dropped, rejected or lost. */
        tps_delivery_t d;
        tps_delivery(w.cl, &d);
        tps__log(
            "pushes: sent %llu, applied %llu, dropped %llu, rejected %llu, "
            "lost %llu; reconnects %llu, requests resent %llu",
            (unsigned long long)d.pushes_sent,
            (unsigned long long)d.pushes_applied,
            (unsigned long long)d.pushes_dropped,
            (unsigned long long)d.pushes_rejected,
            (unsigned long long)d.pushes_lost, (unsigned long long)d.reconnects,
            (unsigned long long)d.frames_resent);
        if (ssp_cache)
            tps__log("pulls: %llu to the shards, %llu from the ssp cache; "
                    "read lag at most %llu clock(s)",
                    (unsigned long long)d.pulls_sent,
                    (unsigned long long)d.pulls_cached,
                    (unsigned long long)d.max_read_lag);
    }
out:
    if (w.log && fclose(w.log) != 0 && rc == 0) {
        tps__log_err("cannot write %s: %s", logpath, strerror(errno));
        rc = TPS_EIO;
    }
    signal_client = NULL;
    tps_close(w.cl);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(w.params[i]);
        free(w.grads[i]);
    }
    w.m->destroy(w.m);
    if (alone.eval != NULL)
        alone.eval->destroy(alone.eval);
    tps__opt_free(opts);
    /* Stopped by a signal while a shard was lost: a stop, not a failure. */
    if (rc == TPS_EINTR && stop_requested)
        rc = 0;
    return rc < 0 ? 1 : 0;
}
