/* taups-sweep: runs an experiment file, a grid of taups-launch
 * configurations each repeated over seeds 1..N, one run after another (the
 * machines taups is measured on are small, and concurrent runs would measure
 * each other), then summarises the runs into summary.csv, summary.md,
 * sweep.json and gnuplot plots.
 *
 * The sweep only reads what the runs leave behind (eval.csv and the workers'
 * CSVs, found by their header names), so it knows nothing of models or
 * consistency modes: every key of the experiment file is handed to
 * taups-launch, which validates it. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tps_opt.h"
#include "tps_tool.h"

#define PROG "taups-sweep"





/* ---- experiment file ---- */

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
} experiment_t;

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

static char *read_file(const char *path) {
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
    for (char *v = strtok_r(val, ",", &vsave); v;
         v = strtok_r(NULL, ",", &vsave)) {
        v = trim(v);
        if (*v == '\0')
            continue;
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
            a->vals = tps__xrealloc(a->vals, (size_t)(a->n + 1) * sizeof(char *));
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

static int experiment_load(experiment_t *x, const char *path) {
    x->path = path;
    x->text = read_file(path);
    if (!x->text) {
        fprintf(stderr, "%s: cannot read %s: %s\n", PROG, path,
                strerror(errno));
        return -1;
    }
    char *copy = tps__xstrdup(x->text);
    enum { NONE, BASE, SWEEP, TARGET } sec = NONE;
    int lineno = 0, rc = 0;
    char *save = NULL;
    int have_value = 0;
    for (char *line = strtok_r(copy, "\n", &save); line && rc == 0;
         line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        strip_comment(line);
        char *s = trim(line);
        if (*s == '\0')
            continue;
        if (*s == '[') {
            char *end = strchr(s, ']');
            if (!end) {
                fprintf(stderr, "%s: %s:%d: unterminated section name\n", PROG,
                        path, lineno);
                rc = -1;
                break;
            }
            *end = '\0';
            const char *name = trim(s + 1);
            if (strcmp(name, "run") == 0 || strcmp(name, "base") == 0)
                sec = BASE;
            else if (strcmp(name, "sweep") == 0)
                sec = SWEEP;
            else if (strcmp(name, "target") == 0)
                sec = TARGET;
            else {
                fprintf(stderr,
                        "%s: %s:%d: unknown section [%s] (run, base, sweep, "
                        "target)\n",
                        PROG, path, lineno, name);
                rc = -1;
            }
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq || sec == NONE) {
            fprintf(stderr,
                    "%s: %s:%d: expected KEY = VALUE inside a section\n", PROG,
                    path, lineno);
            rc = -1;
            break;
        }
        *eq = '\0';
        char *key = trim(s), *val = trim(eq + 1);
        if (*key == '\0') {
            fprintf(stderr, "%s: %s:%d: empty key\n", PROG, path, lineno);
            rc = -1;
        } else if (sec != TARGET && key_reserved(key)) {
            fprintf(stderr,
                    "%s: %s:%d: %s is set by %s for every run; use --repeats "
                    "(seeds 1..N) and --out\n",
                    PROG, path, lineno, key, PROG);
            rc = -1;
        } else if (sec == BASE && strcmp(key, "repeats") == 0) {
            char *end;
            long r = strtol(val, &end, 10);
            if (*end || r < 1 || r > 1000) {
                fprintf(stderr, "%s: %s:%d: repeats = %s: want 1..1000\n", PROG,
                        path, lineno, val);
                rc = -1;
            }
            x->repeats = (int)r;
        } else if (sec == BASE) {
            x->base = tps__xrealloc(x->base, (size_t)(x->nbase + 1) * sizeof(kv_t));
            x->base[x->nbase].key = tps__xstrdup(key);
            x->base[x->nbase].val = tps__xstrdup(val);
            x->nbase++;
        } else if (sec == SWEEP && strcmp(key, "repeats") == 0) {
            fprintf(stderr,
                    "%s: %s:%d: repeats belongs in [run] (or --repeats); "
                    "seeds are not a grid axis\n",
                    PROG, path, lineno);
            rc = -1;
        } else if (sec == SWEEP) {
            rc = axes_add(x, key, val, lineno);
        } else if (strcmp(key, "metric") == 0) {
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
            have_value = 1;
        } else {
            fprintf(stderr,
                    "%s: %s:%d: [target] knows metric, value, stop and "
                    "diverge, not %s\n",
                    PROG, path, lineno, key);
            rc = -1;
        }
    }
    free(copy);
    if (rc == 0 && (x->stop || !isnan(x->diverge)) && !x->metric) {
        fprintf(stderr, "%s: %s: [target] stop and diverge need a metric\n",
                PROG, path);
        rc = -1;
    }
    if (rc == 0 && (x->metric != NULL) != have_value) {
        fprintf(stderr, "%s: %s: [target] needs both metric and value\n", PROG,
                path);
        rc = -1;
    }
    return rc;
}

static void experiment_free(experiment_t *x) {
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
    free(x->metric);
    free(x->text);
}

/* ---- argument vectors ---- */

typedef struct argv_s {
    int n;
    char **v; /* NULL-terminated, owned */
} argv_t;

static void av_take(argv_t *a, char *s) {
    a->v = tps__xrealloc(a->v, (size_t)(a->n + 2) * sizeof(char *));
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void av_free(argv_t *a) {
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

/* ---- the grid ---- */

typedef struct point_s {
    int *idx;    /* value index per axis */
    char *label; /* directory-safe name, unique through its number */
} point_t;

static int grid_size(const experiment_t *x) {
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

static point_t *grid_expand(const experiment_t *x, int npoints) {
    point_t *pts = tps__xmalloc((size_t)npoints * sizeof(point_t));
    int width = snprintf(NULL, 0, "%d", npoints);
    for (int p = 0; p < npoints; p++) {
        pts[p].idx = tps__xmalloc((size_t)(x->naxes ? x->naxes : 1) * sizeof(int));
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

/* ---- reading a run's CSVs ---- */

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
            c->rows = tps__xrealloc(c->rows, (size_t)cap_rows * sizeof(*c->rows));
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

/* ---- per-run results ---- */

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
    ST_N
};
static const char *const st_names[ST_N] = {
    "time_to_target_s", "updates_to_target", "final_metric", "wire_bytes",
    "staleness_mean",   "staleness_p99",     "dropped",
    "updates",          "worker_seconds",    "sent_bytes"};

typedef struct run_s {
    int point, seed;
    char *dir;
    argv_t av;
    int status;      /* taups-launch's exit status; -1: not started */
    int stopped;     /* the sweep ended the run at its target */
    int diverged;    /* the metric went past [target] diverge, or a worker
                        stopped on a non-finite loss */
    double st[ST_N]; /* NAN: unknown or target not reached */
} run_t;

typedef struct hist_s {
    int n;
    uint64_t *count; /* count[s]: rows with staleness s */
} hist_t;

static void hist_add(hist_t *h, double s) {
    if (isnan(s) || s < 0 || s > 1e6)
        return;
    int k = (int)s;
    if (k >= h->n) {
        h->count = tps__xrealloc(h->count, (size_t)(k + 1) * sizeof(uint64_t));
        memset(h->count + h->n, 0, (size_t)(k + 1 - h->n) * sizeof(uint64_t));
        h->n = k + 1;
    }
    h->count[k]++;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Reads RUN/eval.csv and RUN/worker-R.csv into r->st and the staleness
 * histogram; if `dat` is given, also writes the metric curve against time,
 * updates and the workers' bytes on the wire at that time. The workers'
 * time_s and the evaluator's both count from their own start, which
 * taups-launch makes nearly simultaneous, so the bytes are matched by time.
 * Returns the number of curve rows written to `dat`. */
static int run_analyse(run_t *r, const experiment_t *x, hist_t *h, FILE *dat) {
    for (int k = 0; k < ST_N; k++)
        r->st[k] = NAN;
    char *p = tps__xasprintf("%s/eval.csv", r->dir);
    csv_t ev;
    int have_eval = csv_read(&ev, p) == 0;
    free(p);
    int ct = -1, cu = -1, cm = -1, curve = 0;
    if (have_eval) {
        ct = csv_col(&ev, "time_s", 0);
        cu = csv_col(&ev, "updates", 0);
        cm = x->metric ? csv_col(&ev, x->metric, 0) : ev.ncols - 1;
    }

    csv_t *w = NULL;
    int nw = 0;
    double stale_sum = 0;
    size_t stale_n = 0, stale_cap = 0;
    double *stale = NULL;
    for (;; nw++) {
        p = tps__xasprintf("%s/worker-%d.csv", r->dir, nw);
        w = tps__xrealloc(w, (size_t)(nw + 1) * sizeof(csv_t));
        int ok = csv_read(&w[nw], p) == 0;
        free(p);
        if (!ok)
            break;
    }
    double wire = 0, sent = 0, dropped = 0;
    int have_wire = 0, have_dropped = 0;
    for (int i = 0; i < nw; i++) {
        csv_t *c = &w[i];
        if (c->nrows > 0 && (isnan(r->st[ST_DURATION]) ||
                             c->rows[c->nrows - 1][0] > r->st[ST_DURATION]))
            r->st[ST_DURATION] = c->rows[c->nrows - 1][0];
        int bs = csv_col(c, "bytes_sent", 1), br = csv_col(c, "bytes_recv", 1);
        int cs = csv_col(c, "staleness", 1), cd = csv_col(c, "dropped", 1);
        if (bs >= 0 && br >= 0 && c->nrows > 0) {
            wire += c->rows[c->nrows - 1][bs] + c->rows[c->nrows - 1][br];
            sent += c->rows[c->nrows - 1][bs];
            have_wire = 1;
        }
        for (int j = 0; j < c->nrows; j++) {
            if (cs >= 0 && !isnan(c->rows[j][cs])) {
                if (stale_n == stale_cap) {
                    stale_cap = stale_cap ? 2 * stale_cap : 1024;
                    stale = tps__xrealloc(stale, stale_cap * sizeof(double));
                }
                stale[stale_n++] = c->rows[j][cs];
                stale_sum += c->rows[j][cs];
                hist_add(h, c->rows[j][cs]);
            }
            if (cd >= 0 && !isnan(c->rows[j][cd])) {
                dropped += c->rows[j][cd];
                have_dropped = 1;
            }
        }
    }
    if (have_wire) {
        r->st[ST_WIRE] = wire;
        r->st[ST_SENT] = sent;
    }
    if (have_dropped)
        r->st[ST_DROPPED] = dropped;
    if (stale_n) {
        qsort(stale, stale_n, sizeof(double), cmp_double);
        r->st[ST_STALE_MEAN] = stale_sum / (double)stale_n;
        size_t k = (size_t)ceil(0.99 * (double)stale_n);
        r->st[ST_STALE_P99] = stale[k ? k - 1 : 0];
    }
    free(stale);

    if (have_eval && ct >= 0 && cm >= 0 && ev.nrows > 0) {
        r->st[ST_FINAL] = ev.rows[ev.nrows - 1][cm];
        if (cu >= 0)
            r->st[ST_UPDATES] = ev.rows[ev.nrows - 1][cu];
        for (int j = 0; j < ev.nrows && x->metric; j++) {
            double m = ev.rows[j][cm];
            if (isnan(m) || (x->lower_better ? m > x->target : m < x->target))
                continue;
            r->st[ST_T_TARGET] = ev.rows[j][ct];
            if (cu >= 0)
                r->st[ST_U_TARGET] = ev.rows[j][cu];
            break;
        }
        if (dat) {
            fprintf(dat, "# time_s updates %s wire_bytes\n",
                    cm < ev.ncols ? ev.names[cm] : "metric");
            int *pos = tps__xmalloc((size_t)(nw ? nw : 1) * sizeof(int));
            memset(pos, 0, (size_t)nw * sizeof(int));
            for (int j = 0; j < ev.nrows; j++) {
                double t = ev.rows[j][ct], b = 0;
                for (int i = 0; i < nw; i++) {
                    csv_t *c = &w[i];
                    int bs = csv_col(c, "bytes_sent", 1);
                    int br = csv_col(c, "bytes_recv", 1);
                    if (bs < 0 || br < 0)
                        continue;
                    while (pos[i] + 1 < c->nrows && c->rows[pos[i] + 1][0] <= t)
                        pos[i]++;
                    if (c->nrows > 0 && c->rows[pos[i]][0] <= t)
                        b += c->rows[pos[i]][bs] + c->rows[pos[i]][br];
                }
                fprintf(dat, "%.4f %.17g %.9g %.17g\n", t,
                        cu >= 0 ? ev.rows[j][cu] : (double)j, ev.rows[j][cm],
                        b);
                curve++;
            }
            free(pos);
        }
    }
    for (int i = 0; i < nw; i++)
        csv_free(&w[i]);
    free(w);
    if (have_eval)
        csv_free(&ev);
    return curve;
}

/* ---- running ---- */

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
    (void)sig;
    interrupted = 1;
}



/* What the sweep watches while a run goes on: the evaluator's CSV, read
 * from where the last poll stopped, one complete line at a time. */
typedef struct watch_s {
    const experiment_t *x;
    run_t *r;
    char *eval_path;
    long off;  /* byte offset of the first unread line */
    int col;   /* column of the target metric; -1 before the header */
    int hit;   /* the target or the divergence limit has been seen */
} watch_t;

/* Returns 1 when the run should be stopped now. */
static int watch_poll(watch_t *w) {
    FILE *f = fopen(w->eval_path, "re");
    if (!f)
        return 0;
    if (fseek(f, w->off, SEEK_SET) != 0) {
        fclose(f);
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while (!w->hit && (n = getline(&line, &cap, f)) > 0 && line[n - 1] == '\n') {
        w->off += n;
        if (w->col < 0) {
            int k = 0;
            char *save = NULL;
            for (char *t = strtok_r(line, ",\r\n", &save); t;
                 t = strtok_r(NULL, ",\r\n", &save), k++)
                if (strcmp(t, w->x->metric) == 0)
                    w->col = k;
            if (w->col < 0) /* not the metric this experiment targets */
                break;
            continue;
        }
        char *p = line;
        for (int k = 0; k < w->col && p; k++)
            if ((p = strchr(p, ',')) != NULL)
                p++;
        if (!p)
            continue;
        double m = strtod(p, NULL);
        const experiment_t *x = w->x;
        int worse = x->lower_better ? m > x->diverge : m < x->diverge;
        if (!isnan(x->diverge) && (!isfinite(m) || worse)) {
            w->r->diverged = 1;
            w->hit = 1;
        } else if (x->stop &&
                   (x->lower_better ? m <= x->target : m >= x->target)) {
            w->r->stopped = 1;
            w->hit = 1;
        }
    }
    free(line);
    fclose(f);
    return w->hit;
}

/* Runs argv with stdout and stderr in `log`, optionally in directory `cwd`.
 * With a watch, polls the run's evaluator every 100 ms and interrupts the
 * launcher (which stops its processes and writes its files as on Ctrl-C)
 * once the target or the divergence limit is seen. Returns its exit status,
 * 128+N when killed by signal N, or 127 when it could not be started. */
static int run_child(char *const *argv, const char *log, const char *cwd,
                     watch_t *watch) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        FILE *f = freopen(log, "we", stdout);
        if (!f || dup2(STDOUT_FILENO, STDERR_FILENO) < 0)
            _exit(127);
        if (cwd && chdir(cwd) < 0)
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "%s: cannot run %s: %s\n", PROG, argv[0],
                strerror(errno));
        _exit(127);
    }
    int st, signalled = 0;
    for (;;) {
        pid_t got = waitpid(pid, &st, watch ? WNOHANG : 0);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR)
            return 127;
        if (got == 0) {
            if (!signalled && watch_poll(watch)) {
                kill(pid, SIGINT);
                signalled = 1;
            }
            struct timespec ts = {0, 100 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    return 128 + WTERMSIG(st);
}

/* A worker that sees a non-finite loss stops and says so in its log; the
 * run then fails, but what it measured is a divergence. */
static int worker_diverged(const run_t *r) {
    for (int i = 0;; i++) {
        char *p = tps__xasprintf("%s/worker-%d.log", r->dir, i);
        char *text = read_file(p);
        free(p);
        if (!text)
            return 0;
        int yes = strstr(text, "training diverged") != NULL;
        free(text);
        if (yes)
            return 1;
    }
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

/* ---- summaries ---- */

typedef struct agg_s {
    int n;                /* runs with a value */
    double med, min, max; /* NAN when n == 0 */
} agg_t;

static agg_t aggregate(const run_t *runs, int nruns, int point, int k) {
    double *v = tps__xmalloc((size_t)nruns * sizeof(double));
    agg_t a = {0, NAN, NAN, NAN};
    for (int i = 0; i < nruns; i++)
        if (runs[i].point == point && runs[i].status == 0 &&
            !isnan(runs[i].st[k]))
            v[a.n++] = runs[i].st[k];
    if (a.n) {
        qsort(v, (size_t)a.n, sizeof(double), cmp_double);
        a.min = v[0];
        a.max = v[a.n - 1];
        a.med = a.n % 2 ? v[a.n / 2] : (v[a.n / 2 - 1] + v[a.n / 2]) / 2;
    }
    free(v);
    return a;
}

static void put_num(FILE *f, double v) {
    if (!isnan(v))
        fprintf(f, "%.6g", v);
}

static void csv_field(FILE *f, const char *s) {
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

static void md_field(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s, f);
    }
}

typedef struct sweep_s {
    const experiment_t *x;
    const char *out;
    int npoints, nruns;
    point_t *pts;
    run_t *runs;
    int *plotted; /* per point: 1 when OUT/plots/LABEL.dat holds a curve */
} sweep_t;

static void point_counts(const sweep_t *s, int p, int *runs, int *failed,
                         int *diverged) {
    *runs = *failed = *diverged = 0;
    for (int i = 0; i < s->nruns; i++)
        if (s->runs[i].point == p && s->runs[i].status >= 0) {
            (*runs)++;
            *failed += s->runs[i].status != 0;
            *diverged += s->runs[i].diverged;
        }
}

static int write_summary_csv(const sweep_t *s) {
    char *path = tps__xasprintf("%s/summary.csv", s->out);
    FILE *f = fopen(path, "we");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path,
                strerror(errno));
        free(path);
        return -1;
    }
    fputs("label", f);
    for (int i = 0; i < s->x->naxes; i++) {
        fputc(',', f);
        csv_field(f, s->x->axes[i].key);
    }
    fputs(",runs,failed,diverged,reached", f);
    for (int k = 0; k < ST_N; k++)
        fprintf(f, ",%s_median,%s_min,%s_max", st_names[k], st_names[k],
                st_names[k]);
    fputc('\n', f);
    for (int p = 0; p < s->npoints; p++) {
        csv_field(f, s->pts[p].label);
        for (int i = 0; i < s->x->naxes; i++) {
            fputc(',', f);
            csv_field(f, s->x->axes[i].vals[s->pts[p].idx[i]]);
        }
        int runs, failed, diverged;
        point_counts(s, p, &runs, &failed, &diverged);
        agg_t reached = aggregate(s->runs, s->nruns, p, ST_T_TARGET);
        fprintf(f, ",%d,%d,%d,%d", runs, failed, diverged, reached.n);
        for (int k = 0; k < ST_N; k++) {
            agg_t a = aggregate(s->runs, s->nruns, p, k);
            fputc(',', f);
            put_num(f, a.med);
            fputc(',', f);
            put_num(f, a.min);
            fputc(',', f);
            put_num(f, a.max);
        }
        fputc('\n', f);
    }
    int rc = fclose(f) == 0 ? 0 : -1;
    free(path);
    return rc;
}

static int write_summary_md(const sweep_t *s) {
    char *path = tps__xasprintf("%s/summary.md", s->out);
    FILE *f = fopen(path, "we");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path,
                strerror(errno));
        free(path);
        return -1;
    }
    fprintf(f, "# Sweep of `%s`\n\n", s->x->path);
    if (s->x->metric)
        fprintf(f, "Target: %s %s %g. ", s->x->metric,
                s->x->lower_better ? "<=" : ">=", s->x->target);
    fprintf(f, "Each cell is the median over the seeds that succeeded, with "
               "[min, max]; *reached* counts the runs that met the target, and "
               "the time and updates to target are over those runs only. Bytes "
               "on the wire are summed over the workers.\n\n");
    fputs("| configuration", f);
    for (int i = 0; i < s->x->naxes; i++) {
        fputs(" | ", f);
        md_field(f, s->x->axes[i].key);
    }
    fputs(" | runs | failed | diverged | reached", f);
    for (int k = 0; k < ST_N; k++)
        fprintf(f, " | %s",
                k == ST_FINAL && s->x->metric ? s->x->metric : st_names[k]);
    fputs(" |\n|---", f);
    for (int i = 0; i < s->x->naxes + 4 + ST_N; i++)
        fputs("|---", f);
    fputs("|\n", f);
    for (int p = 0; p < s->npoints; p++) {
        fputs("| ", f);
        md_field(f, s->pts[p].label);
        for (int i = 0; i < s->x->naxes; i++) {
            fputs(" | ", f);
            md_field(f, s->x->axes[i].vals[s->pts[p].idx[i]]);
        }
        int runs, failed, diverged;
        point_counts(s, p, &runs, &failed, &diverged);
        agg_t reached = aggregate(s->runs, s->nruns, p, ST_T_TARGET);
        fprintf(f, " | %d | %d | %d | %d", runs, failed, diverged, reached.n);
        for (int k = 0; k < ST_N; k++) {
            agg_t a = aggregate(s->runs, s->nruns, p, k);
            fputs(" | ", f);
            if (a.n == 0)
                fputs("–", f);
            else if (a.n == 1 || a.min == a.max)
                fprintf(f, "%.4g", a.med);
            else
                fprintf(f, "%.4g [%.4g, %.4g]", a.med, a.min, a.max);
        }
        fputs(" |\n", f);
    }
    int rc = fclose(f) == 0 ? 0 : -1;
    free(path);
    return rc;
}

static int write_sweep_json(const sweep_t *s, int repeats) {
    char *path = tps__xasprintf("%s/sweep.json", s->out);
    FILE *f = fopen(path, "we");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path,
                strerror(errno));
        free(path);
        return -1;
    }
    const experiment_t *x = s->x;
    fputs("{\n  \"experiment\": ", f);
    tps_json_str(f, x->path);
    fputs(",\n  \"experiment_text\": ", f);
    tps_json_str(f, x->text);
    fprintf(f, ",\n  \"repeats\": %d,\n  \"target\": ", repeats);
    if (x->metric) {
        fputs("{\"metric\": ", f);
        tps_json_str(f, x->metric);
        fprintf(f, ", \"value\": %.17g, \"better\": \"%s\"}", x->target,
                x->lower_better ? "lower" : "higher");
    } else {
        fputs("null", f);
    }
    fputs(",\n  \"grid\": [", f);
    for (int p = 0; p < s->npoints; p++) {
        fputs(p ? ",\n    {\"label\": " : "\n    {\"label\": ", f);
        tps_json_str(f, s->pts[p].label);
        fputs(", \"values\": {", f);
        for (int i = 0; i < x->naxes; i++) {
            if (i)
                fputs(", ", f);
            tps_json_str(f, x->axes[i].key);
            fputs(": ", f);
            tps_json_str(f, x->axes[i].vals[s->pts[p].idx[i]]);
        }
        fputs("}}", f);
    }
    fputs("\n  ],\n  \"runs\": [", f);
    for (int i = 0; i < s->nruns; i++) {
        const run_t *r = &s->runs[i];
        fputs(i ? ",\n    {\"label\": " : "\n    {\"label\": ", f);
        tps_json_str(f, s->pts[r->point].label);
        fprintf(f, ", \"seed\": %d, \"dir\": ", r->seed);
        tps_json_str(f, r->dir);
        if (r->status >= 0)
            fprintf(f, ", \"status\": %d, \"stopped_at_target\": %s, "
                       "\"diverged\": %s",
                    r->status, r->stopped ? "true" : "false",
                    r->diverged ? "true" : "false");
        else
            fputs(", \"status\": null", f);
        fputs(", \"argv\": [", f);
        for (int k = 0; k < r->av.n; k++) {
            if (k)
                fputs(", ", f);
            tps_json_str(f, r->av.v[k]);
        }
        fputs("]}", f);
    }
    fputs("\n  ]\n}\n", f);
    int rc = fclose(f) == 0 ? 0 : -1;
    free(path);
    return rc;
}

