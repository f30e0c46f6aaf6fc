/* SPDX-License-Identifier: MIT */
/* taups-launch's plots: which curves it draws (each worker's minibatch loss
 * and the evaluator's loss in loss.png, the evaluator's metric in
 * METRIC.png, each also as SVG), all on one clock (seconds since the
 * launch), written to OUT/plot.gp, which stays so that a user can redraw.
 *
 * Must NOT write gnuplot's look or quoting (tools/plot.c, shared with
 * taups-sweep), and must not change the run: it runs only when every child
 * has stopped, and a failure here is said but is not a failure of the run.
 * gnuplot runs as one of the launcher's children (launch_run_bounded). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/plot.h"
#include "tps_tool.h"

#include "launch.h"

#define PLOT_WAIT_S 30.0

/* At most this many worker training-loss curves are drawn next to the
 * evaluator's loss; more would bury it. */
#define PLOT_MAX_WORKERS 8

/* The rows a worker's smoothed loss curve averages over, about. */
#define LOSS_EMA_ROWS 50.0

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
        int n = launch_csv_split(buf, fld, 32);
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

/* Sets the output, title and y label of one plot of `what` ("loss" or the
 * metric) in format fmt. */
static void plot_head(tps__plot_t *g, tps__plot_fmt_t fmt, const char *what,
                      const char *sub, int log_y) {
    tps__plot_output(g, fmt, what, 1000, 600);
    char *text = tps__xasprintf("taups: %s vs time (%s)", what, sub);
    tps__plot_text(g, "title", text);
    free(text);
    text = tps__xasprintf("%s%s", what, log_y ? " (log scale)" : "");
    tps__plot_text(g, "ylabel", text);
    free(text);
}

static void write_plots(launch_t *l, tps__plot_t *g) {
    const settings_t *s = l->s;
    const eval_state_t *e = &l->ev;
    const child_t *ev = &l->kids[s->shards];
    char lr[40], sub[256];
    launch_fmt_double(lr, sizeof(lr), s->lr);
    snprintf(sub, sizeof(sub), "%s, %d shard%s, %d worker%s, lr %s, batch %d",
             s->model, s->shards, s->shards == 1 ? "" : "s", s->workers,
             s->workers == 1 ? "" : "s", lr, s->batch);
    fputs("set datafile separator ','\n", g->f);
    tps__plot_text(g, "xlabel", "wall-clock time since launch (s)");
    /* Least squares converges linearly: its loss and error span orders of
     * magnitude and only a log axis shows the rate. */
    int log_y = strcmp(s->model, "lsq") == 0;
    if (log_y)
        tps__plot_logscale(g, "y");
    for (int fmt = 0; fmt < TPS_PLOT_NFMT; fmt++) {
        plot_head(g, fmt, "loss", sub, log_y);
        /* Raw minibatch losses of several workers are a solid band that
         * hides the trend: each worker's is drawn as a moving average, an
         * exponential one over about LOSS_EMA_ROWS rows (gnuplot keeps
         * its state in a variable per worker, restarted per plot). */
        for (int r = 0; s->workers <= PLOT_MAX_WORKERS && r < s->workers; r++)
            fprintf(g->f, "ema%d = NaN\n", r);
        tps__plot_begin(g);
        for (int r = 0; s->workers <= PLOT_MAX_WORKERS && r < s->workers; r++) {
            const child_t *w = &l->kids[s->shards + 1 + r];
            int ct, cl;
            char title[64];
            snprintf(title, sizeof(title),
                     "worker %d (minibatch loss, moving average)", r);
            if (worker_curve(w->csv, &ct, &cl))
                tps__plot_curve(g, strrchr(w->csv, '/') + 1, title,
                                "skip 1 using ($%d+%.3f):(ema%d = ema%d != "
                                "ema%d ? $%d : %.4f*ema%d + %.4f*$%d) with "
                                "lines lw 1.5",
                                ct, w->t_start, r, r, r, cl,
                                1.0 - 1.0 / LOSS_EMA_ROWS, r,
                                1.0 / LOSS_EMA_ROWS, cl);
        }
        /* Last, so that it is drawn on top of the noisy worker curves. */
        tps__plot_curve(g, "eval.csv", "evaluator loss",
                        "skip 1 using ($%d+%.3f):%d with lines lw 2.5 "
                        "lc rgb 'black'",
                        e->col_t + 1, ev->t_start, e->col_loss + 1);
        tps__plot_end(g);
    }
    char *title = tps__xasprintf("evaluator %s", e->metric);
    for (int fmt = 0; fmt < TPS_PLOT_NFMT; fmt++) {
        plot_head(g, fmt, e->metric, sub, log_y);
        tps__plot_begin(g);
        tps__plot_curve(g, "eval.csv", title,
                        "skip 1 using ($%d+%.3f):%d with linespoints lw 2 "
                        "pt 7 ps 0.5",
                        e->col_t + 1, ev->t_start, e->col_metric + 1);
        tps__plot_end(g);
    }
    free(title);
}

void launch_make_plots(launch_t *l) {
    const eval_state_t *e = &l->ev;
    if (l->s->no_eval) {
        launch_say(l, "no evaluator; no plots");
        return;
    }
    if (e->nrows == 0 || e->col_t < 0 || e->col_loss < 0 || e->col_metric < 0) {
        launch_say(l, "no evaluation rows in eval.csv; no plots");
        return;
    }
    for (const char *p = e->metric; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
              (*p >= '0' && *p <= '9'))) {
            launch_say(l,
                       "unexpected metric column \"%s\" in eval.csv; no plots",
                       e->metric);
            return;
        }
    tps__plot_t g;
    if (tps__plot_open(&g, l->out, "plot.gp", PROG, NULL,
                       "Times are shifted by each process's start, as seen "
                       "by the launcher, so that all curves share one "
                       "clock.") < 0) {
        launch_say(l, "cannot write %s/plot.gp: %s; no plots", l->out,
                   strerror(errno));
        return;
    }
    write_plots(l, &g);
    char *log = tps__xasprintf("%s/plot.log", l->out);
    if (tps__plot_close(&g) < 0) {
        launch_say(l, "cannot write %s/plot.gp: %s; no plots", l->out,
                   strerror(errno));
        goto out;
    }
    char *draw[] = {"gnuplot", g.script, NULL};
    spawn_t sp = {.log = log, .cwd = g.dir};
    int st = launch_run_bounded(l, draw, &sp, PLOT_WAIT_S);
    char *empty = st >= 0 ? tps__plot_prune(&g) : NULL;
    if (empty)
        launch_say(l, "%s; see %s", empty, log);
    free(empty);
    if (st != 0) {
        char *why = tps__plot_failure(&g, st, log);
        launch_say(l, "%s", why);
        free(why);
        if (st > 0)
            launch_print_tail(log, 5);
        goto out;
    }
    const char *names[2] = {"loss", e->metric};
    for (int k = 0; k < 2; k++) {
        char *png = tps__xasprintf("%s/%s.png", l->out, names[k]);
        struct stat sb;
        /* One that gnuplot left empty was removed and named above. */
        if (stat(png, &sb) == 0 && sb.st_size > 0)
            l->plots[l->nplots++] = png;
        else
            free(png);
    }
out:
    free(log);
    tps__plot_free(&g);
}
