/* SPDX-License-Identifier: MIT */
/* Address and cluster-list parsing; see tps_cluster.h. */
#include "tps_cluster.h"

#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "taups_error.h"

int tps__resolve(const char *host, int port, int family,
                 struct sockaddr_storage *ss, socklen_t *len) {
    /* Numeric addresses first, without the resolver (and with an IPv6
     * scope such as %eth0). */
    if (family != AF_INET6 &&
        uv_ip4_addr(host, port, (struct sockaddr_in *)ss) == 0) {
        if (len)
            *len = sizeof(struct sockaddr_in);
        return 0;
    }
    if (family != AF_INET &&
        uv_ip6_addr(host, port, (struct sockaddr_in6 *)ss) == 0) {
        if (len)
            *len = sizeof(struct sockaddr_in6);
        return 0;
    }
    struct addrinfo hints = {.ai_family = family,
                             .ai_socktype = SOCK_STREAM}, *ai = NULL;
    char service[16];
    snprintf(service, sizeof(service), "%d", port);
    int gai = getaddrinfo(host, service, &hints, &ai);
    if (gai != 0)
        return gai;
    if (ai == NULL)
        return EAI_NONAME;
    memcpy(ss, ai->ai_addr, ai->ai_addrlen);
    if (len)
        *len = ai->ai_addrlen;
    freeaddrinfo(ai);
    return 0;
}

int tps__addr_parse(const char *s, tps__addr_t *out, char *err, size_t errlen) {
    const char *colon, *hs = s, *he;
    if (strncmp(s, "unix:", 5) == 0) {
        size_t pl = strlen(s + 5);
        if (pl == 0 || pl > TPS_UNIX_PATH_MAX) {
            snprintf(err, errlen,
                     "\"%s\": a unix: address needs a path of 1 to %d bytes",
                     s, TPS_UNIX_PATH_MAX);
            return TPS_EINVAL;
        }
        memcpy(out->host, s + 5, pl + 1);
        out->port = 0;
        out->is_unix = 1;
        snprintf(out->text, sizeof(out->text), "unix:%s", out->host);
        return 0;
    }
    if (s[0] == '[') {
        he = strchr(s, ']');
        if (he == NULL || he[1] != ':')
            goto bad;
        hs = s + 1;
        colon = he + 1;
    } else {
        colon = strrchr(s, ':');
        if (colon == NULL)
            goto bad;
        he = colon;
    }
    size_t hl = (size_t)(he - hs);
    if (hl == 0 || hl >= sizeof(out->host))
        goto bad;
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (end == colon + 1 || *end != '\0' || port < 0 || port > 65535)
        goto bad;
    memcpy(out->host, hs, hl);
    out->host[hl] = '\0';
    out->port = (int)port;
    out->is_unix = 0;
    snprintf(out->text, sizeof(out->text), s[0] == '[' ? "[%s]:%d" : "%s:%d",
             out->host, out->port);
    return 0;
bad:
    snprintf(err, errlen, "\"%s\" is not HOST:PORT or unix:PATH", s);
    return TPS_EINVAL;
}

int tps__cluster_parse(const char *list, tps__addr_t **out, char *err,
                      size_t errlen) {
    *out = NULL;
    if (list == NULL || list[0] == '\0') {
        snprintf(err, errlen, "the cluster list is empty");
        return TPS_EINVAL;
    }
    char *copy = strdup(list);
    tps__addr_t *a = calloc(TPS_MAX_SHARDS, sizeof(*a));
    int n = 0, rc = 0;
    if (copy == NULL || a == NULL) {
        rc = TPS_ENOMEM;
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (n == TPS_MAX_SHARDS) {
            snprintf(err, errlen, "more than %d shards", TPS_MAX_SHARDS);
            rc = TPS_EINVAL;
            goto done;
        }
        if ((rc = tps__addr_parse(tok, &a[n], err, errlen)) < 0)
            goto done;
        if (a[n].port == 0 && !a[n].is_unix) {
            snprintf(err, errlen,
                     "shard %d (%s): port 0 is not a reachable port", n, tok);
            rc = TPS_EINVAL;
            goto done;
        }
        n++;
    }
    if (n == 0) {
        snprintf(err, errlen, "the cluster list \"%s\" names no shard", list);
        rc = TPS_EINVAL;
    }
done:
    free(copy);
    if (rc < 0) {
        free(a);
        return rc;
    }
    *out = a;
    return n;
}
