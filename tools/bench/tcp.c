/* SPDX-License-Identifier: MIT */
/* taups-bench's latency reference: plain blocking TCP on loopback between
 * this thread and a receiver thread, in the request/response shape of a
 * push (SIZE bytes, then a 1-byte ack), so that a push's latency can be
 * read as a multiple of the kernel's own round trip on this machine in the
 * same run. It is not a throughput reference: a stop-and-wait exchange
 * leaves the pipe empty once per message (stream.c is the throughput one).
 *
 * Each message is an 8-byte length (host order: both ends are this
 * process) then the payload; length 0 ends the receiver. The receiver reads
 * straight into one buffer, as the taups server reads large payloads in
 * place.
 *
 * Must NOT know about taups: no client, no server, no output but its own
 * error messages. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "bench.h"
#include "tps_log.h"

static int read_full(int fd, void *buf, size_t len) {
    char *p = buf;
    while (len > 0) {
        ssize_t k = recv(fd, p, len, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (k == 0)
                errno = ECONNRESET;
            return -1;
        }
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

static int send_iov(int fd, struct iovec *v, int cnt) {
    while (cnt > 0) {
        struct msghdr m;
        memset(&m, 0, sizeof(m));
        m.msg_iov = v;
        m.msg_iovlen = (size_t)cnt;
        ssize_t k = sendmsg(fd, &m, MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        while (cnt > 0 && (size_t)k >= v->iov_len) {
            k -= (ssize_t)v->iov_len;
            v++;
            cnt--;
        }
        if (cnt > 0) {
            v->iov_base = (char *)v->iov_base + k;
            v->iov_len -= (size_t)k;
        }
    }
    return 0;
}

static void *tcp_receiver(void *arg) {
    tcp_bench_t *t = arg;
    for (;;) {
        uint64_t len;
        char ack = 1;
        struct iovec v = {&ack, 1};
        if (read_full(t->receiver, &len, sizeof(len)) < 0)
            break;
        if (len == 0)
            return NULL;
        if (len > t->cap) {
            errno = EMSGSIZE;
            break;
        }
        if (read_full(t->receiver, t->rxbuf, len) < 0 ||
            send_iov(t->receiver, &v, 1) < 0)
            break;
    }
    t->rx_err = errno;
    /* Unblocks the sender waiting for an ack that will never come. */
    shutdown(t->receiver, SHUT_RDWR);
    return NULL;
}

int bench_tcp_start(tcp_bench_t *t, uint64_t cap) {
    int err;
    memset(t, 0, sizeof(*t));
    t->sender = t->receiver = -1;
    t->cap = cap;
    if (bench_socket_pair(&t->sender, &t->receiver) < 0)
        goto fail;
    t->txbuf = malloc(cap);
    t->rxbuf = malloc(cap);
    if (t->txbuf == NULL || t->rxbuf == NULL) {
        errno = ENOMEM;
        goto fail;
    }
    /* Touch every page now so that page faults are not timed. */
    memset(t->txbuf, 0x5a, cap);
    memset(t->rxbuf, 0, cap);
    if ((err = pthread_create(&t->thread, NULL, tcp_receiver, t)) != 0) {
        errno = err;
        goto fail;
    }
    t->running = 1;
    return 0;
fail:
    err = errno;
    fprintf(stderr, PROG ": raw TCP loopback setup: %s\n", strerror(err));
    return -1;
}

static int tcp_roundtrip(tcp_bench_t *t, uint64_t size) {
    char ack;
    struct iovec v[2] = {{&size, sizeof(size)}, {t->txbuf, size}};
    return send_iov(t->sender, v, 2) < 0 || read_full(t->sender, &ack, 1) < 0
               ? -1
               : 0;
}

int bench_tcp_slice(tcp_bench_t *t, uint64_t size, samples_t *lat,
                    tcp_acc_t *out) {
    uint64_t n = 0;
    double t0, a, b;
    for (int i = 0; i < bench_cfg.warmup; i++)
        if (tcp_roundtrip(t, size) < 0)
            goto fail;
    t0 = b = tps__now();
    do {
        a = b;
        if (tcp_roundtrip(t, size) < 0)
            goto fail;
        b = tps__now();
        if (bench_samples_add(lat, (b - a) * 1e3) < 0) {
            errno = ENOMEM;
            goto fail;
        }
        n++;
    } while (!bench_point_done(n, b - t0, ((uint64_t)bench_cfg.reps + 1) / 2,
                               bench_cfg.min_time / 2));
    out->ops = n;
    out->secs = b - t0;
    return 0;
fail:
    fprintf(stderr, PROG ": raw TCP at %llu bytes: %s\n",
            (unsigned long long)size, strerror(errno));
    return -1;
}

void bench_tcp_stop(tcp_bench_t *t) {
    if (t->running) {
        uint64_t zero = 0;
        struct iovec v = {&zero, sizeof(zero)};
        if (send_iov(t->sender, &v, 1) < 0)
            shutdown(t->sender, SHUT_RDWR);
        pthread_join(t->thread, NULL);
        t->running = 0;
    }
    if (t->sender >= 0)
        close(t->sender);
    if (t->receiver >= 0)
        close(t->receiver);
    t->sender = t->receiver = -1;
    free(t->txbuf);
    free(t->rxbuf);
    t->txbuf = t->rxbuf = NULL;
}
