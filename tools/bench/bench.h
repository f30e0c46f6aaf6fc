/* SPDX-License-Identifier: MIT */
/* taups-bench's own header, shared by its rooms only: the options
 * (main.c), timing and percentiles (measure.c), the raw-TCP reference
 * (tcp.c), the taups-server processes it starts (servers.c), the push/pull
 * measurements (net.c), the codec micro-benchmark (codec.c) and what is
 * printed (report.c).
 *
 * It must NOT be included outside tools/bench/: nothing here is an API of
 * taups. Functions here say what went wrong themselves, on stderr, as
 * "taups-bench: ...". */
#ifndef TPS_BENCH_H
#define TPS_BENCH_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "tps_opt.h"

#define PROG "taups-bench"

#define BENCH_MAX_ROUNDS 99
#define BENCH_MAX_INFLIGHT 1024
/* Connections of the streaming reference at most (two threads each). */
#define BENCH_MAX_STREAMS 64

/* ---- the options (main.c) ---- */

typedef struct bench_cfg_s {
    const char *cluster;
    const char *server_bin;
    tps__strlist_t server_args;
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
    const char *key_file;
    int frame_mac;
    int rounds;
    int inflight;
    int spin_us;
    const char *transport; /* "tcp" or "unix" */
    int unix_sock;         /* transport is unix */
    int table;             /* --table: rows by id instead of tensors */
    int table_ids, table_dim;
    uint64_t table_rows, table_fill;
    double table_zipf;
} bench_cfg_t;

/* Filled once by the option parser, read-only afterwards. */
extern bench_cfg_t bench_cfg;

/* "4096", "4K", "4KiB", "64M", "1G": K/M/G are powers of 1024. Returns 0,
 * or -1 for anything else (zero included). */
int bench_parse_size(const char *s, uint64_t *out);

/* ---- timing and samples (measure.c) ---- */

void bench_sleep_ms(int ms);

typedef struct samples_s {
    double *v;
    size_t n, cap;
} samples_t;

/* Appends x; 0, or -1 when out of memory. */
int bench_samples_add(samples_t *s, double x);
/* Sorts the samples in place, for the two below. */
void bench_samples_sort(samples_t *s);
/* Nearest rank: the smallest sample with at least pct % of all samples at
 * or below it; NAN when there is none. The samples are sorted. */
double bench_percentile(const samples_t *s, unsigned pct);
/* The middle sample, or the mean of the two middle ones. Sorted, n > 0. */
double bench_median(const samples_t *s);

/* Keep going until at least `reps` timed operations and at least `secs`
 * seconds, so that small sizes get enough samples for a p99 and large ones
 * are not cut to a single transfer. */
int bench_point_done(uint64_t ops, double elapsed, uint64_t reps, double secs);

/* ---- operations and results ---- */

enum { OP_TCP, OP_PUSH, OP_PULL, OP_PUSHPULL, NOPS };
extern const char *const bench_op_names[NOPS];

/* One measurement of one round. */
typedef struct result_s {
    double goodput; /* tensor bytes per second, all workers together */
    double ops;     /* operations per second, all workers together */
    double p50_ms, p99_ms;
    uint64_t reps;      /* timed operations, all workers together */
    double wire_per_op; /* bytes sent plus received on the wire per op */
} result_t;

/* The raw-TCP references of one round at one size. */
typedef struct reference_s {
    double stream;  /* streaming bytes per second (stream.c) */
    double pp_p50_ms, pp_p99_ms; /* ping-pong round trips (tcp.c) */
    double pp_rate; /* ping-pong bytes per second */
} reference_t;

/* What one row reports: medians over --rounds interleaved rounds, with the
 * smallest and largest round where a spread is shown. Ratios are taken
 * within each round (taups over the references measured next to it) and
 * then their median, so that drift between rounds does not enter them. */
typedef struct row_s {
    double goodput, goodput_min, goodput_max;
    double ops;
    double p50_ms, p99_ms;
    uint64_t reps; /* over all rounds */
    double wire_per_op;
    double stream, stream_min, stream_max;
    double ratio, ratio_min, ratio_max;     /* goodput / stream */
    double pp_p50_ms, pp_rate;
    double lat_ratio; /* p50 / ping-pong p50 */
} row_t;

/* Median, smallest and largest of x[0..n), n > 0 (x is reordered). */
void bench_spread(double *x, int n, double *med, double *lo, double *hi);

