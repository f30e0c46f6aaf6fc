/* SPDX-License-Identifier: MIT */
/* A hostile client for tests/e2e_security.sh: each attack is one that once
 * cost a shard memory, its event loop or its parameters (the findings of
 * docs/design.md §11), played against a real taups-server process while a
 * real worker trains beside it.
 *
 *   attacker HOST:PORT KEYFILE|- ATTACK SECONDS
 *
 * ATTACK: fp16 (pull compressed replies, never read them), tiny (a flood of
 * one-element pulls, never read), prehello (10 connections announcing
 * 64 MiB payloads before any hello), declare (2^28 elements), held (pulls
 * at clock 10^12 that a gate holds), slowloris (20 connections sending a
 * byte a second), noauth (every request without the key), replay (a
 * recorded handshake played again on a new connection), clip (pushes of
 * [100, 0, ...] that claim a negative, NaN, infinite or understated norm,
 * dense and fp16, in one chunk and in two), halfpush (a push cut off after
 * its first chunk, resent whole, and pushes refused at one of their
 * chunks), stale (a decided push claiming a staleness of 2^63), chunk1
 * (one pull of a 4M-element tensor in chunks of one element, never read;
 * it says "declared" once the tensor exists and waits a second before the
 * pull, so that the caller can measure the shard before), bare (300
 * connections that never say hello, from 127.0.0.2-11, each dialled again
 * as soon as the shard closes it), ckpt (an admin pipelines CHECKPOINT
 * requests as fast as it can, reading the answers). Checks rather than
 * attacks: release (against a shard in async mode for 1 worker: 4
 * evaluators hold 64 pulls each, for versions a worker's pushes then reach
 * one by one; each pull must be answered by exactly the push that reaches
 * its version), release-ssp (a shard in ssp mode, staleness 0, 2 workers:
 * worker 0 holds 64 pulls at clocks 1..64 that worker 1's CLOCKs release
 * one by one), and bench-held:E (E evaluators hold 1024 pulls each while a
 * worker pushes for SECONDS: pushes per second, a figure, not a check).
 * Prints what it did and what the shard answered, a line each, and exits
 * 0; the script judges the shard, not the attacker. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>

#include "taups.h"
#include "tps_auth.h"
#include "tps_codec.h"
#include "tps_frame.h"

static struct sockaddr_in target;
static tps__key_t key;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A connection from `from` (network order; 0: the kernel's choice). */
static int dial_from(uint32_t from) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in src = {.sin_family = AF_INET};
    src.sin_addr.s_addr = from;
    if (fd < 0 ||
        (from && bind(fd, (struct sockaddr *)&src, sizeof(src)) < 0) ||
        connect(fd, (struct sockaddr *)&target, sizeof(target)) < 0) {
        perror("attacker: connect");
        exit(1);
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    return fd;
}

static int dial(void) {
    return dial_from(0);
}

/* Writes all of buf, waiting at most until `until`; returns bytes written. */
static size_t put(int fd, const void *buf, size_t len, double until) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = send(fd, (const char *)buf + done, len - done,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return done;
        double left = until - now();
        if (left <= 0)
            return done;
        struct pollfd p = {fd, POLLOUT, 0};
        poll(&p, 1, (int)(left * 1e3) + 1);
    }
    return done;
}

static size_t send_frame(int fd, const Taups__Header *h, const void *payload,
                         size_t plen, double until) {
    uint8_t meta[512];
    size_t m = tps__frame_encode_meta(h, plen, meta, sizeof(meta));
    size_t n = put(fd, meta, m, until);
    if (n == m && plen)
        n += put(fd, payload, plen, until);
    return n;
}

/* Reads one frame (blocking up to 5 s); NULL on close or timeout. */
static const Taups__Header *recv_frame(int fd, tps__reader_t *rd) {
    if (rd->state == TPS_RD_DONE)
        tps__reader_next(rd);
    double until = now() + 5;
    while (now() < until) {
        uint8_t *base;
        size_t want;
        tps__reader_want(rd, &base, &want);
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0)
            continue;
        ssize_t n = recv(fd, base, want, 0);
        if (n <= 0)
            return NULL;
        int rc = tps__reader_commit(rd, (size_t)n);
        if (rc < 0)
            return NULL;
        if (rc == 1)
            return rd->hdr;
    }
    return NULL;
}

/* Hello (and the key's proof when there is a key) as role/rank; returns the
 * shard's last answer (HELLO_OK, or its error). */
static const Taups__Header *hello(int fd, tps__reader_t *rd, int role, int rank,
                                  int workers) {
    Taups__Header h = TAUPS__HEADER__INIT;
    uint8_t nonce[TPS_NONCE_BYTES];
    h.op = TAUPS__OP__HELLO;
    h.proto_version = TPS_PROTO_VERSION;
    h.role = (Taups__Role)role;
    h.rank = rank;
    h.workers = (uint32_t)workers;
    h.shards = 1;
    h.session = 0x5eed;
    h.mode = (char *)"";
    if (key.set) {
        tps__auth_nonce(nonce);
        h.nonce.data = nonce;
        h.nonce.len = sizeof(nonce);
    }
    send_frame(fd, &h, NULL, 0, now() + 5);
    const Taups__Header *r = recv_frame(fd, rd);
    if (r == NULL || r->op != TAUPS__OP__CHALLENGE)
        return r;
    uint8_t ns[TPS_NONCE_BYTES], proof[TPS_MAC_BYTES];
    memcpy(ns, r->nonce.data, sizeof(ns));
    tps__auth_proof(&key, TPS_AUTH_CLIENT, nonce, ns, &h, proof);
    Taups__Header a = TAUPS__HEADER__INIT;
    a.op = TAUPS__OP__AUTH;
    a.mac.data = proof;
    a.mac.len = sizeof(proof);
    send_frame(fd, &a, NULL, 0, now() + 5);
    return recv_frame(fd, rd);
}