/* A gnuplot single-quoted string: a quote is written twice. */
static void gp_str(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

/* A curve's legend: the swept values, keys without their server./worker.
 * prefix ("max-staleness=5 lr=0.083"); the full label is in the tables. */
static void gp_title(FILE *f, const sweep_t *s, int p) {
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
    gp_str(f, s->x->naxes ? t : s->pts[p].label);
    free(t);
}

static void gp_curves(FILE *f, const sweep_t *s, const char *name,
                      const char *xlabel, const char *cols,
                      const char *metric, int si_x) {
    for (int fmt = 0; fmt < 2; fmt++) {
        fprintf(f, "\nset terminal %s\nset output '%s.%s'\n",
                fmt ? "svg size 900,720 dynamic" : "@pngterm size 900,720",
                name, fmt ? "svg" : "png");
        /* Counts of updates and bytes read better as 20k, 3M. */
        fprintf(f, "set format x '%s'\n", si_x ? "%.1s%c" : "%g");
        fprintf(f, "set xlabel '%s'\nset ylabel '%s' noenhanced\nplot", xlabel,
                metric);
        int first = 1, ncurve = 0;
        for (int p = 0; p < s->npoints; p++) {
            if (!s->plotted[p])
                continue;
            char *dat = tps__xasprintf("plots/%s.dat", s->pts[p].label);
            fputs(first ? " " : ", \\\n     ", f);
            gp_str(f, dat);
            /* gnuplot cycles 8 colours; a dash pattern per cycle keeps
             * the 9th curve from looking like the 1st. */
            fprintf(f, " using %s with lines lw 2 dt %d title ", cols,
                    (ncurve++ / 8) % 5 + 1);
            gp_title(f, s, p);
            fputs(" noenhanced", f);
            free(dat);
            first = 0;
        }
        fputc('\n', f);
    }
}

/* Writes OUT/plots.gp and runs it in OUT. Failure to plot is reported but
 * does not fail the sweep: the tables are the result, plots are a view. */
static void plot(const sweep_t *s) {
    int any = 0;
    for (int p = 0; p < s->npoints; p++)
        any |= s->plotted[p];
    if (!any) {
        printf("%s: no run produced evaluation rows; no plots\n", PROG);
        return;
    }
    char *path = tps__xasprintf("%s/plots.gp", s->out);
    FILE *f = fopen(path, "we");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path,
                strerror(errno));
        free(path);
        return;
    }
    const char *metric = s->x->metric ? s->x->metric : "metric";
    fprintf(f,
            "# Written by %s for %s; redraw with: cd %s && gnuplot plots.gp\n"
            "# Curves are each configuration's first successful seed.\n"
            "set macros\n"
            "pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? "
            "'pngcairo' : 'png'\n"
            "set grid\nset key outside below left Left reverse maxcols 2 "
            "noenhanced\n",
            PROG, s->x->path, s->out);
    if (!s->x->metric || s->x->lower_better)
        fputs("set logscale y\nset format y '%.0e'\n", f);
    /* Diverged runs would stretch the axis to 1e30; the limit shows
     * where they left. */
    if (!isnan(s->x->diverge))
        fprintf(f, "set yrange %s%.6g%s\n", s->x->lower_better ? "[*:" : "[",
                s->x->lower_better ? s->x->diverge * 10 : s->x->diverge / 10,
                s->x->lower_better ? "]" : ":*]");
    gp_curves(f, s, "metric_vs_time", "wall-clock time (s)", "1:3", metric, 0);
    gp_curves(f, s, "metric_vs_updates", "updates applied", "2:3", metric, 1);
    gp_curves(f, s, "metric_vs_bytes", "bytes on the wire (all workers)", "4:3",
              metric, 1);
    fputs("\nunset logscale y\nset format y '%g'\nset format x '%g'\n"
          "set autoscale y\nset autoscale xfixmax\nset "
          "style fill solid 0.6\n"
          "set boxwidth 0.8\nset key off\nset xlabel 'staleness of a push "
          "(versions)'\nset ylabel 'pushes'\nset xrange [-0.5:*]\n",
          f);
    for (int p = 0; p < s->npoints; p++) {
        char *dat = tps__xasprintf("plots/%s-staleness.dat", s->pts[p].label);
        char *full = tps__xasprintf("%s/%s", s->out, dat);
        int have = access(full, F_OK) == 0;
        free(full);
        for (int fmt = 0; fmt < 2 && have; fmt++) {
            fprintf(f, "set terminal %s\nset output 'staleness-%s.%s'\n",
                    fmt ? "svg size 700,450 dynamic" : "@pngterm size 700,450",
                    s->pts[p].label, fmt ? "svg" : "png");
            fputs("set title ", f);
            gp_title(f, s, p);
            fputs(" noenhanced\nplot ", f);
            gp_str(f, dat);
            fputs(" using 1:2 with boxes\n", f);
        }
        free(dat);
    }
    fclose(f);
    free(path);

    char *log = tps__xasprintf("%s/plots.log", s->out);
    char *argv[] = {"gnuplot", "plots.gp", NULL};
    int st = run_child(argv, log, s->out, NULL);
    if (st == 127)
        printf("%s: gnuplot is not installed (or could not start): no plots; "
               "install it, then run: cd %s && gnuplot plots.gp\n",
               PROG, s->out);
    else if (st != 0)
        printf("%s: gnuplot failed with status %d; see %s\n", PROG, st, log);
    else
        printf("%s: plots in %s (*.png, *.svg)\n", PROG, s->out);
    free(log);
}

