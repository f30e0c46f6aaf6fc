/* SPDX-License-Identifier: MIT */
/* taups-launch's children as processes: the stop signals and the self-pipe
 * that wakes the main loop, fork/exec, reaping, signalling and the stop
 * order.
 *
 * Children are plain fork/exec processes, each in its own process group so
 * that a terminal Ctrl-C reaches only the launcher, which then stops them in
 * a useful order: workers, then the evaluator (which writes a final row),
 * then the servers. Each child also carries PR_SET_PDEATHSIG=SIGKILL so that
 * none survives a launcher that is itself killed outright.
 *
 * Must NOT decide what a child runs or where (cluster.c builds each argv,
 * netns.c owns the namespaces) and must not speak ssh: a remote child is
 * started and signalled through ssh_hosts.c. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tps_tool.h"

#include "launch.h"

const char *const launch_role_names[] = {"server", "evaluator", "worker"};

/* Signal handlers only record and wake the main loop through a self-pipe. */
volatile sig_atomic_t launch_stop_signal;
volatile sig_atomic_t launch_stop_count;
static int wake_fd[2] = {-1, -1};

static void on_signal(int sig) {
    int saved = errno;
    if (sig != SIGCHLD) {
        if (launch_stop_signal == 0)
            launch_stop_signal = sig;
        launch_stop_count++;
    }
    ssize_t r = write(wake_fd[1], "", 1);
    (void)r;
    errno = saved;
}

int launch_signals_install(void) {
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

void launch_signals_close(void) {
    if (wake_fd[0] >= 0) {
        close(wake_fd[0]);
        close(wake_fd[1]);
    }
}

void *launch_xcalloc(size_t n, size_t size) {
    void *p = tps__xmalloc(n * size);
    memset(p, 0, n * size);
    return p;
}

void launch_av_add(argv_t *a, const char *s) {
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? a->cap * 2 : 32;
        a->v = tps__xrealloc(a->v, (size_t)a->cap * sizeof(*a->v));
    }
    a->v[a->n++] = tps__xstrdup(s);
    a->v[a->n] = NULL;
}

void launch_av_opt(argv_t *a, const char *name, const char *fmt, ...) {
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    launch_av_add(a, name);
    launch_av_add(a, buf);
}

void launch_av_free(char **v) {
    for (char **p = v; p && *p; p++)
        free(*p);
    free(v);
}

const char *launch_fmt_double(char *buf, size_t n, double d) {
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    return buf;
}

double launch_elapsed(const launch_t *l) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - l->t0.tv_sec) +
           (double)(now.tv_nsec - l->t0.tv_nsec) / 1e9;
}

void launch_describe_wait(int st, char *buf, size_t n) {
    if (st < 0)
        snprintf(buf, n, "%s", strerror(-st));
    else if (WIFEXITED(st))
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
    return c->termed && WIFSIGNALED(c->status) &&
           WTERMSIG(c->status) == SIGTERM;
}

