/* SPDX-License-Identifier: MIT */
/* A shard's /metrics page; see metrics.c. */
#ifndef TPS_SERVER_METRICS_H
#define TPS_SERVER_METRICS_H

#include <stddef.h>

#include "server.h"

/* The page in a malloc'd string, its length in *len; NULL when out of
 * memory. */
char *tps__server_metrics(const tps__server_t *s, size_t *len);

#endif
