/* SPDX-License-Identifier: MIT */
/* taups-server: one shard of a taups cluster, as a process. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <systemd/sd-daemon.h>
#include <uv.h>

#include "checkpoint.h"
#include "metrics.h"
#include "server.h"
#include "tps_cluster.h"
#include "tps_metrics.h"
#include "tps_log.h"
#include "tps_mode.h"
#include "tps_opt.h"

static const char usage[] =
    "Usage: taups-server --listen HOST:PORT --cluster A0,A1,... --shard I "
    "[options]\n\n"
    "Serves shard I of the cluster: holds a slice of every declared tensor,\n"
    "applies pushed gradients with its optimizer under the consistency mode\n"
    "and answers pulls. SIGTERM or SIGINT closes every connection and exits 0\n"
    "(1 when the final checkpoint cannot be written).";

/* What the service manager hears (sd_notify, a no-op without
 * NOTIFY_SOCKET): readiness, live counters, the watchdog, stopping. */
typedef struct notifier_s {
    uv_timer_t timer;
    tps__server_t *srv;
    tps__metrics_t *metrics; /* --metrics; NULL: none */
    uint64_t last_pushes;
    double last_t;
    int watchdog;
} notifier_t;

static void on_notify_timer(uv_timer_t *t) {
    notifier_t *n = t->data;
    const tps__shard_t *sh = tps__server_shard(n->srv);
    double now = tps__now();
    double rate = (double)(sh->st.pushes - n->last_pushes) / (now - n->last_t);
    n->last_pushes = sh->st.pushes;
    n->last_t = now;
    char ckpt[64] = "";
    double age = tps__ckpt_age(n->srv);
    if (age >= 0)
        snprintf(ckpt, sizeof(ckpt), ", checkpoint %.0f s old", age);
    int live = tps__server_live_workers(n->srv);
    sd_notifyf(0, "STATUS=%.0f pushes/s, %d %s live, %llu pushes, "
                  "%llu steps%s%s",
               rate, live, live == 1 ? "worker" : "workers",
               (unsigned long long)sh->st.pushes,
               (unsigned long long)sh->st.steps, ckpt,
               n->watchdog ? "\nWATCHDOG=1" : "");
}

static void on_signal(uv_signal_t *sig, int signum) {
    notifier_t *n = sig->data;
    tps__log("signal %d: shutting down", signum);
    sd_notify(0, "STOPPING=1");
    if (uv_is_active((uv_handle_t *)&n->timer))
        uv_timer_stop(&n->timer);
    tps__server_stop(n->srv);
    tps__metrics_stop(n->metrics);
    n->metrics = NULL;
    uv_close((uv_handle_t *)sig, NULL);
}

static char *render_metrics(void *arg, size_t *len) {
    return tps__server_metrics(arg, len);
}

static int serving(void *arg) {
    return tps__server_serving(arg);
}

/* The options that are not fields of the server's configuration as they
 * come from the command line, before config_from_args turns them into it. */
typedef struct args_s {
    const char *listen, *cluster, *metrics_addr;
    int shard, workers;
    double stats_every;
    uint64_t max_payload, max_elements, staleness;
    int max_header, max_tensors, local_steps, backup;
    int64_t max_staleness;
    const char *mode, *local_avg, *trace, *ckpt_every, *table_fate;
    int ckpt_keep, no_restore, allow_large_lr;
    double mtbf;
    const char *key_file;
    tps__optim_conf_t oc;
    char own[300]; /* --listen taken from the cluster list */
} args_t;

/* Without --listen a shard listens on its own entry of the cluster list,
 * so that one cluster.conf serves every host. Returns 0, or 2 (told). */
static int own_listen(args_t *a) {
    if (a->listen == NULL && a->cluster != NULL) {
        tps__addr_t *list = NULL;
        int n = tps__cluster_parse(a->cluster, &list, a->own, sizeof(a->own));
        if (n > a->shard && a->shard >= 0) {
            snprintf(a->own, sizeof(a->own), "%s", list[a->shard].text);
            a->listen = a->own;
        }
        free(list);
    }
    if (a->listen == NULL) {
        fprintf(stderr, "taups-server: --listen HOST:PORT is required (or "
                        "--cluster with this --shard's address)\n");
        return 2;
    }
    return 0;
}

/* --checkpoint-every: seconds, or auto (from --mtbf). Returns 0, or 2
 * (told). */
