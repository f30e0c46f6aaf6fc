/* SPDX-License-Identifier: MIT */
/* taups-launch: starts a whole taups cluster (S shard servers, one
 * read-only evaluator, N workers) on this host, in network namespaces
 * (--hosts netns) or on other hosts over ssh (--hosts FILE), shows live
 * progress, stops everything in order when the workers are done (or on
 * Ctrl-C or --timeout), and leaves a run directory behind: per-process logs
 * and CSVs, run.json and plots.
 *
 * This file holds the options table, the usage text and main(), which only
 * wires the rooms of tools/launch/ together in the order a run goes through
 * them and turns the outcome into the exit status. Must NOT carry out any
 * stage itself: each belongs to the file launch.h lists it under. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "tps_mode.h"
#include "tps_opt.h"
#include "tps_rng.h"
#include "tps_tool.h"

#include "launch.h"

static const char usage[] =
    "Usage: " PROG " [OPTIONS]\n"
    "\n"
    "Starts S taups-server shards, one evaluator and N taups-worker processes\n"
    "on this host, shows progress, stops everything when the workers are done\n"
    "(or on Ctrl-C or --timeout), and writes a run directory: server-I.log,\n"
    "worker-R.log/.csv, eval.log/.csv, run.json, plot.gp and PNG plots.\n"
    "\n"
    "Progress: updates/s is the change of the evaluator's `updates` column\n"
    "(summed server versions) over its rows of the last few seconds; the "
    "metric\n"
    "and loss are from its latest row.\n"
    "\n"
    "With --hosts netns (as root), each server, worker and the evaluator\n"
    "runs in a network namespace of its own (tps-PID-s0, -w0, -ev) with one\n"
    "address (servers 10.199.10.x, workers 10.199.20.x, evaluator\n"
    "10.199.100.1), linked by veth pairs to a bridge in namespace\n"
    "tps-PID-sw; all of them are deleted when the run ends, whatever the\n"
    "outcome. run.json lists them under \"hosts\"; netns.log has every ip\n"
    "and tc command. --link-rate RATE shapes every host's link in both\n"
    "directions with a token bucket (tc's tbf) on each end: RATE as tc reads\n"
    "it (10gbit, 1gbit, 500mbit; bps, mbps, ... are bytes a second), with a\n"
    "bucket of about 210 us of the rate (at least 128 KiB) and a queue of\n"
    "10 ms.\n"
    "\n"
    "With --hosts netns:K --hold, the launcher builds K hosts tps-PID-h0..\n"
    "(10.199.1.1, .2, ...) on the same kind of bridge, runs nothing, prints\n"
    "`host I NAMESPACE ADDRESS` for each and then `ready` on stdout, and\n"
    "holds them for other programs (`ip netns exec NAMESPACE ...`) until\n"
    "SIGINT, SIGTERM or SIGHUP, or until its stdin reaches its end (a\n"
    "program that holds the write end of a pipe to it holds the hosts, and\n"
    "they go when it dies); then it deletes them and exits 0. Its stdin must\n"
    "therefore stay open: not /dev/null, which background jobs of a\n"
    "non-interactive shell get. A process still running in a host keeps its\n"
    "namespace, nameless, until it exits: stop them first. The other options\n"
    "of a run do not apply.\n"
    "\n"
    "With --hosts FILE, servers and workers run on the hosts FILE lists, each\n"
    "started with `SSH -p PORT DEST -- ...` (SSH from --ssh, which must not\n"
    "ask for passwords); the evaluator stays on this host. One host a line,\n"
    "`#` starts a comment:\n"
    "  DEST [addr=IP] [ssh-port=N] [roles=server,worker] [bindir=DIR]\n"
    "       [workdir=DIR]\n"
    "  # e.g.\n"
    "  alice@node1 addr=10.0.0.1 roles=server\n"
    "  node2 addr=10.0.0.2 ssh-port=2222 bindir=/opt/taups/bin\n"
    "DEST is [user@]host for ssh; addr (default: DEST's host) is where that\n"
    "host's servers are reached, and listen if it is a numeric address (a\n"
    "name may resolve to loopback on its own host, Debian's 127.0.1.1, so\n"
    "they listen on 0.0.0.0 then); roles (default both) says what\n"
    "may run there: servers go round-robin over server hosts, workers over\n"
    "worker hosts, shard I on port --port-base + I. bindir (default: the\n"
    "absolute directories used here) holds taups-server and taups-worker;\n"
    "workdir (default /tmp/taups-RUNID) is created and receives the worker\n"
    "CSVs, which are copied back into the run directory at the end. Logs\n"
    "come back through ssh as usual. A remote process stops when its ssh's\n"
    "stdin closes (the launcher stops it or dies); faults reach it as a line\n"
    "on that stdin (KILL, STOP, CONT), which the remote wrapper turns into\n"
    "the signal. The remote login shell must be a POSIX sh.\n"
    "\n"
    "Extra arguments reach the children verbatim, one argv element each:\n"
    "  " PROG " --server-arg=--stats-every --server-arg=2\n"
    "\n"
    "Faults (--fault) are announced on stdout when they act and recorded in\n"
    "run.json under \"faults\" (times in seconds after the workers started,\n"
    "which is \"workers_start_s\" after the launch). A worker killed by a\n"
    "fault is not a failure of the run; a paused worker is always resumed\n"
    "before it is stopped.\n"
    "\n"
    "With --restart-shards every server keeps checkpoints in the run\n"
    "directory, ckpt-shard-I (on a remote host: in its workdir), every second\n"
    "unless --server-arg gives --checkpoint-every. A shard that dies while\n"
    "the workers run (kill-shard, a crash) is announced on stdout and started\n"
    "again with the same command line after 0.1 s (after a crash: doubled\n"
    "with each restart so far, up to 2 s); it restores its newest checkpoint\n"
    "and the workers and the evaluator reconnect (--reconnect-timeout).\n"
    "After 10 crashes of one shard (kills by --fault do not count) the run\n"
    "stops as without the option. run.json lists each shard's restarts\n"
    "under \"restarts_s\"; the progress line counts them and the reconnects\n"
    "of the workers and the evaluator (their CSVs' column).\n"
    "\n"
    "Exit status: 0 all processes exited 0 (--hold: the hosts were held and\n"
    "removed); 1 a process failed or could not start; 2 bad options; 124\n"
    "--timeout reached; 128+N stopped by signal N.\n"
    "An evaluator that does not finish its final evaluation within 10 s of\n"
    "SIGTERM is killed and said so, but is not a failure of the run: the\n"
    "workers' results stand.";

/* --worker-cmd's R:COMMAND, R a rank or *. */
static int check_worker_cmds(const settings_t *s) {
    for (int k = 0; k < s->worker_cmds.n; k++) {
        const char *spec = s->worker_cmds.v[k], *colon = strchr(spec, ':');
        char *end = NULL;
        long r = colon ? strtol(spec, &end, 10) : -1;
        int star = colon && colon - spec == 1 && spec[0] == '*';
        if (colon == NULL || colon[1] == '\0' ||
            (!star && (end != colon || r < 0 || r >= s->workers))) {
            fprintf(stderr,
                    "%s: --worker-cmd \"%s\": expected R:COMMAND with R a "
                    "rank in 0..%d, or *:COMMAND\n",
                    PROG, spec, s->workers - 1);
            return -1;
        }
    }
    return 0;
}

