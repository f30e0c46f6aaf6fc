/* SPDX-License-Identifier: MIT */
/* taups-sweep's grid: the product of the [sweep] axes, linked axes moving
 * with their leader, each configuration's directory-safe label, and the
 * taups-launch command line of every run.
 *
 * It must NOT parse the experiment file (spec.c) or start anything
 * (run.c): it turns an experiment into names and argument vectors. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

static void av_take(argv_t *a, char *s) {
    a->v = tps__xrealloc(a->v, (size_t)(a->n + 2) * sizeof(char *));
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

void sweep_av_free(argv_t *a) {
    for (int i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    a->v = NULL;
    a->n = 0;
}

/* KEY = VALUE as taups-launch arguments; see the usage text for the forms. */
static void av_key(argv_t *a, const char *key, const char *val) {
    if (strcmp(key, "server-arg") == 0 || strcmp(key, "worker-arg") == 0) {
        av_take(a, tps__xasprintf("--%s=%s", key, val));
    } else if (strncmp(key, "server.", 7) == 0 ||
               strncmp(key, "worker.", 7) == 0) {
        /* "=" keeps a value that starts with "--" from being read as an
         * option of taups-launch itself. */
        av_take(a, tps__xasprintf("--%.6s-arg=--%s", key, key + 7));
        if (*val)
            av_take(a, tps__xasprintf("--%.6s-arg=%s", key, val));
    } else {
        av_take(a, tps__xasprintf("--%s", key));
        if (*val)
            av_take(a, tps__xstrdup(val));
    }
}

int sweep_grid_size(const experiment_t *x) {
    long n = 1;
    for (int i = 0; i < x->naxes; i++) {
        if (x->axes[i].leader >= 0)
            continue;
        n *= x->axes[i].n;
        if (n > 100000)
            return -1;
    }
    return (int)n;
}

static void label_append(char **label, size_t *len, const char *s) {
    size_t n = strlen(s);
    *label = tps__xrealloc(*label, *len + n + 1);
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '=' ||
                 c == '+';
        (*label)[(*len)++] = ok ? c : '_';
    }
    (*label)[*len] = '\0';
}

point_t *sweep_grid_expand(const experiment_t *x, int npoints) {
    point_t *pts = tps__xmalloc((size_t)npoints * sizeof(point_t));
    int width = snprintf(NULL, 0, "%d", npoints);
    for (int p = 0; p < npoints; p++) {
        pts[p].idx =
            tps__xmalloc((size_t)(x->naxes ? x->naxes : 1) * sizeof(int));
        /* The last axis varies fastest, like nested loops written in file
         * order. */
        int rest = p;
        for (int i = x->naxes - 1; i >= 0; i--) {
            if (x->axes[i].leader >= 0)
                continue;
            pts[p].idx[i] = rest % x->axes[i].n;
            rest /= x->axes[i].n;
        }
        for (int i = 0; i < x->naxes; i++)
            if (x->axes[i].leader >= 0)
                pts[p].idx[i] = pts[p].idx[x->axes[i].leader];
        char *label = tps__xasprintf("p%0*d", width, p + 1);
        size_t len = strlen(label);
        if (x->naxes == 0)
            label_append(&label, &len, "-base");
        for (int i = 0; i < x->naxes; i++) {
            label_append(&label, &len, i ? "_" : "-");
            label_append(&label, &len, x->axes[i].key);
            label_append(&label, &len, "=");
            label_append(&label, &len, x->axes[i].vals[pts[p].idx[i]]);
        }
        pts[p].label = label;
    }
    return pts;
}

/* The configuration's own value of `key` (swept, else [run]), or NULL. */
static const char *point_value(const experiment_t *x, const point_t *pt,
                               const char *key) {
    for (int a = 0; a < x->naxes; a++)
        if (strcmp(x->axes[a].key, key) == 0)
            return x->axes[a].vals[pt->idx[a]];
    for (int b = 0; b < x->nbase; b++)
        if (strcmp(x->base[b].key, key) == 0)
            return x->base[b].val;
    return NULL;
}

char *sweep_tuned_value(const experiment_t *x, const point_t *pt,
                        const char *tuned, int shown) {
    if (tuned[0] != 'x')
        return tps__xstrdup(tuned);
    const char *own = point_value(x, pt, x->tune_key);
    double v = strtod(own, NULL) * strtod(tuned + 1, NULL);
    return shown ? tps__xasprintf("%.6g (%s)", v, tuned)
                 : tps__xasprintf("%.6g", v);
}

void sweep_grid_argv(argv_t *av, const experiment_t *x, const point_t *pt,
                     const char *launch, int seed, const char *dir,
                     const char *tuned) {
    av_take(av, tps__xstrdup(launch));
    for (int b = 0; b < x->nbase; b++) {
        int swept = tuned && strcmp(x->tune_key, x->base[b].key) == 0;
        for (int a = 0; a < x->naxes; a++)
            swept |= strcmp(x->axes[a].key, x->base[b].key) == 0;
        if (!swept)
            av_key(av, x->base[b].key, x->base[b].val);
    }
    for (int a = 0; a < x->naxes; a++)
        if (!tuned || strcmp(x->axes[a].key, x->tune_key) != 0)
            av_key(av, x->axes[a].key, x->axes[a].vals[pt->idx[a]]);
    if (tuned) {
        char *v = sweep_tuned_value(x, pt, tuned, 0);
        av_key(av, x->tune_key, v);
        free(v);
    }
    av_take(av, tps__xstrdup("--seed"));
    av_take(av, tps__xasprintf("%d", seed));
    av_take(av, tps__xstrdup("--out"));
    av_take(av, tps__xstrdup(dir));
}
