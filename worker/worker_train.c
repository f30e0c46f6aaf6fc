/* SPDX-License-Identifier: MIT */
/* taups-worker's training: minibatches sampled from this worker's rows,
 * the update one push carries (a mean gradient, or local SGD's model
 * delta), the injected compute delay, and the loop that pulls, computes
 * and pushes until the plan or a signal ends it. The arithmetic of the
 * update is here; what goes over the network is worker_cluster.c's and
 * worker_stale.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "taups.h"
#include "tps_log.h"
#include "worker.h"

size_t tps__sample_rows(const plan_t *p, tps__rng_t *rng, uint32_t *rows,
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
        size_t b = tps__sample_rows(p, rng, rows, m->nrows);
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

int tps__compute_checked(worker_t *w, const plan_t *p, tps__rng_t *rng,
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
int tps__inject_delay(plan_t *p, double t_compute, uint64_t per_push) {
    double delay = 0;
    for (uint64_t k = 0; k < per_push; k++)
        delay += tps__delay_after(&p->delay, t_compute / (double)per_push);
    return delay > 0 && tps__sleep_s(delay, &tps__stop_requested);
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

/* What the loop of one worker holds besides w: its sampling stream, the
 * minibatch's rows, the model's scratch gradient (work) and local SGD's
 * private copy (local), and the read lag and overlap when asked for. */
typedef struct train_s {
    tps__rng_t rng;
    uint32_t *rows;
    float *work[TPS_MODEL_MAX_TENSORS], *local[TPS_MODEL_MAX_TENSORS];
    uint64_t per_push; /* minibatch steps one push covers */
    overlap_t ov;
    int ov_on;         /* ov initialised: tps__ov_finish owes its buffers */
    lag_t lag;
    double drift;      /* local SGD, from the second round on; else NAN */
    int fused;         /* the last push brought this step's pull along */
} train_t;

static int train_init(worker_t *w, const plan_t *p, train_t *t) {
    memset(t, 0, sizeof(*t));
    tps__rng_seed(&t->rng, p->seed, 1000 + (uint64_t)p->rank);
    tps__model_t *m = w->m;
    size_t nrows = m->nrows;
    t->rows = malloc(nrows * sizeof(*t->rows));
    int rc = t->rows ? 0 : TPS_ENOMEM;
    for (int i = 0; i < m->ntensors && rc == 0; i++) {
        t->work[i] = malloc(m->tensors[i].len * sizeof(float));
        t->local[i] = malloc(m->tensors[i].len * sizeof(float));
        if (t->work[i] == NULL || t->local[i] == NULL)
            rc = TPS_ENOMEM;
    }
    t->per_push = (uint64_t)(p->local_steps > 0 ? p->local_steps
                                                : p->accumulate);
    /* What each push is the mean of: sync weights workers by it, so that
     * unequal shares of the rows still make full-batch descent. */
    if (w->cl != NULL) {
        size_t b = p->full_batch || (size_t)p->batch > nrows ? nrows
                                                             : (size_t)p->batch;
        tps_set_samples(w->cl, t->per_push * b);
    }
    t->ov_on = p->overlap && rc == 0;
    if (t->ov_on)
        rc = tps__ov_init(w, &t->ov);
    if (rc == 0 && p->read_lag > 0)
        rc = tps__lag_init(w, &t->lag, p->read_lag);
    t->drift = NAN;
    return rc;
}

static int train_free(worker_t *w, const plan_t *p, train_t *t, int rc) {
    if (t->ov_on) {
        int r = tps__ov_finish(w, &t->ov, 0);
        if (r < 0 && rc == 0)
            rc = tps__worker_fail(w, "push", r);
    }
    if (p->read_lag > 0)
        tps__lag_free(w, &t->lag);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(t->work[i]);
        free(t->local[i]);
    }
    free(t->rows);
    return rc;
}

/* The parameters this step computes from: the scheduled disconnect when
 * it is due, then a pull unless the overlap has one ready. */
static int pull_step(worker_t *w, const plan_t *p, train_t *t, uint64_t it) {
    overlap_t *ov = &t->ov;
    int rc;
    if (w->disconnect_at >= 0 && tps__now() - w->t0 >= w->disconnect_at) {
        /* The tickets in flight belong to the client about to close. */
        if (p->overlap && (rc = tps__ov_drain(w, ov, 0)) < 0)
            return tps__worker_fail(w, "pull", rc);
        ov->pulling = ov->primed = 0;
        t->fused = 0; /* the versions it brought were the old client's */
        if ((rc = tps__reconnect(w)) < 0)
            return rc;
    }
    if (p->overlap && ov->primed)
        return 0;
    if (p->overlap)
        tps__ov_point(w, ov, ov->a, ov->gi);
    if (!t->fused && (rc = tps__pull_all(w)) < 0)
        return tps__worker_fail(w, "pull", rc);
    t->fused = 0;
    if (p->local_steps > 0 && it > 0)
        t->drift = local_drift(w, t->local);
    if (p->overlap) {
        tps__ov_save(w, ov, ov->a);
        ov->primed = 1;
    }
    return 0;
}

/* The strict order in one round trip instead of two: the push, the CLOCK
 * and the next step's pull leave together. A shard takes a connection's
 * frames in order, and a pull behind a two-phase push waits for that
 * push's decision (server/fate.c), so the pull sees the same model as one
 * sent after the push was answered; only the wait between them is gone.
 * Returns the push's result and the pull's in *pull_rc; *pulled says
 * whether the next step's parameters came. */
