/* SPDX-License-Identifier: MIT */
/* The workers' barrier on a shard (docs/design.md §3b). Every worker sends
 * its BARRIER to every shard, and each shard answers it once all of the
 * cluster's ranks have entered the same barrier and, in the aggregating
 * modes, the step they committed last is taken: so a worker that has
 * every shard's answer knows that every push made before any worker's
 * barrier is applied everywhere.
 *
 * Barriers are numbered by how many the worker has passed. A rank can
 * only enter barrier g after every rank entered g - 1, which is what lets
 * a restarted shard (which forgot its count) catch up from the numbers
 * its workers send again. While in a barrier a rank is parked: no sync
 * step and no ssp gate waits for it, so that the others can reach the
 * barrier whatever number of steps each pushed.
 *
 * Must NOT touch pushes, pulls or steps beyond asking step.c and pull.c
 * to move on once a rank is parked. */
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"

struct tps__bwait_s {
    tps__bwait_t *next;
    sconn_t *sc;
    uint64_t request_id;
    uint64_t deadline; /* loop ms; 0: none */
    uint32_t timeout_ms;
    int first; /* the worker's first barrier: it joins whichever is open */
};

int tps__barrier_init(tps__server_t *s) {
    s->barrier.arrived = calloc((size_t)s->cfg.workers, 1);
    return s->barrier.arrived ? 0 : TPS_ENOMEM;
}

void tps__barrier_start(tps__server_t *s) {
    uv_timer_init(s->loop, &s->barrier.timer);
    s->barrier.timer.data = s;
}

static void on_timer_closed(uv_handle_t *h) {
    tps__server_t *s = h->data;
    s->open_handles--;
}

void tps__barrier_stop(tps__server_t *s) {
    uv_close((uv_handle_t *)&s->barrier.timer, on_timer_closed);
}

void tps__barrier_free(tps__server_t *s) {
    tps__barrier_state_t *b = &s->barrier;
    while (b->waiting) {
        tps__bwait_t *w = b->waiting;
        b->waiting = w->next;
        free(w);
    }
    free(b->arrived);
    b->arrived = NULL;
}

