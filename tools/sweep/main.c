/* SPDX-License-Identifier: MIT */
/* taups-sweep: runs an experiment file, a grid of taups-launch
 * configurations each repeated over seeds 1..N, one run after another (the
 * machines taups is measured on are small, and concurrent runs would measure
 * each other), then summarises the runs into summary.csv, summary.md,
 * sweep.json and gnuplot plots.
 *
 * This file owns the options, the usage text, the output directory and the
 * order of the work; each step is another room of tools/sweep/. It must NOT
 * parse experiment files, read runs or write results itself.
 *
 * The sweep only reads what the runs leave behind (eval.csv and the workers'
 * CSVs, found by their header names), so it knows nothing of models or
 * consistency modes: every key of the experiment file is handed to
 * taups-launch, which validates it. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "sweep.h"
#include "tps_opt.h"
#include "tps_tool.h"

static const char usage[] =
    "Usage: " PROG " [OPTIONS] EXPERIMENT.ini\n"
    "Runs every configuration of an experiment file with taups-launch, one\n"
    "run after another, each over seeds 1..N (5 unless told), and summarises\n"
    "the runs.\n"
    "\n"
    "The experiment file is INI; '#' or ';' at the start of a line or after\n"
    "a blank starts a comment:\n"
    "  [run]              (or [base]) settings shared by every run\n"
    "  model = lsq        KEY = VALUE becomes taups-launch --KEY VALUE;\n"
    "  shards = 2         an empty VALUE passes --KEY alone (a flag)\n"
    "  server-arg = --momentum    may repeat; passed as --server-arg=VALUE\n"
    "  worker-arg = --codec       (likewise --worker-arg=VALUE)\n"
    "  server.momentum = 0.9      --server-arg=--momentum --server-arg=0.9\n"
    "  worker.codec = topk        --worker-arg=--codec --worker-arg=topk\n"
    "  repeats = 3        seeds per configuration (--repeats wins)\n"
    "  [sweep]            KEY = V1, V2, ... : the grid is the product of\n"
    "  lr = 0.1, 0.3      the lists, each point adding these keys or\n"
    "  server.max-staleness = 0, 5   replacing the [run] key of that name\n"
    "  a | b = 1 | 0.2, 2 | 0.1   linked keys move together: two points\n"
    "  [tune]             optional: per configuration, first run each value\n"
    "  lr = 0.05, 0.1, 0.2  of one key over seeds 1001..1000+R of its own,\n"
    "  repeats = 2        R (default 2), and report the configuration at\n"
    "  by = updates       the value that did best: most runs reaching the\n"
    "                     target, then the fewest median updates (or time,\n"
    "                     or the best final metric) to it\n"
    "  lr = x0.5, x1, x2  multipliers: K times each configuration's own\n"
    "                     lr (swept or in [run]), for configurations whose\n"
    "                     values differ in kind (a local-SGD server lr of\n"
    "                     1 beside async's 0.05)\n"
    "  [target]\n"
    "  metric = rel_err   rel_err or loss (lower is better), accuracy\n"
    "  value = 1e-4       (higher is better)\n"
    "  smooth = 3         the target is met when the median of the last 3\n"
    "                     evaluations meets it (default 3; 1: any one)\n"
    "  final = smoothed   the final metric is that median over the last 3\n"
    "                     evaluations too (default last: the last one), for\n"
    "                     noisy metrics whose last value is luck\n"
    "  stop = yes         end each run once its evaluator reports the target\n"
    "                     (default no: runs go to --iterations/--seconds)\n"
    "  diverge = 1e3      a metric worse than this, or not finite, ends the\n"
    "                     run and counts it as diverged (a result, not a\n"
    "                     failure); so does a worker stopping on a\n"
    "                     non-finite loss\n"
    "  [summary]          optional: the metric at fixed budgets, read on\n"
    "  at_updates = 2000, 5000   each run's evaluations (interpolated), so\n"
    "  at_time = 1, 5     that a run going on longer does not change it\n"
    "seed and out are set by " PROG " for every run.\n"
    "\n"
    "The output directory holds:\n"
    "  runs/LABEL-seedS/  one taups-launch run directory each (launch.out\n"
    "                     holds its output); LABEL is "
    "pN-KEY=VALUE_KEY=VALUE...\n"
    "  records/runs.csv   one row per run (tuning runs too): its values,\n"
    "                     seed, outcome, wall time and every statistic\n"
    "  records/curves.csv each reported run's evaluations, thinned to 100\n"
    "                     evenly in updates; records/staleness.csv the\n"
    "                     histograms. Small enough to commit where runs/ is\n"
    "                     not: --summarise reads them for runs that are gone\n"
    "  summary.csv        one row per configuration: swept values, runs,\n"
    "                     failed, diverged, reached (runs that met the\n"
    "                     target), then\n"
    "                     median, min and max over the successful seeds of\n"
    "                     time_to_target_s and updates_to_target (over the\n"
    "                     runs that reached it; empty if none did),\n"
    "                     final_metric, wire_bytes (workers' last\n"
    "                     bytes_sent + bytes_recv, summed), staleness_mean,\n"
    "                     staleness_p99 (over the workers' CSV rows) and\n"
    "                     dropped (sum of the workers' dropped column),\n"
    "                     updates (the evaluator's last count) and\n"
    "                     worker_seconds (the longest worker's last row),\n"
    "                     sent_bytes (the pushing direction of wire_bytes),\n"
    "                     pulls_sent (with --ssp-cache: the pulls that went\n"
    "                     to the shards, summed over the workers' logs),\n"
    "                     drift_mean (local mode: the workers' drift column,\n"
    "                     the distance of a worker's model from the average\n"
    "                     of its round, averaged over rows and workers)\n"
    "                     then at_U_updates and at_T_s ([summary])\n"
    "                     (each as _median, _min, _max, _q1 and _q3, the\n"
    "                     quartiles interpolated as R and NumPy do)\n"
    "  summary.md         the same as a Markdown table: median [q1, q3]\n"
    "  tune.csv, tune.md  with [tune]: every value tried per configuration,\n"
    "                     its runs, how many reached the target, the median\n"
    "                     it was judged by, and the one chosen\n"
    "  sweep.json         the experiment file, the grid, every run's\n"
    "                     directory, arguments, exit status and wall time,\n"
    "                     and the provenance: commit (+dirty), configure\n"
    "                     flags, host, cores, load average before and after,\n"
    "                     dates (UTC)\n"
    "  plots.gp, *.png, *.svg   metric vs time, updates and bytes on the\n"
    "                     wire (median and interquartile band over the\n"
    "                     seeds per configuration, from the records), and\n"
    "                     staleness-LABEL histograms (all its seeds)\n"
    "\n"
    "Exit status: 0 every run succeeded; 1 a run failed (the sweep goes on\n"
    "and records it) or a result could not be written; 2 bad options or\n"
    "experiment file; 130 interrupted.";

/* results/NAME-YYYYmmdd-HHMMSS, NAME the experiment file's name up to its
 * first dot. Returns an owned string. */
