/* SPDX-License-Identifier: MIT */
/* The cluster as every process sees it: the ordered shard address list
 * ("host:port,host:port,...") and the fixed slice rule of docs/design.md §2.
 * The shard map is derived from these, never negotiated. */
#ifndef TPS_CLUSTER_H
#define TPS_CLUSTER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#define TPS_MAX_SHARDS 256
#define TPS_MAX_WORKERS 4096

/* The longest path of a unix: address (sun_path holds 108 bytes). */
#define TPS_UNIX_PATH_MAX 107

typedef struct tps__addr_s {
    char host[256];  /* for a unix: address, its path */
    int port;        /* 0 for a unix: address */
    int is_unix;     /* "unix:/path": a local stream socket, not TCP */
    char text[272];  /* as it is shown: "host:port" or "unix:/path" */
} tps__addr_t;

/* Parses "host:port" ([v6]:port accepted) or "unix:PATH" (a stream socket
 * in the file system, for shards and workers on one host). Returns 0 or
 * TPS_EINVAL, with a sentence naming the bad text in err. */
int tps__addr_parse(const char *s, tps__addr_t *out, char *err, size_t errlen);

/* Resolves host (a numeric IPv4 or IPv6 address, or a name) and port to
 * its first stream socket address: `family` AF_UNSPEC takes any, AF_INET
 * or AF_INET6 only that one. Writes *ss and, when len is not NULL, its
 * length. Returns 0, or getaddrinfo's EAI_* code (gai_strerror names
 * it). */
int tps__resolve(const char *host, int port, int family,
                 struct sockaddr_storage *ss, socklen_t *len);

/* Parses a comma-separated list into a malloc'd array (*out, owned by the
 * caller). Returns the number of shards (> 0) or TPS_EINVAL with err set. */
int tps__cluster_parse(const char *list, tps__addr_t **out, char *err,
                      size_t errlen);

/* First element owned by shard s of S for a tensor of n elements:
 * s*(n/S) + min(s, n%S). Shard s owns [lo(s), lo(s+1)). */
static inline uint64_t tps__slice_lo(uint64_t n, uint32_t S, uint32_t s) {
    uint64_t r = n % S;
    return (uint64_t)s * (n / S) + (s < r ? s : r);
}

#endif
