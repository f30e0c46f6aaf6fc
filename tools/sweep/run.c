/* SPDX-License-Identifier: MIT */
/* How taups-sweep runs: one taups-launch after another, each with its
 * output in RUN/launch.out, watched through its eval.csv when the
 * experiment has a target to stop at or a divergence limit, interrupted
 * (as on Ctrl-C) once it gets there; and the sweep's own SIGINT/SIGTERM,
 * which only keeps the next run from starting.
 *
 * It must NOT compute results (analyse.c reads each run once it ends) or
 * write the sweep's files: a run's status, stopped and diverged flags and
 * wall time are all it sets. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"
#include "tps_tool.h"

volatile sig_atomic_t sweep_interrupted;

static void on_signal(int sig) {
    (void)sig;
    sweep_interrupted = 1;
}

/* What the sweep watches while a run goes on: the evaluator's CSV, read
 * from where the last poll stopped, one complete line at a time. */
typedef struct watch_s {
    const experiment_t *x;
    run_t *r;
    char *eval_path;
    long off; /* byte offset of the first unread line */
    int col;  /* column of the target metric; -1 before the header */
    int hit;  /* the target or the divergence limit has been seen */
    double win[SMOOTH_MAX]; /* the last evaluations, win[n % smooth] next */
    int n;
} watch_t;