/* Options that conflict, and the defaults that depend on others; -1 after
 * a message for a usage error. */
static int check_settings(settings_t *s) {
    if (s->iterations > 0 && s->seconds > 0) {
        fprintf(stderr, "%s: give --iterations or --seconds, not both\n", PROG);
        return -1;
    }
    if (strchr(s->host, ':')) {
        fprintf(stderr,
                "%s: --host %s: IPv6 addresses are not supported; "
                "give an IPv4 address or a name\n",
                PROG, s->host);
        return -1;
    }
    if (check_worker_cmds(s) < 0)
        return -1;
    if (s->no_eval && s->eval_cmd) {
        fprintf(stderr, "%s: --no-eval and --eval-cmd: give one or the other\n",
                PROG);
        return -1;
    }
    /* Workers of the user's own model declare tensors that the built-in
     * evaluator does not know: it would wait for its own until stopped. */
    if (!s->no_eval && !s->eval_cmd && launch_every_rank_cmd(s)) {
        s->no_eval = 1;
        printf("%s: every worker runs --worker-cmd and there is no "
               "--eval-cmd: no evaluator (the built-in one knows only the "
               "built-in models)\n",
               PROG);
    }
    if ((s->worker_cmds.n > 0 || s->eval_cmd) && s->hosts) {
        fprintf(stderr,
                "%s: --worker-cmd and --eval-cmd run on this host; "
                "they cannot be combined with --hosts\n",
                PROG);
        return -1;
    }
    if (s->iterations == 0 && s->seconds == 0)
        s->iterations = 1000;
    return 0;
}

