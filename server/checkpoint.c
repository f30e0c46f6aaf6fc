/* SPDX-License-Identifier: MIT */
/* Checkpoints of a shard; see checkpoint.h for the file format. */
#include "checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <jansson.h>

#include "checkpoint_file.h"
#include "server_internal.h"
#include "taups_error.h"
#include "tps_log.h"

/* Checkpoint requests one connection may have waiting. */
#define CKPT_WAITING_MAX 16

typedef struct waiter_s waiter_t;
struct waiter_s {
    waiter_t *next;
    sconn_t *sc;
    uint64_t request_id;
    uint64_t gen; /* the first generation that answers it */
};

struct tps__ckpt_s {
    tps__ckpt_cfg_t cfg;
    char *dir;
    uv_timer_t timer; /* the next periodic checkpoint */
    uv_timer_t poll;  /* watches the writing child */
    pid_t child;      /* 0: none writing */
    uint64_t child_gen;
    double child_t0;
    uint64_t gen;     /* newest generation on disk */
    double done_at;   /* tps__now() of the newest generation; < 0: none */
    double write_s;   /* how long the last write took (Young's C) */
    double fork_ms;   /* how long the loop paused to fork the last writer */
    double interval;  /* seconds between periodic checkpoints now */
    uint64_t sig_done, child_sig; /* signature() of the newest and the one
                                     being written */
    waiter_t *waiters;
    int final_failed; /* the write at stop failed: exit non-zero */
};

/* Makes L the server's state. */
static void adopt(tps__server_t *s, loaded_t *L) {
    tps__shard_free(&s->shard);
    s->shard = L->shard;
    L->shard_ok = 0;
    s->step = L->step;
    tps__members_t *m = &s->members;
    /* Ranks the checkpoint saw live are awaited at its clocks, so that
     * until they are back a barrier or a gate does not run ahead of them;
     * those it saw leave stay gone, or the shard would wait for the dead.
     * A rank that does not come back within --rejoin-grace has left
     * (hello.c). */
    tps__members_restore(m, L->joined, L->live, L->clock);
    s->rejoin_deadline = tps__now() + s->cfg.rejoin_grace;
    for (int r = 0; r < m->n; r++) {
        tps__dedup_free(&s->dedup[r]);
        s->dedup[r] = L->dedup[r];
        memset(&L->dedup[r], 0, sizeof(L->dedup[r]));
    }
    /* Workers at a later clock than the restored step may come back: in the
     * aggregating modes the shard catches up with them (push.c). */
    s->behind = 1;
    tps__ckpt_loaded_free(L, m->n);
}

static void log_awaited(const tps__server_t *s) {
    const tps__members_t *m = &s->members;
    char ranks[256] = "";
    size_t used = 0;
    for (int r = 0; r < m->n && used + 24 < sizeof(ranks); r++)
        if (m->awaited[r])
            used += (size_t)snprintf(ranks + used, sizeof(ranks) - used,
                                     "%s%d@%" PRIu64, used ? " " : "", r,
                                     m->clock[r]);
    if (m->nawaited > 0)
        tps__log("waiting up to %g s (--rejoin-grace) for the workers the "
                "checkpoint saw live (rank@clock): %s", s->cfg.rejoin_grace,
                ranks);
    if (m->njoined == m->n && m->nlive < m->n)
        tps__log("%d worker%s had left when the checkpoint was taken and "
                "%s not awaited", m->n - m->nlive,
                m->n - m->nlive == 1 ? "" : "s",
                m->n - m->nlive == 1 ? "is" : "are");
}

/* --- the server's side
 * -------------------------------------------------------- */

/* Changes whenever the state a checkpoint holds does (every push, step,
 * declaration or clock), so that an idle shard does not rewrite the same
 * state and push its older generations out. */
static uint64_t signature(const tps__server_t *s) {
    const tps__shard_t *sh = &s->shard;
    uint64_t v = sh->st.pushes * 31 + sh->st.push_frames + sh->st.steps * 7 +
                 sh->st.dropped + (uint64_t)sh->ntensors * 1000003 + s->step;
    for (int r = 0; r < s->members.n; r++)
        v = v * 1099511628211ULL + s->members.clock[r];
    return v;
}

static void on_handle_closed(uv_handle_t *h) {
    tps__server_t *s = h->data;
    s->open_handles--;
}

/* Answers the requests that generation k->gen (or, on failure, the write
 * that just ended) settles. */
