/* SPDX-License-Identifier: MIT */
/* taups-sweep's own header, shared by its rooms only: the experiment as the
 * file states it (spec.c), the grid of configurations and their command
 * lines (grid.c), the runs (run.c) and what was read from them
 * (analyse.c), which the summaries (summary.c), the record (record.c) and
 * the plots (plots.c) report.
 *
 * It must NOT be included outside tools/sweep/: nothing here is an API of
 * taups, and the sweep knows nothing of models or consistency modes (every
 * key of an experiment file is handed to taups-launch, which validates it).
 *
 * What a run measured is kept twice: in its run directory (runs/, not
 * committed) and, compactly, in OUT/records/ (committed), so that the
 * summaries, tuning and plots can be made again from either.
 *
 * Functions here end the program on an allocation failure (tps_tool.h) and
 * say what went wrong themselves, on stderr, as "taups-sweep: ...". */
#ifndef TPS_SWEEP_H
#define TPS_SWEEP_H

#include <signal.h>
#include <stdio.h>

#define PROG "taups-sweep"

/* ---- the experiment file (spec.c) ---- */

typedef struct kv_s {
    char *key, *val;
} kv_t;

typedef struct axis_s {
    char *key;
    int n;
    char **vals;
    int leader; /* -1, or the axis whose position this one follows */
} axis_t;

typedef struct experiment_s {
    const char *path;
    char *text; /* the whole file, for sweep.json */
    kv_t *base;
    int nbase;
    axis_t *axes;
    int naxes;
    char *metric; /* NULL: no [target] */
    double target;
    int lower_better;
    int stop;       /* [target] stop = yes: end each run at the target */
    double diverge; /* [target] diverge = X: worse than X counts as diverged
                       (and ends the run); NAN: unset */
    int repeats;    /* 0: not in the file */
    int smooth;     /* [target] smooth = K: the target is met when the
                       median of the last K evaluations meets it */
    int final_smoothed; /* [target] final = smoothed: the final metric is
                           the median of the last K evaluations too */
    /* [tune] KEY = V1, V2, ...: per configuration, the value of KEY that
       did best over tune_repeats seeds of its own (seeds 1001...) is the
       one its reported runs use. NULL: nothing is tuned. */
    char *tune_key;   /* its values may be multipliers xK of each
                         configuration's own value of the key */
    int ntune;
    char **tune_vals;
    int tune_repeats;
    int tune_by; /* ST_U_TARGET, ST_T_TARGET or ST_FINAL: what "did best"
                    compares (fewest updates or seconds to the target, or
                    the best final metric) */
    /* [summary] at_updates = U1, ... and at_time = T1, ...: the metric at
       fixed budgets, read on each run's evaluation curve (at[0..nat) is
       the updates, then the seconds), so that a run that went on longer
       does not change the reading. */
    double *at;
    int nat, nat_updates;
} experiment_t;

#define SMOOTH_MAX 64
#define TUNE_SEED0 1000 /* tuning seeds are TUNE_SEED0 + 1, + 2, ... */

/* Reads and checks the experiment file at `path` (borrowed: x->path points
 * to it) into x. Returns 0, or -1 after saying which line is wrong; x is to
 * be freed with sweep_spec_free() either way. */
int sweep_spec_load(experiment_t *x, const char *path);
/* The same from the file's text (taken: x->text owns it), `path` naming it
 * in messages. */
int sweep_spec_parse(experiment_t *x, const char *path, char *text);
void sweep_spec_free(experiment_t *x);

/* The whole file at `path` as an owned string, or NULL with errno set. */
char *sweep_read_file(const char *path);

/* ---- the grid and the command lines (grid.c) ---- */

typedef struct argv_s {
    int n;
    char **v; /* NULL-terminated, owned */
} argv_t;

void sweep_av_free(argv_t *a);

typedef struct point_s {
    int *idx;    /* value index per axis */
    char *label; /* directory-safe name, unique through its number */
} point_t;

/* The number of configurations, or -1 past 100000. */
int sweep_grid_size(const experiment_t *x);

/* The npoints configurations, the last axis varying fastest; owned, each
 * point's idx and label too. */
point_t *sweep_grid_expand(const experiment_t *x, int npoints);

/* The value of the tuned key that `tuned` (one of tune_vals) gives point
 * pt: itself, or for a multiplier xK, K times the point's own value
 * ("V (xK)" when `shown`, for tables). Owned by the caller. */
