/* SPDX-License-Identifier: MIT */
/* OUT/sweep.json, the sweep's record: the experiment file and its text, the
 * repeats, the target, where, when and with what build it ran
 * (provenance.c), the grid with each configuration's swept values, and
 * every run's directory, status, wall time and taups-launch arguments;
 * built as a jansson document.
 *
 * It must NOT compute anything a summary shows (summary.c) or hold results
 * of its own: it records what the sweep was asked and what it ran. */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "tps_tool.h"

/* A document that cannot be built is out of memory: end the program, as
 * the tools' other allocations do. */
static json_t *must(json_t *j) {
    if (!j) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        exit(1);
    }
    return j;
}

/* jansson takes UTF-8 only; a byte outside a UTF-8 sequence (an experiment
 * file written in Latin-1) becomes U+FFFD rather than costing the record.
 * Returns an owned copy. */
static char *utf8_dup(const char *s) {
    char *t = tps__xmalloc(3 * strlen(s) + 1), *o = t;
    while (*s) {
        unsigned char c = (unsigned char)*s;
        size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        json_t *seq = NULL;
        if (n == 1 || (strnlen(s, n) == n && (seq = json_stringn(s, n)))) {
            memcpy(o, s, n);
            o += n;
            s += n;
        } else {
            memcpy(o, "\xef\xbf\xbd", 3);
            o += 3;
            s++;
        }
        json_decref(seq);
    }
    *o = '\0';
    return t;
}

static json_t *jstr(const char *s) {
    char *t = utf8_dup(s);
    json_t *j = must(json_string(t));
    free(t);
    return j;
}

/* Sets obj[key] = v, taking v. */
static void jset(json_t *obj, const char *key, json_t *v) {
    char *k = utf8_dup(key);
    if (json_object_set_new(obj, k, must(v)) < 0)
        must(NULL);
    free(k);
}

static void jappend(json_t *arr, json_t *v) {
    if (json_array_append_new(arr, must(v)) < 0)
        must(NULL);
}

static json_t *target_json(const experiment_t *x) {
    if (!x->metric)
        return json_null();
    json_t *t = must(json_object());
    jset(t, "metric", jstr(x->metric));
    jset(t, "value", json_real(x->target));
    jset(t, "better", jstr(x->lower_better ? "lower" : "higher"));
    jset(t, "smooth", json_integer(x->smooth));
    return t;
}

static json_t *grid_json(const sweep_t *s) {
    json_t *grid = must(json_array());
    for (int p = 0; p < s->npoints; p++) {
        json_t *pt = must(json_object()), *values = must(json_object());
        for (int i = 0; i < s->x->naxes; i++)
            jset(values, s->x->axes[i].key,
                 jstr(s->x->axes[i].vals[s->pts[p].idx[i]]));
        jset(pt, "label", jstr(s->pts[p].label));
        jset(pt, "values", values);
        if (s->x->tune_key && s->tuned[p] >= 0)
            jset(pt, "tuned", jstr(s->x->tune_vals[s->tuned[p]]));
        jappend(grid, pt);
    }
    return grid;
}

static json_t *run_json(const sweep_t *s, const run_t *r) {
    json_t *run = must(json_object()), *argv = must(json_array());
    jset(run, "label", jstr(s->pts[r->point].label));
    jset(run, "seed", json_integer(r->seed));
    if (r->tune >= 0)
        jset(run, "tuning", jstr(s->x->tune_vals[r->tune]));
    jset(run, "dir", jstr(r->dir));
    if (r->status >= 0) {
        jset(run, "status", json_integer(r->status));
        jset(run, "stopped_at_target", json_boolean(r->stopped));
        jset(run, "diverged", json_boolean(r->diverged));
        jset(run, "wall_s",
             isnan(r->wall_s) ? json_null() : json_real(r->wall_s));
    } else {
        jset(run, "status", json_null());
    }
    for (int k = 0; k < r->av.n; k++)
        jappend(argv, jstr(r->av.v[k]));
    jset(run, "argv", argv);
    return run;
}

static json_t *record_json(const sweep_t *s, int repeats) {
    json_t *doc = must(json_object()), *runs = must(json_array());
    jset(doc, "experiment", jstr(s->x->path));
    jset(doc, "experiment_text", jstr(s->x->text));
    jset(doc, "repeats", json_integer(repeats));
    jset(doc, "target", target_json(s->x));
    jset(doc, "provenance", s->prov ? json_incref(s->prov) : json_null());
    if (s->x->tune_key) {
        json_t *t = must(json_object()), *vals = must(json_array());
        jset(t, "key", jstr(s->x->tune_key));
        for (int i = 0; i < s->x->ntune; i++)
            jappend(vals, jstr(s->x->tune_vals[i]));
        jset(t, "values", vals);
        jset(t, "repeats", json_integer(s->x->tune_repeats));
        jset(t, "by", jstr(sweep_st_names[s->x->tune_by]));
        jset(doc, "tune", t);
    }
    jset(doc, "grid", grid_json(s));
    for (int i = 0; i < s->nruns; i++)
        jappend(runs, run_json(s, &s->runs[i]));
    jset(doc, "runs", runs);
    return doc;
}

