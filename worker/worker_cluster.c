/* SPDX-License-Identifier: MIT */
/* taups-worker's link to the cluster: the signals that stop the process and
 * interrupt its client, and every transfer it makes (declare, pull, push,
 * the evaluator's pull of one step, the scheduled reconnect). It computes
 * nothing: worker_train.c and worker_eval.c decide what to send. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "taups.h"
#include "tps_log.h"
#include "worker.h"

volatile sig_atomic_t tps__stop_requested;
/* The client the signal handler interrupts (set once it is open). */
static tps_client_t *volatile signal_client;

static void on_signal(int sig) {
    (void)sig;
    tps__stop_requested = 1;
    /* A call waiting for a lost shard to come back would otherwise keep
     * the worker from stopping for up to --reconnect-timeout. */
    tps_interrupt(signal_client);
}

void tps__signals_watch(tps_client_t *c) {
    signal_client = c;
    if (tps__stop_requested)
        tps_interrupt(c);
}

void tps__signals_install(void) {
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

int tps__worker_fail(worker_t *w, const char *what, int rc) {
    if (rc == TPS_EINTR && tps__stop_requested) {
        tps__log_warn("%s abandoned: %s", what,
                     w->cl && tps_errmsg(w->cl)[0] ? tps_errmsg(w->cl)
                                                   : tps_strerror(rc));
        return rc;
    }
    tps__log_err("%s failed: %s", what,
                 w->cl && tps_errmsg(w->cl)[0] ? tps_errmsg(w->cl)
                                               : tps_strerror(rc));
    return rc;
}

int tps__issue_all(worker_t *w, int push, uint64_t min_version,
                   tps_ticket_t *t, int *n) {
    int rc = 0;
    *n = w->m->ntensors;
    if (push) {
        rc = tps_push_group_async(w->cl, *n, w->ids,
                                  (const float *const *)w->grads, t);
        if (rc < 0)
            *n = 0;
    }
    for (int i = 0; !push && i < *n; i++) {
        /* A table: every row this process holds (the evaluator's ids). */
        if (w->m->tensors[i].row_dim)
            rc = tps_pull_rows_async(w->cl, w->ids[i], w->m->nrow_ids,
                                     w->m->row_ids, w->params[i], NULL, &t[i]);
        else if (min_version)
            rc = tps_pull_at_async(w->cl, w->ids[i], w->params[i],
                                   min_version, &t[i]);
        else
            rc = tps_pull_async(w->cl, w->ids[i], w->params[i], &t[i]);
        if (rc < 0) {
            *n = i;
            break;
        }
    }
    return rc;
}

int tps__wait_all(worker_t *w, const tps_ticket_t *t, int n, int rc) {
    for (int i = 0; i < n; i++) {
        int r = tps_wait(w->cl, t[i]);
        rc = rc < 0 ? rc : r;
    }
    return rc;
}

static int transfer_all(worker_t *w, int push, uint64_t min_version) {
    tps_ticket_t t[TPS_MODEL_MAX_TENSORS];
    int n;
    int rc = tps__issue_all(w, push, min_version, t, &n);
    return tps__wait_all(w, t, n, rc);
}

/* Declares every tensor of the model. Declaring again after a reconnect is
 * harmless: the shards keep the tensor and hand back its id. */
int tps__declare_all(worker_t *w) {
    for (int i = 0; i < w->m->ntensors; i++) {
        const tps__model_tensor_t *t = &w->m->tensors[i];
        /* An evaluator's declaration is answered once a worker has made it
         * (evaluators only repeat declarations). */
        int rc = w->ids[i] =
            t->row_dim ? tps_table(w->cl, t->name, t->row_dim, t->init,
                                   t->scale, w->seed)
                       : tps_declare(w->cl, t->name, t->len, t->init, t->scale,
                                     w->seed);
        if (rc < 0)
            return tps__worker_fail(w, "declare", rc);
    }
    return 0;
}

/* The scheduled disconnect of --disconnect-at: leaves the cluster and joins
 * again, so that the servers' membership handling (leave, rejoin at the
 * current clock) is exercised by a real client. */
int tps__reconnect(worker_t *w) {
    char err[512];
    tps__log("disconnect scheduled at %g s: closing every connection",
            w->disconnect_at);
    w->disconnect_at = -1; /* once */
    tps__signals_watch(NULL);
    tps_close(w->cl);
    w->cl = NULL;
    /* The shards may take the new hello before they have seen the old
     * connection close (its FIN and the new SYN are on different sockets),
     * and then still count the rank as connected: that refusal is retried
     * for a while, any other failure is final. */
    int rc;
    double until = tps__now() + 5;
    while ((rc = tps_open(w->opts, &w->cl, err, sizeof(err))) == TPS_EBUSY &&
           tps__now() < until && !tps__stop_requested)
        tps__sleep_ms(50);
    tps__signals_watch(w->cl);
    if (rc < 0) {
        tps__log_err("cannot reconnect: %s", err);
        return rc;
    }
    if ((rc = tps__declare_all(w)) < 0)
        return rc;
    tps__log("reconnected to %d shards", tps_shards(w->cl));
    return 0;
}

int tps__pull_all(worker_t *w) {
    return transfer_all(w, 0, 0);
}

int tps__push_all(worker_t *w) {
    return transfer_all(w, 1, 0);
}

/* The lowest and highest version of any tensor on any shard, from the last
 * pulls. */
static void version_range(worker_t *w, uint64_t *lo, uint64_t *hi) {
    uint64_t v[256];
    *lo = UINT64_MAX;
    *hi = 0;
    for (int i = 0; i < w->m->ntensors; i++) {
        if (w->m->tensors[i].row_dim) /* versions are per row */
            continue;
        int s = tps_versions(w->cl, w->ids[i], v, 256);
        for (int k = 0; k < s && k < 256; k++) {
            *lo = v[k] < *lo ? v[k] : *lo;
            *hi = v[k] > *hi ? v[k] : *hi;
        }
    }
}

/* The evaluator's pull: in sync modes the model of one step on every shard
 * (pulled again for the newest step while the shards' versions differ);
 * otherwise whatever mix the shards hold, which eval.csv states. */
int tps__pull_model(worker_t *w, uint64_t min_version) {
    int rc = transfer_all(w, 0, min_version);
    for (int tries = 0; rc == 0 && tps_snapshots(w->cl) && tries < 8; tries++) {
        uint64_t lo, hi;
        version_range(w, &lo, &hi);
        if (lo == hi)
            break;
        rc = transfer_all(w, 0, hi);
    }
    return rc;
}

/* Updates applied to the model: every push bumps each shard's version of a
 * tensor once, so the largest shard version counts pushes. */
uint64_t tps__updates(worker_t *w) {
    uint64_t v[256], best = 0;
    int s = tps_versions(w->cl, w->ids[0], v, 256);
    for (int i = 0; i < s && i < 256; i++)
        best = v[i] > best ? v[i] : best;
    return best;
}

void tps__sleep_ms(double ms) {
    if (ms <= 0)
        return;
    struct timespec ts = {(time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6)};
    nanosleep(&ts, NULL); /* a signal cuts it short, which is what we want */
}
