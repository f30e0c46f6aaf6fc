/* SPDX-License-Identifier: MIT */
/* Declarations of tensors on a shard: DECLARE frames (a new tensor, a
 * repeat, or a lookup by name), initial values computed off the loop for
 * large slices, and evaluators' declarations held until a worker has
 * declared the tensor.
 *
 * Must NOT decide a tensor's layout or limits (shard.c does), nor touch
 * pushes, pulls or membership: it answers DECLARE and nothing else. */
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_log.h"

/* A declaration whose initial values are computed off the loop, and the
 * declarations of the same tensor waiting for them. */
typedef struct init_waiter_s {
    struct init_waiter_s *next;
    sconn_t *sc; /* NULL once it closed */
    uint64_t request_id;
} init_waiter_t;

typedef struct init_job_s {
    uv_work_t req;
    struct init_job_s *next;
    tps__server_t *srv;
    int id;
    double t0;
    init_waiter_t *waiters;
} init_job_t;

static void send_declare_ok(sconn_t *sc, uint64_t request_id, int id) {
    const tps__shard_t *sh = &sc->srv->shard;
    const tps__tensor_t *t = &sh->tensors[id];
    Taups__Header r = TAUPS__HEADER__INIT;
    Taups__Decl d = TAUPS__DECL__INIT;
    r.op = TAUPS__OP__DECLARE_OK;
    r.request_id = request_id;
    r.tensor_id = (uint32_t)id;
    r.offset = t->lo;
    r.count = t->hi - t->lo;
    r.length = t->n;
    r.version = t->version;
    r.shard = sh->index;
    if (t->kind == TPS__KIND_TABLE) {
        d.kind = TPS__KIND_TABLE;
        d.dim = t->dim;
        r.length = t->dim;
        r.init = (Taups__Init)t->init;
        r.scale = t->scale;
        r.seed = t->seed;
        r.decl = &d;
    } else if (t->ndims > 0) {
        d.n_shape = t->ndims;
        d.shape = (uint64_t *)(uintptr_t)t->shape;
        r.decl = &d;
    }
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static init_job_t *init_job(tps__server_t *s, int id) {
    for (init_job_t *j = s->inits; j; j = j->next)
        if (j->id == id)
            return j;
    return NULL;
}

static int init_wait(init_job_t *j, sconn_t *sc, uint64_t request_id) {
    init_waiter_t *w = malloc(sizeof(*w));
    if (w == NULL)
        return TPS_ENOMEM;
    w->sc = sc;
    w->request_id = request_id;
    w->next = j->waiters;
    j->waiters = w;
    return 0;
}

static void init_work(uv_work_t *req) {
    init_job_t *j = req->data;
    tps__shard_fill(&j->srv->shard.tensors[j->id]);
}

static void init_done(uv_work_t *req, int status) {
    init_job_t *j = req->data;
    tps__server_t *s = j->srv;
    (void)status;
    for (init_job_t **pp = &s->inits; *pp; pp = &(*pp)->next)
        if (*pp == j) {
            *pp = j->next;
            break;
        }
    tps__tensor_t *t = &s->shard.tensors[j->id];
    t->ready = 1;
    tps__log("tensor \"%s\": %llu elements initialised in %.2f s off the loop",
            t->name, (unsigned long long)(t->hi - t->lo), tps__now() - j->t0);
    while (j->waiters) {
        init_waiter_t *w = j->waiters;
        j->waiters = w->next;
        if (w->sc != NULL && !s->stopping)
            send_declare_ok(w->sc, w->request_id, j->id);
        free(w);
    }
    free(j);
}


/* Computing a large slice's initial values (and first touching its pages)
 * takes seconds: the thread pool does it, and the loop goes on serving;
 * the declaration is answered when done. Without a job, here and now. */
static void init_start(tps__server_t *s, int id) {
    tps__tensor_t *t = &s->shard.tensors[id];
    init_job_t *j = calloc(1, sizeof(*j));
    if (j == NULL) {
        tps__shard_fill(t);
        t->ready = 1;
        return;
    }
    j->srv = s;
    j->id = id;
    j->t0 = tps__now();
    j->req.data = j;
    if (uv_queue_work(s->loop, &j->req, init_work, init_done) == 0) {
        j->next = s->inits;
        s->inits = j;
    } else {
        free(j);
        tps__shard_fill(t);
        t->ready = 1;
    }
}

/* An evaluator's declaration of a tensor no worker has declared yet, kept
 * (packed) until one does. */
typedef struct decl_wait_s {
    struct decl_wait_s *next;
    sconn_t *sc;
    size_t len;
    uint8_t buf[];
} decl_wait_t;

static void decl_hold(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    int mine = 0;
    for (decl_wait_t *w = s->decl_waiting; w; w = w->next)
        mine += w->sc == sc;
    if (mine >= s->shard.max_tensors) {
        tps__reply_error(sc, h, TPS_ELIMIT, 0,
                         "%d declarations of this evaluator already wait for "
                         "the workers'", mine);
        return;
    }
    size_t n = taups__header__get_packed_size(h);
    decl_wait_t *w = malloc(sizeof(*w) + n);
    if (w == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1,
                         "out of memory for a declaration");
        return;
    }
    w->sc = sc;
    w->len = taups__header__pack(h, w->buf);
    w->next = s->decl_waiting;
    s->decl_waiting = w;
}