/* ---- the raw-TCP references (tcp.c, stream.c) ---- */

/* Streaming: bytes per second received over `nconn` loopback connections,
 * each written one way in blocks as fast as it takes them, over a window of
 * `secs` after a warm-up; the better of 128 KiB and 1 MiB blocks (as
 * iperf3 -l). -1 after saying what failed. */
double bench_tcp_stream(int nconn, double secs);

/* Ping-pong: one blocking loopback connection between this thread and a
 * receiver thread. Each message is an 8-byte length then the payload; the
 * receiver answers with one byte. The request/response shape of one push,
 * so its round trip is the floor of a push's latency. */
typedef struct tcp_bench_s {
    int sender, receiver; /* the two ends of one loopback connection */
    pthread_t thread;     /* the receiver */
    int running;
    char *txbuf, *rxbuf;
    uint64_t cap;
    int rx_err; /* errno of the receiver's failure; read after tcp_stop */
} tcp_bench_t;

/* Raw TCP time and operations of one slice. */
typedef struct tcp_acc_s {
    uint64_t ops;
    double secs;
} tcp_acc_t;

/* Connects the two ends and starts the receiver, with buffers of `cap`
 * bytes. On failure says why, returns -1 and leaves t for bench_tcp_stop. */
int bench_tcp_start(tcp_bench_t *t, uint64_t cap);
/* One slice of half a point's budget after --warmup messages; every
 * latency is appended to `lat` and the slice's totals are returned in
 * *out. */
int bench_tcp_slice(tcp_bench_t *t, uint64_t size, samples_t *lat,
                    tcp_acc_t *out);
/* Ends the receiver and closes both ends; safe on a zeroed t whose sender
 * and receiver are -1. */
void bench_tcp_stop(tcp_bench_t *t);

/* ---- the servers started here (servers.c) ---- */

typedef struct server_s {
    pid_t pid; /* 0 once reaped */
    int log;   /* its stdout and stderr: an unlinked temporary file */
    int port;
} server_t;

/* Starts one taups-server per shard on free loopback ports, with --lr 0,
 * and waits until each has said "listening on". Must run before this
 * process starts any thread. On success *cluster is the malloc'd address
 * list; either way sv[0..shards) is left for bench_servers_stop. */
int bench_servers_start(server_t *sv, int shards, int workers, char **cluster);
/* A connected pair of stream sockets for the raw references: loopback TCP
 * with TCP_NODELAY on both ends, or with --transport unix a unix socket
 * pair. -1 with errno set on failure. */
int bench_socket_pair(int *a, int *b);

/* SIGTERM to every server, then reaps them. Returns -1 if one crashed,
 * failed its own exit checks or hung (its log is shown), else 0. */
int bench_servers_stop(server_t *sv, int shards);

/* ---- push and pull against taups shards (net.c) ---- */

/* The network bench: for every size, raw TCP around each of the `ops`
 * (bit k: operation k) measured with --workers clients against --shards
 * servers started here (or the running --cluster), then the lr-0 check.
 * sizes[0..nsizes) ascend. Returns the exit status: 0, or 1 after saying
 * what failed. */
int bench_net(unsigned ops, const uint64_t *sizes, int nsizes);

/* ---- rows of a table (table.c) ---- */

/* The --table bench: pulls and/or pushes (bits OP_PULL, OP_PUSH of ops) of
 * --ids Zipf-drawn ids. Returns the exit status. */
int bench_table(unsigned ops);

/* ---- codecs (codec.c) ---- */

/* Runs the --codec-bench table. Returns 0, -1 on a failure (exit 1) or -2 for a
 * bad --codec-bench (exit 2, as for any other bad option). */
int bench_codec_run(void);

/* ---- output (report.c) ---- */

void bench_net_header(void);
int bench_net_row(int op, uint64_t size, int workers, int shards,
                  const row_t *r);
void bench_net_footer(void);

void bench_codec_header(void);
/* One codec at one n: encode and decode+accumulate seconds per operation
 * (medians of nenc and ndec samples), wire bytes of one message, and the
 * elements a decode touches (n, or k for the sparse codecs: their decode
 * rate per dense byte would credit them with elements they never read). */
int bench_codec_row(const char *spec, uint32_t bucket, uint64_t n, size_t wire,
                    uint64_t touched, double enc, double dec, int nenc,
                    int ndec);
void bench_codec_footer(void);

#endif