static char *default_outdir(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
    return tps__xasprintf("results/%.*s-%s", (int)(n ? n : strlen(base)), base,
                          stamp);
}

static run_t *run_new(sweep_t *s, int i, int p, int seed, int tune) {
    run_t *r = &s->runs[i];
    memset(r, 0, sizeof(*r));
    r->point = p;
    r->seed = seed;
    r->tune = tune;
    r->status = -1;
    r->wall_s = NAN;
    for (int k = 0; k < ST_N; k++)
        r->st[k] = NAN;
    r->at = tps__xmalloc((size_t)(s->x->nat + 1) * sizeof(double));
    for (int k = 0; k < s->x->nat; k++)
        r->at[k] = NAN;
    if (tune >= 0)
        r->dir = tps__xasprintf("%s/runs/%s-tune-%s=%s-seed%d", s->out,
                                s->pts[p].label, s->x->tune_key,
                                s->x->tune_vals[tune], seed);
    else
        r->dir = tps__xasprintf("%s/runs/%s-seed%d", s->out, s->pts[p].label,
                                seed);
    return r;
}

/* Every run of the grid, not started yet: per configuration, its tuning
 * runs (every tuned value over seeds TUNE_SEED0 + 1...), then seeds
 * 1..repeats. A tuned configuration's reported runs get their command
 * lines once its tuning has chosen (run.c). Takes outdir. */
