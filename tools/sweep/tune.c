/* SPDX-License-Identifier: MIT */
/* taups-sweep's tuning: per configuration, which value of the [tune] key
 * did best over its tuning runs, and OUT/tune.csv and OUT/tune.md, which
 * show every value tried and why the chosen one won.
 *
 * A baseline run at one untuned learning rate compares a configuration's
 * luck with that rate, not the configuration; tuning each one on seeds its
 * reported runs do not use keeps the choice from flattering the report.
 *
 * It must NOT start runs (run.c) or aggregate the reported runs
 * (summary.c); it reads its runs' st, which it fills itself. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

typedef struct score_s {
    int runs, failed, diverged, reached;
    double by;  /* median of the judged statistic over the runs it counts */
    double fin; /* median final metric over the runs that did not diverge */
} score_t;

static score_t score_of(const sweep_t *s, int p, int v) {
    const experiment_t *x = s->x;
    score_t sc = {0, 0, 0, 0, NAN, NAN};
    double *by = tps__xmalloc((size_t)s->nruns * sizeof(double));
    double *fin = tps__xmalloc((size_t)s->nruns * sizeof(double));
    int nby = 0, nfin = 0;
    for (int i = 0; i < s->nruns; i++) {
        const run_t *r = &s->runs[i];
        if (r->point != p || r->tune != v || r->status < 0)
            continue;
        sc.runs++;
        if (r->status != 0) {
            sc.failed++;
            continue;
        }
        if (r->diverged) {
            sc.diverged++;
            continue;
        }
        if (!isnan(r->st[ST_T_TARGET]))
            sc.reached++;
        fin[nfin++] = r->st[ST_FINAL];
        if (x->tune_by == ST_FINAL || !isnan(r->st[ST_T_TARGET]))
            by[nby++] = r->st[x->tune_by];
    }
    sc.by = sweep_median(by, nby);
    sc.fin = sweep_median(fin, nfin);
    free(by);
    free(fin);
    return sc;
}

/* a is lower (better) than b: NaN is worst. */
static int lower(double a, double b) {
    return !isnan(a) && (isnan(b) || a < b);
}

/* Whether a did better than b: more runs at the target (when judged by
 * it), fewer divergences and failures, then the judged median, then the
 * final metric. */
static int better(const experiment_t *x, const score_t *a, const score_t *b) {
    if (x->tune_by != ST_FINAL && a->reached != b->reached)
        return a->reached > b->reached;
    if (a->diverged + a->failed != b->diverged + b->failed)
        return a->diverged + a->failed < b->diverged + b->failed;
    int sign = x->tune_by == ST_FINAL && !x->lower_better ? -1 : 1;
    if (a->by != b->by && (!isnan(a->by) || !isnan(b->by)))
        return lower(sign * a->by, sign * b->by);
    sign = x->lower_better ? 1 : -1;
    return lower(sign * a->fin, sign * b->fin);
}

void sweep_tune_pick(sweep_t *s, int p) {
    const experiment_t *x = s->x;
    int ran = 0;
    for (int i = 0; i < s->nruns; i++)
        ran += s->runs[i].point == p && s->runs[i].tune >= 0 &&
               s->runs[i].status >= 0;
    if (ran == 0) /* interrupted before this configuration: nothing chosen */
        return;
    int best = 0;
    score_t bs = score_of(s, p, 0);
    for (int v = 1; v < x->ntune; v++) {
        score_t sc = score_of(s, p, v);
        if (better(x, &sc, &bs)) {
            best = v;
            bs = sc;
        }
    }
    s->tuned[p] = best;
    char *shown = sweep_tuned_value(x, &s->pts[p], x->tune_vals[best], 1);
    printf("%s: %s: tuned %s = %s (%d of %d tuning runs reached the target)\n",
           PROG, s->pts[p].label, x->tune_key, shown, bs.reached, bs.runs);
    free(shown);
    fflush(stdout);
}

/* Whether every tuning run that ran has its data (from its directory or
 * the records): tune.csv and tune.md made without would say nothing was
 * reached, and overwrite the evidence of the choice. */
static int tuning_known(const sweep_t *s) {
    for (int i = 0; i < s->nruns; i++)
        if (s->runs[i].tune >= 0 && s->runs[i].status >= 0 && !s->runs[i].have)
            return 0;
    return 1;
}

int sweep_write_tune(const sweep_t *s) {
    const experiment_t *x = s->x;
    if (!tuning_known(s)) {
        printf("%s: %s/tune.md and tune.csv are left as they are: their "
               "tuning runs are in neither %s/runs nor %s/records/runs.csv, "
               "so they cannot be made again\n",
               PROG, s->out, s->out, s->out);
        return 0;
    }
    FILE *csv = sweep_create(s, "tune.csv"), *md = sweep_create(s, "tune.md");
    if (!csv || !md) {
        if (csv)
            fclose(csv);
        if (md)
            fclose(md);
        return -1;
    }
    const char *by = sweep_st_names[x->tune_by];
    fputs("label,", csv);
    sweep_csv_field(csv, x->tune_key);
    fprintf(csv, ",runs,failed,diverged,reached,%s_median,final_metric_median,"
                 "chosen\n",
            by);
    fprintf(md,
            "# Tuning of `%s`\n\nPer configuration, every value ran on seeds "
            "%d..%d; the chosen one (**bold**) had the most runs reaching the "
            "target, then the fewest failures and divergences, then the best "
            "median %s (over the runs that reached it), then the best final "
            "%s.\n\n| configuration | ",
            x->tune_key, TUNE_SEED0 + 1, TUNE_SEED0 + x->tune_repeats, by,
            x->metric);
    sweep_md_field(md, x->tune_key);
    fprintf(md,
            " | runs | failed | diverged | reached | %s, median | final %s, "
            "median |\n|---|---|---|---|---|---|---|---|\n",
            by, x->metric);
    for (int p = 0; p < s->npoints; p++)
        for (int v = 0; v < x->ntune; v++) {
            score_t sc = score_of(s, p, v);
            int chosen = s->tuned[p] == v;
            sweep_csv_field(csv, s->pts[p].label);
            fputc(',', csv);
            char *val = sweep_tuned_value(x, &s->pts[p], x->tune_vals[v], 0);
            sweep_csv_field(csv, val);
            fprintf(csv, ",%d,%d,%d,%d,", sc.runs, sc.failed, sc.diverged,
                    sc.reached);
            sweep_put_num(csv, sc.by);
            fputc(',', csv);
            sweep_put_num(csv, sc.fin);
            fprintf(csv, ",%d\n", chosen);

            fputs("| ", md);
            sweep_md_field(md, s->pts[p].label);
            fputs(chosen ? " | **" : " | ", md);
            free(val);
            val = sweep_tuned_value(x, &s->pts[p], x->tune_vals[v], 1);
            sweep_md_field(md, val);
            free(val);
            fprintf(md, "%s | %d | %d | %d | %d | ", chosen ? "**" : "",
                    sc.runs, sc.failed, sc.diverged, sc.reached);
            sweep_put_num(md, sc.by);
            fputs(" | ", md);
            sweep_put_num(md, sc.fin);
            fputs(" |\n", md);
        }
    int rc = fclose(csv) == 0 ? 0 : -1;
    return fclose(md) == 0 ? rc : -1;
}
