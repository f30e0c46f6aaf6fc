/* SPDX-License-Identifier: MIT */
/* A lost shard back (client_internal.h): once its new connection's hello
 * is answered, every tensor is declared again, then what the shard still
 * owes (c->owed: frames of pushes, elements of pulls, other requests) is
 * sent again in the order it was first made, then the worker's clock.
 * Runs on whoever holds io_mu. It must not decide when to reconnect:
 * connect.c does. */
#include <stdlib.h>

#include "client_internal.h"
#include "tps_log.h"

void tps__cl_send_clock(tps__cshard_t *sh, int64_t clock) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__CLOCK;
    h.rank = sh->cl->opts.rank;
    h.clock = (uint64_t)clock;
    /* A failure closes the connection, which the reconnection handles. */
    if (tps__conn_send(&sh->conn, &h, NULL, 0, NULL, NULL) < 0)
        tps__conn_close(&sh->conn);
}

static int by_id(const void *a, const void *b) {
    int64_t x = (*(tps__ticket_t *const *)a)->id;
    int64_t y = (*(tps__ticket_t *const *)b)->id;
    return x < y ? -1 : x > y;
}

/* The requests shard `s` still owes, oldest first (mu). */
static int owed_by(tps_client_t *c, int s, tps__ticket_t **list) {
    int n = 0;
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++) {
        tps__ticket_t *t = &c->tickets[i];
        if (t->id != 0 && !t->done && t->kind != OP_CONNECT &&
            t->kind != OP_CLOCK && t->kind != OP_CLOSE &&
            *tps__cl_owed(c, t, s) > 0)
            list[n++] = t;
    }
    qsort(list, (size_t)n, sizeof(list[0]), by_id);
    return n;
}

/* The shard's view of this worker is whole again before anything new
 * reaches it. */
static void rejoin_done(tps__cshard_t *sh) {
    tps_client_t *c = sh->cl;
    tps__ticket_t *list[TPS__CL_MAX_TICKETS];
    uv_mutex_lock(&c->mu);
    int n = owed_by(c, sh->index, list);
    int64_t clock = c->clock;
    c->delivery.reconnects++;
    uv_mutex_unlock(&c->mu);
    sh->state = SH_READY;
    uv_timer_stop(&sh->retry); /* the attempt's deadline */
    sh->rejoining = 0;
    tps__log("libtaups: shard %d at %s: reconnected after %.2f s (%d tries); "
             "resending %d requests",
             sh->index, sh->addr.text, tps__now() - sh->rj_since, sh->tries,
             n);
    for (int k = 0; k < n; k++)
        tps__cl_issue_to(c, list[k], sh->index, 1);
    if (c->opts.role == TPS_ROLE_WORKER && clock > 0)
        tps__cl_send_clock(sh, clock);
    uv_mutex_lock(&c->mu);
    c->delivery.frames_resent += (uint64_t)n;
    uv_mutex_unlock(&c->mu);
}

/* The reconnection's hello is answered: every tensor is declared again, by
 * name (a looked-up one with length 0), for the shard's ids. The worker's
 * clock stays its own: the other shards still count its iterations, and a
 * clock taken from this shard could skip one that they wait for. */
static void redeclare(tps__cshard_t *sh) {
    tps_client_t *c = sh->cl;
    uv_mutex_lock(&c->mu);
    int n = c->ntensors;
    Taups__Header d = TAUPS__HEADER__INIT;
    d.op = TAUPS__OP__DECLARE;
    d.rank = c->opts.rank;
    sh->rj_declares = 0;
    int err = 0;
    for (int i = 0; i < n && err == 0; i++) {
        const tps__tensor_t *ts = &c->tensors[i];
        d.request_id = TPS__CL_RJ_DECLARE(i);
        d.name = (char *)ts->name;
        d.length = ts->lookup ? 0 : ts->n;
        d.init = (Taups__Init)ts->init;
        d.scale = ts->scale;
        d.seed = ts->seed;
        Taups__Decl decl = TAUPS__DECL__INIT;
        d.decl = tps__cl_decl_of(ts, &decl);
        err = tps__conn_send(&sh->conn, &d, NULL, 0, NULL, NULL);
        sh->rj_declares++;
    }
    uv_mutex_unlock(&c->mu);
    if (err < 0)
        tps__conn_close(&sh->conn);
    else if (n == 0)
        rejoin_done(sh);
}

void tps__cl_rejoin_frame(tps__cshard_t *sh, const Taups__Header *h) {
    tps_client_t *c = sh->cl;
    if (h->op == TAUPS__OP__ERROR) {
        /* E.g. the shard has not yet seen our old connection close: try
         * again until the deadline, then report what it said. */
        tps__log_warn("libtaups: shard %d at %s refused the reconnection: "
                      "%s; retrying",
                      sh->index, sh->addr.text, sh->remote_err);
        sh->state = SH_CONNECTING;
        tps__conn_close(&sh->conn);
        return;
    }
    if (h->op == TAUPS__OP__HELLO_OK && h->request_id == TPS__CL_RJ_HELLO) {
        redeclare(sh);
        return;
    }
    if (h->op == TAUPS__OP__DECLARE_OK && h->request_id >= TPS__CL_RJ_FIRST &&
        h->request_id < TPS__CL_RJ_HELLO) {
        uint64_t i = UINT64_MAX - 1 - h->request_id;
        uv_mutex_lock(&c->mu);
        if ((int)i < c->ntensors)
            c->tensors[i].ids[sh->index] = h->tensor_id;
        uv_mutex_unlock(&c->mu);
        if (--sh->rj_declares == 0)
            rejoin_done(sh);
    }
}
