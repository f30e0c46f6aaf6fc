/* SPDX-License-Identifier: MIT */
/* The cluster taups-launch runs: which ports the servers listen on, the
 * command line of every server, the evaluator and each worker, the start
 * order (servers until each listens, then the evaluator, then the workers),
 * and the loop that watches the run until it ends.
 *
 * Must NOT fork, signal or reap by itself (children.c does), nor know how a
 * process reaches its host (netns.c, ssh_hosts.c): it decides what runs,
 * not how. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tps_auth.h"
#include "tps_cluster.h"
#include "tps_tool.h"

#include "launch.h"

#define START_WAIT_S 20.0 /* every server prints "listening on" */
#define NETNS_PORT 7000   /* each server has a namespace, so any port is free */

/* Reserves n distinct free ports by binding sockets to port 0 on host. The
 * sockets stay open while all ports are chosen, so the kernel cannot hand
 * the same port out twice, and are closed just before the servers start.
 * Another process could take a port between that close and the server's
 * bind; the window is milliseconds, and launch_start_servers retries once
 * with new ports when a server reports "address already in use". */
static int pick_ports(launch_t *l, int n, int *fds, int *ports) {
    struct sockaddr_storage ss;
    socklen_t sl;
    int rc = tps__resolve(l->s->host, 0, AF_INET, &ss, &sl);
    if (rc != 0) {
        launch_say(l, "--host %s: %s", l->s->host, gai_strerror(rc));
        return -1;
    }
    int i;
    for (i = 0; i < n; i++) {
        struct sockaddr_in sin;
        socklen_t len = sizeof(sin);
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fds[i] < 0 || bind(fds[i], (struct sockaddr *)&ss, sl) < 0 ||
            getsockname(fds[i], (struct sockaddr *)&sin, &len) < 0) {
            launch_say(l, "cannot bind a free port on %s: %s", l->s->host,
                       strerror(errno));
            if (fds[i] >= 0)
                close(fds[i]);
            break;
        }
        ports[i] = ntohs(sin.sin_port);
    }
    if (i < n) {
        while (i-- > 0)
            close(fds[i]);
        return -1;
    }
    return 0;
}

/* The path of a program on host h: in its bindir, or where the launcher
 * found it here (then an absolute path, see launch_ssh_prepare). */
static const char *program_on(const host_t *h, const char *local, char *buf,
                              size_t n) {
    if (h == NULL || h->bindir == NULL)
        return local;
    snprintf(buf, n, "%s/%s", h->bindir, strrchr(local, '/') + 1);
    return buf;
}

static void ready_line(char *line, void *arg) {
    if (strstr(line, "listening on"))
        *(int *)arg = 1;
}

static int log_says_in_use(const char *path) {
    char buf[LINE_MAX_LEN];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, buf, sizeof(buf) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    return strcasestr(buf, "address already in use") != NULL ||
           strstr(buf, "EADDRINUSE") != NULL;
}

/* The ports of the S servers: fresh ones held open in fds on this host,
 * NETNS_PORT in namespaces, --port-base + shard (+ the shift of retries)
 * on remote hosts, fds -1 then. -1 after a message. */
static int choose_ports(launch_t *l, int S, int *fds, int *ports) {
    if (!l->ns && !l->hosts)
        return pick_ports(l, S, fds, ports);
    for (int i = 0; i < S; i++) {
        fds[i] = -1;
        ports[i] = l->ns ? NETNS_PORT : l->s->port_base + l->port_shift + i;
        if (ports[i] > 65535) {
            launch_say(l,
                       "--port-base %d: no ports left above it for %d "
                       "shards",
                       l->s->port_base, S);
            return -1;
        }
    }
    return 0;
}

/* --restart-shards: what a restarted shard comes back from. A remote shard
 * keeps it in its host's workdir, where its wrapper runs it; a local one in
 * the run directory, owner only as the server would make it, since it holds
 * the whole model. A failed mkdir is left to the server to report. `every`:
 * --server-arg already gives --checkpoint-every. */
