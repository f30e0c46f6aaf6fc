/* SPDX-License-Identifier: MIT */
/* Writing the Prometheus text exposition format (version 0.0.4): metric
 * families with their HELP and TYPE lines, samples with escaped label
 * values, and histograms with cumulative `le` buckets, `_sum` and `_count`.
 * What the /metrics endpoints of taups-server and taups-worker serve;
 * `promtool check metrics` accepts its output (tests/e2e_metrics.sh). */
#ifndef TPS_PROM_H
#define TPS_PROM_H

#include <stddef.h>
#include <stdint.h>

typedef struct tps__prom_s {
    char *buf;  /* NUL-terminated text so far; owned */
    size_t len, cap;
    int oom;    /* an allocation failed: buf holds what fitted before */
} tps__prom_t;

/* Starts a family: "# HELP name help" and "# TYPE name type" (type is
 * "counter", "gauge" or "histogram"). A counter's name ends in _total. */
void tps__prom_family(tps__prom_t *p, const char *name, const char *type,
                     const char *help);

/* One sample: name{labels} value. labels is NULL or text made with
 * tps__prom_labels; value is written exactly (integers without exponent,
 * NaN and infinities as Prometheus spells them). */
void tps__prom_sample(tps__prom_t *p, const char *name, const char *labels,
                     double value);
void tps__prom_sample_u64(tps__prom_t *p, const char *name, const char *labels,
                         uint64_t value);

/* A family of one sample: tps__prom_family then tps__prom_sample(_u64). */
void tps__prom_counter(tps__prom_t *p, const char *name, const char *help,
                      const char *labels, uint64_t value);
void tps__prom_gauge(tps__prom_t *p, const char *name, const char *help,
                    const char *labels, double value);

/* Label text `k1="v1",k2="v2"` from n key/value pairs (kv[2i], kv[2i+1]),
 * values escaped (backslash, double quote, newline), into buf. Returns
 * buf, or NULL when it does not fit. */
const char *tps__prom_labels(char *buf, size_t len, int n,
                             const char *const *kv);

/* A histogram family's samples: name_bucket{labels,le="bound"} for each of
 * the n upper bounds (le[i], increasing) with the cumulative counts
 * cum[i], then le="+Inf" with count, then name_sum and name_count. */
void tps__prom_histogram(tps__prom_t *p, const char *name, const char *labels,
                        const double *le, const uint64_t *cum, int n,
                        double sum, uint64_t count);

/* Frees the text. */
void tps__prom_free(tps__prom_t *p);

#endif
