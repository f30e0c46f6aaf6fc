/* taups-worker: a ready-made worker (or read-only evaluator) that trains one
 * of the built-in models against a taups cluster. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "taups.h"
#include "tps_log.h"
#include "tps_opt.h"
#include "tps_rng.h"

static const char usage[] =
    "usage: taups-worker --cluster A0,A1,... --rank R --workers N --model M "
    "[options]\n"
    "       taups-worker --role eval --cluster A0,A1,... --workers N --model M "
    "[options]\n\n"
    "A worker pulls the model, computes a minibatch gradient on its share of "
    "the\n"
    "training rows and pushes it, until --iterations or --seconds run out or "
    "it\n"
    "gets SIGTERM. An evaluator pulls read-only every --eval-every ms and logs "
    "the\n"
    "held-out loss and metric; on SIGTERM it evaluates once more and exits.";

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

typedef struct worker_s {
    tps_client_t *cl;
    tps_model_t *m;
    int ids[TPS_MODEL_MAX_TENSORS];
    float *params[TPS_MODEL_MAX_TENSORS];
    float *grads[TPS_MODEL_MAX_TENSORS];
    FILE *log;
    double t0;
} worker_t;

static int fail(worker_t *w, const char *what, int rc) {
    tps_log("%s failed: %s", what,
            w->cl && tps_errmsg(w->cl)[0] ? tps_errmsg(w->cl) : tps_strerror(rc));
    return rc;
}

/* Pulls every tensor of the model, all requests in flight at once. */
static int pull_all(worker_t *w) {
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    int rc = 0, n = w->m->ntensors;
    for (int i = 0; i < n; i++)
        if ((rc = tps_pull_async(w->cl, w->ids[i], w->params[i], &t[i])) < 0) {
            n = i;
            break;
        }
    for (int i = 0; i < n; i++) {
        int r = tps_wait(w->cl, t[i]);
        rc = rc < 0 ? rc : r;
    }
    return rc;
}

