/* SPDX-License-Identifier: MIT */
/* What taups-sweep reads from a run: its eval.csv and worker-R.csv (columns
 * found by their header names), the statistics of summary.csv, the metric
 * at fixed budgets, the staleness histogram, divergence the run did not
 * report while it ran, and the evaluation curve its record keeps.
 *
 * It must NOT start or stop runs (run.c), aggregate over seeds
 * (summary.c), write files (records.c, bands.c) or write gnuplot
 * (plots.c); it reads only what a finished run left behind. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep.h"
#include "tps_tool.h"

#define CSV_MAXCOLS 32

typedef struct csv_s {
    int ncols;
    char *names[CSV_MAXCOLS];
    int nrows;
    double (*rows)[CSV_MAXCOLS]; /* missing fields are NAN */
} csv_t;

static int csv_read(csv_t *c, const char *path) {
    memset(c, 0, sizeof(*c));
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    int cap_rows = 0;
    if (getline(&line, &cap, f) > 0) {
        char *save = NULL;
        for (char *t = strtok_r(line, ",\r\n", &save);
             t && c->ncols < CSV_MAXCOLS; t = strtok_r(NULL, ",\r\n", &save))
            c->names[c->ncols++] = tps__xstrdup(t);
    }
    while (getline(&line, &cap, f) > 0) {
        if (c->nrows == cap_rows) {
            cap_rows = cap_rows ? 2 * cap_rows : 256;
            c->rows =
                tps__xrealloc(c->rows, (size_t)cap_rows * sizeof(*c->rows));
        }
        double *r = c->rows[c->nrows];
        int k = 0;
        char *p = line;
        while (k < CSV_MAXCOLS) {
            char *end;
            double v = strtod(p, &end);
            r[k++] = end == p ? NAN : v;
            p = strchr(end, ',');
            if (!p)
                break;
            p++;
        }
        /* A row cut short by a killed process is not data. */
        if (k >= 2 && !isnan(r[0]) && strchr(line, '\n')) {
            for (; k < CSV_MAXCOLS; k++)
                r[k] = NAN;
            c->nrows++;
        }
    }
    free(line);
    fclose(f);
    return 0;
}

static void csv_free(csv_t *c) {
    for (int i = 0; i < c->ncols; i++)
        free(c->names[i]);
    free(c->rows);
}

/* The worker CSV's columns in the order taups-worker writes them; used when
 * a header names fewer columns than its rows hold (older workers wrote a
 * short header). */
static const char *const worker_cols[] = {
    "time_s",   "clock",    "loss",      "version", "bytes_sent", "bytes_recv",
    "raw_sent", "raw_recv", "staleness", "weight",  "dropped"};

static int csv_col(const csv_t *c, const char *name, int worker) {
    for (int i = 0; i < c->ncols; i++)
        if (strcmp(c->names[i], name) == 0)
            return i;
    if (worker)
        for (int i = 0; i < (int)(sizeof(worker_cols) / sizeof(*worker_cols));
             i++)
            if (strcmp(worker_cols[i], name) == 0 && i >= c->ncols &&
                c->nrows > 0 && !isnan(c->rows[0][i]))
                return i;
    return -1;
}

const char *const sweep_st_names[ST_N] = {
    "time_to_target_s", "updates_to_target", "final_metric", "wire_bytes",
    "staleness_mean",   "staleness_p99",     "dropped",      "updates",
    "worker_seconds",   "sent_bytes",        "pulls_sent",   "drift_mean"};

char *sweep_stat_name(const experiment_t *x, int k) {
    if (k < ST_N)
        return tps__xstrdup(sweep_st_names[k]);
    k -= ST_N;
    if (k < x->nat_updates)
        return tps__xasprintf("at_%.6g_updates", x->at[k]);
    return tps__xasprintf("at_%.6g_s", x->at[k]);
}

void sweep_hist_add(hist_t *h, long s, unsigned long long n) {
    if (s < 0 || s > 1000000)
        return;
    if (s >= h->n) {
        size_t sz = sizeof(*h->count);
        h->count = tps__xrealloc(h->count, (size_t)(s + 1) * sz);
        memset(h->count + h->n, 0, (size_t)(s + 1 - h->n) * sz);
        h->n = (int)s + 1;
    }
    h->count[s] += n;
}