char *sweep_tuned_value(const experiment_t *x, const point_t *pt,
                        const char *tuned, int shown);
/* The taups-launch command line of configuration `pt` with `seed`, writing
 * into `dir`: the launcher's path, the [run] keys not swept or tuned, the
 * swept keys, the tuned key = `tuned` (NULL: none), then --seed and
 * --out. */
void sweep_grid_argv(argv_t *av, const experiment_t *x, const point_t *pt,
                     const char *launch, int seed, const char *dir,
                     const char *tuned);

/* ---- runs and what they measured (run.c, analyse.c) ---- */

enum {
    ST_T_TARGET,
    ST_U_TARGET,
    ST_FINAL,
    ST_WIRE,
    ST_STALE_MEAN,
    ST_STALE_P99,
    ST_DROPPED,
    ST_UPDATES,
    ST_DURATION,
    ST_SENT,
    ST_PULLS,
    ST_DRIFT,
    ST_N
};
/* The statistics' names in summary.csv, in the order above. */
extern const char *const sweep_st_names[ST_N];

/* Statistic k of every run: one of ST_*, then ST_N + i for the metric at
 * x->at[i]. */
#define sweep_nstats(x) (ST_N + (x)->nat)
/* Statistic k's name in summary.csv and records/runs.csv (owned). */
char *sweep_stat_name(const experiment_t *x, int k);

#define CURVE_POINTS 100 /* evaluations a record keeps per run */

/* A run's evaluation curve as its record keeps it: at most CURVE_POINTS
 * rows of time_s, updates, metric and wire_bytes, the first and the last
 * among them, evenly spaced in updates. */
typedef struct curve_s {
    int n;
    double (*row)[4];
} curve_t;

/* How many pushes had each staleness (count[s]). */
typedef struct hist_s {
    int n;
    unsigned long long *count;
} hist_t;

void sweep_hist_add(hist_t *h, long s, unsigned long long n);

typedef struct run_s {
    int point, seed;
    int tune;        /* -1: a reported run; else it tries tune_vals[tune] */
    char *dir;
    argv_t av;
    int status;      /* taups-launch's exit status; -1: not started */
    int stopped;     /* the sweep ended the run at its target */
    int diverged;    /* the metric went past [target] diverge, or a worker
                        stopped on a non-finite loss */
    double st[ST_N]; /* NAN: unknown or target not reached */
    double *at;      /* x->nat values, NAN where unknown */
    int have;        /* st, at and curve hold what the run measured (read
                        from its directory or from the records) */
    curve_t curve;
    double wall_s; /* seconds the run took; NAN: not known */
} run_t;

/* Statistic k of run r (see sweep_nstats). */
static inline double sweep_stat(const run_t *r, int k) {
    return k < ST_N ? r->st[k] : r->at[k - ST_N];
}

struct json_t;

typedef struct sweep_s {
    const experiment_t *x;
    char *out; /* the results directory; owned */
    int npoints, nruns;
    point_t *pts;
    run_t *runs;
    int *plotted; /* per point: 1 when OUT/plots/LABEL.dat holds a curve */
    int *tuned;   /* per point: the index of the tuned value its reported
                     runs use; -1: not chosen yet (or nothing is tuned) */
    hist_t *hist; /* per point: staleness of its successful reported runs */
    const char *launch;
    struct json_t *prov; /* where, when and by what build the sweep ran
                            (provenance.c); owned */
} sweep_t;

/* Set by SIGINT or SIGTERM once sweep_run_all() has begun. */
extern volatile sig_atomic_t sweep_interrupted;

/* Runs every run of s in turn, reporting each on stdout, until all ran or
 * the sweep is interrupted. Returns how many failed. */
int sweep_run_all(sweep_t *s);

/* Whether the run diverged though the sweep did not see it while it ran:
 * a worker stopped on a non-finite loss, or (with [target] diverge) the
 * evaluator's last row is past the limit. */
int sweep_run_diverged(const run_t *r, const experiment_t *x);

/* Reads what run r left in its directory into r->st, r->at and r->curve
 * (setting r->have) and, for a reported run that succeeded, its pushes'
 * staleness into s->hist. Returns 0, or -1 (nothing changed) when the
 * directory is gone. */
int sweep_analyse_run(sweep_t *s, run_t *r);

