/* SPDX-License-Identifier: MIT */
/* taups-bench: how fast libtaups moves dense float32 tensors, next to what
 * plain TCP does on the same machine in the same run, and how fast the
 * gradient codecs are (docs/design.md §1, §5).
 *
 * For every size from --min-size to --max-size, in --rounds interleaved
 * rounds, it measures
 *   tcp       two references. Streaming (stream.c): as many loopback
 *             connections as the taups configuration uses, each written one
 *             way as fast as it goes, blocks of 128 KiB and 1 MiB, the better
 *             kept, as iperf3 measures; the goodput ratio divides by it.
 *             Ping-pong (tcp.c): SIZE bytes, then a 1-byte answer, one at a
 *             time, the shape of a push; the latency ratio divides by it.
 *   push, pull, pushpull (a push followed by a pull: one training
 *             iteration's traffic), run by --workers threads that own one
 *             client each, against --shards taups-server processes started
 *             here on free loopback ports, or against a running --cluster
 *             (net.c, servers.c).
 * With --codec-bench SPEC[,SPEC...] it measures the gradient codecs instead
 * (codec.c).
 *
 * This file owns the options, the usage text and the choice between the
 * two benches. It must NOT measure or print results itself: that is the
 * other rooms of tools/bench/. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tps_codec.h"
#include "tps_tool.h"

/* ---- options ----------------------------------------------------------- */

bench_cfg_t bench_cfg;

