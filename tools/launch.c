/* taups-launch: starts a whole taups cluster on this host (S shard servers,
 * one read-only evaluator, N workers), shows live progress, stops everything
 * in order when the workers are done (or on Ctrl-C or --timeout), and leaves
 * a run directory behind: per-process logs and CSVs, run.json and plots.
 *
 * Children are plain fork/exec processes, each in its own process group so
 * that a terminal Ctrl-C reaches only the launcher, which then stops them in
 * a useful order: workers, then the evaluator (which writes a final row),
 * then the servers. Each child also carries PR_SET_PDEATHSIG=SIGKILL so that
 * none survives a launcher that is itself killed outright.
 *
 * With --hosts netns the same processes run on a throwaway network instead
 * of loopback: one Linux network namespace per process, each with one veth
 * link to a bridge in a "switch" namespace of its own, so that nothing is
 * ever added to the host's interfaces. Each child enters its namespace with
 * setns(2) between fork and exec, which keeps it a direct child of the
 * launcher (PR_SET_PDEATHSIG and process groups work as before). The
 * namespaces are removed after every run, whatever its outcome, except when
 * the launcher itself is killed with SIGKILL: then its children still die,
 * but the namespaces (named tps-PID-*) stay until `ip netns del`.
 *
 * With --hosts FILE the servers and workers run on the hosts the file lists,
 * each as a local `ssh` child whose remote end is a small sh wrapper (see
 * REMOTE_WRAPPER). The local ssh process stands in for the remote one: its
 * output is the process's log, its exit status the process's, and its stdin
 * is a pipe whose closing stops the remote process. The evaluator stays on
 * this host, since it is what the live progress reads. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tps_opt.h"
#include "tps_tool.h"
#include "tps_rng.h"

#define PROG "taups-launch"

/* How long to wait for each stage. None of these depends on the size of the
 * model except EVAL_GRACE_S, which covers one full evaluation. */
#define START_WAIT_S 20.0  /* every server prints "listening on" */
#define WORKER_GRACE_S 5.0 /* a worker finishes its iteration after SIGTERM */
#define EVAL_GRACE_S 10.0  /* the evaluator's final evaluation */
#define SERVER_GRACE_S 5.0 /* a server closes its connections */
#define PLOT_WAIT_S 30.0
#define TAIL_LINES 15
#define NETNS_PORT 7000 /* each server has a namespace, so any port is free */
#define SSH_WAIT_S 15.0 /* one auxiliary ssh command (kill, cat) */
#define RPID_WAIT_S 5.0 /* a remote process reports its pid after starting */
#define LINE_MAX_LEN 4096

typedef struct settings_s {
    int shards, workers, batch, iterations, eval_every, no_plot, port_base;
    const char *model, *data, *host, *hosts, *out, *bindir, *ssh;
    double lr, seconds, cond, timeout;
    uint64_t seed, rows, dim;
    tps_strlist_t server_args, worker_args, faults;
} settings_t;

typedef enum role_e { ROLE_SERVER, ROLE_EVAL, ROLE_WORKER } role_t;

static const char *const role_names[] = {"server", "evaluator", "worker"};

/* One line of a --hosts FILE: a machine that the launcher reaches over ssh.
 * Its processes run from bindir and write their files into workdir. */
typedef struct host_s {
    char *dest;    /* ssh destination, [user@]host */
    char *addr;    /* what its servers bind to and are reached at */
    char *bindir;  /* NULL: the directories the launcher uses locally */
    char *workdir; /* NULL: /tmp/taups-RUNID */
    int ssh_port;
    int roles; /* bit (1 << role_t) for each role it may run */
    int line;  /* in the hosts file, for messages */
} host_t;

typedef struct child_s {
    char name[32];
    role_t role;
    char **argv;           /* owned, NULL-terminated */
    char *log, *csv;       /* owned paths; csv is NULL for servers */
    pid_t pid;             /* 0: never started */
    int running;           /* started and not reaped yet */
    int status;            /* waitpid status, valid once started and !running */
    int killed;            /* the launcher had to SIGKILL it */
    int termed;            /* the launcher sent it SIGTERM */
    int noted;             /* its failure was already announced */
    int tail_shown;        /* its log tail was already printed */
    int fault_killed;      /* a kill fault sent it SIGKILL: not a failure */
    double t_start, t_end; /* seconds since the launch */

    /* Only for a process of --hosts FILE, whose local ssh stands in. */
    const host_t *host; /* NULL: runs on this host */
    int in_w;           /* write end of ssh's stdin, -1 once closed */
    long rpid;          /* its pid there, 0 until its wrapper says */
    char *rcsv;         /* a worker's owned path of its CSV there */
} child_t;

/* Follows a growing text file by offset and hands out complete lines, so that
 * polling a CSV costs only the bytes appended since the last poll. */
typedef struct tail_s {
    const char *path; /* borrowed */
    off_t off;
    size_t len; /* bytes of an incomplete line kept in buf */
    char buf[LINE_MAX_LEN];
} tail_t;

typedef struct eval_row_s {
    double t, updates, loss, metric;
} eval_row_t;

#define EVAL_RING 8

/* What the progress line and run.json know about eval.csv. Columns are found
 * by header name, so columns added later do not break the launcher. */
typedef struct eval_state_s {
    int have_header;
    int col_t, col_updates, col_loss, col_metric;
    char metric[32]; /* "accuracy", "rel_err", or whatever the header says */
    long nrows;
    eval_row_t ring[EVAL_RING]; /* the latest rows, for updates/s */
    int ring_n, ring_head;      /* ring_head: slot of the newest row */
} eval_state_t;

/* One network namespace of a --hosts netns run. The switch namespace comes
 * first and holds the bridge; every other one belongs to one child (the
 * child at index k of launch_t.kids uses namespace k + 1). */
typedef struct netns_s {
    char name[48]; /* tps-PID-ROLE, unique while the launcher lives */
    char path[64]; /* its bind mount, for setns(2) */
    char addr[24]; /* its IPv4 address; "" for the switch */
    char port[16]; /* its veth end inside the switch namespace */
    char proc[32]; /* the name of the child that runs in it */
    int created;   /* `ip netns add` succeeded: teardown must delete it */
} netns_t;

/* One --fault, timed from the start of the workers.
 *
 * | kind       | at `at`                          | at `at + dur` |
 * |------------|----------------------------------|---------------|
 * | kill       | SIGKILL to the worker            | -             |
 * | pause      | SIGSTOP                          | SIGCONT       |
 * | disconnect | announced only: the worker acts  | -             |
 *
 * A disconnect is carried out by the worker itself (it was started with
 * --disconnect-at), because only the client can close its connections and
 * open them again; the launcher reads the outcome from the worker's log. */
typedef enum fault_kind_e {
    FAULT_KILL,
    FAULT_PAUSE,
    FAULT_DISCONNECT
} fault_kind_t;

static const char *const fault_names[] = {"kill", "pause", "disconnect"};

typedef struct fault_s {
    const char *spec; /* borrowed from settings_t.faults */
    fault_kind_t kind;
    int rank;
    double at, dur;            /* seconds after the workers start; dur: pause */
    int fired, resumed;        /* first and (pause) second action done */
    double fired_s, resumed_s; /* when, on the same clock as `at` */
    char result[128];
} fault_t;

typedef struct launch_s {
    settings_t *s;
    const tps_opt_t *opts;
    char **argv; /* the launcher's own, NULL-terminated */
    char *out;   /* run directory, owned */
    char *server_bin, *worker_bin;
    char *cluster; /* "host:port,..." owned */
    int seed_drawn;
    child_t *kids; /* servers [0,S), evaluator [S], workers after */
    int nkids;
    struct timespec t0; /* monotonic start */
    struct timespec wall0, wall1;
    int ended;
    eval_state_t ev;
    tail_t evtail;
    int tty, line_shown;
    double last_progress;
    const char *phase;
    const char *outcome;
    int exit_status;
    char *plots[2];
    int nplots;
    netns_t *ns; /* NULL unless --hosts netns */
    int nns;
    char *ns_log; /* owned path of netns.log: every ip command and its output */
    fault_t *faults; /* owned, settings_t.faults.n of them */
    int nfaults;
    double t_workers; /* elapsed() when the first worker started; fault clock */
    host_t *hosts;    /* owned, --hosts FILE only */
    int nhosts;
    char **ssh;     /* owned, NULL-terminated: --ssh split on blanks */
    char *ssh_log;  /* owned path of ssh.log: auxiliary ssh commands */
    char *run_id;   /* owned, names the default remote workdir */
    int port_shift; /* added to --port-base after a port was taken */
} launch_t;

/* Signal handlers only record and wake the main loop through a self-pipe. */
static volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t stop_count;
static int wake_fd[2] = {-1, -1};

static void on_signal(int sig) {
    int saved = errno;
    if (sig != SIGCHLD) {
        if (stop_signal == 0)
            stop_signal = sig;
        stop_count++;
    }
    ssize_t r = write(wake_fd[1], "", 1);
    (void)r;
    errno = saved;
}

static void oom(void) {
    fprintf(stderr, "%s: out of memory\n", PROG);
    exit(1);
}



typedef struct argv_s {
    char **v;
    int n, cap;
} argv_t;

static void av_add(argv_t *a, const char *s) {
    if (a->n + 2 > a->cap) {
        int cap = a->cap ? a->cap * 2 : 32;
        char **v = realloc(a->v, (size_t)cap * sizeof(*v));
        if (v == NULL)
            oom();
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = tps__xstrdup(s);
    a->v[a->n] = NULL;
}

static void av_opt(argv_t *a, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void av_opt(argv_t *a, const char *name, const char *fmt, ...) {
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    av_add(a, name);
    av_add(a, buf);
}

static void av_free(char **v) {
    for (char **p = v; p && *p; p++)
        free(*p);
    free(v);
}

/* Shortest text that reads back as the same double, so that a child gets
 * exactly the value run.json records. */
static const char *fmt_double(char *buf, size_t n, double d) {
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    return buf;
}

static double since(const struct timespec *t0) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) +
           (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

static double elapsed(const launch_t *l) { return since(&l->t0); }

/* Clears the progress line before anything else is written to the terminal. */
static void clear_line(launch_t *l) {
    if (l->line_shown) {
        fputs("\r\033[K", stdout);
        fflush(stdout);
        l->line_shown = 0;
    }
}

static void say(launch_t *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(launch_t *l, const char *fmt, ...) {
    va_list ap;
    clear_line(l);
    fprintf(stderr, "%s: ", PROG);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void describe_wait(int st, char *buf, size_t n) {
    if (WIFEXITED(st))
        snprintf(buf, n, "exit status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, n, "killed by signal %d (%s)", WTERMSIG(st),
                 strsignal(WTERMSIG(st)));
    else
        snprintf(buf, n, "wait status 0x%x", st);
}

/* A child that the launcher asked to stop and that died of that SIGTERM had
 * not installed its handler yet (it was still starting): it was stopped, it
 * did not fail. */
static int stopped_early(const child_t *c) {
    return c->termed && WIFSIGNALED(c->status) && WTERMSIG(c->status) == SIGTERM;
}

static void describe_status(const child_t *c, char *buf, size_t n) {
    if (c->pid == 0) {
        snprintf(buf, n, "not started");
    } else if (c->running) {
        snprintf(buf, n, "running");
    } else {
        describe_wait(c->status, buf, n);
        if (c->fault_killed && WIFSIGNALED(c->status) &&
            WTERMSIG(c->status) == SIGKILL)
            snprintf(buf, n, "killed by scheduled fault");
        else if (c->killed || stopped_early(c))
            snprintf(buf + strlen(buf), n - strlen(buf), " by the launcher");
        /* ssh itself exits 255 on any failure of its own; sh, 127 when the
         * program is missing. */
        int code = WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1;
        if (c->host && code == 255)
            snprintf(buf, n, "ssh to %s port %d failed, exit status 255",
                     c->host->dest, c->host->ssh_port);
        else if (c->host && code == 127)
            snprintf(buf + strlen(buf), n - strlen(buf),
                     " on %s: program not found there", c->host->dest);
        else if (c->host)
            snprintf(buf + strlen(buf), n - strlen(buf), " on %s",
                     c->host->dest);
    }
}

/* A worker that a kill fault took down did what the run asked of it. */
static int child_ok(const child_t *c) {
    return c->pid && !c->running &&
           ((WIFEXITED(c->status) && WEXITSTATUS(c->status) == 0) ||
            stopped_early(c) ||
            (c->fault_killed && WIFSIGNALED(c->status) &&
             WTERMSIG(c->status) == SIGKILL));
}

/* Prints the last lines of a log to stderr, indented, so that a failure is
 * explained without opening files. */
static void print_tail(const char *path, int lines) {
    char buf[LINE_MAX_LEN];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "    (cannot read %s: %s)\n", path, strerror(errno));
        return;
    }
    off_t size = lseek(fd, 0, SEEK_END);
    off_t from =
        size > (off_t)sizeof(buf) - 1 ? size - (off_t)sizeof(buf) + 1 : 0;
    ssize_t n = pread(fd, buf, sizeof(buf) - 1, from);
    close(fd);
    if (n <= 0) {
        fprintf(stderr, "    (%s is empty)\n", path);
        return;
    }
    buf[n] = '\0';
    char *p = buf + n;
    if (p > buf && p[-1] == '\n')
        *--p = '\0';
    int seen = 0;
    while (p > buf && seen < lines)
        if (*--p == '\n')
            seen++;
    if (*p == '\n')
        p++;
    fprintf(stderr, "    --- last lines of %s ---\n", path);
    for (char *line = p, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        fprintf(stderr, "    | %.*s\n",
                nl ? (int)(nl - line) : (int)strlen(line), line);
    }
}

/* Calls fn for every complete line appended to t->path since the last call;
 * with `flush`, also for a final line without its newline. A missing file is
 * simply not there yet. */
static void tail_poll(tail_t *t, int flush, void (*fn)(char *line, void *arg),
                      void *arg) {
    if (t->path == NULL)
        return;
    int fd = open(t->path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        for (;;) {
            ssize_t n =
                pread(fd, t->buf + t->len, sizeof(t->buf) - 1 - t->len, t->off);
            if (n <= 0)
                break;
            t->off += n;
            t->len += (size_t)n;
            char *start = t->buf, *end = t->buf + t->len, *nl;
            while ((nl = memchr(start, '\n', (size_t)(end - start))) != NULL) {
                *nl = '\0';
                fn(start, arg);
                start = nl + 1;
            }
            t->len = (size_t)(end - start);
            memmove(t->buf, start, t->len);
            /* A line longer than the buffer is cut rather than stalling. */
            if (t->len == sizeof(t->buf) - 1) {
                t->buf[t->len] = '\0';
                fn(t->buf, arg);
                t->len = 0;
            }
        }
        close(fd);
    }
    if (flush && t->len > 0) {
        t->buf[t->len] = '\0';
        fn(t->buf, arg);
        t->len = 0;
    }
}

/* Splits a CSV line in place; returns the number of fields. */
static int csv_split(char *line, char **f, int max) {
    int n = 0;
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' '))
        line[--len] = '\0';
    for (char *p = line; n < max;) {
        f[n++] = p;
        p = strchr(p, ',');
        if (p == NULL)
            break;
        *p++ = '\0';
    }
    return n;
}

