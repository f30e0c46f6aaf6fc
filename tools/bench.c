/* taups-bench: how fast libtaups moves dense float32 tensors, next to what
 * plain TCP does on the same machine in the same run (DESIGN.md §10).
 *
 * For every size from --min-size to --max-size it measures
 *   tcp       one blocking loopback connection between two threads: the
 *             sender writes SIZE bytes, the receiver reads all of them and
 *             answers with one byte. That request/response shape is the shape
 *             of a push (and, mirrored, of a pull), so it is the baseline the
 *             ratio column divides by.
 *   push, pull, pushpull (a push followed by a pull: one training
 *             iteration's traffic), run by --workers threads that own one
 *             client each, against --shards taups-server processes started
 *             here on free loopback ports, or against a running --cluster.
 * Goodput counts tensor bytes only (twice for pushpull) summed over workers,
 * divided by the point's wall time; latencies are per operation and pooled
 * over workers.
 *
 * Servers run with --lr 0 so that parameters never move: after the run every
 * tensor is pulled again and must be finite and bitwise equal to the pull
 * made right after declaring it, which catches a path that is fast because it
 * is broken.
 *
 * With --codec SPEC[,SPEC...] it measures the gradient codecs instead, on
 * one core and without servers: encode and decode+accumulate throughput in
 * GB/s of raw float32 (4n bytes per operation, whatever the wire size) for
 * n = 1e3, 1e4, ... up to --max-n, on standard normal gradients. Each figure
 * is the median of timed samples; a sample batches enough operations to
 * last a millisecond, so that small n are not timing the clock. */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "taups.h"
#include "tps_codec.h"
#include "tps_opt.h"
#include "tps_rng.h"

#define PROG "taups-bench"

/* ---- options ----------------------------------------------------------- */

static struct {
    const char *cluster;
    const char *server_bin;
    tps_strlist_t server_args;
    int workers;
    int shards;
    const char *ops;
    const char *min_size;
    const char *max_size;
    int factor;
    int reps;
    int warmup;
    double min_time;
    const char *chunk;
    const char *push_codec, *pull_codec;
    int wire_zstd;
    uint64_t seed;
    int json;
    int clock;
    const char *codec;
    int bucket;
    uint64_t max_n;
} cfg;

#define STR_(x) #x
#define STR(x) STR_(x)

static const tps_opt_t options[] = {
    {"workers", TPS_OPT_INT, &cfg.workers, "1", 1, 4096, NULL, "N",
     "worker threads, each with its own client"},
    {"shards", TPS_OPT_INT, &cfg.shards, "1", 1, 256, NULL, "S",
     "taups-server processes to start on loopback"},
    {"ops", TPS_OPT_STR, &cfg.ops, "push,pull,pushpull", 0, -1, NULL, "LIST",
     "comma-separated: push, pull, pushpull (push then pull), tcp (raw TCP "
     "rows; alone, no server is needed)"},
    {"min-size", TPS_OPT_STR, &cfg.min_size, "1K", 0, -1, NULL, "BYTES",
     "smallest tensor; K, M, G are powers of 1024"},
    {"max-size", TPS_OPT_STR, &cfg.max_size, "64M", 0, -1, NULL, "BYTES",
     "largest tensor"},
    {"factor", TPS_OPT_INT, &cfg.factor, "4", 2, 1024, NULL, "F",
     "each size is F times the previous one"},
    {"reps", TPS_OPT_INT, &cfg.reps, "20", 1, 1e9, NULL, "N",
     "timed operations per worker and point, at least; with --codec, timed "
     "samples per point at most (at least 3, for --min-time)"},
    {"min-time", TPS_OPT_DOUBLE, &cfg.min_time, "0.3", 0, 3600, NULL,
     "SECONDS", "time per point, at least"},
    {"warmup", TPS_OPT_INT, &cfg.warmup, "3", 0, 1000000, NULL, "N",
     "untimed operations per worker before each point"},
    {"push-codec", TPS_OPT_STR, &cfg.push_codec, NULL, 0, -1, NULL, "CODEC",
     "network mode: compress pushes like taups-worker --codec (error "
     "feedback as its default); the wire column shows the bytes that moved"},
    {"pull-codec", TPS_OPT_STR, &cfg.pull_codec, NULL, 0, -1, NULL, "CODEC",
     "network mode: have the shards encode pull replies"},
    {"wire-zstd", TPS_OPT_INT, &cfg.wire_zstd, "0", 0, 22, NULL, "LEVEL",
     "network mode: zstd on encoded pushes"},
    {"chunk", TPS_OPT_STR, &cfg.chunk, NULL, 0, -1, NULL, "BYTES",
     "client chunk size (largest payload of one frame) [default: the "
     "library's]"},
    {"seed", TPS_OPT_U64, &cfg.seed, "1", 0, -1, NULL, "N",
     "seed of the tensors' init and of the pushed gradient"},
    {"clock", TPS_OPT_FLAG, &cfg.clock, NULL, 0, -1, NULL, NULL,
     "pushpull advances the worker's clock like a training iteration (so "
     "that ssp and sync gates act); every worker then makes exactly --reps "
     "iterations per point, --min-time is ignored"},
    {"json", TPS_OPT_FLAG, &cfg.json, NULL, 0, -1, NULL, NULL,
     "print one JSON object per line and measurement instead of a table"},
    {"cluster", TPS_OPT_STR, &cfg.cluster, NULL, 0, -1, NULL, "HOST:PORT,...",
     "benchmark these running shards (started with --lr 0) instead of "
     "starting servers; --shards is then ignored"},
    {"server-bin", TPS_OPT_STR, &cfg.server_bin, NULL, 0, -1, NULL, "PATH",
     "taups-server to start [default: next to this program, then "
     "../server/, then $PATH]"},
    {"server-arg", TPS_OPT_LIST, &cfg.server_args, NULL, 0, -1, NULL, "ARG",
     "one more argument for every server started, e.g. "
     "--server-arg=--mode=async"},
    {"codec", TPS_OPT_STR, &cfg.codec, NULL, 0, -1, NULL, "SPEC,...",
     "measure these codecs (e.g. fp16,qsgd:8,topk:0.01) instead of push and "
     "pull: encode and decode+accumulate GB/s of raw float32 on one core; no "
     "server is started and the options above except --reps, --min-time, "
     "--seed and --json are ignored"},
    {"bucket", TPS_OPT_INT, &cfg.bucket, STR(TPS_CODEC_BUCKET_DEFAULT), 1,
     TPS_CODEC_BUCKET_MAX, NULL, "N",
     "with --codec: elements per bucket of qsgd and uniform"},
    {"max-n", TPS_OPT_U64, &cfg.max_n, "100000000", 1000, 4294967296.0, NULL,
     "N", "with --codec: largest element count (n runs over 1e3, 1e4, ... "
     "up to N)"},
    TPS_OPT_END};

