/* SPDX-License-Identifier: MIT */
/* taups-launch's scheduled faults (--fault): parsing the specs, carrying
 * out kills and pauses when they are due (timed from the start of the
 * workers), announcing each on stdout between the progress lines, and
 * reading the outcome of a disconnect from the worker's log.
 *
 * Must NOT signal a process by itself: every kill, stop and continue goes
 * through launch_signal_child, which knows local from remote children. A
 * disconnect reaches the worker only as --disconnect-at, which cluster.c
 * puts on its command line. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "tps_rng.h"
#include "tps_tool.h"

const char *const launch_fault_names[] = {"kill", "pause", "disconnect",
                                          "kill-shard"};

int launch_parse_num(const char *f, double *v) {
    char *end;
    errno = 0;
    *v = strtod(f, &end);
    return end != f && *end == '\0' && errno == 0 && isfinite(*v) ? 0 : -1;
}

/* Splits a copy of spec in buf at ':' into at most 5 fields; returns how
 * many. kill-shard:I@T reads as kill-shard:I:T. */
static int split_fields(char *buf, size_t len, const char *spec, char *f[5]) {
    int n = 0;
    snprintf(buf, len, "%s", spec);
    char *at = strncmp(buf, "kill-shard:", 11) == 0 ? strchr(buf, '@') : NULL;
    if (at)
        *at = ':';
    for (char *p = buf; n < 5 && p; n++) {
        f[n] = p;
        p = strchr(p, ':');
        if (p)
            *p++ = '\0';
    }
    return n;
}

/* The fault's kind from its first field; returns the number of fields it
 * takes, or -1 after a message. */
static int fault_kind(fault_t *ft, char *const f[5], int n) {
    if (strcmp(f[0], "kill") == 0) {
        ft->kind = FAULT_KILL;
        return 3;
    }
    if (strcmp(f[0], "pause") == 0) {
        ft->kind = FAULT_PAUSE;
        return 4;
    }
    if (strcmp(f[0], "disconnect") == 0) {
        ft->kind = FAULT_DISCONNECT;
        return 3;
    }
    if (strcmp(f[0], "kill-shard") == 0) {
        ft->kind = FAULT_KILL_SHARD;
        return n >= 4 && strcmp(f[2], "mtbf") == 0 ? (n == 5 ? 5 : 4) : 3;
    }
    fprintf(stderr,
            "%s: --fault %s: unknown fault \"%s\"; expected "
            "kill:RANK:T, pause:RANK:T:DUR, disconnect:RANK:T, "
            "kill-shard:I@T or kill-shard:I@mtbf:M[:UNTIL]\n",
            PROG, ft->spec, f[0]);
    return -1;
}

/* The rank (or shard) a fault names exists and may be hit. */
static int check_rank(const settings_t *s, const fault_t *ft, double rank,
                      const char *field) {
    const char *spec = ft->spec;
    if (ft->kind == FAULT_KILL_SHARD) {
        if (rank < 0 || rank >= s->shards || rank != floor(rank)) {
            fprintf(stderr,
                    "%s: --fault %s: shard %s is not a shard (0..%d)\n",
                    PROG, spec, field, s->shards - 1);
            return -1;
        }
        if (!s->restart_shards) {
            fprintf(stderr,
                    "%s: --fault %s: a killed shard ends the run unless "
                    "it is restarted: add --restart-shards\n",
                    PROG, spec);
            return -1;
        }
    } else if (rank < 0 || rank >= s->workers || rank != floor(rank)) {
        fprintf(stderr, "%s: --fault %s: rank %s is not a worker (0..%d)\n",
                PROG, spec, field, s->workers - 1);
        return -1;
    }
    return 0;
}

/* A worker takes one --disconnect-at: fault k against those before it. */
static int check_one_disconnect(const fault_t *all, int k) {
    const fault_t *ft = &all[k];
    for (int j = 0; j < k; j++)
        if (ft->kind == FAULT_DISCONNECT && all[j].kind == FAULT_DISCONNECT &&
            all[j].rank == ft->rank) {
            fprintf(stderr,
                    "%s: --fault %s: worker %d already has a disconnect "
                    "(%s); one per worker\n",
                    PROG, ft->spec, ft->rank, all[j].spec);
            return -1;
        }
    return 0;
}

