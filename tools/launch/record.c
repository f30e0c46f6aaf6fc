/* SPDX-License-Identifier: MIT */
/* taups-launch's record of a run: the run directory itself and run.json in
 * it (every setting, the seed, version, host name, start and end time, the
 * full argv, pid and outcome of each process, the faults, where the
 * processes ran and the final evaluation). The document is built with
 * jansson; only its line breaks are chosen here (see write_json).
 *
 * Must NOT change the state it records: it reads launch_t and writes
 * run.json, nothing else. */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "tps_tool.h"

#include "launch.h"

int launch_make_run_dir(launch_t *l) {
    if (l->s->out) {
        l->out = tps__xstrdup(l->s->out);
        char *probe = tps__xasprintf("%s/run.json", l->out);
        int taken = access(probe, F_OK) == 0;
        free(probe);
        if (taken) {
            fprintf(stderr,
                    "%s: %s already holds a run (run.json); choose "
                    "another --out\n",
                    PROG, l->out);
            return -1;
        }
        if (tps__mkdir_p(l->out) < 0) {
            fprintf(stderr, "%s: cannot create %s: %s\n", PROG, l->out,
                    strerror(errno));
            return -1;
        }
        return 0;
    }
    char stamp[32];
    struct tm tm;
    localtime_r(&l->wall0.tv_sec, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    if (mkdir("runs", 0755) < 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create runs/: %s\n", PROG, strerror(errno));
        return -1;
    }
    /* Two launches in the same second get -2, -3, ... rather than sharing. */
    for (int k = 1; k < 100; k++) {
        const char *what = l->s->hold ? "hosts" : l->s->model;
        char *d = k == 1 ? tps__xasprintf("runs/%s-%s", stamp, what)
                         : tps__xasprintf("runs/%s-%s-%d", stamp, what, k);
        if (mkdir(d, 0755) == 0) {
            l->out = d;
            l->s->out = d;
            return 0;
        }
        int e = errno;
        free(d);
        if (e != EEXIST) {
            fprintf(stderr, "%s: cannot create a run directory in runs/: %s\n",
                    PROG, strerror(e));
            return -1;
        }
    }
    fprintf(stderr, "%s: too many runs in runs/ for %s\n", PROG, stamp);
    return -1;
}

static void iso_time(const struct timespec *t, char *buf, size_t n) {
    struct tm tm;
    char off[8];
    localtime_r(&t->tv_sec, &tm);
    size_t k = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
    strftime(off, sizeof(off), "%z", &tm);
    /* %z gives +0100; ISO 8601's extended format wants +01:00. */
    snprintf(buf + k, n - k, "%.3s:%.2s", off, off + 3);
}

/* JSON strings must be UTF-8; a NULL, or a byte string that is not UTF-8,
 * is written as null rather than dropping the member. */
static json_t *jtext(const char *s) {
    json_t *v = s ? json_string(s) : NULL;
    return v ? v : json_null();
}

/* The file name of a path in the run directory. */
static json_t *jfile(const char *path) {
    return path ? jtext(strrchr(path, '/') + 1) : json_null();
}

/* Non-finite values have no JSON spelling and are written as null; whole
 * values (counts read back from a CSV) as integers, as the CSV has them. */
static json_t *jnum(double d) {
    if (!isfinite(d))
        return json_null();
    if (d == floor(d) && fabs(d) < 9007199254740992.0) /* 2^53 */
        return json_integer((json_int_t)d);
    return json_real(d);
}

/* Launcher-side times are only good to the millisecond. */
static json_t *jsecs(double d) {
    return jnum(isfinite(d) ? round(d * 1000) / 1000 : d);
}

static json_t *jstrings(char *const *v) {
    json_t *a = json_array();
    for (int k = 0; v && v[k]; k++)
        json_array_append_new(a, jtext(v[k]));
    return a;
}

/* The names of the children placed on host h (NULL: on this host). */
static json_t *jplaced(const launch_t *l, const host_t *h) {
    json_t *a = json_array();
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].host == h && l->kids[i].argv)
            json_array_append_new(a, jtext(l->kids[i].name));
    return a;
}