/* Writes OUT/plots/LABEL.dat from the point's first successful run and
 * OUT/plots/LABEL-staleness.dat from all its successful runs. */
static void analyse_point(sweep_t *s, int p) {
    char *dir = tps__xasprintf("%s/plots", s->out);
    tps__mkdir_p(dir);
    char *datp = tps__xasprintf("%s/%s.dat", dir, s->pts[p].label);
    hist_t h = {0, NULL};
    FILE *dat = NULL;
    for (int i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        if (r->point != p || r->status < 0)
            continue;
        hist_t scratch = {0, NULL};
        int use = r->status == 0;
        if (use && !s->plotted[p] && !dat)
            dat = fopen(datp, "we");
        int curve = run_analyse(r, s->x, use ? &h : &scratch, use ? dat : NULL);
        free(scratch.count);
        if (dat) {
            fclose(dat);
            dat = NULL;
            s->plotted[p] = curve > 0;
        }
    }
    if (h.n) {
        char *hp = tps__xasprintf("%s/%s-staleness.dat", dir, s->pts[p].label);
        FILE *f = fopen(hp, "we");
        if (f) {
            fputs("# staleness pushes\n", f);
            for (int k = 0; k < h.n; k++)
                fprintf(f, "%d %llu\n", k, (unsigned long long)h.count[k]);
            fclose(f);
        }
        free(hp);
    }
    free(h.count);
    free(datp);
    free(dir);
}