/* --hosts netns:K, --hold and --link-rate, which only go together as
 * documented. */
static int check_netns(const settings_t *s, int netns) {
    if (s->link_rate && !netns) {
        fprintf(stderr,
                "%s: --link-rate shapes the links between network "
                "namespaces; give it with --hosts netns or netns:K\n",
                PROG);
        return -1;
    }
    if (s->hold && s->netns_hosts == 0) {
        fprintf(stderr,
                "%s: --hold needs --hosts netns:K, the number of hosts to "
                "hold\n",
                PROG);
        return -1;
    }
    if (!s->hold && s->netns_hosts > 0) {
        fprintf(stderr,
                "%s: --hosts %s builds hosts to hold for other programs and "
                "needs --hold; a run gives each process a host of its own: "
                "--hosts netns\n",
                PROG, s->hosts);
        return -1;
    }
    return 0;
}

/* --hosts against --host, and netns against the user's rights. */
static int check_hosts(const settings_t *s, int netns) {
    if (s->hosts && strcmp(s->host, "127.0.0.1") != 0) {
        fprintf(stderr,
                "%s: --host %s: with --hosts every server gets its own "
                "address; leave --host out\n",
                PROG, s->host);
        return -1;
    }
    if (netns && !launch_netns_allowed()) {
        fprintf(stderr,
                "%s: --hosts netns creates network namespaces, which needs "
                "root (CAP_SYS_ADMIN and CAP_NET_ADMIN); run it as root\n",
                PROG);
        return -1;
    }
    return 0;
}

/* --seed 0: one drawn from the clock and the pid, recorded in run.json. */
static void draw_seed(launch_t *l) {
    tps__rng_t rng;
    tps__rng_seed(&rng,
                  (uint64_t)l->wall0.tv_sec * 1000000000u +
                      (uint64_t)l->wall0.tv_nsec,
                  (uint64_t)getpid());
    /* Small enough to type back in and to survive any JSON reader. */
    l->s->seed = tps__rng_below(&rng, INT32_MAX) + 1;
    l->seed_drawn = 1;
}

/* Everything before the first process starts: ssh, clocks, seed, faults,
 * programs, run directory, signals, the children's table. -1 with
 * l->exit_status set when the run cannot go on. */
static int prepare(launch_t *l) {
    settings_t *s = l->s;
    if (l->hosts && launch_ssh_split(l) < 0) {
        fprintf(stderr, "%s: --ssh is empty\n", PROG);
        l->exit_status = 2;
        return -1;
    }
    launch_progress_init(l);
    clock_gettime(CLOCK_MONOTONIC, &l->t0);
    clock_gettime(CLOCK_REALTIME, &l->wall0);
    if (s->seed == 0)
        draw_seed(l);
    launch_faults_expand(l);

    l->server_bin = tps__find_program(s->bindir, "taups-server", "server");
    l->worker_bin = tps__find_program(s->bindir, "taups-worker", "worker");
    if (!l->server_bin || !l->worker_bin || launch_make_run_dir(l) < 0 ||
        launch_python_bin(l) < 0)
        return -1;
    if (l->hosts)
        launch_ssh_prepare(l);
    if (launch_signals_install() < 0) {
        fprintf(stderr, "%s: cannot install signal handlers: %s\n", PROG,
                strerror(errno));
        return -1;
    }
    l->nkids = s->shards + 1 + s->workers;
    l->kids = launch_xcalloc((size_t)l->nkids, sizeof(*l->kids));
    if (l->hosts)
        launch_hosts_place(l);

    printf("%s: run directory %s (seed %llu%s)\n", PROG, l->out,
           (unsigned long long)s->seed, l->seed_drawn ? ", drawn" : "");
    fflush(stdout);
    return 0;
}