int sweep_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double sweep_quantile(const double *sorted, int n, double q) {
    double h = q * (n - 1);
    int lo = (int)floor(h);
    if (lo >= n - 1)
        return sorted[n - 1];
    return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

double sweep_median(double *v, int n) {
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i]))
            v[m++] = v[i];
    if (m == 0)
        return NAN;
    qsort(v, (size_t)m, sizeof(double), sweep_cmp_double);
    return sweep_quantile(v, m, 0.5);
}

/* The median of column c over rows j-k+1..j (fewer at the start). */
static double window_median(const csv_t *ev, int c, int j, int k) {
    double win[SMOOTH_MAX];
    int n = 0;
    for (int i = j + 1 - k < 0 ? 0 : j + 1 - k; i <= j; i++)
        win[n++] = ev->rows[i][c];
    return sweep_median(win, n);
}

static double pulls_sent(const run_t *r);

/* RUN/worker-0.csv, worker-1.csv, ... up to the first missing; *nw of
 * them, owned (the array has one more, unread, slot). */
static csv_t *read_workers(const run_t *r, int *nw) {
    csv_t *w = NULL;
    int n = 0;
    for (;; n++) {
        char *p = tps__xasprintf("%s/worker-%d.csv", r->dir, n);
        w = tps__xrealloc(w, (size_t)(n + 1) * sizeof(csv_t));
        int ok = csv_read(&w[n], p) == 0;
        free(p);
        if (!ok)
            break;
    }
    *nw = n;
    return w;
}

/* The staleness of every push the workers logged: mean and p99 into r->st,
 * each into the histogram. */
static void stale_stats(run_t *r, const csv_t *w, int nw, hist_t *h) {
    double stale_sum = 0;
    size_t stale_n = 0, stale_cap = 0;
    double *stale = NULL;
    for (int i = 0; i < nw; i++) {
        const csv_t *c = &w[i];
        int cs = csv_col(c, "staleness", 1);
        for (int j = 0; cs >= 0 && j < c->nrows; j++) {
            if (isnan(c->rows[j][cs]))
                continue;
            if (stale_n == stale_cap) {
                stale_cap = stale_cap ? 2 * stale_cap : 1024;
                stale = tps__xrealloc(stale, stale_cap * sizeof(double));
            }
            stale[stale_n++] = c->rows[j][cs];
            stale_sum += c->rows[j][cs];
            if (h && c->rows[j][cs] >= 0)
                sweep_hist_add(h, (long)c->rows[j][cs], 1);
        }
    }
    if (stale_n) {
        qsort(stale, stale_n, sizeof(double), sweep_cmp_double);
        r->st[ST_STALE_MEAN] = stale_sum / (double)stale_n;
        size_t k = (size_t)ceil(0.99 * (double)stale_n);
        r->st[ST_STALE_P99] = stale[k ? k - 1 : 0];
    }
    free(stale);
}

/* Duration, bytes on the wire, drops and drift from the workers' CSVs. */
static void worker_stats(run_t *r, const csv_t *w, int nw) {
    double wire = 0, sent = 0, dropped = 0, drift = 0;
    int have_wire = 0, have_dropped = 0;
    size_t ndrift = 0;
    for (int i = 0; i < nw; i++) {
        const csv_t *c = &w[i];
        if (c->nrows > 0 && (isnan(r->st[ST_DURATION]) ||
                             c->rows[c->nrows - 1][0] > r->st[ST_DURATION]))
            r->st[ST_DURATION] = c->rows[c->nrows - 1][0];
        int bs = csv_col(c, "bytes_sent", 1), br = csv_col(c, "bytes_recv", 1);
        int cd = csv_col(c, "dropped", 1), cx = csv_col(c, "drift", 0);
        if (bs >= 0 && br >= 0 && c->nrows > 0) {
            wire += c->rows[c->nrows - 1][bs] + c->rows[c->nrows - 1][br];
            sent += c->rows[c->nrows - 1][bs];
            have_wire = 1;
        }
        for (int j = 0; j < c->nrows; j++) {
            if (cd >= 0 && !isnan(c->rows[j][cd])) {
                dropped += c->rows[j][cd];
                have_dropped = 1;
            }
            if (cx >= 0 && !isnan(c->rows[j][cx])) {
                drift += c->rows[j][cx];
                ndrift++;
            }
        }
    }
    if (have_wire) {
        r->st[ST_WIRE] = wire;
        r->st[ST_SENT] = sent;
    }
    if (have_dropped)
        r->st[ST_DROPPED] = dropped;
    r->st[ST_PULLS] = pulls_sent(r);
    if (ndrift)
        r->st[ST_DRIFT] = drift / (double)ndrift;
}

