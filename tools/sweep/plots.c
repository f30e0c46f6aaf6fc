/* SPDX-License-Identifier: MIT */
/* taups-sweep's plots: which curves and histograms the sweep draws from the
 * data files bands.c left in OUT/plots/ (the metric against time, updates
 * and bytes on the wire, one median curve and interquartile band per
 * configuration; a staleness histogram per configuration), their legends
 * and axes.
 *
 * It must NOT write gnuplot's look, quoting or how gnuplot is run (all in
 * tools/plot.c, shared with taups-launch), nor read a run's files. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep.h"
#include "tools/plot.h"
#include "tps_tool.h"

/* A curve's legend: the swept values, keys without their server./worker.
 * prefix ("max-staleness=5 lr=0.083"), and the tuned key at the value the
 * curve ran with; the full label is in the tables. Returns an owned
 * string. */
static char *curve_title(const sweep_t *s, int p) {
    const experiment_t *x = s->x;
    const char *tk = s->tuned && s->tuned[p] >= 0 ? x->tune_key : NULL;
    if (x->naxes == 0 && !tk)
        return tps__xstrdup(s->pts[p].label);
    size_t len = 0;
    char *t = tps__xstrdup("");
    int tuned_swept = 0;
    for (int i = 0; tk && i < x->naxes; i++)
        tuned_swept |= strcmp(x->axes[i].key, tk) == 0;
    /* The axes, then the tuned key when it is not one of them. */
    for (int i = 0; i < x->naxes + (tk && !tuned_swept); i++) {
        const char *k = i < x->naxes ? x->axes[i].key : tk;
        char *v = tk && strcmp(k, tk) == 0
                      ? sweep_tuned_value(x, &s->pts[p],
                                          x->tune_vals[s->tuned[p]], 0)
                      : tps__xstrdup(x->axes[i].vals[s->pts[p].idx[i]]);
        if (strncmp(k, "server.", 7) == 0 || strncmp(k, "worker.", 7) == 0)
            k += 7;
        char *part = tps__xasprintf("%s%s=%s", len ? " " : "", k, v);
        free(v);
        t = tps__xrealloc(t, len + strlen(part) + 1);
        memcpy(t + len, part, strlen(part) + 1);
        len += strlen(part);
        free(part);
    }
    return t;
}

#define PANEL_MAX 8 /* curves a reader can still tell apart */

/* Splits the plotted configurations into panels of at most PANEL_MAX
 * curves: the points of one value of the first axis together (when there
 * are more axes; keys linked to another move with it and are not one), in
 * as few equal panels as fit. panel[p] is point p's panel, -1 when it has
 * no curve. Returns the number of panels. */
static int panels(const sweep_t *s, int *panel) {
    int n = 0, free_axes = 0;
    for (int a = 0; a < s->x->naxes; a++)
        free_axes += s->x->axes[a].leader < 0;
    for (int p = 0; p < s->npoints;) {
        int end = p + 1;
        while (end < s->npoints &&
               (free_axes < 2 || s->pts[end].idx[0] == s->pts[p].idx[0]))
            end++;
        int have = 0;
        for (int q = p; q < end; q++)
            have += s->plotted[q];
        int k = (have + PANEL_MAX - 1) / PANEL_MAX,
            size = k ? (have + k - 1) / k : 0;
        for (int q = p, seen = 0; q < end; q++)
            panel[q] = s->plotted[q] ? n + seen++ / size : -1;
        n += k;
        p = end;
    }
    return n;
}

/* Whether statistic k of the reported runs spans more than a decade. */
static int spans_decades(const sweep_t *s, int k) {
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < s->nruns; i++) {
        double v = s->runs[i].st[k];
        if (s->runs[i].tune < 0 && s->runs[i].status == 0 && v > 0) {
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    }
    return hi > 10 * lo;
}

/* The metric of every plotted configuration against one x axis (its band
 * files LABEL-AXIS.dat), in panels of at most PANEL_MAX curves (NAME.png,
 * or NAME-1.png, ...), with the target dashed; log-x when the runs' extent
 * spans decades. */
