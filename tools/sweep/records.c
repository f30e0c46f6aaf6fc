/* SPDX-License-Identifier: MIT */
/* The records a results directory commits, small enough to keep where the
 * run directories (runs/) are not: OUT/records/runs.csv, one row per run
 * (its configuration, tuned value, seed, outcome, wall time and every
 * statistic the summaries and the tuning use, to 17 digits, so that a
 * summary made from them is the one made from the runs), curves.csv (each
 * reported run's evaluation curve, thinned by analyse.c) and
 * staleness.csv (each configuration's histogram). Writing them, and
 * reading them back into the runs whose directories are gone.
 *
 * It must NOT compute statistics (analyse.c) or aggregate them
 * (summary.c): it keeps and restores what the runs measured. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

/* Column c of a curve row (time_s, updates, metric, wire_bytes) as
 * curves.csv writes it: the time to 0.1 ms, the metric to 6 digits. */
static void curve_value(char *buf, size_t len, int c, double v) {
    if (c == 0)
        snprintf(buf, len, "%.4f", v);
    else if (c == 2)
        snprintf(buf, len, "%.6g", v);
    else
        snprintf(buf, len, "%.17g", v);
}

void sweep_curve_round(double row[4]) {
    char buf[64];
    for (int c = 0; c < 4; c++)
        if (isfinite(row[c])) {
            curve_value(buf, sizeof(buf), c, row[c]);
            row[c] = strtod(buf, NULL);
        }
}

/* "p07" of "p07-lr=0.1": the configuration's number, unique in its
 * sweep, which curves.csv and staleness.csv use for the long label. */
static int pid_len(const char *label) {
    return (int)strcspn(label, "-");
}

static void put17(FILE *f, double v) {
    if (!isnan(v))
        fprintf(f, "%.17g", v);
}

static void write_run_row(FILE *f, const sweep_t *s, const run_t *r) {
    const experiment_t *x = s->x;
    sweep_csv_field(f, s->pts[r->point].label);
    for (int i = 0; i < x->naxes; i++) {
        fputc(',', f);
        sweep_csv_field(f, x->axes[i].vals[s->pts[r->point].idx[i]]);
    }
    fputc(',', f);
    if (r->tune >= 0)
        sweep_csv_field(f, x->tune_vals[r->tune]);
    fprintf(f, ",%d,%d,%d,%d,", r->seed, r->status, r->stopped, r->diverged);
    if (!isnan(r->wall_s))
        fprintf(f, "%.3f", r->wall_s);
    for (int k = 0; k < sweep_nstats(x); k++) {
        fputc(',', f);
        put17(f, sweep_stat(r, k));
    }
    fputc('\n', f);
}

static int write_runs(const sweep_t *s) {
    const experiment_t *x = s->x;
    FILE *f = sweep_create(s, "records/runs.csv");
    if (!f)
        return -1;
    fputs("label", f);
    for (int i = 0; i < x->naxes; i++) {
        fputc(',', f);
        sweep_csv_field(f, x->axes[i].key);
    }
    fputs(",tuning,seed,status,stopped,diverged,wall_s", f);
    for (int k = 0; k < sweep_nstats(x); k++) {
        char *name = sweep_stat_name(x, k);
        fprintf(f, ",%s", name);
        free(name);
    }
    fputc('\n', f);
    for (int i = 0; i < s->nruns; i++)
        if (s->runs[i].have)
            write_run_row(f, s, &s->runs[i]);
    return fclose(f) == 0 ? 0 : -1;
}

static int write_curves(const sweep_t *s) {
    FILE *f = sweep_create(s, "records/curves.csv");
    if (!f)
        return -1;
    fprintf(f, "run,seed,time_s,updates,%s,wire_bytes\n",
            s->x->metric ? s->x->metric : "metric");
    for (int i = 0; i < s->nruns; i++) {
        const run_t *r = &s->runs[i];
        if (!r->have || r->tune >= 0 || r->status != 0)
            continue;
        const char *label = s->pts[r->point].label;
        for (int j = 0; j < r->curve.n; j++) {
            fprintf(f, "%.*s,%d", pid_len(label), label, r->seed);
            for (int c = 0; c < 4; c++) {
                char buf[64] = "";
                if (isfinite(r->curve.row[j][c]))
                    curve_value(buf, sizeof(buf), c, r->curve.row[j][c]);
                fprintf(f, ",%s", buf);
            }
            fputc('\n', f);
        }
    }
    return fclose(f) == 0 ? 0 : -1;
}

static int write_staleness(const sweep_t *s) {
    FILE *f = sweep_create(s, "records/staleness.csv");
    if (!f)
        return -1;
    fputs("run,staleness,pushes\n", f);
    for (int p = 0; p < s->npoints; p++)
        for (int k = 0; k < s->hist[p].n; k++)
            if (s->hist[p].count[k])
                fprintf(f, "%.*s,%d,%llu\n", pid_len(s->pts[p].label),
                        s->pts[p].label, k, s->hist[p].count[k]);
    return fclose(f) == 0 ? 0 : -1;
}

int sweep_records_write(const sweep_t *s) {
    char *dir = tps__xasprintf("%s/records", s->out);
    int rc = tps__mkdir_p(dir);
    if (rc < 0)
        fprintf(stderr, "%s: cannot create %s: %s\n", PROG, dir,
                strerror(errno));
    free(dir);
    if (rc < 0 || write_runs(s) < 0 || write_curves(s) < 0 ||
        write_staleness(s) < 0)
        return -1;
    return 0;
}

/* ---- reading them back ---- */

#define REC_MAXCOLS 256

/* Splits a CSV line in place into at most REC_MAXCOLS fields (quotes as
 * sweep_csv_field writes them); returns how many. */
