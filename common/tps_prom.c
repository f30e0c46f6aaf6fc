/* SPDX-License-Identifier: MIT */
/* The Prometheus text format; see tps_prom.h. */
#include "tps_prom.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(tps__prom_t *p, const char *fmt, ...) {
    if (p->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = p->cap - p->len;
        int n = vsnprintf(p->buf ? p->buf + p->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            p->oom = 1;
            return;
        }
        if ((size_t)n < room) {
            p->len += (size_t)n;
            return;
        }
        size_t cap = p->cap ? 2 * p->cap : 4096;
        while (cap - p->len <= (size_t)n)
            cap *= 2;
        char *b = realloc(p->buf, cap);
        if (b == NULL) {
            p->oom = 1;
            return;
        }
        p->buf = b;
        p->cap = cap;
    }
}

void tps__prom_family(tps__prom_t *p, const char *name, const char *type,
                     const char *help) {
    put(p, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A value as Prometheus reads it: whole numbers without an exponent (a
 * byte counter of 1e12 stays exact), others to 17 digits. */
static void number(char *buf, size_t len, double v) {
    if (isnan(v))
        snprintf(buf, len, "NaN");
    else if (isinf(v))
        snprintf(buf, len, v > 0 ? "+Inf" : "-Inf");
    else if (v == floor(v) && fabs(v) < 9e15)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.17g", v);
}

void tps__prom_sample(tps__prom_t *p, const char *name, const char *labels,
                     double value) {
    char v[40];
    number(v, sizeof(v), value);
    if (labels && labels[0])
        put(p, "%s{%s} %s\n", name, labels, v);
    else
        put(p, "%s %s\n", name, v);
}

void tps__prom_sample_u64(tps__prom_t *p, const char *name, const char *labels,
                         uint64_t value) {
    if (labels && labels[0])
        put(p, "%s{%s} %llu\n", name, labels, (unsigned long long)value);
    else
        put(p, "%s %llu\n", name, (unsigned long long)value);
}

void tps__prom_counter(tps__prom_t *p, const char *name, const char *help,
                      const char *labels, uint64_t value) {
    tps__prom_family(p, name, "counter", help);
    tps__prom_sample_u64(p, name, labels, value);
}

void tps__prom_gauge(tps__prom_t *p, const char *name, const char *help,
                    const char *labels, double value) {
    tps__prom_family(p, name, "gauge", help);
    tps__prom_sample(p, name, labels, value);
}

const char *tps__prom_labels(char *buf, size_t len, int n,
                            const char *const *kv) {
    size_t o = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(buf + o, len - o, "%s%s=\"", i ? "," : "", kv[2 * i]);
        if (w < 0 || (size_t)w >= len - o)
            return NULL;
        o += (size_t)w;
        for (const char *s = kv[2 * i + 1]; *s; s++) {
            const char *esc = *s == '\\'   ? "\\\\"
                              : *s == '"'  ? "\\\""
                              : *s == '\n' ? "\\n"
                                           : NULL;
            size_t need = esc ? 2 : 1;
            if (o + need >= len)
                return NULL;
            if (esc) {
                memcpy(buf + o, esc, 2);
            } else {
                buf[o] = *s;
            }
            o += need;
        }
        if (o + 1 >= len)
            return NULL;
        buf[o++] = '"';
        buf[o] = '\0';
    }
    if (n == 0 && len > 0)
        buf[0] = '\0';
    return buf;
}

void tps__prom_histogram(tps__prom_t *p, const char *name, const char *labels,
                        const double *le, const uint64_t *cum, int n,
                        double sum, uint64_t count) {
    const char *sep = labels && labels[0] ? "," : "";
    const char *l = labels ? labels : "";
    char v[40];
    for (int i = 0; i < n; i++) {
        number(v, sizeof(v), le[i]);
        put(p, "%s_bucket{%s%sle=\"%s\"} %llu\n", name, l, sep, v,
            (unsigned long long)cum[i]);
    }
    put(p, "%s_bucket{%s%sle=\"+Inf\"} %llu\n", name, l, sep,
        (unsigned long long)count);
    char s[80], c[80];
    snprintf(s, sizeof(s), "%s_sum", name);
    snprintf(c, sizeof(c), "%s_count", name);
    tps__prom_sample(p, s, labels, sum);
    tps__prom_sample_u64(p, c, labels, count);
}

void tps__prom_free(tps__prom_t *p) {
    free(p->buf);
    memset(p, 0, sizeof(*p));
}
