/* SPDX-License-Identifier: MIT */
/* taups-bench's network bench: push, pull and push+pull goodput and
 * latency of dense float32 tensors, run by --workers threads that own one
 * libtaups client each against --shards taups-servers started here on
 * loopback (servers.c) or against a running --cluster, with the raw-TCP
 * reference (tcp.c) measured around every point. Goodput counts tensor
 * bytes only (twice for pushpull) summed over workers, divided by the
 * point's wall time; latencies are per operation and pooled over workers.
 *
 * The servers run with --lr 0 so that parameters never move: after the run
 * every tensor is pulled again and must be finite and bitwise equal to the
 * pull made right after declaring it, which catches a path that is fast
 * because it is broken.
 *
 * Owns the sequence of a network run and its teardown. Must NOT format
 * output (report.c) or spawn processes itself (servers.c). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "taups.h"
#include "tps_log.h"
#include "tps_rng.h"

/* ---- taups workers ------------------------------------------------------ */

typedef struct point_s point_t;

typedef struct worker_s {
    pthread_t thread;
    tps_client_t *client;
    float **dst; /* --inflight pull buffers of the largest size (one when
                    this run pulls nothing: worker 0's, for the check) */
    point_t *pt;
    samples_t lat;         /* ms per timed operation */
    _Atomic uint64_t done; /* timed operations finished */
    double t_begin, t_end;
    uint64_t wire; /* bytes sent plus received during timed ops */
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
    int ready; /* workers at the gate */
    int go;    /* the gate is open */
    atomic_int stop;
};

static int run_op(worker_t *w) {
    point_t *pt = w->pt;
    int rc = 0;
    if (pt->op != OP_PULL)
        rc = tps_push(w->client, pt->tensor, pt->grad);
    if (bench_cfg.clock && pt->op == OP_PUSHPULL)
        tps_clock(w->client);
    if (rc == 0 && pt->op != OP_PUSH)
        rc = tps_pull(w->client, pt->tensor, w->dst[0]);
    return rc;
}

/* One operation of a --inflight window: its tickets (0: none) and when it
 * was issued. */
typedef struct slot_s {
    tps_ticket_t push, pull;
    double t0;
} slot_t;

static int slot_issue(worker_t *w, slot_t *s, float *dst) {
    point_t *pt = w->pt;
    int rc = 0;
    s->push = s->pull = 0;
    s->t0 = tps__now();
    if (pt->op != OP_PULL)
        rc = tps_push_async(w->client, pt->tensor, pt->grad, &s->push);
    if (rc == 0 && pt->op != OP_PUSH)
        rc = tps_pull_async(w->client, pt->tensor, dst, &s->pull);
    return rc;
}

static int slot_wait(worker_t *w, slot_t *s) {
    int rc = s->push ? tps_wait(w->client, s->push) : 0;
    int rc2 = s->pull ? tps_wait(w->client, s->pull) : 0;
    s->push = s->pull = 0;
    return rc < 0 ? rc : rc2;
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
        if (atomic_load(&pt->w[i].done) < (uint64_t)bench_cfg.reps)
            return 0;
    return 1;
}

/* Counts one finished operation that took a..b; 1 when this worker should
 * stop. */
static int op_done(worker_t *w, double a, double b) {
    point_t *pt = w->pt;
    if (bench_samples_add(&w->lat, (b - a) * 1e3) < 0) {
        worker_fail(w, TPS_ENOMEM);
        return 1;
    }
    /* With clocks, every worker makes exactly --reps iterations: one
     * stopped early would hold the others at a consistency gate. */
    if (atomic_fetch_add(&w->done, 1) + 1 >= (uint64_t)bench_cfg.reps &&
        bench_cfg.clock)
        return 1;
    if (w == &pt->w[0] && b - w->t_begin >= bench_cfg.min_time &&
        all_done(pt))
        atomic_store(&pt->stop, 1);
    return 0;
}

