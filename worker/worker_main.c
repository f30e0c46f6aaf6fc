/* SPDX-License-Identifier: MIT */
/* taups-worker: a ready-made worker (or read-only evaluator) that trains one
 * of the built-in models against a taups cluster. This file owns the
 * command line (the option table and what contradicts what), building the
 * model and its buffers, connecting, fitting the plan to the cluster's mode
 * and the teardown; the rooms it calls are listed in worker.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <systemd/sd-daemon.h>

#include "taups.h"
#include "tps_delay.h"
#include "tps_link.h"
#include "tps_log.h"
#include "tps_metrics.h"
#include "tps_mode.h"
#include "tps_opt.h"
#include "tps_tool.h"
#include "worker.h"
#include "worker/models/model.h"
#include "worker_metrics.h"

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

/* The command line, as the option table fills it. */
typedef struct args_s {
    const char *cluster, *role, *model, *data, *logpath, *key_file,
        *write_data;
    int frame_mac;
    double keepalive_s;
    int rank, workers, batch, connect_ms, reconnect_ms, chunk_kib, spin_us,
        full_batch, accumulate, hidden, replicate, standalone, factors;
    uint64_t iterations, seed, rows, dim, eval_updates;
    double seconds, every_ms, l2, local_lr, disconnect_at;
    double cond, lr, target, noise, hetero; /* NAN, 0: not given */
    const char *split_text;
    int read_lag, ssp_cache;
    const char *metrics_addr;
    tps__link_cfg_t link;
    const char *expect_mode, *delay_spec, *codec, *ef, *pull_codec, *overlap;
    int bucket, zstd_level;
    uint64_t zstd_min;
    tps__strlist_t stragglers;
    int is_eval;
} args_t;

/* What --standalone refuses: the options that only mean something in a
 * cluster; NULL when there is none. */
static const char *standalone_conflict(const args_t *a) {
    if (a->cluster != NULL)
        return "--standalone trains without a cluster: drop --cluster";
    if (a->is_eval)
        return "--standalone evaluates as it trains: drop --role eval";
    if (a->expect_mode != NULL)
        return "--mode chooses the cluster to join; --standalone joins none";
    if (strcmp(a->codec, "none") != 0 || strcmp(a->pull_codec, "none") != 0)
        return "--standalone sends nothing: drop --codec and --pull-codec";
    if (strcmp(a->overlap, "on") == 0)
        return "--standalone has no communication to overlap: drop --overlap";
    return NULL;
}

/* The combinations of options that contradict each other; NULL when
 * there is none. */
static const char *options_conflict(const args_t *a) {
    if (a->write_data != NULL)
        return a->cluster || a->standalone || a->is_eval
                   ? "--write-data writes the rows and exits: drop --cluster, "
                     "--standalone and --role eval"
                   : NULL;
    if (a->standalone)
        return standalone_conflict(a);
    if (a->cluster == NULL)
        return "--cluster is required (or --standalone)";
    if (!a->is_eval && a->rank >= a->workers)
        return "--rank must be below --workers";
    if (!isnan(a->lr))
        return "--lr is applied by the servers (taups-server --lr); a worker "
               "takes it only with --standalone";
    if (a->eval_updates > 0 && !a->is_eval)
        return "--eval-updates is for an evaluator (--role eval) or "
               "--standalone: a worker does not evaluate";
    if (!a->is_eval && !isnan(a->target))
        return "a worker does not evaluate: --target goes to the evaluator "
               "(--role eval) or with --standalone";
    return NULL;
}

/* Checks the options before anything is built or connected, and parses
 * --delay and --straggler into *delay. Returns 0, or -1 after saying what
 * is wrong on stderr. */
static int check_options(args_t *a, tps_delay_t *delay) {
    const char *bad = options_conflict(a);
    if (bad != NULL) {
        fprintf(stderr, "taups-worker: %s\n", bad);
        return -1;
    }
    if (a->standalone) {
        /* One process holds every row, as the only worker of a cluster. */
        a->rank = 0;
        a->workers = 1;
    }
    char err[512];
    int rc = 0;
    if (tps__delay_parse(delay, a->delay_spec, err, sizeof(err)) < 0)
        rc = TPS_EINVAL;
    for (int i = 0; rc >= 0 && i < a->stragglers.n; i++)
        if (tps__delay_set_straggler(delay, a->stragglers.v[i], a->rank,
                                     a->workers, err, sizeof(err)) < 0)
            rc = TPS_EINVAL;
    if (rc < 0) {
        fprintf(stderr, "taups-worker: %s\n", err);
        return -1;
    }
    return 0;
}