void launch_describe_status(const child_t *c, char *buf, size_t n) {
    if (c->pid == 0) {
        snprintf(buf, n, "not started");
    } else if (c->running) {
        snprintf(buf, n, "running");
    } else {
        launch_describe_wait(c->status, buf, n);
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
int launch_child_ok(const child_t *c) {
    return c->pid && !c->running &&
           ((WIFEXITED(c->status) && WEXITSTATUS(c->status) == 0) ||
            stopped_early(c) ||
            (c->fault_killed && WIFSIGNALED(c->status) &&
             WTERMSIG(c->status) == SIGKILL));
}

/* So that a failure is explained without opening files. */
void launch_print_tail(const char *path, int lines) {
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
                c->t_end = launch_elapsed(l);
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

int launch_wait_wake_fd(int fd, double timeout) {
    struct pollfd pfd[2] = {{.fd = wake_fd[0], .events = POLLIN},
                            {.fd = fd, .events = POLLIN}};
    if (poll(pfd, 2, (int)(timeout * 1000)) <= 0)
        return 0;
    if (pfd[0].revents) {
        char drain[64];
        while (read(wake_fd[0], drain, sizeof(drain)) > 0)
            ;
    }
    return pfd[1].revents != 0;
}

void launch_wait_wake(double timeout) {
    launch_wait_wake_fd(-1, timeout);
}

void launch_wait_events(launch_t *l, double timeout) {
    launch_wait_wake(timeout);
    reap(l);
}

/* In the forked child: default signals, the old mask, death with the
 * launcher, its own process group, then the namespace, stdin (in_r or
 * /dev/null), stdout (outfd or the log), stderr (the log), the directory
 * and exec; an error goes back as errno through ep_w. */
static void exec_child(char *const argv[], const spawn_t *sp,
                       const sigset_t *old, pid_t parent, int in_r, int outfd,
                       int logfd, int ep_w) {
    int err;
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE};
    for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
        signal(sigs[k], SIG_DFL);
    sigprocmask(SIG_SETMASK, old, NULL);
    /* The launcher may have died before prctl took effect; then we have
     * been re-parented and must not run unsupervised. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
        _exit(127);
    setpgid(0, 0);
    int nsfd = sp->netns ? open(sp->netns, O_RDONLY | O_CLOEXEC) : -2;
    int infd = sp->in_w ? in_r : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (nsfd == -1 || (nsfd >= 0 && setns(nsfd, CLONE_NEWNET) < 0) ||
        infd < 0 || dup2(infd, 0) < 0 ||
        dup2(outfd >= 0 ? outfd : logfd, 1) < 0 || dup2(logfd, 2) < 0 ||
        (sp->cwd && chdir(sp->cwd) < 0)) {
        err = errno;
    } else {
        execvp(argv[0], argv);
        err = errno;
    }
    ssize_t r = write(ep_w, &err, sizeof(err));
    (void)r;
    _exit(127);
}

/* The child's exec error comes back through a close-on-exec pipe, so that a
 * missing binary is reported here and not as a mysterious 127. */
pid_t launch_spawn(char *const argv[], const spawn_t *sp) {
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
    if (pid == 0)
        exec_child(argv, sp, &old, parent, in[0], outfd, logfd, ep[1]);
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

int launch_run_bounded(launch_t *l, char *const argv[], const spawn_t *sp,
                       double wait_s) {
    pid_t pid = launch_spawn(argv, sp);
    if (pid < 0)
        return (int)pid;
    double deadline = launch_elapsed(l) + wait_s;
    int st = 0, signals = launch_stop_count;
    for (;;) {
        pid_t p = waitpid(pid, &st, WNOHANG);
        if (p == pid)
            return st;
        if (launch_elapsed(l) > deadline || launch_stop_count > signals) {
            kill(-pid, SIGKILL);
            waitpid(pid, &st, 0);
            return st;
        }
        launch_wait_wake(0.05);
    }
}

/* Frees what a child owns and closes its ssh's stdin; leaves the struct as
 * it was. */
static void child_release(child_t *c) {
    if (c->argv && c->in_w >= 0)
        close(c->in_w);
    launch_av_free(c->argv);
    free(c->log);
    free(c->csv);
    free(c->rcsv);
    free(c->restart_s);
}

void launch_child_init(child_t *c, role_t role, int index, argv_t *av,
                       char *log, char *csv) {
    const host_t *host = c->host;
    child_release(c);
    memset(c, 0, sizeof(*c));
    c->host = host;
    c->in_w = -1;
    c->role = role;
    if (role == ROLE_EVAL)
        snprintf(c->name, sizeof(c->name), "evaluator");
    else
        snprintf(c->name, sizeof(c->name), "%s-%d", launch_role_names[role],
                 index);
    c->argv = av->v;
    c->log = log;
    c->csv = csv;
}

void launch_children_free(launch_t *l) {
    for (int i = 0; i < l->nkids; i++)
        child_release(&l->kids[i]);
    free(l->kids);
}

int launch_start_child(launch_t *l, child_t *c) {
    if (c->restarts == 0) /* a restart's time is in restart_s */
        c->t_start = launch_elapsed(l);
    /* A restarted shard's log goes on after its first life's; what a remote
     * one's wrapper says of this life (its pid) comes after log_start. */
    spawn_t sp = {.log = c->log, .append = c->restarts > 0};
    struct stat st;
    c->log_start = sp.append && stat(c->log, &st) == 0 ? st.st_size : 0;
    c->rpid = 0;
    pid_t pid;
    if (c->host) {
        char **argv = launch_remote_argv(l, c);
        sp.in_w = &c->in_w;
        pid = launch_spawn(argv, &sp);
        launch_av_free(argv);
    } else {
        sp.netns = launch_netns_of(l, c);
        pid = launch_spawn(c->argv, &sp);
    }
    if (pid < 0) {
        launch_say(l, "cannot start %s (%s): %s", c->name,
                   c->host ? l->ssh[0] : c->argv[0], strerror((int)-pid));
        return -1;
    }
    c->pid = pid;
    c->running = 1;
    return 0;
}

/* Signals a child's whole process group, so that anything it started goes
 * too; falls back to the pid if the group is already gone. A remote child
 * is asked to stop by closing its stdin, and is killed by killing its ssh
 * (its wrapper then stops the program); a kill fault and pauses act on the
 * remote process itself. */
int launch_signal_child(launch_t *l, child_t *c, int sig) {
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
        return launch_remote_signal(l, c, sig);
    if (kill(-c->pid, sig) < 0)
        kill(c->pid, sig);
    return 0;
}

int launch_running_of(const launch_t *l, role_t role) {
    int n = 0;
    for (int i = 0; i < l->nkids; i++)
        n += l->kids[i].role == role && l->kids[i].running;
    return n;
}

void launch_stop_role(launch_t *l, role_t role, double grace,
                      const char *phase) {
    if (launch_running_of(l, role) == 0)
        return;
    l->phase = phase;
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].role == role)
            launch_signal_child(l, &l->kids[i], SIGTERM);
    double deadline = launch_elapsed(l) + grace;
    int forced = 0;
    while (launch_running_of(l, role) > 0) {
        int late = launch_elapsed(l) > deadline;
        if (!forced && (late || launch_stop_count >= 2)) {
            for (int i = 0; i < l->nkids; i++)
                if (l->kids[i].role == role && l->kids[i].running) {
                    if (late)
                        launch_say(l,
                                   "%s did not stop within %.0f s of SIGTERM; "
                                   "killing it",
                                   l->kids[i].name, grace);
                    else
                        launch_say(l, "killing %s", l->kids[i].name);
                    launch_signal_child(l, &l->kids[i], SIGKILL);
                }
            forced = 1;
        }
        launch_wait_events(l, 0.1);
        launch_progress(l, 0);
    }
}

void launch_stop_all(launch_t *l) {
    launch_faults_resume_all(l);
    launch_stop_role(l, ROLE_WORKER, WORKER_GRACE_S, "stopping workers");
    launch_stop_role(l, ROLE_EVAL, EVAL_GRACE_S, "final evaluation");
    launch_stop_role(l, ROLE_SERVER, SERVER_GRACE_S, "stopping servers");
    l->phase = NULL;
}

int launch_report_failures(launch_t *l) {
    int failed = 0;
    for (int i = 0; i < l->nkids; i++) {
        child_t *c = &l->kids[i];
        if (c->pid == 0 || launch_child_ok(c))
            continue;
        char st[96];
        launch_describe_status(c, st, sizeof(st));
        /* Killed after its grace, it was still evaluating (or waiting for
         * tensors no worker declared): the workers' results stand, and the
         * run's status is theirs. */
        if (c->role == ROLE_EVAL && c->termed && c->killed) {
            launch_say(l,
                       "%s %s, %.0f s after SIGTERM; not a failure of "
                       "the run",
                       c->name, st, EVAL_GRACE_S);
            continue;
        }
        launch_say(l, "%s failed: %s", c->name, st);
        if (!c->tail_shown)
            launch_print_tail(c->log, TAIL_LINES);
        failed++;
    }
    return failed;
}