/* Returns 1 when the run should be stopped now. */
static int watch_poll(watch_t *w) {
    FILE *f = fopen(w->eval_path, "re");
    if (!f)
        return 0;
    if (fseek(f, w->off, SEEK_SET) != 0) {
        fclose(f);
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while (!w->hit && (n = getline(&line, &cap, f)) > 0 &&
           line[n - 1] == '\n') {
        w->off += n;
        if (w->col < 0) {
            int k = 0;
            char *save = NULL;
            for (char *t = strtok_r(line, ",\r\n", &save); t;
                 t = strtok_r(NULL, ",\r\n", &save), k++)
                if (strcmp(t, w->x->metric) == 0)
                    w->col = k;
            if (w->col < 0) /* not the metric this experiment targets */
                break;
            continue;
        }
        char *p = line;
        for (int k = 0; k < w->col && p; k++)
            if ((p = strchr(p, ',')) != NULL)
                p++;
        if (!p)
            continue;
        double m = strtod(p, NULL);
        const experiment_t *x = w->x;
        int worse = x->lower_better ? m > x->diverge : m < x->diverge;
        if (!isnan(x->diverge) && (!isfinite(m) || worse)) {
            w->r->diverged = 1;
            w->hit = 1;
            continue;
        }
        /* Met on the moving median, as analyse.c reports it. */
        w->win[w->n++ % x->smooth] = m;
        double tmp[SMOOTH_MAX];
        int k = w->n < x->smooth ? w->n : x->smooth;
        memcpy(tmp, w->win, (size_t)k * sizeof(double));
        double med = sweep_median(tmp, k);
        if (x->stop && !isnan(med) &&
            (x->lower_better ? med <= x->target : med >= x->target)) {
            w->r->stopped = 1;
            w->hit = 1;
        }
    }
    free(line);
    fclose(f);
    return w->hit;
}

/* Runs argv with stdout and stderr in `log`. With a watch, polls the run's
 * evaluator every 100 ms and interrupts the launcher (which stops its
 * processes and writes its files as on Ctrl-C) once the target or the
 * divergence limit is seen. Returns its exit status,
 * 128+N when killed by signal N, or 127 when it could not be started. */
static int run_child(char *const *argv, const char *log, watch_t *watch) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        FILE *f = freopen(log, "we", stdout);
        if (!f || dup2(STDOUT_FILENO, STDERR_FILENO) < 0)
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "%s: cannot run %s: %s\n", PROG, argv[0],
                strerror(errno));
        _exit(127);
    }
    int st, signalled = 0;
    for (;;) {
        pid_t got = waitpid(pid, &st, watch ? WNOHANG : 0);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR)
            return 127;
        if (got == 0) {
            if (!signalled && watch_poll(watch)) {
                kill(pid, SIGINT);
                signalled = 1;
            }
            struct timespec ts = {0, 100 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    return 128 + WTERMSIG(st);
}

/* Runs s->runs[i] and reports it; returns its status. A reported run of a
 * tuned configuration gets its command line here, once its tuning runs
 * (which come before it) have chosen the value. */
static int run_one(sweep_t *s, int i) {
    const experiment_t *x = s->x;
    run_t *r = &s->runs[i];
    if (r->av.n == 0) {
        if (s->tuned[r->point] < 0)
            sweep_tune_pick(s, r->point);
        sweep_grid_argv(&r->av, x, &s->pts[r->point], s->launch, r->seed,
                        r->dir, x->tune_vals[s->tuned[r->point]]);
    }
    char what[256] = "";
    if (r->tune >= 0)
        snprintf(what, sizeof(what), " (tuning %s = %s)", x->tune_key,
                 x->tune_vals[r->tune]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char *log = NULL;
    if (tps__mkdir_p(r->dir) < 0) {
        fprintf(stderr, "%s: cannot create %s: %s\n", PROG, r->dir,
                strerror(errno));
        r->status = 127;
    } else {
        log = tps__xasprintf("%s/launch.out", r->dir);
        watch_t w = {.x = x, .r = r, .col = -1};
        w.eval_path = tps__xasprintf("%s/eval.csv", r->dir);
        int watching = x->stop || !isnan(x->diverge);
        r->status = run_child(r->av.v, log, watching ? &w : NULL);
        free(w.eval_path);
        /* Interrupted by the sweep: the launcher's 130 is success. */
        if ((r->stopped || r->diverged) && r->status == 128 + SIGINT)
            r->status = 0;
        /* The workers may fail on a blown-up model before the evaluator's
         * next row shows it; what they measured is a divergence. */
        if (!r->diverged && !sweep_interrupted && sweep_run_diverged(r, x))
            r->diverged = 1;
        if (r->diverged)
            r->status = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) +
                  (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    r->wall_s = round(secs * 1000) / 1000; /* as the records keep it */
    sweep_analyse_run(s, r);
    if (r->status == 0)
        printf("[%d/%d] %s%s seed %d: %s, %.1f s\n", i + 1, s->nruns,
               s->pts[r->point].label, what, r->seed,
               r->diverged  ? "DIVERGED"
               : r->stopped ? "ok (target reached)"
                            : "ok",
               secs);
    else
        printf("[%d/%d] %s%s seed %d: FAILED with status %d after %.1f s; "
               "see %s\n",
               i + 1, s->nruns, s->pts[r->point].label, what, r->seed,
               r->status,
               secs, log ? log : r->dir);
    fflush(stdout);
    free(log);
    return r->status;
}

int sweep_run_all(sweep_t *s) {
    /* taups-launch puts its children in process groups of their own and
     * stops them itself on Ctrl-C; the sweep only has to not start the
     * next run. */
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    const experiment_t *x = s->x;
    int grid = s->npoints, ntune = x->tune_key ? x->ntune * x->tune_repeats : 0;
    int repeats = s->nruns / s->npoints - ntune;
    printf("%s: %d configuration%s x %d seed%s", PROG, grid,
           grid == 1 ? "" : "s", repeats, repeats == 1 ? "" : "s");
    if (ntune)
        printf(", each after %d tuning runs (%s: %d value%s x %d seed%s)",
               ntune, x->tune_key, x->ntune, x->ntune == 1 ? "" : "s",
               x->tune_repeats, x->tune_repeats == 1 ? "" : "s");
    printf(" = %d run%s into %s\n", s->nruns, s->nruns == 1 ? "" : "s",
           s->out);
    int failed = 0;
    for (int i = 0; i < s->nruns && !sweep_interrupted; i++)
        failed += run_one(s, i) != 0;
    return failed;
}