static void answer(sconn_t *sc, uint64_t request_id, uint64_t generation) {
    Taups__Header r = TAUPS__HEADER__INIT;
    Taups__Barrier b = TAUPS__BARRIER__INIT;
    r.op = TAUPS__OP__BARRIER_OK;
    r.request_id = request_id;
    r.shard = sc->srv->shard.index;
    b.generation = generation;
    r.barrier = &b;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Answers and forgets every wait but, with keep_first, the workers'
 * first ones (their ranks leave the barrier). */
static void release(tps__server_t *s, uint64_t generation, int keep_first) {
    for (tps__bwait_t **p = &s->barrier.waiting; *p;) {
        tps__bwait_t *w = *p;
        if (keep_first && w->first) {
            p = &w->next;
            continue;
        }
        *p = w->next;
        s->members.parked[w->sc->rank] = 0;
        answer(w->sc, w->request_id, generation);
        free(w);
    }
}

static void on_timer(uv_timer_t *tm);

/* The timer runs to the nearest deadline among the waits, or stops. */
static void arm(tps__server_t *s) {
    uint64_t next = 0;
    for (const tps__bwait_t *w = s->barrier.waiting; w; w = w->next)
        if (w->deadline && (next == 0 || w->deadline < next))
            next = w->deadline;
    if (s->stopping)
        return;
    if (next == 0) {
        uv_timer_stop(&s->barrier.timer);
        return;
    }
    uint64_t now = uv_now(s->loop);
    uv_timer_start(&s->barrier.timer, on_timer, next > now ? next - now : 0,
                   0);
}

/* "ranks 1, 3" of those not in the open barrier, at most len bytes. */
static void missing_ranks(const tps__server_t *s, char *out, size_t len) {
    size_t at = 0;
    int k = 0;
    out[0] = '\0';
    for (int r = 0; r < s->cfg.workers && at + 16 < len; r++) {
        if (s->barrier.arrived[r])
            continue;
        int n = snprintf(out + at, len - at, "%s%d", k ? ", " : "", r);
        at += n > 0 ? (size_t)n : 0;
        k++;
    }
    if (at + 16 >= len)
        snprintf(out + at, len - at, ", ...");
}

/* A rank whose wait timed out is told who is missing and leaves the
 * barrier; it stays counted as arrived, so that calling again resumes
 * the same barrier, and is answered at once if the others completed it. */
static void time_out(tps__server_t *s, tps__bwait_t *w) {
    char who[300];
    missing_ranks(s, who, sizeof(who));
    int missing = s->cfg.workers - s->barrier.narrived;
    Taups__Header h = TAUPS__HEADER__INIT;
    h.request_id = w->request_id;
    s->members.parked[w->sc->rank] = 0;
    if (missing > 0)
        tps__reply_error(w->sc, &h, TPS_EUNREACH, 0,
                         "barrier %llu: %d of %d workers did not arrive "
                         "within %u ms: rank%s %s",
                         (unsigned long long)s->barrier.passed, missing,
                         s->cfg.workers, w->timeout_ms, missing > 1 ? "s" : "",
                         who);
    else
        tps__reply_error(w->sc, &h, TPS_EUNREACH, 0,
                         "barrier %llu: every worker arrived, but the sync "
                         "step they committed was not taken within %u ms",
                         (unsigned long long)s->barrier.passed, w->timeout_ms);
}

static void on_timer(uv_timer_t *tm) {
    tps__server_t *s = tm->data;
    uint64_t now = uv_now(s->loop);
    for (tps__bwait_t **p = &s->barrier.waiting; *p;) {
        tps__bwait_t *w = *p;
        if (w->deadline == 0 || w->deadline > now) {
            p = &w->next;
            continue;
        }
        *p = w->next;
        time_out(s, w);
        free(w);
    }
    arm(s);
    /* An unparked rank is waited for again. */
    tps__pull_process_pending(s);
}

void tps__barrier_try(tps__server_t *s) {
    tps__barrier_state_t *b = &s->barrier;
    if (b->narrived < s->cfg.workers ||
        (s->shard.aggregate && tps__members_any_committed(&s->members)))
        return;
    uint64_t g = b->passed++;
    memset(b->arrived, 0, (size_t)s->cfg.workers);
    b->narrived = 0;
    if (!s->cfg.quiet)
        tps__log("barrier %llu: all %d workers arrived; released",
                 (unsigned long long)g, s->cfg.workers);
    release(s, g, 0);
    arm(s);
}

/* A rank entered barrier g > passed: every barrier before g was completed,
 * on the shards that saw it, while this one was away (restarted). Those
 * waiting for an older one are let go; a worker's first barrier joins g. */
static void catch_up(tps__server_t *s, uint64_t g) {
    tps__barrier_state_t *b = &s->barrier;
    release(s, g - 1, 1);
    memset(b->arrived, 0, (size_t)s->cfg.workers);
    b->narrived = 0;
    b->passed = g;
    for (const tps__bwait_t *w = b->waiting; w; w = w->next)
        if (!b->arrived[w->sc->rank]) {
            b->arrived[w->sc->rank] = 1;
            b->narrived++;
        }
}

static void enter(sconn_t *sc, const Taups__Header *h, uint32_t timeout_ms,
                  int first) {
    tps__server_t *s = sc->srv;
    tps__barrier_state_t *b = &s->barrier;
    tps__bwait_t *w = calloc(1, sizeof(*w));
    if (w == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 0, "out of memory for a barrier");
        return;
    }
    w->sc = sc;
    w->request_id = h->request_id;
    w->timeout_ms = timeout_ms;
    w->first = first;
    w->deadline = timeout_ms ? uv_now(s->loop) + timeout_ms : 0;
    tps__bwait_t **p = &b->waiting;
    while (*p)
        p = &(*p)->next;
    *p = w;
    if (!b->arrived[sc->rank]) {
        b->arrived[sc->rank] = 1;
        b->narrived++;
    }
    s->members.parked[sc->rank] = 1;
    arm(s);
}

void tps__barrier_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (!tps__worker_only(sc, h, 0, "enter barriers"))
        return;
    const Taups__Barrier *in = h->barrier;
    uint64_t g = in ? in->generation : 0;
    int first = in && in->first;
    /* Passed already: a resend, or a retry after a timeout. */
    if (!first && g < s->barrier.passed) {
        answer(sc, h->request_id, g);
        return;
    }
    if (!first && g > s->barrier.passed)
        catch_up(s, g);
    enter(sc, h, in ? in->timeout_ms : 0, first);
    /* Parked, it no longer holds a step or a gate back. */
    tps__step_try(s);
    tps__pull_process_pending(s);
    tps__barrier_try(s);
}

void tps__barrier_forget(sconn_t *sc) {
    tps__server_t *s = sc->srv;
    int had = 0;
    for (tps__bwait_t **p = &s->barrier.waiting; *p;) {
        tps__bwait_t *w = *p;
        if (w->sc != sc) {
            p = &w->next;
            continue;
        }
        *p = w->next;
        free(w);
        had = 1;
    }
    if (had)
        arm(s);
}