/* One member a line, and the grid and the runs one element a line: a
 * record that grep and diff can read, one run per line. Reals keep 15
 * digits, so that a target typed as 0.05 is written as 0.05. */
static int dump(const json_t *doc, FILE *f) {
    const size_t flags = JSON_ENCODE_ANY | JSON_REAL_PRECISION(15);
    const char *key;
    json_t *v;
    int rc = 0;
    const char *sep = "{\n  ";
    json_object_foreach((json_t *)doc, key, v) {
        fputs(sep, f);
        sep = ",\n  ";
        fprintf(f, "\"%s\": ", key);
        if (!json_is_array(v) || json_array_size(v) == 0) {
            rc |= json_dumpf(v, f, flags);
            continue;
        }
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            fputs(i ? ",\n    " : "[\n    ", f);
            rc |= json_dumpf(e, f, flags);
        }
        fputs("\n  ]", f);
    }
    fputs("\n}\n", f);
    return rc;
}

/* Run r's entry in a loaded record: the run of the same directory name
 * (the record may have been written under another --out). */
static json_t *find_run(json_t *runs, const run_t *r) {
    const char *base = strrchr(r->dir, '/');
    base = base ? base + 1 : r->dir;
    size_t i;
    json_t *e;
    json_array_foreach(runs, i, e) {
        const char *d = json_string_value(json_object_get(e, "dir"));
        const char *b = d ? strrchr(d, '/') : NULL;
        if (b && strcmp(b + 1, base) == 0)
            return e;
    }
    return NULL;
}

/* The command line the run ran with, as recorded: a summary made again
 * on another machine or build must not put that one's paths in its
 * place. */
static void keep_argv(run_t *r, json_t *argv) {
    size_t n = json_array_size(argv);
    for (size_t i = 0; i < n; i++)
        if (!json_is_string(json_array_get(argv, i)))
            return;
    if (n == 0)
        return;
    sweep_av_free(&r->av);
    r->av.v = tps__xmalloc((n + 1) * sizeof(char *));
    for (size_t i = 0; i < n; i++)
        r->av.v[i] = tps__xstrdup(json_string_value(json_array_get(argv, i)));
    r->av.v[n] = NULL;
    r->av.n = (int)n;
}

int sweep_record_load(sweep_t *s) {
    char *path = tps__xasprintf("%s/sweep.json", s->out);
    json_error_t err;
    json_t *doc = json_load_file(path, 0, &err);
    if (!doc) {
        fprintf(stderr, "%s: %s:%d: %s\n", PROG, path, err.line, err.text);
        free(path);
        return -1;
    }
    json_t *runs = json_object_get(doc, "runs"), *grid = json_object_get(doc, "grid");
    int found = 0;
    for (int i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        json_t *e = find_run(runs, r), *st = e ? json_object_get(e, "status") : NULL;
        if (!json_is_integer(st))
            continue;
        r->status = (int)json_integer_value(st);
        r->stopped = json_is_true(json_object_get(e, "stopped_at_target"));
        r->diverged = json_is_true(json_object_get(e, "diverged"));
        json_t *w = json_object_get(e, "wall_s");
        r->wall_s = json_is_number(w) ? json_number_value(w) : NAN;
        keep_argv(r, json_object_get(e, "argv"));
        found++;
    }
    for (int p = 0; p < s->npoints && s->x->tune_key; p++) {
        const char *t = json_string_value(
            json_object_get(json_array_get(grid, (size_t)p), "tuned"));
        for (int v = 0; t && v < s->x->ntune; v++)
            if (strcmp(s->x->tune_vals[v], t) == 0)
                s->tuned[p] = v;
    }
    json_t *prov = json_object_get(doc, "provenance");
    if (json_is_object(prov)) {
        json_decref(s->prov);
        s->prov = json_incref(prov);
    }
    json_decref(doc);
    if (found == 0)
        fprintf(stderr, "%s: %s records none of this experiment's runs\n",
                PROG, path);
    free(path);
    return found ? 0 : -1;
}

int sweep_write_record(const sweep_t *s, int repeats) {
    FILE *f = sweep_create(s, "sweep.json");
    if (!f)
        return -1;
    json_t *doc = record_json(s, repeats);
    int rc = dump(doc, f);
    json_decref(doc);
    return fclose(f) == 0 && rc == 0 ? 0 : -1;
}

int sweep_record_experiment(const char *out, char **path, char **text,
                            int *repeats) {
    char *file = tps__xasprintf("%s/sweep.json", out);
    json_error_t err;
    json_t *doc = json_load_file(file, 0, &err);
    int rc = -1;
    if (!doc) {
        fprintf(stderr, "%s: %s:%d: %s\n", PROG, file, err.line, err.text);
    } else {
        const char *p = json_string_value(json_object_get(doc, "experiment"));
        const char *t =
            json_string_value(json_object_get(doc, "experiment_text"));
        json_t *n = json_object_get(doc, "repeats");
        if (p && t && json_is_integer(n)) {
            *path = tps__xstrdup(p);
            *text = tps__xstrdup(t);
            *repeats = (int)json_integer_value(n);
            rc = 0;
        } else {
            fprintf(stderr,
                    "%s: %s lacks the experiment file's text or the repeats; "
                    "give the experiment file\n",
                    PROG, file);
        }
        json_decref(doc);
    }
    free(file);
    return rc;
}