/* Names the process in the log and routes the signals. */
static void start_logging(const args_t *a) {
    char who[48];
    if (a->is_eval)
        snprintf(who, sizeof(who), "taups-eval");
    else if (a->standalone)
        snprintf(who, sizeof(who), "taups-standalone");
    else
        snprintf(who, sizeof(who), "taups-worker[%d]", a->rank);
    tps__log_init(who);
    tps__signals_install();
}

/* The model's configuration from the options; TPS_EINVAL with a sentence
 * in err when the data options do not fit the model. */
static int model_config(const args_t *a, tps__model_config_t *mc, char *err,
                        size_t errlen) {
    tps__model_config_t c = {a->model, a->data, a->replicate ? 0 : a->rank,
                             a->replicate ? 1 : a->workers, a->is_eval,
                             a->seed, a->cond, a->rows, a->dim, a->l2,
                             a->hidden, a->noise, a->hetero,
                             {TPS_SPLIT_IID, 0}, a->factors};
    *mc = c;
    if (tps__split_parse(a->split_text, &mc->split, err, errlen) < 0)
        return TPS_EINVAL;
    if (mc->split.kind != TPS_SPLIT_IID && strcmp(a->model, "lsq") == 0) {
        snprintf(err, errlen, "--split shares out labelled rows; lsq "
                 "has --hetero");
        return TPS_EINVAL;
    }
    if ((a->noise > 0 || a->hetero > 0) && strcmp(a->model, "lsq") != 0) {
        snprintf(err, errlen,
                 "--noise and --hetero shape the lsq problem, not %s",
                 a->model);
        return TPS_EINVAL;
    }
    return 0;
}

/* The model and --standalone's evaluator view of it. Returns 0; 1 when
 * the model could not be built (nothing to free); a negative code when the
 * evaluator view could not (teardown frees the model). */
static int build_model(const args_t *a, tps__model_config_t *mc, worker_t *w,
                       standalone_t *alone) {
    char err[512];
    int rc = tps__model_new(mc, &w->m, err, sizeof(err));
    if (rc < 0) {
        tps__log_err("%s", err);
        return 1;
    }
    if (w->m->info[0])
        tps__log("%s", w->m->info);
    if (a->standalone && w->m->touched != NULL) {
        tps__log_err("--standalone: model %s keeps its rows in tables on "
                     "the shards; run it with one shard and one worker",
                     w->m->name);
        return -1;
    }
    /* Standalone scores the model as a cluster's evaluator would: with the
     * evaluator's view of it (the test set, all of lsq's rows). */
    if (a->standalone) {
        mc->eval = 1;
        if ((rc = tps__model_new(mc, &alone->eval, err, sizeof(err))) < 0) {
            tps__log_err("%s", err);
            return rc;
        }
    }
    return 0;
}

/* The parameter and gradient buffers, zeroed. */
static int alloc_buffers(worker_t *w) {
    int rc = 0;
    for (int i = 0; i < w->m->ntensors && rc >= 0; i++) {
        const tps__model_tensor_t *t = &w->m->tensors[i];
        w->params[i] = calloc(t->len, sizeof(float));
        w->grads[i] = calloc(t->len, sizeof(float));
        if (w->params[i] == NULL || w->grads[i] == NULL) {
            tps__log_err("out of memory for tensor \"%s\"", t->name);
            rc = TPS_ENOMEM;
        }
    }
    return rc;
}

/* The plan every role starts from; the mode adjusts it once connected
 * (plan_for_mode). */