static const tps__opt_t options[] = {
    {"workers", TPS_OPT_INT, &bench_cfg.workers, "1", 1, 4096, NULL, "N",
     "worker threads, each with its own client"},
    {"shards", TPS_OPT_INT, &bench_cfg.shards, "1", 1, 256, NULL, "S",
     "taups-server processes to start on loopback"},
    {"ops", TPS_OPT_STR, &bench_cfg.ops, "push,pull,pushpull", 0, -1, NULL,
     "LIST",
     "comma-separated: push, pull, pushpull (push then pull), tcp (raw TCP "
     "rows; alone, no server is needed)"},
    {"min-size", TPS_OPT_STR, &bench_cfg.min_size, "1K", 0, -1, NULL, "BYTES",
     "smallest tensor; K, M, G are powers of 1024"},
    {"max-size", TPS_OPT_STR, &bench_cfg.max_size, "64M", 0, -1, NULL, "BYTES",
     "largest tensor"},
    {"factor", TPS_OPT_INT, &bench_cfg.factor, "4", 2, 1024, NULL, "F",
     "each size is F times the previous one"},
    {"reps", TPS_OPT_INT, &bench_cfg.reps, "20", 1, 1e9, NULL, "N",
     "timed operations per worker and point, at least; with --codec-bench, "
     "timed "
     "samples per point at most (at least 3, for --min-time)"},
    {"min-time", TPS_OPT_DOUBLE, &bench_cfg.min_time, "0.3", 0, 3600, NULL,
     "SECONDS", "time per point, at least"},
    {"warmup", TPS_OPT_INT, &bench_cfg.warmup, "3", 0, 1000000, NULL, "N",
     "untimed operations per worker before each point"},
    {"rounds", TPS_OPT_INT, &bench_cfg.rounds, "3", 1, BENCH_MAX_ROUNDS, NULL,
     "R",
     "measure every size R times, interleaving the references and the "
     "operations; rows give medians and the spread"},
    {"inflight", TPS_OPT_INT, &bench_cfg.inflight, "1", 1, BENCH_MAX_INFLIGHT,
     NULL, "K",
     "operations in flight per worker: a sliding window of asynchronous "
     "tickets, each new one issued when the oldest completes (pulls get a "
     "buffer of --max-size each)"},
    {"transport", TPS_OPT_CHOICE, &bench_cfg.transport, "tcp", 0, -1,
     "tcp|unix", NULL,
     "how the servers started here listen and the raw references connect: "
     "loopback TCP, or unix: sockets (same-host transport)"},
    {"table", TPS_OPT_FLAG, &bench_cfg.table, "0", 0, 1, NULL, NULL,
     "measure rows of a table by 64-bit id instead of dense tensors "
     "(--ops pull,push; one client; --ids, --rows, --zipf, --dim): rows/s, "
     "latency next to a raw TCP ping-pong of one pull reply's bytes, and "
     "the balance of rows and row traffic over the shards"},
    {"ids", TPS_OPT_INT, &bench_cfg.table_ids, "1000", 1, 1000000, NULL, "K",
     "with --table: ids per call"},
    {"rows", TPS_OPT_U64, &bench_cfg.table_rows, "1000000", 1, 1e10, NULL,
     "N", "with --table: ids are drawn from 0..N-1"},
    {"zipf", TPS_OPT_DOUBLE, &bench_cfg.table_zipf, "1.1", 0, 10, NULL, "S",
     "with --table: id i is drawn with weight 1/(i+1)^S"},
    {"dim", TPS_OPT_INT, &bench_cfg.table_dim, "16", 1, 65536, NULL, "D",
     "with --table: values per row"},
    {"fill", TPS_OPT_U64, &bench_cfg.table_fill, "0", 0, 1e11, NULL, "N",
     "with --table: instead of the rounds, push N distinct rows and report, "
     "at every tenth, the p50 of pulls of --ids random filled ids and each "
     "shard's rows, table bytes per row and resident memory per row"},
    {"spin-us", TPS_OPT_INT, &bench_cfg.spin_us, "0", 0, 1000000, NULL, "US",
     "clients wait for replies by polling for up to US microseconds before "
     "sleeping (tps_options_t.spin_us)"},
    {"codec", TPS_OPT_STR, &bench_cfg.push_codec, NULL, 0, -1, NULL, "CODEC",
     "network mode and --table: compress pushes like taups-worker --codec "
     "(error feedback as its default; rows: none, fp16, bf16, qsgd, uniform); "
     "the wire column shows the bytes that moved"},
    {"pull-codec", TPS_OPT_STR, &bench_cfg.pull_codec, NULL, 0, -1, NULL,
     "CODEC", "network mode and --table: have the shards encode pull "
     "replies"},
    {"wire-zstd", TPS_OPT_INT, &bench_cfg.wire_zstd, "0", 0, 22, NULL, "LEVEL",
     "network mode: zstd on encoded pushes; --table: on push frames and "
     "pull replies of rows, where it shrinks them"},
    {"chunk", TPS_OPT_STR, &bench_cfg.chunk, NULL, 0, -1, NULL, "BYTES",
     "client chunk size (largest payload of one frame) [default: the "
     "library's]"},
    {"seed", TPS_OPT_U64, &bench_cfg.seed, "1", 0, -1, NULL, "N",
     "seed of the tensors' init and of the pushed gradient"},
    {"clock", TPS_OPT_FLAG, &bench_cfg.clock, NULL, 0, -1, NULL, NULL,
     "pushpull advances the worker's clock like a training iteration (so "
     "that ssp and sync gates act); every worker then makes exactly --reps "
     "iterations per point, --min-time is ignored"},
    {"json", TPS_OPT_FLAG, &bench_cfg.json, NULL, 0, -1, NULL, NULL,
     "print one JSON object per line and measurement instead of a table"},
    {"cluster", TPS_OPT_STR, &bench_cfg.cluster, NULL, 0, -1, NULL,
     "HOST:PORT,...",
     "benchmark these running shards (started with --lr 0) instead of "
     "starting servers; --shards is then ignored"},
    {"server-bin", TPS_OPT_STR, &bench_cfg.server_bin, NULL, 0, -1, NULL,
     "PATH",
     "taups-server to start [default: next to this program, then "
     "../server/, then $PATH]"},
    {"server-arg", TPS_OPT_LIST, &bench_cfg.server_args, NULL, 0, -1, NULL,
     "ARG",
     "one more argument for every server started, e.g. "
     "--server-arg=--mode=async"},
    {"key-file", TPS_OPT_STR, &bench_cfg.key_file, NULL, 0, -1, NULL, "FILE",
     "the cluster's key, for the servers started and every client (what "
     "authentication costs)"},
    {"frame-mac", TPS_OPT_FLAG, &bench_cfg.frame_mac, NULL, 0, -1, NULL, NULL,
     "tag every frame either way (needs --key-file; what per-frame "
     "integrity costs)"},
    {"codec-bench", TPS_OPT_STR, &bench_cfg.codec, NULL, 0, -1, NULL,
     "SPEC,...",
     "measure these codecs (e.g. fp16,qsgd:8,topk:0.01) instead of push and "
     "pull: encode GB/s of raw float32 and decode+accumulate elements/s "
     "(and GB/s of those elements; topk and randk touch only k) on one "
     "core; no server is started and the options above except --reps, "
     "--min-time, "
     "--seed and --json are ignored"},
    {"bucket", TPS_OPT_INT, &bench_cfg.bucket,
     TPS_STR(TPS_CODEC_BUCKET_DEFAULT), 1, TPS_CODEC_BUCKET_MAX, NULL, "N",
     "with --codec-bench: elements per bucket of qsgd and uniform"},
    {"max-n", TPS_OPT_U64, &bench_cfg.max_n, "100000000", 1000, 4294967296.0,
     NULL, "N",
     "with --codec-bench: largest element count (n runs over 1e3, 1e4, ... "
     "up to N)"},
    TPS_OPT_END};

static const char usage[] =
    "Usage: " PROG " [OPTIONS]\n"
    "       " PROG " --codec-bench SPEC[,SPEC...] [--max-n N] [--bucket N]\n"
    "\n"
    "Measures push, pull and push+pull goodput and latency (p50, p99) of "
    "dense\n"
    "float32 tensors with N workers and S shards on loopback and, in the same\n"
    "rounds, two raw-TCP references: streaming over as many connections (as\n"
    "iperf3 measures; the goodput ratio divides by it) and a ping-pong of\n"
    "SIZE bytes and a 1-byte answer (the latency ratio divides by it).";

