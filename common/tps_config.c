/* SPDX-License-Identifier: MIT */
/* Comparing two shards' fate-deciding settings; see tps_config.h. */
#include "tps_config.h"

#include <stdio.h>
#include <string.h>

/* The word at *p ("key=value", up to a blank): its key and value as
 * pointers and lengths; *p moves past it. Returns 0 at the end. */
static int next_pair(const char **p, const char **key, size_t *klen,
                     const char **val, size_t *vlen) {
    const char *s = *p;
    while (*s == ' ')
        s++;
    if (*s == '\0')
        return 0;
    size_t n = strcspn(s, " ");
    const char *eq = memchr(s, '=', n);
    *key = s;
    *klen = eq ? (size_t)(eq - s) : n;
    *val = eq ? eq + 1 : s + n;
    *vlen = eq ? n - *klen - 1 : 0;
    *p = s + n;
    return 1;
}

/* The value of `key` in config c; NULL when c does not have it. */
static const char *find_key(const char *c, const char *key, size_t klen,
                            size_t *vlen) {
    const char *k, *v;
    size_t kl;
    while (next_pair(&c, &k, &kl, &v, vlen))
        if (kl == klen && memcmp(k, key, klen) == 0)
            return v;
    return NULL;
}

static void sentence(char *out, size_t outlen, const char *key, size_t klen,
                     int sa, const char *va, size_t la, int sb, const char *vb,
                     size_t lb) {
    snprintf(out, outlen, "shard %d has --%.*s %.*s, shard %d has %.*s", sa,
             (int)klen, key, (int)(va ? la : 6), va ? va : "(none)", sb,
             (int)(vb ? lb : 6), vb ? vb : "(none)");
}

int tps__config_diff(const char *a, int sa, const char *b, int sb, char *out,
                     size_t outlen) {
    a = a ? a : "";
    b = b ? b : "";
    const char *k, *va, *vb;
    size_t kl, la, lb;
    for (const char *p = a; next_pair(&p, &k, &kl, &va, &la);) {
        vb = find_key(b, k, kl, &lb);
        if (vb == NULL || lb != la || memcmp(va, vb, la) != 0) {
            sentence(out, outlen, k, kl, sa, va, la, sb, vb, lb);
            return 1;
        }
    }
    for (const char *p = b; next_pair(&p, &k, &kl, &vb, &lb);) {
        if (find_key(a, k, kl, &la) == NULL) {
            sentence(out, outlen, k, kl, sa, NULL, 0, sb, vb, lb);
            return 1;
        }
    }
    if (outlen)
        out[0] = '\0';
    return 0;
}
