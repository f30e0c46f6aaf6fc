/* SPDX-License-Identifier: MIT */
/* taups-launch's plots: OUT/plot.gp, kept so that a user can redraw, and
 * the loss.png and METRIC.png gnuplot draws from it out of eval.csv and the
 * worker CSVs, all on one clock (seconds since the launch).
 *
 * Must NOT change the run: it runs only when every child has stopped, reads
 * the CSVs, and a failure here is said but is not a failure of the run. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tps_tool.h"

#include "launch.h"

#define PLOT_WAIT_S 30.0

/* At most this many worker training-loss curves are drawn next to the
 * evaluator's loss; more would bury it. */
#define PLOT_MAX_WORKERS 8

/* Runs argv to completion with output to log, bounded by PLOT_WAIT_S and by
 * a stop signal. Returns the wait status, or -errno if it could not start. */
static int run_tool(launch_t *l, char *const argv[], const char *log,
                    const char *cwd) {
    spawn_t sp = {.log = log, .cwd = cwd};
    return launch_run_bounded(l, argv, &sp, PLOT_WAIT_S);
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

static void write_plot_script(launch_t *l, FILE *f, const char *term) {
    const settings_t *s = l->s;
    const eval_state_t *e = &l->ev;
    const child_t *ev = &l->kids[s->shards];
    char lr[40], sub[256];
    launch_fmt_double(lr, sizeof(lr), s->lr);
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

void launch_make_plots(launch_t *l) {
    const eval_state_t *e = &l->ev;
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
    char *script = tps__xasprintf("%s/plot.gp", l->out);
    char *log = tps__xasprintf("%s/plot.log", l->out);
    /* pngcairo draws better, but not every gnuplot build has it. */
    char *probe[] = {"gnuplot", "-e", "set terminal pngcairo", NULL};
    int st = run_tool(l, probe, log, NULL);
    const char *term = st == 0 ? "pngcairo" : "png";
    FILE *f = fopen(script, "w");
    if (f == NULL) {
        launch_say(l, "cannot write %s: %s; no plots", script, strerror(errno));
        goto out;
    }
    write_plot_script(l, f, term);
    if (fclose(f) != 0) {
        launch_say(l, "cannot write %s: %s; no plots", script, strerror(errno));
        goto out;
    }
    if (st == -ENOENT) {
        launch_say(l,
                   "gnuplot is not installed: no plots (install it, then run: "
                   "cd %s && gnuplot plot.gp)",
                   l->out);
        goto out;
    }
    char *draw[] = {"gnuplot", "plot.gp", NULL};
    st = run_tool(l, draw, log, l->out);
    if (st != 0) {
        char why[96];
        launch_describe_wait(st, why, sizeof(why));
        launch_say(l, "gnuplot failed (%s); see %s", why, log);
        launch_print_tail(log, 5);
        goto out;
    }
    const char *names[2] = {"loss", e->metric};
    for (int k = 0; k < 2; k++) {
        char *png = tps__xasprintf("%s/%s.png", l->out, names[k]);
        struct stat sb;
        if (stat(png, &sb) == 0 && sb.st_size > 0) {
            l->plots[l->nplots++] = png;
        } else {
            launch_say(l, "gnuplot did not produce %s; see %s", png, log);
            free(png);
        }
    }
out:
    free(script);
    free(log);
}