static void eval_line(char *line, void *arg) {
    eval_state_t *e = arg;
    char *f[32];
    int n = csv_split(line, f, 32);
    if (n == 0 || f[0][0] == '\0')
        return;
    if (!e->have_header) {
        e->col_t = e->col_updates = e->col_loss = e->col_metric = -1;
        for (int i = 0; i < n; i++) {
            if (strcmp(f[i], "time_s") == 0)
                e->col_t = i;
            else if (strcmp(f[i], "updates") == 0)
                e->col_updates = i;
            else if (strcmp(f[i], "loss") == 0)
                e->col_loss = i;
            else if (e->col_metric < 0) {
                e->col_metric = i;
                snprintf(e->metric, sizeof(e->metric), "%s", f[i]);
            }
        }
        e->have_header = 1;
        return;
    }
    eval_row_t r = {NAN, NAN, NAN, NAN};
    int cols[4] = {e->col_t, e->col_updates, e->col_loss, e->col_metric};
    double *dst[4] = {&r.t, &r.updates, &r.loss, &r.metric};
    for (int k = 0; k < 4; k++)
        if (cols[k] >= 0 && cols[k] < n)
            *dst[k] = strtod(f[cols[k]], NULL);
    if (isnan(r.t))
        return;
    e->ring_head = (e->ring_head + 1) % EVAL_RING;
    e->ring[e->ring_head] = r;
    if (e->ring_n < EVAL_RING)
        e->ring_n++;
    e->nrows++;
}

static const eval_row_t *eval_last(const eval_state_t *e) {
    return e->ring_n ? &e->ring[e->ring_head] : NULL;
}

/* Updates per second over the evaluator's rows of the last ~3 s: the change
 * of the summed server versions divided by the evaluator's own time. */
static double eval_rate(const eval_state_t *e) {
    const eval_row_t *last = eval_last(e), *first = NULL;
    for (int k = 1; k < e->ring_n; k++) {
        const eval_row_t *r =
            &e->ring[(e->ring_head - k + EVAL_RING) % EVAL_RING];
        if (last->t - r->t > 3.0 && first != NULL)
            break;
        first = r;
    }
    if (first == NULL || last->t <= first->t)
        return NAN;
    return (last->updates - first->updates) / (last->t - first->t);
}

static void fmt_metric(const eval_state_t *e, double v, char *buf, size_t n) {
    if (strcmp(e->metric, "accuracy") == 0)
        snprintf(buf, n, "acc %.4f", v);
    else if (strcmp(e->metric, "rel_err") == 0)
        snprintf(buf, n, "rel_err %.2e", v);
    else
        snprintf(buf, n, "%s %.4g", e->metric, v);
}

static void progress(launch_t *l, int force) {
    double now = elapsed(l);
    if (!force && now - l->last_progress < (l->tty ? 0.25 : 2.0))
        return;
    l->last_progress = now;
    tail_poll(&l->evtail, 0, eval_line, &l->ev);
    int done = 0;
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].role == ROLE_WORKER && l->kids[i].pid &&
            !l->kids[i].running)
            done++;
    char line[256], metric[64];
    const eval_row_t *r = eval_last(&l->ev);
    int n = snprintf(line, sizeof(line), "%7.1fs", now);
    if (r) {
        double rate = eval_rate(&l->ev);
        fmt_metric(&l->ev, r->metric, metric, sizeof(metric));
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %.0f updates",
                      r->updates);
        if (!isnan(rate))
            n +=
                snprintf(line + n, sizeof(line) - (size_t)n, " (%.0f/s)", rate);
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %s | loss %.4g",
                      metric, r->loss);
    } else {
        n += snprintf(line + n, sizeof(line) - (size_t)n,
                      " | no evaluation yet");
    }
    snprintf(line + n, sizeof(line) - (size_t)n, " | workers %d/%d done%s%s",
             done, l->s->workers, l->phase ? " | " : "",
             l->phase ? l->phase : "");
    if (l->tty) {
        printf("\r\033[K%s", line);
        l->line_shown = 1;
    } else {
        printf("%s\n", line);
    }
    fflush(stdout);
}

/* Reaps every child that has exited, without blocking. */
static void reap(launch_t *l) {
    int st;
    pid_t p;
    while ((p = waitpid(-1, &st, WNOHANG)) > 0) {
        for (int i = 0; i < l->nkids; i++) {
            child_t *c = &l->kids[i];
            if (c->pid == p && c->running) {
                c->running = 0;
                c->status = st;
                c->t_end = elapsed(l);
                /* The remote wrapper reports a death by signal N as exit
                 * status 128+N; turned back into that signal, so that remote
                 * and local children are judged alike. */
                if (c->host && WIFEXITED(st) && WEXITSTATUS(st) > 128 &&
                    WEXITSTATUS(st) < 128 + 64)
                    c->status = WEXITSTATUS(st) - 128;
                if (c->in_w >= 0)
                    close(c->in_w);
                c->in_w = -1;
            }
        }
    }
}

/* Sleeps until a signal arrives or `timeout` seconds pass. */
static void wait_wake(double timeout) {
    struct pollfd pfd = {.fd = wake_fd[0], .events = POLLIN};
    if (poll(&pfd, 1, (int)(timeout * 1000)) > 0) {
        char drain[64];
        while (read(wake_fd[0], drain, sizeof(drain)) > 0)
            ;
    }
}

static void wait_events(launch_t *l, double timeout) {
    wait_wake(timeout);
    reap(l);
}

/* Where a spawned child's standard streams go and where it runs. Zero
 * fields are the common case: stdin /dev/null, stdout with stderr, this
 * directory and network namespace. */
typedef struct spawn_s {
    const char *log; /* stderr, and stdout unless `out` is set */
    int append;      /* append to log instead of truncating it */
    const char *out; /* stdout alone, truncated */
    const char *cwd;
    const char *netns; /* bind mount of a network namespace to enter */
    int *in_w; /* not NULL: stdin is a pipe whose close-on-exec write end
                  is returned here, owned by the caller */
} spawn_t;

/* Starts argv[0] (looked up in PATH when it has no slash) in its own process
 * group as `sp` describes. The child is bound to die with the launcher.
 * Returns the pid, or -errno when a file cannot be opened, fork fails or
 * exec fails (the child's exec error comes back through a close-on-exec
 * pipe, so a missing binary is reported here and not as a mysterious 127). */
static pid_t spawn(char *const argv[], const spawn_t *sp) {
    int in[2] = {-1, -1}, outfd = -1, ep[2] = {-1, -1}, e = 0;
    int logfd =
        open(sp->log,
             O_WRONLY | O_CREAT | O_CLOEXEC | (sp->append ? O_APPEND : O_TRUNC),
             0644);
    if (logfd < 0 ||
        (sp->out &&
         (outfd = open(sp->out, O_WRONLY | O_CREAT | O_CLOEXEC | O_TRUNC,
                       0644)) < 0) ||
        (sp->in_w && pipe2(in, O_CLOEXEC) < 0) || pipe2(ep, O_CLOEXEC) < 0) {
        e = errno;
        const int fds[] = {logfd, outfd, in[0], in[1]};
        for (size_t k = 0; k < sizeof(fds) / sizeof(fds[0]); k++)
            if (fds[k] >= 0)
                close(fds[k]);
        return -e;
    }
    /* Blocked across fork so that no launcher handler runs in the child
     * before exec resets the dispositions. */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        int err;
        const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE};
        for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
            signal(sigs[k], SIG_DFL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        /* The launcher may have died before prctl took effect; then we have
         * been re-parented and must not run unsupervised. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
            _exit(127);
        setpgid(0, 0);
        int nsfd = sp->netns ? open(sp->netns, O_RDONLY | O_CLOEXEC) : -2;
        int infd = sp->in_w ? in[0] : open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (nsfd == -1 || (nsfd >= 0 && setns(nsfd, CLONE_NEWNET) < 0) ||
            infd < 0 || dup2(infd, 0) < 0 ||
            dup2(outfd >= 0 ? outfd : logfd, 1) < 0 || dup2(logfd, 2) < 0 ||
            (sp->cwd && chdir(sp->cwd) < 0)) {
            err = errno;
        } else {
            execvp(argv[0], argv);
            err = errno;
        }
        ssize_t r = write(ep[1], &err, sizeof(err));
        (void)r;
        _exit(127);
    }
    int fork_errno = errno;
    if (pid > 0)
        setpgid(pid, pid); /* also here: a kill(-pid) right after must work */
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(ep[1]);
    close(logfd);
    if (outfd >= 0)
        close(outfd);
    if (in[0] >= 0)
        close(in[0]);
    if (pid < 0) {
        close(ep[0]);
        if (in[1] >= 0)
            close(in[1]);
        return -fork_errno;
    }
    int err = 0;
    ssize_t r;
    do
        r = read(ep[0], &err, sizeof(err));
    while (r < 0 && errno == EINTR);
    close(ep[0]);
    if (r == (ssize_t)sizeof(err)) {
        waitpid(pid, NULL, 0);
        if (in[1] >= 0)
            close(in[1]);
        return -err;
    }
    if (sp->in_w)
        *sp->in_w = in[1];
    return pid;
}

/* Runs argv to completion as `sp` describes, bounded by `wait_s` seconds
 * and by a stop signal that arrives meanwhile (either SIGKILLs it). Returns
 * the wait status, or -errno if it could not start. */
static int run_bounded(launch_t *l, char *const argv[], const spawn_t *sp,
                       double wait_s) {
    pid_t pid = spawn(argv, sp);
    if (pid < 0)
        return (int)pid;
    double deadline = elapsed(l) + wait_s;
    int st = 0, signals = stop_count;
    for (;;) {
        pid_t p = waitpid(pid, &st, WNOHANG);
        if (p == pid)
            return st;
        if (elapsed(l) > deadline || stop_count > signals) {
            kill(-pid, SIGKILL);
            waitpid(pid, &st, 0);
            return st;
        }
        wait_wake(0.05);
    }
}

/* ---- --hosts FILE: processes on other hosts, over ssh ---- */