static void sweep_init(sweep_t *s, const experiment_t *x, int grid, int repeats,
                       const char *launch, char *outdir) {
    memset(s, 0, sizeof(*s));
    s->x = x;
    s->out = outdir;
    s->launch = launch;
    s->npoints = grid;
    s->pts = sweep_grid_expand(x, grid);
    int ntune = x->tune_key ? x->ntune * x->tune_repeats : 0;
    s->nruns = grid * (repeats + ntune);
    s->runs = tps__xmalloc((size_t)s->nruns * sizeof(run_t));
    s->plotted = tps__xmalloc((size_t)grid * sizeof(int));
    s->tuned = tps__xmalloc((size_t)grid * sizeof(int));
    s->hist = tps__xmalloc((size_t)grid * sizeof(hist_t));
    memset(s->plotted, 0, (size_t)grid * sizeof(int));
    memset(s->hist, 0, (size_t)grid * sizeof(hist_t));
    for (int p = 0, i = 0; p < grid; p++) {
        s->tuned[p] = -1;
        for (int v = 0; v < x->ntune && x->tune_key; v++)
            for (int k = 1; k <= x->tune_repeats; k++, i++) {
                run_t *r = run_new(s, i, p, TUNE_SEED0 + k, v);
                sweep_grid_argv(&r->av, x, &s->pts[p], launch, r->seed, r->dir,
                                x->tune_vals[v]);
            }
        for (int seed = 1; seed <= repeats; seed++, i++) {
            run_t *r = run_new(s, i, p, seed, -1);
            if (!x->tune_key)
                sweep_grid_argv(&r->av, x, &s->pts[p], launch, seed, r->dir,
                                NULL);
        }
    }
}

static void sweep_free(sweep_t *s) {
    for (int i = 0; i < s->nruns; i++) {
        free(s->runs[i].dir);
        free(s->runs[i].at);
        free(s->runs[i].curve.row);
        sweep_av_free(&s->runs[i].av);
    }
    free(s->runs);
    for (int p = 0; p < s->npoints; p++) {
        free(s->pts[p].idx);
        free(s->pts[p].label);
        free(s->hist[p].count);
    }
    free(s->hist);
    json_decref(s->prov);
    free(s->pts);
    free(s->plotted);
    free(s->tuned);
    free(s->out);
}

/* What the runs of a sweep that ran before measured: from their
 * directories where they are, else from OUT/records/. Returns -1, after
 * saying so, when neither holds anything. */
static int sweep_gather(sweep_t *s) {
    int dirs = 0;
    for (int i = 0; i < s->nruns; i++)
        if (s->runs[i].status >= 0)
            dirs += sweep_analyse_run(s, &s->runs[i]) == 0;
    int recs = sweep_records_load(s);
    if (dirs + recs == 0) {
        fprintf(stderr,
                "%s: %s holds neither the runs (runs/) nor their records "
                "(records/runs.csv): nothing to summarise, and its files are "
                "left as they are\n",
                PROG, s->out);
        return -1;
    }
    printf("%s: summarising %d run%s from %s/runs and %d from %s/records\n",
           PROG, dirs, dirs == 1 ? "" : "s", s->out, recs, s->out);
    for (int i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        if (r->av.n == 0 && s->tuned[r->point] >= 0)
            sweep_grid_argv(&r->av, s->x, &s->pts[r->point], s->launch, r->seed,
                            r->dir, s->x->tune_vals[s->tuned[r->point]]);
    }
    return 0;
}

/* Runs the sweep (or, with again, gathers what ran before), then
 * summarises, records and plots it. Returns the exit status. */
static int sweep_go(sweep_t *s, int repeats, int again) {
    int rc = 0, failed = 0;
    if (!again) {
        s->prov = sweep_provenance_begin(s->launch);
        failed = sweep_run_all(s);
        sweep_provenance_end(s->prov);
    } else if (sweep_gather(s) < 0) {
        return 2;
    }
    for (int i = 0; again && i < s->nruns; i++)
        failed += s->runs[i].status > 0;
    /* Tuning that an interruption cut short still reports its runs. */
    for (int p = 0; p < s->npoints; p++)
        if (s->x->tune_key && s->tuned[p] < 0)
            sweep_tune_pick(s, p);
    sweep_bands_write(s);
    if (sweep_write_summary_csv(s) < 0 || sweep_write_summary_md(s) < 0 ||
        sweep_write_record(s, repeats) < 0 || sweep_records_write(s) < 0 ||
        (s->x->tune_key && sweep_write_tune(s) < 0))
        rc = 1;
    sweep_plot(s);
    if (failed) {
        printf("%s: %d of %d runs failed; see %s/summary.csv\n", PROG, failed,
               s->nruns, s->out);
        rc = 1;
    } else {
        printf("%s: all %d runs succeeded; summary in %s/summary.md\n", PROG,
               s->nruns, s->out);
    }
    if (sweep_interrupted) {
        printf("%s: interrupted; the summaries cover the runs so far\n", PROG);
        rc = 130;
    }
    return rc;
}