static const char usage[] =
    "Usage: " PROG " [OPTIONS]\n"
    "       " PROG " --codec SPEC[,SPEC...] [--max-n N] [--bucket N]\n"
    "\n"
    "Measures push, pull and push+pull goodput and latency (p50, p99) of dense\n"
    "float32 tensors with N workers and S shards on loopback, and in the same\n"
    "run the goodput of plain blocking TCP between two threads (SIZE bytes,\n"
    "then a 1-byte ack: the shape of a push). The ratio column is taups\n"
    "goodput over that raw TCP figure at the same size.";

/* ---- small helpers ------------------------------------------------------ */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

/* "4096", "4K", "4KiB", "64M", "1G": K/M/G are powers of 1024. */
static int parse_size(const char *s, uint64_t *out) {
    char *end;
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno == ERANGE)
        return -1;
    uint64_t mult = 1;
    switch (*end) {
    case 'k': case 'K': mult = 1ULL << 10; end++; break;
    case 'm': case 'M': mult = 1ULL << 20; end++; break;
    case 'g': case 'G': mult = 1ULL << 30; end++; break;
    default: break;
    }
    if (mult > 1 && *end == 'i')
        end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0' || v == 0 || v > UINT64_MAX / mult)
        return -1;
    *out = v * mult;
    return 0;
}

static void format_size(uint64_t b, char *buf, size_t len) {
    if (b >= (1ULL << 30) && b % (1ULL << 30) == 0)
        snprintf(buf, len, "%lluG", (unsigned long long)(b >> 30));
    else if (b >= (1ULL << 20) && b % (1ULL << 20) == 0)
        snprintf(buf, len, "%lluM", (unsigned long long)(b >> 20));
    else if (b >= (1ULL << 10) && b % (1ULL << 10) == 0)
        snprintf(buf, len, "%lluK", (unsigned long long)(b >> 10));
    else
        snprintf(buf, len, "%llu", (unsigned long long)b);
}

typedef struct samples_s {
    double *v;
    size_t n, cap;
} samples_t;

static int samples_add(samples_t *s, double x) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        double *v = realloc(s->v, cap * sizeof(*v));
        if (v == NULL)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return 0;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the smallest sample with at least pct % of all samples at or
 * below it. `v` is sorted. */
static double percentile(const double *v, size_t n, unsigned pct) {
    if (n == 0)
        return NAN;
    size_t rank = (n * pct + 99) / 100;
    return v[rank > 0 ? rank - 1 : 0];
}

/* ---- operations and results -------------------------------------------- */

enum { OP_TCP, OP_PUSH, OP_PULL, OP_PUSHPULL, NOPS };
static const char *const op_names[NOPS] = {"tcp", "push", "pull", "pushpull"};

static int parse_ops(const char *s, unsigned *mask) {
    *mask = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        int k;
        for (k = 0; k < NOPS; k++)
            if (strlen(op_names[k]) == len && strncmp(s, op_names[k], len) == 0)
                break;
        if (k == NOPS) {
            fprintf(stderr, PROG ": --ops: unknown operation \"%.*s\" (push, "
                    "pull, pushpull or tcp)\n", (int)len, s);
            return -1;
        }
        *mask |= 1u << k;
        s += len + (s[len] == ',');
    }
    if (*mask == 0) {
        fprintf(stderr, PROG ": --ops: no operation given\n");
        return -1;
    }
    return 0;
}

typedef struct result_s {
    double goodput;     /* tensor bytes per second, all workers together */
    double p50_ms, p99_ms;
    uint64_t reps;      /* timed operations, all workers together */
    double wire_per_op; /* bytes sent plus received on the wire per op */
} result_t;

static void print_header(void) {
    if (cfg.json)
        return;
    printf("%-9s %6s %7s %6s %13s %9s %9s %13s %6s %10s\n", "op", "size",
           "workers", "shards", "goodput MB/s", "p50 ms", "p99 ms",
           "raw TCP MB/s", "ratio", "wire/op");
}

static void print_row(int op, uint64_t size, int workers, int shards,
                      const result_t *r, double raw) {
    double ratio = raw > 0 ? r->goodput / raw : NAN;
    if (cfg.json) {
        printf("{\"op\":\"%s\",\"size_bytes\":%llu,\"workers\":%d,"
               "\"shards\":%d,\"goodput_bytes_per_s\":%.0f,"
               "\"lat_p50_ms\":%.6g,\"lat_p99_ms\":%.6g,"
               "\"raw_tcp_bytes_per_s\":%.0f,\"ratio\":%.4f,\"reps\":%llu,"
               "\"wire_bytes_per_op\":%.0f}\n",
               op_names[op], (unsigned long long)size, workers, shards,
               r->goodput, r->p50_ms, r->p99_ms, raw, ratio,
               (unsigned long long)r->reps, r->wire_per_op);
    } else {
        char sz[32];
        format_size(size, sz, sizeof(sz));
        char wire[32];
        format_size((uint64_t)r->wire_per_op, wire, sizeof(wire));
        printf("%-9s %6s %7d %6d %13.1f %9.3f %9.3f %13.1f %6.2f %10s\n",
               op_names[op], sz, workers, shards, r->goodput / 1e6, r->p50_ms,
               r->p99_ms, raw / 1e6, ratio, wire);
    }
    fflush(stdout);
}

/* Keep going until at least `reps` timed operations and at least `secs`
 * seconds, so that small sizes get enough samples for a p99 and large ones
 * are not cut to a single transfer. */
static int point_done(uint64_t ops, double elapsed, uint64_t reps,
                      double secs) {
    return ops >= reps && elapsed >= secs;
}

/* ---- raw TCP baseline --------------------------------------------------- */

/* Each message is an 8-byte length (host order: both ends are this process)
 * then the payload; length 0 ends the receiver. The receiver reads straight
 * into one buffer, as the taups server reads large payloads in place. */
typedef struct tcp_bench_s {
    int sender, receiver; /* the two ends of one loopback connection */
    pthread_t thread;
    int running;
    char *txbuf, *rxbuf;
    uint64_t cap;
    int rx_err; /* errno of the receiver's failure; read after join */
} tcp_bench_t;

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