static void make_plan(const args_t *a, const tps_delay_t *delay,
                      plan_t *plan) {
    memset(plan, 0, sizeof(*plan));
    plan->iterations = a->iterations;
    plan->seconds = a->seconds;
    plan->batch = a->batch;
    plan->full_batch = a->full_batch;
    plan->accumulate = a->accumulate;
    plan->local_steps = 0;
    plan->local_lr = a->local_lr;
    plan->seed = a->seed;
    plan->rank = a->rank;
    plan->delay = *delay;
    tps__delay_seed_rank(&plan->delay, a->seed, a->rank);
    if (!a->is_eval &&
        (plan->delay.kind != TPS_DELAY_NONE || plan->delay.factor != 1)) {
        char d[160];
        tps__delay_describe(&plan->delay, d, sizeof(d));
        tps__log("injected delay: %s", d);
    }
}

/* The client's options from the command line. */
static void client_options(const args_t *a, tps_options_t *o) {
    tps_options_init(o);
    o->cluster = a->cluster;
    o->role = a->is_eval ? TPS_ROLE_EVALUATOR : TPS_ROLE_WORKER;
    o->rank = a->is_eval ? 0 : a->rank;
    o->workers = a->workers;
    o->connect_timeout_ms = a->connect_ms;
    o->reconnect_timeout_ms = a->reconnect_ms;
    o->keepalive_s = a->keepalive_s;
    o->key_file = a->key_file;
    o->frame_mac = a->frame_mac;
    o->chunk_bytes = (size_t)a->chunk_kib << 10;
    o->spin_us = a->spin_us;
    o->ssp_cache = a->ssp_cache;
    o->mode = a->expect_mode;
    o->codec = a->codec;
    o->bucket = (unsigned)a->bucket;
    o->error_feedback =
        strcmp(a->ef, "auto") == 0 ? -1 : strcmp(a->ef, "on") == 0;
    o->zstd_level = a->zstd_level;
    o->zstd_min = (size_t)a->zstd_min;
    o->pull_codec = a->pull_codec;
    o->latency_ms = a->link.latency_ms;
    o->jitter_ms = a->link.jitter_ms;
    o->bandwidth = a->link.bandwidth;
    o->link_seed = a->link.seed;
}

/* What the cluster's mode makes of the plan: --overlap and --read-lag are
 * refused where every gradient must come from the step before, and mode
 * local sets the local steps. Returns 0 or TPS_EINVAL (logged). */
static int plan_for_mode(const args_t *a, worker_t *w, plan_t *plan) {
    /* Sync and local SGD promise gradients from the model of the step
     * before (that is what they are); overlap would break the promise. */
    const tps__mode_row_t *row = tps__mode_find(tps_mode(w->cl));
    int strict_mode = row && row->strict_order;
    int overlap = strcmp(a->overlap, "on") == 0;
    if (!a->is_eval && overlap && strict_mode) {
        tps__log_err("--overlap on: mode %s computes every gradient from the "
                     "model of the step before; overlap would compute it one "
                     "step older (use async or ssp, or --overlap off)",
                     tps_mode(w->cl));
        return TPS_EINVAL;
    }
    if (!a->is_eval && a->read_lag > 0 && (strict_mode || overlap)) {
        if (strict_mode)
            tps__log_err("--read-lag %d: mode %s computes every gradient "
                         "from the model of the step before",
                         a->read_lag, tps_mode(w->cl));
        else
            tps__log_err("--read-lag %d: give it with --overlap off (the "
                         "overlap adds a lag of its own)",
                         a->read_lag);
        return TPS_EINVAL;
    }
    plan->read_lag = a->is_eval ? 0 : a->read_lag;
    if (plan->read_lag > 0)
        tps__log("read lag: every gradient is computed from the parameters "
                 "of %d pulls before", a->read_lag);
    plan->overlap = !a->is_eval && overlap;
    if (plan->overlap)
        tps__log("overlap: each push and the next pull are in flight while "
                 "the next gradient is computed (one more step of staleness; "
                 "--overlap off for the strict order)");
    if (row && row->local_steps) {
        plan->local_steps = tps_local_steps(w->cl);
        tps__log("mode local: %d local steps at lr %g per push",
                 plan->local_steps, a->local_lr);
    }
    return 0;
}

/* Opens the client (o must outlive w's use of it: a reconnect opens it
 * again), declares the tensors and opens the log. */