static void checkpoint_args(launch_t *l, argv_t *av, int i, int every) {
    if (l->s->restart_shards && l->kids[i].host) {
        launch_av_opt(av, "--checkpoint-dir", "ckpt-shard-%d", i);
    } else if (l->s->restart_shards) {
        char *dir = tps__xasprintf("%s/ckpt-shard-%d", l->out, i);
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            launch_say(l, "cannot create %s: %s", dir, strerror(errno));
        launch_av_add(av, "--checkpoint-dir");
        launch_av_add(av, dir);
        free(dir);
    }
    if (l->s->restart_shards && !every)
        launch_av_opt(av, "--checkpoint-every", "%d", 1);
}

/* What shard i listens on: the address it is reached at, or, on a remote
 * host named rather than numbered, every address: that host resolves its
 * own name for itself, and Debian's /etc/hosts maps it to 127.0.1.1, out
 * of every other host's reach. */
static const char *listen_host(const launch_t *l, int i, const char *host) {
    struct in6_addr a;
    if (l->kids[i].host == NULL || inet_pton(AF_INET, host, &a) == 1 ||
        inet_pton(AF_INET6, host, &a) == 1)
        return host;
    return "0.0.0.0";
}

/* Shard i's command line, into l->kids[i]. */
static void server_child_init(launch_t *l, int i, const char *host, int port,
                              const char *lr) {
    char bin[PATH_MAX];
    argv_t av = {0};
    launch_av_add(&av,
                  program_on(l->kids[i].host, l->server_bin, bin, sizeof(bin)));
    launch_av_opt(&av, "--listen", "%s:%d", listen_host(l, i, host), port);
    launch_av_add(&av, "--cluster");
    launch_av_add(&av, l->cluster);
    launch_av_opt(&av, "--shard", "%d", i);
    launch_av_opt(&av, "--workers", "%d", l->s->workers);
    launch_av_opt(&av, "--lr", "%s", lr);
    if (l->s->mode)
        launch_av_opt(&av, "--mode", "%s", l->s->mode);
    if (l->s->staleness)
        launch_av_opt(&av, "--staleness", "%s", l->s->staleness);
    if (l->s->optimizer)
        launch_av_opt(&av, "--optimizer", "%s", l->s->optimizer);
    if (l->key) {
        launch_av_add(&av, "--key-file");
        launch_av_add(&av, l->key);
    }
    if (l->s->frame_mac)
        launch_av_add(&av, "--frame-mac");
    int every = 0;
    for (int k = 0; k < l->s->server_args.n; k++) {
        launch_av_add(&av, l->s->server_args.v[k]);
        every |= strncmp(l->s->server_args.v[k], "--checkpoint-every", 18) == 0;
    }
    checkpoint_args(l, &av, i, every);
    launch_child_init(&l->kids[i], ROLE_SERVER, i, &av,
                      tps__xasprintf("%s/server-%d.log", l->out, i), NULL);
}

/* A shard that exited before it was ready: START_IN_USE if its port was
 * taken, else START_FAILED; 0 if none did. */
static int exited_early(launch_t *l, int S, const int *ready) {
    for (int i = 0; i < S; i++) {
        child_t *c = &l->kids[i];
        if (c->running || ready[i])
            continue;
        char st[96];
        launch_describe_status(c, st, sizeof(st));
        if (log_says_in_use(c->log)) {
            launch_say(l, "%s: port %s was taken before it could bind it",
                       c->name, c->argv[2]);
            return START_IN_USE;
        }
        /* launch_report_failures prints its log at the end. */
        launch_say(l, "%s exited during startup (%s)", c->name, st);
        return START_FAILED;
    }
    return 0;
}

/* Waits until every started shard has printed "listening on"; a START_*. */
static int wait_listening(launch_t *l, int S, tail_t *tails, int *ready) {
    double deadline = launch_elapsed(l) + START_WAIT_S;
    for (;;) {
        int nready = 0;
        for (int i = 0; i < S; i++) {
            if (!ready[i])
                launch_tail_poll(&tails[i], 0, ready_line, &ready[i]);
            nready += ready[i];
        }
        if (nready == S)
            return START_OK;
        int rc = exited_early(l, S, ready);
        if (rc != 0)
            return rc;
        if (launch_stop_count > 0)
            return START_STOPPED;
        if (launch_elapsed(l) > deadline) {
            for (int i = 0; i < S; i++)
                if (!ready[i]) {
                    launch_say(
                        l, "%s did not print \"listening on\" within %.0f s",
                        l->kids[i].name, START_WAIT_S);
                    launch_print_tail(l->kids[i].log, TAIL_LINES);
                    l->kids[i].tail_shown = 1;
                }
            return START_FAILED;
        }
        launch_wait_events(l, 0.05);
    }
}