/* Network, key, servers, workers, then the run loop; returns how the loop
 * ended (END_SIGNAL if it never ran). */
static int start_and_run(launch_t *l) {
    const settings_t *s = l->s;
    int end = END_SIGNAL;
    int rc = START_OK;
    if (l->hosts) {
        printf("%s: %d host%s from %s, over %s (short ssh commands in %s)\n",
               PROG, l->nhosts, l->nhosts == 1 ? "" : "s", s->hosts, l->ssh[0],
               l->ssh_log);
        fflush(stdout);
    } else if (s->hosts && launch_netns_build(l) < 0) {
        rc = launch_stop_count > 0 ? START_STOPPED : START_FAILED;
    }
    if (rc == START_OK && launch_choose_key(l) < 0)
        rc = START_FAILED;
    if (rc == START_OK)
        rc = launch_start_servers(l);
    if (rc == START_OK && launch_start_workers(l) == 0) {
        launch_write_record(l);
        end = launch_run_loop(l);
    } else if (rc != START_STOPPED && launch_stop_count == 0) {
        l->outcome = "startup_failed";
    }
    return end;
}

/* The run's outcome and exit status, unless startup already named it. */
static void set_outcome(launch_t *l, int end, int failed) {
    if (l->outcome) {
        l->exit_status = 1;
    } else if (launch_stop_signal) {
        l->outcome = "interrupted";
        l->exit_status = 128 + launch_stop_signal;
    } else if (end == END_TIMEOUT) {
        l->outcome = "timeout";
        l->exit_status = 124;
    } else if (failed) {
        l->outcome = "failed";
        l->exit_status = 1;
    } else {
        l->outcome = "completed";
        l->exit_status = 0;
    }
}

/* Stops everything, collects what the run left behind, and reports. */
static void conclude(launch_t *l, int end) {
    launch_stop_all(l);
    int net_left = l->ns ? launch_netns_teardown(l) : 0;
    int fetch_failed = l->hosts ? launch_fetch_csvs(l) : 0;
    clock_gettime(CLOCK_REALTIME, &l->wall1);
    l->ended = 1;
    launch_progress_end(l);

    launch_faults_finish(l);
    int failed = launch_report_failures(l);
    set_outcome(l, end,
                end == END_SERVER_DIED || failed || net_left || fetch_failed);
    if (!l->s->no_plot && strcmp(l->outcome, "startup_failed") != 0)
        launch_make_plots(l);
    launch_write_record(l);
    launch_print_summary(l);
    if (l->exit_status != 0)
        launch_say(l, "run ended: %s (exit status %d)", l->outcome,
                   l->exit_status);
}

/* --hold: the hosts alone, from the run directory to their removal. A stop
 * signal or the end of stdin is how a hold ends well: exit status 0 once
 * everything is removed. */
static void hold(launch_t *l) {
    clock_gettime(CLOCK_MONOTONIC, &l->t0);
    clock_gettime(CLOCK_REALTIME, &l->wall0);
    if (launch_make_run_dir(l) < 0)
        return;
    if (launch_signals_install() < 0) {
        fprintf(stderr, "%s: cannot install signal handlers: %s\n", PROG,
                strerror(errno));
        return;
    }
    printf("%s: run directory %s\n", PROG, l->out);
    int built = launch_netns_hold(l);
    int left = launch_netns_teardown(l);
    clock_gettime(CLOCK_REALTIME, &l->wall1);
    l->ended = 1;
    if (built < 0 && launch_stop_count > 0) {
        l->outcome = "interrupted";
        l->exit_status = 128 + launch_stop_signal;
    } else {
        l->outcome = built < 0 ? "startup_failed"
                     : left    ? "failed"
                               : "released";
        l->exit_status = built < 0 || left ? 1 : 0;
    }
    launch_write_record(l);
    if (l->exit_status != 0)
        launch_say(l, "hold ended: %s (exit status %d)", l->outcome,
                   l->exit_status);
}

