/* SPDX-License-Identifier: MIT */
/* What taups-bench prints on stdout: the tables of the network and the
 * codec benches, their footnotes, and with --json one object per line and
 * measurement instead, built with jansson.
 *
 * In the JSON, rates and byte counts are whole numbers, latencies are in
 * ms to the nanosecond (the clock's resolution) and a ratio keeps the
 * table's 4 decimals; a figure that is not finite (no samples) is null.
 *
 * Must NOT measure or decide anything: every figure arrives computed. */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "bench.h"

/* One row a line, and a real such as 0.05 as typed, not 0.050000000000000003.
 */
#define DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(DBL_DIG))

/* x rounded to a multiple of 1/scale. json_pack's "o?" turns the NULL of a
 * non-finite value into null. */
static json_t *rounded(double x, double scale) {
    return isfinite(x) ? json_real(round(x * scale) / scale) : NULL;
}

static json_t *whole(double x) {
    return isfinite(x) ? json_integer((json_int_t)llround(x)) : NULL;
}

/* Prints `row` (taken) on a line of its own. */
static int print_json(json_t *row) {
    int rc = row ? json_dumpf(row, stdout, DUMP_FLAGS) : -1;
    json_decref(row);
    if (rc < 0) {
        fprintf(stderr, PROG ": out of memory for a --json row\n");
        return -1;
    }
    putchar('\n');
    fflush(stdout);
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

/* ---- the network bench -------------------------------------------------- */

void bench_net_header(void) {
    if (bench_cfg.json)
        return;
    printf("%-8s %5s %3s %3s %4s %21s %9s %8s %8s %8s %17s %8s %6s %8s\n",
           "op", "size", "wk", "sh", "infl", "goodput MB/s [range]", "ops/s",
           "p50 ms", "p99 ms", "stream", "ratio [range]", "pp p50",
           "p50/pp", "wire/op");
}

int bench_net_row(int op, uint64_t size, int workers, int shards,
                  const row_t *r) {
    int inflight = op == OP_TCP ? 1 : bench_cfg.inflight;
    if (bench_cfg.json)
        return print_json(json_pack(
            "{s:s, s:I, s:i, s:i, s:i, s:i, s:o?, s:o?, s:o?, s:o?, s:o?, "
            "s:o?, s:o?, s:o?, s:o?, s:o?, s:o?, s:o?, s:o?, s:I, s:o?}",
            "op", bench_op_names[op], "size_bytes", (json_int_t)size, "workers",
            workers, "shards", shards, "inflight", inflight, "rounds",
            bench_cfg.rounds, "goodput_bytes_per_s", whole(r->goodput),
            "goodput_min_bytes_per_s", whole(r->goodput_min),
            "goodput_max_bytes_per_s", whole(r->goodput_max), "ops_per_s",
            whole(r->ops), "lat_p50_ms", rounded(r->p50_ms, 1e6), "lat_p99_ms",
            rounded(r->p99_ms, 1e6), "tcp_stream_bytes_per_s", whole(r->stream),
            "goodput_over_tcp_stream", rounded(r->ratio, 1e4),
            "goodput_over_tcp_stream_min", rounded(r->ratio_min, 1e4),
            "goodput_over_tcp_stream_max", rounded(r->ratio_max, 1e4),
            "tcp_pingpong_p50_ms", rounded(r->pp_p50_ms, 1e6),
            "tcp_pingpong_bytes_per_s", whole(r->pp_rate),
            "p50_over_tcp_pingpong", rounded(r->lat_ratio, 1e4), "reps",
            (json_int_t)r->reps, "wire_bytes_per_op", whole(r->wire_per_op)));
    char sz[32], wire[32], good[64], ratio[64];
    format_size(size, sz, sizeof(sz));
    format_size((uint64_t)r->wire_per_op, wire, sizeof(wire));
    snprintf(good, sizeof(good), "%.0f [%.0f-%.0f]", r->goodput / 1e6,
             r->goodput_min / 1e6, r->goodput_max / 1e6);
    snprintf(ratio, sizeof(ratio), "%.2f [%.2f-%.2f]", r->ratio, r->ratio_min,
             r->ratio_max);
    printf("%-8s %5s %3d %3d %4d %21s %9.0f %8.3f %8.3f %8.0f %17s %8.3f %6.2f "
           "%8s\n",
           bench_op_names[op], sz, workers, shards, inflight, good, r->ops,
           r->p50_ms, r->p99_ms, r->stream / 1e6, ratio, r->pp_p50_ms,
           r->lat_ratio, wire);
    fflush(stdout);
    return 0;
}

void bench_net_footer(void) {
    if (!bench_cfg.json)
        printf(
            "\nMedians over %d interleaved round(s); [range] = smallest and "
            "largest round.\nstream: raw TCP streaming over as many loopback "
            "connections as workers x\nshards, one way, 128 KiB or 1 MiB "
            "writes (the better; as iperf3 measures), MB/s.\nratio = goodput "
            "/ stream of the same round. pp p50: a raw TCP ping-pong of SIZE\n"
            "bytes and a 1-byte answer; p50/pp = taups p50 / that p50. "
            "Goodput counts\ntensor bytes (x2 for pushpull) of all workers; "
            "MB = 1e6 bytes.\n",
            bench_cfg.rounds);
}

/* ---- the codec bench ---------------------------------------------------- */

void bench_codec_header(void) {
    if (!bench_cfg.json)
        printf("%-26s %10s %12s %7s %12s %10s %12s %12s\n", "codec", "n",
               "wire bytes", "ratio", "encode GB/s", "touched", "dec Melem/s",
               "dec GB/s");
}

int bench_codec_row(const char *spec, uint32_t bucket, uint64_t n, size_t wire,
                    uint64_t touched, double enc, double dec, int nenc,
                    int ndec) {
    double raw = 4.0 * (double)n, elems = (double)touched;
    if (bench_cfg.json)
        return print_json(json_pack(
            "{s:s, s:I, s:I, s:o?, s:I, s:o?, s:I, s:o?, s:o?, s:o?, s:i, "
            "s:i}",
            "codec", spec, "bucket", (json_int_t)bucket, "n", (json_int_t)n,
            "raw_bytes", whole(raw), "wire_bytes", (json_int_t)wire,
            "encode_raw_bytes_per_s", whole(raw / enc), "decode_elems",
            (json_int_t)touched, "decode_elems_per_s", whole(elems / dec),
            "decode_elem_bytes_per_s", whole(4.0 * elems / dec),
            "decode_raw_bytes_per_s", whole(raw / dec), "encode_samples", nenc,
            "decode_samples", ndec));
    printf("%-26s %10llu %12zu %7.2f %12.3f %10llu %12.1f %12.3f\n", spec,
           (unsigned long long)n, wire, wire ? raw / (double)wire : 0.0,
           raw / enc / 1e9, (unsigned long long)touched, elems / dec / 1e6,
           4.0 * elems / dec / 1e9);
    fflush(stdout);
    return 0;
}

void bench_codec_footer(void) {
    if (!bench_cfg.json)
        printf(
            "\nPer operation on one core, median of samples; 1 GB = 1e9 "
            "bytes. encode GB/s: raw\nfloat32 in (4n bytes). decode = "
            "decode+accumulate, counted per element it touches:\nn for dense "
            "codecs, the k sent for topk and randk; dec GB/s is 4 bytes per\n"
            "touched element. ratio = raw / wire bytes (before zstd).\n");
}