static int push_pull(worker_t *w, int64_t *clock, int *pulled, int *pull_rc) {
    tps_ticket_t tk[2 * TPS_MODEL_MAX_TENSORS];
    int np = 0, nq = 0;
    *pulled = 0;
    /* One write per shard for all of it, and one read on the shard. */
    tps_cork(w->cl);
    int rc = tps__issue_all(w, 1, 0, tk, &np);
    /* The clock ends the step whatever became of its push, as below. */
    *clock = tps_clock(w->cl);
    int qrc = *clock < 0 ? (int)*clock : tps__issue_all(w, 0, 0, tk + np, &nq);
    tps_uncork(w->cl);
    /* The pulls first: their answers come after the pushes', so that one
     * wait reads them all. */
    *pull_rc = tps__wait_all(w, tk + np, nq, qrc);
    rc = tps__wait_all(w, tk, np, rc);
    *pulled = *pull_rc == 0 && nq == w->m->ntensors;
    return rc;
}

/* The push of this step, or with the overlap its push and the next pull;
 * *clock the step it ended. `more`: a next step will pull. */
static int push_step(worker_t *w, const plan_t *p, train_t *t, int more,
                     int64_t *clock) {
    int rc;
    if (p->overlap) {
        if ((rc = tps__ov_step(w, &t->ov, clock)) < 0)
            return tps__worker_fail(w, "push", rc);
        return 0;
    }
    /* A read lag keeps a ring of the pulls it computes from: they stay
     * where it takes them. */
    int fused = more && p->read_lag == 0, pull_rc = 0;
    rc = fused ? push_pull(w, clock, &t->fused, &pull_rc) : tps__push_all(w);
    if (rc == TPS_EABORTED) {
        /* Lost on every shard alike when a connection broke halfway (the
         * shards settled it); the next iteration pushes a fresh one. */
        tps__log_warn("push lost: %s", tps_errmsg(w->cl));
        rc = 0;
    }
    if (rc < 0)
        return tps__worker_fail(w, "push", rc);
    if (pull_rc < 0)
        return tps__worker_fail(w, "pull", pull_rc);
    if (!fused)
        *clock = tps_clock(w->cl);
    return 0;
}

void tps__record_step(worker_t *w, int64_t clock, double loss,
                      double drift) {
    if (w->log) {
        tps_traffic_t tr;
        tps_traffic(w->cl, &tr);
        tps_push_info_t info;
        tps_last_push(w->cl, w->ids[0], &info);
        tps_delivery_t d;
        tps_delivery(w->cl, &d);
        tps__log_row(w->log, tps__now() - w->t0, clock, loss, tps__updates(w),
                     &tr, &info, &d, drift);
    }
    if (w->metrics)
        tps__worker_metrics_update(w->metrics, w->cl, w->ids[0],
                                   (uint64_t)clock, loss);
}

/* One step: pull, compute, push. Returns 0 to go on, 1 to stop quietly
 * (the wall-clock limit, a signal during the injected delay) or a
 * negative code. */
static int step(worker_t *w, plan_t *p, train_t *t, uint64_t it) {
    if (p->seconds > 0 && tps__now() - w->t0 >= p->seconds)
        return 1;
    int rc = pull_step(w, p, t, it);
    if (rc < 0)
        return rc;
    double loss, t_compute;
    if (p->read_lag > 0)
        tps__lag_begin(w, &t->lag);
    rc = tps__compute_checked(w, p, &t->rng, t->rows, t->work, t->local, it,
                              &loss, &t_compute);
    if (p->read_lag > 0)
        tps__lag_end(w, &t->lag);
    if (rc < 0)
        return rc;
    if (tps__inject_delay(p, t_compute, t->per_push))
        return 1;
    int64_t clock;
    int more = p->iterations == 0 || it + 2 * t->per_push <= p->iterations;
    if ((rc = push_step(w, p, t, more, &clock)) < 0)
        return rc;
    tps__record_step(w, clock, loss, t->drift);
    return 0;
}

/* This process's CPU time (its threads, the client's I/O thread among
 * them), in seconds. */
static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int tps__run_worker(worker_t *w, plan_t *p) {
    train_t t;
    int rc = train_init(w, p, &t);
    uint64_t it = 0, pushes = 0;
    double cpu0 = cpu_seconds();
    for (; rc == 0 &&
           (p->iterations == 0 || it + t.per_push <= p->iterations) &&
           !tps__stop_requested;
         it += t.per_push) {
        int s = step(w, p, &t, it);
        if (s != 0) {
            rc = s < 0 ? s : 0;
            break;
        }
        pushes++;
    }
    rc = train_free(w, p, &t, rc);
    /* What the loop cost this process beyond the setup (the data, the
     * connections): tools/bench-lib.sh adds the shards' and compares the
     * sum with one process's time per update. */
    double cpu = cpu_seconds() - cpu0;
    tps__log("worker stops after %llu iterations%s", (unsigned long long)it,
             tps__stop_requested ? " (signal)" : "");
    tps__log("CPU %.3f s in the loop, %.1f us per push", cpu,
             pushes ? cpu * 1e6 / (double)pushes : 0.0);
    return rc;
}