static const char usage[] =
    "Usage: " PROG " [OPTIONS] EXPERIMENT.ini\n"
    "Runs every configuration of an experiment file with taups-launch, one\n"
    "run after another, each over seeds 1..N, and summarises the runs.\n"
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
    "  [target]\n"
    "  metric = rel_err   rel_err or loss (lower is better), accuracy\n"
    "  value = 1e-4       (higher is better)\n"
    "  stop = yes         end each run once its evaluator reports the target\n"
    "                     (default no: runs go to --iterations/--seconds)\n"
    "  diverge = 1e3      a metric worse than this, or not finite, ends the\n"
    "                     run and counts it as diverged (a result, not a\n"
    "                     failure); so does a worker stopping on a\n"
    "                     non-finite loss\n"
    "seed and out are set by " PROG " for every run.\n"
    "\n"
    "The output directory holds:\n"
    "  runs/LABEL-seedS/  one taups-launch run directory each (launch.out\n"
    "                     holds its output); LABEL is "
    "pN-KEY=VALUE_KEY=VALUE...\n"
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
    "                     sent_bytes (the pushing direction of wire_bytes)\n"
    "  summary.md         the same as a Markdown table\n"
    "  sweep.json         the experiment file, the grid, every run's\n"
    "                     directory, arguments and exit status\n"
    "  plots.gp, *.png, *.svg   metric vs time, updates and bytes on the\n"
    "                     wire (first successful seed per configuration),\n"
    "                     and staleness-LABEL histograms (all its seeds)\n"
    "\n"
    "Exit status: 0 every run succeeded; 1 a run failed (the sweep goes on\n"
    "and records it) or a result could not be written; 2 bad options or\n"
    "experiment file; 130 interrupted.";