/* The remote half of every ssh child, run by sh with the workdir and the
 * program's argv as arguments. It starts the program in the background with
 * its pid announced on stderr (the launcher's handle for kill and pause
 * faults), and sends it SIGTERM when ssh's stdin reaches EOF, which is how
 * the launcher stops it and what happens when the launcher or its ssh dies;
 * SIGKILL follows if it is still there 5 s later. Its exit status becomes
 * ssh's, with a death by signal N reported as 128+N as sh does. The program's
 * own stdin is /dev/null, so that only the watcher reads ssh's stdin. */
#define REMOTE_WRAPPER                                                         \
    "d=$1; shift; mkdir -p \"$d\" && cd \"$d\" || exit 126; "                  \
    "exec 3<&0; \"$@\" </dev/null 3<&- & p=$!; "                               \
    "echo \"taups-remote-pid: $p\" >&2; "                                      \
    "(while read -r x <&3; do :; done; exec 3<&-; kill -TERM $p; sleep 5; "    \
    "kill -KILL $p) </dev/null >/dev/null 2>&1 & w=$!; exec 3<&-; "            \
    "trap 'kill -TERM $p 2>/dev/null' HUP INT TERM; "                          \
    "while :; do wait $p; s=$?; kill -0 $p 2>/dev/null || break; done; "       \
    "kill $w 2>/dev/null; exit $s"

#define RPID_TAG "taups-remote-pid: "

/* Appends `arg` to *buf quoted for a POSIX shell. */
static void sh_quote(char **buf, size_t *len, size_t *cap, const char *arg) {
    size_t need = *len + 4 * strlen(arg) + 4;
    if (need > *cap) {
        *cap = need * 2;
        *buf = realloc(*buf, *cap);
        if (*buf == NULL)
            oom();
    }
    char *p = *buf + *len;
    if (*len)
        *p++ = ' ';
    *p++ = '\'';
    for (const char *q = arg; *q; q++) {
        if (*q == '\'') {
            memcpy(p, "'\\''", 4);
            p += 4;
        } else {
            *p++ = *q;
        }
    }
    *p++ = '\'';
    *p = '\0';
    *len = (size_t)(p - *buf);
}

/* The ssh command line that runs `cmd` (one string, for the remote login
 * shell) on host h. Returns an owned argv. */
static char **ssh_argv(const launch_t *l, const host_t *h, const char *cmd) {
    argv_t av = {0};
    for (char **p = l->ssh; *p; p++)
        av_add(&av, *p);
    av_opt(&av, "-p", "%d", h->ssh_port);
    av_add(&av, h->dest);
    av_add(&av, "--");
    av_add(&av, cmd);
    return av.v;
}

static const char *host_workdir(const launch_t *l, const host_t *h, char *buf,
                                size_t n) {
    if (h->workdir)
        return h->workdir;
    snprintf(buf, n, "/tmp/taups-%s", l->run_id);
    return buf;
}

/* Runs one short command on host h (kill, cat), with stdout to `out` (NULL:
 * ssh.log) and the command line and its stderr appended to ssh.log.
 * Returns 0, or -1 after saying what failed. */
static int ssh_aux(launch_t *l, const host_t *h, const char *cmd,
                   const char *out) {
    char **argv = ssh_argv(l, h, cmd);
    FILE *f = fopen(l->ssh_log, "ae");
    if (f) {
        fprintf(f, "$");
        for (char **p = argv; *p; p++)
            fprintf(f, " %s", *p);
        fputc('\n', f);
        fclose(f);
    }
    spawn_t sp = {.log = l->ssh_log, .append = 1, .out = out};
    int st = run_bounded(l, argv, &sp, SSH_WAIT_S);
    av_free(argv);
    if (st == 0)
        return 0;
    char why[96];
    if (st < 0)
        snprintf(why, sizeof(why), "%s", strerror(-st));
    else
        describe_wait(st, why, sizeof(why));
    say(l, "on %s, `%s` failed (%s); see %s", h->dest, cmd, why, l->ssh_log);
    print_tail(l->ssh_log, 3);
    return -1;
}

static void rpid_line(char *line, void *arg) {
    const char *p = strstr(line, RPID_TAG);
    if (p && *(long *)arg == 0)
        *(long *)arg = strtol(p + strlen(RPID_TAG), NULL, 10);
}

/* The pid of a remote child on its host, read from its log, where its
 * wrapper announced it; waits up to `wait_s` for a running child that has
 * only just started. Returns 0 when it is not known. */
static long remote_pid(launch_t *l, child_t *c, double wait_s) {
    double deadline = elapsed(l) + wait_s;
    for (;;) {
        tail_t t = {.path = c->log};
        tail_poll(&t, 1, rpid_line, &c->rpid);
        if (c->rpid || !c->running || elapsed(l) >= deadline)
            return c->rpid;
        wait_wake(0.05);
    }
}

/* Sends SIGKILL, SIGSTOP or SIGCONT to a remote child with `kill` on its
 * host. Returns 0, or -1 after saying why not. */
static int remote_signal(launch_t *l, child_t *c, int sig) {
    const char *name = sig == SIGKILL   ? "KILL"
                       : sig == SIGSTOP ? "STOP"
                                        : "CONT";
    long rpid = remote_pid(l, c, RPID_WAIT_S);
    if (rpid <= 0) {
        say(l, "%s on %s has not reported its pid; cannot send it SIG%s",
            c->name, c->host->dest, name);
        return -1;
    }
    char cmd[64];
    snprintf(cmd, sizeof(cmd), "kill -s %s %ld", name, rpid);
    return ssh_aux(l, c->host, cmd, NULL);
}

/* Signals a child's whole process group, so that anything it started goes
 * too; falls back to the pid if the group is already gone. A remote child
 * is asked to stop by closing its stdin, and is killed by killing its ssh
 * (its wrapper then stops the program); a kill fault and pauses act on the
 * remote process itself. Returns 0, or -1 when a remote signal failed. */
static int signal_child(launch_t *l, child_t *c, int sig) {
    if (!c->running)
        return 0;
    if (sig == SIGKILL && !c->fault_killed)
        c->killed = 1;
    if (sig == SIGTERM)
        c->termed = 1;
    if (c->host && sig == SIGTERM) {
        if (c->in_w >= 0)
            close(c->in_w);
        c->in_w = -1;
        return 0;
    }
    if (c->host && (sig != SIGKILL || c->fault_killed))
        return remote_signal(l, c, sig);
    if (kill(-c->pid, sig) < 0)
        kill(c->pid, sig);
    return 0;
}

/* The remote command of a child: the wrapper, its workdir and the argv. */
static char *remote_cmd(const launch_t *l, const child_t *c) {
    char wd[PATH_MAX];
    char *cmd = NULL;
    size_t len = 0, cap = 0;
    const char *head[] = {"sh", "-c", REMOTE_WRAPPER, "taups-remote",
                          host_workdir(l, c->host, wd, sizeof(wd))};
    for (size_t k = 0; k < sizeof(head) / sizeof(head[0]); k++)
        sh_quote(&cmd, &len, &cap, head[k]);
    for (char **p = c->argv; *p; p++)
        sh_quote(&cmd, &len, &cap, *p);
    return cmd;
}

static int start_child(launch_t *l, child_t *c) {
    c->t_start = elapsed(l);
    spawn_t sp = {.log = c->log};
    pid_t pid;
    if (c->host) {
        char *cmd = remote_cmd(l, c);
        char **argv = ssh_argv(l, c->host, cmd);
        sp.in_w = &c->in_w;
        pid = spawn(argv, &sp);
        av_free(argv);
        free(cmd);
    } else {
        sp.netns = l->ns ? l->ns[c - l->kids + 1].path : NULL;
        pid = spawn(c->argv, &sp);
    }
    if (pid < 0) {
        say(l, "cannot start %s (%s): %s", c->name,
            c->host ? l->ssh[0] : c->argv[0], strerror((int)-pid));
        return -1;
    }
    c->pid = pid;
    c->running = 1;
    return 0;
}

static int running_of(const launch_t *l, role_t role) {
    int n = 0;
    for (int i = 0; i < l->nkids; i++)
        n += l->kids[i].role == role && l->kids[i].running;
    return n;
}

/* ---- --fault: scheduled kills, pauses and disconnects ---- */

/* Reads a number that must fill the whole field. */
static int parse_num(const char *f, double *v) {
    char *end;
    errno = 0;
    *v = strtod(f, &end);
    return end != f && *end == '\0' && errno == 0 && isfinite(*v) ? 0 : -1;
}

/* Parses every --fault into *out (owned by the caller, also when empty).
 * Returns 0, or -1 after saying which spec is wrong and why. */
static int faults_parse(const settings_t *s, fault_t **out) {
    *out = calloc((size_t)s->faults.n + 1, sizeof(**out));
    if (*out == NULL)
        oom();
    for (int k = 0; k < s->faults.n; k++) {
        fault_t *ft = &(*out)[k];
        const char *spec = s->faults.v[k];
        char buf[128], *f[5];
        int n = 0;
        snprintf(buf, sizeof(buf), "%s", spec);
        for (char *p = buf; n < 5 && p; n++) {
            f[n] = p;
            p = strchr(p, ':');
            if (p)
                *p++ = '\0';
        }
        ft->spec = spec;
        int want;
        if (strcmp(f[0], "kill") == 0) {
            ft->kind = FAULT_KILL;
            want = 3;
        } else if (strcmp(f[0], "pause") == 0) {
            ft->kind = FAULT_PAUSE;
            want = 4;
        } else if (strcmp(f[0], "disconnect") == 0) {
            ft->kind = FAULT_DISCONNECT;
            want = 3;
        } else {
            fprintf(stderr,
                    "%s: --fault %s: unknown fault \"%s\"; expected "
                    "kill:RANK:T, pause:RANK:T:DUR or disconnect:RANK:T\n",
                    PROG, spec, f[0]);
            return -1;
        }
        double rank, dur = 0;
        if (n != want || parse_num(f[1], &rank) < 0 ||
            parse_num(f[2], &ft->at) < 0 ||
            (want == 4 && parse_num(f[3], &dur) < 0)) {
            fprintf(stderr, "%s: --fault %s: expected %s\n", PROG, spec,
                    ft->kind == FAULT_PAUSE  ? "pause:RANK:T:DUR"
                    : ft->kind == FAULT_KILL ? "kill:RANK:T"
                                             : "disconnect:RANK:T");
            return -1;
        }
        if (rank < 0 || rank >= s->workers || rank != floor(rank)) {
            fprintf(stderr, "%s: --fault %s: rank %s is not a worker (0..%d)\n",
                    PROG, spec, f[1], s->workers - 1);
            return -1;
        }
        if (ft->at < 0) {
            fprintf(stderr, "%s: --fault %s: time %s is negative\n", PROG, spec,
                    f[2]);
            return -1;
        }
        if (want == 4 && dur <= 0) {
            fprintf(stderr, "%s: --fault %s: duration %s must be positive\n",
                    PROG, spec, f[3]);
            return -1;
        }
        ft->rank = (int)rank;
        ft->dur = dur;
        /* A worker takes one --disconnect-at. */
        for (int j = 0; j < k; j++)
            if (ft->kind == FAULT_DISCONNECT &&
                (*out)[j].kind == FAULT_DISCONNECT &&
                (*out)[j].rank == ft->rank) {
                fprintf(stderr,
                        "%s: --fault %s: worker %d already has a disconnect "
                        "(%s); one per worker\n",
                        PROG, spec, ft->rank, (*out)[j].spec);
                return -1;
            }
    }
    return 0;
}

static child_t *worker_child(launch_t *l, int rank) {
    return &l->kids[l->s->shards + 1 + rank];
}

