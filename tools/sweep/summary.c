/* SPDX-License-Identifier: MIT */
/* taups-sweep's summaries: per configuration, the counts of runs, failures,
 * divergences and targets reached, and the median, min and max over the
 * successful seeds of every statistic, as OUT/summary.csv and as the
 * Markdown table OUT/summary.md. Also where the sweep's output files are
 * created.
 *
 * It must NOT read the runs' files (analyse.c fills run_t.st) or change
 * the columns' meaning without the usage text in main.c and the docs. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

FILE *sweep_create(const sweep_t *s, const char *name) {
    char *path = tps__xasprintf("%s/%s", s->out, name);
    FILE *f = fopen(path, "we");
    if (!f)
        fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path,
                strerror(errno));
    free(path);
    return f;
}

typedef struct agg_s {
    int n;                        /* runs with a value */
    double med, min, max, q1, q3; /* NAN when n == 0 */
} agg_t;

/* Statistic k over point p's reported runs that succeeded (tuning runs
 * are tune.c's). */
static agg_t aggregate(const run_t *runs, int nruns, int point, int k) {
    double *v = tps__xmalloc((size_t)nruns * sizeof(double));
    agg_t a = {0, NAN, NAN, NAN, NAN, NAN};
    for (int i = 0; i < nruns; i++)
        if (runs[i].point == point && runs[i].tune < 0 && runs[i].status == 0 &&
            !isnan(sweep_stat(&runs[i], k)))
            v[a.n++] = sweep_stat(&runs[i], k);
    if (a.n) {
        qsort(v, (size_t)a.n, sizeof(double), sweep_cmp_double);
        a.min = v[0];
        a.max = v[a.n - 1];
        a.med = sweep_quantile(v, a.n, 0.5);
        a.q1 = sweep_quantile(v, a.n, 0.25);
        a.q3 = sweep_quantile(v, a.n, 0.75);
    }
    free(v);
    return a;
}

void sweep_put_num(FILE *f, double v) {
    if (!isnan(v))
        fprintf(f, "%.6g", v);
}

void sweep_csv_field(FILE *f, const char *s) {
    if (strpbrk(s, ",\"\n")) {
        fputc('"', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
}

void sweep_md_field(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s, f);
    }
}
static void point_counts(const sweep_t *s, int p, int *runs, int *failed,
                         int *diverged) {
    *runs = *failed = *diverged = 0;
    for (int i = 0; i < s->nruns; i++)
        if (s->runs[i].point == p && s->runs[i].tune < 0 &&
            s->runs[i].status >= 0) {
            (*runs)++;
            *failed += s->runs[i].status != 0;
            *diverged += s->runs[i].diverged;
        }
}

