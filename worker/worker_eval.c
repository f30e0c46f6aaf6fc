/* SPDX-License-Identifier: MIT */
/* Scoring in taups-worker: the evaluator (--role eval), which pulls the
 * model read-only and scores it on held-out data, and --standalone, which
 * trains alone with the servers' SGD step done here and scores as it goes.
 * Both note when --target is first reached, the figure distributed and
 * standalone training are compared by. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"
#include "worker.h"

static int evaluate_once(worker_t *w, uint64_t at, double *loss,
                         double *metric) {
    int rc = tps__pull_model(w, at);
    if (rc < 0)
        return tps__worker_fail(w, "pull", rc);
    rc = w->m->evaluate(w->m, (const float *const *)w->params, loss, metric);
    if (rc < 0) {
        tps__log_err("evaluation failed: %s", tps_strerror(rc));
        return rc;
    }
    if (w->log)
        tps__log_eval_row(w, *loss, *metric);
    return 0;
}

/* The final loss in full, and what else the model measured (the table
 * models' log-loss and gap to the planted model). */
static void log_final(const tps__model_t *m, double loss) {
    char more[256] = "";
    size_t used = 0;
    for (int i = 0; i < m->nextra && used < sizeof(more); i++) {
        int n = snprintf(more + used, sizeof(more) - used, ", %s %.10g",
                         m->extra_names[i], m->extra[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    tps__log("final loss %.10g%s", loss, more);
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

int tps__run_evaluator(worker_t *w, double every_ms, uint64_t every_n,
                       double seconds, double target) {
    double loss = 0, metric = 0;
    int rc = 0, noted = 0;
    if (every_n && w->m->tensors[0].row_dim) {
        tps__log_err("--eval-updates counts the updates of the model's first "
                     "tensor, and %s's is a table, whose versions are per "
                     "row: use --eval-every",
                     w->m->name);
        return TPS_EINVAL;
    }
    uint64_t next = every_n;
    while (!tps__stop_requested &&
           (seconds <= 0 || tps__now() - w->t0 < seconds)) {
        double start = tps__now();
        if ((rc = evaluate_once(w, next, &loss, &metric)) < 0)
            return rc;
        uint64_t n = tps__updates(w);
        note_target(w->m, target, metric, n, tps__now() - w->t0, &noted);
        if (every_n == 0) {
            tps__sleep_ms(every_ms - (tps__now() - start) * 1000);
        } else if (n < next) {
            /* Answered short: no worker is live (not started yet, or all
             * done); asked again a period later. */
            tps__sleep_ms(every_ms);
        } else {
            next = (n / every_n + 1) * every_n;
        }
    }
    /* The final state, after the workers stopped, is the figure that counts. */
    rc = evaluate_once(w, 0, &loss, &metric);
    if (rc == 0) {
        log_final(w->m, loss);
        note_target(w->m, target, metric, tps__updates(w), tps__now() - w->t0,
                    &noted);
        tps__log("final %s %.6g", w->m->metric_name, metric);
        if (!isnan(target) && !noted)
            tps__log("target %s %g not reached", w->m->metric_name, target);
    }
    return rc;
}

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
int tps__run_standalone(worker_t *w, plan_t *p, const standalone_t *s) {
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
           !tps__stop_requested && !noted;
         it += per_push) {
        if (p->seconds > 0 && train >= p->seconds)
            break;
        double start = tps__now(), loss, t_compute;
        if ((rc = tps__compute_checked(w, p, &rng, rows, work, NULL, it, &loss,
                                  &t_compute)) < 0)
            break;
        if (tps__inject_delay(p, t_compute, per_push))
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
            tps__log_row(w->log, train, (int64_t)n, loss, n, &tr, &info, &d,
                         NAN);
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