/* One operation at a time, each waited for: latency is the call's. */
static double run_serial(worker_t *w) {
    double a, b = w->t_begin;
    while (!atomic_load(&w->pt->stop)) {
        a = b;
        int rc = run_op(w);
        b = tps__now();
        if (rc < 0) {
            worker_fail(w, rc);
            break;
        }
        if (op_done(w, a, b))
            break;
    }
    return b;
}

/* A sliding window of --inflight operations: a new one is issued as soon as
 * the oldest completes. Latency is from issue to the oldest's completion;
 * the operations still in flight when the point ends are waited for after
 * its window and not counted. */
static double run_window(worker_t *w) {
    int k = bench_cfg.inflight, head = 0, n = 0, rc = 0;
    slot_t ring[BENCH_MAX_INFLIGHT];
    double b = w->t_begin;
    while (!atomic_load(&w->pt->stop)) {
        if (n == k) {
            rc = slot_wait(w, &ring[head]);
            b = tps__now();
            if (rc < 0) {
                worker_fail(w, rc);
                break;
            }
            double a = ring[head].t0;
            head = (head + 1) % k;
            n--;
            if (op_done(w, a, b))
                break;
        }
        int s = (head + n) % k;
        if ((rc = slot_issue(w, &ring[s], w->dst[s])) < 0) {
            n++; /* a push issued before a failed pull is still owed */
            worker_fail(w, rc);
            break;
        }
        n++;
    }
    for (; n > 0; n--, head = (head + 1) % k)
        slot_wait(w, &ring[head]);
    return b;
}

static void *worker_main(void *arg) {
    worker_t *w = arg;
    point_t *pt = w->pt;
    uint64_t s0, r0, s1, r1;
    int rc = 0;
    for (int i = 0; i < bench_cfg.warmup && rc == 0; i++)
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
    w->t_begin = tps__now();
    w->t_end = bench_cfg.inflight > 1 ? run_window(w) : run_serial(w);
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
        int err =
            pthread_create(&w[created].thread, NULL, worker_main, &w[created]);
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
                    bench_op_names[op], (unsigned long long)size, i,
                    w[i].errmsg);
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
            if (bench_samples_add(lat, w[i].lat.v[k]) < 0) {
                fprintf(stderr, PROG ": out of memory\n");
                return -1;
            }
    }
    bench_samples_sort(lat);
    r->goodput = (double)(ops * size * (op == OP_PUSHPULL ? 2 : 1)) / (t1 - t0);
    r->ops = (double)ops / (t1 - t0);
    r->p50_ms = bench_percentile(lat, 50);
    r->p99_ms = bench_percentile(lat, 99);
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

/* ---- a network run ------------------------------------------------------ */

/* One network run: what it measures and everything it holds, freed by
 * bench_free. */
typedef struct bench_s {
    const uint64_t *sizes; /* ascending, borrowed */
    int nsizes;
    unsigned ops; /* bit k: operation k */
    server_t *servers;
    int nservers;
    char *own_cluster;
    int shards;
    worker_t *w;
    int nopen;         /* clients opened, a prefix of w */
    tensor_t *tensors; /* one per size */
    float *grad;
    tcp_bench_t tcp;
    samples_t lat;     /* one point's pooled latencies */
    samples_t tcp_lat; /* one ping-pong slice's latencies */
    result_t *res;     /* [round][op] at the current size */
    reference_t *ref;  /* [round] at the current size */
} bench_t;