static int ckpt_every(args_t *a, tps__server_config_t *cfg) {
    if (strcmp(a->ckpt_every, "auto") == 0) {
        cfg->ckpt.mtbf = a->mtbf;
        return 0;
    }
    char *end;
    cfg->ckpt.every = strtod(a->ckpt_every, &end);
    if (*end != '\0' || end == a->ckpt_every || !(cfg->ckpt.every >= 0) ||
        cfg->ckpt.every > 1e9) {
        fprintf(stderr, "taups-server: --checkpoint-every \"%s\": expected "
                        "seconds (>= 0) or auto\n", a->ckpt_every);
        return 2;
    }
    return 0;
}

/* The values that are certainly mistakes, the key and the optimizer.
 * Returns 0, or 2 (told). */
static int config_check(args_t *a, tps__server_config_t *cfg) {
    char err[512];
    /* Values that are certainly typos; the fused finiteness check would
     * refuse every push they make anyway. */
    if (!a->allow_large_lr && a->oc.lr > 1e3) {
        fprintf(stderr, "taups-server: --lr %g is above 1000; give "
                        "--allow-large-lr if you mean it\n", a->oc.lr);
        return 2;
    }
    if (!a->allow_large_lr && a->oc.weight_decay > 1) {
        fprintf(stderr, "taups-server: --weight-decay %g is above 1; give "
                        "--allow-large-lr if you mean it\n",
                a->oc.weight_decay);
        return 2;
    }
    if (a->key_file &&
        tps__key_load(a->key_file, &cfg->key, err, sizeof(err)) < 0) {
        fprintf(stderr, "taups-server: %s\n", err);
        return 2;
    }
    if (cfg->frame_mac && !cfg->key.set) {
        fprintf(stderr, "taups-server: --frame-mac needs the cluster's key "
                        "(--key-file): the tags are keyed by it\n");
        return 2;
    }
    if (cfg->trace_rows && a->trace == NULL) {
        fprintf(stderr, "taups-server: --trace-rows writes into the trace: "
                        "give --trace FILE\n");
        return 2;
    }
    const tps__mode_row_t *mode = tps__mode_find(a->mode);
    if (a->backup > 0 &&
        (mode->barrier != TPS_BARRIER_ALWAYS || a->backup >= a->workers)) {
        fprintf(stderr,
                "taups-server: --backup-workers %d needs --mode sync and "
                "fewer backups than --workers (%d): a step waits for the "
                "first workers - b to commit\n",
                a->backup, a->workers);
        return 2;
    }
    if (tps__optim_init(&cfg->optim, &a->oc, err, sizeof(err)) < 0) {
        fprintf(stderr, "taups-server: %s\n", err);
        return 2;
    }
    if (cfg->optim.weight == TPS_WEIGHT_DC &&
        (mode->barrier == TPS_BARRIER_ALWAYS || mode->local_steps)) {
        fprintf(stderr, "taups-server: --staleness-weight dc compensates "
                        "gradients applied as they arrive: --mode async or "
                        "ssp, not %s\n",
                mode->name);
        return 2;
    }
    return 0;
}

/* The server's configuration from the parsed options. Returns 0, or 2
 * (told). */
static int config_from_args(args_t *a, tps__server_config_t *cfg) {
    int rc = own_listen(a);
    if (rc != 0)
        return rc;
    cfg->listen = a->listen;
    cfg->cluster = a->cluster;
    cfg->shard = a->shard;
    cfg->workers = a->workers;
    if ((rc = config_check(a, cfg)) != 0)
        return rc;
    cfg->cons.mode = tps__mode_find(a->mode);
    cfg->cons.staleness = a->staleness;
    cfg->cons.max_staleness = a->max_staleness;
    cfg->cons.local_steps = a->local_steps;
    cfg->cons.local_sync = strcmp(a->local_avg, "sync") == 0;
    cfg->cons.backup = a->backup;
    cfg->table_fate_push = strcmp(a->table_fate, "push") == 0;
    cfg->trace = a->trace;
    cfg->ckpt.keep = a->ckpt_keep;
    cfg->ckpt.no_restore = a->no_restore;
    if ((rc = ckpt_every(a, cfg)) != 0)
        return rc;
    cfg->stats_every = a->stats_every;
    cfg->lim.max_header = (uint32_t)a->max_header;
    cfg->lim.max_payload = a->max_payload;
    cfg->max_tensors = a->max_tensors;
    cfg->max_elements = a->max_elements;
    return 0;
}