static void launch_free(launch_t *l) {
    launch_children_free(l);
    launch_hosts_free(l->hosts, l->nhosts);
    launch_av_free(l->ssh);
    free(l->ssh_log);
    free(l->run_id);
    free(l->faults);
    free(l->ns);
    free(l->ns_log);
    for (int k = 0; k < l->nplots; k++)
        free(l->plots[k]);
    free(l->cluster);
    free(l->key);
    free(l->server_bin);
    free(l->worker_bin);
    free(l->python_bin);
    free(l->out);
}

/* The run after option parsing; returns the exit status. */
static int launch(settings_t *s, const tps__opt_t *opts, int argc, char **argv,
                  int idx) {
    if (idx < argc) {
        fprintf(stderr, "%s: unexpected argument \"%s\" (see --help)\n", PROG,
                argv[idx]);
        return 2;
    }
    int netns = launch_netns_spec(s->hosts, &s->netns_hosts);
    double link_bits = 0;
    long link_burst = 0;
    if (netns < 0 || check_settings(s) < 0 || check_netns(s, netns) < 0 ||
        (s->link_rate &&
         launch_link_rate_parse(s->link_rate, &link_bits, &link_burst) < 0) ||
        check_hosts(s, netns) < 0)
        return 2;
    host_t *hosts = NULL;
    int nhosts = 0;
    if (s->hosts && !netns &&
        launch_hosts_parse(s->hosts, &hosts, &nhosts) < 0) {
        launch_hosts_free(hosts, nhosts);
        return 2;
    }
    fault_t *faults;
    if (launch_faults_parse(s, &faults) < 0) {
        free(faults);
        launch_hosts_free(hosts, nhosts);
        return 2;
    }

    /* The tools' rule for running out of memory (end with a message) holds
     * inside jansson too, so that run.json is whole or not written. */
    json_set_alloc_funcs(tps__xmalloc, free);

    launch_t l;
    memset(&l, 0, sizeof(l));
    l.faults = faults;
    l.nfaults = s->faults.n;
    l.hosts = hosts;
    l.nhosts = nhosts;
    l.s = s;
    l.opts = opts;
    l.argv = argv;
    l.exit_status = 1;
    l.link_bits = link_bits;
    l.link_burst = link_burst;
    if (s->hold)
        hold(&l);
    else if (prepare(&l) == 0)
        conclude(&l, start_and_run(&l));
    launch_free(&l);
    launch_signals_close();
    return l.exit_status;
}