/* The experiment: the file at `path`, or with `out` (--summarise without a
 * file) the one OUT/sweep.json holds, whose name *recorded then owns and
 * whose repeats go to *repeats unless given. 0, or -1 after saying why. */
static int load_experiment(experiment_t *x, const char *out, const char *path,
                           char **recorded, int *repeats) {
    memset(x, 0, sizeof(*x));
    if (path)
        return sweep_spec_load(x, path);
    if (!out) {
        fprintf(stderr,
                "%s: give exactly one experiment file (see --help; "
                "--summarise --out DIR alone uses DIR's)\n",
                PROG);
        return -1;
    }
    char *text;
    int n;
    if (sweep_record_experiment(out, recorded, &text, &n) < 0)
        return -1;
    if (*repeats == 0)
        *repeats = n;
    return sweep_spec_parse(x, *recorded, text);
}

int main(int argc, char **argv) {
    const char *out = NULL, *bindir = NULL;
    int repeats = 0, dry_run = 0, again = 0;
    const tps__opt_t opts[] = {
        {"out", TPS_OPT_STR, &out, NULL, 0, -1, NULL, "DIR",
         "results directory (unset: results/NAME-YYYYmmdd-HHMMSS, NAME the "
         "experiment file's name)"},
        {"repeats", TPS_OPT_INT, &repeats, NULL, 1, 1000, NULL, "N",
         "run each configuration with seeds 1..N (unset: the file's repeats, "
         "else 5)"},
        {"bindir", TPS_OPT_STR, &bindir, NULL, 0, -1, NULL, "DIR",
         "directory of taups-launch (unset: next to this program, then PATH)"},
        {"dry-run", TPS_OPT_FLAG, &dry_run, NULL, 0, -1, NULL, NULL,
         "print the taups-launch command lines and stop"},
        {"summarise", TPS_OPT_FLAG, &again, NULL, 0, -1, NULL, NULL,
         "run nothing: make the summaries, records and plots of --out again "
         "from its runs, or from its records where the runs are gone, and "
         "its sweep.json (the same experiment file and --repeats; without "
         "a file, the one sweep.json holds)"},
        TPS_OPT_END};
    int idx = tps__opt_parse(opts, PROG, usage, argc, argv);
    if (idx < 0) {
        tps__opt_free(opts);
        return idx == TPS_OPT_EXIT_OK ? 0 : 2;
    }
    experiment_t x;
    int grid = -1;
    char *launch = NULL, *recorded = NULL;
    if (load_experiment(&x, again && idx == argc ? out : NULL,
                        idx == argc - 1 ? argv[idx] : NULL, &recorded,
                        &repeats) == 0 &&
        (grid = sweep_grid_size(&x)) < 0)
        fprintf(stderr, "%s: %s: the grid has more than 100000 points\n", PROG,
                x.path);
    if (grid > 0)
        launch = tps__find_program(bindir, "taups-launch", "tools");
    if (grid <= 0 || !launch) {
        sweep_spec_free(&x);
        free(recorded);
        tps__opt_free(opts);
        return 2;
    }
    if (repeats == 0)
        repeats = x.repeats ? x.repeats : 5;
    sweep_t s;
    sweep_init(&s, &x, grid, repeats, launch,
               out ? tps__xstrdup(out) : default_outdir(x.path));

    int rc = 0;
    if (dry_run) {
        for (int i = 0; i < s.nruns; i++) {
            for (int k = 0; k < s.runs[i].av.n; k++)
                printf("%s%s", k ? " " : "", s.runs[i].av.v[k]);
            if (s.runs[i].av.n == 0)
                printf("# %s seed %d: with the best %s of its tuning runs",
                       s.pts[s.runs[i].point].label, s.runs[i].seed,
                       x.tune_key);
            putchar('\n');
        }
    } else if (again) {
        rc = sweep_record_load(&s) < 0 ? 2 : sweep_go(&s, repeats, 1);
    } else if (access(s.runs[0].dir, F_OK) == 0) {
        /* taups-launch would refuse every run directory one by one. */
        fprintf(stderr, "%s: %s already holds a sweep; choose another --out\n",
                PROG, s.out);
        rc = 2;
    } else if (tps__mkdir_p(s.out) < 0) {
        fprintf(stderr, "%s: cannot create %s: %s\n", PROG, s.out,
                strerror(errno));
        rc = 2;
    } else {
        rc = sweep_go(&s, repeats, 0);
    }
    sweep_free(&s);
    free(launch);
    sweep_spec_free(&x);
    free(recorded);
    tps__opt_free(opts);
    return rc;
}
