/* SPDX-License-Identifier: MIT */
/* taups-sweep's plots: which curves and histograms the sweep draws from the
 * data files analyse.c left in OUT/plots/ (the metric against time,
 * updates and bytes on the wire, one curve per configuration; a staleness
 * histogram per configuration), their legends and axes.
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
 * prefix ("max-staleness=5 lr=0.083"); the full label is in the tables.
 * Returns an owned string. */
static char *curve_title(const sweep_t *s, int p) {
    if (s->x->naxes == 0)
        return tps__xstrdup(s->pts[p].label);
    size_t len = 0;
    char *t = tps__xstrdup("");
    for (int i = 0; i < s->x->naxes; i++) {
        const char *k = s->x->axes[i].key;
        if (strncmp(k, "server.", 7) == 0 || strncmp(k, "worker.", 7) == 0)
            k += 7;
        char *part = tps__xasprintf("%s%s=%s", i ? " " : "", k,
                                    s->x->axes[i].vals[s->pts[p].idx[i]]);
        t = tps__xrealloc(t, len + strlen(part) + 1);
        memcpy(t + len, part, strlen(part) + 1);
        len += strlen(part);
        free(part);
    }
    return t;
}

/* The metric of every plotted configuration against one x column. */
static void curves(tps_plot_t *g, const sweep_t *s, const char *name,
                   const char *xlabel, const char *cols, int si_x) {
    const char *metric = s->x->metric ? s->x->metric : "metric";
    for (int fmt = 0; fmt < TPS_PLOT_NFMT; fmt++) {
        fputc('\n', g->f);
        tps__plot_output(g, fmt, name, 900, 720);
        tps__plot_format(g, "x", si_x);
        fprintf(g->f, "set xlabel '%s'\n", xlabel);
        tps__plot_text(g, "ylabel", metric);
        tps__plot_begin(g);
        for (int p = 0; p < s->npoints; p++) {
            if (!s->plotted[p])
                continue;
            char *dat = tps__xasprintf("plots/%s.dat", s->pts[p].label);
            char *title = curve_title(s, p);
            tps__plot_curve(g, dat, title, "using %s with lines lw 2", cols);
            free(title);
            free(dat);
        }
        tps__plot_end(g);
    }
}

/* A histogram per configuration that has OUT/plots/LABEL-staleness.dat. */
static void histograms(tps_plot_t *g, const sweep_t *s) {
    fputc('\n', g->f);
    tps__plot_linear(g, "y");
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
    tps_plot_t g;
    if (tps__plot_open(&g, s->out, "plots.gp", PROG, s->x->path,
                       "Curves are each configuration's first successful "
                       "seed.") < 0) {
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
    curves(&g, s, "metric_vs_time", "wall-clock time (s)", "1:3", 0);
    curves(&g, s, "metric_vs_updates", "updates applied", "2:3", 1);
    curves(&g, s, "metric_vs_bytes", "bytes on the wire (all workers)", "4:3",
           1);
    histograms(&g, s);
    char *log = tps__xasprintf("%s/plots.log", s->out);
    if (tps__plot_close(&g) < 0) {
        fprintf(stderr, "%s: cannot write %s/plots.gp: %s\n", PROG, s->out,
                strerror(errno));
    } else {
        int rc = tps__plot_run(&g, log, 0, NULL);
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