static void answer(tps__server_t *s, int status, const char *err) {
    tps__ckpt_t *k = s->ckpt;
    for (waiter_t **pp = &k->waiters; *pp;) {
        waiter_t *w = *pp;
        if (status == 0 && w->gen > k->gen) {
            pp = &w->next;
            continue;
        }
        *pp = w->next;
        w->sc->ckpt_waiting--;
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = w->request_id;
        if (status < 0) {
            tps__reply_error(w->sc, &h, status, 0, "checkpoint: %s", err);
        } else {
            char *json = NULL;
            char path[4096];
            tps__ckpt_path(path, sizeof(path), k->dir, k->gen);
            json_t *o = json_pack("{s:{s:I, s:s, s:f, s:f}}", "checkpoint",
                                  "generation", (json_int_t)k->gen, "file",
                                  path, "write_s", k->write_s, "fork_ms",
                                  k->fork_ms);
            if (o)
                json = json_dumps(o, JSON_COMPACT);
            json_decref(o);
            if (json == NULL) {
                tps__reply_error(w->sc, &h, TPS_ENOMEM, 0, "out of memory");
            } else {
                Taups__Header r = TAUPS__HEADER__INIT;
                r.op = TAUPS__OP__STATS_OK;
                r.request_id = w->request_id;
                r.shard = s->shard.index;
                tps__send_or_close(w->sc, &r, json, strlen(json), tps__free_arg,
                                   json);
            }
        }
        free(w);
    }
}

/* Young's interval from the last write time, logged when it moves. */
static void retune(tps__server_t *s) {
    tps__ckpt_t *k = s->ckpt;
    if (k->cfg.mtbf <= 0)
        return;
    double c = k->write_s > 0.001 ? k->write_s : 0.001;
    double t = sqrt(2.0 * c * k->cfg.mtbf);
    if (t < 1)
        t = 1;
    if (k->interval <= 0 || fabs(t - k->interval) > 0.1 * k->interval) {
        tps__log(
            "checkpoint interval %.1f s: Young's sqrt(2 C MTBF) with write "
            "time C = %.3f s, MTBF %.0f s",
            t, c, k->cfg.mtbf);
        k->interval = t;
        if (uv_is_active((uv_handle_t *)&k->timer)) {
            uint64_t ms = (uint64_t)(t * 1000);
            uv_timer_start(&k->timer, k->timer.timer_cb, ms, ms);
        }
    }
}

static void begin(tps__server_t *s);

/* The writer of generation k->child_gen has exited with `status` (p < 0:
 * it could not be waited for). */
static void child_done(tps__server_t *s, pid_t p, int status) {
    tps__ckpt_t *k = s->ckpt;
    uv_timer_stop(&k->poll);
    k->child = 0;
    double took = tps__now() - k->child_t0;
    if (p > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        k->gen = k->child_gen;
        k->sig_done = k->child_sig;
        k->done_at = tps__now();
        k->write_s = took;
        tps__log("checkpoint generation %" PRIu64 " written in %.3f s (the "
                "loop paused %.1f ms to fork the writer)",
                k->gen, took, k->fork_ms);
        retune(s);
        answer(s, 0, NULL);
    } else {
        /* The child logged why. */
        tps__log_err("checkpoint generation %" PRIu64 " failed (%s %d); the "
                "previous generations are kept",
                k->child_gen,
                p < 0 ? "waitpid" : WIFEXITED(status) ? "exit" : "signal",
                p < 0 ? errno : WIFEXITED(status) ? WEXITSTATUS(status)
                                                 : WTERMSIG(status));
        answer(s, TPS_EIO, "the write failed; see the shard's log");
    }
    /* Requests that came in during that write want a newer one. */
    if (k->waiters && !s->stopping)
        begin(s);
}

static void on_poll(uv_timer_t *t) {
    tps__server_t *s = t->data;
    int status = 0;
    pid_t p = waitpid(s->ckpt->child, &status, WNOHANG);
    if (p != 0)
        child_done(s, p, status);
}

static void begin(tps__server_t *s) {
    tps__ckpt_t *k = s->ckpt;
    if (k->child > 0)
        return;
    uint64_t gen = k->gen + 1;
    pid_t parent = getpid();
    double t0 = tps__now();
    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        /* A writer must not outlive its shard: a restarted shard would
         * race it for the same generation. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1);
#endif
        /* The writer needs none of the shard's descriptors, and holding
         * them would keep its listening socket and its connections open
         * for the moment a killed shard's writer takes to die: long enough
         * for a restarted shard to find its port in use, and for its peers
         * not to see the connection drop. */
        close_range(3, ~0u, 0);
        char err[8400]; /* two paths and a reason */
        if (tps__ckpt_write(s, k->dir, gen, k->cfg.keep, err, sizeof(err)) <
            0) {
            tps__log_err("checkpoint generation %" PRIu64 ": %s", gen, err);
            _exit(1);
        }
        _exit(0);
    }
    if (pid < 0) {
        tps__log_err("checkpoint: cannot fork a writer: %s", strerror(errno));
        answer(s, TPS_EIO, "cannot fork a writer");
        return;
    }
    (void)parent;
    if (k->cfg.pause_ms > 0) {
        /* --checkpoint-pause-ms: the cost C of Young's trade-off, made
         * large and known; the forked writer alone costs the loop only
         * its fork. */
        struct timespec ts = {(time_t)(k->cfg.pause_ms / 1000),
                              (long)(fmod(k->cfg.pause_ms, 1000) * 1e6)};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
    }
    k->child = pid;
    k->fork_ms = (tps__now() - t0) * 1e3;
    k->child_sig = signature(s);
    k->child_gen = gen;
    k->child_t0 = t0;
    uv_timer_start(&k->poll, on_poll, 5, 5);
}