int sweep_write_summary_csv(const sweep_t *s) {
    FILE *f = sweep_create(s, "summary.csv");
    if (!f)
        return -1;
    fputs("label", f);
    for (int i = 0; i < s->x->naxes; i++) {
        fputc(',', f);
        sweep_csv_field(f, s->x->axes[i].key);
    }
    if (s->x->tune_key) {
        fputs(",tuned_", f);
        sweep_csv_field(f, s->x->tune_key);
    }
    fputs(",runs,failed,diverged,reached", f);
    for (int k = 0; k < ST_N; k++)
        fprintf(f, ",%s_median,%s_min,%s_max", sweep_st_names[k],
                sweep_st_names[k], sweep_st_names[k]);
    for (int k = 0; k < ST_N; k++)
        fprintf(f, ",%s_q1,%s_q3", sweep_st_names[k], sweep_st_names[k]);
    /* The budgets last, so that the columns above keep their places. */
    for (int k = ST_N; k < sweep_nstats(s->x); k++) {
        char *n = sweep_stat_name(s->x, k);
        fprintf(f, ",%s_median,%s_min,%s_max,%s_q1,%s_q3", n, n, n, n, n);
        free(n);
    }
    fputc('\n', f);
    for (int p = 0; p < s->npoints; p++) {
        sweep_csv_field(f, s->pts[p].label);
        for (int i = 0; i < s->x->naxes; i++) {
            fputc(',', f);
            sweep_csv_field(f, s->x->axes[i].vals[s->pts[p].idx[i]]);
        }
        if (s->x->tune_key) {
            fputc(',', f);
            if (s->tuned[p] >= 0) {
                char *v = sweep_tuned_value(s->x, &s->pts[p],
                                            s->x->tune_vals[s->tuned[p]], 0);
                sweep_csv_field(f, v);
                free(v);
            }
        }
        int runs, failed, diverged;
        point_counts(s, p, &runs, &failed, &diverged);
        agg_t a[ST_N];
        for (int k = 0; k < ST_N; k++)
            a[k] = aggregate(s->runs, s->nruns, p, k);
        fprintf(f, ",%d,%d,%d,%d", runs, failed, diverged, a[ST_T_TARGET].n);
        for (int k = 0; k < ST_N; k++) {
            const double v[3] = {a[k].med, a[k].min, a[k].max};
            for (int j = 0; j < 3; j++) {
                fputc(',', f);
                sweep_put_num(f, v[j]);
            }
        }
        for (int k = 0; k < ST_N; k++) {
            fputc(',', f);
            sweep_put_num(f, a[k].q1);
            fputc(',', f);
            sweep_put_num(f, a[k].q3);
        }
        for (int k = ST_N; k < sweep_nstats(s->x); k++) {
            agg_t b = aggregate(s->runs, s->nruns, p, k);
            const double v[5] = {b.med, b.min, b.max, b.q1, b.q3};
            for (int j = 0; j < 5; j++) {
                fputc(',', f);
                sweep_put_num(f, v[j]);
            }
        }
        fputc('\n', f);
    }
    return fclose(f) == 0 ? 0 : -1;
}

/* summary.md's columns: a heading with the unit, and values as people
 * read them (seconds to the millisecond, bytes in MB, counts whole). */
static const struct md_col {
    const char *head;
    double scale;   /* value / scale is shown */
    int decimals;   /* fixed point; -1: 3 significant digits */
} md_cols[ST_N] = {
    [ST_T_TARGET] = {"time to target (s)", 1, 3},
    [ST_U_TARGET] = {"updates to target", 1, 0},
    [ST_FINAL] = {NULL, 1, -1}, /* the metric: decades apart */
    [ST_WIRE] = {"wire (MB)", 1e6, 2},
    [ST_STALE_MEAN] = {"staleness, mean", 1, 2},
    [ST_STALE_P99] = {"staleness, p99", 1, 0},
    [ST_DROPPED] = {"dropped", 1, 0},
    [ST_UPDATES] = {"updates", 1, 0},
    [ST_DURATION] = {"worker time (s)", 1, 2},
    [ST_SENT] = {"sent (MB)", 1e6, 2},
    [ST_PULLS] = {"pulls sent", 1, 0},
    [ST_DRIFT] = {"drift, mean", 1, -1},
};

static void md_num(FILE *f, int k, double v) {
    if (k >= ST_N) /* the metric at a budget */
        k = ST_FINAL;
    if (md_cols[k].decimals < 0)
        fprintf(f, "%.3g", v / md_cols[k].scale);
    else
        fprintf(f, "%.*f", md_cols[k].decimals, v / md_cols[k].scale);
}

