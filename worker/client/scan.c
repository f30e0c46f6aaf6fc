/* SPDX-License-Identifier: MIT */
/* An admin's page of a table's rows (scan.h): one PULL_ROWS with rows.scan
 * to one shard, its PULL_ROWS_OK decoded into the caller's arrays. What
 * taups-ctl dump reads a table with, since an admin does not know a
 * table's ids; a worker's row calls do not come here.
 *
 * Must NOT hold: the row calls of workers (ids, versions kept for pushes),
 * the sending of frames (wire.c). */
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "scan.h"
#include "tps_ids.h"

void tps__cl_scan_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h, const uint8_t *payload,
                        uint64_t len) {
    tps__scan_t *s = t->x.scan;
    *tps__cl_owed(c, t, sh->index) = 0;
    size_t n = (size_t)h->count, d = s->dim, used = 0, vused = 0;
    char err[200] = "";
    const Taups__Rows *r = h->rows;
    /* Each id and version takes at least one byte: a count the payload
     * cannot hold is refused before anything is allocated for it. */
    int ok = r != NULL && r->scan && sh->index == s->shard &&
             h->offset == s->offset && h->count <= s->most &&
             r->ids_len <= len && r->versions_len <= len - r->ids_len &&
             (n == 0 || (n <= r->ids_len && n <= r->versions_len)) &&
             len - r->ids_len - r->versions_len == (uint64_t)n * d * 4;
    if (ok && n > 0) {
        s->ids = malloc(n * sizeof(uint64_t));
        s->versions = malloc(n * sizeof(uint64_t));
        s->values = malloc(n * d * sizeof(float));
        ok = s->ids && s->versions && s->values &&
             tps__varints_decode(payload, (size_t)r->ids_len, s->ids, n, &used,
                                 err, sizeof(err)) == 0 &&
             used == r->ids_len &&
             tps__varints_decode(payload + used, (size_t)r->versions_len,
                                 s->versions, n, &vused, err,
                                 sizeof(err)) == 0 &&
             vused == r->versions_len;
        if (ok)
            memcpy(s->values, payload + used + vused, n * d * sizeof(float));
    }
    if (!ok) {
        free(s->ids);
        free(s->versions);
        free(s->values);
        s->ids = s->versions = NULL;
        s->values = NULL;
        tps__cl_errorf_locked(c,
                              "shard %d at %s: a page of rows of %u "
                              "values that does not add up%s%s",
                              sh->index, sh->addr.text, s->dim,
                              err[0] ? ": " : "", err);
        tps__cl_complete(c, t, TPS_EPROTO);
        return;
    }
    s->n = n;
    tps__cl_complete(c, t, 0);
}

int tps__cl_scan_rows(tps_client_t *c, tps__scan_t *s) {
    s->n = 0;
    s->ids = s->versions = NULL;
    s->values = NULL;
    if (s->shard < 0 || s->shard >= c->nshards || s->dim == 0) {
        tps__cl_errorf(c, "scan of rows: no shard %d (of %d) or dim %u",
                       s->shard, c->nshards, s->dim);
        return TPS_EINVAL;
    }
    tps__tinit_t x = {0};
    x.scan = s;
    int err = 0;
    int64_t id =
        tps__cl_submit(c, OP_SCAN_ROWS, 0, NULL, NULL, 1, 0, NULL, &x, &err);
    return id > 0 ? tps_wait(c, id) : err;
}