static void expect_hello(const Taups__Header *r) {
    if (r == NULL || r->op != TAUPS__OP__HELLO_OK) {
        printf("hello refused: %s\n", r && r->error ? r->error : "closed");
        exit(0);
    }
}

/* The id and length of tensor `name`: looked up (n 0) or declared. */
static uint32_t lookup(int fd, tps__reader_t *rd, const char *name,
                       uint64_t *n) {
    Taups__Header d = TAUPS__HEADER__INIT;
    d.op = TAUPS__OP__DECLARE;
    d.request_id = 1;
    d.name = (char *)name;
    d.length = *n;
    send_frame(fd, &d, NULL, 0, now() + 5);
    const Taups__Header *r = recv_frame(fd, rd);
    if (r == NULL || r->op != TAUPS__OP__DECLARE_OK) {
        printf("no tensor %s: %s\n", name, r && r->error ? r->error : "closed");
        exit(0);
    }
    *n = r->length;
    return r->tensor_id;
}

/* Pulls of `count` elements, never read, until `seconds` pass or the shard
 * stops reading us. */
static void flood_pulls(uint64_t count, uint32_t codec, uint64_t clock,
                        int role, double seconds) {
    int fd = dial();
    tps__reader_t rd;
    tps__reader_init(&rd, NULL, NULL, NULL);
    expect_hello(hello(fd, &rd, role, 0, 1));
    /* An admin floods a 16 MB tensor of its own; an evaluator reads the
     * workers' "w". */
    uint64_t n = role == TPS_ROLE_ADMIN ? 1u << 22 : 0;
    uint32_t id = lookup(fd, &rd, role == TPS_ROLE_ADMIN ? "bulk" : "w", &n);
    if (count == 0 || count > n)
        count = n;
    double until = now() + seconds;
    uint64_t sent = 0;
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PULL;
    p.tensor_id = id;
    p.count = count;
    p.codec = codec;
    p.clock = clock;
    while (now() < until) {
        p.request_id = 100 + sent;
        uint8_t meta[256];
        size_t m = tps__frame_encode_meta(&p, 0, meta, sizeof(meta));
        if (put(fd, meta, m, until) < m)
            break;
        sent++;
    }
    printf("sent %llu pulls of %llu elements without reading a reply\n",
           (unsigned long long)sent, (unsigned long long)count);
    tps__reader_free(&rd);
    close(fd);
}

/* A worker (rank 0 of 1, session 0x5eed) with tensor `name` of n zeros
 * declared; returns the connection and the tensor's id. */
static int worker_with(tps__reader_t *rd, const char *name, uint64_t n,
                       uint32_t *id) {
    int fd = dial();
    tps__reader_init(rd, NULL, NULL, NULL);
    expect_hello(hello(fd, rd, TPS_ROLE_WORKER, 0, 1));
    *id = lookup(fd, rd, name, &n);
    return fd;
}

/* The whole tensor (n elements, one reply frame) and its version. */
static void pull_all(int fd, tps__reader_t *rd, uint32_t id, uint64_t n,
                     float *out, uint64_t *version) {
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PULL;
    p.request_id = 1;
    p.tensor_id = id;
    p.count = n;
    p.chunk = n;
    send_frame(fd, &p, NULL, 0, now() + 5);
    const Taups__Header *r = recv_frame(fd, rd);
    if (r == NULL || r->op != TAUPS__OP__PULL_OK || r->count != n) {
        printf("pull failed: %s\n", r && r->error ? r->error : "closed");
        exit(0);
    }
    memcpy(out, rd->payload, n * sizeof(float));
    *version = r->version;
}

/* One push frame of g[0, count) at `offset` (fp16-encoded when `codec`),
 * claiming `norm`. */
static void push_chunk(int fd, uint64_t rid, uint32_t id, uint64_t offset,
                       const float *g, uint64_t count, int last, float norm,
                       const tps__codec_t *codec) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = rid;
    h.tensor_id = id;
    h.offset = offset;
    h.count = count;
    h.last = last;
    h.grad_norm = norm;
    h.raw_len = count * sizeof(float);
    uint8_t enc[4096];
    const void *payload = g;
    size_t len = count * sizeof(float);
    if (codec != NULL) {
        tps__codec_pack(codec, &h.codec, &h.codec_ratio);
        int64_t k = tps__codec_encode(codec, g, count, 1, enc, sizeof(enc));
        if (k < 0) {
            printf("cannot encode: %d\n", (int)k);
            exit(0);
        }
        payload = enc;
        len = (size_t)k;
        h.encoded_len = len;
    }
    send_frame(fd, &h, payload, len, now() + 5);
}

