/* SPDX-License-Identifier: MIT */
/* The tools' plotting room: the look shared by every gnuplot script the
 * tools write, gnuplot's quoting, and running gnuplot (see plot.h).
 *
 * It must NOT touch the tools' data or their output to a person: callers
 * choose files, columns and labels, and print what tps__plot_failure()
 * says their own way. */
#include "config.h"

#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tps_tool.h"

int tps__plot_open(tps__plot_t *p, const char *dir, const char *script,
                   const char *prog, const char *about, const char *note) {
    char *path = tps__xasprintf("%s/%s", dir, script);
    FILE *f = fopen(path, "we");
    free(path);
    if (!f)
        return -1;
    p->f = f;
    p->dir = tps__xstrdup(dir);
    p->script = tps__xstrdup(script);
    p->ncurves = 0;
    p->outputs = NULL;
    p->noutputs = 0;
    fprintf(f, "# Written by %s%s%s; redraw with: cd %s && gnuplot %s\n", prog,
            about ? " for " : "", about ? about : "", dir, script);
    if (note)
        fprintf(f, "# %s\n", note);
    /* pngcairo draws better, but not every gnuplot build has it; asking the
     * gnuplot that runs the script keeps the script right on any machine. */
    /* "height 1": gnuplot sizes a key below the plot one line short, and the
     * x label then sits under the key's first row. */
    fputs(
        "set macros\n"
        "pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? "
        "'pngcairo' : 'png'\n"
        "set grid\nset key outside below left Left reverse maxcols 2 height 1 "
        "noenhanced\n",
        f);
    return 0;
}

void tps__plot_output(tps__plot_t *p, tps__plot_fmt_t fmt, const char *name,
                      int width, int height) {
    int svg = fmt == TPS_PLOT_SVG;
    /* dynamic: an SVG that scales with the page showing it. */
    fprintf(p->f, "set terminal %s size %d,%d%s\nset output ",
            svg ? "svg" : "@pngterm", width, height, svg ? " dynamic" : "");
    char *file = tps__xasprintf("%s.%s", name, svg ? "svg" : "png");
    tps__plot_str(p->f, file);
    p->outputs = tps__xrealloc(p->outputs,
                               (size_t)(p->noutputs + 1) * sizeof(*p->outputs));
    p->outputs[p->noutputs++] = file;
    fputc('\n', p->f);
}

void tps__plot_format(tps__plot_t *p, const char *axis, int si) {
    fprintf(p->f, "set format %s '%s'\n", axis, si ? "%.1s%c" : "%g");
}

void tps__plot_logscale(tps__plot_t *p, const char *axis) {
    fprintf(p->f, "set logscale %s\nset format %s '%%.0e'\n", axis, axis);
}

void tps__plot_linear(tps__plot_t *p, const char *axis) {
    fprintf(p->f, "unset logscale %s\n", axis);
    tps__plot_format(p, axis, 0);
}

void tps__plot_text(tps__plot_t *p, const char *what, const char *text) {
    fprintf(p->f, "set %s ", what);
    tps__plot_str(p->f, text);
    fputs(" noenhanced\n", p->f);
}

void tps__plot_begin(tps__plot_t *p) {
    fputs("plot", p->f);
    p->ncurves = 0;
    p->nelems = 0;
}

void tps__plot_curve(tps__plot_t *p, const char *file, const char *title,
                     const char *spec, ...) {
    fputs(p->nelems++ ? ", \\\n     " : " ", p->f);
    tps__plot_str(p->f, file);
    fputc(' ', p->f);
    va_list ap;
    va_start(ap, spec);
    vfprintf(p->f, spec, ap);
    va_end(ap);
    /* gnuplot cycles 8 colours; a dash pattern per cycle keeps the 9th
     * curve from looking like the 1st. The colour is explicit so that a
     * band drawn before its curve shares it. */
    fprintf(p->f, " lt %d dt %d title ", p->ncurves % 8 + 1,
            (p->ncurves / 8) % 5 + 1);
    p->ncurves++;
    tps__plot_str(p->f, title);
    fputs(" noenhanced", p->f);
}