/* Announces a fault on stdout, between the progress lines. */
static void fault_say(launch_t *l, const fault_t *ft, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fault_say(launch_t *l, const fault_t *ft, const char *fmt, ...) {
    va_list ap;
    clear_line(l);
    printf("%s: fault %s at %.2f s: ", PROG, ft->spec,
           elapsed(l) - l->t_workers);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* Carries out every fault action that is due. Returns the seconds until the
 * next one (INFINITY when none is left), so that the caller wakes in time. */
static double faults_tick(launch_t *l) {
    double next = INFINITY;
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        child_t *c = worker_child(l, ft->rank);
        double now = elapsed(l) - l->t_workers;
        if (!ft->fired && now >= ft->at) {
            ft->fired = 1;
            ft->fired_s = now;
            if (ft->kind == FAULT_DISCONNECT) {
                snprintf(ft->result, sizeof(ft->result),
                         "requested (--disconnect-at); no reconnect seen yet");
                fault_say(l, ft, "%s drops its connections (--disconnect-at)",
                          c->name);
            } else if (!c->running) {
                ft->resumed = 1; /* nothing to resume */
                ft->resumed_s = NAN;
                snprintf(ft->result, sizeof(ft->result),
                         "skipped: %s was not running", c->name);
                fault_say(l, ft, "%s", ft->result);
            } else if (ft->kind == FAULT_KILL) {
                c->fault_killed = 1;
                if (signal_child(l, c, SIGKILL) < 0) {
                    c->fault_killed = 0;
                    snprintf(ft->result, sizeof(ft->result),
                             "failed: could not kill %s", c->name);
                    fault_say(l, ft, "%s", ft->result);
                } else {
                    ft->fired_s = elapsed(l) - l->t_workers;
                    snprintf(ft->result, sizeof(ft->result), "killed %s",
                             c->name);
                    fault_say(l, ft, "%s killed (SIGKILL)", c->name);
                }
            } else if (signal_child(l, c, SIGSTOP) < 0) {
                ft->resumed = 1; /* nothing to resume */
                ft->resumed_s = NAN;
                snprintf(ft->result, sizeof(ft->result),
                         "failed: could not pause %s", c->name);
                fault_say(l, ft, "%s", ft->result);
            } else {
                /* A remote child is signalled with an ssh round trip; times
                 * are taken when the signal has arrived, and a pause lasts
                 * `dur` from then. */
                ft->fired_s = elapsed(l) - l->t_workers;
                snprintf(ft->result, sizeof(ft->result), "paused %s", c->name);
                fault_say(l, ft, "%s paused (SIGSTOP) for %g s", c->name,
                          ft->dur);
            }
        }
        now = elapsed(l) - l->t_workers; /* a remote action takes a while */
        if (ft->kind == FAULT_PAUSE && ft->fired && !ft->resumed &&
            now >= ft->fired_s + ft->dur) {
            ft->resumed = 1;
            int rc = signal_child(l, c, SIGCONT);
            ft->resumed_s = elapsed(l) - l->t_workers;
            snprintf(ft->result, sizeof(ft->result),
                     "paused %s, %s after %.2f s", c->name,
                     rc < 0 ? "could not resume it" : "resumed",
                     ft->resumed_s - ft->fired_s);
            if (rc < 0)
                fault_say(l, ft, "%s could not be resumed", c->name);
            else
                fault_say(l, ft, "%s resumed (SIGCONT)", c->name);
        }
        if (!ft->fired)
            next = fmin(next, ft->at - now);
        else if (ft->kind == FAULT_PAUSE && !ft->resumed)
            next = fmin(next, ft->fired_s + ft->dur - now);
    }
    return next < 0 ? 0 : next;
}

/* A stopped worker cannot act on SIGTERM, so every pause ends before the
 * workers are asked to stop. */
static void faults_resume_all(launch_t *l) {
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        if (ft->kind != FAULT_PAUSE || !ft->fired || ft->resumed)
            continue;
        child_t *c = worker_child(l, ft->rank);
        ft->resumed = 1;
        int rc = signal_child(l, c, SIGCONT);
        ft->resumed_s = elapsed(l) - l->t_workers;
        snprintf(ft->result, sizeof(ft->result),
                 "paused %s, %s at shutdown after %.2f s", c->name,
                 rc < 0 ? "could not resume it" : "resumed",
                 ft->resumed_s - ft->fired_s);
        fault_say(l, ft, "%s resumed (SIGCONT) before stopping it", c->name);
    }
}

static int log_has(const char *path, const char *needle) {
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return 0;
    char line[LINE_MAX_LEN];
    int found = 0;
    while (!found && fgets(line, sizeof(line), f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* The worker carries out a disconnect itself; its log says how it went. */
static void faults_finish(launch_t *l) {
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        if (ft->kind != FAULT_DISCONNECT)
            continue;
        const child_t *c = worker_child(l, ft->rank);
        if (c->log == NULL)
            continue;
        if (log_has(c->log, "reconnected to"))
            snprintf(ft->result, sizeof(ft->result), "%s reconnected", c->name);
        else if (log_has(c->log, "cannot reconnect"))
            snprintf(ft->result, sizeof(ft->result),
                     "%s could not reconnect (see %s)", c->name,
                     strrchr(c->log, '/') + 1);
        else if (ft->fired)
            snprintf(ft->result, sizeof(ft->result),
                     "%s did not disconnect (it stopped first?)", c->name);
    }
}

/* Sends SIGTERM to the running children of `role`, waits up to `grace`
 * seconds, then SIGKILLs and reaps the rest. A second stop signal from the
 * user cuts every grace period short. Returns with none of them running. */
static void stop_role(launch_t *l, role_t role, double grace,
                      const char *phase) {
    if (running_of(l, role) == 0)
        return;
    l->phase = phase;
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].role == role)
            signal_child(l, &l->kids[i], SIGTERM);
    double deadline = elapsed(l) + grace;
    int forced = 0;
    while (running_of(l, role) > 0) {
        int late = elapsed(l) > deadline;
        if (!forced && (late || stop_count >= 2)) {
            for (int i = 0; i < l->nkids; i++)
                if (l->kids[i].role == role && l->kids[i].running) {
                    if (late)
                        say(l,
                            "%s did not stop within %.0f s of SIGTERM; "
                            "killing it",
                            l->kids[i].name, grace);
                    else
                        say(l, "killing %s", l->kids[i].name);
                    signal_child(l, &l->kids[i], SIGKILL);
                }
            forced = 1;
        }
        wait_events(l, 0.1);
        progress(l, 0);
    }
}

static void stop_all(launch_t *l) {
    faults_resume_all(l);
    stop_role(l, ROLE_WORKER, WORKER_GRACE_S, "stopping workers");
    stop_role(l, ROLE_EVAL, EVAL_GRACE_S, "final evaluation");
    stop_role(l, ROLE_SERVER, SERVER_GRACE_S, "stopping servers");
    l->phase = NULL;
}

/* ---- --hosts netns: the throwaway network ---- */

/* Whether this process holds `cap` in its effective set; creating namespaces
 * needs CAP_SYS_ADMIN and configuring links CAP_NET_ADMIN. Read from
 * /proc rather than from the uid, since root without capabilities (a
 * container) fails as surely as a user does. */
static int has_cap(int cap) {
    FILE *f = fopen("/proc/self/status", "re");
    if (f == NULL)
        return 0;
    char line[256];
    unsigned long long eff = 0;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "CapEff: %llx", &eff) == 1)
            break;
    fclose(f);
    return (eff >> cap) & 1;
}

/* Runs one `ip` command to completion, with its output appended to
 * netns.log after the command line itself. Stop signals do not cut it
 * short: a half-made change is worse than a second's delay. Returns 0, or
 * -1 after saying which command failed and how. */
static int run_ip(launch_t *l, ...) __attribute__((sentinel));
static int run_ip(launch_t *l, ...) {
    char *argv[16];
    int n = 0;
    va_list ap;
    va_start(ap, l);
    argv[n++] = "ip";
    for (const char *a; n < 15 && (a = va_arg(ap, const char *)) != NULL;)
        argv[n++] = (char *)a;
    va_end(ap);
    argv[n] = NULL;
    char cmd[512];
    for (int k = 0, len = 0; k < n && len < (int)sizeof(cmd); k++)
        len += snprintf(cmd + len, sizeof(cmd) - (size_t)len, "%s%s",
                        k ? " " : "", argv[k]);
    FILE *f = fopen(l->ns_log, "ae");
    if (f) {
        fprintf(f, "$ %s\n", cmd);
        fclose(f);
    }
    spawn_t sp = {.log = l->ns_log, .append = 1};
    pid_t pid = spawn(argv, &sp);
    if (pid < 0) {
        say(l, "cannot run `%s`: %s", cmd, strerror((int)-pid));
        return -1;
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    char why[96];
    describe_wait(st, why, sizeof(why));
    say(l, "`%s` failed (%s)", cmd, why);
    print_tail(l->ns_log, 3);
    return -1;
}

/* Address of host `k` (0-based) of a group: servers 10.199.10.x, the
 * evaluator 10.199.100.1, workers 10.199.20.x, 250 hosts per third octet, so
 * that an address alone tells which process it is. */
static void net_addr(char *buf, size_t n, int group, int k) {
    snprintf(buf, n, "10.199.%d.%d", group + k / 250, k % 250 + 1);
}

/* Fills l->ns with names and addresses; creates nothing. */
static void net_plan(launch_t *l) {
    int S = l->s->shards;
    long pid = (long)getpid();
    l->nns = l->nkids + 1;
    l->ns = calloc((size_t)l->nns, sizeof(*l->ns));
    if (l->ns == NULL)
        oom();
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        int child = k - 1;
        char role[16];
        if (k == 0) {
            snprintf(role, sizeof(role), "sw");
        } else if (child < S) {
            snprintf(role, sizeof(role), "s%d", child);
            net_addr(ns->addr, sizeof(ns->addr), 10, child);
        } else if (child == S) {
            snprintf(role, sizeof(role), "ev");
            net_addr(ns->addr, sizeof(ns->addr), 100, 0);
        } else {
            snprintf(role, sizeof(role), "w%d", child - S - 1);
            net_addr(ns->addr, sizeof(ns->addr), 20, child - S - 1);
        }
        if (k > 0 && child < S)
            snprintf(ns->proc, sizeof(ns->proc), "server-%d", child);
        else if (k > 0 && child == S)
            snprintf(ns->proc, sizeof(ns->proc), "evaluator");
        else if (k > 0)
            snprintf(ns->proc, sizeof(ns->proc), "worker-%d", child - S - 1);
        snprintf(ns->name, sizeof(ns->name), "tps-%ld-%s", pid, role);
        snprintf(ns->path, sizeof(ns->path), "/run/netns/%s", ns->name);
        if (k > 0)
            snprintf(ns->port, sizeof(ns->port), "%s", role);
    }
}

/* Builds the network that net_plan described. Returns 0, or -1 when a
 * command failed or a stop signal arrived; either way net_teardown removes
 * whatever was created. */
static int net_build(launch_t *l) {
    const char *sw = l->ns[0].name;
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        if (stop_count > 0 || run_ip(l, "netns", "add", ns->name, NULL) < 0)
            return -1;
        ns->created = 1;
        if (run_ip(l, "-n", ns->name, "link", "set", "lo", "up", NULL) < 0)
            return -1;
    }
    if (run_ip(l, "-n", sw, "link", "add", "br0", "type", "bridge", NULL) < 0 ||
        run_ip(l, "-n", sw, "link", "set", "br0", "up", NULL) < 0)
        return -1;
    for (int k = 1; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        char cidr[32];
        snprintf(cidr, sizeof(cidr), "%s/16", ns->addr);
        /* Created directly with its ends in the two namespaces, so that no
         * interface ever appears on the host, even for a moment. */
        if (stop_count > 0 ||
            run_ip(l, "-n", sw, "link", "add", ns->port, "type", "veth", "peer",
                   "name", "eth0", "netns", ns->name, NULL) < 0 ||
            run_ip(l, "-n", sw, "link", "set", ns->port, "master", "br0", "up",
                   NULL) < 0 ||
            run_ip(l, "-n", ns->name, "addr", "add", cidr, "dev", "eth0",
                   NULL) < 0 ||
            run_ip(l, "-n", ns->name, "link", "set", "eth0", "up", NULL) < 0)
            return -1;
    }
    return 0;
}

/* Deletes every namespace this run created. Called only once no child is
 * running, so that each namespace, and with it its veth ends and the bridge,
 * is freed by the kernel as soon as its name is gone. Returns how many
 * deletions failed (each already reported). */
static int net_teardown(launch_t *l) {
    int failed = 0;
    for (int k = l->nns - 1; k >= 0; k--) {
        netns_t *ns = &l->ns[k];
        if (!ns->created)
            continue;
        if (run_ip(l, "netns", "delete", ns->name, NULL) < 0)
            failed++;
        else
            ns->created = 0;
    }
    return failed;
}

/* Reserves n distinct free ports by binding sockets to port 0 on host. The
 * sockets stay open while all ports are chosen, so the kernel cannot hand
 * the same port out twice, and are closed just before the servers start.
 * Another process could take a port between that close and the server's
 * bind; the window is milliseconds, and start_servers retries once with new
 * ports when a server reports "address already in use". */
static int pick_ports(launch_t *l, int n, int *fds, int *ports) {
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM};
    struct addrinfo *ai;
    int rc = getaddrinfo(l->s->host, "0", &hints, &ai);
    if (rc != 0) {
        say(l, "--host %s: %s", l->s->host, gai_strerror(rc));
        return -1;
    }
    int i;
    for (i = 0; i < n; i++) {
        struct sockaddr_in sin;
        socklen_t len = sizeof(sin);
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fds[i] < 0 || bind(fds[i], ai->ai_addr, ai->ai_addrlen) < 0 ||
            getsockname(fds[i], (struct sockaddr *)&sin, &len) < 0) {
            say(l, "cannot bind a free port on %s: %s", l->s->host,
                strerror(errno));
            if (fds[i] >= 0)
                close(fds[i]);
            break;
        }
        ports[i] = ntohs(sin.sin_port);
    }
    freeaddrinfo(ai);
    if (i < n) {
        while (i-- > 0)
            close(fds[i]);
        return -1;
    }
    return 0;
}