/* Euclidean distance of a and b, n elements. */
static double dist(const float *a, const float *b, uint64_t n) {
    double ss = 0;
    for (uint64_t i = 0; i < n; i++)
        ss += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
    return sqrt(ss);
}

/* clip: each push of a gradient of norm 100 (or 100*sqrt(2) over two
 * chunks), answered, then the step it made: "claim C CODEC CHUNKS: step X"
 * or "... refused: SENTENCE". */
static void attack_clip(const tps__codec_t *fp16) {
    tps__reader_t rd;
    uint32_t id;
    int fd = worker_with(&rd, "clip", 4, &id);
    static const struct {
        float claim;
        int fp16, chunks;
    } cases[] = {{-1, 0, 1},   {NAN, 0, 1},  {INFINITY, 0, 1},
                 {1e-3f, 0, 1}, {1e-3f, 1, 1}, {100, 1, 1},
                 {1e-3f, 0, 2}, {1e-3f, 1, 2}, {-1, 0, 2}};
    uint64_t rid = 10;
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        float before[4], after[4];
        uint64_t v;
        pull_all(fd, &rd, id, 4, before, &v);
        const float g[4] = {100, 0, 0, cases[k].chunks == 2 ? 100 : 0};
        const tps__codec_t *c = cases[k].fp16 ? fp16 : NULL;
        rid++;
        if (cases[k].chunks == 1) {
            push_chunk(fd, rid, id, 0, g, 4, 1, cases[k].claim, c);
        } else {
            push_chunk(fd, rid, id, 0, g, 2, 0, cases[k].claim, c);
            push_chunk(fd, rid, id, 2, g + 2, 2, 1, cases[k].claim, c);
        }
        const Taups__Header *r = NULL;
        /* Every chunk is answered, or the first refusal ends the push (its
         * later chunks are refused too). */
        for (int j = 0; j < cases[k].chunks; j++) {
            r = recv_frame(fd, &rd);
            if (r == NULL || r->op == TAUPS__OP__ERROR)
                break;
        }
        int refused = r == NULL || r->op == TAUPS__OP__ERROR;
        char text[300];
        snprintf(text, sizeof(text), "%s",
                 r == NULL ? "closed" : r->error ? r->error : "");
        for (int j = 1; refused && r != NULL && j < cases[k].chunks; j++)
            r = recv_frame(fd, &rd);
        pull_all(fd, &rd, id, 4, after, &v);
        printf("claim %g %s %d chunks: step %.6f%s%s\n",
               (double)cases[k].claim, c ? "fp16" : "none", cases[k].chunks,
               dist(before, after, 4), refused ? " refused: " : "",
               refused ? text : "");
    }
    tps__reader_free(&rd);
    close(fd);
}

/* What a pull shows after an act: "ACT: version V, sum S" (every push
 * below adds -lr to each element it reaches). */
static void report(int fd, tps__reader_t *rd, uint32_t id, const char *act) {
    float p[8];
    uint64_t v;
    pull_all(fd, rd, id, 8, p, &v);
    double sum = 0;
    for (int i = 0; i < 8; i++)
        sum += p[i];
    printf("%s: version %llu, sum %g\n", act, (unsigned long long)v, sum);
}

/* halfpush: pushes of ones in two chunks of 4, at lr 1 on zeros. A shard
 * that clips stages them (nothing of a push cut off or refused midway
 * stays); one that does not applies each chunk as it comes. */
static void attack_halfpush(void) {
    tps__reader_t rd;
    uint32_t id;
    int fd = worker_with(&rd, "half", 8, &id);
    const float ones[4] = {1, 1, 1, 1}, nan4[4] = {1, NAN, 1, 1};
    /* Cut off after chunk 1: nothing of it may stay. */
    push_chunk(fd, 10, id, 0, ones, 4, 0, 0, NULL);
    usleep(200000);
    tps__reader_free(&rd);
    close(fd);
    fd = worker_with(&rd, "half", 8, &id);
    report(fd, &rd, id, "cut off after chunk 1 of 2");
    /* The client's resend after a reconnection: the whole push again. */
    push_chunk(fd, 10, id, 0, ones, 4, 0, 0, NULL);
    push_chunk(fd, 10, id, 4, ones, 4, 1, 0, NULL);
    int ok = 0;
    for (int j = 0; j < 2; j++) {
        const Taups__Header *r = recv_frame(fd, &rd);
        ok += r != NULL && r->op == TAUPS__OP__PUSH_OK;
    }
    printf("resent whole: %d of 2 chunks answered PUSH_OK\n", ok);
    report(fd, &rd, id, "resent whole");
    /* Refused at chunk 2, then at chunk 1: nothing of either applies. */
    push_chunk(fd, 11, id, 0, ones, 4, 0, 0, NULL);
    push_chunk(fd, 11, id, 4, nan4, 4, 1, 0, NULL);
    /* A shard that applies chunks as they come answers chunk 1 first. */
    const Taups__Header *r = NULL;
    for (int j = 0; j < 2; j++) {
        r = recv_frame(fd, &rd);
        if (r == NULL || r->op == TAUPS__OP__ERROR)
            break;
    }
    printf("NaN in chunk 2: %s\n", r && r->error ? r->error : "accepted");
    report(fd, &rd, id, "NaN in chunk 2");
    push_chunk(fd, 12, id, 0, nan4, 4, 0, 0, NULL);
    push_chunk(fd, 12, id, 4, ones, 4, 1, 0, NULL);
    for (int j = 0; j < 2; j++) {
        r = recv_frame(fd, &rd);
        printf("NaN in chunk 1, answer %d: %s\n", j + 1,
               r && r->error ? r->error : "accepted");
    }
    report(fd, &rd, id, "NaN in chunk 1");
    tps__reader_free(&rd);
    close(fd);
}