/* The final metric, updates, and when the target was met, from eval.csv's
 * columns time ct, updates cu (or -1) and metric cm. */
static void eval_stats(run_t *r, const experiment_t *x, const csv_t *ev,
                       int ct, int cu, int cm) {
    r->st[ST_FINAL] = ev->rows[ev->nrows - 1][cm];
    if (x->final_smoothed)
        r->st[ST_FINAL] = window_median(ev, cm, ev->nrows - 1, x->smooth);
    if (cu >= 0)
        r->st[ST_UPDATES] = ev->rows[ev->nrows - 1][cu];
    /* The target is met on the moving median of the last `smooth`
     * evaluations (fewer at the start), as the sweep stops runs: one
     * lucky evaluation of a noisy metric is not convergence. */
    for (int j = 0; j < ev->nrows && x->metric; j++) {
        double m = window_median(ev, cm, j, x->smooth);
        if (isnan(m) || (x->lower_better ? m > x->target : m < x->target))
            continue;
        r->st[ST_T_TARGET] = ev->rows[j][ct];
        if (cu >= 0)
            r->st[ST_U_TARGET] = ev->rows[j][cu];
        break;
    }
}

/* The metric curve with the workers' bytes at each evaluation's time: ev's
 * rows as time_s, updates (the row's index without an updates column),
 * metric and wire_bytes; owned. */
static double (*read_curve(const csv_t *ev, int ct, int cu, int cm,
                           const csv_t *w, int nw))[4] {
    double(*row)[4] = tps__xmalloc((size_t)ev->nrows * sizeof(*row));
    int *pos = tps__xmalloc((size_t)(nw ? nw : 1) * sizeof(int));
    memset(pos, 0, (size_t)(nw ? nw : 1) * sizeof(int));
    for (int j = 0; j < ev->nrows; j++) {
        double t = ev->rows[j][ct], b = 0;
        for (int i = 0; i < nw; i++) {
            const csv_t *c = &w[i];
            int bs = csv_col(c, "bytes_sent", 1);
            int br = csv_col(c, "bytes_recv", 1);
            if (bs < 0 || br < 0)
                continue;
            while (pos[i] + 1 < c->nrows && c->rows[pos[i] + 1][0] <= t)
                pos[i]++;
            if (c->nrows > 0 && c->rows[pos[i]][0] <= t)
                b += c->rows[pos[i]][bs] + c->rows[pos[i]][br];
        }
        row[j][0] = t;
        row[j][1] = cu >= 0 ? ev->rows[j][cu] : (double)j;
        row[j][2] = ev->rows[j][cm];
        row[j][3] = b;
    }
    free(pos);
    return row;
}

double sweep_metric_at(const double (*row)[4], int n, int c, double budget) {
    for (int j = 0; j < n; j++) {
        if (row[j][c] < budget)
            continue;
        if (row[j][c] == budget)
            return row[j][2];
        if (j == 0 || row[j][c] == row[j - 1][c])
            return NAN; /* before the first evaluation */
        double f = (budget - row[j - 1][c]) / (row[j][c] - row[j - 1][c]);
        return row[j - 1][2] + f * (row[j][2] - row[j - 1][2]);
    }
    return NAN;
}

/* Keeps at most CURVE_POINTS of n rows in r->curve: the first, the last,
 * and between them the first row past each of CURVE_POINTS - 1 equal steps
 * in updates, so that a record's curve is as dense where updates came
 * fast as where they came slowly. Values are rounded as the record writes
 * them, so that a curve read back from it is the same. */
static void thin_curve(run_t *r, const double (*row)[4], int n) {
    free(r->curve.row);
    r->curve.row = tps__xmalloc((size_t)(n < CURVE_POINTS ? n : CURVE_POINTS) *
                                sizeof(*r->curve.row));
    r->curve.n = 0;
    double u0 = row[0][1], span = row[n - 1][1] - row[0][1];
    long last = -1;
    for (int j = 0; j < n; j++) {
        long step =
            span > 0 ? (long)floor((row[j][1] - u0) / span * (CURVE_POINTS - 1))
                     : j;
        int keep = j == 0 || j == n - 1 ||
                   (step > last && r->curve.n < CURVE_POINTS - 1);
        if (!keep)
            continue;
        last = step;
        memcpy(r->curve.row[r->curve.n], row[j], sizeof(*row));
        sweep_curve_round(r->curve.row[r->curve.n++]);
    }
}

/* Without a [target], the column the curves show: the first of the
 * metrics a target may name that eval.csv has (its last column is a
 * counter, not a metric). */