static int open_clients(bench_t *B, const char *cluster, uint64_t chunk) {
    for (int i = 0; i < bench_cfg.workers; i++) {
        tps_options_t to;
        char err[512];
        tps_options_init(&to);
        to.cluster = cluster;
        to.role = TPS_ROLE_WORKER;
        to.rank = i;
        to.workers = bench_cfg.workers;
        if (chunk)
            to.chunk_bytes = (size_t)chunk;
        to.codec = bench_cfg.push_codec;
        to.pull_codec = bench_cfg.pull_codec;
        to.zstd_level = bench_cfg.wire_zstd;
        to.key_file = bench_cfg.key_file;
        to.frame_mac = bench_cfg.frame_mac;
        to.spin_us = bench_cfg.spin_us;
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
        snprintf(name, sizeof(name), "bench_%llu",
                 (unsigned long long)t->bytes);
        for (int i = 0; i < bench_cfg.workers; i++) {
            tps_client_t *c = B->w[i].client;
            int id = tps_declare(c, name, t->bytes / sizeof(float),
                                 TPS_INIT_UNIFORM, 0.1f, bench_cfg.seed);
            if (id < 0) {
                fprintf(stderr, PROG ": declaring %s, worker %d: %s\n", name, i,
                        tps_errmsg(c)[0] ? tps_errmsg(c) : tps_strerror(id));
                return -1;
            }
            if (i > 0 && id != t->id) {
                fprintf(stderr,
                        PROG ": %s has id %d for worker 0 but %d for "
                             "worker %d\n",
                        name, t->id, id, i);
                return -1;
            }
            t->id = id;
        }
        int64_t bad = pull_hash(B->w[0].client, t, B->w[0].dst[0], &t->hash);
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
        int64_t bad = pull_hash(B->w[0].client, t, B->w[0].dst[0], &h);
        if (bad < 0) {
            fprintf(stderr, PROG ": check: pull of bench_%llu: %s\n",
                    (unsigned long long)t->bytes, tps_strerror((int)bad));
            return -1;
        }
        if (bad > 0 || h != t->hash) {
            fprintf(stderr,
                    PROG ": check FAILED: bench_%llu %s after the "
                         "run%s\n",
                    (unsigned long long)t->bytes,
                    bad ? "has non-finite values" : "changed",
                    bench_cfg.cluster ? " (is the cluster running with --lr 0?)"
                                      : "");
            return -1;
        }
    }
    return 0;
}

static void bench_free(bench_t *B) {
    if (B->w)
        for (int i = 0; i < bench_cfg.workers; i++) {
            for (int k = 0; B->w[i].dst && k < bench_cfg.inflight; k++)
                free(B->w[i].dst[k]);
            free(B->w[i].dst);
            free(B->w[i].lat.v);
        }
    free(B->w);
    free(B->tensors);
    free(B->grad);
    free(B->lat.v);
    free(B->tcp_lat.v);
    free(B->res);
    free(B->ref);
    free(B->own_cluster);
    free(B->servers);
}

/* The connections the taups configuration uses: the streaming reference
 * uses as many. */
static int connections(const bench_t *B) {
    int shards = B->shards ? B->shards : bench_cfg.shards;
    return bench_cfg.workers * shards > BENCH_MAX_STREAMS
               ? BENCH_MAX_STREAMS
               : bench_cfg.workers * shards;
}

/* One round at size index k: the streaming reference, the ping-pong
 * reference, then each operation asked for. */
static int measure_round(bench_t *B, int k, int rd) {
    uint64_t size = B->sizes[k];
    reference_t *ref = &B->ref[rd];
    tcp_acc_t acc;
    ref->stream = bench_tcp_stream(connections(B), bench_cfg.min_time / 2);
    if (ref->stream < 0)
        return -1;
    B->tcp_lat.n = 0;
    if (bench_tcp_slice(&B->tcp, size, &B->tcp_lat, &acc) < 0)
        return -1;
    bench_samples_sort(&B->tcp_lat);
    ref->pp_p50_ms = bench_percentile(&B->tcp_lat, 50);
    ref->pp_p99_ms = bench_percentile(&B->tcp_lat, 99);
    ref->pp_rate = (double)(acc.ops * size) / acc.secs;
    B->res[rd * NOPS + OP_TCP] = (result_t){
        ref->stream, (double)acc.ops / acc.secs, ref->pp_p50_ms,
        ref->pp_p99_ms, acc.ops, (double)(size + sizeof(uint64_t) + 1)};
    for (int op = OP_PUSH; op < NOPS; op++)
        if ((B->ops & (1u << op)) &&
            point_measure(B->w, bench_cfg.workers, op, B->tensors[k].id,
                          B->grad, size, &B->lat, &B->res[rd * NOPS + op]) <
                0)
            return -1;
    return 0;
}