/* stale: a push the client decided, at a staleness no run reaches. */
static void attack_stale(void) {
    tps__reader_t rd;
    uint32_t id;
    int fd = worker_with(&rd, "stale", 4, &id);
    const float g[4] = {1, 1, 1, 1};
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = 10;
    h.tensor_id = id;
    h.count = 4;
    h.last = 1;
    h.decided = 1;
    h.workers = 1;
    h.staleness = UINT64_C(1) << 63;
    h.raw_len = sizeof(g);
    send_frame(fd, &h, g, sizeof(g), now() + 5);
    const Taups__Header *r = recv_frame(fd, &rd);
    printf("decided staleness 2^63: %s\n",
           r == NULL ? "closed" : r->error ? r->error : "ACCEPTED");
    tps__reader_free(&rd);
    close(fd);
}

/* One pull of a 4M-element tensor in 1-element chunks, never read; after
 * `seconds`, whether the shard has closed the connection (it may, for
 * replies not read within --idle-timeout). */
static void chunk1(double seconds) {
    int fd = dial();
    tps__reader_t rd;
    tps__reader_init(&rd, NULL, NULL, NULL);
    expect_hello(hello(fd, &rd, TPS_ROLE_ADMIN, 0, 1));
    uint64_t n = 1u << 22;
    uint32_t id = lookup(fd, &rd, "bulk", &n);
    printf("declared\n");
    fflush(stdout);
    sleep(1);
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PULL;
    p.request_id = 7;
    p.tensor_id = id;
    p.count = n;
    p.chunk = 1;
    send_frame(fd, &p, NULL, 0, now() + 5);
    usleep((useconds_t)(seconds * 1e6));
    /* Closed: what was queued reads out, then the end. */
    int closed = 0;
    static uint8_t sink[1 << 16];
    for (double until = now() + 5; now() < until;) {
        struct pollfd q = {fd, POLLIN, 0};
        if (poll(&q, 1, 100) <= 0)
            break;
        ssize_t r = recv(fd, sink, sizeof(sink), 0);
        if (r <= 0) {
            closed = 1;
            break;
        }
    }
    printf("one pull of %llu elements in chunks of 1, not read for %g s: "
           "%s\n",
           (unsigned long long)n, seconds,
           closed ? "the shard closed the connection" : "still open");
    tps__reader_free(&rd);
    close(fd);
}

/* 300 connections that never say hello, spread over 10 source addresses,
 * each dialled again as soon as the shard closes it. */
static void bare(double seconds) {
    enum { N = 300, ADDRS = 10 };
    struct pollfd fds[N];
    uint64_t dials = 0, cut = 0;
    for (int i = 0; i < N; i++) {
        fds[i].fd = dial_from(htonl(0x7f000002u + (uint32_t)(i % ADDRS)));
        fds[i].events = POLLIN;
        dials++;
    }
    for (double until = now() + seconds; now() < until;) {
        if (poll(fds, N, 10) <= 0)
            continue;
        for (int i = 0; i < N; i++)
            if (fds[i].revents) {
                close(fds[i].fd);
                cut++;
                fds[i].fd =
                    dial_from(htonl(0x7f000002u + (uint32_t)(i % ADDRS)));
                dials++;
            }
    }
    for (int i = 0; i < N; i++)
        close(fds[i].fd);
    printf("%d bare connections from %d addresses: %llu dialled, %llu cut off "
           "by the shard\n",
           N, ADDRS, (unsigned long long)dials, (unsigned long long)cut);
}

/* An admin pipelines CHECKPOINT requests for `seconds`, reading what
 * comes back as it goes, then reads the rest. */