static int push_all(worker_t *w) {
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    int rc = 0, n = w->m->ntensors;
    for (int i = 0; i < n; i++)
        if ((rc = tps_push_async(w->cl, w->ids[i], w->grads[i], &t[i])) < 0) {
            n = i;
            break;
        }
    for (int i = 0; i < n; i++) {
        int r = tps_wait(w->cl, t[i]);
        rc = rc < 0 ? rc : r;
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

static int run_worker(worker_t *w, uint64_t iterations, double seconds,
                      int batch, uint64_t seed, int rank) {
    tps_rng_t rng;
    tps_rng_seed(&rng, seed, 1000 + (uint64_t)rank);
    size_t nrows = w->m->nrows;
    if (nrows == 0) {
        tps_log("this worker holds no training rows (more workers than rows?)");
        return TPS_EINVAL;
    }
    size_t b = (size_t)batch < nrows ? (size_t)batch : nrows;
    uint32_t *rows = malloc(b * sizeof(*rows));
    if (rows == NULL)
        return TPS_ENOMEM;
    int rc = 0;
    uint64_t it;
    for (it = 0; (iterations == 0 || it < iterations) && !stop_requested; it++) {
        if (seconds > 0 && tps_now() - w->t0 >= seconds)
            break;
        if ((rc = pull_all(w)) < 0) {
            fail(w, "pull", rc);
            break;
        }
        for (size_t i = 0; i < b; i++)
            rows[i] = (uint32_t)tps_rng_below(&rng, nrows);
        double loss = w->m->grad(w->m, (const float *const *)w->params,
                                 w->grads, rows, b);
        if (!isfinite(loss)) {
            tps_log("loss is %g at iteration %llu: training diverged (learning "
                    "rate too high?); stopping",
                    loss, (unsigned long long)it);
            rc = TPS_EINVAL;
            break;
        }
        if ((rc = push_all(w)) < 0) {
            fail(w, "push", rc);
            break;
        }
        int64_t clock = tps_clock(w->cl);
        if (w->log) {
            uint64_t sent, recv;
            tps_bytes(w->cl, &sent, &recv);
            fprintf(w->log, "%.4f,%lld,%.6g,%llu,%llu,%llu\n", tps_now() - w->t0,
                    (long long)clock, loss, (unsigned long long)updates(w),
                    (unsigned long long)sent, (unsigned long long)recv);
        }
    }
    free(rows);
    tps_log("worker stops after %llu iterations%s", (unsigned long long)it,
            stop_requested ? " (signal)" : "");
    return rc;
}

static int evaluate_once(worker_t *w, double *metric) {
    int rc = pull_all(w);
    if (rc < 0)
        return fail(w, "pull", rc);
    double loss;
    rc = w->m->evaluate(w->m, (const float *const *)w->params, &loss, metric);
    if (rc < 0) {
        tps_log("evaluation failed: %s", tps_strerror(rc));
        return rc;
    }
    if (w->log)
        fprintf(w->log, "%.4f,%llu,%.6g,%.6g\n", tps_now() - w->t0,
                (unsigned long long)updates(w), loss, *metric);
    return 0;
}

static int run_evaluator(worker_t *w, double every_ms, double seconds) {
    double metric = 0;
    int rc = 0;
    while (!stop_requested && (seconds <= 0 || tps_now() - w->t0 < seconds)) {
        double start = tps_now();
        if ((rc = evaluate_once(w, &metric)) < 0)
            return rc;
        sleep_ms(every_ms - (tps_now() - start) * 1000);
    }
    /* The final state, after the workers stopped, is the figure that counts. */
    rc = evaluate_once(w, &metric);
    if (rc == 0)
        tps_log("final %s %.6g", w->m->metric_name, metric);
    return rc;
}

int main(int argc, char **argv) {
    const char *cluster = NULL, *role = NULL, *model = NULL, *data = NULL,
               *logpath = NULL;
    int rank, workers, batch, connect_ms, chunk_kib;
    uint64_t iterations, seed, rows, dim;
    double seconds, every_ms, cond;
    const tps_opt_t opts[] = {
        {"cluster", TPS_OPT_STR, &cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, as given to every server"},
        {"role", TPS_OPT_CHOICE, &role, "worker", 0, -1, "worker|eval", NULL,
         "train, or evaluate read-only"},
        {"rank", TPS_OPT_INT, &rank, "0", 0, 4095, NULL, "R",
         "this worker's rank in [0, workers)"},
        {"workers", TPS_OPT_INT, &workers, "1", 1, 4096, NULL, "N",
         "number of workers in the cluster"},
        {"model", TPS_OPT_CHOICE, &model, "lsq", 0, -1, "lsq|softmax", NULL,
         "built-in model"},
        {"data", TPS_OPT_STR, &data, "/usr/share/datasets/fashion-mnist", 0, -1,
         NULL, "DIR", "softmax: directory of the Fashion-MNIST IDX .gz files"},
        {"batch", TPS_OPT_INT, &batch, "32", 1, 1 << 20, NULL, "B",
         "minibatch rows per iteration"},
        {"iterations", TPS_OPT_U64, &iterations, "0", 0, -1, NULL, "N",
         "iterations to run (0: no limit, see --seconds)"},
        {"seconds", TPS_OPT_DOUBLE, &seconds, "0", 0, 1e7, NULL, "S",
         "wall-clock seconds to run (0: no limit)"},
        {"seed", TPS_OPT_U64, &seed, "1", 0, -1, NULL, "SEED",
         "seed of data synthesis, initialisation and sampling"},
        {"log", TPS_OPT_STR, &logpath, NULL, 0, -1, NULL, "FILE",
         "CSV log: one row per iteration (worker) or evaluation (eval)"},
        {"eval-every", TPS_OPT_DOUBLE, &every_ms, "500", 1, 1e7, NULL, "MS",
         "evaluator: milliseconds between evaluations"},
        {"cond", TPS_OPT_DOUBLE, &cond, "100", 1, 1e12, NULL, "C",
         "lsq: condition number of the Hessian"},
        {"rows", TPS_OPT_U64, &rows, "0", 0, 1e9, NULL, "M",
         "lsq: rows of A (0: the model's default)"},
        {"dim", TPS_OPT_U64, &dim, "0", 0, 1e8, NULL, "D",
         "lsq: unknowns (0: the model's default)"},
        {"connect-timeout", TPS_OPT_INT, &connect_ms, "10000", 0, 3600000, NULL,
         "MS", "how long to keep retrying an unreachable shard"},
        {"chunk-kib", TPS_OPT_INT, &chunk_kib, "1024", 1, 1 << 20, NULL, "KIB",
         "largest payload of one frame"},
        TPS_OPT_END,
    };
    int rc = tps_opt_parse(opts, "taups-worker", usage, argc, argv);
    if (rc < 0)
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    if (rc < argc) {
        fprintf(stderr, "taups-worker: unexpected argument \"%s\"\n", argv[rc]);
        tps_opt_free(opts);
        return 2;
    }
    int is_eval = strcmp(role, "eval") == 0;
    if (cluster == NULL || (!is_eval && rank >= workers)) {
        fprintf(stderr, "taups-worker: %s\n",
                cluster == NULL ? "--cluster is required"
                                : "--rank must be below --workers");
        tps_opt_free(opts);
        return 2;
    }
    char who[48];
    if (is_eval)
        snprintf(who, sizeof(who), "taups-eval");
    else
        snprintf(who, sizeof(who), "taups-worker[%d]", rank);
    tps_log_init(who);
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);

    worker_t w;
    memset(&w, 0, sizeof(w));
    w.t0 = tps_now();
    char err[512];
    tps_model_config_t mc = {model, data, rank, workers, is_eval, seed, cond,
                             rows, dim};
    rc = tps__model_new(&mc, &w.m, err, sizeof(err));
    if (rc < 0) {
        tps_log("%s", err);
        tps_opt_free(opts);
        return 1;
    }
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = cluster;
    o.role = is_eval ? TPS_ROLE_EVALUATOR : TPS_ROLE_WORKER;
    o.rank = is_eval ? 0 : rank;
    o.workers = workers;
    o.connect_timeout_ms = connect_ms;
    o.chunk_bytes = (size_t)chunk_kib << 10;
    rc = tps_open(&o, &w.cl, err, sizeof(err));
    if (rc < 0) {
        tps_log("%s", err);
        goto out;
    }
    for (int i = 0; i < w.m->ntensors && rc >= 0; i++) {
        const tps_model_tensor_t *t = &w.m->tensors[i];
        w.params[i] = calloc(t->len, sizeof(float));
        w.grads[i] = calloc(t->len, sizeof(float));
        if (w.params[i] == NULL || w.grads[i] == NULL) {
            tps_log("out of memory for tensor \"%s\"", t->name);
            rc = TPS_ENOMEM;
            break;
        }
        rc = w.ids[i] = tps_declare(w.cl, t->name, t->len, t->init, t->scale,
                                    seed);
        if (rc < 0)
            fail(&w, "declare", rc);
    }
    if (rc < 0)
        goto out;
    if (logpath) {
        w.log = fopen(logpath, "w");
        if (w.log == NULL) {
            tps_log("cannot write %s: %s", logpath, strerror(errno));
            rc = TPS_EIO;
            goto out;
        }
        setvbuf(w.log, NULL, _IOLBF, 0); /* followers see whole rows */
        if (is_eval)
            fprintf(w.log, "time_s,updates,loss,%s\n", w.m->metric_name);
        else
            fprintf(w.log, "time_s,clock,loss,version,bytes_sent,bytes_recv\n");
    }
    tps_log("connected to %d shards, model %s (%d tensors), %zu rows", tps_shards(w.cl),
            w.m->name, w.m->ntensors, w.m->nrows);
    rc = is_eval ? run_evaluator(&w, every_ms, seconds)
                 : run_worker(&w, iterations, seconds, batch, seed, rank);
out:
    if (w.log && fclose(w.log) != 0 && rc == 0) {
        tps_log("cannot write %s: %s", logpath, strerror(errno));
        rc = TPS_EIO;
    }
    tps_close(w.cl);
    for (int i = 0; i < TPS_MODEL_MAX_TENSORS; i++) {
        free(w.params[i]);
        free(w.grads[i]);
    }
    w.m->destroy(w.m);
    tps_opt_free(opts);
    return rc < 0 ? 1 : 0;
}
