/* SPDX-License-Identifier: MIT */
/* Exactly-once pushes; see dedup.h. */
#include "dedup.h"

#include <stdlib.h>
#include <string.h>

#include "taups_error.h"

void tps__dedup_session(tps__dedup_t *d, uint64_t session) {
    /* Session 0 is a client that names none: each hello starts afresh. */
    if (d->session == session && session != 0)
        return;
    d->session = session;
    d->seen = 0;
    d->last_rid = d->last_off = 0;
    d->head = d->count = 0;
}

int tps__dedup_is_repeat(const tps__dedup_t *d, uint64_t request_id,
                         uint64_t offset) {
    if (!d->seen)
        return 0;
    return request_id < d->last_rid ||
           (request_id == d->last_rid && offset <= d->last_off);
}

const tps__push_answer_t *tps__dedup_find(const tps__dedup_t *d,
                                         uint64_t request_id, uint64_t offset) {
    for (unsigned k = 0; d->ring && k < d->count; k++) {
        const tps__push_answer_t *a =
            &d->ring[(d->head + TPS_DEDUP_WINDOW - 1 - k) % TPS_DEDUP_WINDOW];
        if (a->request_id == request_id && a->offset == offset)
            return a;
    }
    return NULL;
}

int tps__dedup_record(tps__dedup_t *d, const tps__push_answer_t *a) {
    d->seen = 1;
    d->last_rid = a->request_id;
    d->last_off = a->offset;
    if (d->ring == NULL &&
        (d->ring = malloc(TPS_DEDUP_WINDOW * sizeof(*d->ring))) == NULL)
        return TPS_ENOMEM;
    d->ring[d->head] = *a;
    d->head = (d->head + 1) % TPS_DEDUP_WINDOW;
    if (d->count < TPS_DEDUP_WINDOW)
        d->count++;
    return 0;
}

void tps__dedup_free(tps__dedup_t *d) {
    free(d->ring);
    memset(d, 0, sizeof(*d));
}