/* Starts the S servers on fresh ports and waits until each has printed
 * "listening on". Remote servers listen on --port-base + shard (+ S after
 * each retry), since no port can be reserved on another host. */
static int start_servers_once(launch_t *l) {
    int S = l->s->shards;
    int *fds = launch_xcalloc((size_t)S, sizeof(*fds));
    int *ports = launch_xcalloc((size_t)S, sizeof(*ports));
    tail_t *tails = launch_xcalloc((size_t)S, sizeof(*tails));
    int *ready = launch_xcalloc((size_t)S, sizeof(*ready));
    int rc = START_FAILED;
    const char **hosts = launch_xcalloc((size_t)S, sizeof(*hosts));
    size_t cap = 1;
    for (int i = 0; i < S; i++) {
        hosts[i] = l->ns      ? l->ns[i + 1].addr
                   : l->hosts ? l->kids[i].host->addr
                              : l->s->host;
        cap += strlen(hosts[i]) + 8;
    }
    if (choose_ports(l, S, fds, ports) < 0)
        goto out;
    free(l->cluster);
    l->cluster = launch_xcalloc(1, cap);
    for (int i = 0, n = 0; i < S; i++)
        n += snprintf(l->cluster + n, cap - (size_t)n, "%s%s:%d", i ? "," : "",
                      hosts[i], ports[i]);
    char lr[40];
    launch_fmt_double(lr, sizeof(lr), l->s->lr);
    for (int i = 0; i < S; i++) {
        server_child_init(l, i, hosts[i], ports[i], lr);
        tails[i].path = l->kids[i].log;
    }
    for (int i = 0; i < S; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    for (int i = 0; i < S; i++)
        if (launch_start_child(l, &l->kids[i]) < 0)
            goto out;
    rc = wait_listening(l, S, tails, ready);
out:
    free(hosts);
    free(fds);
    free(ports);
    free(tails);
    free(ready);
    return rc;
}

int launch_start_servers(launch_t *l) {
    int rc = start_servers_once(l);
    if (rc == START_IN_USE) {
        launch_stop_role(l, ROLE_SERVER, SERVER_GRACE_S, NULL);
        launch_say(l, "retrying once with new ports");
        l->port_shift += l->s->shards;
        rc = start_servers_once(l);
    }
    return rc;
}

int launch_choose_key(launch_t *l) {
    if (l->s->key_file) {
        l->key = tps__xstrdup(l->s->key_file);
        return 0;
    }
    /* Servers that listen beyond loopback refuse to run without a key, and
     * should: a run of its own gets a key of its own. */
    int loopback = !l->ns && !l->hosts &&
                   (strncmp(l->s->host, "127.", 4) == 0 ||
                    strcmp(l->s->host, "::1") == 0 ||
                    strcmp(l->s->host, "localhost") == 0);
    if (loopback && !l->s->frame_mac)
        return 0;
    char err[512];
    char *path = tps__xasprintf("%s/cluster.key", l->out);
    if (path[0] != '/') {
        char cwd[PATH_MAX];
        if (getcwd(cwd, sizeof(cwd)) != NULL) {
            char *abs = tps__xasprintf("%s/%s", cwd, path);
            free(path);
            path = abs;
        }
    }
    if (tps__key_generate(path, err, sizeof(err)) < 0) {
        launch_say(l, "%s", err);
        free(path);
        return -1;
    }
    launch_say(l, "made a key for this run: %s%s", path,
               l->hosts ? " (every host must reach it at that path, or give "
                          "--key-file)"
                        : "");
    l->key = path;
    return 0;
}

const char *launch_worker_cmd(const settings_t *s, int rank) {
    const char *any = NULL;
    for (int k = 0; k < s->worker_cmds.n; k++) {
        const char *spec = s->worker_cmds.v[k], *colon = strchr(spec, ':');
        if (colon == NULL)
            continue; /* refused when the options were read */
        if (colon - spec == 1 && spec[0] == '*')
            any = colon + 1;
        else if (atoi(spec) == rank)
            return colon + 1;
    }
    return any;
}

int launch_every_rank_cmd(const settings_t *s) {
    for (int r = 0; r < s->workers; r++)
        if (launch_worker_cmd(s, r) == NULL)
            return 0;
    return 1;
}

/* Options every worker process (trainer or evaluator) shares. */
static void worker_common(const launch_t *l, argv_t *av) {
    const settings_t *s = l->s;
    launch_av_add(av, "--cluster");
    launch_av_add(av, l->cluster);
    launch_av_opt(av, "--workers", "%d", s->workers);
    launch_av_opt(av, "--model", "%s", s->model);
    if (s->mode)
        launch_av_opt(av, "--mode", "%s", s->mode);
    if (s->data) {
        launch_av_add(av, "--data");
        launch_av_add(av, s->data);
    }
    launch_av_opt(av, "--seed", "%llu", (unsigned long long)s->seed);
    if (l->key) {
        launch_av_add(av, "--key-file");
        launch_av_add(av, l->key);
    }
    if (s->frame_mac)
        launch_av_add(av, "--frame-mac");
    if (s->cond > 0) {
        char b[40];
        launch_av_opt(av, "--cond", "%s",
                      launch_fmt_double(b, sizeof(b), s->cond));
    }
    if (s->split)
        launch_av_opt(av, "--split", "%s", s->split);
    if (s->noise > 0) {
        char b[40];
        launch_av_opt(av, "--noise", "%s",
                      launch_fmt_double(b, sizeof(b), s->noise));
    }
    if (s->hetero > 0) {
        char b[40];
        launch_av_opt(av, "--hetero", "%s",
                      launch_fmt_double(b, sizeof(b), s->hetero));
    }
    if (s->rows)
        launch_av_opt(av, "--rows", "%llu", (unsigned long long)s->rows);
    if (s->dim)
        launch_av_opt(av, "--dim", "%llu", (unsigned long long)s->dim);
}

/* Adds `owned`, a string made for it, to av. */
static void av_take(argv_t *av, char *owned) {
    launch_av_add(av, owned);
    free(owned);
}

/* The argv of a --worker-cmd or --eval-cmd: /usr/bin/env with the cluster
 * in the environment (and python.c's bin/ first on PATH), then `sh -c COMMAND` with the --worker-arg
 * arguments as its "$@", as taups-worker would get them. rank < 0: the
 * evaluator. */
static void command_argv(const launch_t *l, argv_t *av, const char *cmd,
                         int rank, const char *csv) {
    const settings_t *s = l->s;
    char b[40];
    launch_av_add(av, "/usr/bin/env");
    av_take(av, tps__xasprintf("TAUPS_CLUSTER=%s", l->cluster));
    if (rank >= 0)
        av_take(av, tps__xasprintf("TAUPS_RANK=%d", rank));
    av_take(av, tps__xasprintf("TAUPS_WORKERS=%d", s->workers));
    av_take(av, tps__xasprintf("TAUPS_SEED=%llu", (unsigned long long)s->seed));
    av_take(av, tps__xasprintf("TAUPS_LOG=%s", csv));
    if (l->key)
        av_take(av, tps__xasprintf("TAUPS_KEY_FILE=%s", l->key));
    if (l->python_bin) {
        const char *path = getenv("PATH");
        av_take(av, tps__xasprintf("PATH=%s%s%s", l->python_bin,
                                   path && *path ? ":" : "", path ? path : ""));
    }
    if (rank < 0) {
        av_take(av, tps__xasprintf("TAUPS_EVAL_EVERY=%d", s->eval_every));
        av_take(av, tps__xasprintf("TAUPS_EVAL_UPDATES=%llu",
                                   (unsigned long long)s->eval_updates));
    } else {
        av_take(av, tps__xasprintf("TAUPS_BATCH=%d", s->batch));
        if (s->seconds > 0)
            av_take(av, tps__xasprintf(
                            "TAUPS_SECONDS=%s",
                            launch_fmt_double(b, sizeof(b), s->seconds)));
        else
            av_take(av, tps__xasprintf("TAUPS_ITERATIONS=%d", s->iterations));
    }
    launch_av_add(av, "/bin/sh");
    launch_av_add(av, "-c");
    av_take(av, tps__xasprintf("%s \"$@\"", cmd));
    launch_av_add(av, "sh"); /* $0 */
    for (int k = 0; k < s->worker_args.n; k++)
        launch_av_add(av, s->worker_args.v[k]);
}

static void worker_finish(const launch_t *l, argv_t *av, const char *csv) {
    launch_av_add(av, "--log");
    launch_av_add(av, csv);
    for (int k = 0; k < l->s->worker_args.n; k++)
        launch_av_add(av, l->s->worker_args.v[k]);
}

int launch_start_workers(launch_t *l) {
    const settings_t *s = l->s;
    int S = s->shards;
    argv_t av = {0};
    if (s->no_eval) {
        /* The slot stays, never started (pid 0), so that children keep
         * their places. */
        launch_child_init(&l->kids[S], ROLE_EVAL, 0, &av, NULL, NULL);
    } else {
        char *csv = tps__xasprintf("%s/eval.csv", l->out);
        if (s->eval_cmd) {
            command_argv(l, &av, s->eval_cmd, -1, csv);
        } else {
            launch_av_add(&av, l->worker_bin); /* the evaluator runs here */
            launch_av_add(&av, "--role");
            launch_av_add(&av, "eval");
            worker_common(l, &av);
            launch_av_opt(&av, "--eval-every", "%d", s->eval_every);
            if (s->eval_updates)
                launch_av_opt(&av, "--eval-updates", "%llu",
                              (unsigned long long)s->eval_updates);
            worker_finish(l, &av, csv);
        }
        launch_child_init(&l->kids[S], ROLE_EVAL, 0, &av,
                          tps__xasprintf("%s/eval.log", l->out), csv);
        l->evtail.path = csv;
        if (launch_start_child(l, &l->kids[S]) < 0)
            return -1;
    }
    l->t_workers = launch_elapsed(l);
    for (int r = 0; r < s->workers; r++) {
        child_t *c = &l->kids[S + 1 + r];
        char bin[PATH_MAX], b[40];
        argv_t wv = {0};
        const char *cmd = launch_worker_cmd(s, r);
        if (cmd != NULL) {
            char *wcsv = tps__xasprintf("%s/worker-%d.csv", l->out, r);
            command_argv(l, &wv, cmd, r, wcsv);
            launch_child_init(c, ROLE_WORKER, r, &wv,
                              tps__xasprintf("%s/worker-%d.log", l->out, r),
                              wcsv);
            if (launch_start_child(l, c) < 0)
                return -1;
            continue;
        }
        launch_av_add(&wv,
                      program_on(c->host, l->worker_bin, bin, sizeof(bin)));
        worker_common(l, &wv);
        launch_av_opt(&wv, "--rank", "%d", r);
        launch_av_opt(&wv, "--batch", "%d", s->batch);
        if (s->codec)
            launch_av_opt(&wv, "--codec", "%s", s->codec);
        if (s->seconds > 0)
            launch_av_opt(&wv, "--seconds", "%s",
                          launch_fmt_double(b, sizeof(b), s->seconds));
        else
            launch_av_opt(&wv, "--iterations", "%d", s->iterations);
        const fault_t *dis = launch_fault_disconnect(l, r);
        if (dis)
            launch_av_opt(&wv, "--disconnect-at", "%s",
                          launch_fmt_double(b, sizeof(b), dis->at));
        char *wcsv = tps__xasprintf("%s/worker-%d.csv", l->out, r);
        char *rcsv = NULL;
        if (c->host) {
            char wd[PATH_MAX];
            rcsv = tps__xasprintf(
                "%s/worker-%d.csv",
                launch_host_workdir(l, c->host, wd, sizeof(wd)), r);
        }
        worker_finish(l, &wv, rcsv ? rcsv : wcsv);
        launch_child_init(c, ROLE_WORKER, r, &wv,
                          tps__xasprintf("%s/worker-%d.log", l->out, r), wcsv);
        c->rcsv = rcsv;
        if (launch_start_child(l, c) < 0)
            return -1;
    }
    return 0;
}

/* --restart-shards: shard c is not running. Once it is seen dead its restart
 * is announced and set for after the backoff; when that is due, it starts
 * again with the same command line, comes back from its checkpoints, and
 * the workers, which meanwhile retry, reconnect. Until then it keeps the
 * status of the life that ended, so that a run ending meanwhile judges that
 * life. Returns 0, or -1 when it may not come back. */
static int restart_shard(launch_t *l, child_t *c) {
    if (c->restart_at == 0) {
        char st[96];
        launch_describe_status(c, st, sizeof(st));
        /* A shard that keeps dying on its own backs off and is given up;
         * one killed on purpose (--fault) comes back at once, every time:
         * that is what a failure experiment measures. */
        if (!c->fault_killed && c->crash_restarts >= MAX_RESTARTS) {
            launch_say(l, "%s died (%s) after %d restarts; giving up", c->name,
                       st, c->crash_restarts);
            return -1;
        }
        double wait =
            c->fault_killed
                ? RESTART_BACKOFF_S
                : fmin(RESTART_BACKOFF_S * ldexp(1, c->restarts),
                       RESTART_BACKOFF_MAX_S);
        c->restart_at = launch_elapsed(l) + wait;
        launch_clear_line(l);
        printf("%s: %s died (%s) at %.2f s; restarting it from its "
               "checkpoints in %.1f s (restart %d)\n",
               PROG, c->name, st, launch_elapsed(l) - l->t_workers, wait,
               c->restarts + 1);
        fflush(stdout);
    }
    if (launch_elapsed(l) < c->restart_at)
        return 0;
    c->restart_at = 0;
    c->restart_s = tps__xrealloc(c->restart_s, (size_t)(c->restarts + 1) *
                                                      sizeof(double));
    c->restart_s[c->restarts++] = launch_elapsed(l);
    c->crash_restarts += !c->fault_killed;
    c->fault_killed = 0;
    c->noted = 0;
    return launch_start_child(l, c);
}

/* Seconds until the next shard restart is due (INFINITY when none is). */
static double restart_due(const launch_t *l) {
    double due = INFINITY;
    for (int i = 0; i < l->s->shards; i++)
        if (l->kids[i].restart_at > 0)
            due = fmin(due, l->kids[i].restart_at - launch_elapsed(l));
    return due < 0 ? 0 : due;
}

int launch_run_loop(launch_t *l) {
    for (;;) {
        double due = fmin(launch_faults_tick(l), restart_due(l));
        launch_wait_events(l, fmin(l->tty ? 0.25 : 0.5, due));
        launch_faults_tick(l);
        launch_progress(l, 0);
        if (launch_stop_count > 0) {
            launch_say(l,
                       "%s: stopping every process (send it again to kill "
                       "them at once)",
                       strsignal(launch_stop_signal));
            return END_SIGNAL;
        }
        if (launch_elapsed(l) > l->s->timeout) {
            launch_say(l, "--timeout %g s reached; stopping everything",
                       l->s->timeout);
            return END_TIMEOUT;
        }
        /* Said now, not only at the end, so that a user watching the run
         * knows why a worker stopped early; the log tail comes at the end. */
        for (int i = l->s->shards; i < l->nkids; i++) {
            child_t *c = &l->kids[i];
            if (c->pid == 0) /* no evaluator */
                continue;
            if (!c->running && !c->noted && c->fault_killed) {
                launch_say(l, "%s was killed by scheduled fault", c->name);
                c->noted = 1;
            }
            if (!c->running && !c->noted && !launch_child_ok(c)) {
                char st[96];
                launch_describe_status(c, st, sizeof(st));
                launch_say(l, "%s failed (%s); see %s", c->name, st, c->log);
                c->noted = 1;
            }
        }
        for (int i = 0; i < l->s->shards; i++)
            if (!l->kids[i].running &&
                (!l->s->restart_shards || restart_shard(l, &l->kids[i]) < 0)) {
                launch_say(l,
                           "%s exited while the workers were running; stopping",
                           l->kids[i].name);
                return END_SERVER_DIED;
            }
        /* A shard that is about to come back does, so that the evaluator's
         * final evaluation reaches every shard. */
        if (launch_running_of(l, ROLE_WORKER) == 0 && isinf(restart_due(l)))
            return END_DONE;
    }
}
