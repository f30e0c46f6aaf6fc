/* SPDX-License-Identifier: MIT */
/* taups-bench --codec-bench: the gradient codecs measured on one core and
 * without servers, for n = 1e3, 1e4, ... up to --max-n, on standard normal
 * gradients. Encode throughput is in GB/s of raw float32 (4n bytes per
 * operation, whatever the wire size); decode+accumulate in elements touched
 * per second (n, or the k that topk and randk send) and 4 bytes per such
 * element. Each figure is the
 * median of timed samples; a sample batches enough operations to last a
 * millisecond, so that small n are not timing the clock.
 *
 * Must NOT touch the network or format output (report.c). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tps_codec.h"
#include "tps_log.h"
#include "tps_rng.h"

typedef struct codec_run_s {
    const tps__codec_t *c;
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
    return tps__codec_decode_acc(r->c, r->payload, r->len, r->n, r->seed, 1e-3f,
                                 r->acc) < 0;
}

/* Median seconds per operation. The first operation warms up and sizes the
 * batch; when it alone lasts --min-time it counts as a sample, so that the
 * largest n of a slow codec is not run needlessly often. */
static int codec_time(codec_run_t *r, int decode, double *per_op, int *count) {
    double t0 = tps__now();
    if (codec_op(r, decode))
        return -1;
    double first = tps__now() - t0;
    uint64_t batch = first >= 1e-3 ? 1 : (uint64_t)(1e-3 / fmax(first, 1e-9));
    samples_t s = {NULL, 0, 0};
    if (first >= bench_cfg.min_time && bench_samples_add(&s, first) < 0)
        return -1;
    double start = tps__now();
    while (s.n < 3 || (s.n < (size_t)bench_cfg.reps &&
                       tps__now() - start < bench_cfg.min_time)) {
        double a = tps__now();
        for (uint64_t k = 0; k < batch; k++)
            if (codec_op(r, decode)) {
                free(s.v);
                return -1;
            }
        if (bench_samples_add(&s, (tps__now() - a) / (double)batch) < 0) {
            free(s.v);
            return -1;
        }
    }
    bench_samples_sort(&s);
    *per_op = bench_median(&s);
    *count = (int)s.n;
    free(s.v);
    return 0;
}

/* --codec-bench's comma-separated specs into codecs[0..32); returns how
 * many, or -2 after a message. *cap: the largest payload for --max-n. */
static int parse_codecs(tps__codec_t codecs[32], size_t *cap) {
    char spec[128];
    int ncodecs = 0;
    *cap = 0;
    for (const char *p = bench_cfg.codec; *p;) {
        size_t len = strcspn(p, ",");
        char err[256];
        if (len >= sizeof(spec) || ncodecs == 32) {
            fprintf(stderr, PROG ": --codec-bench: too long a list\n");
            return -2;
        }
        memcpy(spec, p, len);
        spec[len] = '\0';
        if (tps__codec_parse(&codecs[ncodecs], spec, (uint32_t)bench_cfg.bucket,
                             err, sizeof(err)) < 0) {
            fprintf(stderr, PROG ": --codec-bench: %s\n", err);
            return -2;
        }
        size_t w = tps__codec_wire_size(&codecs[ncodecs], bench_cfg.max_n);
        *cap = w > *cap ? w : *cap;
        ncodecs++;
        p += len + (p[len] == ',');
    }
    if (ncodecs == 0) {
        fprintf(stderr, PROG ": --codec-bench: no codec given\n");
        return -2;
    }
    return ncodecs;
}

/* One codec's rows, n = 1000, 10000, ... up to --max-n. */
static int codec_rows(const tps__codec_t *codec, float *x, uint8_t *payload,
                      float *acc) {
    char spec[128], desc[160];
    tps__codec_describe(codec, desc, sizeof(desc));
    snprintf(spec, sizeof(spec), "%.*s", (int)strcspn(desc, " "), desc);
    for (uint64_t n = 1000; n <= bench_cfg.max_n; n *= 10) {
        codec_run_t r = {codec,
                         x,
                         n,
                         payload,
                         tps__codec_wire_size(codec, n),
                         acc,
                         bench_cfg.seed};
        double enc, dec;
        int nenc, ndec;
        if (codec_time(&r, 0, &enc, &nenc) < 0 ||
            codec_time(&r, 1, &dec, &ndec) < 0) {
            /* Normal gradients are in range for every codec: a failure
             * is a bug, not a measurement. */
            fprintf(stderr, PROG ": %s failed at n = %llu\n", desc,
                    (unsigned long long)n);
            return -1;
        }
        /* tps__codec_k is 0 for the dense codecs. */
        uint64_t touched = tps__codec_k(codec, n);
        if (bench_codec_row(spec, codec->bucket, n, r.len,
                            touched ? touched : n, enc, dec, nenc, ndec) < 0)
            return -1;
    }
    return 0;
}

int bench_codec_run(void) {
    float *x = NULL, *acc = NULL;
    uint8_t *payload = NULL;
    int rc = -1;
    uint64_t maxn = bench_cfg.max_n;
    size_t cap;
    tps__codec_t codecs[32];
    int ncodecs = parse_codecs(codecs, &cap);
    if (ncodecs < 0)
        return ncodecs;
    x = malloc(maxn * sizeof(float));
    acc = malloc(maxn * sizeof(float));
    payload = malloc(cap);
    if (x == NULL || acc == NULL || payload == NULL) {
        fprintf(stderr,
                PROG ": out of memory for n = %llu (try a smaller "
                     "--max-n)\n",
                (unsigned long long)maxn);
        goto out;
    }
    tps__rng_t rng;
    tps__rng_seed(&rng, bench_cfg.seed, 2);
    for (uint64_t i = 0; i < maxn; i++)
        x[i] = (float)tps__rng_normal(&rng);
    /* Touch every page now so that page faults are not timed. */
    memset(acc, 0, maxn * sizeof(float));
    memset(payload, 0, cap);

    bench_codec_header();
    for (int k = 0; k < ncodecs; k++)
        if (codec_rows(&codecs[k], x, payload, acc) < 0)
            goto out;
    bench_codec_footer();
    rc = 0;
out:
    free(x);
    free(acc);
    free(payload);
    return rc;
}