/* The metric where column `col` of a curve of n rows (time_s, updates,
 * metric, wire_bytes; col 0, 1 or 3, never decreasing) is `budget`,
 * interpolated linearly between the evaluations either side; NAN when the
 * curve does not reach it or starts past it. */
double sweep_metric_at(const double (*row)[4], int n, int col, double budget);

/* qsort's comparison of doubles, ascending. */
int sweep_cmp_double(const void *a, const void *b);

/* The q-quantile (0 <= q <= 1) of n > 0 ascending values, interpolated
 * between neighbours (Hyndman and Fan's type 7, as R and NumPy default). */
double sweep_quantile(const double *sorted, int n, double q);

/* The median of the values of v that are not NaN (reordering v); NaN when
 * there are none. */
double sweep_median(double *v, int n);

/* ---- the committed records (records.c) ---- */

/* OUT/records/runs.csv (one row per run: configuration, tuned value,
 * seed, outcome, wall time and every statistic, to 17 digits),
 * OUT/records/curves.csv (each reported run's curve) and
 * OUT/records/staleness.csv (each configuration's histogram). 0, or -1
 * after saying why. */
int sweep_records_write(const sweep_t *s);

/* Rounds a curve row as curves.csv writes it. */
void sweep_curve_round(double row[4]);

/* Fills every run that has no data yet (r->have == 0) from OUT/records/,
 * and the histograms of the configurations that have none. Returns how
 * many runs it filled; 0 when there are no records. */
int sweep_records_load(sweep_t *s);

/* ---- where and with what the sweep ran (provenance.c) ---- */

/* A JSON object with the source's commit ("+dirty" when the tree has
 * uncommitted changes), the configure flags of the build that holds
 * `launch`, the host, its cores, the load average and the date (UTC).
 * Returns a new reference. */
struct json_t *sweep_provenance_begin(const char *launch);
/* Adds the load average and the date at the end. */
void sweep_provenance_end(struct json_t *prov);

/* ---- tuning (tune.c) ---- */

/* Chooses point p's tuned value from its tuning runs, sets s->tuned[p],
 * and says which on stdout; leaves it at -1 when none of them ran. */
void sweep_tune_pick(sweep_t *s, int p);

/* OUT/tune.csv and OUT/tune.md: every tried value's runs and score, and
 * the one chosen. When a tuning run's data is in neither its directory
 * nor the records, the files cannot be made again: existing ones are kept
 * as they are, with a sentence saying so. 0, or -1 after saying why. */
int sweep_write_tune(const sweep_t *s);

/* ---- what the sweep writes (summary.c, record.c, plots.c) ---- */

/* Creates OUT/NAME for writing, or says why it cannot and returns NULL. */
FILE *sweep_create(const sweep_t *s, const char *name);

/* A field of a CSV row (quoted when it must be) and of a Markdown table
 * cell ('|' escaped). */
void sweep_csv_field(FILE *f, const char *s);
void sweep_md_field(FILE *f, const char *s);
/* v as "%.6g"; nothing for NaN (an empty CSV field). */
void sweep_put_num(FILE *f, double v);

/* OUT/summary.csv, OUT/summary.md and OUT/sweep.json; each returns 0, or
 * -1 after saying why. */
int sweep_write_summary_csv(const sweep_t *s);
int sweep_write_summary_md(const sweep_t *s);
int sweep_write_record(const sweep_t *s, int repeats);

/* Reads OUT/sweep.json back: each run's status, stopped and diverged
 * flags, wall time and command line, each configuration's tuned value
 * and the provenance, so that the summaries and plots can be made again
 * from the runs on disk or the records. 0, or -1 after saying why. */
int sweep_record_load(sweep_t *s);

/* The experiment file's name, its text and the repeats recorded in
 * OUT/sweep.json, for --summarise without a file: owned strings. 0, or
 * -1 after saying why. */
int sweep_record_experiment(const char *out, char **path, char **text,
                            int *repeats);

/* OUT/plots/LABEL-time.dat, -updates.dat and -bytes.dat: per configuration,
 * the median and quartiles of its successful seeds' curves on a common
 * grid (sets s->plotted[p] when there is one), and LABEL-staleness.dat,
 * its histogram (bands.c). */
void sweep_bands_write(sweep_t *s);

/* Writes OUT/plots.gp and runs gnuplot on it. Failure to plot is reported
 * but does not fail the sweep: the tables are the result, plots a view. */
void sweep_plot(const sweep_t *s);

#endif