/* The --hosts FILE part of json_hosts: each host with the processes placed
 * there, and those that ran here. */
static json_t *json_ssh_hosts(const launch_t *l) {
    json_t *hosts = json_array();
    for (int k = 0; k < l->nhosts; k++) {
        const host_t *h = &l->hosts[k];
        char wd[PATH_MAX];
        json_t *roles = json_array();
        for (role_t r = ROLE_SERVER; r <= ROLE_WORKER; r += 2)
            if (h->roles >> r & 1)
                json_array_append_new(roles, jtext(launch_role_names[r]));
        json_array_append_new(
            hosts, json_pack("{s:o, s:o, s:i, s:i, s:o, s:o, s:o, s:o}", "dest",
                             jtext(h->dest), "addr", jtext(h->addr), "ssh_port",
                             h->ssh_port, "line", h->line, "roles", roles,
                             "bindir", jtext(h->bindir), "workdir",
                             jtext(launch_host_workdir(l, h, wd, sizeof(wd))),
                             "processes", jplaced(l, h)));
    }
    return json_pack("{s:s, s:o, s:o, s:i, s:o, s:o}", "mode", "ssh", "file",
                     jtext(l->s->hosts), "ssh", jstrings(l->ssh), "port_base",
                     l->s->port_base, "hosts", hosts, "local",
                     jplaced(l, NULL));
}

/* Where the processes ran: "local" with the one address, the hosts of
 * --hosts FILE, or the namespaces of --hosts netns, each with its address
 * and its process, and whether it still exists (false once torn down, true
 * only if its removal failed). */
static json_t *json_hosts(const launch_t *l) {
    if (l->hosts)
        return json_ssh_hosts(l);
    if (l->ns == NULL)
        return json_pack("{s:s, s:o}", "mode", "local", "host",
                         jtext(l->s->host));
    json_t *spaces = json_array();
    for (int k = 0; k < l->nns; k++) {
        const netns_t *ns = &l->ns[k];
        json_t *o = json_pack("{s:o}", "name", jtext(ns->name));
        if (k == 0) {
            json_object_set_new(o, "role", json_string("switch"));
            json_object_set_new(o, "address", json_null());
            json_object_set_new(o, "process", json_null());
        } else {
            json_object_set_new(o, "role", json_string("host"));
            json_object_set_new(o, "address", jtext(ns->addr));
            json_object_set_new(o, "process",
                                ns->proc[0] ? jtext(ns->proc) : json_null());
            json_object_set_new(o, "switch_port", jtext(ns->port));
        }
        json_object_set_new(o, "exists", json_boolean(ns->created));
        json_array_append_new(spaces, o);
    }
    json_t *link =
        l->s->link_rate
            ? json_pack("{s:o, s:f, s:s, s:I, s:f}", "rate",
                        jtext(l->s->link_rate), "bits_per_s", l->link_bits,
                        "qdisc", "tbf", "burst_bytes",
                        (json_int_t)l->link_burst, "queue_ms",
                        l->s->link_queue_ms)
            : json_null();
    return json_pack("{s:s, s:s, s:s, s:o, s:o}", "mode", "netns", "subnet",
                     "10.199.0.0/16", "bridge", "br0", "link", link,
                     "namespaces", spaces);
}