/* Medians over the rounds of one operation at one size. */
static const row_t *summarise(bench_t *B, int op) {
    static row_t row;
    double x[BENCH_MAX_ROUNDS], lo, hi;
    int n = bench_cfg.rounds;
    const result_t *r;
    memset(&row, 0, sizeof(row));
#define SPREAD(expr, med, min, max)                                            \
    do {                                                                       \
        for (int i = 0; i < n; i++) {                                          \
            r = &B->res[i * NOPS + op];                                        \
            const reference_t *ref = &B->ref[i];                               \
            (void)ref;                                                         \
            x[i] = (expr);                                                     \
        }                                                                      \
        bench_spread(x, n, &(med), &(min), &(max));                            \
    } while (0)
    SPREAD(r->goodput, row.goodput, row.goodput_min, row.goodput_max);
    SPREAD(r->ops, row.ops, lo, hi);
    SPREAD(r->p50_ms, row.p50_ms, lo, hi);
    SPREAD(r->p99_ms, row.p99_ms, lo, hi);
    SPREAD(r->wire_per_op, row.wire_per_op, lo, hi);
    SPREAD(ref->stream, row.stream, row.stream_min, row.stream_max);
    SPREAD(r->goodput / ref->stream, row.ratio, row.ratio_min, row.ratio_max);
    SPREAD(ref->pp_p50_ms, row.pp_p50_ms, lo, hi);
    SPREAD(ref->pp_rate, row.pp_rate, lo, hi);
    SPREAD(r->p50_ms / ref->pp_p50_ms, row.lat_ratio, lo, hi);
#undef SPREAD
    for (int i = 0; i < n; i++)
        row.reps += B->res[i * NOPS + op].reps;
    return &row;
}

static int out_of_memory(uint64_t maxsize) {
    fprintf(stderr,
            PROG ": out of memory (largest size %llu bytes, %d "
                 "workers)\n",
            (unsigned long long)maxsize, bench_cfg.workers);
    return -1;
}

/* The gradient and the pull destinations; -1 when memory runs out. */
static int alloc_buffers(bench_t *B, uint64_t maxsize) {
    B->w = calloc((size_t)bench_cfg.workers, sizeof(*B->w));
    B->tensors = calloc((size_t)B->nsizes, sizeof(*B->tensors));
    B->grad = malloc(maxsize);
    if (B->w == NULL || B->tensors == NULL || B->grad == NULL)
        return -1;
    /* Worker 0's first buffer also serves the lr-0 check. */
    int pulls = (B->ops & (1u << OP_PULL | 1u << OP_PUSHPULL)) != 0;
    for (int i = 0; i < bench_cfg.workers; i++) {
        if (i > 0 && !pulls)
            break;
        int nbuf = pulls ? bench_cfg.inflight : 1;
        if ((B->w[i].dst = calloc((size_t)bench_cfg.inflight,
                                  sizeof(float *))) == NULL)
            return -1;
        for (int k = 0; k < nbuf; k++) {
            if ((B->w[i].dst[k] = malloc(maxsize)) == NULL)
                return -1;
            memset(B->w[i].dst[k], 0, maxsize);
        }
    }
    /* Small finite values: with lr 0 any gradient leaves the parameters
     * as they are, but a NaN would be rejected, not timed. */
    tps__rng_t rng;
    tps__rng_seed(&rng, bench_cfg.seed, 1);
    for (uint64_t i = 0; i < maxsize / sizeof(float); i++)
        B->grad[i] = (float)(tps__rng_uniform(&rng) - 0.5) * 1e-3f;
    return 0;
}