int main(int argc, char **argv) {
    const char *out = NULL, *bindir = NULL;
    int repeats = 0, dry_run = 0;
    const tps_opt_t opts[] = {
        {"out", TPS_OPT_STR, &out, NULL, 0, -1, NULL, "DIR",
         "results directory (unset: results/NAME-YYYYmmdd-HHMMSS, NAME the "
         "experiment file's name)"},
        {"repeats", TPS_OPT_INT, &repeats, NULL, 1, 1000, NULL, "N",
         "run each configuration with seeds 1..N (unset: the file's repeats, "
         "else 1)"},
        {"bindir", TPS_OPT_STR, &bindir, NULL, 0, -1, NULL, "DIR",
         "directory of taups-launch (unset: next to this program, then PATH)"},
        {"dry-run", TPS_OPT_FLAG, &dry_run, NULL, 0, -1, NULL, NULL,
         "print the taups-launch command lines and stop"},
        TPS_OPT_END};
    int idx = tps_opt_parse(opts, PROG, usage, argc, argv);
    if (idx < 0) {
        tps_opt_free(opts);
        return idx == TPS_OPT_EXIT_OK ? 0 : 2;
    }
    if (idx != argc - 1) {
        fprintf(stderr, "%s: give exactly one experiment file (see --help)\n",
                PROG);
        tps_opt_free(opts);
        return 2;
    }
    experiment_t x;
    memset(&x, 0, sizeof(x));
    x.diverge = NAN;
    int grid = -1;
    char *launch = NULL;
    if (experiment_load(&x, argv[idx]) == 0 && (grid = grid_size(&x)) < 0)
        fprintf(stderr, "%s: %s: the grid has more than 100000 points\n", PROG,
                x.path);
    if (grid > 0)
        launch = tps__find_program(bindir, "taups-launch", "tools");
    if (grid <= 0 || !launch) {
        experiment_free(&x);
        tps_opt_free(opts);
        return 2;
    }
    if (repeats == 0)
        repeats = x.repeats ? x.repeats : 1;

    char *outdir;
    if (out) {
        outdir = tps__xstrdup(out);
    } else {
        const char *base = strrchr(x.path, '/');
        base = base ? base + 1 : x.path;
        size_t n = strcspn(base, ".");
        time_t now = time(NULL);
        struct tm tm;
        char stamp[32];
        strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
        outdir = tps__xasprintf("results/%.*s-%s", (int)(n ? n : strlen(base)), base,
                           stamp);
    }

    sweep_t s;
    memset(&s, 0, sizeof(s));
    s.x = &x;
    s.out = outdir;
    s.npoints = grid;
    s.pts = grid_expand(&x, grid);
    s.nruns = grid * repeats;
    s.runs = tps__xmalloc((size_t)s.nruns * sizeof(run_t));
    s.plotted = tps__xmalloc((size_t)grid * sizeof(int));
    memset(s.plotted, 0, (size_t)grid * sizeof(int));
    for (int p = 0, i = 0; p < grid; p++)
        for (int seed = 1; seed <= repeats; seed++, i++) {
            run_t *r = &s.runs[i];
            memset(r, 0, sizeof(*r));
            r->point = p;
            r->seed = seed;
            r->status = -1;
            r->dir =
                tps__xasprintf("%s/runs/%s-seed%d", outdir, s.pts[p].label, seed);
            av_take(&r->av, tps__xstrdup(launch));
            for (int b = 0; b < x.nbase; b++) {
                int swept = 0;
                for (int a = 0; a < x.naxes; a++)
                    swept |= strcmp(x.axes[a].key, x.base[b].key) == 0;
                if (!swept)
                    av_key(&r->av, x.base[b].key, x.base[b].val);
            }
            for (int a = 0; a < x.naxes; a++)
                av_key(&r->av, x.axes[a].key, x.axes[a].vals[s.pts[p].idx[a]]);
            av_take(&r->av, tps__xstrdup("--seed"));
            av_take(&r->av, tps__xasprintf("%d", seed));
            av_take(&r->av, tps__xstrdup("--out"));
            av_take(&r->av, tps__xstrdup(r->dir));
        }

    int rc = 0;
    if (dry_run) {
        for (int i = 0; i < s.nruns; i++) {
            for (int k = 0; k < s.runs[i].av.n; k++)
                printf("%s%s", k ? " " : "", s.runs[i].av.v[k]);
            putchar('\n');
        }
    } else if (access(s.runs[0].dir, F_OK) == 0) {
        /* taups-launch would refuse every run directory one by one. */
        fprintf(stderr, "%s: %s already holds a sweep; choose another --out\n",
                PROG, outdir);
        rc = 2;
    } else if (tps__mkdir_p(outdir) < 0) {
        fprintf(stderr, "%s: cannot create %s: %s\n", PROG, outdir,
                strerror(errno));
        rc = 2;
    } else {
        /* taups-launch puts its children in process groups of their own and
         * stops them itself on Ctrl-C; the sweep only has to not start the
         * next run. */
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_signal;
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        printf("%s: %d configuration%s x %d seed%s = %d run%s into %s\n", PROG,
               grid, grid == 1 ? "" : "s", repeats, repeats == 1 ? "" : "s",
               s.nruns, s.nruns == 1 ? "" : "s", outdir);
        int failed = 0;
        for (int i = 0; i < s.nruns && !interrupted; i++) {
            run_t *r = &s.runs[i];
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            char *log = NULL;
            if (tps__mkdir_p(r->dir) < 0) {
                fprintf(stderr, "%s: cannot create %s: %s\n", PROG, r->dir,
                        strerror(errno));
                r->status = 127;
            } else {
                log = tps__xasprintf("%s/launch.out", r->dir);
                watch_t w = {&x, r, NULL, 0, -1, 0};
                w.eval_path = tps__xasprintf("%s/eval.csv", r->dir);
                int watching = x.stop || !isnan(x.diverge);
                r->status = run_child(r->av.v, log, NULL, watching ? &w : NULL);
                free(w.eval_path);
                /* Interrupted by the sweep: the launcher's 130 is success. */
                if ((r->stopped || r->diverged) && r->status == 128 + SIGINT)
                    r->status = 0;
                /* The workers may fail on a blown-up model before the
                 * evaluator's next row shows it; what they measured is a
                 * divergence. */
                if (!r->diverged && !interrupted &&
                    (worker_diverged(r) ||
                     (!isnan(x.diverge) && final_diverged(r, &x))))
                    r->diverged = 1;
                if (r->diverged)
                    r->status = 0;
            }
            clock_gettime(CLOCK_MONOTONIC, &t1);
            double secs = (double)(t1.tv_sec - t0.tv_sec) +
                          (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
            failed += r->status != 0;
            if (r->status == 0)
                printf("[%d/%d] %s seed %d: %s, %.1f s\n", i + 1, s.nruns,
                       s.pts[r->point].label, r->seed,
                       r->diverged  ? "DIVERGED"
                       : r->stopped ? "ok (target reached)"
                                    : "ok",
                       secs);
            else
                printf(
                    "[%d/%d] %s seed %d: FAILED with status %d after %.1f s; "
                    "see %s\n",
                    i + 1, s.nruns, s.pts[r->point].label, r->seed, r->status,
                    secs, log ? log : r->dir);
            fflush(stdout);
            free(log);
        }
        for (int p = 0; p < grid; p++)
            analyse_point(&s, p);
        if (write_summary_csv(&s) < 0 || write_summary_md(&s) < 0 ||
            write_sweep_json(&s, repeats) < 0)
            rc = 1;
        plot(&s);
        if (failed) {
            printf("%s: %d of %d runs failed; see %s/summary.csv\n", PROG,
                   failed, s.nruns, outdir);
            rc = 1;
        } else {
            printf("%s: all %d runs succeeded; summary in %s/summary.md\n",
                   PROG, s.nruns, outdir);
        }
        if (interrupted) {
            printf("%s: interrupted; the summaries cover the runs so far\n",
                   PROG);
            rc = 130;
        }
    }

    for (int i = 0; i < s.nruns; i++) {
        free(s.runs[i].dir);
        av_free(&s.runs[i].av);
    }
    free(s.runs);
    for (int p = 0; p < grid; p++) {
        free(s.pts[p].idx);
        free(s.pts[p].label);
    }
    free(s.pts);
    free(s.plotted);
    free(outdir);
    free(launch);
    experiment_free(&x);
    tps_opt_free(opts);
    return rc;
}