/* Fault k of --fault into all[k]. */
static int parse_fault(const settings_t *s, fault_t *all, int k) {
    fault_t *ft = &all[k];
    const char *spec = s->faults.v[k];
    char buf[128], *f[5];
    int n = split_fields(buf, sizeof(buf), spec, f);
    ft->spec = spec;
    int want = fault_kind(ft, f, n);
    if (want < 0)
        return -1;
    double rank, dur = 0;
    int mtbf = ft->kind == FAULT_KILL_SHARD && want >= 4;
    ft->until = s->timeout;
    if (n != want || launch_parse_num(f[1], &rank) < 0 ||
        (!mtbf && launch_parse_num(f[2], &ft->at) < 0) ||
        (want >= 4 && launch_parse_num(f[3], mtbf ? &ft->mtbf : &dur) < 0) ||
        (want == 5 && launch_parse_num(f[4], &ft->until) < 0) ||
        (mtbf && !(ft->mtbf > 0 && ft->until >= 0))) {
        fprintf(stderr, "%s: --fault %s: expected %s\n", PROG, spec,
                ft->kind == FAULT_PAUSE  ? "pause:RANK:T:DUR"
                : ft->kind == FAULT_KILL ? "kill:RANK:T"
                : ft->kind == FAULT_KILL_SHARD
                    ? "kill-shard:I@T or kill-shard:I@mtbf:M[:UNTIL] (M > 0)"
                    : "disconnect:RANK:T");
        return -1;
    }
    if (check_rank(s, ft, rank, f[1]) < 0)
        return -1;
    if (ft->at < 0) {
        fprintf(stderr, "%s: --fault %s: time %s is negative\n", PROG, spec,
                f[2]);
        return -1;
    }
    if (want == 4 && !mtbf && dur <= 0) {
        fprintf(stderr, "%s: --fault %s: duration %s must be positive\n", PROG,
                spec, f[3]);
        return -1;
    }
    ft->rank = (int)rank;
    ft->dur = dur;
    return check_one_disconnect(all, k);
}

int launch_faults_parse(const settings_t *s, fault_t **out) {
    *out = launch_xcalloc((size_t)s->faults.n + 1, sizeof(**out));
    for (int k = 0; k < s->faults.n; k++)
        if (parse_fault(s, *out, k) < 0)
            return -1;
    return 0;
}

void launch_faults_expand(launch_t *l) {
    int n = 0, cap = l->nfaults + 1;
    fault_t *out = launch_xcalloc((size_t)cap, sizeof(*out));
    for (int k = 0; k < l->nfaults; k++) {
        const fault_t *ft = &l->faults[k];
        if (ft->mtbf <= 0) {
            out[n++] = *ft;
            continue;
        }
        /* Its own stream per shard, so that adding a fault elsewhere does
         * not move these kills. */
        tps__rng_t rng;
        tps__rng_seed(&rng, l->s->seed, 0x6d746266ull + (uint64_t)ft->rank);
        for (double t = 0;;) {
            t += -ft->mtbf * log1p(-tps__rng_uniform(&rng));
            if (t > ft->until || n >= 100000)
                break;
            if (n == cap)
                out = tps__xrealloc(out, (size_t)(cap *= 2) * sizeof(*out));
            out[n] = *ft;
            out[n].at = t;
            out[n].mtbf = 0;
            n++;
        }
    }
    free(l->faults);
    l->faults = out;
    l->nfaults = n;
}

const fault_t *launch_fault_disconnect(const launch_t *l, int rank) {
    for (int k = 0; k < l->nfaults; k++)
        if (l->faults[k].kind == FAULT_DISCONNECT && l->faults[k].rank == rank)
            return &l->faults[k];
    return NULL;
}

static child_t *worker_child(launch_t *l, int rank) {
    return &l->kids[l->s->shards + 1 + rank];
}