/* (Re)initialises a child that is not running; keeps its placement. */
/* The path of a program on host h: in its bindir, or where the launcher
 * found it here (then an absolute path, see main). */
static const char *program_on(const host_t *h, const char *local, char *buf,
                              size_t n) {
    if (h == NULL || h->bindir == NULL)
        return local;
    snprintf(buf, n, "%s/%s", h->bindir, strrchr(local, '/') + 1);
    return buf;
}

static void child_init(child_t *c, role_t role, int index, argv_t *av,
                       char *log, char *csv) {
    const host_t *host = c->host;
    if (c->argv && c->in_w >= 0)
        close(c->in_w);
    av_free(c->argv);
    free(c->log);
    free(c->csv);
    free(c->rcsv);
    memset(c, 0, sizeof(*c));
    c->host = host;
    c->in_w = -1;
    c->role = role;
    if (role == ROLE_EVAL)
        snprintf(c->name, sizeof(c->name), "evaluator");
    else
        snprintf(c->name, sizeof(c->name), "%s-%d", role_names[role], index);
    c->argv = av->v;
    c->log = log;
    c->csv = csv;
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

enum { START_OK, START_FAILED, START_IN_USE, START_STOPPED };

/* Starts the S servers on fresh ports and waits until each has printed
 * "listening on". Remote servers listen on --port-base + shard (+ S after
 * each retry), since no port can be reserved on another host. */
static int start_servers_once(launch_t *l) {
    int S = l->s->shards;
    int *fds = calloc((size_t)S, sizeof(*fds));
    int *ports = calloc((size_t)S, sizeof(*ports));
    tail_t *tails = calloc((size_t)S, sizeof(*tails));
    int *ready = calloc((size_t)S, sizeof(*ready));
    if (!fds || !ports || !tails || !ready)
        oom();
    int rc = START_FAILED;
    const char **hosts = calloc((size_t)S, sizeof(*hosts));
    if (hosts == NULL)
        oom();
    size_t cap = 1;
    for (int i = 0; i < S; i++) {
        hosts[i] = l->ns      ? l->ns[i + 1].addr
                   : l->hosts ? l->kids[i].host->addr
                              : l->s->host;
        cap += strlen(hosts[i]) + 8;
    }
    if (l->ns || l->hosts) {
        for (int i = 0; i < S; i++) {
            fds[i] = -1;
            ports[i] = l->ns ? NETNS_PORT : l->s->port_base + l->port_shift + i;
            if (ports[i] > 65535) {
                say(l, "--port-base %d: no ports left above it for %d shards",
                    l->s->port_base, S);
                goto out;
            }
        }
    } else if (pick_ports(l, S, fds, ports) < 0) {
        goto out;
    }
    free(l->cluster);
    l->cluster = calloc(1, cap);
    if (l->cluster == NULL)
        oom();
    for (int i = 0, n = 0; i < S; i++)
        n += snprintf(l->cluster + n, cap - (size_t)n, "%s%s:%d", i ? "," : "",
                      hosts[i], ports[i]);
    char lr[40], bin[PATH_MAX];
    fmt_double(lr, sizeof(lr), l->s->lr);
    for (int i = 0; i < S; i++) {
        argv_t av = {0};
        av_add(&av,
               program_on(l->kids[i].host, l->server_bin, bin, sizeof(bin)));
        av_opt(&av, "--listen", "%s:%d", hosts[i], ports[i]);
        av_add(&av, "--cluster");
        av_add(&av, l->cluster);
        av_opt(&av, "--shard", "%d", i);
        av_opt(&av, "--workers", "%d", l->s->workers);
        av_opt(&av, "--lr", "%s", lr);
        for (int k = 0; k < l->s->server_args.n; k++)
            av_add(&av, l->s->server_args.v[k]);
        child_init(&l->kids[i], ROLE_SERVER, i, &av,
                   tps__xasprintf("%s/server-%d.log", l->out, i), NULL);
        tails[i].path = l->kids[i].log;
    }
    for (int i = 0; i < S; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    for (int i = 0; i < S; i++)
        if (start_child(l, &l->kids[i]) < 0)
            goto out;
    double deadline = elapsed(l) + START_WAIT_S;
    for (;;) {
        int nready = 0;
        for (int i = 0; i < S; i++) {
            if (!ready[i])
                tail_poll(&tails[i], 0, ready_line, &ready[i]);
            nready += ready[i];
        }
        if (nready == S) {
            rc = START_OK;
            break;
        }
        for (int i = 0; i < S; i++) {
            child_t *c = &l->kids[i];
            if (!c->running && !ready[i]) {
                char st[96];
                describe_status(c, st, sizeof(st));
                if (log_says_in_use(c->log)) {
                    rc = START_IN_USE;
                    say(l, "%s: port %s was taken before it could bind it",
                        c->name, c->argv[2]);
                } else {
                    /* report_failures prints its log at the end. */
                    say(l, "%s exited during startup (%s)", c->name, st);
                }
                goto out;
            }
        }
        if (stop_count > 0) {
            rc = START_STOPPED;
            break;
        }
        if (elapsed(l) > deadline) {
            for (int i = 0; i < S; i++)
                if (!ready[i]) {
                    say(l, "%s did not print \"listening on\" within %.0f s",
                        l->kids[i].name, START_WAIT_S);
                    print_tail(l->kids[i].log, TAIL_LINES);
                    l->kids[i].tail_shown = 1;
                }
            break;
        }
        wait_events(l, 0.05);
    }
out:
    free(hosts);
    free(fds);
    free(ports);
    free(tails);
    free(ready);
    return rc;
}

static int start_servers(launch_t *l) {
    int rc = start_servers_once(l);
    if (rc == START_IN_USE) {
        stop_role(l, ROLE_SERVER, SERVER_GRACE_S, NULL);
        say(l, "retrying once with new ports");
        l->port_shift += l->s->shards;
        rc = start_servers_once(l);
    }
    return rc;
}

/* Options every worker process (trainer or evaluator) shares. */
static void worker_common(const launch_t *l, argv_t *av) {
    const settings_t *s = l->s;
    av_add(av, "--cluster");
    av_add(av, l->cluster);
    av_opt(av, "--workers", "%d", s->workers);
    av_opt(av, "--model", "%s", s->model);
    if (s->data) {
        av_add(av, "--data");
        av_add(av, s->data);
    }
    av_opt(av, "--seed", "%llu", (unsigned long long)s->seed);
    if (s->cond > 0) {
        char b[40];
        av_opt(av, "--cond", "%s", fmt_double(b, sizeof(b), s->cond));
    }
    if (s->rows)
        av_opt(av, "--rows", "%llu", (unsigned long long)s->rows);
    if (s->dim)
        av_opt(av, "--dim", "%llu", (unsigned long long)s->dim);
}

static void worker_finish(const launch_t *l, argv_t *av, const char *csv) {
    av_add(av, "--log");
    av_add(av, csv);
    for (int k = 0; k < l->s->worker_args.n; k++)
        av_add(av, l->s->worker_args.v[k]);
}

static int start_workers(launch_t *l) {
    const settings_t *s = l->s;
    int S = s->shards;
    argv_t av = {0};
    av_add(&av, l->worker_bin); /* the evaluator runs here */
    av_add(&av, "--role");
    av_add(&av, "eval");
    worker_common(l, &av);
    av_opt(&av, "--eval-every", "%d", s->eval_every);
    char *csv = tps__xasprintf("%s/eval.csv", l->out);
    worker_finish(l, &av, csv);
    child_init(&l->kids[S], ROLE_EVAL, 0, &av, tps__xasprintf("%s/eval.log", l->out),
               csv);
    l->evtail.path = csv;
    if (start_child(l, &l->kids[S]) < 0)
        return -1;
    l->t_workers = elapsed(l);
    for (int r = 0; r < s->workers; r++) {
        child_t *c = &l->kids[S + 1 + r];
        char bin[PATH_MAX];
        argv_t wv = {0};
        av_add(&wv, program_on(c->host, l->worker_bin, bin, sizeof(bin)));
        worker_common(l, &wv);
        av_opt(&wv, "--rank", "%d", r);
        av_opt(&wv, "--batch", "%d", s->batch);
        if (s->seconds > 0) {
            char b[40];
            av_opt(&wv, "--seconds", "%s",
                   fmt_double(b, sizeof(b), s->seconds));
        } else {
            av_opt(&wv, "--iterations", "%d", s->iterations);
        }
        for (int k = 0; k < l->nfaults; k++)
            if (l->faults[k].kind == FAULT_DISCONNECT &&
                l->faults[k].rank == r) {
                char b[40];
                av_opt(&wv, "--disconnect-at", "%s",
                       fmt_double(b, sizeof(b), l->faults[k].at));
            }
        char *wcsv = tps__xasprintf("%s/worker-%d.csv", l->out, r);
        char *rcsv = NULL;
        if (c->host) {
            char wd[PATH_MAX];
            rcsv = tps__xasprintf("%s/worker-%d.csv",
                                  host_workdir(l, c->host, wd, sizeof(wd)), r);
        }
        worker_finish(l, &wv, rcsv ? rcsv : wcsv);
        child_init(c, ROLE_WORKER, r, &wv,
                   tps__xasprintf("%s/worker-%d.log", l->out, r), wcsv);
        c->rcsv = rcsv;
        if (start_child(l, c) < 0)
            return -1;
    }
    return 0;
}

enum { END_DONE, END_SIGNAL, END_TIMEOUT, END_SERVER_DIED };

static int run_loop(launch_t *l) {
    for (;;) {
        double due = faults_tick(l);
        wait_events(l, fmin(l->tty ? 0.25 : 0.5, due));
        faults_tick(l);
        progress(l, 0);
        if (stop_count > 0) {
            say(l,
                "%s: stopping every process (send it again to kill them "
                "at once)",
                strsignal(stop_signal));
            return END_SIGNAL;
        }
        if (elapsed(l) > l->s->timeout) {
            say(l, "--timeout %g s reached; stopping everything",
                l->s->timeout);
            return END_TIMEOUT;
        }
        /* Said now, not only at the end, so that a user watching the run
         * knows why a worker stopped early; the log tail comes at the end. */
        for (int i = l->s->shards; i < l->nkids; i++) {
            child_t *c = &l->kids[i];
            if (!c->running && !c->noted && c->fault_killed) {
                say(l, "%s was killed by scheduled fault", c->name);
                c->noted = 1;
            }
            if (!c->running && !c->noted && !child_ok(c)) {
                char st[96];
                describe_status(c, st, sizeof(st));
                say(l, "%s failed (%s); see %s", c->name, st, c->log);
                c->noted = 1;
            }
        }
        for (int i = 0; i < l->s->shards; i++)
            if (!l->kids[i].running) {
                say(l, "%s exited while the workers were running; stopping",
                    l->kids[i].name);
                return END_SERVER_DIED;
            }
        if (running_of(l, ROLE_WORKER) == 0)
            return END_DONE;
    }
}



static int make_run_dir(launch_t *l) {
    if (l->s->out) {
        l->out = tps__xstrdup(l->s->out);
        char *probe = tps__xasprintf("%s/run.json", l->out);
        int taken = access(probe, F_OK) == 0;
        free(probe);
        if (taken) {
            fprintf(stderr,
                    "%s: %s already holds a run (run.json); choose "
                    "another --out\n",
                    PROG, l->out);
            return -1;
        }
        if (tps__mkdir_p(l->out) < 0) {
            fprintf(stderr, "%s: cannot create %s: %s\n", PROG, l->out,
                    strerror(errno));
            return -1;
        }
        return 0;
    }
    char stamp[32];
    struct tm tm;
    localtime_r(&l->wall0.tv_sec, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    if (mkdir("runs", 0755) < 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create runs/: %s\n", PROG, strerror(errno));
        return -1;
    }
    /* Two launches in the same second get -2, -3, ... rather than sharing. */
    for (int k = 1; k < 100; k++) {
        char *d = k == 1 ? tps__xasprintf("runs/%s-%s", stamp, l->s->model)
                         : tps__xasprintf("runs/%s-%s-%d", stamp, l->s->model, k);
        if (mkdir(d, 0755) == 0) {
            l->out = d;
            l->s->out = d;
            return 0;
        }
        int e = errno;
        free(d);
        if (e != EEXIST) {
            fprintf(stderr, "%s: cannot create a run directory in runs/: %s\n",
                    PROG, strerror(e));
            return -1;
        }
    }
    fprintf(stderr, "%s: too many runs in runs/ for %s\n", PROG, stamp);
    return -1;
}

static void iso_time(const struct timespec *t, char *buf, size_t n) {
    struct tm tm;
    char off[8];
    localtime_r(&t->tv_sec, &tm);
    size_t k = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
    strftime(off, sizeof(off), "%z", &tm);
    /* %z gives +0100; ISO 8601's extended format wants +01:00. */
    snprintf(buf + k, n - k, "%.3s:%.2s", off, off + 3);
}

/* Non-finite values have no JSON spelling; they are written as null. */
static void json_num(FILE *f, double d) {
    if (isfinite(d))
        fprintf(f, "%.17g", d);
    else
        fputs("null", f);
}

/* Launcher-side times are only good to the millisecond. */
static void json_secs(FILE *f, double d) {
    if (isfinite(d))
        fprintf(f, "%.3f", d);
    else
        fputs("null", f);
}

static void json_argv(FILE *f, char *const *v) {
    fputc('[', f);
    for (int k = 0; v && v[k]; k++) {
        if (k)
            fputs(", ", f);
        tps_json_str(f, v[k]);
    }
    fputc(']', f);
}

/* The --hosts FILE part of json_hosts: each host with the processes placed
 * there, and those that ran here. */
static void json_ssh_hosts(const launch_t *l, FILE *f) {
    fputs("{\"mode\": \"ssh\", \"file\": ", f);
    tps_json_str(f, l->s->hosts);
    fputs(", \"ssh\": ", f);
    json_argv(f, l->ssh);
    fprintf(f, ", \"port_base\": %d,\n    \"hosts\": [", l->s->port_base);
    for (int k = 0; k <= l->nhosts; k++) {
        const host_t *h = k < l->nhosts ? &l->hosts[k] : NULL;
        if (h) {
            char wd[PATH_MAX];
            fprintf(f, "%s\n      {\"dest\": ", k ? "," : "");
            tps_json_str(f, h->dest);
            fputs(", \"addr\": ", f);
            tps_json_str(f, h->addr);
            fprintf(f, ", \"ssh_port\": %d, \"line\": %d, \"roles\": [%s%s%s]",
                    h->ssh_port, h->line,
                    h->roles >> ROLE_SERVER & 1 ? "\"server\"" : "",
                    h->roles == (1 << ROLE_SERVER | 1 << ROLE_WORKER) ? ", "
                                                                      : "",
                    h->roles >> ROLE_WORKER & 1 ? "\"worker\"" : "");
            fputs(",\n       \"bindir\": ", f);
            if (h->bindir)
                tps_json_str(f, h->bindir);
            else
                fputs("null", f);
            fputs(", \"workdir\": ", f);
            tps_json_str(f, host_workdir(l, h, wd, sizeof(wd)));
            fputs(",\n       \"processes\": [", f);
        } else {
            fputs("],\n    \"local\": [", f);
        }
        int first = 1;
        for (int i = 0; i < l->nkids; i++)
            if (l->kids[i].host == h && l->kids[i].argv) {
                fputs(first ? "" : ", ", f);
                tps_json_str(f, l->kids[i].name);
                first = 0;
            }
        fputs("]}", f);
    }
}

/* Where the processes ran: "local" with the one address, the hosts of
 * --hosts FILE, or the namespaces of --hosts netns, each with its address
 * and its process, and whether it still exists (false once torn down, true
 * only if its removal failed). */
static void json_hosts(const launch_t *l, FILE *f) {
    if (l->hosts) {
        json_ssh_hosts(l, f);
        return;
    }
    if (l->ns == NULL) {
        fputs("{\"mode\": \"local\", \"host\": ", f);
        tps_json_str(f, l->s->host);
        fputc('}', f);
        return;
    }
    fputs("{\"mode\": \"netns\", \"subnet\": \"10.199.0.0/16\", "
          "\"bridge\": \"br0\",\n    \"namespaces\": [",
          f);
    for (int k = 0; k < l->nns; k++) {
        const netns_t *ns = &l->ns[k];
        fprintf(f, "%s\n      {\"name\": ", k ? "," : "");
        tps_json_str(f, ns->name);
        if (k == 0) {
            fputs(", \"role\": \"switch\", \"address\": null, "
                  "\"process\": null",
                  f);
        } else {
            fputs(", \"role\": \"host\", \"address\": ", f);
            tps_json_str(f, ns->addr);
            fputs(", \"process\": ", f);
            tps_json_str(f, ns->proc);
            fputs(", \"switch_port\": ", f);
            tps_json_str(f, ns->port);
        }
        fprintf(f, ", \"exists\": %s}", ns->created ? "true" : "false");
    }
    fputs("]}", f);
}

/* Writes OUT/run.json through a temporary file, so that a reader (or a
 * launcher killed mid-write) never leaves a truncated file. Called once
 * when everything has started and again at the end. */
static void write_run_json(launch_t *l) {
    char *tmp = tps__xasprintf("%s/run.json.tmp", l->out);
    char *dst = tps__xasprintf("%s/run.json", l->out);
    FILE *f = fopen(tmp, "w");
    if (f == NULL) {
        say(l, "cannot write %s: %s", tmp, strerror(errno));
        goto out;
    }
    char host[256] = "", t[64];
    gethostname(host, sizeof(host) - 1);
    fputs("{\n  \"program\": \"" PROG "\",\n  \"taups_version\": ", f);
    tps_json_str(f, PACKAGE_VERSION);
    fputs(",\n  \"hostname\": ", f);
    tps_json_str(f, host);
    fputs(",\n  \"command\": ", f);
    json_argv(f, l->argv);
    fputs(",\n  \"settings\": {\n", f);
    tps_opt_dump_json(l->opts, f, "    ");
    fprintf(f, "\n  },\n  \"seed\": %llu,\n  \"seed_drawn\": %s,\n",
            (unsigned long long)l->s->seed, l->seed_drawn ? "true" : "false");
    fputs("  \"cluster\": ", f);
    if (l->cluster)
        tps_json_str(f, l->cluster);
    else
        fputs("null", f);
    fputs(",\n  \"hosts\": ", f);
    json_hosts(l, f);
    iso_time(&l->wall0, t, sizeof(t));
    fprintf(f, ",\n  \"start_time\": \"%s\",\n", t);
    if (l->ended) {
        iso_time(&l->wall1, t, sizeof(t));
        fprintf(f, "  \"end_time\": \"%s\",\n  \"duration_s\": %.3f,\n", t,
                (double)(l->wall1.tv_sec - l->wall0.tv_sec) +
                    (double)(l->wall1.tv_nsec - l->wall0.tv_nsec) / 1e9);
    } else {
        fputs("  \"end_time\": null,\n  \"duration_s\": null,\n", f);
    }
    fprintf(f, "  \"outcome\": \"%s\",\n  \"exit_status\": ",
            l->outcome ? l->outcome : "running");
    if (l->ended)
        fprintf(f, "%d", l->exit_status);
    else
        fputs("null", f);
    fputs(",\n  \"processes\": [", f);
    int first = 1;
    for (int i = 0; i < l->nkids; i++) {
        const child_t *c = &l->kids[i];
        if (c->argv == NULL)
            continue;
        fprintf(f,
                "%s\n    {\"name\": \"%s\", \"role\": \"%s\", \"pid\": %ld,"
                "\n     \"argv\": ",
                first ? "" : ",", c->name, role_names[c->role], (long)c->pid);
        first = 0;
        json_argv(f, c->argv);
        fputs(",\n     \"log\": ", f);
        tps_json_str(f, strrchr(c->log, '/') + 1);
        fputs(", \"csv\": ", f);
        if (c->csv)
            tps_json_str(f, strrchr(c->csv, '/') + 1);
        else
            fputs("null", f);
        int done = c->pid && !c->running;
        fputs(", \"start_s\": ", f);
        json_secs(f, c->pid ? c->t_start : NAN);
        fputs(", \"end_s\": ", f);
        json_secs(f, done ? c->t_end : NAN);
        fputs(", \"exit_code\": ", f);
        if (done && WIFEXITED(c->status))
            fprintf(f, "%d", WEXITSTATUS(c->status));
        else
            fputs("null", f);
        fputs(", \"signal\": ", f);
        if (done && WIFSIGNALED(c->status))
            fprintf(f, "%d", WTERMSIG(c->status));
        else
            fputs("null", f);
        fprintf(f, ", \"killed_by_launcher\": %s",
                c->killed ? "true" : "false");
        fprintf(f, ", \"killed_by_fault\": %s",
                c->fault_killed ? "true" : "false");
        if (l->hosts) {
            fputs(",\n     \"host\": ", f);
            if (c->host)
                tps_json_str(f, c->host->dest);
            else
                fputs("null", f);
            fputs(", \"remote_pid\": ", f);
            if (c->rpid)
                fprintf(f, "%ld", c->rpid);
            else
                fputs("null", f);
        }
        fputc('}', f);
    }
    fputs("\n  ],\n  \"faults\": [", f);
    for (int k = 0; k < l->nfaults; k++) {
        const fault_t *ft = &l->faults[k];
        fprintf(f, "%s\n    {\"spec\": ", k ? "," : "");
        tps_json_str(f, ft->spec);
        fprintf(f, ", \"kind\": \"%s\", \"rank\": %d, \"at_s\": ",
                fault_names[ft->kind], ft->rank);
        json_secs(f, ft->at);
        fputs(", \"duration_s\": ", f);
        json_secs(f, ft->kind == FAULT_PAUSE ? ft->dur : NAN);
        fprintf(f,
                ", \"fired\": %s, \"fired_s\": ", ft->fired ? "true" : "false");
        json_secs(f, ft->fired ? ft->fired_s : NAN);
        fputs(", \"resumed_s\": ", f);
        json_secs(f, ft->resumed ? ft->resumed_s : NAN);
        fputs(", \"result\": ", f);
        if (ft->result[0])
            tps_json_str(f, ft->result);
        else
            fputs("null", f);
        fputc('}', f);
    }
    fprintf(f, "%s],\n  \"workers_start_s\": ", l->nfaults ? "\n  " : "");
    json_secs(f, l->t_workers);
    fputs(",\n  \"final_eval\": ", f);
    const eval_row_t *r = eval_last(&l->ev);
    if (r) {
        fputs("{\"time_s\": ", f);
        json_num(f, r->t);
        fputs(", \"updates\": ", f);
        json_num(f, r->updates);
        fputs(", \"loss\": ", f);
        json_num(f, r->loss);
        fputs(", ", f);
        tps_json_str(f, l->ev.metric);
        fputs(": ", f);
        json_num(f, r->metric);
        fprintf(f, ", \"rows\": %ld}", l->ev.nrows);
    } else {
        fputs("null", f);
    }
    fputs(",\n  \"plots\": [", f);
    for (int k = 0; k < l->nplots; k++) {
        fputs(k ? ", " : "", f);
        tps_json_str(f, strrchr(l->plots[k], '/') + 1);
    }
    fputs("]\n}\n", f);
    if (fclose(f) != 0 || rename(tmp, dst) < 0)
        say(l, "cannot write %s: %s", dst, strerror(errno));
out:
    free(tmp);
    free(dst);
}

/* Runs argv to completion with output to log, bounded by PLOT_WAIT_S and by
 * a stop signal. Returns the wait status, or -errno if it could not start. */
static int run_tool(launch_t *l, char *const argv[], const char *log,
                    const char *cwd) {
    spawn_t sp = {.log = log, .cwd = cwd};
    return run_bounded(l, argv, &sp, PLOT_WAIT_S);
}

/* Finds the 1-based time_s and loss columns of a worker CSV; returns 1 when
 * both exist and at least one row follows the header, so there is a curve. */
static int worker_curve(const char *path, int *col_t, int *col_loss) {
    char buf[LINE_MAX_LEN];
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return 0;
    *col_t = *col_loss = 0;
    int rows = 0;
    if (fgets(buf, sizeof(buf), f)) {
        char *fld[32];
        buf[strcspn(buf, "\n")] = '\0';
        int n = csv_split(buf, fld, 32);
        for (int i = 0; i < n; i++) {
            if (strcmp(fld[i], "time_s") == 0)
                *col_t = i + 1;
            else if (strcmp(fld[i], "loss") == 0)
                *col_loss = i + 1;
        }
        rows = fgets(buf, sizeof(buf), f) != NULL;
    }
    fclose(f);
    return rows && *col_t && *col_loss;
}

/* At most this many worker training-loss curves are drawn next to the
 * evaluator's loss; more would bury it. */
#define PLOT_MAX_WORKERS 8

static void write_plot_script(launch_t *l, FILE *f, const char *term) {
    const settings_t *s = l->s;
    const eval_state_t *e = &l->ev;
    const child_t *ev = &l->kids[s->shards];
    char lr[40], sub[256];
    fmt_double(lr, sizeof(lr), s->lr);
    snprintf(sub, sizeof(sub), "%s, %d shard%s, %d worker%s, lr %s, batch %d",
             s->model, s->shards, s->shards == 1 ? "" : "s", s->workers,
             s->workers == 1 ? "" : "s", lr, s->batch);
    fprintf(f,
            "# Written by %s; redraw with: cd %s && gnuplot plot.gp\n"
            "# Times are shifted by each process's start, as seen by the "
            "launcher, so that all curves share one clock.\n",
            PROG, l->out);
    fprintf(f, "set terminal %s size 1000,600 noenhanced\n", term);
    fputs("set datafile separator ','\nset grid\nset key top right\n"
          "set xlabel 'wall-clock time since launch (s)'\n",
          f);
    /* Least squares converges linearly: its loss and error span orders of
     * magnitude and only a log axis shows the rate. */
    int log_y = strcmp(s->model, "lsq") == 0;
    fprintf(f,
            "set output 'loss.png'\nset title 'taups: loss vs time (%s)'\n"
            "set ylabel 'loss%s'\n%s",
            sub, log_y ? " (log scale)" : "", log_y ? "set logscale y\n" : "");
    fputs("plot ", f);
    if (s->workers <= PLOT_MAX_WORKERS) {
        for (int r = 0; r < s->workers; r++) {
            const child_t *w = &l->kids[s->shards + 1 + r];
            int ct, cl;
            if (worker_curve(w->csv, &ct, &cl))
                fprintf(f,
                        "'%s' skip 1 using ($%d+%.3f):%d with lines lw 1 "
                        "title 'worker %d (minibatch)', \\\n     ",
                        strrchr(w->csv, '/') + 1, ct, w->t_start, cl, r);
        }
    }
    /* Last, so that it is drawn on top of the noisy worker curves. */
    fprintf(f,
            "'eval.csv' skip 1 using ($%d+%.3f):%d with lines lw 2.5 "
            "lc rgb 'black' title 'evaluator loss'\n",
            e->col_t + 1, ev->t_start, e->col_loss + 1);
    fprintf(f,
            "set output '%s.png'\nset title 'taups: %s vs time (%s)'\n"
            "set ylabel '%s%s'\n",
            e->metric, e->metric, sub, e->metric, log_y ? " (log scale)" : "");
    fprintf(f,
            "plot 'eval.csv' skip 1 using ($%d+%.3f):%d with linespoints "
            "lw 2 pt 7 ps 0.5 title 'evaluator %s'\n",
            e->col_t + 1, ev->t_start, e->col_metric + 1, e->metric);
    fputs("unset output\n", f);
}

/* Draws OUT/loss.png and OUT/METRIC.png with gnuplot. Failure is reported
 * but is not a failure of the run. */
static void make_plots(launch_t *l) {
    const eval_state_t *e = &l->ev;
    if (e->nrows == 0 || e->col_t < 0 || e->col_loss < 0 || e->col_metric < 0) {
        say(l, "no evaluation rows in eval.csv; no plots");
        return;
    }
    for (const char *p = e->metric; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
              (*p >= '0' && *p <= '9'))) {
            say(l, "unexpected metric column \"%s\" in eval.csv; no plots",
                e->metric);
            return;
        }
    char *script = tps__xasprintf("%s/plot.gp", l->out);
    char *log = tps__xasprintf("%s/plot.log", l->out);
    /* pngcairo draws better, but not every gnuplot build has it. */
    char *probe[] = {"gnuplot", "-e", "set terminal pngcairo", NULL};
    int st = run_tool(l, probe, log, NULL);
    const char *term = st == 0 ? "pngcairo" : "png";
    FILE *f = fopen(script, "w");
    if (f == NULL) {
        say(l, "cannot write %s: %s; no plots", script, strerror(errno));
        goto out;
    }
    write_plot_script(l, f, term);
    if (fclose(f) != 0) {
        say(l, "cannot write %s: %s; no plots", script, strerror(errno));
        goto out;
    }
    if (st == -ENOENT) {
        say(l,
            "gnuplot is not installed: no plots (install it, then run: cd "
            "%s && gnuplot plot.gp)",
            l->out);
        goto out;
    }
    char *draw[] = {"gnuplot", "plot.gp", NULL};
    st = run_tool(l, draw, log, l->out);
    if (st != 0) {
        char why[96];
        if (st < 0)
            snprintf(why, sizeof(why), "%s", strerror(-st));
        else
            describe_wait(st, why, sizeof(why));
        say(l, "gnuplot failed (%s); see %s", why, log);
        print_tail(log, 5);
        goto out;
    }
    const char *names[2] = {"loss", e->metric};
    for (int k = 0; k < 2; k++) {
        char *png = tps__xasprintf("%s/%s.png", l->out, names[k]);
        struct stat sb;
        if (stat(png, &sb) == 0 && sb.st_size > 0) {
            l->plots[l->nplots++] = png;
        } else {
            say(l, "gnuplot did not produce %s; see %s", png, log);
            free(png);
        }
    }
out:
    free(script);
    free(log);
}

/* Reports every child that did not exit 0, with the end of its log. Returns
 * how many there were. */
static int report_failures(launch_t *l) {
    int failed = 0;
    for (int i = 0; i < l->nkids; i++) {
        child_t *c = &l->kids[i];
        if (c->pid == 0 || child_ok(c))
            continue;
        char st[96];
        describe_status(c, st, sizeof(st));
        say(l, "%s failed: %s", c->name, st);
        if (!c->tail_shown)
            print_tail(c->log, TAIL_LINES);
        failed++;
    }
    return failed;
}

static void print_summary(launch_t *l) {
    const eval_row_t *r = eval_last(&l->ev);
    printf("run directory: %s\n", l->out);
    if (r) {
        char m[64];
        fmt_metric(&l->ev, r->metric, m, sizeof(m));
        printf("final: %s, loss %.6g after %.0f updates (evaluator, %.1f s)\n",
               m, r->loss, r->updates, r->t);
    } else {
        printf("final: no evaluation was recorded\n");
    }
    if (l->nplots) {
        printf("plots:");
        for (int k = 0; k < l->nplots; k++)
            printf(" %s", l->plots[k]);
        printf("\n");
    }
    fflush(stdout);
}

/* Copies each remote worker's CSV into the run directory, under the name
 * the local run would have given it. Returns how many copies failed. */
static int fetch_csvs(launch_t *l) {
    int failed = 0;
    for (int i = 0; i < l->nkids; i++) {
        child_t *c = &l->kids[i];
        if (c->host && c->pid)
            remote_pid(l, c, 0); /* for run.json */
        if (c->host == NULL || c->rcsv == NULL || c->pid == 0)
            continue;
        char *cmd = NULL;
        size_t len = 0, cap = 0;
        sh_quote(&cmd, &len, &cap, "cat");
        sh_quote(&cmd, &len, &cap, c->rcsv);
        if (ssh_aux(l, c->host, cmd, c->csv) < 0) {
            say(l, "cannot copy %s:%s to %s", c->host->dest, c->rcsv, c->csv);
            unlink(c->csv);
            failed++;
        }
        free(cmd);
    }
    return failed;
}

static void hosts_free(host_t *h, int n) {
    for (int k = 0; k < n; k++) {
        free(h[k].dest);
        free(h[k].addr);
        free(h[k].bindir);
        free(h[k].workdir);
    }
    free(h);
}

/* Reads a --hosts FILE (format in the usage text) into *out (owned by the
 * caller, also on failure) and *n. Returns 0, or -1 after naming the file,
 * the line and the problem. */
static int hosts_parse(const char *path, host_t **out, int *n) {
    *out = NULL;
    *n = 0;
    FILE *f = fopen(path, "re");
    if (f == NULL) {
        fprintf(stderr, "%s: --hosts %s: %s\n", PROG, path, strerror(errno));
        return -1;
    }
    char line[LINE_MAX_LEN];
    int lineno = 0, rc = 0, cap = 0;
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        lineno++;
        line[strcspn(line, "#\r\n")] = '\0';
        char *save, *tok = strtok_r(line, " \t", &save);
        if (tok == NULL)
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 8;
            host_t *h = realloc(*out, (size_t)cap * sizeof(*h));
            if (h == NULL)
                oom();
            *out = h;
        }
        host_t *h = &(*out)[(*n)++];
        memset(h, 0, sizeof(*h));
        h->line = lineno;
        h->dest = tps__xstrdup(tok);
        h->ssh_port = 22;
        h->roles = 1 << ROLE_SERVER | 1 << ROLE_WORKER;
        const char *at = strrchr(h->dest, '@');
        const char *why = NULL;
        if (*h->dest == '-' || at == h->dest + strlen(h->dest) - 1)
            why = "is not an ssh destination ([user@]host)";
        while (why == NULL && (tok = strtok_r(NULL, " \t", &save)) != NULL) {
            char *val = strchr(tok, '=');
            if (val == NULL || val[1] == '\0') {
                why = "expected key=value";
                break;
            }
            *val++ = '\0';
            if (strcmp(tok, "addr") == 0) {
                free(h->addr);
                h->addr = tps__xstrdup(val);
                if (strchr(val, ':'))
                    why = "IPv6 addresses are not supported";
            } else if (strcmp(tok, "ssh-port") == 0) {
                double port;
                if (parse_num(val, &port) < 0 || port < 1 || port > 65535 ||
                    port != floor(port))
                    why = "ssh-port must be a port number";
                else
                    h->ssh_port = (int)port;
            } else if (strcmp(tok, "roles") == 0) {
                h->roles = 0;
                char *rsave;
                for (char *r = strtok_r(val, ",", &rsave); r && !why;
                     r = strtok_r(NULL, ",", &rsave)) {
                    if (strcmp(r, "server") == 0)
                        h->roles |= 1 << ROLE_SERVER;
                    else if (strcmp(r, "worker") == 0)
                        h->roles |= 1 << ROLE_WORKER;
                    else
                        why = "roles are server and worker, comma-separated";
                }
                if (h->roles == 0 && !why)
                    why = "roles is empty";
            } else if (strcmp(tok, "bindir") == 0 ||
                       strcmp(tok, "workdir") == 0) {
                char **dst = *tok == 'b' ? &h->bindir : &h->workdir;
                free(*dst);
                *dst = tps__xstrdup(val);
                if (*val != '/')
                    why = "bindir and workdir must be absolute paths";
            } else {
                fprintf(stderr,
                        "%s: %s:%d: unknown key \"%s\" (known: addr, "
                        "ssh-port, roles, bindir, workdir)\n",
                        PROG, path, lineno, tok);
                rc = -1;
                break;
            }
        }
        if (why) {
            fprintf(stderr, "%s: %s:%d: %s: %s\n", PROG, path, lineno, h->dest,
                    why);
            rc = -1;
        }
        if (rc == 0 && h->addr == NULL)
            h->addr = tps__xstrdup(at ? at + 1 : h->dest);
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "%s: --hosts %s: %s\n", PROG, path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc == 0 && *n == 0) {
        fprintf(stderr, "%s: --hosts %s: no hosts in the file\n", PROG, path);
        rc = -1;
    }
    for (role_t r = ROLE_SERVER; rc == 0 && r <= ROLE_WORKER; r += 2) {
        int any = 0;
        for (int k = 0; k < *n; k++)
            any |= (*out)[k].roles >> r & 1;
        if (!any) {
            fprintf(stderr, "%s: --hosts %s: no host has the %s role\n", PROG,
                    path, role_names[r]);
            rc = -1;
        }
    }
    return rc;
}