int bench_parse_size(const char *s, uint64_t *out) {
    char *end;
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno == ERANGE)
        return -1;
    uint64_t mult = 1;
    switch (*end) {
    case 'k':
    case 'K':
        mult = 1ULL << 10;
        end++;
        break;
    case 'm':
    case 'M':
        mult = 1ULL << 20;
        end++;
        break;
    case 'g':
    case 'G':
        mult = 1ULL << 30;
        end++;
        break;
    default:
        break;
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

/* ---- operations and sizes ------------------------------------------------ */

const char *const bench_op_names[NOPS] = {"tcp", "push", "pull", "pushpull"};

static int parse_ops(const char *s, unsigned *mask) {
    *mask = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        int k;
        for (k = 0; k < NOPS; k++)
            if (strlen(bench_op_names[k]) == len &&
                strncmp(s, bench_op_names[k], len) == 0)
                break;
        if (k == NOPS) {
            fprintf(stderr,
                    PROG ": --ops: unknown operation \"%.*s\" (push, "
                         "pull, pushpull or tcp)\n",
                    (int)len, s);
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

/* The sizes from --min-size to --max-size, each --factor times the one
 * before, at most 64 of them. */
static int setup_sizes(uint64_t *sizes, int *nsizes) {
    uint64_t lo, hi;
    if (bench_parse_size(bench_cfg.min_size, &lo) < 0 ||
        bench_parse_size(bench_cfg.max_size, &hi) < 0) {
        fprintf(stderr,
                PROG ": --min-size/--max-size: \"%s\" is not a size "
                     "such as 4096, 64K or 16M\n",
                bench_parse_size(bench_cfg.min_size, &lo) < 0
                    ? bench_cfg.min_size
                    : bench_cfg.max_size);
        return -1;
    }
    if (lo > hi || lo % sizeof(float) != 0) {
        fprintf(stderr, PROG ": --min-size must be a multiple of 4 bytes and "
                             "at most --max-size\n");
        return -1;
    }
    uint64_t factor = (uint64_t)bench_cfg.factor;
    *nsizes = 0;
    for (uint64_t s = lo; s <= hi && *nsizes < 64; s *= factor) {
        sizes[(*nsizes)++] = s;
        if (s > UINT64_MAX / factor)
            break;
    }
    return 0;
}

int main(int argc, char **argv) {
    uint64_t sizes[64];
    unsigned ops;
    int rc, nsizes;

    rc = tps__opt_parse(options, PROG, usage, argc, argv);
    if (rc == TPS_OPT_EXIT_OK || rc == TPS_OPT_EXIT_ERR) {
        tps__opt_free(options);
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    }
    if (rc < argc) {
        fprintf(stderr, PROG ": unexpected argument \"%s\" (see --help)\n",
                argv[rc]);
        tps__opt_free(options);
        return 2;
    }
    if (bench_cfg.codec) {
        rc = bench_codec_run();
        tps__opt_free(options);
        return rc == 0 ? 0 : rc == -2 ? 2 : 1;
    }
    if (bench_cfg.frame_mac && bench_cfg.key_file == NULL) {
        fprintf(stderr, PROG ": --frame-mac needs --key-file (make one with "
                             "taups-ctl keygen FILE)\n");
        tps__opt_free(options);
        return 2;
    }
    bench_cfg.unix_sock = strcmp(bench_cfg.transport, "unix") == 0;
    if (bench_cfg.inflight > 1 && bench_cfg.clock) {
        fprintf(stderr, PROG ": --clock needs --inflight 1 (an iteration's "
                             "clock follows its own push)\n");
        tps__opt_free(options);
        return 2;
    }
    if (parse_ops(bench_cfg.ops, &ops) < 0 || setup_sizes(sizes, &nsizes) < 0) {
        tps__opt_free(options);
        return 2;
    }
    /* A server that dies mid-run must become an error message, not a
     * SIGPIPE that takes the benchmark and its report down. */
    signal(SIGPIPE, SIG_IGN);
    if (bench_cfg.table && (ops & ~((1u << OP_PULL) | (1u << OP_PUSH)))) {
        /* The default list names pushpull: tables take pull and push. */
        ops &= (1u << OP_PULL) | (1u << OP_PUSH);
        if (strcmp(bench_cfg.ops, "push,pull,pushpull") != 0 || ops == 0) {
            fprintf(stderr, PROG ": --table measures --ops pull and push\n");
            tps__opt_free(options);
            return 2;
        }
    }
    int status = bench_cfg.table ? bench_table(ops) : bench_net(ops, sizes, nsizes);
    tps__opt_free(options);
    return status;
}