void tps__plot_band(tps__plot_t *p, const char *file, const char *spec) {
    fputs(p->nelems++ ? ", \\\n     " : " ", p->f);
    tps__plot_str(p->f, file);
    fprintf(p->f,
            " %s with filledcurves fs transparent solid 0.2 noborder lt %d "
            "notitle",
            spec, p->ncurves % 8 + 1);
}

void tps__plot_end(tps__plot_t *p) {
    fputc('\n', p->f);
}

void tps__plot_str(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

int tps__plot_close(tps__plot_t *p) {
    int rc = fclose(p->f);
    p->f = NULL;
    return rc == 0 ? 0 : -1;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int tps__plot_run(const tps__plot_t *p, const char *log, double timeout_s,
                  const volatile sig_atomic_t *stop) {
    /* The child reports a failed start through a close-on-exec pipe, so
     * that "not installed" is not confused with gnuplot exiting 127. */
    int ep[2];
    if (pipe2(ep, O_CLOEXEC) < 0)
        return -errno;
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(ep[0]);
        close(ep[1]);
        return -e;
    }
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd >= 0 && dup2(fd, STDOUT_FILENO) >= 0 &&
            dup2(fd, STDERR_FILENO) >= 0 && chdir(p->dir) == 0) {
            char *argv[] = {"gnuplot", p->script, NULL};
            execvp(argv[0], argv);
        }
        int err = errno;
        ssize_t w = write(ep[1], &err, sizeof(err));
        (void)w;
        _exit(127);
    }
    close(ep[1]);
    int err = 0;
    ssize_t n;
    while ((n = read(ep[0], &err, sizeof(err))) < 0 && errno == EINTR)
        ;
    close(ep[0]);
    int st;
    if (n == (ssize_t)sizeof(err) && err) {
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        return -err;
    }
    int bounded = timeout_s > 0 || stop;
    sig_atomic_t stop0 = stop ? *stop : 0;
    double deadline = now_s() + timeout_s;
    for (;;) {
        pid_t got = waitpid(pid, &st, bounded ? WNOHANG : 0);
        if (got == pid)
            return st;
        if (got < 0 && errno != EINTR)
            return -errno;
        if (got == 0) {
            if ((timeout_s > 0 && now_s() > deadline) ||
                (stop && *stop != stop0)) {
                kill(pid, SIGKILL);
                while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
                    ;
                return st;
            }
            struct timespec ts = {0, 50 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
}

char *tps__plot_failure(const tps__plot_t *p, int rc, const char *log) {
    if (rc < 0)
        return tps__xasprintf("gnuplot is not installed (or could not start): "
                              "no plots; install it, then run: cd %s && "
                              "gnuplot %s",
                              p->dir, p->script);
    /* A shell's convention: 128+N for a death by signal N. */
    int status = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
    return tps__xasprintf("gnuplot failed with status %d; see %s", status, log);
}

char *tps__plot_prune(tps__plot_t *p) {
    char *names = NULL;
    for (int i = 0; i < p->noutputs; i++) {
        char *path = tps__xasprintf("%s/%s", p->dir, p->outputs[i]);
        struct stat sb;
        if (stat(path, &sb) != 0 || sb.st_size == 0) {
            remove(path);
            char *more = tps__xasprintf("%s%s%s", names ? names : "",
                                        names ? ", " : "", p->outputs[i]);
            free(names);
            names = more;
        }
        free(path);
    }
    if (!names)
        return NULL;
    char *why = tps__xasprintf("gnuplot drew nothing into %s; not kept, as "
                               "an empty file is no plot",
                               names);
    free(names);
    return why;
}

void tps__plot_free(tps__plot_t *p) {
    if (p->f)
        fclose(p->f);
    p->f = NULL;
    for (int i = 0; i < p->noutputs; i++)
        free(p->outputs[i]);
    free(p->outputs);
    p->outputs = NULL;
    p->noutputs = 0;
    free(p->dir);
    free(p->script);
    p->dir = p->script = NULL;
}