static int default_metric(const csv_t *ev) {
    const char *const names[] = {"rel_err", "accuracy", "loss"};
    for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
        if (csv_col(ev, names[i], 0) >= 0)
            return csv_col(ev, names[i], 0);
    return ev->ncols - 1;
}

/* Reads RUN/eval.csv and RUN/worker-R.csv into r->st, r->at, r->curve
 * and the staleness histogram h (NULL: none). The workers' time_s and the
 * evaluator's both count from their own start, which taups-launch makes
 * nearly simultaneous, so the bytes are matched by time. */
static void run_analyse(run_t *r, const experiment_t *x, hist_t *h) {
    for (int k = 0; k < sweep_nstats(x); k++)
        if (k < ST_N)
            r->st[k] = NAN;
        else
            r->at[k - ST_N] = NAN;
    r->curve.n = 0;
    char *p = tps__xasprintf("%s/eval.csv", r->dir);
    csv_t ev;
    int have_eval = csv_read(&ev, p) == 0;
    free(p);
    int ct = -1, cu = -1, cm = -1;
    if (have_eval) {
        ct = csv_col(&ev, "time_s", 0);
        cu = csv_col(&ev, "updates", 0);
        cm = x->metric ? csv_col(&ev, x->metric, 0) : default_metric(&ev);
    }
    int nw;
    csv_t *w = read_workers(r, &nw);
    worker_stats(r, w, nw);
    stale_stats(r, w, nw, h);
    if (have_eval && ct >= 0 && cm >= 0 && ev.nrows > 0) {
        eval_stats(r, x, &ev, ct, cu, cm);
        double(*row)[4] = read_curve(&ev, ct, cu, cm, w, nw);
        for (int i = 0; i < x->nat; i++)
            r->at[i] = sweep_metric_at((const double(*)[4])row, ev.nrows,
                                       i >= x->nat_updates ? 0 : 1, x->at[i]);
        thin_curve(r, (const double(*)[4])row, ev.nrows);
        free(row);
    }
    for (int i = 0; i < nw; i++)
        csv_free(&w[i]);
    free(w);
    if (have_eval)
        csv_free(&ev);
}

/* Worker i's log, owned, or NULL when there is none. */
static char *worker_log(const run_t *r, int i) {
    char *p = tps__xasprintf("%s/worker-%d.log", r->dir, i);
    char *text = sweep_read_file(p);
    free(p);
    return text;
}

/* With --ssp-cache a worker says at exit how many of its reads went to the
 * shards; their sum, or NAN when no worker said. */
static double pulls_sent(const run_t *r) {
    double sum = NAN;
    char *text;
    for (int i = 0; (text = worker_log(r, i)) != NULL; i++) {
        const char *at = strstr(text, "pulls: ");
        unsigned long long n;
        if (at && sscanf(at, "pulls: %llu to the shards", &n) == 1)
            sum = (isnan(sum) ? 0 : sum) + (double)n;
        free(text);
    }
    return sum;
}

/* A worker that sees a non-finite loss stops and says so in its log; the
 * run then fails, but what it measured is a divergence. */
static int worker_diverged(const run_t *r) {
    char *text;
    for (int i = 0; (text = worker_log(r, i)) != NULL; i++) {
        int yes = strstr(text, "training diverged") != NULL;
        free(text);
        if (yes)
            return 1;
    }
    return 0;
}

/* The evaluator's last row is past the divergence limit. */
static int final_diverged(const run_t *r, const experiment_t *x) {
    char *p = tps__xasprintf("%s/eval.csv", r->dir);
    csv_t ev;
    int yes = 0;
    if (csv_read(&ev, p) == 0) {
        int c = csv_col(&ev, x->metric, 0);
        if (c >= 0 && ev.nrows > 0) {
            double m = ev.rows[ev.nrows - 1][c];
            yes = !isfinite(m) ||
                  (x->lower_better ? m > x->diverge : m < x->diverge);
        }
        csv_free(&ev);
    }
    free(p);
    return yes;
}

int sweep_analyse_run(sweep_t *s, run_t *r) {
    if (access(r->dir, F_OK) != 0)
        return -1;
    int counted = r->tune < 0 && r->status == 0;
    run_analyse(r, s->x, counted ? &s->hist[r->point] : NULL);
    r->have = 1;
    return 0;
}

int sweep_run_diverged(const run_t *r, const experiment_t *x) {
    return worker_diverged(r) || (!isnan(x->diverge) && final_diverged(r, x));
}