static int connect_cluster(const args_t *a, worker_t *w, tps_options_t *o) {
    char err[512];
    client_options(a, o);
    if (tps__link_enabled(&a->link)) {
        char d[200];
        tps__link_describe(&a->link, d, sizeof(d));
        tps__log("shaping every link to a shard: %s", d);
    }
    int rc = tps_open(o, &w->cl, err, sizeof(err));
    if (rc < 0) {
        tps__log_err("%s", err);
        return rc;
    }
    tps__signals_watch(w->cl);
    w->opts = o;
    w->disconnect_at = a->is_eval ? -1 : a->disconnect_at;
    if ((rc = tps__declare_all(w)) < 0 ||
        (rc = tps__open_log(w, a->logpath, a->is_eval)) < 0)
        return rc;
    tps__log("connected to %d shards, model %s (%d tensors), %zu rows",
             tps_shards(w->cl), w->m->name, w->m->ntensors, w->m->nrows);
    return 0;
}

/* The ledger a ride-through is checked against: every push sent is
 * applied, dropped, rejected or lost. */
static void log_ledger(const args_t *a, worker_t *w) {
    tps_delivery_t d;
    tps_delivery(w->cl, &d);
    tps__log("pushes: sent %llu, applied %llu, dropped %llu, rejected %llu, "
             "lost %llu; reconnects %llu, requests resent %llu",
             (unsigned long long)d.pushes_sent,
             (unsigned long long)d.pushes_applied,
             (unsigned long long)d.pushes_dropped,
             (unsigned long long)d.pushes_rejected,
             (unsigned long long)d.pushes_lost,
             (unsigned long long)d.reconnects,
             (unsigned long long)d.frames_resent);
    if (a->ssp_cache)
        tps__log("pulls: %llu to the shards, %llu from the ssp cache; "
                 "read lag at most %llu clock(s)",
                 (unsigned long long)d.pulls_sent,
                 (unsigned long long)d.pulls_cached,
                 (unsigned long long)d.max_read_lag);
}

/* Runs the role, with the metrics page served while it does, and says
 * what happened to the pushes. */
static int run_role(const args_t *a, worker_t *w, plan_t *plan) {
    char err[512];
    tps__worker_metrics_t wm;
    tps__metrics_t *mh = NULL;
    int rc;
    if (a->metrics_addr != NULL) {
        tps__worker_metrics_init(&wm, a->rank);
        if ((rc = tps__metrics_start(NULL, a->metrics_addr,
                                     tps__worker_metrics_render, &wm, &mh,
                                     err, sizeof(err))) < 0) {
            tps__log_err("%s", err);
            tps__worker_metrics_free(&wm);
            return rc;
        }
        w->metrics = &wm;
        tps__log("metrics on %s", tps__metrics_url(mh));
    }
    if (!a->is_eval && w->m->nrows == 0) {
        tps__log_warn(
            "this worker holds no training rows (more workers than rows?)");
        rc = TPS_EINVAL;
    } else {
        rc = a->is_eval ? tps__run_evaluator(w, a->every_ms, a->eval_updates,
                                             a->seconds, a->target)
             : w->m->touched ? tps__run_sparse_worker(w, plan)
                             : tps__run_worker(w, plan);
    }
    if (mh != NULL) {
        tps__metrics_stop(mh);
        tps__worker_metrics_free(&wm);
        w->metrics = NULL;
    }
    sd_notify(0, "STOPPING=1");
    if (!a->is_eval && w->cl != NULL) /* NULL: a failed --disconnect-at */
        log_ledger(a, w);
    return rc;
}

/* A worker or evaluator in a cluster: connect, fit the plan to the mode,
 * and run. */
static int run_clustered(const args_t *a, worker_t *w, plan_t *plan) {
    tps_options_t o;
    int rc = connect_cluster(a, w, &o);
    if (rc == 0)
        rc = plan_for_mode(a, w, plan);
    if (rc == 0) {
        /* Ready once it has joined every shard and declared its tensors. */
        sd_notifyf(0, "READY=1\nSTATUS=%s %d: joined %d shards, mode %s",
                   a->is_eval ? "evaluator" : "worker", a->rank,
                   tps_shards(w->cl), tps_mode(w->cl));
        rc = run_role(a, w, plan);
    }
    w->opts = NULL; /* o ends here */
    return rc;
}