static void on_timer(uv_timer_t *t) {
    tps__server_t *s = t->data;
    if (s->ckpt->done_at >= 0 && signature(s) == s->ckpt->sig_done)
        return;
    begin(s);
}

void tps__ckpt_request(tps__server_t *s, sconn_t *sc, uint64_t request_id) {
    tps__ckpt_t *k = s->ckpt;
    if (k == NULL) {
        if (sc) {
            Taups__Header h = TAUPS__HEADER__INIT;
            h.request_id = request_id;
            tps__reply_error(sc, &h, TPS_EINVAL, 0,
                             "shard %u keeps no checkpoints (start it with "
                             "--checkpoint-dir)",
                             s->shard.index);
        }
        return;
    }
    /* Each waiting request is answered when its write ends, all in one
     * turn of the loop: 433k pipelined ones once held it for a second. */
    if (sc && sc->ckpt_waiting >= CKPT_WAITING_MAX) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = request_id;
        tps__reply_error(sc, &h, TPS_ELIMIT, 0,
                         "checkpoint refused: %d requests of this connection "
                         "already wait for a write",
                         sc->ckpt_waiting);
        return;
    }
    /* A request during a write waits for the next one, so that what it gets
     * holds every update it has seen answered. */
    if (sc) {
        waiter_t *w = calloc(1, sizeof(*w));
        if (w) {
            sc->ckpt_waiting++;
            w->sc = sc;
            w->request_id = request_id;
            w->gen = k->child > 0 ? k->child_gen + 1 : k->gen + 1;
            w->next = k->waiters;
            k->waiters = w;
        }
    }
    begin(s);
}

void tps__ckpt_forget(tps__server_t *s, sconn_t *sc) {
    if (s->ckpt == NULL)
        return;
    for (waiter_t **pp = &s->ckpt->waiters; *pp;) {
        if ((*pp)->sc == sc) {
            waiter_t *w = *pp;
            *pp = w->next;
            free(w);
        } else {
            pp = &(*pp)->next;
        }
    }
}