static void ckpt(double seconds) {
    int fd = dial();
    tps__reader_t rd;
    tps__reader_init(&rd, NULL, NULL, NULL);
    expect_hello(hello(fd, &rd, TPS_ROLE_ADMIN, 0, 1));
    tps__reader_next(&rd);
    Taups__Header c = TAUPS__HEADER__INIT;
    c.op = TAUPS__OP__CHECKPOINT;
    uint8_t meta[64 * 1024];
    uint64_t sent = 0, answered = 0, refused = 0, other = 0;
    static uint8_t in[1 << 16];
    size_t in_len = 0;
    for (double until = now() + seconds + 5, stop = now() + seconds;
         now() < until &&
         (now() < stop || answered + refused + other < sent);) {
        if (now() < stop) {
            size_t m = 0;
            for (int i = 0; i < 1000; i++) {
                c.request_id = ++sent;
                m += tps__frame_encode_meta(&c, 0, meta + m, sizeof(meta) - m);
            }
            put(fd, meta, m, now() + 1);
        }
        for (;;) {
            struct pollfd p = {fd, POLLIN, 0};
            if (poll(&p, 1, now() < stop ? 0 : 100) <= 0)
                break;
            ssize_t n = recv(fd, in, sizeof(in), 0);
            if (n <= 0) {
                until = 0;
                break;
            }
            in_len = (size_t)n;
            for (size_t used, off = 0; off < in_len; off += used) {
                int rc = tps__reader_feed(&rd, in + off, in_len - off, &used);
                if (rc < 0) {
                    until = 0;
                    break;
                }
                if (rc == 1) {
                    if (rd.hdr->op == TAUPS__OP__STATS_OK)
                        answered++;
                    else if (rd.hdr->error &&
                             strstr(rd.hdr->error, "already wait for a write"))
                        refused++;
                    else
                        other++;
                    tps__reader_next(&rd);
                }
            }
        }
    }
    printf("%llu checkpoint requests pipelined: %llu answered with a "
           "checkpoint, %llu refused as too many waiting, %llu other "
           "answers\n",
           (unsigned long long)sent, (unsigned long long)answered,
           (unsigned long long)refused, (unsigned long long)other);
    tps__reader_free(&rd);
    close(fd);
}

/* A connected client: its socket and reader. */
typedef struct peer_s {
    int fd;
    tps__reader_t rd;
    uint64_t rid;
} peer_t;

static void peer_open(peer_t *p, int role, int rank, int workers) {
    p->fd = dial();
    p->rid = 1000;
    tps__reader_init(&p->rd, NULL, NULL, NULL);
    expect_hello(hello(p->fd, &p->rd, role, rank, workers));
}

static void peer_close(peer_t *p) {
    tps__reader_free(&p->rd);
    close(p->fd);
}

static void peer_send(peer_t *p, Taups__Op op, uint32_t id, uint64_t rid,
                      uint64_t clock, uint64_t count, const float *g) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = op;
    h.request_id = rid;
    h.tensor_id = id;
    h.clock = clock;
    h.count = count;
    h.last = 1;
    h.raw_len = g ? count * sizeof(float) : 0;
    send_frame(p->fd, &h, g, g ? count * sizeof(float) : 0, now() + 5);
}

/* What a held pull waits for: a version (an evaluator's), or the slowest
 * worker's clock (ssp), which replies carry in `clock`. */
static int wait_clock;

/* Sends a VERSION probe and reads up to its answer: the pull replies that
 * came before it go to got[] (request ids, at most max; *n of them), each
 * checked to carry a version (or clock) >= its request's `want`
 * (want[rid - base]).
 * Returns 0, or -1 with a sentence in err. */
static int drain_to_probe(peer_t *p, uint32_t id, const uint64_t *want,
                          uint64_t base, uint64_t *got, int max, int *n,
                          char *err, size_t errlen) {
    uint64_t rid = ++p->rid;
    peer_send(p, TAUPS__OP__VERSION, id, rid, 0, 0, NULL);
    *n = 0;
    for (;;) {
        const Taups__Header *r = recv_frame(p->fd, &p->rd);
        if (r == NULL) {
            snprintf(err, errlen, "no answer to a version probe");
            return -1;
        }
        if (r->op == TAUPS__OP__VERSION_OK && r->request_id == rid)
            return 0;
        if (r->op != TAUPS__OP__PULL_OK) {
            snprintf(err, errlen, "op %d (%s) where pull replies or a probe's "
                     "answer were due", (int)r->op, r->error ? r->error : "");
            return -1;
        }
        uint64_t at = wait_clock ? r->clock : r->version;
        if (want == NULL || r->request_id < base ||
            at < want[r->request_id - base]) {
            snprintf(err, errlen, "pull %llu answered at %s %llu, before "
                     "what it waits for",
                     (unsigned long long)r->request_id,
                     wait_clock ? "clock" : "version", (unsigned long long)at);
            return -1;
        }
        if (*n == max) {
            snprintf(err, errlen, "more than %d pull replies at once", max);
            return -1;
        }
        got[(*n)++] = r->request_id;
    }
}

/* K pulls from `p`, for keys base+1..base+K in a shuffled order, request
 * id (rbase + key - base): what release and release-ssp hold. */
static void hold_shuffled(peer_t *p, uint32_t id, uint64_t base, int k,
                          uint64_t rbase, uint64_t *want) {
    int order[256];
    for (int j = 0; j < k; j++)
        order[j] = j + 1;
    for (int j = k - 1; j > 0; j--) {
        int o = rand() % (j + 1), t = order[j];
        order[j] = order[o];
        order[o] = t;
    }
    for (int j = 0; j < k; j++) {
        want[order[j]] = base + (uint64_t)order[j];
        peer_send(p, TAUPS__OP__PULL, id, rbase + (uint64_t)order[j],
                  base + (uint64_t)order[j], 64, NULL);
    }
}

/* Each step of `k` must release exactly the pull with key step (request id
 * rbase + step) on each peer; step() makes the next step happen. */
