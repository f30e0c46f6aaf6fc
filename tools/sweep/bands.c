/* SPDX-License-Identifier: MIT */
/* The data the sweep's plots draw, made from the runs' curves as the
 * records keep them (so that a fresh clone draws the same): per
 * configuration and x axis (time, updates, bytes on the wire), the median
 * and quartiles over its successful seeds on a common grid
 * (OUT/plots/LABEL-time.dat, -updates.dat, -bytes.dat), and its staleness
 * histogram (LABEL-staleness.dat).
 *
 * One seed's curve is one seed's luck; the band shows the spread that a
 * difference between configurations must beat. A seed counts at an x
 * only between its first and last evaluation, so the band thins where
 * runs ended (the last column says how many seeds it holds).
 *
 * It must NOT write gnuplot (plots.c) or read the runs' files. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

#define GRID 80 /* x values per band */

/* The x axes: curve column and file suffix. */
static const struct {
    int col;
    const char *name;
} axes[] = {{0, "time"}, {1, "updates"}, {3, "bytes"}};

/* The smallest first x and the largest last x of point p's successful
 * reported runs' curves in column c (lo > hi when there are none). */
static void extent(const sweep_t *s, int p, int c, double *lo, double *hi) {
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < s->nruns; i++) {
        const run_t *r = &s->runs[i];
        if (r->point != p || r->tune >= 0 || r->status != 0 || r->curve.n == 0)
            continue;
        double a = r->curve.row[0][c], b = r->curve.row[r->curve.n - 1][c];
        *lo = a < *lo ? a : *lo;
        *hi = b > *hi ? b : *hi;
    }
}

/* Writes point p's band along column c to f; returns its rows. */
static int band(const sweep_t *s, int p, int c, FILE *f) {
    double lo, hi;
    extent(s, p, c, &lo, &hi);
    if (!(lo <= hi))
        return 0;
    /* Geometric steps where the runs span decades (the plots then use a
     * log axis), even ones otherwise. */
    int geo = lo > 0 && hi > 10 * lo;
    double *v = tps__xmalloc((size_t)s->nruns * sizeof(double));
    int rows = 0;
    for (int g = 0; g < GRID; g++) {
        double t = (double)g / (GRID - 1);
        double x = geo ? lo * pow(hi / lo, t) : lo + t * (hi - lo);
        if (g == GRID - 1)
            x = hi; /* exactly, not as pow rounds it */
        int n = 0;
        for (int i = 0; i < s->nruns; i++) {
            const run_t *r = &s->runs[i];
            if (r->point != p || r->tune >= 0 || r->status != 0)
                continue;
            double m = sweep_metric_at((const double(*)[4])r->curve.row,
                                       r->curve.n, c, x);
            if (!isnan(m))
                v[n++] = m;
        }
        if (n == 0)
            continue;
        qsort(v, (size_t)n, sizeof(double), sweep_cmp_double);
        fprintf(f, "%.9g %.9g %.9g %.9g %d\n", x, sweep_quantile(v, n, 0.5),
                sweep_quantile(v, n, 0.25), sweep_quantile(v, n, 0.75), n);
        rows++;
        if (lo == hi)
            break;
    }
    free(v);
    return rows;
}

static void write_hist(const sweep_t *s, int p, const char *dir) {
    if (s->hist[p].n == 0)
        return;
    char *hp = tps__xasprintf("%s/%s-staleness.dat", dir, s->pts[p].label);
    FILE *f = fopen(hp, "we");
    if (f) {
        fputs("# staleness pushes\n", f);
        for (int k = 0; k < s->hist[p].n; k++)
            fprintf(f, "%d %llu\n", k, s->hist[p].count[k]);
        fclose(f);
    }
    free(hp);
}

void sweep_bands_write(sweep_t *s) {
    char *dir = tps__xasprintf("%s/plots", s->out);
    tps__mkdir_p(dir);
    const char *metric = s->x->metric ? s->x->metric : "metric";
    for (int p = 0; p < s->npoints; p++) {
        s->plotted[p] = 0;
        for (size_t a = 0; a < sizeof(axes) / sizeof(*axes); a++) {
            char *path = tps__xasprintf("%s/%s-%s.dat", dir, s->pts[p].label,
                                        axes[a].name);
            FILE *f = fopen(path, "we");
            if (f) {
                fprintf(f, "# %s %s_median %s_q1 %s_q3 seeds\n", axes[a].name,
                        metric, metric, metric);
                int rows = band(s, p, axes[a].col, f);
                fclose(f);
                if (rows == 0)
                    remove(path);
                else if (axes[a].col == 1)
                    s->plotted[p] = 1;
            }
            free(path);
        }
        write_hist(s, p, dir);
    }
    free(dir);
}