/* Places server i on the i-th host with the server role and worker r on the
 * r-th host with the worker role, round-robin; the evaluator stays here. */
static void hosts_place(launch_t *l) {
    int next[3] = {0, 0, 0};
    for (int i = 0; i < l->nkids; i++) {
        role_t role = i < l->s->shards    ? ROLE_SERVER
                      : i == l->s->shards ? ROLE_EVAL
                                          : ROLE_WORKER;
        if (role == ROLE_EVAL)
            continue;
        int k = next[role];
        while (!(l->hosts[k % l->nhosts].roles >> role & 1))
            k++;
        l->kids[i].host = &l->hosts[k % l->nhosts];
        next[role] = k + 1;
    }
}

/* Splits --ssh on blanks into l->ssh. Returns 0, or -1 if it is empty. */
static int ssh_split(launch_t *l) {
    argv_t av = {0};
    char *copy = tps__xstrdup(l->s->ssh), *save;
    for (char *t = strtok_r(copy, " \t", &save); t;
         t = strtok_r(NULL, " \t", &save))
        av_add(&av, t);
    free(copy);
    l->ssh = av.v;
    return av.n > 0 ? 0 : -1;
}

static int install_signals(void) {
    if (pipe2(wake_fd, O_CLOEXEC | O_NONBLOCK) < 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD};
    for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
        if (sigaction(sigs[k], &sa, NULL) < 0)
            return -1;
    /* A closed stdout (taups-launch | head) must not kill the launcher before
     * it has stopped its children; writes then just fail. */
    signal(SIGPIPE, SIG_IGN);
    return 0;
}