/* --standalone: the log, and training alone. */
static int run_alone(const args_t *a, worker_t *w, plan_t *plan,
                     const standalone_t *alone) {
    int rc = tps__open_log(w, a->logpath, 0);
    if (rc < 0)
        return rc;
    tps__log("standalone: model %s (%d tensors), %zu rows, sgd at lr %g",
             w->m->name, w->m->ntensors, w->m->nrows, alone->lr);
    return tps__run_standalone(w, plan, alone);
}

/* Frees what the run built and turns rc into the exit status. */
static int teardown(const args_t *a, worker_t *w, standalone_t *alone,
                    int rc) {
    if (w->log && fclose(w->log) != 0 && rc == 0) {
        tps__log_err("cannot write %s: %s", a->logpath, strerror(errno));
        rc = TPS_EIO;
    }
    tps__signals_watch(NULL);
    tps_close(w->cl);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(w->params[i]);
        free(w->grads[i]);
    }
    w->m->destroy(w->m);
    if (alone->eval != NULL)
        alone->eval->destroy(alone->eval);
    /* Stopped by a signal while a shard was lost: a stop, not a failure. */
    if (rc == TPS_EINTR && tps__stop_requested)
        rc = 0;
    return rc < 0 ? 1 : 0;
}

/* --write-data: the training rows this process holds, as a LIBSVM file;
 * then the program ends (rc 1: done, nothing more to run). */
static int write_data(const args_t *a, worker_t *w) {
    char err[512];
    int rc;
    if (w->m->write_rows == NULL) {
        tps__log_err("--write-data writes the rows of sparse-logreg and fm, "
                     "not %s", w->m->name);
        return TPS_EINVAL;
    }
    if ((rc = w->m->write_rows(w->m, a->write_data, err, sizeof(err))) < 0) {
        tps__log_err("%s", err);
        return rc;
    }
    tps__log("wrote %zu rows to %s", w->m->nrows, a->write_data);
    return 1;
}

/* Everything after the command line was parsed; the exit status. */
static int run_program(args_t *a) {
    tps_delay_t delay;
    if (check_options(a, &delay) < 0)
        return 2;
    start_logging(a);
    worker_t w;
    memset(&w, 0, sizeof(w));
    w.t0 = tps__now();
    tps__model_config_t mc;
    char err[512];
    if (model_config(a, &mc, err, sizeof(err)) < 0) {
        tps__log_err("%s", err);
        return 2;
    }
    standalone_t alone = {.lr = isnan(a->lr) ? STANDALONE_DEFAULT_LR : a->lr,
                          .target = a->target,
                          .every_ms = a->every_ms,
                          .every_n = a->eval_updates};
    int rc = build_model(a, &mc, &w, &alone);
    if (rc == 1)
        return 1;
    if (rc == 0 && a->write_data != NULL)
        rc = write_data(a, &w);
    plan_t plan;
    if (rc == 0) {
        rc = alloc_buffers(&w);
        w.seed = a->seed;
        make_plan(a, &delay, &plan);
    }
    if (rc == 0)
        rc = a->standalone ? run_alone(a, &w, &plan, &alone)
                           : run_clustered(a, &w, &plan);
    return teardown(a, &w, &alone, rc == 1 ? 0 : rc);
}

