/* SPDX-License-Identifier: MIT */
/* taups-bench's throughput reference: what the kernel moves over loopback
 * TCP when nothing but TCP is asked of it, measured the way iperf3 does.
 * Each of N connections has a sender thread that writes fixed-size blocks
 * as fast as the socket takes them, one direction only, and a receiver
 * thread that reads and discards them. The figure is the bytes received
 * by all receivers over a timed window that starts after a warm-up (slow
 * start and page faults are not timed).
 *
 * Both ends set TCP_NODELAY, as every taups connection does, and leave the
 * socket buffers to the kernel's autotuning, as taups does. With
 * --transport unix the connections are unix socket pairs. Blocks of
 * 128 KiB and 1 MiB are tried and the better one is kept: iperf3's default
 * and the size users pass with -l.
 *
 * Must NOT know about taups and must NOT print anything but its own error
 * messages. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "tps_log.h"

#define STREAM_WARMUP_S 0.1

typedef struct stream_conn_s {
    int tx, rx;
    pthread_t tx_thread, rx_thread;
    int tx_started, rx_started;
    char *buf; /* the sender's block; the receiver reads into its own */
    size_t block;
    _Atomic uint64_t received;
    _Atomic int *stop;
} stream_conn_t;

static void *stream_sender(void *arg) {
    stream_conn_t *s = arg;
    while (!atomic_load_explicit(s->stop, memory_order_relaxed)) {
        ssize_t k = send(s->tx, s->buf, s->block, MSG_NOSIGNAL);
        if (k < 0 && errno != EINTR)
            break;
    }
    return NULL;
}

static void *stream_receiver(void *arg) {
    stream_conn_t *s = arg;
    char *buf = malloc(s->block);
    if (buf == NULL)
        return NULL;
    for (;;) {
        ssize_t k = recv(s->rx, buf, s->block, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        atomic_fetch_add_explicit(&s->received, (uint64_t)k,
                                  memory_order_relaxed);
    }
    free(buf);
    return NULL;
}

int bench_socket_pair(int *tx, int *rx) {
    struct sockaddr_in a;
    socklen_t alen = sizeof(a);
    int one = 1, lfd, sv[2];
    *tx = *rx = -1;
    if (bench_cfg.unix_sock) {
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
            return -1;
        *tx = sv[0];
        *rx = sv[1];
        return 0;
    }
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (lfd < 0)
        return -1;
    if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(lfd, 1) < 0 ||
        getsockname(lfd, (struct sockaddr *)&a, &alen) < 0 ||
        (*tx = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
        connect(*tx, (struct sockaddr *)&a, alen) < 0 ||
        (*rx = accept4(lfd, NULL, NULL, SOCK_CLOEXEC)) < 0 ||
        setsockopt(*tx, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0 ||
        setsockopt(*rx, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0) {
        int err = errno;
        close(lfd);
        errno = err;
        return -1;
    }
    close(lfd);
    return 0;
}

static uint64_t total_received(stream_conn_t *c, int n) {
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += atomic_load(&c[i].received);
    return sum;
}

/* One window with blocks of `block` bytes; bytes per second, or -1. */
static double stream_once(int nconn, size_t block, double secs) {
    stream_conn_t *c = calloc((size_t)nconn, sizeof(*c));
    _Atomic int stop;
    double rate = -1, t0, t1;
    uint64_t b0, b1;
    int i, err = 0;
    atomic_init(&stop, 0);
    if (c == NULL) {
        err = ENOMEM;
        goto out;
    }
    for (i = 0; i < nconn; i++) {
        c[i].tx = c[i].rx = -1;
        c[i].block = block;
        c[i].stop = &stop;
        atomic_init(&c[i].received, 0);
        if ((c[i].buf = malloc(block)) == NULL) {
            err = ENOMEM;
            goto out;
        }
        memset(c[i].buf, 0x5a, block);
        if (bench_socket_pair(&c[i].tx, &c[i].rx) < 0) {
            err = errno;
            goto out;
        }
    }
    for (i = 0; i < nconn; i++) {
        if ((err = pthread_create(&c[i].rx_thread, NULL, stream_receiver,
                                  &c[i])) != 0)
            goto out;
        c[i].rx_started = 1;
        if ((err = pthread_create(&c[i].tx_thread, NULL, stream_sender,
                                  &c[i])) != 0)
            goto out;
        c[i].tx_started = 1;
    }
    bench_sleep_ms((int)(STREAM_WARMUP_S * 1e3));
    b0 = total_received(c, nconn);
    t0 = tps__now();
    bench_sleep_ms((int)(secs * 1e3));
    b1 = total_received(c, nconn);
    t1 = tps__now();
    rate = (double)(b1 - b0) / (t1 - t0);
out:
    atomic_store(&stop, 1);
    for (i = 0; c && i < nconn; i++) {
        /* A sender blocked in send() and a receiver blocked in recv() both
         * return once the connection is shut down. */
        if (c[i].tx >= 0)
            shutdown(c[i].tx, SHUT_RDWR);
        if (c[i].rx >= 0)
            shutdown(c[i].rx, SHUT_RDWR);
        if (c[i].tx_started)
            pthread_join(c[i].tx_thread, NULL);
        if (c[i].rx_started)
            pthread_join(c[i].rx_thread, NULL);
        if (c[i].tx >= 0)
            close(c[i].tx);
        if (c[i].rx >= 0)
            close(c[i].rx);
        free(c[i].buf);
    }
    free(c);
    if (err) {
        fprintf(stderr, PROG ": raw TCP stream over %d connection(s): %s\n",
                nconn, strerror(err));
        return -1;
    }
    return rate;
}

double bench_tcp_stream(int nconn, double secs) {
    static const size_t blocks[] = {128 << 10, 1 << 20};
    double best = -1;
    if (secs < 0.05)
        secs = 0.05;
    for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++) {
        double r = stream_once(nconn, blocks[i], secs);
        if (r < 0)
            return -1;
        if (r > best)
            best = r;
    }
    return best;
}