static const char usage[] =
    "usage: " PROG " [OPTIONS]\n"
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
    "command.\n"
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
    "host's servers listen and are reached; roles (default both) says what\n"
    "may run there: servers go round-robin over server hosts, workers over\n"
    "worker hosts, shard I on port --port-base + I. bindir (default: the\n"
    "absolute directories used here) holds taups-server and taups-worker;\n"
    "workdir (default /tmp/taups-RUNID) is created and receives the worker\n"
    "CSVs, which are copied back into the run directory at the end. Logs\n"
    "come back through ssh as usual. A remote process stops when its ssh's\n"
    "stdin closes (the launcher stops it or dies); faults act on it with\n"
    "`kill` over ssh. The remote login shell must be a POSIX sh.\n"
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
    "Exit status: 0 all processes exited 0; 1 a process failed or could not\n"
    "start; 2 bad options; 124 --timeout reached; 128+N stopped by signal N.";

int main(int argc, char **argv) {
    settings_t s;
    memset(&s, 0, sizeof(s));
    const tps_opt_t opts[] = {
        {"shards", TPS_OPT_INT, &s.shards, "2", 1, 256, NULL, "S",
         "number of server shards, one process each"},
        {"workers", TPS_OPT_INT, &s.workers, "4", 1, 1024, NULL, "N",
         "number of training workers"},
        {"model", TPS_OPT_CHOICE, &s.model, "softmax", 0, -1, "softmax|lsq|mlp|logreg",
         NULL, "model the workers train"},
        {"data", TPS_OPT_STR, &s.data, NULL, 0, -1, NULL, "DIR",
         "dataset directory for workers and evaluator (unset: theirs)"},
        {"batch", TPS_OPT_INT, &s.batch, "32", 1, 16777216, NULL, "B",
         "minibatch size per worker"},
        {"iterations", TPS_OPT_INT, &s.iterations, NULL, 1, INT_MAX, NULL, "I",
         "iterations per worker (1000 unless --seconds is given)"},
        {"seconds", TPS_OPT_DOUBLE, &s.seconds, NULL, 0.001, 1e7, NULL, "S",
         "train for S seconds per worker instead of --iterations"},
        {"lr", TPS_OPT_DOUBLE, &s.lr, "0.05", 0, 1e6, NULL, "LR",
         "learning rate, applied by the servers"},
        {"seed", TPS_OPT_U64, &s.seed, "0", 0, -1, NULL, "SEED",
         "seed for every worker and the evaluator; 0: draw one (see run.json)"},
        {"eval-every", TPS_OPT_INT, &s.eval_every, "500", 10, 3600000, NULL,
         "MS", "evaluation period of the evaluator"},
        {"cond", TPS_OPT_DOUBLE, &s.cond, NULL, 1, 1e15, NULL, "C",
         "lsq: condition number (unset: the worker's default)"},
        {"rows", TPS_OPT_U64, &s.rows, NULL, 1, 1e12, NULL, "M",
         "lsq: number of rows (unset: the worker's default)"},
        {"dim", TPS_OPT_U64, &s.dim, NULL, 1, 1e10, NULL, "D",
         "lsq: number of unknowns (unset: the worker's default)"},
        {"host", TPS_OPT_STR, &s.host, "127.0.0.1", 0, -1, NULL, "HOST",
         "IPv4 address or name the servers listen on"},
        {"hosts", TPS_OPT_STR, &s.hosts, NULL, 0, -1, NULL, "netns|FILE",
         "netns: run every process in a network namespace of its own, on a "
         "bridge, 10.199.0.0/16 (needs root; removed afterwards); FILE: run "
         "servers and workers on the hosts it lists, over ssh (see above); "
         "unset: all on --host"},
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
         "pause:RANK:T:DUR (SIGSTOP, SIGCONT DUR s later) or "
         "disconnect:RANK:T (the worker closes and reopens its connections)"},
        {"worker-arg", TPS_OPT_LIST, &s.worker_args, NULL, 0, -1, NULL, "ARG",
         "extra argument for every worker and the evaluator, verbatim"},
        TPS_OPT_END};

    int idx = tps_opt_parse(opts, PROG, usage, argc, argv);
    if (idx < 0) {
        tps_opt_free(opts);
        return idx == TPS_OPT_EXIT_OK ? 0 : 2;
    }
    if (idx < argc) {
        fprintf(stderr, "%s: unexpected argument \"%s\" (see --help)\n", PROG,
                argv[idx]);
        tps_opt_free(opts);
        return 2;
    }
    if (s.iterations > 0 && s.seconds > 0) {
        fprintf(stderr, "%s: give --iterations or --seconds, not both\n", PROG);
        tps_opt_free(opts);
        return 2;
    }
    if (strchr(s.host, ':')) {
        fprintf(stderr,
                "%s: --host %s: IPv6 addresses are not supported; "
                "give an IPv4 address or a name\n",
                PROG, s.host);
        tps_opt_free(opts);
        return 2;
    }
    if (s.iterations == 0 && s.seconds == 0)
        s.iterations = 1000;
    int netns = s.hosts && strcmp(s.hosts, "netns") == 0;
    if (s.hosts && strcmp(s.host, "127.0.0.1") != 0) {
        fprintf(stderr,
                "%s: --host %s: with --hosts every server gets its own "
                "address; leave --host out\n",
                PROG, s.host);
        tps_opt_free(opts);
        return 2;
    }
    /* 12: CAP_NET_ADMIN, 21: CAP_SYS_ADMIN (linux/capability.h). */
    if (netns && (!has_cap(21) || !has_cap(12))) {
        fprintf(stderr,
                "%s: --hosts netns creates network namespaces, which needs "
                "root (CAP_SYS_ADMIN and CAP_NET_ADMIN); run it as root\n",
                PROG);
        tps_opt_free(opts);
        return 2;
    }

    host_t *hosts = NULL;
    int nhosts = 0;
    if (s.hosts && !netns && hosts_parse(s.hosts, &hosts, &nhosts) < 0) {
        hosts_free(hosts, nhosts);
        tps_opt_free(opts);
        return 2;
    }

    fault_t *faults;
    if (faults_parse(&s, &faults) < 0) {
        free(faults);
        hosts_free(hosts, nhosts);
        tps_opt_free(opts);
        return 2;
    }

    launch_t l;
    memset(&l, 0, sizeof(l));
    l.faults = faults;
    l.nfaults = s.faults.n;
    l.hosts = hosts;
    l.nhosts = nhosts;
    l.s = &s;
    l.opts = opts;
    l.argv = argv;
    l.exit_status = 1;
    if (hosts && ssh_split(&l) < 0) {
        fprintf(stderr, "%s: --ssh is empty\n", PROG);
        l.exit_status = 2;
        goto done;
    }
    l.tty = isatty(STDOUT_FILENO);
    l.ev.col_t = l.ev.col_updates = l.ev.col_loss = l.ev.col_metric = -1;
    clock_gettime(CLOCK_MONOTONIC, &l.t0);
    clock_gettime(CLOCK_REALTIME, &l.wall0);
    if (s.seed == 0) {
        tps_rng_t rng;
        tps_rng_seed(&rng,
                     (uint64_t)l.wall0.tv_sec * 1000000000u +
                         (uint64_t)l.wall0.tv_nsec,
                     (uint64_t)getpid());
        /* Small enough to type back in and to survive any JSON reader. */
        s.seed = tps_rng_below(&rng, INT32_MAX) + 1;
        l.seed_drawn = 1;
    }

    l.server_bin = tps__find_program(s.bindir, "taups-server", "server");
    l.worker_bin = tps__find_program(s.bindir, "taups-worker", "worker");
    if (!l.server_bin || !l.worker_bin || make_run_dir(&l) < 0)
        goto done;
    if (hosts) {
        /* Other hosts see the same paths (unless bindir= says otherwise),
         * which must not depend on the launcher's directory. */
        char *bins[2] = {l.server_bin, l.worker_bin}, abs[PATH_MAX];
        for (int k = 0; k < 2; k++)
            if (realpath(bins[k], abs) != NULL) {
                free(bins[k]);
                bins[k] = tps__xstrdup(abs);
            }
        l.server_bin = bins[0];
        l.worker_bin = bins[1];
        struct tm tm;
        char stamp[32];
        localtime_r(&l.wall0.tv_sec, &tm);
        strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
        l.run_id = tps__xasprintf("%s-%ld", stamp, (long)getpid());
        l.ssh_log = tps__xasprintf("%s/ssh.log", l.out);
    }
    if (install_signals() < 0) {
        fprintf(stderr, "%s: cannot install signal handlers: %s\n", PROG,
                strerror(errno));
        goto done;
    }
    l.nkids = s.shards + 1 + s.workers;
    l.kids = calloc((size_t)l.nkids, sizeof(*l.kids));
    if (l.kids == NULL)
        oom();
    if (hosts)
        hosts_place(&l);

    printf("%s: run directory %s (seed %llu%s)\n", PROG, l.out,
           (unsigned long long)s.seed, l.seed_drawn ? ", drawn" : "");
    fflush(stdout);
    int end = END_SIGNAL;
    int rc = START_OK;
    if (hosts) {
        printf("%s: %d host%s from %s, over %s (short ssh commands in %s)\n",
               PROG, nhosts, nhosts == 1 ? "" : "s", s.hosts, l.ssh[0],
               l.ssh_log);
        fflush(stdout);
    } else if (s.hosts) {
        net_plan(&l);
        l.ns_log = tps__xasprintf("%s/netns.log", l.out);
        printf("%s: building %d network namespaces %s..%s on a bridge "
               "(commands in %s)\n",
               PROG, l.nns, l.ns[0].name, l.ns[l.nns - 1].name, l.ns_log);
        fflush(stdout);
        if (net_build(&l) < 0)
            rc = stop_count > 0 ? START_STOPPED : START_FAILED;
    }
    if (rc == START_OK)
        rc = start_servers(&l);
    if (rc == START_OK && start_workers(&l) == 0) {
        write_run_json(&l);
        end = run_loop(&l);
    } else if (rc != START_STOPPED && stop_count == 0) {
        l.outcome = "startup_failed";
    }
    stop_all(&l);
    int net_left = l.ns ? net_teardown(&l) : 0;
    int fetch_failed = l.hosts ? fetch_csvs(&l) : 0;
    clock_gettime(CLOCK_REALTIME, &l.wall1);
    l.ended = 1;
    if (l.evtail.path)
        progress(&l, 1);
    if (l.line_shown) { /* the last progress line stays on screen */
        putchar('\n');
        l.line_shown = 0;
    }
    tail_poll(&l.evtail, 1, eval_line, &l.ev);

    faults_finish(&l);
    int failed = report_failures(&l);
    if (l.outcome) {
        l.exit_status = 1;
    } else if (stop_signal) {
        l.outcome = "interrupted";
        l.exit_status = 128 + stop_signal;
    } else if (end == END_TIMEOUT) {
        l.outcome = "timeout";
        l.exit_status = 124;
    } else if (end == END_SERVER_DIED || failed || net_left || fetch_failed) {
        l.outcome = "failed";
        l.exit_status = 1;
    } else {
        l.outcome = "completed";
        l.exit_status = 0;
    }
    if (!s.no_plot && strcmp(l.outcome, "startup_failed") != 0)
        make_plots(&l);
    write_run_json(&l);
    print_summary(&l);
    if (l.exit_status != 0)
        say(&l, "run ended: %s (exit status %d)", l.outcome, l.exit_status);

done:
    for (int i = 0; i < l.nkids; i++) {
        if (l.kids[i].argv && l.kids[i].in_w >= 0)
            close(l.kids[i].in_w);
        av_free(l.kids[i].argv);
        free(l.kids[i].log);
        free(l.kids[i].csv);
        free(l.kids[i].rcsv);
    }
    hosts_free(l.hosts, l.nhosts);
    av_free(l.ssh);
    free(l.ssh_log);
    free(l.run_id);
    free(l.kids);
    free(l.faults);
    free(l.ns);
    free(l.ns_log);
    for (int k = 0; k < l.nplots; k++)
        free(l.plots[k]);
    free(l.cluster);
    free(l.server_bin);
    free(l.worker_bin);
    free(l.out);
    tps_opt_free(opts);
    if (wake_fd[0] >= 0) {
        close(wake_fd[0]);
        close(wake_fd[1]);
    }
    return l.exit_status;
}