int main(int argc, char **argv) {
    /* No defaults for these: whether they were given matters. */
    args_t a = {.cond = 0, .lr = NAN, .target = NAN, .noise = 0, .hetero = 0};
    const tps__opt_t opts[] = {
        {"cluster", TPS_OPT_STR, &a.cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, as given to every server"},
        {"role", TPS_OPT_CHOICE, &a.role, "worker", 0, -1, "worker|eval", NULL,
         "train, or evaluate read-only"},
        {"rank", TPS_OPT_INT, &a.rank, "0", 0, 4095, NULL, "R",
         "this worker's rank in [0, workers)"},
        {"workers", TPS_OPT_INT, &a.workers, "1", 1, 4096, NULL, "N",
         "number of workers in the cluster"},
        {"model", TPS_OPT_CHOICE, &a.model, "lsq", 0, -1,
         "lsq|softmax|logreg|mlp|sparse-logreg|fm", NULL, "built-in model"},
        {"data", TPS_OPT_STR, &a.data, NULL, 0, -1, NULL, "PATH",
         "softmax, mlp: directory of the Fashion-MNIST IDX .gz files "
         "(default /usr/share/datasets/fashion-mnist); logreg: LIBSVM file, "
         "or TRAIN,TEST; lsq: A.npy,b.npy[,xstar.npy] instead of a "
         "synthetic problem; sparse-logreg, fm: LIBSVM files with 64-bit "
         "ids (TRAIN[,TEST]) or synth-ctr[:KEY=VALUE,...] (the default), "
         "keys rows, test, features, nnz, zipf, seed and k"},
        {"standalone", TPS_OPT_FLAG, &a.standalone, NULL, 0, -1, NULL, NULL,
         "train alone in this process, no shard and no network: the same "
         "gradients, with the servers' SGD step applied here"},
        {"lr", TPS_OPT_DOUBLE, &a.lr, NULL, 0, 1e6, NULL, "LR",
         "--standalone: learning rate of w -= lr*g (default 0.1, as "
         "taups-server's --lr); in a cluster the servers apply theirs"},
        {"target", TPS_OPT_DOUBLE, &a.target, NULL, -1e30, 1e30, NULL, "X",
         "--standalone: stop at the first evaluation whose metric reaches X "
         "(rel_err at or below, accuracy at or above); evaluator: log the "
         "updates and seconds it took"},
        {"mode", TPS_OPT_CHOICE, &a.expect_mode, NULL, 0, -1,
         tps__mode_choices(), NULL,
         "refuse to join a cluster that runs another mode (default: any)"},
        {"batch", TPS_OPT_INT, &a.batch, "32", 1, 1 << 20, NULL, "B",
         "minibatch rows per iteration"},
        {"iterations", TPS_OPT_U64, &a.iterations, "0", 0, -1, NULL, "N",
         "minibatch steps to take (0: no limit, see --seconds); with "
         "--accumulate K or local SGD one push covers K of them"},
        {"delay", TPS_OPT_STR, &a.delay_spec, "none", 0, -1, NULL, "DIST",
         "injected compute time per minibatch step (K per push with "
         "--accumulate K or local SGD): none, const:MS, uniform:A:B, "
         "normal:MEAN:SD, lognormal:MEAN:CV, pareto:SHAPE:SCALE, exp:MEAN"},
        {"straggler", TPS_OPT_LIST, &a.stragglers, NULL, 0, -1, NULL,
         "RANK:FACTOR", "worker RANK (below --workers) is FACTOR times slower"},
        {"codec", TPS_OPT_STR, &a.codec, "none", 0, -1, NULL, "CODEC",
         "push compression: none, fp16, bf16, qsgd:Q, uniform:Q[:log]"
         "[:stochastic], topk:RATIO, randk:RATIO, sign"},
        {"bucket", TPS_OPT_INT, &a.bucket, "512", 1, 1 << 20, NULL, "N",
         "elements per quantisation bucket (qsgd, uniform)"},
        {"error-feedback", TPS_OPT_CHOICE, &a.ef, "auto", 0, -1, "auto|on|off",
         NULL,
         "keep what compression dropped and send it later (auto: on "
         "for biased codecs)"},
        {"overlap", TPS_OPT_CHOICE, &a.overlap, "off", 0, -1, "on|off", NULL,
         "async and ssp: compute the next gradient while this step's "
         "push and the next pull are in flight, from the parameters of the "
         "pull before (one more step of staleness, which a learning rate "
         "near the stability limit may not survive); off: the strict order "
         "pull, compute, push"},
        {"wire-zstd", TPS_OPT_INT, &a.zstd_level, "0", 0, 22, NULL, "LEVEL",
         "zstd-compress encoded pushes at this level (0: off)"},
        {"zstd-min", TPS_OPT_U64, &a.zstd_min, "4096", 0, 1e12, NULL, "BYTES",
         "smallest encoded chunk worth compressing"},
        {"pull-codec", TPS_OPT_STR, &a.pull_codec, "none", 0, -1, NULL, "CODEC",
         "compression of pull replies: none, fp16, bf16, qsgd:Q, uniform:Q"},
        {"replicate-data", TPS_OPT_FLAG, &a.replicate, NULL, 0, -1, NULL, NULL,
         "every worker holds all training rows instead of its rank's share"},
        {"full-batch", TPS_OPT_FLAG, &a.full_batch, NULL, 0, -1, NULL, NULL,
         "use all of this worker's rows every time (deterministic gradient)"},
        {"accumulate", TPS_OPT_INT, &a.accumulate, "1", 1, 1000000, NULL, "K",
         "push the mean of K minibatch gradients taken at the same parameters"},
        {"local-lr", TPS_OPT_DOUBLE, &a.local_lr, "0.05", 0, 1e6, NULL, "LR",
         "mode local: learning rate of the worker's own SGD steps"},
        {"l2", TPS_OPT_DOUBLE, &a.l2, "0", 0, 1e6, NULL, "LAMBDA",
         "logreg, sparse-logreg, fm: L2 regularisation (lambda/2) ||w||^2 "
         "(liblinear's C is 1/(lambda rows))"},
        {"factors", TPS_OPT_INT, &a.factors, "8", 1, 256, NULL, "K",
         "fm: dimension of the feature embeddings"},
        {"write-data", TPS_OPT_STR, &a.write_data, NULL, 0, -1, NULL, "FILE",
         "sparse-logreg, fm: write this process's training rows (all of "
         "them with --workers 1) as a LIBSVM file and exit"},
        {"hidden", TPS_OPT_INT, &a.hidden, "64", 1, 4096, NULL, "H",
         "mlp: hidden units"},
        {"seconds", TPS_OPT_DOUBLE, &a.seconds, "0", 0, 1e7, NULL, "S",
         "wall-clock seconds to run (0: no limit)"},
        {"disconnect-at", TPS_OPT_DOUBLE, &a.disconnect_at, "-1", -1, 1e7, NULL,
         "S",
         "worker: close every connection S seconds after start, then "
         "reconnect and go on training (negative: never)"},
        {"seed", TPS_OPT_U64, &a.seed, "1", 0, -1, NULL, "SEED",
         "seed of data synthesis, initialisation and sampling"},
        {"log", TPS_OPT_STR, &a.logpath, NULL, 0, -1, NULL, "FILE",
         "CSV log: one row per iteration (worker) or evaluation (eval)"},
        {"eval-every", TPS_OPT_DOUBLE, &a.every_ms, "500", 1, 1e7, NULL, "MS",
         "evaluator: milliseconds between evaluations; --standalone: of "
         "training"},
        {"eval-updates", TPS_OPT_U64, &a.eval_updates, "0", 0, -1, NULL, "N",
         "evaluator, --standalone: evaluate every N updates instead (0: by "
         "time); an evaluator's pull waits until every shard's version "
         "reaches the next multiple of N"},
        {"cond", TPS_OPT_DOUBLE, &a.cond, NULL, 1, 1e12, NULL, "C",
         "lsq: condition number of the Hessian (unset: 100)"},
        {"rows", TPS_OPT_U64, &a.rows, "0", 0, 1e9, NULL, "M",
         "lsq: rows of A (0: the model's default)"},
        {"dim", TPS_OPT_U64, &a.dim, "0", 0, 1e8, NULL, "D",
         "lsq: unknowns (0: the model's default)"},
        {"read-lag", TPS_OPT_INT, &a.read_lag, "0", 0, 10000, NULL, "L",
         "async, ssp: compute every gradient from the parameters of L pulls "
         "before (their versions declared, so the shards measure it); with "
         "one worker, a staleness of exactly L (sparse-logreg, fm: each "
         "batch pushed L steps late, each row as stale as its updates)"},
        {"split", TPS_OPT_STR, &a.split_text, "iid", 0, -1, NULL, "SPLIT",
         "softmax, mlp, logreg: the training rows each worker holds: iid "
         "(a block of the file), label-sorted (blocks of the rows sorted by "
         "label) or dirichlet:ALPHA (per class, the workers' shares drawn "
         "from Dirichlet(ALPHA); small ALPHA, few classes each); every "
         "worker must be given the same, and the same --seed"},
        {"noise", TPS_OPT_DOUBLE, &a.noise, "0", 0, 1e6, NULL, "SIGMA",
         "lsq: b = A x* + SIGMA N(0,1); rel_err is then measured from the "
         "least-squares optimum"},
        {"hetero", TPS_OPT_DOUBLE, &a.hetero, "0", 0, 1e6, NULL, "H",
         "lsq: each worker's rows solve x* + H N(0,I), their own optimum "
         "(the evaluator scores the optimum of all rows)"},
        {"connect-timeout", TPS_OPT_INT, &a.connect_ms,
         TPS_STR(TPS_CONNECT_TIMEOUT_MS), 0, 3600000, NULL, "MS",
         "how long to keep retrying an unreachable shard"},
        {"key-file", TPS_OPT_STR, &a.key_file, NULL, 0, -1, NULL, "FILE",
         "the cluster's pre-shared key (the shards' --key-file)"},
        {"frame-mac", TPS_OPT_FLAG, &a.frame_mac, NULL, 0, 0, NULL, NULL,
         "protect every frame either way with a tag (needs --key-file)"},
        {"reconnect-timeout", TPS_OPT_INT, &a.reconnect_ms, "60000", 0,
         86400000, NULL, "MS",
         "a shard lost while training is reconnected for up to MS "
         "(it may be restarting from its checkpoint); 0: fail at once"},
        {"keepalive", TPS_OPT_DOUBLE, &a.keepalive_s,
         TPS_STR(TPS_KEEPALIVE_S), 0, 86400, NULL, "SEC",
         "a shard that vanishes without closing (host "
         "down, path lost) is noticed within about this long, then "
         "reconnected as a lost shard is; a slow one never is (0: the "
         "kernel's default, hours)"},
        {"chunk-kib", TPS_OPT_INT, &a.chunk_kib, "1024", 1, 1 << 20, NULL,
         "KIB", "largest payload of one frame"},
        {"metrics", TPS_OPT_STR, &a.metrics_addr, NULL, 0, -1, NULL,
         "HOST:PORT",
         "serve this worker's Prometheus metrics at http://HOST:PORT/metrics "
         "(port 0 picks one; the log says which)"},
        {"ssp-cache", TPS_OPT_FLAG, &a.ssp_cache, NULL, 0, -1, NULL, NULL,
         "ssp: read from this worker's copy of the model while it reflects "
         "every worker's clock c - s - 1 (Ho et al.'s SSP), from the shards "
         "otherwise"},
        {"spin-us", TPS_OPT_INT, &a.spin_us, "0", 0, 1000000, NULL, "US",
         "wait for a reply by polling for up to US microseconds before "
         "sleeping (a busy core for fewer thread wake-ups)"},
        {"latency-ms", TPS_OPT_DOUBLE, &a.link.latency_ms, "0", 0, 600000, NULL,
         "MS", "delay every frame sent to a shard by MS"},
        {"jitter-ms", TPS_OPT_DOUBLE, &a.link.jitter_ms, "0", 0, 600000, NULL,
         "MS", "add a uniform delay in [-MS, MS] per frame (order is kept)"},
        {"bandwidth", TPS_OPT_U64, &a.link.bandwidth, "0", 0, 1e12, NULL,
         "BYTES_PER_S", "cap what is sent to each shard (0: unlimited)"},
        {"link-seed", TPS_OPT_U64, &a.link.seed, "1", 0, -1, NULL, "N",
         "seed of the jitter"},
        TPS_OPT_END,
    };
    int rc = tps__opt_parse(opts, "taups-worker", usage, argc, argv);
    if (rc < 0)
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    if (rc < argc) {
        fprintf(stderr, "taups-worker: unexpected argument \"%s\"\n", argv[rc]);
        rc = 2;
    } else {
        a.is_eval = strcmp(a.role, "eval") == 0;
        rc = run_program(&a);
    }
    tps__opt_free(opts);
    return rc;
}