static void curves(tps__plot_t *g, const sweep_t *s, const char *name,
                   const char *xlabel, const char *axis, int si_x, int logx) {
    const char *metric = s->x->metric ? s->x->metric : "metric";
    int *panel = tps__xmalloc((size_t)s->npoints * sizeof(int));
    int np = panels(s, panel);
    for (int k = 0; k < np; k++)
        for (int fmt = 0; fmt < TPS_PLOT_NFMT; fmt++) {
            fputc('\n', g->f);
            char *file = np > 1 ? tps__xasprintf("%s-%d", name, k + 1)
                                : tps__xstrdup(name);
            tps__plot_output(g, fmt, file, 900, 720);
            free(file);
            if (logx)
                tps__plot_logscale(g, "x");
            else
                tps__plot_linear(g, "x");
            tps__plot_format(g, "x", si_x);
            fprintf(g->f, "set xlabel '%s'\n", xlabel);
            tps__plot_text(g, "ylabel", metric);
            fputs("unset arrow\n", g->f);
            if (s->x->metric)
                fprintf(g->f,
                        "set arrow from graph 0, first %.9g to graph 1, "
                        "first %.9g nohead dashtype 2 lw 1.5 lc rgb 'black'\n",
                        s->x->target, s->x->target);
            tps__plot_begin(g);
            for (int p = 0; p < s->npoints; p++) {
                if (panel[p] != k)
                    continue;
                char *dat =
                    tps__xasprintf("plots/%s-%s.dat", s->pts[p].label, axis);
                char *title = curve_title(s, p);
                tps__plot_band(g, dat, "using 1:3:4");
                tps__plot_curve(g, dat, title, "using 1:2 with lines lw 2");
                free(title);
                free(dat);
            }
            tps__plot_end(g);
        }
    free(panel);
}

/* A histogram per configuration that has OUT/plots/LABEL-staleness.dat. */
static void histograms(tps__plot_t *g, const sweep_t *s) {
    fputc('\n', g->f);
    tps__plot_linear(g, "x");
    tps__plot_linear(g, "y");
    fputs("unset arrow\n", g->f);
    tps__plot_format(g, "x", 0);
    fputs("set autoscale y\nset autoscale xfixmax\nset style fill solid 0.6\n"
          "set boxwidth 0.8\nset key off\nset xlabel 'staleness of a push "
          "(versions)'\nset ylabel 'pushes'\nset xrange [-0.5:*]\n",
          g->f);
    for (int p = 0; p < s->npoints; p++) {
        char *dat = tps__xasprintf("plots/%s-staleness.dat", s->pts[p].label);
        char *full = tps__xasprintf("%s/%s", s->out, dat);
        char *name = tps__xasprintf("staleness-%s", s->pts[p].label);
        char *title = curve_title(s, p);
        int have = access(full, F_OK) == 0;
        for (int fmt = 0; fmt < TPS_PLOT_NFMT && have; fmt++) {
            tps__plot_output(g, fmt, name, 700, 450);
            tps__plot_text(g, "title", title);
            fputs("plot ", g->f);
            tps__plot_str(g->f, dat);
            fputs(" using 1:2 with boxes\n", g->f);
        }
        free(title);
        free(name);
        free(full);
        free(dat);
    }
}

void sweep_plot(const sweep_t *s) {
    int any = 0;
    for (int p = 0; p < s->npoints; p++)
        any |= s->plotted[p];
    if (!any) {
        printf("%s: no run produced evaluation rows; no plots\n", PROG);
        return;
    }
    tps__plot_t g;
    if (tps__plot_open(&g, s->out, "plots.gp", PROG, s->x->path,
                       "Each curve is a configuration's median over its "
                       "successful seeds, its band their interquartile "
                       "range.") < 0) {
        fprintf(stderr, "%s: cannot write %s/plots.gp: %s\n", PROG, s->out,
                strerror(errno));
        return;
    }
    if (!s->x->metric || s->x->lower_better)
        tps__plot_logscale(&g, "y");
    /* Diverged runs would stretch the axis to 1e30; the limit shows
     * where they left. */
    if (!isnan(s->x->diverge))
        fprintf(g.f, "set yrange %s%.6g%s\n", s->x->lower_better ? "[*:" : "[",
                s->x->lower_better ? s->x->diverge * 10 : s->x->diverge / 10,
                s->x->lower_better ? "]" : ":*]");
    curves(&g, s, "metric_vs_time", "wall-clock time (s)", "time", 0,
           spans_decades(s, ST_DURATION));
    curves(&g, s, "metric_vs_updates", "updates applied", "updates", 1,
           spans_decades(s, ST_UPDATES));
    curves(&g, s, "metric_vs_bytes", "bytes on the wire (all workers)", "bytes",
           1, spans_decades(s, ST_WIRE));
    histograms(&g, s);
    char *log = tps__xasprintf("%s/plots.log", s->out);
    if (tps__plot_close(&g) < 0) {
        fprintf(stderr, "%s: cannot write %s/plots.gp: %s\n", PROG, s->out,
                strerror(errno));
    } else {
        int rc = tps__plot_run(&g, log, 0, NULL);
        char *empty = rc >= 0 ? tps__plot_prune(&g) : NULL;
        if (empty)
            printf("%s: %s\n", PROG, empty);
        free(empty);
        if (rc == 0) {
            printf("%s: plots in %s (*.png, *.svg)\n", PROG, s->out);
        } else {
            char *why = tps__plot_failure(&g, rc, log);
            printf("%s: %s\n", PROG, why);
            free(why);
        }
    }
    free(log);
    tps__plot_free(&g);
}