/* Buffers, the servers (unless --cluster), the clients and the tensors. */
static int setup_taups(bench_t *B, uint64_t chunk, uint64_t maxsize) {
    const char *cluster = bench_cfg.cluster;
    if (alloc_buffers(B, maxsize) < 0)
        return out_of_memory(maxsize);
    if (cluster == NULL) {
        B->servers = calloc((size_t)bench_cfg.shards, sizeof(*B->servers));
        if (B->servers == NULL)
            return out_of_memory(maxsize);
        B->nservers = bench_cfg.shards;
        if (bench_servers_start(B->servers, bench_cfg.shards,
                                bench_cfg.workers, &B->own_cluster) < 0)
            return -1;
        cluster = B->own_cluster;
    }
    if (open_clients(B, cluster, chunk) < 0 || declare_tensors(B) < 0)
        return -1;
    fprintf(stderr, PROG ": %d worker(s), %d shard(s) at %s%s\n",
            bench_cfg.workers, B->shards, cluster,
            bench_cfg.cluster ? "" : " (started by this run, --lr 0)");
    return 0;
}

/* Every size in --rounds rounds, then its rows. */
static int measure_sizes(bench_t *B) {
    /* Loopback throughput on a shared machine drifts by tens of percent
     * within seconds, so every size is measured in --rounds rounds, each
     * of which measures the references and then every operation, one after
     * the other; a row reports medians over rounds, and its ratios divide
     * by the references of the same round. */
    bench_net_header();
    for (int k = 0; k < B->nsizes; k++) {
        uint64_t size = B->sizes[k];
        for (int rd = 0; rd < bench_cfg.rounds; rd++)
            if (measure_round(B, k, rd) < 0)
                return -1;
        for (int op = OP_TCP; op < NOPS; op++)
            if ((B->ops & (1u << op)) &&
                bench_net_row(op, size, op == OP_TCP ? 1 : bench_cfg.workers,
                              op == OP_TCP ? 0 : B->shards,
                              summarise(B, op)) < 0)
                return -1;
    }
    bench_net_footer();
    return 0;
}

static int run(bench_t *B) {
    uint64_t chunk = 0, maxsize = B->sizes[B->nsizes - 1];
    int taups = (B->ops & ~(1u << OP_TCP)) != 0;

    if (bench_cfg.chunk && bench_parse_size(bench_cfg.chunk, &chunk) < 0) {
        fprintf(stderr, PROG ": --chunk: \"%s\" is not a size such as 4M\n",
                bench_cfg.chunk);
        return -1;
    }
    if (taups && setup_taups(B, chunk, maxsize) < 0)
        return -1;
    if (bench_tcp_start(&B->tcp, maxsize) < 0)
        return -1;
    B->res = calloc((size_t)bench_cfg.rounds * NOPS, sizeof(*B->res));
    B->ref = calloc((size_t)bench_cfg.rounds, sizeof(*B->ref));
    if (B->res == NULL || B->ref == NULL)
        return out_of_memory(maxsize);
    if (measure_sizes(B) < 0)
        return -1;
    if (taups) {
        if (check_unchanged(B) < 0)
            return -1;
        fprintf(stderr,
                PROG ": check passed: %d tensor(s) finite and "
                     "unchanged after the run (lr 0)\n",
                B->nsizes);
    }
    return 0;
}

int bench_net(unsigned ops, const uint64_t *sizes, int nsizes) {
    bench_t B;
    int status = 0;
    memset(&B, 0, sizeof(B));
    B.sizes = sizes;
    B.nsizes = nsizes;
    B.ops = ops;
    B.tcp.sender = B.tcp.receiver = -1;
    if (run(&B) < 0)
        status = 1;
    bench_tcp_stop(&B.tcp);
    if (B.tcp.rx_err) {
        fprintf(stderr, PROG ": raw TCP receiver: %s\n",
                strerror(B.tcp.rx_err));
        status = 1;
    }
    for (int i = 0; i < B.nopen; i++)
        tps_close(B.w[i].client);
    B.nopen = 0;
    if (B.nservers && bench_servers_stop(B.servers, B.nservers) < 0)
        status = 1;
    bench_free(&B);
    return status;
}