/* Tells the service manager (when it listens) that the shard is ready,
 * and then its counters every 2 s, or at half the watchdog's interval. */
static void notifier_start(uv_loop_t *loop, notifier_t *n, const args_t *a) {
    uint64_t wd_usec = 0;
    n->watchdog = sd_watchdog_enabled(0, &wd_usec) > 0;
    uv_timer_init(loop, &n->timer);
    n->timer.data = n;
    if (getenv("NOTIFY_SOCKET") == NULL)
        return;
    sd_notifyf(0, "READY=1\nSTATUS=listening on %s as shard %d", a->listen,
               a->shard);
    uint64_t ms = 2000;
    if (n->watchdog && wd_usec / 2000 < ms)
        ms = wd_usec / 2000 ? wd_usec / 2000 : 1;
    uv_timer_start(&n->timer, on_notify_timer, ms, ms);
    uv_unref((uv_handle_t *)&n->timer);
}

/* Runs the loop until SIGTERM or SIGINT has stopped the server and every
 * handle is closed. */
static void run_until_signal(uv_loop_t *loop, notifier_t *n) {
    uv_signal_t sigterm, sigint;
    uv_signal_init(loop, &sigterm);
    uv_signal_init(loop, &sigint);
    sigterm.data = sigint.data = n;
    uv_signal_start(&sigterm, on_signal, SIGTERM);
    uv_signal_start(&sigint, on_signal, SIGINT);
    /* Whichever signal did not fire must not keep the loop alive. */
    uv_unref((uv_handle_t *)&sigterm);
    uv_unref((uv_handle_t *)&sigint);
    uv_run(loop, UV_RUN_DEFAULT);
    if (!uv_is_closing((uv_handle_t *)&sigterm))
        uv_close((uv_handle_t *)&sigterm, NULL);
    if (!uv_is_closing((uv_handle_t *)&sigint))
        uv_close((uv_handle_t *)&sigint, NULL);
    uv_close((uv_handle_t *)&n->timer, NULL);
    uv_run(loop, UV_RUN_DEFAULT);
}

/* Serves until a signal; returns the exit status. */
static int serve(const tps__server_config_t *cfg, const args_t *a) {
    char who[32];
    snprintf(who, sizeof(who), "taups-server[%d]", a->shard);
    tps__log_init(who);
    signal(SIGPIPE, SIG_IGN);

    uv_loop_t loop;
    uv_loop_init(&loop);
    tps__server_t *srv;
    char err[512];
    int rc = tps__server_start(&loop, cfg, &srv, err, sizeof(err));
    if (rc < 0) {
        tps__log_err("%s", err);
        uv_loop_close(&loop);
        return 1;
    }
    /* Ready: listening, and restored when it keeps checkpoints. */
    notifier_t notifier = {.srv = srv, .last_t = tps__now()};
    if (a->metrics_addr != NULL) {
        rc = tps__metrics_start(&loop, a->metrics_addr, render_metrics, srv,
                               &notifier.metrics, err, sizeof(err));
        if (rc < 0) {
            tps__log_err("%s", err);
            tps__server_stop(srv);
            uv_run(&loop, UV_RUN_DEFAULT);
            tps__server_free(srv);
            uv_loop_close(&loop);
            return 1;
        }
        tps__metrics_set_ready(notifier.metrics, serving);
        tps__log("metrics on %s", tps__metrics_url(notifier.metrics));
    }
    notifier_start(&loop, &notifier, a);
    run_until_signal(&loop, &notifier);
    int lost = tps__ckpt_final_failed(srv);
    tps__server_free(srv);
    rc = uv_loop_close(&loop);
    if (rc != 0)
        tps__log_err("loop closed with handles open: %s", uv_strerror(rc));
    if (lost)
        tps__log_err("exit status 1: the final checkpoint was not written");
    return rc == 0 && !lost ? 0 : 1;
}