/* The title and the paragraph that says how to read the table. */
static void md_intro(FILE *f, const sweep_t *s) {
    /* The file's name, not where it sat on the machine it ran on. */
    const char *slash = strrchr(s->x->path, '/');
    fprintf(f, "# Sweep of `%s`\n\n", slash ? slash + 1 : s->x->path);
    if (s->x->metric)
        fprintf(f,
                "Target: %s %s %g, met when the median of the last %d "
                "evaluation%s meets it. ",
                s->x->metric, s->x->lower_better ? "<=" : ">=", s->x->target,
                s->x->smooth, s->x->smooth == 1 ? "" : "s");
    if (s->x->metric && s->x->final_smoothed)
        fprintf(f, "The final %s is the median of the last %d evaluations. ",
                s->x->metric, s->x->smooth);
    if (s->x->tune_key)
        fprintf(f,
                "Each configuration ran at the %s that did best in its "
                "tuning runs (tune.md), on seeds of their own. ",
                s->x->tune_key);
    if (s->x->nat)
        fprintf(f,
                "*%s at N updates* (or *s*) is read on each run's evaluation "
                "curve, interpolated between the evaluations either side, "
                "and is empty for runs that ended before it: a fixed budget, "
                "unlike the final value, which depends on when each run "
                "ended. ",
                s->x->metric);
    fprintf(f, "Each cell is the median over the seeds that succeeded, with "
               "the interquartile range [q1, q3] (summary.csv also has min "
               "and max); *reached* counts the runs that met the target, and "
               "the time and updates to target are over those runs only. Bytes "
               "on the wire are summed over the workers.\n\n");
}

/* The table's head. The swept values are the columns that name a
 * configuration; its label (summary.csv's first column) would say it all
 * again. */
static void md_head(FILE *f, const sweep_t *s) {
    fputs("|", f);
    for (int i = 0; i < s->x->naxes; i++) {
        fputs(" ", f);
        sweep_md_field(f, s->x->axes[i].key);
        fputs(" |", f);
    }
    if (s->x->tune_key) {
        fputs(" tuned ", f);
        sweep_md_field(f, s->x->tune_key);
        fputs(" |", f);
    }
    fputs(" runs | failed | diverged | reached", f);
    for (int k = 0; k < ST_N; k++)
        fprintf(f, " | %s",
                k == ST_FINAL ? (s->x->metric ? s->x->metric : "final metric")
                              : md_cols[k].head);
    for (int i = 0; i < s->x->nat; i++)
        fprintf(f, " | %s at %g %s", s->x->metric, s->x->at[i],
                i < s->x->nat_updates ? "updates" : "s");
    fputs(" |\n|", f);
    for (int i = 0; i < s->x->naxes + !!s->x->tune_key + 4 + sweep_nstats(s->x);
         i++)
        fputs("---|", f);
    fputs("\n", f);
}

/* The row of configuration p. */
static void md_row(FILE *f, const sweep_t *s, int p) {
    fputs("|", f);
    for (int i = 0; i < s->x->naxes; i++) {
        fputs(" ", f);
        sweep_md_field(f, s->x->axes[i].vals[s->pts[p].idx[i]]);
        fputs(" |", f);
    }
    if (s->x->tune_key) {
        fputs(" ", f);
        char *v = s->tuned[p] >= 0
                      ? sweep_tuned_value(s->x, &s->pts[p],
                                          s->x->tune_vals[s->tuned[p]], 1)
                      : NULL;
        sweep_md_field(f, v ? v : "–");
        free(v);
        fputs(" |", f);
    }
    int runs, failed, diverged;
    point_counts(s, p, &runs, &failed, &diverged);
    agg_t reached = aggregate(s->runs, s->nruns, p, ST_T_TARGET);
    fprintf(f, " %d | %d | %d | %d", runs, failed, diverged, reached.n);
    for (int k = 0; k < sweep_nstats(s->x); k++) {
        agg_t a = aggregate(s->runs, s->nruns, p, k);
        fputs(" | ", f);
        if (a.n == 0) {
            fputs("–", f);
            continue;
        }
        md_num(f, k, a.med);
        if (a.n > 1 && a.q1 != a.q3) {
            fputs(" [", f);
            md_num(f, k, a.q1);
            fputs(", ", f);
            md_num(f, k, a.q3);
            fputs("]", f);
        }
    }
    fputs(" |\n", f);
}

int sweep_write_summary_md(const sweep_t *s) {
    FILE *f = sweep_create(s, "summary.md");
    if (!f)
        return -1;
    md_intro(f, s);
    md_head(f, s);
    for (int p = 0; p < s->npoints; p++)
        md_row(f, s, p);
    return fclose(f) == 0 ? 0 : -1;
}