static int check_steps(peer_t *peers, int np, uint32_t id, int k,
                       uint64_t rbase, const uint64_t *want,
                       void (*step)(int), char *err, size_t errlen) {
    uint64_t got[8];
    int n;
    for (int e = 0; e < np; e++)
        if (drain_to_probe(&peers[e], id, want, rbase, got, 8, &n, err,
                           errlen) < 0)
            return -1;
        else if (n > 0) {
            snprintf(err, errlen, "%d pulls answered before any was due", n);
            return -1;
        }
    for (int i = 1; i <= k; i++) {
        step(i);
        for (int e = 0; e < np; e++) {
            if (drain_to_probe(&peers[e], id, want, rbase, got, 8, &n, err,
                               errlen) < 0)
                return -1;
            if (n != 1 || got[0] != rbase + (uint64_t)i) {
                snprintf(err, errlen, "step %d released %d pulls (the first "
                         "request %llu) where exactly request %llu was due",
                         i, n, n ? (unsigned long long)got[0] : 0ull,
                         (unsigned long long)(rbase + (uint64_t)i));
                return -1;
            }
        }
    }
    return 0;
}

static peer_t stepper;
static uint32_t step_id;
static float zeros[64];

/* A push by the worker, answered. */
static void push_step(int i) {
    (void)i;
    peer_send(&stepper, TAUPS__OP__PUSH, step_id, ++stepper.rid, 0, 64, zeros);
    const Taups__Header *r = recv_frame(stepper.fd, &stepper.rd);
    if (r == NULL || r->op != TAUPS__OP__PUSH_OK) {
        printf("release: push refused: %s\n",
               r && r->error ? r->error : "closed");
        exit(0);
    }
}

/* Worker 1's CLOCK i, handled (its probe's answer follows it). */
static void clock_step(int i) {
    peer_send(&stepper, TAUPS__OP__CLOCK, 0, ++stepper.rid, (uint64_t)i, 0,
              NULL);
    peer_send(&stepper, TAUPS__OP__VERSION, step_id, ++stepper.rid, 0, 0, NULL);
    const Taups__Header *r = recv_frame(stepper.fd, &stepper.rd);
    if (r == NULL || r->op != TAUPS__OP__VERSION_OK) {
        printf("release-ssp: clock not taken: %s\n",
               r && r->error ? r->error : "closed");
        exit(0);
    }
}

static void release(int ssp) {
    enum { E = 4, K = 64 };
    static uint64_t want[K + 1];
    char err[200] = "";
    peer_t ev[E];
    uint64_t n = 64, rbase = 5000;
    peer_open(&stepper, TPS_ROLE_WORKER, ssp, ssp ? 2 : 1);
    int np = ssp ? 1 : E;
    wait_clock = ssp;
    if (ssp) {
        peer_open(&ev[0], TPS_ROLE_WORKER, 0, 2);
        step_id = lookup(ev[0].fd, &ev[0].rd, "held", &n);
        lookup(stepper.fd, &stepper.rd, "held", &n);
        /* Worker 0 runs ahead: the gate waits for worker 1 alone. */
        peer_send(&ev[0], TAUPS__OP__CLOCK, 0, ++ev[0].rid, K + 1, 0, NULL);
        hold_shuffled(&ev[0], step_id, 0, K, rbase, want);
    } else {
        step_id = lookup(stepper.fd, &stepper.rd, "held", &n);
        Taups__Header v = TAUPS__HEADER__INIT;
        v.op = TAUPS__OP__VERSION;
        v.request_id = 2;
        v.tensor_id = step_id;
        send_frame(stepper.fd, &v, NULL, 0, now() + 5);
        const Taups__Header *r = recv_frame(stepper.fd, &stepper.rd);
        uint64_t v0 = r ? r->version : 0;
        for (int e = 0; e < E; e++) {
            uint64_t m = 0;
            peer_open(&ev[e], TPS_ROLE_EVALUATOR, 0, 1);
            lookup(ev[e].fd, &ev[e].rd, "held", &m);
            hold_shuffled(&ev[e], step_id, v0, K, rbase, want);
            /* One that no push here reaches: it must stay held. */
            peer_send(&ev[e], TAUPS__OP__PULL, step_id, 1, v0 + 1000, 64, NULL);
        }
    }
    int rc = check_steps(ev, np, step_id, K, rbase, want,
                         ssp ? clock_step : push_step, err, sizeof(err));
    if (rc == 0)
        printf("%s: %d x %d held pulls, each released by exactly the %s "
               "that opened its gate\n",
               ssp ? "release-ssp" : "release", np, K,
               ssp ? "clock" : "push");
    else
        printf("%s: WRONG: %s\n", ssp ? "release-ssp" : "release", err);
    for (int e = 0; e < np; e++)
        peer_close(&ev[e]);
    peer_close(&stepper);
}

/* e evaluators hold 1024 pulls each (never released) while a worker
 * pushes, one push answered before the next, for `seconds`. */