/* mkdir -p, owner only: a checkpoint is the whole model. */
static int mkdir_p(const char *dir) {
    char p[4096];
    snprintf(p, sizeof(p), "%s", dir);
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(p, 0700) < 0 && errno != EEXIST)
            return -1;
        *q = '/';
    }
    return mkdir(p, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* What a restore brought back: generation, age, each tensor's version,
 * and the workers awaited. */
static void log_restored(const tps__server_t *s, const char *path,
                         uint64_t gen, double age, double t0) {
    int nt = s->shard.ntensors;
    char versions[256] = "";
    size_t used = 0;
    for (int t = 0; t < nt && used + 40 < sizeof(versions); t++) {
        const tps__tensor_t *x = &s->shard.tensors[t];
        /* A table has no one version: its rows are what came back. */
        if (x->kind == TPS__KIND_TABLE)
            used += (size_t)snprintf(versions + used, sizeof(versions) - used,
                                     "%s%s:%" PRIu64 " rows", t ? " " : "",
                                     x->name, x->table->rows);
        else
            used += (size_t)snprintf(versions + used, sizeof(versions) - used,
                                     "%s%s@%" PRIu64, t ? " " : "", x->name,
                                     x->version);
    }
    tps__log("restored checkpoint generation %" PRIu64 " (%s), %.0f s old, "
            "in %.3f s: %d tensors, step %" PRIu64 "; versions %s",
            gen, path, age, tps__now() - t0, nt, s->step,
            nt ? versions : "-");
    log_awaited(s);
}

int tps__ckpt_open(tps__server_t *s, char *err, size_t errlen) {
    const tps__ckpt_cfg_t *cfg = &s->cfg.ckpt;
    if (cfg->dir == NULL)
        return 0;
    tps__ckpt_t *k = calloc(1, sizeof(*k));
    if (k == NULL || (k->dir = strdup(cfg->dir)) == NULL) {
        free(k);
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    k->cfg = *cfg;
    if (k->cfg.keep < 1)
        k->cfg.keep = 1;
    k->done_at = -1;
    k->interval = cfg->every;
    s->ckpt = k;
    if (mkdir_p(k->dir) < 0) {
        snprintf(err, errlen, "--checkpoint-dir %s: cannot create it: %s",
                 k->dir, strerror(errno));
        return TPS_EIO;
    }
    uint64_t *gens;
    int n = tps__ckpt_list(k->dir, &gens, 1);
    if (n < 0) {
        snprintf(err, errlen, "--checkpoint-dir %s: cannot read it: %s", k->dir,
                 strerror(errno));
        return TPS_EIO;
    }
    if (n > 0)
        k->gen = gens[0]; /* new generations number on from the newest */
    if (cfg->no_restore || n == 0) {
        tps__log("checkpoints in %s%s", k->dir,
                n == 0 ? ": none yet, starting afresh"
                       : ": --no-restore, starting afresh");
        free(gens);
        return 0;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        char path[4096], why[512] = "";
        tps__ckpt_path(path, sizeof(path), k->dir, gens[i]);
        loaded_t L;
        double t0 = tps__now();
        int lr = tps__ckpt_load(s, path, &L, why, sizeof(why));
        if (lr == LOAD_FOREIGN) {
            snprintf(err, errlen, "checkpoint %s belongs elsewhere: %s", path,
                     why);
            rc = TPS_EMISMATCH;
            break;
        }
        if (lr != LOAD_OK) {
            tps__log_warn(
                "checkpoint %s skipped: %s; trying the previous generation",
                path, why);
            continue;
        }
        double age = (double)(time(NULL) - L.written);
        uint64_t gen = L.generation;
        adopt(s, &L);
        log_restored(s, path, gen, age, t0);
        k->done_at = tps__now() - age;
        k->sig_done = signature(s);
        break;
    }
    if (rc == 0 && k->done_at < 0)
        tps__log_warn("no valid checkpoint in %s: starting afresh", k->dir);
    free(gens);
    return rc;
}

void tps__ckpt_start(tps__server_t *s) {
    tps__ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    uv_timer_init(s->loop, &k->timer);
    uv_timer_init(s->loop, &k->poll);
    k->timer.data = k->poll.data = s;
    s->open_handles += 2;
    if (k->cfg.mtbf > 0) {
        /* Until a write has been timed, assume it takes a second. */
        k->write_s = 1.0;
        retune(s);
    }
    if (k->interval > 0) {
        uint64_t ms = (uint64_t)(k->interval * 1000);
        uv_timer_start(&k->timer, on_timer, ms, ms);
    }
}

void tps__ckpt_stop(tps__server_t *s) {
    tps__ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    if (k->child > 0) {
        int status = 0;
        pid_t p;
        while ((p = waitpid(k->child, &status, 0)) < 0 && errno == EINTR)
            ;
        child_done(s, p, status);
    }
    uv_close((uv_handle_t *)&k->timer, on_handle_closed);
    uv_close((uv_handle_t *)&k->poll, on_handle_closed);
    if (k->done_at >= 0 && signature(s) == k->sig_done && !k->waiters) {
        tps__log("checkpoint generation %" PRIu64 " holds the final state",
                k->gen);
        return;
    }
    char err[8400];
    double t0 = tps__now();
    uint64_t gen = k->gen + 1;
    if (tps__ckpt_write(s, k->dir, gen, k->cfg.keep, err, sizeof(err)) < 0) {
        tps__log_err("final checkpoint: %s", err);
        k->final_failed = 1;
        answer(s, TPS_EIO, err);
        return;
    }
    k->gen = gen;
    k->done_at = tps__now();
    k->write_s = k->done_at - t0;
    for (waiter_t *w = k->waiters; w; w = w->next)
        w->gen = gen;
    tps__log("checkpoint generation %" PRIu64 " written at exit in %.3f s", gen,
            k->write_s);
    answer(s, 0, NULL);
}

int tps__ckpt_final_failed(const tps__server_t *s) {
    return s->ckpt != NULL && s->ckpt->final_failed;
}

double tps__ckpt_age(const tps__server_t *s) {
    if (s->ckpt == NULL || s->ckpt->done_at < 0)
        return -1;
    return tps__now() - s->ckpt->done_at;
}

void tps__ckpt_free(tps__server_t *s) {
    tps__ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    while (k->waiters) {
        waiter_t *w = k->waiters;
        k->waiters = w->next;
        free(w);
    }
    free(k->dir);
    free(k);
    s->ckpt = NULL;
}