static json_t *json_process(const launch_t *l, const child_t *c) {
    int done = c->pid && !c->running;
    json_t *o = json_pack("{s:o, s:s, s:I, s:o, s:o, s:o, s:o, s:o}", "name",
                          jtext(c->name), "role", launch_role_names[c->role],
                          "pid", (json_int_t)c->pid, "argv", jstrings(c->argv),
                          "log", jfile(c->log), "csv", jfile(c->csv), "start_s",
                          jsecs(c->pid ? c->t_start : NAN), "end_s",
                          jsecs(done ? c->t_end : NAN));
    json_object_set_new(o, "exit_code",
                        done && WIFEXITED(c->status)
                            ? json_integer(WEXITSTATUS(c->status))
                            : json_null());
    json_object_set_new(o, "signal",
                        done && WIFSIGNALED(c->status)
                            ? json_integer(WTERMSIG(c->status))
                            : json_null());
    json_object_set_new(o, "killed_by_launcher", json_boolean(c->killed));
    json_object_set_new(o, "killed_by_fault", json_boolean(c->fault_killed));
    if (c->role == ROLE_SERVER && l->s->restart_shards) {
        json_t *r = json_array();
        for (int k = 0; k < c->restarts; k++)
            json_array_append_new(r, jsecs(c->restart_s[k]));
        json_object_set_new(o, "restarts_s", r);
    }
    if (l->hosts) {
        json_object_set_new(o, "host",
                            c->host ? jtext(c->host->dest) : json_null());
        json_object_set_new(o, "remote_pid",
                            c->rpid ? json_integer(c->rpid) : json_null());
    }
    return o;
}

static json_t *json_fault(const fault_t *ft) {
    return json_pack("{s:o, s:s, s:i, s:o, s:o, s:b, s:o, s:o, s:o}", "spec",
                     jtext(ft->spec), "kind", launch_fault_names[ft->kind],
                     "rank", ft->rank, "at_s", jsecs(ft->at), "duration_s",
                     jsecs(ft->kind == FAULT_PAUSE ? ft->dur : NAN), "fired",
                     ft->fired, "fired_s", jsecs(ft->fired ? ft->fired_s : NAN),
                     "resumed_s", jsecs(ft->resumed ? ft->resumed_s : NAN),
                     "result", ft->result[0] ? jtext(ft->result) : json_null());
}

static json_t *json_final_eval(const launch_t *l) {
    const eval_row_t *r = launch_eval_last(&l->ev);
    if (r == NULL)
        return json_null();
    json_t *o = json_pack("{s:o, s:o, s:o}", "time_s", jnum(r->t), "updates",
                          jnum(r->updates), "loss", jnum(r->loss));
    json_object_set_new(o, l->ev.metric, jnum(r->metric));
    json_object_set_new(o, "rows", json_integer(l->ev.nrows));
    return o;
}

/* The whole of run.json. Returns a new reference. */
static json_t *json_run(const launch_t *l) {
    char host[256] = "", start[64], end[64];
    gethostname(host, sizeof(host) - 1);
    iso_time(&l->wall0, start, sizeof(start));
    iso_time(&l->wall1, end, sizeof(end));
    /* Settings are null (o?) only if one of them is not UTF-8. */
    json_t *doc = json_pack(
        "{s:s, s:s, s:o, s:o, s:o?, s:I, s:b, s:o, s:o, s:s}", "program", PROG,
        "taups_version", PACKAGE_VERSION, "hostname", jtext(host), "command",
        jstrings(l->argv), "settings", tps__opt_json(l->opts), "seed",
        (json_int_t)l->s->seed, "seed_drawn", l->seed_drawn, "cluster",
        jtext(l->cluster), "hosts", json_hosts(l), "start_time", start);
    json_object_set_new(doc, "end_time", l->ended ? jtext(end) : json_null());
    json_object_set_new(
        doc, "duration_s",
        jsecs(l->ended ? (double)(l->wall1.tv_sec - l->wall0.tv_sec) +
                             (double)(l->wall1.tv_nsec - l->wall0.tv_nsec) / 1e9
                       : NAN));
    json_object_set_new(doc, "outcome",
                        jtext(l->outcome ? l->outcome : "running"));
    json_object_set_new(doc, "exit_status",
                        l->ended ? json_integer(l->exit_status) : json_null());
    json_t *procs = json_array();
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].argv)
            json_array_append_new(procs, json_process(l, &l->kids[i]));
    json_object_set_new(doc, "processes", procs);
    json_t *faults = json_array();
    for (int k = 0; k < l->nfaults; k++)
        json_array_append_new(faults, json_fault(&l->faults[k]));
    json_object_set_new(doc, "faults", faults);
    json_object_set_new(doc, "workers_start_s", jsecs(l->t_workers));
    json_object_set_new(doc, "final_eval", json_final_eval(l));
    json_t *plots = json_array();
    for (int k = 0; k < l->nplots; k++)
        json_array_append_new(plots, jfile(l->plots[k]));
    json_object_set_new(doc, "plots", plots);
    return doc;
}