/* Announces a fault on stdout, between the progress lines. */
static void fault_say(launch_t *l, const fault_t *ft, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fault_say(launch_t *l, const fault_t *ft, const char *fmt, ...) {
    va_list ap;
    launch_clear_line(l);
    printf("%s: fault %s at %.2f s: ", PROG, ft->spec,
           launch_elapsed(l) - l->t_workers);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* Ends a pause with SIGCONT, when it is due or (`shutdown`) before the
 * workers are stopped, and records how it went. */
static void resume(launch_t *l, fault_t *ft, int shutdown) {
    child_t *c = worker_child(l, ft->rank);
    ft->resumed = 1;
    int rc = launch_signal_child(l, c, SIGCONT);
    ft->resumed_s = launch_elapsed(l) - l->t_workers;
    snprintf(ft->result, sizeof(ft->result), "paused %s, %s %safter %.2f s",
             c->name, rc < 0 ? "could not resume it" : "resumed",
             shutdown ? "at shutdown " : "", ft->resumed_s - ft->fired_s);
    if (shutdown)
        fault_say(l, ft, "%s resumed (SIGCONT) before stopping it", c->name);
    else if (rc < 0)
        fault_say(l, ft, "%s could not be resumed", c->name);
    else
        fault_say(l, ft, "%s resumed (SIGCONT)", c->name);
}

/* The caller wakes in time for the next action by the returned delay. */
double launch_faults_tick(launch_t *l) {
    double next = INFINITY;
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        child_t *c = ft->kind == FAULT_KILL_SHARD ? &l->kids[ft->rank]
                                                  : worker_child(l, ft->rank);
        double now = launch_elapsed(l) - l->t_workers;
        if (!ft->fired && now >= ft->at) {
            ft->fired = 1;
            ft->fired_s = now;
            if (ft->kind == FAULT_DISCONNECT) {
                snprintf(ft->result, sizeof(ft->result),
                         "requested (--disconnect-at); no reconnect seen yet");
                fault_say(l, ft, "%s drops its connections (--disconnect-at)",
                          c->name);
            } else if (!c->running) {
                ft->resumed = 1; /* nothing to resume */
                ft->resumed_s = NAN;
                snprintf(ft->result, sizeof(ft->result),
                         "skipped: %s was not running", c->name);
                fault_say(l, ft, "%s", ft->result);
            } else if (ft->kind == FAULT_KILL || ft->kind == FAULT_KILL_SHARD) {
                c->fault_killed = 1;
                if (launch_signal_child(l, c, SIGKILL) < 0) {
                    c->fault_killed = 0;
                    snprintf(ft->result, sizeof(ft->result),
                             "failed: could not kill %s", c->name);
                    fault_say(l, ft, "%s", ft->result);
                } else {
                    ft->fired_s = launch_elapsed(l) - l->t_workers;
                    snprintf(ft->result, sizeof(ft->result), "killed %s",
                             c->name);
                    fault_say(l, ft, "%s killed (SIGKILL)", c->name);
                }
            } else if (launch_signal_child(l, c, SIGSTOP) < 0) {
                ft->resumed = 1; /* nothing to resume */
                ft->resumed_s = NAN;
                snprintf(ft->result, sizeof(ft->result),
                         "failed: could not pause %s", c->name);
                fault_say(l, ft, "%s", ft->result);
            } else {
                /* A remote child is signalled with an ssh round trip; times
                 * are taken when the signal has arrived, and a pause lasts
                 * `dur` from then. */
                ft->fired_s = launch_elapsed(l) - l->t_workers;
                snprintf(ft->result, sizeof(ft->result), "paused %s", c->name);
                fault_say(l, ft, "%s paused (SIGSTOP) for %g s", c->name,
                          ft->dur);
            }
        }
        /* A remote action takes a while. */
        now = launch_elapsed(l) - l->t_workers;
        if (ft->kind == FAULT_PAUSE && ft->fired && !ft->resumed &&
            now >= ft->fired_s + ft->dur)
            resume(l, ft, 0);
        if (!ft->fired)
            next = fmin(next, ft->at - now);
        else if (ft->kind == FAULT_PAUSE && !ft->resumed)
            next = fmin(next, ft->fired_s + ft->dur - now);
    }
    return next < 0 ? 0 : next;
}

/* A stopped worker cannot act on SIGTERM, so every pause ends before the
 * workers are asked to stop. */
void launch_faults_resume_all(launch_t *l) {
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        if (ft->kind != FAULT_PAUSE || !ft->fired || ft->resumed)
            continue;
        resume(l, ft, 1);
    }
}

static int log_has(const char *path, const char *needle) {
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return 0;
    char line[LINE_MAX_LEN];
    int found = 0;
    while (!found && fgets(line, sizeof(line), f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* The worker carries out a disconnect itself; its log says how it went. */
void launch_faults_finish(launch_t *l) {
    for (int k = 0; k < l->nfaults; k++) {
        fault_t *ft = &l->faults[k];
        if (ft->kind != FAULT_DISCONNECT)
            continue;
        const child_t *c = worker_child(l, ft->rank);
        if (c->log == NULL)
            continue;
        if (log_has(c->log, "reconnected to"))
            snprintf(ft->result, sizeof(ft->result), "%s reconnected", c->name);
        else if (log_has(c->log, "cannot reconnect"))
            snprintf(ft->result, sizeof(ft->result),
                     "%s could not reconnect (see %s)", c->name,
                     strrchr(c->log, '/') + 1);
        else if (ft->fired)
            snprintf(ft->result, sizeof(ft->result),
                     "%s did not disconnect (it stopped first?)", c->name);
    }
}