int main(int argc, char **argv) {
    tps__server_config_t cfg;
    tps__server_config_init(&cfg);
    args_t a = {.shard = 0, .workers = 1};
    tps__optim_conf_default(&a.oc);
    char mode_help[1200];
    snprintf(mode_help, sizeof(mode_help), "consistency mode (taups(7)): %s",
             tps__mode_help());
    const tps__opt_t opts[] = {
        {"metrics", TPS_OPT_STR, &a.metrics_addr, NULL, 0, -1, NULL,
         "HOST:PORT",
         "serve Prometheus metrics at http://HOST:PORT/metrics, and /ready "
         "(200 while the shard serves) for probes (port 0 picks one; the log "
         "says which)"},
        {"listen", TPS_OPT_STR, &a.listen, NULL, 0, -1, NULL, "HOST:PORT",
         "address to listen on: IPv4, IPv6 or a host name, or unix:/PATH "
         "(port 0 picks one)"},
        {"cluster", TPS_OPT_STR, &a.cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, the same list on every process; a shard "
         "dials every other one in it"},
        {"shard", TPS_OPT_INT, &a.shard, "0", 0, 255, NULL, "I",
         "this process's index in --cluster"},
        {"workers", TPS_OPT_INT, &a.workers, "1", 1, 4096, NULL, "N",
         "number of workers in the cluster"},
        {"mode", TPS_OPT_CHOICE, &a.mode, tps__mode_default()->name, 0, -1,
         tps__mode_choices(), NULL, mode_help},
        {"staleness", TPS_OPT_U64, &a.staleness, "2", 0, 1e9, NULL, "T",
         "ssp: answer a worker at clock c once the slowest is at c - T"},
        {"max-staleness", TPS_OPT_I64, &a.max_staleness, "-1", -1, 1e15, NULL,
         "T",
         "async/local-async: drop pushes with staleness above T (-1: never)"},
        {"backup-workers", TPS_OPT_INT, &a.backup, "0", 0, 4095, NULL, "B",
         "sync: a step goes with the first workers - B to commit; the later "
         "ones' pushes of that step are dropped and counted, and they go on "
         "from the step taken"},
        {"local-steps", TPS_OPT_INT, &a.local_steps, "4", 1, 1000000, NULL, "K",
         "local: steps each worker takes between averagings"},
        {"local-avg", TPS_OPT_CHOICE, &a.local_avg, "sync", 0, -1, "sync|async",
         NULL,
         "local: average deltas in a barrier, or apply each scaled by 1/N"},
        {"optimizer", TPS_OPT_STR, &a.oc.optimizer, "sgd", 0, -1, NULL,
         "sgd|momentum|nesterov|adam|adagrad|ftrl", "update rule on the shard"},
        {"lr", TPS_OPT_DOUBLE, &a.oc.lr, "0.1", 0, 1e6, NULL, "LR",
         "learning rate, at most 1000 unless --allow-large-lr (0 freezes the "
         "parameters: for benchmarks of the transport)"},
        {"allow-large-lr", TPS_OPT_FLAG, &a.allow_large_lr, NULL, 0, 0, NULL,
         NULL, "accept --lr above 1000 and --weight-decay above 1"},
        {"momentum", TPS_OPT_DOUBLE, &a.oc.momentum, "0.9", 0, 0.999999, NULL,
         "MU", "momentum, nesterov: momentum coefficient"},
        {"beta1", TPS_OPT_DOUBLE, &a.oc.beta1, "0.9", 0, 0.999999, NULL, "B1",
         "adam: first-moment decay"},
        {"beta2", TPS_OPT_DOUBLE, &a.oc.beta2, "0.999", 0, 0.999999999, NULL,
         "B2", "adam: second-moment decay"},
        {"eps", TPS_OPT_DOUBLE, &a.oc.eps, "1e-8", 1e-30, 1, NULL, "EPS",
         "adam, adagrad: denominator guard"},
        {"ftrl-beta", TPS_OPT_DOUBLE, &a.oc.ftrl_beta, "1", 0, 1e30, NULL, "B",
         "ftrl: beta of the per-element rate LR/(B + sqrt(n))"},
        {"l1", TPS_OPT_DOUBLE, &a.oc.l1, "0", 0, 1e30, NULL, "L1",
         "ftrl: L1 strength; an element whose |z| <= L1 is exactly 0"},
        {"l2", TPS_OPT_DOUBLE, &a.oc.l2, "0", 0, 1e30, NULL, "L2",
         "ftrl: L2 strength, exact (unlike --weight-decay's linear term)"},
        {"weight-decay", TPS_OPT_DOUBLE, &a.oc.weight_decay, "0", 0, 1e6, NULL,
         "WD",
         "L2 coefficient added to the gradient, in [0, 1] unless "
         "--allow-large-lr"},
        {"lr-schedule", TPS_OPT_STR, &a.oc.schedule, "constant", 0, -1, NULL,
         "SCHEDULE", "constant|invsqrt|step:EVERY:FACTOR|cosine:TOTAL"},
        {"warmup", TPS_OPT_U64, &a.oc.warmup, "0", 0, 1e12, NULL, "N",
         "ramp the learning rate up linearly over the first N steps"},
        {"clip-norm", TPS_OPT_DOUBLE, &a.oc.clip_norm, "0", 0, 1e30, NULL, "X",
         "scale each worker's gradient to norm at most X (0: off); a push "
         "is clipped by the larger of its claimed norm and its slice's"},
        {"staleness-weight", TPS_OPT_STR, &a.oc.weight, "none", 0, -1, NULL,
         "W",
         "none|inverse|exp:LAMBDA|lrdiv|dc:LAMBDA: weight of a push of "
         "staleness s (1, 1/(1+s), e^(-LAMBDA s), 1/max(1,s)); dc weighs 1 "
         "and compensates the gradient, g + LAMBDA g*g*(w - w_read) "
         "(DC-ASGD; async and ssp; keeps each worker's last pull: --workers "
         "more copies of every dense slice, within --max-memory)"},
        {"trace", TPS_OPT_STR, &a.trace, NULL, 0, -1, NULL, "FILE",
         "CSV of every pull answered, push, step, join and leave"},
        {"trace-rows", TPS_OPT_FLAG, &cfg.trace_rows, NULL, 0, 0, NULL, NULL,
         "with --trace: also one line per table row applied on arrival "
         "(async, ssp), with its id and its own staleness"},
        {"checkpoint-dir", TPS_OPT_STR, &cfg.ckpt.dir, NULL, 0, -1, NULL, "DIR",
         "keep checkpoints in DIR (created) and restore the newest on start"},
        {"checkpoint-every", TPS_OPT_STR, &a.ckpt_every, "60", 0, -1, NULL,
         "SEC|auto",
         "seconds between checkpoints (0: only on request and at "
         "exit); auto: Young's sqrt(2 C MTBF) from --mtbf"},
        {"checkpoint-keep", TPS_OPT_INT, &a.ckpt_keep, "3", 1, 1000, NULL, "N",
         "checkpoint generations kept"},
        {"checkpoint-pause-ms", TPS_OPT_DOUBLE, &cfg.ckpt.pause_ms, "0", 0,
         60000, NULL, "MS",
         "hold the shard MS more at each checkpoint, as a synchronous "
         "checkpoint of that cost would (experiments on the checkpoint "
         "interval; the log's \"loop paused\" includes it)"},
        {"mtbf", TPS_OPT_DOUBLE, &a.mtbf, "86400", 1, 1e9, NULL, "SEC",
         "mean time between failures, for --checkpoint-every auto"},
        {"no-restore", TPS_OPT_FLAG, &a.no_restore, NULL, 0, 0, NULL, NULL,
         "start afresh even when --checkpoint-dir holds a checkpoint"},
        {"stats-every", TPS_OPT_DOUBLE, &a.stats_every, "10", 0, 86400, NULL,
         "SEC", "seconds between summary log lines (0: only at exit)"},
        {"latency-ms", TPS_OPT_DOUBLE, &cfg.link.latency_ms, "0", 0, 600000,
         NULL, "MS", "delay every frame this shard sends by MS"},
        {"jitter-ms", TPS_OPT_DOUBLE, &cfg.link.jitter_ms, "0", 0, 600000, NULL,
         "MS", "add a uniform delay in [-MS, MS] per frame (order is kept)"},
        {"bandwidth", TPS_OPT_U64, &cfg.link.bandwidth, "0", 0, 1e12, NULL,
         "BYTES_PER_S", "cap what each connection sends (0: unlimited)"},
        {"link-seed", TPS_OPT_U64, &cfg.link.seed, "1", 0, -1, NULL, "N",
         "seed of the jitter"},
        {"max-header", TPS_OPT_INT, &a.max_header, "4096", 64, 1 << 20, NULL,
         "BYTES", "largest frame header accepted"},
        {"max-payload", TPS_OPT_U64, &a.max_payload, "67108864", 1024,
         (double)(1ULL << 34), NULL, "BYTES", "largest frame payload accepted"},
        {"max-tensors", TPS_OPT_INT, &a.max_tensors, "64", 1, 65536, NULL, "N",
         "most tensors this shard holds"},
        {"max-elements", TPS_OPT_U64, &a.max_elements, "2147483648", 1,
         (double)(1ULL << 40), NULL, "N", "longest tensor (whole length)"},
        {"key-file", TPS_OPT_STR, &a.key_file, NULL, 0, -1, NULL, "FILE",
         "the cluster's pre-shared key (mode 0600, >= 32 characters; "
         "taups-ctl keygen FILE): every client must prove it"},
        {"insecure", TPS_OPT_FLAG, &cfg.insecure, NULL, 0, 0, NULL, NULL,
         "serve a non-loopback address without --key-file"},
        {"frame-mac", TPS_OPT_FLAG, &cfg.frame_mac, NULL, 0, 0, NULL, NULL,
         "refuse clients that do not protect every frame with a tag (their "
         "--frame-mac; needs --key-file)"},
        {"max-connections", TPS_OPT_INT, &cfg.max_connections, "256", 1,
         1000000, NULL, "N",
         "connections open at once; more are told why "
         "and closed. Of these at most a quarter, and 8 per address, may "
         "be still without a completed hello: the oldest make room"},
        {"hello-timeout", TPS_OPT_DOUBLE, &cfg.hello_timeout, "5", 0.1, 3600,
         NULL, "SEC", "close a connection that has not completed its hello"},
        {"keepalive", TPS_OPT_DOUBLE, &cfg.keepalive, "30", 0, 86400, NULL,
         "SEC",
         "a client that vanishes without closing (host down, path "
         "lost) is cut off within about this long; one that is slow or "
         "waits for a pull never is (0: the kernel's default, hours)"},
        {"rejoin-grace", TPS_OPT_DOUBLE, &cfg.rejoin_grace, "10", 0, 3600, NULL,
         "SEC",
         "after a restore, wait this long for the workers the "
         "checkpoint saw live; those not back by then have left"},
        {"header-timeout", TPS_OPT_DOUBLE, &cfg.header_timeout, "10", 0.1, 3600,
         NULL, "SEC",
         "close a connection whose frame header is "
         "incomplete this long"},
        {"idle-timeout", TPS_OPT_DOUBLE, &cfg.idle_timeout, "600", 0, 1e7, NULL,
         "SEC",
         "close a connection that sent nothing this long and "
         "waits for no pull, or whose replies have not moved this long "
         "(0: never)"},
        {"max-memory", TPS_OPT_U64, &cfg.max_memory, NULL, 1 << 20,
         (double)(1ULL << 50), NULL, "BYTES",
         "memory the tensors, optimizer state, sync buffers and dc's "
         "copies of what each worker read may take; "
         "declarations beyond it are refused (default: half of physical "
         "memory, or of the cgroup's limit if lower; the start-up log line "
         "says how much)"},
        {"table-fate", TPS_OPT_CHOICE, &a.table_fate, "row", 0, -1,
         "row|push", "FATE",
         "tables: each row of a push judged by its own staleness (row), or "
         "every row of a push frame by its stalest one (push, as a dense "
         "push is judged; for comparison)"},
        {"row-admit", TPS_OPT_INT, &cfg.row_admit, "0", 0, 255, NULL, "K",
         "tables: create a row only once its id has been pushed K times "
         "(feature admission; until then it reads as its initial value and "
         "its pushes are counted, not applied; 0 or 1: at once)"},
        {"conn-buffer", TPS_OPT_U64, &cfg.conn_buffer, "67108864", 1 << 20,
         (double)(1ULL << 40), NULL, "BYTES",
         "memory of unsent replies per "
         "connection before it is no longer read"},
        {"max-held-pulls", TPS_OPT_INT, &cfg.max_held_pulls, "1024", 1,
         10000000, NULL, "N",
         "pulls held back per connection (ssp/sync "
         "gates, evaluators' versions); more are refused"},
        TPS_OPT_END,
    };
    int rc = tps__opt_parse(opts, "taups-server", usage, argc, argv);
    if (rc < 0)
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    if (rc < argc) {
        fprintf(stderr, "taups-server: unexpected argument \"%s\"\n", argv[rc]);
        return 2;
    }
    rc = config_from_args(&a, &cfg);
    if (rc == 0)
        rc = serve(&cfg, &a);
    tps__opt_free(opts);
    return rc;
}