int main(int argc, char **argv) {
    settings_t s;
    memset(&s, 0, sizeof(s));
    const tps__opt_t opts[] = {
        {"shards", TPS_OPT_INT, &s.shards, "2", 1, 256, NULL, "S",
         "number of server shards, one process each"},
        {"workers", TPS_OPT_INT, &s.workers, "4", 1, 1024, NULL, "N",
         "number of training workers"},
        {"model", TPS_OPT_CHOICE, &s.model, "softmax", 0, -1,
         "softmax|lsq|mlp|logreg|sparse-logreg|fm", NULL,
         "model the workers train"},
        {"data", TPS_OPT_STR, &s.data, NULL, 0, -1, NULL, "DIR",
         "dataset for workers and evaluator, as taups-worker --data takes it "
         "(lsq: A.npy,b.npy[,xstar.npy]; unset: theirs)"},
        {"batch", TPS_OPT_INT, &s.batch, "32", 1, 16777216, NULL, "B",
         "minibatch size per worker"},
        {"iterations", TPS_OPT_INT, &s.iterations, NULL, 1, INT_MAX, NULL, "I",
         "iterations per worker (1000 unless --seconds is given)"},
        {"seconds", TPS_OPT_DOUBLE, &s.seconds, NULL, 0.001, 1e7, NULL, "S",
         "train for S seconds per worker instead of --iterations"},
        {"lr", TPS_OPT_DOUBLE, &s.lr, "0.05", 0, 1e6, NULL, "LR",
         "learning rate, applied by the servers"},
        {"mode", TPS_OPT_CHOICE, &s.mode, NULL, 0, -1, tps__mode_choices(),
         "MODE",
         "consistency mode of the servers, which the workers check (unset: "
         "the servers' default, async)"},
        {"staleness", TPS_OPT_STR, &s.staleness, NULL, 0, -1, NULL, "T",
         "ssp: the servers' --staleness bound"},
        {"optimizer", TPS_OPT_STR, &s.optimizer, NULL, 0, -1, NULL, "SPEC",
         "the servers' update rule, as taups-server --optimizer takes it"},
        {"codec", TPS_OPT_STR, &s.codec, NULL, 0, -1, NULL, "CODEC",
         "how the workers compress their pushes, as taups-worker --codec "
         "takes it"},
        {"seed", TPS_OPT_U64, &s.seed, "0", 0, -1, NULL, "SEED",
         "seed for every worker and the evaluator; 0: draw one (see run.json)"},
        {"eval-every", TPS_OPT_INT, &s.eval_every, "500", 10, 3600000, NULL,
         "MS", "evaluation period of the evaluator"},
        {"eval-updates", TPS_OPT_U64, &s.eval_updates, "0", 0, -1, NULL, "N",
         "the evaluator evaluates every N updates instead (0: every "
         "--eval-every ms), so that curves are sampled alike on any machine"},
        {"cond", TPS_OPT_DOUBLE, &s.cond, NULL, 1, 1e15, NULL, "C",
         "lsq: condition number (unset: the worker's default)"},
        {"split", TPS_OPT_STR, &s.split, NULL, 0, -1, NULL, "SPLIT",
         "softmax, mlp, logreg: how the training rows are shared out "
         "(taups-worker --split: iid, label-sorted, dirichlet:ALPHA)"},
        {"noise", TPS_OPT_DOUBLE, &s.noise, NULL, 0, 1e6, NULL, "SIGMA",
         "lsq: noise on b (taups-worker --noise)"},
        {"hetero", TPS_OPT_DOUBLE, &s.hetero, NULL, 0, 1e6, NULL, "H",
         "lsq: spread of the workers' own optima (taups-worker --hetero)"},
        {"rows", TPS_OPT_U64, &s.rows, NULL, 1, 1e12, NULL, "M",
         "lsq: number of rows (unset: the worker's default)"},
        {"dim", TPS_OPT_U64, &s.dim, NULL, 1, 1e10, NULL, "D",
         "lsq: number of unknowns (unset: the worker's default)"},
        {"host", TPS_OPT_STR, &s.host, "127.0.0.1", 0, -1, NULL, "HOST",
         "IPv4 address or name the servers listen on"},
        {"hosts", TPS_OPT_STR, &s.hosts, NULL, 0, -1, NULL,
         "netns|netns:K|FILE",
         "netns: run every process in a network namespace of its own, on a "
         "bridge, 10.199.0.0/16 (needs root; removed afterwards); netns:K "
         "with --hold: K such hosts and no process (see above); FILE: run "
         "servers and workers on the hosts it lists, over ssh (see above); "
         "unset: all on --host"},
        {"link-rate", TPS_OPT_STR, &s.link_rate, NULL, 0, -1, NULL, "RATE",
         "--hosts netns: shape every host's link to RATE in both directions "
         "(tc's tbf; RATE as tc reads it, e.g. 10gbit, 500mbit); unset: "
         "unshaped"},
        {"link-queue", TPS_OPT_DOUBLE, &s.link_queue_ms, "10", 0.1, 10000,
         NULL, "MS",
         "with --link-rate: the queue each link holds beyond its bucket, in "
         "ms at the rate (tbf's latency); deeper takes the bursts of many "
         "senders to one host (incast) without drops, at the price of "
         "delay"},
        {"hold", TPS_OPT_FLAG, &s.hold, NULL, 0, -1, NULL, NULL,
         "with --hosts netns:K: build the K hosts, print them and `ready`, "
         "and hold them until a stop signal or the end of stdin (see "
         "above)"},
        {"ssh", TPS_OPT_STR, &s.ssh,
         "ssh -o BatchMode=yes -o ConnectTimeout=10", 0, -1, NULL, "CMD",
         "--hosts FILE: ssh program and options, split on blanks"},
        {"port-base", TPS_OPT_INT, &s.port_base, "7070", 1, 65535, NULL, "P",
         "--hosts FILE: shard I listens on port P+I of its host"},
        {"out", TPS_OPT_STR, &s.out, NULL, 0, -1, NULL, "DIR",
         "run directory (unset: runs/YYYYmmdd-HHMMSS-MODEL)"},
        {"bindir", TPS_OPT_STR, &s.bindir, NULL, 0, -1, NULL, "DIR",
         "directory of taups-server and taups-worker (unset: next to this "
         "program, its ../server and ../worker, then PATH)"},
        {"no-plot", TPS_OPT_FLAG, &s.no_plot, NULL, 0, -1, NULL, NULL,
         "do not draw plots"},
        {"timeout", TPS_OPT_DOUBLE, &s.timeout, "600", 1, 1e7, NULL, "SEC",
         "stop everything after SEC seconds (exit status 124)"},
        {"server-arg", TPS_OPT_LIST, &s.server_args, NULL, 0, -1, NULL, "ARG",
         "extra argument for every server, verbatim"},
        {"fault", TPS_OPT_LIST, &s.faults, NULL, 0, -1, NULL, "SPEC",
         "scheduled fault, T s after the workers start: kill:RANK:T, "
         "pause:RANK:T:DUR (SIGSTOP, SIGCONT DUR s later), "
         "disconnect:RANK:T (the worker closes and reopens its connections), "
         "kill-shard:I@T (SIGKILL to shard I; needs --restart-shards) or "
         "kill-shard:I@mtbf:M[:UNTIL] (shard I killed at random, M s apart "
         "on average: a Poisson process drawn from --seed, up to UNTIL s, "
         "default --timeout)"},
        {"restart-shards", TPS_OPT_FLAG, &s.restart_shards, NULL, 0, -1, NULL,
         NULL,
         "restart a shard that dies, from its checkpoints in the run "
         "directory (ckpt-shard-I, every second unless --server-arg gives "
         "--checkpoint-every)"},
        {"key-file", TPS_OPT_STR, &s.key_file, NULL, 0, -1, NULL, "FILE",
         "the cluster's pre-shared key, given to every process (unset: "
         "servers off loopback get a new key, cluster.key in the run "
         "directory)"},
        {"frame-mac", TPS_OPT_FLAG, &s.frame_mac, NULL, 0, -1, NULL, NULL,
         "every frame between every process carries a tag (servers' and "
         "workers' --frame-mac; makes a key for the run on loopback too)"},
        {"worker-cmd", TPS_OPT_LIST, &s.worker_cmds, NULL, 0, -1, NULL,
         "R:COMMAND",
         "worker R runs COMMAND (with /bin/sh) instead of taups-worker, with "
         "the cluster in its environment: TAUPS_CLUSTER, TAUPS_RANK, "
         "TAUPS_WORKERS, TAUPS_SEED, TAUPS_BATCH, TAUPS_SECONDS or "
         "TAUPS_ITERATIONS, TAUPS_LOG (the worker CSV to write, if it likes) "
         "and TAUPS_KEY_FILE when there is a key; R may be * for every rank "
         "not named. python3 and python in COMMAND are the interpreter taups "
         "was built for, with this taups's package (the run directory's "
         "bin/, first on PATH); name another interpreter by its path"},
        {"eval-cmd", TPS_OPT_STR, &s.eval_cmd, NULL, 0, -1, NULL, "COMMAND",
         "the evaluator runs COMMAND (with /bin/sh) instead of taups-worker "
         "--role eval, with the environment of --worker-cmd (no TAUPS_RANK) "
         "and TAUPS_EVAL_EVERY (ms); TAUPS_LOG is eval.csv, whose rows it "
         "writes (time_s,updates,loss,METRIC,...), and SIGTERM asks it for a "
         "last evaluation"},
        {"no-eval", TPS_OPT_FLAG, &s.no_eval, NULL, 0, -1, NULL, NULL,
         "run no evaluator: no eval.csv, no plots (the default when every "
         "rank runs --worker-cmd and there is no --eval-cmd, since the "
         "built-in evaluator knows only the built-in models)"},
        {"worker-arg", TPS_OPT_LIST, &s.worker_args, NULL, 0, -1, NULL, "ARG",
         "extra argument for every worker and the evaluator, verbatim (a "
         "command's arguments, \"$@\")"},
        TPS_OPT_END};

    int idx = tps__opt_parse(opts, PROG, usage, argc, argv);
    int status = idx < 0 ? (idx == TPS_OPT_EXIT_OK ? 0 : 2)
                         : launch(&s, opts, argc, argv, idx);
    tps__opt_free(opts);
    return status;
}
