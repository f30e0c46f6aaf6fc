/* SPDX-License-Identifier: MIT */
/* Starting values given by a worker (docs/design.md §3b): an ASSIGN writes
 * a dense tensor's slice here, chunk by chunk, as long as the tensor has
 * no values of its own yet, from an update (its version is 0) or another
 * assign. The assign that took a tensor is recorded on it (rank, session,
 * request id, how far its chunks came) and checkpointed with it, so that
 * its chunks sent again after a reconnection or a restore are answered
 * again and written once; any other assign is answered TPS_EEXIST.
 *
 * Must NOT touch the optimizer's state or the version: an assign is not an
 * update, and the modes' gates go on counting from 0. */
#include "server_internal.h"

#include <math.h>
#include <string.h>

#include "taups.h"
#include "tps_float.h"

static void answer(sconn_t *sc, const Taups__Header *h, const tps__tensor_t *t,
                   int status, const char *why) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__ASSIGN_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.offset = h->offset;
    r.count = h->count;
    r.version = t->version;
    r.status = status;
    r.error = (char *)why;
    r.shard = sc->srv->shard.index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Whether chunk h belongs to the assign that took t. */
static int same_assign(const sconn_t *sc, const Taups__Header *h,
                       const tps__tensor_t *t) {
    return t->assigned && t->assign_rank == sc->rank &&
           t->assign_session == sc->session &&
           t->assign_request == h->request_id;
}

/* Why chunk h may not be written into t: 0 when it may, 1 when it is
 * answered already (EEXIST, a repeat), -1 after an error reply. */
static int assign_gate(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t) {
    char why[300];
    if (same_assign(sc, h, t)) {
        if (h->offset < t->assign_next) {
            answer(sc, h, t, 0, ""); /* sent again: written already */
            return 1;
        }
        if (h->offset == t->assign_next)
            return 0;
    } else if (t->assigned || t->version > 0) {
        if (t->assigned)
            snprintf(why, sizeof(why),
                     "tensor \"%s\" already has values: assigned by worker "
                     "%d",
                     t->name, t->assign_rank);
        else
            snprintf(why, sizeof(why),
                     "tensor \"%s\" already has values: updated (version "
                     "%llu)",
                     t->name, (unsigned long long)t->version);
        answer(sc, h, t, TPS_EEXIST, why);
        return 1;
    } else if (h->offset == t->lo) {
        return 0;
    }
    /* A restore from a checkpoint older than chunks this shard had
     * answered: the chunks before this one are gone. */
    tps__reply_error(sc, h, TPS_EMISMATCH, 0,
                     "tensor \"%s\": assign chunk at element %llu, but this "
                     "shard has its values only up to element %llu (restored "
                     "from an older checkpoint); assign again",
                     t->name, (unsigned long long)h->offset,
                     (unsigned long long)(t->assigned ? t->assign_next
                                                      : t->lo));
    return -1;
}

void tps__assign_handle(sconn_t *sc, const Taups__Header *h,
                        const uint8_t *payload, uint64_t len) {
    if (!tps__worker_only(sc, h, 1, "assign"))
        return;
    tps__shard_t *sh = &sc->srv->shard;
    if (h->tensor_id < (uint32_t)sh->ntensors &&
        sh->tensors[h->tensor_id].kind == TPS__KIND_TABLE) {
        tps__reply_error(sc, h, TPS_EINVAL, 0,
                         "tensor \"%s\" is a table: only dense tensors are "
                         "assigned",
                         sh->tensors[h->tensor_id].name);
        return;
    }
    tps__tensor_t *t = tps__check_range(sc, h, len, 1);
    if (t == NULL || assign_gate(sc, h, t) != 0)
        return;
    const float *v = (const float *)payload;
    uint64_t bad = tps__first_nonfinite(v, h->count);
    if (bad < h->count) {
        tps__reply_error(sc, h, TPS_ERANGE, 0,
                         "tensor \"%s\": assigned value %llu is %s; not "
                         "assigned",
                         t->name, (unsigned long long)(h->offset + bad),
                         isnan(v[bad]) ? "NaN" : "Inf");
        return;
    }
    memcpy(t->param + (h->offset - t->lo), v, h->count * sizeof(float));
    t->pmax = -1;
    t->assigned = 1;
    t->assign_rank = sc->rank;
    t->assign_session = sc->session;
    t->assign_request = h->request_id;
    t->assign_next = h->offset + h->count;
    answer(sc, h, t, 0, "");
}