static int split_csv(char *line, char **f) {
    int n = 0;
    char *p = line;
    for (;;) {
        char *o = p;
        f[n] = p;
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                *o++ = *p;
            }
            if (*p == '"')
                p++;
        } else {
            while (*p && *p != ',' && *p != '\n' && *p != '\r')
                *o++ = *p++;
        }
        int more = *p == ',';
        *o = '\0';
        if (++n == REC_MAXCOLS || !more)
            return n;
        p++;
    }
}

static double num(const char *s) {
    char *end;
    double v = strtod(s, &end);
    return end == s ? NAN : v;
}

/* The point whose number (pid) is `id`, or -1. */
static int point_of(const sweep_t *s, const char *id) {
    for (int p = 0; p < s->npoints; p++) {
        int n = pid_len(s->pts[p].label);
        if ((int)strlen(id) == n && strncmp(s->pts[p].label, id, n) == 0)
            return p;
    }
    return -1;
}

/* The run of `label`, tuning value `tuning` ("" when reported) and seed. */
static run_t *run_of(sweep_t *s, const char *label, const char *tuning,
                     int seed) {
    for (int i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        const char *t = r->tune >= 0 ? s->x->tune_vals[r->tune] : "";
        if (r->seed == seed && strcmp(t, tuning) == 0 &&
            strcmp(s->pts[r->point].label, label) == 0)
            return r;
    }
    return NULL;
}

/* One CSV file of OUT/records/ line by line: the header's fields into
 * head (nhead), then fn(s, head, nhead, fields, n, arg) per row. Returns
 * -1 when the file is not there. */
typedef void row_fn(sweep_t *s, char **head, int nhead, char **f, int n,
                    void *arg);
static int each_row(sweep_t *s, const char *name, row_fn *fn, void *arg) {
    char *path = tps__xasprintf("%s/records/%s", s->out, name);
    FILE *in = fopen(path, "re");
    free(path);
    if (!in)
        return -1;
    char *hline = NULL, *line = NULL, *head[REC_MAXCOLS], *f[REC_MAXCOLS];
    size_t hcap = 0, cap = 0;
    if (getline(&hline, &hcap, in) > 0) {
        int nhead = split_csv(hline, head);
        while (getline(&line, &cap, in) > 0)
            fn(s, head, nhead, f, split_csv(line, f), arg);
    }
    free(hline);
    free(line);
    fclose(in);
    return 0;
}

static int col_of(char **head, int nhead, const char *name) {
    for (int i = 0; i < nhead; i++)
        if (strcmp(head[i], name) == 0)
            return i;
    return -1;
}

static void load_run_row(sweep_t *s, char **head, int nhead, char **f, int n,
                         void *arg) {
    int ct = col_of(head, nhead, "tuning"), cs = col_of(head, nhead, "seed");
    if (ct < 0 || cs < 0 || n != nhead)
        return;
    run_t *r = run_of(s, f[0], f[ct], atoi(f[cs]));
    if (!r || r->have)
        return;
    for (int k = 0; k < sweep_nstats(s->x); k++) {
        char *name = sweep_stat_name(s->x, k);
        int c = col_of(head, nhead, name);
        free(name);
        double v = c >= 0 ? num(f[c]) : NAN;
        if (k < ST_N)
            r->st[k] = v;
        else
            r->at[k - ST_N] = v;
    }
    int cw = col_of(head, nhead, "wall_s");
    if (isnan(r->wall_s) && cw >= 0)
        r->wall_s = num(f[cw]);
    r->have = 2; /* from the records: its curve comes next */
    (*(int *)arg)++;
}

static void load_curve_row(sweep_t *s, char **head, int nhead, char **f, int n,
                           void *arg) {
    (void)head;
    (void)arg;
    int p = n == nhead && n == 6 ? point_of(s, f[0]) : -1;
    for (int i = 0; p >= 0 && i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        if (r->point != p || r->tune >= 0 || r->seed != atoi(f[1]) ||
            r->have != 2)
            continue;
        r->curve.row = tps__xrealloc(r->curve.row, (size_t)(r->curve.n + 1) *
                                                       sizeof(*r->curve.row));
        for (int c = 0; c < 4; c++)
            r->curve.row[r->curve.n][c] = num(f[2 + c]);
        r->curve.n++;
        return;
    }
}

static void load_stale_row(sweep_t *s, char **head, int nhead, char **f, int n,
                           void *arg) {
    (void)head;
    int p = n == nhead && n == 3 ? point_of(s, f[0]) : -1;
    if (p >= 0 && ((const int *)arg)[p])
        sweep_hist_add(&s->hist[p], atol(f[1]), strtoull(f[2], NULL, 10));
}

int sweep_records_load(sweep_t *s) {
    int filled = 0;
    if (each_row(s, "runs.csv", load_run_row, &filled) < 0 || filled == 0)
        return 0;
    each_row(s, "curves.csv", load_curve_row, NULL);
    /* A metric at a budget the records have no column for (added to the
     * experiment file since) is read on the thinned curve. */
    for (int i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        for (int k = 0; r->have == 2 && k < s->x->nat; k++)
            if (isnan(r->at[k]) && r->curve.n > 0)
                r->at[k] = sweep_metric_at(
                    (const double(*)[4])r->curve.row, r->curve.n,
                    k >= s->x->nat_updates ? 0 : 1, s->x->at[k]);
        r->have = r->have ? 1 : 0;
    }
    int *want = tps__xmalloc((size_t)s->npoints * sizeof(int));
    for (int p = 0; p < s->npoints; p++)
        want[p] = s->hist[p].n == 0;
    each_row(s, "staleness.csv", load_stale_row, want);
    free(want);
    return filled;
}
