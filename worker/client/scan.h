/* SPDX-License-Identifier: MIT */
/* A page of a table's rows read by an admin (taups-ctl dump): PULL_ROWS
 * with rows.scan to one shard (docs/design.md §2b). Not in the public API:
 * the programs that link libtaups statically (tools/) call it. */
#ifndef TPS_CLIENT_SCAN_H
#define TPS_CLIENT_SCAN_H

#include <stdint.h>

#include "taups.h"

/* What a scan asks one shard for, and what it answered. */
typedef struct tps__scan_s {
    int shard;          /* the shard to ask */
    uint32_t tensor_id; /* the table's id on that shard (its STATS "id") */
    uint32_t dim;       /* values per row, as declared */
    uint64_t offset;    /* first row number, in the shard's creation order */
    uint64_t most;      /* rows asked for; the shard may answer fewer */
    /* The answer: n rows (0: none from offset on), owned by the caller
     * (free each) once tps__cl_scan_rows returned. */
    uint64_t n;
    uint64_t *ids, *versions;
    float *values; /* n x dim */
} tps__scan_t;

/* Reads one page of rows as s describes; returns 0 with s->n and the
 * arrays set, or a negative error with tps_errmsg set (and no arrays).
 * Only admin and evaluator clients may scan; the shard refuses others. */
int tps__cl_scan_rows(tps_client_t *c, tps__scan_t *s);

#endif