/* DBL_DIG digits: every decimal a person typed with up to 15 significant
 * digits (0.05) comes back as typed, not as 0.050000000000000003. */
#define DUMP_FLAGS (JSON_ENCODE_ANY | JSON_REAL_PRECISION(DBL_DIG))

static int is_container(const json_t *v) {
    return json_is_object(v) || json_is_array(v);
}

static int holds_container(json_t *v) {
    const char *key;
    json_t *m;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach(v, key, m) {
            if (is_container(m))
                return 1;
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, m) {
            if (is_container(m))
                return 1;
        }
    }
    return 0;
}

static int write_key(FILE *f, const char *key) {
    json_t *k = json_string(key);
    int rc = json_dumpf(k, f, DUMP_FLAGS);
    json_decref(k);
    fputs(": ", f);
    return rc;
}

/* One element of a list of records (a process, a fault, a host), starting
 * at column `col`: one line, except that a member holding a list or record
 * (a process's argv) gets a line of its own. */
static int write_record(FILE *f, json_t *v, int col) {
    if (!json_is_object(v) || !holds_container(v))
        return json_dumpf(v, f, DUMP_FLAGS);
    const char *key;
    json_t *m;
    int rc = 0, first = 1, broke = 0;
    fputc('{', f);
    json_object_foreach(v, key, m) {
        int own = is_container(m);
        if (first)
            first = 0;
        else if (own || broke)
            fprintf(f, ",\n%*s", col + 1, "");
        else
            fputs(", ", f);
        broke = own;
        rc |= write_key(f, key);
        rc |= json_dumpf(m, f, DUMP_FLAGS);
    }
    fputc('}', f);
    return rc;
}

/* run.json is read by people and by line tools (grep, sed) as much as by
 * JSON parsers, so its lines follow its records: an object or array that
 * holds others has one member a line, indented by depth; an element of
 * such an array is a record (write_record); the rest stays on one line. */
static int write_json(FILE *f, json_t *v, int depth) {
    if (!holds_container(v))
        return json_dumpf(v, f, DUMP_FLAGS);
    int obj = json_is_object(v), indent = 2 * depth + 2, rc = 0;
    size_t n = obj ? json_object_size(v) : json_array_size(v);
    void *it = obj ? json_object_iter(v) : NULL;
    fputc(obj ? '{' : '[', f);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s\n%*s", i ? "," : "", indent, "");
        if (obj) {
            rc |= write_key(f, json_object_iter_key(it));
            rc |= write_json(f, json_object_iter_value(it), depth + 1);
            it = json_object_iter_next(v, it);
        } else {
            rc |= write_record(f, json_array_get(v, i), indent);
        }
    }
    fprintf(f, "\n%*s%c", indent - 2, "", obj ? '}' : ']');
    return rc;
}

/* Through a temporary file, so that a reader (or a launcher killed
 * mid-write) never leaves a truncated file. Called once when everything
 * has started and again at the end. */
void launch_write_record(launch_t *l) {
    char *tmp = tps__xasprintf("%s/run.json.tmp", l->out);
    char *dst = tps__xasprintf("%s/run.json", l->out);
    json_t *doc = json_run(l);
    FILE *f = fopen(tmp, "w");
    if (f == NULL) {
        launch_say(l, "cannot write %s: %s", tmp, strerror(errno));
        goto out;
    }
    int rc = write_json(f, doc, 0) | (fputc('\n', f) == EOF ? -1 : 0);
    int e = errno;
    if (fclose(f) != 0 || rc < 0 || rename(tmp, dst) < 0)
        launch_say(l, "cannot write %s: %s", dst, strerror(rc < 0 ? e : errno));
out:
    json_decref(doc);
    free(tmp);
    free(dst);
}