static void bench_held(int e, double seconds) {
    uint64_t n = 64, m = 0;
    peer_t *ev = calloc((size_t)e, sizeof(*ev));
    peer_open(&stepper, TPS_ROLE_WORKER, 0, 1);
    step_id = lookup(stepper.fd, &stepper.rd, "held", &n);
    for (int i = 0; i < e; i++) {
        peer_open(&ev[i], TPS_ROLE_EVALUATOR, 0, 1);
        lookup(ev[i].fd, &ev[i].rd, "held", &m);
        for (uint64_t j = 0; j < 1024; j++)
            peer_send(&ev[i], TAUPS__OP__PULL, step_id, 10 + j,
                      1000000000000ull + j, 64, NULL);
        /* Held before the next one starts, and before the pushes. */
        uint64_t got[1];
        int k;
        char err[200];
        if (drain_to_probe(&ev[i], step_id, NULL, 0, got, 0, &k, err,
                           sizeof(err)) < 0) {
            printf("bench-held: %s\n", err);
            exit(0);
        }
    }
    uint64_t pushes = 0;
    double t0 = now();
    while (now() - t0 < seconds) {
        push_step(0);
        pushes++;
    }
    printf("bench-held: %d evaluators x 1024 held pulls: %.0f pushes/s\n", e,
           (double)pushes / (now() - t0));
    for (int i = 0; i < e; i++)
        peer_close(&ev[i]);
    free(ev);
    peer_close(&stepper);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: attacker HOST:PORT KEYFILE|- ATTACK SECONDS\n");
        return 2;
    }
    char host[64];
    int port;
    if (sscanf(argv[1], "%63[^:]:%d", host, &port) != 2)
        return 2;
    target.sin_family = AF_INET;
    target.sin_port = htons((uint16_t)port);
    inet_pton(AF_INET, host, &target.sin_addr);
    char err[512];
    if (strcmp(argv[2], "-") != 0 &&
        tps__key_load(argv[2], &key, err, sizeof(err)) < 0) {
        fprintf(stderr, "attacker: %s\n", err);
        return 2;
    }
    const char *attack = argv[3];
    double seconds = atof(argv[4]);
    tps__codec_t fp16;
    char cerr[128];
    tps__codec_parse(&fp16, "fp16", 0, cerr, sizeof(cerr));
    uint32_t fp16_id;
    float ratio;
    tps__codec_pack(&fp16, &fp16_id, &ratio);
    if (strcmp(attack, "fp16") == 0) {
        flood_pulls(0, fp16_id, 0, TPS_ROLE_ADMIN, seconds);
    } else if (strcmp(attack, "tiny") == 0) {
        flood_pulls(1, 0, 0, TPS_ROLE_ADMIN, seconds);
    } else if (strcmp(attack, "held") == 0) {
        flood_pulls(1, 0, 1000000000000ULL, TPS_ROLE_EVALUATOR, seconds);
    } else if (strcmp(attack, "release") == 0) {
        release(0);
    } else if (strcmp(attack, "release-ssp") == 0) {
        release(1);
    } else if (strncmp(attack, "bench-held:", 11) == 0) {
        bench_held(atoi(attack + 11), seconds);
    } else if (strcmp(attack, "ckpt") == 0) {
        ckpt(seconds);
    } else if (strcmp(attack, "chunk1") == 0) {
        chunk1(seconds);
    } else if (strcmp(attack, "bare") == 0) {
        bare(seconds);
    } else if (strcmp(attack, "prehello") == 0) {
        int fds[10], closed = 0;
        Taups__Header h = TAUPS__HEADER__INIT;
        h.op = TAUPS__OP__PUSH;
        h.count = 16u << 20;
        for (int i = 0; i < 10; i++) {
            fds[i] = dial();
            uint8_t meta[256];
            size_t m =
                tps__frame_encode_meta(&h, 64u << 20, meta, sizeof(meta));
            put(fds[i], meta, m, now() + 2);
            static uint8_t junk[1 << 16];
            put(fds[i], junk, sizeof(junk), now() + 0.5);
        }
        usleep((useconds_t)(seconds * 1e6));
        for (int i = 0; i < 10; i++) {
            char b;
            struct pollfd p = {fds[i], POLLIN, 0};
            if (poll(&p, 1, 0) > 0 && recv(fds[i], &b, 1, MSG_PEEK) >= 0)
                closed++;
            close(fds[i]);
        }
        printf("10 connections announced 64 MiB payloads; %d were answered or "
               "closed\n", closed);
    } else if (strcmp(attack, "declare") == 0) {
        int fd = dial();
        tps__reader_t rd;
        tps__reader_init(&rd, NULL, NULL, NULL);
        expect_hello(hello(fd, &rd, TPS_ROLE_ADMIN, 0, 1));
        Taups__Header d = TAUPS__HEADER__INIT;
        d.op = TAUPS__OP__DECLARE;
        d.request_id = 1;
        d.name = (char *)"huge";
        d.length = 1u << 28;
        d.init = TAUPS__INIT__NORMAL;
        d.scale = 1;
        send_frame(fd, &d, NULL, 0, now() + 5);
        const Taups__Header *r = recv_frame(fd, &rd);
        printf("declare of 2^28 elements: %s\n",
               r == NULL ? "no answer"
               : r->op == TAUPS__OP__DECLARE_OK ? "accepted"
                                                : r->error);
        tps__reader_free(&rd);
        close(fd);
    } else if (strcmp(attack, "slowloris") == 0) {
        int fds[20], cut = 0;
        for (int i = 0; i < 20; i++)
            fds[i] = dial();
        static const uint8_t magic[4] = {'T', 'P', 'S', '1'};
        double until = now() + seconds;
        for (int k = 0; now() < until; k++) {
            for (int i = 0; i < 20; i++)
                if (fds[i] >= 0 &&
                    send(fds[i], &magic[k % 4], 1, MSG_NOSIGNAL) < 0) {
                    close(fds[i]);
                    fds[i] = -1;
                    cut++;
                }
            sleep(1);
        }
        /* Cut off: told why (an error frame) or closed. */
        for (int i = 0; i < 20; i++)
            if (fds[i] >= 0) {
                struct pollfd p = {fds[i], POLLIN, 0};
                if (poll(&p, 1, 0) > 0)
                    cut++;
                close(fds[i]);
            }
        printf("20 connections at a byte a second; %d were cut off\n", cut);
    } else if (strcmp(attack, "replay") == 0) {
        /* A recorded handshake played again: the same hello and the same
         * proof, on a new connection, where the shard's nonce is new. */
        int fd = dial();
        tps__reader_t rd;
        tps__reader_init(&rd, NULL, NULL, NULL);
        Taups__Header h = TAUPS__HEADER__INIT;
        uint8_t nonce[TPS_NONCE_BYTES], proof[TPS_MAC_BYTES];
        tps__auth_nonce(nonce);
        h.op = TAUPS__OP__HELLO;
        h.proto_version = TPS_PROTO_VERSION;
        h.role = TAUPS__ROLE__ADMIN;
        h.workers = 1;
        h.shards = 1;
        h.mode = (char *)"";
        h.nonce.data = nonce;
        h.nonce.len = sizeof(nonce);
        Taups__Header a = TAUPS__HEADER__INIT;
        a.op = TAUPS__OP__AUTH;
        a.mac.data = proof;
        a.mac.len = sizeof(proof);
        const Taups__Header *r = NULL;
        for (int round = 0; round < 2; round++) {
            send_frame(fd, &h, NULL, 0, now() + 5);
            r = recv_frame(fd, &rd);
            if (r == NULL || r->op != TAUPS__OP__CHALLENGE) {
                printf("no challenge: %s\n",
                       r && r->error ? r->error : "closed");
                return 0;
            }
            if (round == 0)
                tps__auth_proof(&key, TPS_AUTH_CLIENT, nonce, r->nonce.data, &h,
                               proof);
            send_frame(fd, &a, NULL, 0, now() + 5);
            r = recv_frame(fd, &rd);
            if (round == 0) {
                if (r == NULL || r->op != TAUPS__OP__HELLO_OK) {
                    printf("the recorded handshake failed\n");
                    return 0;
                }
                tps__reader_free(&rd);
                close(fd);
                fd = dial();
                tps__reader_init(&rd, NULL, NULL, NULL);
            }
        }
        printf("replayed handshake: %s\n",
               r == NULL ? "closed" : r->error ? r->error : "ACCEPTED");
        tps__reader_free(&rd);
        close(fd);
    } else if (strcmp(attack, "noauth") == 0) {
        /* Everything a stranger might try first: each on a connection of
         * its own, since the first refusal closes it. */
        static const int ops[] = {TAUPS__OP__STATS, TAUPS__OP__PULL,
                                  TAUPS__OP__DECLARE, TAUPS__OP__PUSH};
        int refused = 0;
        for (int i = 0; i < 4; i++) {
            int fd = dial();
            tps__reader_t rd;
            tps__reader_init(&rd, NULL, NULL, NULL);
            Taups__Header h = TAUPS__HEADER__INIT;
            h.op = (Taups__Op)ops[i];
            h.name = (char *)"w";
            h.length = 4;
            h.count = ops[i] == TAUPS__OP__PUSH ? 4 : 1;
            float g[4] = {42, 42, 42, 42};
            send_frame(fd, &h, g, ops[i] == TAUPS__OP__PUSH ? sizeof(g) : 0,
                       now() + 2);
            const Taups__Header *r = recv_frame(fd, &rd);
            refused += r != NULL && r->op == TAUPS__OP__ERROR;
            tps__reader_free(&rd);
            close(fd);
        }
        int fd = dial();
        tps__reader_t rd;
        tps__reader_init(&rd, NULL, NULL, NULL);
        const Taups__Header *r = hello(fd, &rd, TPS_ROLE_WORKER, 0, 1);
        printf("%d of 4 requests before a hello refused; a hello without the "
               "key: %s\n",
               refused,
               r == NULL  ? "closed"
               : r->error ? r->error
                          : "ACCEPTED");
        tps__reader_free(&rd);
        close(fd);
    } else if (strcmp(attack, "clip") == 0) {
        attack_clip(&fp16);
    } else if (strcmp(attack, "halfpush") == 0) {
        attack_halfpush();
    } else if (strcmp(attack, "stale") == 0) {
        attack_stale();
    } else {
        fprintf(stderr, "attacker: unknown attack %s\n", attack);
        return 2;
    }
    return 0;
}