/* A tensor now exists: the evaluators' declarations that waited for it
 * are handled as if they came now. */
static void decl_release(tps__server_t *s, const char *name) {
    decl_wait_t *ready = NULL;
    for (decl_wait_t **pp = &s->decl_waiting; *pp;) {
        decl_wait_t *w = *pp;
        Taups__Header *h = taups__header__unpack(NULL, w->len, w->buf);
        int match = h && h->name && strcmp(h->name, name) == 0;
        taups__header__free_unpacked(h, NULL);
        if (match) {
            *pp = w->next;
            w->next = ready;
            ready = w;
        } else {
            pp = &w->next;
        }
    }
    while (ready) {
        decl_wait_t *w = ready;
        ready = w->next;
        Taups__Header *h = taups__header__unpack(NULL, w->len, w->buf);
        if (h != NULL && !w->sc->doomed)
            tps__declare_handle(w->sc, h);
        taups__header__free_unpacked(h, NULL);
        free(w);
    }
}

/* Drops what a closing connection left waiting. */
void tps__declare_forget(sconn_t *sc) {
    for (init_job_t *j = sc->srv->inits; j; j = j->next)
        for (init_waiter_t *w = j->waiters; w; w = w->next)
            if (w->sc == sc)
                w->sc = NULL;
    for (decl_wait_t **pp = &sc->srv->decl_waiting; *pp;) {
        decl_wait_t *w = *pp;
        if (w->sc == sc) {
            *pp = w->next;
            free(w);
        } else {
            pp = &w->next;
        }
    }
}

void tps__declare_free_all(tps__server_t *s) {
    while (s->decl_waiting) {
        decl_wait_t *w = s->decl_waiting;
        s->decl_waiting = w->next;
        free(w);
    }
}

/* A table's declaration (docs/design.md §2b): its `length` is its dim,
 * which `decl` says again. */
static int declare_table(sconn_t *sc, const Taups__Header *h, char *err,
                         size_t errlen) {
    tps__server_t *s = sc->srv;
    const char *name = h->name ? h->name : "";
    if (h->decl->kind != TPS__KIND_TABLE || h->decl->dim != h->length) {
        snprintf(err, errlen,
                 "tensor \"%s\": a declaration of kind %u and dim %u for "
                 "length %llu: a table's length is its dim",
                 name, h->decl->kind, h->decl->dim,
                 (unsigned long long)h->length);
        return TPS_EINVAL;
    }
    return tps__shard_declare_table(&s->shard, name, h->decl->dim,
                                    (int)h->init, h->scale, h->seed,
                                    (uint32_t)s->cfg.row_admit, err, errlen);
}

/* A dense declaration's shape, recorded or checked: returns id, or the
 * refusal with err set. */
static int declare_shape(tps__tensor_t *t, const Taups__Decl *d, int id,
                         char *err, size_t errlen) {
    int rc = tps__shard_shape(t, (uint32_t)d->n_shape, d->shape, err, errlen);
    return rc < 0 ? rc : id;
}

void tps__declare_handle(sconn_t *sc, const Taups__Header *h) {
    char err[256];
    tps__shard_t *sh = &sc->srv->shard;
    int id;
    if (h->length == 0) {
        /* Length 0 looks a tensor up by name (tools that only read). */
        id = TPS_ENOENT;
        snprintf(err, sizeof(err), "no tensor named \"%s\" on shard %u",
                 h->name ? h->name : "", sh->index);
        for (int i = 0; i < sh->ntensors; i++)
            if (h->name && strcmp(sh->tensors[i].name, h->name) == 0)
                id = i;
    } else if (sc->role == TPS_ROLE_EVALUATOR &&
               !tps__shard_has(sh, h->name ? h->name : "")) {
        /* Evaluators read what workers declare; they may repeat a
         * declaration, never make one (or pre-empt its init): this one
         * waits for a worker's, as a pull waits for its gate. */
        decl_hold(sc, h);
        return;
    } else if (h->decl != NULL && h->decl->kind != TPS__KIND_DENSE) {
        id = declare_table(sc, h, err, sizeof(err));
    } else {
        int before = sh->ntensors, deferred = 0;
        id = tps__shard_declare_deferred(sh, h->name ? h->name : "",
                                         h->length, (int)h->init, h->scale,
                                         h->seed, &deferred, err, sizeof(err));
        /* Every tensor's version is the step count in sync modes, so that
         * the pull gate treats a late declaration like the others. */
        if (id >= before && sh->aggregate)
            sh->tensors[id].version = sc->srv->step;
        if (id >= 0 && h->decl != NULL)
            id = declare_shape(&sh->tensors[id], h->decl, id, err,
                               sizeof(err));
        if (deferred)
            init_start(sc->srv, id);
    }
    if (id < 0) {
        /* A declaration conflict is the application's error, not a broken
         * stream: answer it and keep serving this peer. */
        tps__reply_error(sc, h, id, 0, "%s", err);
        return;
    }
    if (sc->srv->decl_waiting)
        decl_release(sc->srv, sh->tensors[id].name);
    init_job_t *j = sh->tensors[id].ready ? NULL : init_job(sc->srv, id);
    if (j != NULL) {
        if (init_wait(j, sc, h->request_id) < 0)
            tps__reply_error(sc, h, TPS_ENOMEM, 1,
                             "out of memory for a declaration");
        return;
    }
    send_declare_ok(sc, h->request_id, id);
}