static int set_nodelay(int fd) {
    int one = 1;
    return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

static int tcp_start(tcp_bench_t *t, uint64_t cap) {
    struct sockaddr_in a;
    socklen_t alen = sizeof(a);
    int lfd, err;
    memset(t, 0, sizeof(*t));
    t->sender = t->receiver = -1;
    t->cap = cap;
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (lfd < 0 || bind(lfd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
        listen(lfd, 1) < 0 || getsockname(lfd, (struct sockaddr *)&a, &alen) < 0)
        goto fail;
    /* The kernel completes the handshake into the backlog, so a blocking
     * connect before accept does not wait on this thread. */
    t->sender = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (t->sender < 0 || connect(t->sender, (struct sockaddr *)&a, alen) < 0)
        goto fail;
    t->receiver = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
    if (t->receiver < 0 || set_nodelay(t->sender) < 0 ||
        set_nodelay(t->receiver) < 0)
        goto fail;
    close(lfd);
    lfd = -1;
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
    if (lfd >= 0)
        close(lfd);
    return -1;
}

static int tcp_roundtrip(tcp_bench_t *t, uint64_t size) {
    char ack;
    struct iovec v[2] = {{&size, sizeof(size)}, {t->txbuf, size}};
    return send_iov(t->sender, v, 2) < 0 || read_full(t->sender, &ack, 1) < 0
               ? -1
               : 0;
}

/* Raw TCP time and operations at one size, summed over slices. */
typedef struct tcp_acc_s {
    uint64_t ops;
    double secs;
} tcp_acc_t;

static double tcp_rate(const tcp_acc_t *x, const tcp_acc_t *y, uint64_t size) {
    return (double)((x->ops + y->ops) * size) / (x->secs + y->secs);
}

/* One slice of half a point's budget; every latency is appended to `lat`
 * and the slice's totals are returned in *out and added to *all. */
static int tcp_slice(tcp_bench_t *t, uint64_t size, int warm, samples_t *lat,
                     tcp_acc_t *out, tcp_acc_t *all) {
    uint64_t n = 0;
    double t0, a, b;
    for (int i = 0; warm && i < cfg.warmup; i++)
        if (tcp_roundtrip(t, size) < 0)
            goto fail;
    t0 = b = now_s();
    do {
        a = b;
        if (tcp_roundtrip(t, size) < 0)
            goto fail;
        b = now_s();
        if (samples_add(lat, (b - a) * 1e3) < 0) {
            errno = ENOMEM;
            goto fail;
        }
        n++;
    } while (!point_done(n, b - t0, ((uint64_t)cfg.reps + 1) / 2,
                         cfg.min_time / 2));
    out->ops = n;
    out->secs = b - t0;
    all->ops += n;
    all->secs += b - t0;
    return 0;
fail:
    fprintf(stderr, PROG ": raw TCP at %llu bytes: %s\n",
            (unsigned long long)size, strerror(errno));
    return -1;
}

static void tcp_stop(tcp_bench_t *t) {
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

/* ---- servers ------------------------------------------------------------ */

typedef struct server_s {
    pid_t pid; /* 0 once reaped */
    int log;   /* its stdout and stderr: an unlinked temporary file */
    int port;
} server_t;

/* Ports the kernel just handed out for port 0 and took back. Another process
 * could grab one before the server binds it; on loopback that is rare, and
 * the server then fails loudly rather than silently. */
static int free_ports(int *ports, int n) {
    int rc = 0, *fds = malloc((size_t)n * sizeof(*fds));
    if (fds == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        fds[i] = -1;
    /* All sockets stay bound until every port is known, so the n ports are
     * distinct. */
    for (int i = 0; i < n && rc == 0; i++) {
        struct sockaddr_in a;
        socklen_t alen = sizeof(a);
        memset(&a, 0, sizeof(a));
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fds[i] < 0 || bind(fds[i], (struct sockaddr *)&a, sizeof(a)) < 0 ||
            getsockname(fds[i], (struct sockaddr *)&a, &alen) < 0) {
            fprintf(stderr, PROG ": cannot find a free loopback port: %s\n",
                    strerror(errno));
            rc = -1;
        } else {
            ports[i] = ntohs(a.sin_port);
        }
    }
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    free(fds);
    return rc;
}

static int executable(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           access(path, X_OK) == 0;
}

/* Where taups-server is, as a malloc'd path: next to this program (an
 * install), then ../server/ (the build tree, where libtool may run us from
 * tools/.libs/), then $PATH. NULL, after saying where it looked, if none is
 * there. */
static char *find_server(void) {
    static const char *const rel[2] = {"/taups-server",
                                       "/../server/taups-server"};
    char exe[PATH_MAX], cand[2][PATH_MAX + 32], inpath[PATH_MAX + 32], *slash;
    ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    int ncand = 0;
    if (k > 0) {
        exe[k] = '\0';
        if ((slash = strrchr(exe, '/')) != NULL)
            *slash = '\0';
        if ((slash = strrchr(exe, '/')) != NULL && strcmp(slash, "/.libs") == 0)
            *slash = '\0';
        for (; ncand < 2; ncand++) {
            snprintf(cand[ncand], sizeof(cand[ncand]), "%s%s", exe, rel[ncand]);
            if (executable(cand[ncand]))
                return strdup(cand[ncand]);
        }
    }
    for (const char *path = getenv("PATH"); path && *path;) {
        size_t n = strcspn(path, ":");
        /* An empty entry means the current directory. */
        int dir_len = n == 0 ? 1 : n < PATH_MAX ? (int)n : PATH_MAX - 1;
        snprintf(inpath, sizeof(inpath), "%.*s/taups-server", dir_len,
                 n ? path : ".");
        if (executable(inpath))
            return strdup(inpath);
        path += n + (path[n] == ':');
    }
    fprintf(stderr, PROG ": cannot find taups-server (tried ");
    for (int i = 0; i < ncand; i++)
        fprintf(stderr, "%s, ", cand[i]);
    fprintf(stderr, "$PATH); give --server-bin PATH, or --cluster to use "
            "running servers\n");
    return NULL;
}

static void describe_status(int status, char *buf, size_t len) {
    if (WIFSIGNALED(status))
        snprintf(buf, len, "died of signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
}

static void log_dump(const server_t *sv, int shard) {
    char buf[4097];
    struct stat st;
    off_t from = 0;
    if (sv->log < 0 || fstat(sv->log, &st) < 0)
        return;
    if (st.st_size > (off_t)sizeof(buf) - 1)
        from = st.st_size - (off_t)sizeof(buf) + 1;
    ssize_t k = pread(sv->log, buf, sizeof(buf) - 1, from);
    if (k <= 0) {
        fprintf(stderr, "---- shard %d wrote nothing ----\n", shard);
        return;
    }
    buf[k] = '\0';
    fprintf(stderr, "---- shard %d (pid %d, port %d) log%s ----\n%s%s"
            "---- end of shard %d log ----\n", shard, (int)sv->pid, sv->port,
            from ? ", last 4 KiB" : "", buf, buf[k - 1] == '\n' ? "" : "\n",
            shard);
}

static int log_contains(const server_t *sv, const char *needle) {
    char buf[65537];
    ssize_t k = pread(sv->log, buf, sizeof(buf) - 1, 0);
    if (k <= 0)
        return 0;
    buf[k] = '\0';
    return strstr(buf, needle) != NULL;
}

/* Must run before this process starts any thread: between fork and exec the
 * child only does what is safe in a copy of a single-threaded process. */
static int server_spawn(server_t *sv, const char *bin, char **argv) {
    char path[PATH_MAX];
    const char *tmp = getenv("TMPDIR");
    int devnull;
    pid_t parent = getpid();
    snprintf(path, sizeof(path), "%s/taups-bench-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    sv->log = mkostemp(path, O_CLOEXEC);
    if (sv->log < 0) {
        fprintf(stderr, PROG ": cannot create a log file in %s: %s\n",
                tmp && *tmp ? tmp : "/tmp", strerror(errno));
        return -1;
    }
    unlink(path);
    devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    sv->pid = fork();
    if (sv->pid == 0) {
        static const char msg[] = "taups-bench: exec of the server failed\n";
        /* Its own process group keeps a terminal's ^C away from the
         * servers; they stop through the death signal when we go. */
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(127);
        if (devnull >= 0)
            dup2(devnull, STDIN_FILENO);
        dup2(sv->log, STDOUT_FILENO);
        dup2(sv->log, STDERR_FILENO);
        execv(bin, argv);
        if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
            _exit(127);
        _exit(127);
    }
    if (devnull >= 0)
        close(devnull);
    if (sv->pid < 0) {
        fprintf(stderr, PROG ": fork: %s\n", strerror(errno));
        sv->pid = 0;
        return -1;
    }
    return 0;
}

/* Starts one server per shard and waits until each has said "listening on".
 * On success *cluster is the malloc'd address list. */
static int servers_start(server_t *sv, int shards, int workers,
                         char **cluster) {
    char *bin = NULL, *list = NULL;
    int *ports = NULL, rc = -1;
    size_t cap = (size_t)shards * 32;
    for (int i = 0; i < shards; i++) {
        sv[i].pid = 0;
        sv[i].log = -1;
    }
    if (cfg.server_bin) {
        if (!executable(cfg.server_bin)) {
            fprintf(stderr, PROG ": --server-bin %s: not an executable file\n",
                    cfg.server_bin);
            return -1;
        }
        bin = strdup(cfg.server_bin);
    } else if ((bin = find_server()) == NULL) {
        return -1;
    }
    ports = malloc((size_t)shards * sizeof(*ports));
    list = malloc(cap);
    if (bin == NULL || ports == NULL || list == NULL ||
        free_ports(ports, shards) < 0)
        goto out;
    list[0] = '\0';
    for (int i = 0; i < shards; i++)
        snprintf(list + strlen(list), cap - strlen(list), "%s127.0.0.1:%d",
                 i ? "," : "", ports[i]);

    for (int i = 0; i < shards; i++) {
        char listen_at[32], shard[16], nworkers[16];
        int argc = 0;
        /* 11 fixed arguments, the --server-arg ones, and the NULL. */
        char **argv = malloc((size_t)(11 + cfg.server_args.n + 1) *
                             sizeof(*argv));
        if (argv == NULL)
            goto out;
        snprintf(listen_at, sizeof(listen_at), "127.0.0.1:%d", ports[i]);
        snprintf(shard, sizeof(shard), "%d", i);
        snprintf(nworkers, sizeof(nworkers), "%d", workers);
        argv[argc++] = bin;
        argv[argc++] = (char *)"--listen";
        argv[argc++] = listen_at;
        argv[argc++] = (char *)"--cluster";
        argv[argc++] = list;
        argv[argc++] = (char *)"--shard";
        argv[argc++] = shard;
        argv[argc++] = (char *)"--workers";
        argv[argc++] = nworkers;
        /* lr 0: the benchmark pushes the same gradient forever; parameters
         * must neither drift to NaN nor change, which the final check uses. */
        argv[argc++] = (char *)"--lr";
        argv[argc++] = (char *)"0";
        for (int k = 0; k < cfg.server_args.n; k++)
            argv[argc++] = cfg.server_args.v[k];
        argv[argc] = NULL;
        sv[i].port = ports[i];
        int spawned = server_spawn(&sv[i], bin, argv);
        free(argv);
        if (spawned < 0)
            goto out;
    }

    double deadline = now_s() + 20;
    for (int ready = 0; ready < shards;) {
        ready = 0;
        for (int i = 0; i < shards; i++) {
            int status;
            if (log_contains(&sv[i], "listening on")) {
                ready++;
                continue;
            }
            if (waitpid(sv[i].pid, &status, WNOHANG) == sv[i].pid) {
                char how[64];
                describe_status(status, how, sizeof(how));
                fprintf(stderr, PROG ": %s (shard %d) %s before it was "
                        "listening\n", bin, i, how);
                log_dump(&sv[i], i);
                sv[i].pid = 0;
                goto out;
            }
        }
        if (ready < shards && now_s() > deadline) {
            fprintf(stderr, PROG ": %s did not say \"listening on\" within "
                    "20 s\n", bin);
            for (int i = 0; i < shards; i++)
                log_dump(&sv[i], i);
            goto out;
        }
        if (ready < shards)
            sleep_ms(5);
    }
    *cluster = list;
    list = NULL;
    rc = 0;
out:
    free(bin);
    free(ports);
    free(list);
    return rc;
}

/* SIGTERM to every server, then reap them. A server that crashed, failed
 * its own exit checks (ASan reports exit non-zero) or hung counts as a failed
 * run, with its log shown. */
static int servers_stop(server_t *sv, int shards) {
    int failed = 0;
    for (int i = 0; i < shards; i++)
        if (sv[i].pid > 0)
            kill(sv[i].pid, SIGTERM);
    for (int i = 0; i < shards; i++) {
        int status = 0;
        double deadline = now_s() + 10;
        if (sv[i].pid <= 0)
            goto close_log;
        while (waitpid(sv[i].pid, &status, WNOHANG) == 0) {
            if (now_s() > deadline) {
                fprintf(stderr, PROG ": shard %d (pid %d) still running 10 s "
                        "after SIGTERM; killing it\n", i, (int)sv[i].pid);
                kill(sv[i].pid, SIGKILL);
                waitpid(sv[i].pid, &status, 0);
                failed++;
                log_dump(&sv[i], i);
                goto reaped;
            }
            sleep_ms(5);
        }
        /* Dying of the SIGTERM we sent is as good as exiting 0. */
        if ((WIFSIGNALED(status) && WTERMSIG(status) != SIGTERM) ||
            (WIFEXITED(status) && WEXITSTATUS(status) != 0)) {
            char how[64];
            describe_status(status, how, sizeof(how));
            fprintf(stderr, PROG ": shard %d (pid %d) %s\n", i,
                    (int)sv[i].pid, how);
            failed++;
            log_dump(&sv[i], i);
        }
    reaped:
        sv[i].pid = 0;
    close_log:
        if (sv[i].log >= 0)
            close(sv[i].log);
        sv[i].log = -1;
    }
    return failed ? -1 : 0;
}

/* ---- taups workers ------------------------------------------------------ */

typedef struct point_s point_t;

typedef struct worker_s {
    pthread_t thread;
    tps_client_t *client;
    float *dst;          /* this worker's pull buffer, the largest size */
    point_t *pt;
    samples_t lat;       /* ms per timed operation */
    _Atomic uint64_t done; /* timed operations finished */
    double t_begin, t_end;
    uint64_t wire;       /* bytes sent plus received during timed ops */
    int err;
    char errmsg[512];
} worker_t;

/* One (op, size) measurement. Workers warm up, meet at the gate, then run
 * until worker 0 sees that every worker has done --reps and --min-time has
 * passed; the others stop after their current operation, so all of them are
 * busy for the whole timed window. */
struct point_s {
    int op;
    int tensor;
    const float *grad;
    worker_t *w;
    int nworkers;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int ready;  /* workers at the gate */
    int go;     /* the gate is open */
    atomic_int stop;
};

static int run_op(worker_t *w) {
    point_t *pt = w->pt;
    int rc = 0;
    if (pt->op != OP_PULL)
        rc = tps_push(w->client, pt->tensor, pt->grad);
    if (cfg.clock && pt->op == OP_PUSHPULL)
        tps_clock(w->client);
    if (rc == 0 && pt->op != OP_PUSH)
        rc = tps_pull(w->client, pt->tensor, w->dst);
    return rc;
}

static void worker_fail(worker_t *w, int rc) {
    const char *m = tps_errmsg(w->client);
    w->err = rc;
    snprintf(w->errmsg, sizeof(w->errmsg), "%s",
             m && m[0] ? m : tps_strerror(rc));
    atomic_store(&w->pt->stop, 1);
}

static int all_done(point_t *pt) {
    for (int i = 0; i < pt->nworkers; i++)
        if (atomic_load(&pt->w[i].done) < (uint64_t)cfg.reps)
            return 0;
    return 1;
}

static void *worker_main(void *arg) {
    worker_t *w = arg;
    point_t *pt = w->pt;
    uint64_t s0, r0, s1, r1;
    double a, b;
    int rc = 0;
    for (int i = 0; i < cfg.warmup && rc == 0; i++)
        rc = run_op(w);
    if (rc < 0)
        worker_fail(w, rc);
    pthread_mutex_lock(&pt->mu);
    pt->ready++;
    pthread_cond_broadcast(&pt->cv);
    while (!pt->go)
        pthread_cond_wait(&pt->cv, &pt->mu);
    pthread_mutex_unlock(&pt->mu);

    tps_bytes(w->client, &s0, &r0);
    w->t_begin = b = now_s();
    while (!atomic_load(&pt->stop)) {
        a = b;
        rc = run_op(w);
        b = now_s();
        if (rc < 0) {
            worker_fail(w, rc);
            break;
        }
        if (samples_add(&w->lat, (b - a) * 1e3) < 0) {
            worker_fail(w, TPS_ENOMEM);
            break;
        }
        /* With clocks, every worker makes exactly --reps iterations: one
         * stopped early would hold the others at a consistency gate. */
        if (atomic_fetch_add(&w->done, 1) + 1 >= (uint64_t)cfg.reps &&
            cfg.clock)
            break;
        if (w == &pt->w[0] && b - w->t_begin >= cfg.min_time && all_done(pt))
            atomic_store(&pt->stop, 1);
    }
    w->t_end = b;
    tps_bytes(w->client, &s1, &r1);
    w->wire = (s1 - s0) + (r1 - r0);
    return NULL;
}

static int point_measure(worker_t *w, int nworkers, int op, int tensor,
                         const float *grad, uint64_t size, samples_t *lat,
                         result_t *r) {
    point_t pt;
    int created = 0, rc = 0;
    memset(&pt, 0, sizeof(pt));
    pt.op = op;
    pt.tensor = tensor;
    pt.grad = grad;
    pt.w = w;
    pt.nworkers = nworkers;
    atomic_init(&pt.stop, 0);
    pthread_mutex_init(&pt.mu, NULL);
    pthread_cond_init(&pt.cv, NULL);
    for (int i = 0; i < nworkers; i++) {
        w[i].pt = &pt;
        w[i].lat.n = 0;
        atomic_store(&w[i].done, 0);
        w[i].err = 0;
        w[i].errmsg[0] = '\0';
        w[i].wire = 0;
    }
    for (; created < nworkers; created++) {
        int err = pthread_create(&w[created].thread, NULL, worker_main,
                                 &w[created]);
        if (err != 0) {
            fprintf(stderr, PROG ": cannot start worker thread %d: %s\n",
                    created, strerror(err));
            atomic_store(&pt.stop, 1);
            rc = -1;
            break;
        }
    }
    pthread_mutex_lock(&pt.mu);
    while (pt.ready < created)
        pthread_cond_wait(&pt.cv, &pt.mu);
    pt.go = 1;
    pthread_cond_broadcast(&pt.cv);
    pthread_mutex_unlock(&pt.mu);
    for (int i = 0; i < created; i++)
        pthread_join(w[i].thread, NULL);
    pthread_cond_destroy(&pt.cv);
    pthread_mutex_destroy(&pt.mu);
    if (rc < 0)
        return -1;

    for (int i = 0; i < nworkers; i++) {
        if (w[i].err) {
            fprintf(stderr, PROG ": %s of %llu bytes, worker %d: %s\n",
                    op_names[op], (unsigned long long)size, i, w[i].errmsg);
            return -1;
        }
    }
    double t0 = w[0].t_begin, t1 = w[0].t_end;
    uint64_t ops = 0, wire = 0;
    lat->n = 0;
    for (int i = 0; i < nworkers; i++) {
        if (w[i].t_begin < t0)
            t0 = w[i].t_begin;
        if (w[i].t_end > t1)
            t1 = w[i].t_end;
        ops += w[i].lat.n;
        wire += w[i].wire;
        for (size_t k = 0; k < w[i].lat.n; k++)
            if (samples_add(lat, w[i].lat.v[k]) < 0) {
                fprintf(stderr, PROG ": out of memory\n");
                return -1;
            }
    }
    qsort(lat->v, lat->n, sizeof(*lat->v), cmp_double);
    r->goodput = (double)(ops * size * (op == OP_PUSHPULL ? 2 : 1)) / (t1 - t0);
    r->p50_ms = percentile(lat->v, lat->n, 50);
    r->p99_ms = percentile(lat->v, lat->n, 99);
    r->reps = ops;
    r->wire_per_op = ops ? (double)wire / (double)ops : 0;
    return 0;
}

/* ---- the lr-0 check ----------------------------------------------------- */

typedef struct tensor_s {
    uint64_t bytes;
    int id;
    uint64_t hash; /* of the values pulled right after declaring */
} tensor_t;

/* Pulls tensor `t` into dst after filling it with NaN (so that elements the
 * pull did not write show up) and hashes the bits. Returns the number of
 * non-finite elements, or a negative error. */
static int64_t pull_hash(tps_client_t *c, const tensor_t *t, float *dst,
                         uint64_t *hash) {
    uint64_t n = t->bytes / sizeof(float), h = 0xcbf29ce484222325ULL;
    int64_t bad = 0;
    for (uint64_t i = 0; i < n; i++)
        dst[i] = NAN;
    int rc = tps_pull(c, t->id, dst);
    if (rc < 0)
        return rc;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &dst[i], sizeof(bits));
        h = (h ^ bits) * 0x100000001b3ULL;
        bad += !isfinite(dst[i]);
    }
    *hash = h;
    return bad;
}

/* ---- main --------------------------------------------------------------- */

typedef struct bench_s {
    uint64_t sizes[64];
    int nsizes;
    unsigned ops;
    server_t *servers;
    int nservers;
    char *own_cluster;
    int shards;
    worker_t *w;
    int nopen;          /* clients opened, a prefix of w */
    tensor_t *tensors;  /* one per size */
    float *grad;
    tcp_bench_t tcp;
    samples_t lat;      /* one point's pooled latencies */
    samples_t tcp_lat;  /* one size's raw TCP latencies, all slices */
} bench_t;

static int open_clients(bench_t *B, const char *cluster, uint64_t chunk) {
    for (int i = 0; i < cfg.workers; i++) {
        tps_options_t to;
        char err[512];
        tps_options_init(&to);
        to.cluster = cluster;
        to.role = TPS_ROLE_WORKER;
        to.rank = i;
        to.workers = cfg.workers;
        if (chunk)
            to.chunk_bytes = (size_t)chunk;
        to.codec = cfg.push_codec;
        to.pull_codec = cfg.pull_codec;
        to.zstd_level = cfg.wire_zstd;
        err[0] = '\0';
        int rc = tps_open(&to, &B->w[i].client, err, sizeof(err));
        if (rc < 0) {
            fprintf(stderr, PROG ": worker %d: %s\n", i,
                    err[0] ? err : tps_strerror(rc));
            return -1;
        }
        B->nopen = i + 1;
    }
    B->shards = tps_shards(B->w[0].client);
    return 0;
}

static int declare_tensors(bench_t *B) {
    for (int k = 0; k < B->nsizes; k++) {
        tensor_t *t = &B->tensors[k];
        char name[64];
        t->bytes = B->sizes[k];
        snprintf(name, sizeof(name), "bench_%llu", (unsigned long long)t->bytes);
        for (int i = 0; i < cfg.workers; i++) {
            tps_client_t *c = B->w[i].client;
            int id = tps_declare(c, name, t->bytes / sizeof(float),
                                 TPS_INIT_UNIFORM, 0.1f, cfg.seed);
            if (id < 0) {
                fprintf(stderr, PROG ": declaring %s, worker %d: %s\n", name,
                        i, tps_errmsg(c)[0] ? tps_errmsg(c) : tps_strerror(id));
                return -1;
            }
            if (i > 0 && id != t->id) {
                fprintf(stderr, PROG ": %s has id %d for worker 0 but %d for "
                        "worker %d\n", name, t->id, id, i);
                return -1;
            }
            t->id = id;
        }
        int64_t bad = pull_hash(B->w[0].client, t, B->w[0].dst, &t->hash);
        if (bad != 0) {
            fprintf(stderr, PROG ": first pull of %s: %s\n", name,
                    bad < 0 ? tps_strerror((int)bad)
                            : "non-finite values right after declaring");
            return -1;
        }
    }
    return 0;
}

static int check_unchanged(bench_t *B) {
    for (int k = 0; k < B->nsizes; k++) {
        const tensor_t *t = &B->tensors[k];
        uint64_t h = 0;
        int64_t bad = pull_hash(B->w[0].client, t, B->w[0].dst, &h);
        if (bad < 0) {
            fprintf(stderr, PROG ": check: pull of bench_%llu: %s\n",
                    (unsigned long long)t->bytes, tps_strerror((int)bad));
            return -1;
        }
        if (bad > 0 || h != t->hash) {
            fprintf(stderr, PROG ": check FAILED: bench_%llu %s after the "
                    "run%s\n", (unsigned long long)t->bytes,
                    bad ? "has non-finite values" : "changed",
                    cfg.cluster ? " (is the cluster running with --lr 0?)"
                                : "");
            return -1;
        }
    }
    return 0;
}

static int setup_sizes(bench_t *B) {
    uint64_t lo, hi;
    if (parse_size(cfg.min_size, &lo) < 0 || parse_size(cfg.max_size, &hi) < 0) {
        fprintf(stderr, PROG ": --min-size/--max-size: \"%s\" is not a size "
                "such as 4096, 64K or 16M\n",
                parse_size(cfg.min_size, &lo) < 0 ? cfg.min_size : cfg.max_size);
        return -1;
    }
    if (lo > hi || lo % sizeof(float) != 0) {
        fprintf(stderr, PROG ": --min-size must be a multiple of 4 bytes and "
                "at most --max-size\n");
        return -1;
    }
    B->nsizes = 0;
    for (uint64_t s = lo; s <= hi && B->nsizes < 64; s *= (uint64_t)cfg.factor) {
        B->sizes[B->nsizes++] = s;
        if (s > UINT64_MAX / (uint64_t)cfg.factor)
            break;
    }
    return 0;
}

static void bench_free(bench_t *B) {
    for (int i = 0; i < B->nopen; i++)
        tps_close(B->w[i].client);
    if (B->w)
        for (int i = 0; i < cfg.workers; i++) {
            free(B->w[i].dst);
            free(B->w[i].lat.v);
        }
    free(B->w);
    free(B->tensors);
    free(B->grad);
    free(B->lat.v);
    free(B->tcp_lat.v);
    free(B->own_cluster);
    free(B->servers);
}

static int run(bench_t *B) {
    uint64_t chunk = 0, maxsize = B->sizes[B->nsizes - 1];
    int taups = (B->ops & ~(1u << OP_TCP)) != 0;
    const char *cluster = cfg.cluster;

    if (cfg.chunk && parse_size(cfg.chunk, &chunk) < 0) {
        fprintf(stderr, PROG ": --chunk: \"%s\" is not a size such as 4M\n",
                cfg.chunk);
        return -1;
    }
    if (taups) {
        B->w = calloc((size_t)cfg.workers, sizeof(*B->w));
        B->tensors = calloc((size_t)B->nsizes, sizeof(*B->tensors));
        B->grad = malloc(maxsize);
        if (B->w == NULL || B->tensors == NULL || B->grad == NULL)
            goto nomem;
        /* Worker 0's buffer also serves the lr-0 check. */
        for (int i = 0; i < cfg.workers; i++) {
            if (i > 0 && !(B->ops & (1u << OP_PULL | 1u << OP_PUSHPULL)))
                break;
            if ((B->w[i].dst = malloc(maxsize)) == NULL)
                goto nomem;
            memset(B->w[i].dst, 0, maxsize);
        }
        /* Small finite values: with lr 0 any gradient leaves the parameters
         * as they are, but a NaN would be rejected, not timed. */
        tps_rng_t rng;
        tps_rng_seed(&rng, cfg.seed, 1);
        for (uint64_t i = 0; i < maxsize / sizeof(float); i++)
            B->grad[i] = (float)(tps_rng_uniform(&rng) - 0.5) * 1e-3f;
        if (cluster == NULL) {
            B->servers = calloc((size_t)cfg.shards, sizeof(*B->servers));
            if (B->servers == NULL)
                goto nomem;
            B->nservers = cfg.shards;
            if (servers_start(B->servers, cfg.shards, cfg.workers,
                              &B->own_cluster) < 0)
                return -1;
            cluster = B->own_cluster;
        }
        if (open_clients(B, cluster, chunk) < 0 || declare_tensors(B) < 0)
            return -1;
        fprintf(stderr, PROG ": %d worker(s), %d shard(s) at %s%s\n",
                cfg.workers, B->shards, cluster,
                cfg.cluster ? "" : " (started by this run, --lr 0)");
    }
    if (tcp_start(&B->tcp, maxsize) < 0)
        return -1;

    /* Loopback throughput on a shared machine drifts by tens of percent
     * within seconds, so raw TCP is measured in slices right before and right
     * after every point, and each row divides by the two slices around it:
     * drift then moves both sides of the ratio alike. */
    print_header();
    for (int k = 0; k < B->nsizes; k++) {
        uint64_t size = B->sizes[k];
        tcp_acc_t before, after, all = {0, 0};
        result_t r;
        B->tcp_lat.n = 0;
        if (tcp_slice(&B->tcp, size, 1, &B->tcp_lat, &before, &all) < 0)
            return -1;
        for (int op = OP_PUSH; op < NOPS; op++) {
            if (!(B->ops & (1u << op)))
                continue;
            if (point_measure(B->w, cfg.workers, op, B->tensors[k].id, B->grad,
                              size, &B->lat, &r) < 0 ||
                tcp_slice(&B->tcp, size, 0, &B->tcp_lat, &after, &all) < 0)
                return -1;
            print_row(op, size, cfg.workers, B->shards, &r,
                      tcp_rate(&before, &after, size));
            before = after;
        }
        if (!taups &&
            tcp_slice(&B->tcp, size, 0, &B->tcp_lat, &after, &all) < 0)
            return -1;
        if (B->ops & (1u << OP_TCP)) {
            qsort(B->tcp_lat.v, B->tcp_lat.n, sizeof(*B->tcp_lat.v),
                  cmp_double);
            r.goodput = (double)(all.ops * size) / all.secs;
            r.p50_ms = percentile(B->tcp_lat.v, B->tcp_lat.n, 50);
            r.p99_ms = percentile(B->tcp_lat.v, B->tcp_lat.n, 99);
            r.reps = all.ops;
            r.wire_per_op = (double)(size + sizeof(uint64_t) + 1);
            print_row(OP_TCP, size, 1, 0, &r, r.goodput);
        }
    }
    if (!cfg.json)
        printf("\nraw TCP: one blocking loopback connection between two "
               "threads, SIZE bytes then a\n1-byte ack (the request/response "
               "shape of a push), measured right before and\nafter each row; "
               "ratio = goodput / raw TCP. Goodput counts tensor bytes (x2 "
               "for\npushpull) of all workers; MB = 1e6 bytes.\n");
    if (taups) {
        if (check_unchanged(B) < 0)
            return -1;
        fprintf(stderr, PROG ": check passed: %d tensor(s) finite and "
                "unchanged after the run (lr 0)\n", B->nsizes);
    }
    return 0;
nomem:
    fprintf(stderr, PROG ": out of memory (largest size %llu bytes, %d "
            "workers)\n", (unsigned long long)maxsize, cfg.workers);
    return -1;
}

/* ---- codecs ------------------------------------------------------------- */

typedef struct codec_run_s {
    const tps_codec_t *c;
    const float *x;
    uint64_t n;
    uint8_t *payload;
    size_t len;
    float *acc;
    uint64_t seed; /* next encode's: a new one per message, as in pushes */
} codec_run_t;

static int codec_op(codec_run_t *r, int decode) {
    if (!decode)
        return tps__codec_encode(r->c, r->x, r->n, ++r->seed, r->payload,
                                 r->len) < 0;
    /* The payload's own seed (randk needs it); w keeps the accumulator
     * bounded over thousands of operations. */
    return tps__codec_decode_acc(r->c, r->payload, r->len, r->n, r->seed,
                                 1e-3f, r->acc) < 0;
}

/* Median seconds per operation. The first operation warms up and sizes the
 * batch; when it alone lasts --min-time it counts as a sample, so that the
 * largest n of a slow codec is not run needlessly often. */
static int codec_time(codec_run_t *r, int decode, double *per_op, int *count) {
    double t0 = now_s();
    if (codec_op(r, decode))
        return -1;
    double first = now_s() - t0;
    uint64_t batch = first >= 1e-3 ? 1 : (uint64_t)(1e-3 / fmax(first, 1e-9));
    samples_t s = {NULL, 0, 0};
    if (first >= cfg.min_time && samples_add(&s, first) < 0)
        return -1;
    double start = now_s();
    while (s.n < 3 ||
           (s.n < (size_t)cfg.reps && now_s() - start < cfg.min_time)) {
        double a = now_s();
        for (uint64_t k = 0; k < batch; k++)
            if (codec_op(r, decode)) {
                free(s.v);
                return -1;
            }
        if (samples_add(&s, (now_s() - a) / (double)batch) < 0) {
            free(s.v);
            return -1;
        }
    }
    qsort(s.v, s.n, sizeof(*s.v), cmp_double);
    *per_op = s.n % 2 ? s.v[s.n / 2] : (s.v[s.n / 2 - 1] + s.v[s.n / 2]) / 2;
    *count = (int)s.n;
    free(s.v);
    return 0;
}

/* Runs the --codec table. Returns 0, -1 on a failure (exit 1) or -2 for a
 * bad --codec (exit 2, as for any other bad option). */
static int codec_bench(void) {
    char spec[128], desc[160];
    float *x = NULL, *acc = NULL;
    uint8_t *payload = NULL;
    int rc = -1;
    uint64_t maxn = cfg.max_n;
    size_t cap = 0;
    tps_codec_t codecs[32];
    int ncodecs = 0;

    for (const char *p = cfg.codec; *p;) {
        size_t len = strcspn(p, ",");
        char err[256];
        if (len >= sizeof(spec) || ncodecs == 32) {
            fprintf(stderr, PROG ": --codec: too long a list\n");
            return -2;
        }
        memcpy(spec, p, len);
        spec[len] = '\0';
        if (tps__codec_parse(&codecs[ncodecs], spec, (uint32_t)cfg.bucket, err,
                             sizeof(err)) < 0) {
            fprintf(stderr, PROG ": --codec: %s\n", err);
            return -2;
        }
        size_t w = tps__codec_wire_size(&codecs[ncodecs], maxn);
        cap = w > cap ? w : cap;
        ncodecs++;
        p += len + (p[len] == ',');
    }
    if (ncodecs == 0) {
        fprintf(stderr, PROG ": --codec: no codec given\n");
        return -2;
    }
    x = malloc(maxn * sizeof(float));
    acc = malloc(maxn * sizeof(float));
    payload = malloc(cap);
    if (x == NULL || acc == NULL || payload == NULL) {
        fprintf(stderr, PROG ": out of memory for n = %llu (try a smaller "
                "--max-n)\n", (unsigned long long)maxn);
        goto out;
    }
    tps_rng_t rng;
    tps_rng_seed(&rng, cfg.seed, 2);
    for (uint64_t i = 0; i < maxn; i++)
        x[i] = (float)tps_rng_normal(&rng);
    /* Touch every page now so that page faults are not timed. */
    memset(acc, 0, maxn * sizeof(float));
    memset(payload, 0, cap);

    if (!cfg.json)
        printf("%-26s %10s %12s %7s %12s %12s\n", "codec", "n", "wire bytes",
               "ratio", "encode GB/s", "decode GB/s");
    for (int k = 0; k < ncodecs; k++) {
        tps__codec_describe(&codecs[k], desc, sizeof(desc));
        snprintf(spec, sizeof(spec), "%.*s", (int)strcspn(desc, " "), desc);
        for (uint64_t n = 1000; n <= maxn; n *= 10) {
            codec_run_t r = {&codecs[k], x, n, payload,
                             tps__codec_wire_size(&codecs[k], n), acc,
                             cfg.seed};
            double enc, dec;
            int nenc, ndec;
            if (codec_time(&r, 0, &enc, &nenc) < 0 ||
                codec_time(&r, 1, &dec, &ndec) < 0) {
                /* Normal gradients are in range for every codec: a failure
                 * is a bug, not a measurement. */
                fprintf(stderr, PROG ": %s failed at n = %llu\n", desc,
                        (unsigned long long)n);
                goto out;
            }
            double raw = 4.0 * (double)n;
            if (cfg.json) {
                printf("{\"codec\":");
                tps_json_str(stdout, spec);
                printf(",\"bucket\":%u,\"n\":%llu,\"raw_bytes\":%.0f,"
                       "\"wire_bytes\":%zu,\"encode_bytes_per_s\":%.0f,"
                       "\"decode_acc_bytes_per_s\":%.0f,\"encode_samples\":%d,"
                       "\"decode_samples\":%d}\n",
                       codecs[k].bucket, (unsigned long long)n, raw, r.len,
                       raw / enc, raw / dec, nenc, ndec);
            } else {
                printf("%-26s %10llu %12zu %7.2f %12.3f %12.3f\n", spec,
                       (unsigned long long)n, r.len,
                       r.len ? raw / (double)r.len : 0.0, raw / enc / 1e9,
                       raw / dec / 1e9);
            }
            fflush(stdout);
        }
    }
    if (!cfg.json)
        printf("\nGB/s of raw float32 (4n bytes, 1 GB = 1e9 bytes) per "
               "operation on one core, median of\nsamples; ratio = raw / wire "
               "bytes (before zstd). decode = decode+accumulate.\n");
    rc = 0;
out:
    free(x);
    free(acc);
    free(payload);
    return rc;
}

int main(int argc, char **argv) {
    bench_t B;
    int rc, status = 0;

    rc = tps_opt_parse(options, PROG, usage, argc, argv);
    if (rc == TPS_OPT_EXIT_OK || rc == TPS_OPT_EXIT_ERR) {
        tps_opt_free(options);
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    }
    if (rc < argc) {
        fprintf(stderr, PROG ": unexpected argument \"%s\" (see --help)\n",
                argv[rc]);
        tps_opt_free(options);
        return 2;
    }
    if (cfg.codec) {
        rc = codec_bench();
        tps_opt_free(options);
        return rc == 0 ? 0 : rc == -2 ? 2 : 1;
    }
    memset(&B, 0, sizeof(B));
    B.tcp.sender = B.tcp.receiver = -1;
    if (parse_ops(cfg.ops, &B.ops) < 0 || setup_sizes(&B) < 0) {
        tps_opt_free(options);
        return 2;
    }
    /* A server that dies mid-run must become an error message, not a
     * SIGPIPE that takes the benchmark and its report down. */
    signal(SIGPIPE, SIG_IGN);

    if (run(&B) < 0)
        status = 1;
    tcp_stop(&B.tcp);
    if (B.tcp.rx_err) {
        fprintf(stderr, PROG ": raw TCP receiver: %s\n", strerror(B.tcp.rx_err));
        status = 1;
    }
    for (int i = 0; i < B.nopen; i++)
        tps_close(B.w[i].client);
    B.nopen = 0;
    if (B.nservers && servers_stop(B.servers, B.nservers) < 0)
        status = 1;
    bench_free(&B);
    tps_opt_free(options);
    return status;
}
