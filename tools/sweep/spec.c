/* SPDX-License-Identifier: MIT */
/* The experiment-file grammar of taups-sweep: INI sections [run] (or
 * [base]), [sweep], [tune], [target] and [summary], comments, linked keys
 * ("a | b = 1 | 2"), and the checks whose messages name the file and line.
 *
 * It must NOT interpret the keys it hands on: [run], [sweep] and [tune]
 * keys are taups-launch's to validate. It knows only the words the sweep
 * itself reads: repeats, the reserved seed and out, [tune]'s repeats and
 * by, [target]'s keys and [summary]'s budgets. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s &&
           (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
        *--e = '\0';
    return s;
}

/* A comment starts at '#' or ';' at the start of a line or after blanks, so
 * that values such as "a;b" survive. */
static void strip_comment(char *s) {
    for (char *p = s; *p; p++)
        if ((*p == '#' || *p == ';') &&
            (p == s || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

char *sweep_read_file(const char *path) {
    FILE *f = fopen(path, "re");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = tps__xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2)
            buf = tps__xrealloc(buf, cap *= 2);
    }
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Keys taups-sweep sets itself for every run. */
static int key_reserved(const char *k) {
    return strcmp(k, "seed") == 0 || strcmp(k, "out") == 0;
}

/* Splits s at every '|' into at most max trimmed fields; returns how many
 * there were (more than max means too many). */
static int split_bar(char *s, char **f, int max) {
    int n = 0;
    for (char *p = s;; p++) {
        char *bar = strchr(p, '|');
        if (bar)
            *bar = '\0';
        if (n < max)
            f[n] = trim(p);
        n++;
        if (!bar)
            return n;
        p = bar;
    }
}

#define LINK_MAX 8

/* The next non-empty, trimmed item of a comma-separated list (strtok_r
 * over *save, which starts as the list), or NULL after the last. */
static char *next_item(char *list, char **save) {
    for (char *v = strtok_r(list, ",", save); v; v = strtok_r(NULL, ",", save)) {
        v = trim(v);
        if (*v)
            return v;
    }
    return NULL;
}

/* [sweep] KEY = V1, V2, ... adds one grid axis. "K1 | K2 = a1 | b1, a2 | b2"
 * adds linked axes that move together (K2 follows K1), for settings that
 * are derived from each other, such as a learning rate scaled with the
 * staleness bound: the grid grows by the number of values, not their
 * product. */
static int axes_add(experiment_t *x, char *key, char *val, int lineno) {
    char *keys[LINK_MAX];
    int nk = split_bar(key, keys, LINK_MAX);
    if (nk > LINK_MAX) {
        fprintf(stderr, "%s: %s:%d: at most %d linked keys\n", PROG, x->path,
                lineno, LINK_MAX);
        return -1;
    }
    for (int k = 0; k < nk; k++) {
        int dup = *keys[k] == '\0' || key_reserved(keys[k]) ||
                  strcmp(keys[k], "repeats") == 0;
        for (int i = 0; i < x->naxes && !dup; i++)
            dup = strcmp(x->axes[i].key, keys[k]) == 0;
        for (int j = 0; j < k && !dup; j++)
            dup = strcmp(keys[j], keys[k]) == 0;
        if (dup) {
            fprintf(stderr,
                    "%s: %s:%d: \"%s\" cannot be swept: empty, reserved, or "
                    "swept twice\n",
                    PROG, x->path, lineno, keys[k]);
            return -1;
        }
    }
    int first = x->naxes;
    x->axes = tps__xrealloc(x->axes, (size_t)(x->naxes + nk) * sizeof(axis_t));
    for (int k = 0; k < nk; k++) {
        axis_t *a = &x->axes[x->naxes++];
        a->key = tps__xstrdup(keys[k]);
        a->n = 0;
        a->vals = NULL;
        a->leader = k ? first : -1;
    }
    char *vsave = NULL;
    for (char *v = next_item(val, &vsave); v; v = next_item(NULL, &vsave)) {
        char *f[LINK_MAX];
        int nf = split_bar(v, f, LINK_MAX);
        if (nf != nk) {
            fprintf(stderr,
                    "%s: %s:%d: value \"%s\" has %d field(s) for %d linked "
                    "key(s)\n",
                    PROG, x->path, lineno, v, nf, nk);
            return -1;
        }
        for (int k = 0; k < nk; k++) {
            axis_t *a = &x->axes[first + k];
            a->vals =
                tps__xrealloc(a->vals, (size_t)(a->n + 1) * sizeof(char *));
            a->vals[a->n++] = tps__xstrdup(f[k]);
        }
    }
    if (x->axes[first].n == 0) {
        fprintf(stderr, "%s: %s:%d: %s has no values\n", PROG, x->path, lineno,
                x->axes[first].key);
        return -1;
    }
    return 0;
}

/* [tune] KEY = V1, V2, ...: the one key tuned per configuration. */
static int tune_set(experiment_t *x, const char *key, char *val, int lineno) {
    if (x->tune_key || key_reserved(key) || strchr(key, '|')) {
        fprintf(stderr,
                "%s: %s:%d: [tune] tunes one key (not reserved, not "
                "linked); %s is one too many\n",
                PROG, x->path, lineno, key);
        return -1;
    }
    x->tune_key = tps__xstrdup(key);
    char *vsave = NULL;
    for (char *v = next_item(val, &vsave); v; v = next_item(NULL, &vsave)) {
        x->tune_vals = tps__xrealloc(x->tune_vals,
                                     (size_t)(x->ntune + 1) * sizeof(char *));
        x->tune_vals[x->ntune++] = tps__xstrdup(v);
    }
    if (x->ntune == 0) {
        fprintf(stderr, "%s: %s:%d: [tune] %s has no values\n", PROG, x->path,
                lineno, key);
        return -1;
    }
    return 0;
}

/* An integer in [lo, hi] for KEY = VAL. */
static int int_in(const char *path, int lineno, const char *key,
                  const char *val, int lo, int hi, int *out) {
    char *end;
    long r = strtol(val, &end, 10);
    if (*val == '\0' || *end || r < lo || r > hi) {
        fprintf(stderr, "%s: %s:%d: %s = %s: want %d..%d\n", PROG, path,
                lineno, key, val, lo, hi);
        return -1;
    }
    *out = (int)r;
    return 0;
}

/* A finite number for [target] KEY = VAL. */
static int target_number(const char *path, int lineno, const char *key,
                         const char *val, double *out) {
    char *end;
    *out = strtod(val, &end);
    if (*val == '\0' || *end || !isfinite(*out)) {
        fprintf(stderr, "%s: %s:%d: %s = %s: not a number\n", PROG, path,
                lineno, key, val);
        return -1;
    }
    return 0;
}

/* The sections of an experiment file. */
typedef enum {
    SEC_NONE,
    SEC_BASE,
    SEC_SWEEP,
    SEC_TUNE,
    SEC_TARGET,
    SEC_SUMMARY
} section_t;

/* "[NAME]" at s: the section it opens, or -1 after a message. */
static int section_at(char *s, const char *path, int lineno, section_t *sec) {
    char *end = strchr(s, ']');
    if (!end) {
        fprintf(stderr, "%s: %s:%d: unterminated section name\n", PROG, path,
                lineno);
        return -1;
    }
    *end = '\0';
    const char *name = trim(s + 1);
    if (strcmp(name, "run") == 0 || strcmp(name, "base") == 0)
        *sec = SEC_BASE;
    else if (strcmp(name, "sweep") == 0)
        *sec = SEC_SWEEP;
    else if (strcmp(name, "tune") == 0)
        *sec = SEC_TUNE;
    else if (strcmp(name, "target") == 0)
        *sec = SEC_TARGET;
    else if (strcmp(name, "summary") == 0)
        *sec = SEC_SUMMARY;
    else {
        fprintf(stderr,
                "%s: %s:%d: unknown section [%s] (run, base, sweep, "
                "tune, target, summary)\n",
                PROG, path, lineno, name);
        return -1;
    }
    return 0;
}

/* [tune] by = updates|time|final. */
static int tune_by(experiment_t *x, const char *val, int lineno) {
    if (strcmp(val, "updates") == 0)
        x->tune_by = ST_U_TARGET;
    else if (strcmp(val, "time") == 0)
        x->tune_by = ST_T_TARGET;
    else if (strcmp(val, "final") == 0)
        x->tune_by = ST_FINAL;
    else {
        fprintf(stderr, "%s: %s:%d: by = %s: want updates, time or final\n",
                PROG, x->path, lineno, val);
        return -1;
    }
    return 0;
}

/* One KEY = VAL of [target]; *have_value is set by value. */
static int target_set(experiment_t *x, const char *key, const char *val,
                      int lineno, int *have_value) {
    const char *path = x->path;
    int rc = 0;
    if (strcmp(key, "metric") == 0) {
        if (strcmp(val, "rel_err") && strcmp(val, "accuracy") &&
            strcmp(val, "loss")) {
            fprintf(stderr,
                    "%s: %s:%d: metric = %s: want rel_err, accuracy or "
                    "loss\n",
                    PROG, path, lineno, val);
            rc = -1;
        }
        free(x->metric);
        x->metric = tps__xstrdup(val);
        x->lower_better = strcmp(val, "accuracy") != 0;
    } else if (strcmp(key, "stop") == 0) {
        if (strcmp(val, "yes") && strcmp(val, "no")) {
            fprintf(stderr, "%s: %s:%d: stop = %s: want yes or no\n", PROG,
                    path, lineno, val);
            rc = -1;
        }
        x->stop = strcmp(val, "yes") == 0;
    } else if (strcmp(key, "diverge") == 0) {
        rc = target_number(path, lineno, key, val, &x->diverge);
    } else if (strcmp(key, "value") == 0) {
        rc = target_number(path, lineno, key, val, &x->target);
        *have_value = 1;
    } else if (strcmp(key, "smooth") == 0) {
        rc = int_in(path, lineno, key, val, 1, SMOOTH_MAX, &x->smooth);
    } else if (strcmp(key, "final") == 0) {
        if (strcmp(val, "last") && strcmp(val, "smoothed")) {
            fprintf(stderr, "%s: %s:%d: final = %s: want last or "
                    "smoothed\n", PROG, path, lineno, val);
            rc = -1;
        }
        x->final_smoothed = strcmp(val, "smoothed") == 0;
    } else {
        fprintf(stderr,
                "%s: %s:%d: [target] knows metric, value, smooth, final, "
                "stop and diverge, not %s\n",
                PROG, path, lineno, key);
        rc = -1;
    }
    return rc;
}

/* [summary] at_updates = U1, ... or at_time = T1, ...: budgets > 0, the
 * updates kept before the seconds in x->at. */
static int summary_set(experiment_t *x, const char *key, char *val,
                       int lineno) {
    int by_time = strcmp(key, "at_time") == 0;
    if (!by_time && strcmp(key, "at_updates") != 0) {
        fprintf(stderr,
                "%s: %s:%d: [summary] knows at_updates and at_time, not %s\n",
                PROG, x->path, lineno, key);
        return -1;
    }
    char *vsave = NULL;
    for (char *v = next_item(val, &vsave); v; v = next_item(NULL, &vsave)) {
        char *end;
        double b = strtod(v, &end);
        if (*end || !(b > 0) || !isfinite(b) || x->nat >= 64) {
            fprintf(stderr,
                    "%s: %s:%d: %s = %s: want numbers > 0 (at most 64 in "
                    "all)\n",
                    PROG, x->path, lineno, key, v);
            return -1;
        }
        x->at = tps__xrealloc(x->at, (size_t)(x->nat + 1) * sizeof(double));
        int at = by_time ? x->nat : x->nat_updates++;
        memmove(x->at + at + 1, x->at + at,
                (size_t)(x->nat - at) * sizeof(double));
        x->at[at] = b;
        x->nat++;
    }
    return 0;
}

/* One KEY = VAL of section sec. */
static int key_set(experiment_t *x, section_t sec, char *key, char *val,
                   int lineno, int *have_value) {
    const char *path = x->path;
    if (*key == '\0') {
        fprintf(stderr, "%s: %s:%d: empty key\n", PROG, path, lineno);
        return -1;
    }
    if (sec != SEC_TARGET && key_reserved(key)) {
        fprintf(stderr,
                "%s: %s:%d: %s is set by %s for every run; use --repeats "
                "(seeds 1..N) and --out\n",
                PROG, path, lineno, key, PROG);
        return -1;
    }
    if (sec == SEC_BASE && strcmp(key, "repeats") == 0)
        return int_in(path, lineno, key, val, 1, 1000, &x->repeats);
    if (sec == SEC_TUNE && strcmp(key, "repeats") == 0)
        return int_in(path, lineno, key, val, 1, 100, &x->tune_repeats);
    if (sec == SEC_TUNE && strcmp(key, "by") == 0)
        return tune_by(x, val, lineno);
    if (sec == SEC_TUNE)
        return tune_set(x, key, val, lineno);
    if (sec == SEC_BASE) {
        x->base = tps__xrealloc(x->base, (size_t)(x->nbase + 1) * sizeof(kv_t));
        x->base[x->nbase].key = tps__xstrdup(key);
        x->base[x->nbase].val = tps__xstrdup(val);
        x->nbase++;
        return 0;
    }
    if (sec == SEC_SWEEP && strcmp(key, "repeats") == 0) {
        fprintf(stderr,
                "%s: %s:%d: repeats belongs in [run] (or --repeats); "
                "seeds are not a grid axis\n",
                PROG, path, lineno);
        return -1;
    }
    if (sec == SEC_SWEEP)
        return axes_add(x, key, val, lineno);
    if (sec == SEC_SUMMARY)
        return summary_set(x, key, val, lineno);
    return target_set(x, key, val, lineno, have_value);
}

/* Reads every line of the text into x; *have_value as in target_set. */
static int parse_lines(experiment_t *x, char *copy, int *have_value) {
    const char *path = x->path;
    section_t sec = SEC_NONE;
    int lineno = 0, rc = 0;
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line && rc == 0;
         line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        strip_comment(line);
        char *s = trim(line);
        if (*s == '\0')
            continue;
        if (*s == '[') {
            rc = section_at(s, path, lineno, &sec);
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq || sec == SEC_NONE) {
            fprintf(stderr,
                    "%s: %s:%d: expected KEY = VALUE inside a section\n", PROG,
                    path, lineno);
            return -1;
        }
        *eq = '\0';
        rc = key_set(x, sec, trim(s), trim(eq + 1), lineno, have_value);
    }
    return rc;
}

/* What [target] and [tune] need of each other. */
static int check_target(const experiment_t *x, int have_value) {
    const char *path = x->path;
    if ((x->stop || !isnan(x->diverge)) && !x->metric) {
        fprintf(stderr, "%s: %s: [target] stop and diverge need a metric\n",
                PROG, path);
        return -1;
    }
    if ((x->metric != NULL) != have_value) {
        fprintf(stderr, "%s: %s: [target] needs both metric and value\n", PROG,
                path);
        return -1;
    }
    if (x->nat && !x->metric) {
        fprintf(stderr, "%s: %s: [summary] budgets need a [target] metric\n",
                PROG, path);
        return -1;
    }
    if (x->tune_key && !x->metric) {
        fprintf(stderr,
                "%s: %s: [tune] needs a [target] to judge the values by\n",
                PROG, path);
        return -1;
    }
    return 0;
}

/* Multipliers xK scale each configuration's own value, so the key must
 * have one (swept or in [run]); plain values replace it, so it must not
 * be swept. */
static int check_tune(const experiment_t *x) {
    const char *path = x->path;
    int mult = 0, swept = 0, base = 0, rc = 0;
    for (int i = 0; rc == 0 && i < x->ntune; i++) {
        const char *v = x->tune_vals[i];
        char *end = NULL;
        int m = v[0] == 'x';
        if (m && !(strtod(v + 1, &end) > 0 && *end == '\0')) {
            fprintf(stderr, "%s: %s: [tune] %s = %s: a multiplier is xK with "
                    "K a number > 0\n", PROG, path, x->tune_key, v);
            rc = -1;
        }
        if (i > 0 && m != mult) {
            fprintf(stderr, "%s: %s: [tune] %s mixes multipliers (xK) and "
                    "values; give one kind\n", PROG, path, x->tune_key);
            rc = -1;
        }
        mult = m;
    }
    if (rc < 0)
        return rc;
    for (int i = 0; x->tune_key && i < x->naxes; i++)
        swept |= strcmp(x->axes[i].key, x->tune_key) == 0;
    for (int i = 0; x->tune_key && i < x->nbase; i++)
        base |= strcmp(x->base[i].key, x->tune_key) == 0;
    if (x->tune_key && swept && !mult) {
        fprintf(stderr,
                "%s: %s: %s is both swept and tuned; choose one, or tune "
                "multipliers of it (xK)\n", PROG, path, x->tune_key);
        return -1;
    }
    if (x->tune_key && mult && !swept && !base) {
        fprintf(stderr,
                "%s: %s: [tune] %s multiplies each configuration's %s, but "
                "the experiment gives none\n", PROG, path, x->tune_key,
                x->tune_key);
        return -1;
    }
    return 0;
}

int sweep_spec_parse(experiment_t *x, const char *path, char *text) {
    memset(x, 0, sizeof(*x));
    x->diverge = NAN;
    x->smooth = 3;
    x->tune_repeats = 2;
    x->tune_by = ST_U_TARGET;
    x->path = path;
    x->text = text;
    char *copy = tps__xstrdup(x->text);
    int have_value = 0;
    int rc = parse_lines(x, copy, &have_value);
    free(copy);
    if (rc == 0)
        rc = check_target(x, have_value);
    if (rc == 0)
        rc = check_tune(x);
    return rc;
}

int sweep_spec_load(experiment_t *x, const char *path) {
    char *text = sweep_read_file(path);
    if (!text) {
        memset(x, 0, sizeof(*x));
        fprintf(stderr, "%s: cannot read %s: %s\n", PROG, path,
                strerror(errno));
        return -1;
    }
    return sweep_spec_parse(x, path, text);
}

void sweep_spec_free(experiment_t *x) {
    for (int i = 0; i < x->nbase; i++) {
        free(x->base[i].key);
        free(x->base[i].val);
    }
    free(x->base);
    for (int i = 0; i < x->naxes; i++) {
        for (int j = 0; j < x->axes[i].n; j++)
            free(x->axes[i].vals[j]);
        free(x->axes[i].vals);
        free(x->axes[i].key);
    }
    free(x->axes);
    for (int i = 0; i < x->ntune; i++)
        free(x->tune_vals[i]);
    free(x->tune_vals);
    free(x->tune_key);
    free(x->metric);
    free(x->at);
    free(x->text);
}
