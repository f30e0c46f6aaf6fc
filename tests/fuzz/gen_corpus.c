/* SPDX-License-Identifier: MIT */
/* Writes the seeds of the targets whose inputs are binary (frame, header,
 * shard, codec, idx, ids) into DIR/<target>/, as each target's comment
 * describes its input: real frames and payloads made by the project's own
 * encoders, so that a change to the protocol shows up here.
 *   gen_corpus DIR        (make fuzz-corpus: DIR is tests/fuzz/corpus)
 * The text seeds (libsvm, config) are copies of real files, kept by hand. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <zlib.h>
#include <zstd.h>

#include "fuzz_shard.h"
#include "taups.h"
#include "tps_cluster.h"
#include "tps_codec.h"
#include "tps_frame.h"
#include "tps_ids.h"

/* ---- a growable byte buffer ------------------------------------------------
 */

typedef struct buf_s {
    uint8_t *p;
    size_t len, cap;
} buf_t;

static void put(buf_t *b, const void *p, size_t n) {
    if (n == 0)
        return;
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2;
        b->p = realloc(b->p, b->cap);
        if (b->p == NULL)
            abort();
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
}

static void put8(buf_t *b, unsigned v) {
    uint8_t x = (uint8_t)v;
    put(b, &x, 1);
}

static void put_le(buf_t *b, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++)
        put8(b, (unsigned)(v >> (8 * i)));
}

static void put_be32(buf_t *b, uint32_t v) {
    for (int i = 3; i >= 0; i--)
        put8(b, v >> (8 * i));
}

static const char *dir;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void save(const buf_t *b, const char *fmt, ...) {
    char name[256], path[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof(name), fmt, ap);
    va_end(ap);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    mkdir(path, 0755);
    *slash = '/';
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(b->p, 1, b->len, f) != b->len || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

/* ---- headers ---------------------------------------------------------------
 */

static void header_bytes(buf_t *b, const Taups__Header *h) {
    size_t n = taups__header__get_packed_size(h);
    uint8_t *tmp = malloc(n ? n : 1);
    taups__header__pack(h, tmp);
    put(b, tmp, n);
    free(tmp);
}

static void frame(buf_t *b, const Taups__Header *h, const void *payload,
                  size_t len) {
    uint8_t meta[1024];
    size_t n = tps__frame_encode_meta(h, len, meta, sizeof(meta));
    put(b, meta, n);
    put(b, payload, len);
}

static Taups__Header hello(int role, int rank, int shards, int shard,
                           int workers) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO;
    h.request_id = 1;
    h.proto_version = TPS_PROTO_VERSION;
    h.role = (Taups__Role)role;
    h.rank = rank;
    h.workers = (uint32_t)workers;
    h.shards = (uint32_t)shards;
    h.shard = (uint32_t)shard;
    h.session = 0x1234u + (uint64_t)rank;
    return h;
}

static Taups__Header declare(const char *name, uint64_t length) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__DECLARE;
    h.request_id = 2;
    h.name = (char *)name;
    h.length = length;
    h.init = TAUPS__INIT__NORMAL;
    h.scale = 0.1f;
    h.seed = 7;
    return h;
}

static Taups__Header push(uint64_t offset, uint64_t count, uint64_t clock) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = 3 + clock;
    h.tensor_id = 0;
    h.offset = offset;
    h.count = count;
    h.clock = clock;
    h.version = clock;
    h.last = 1;
    h.grad_norm = 100.0f;
    return h;
}

static Taups__Header simple(Taups__Op op, uint64_t rid) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = op;
    h.request_id = rid;
    return h;
}

static void gradient(float *x, size_t n, float scale) {
    for (size_t i = 0; i < n; i++)
        x[i] = scale * sinf(0.37f * (float)i + 0.1f);
}

/* ---- frame and header ------------------------------------------------------
 */

/* A session as a client and a shard would exchange it. */
static void session_frames(buf_t *b) {
    float g[16];
    gradient(g, 16, 0.5f);
    Taups__Header h = hello(TAUPS__ROLE__WORKER, 0, 1, 0, 2);
    frame(b, &h, NULL, 0);
    h = declare("w", 16);
    frame(b, &h, NULL, 0);
    h = push(0, 16, 0);
    frame(b, &h, g, sizeof(g));
    h = simple(TAUPS__OP__PULL, 9);
    h.count = 16;
    frame(b, &h, NULL, 0);
    h = simple(TAUPS__OP__PULL_OK, 9);
    h.count = 16;
    frame(b, &h, g, sizeof(g));
    h = simple(TAUPS__OP__ERROR, 10);
    h.status = -5;
    h.error = "tensor \"w\": length 1000 != 784";
    frame(b, &h, NULL, 0);
}

/* A header with every field set: more than protobuf-c scans without
 * allocating, as a busy push or reply may have. */
static Taups__Header everything(uint8_t *nonce, uint8_t *mac) {
    Taups__Header h = push(5, 3, 4);
    h.rank = 1;
    h.codec = 0x2043;
    h.raw_len = 12;
    h.status = -1;
    h.error = "e";
    h.proto_version = TPS_PROTO_VERSION;
    h.role = TAUPS__ROLE__WORKER;
    h.workers = 2;
    h.shards = 1;
    h.name = "w";
    h.length = 8;
    h.init = TAUPS__INIT__UNIFORM;
    h.seed = 3;
    h.scale = 0.5f;
    h.staleness = 1;
    h.weight = 0.5f;
    h.mode = "ssp";
    h.local_steps = 2;
    h.dropped = 1;
    h.bound = 3;
    h.codec_ratio = 0.25f;
    h.zstd = 1;
    h.encoded_len = 10;
    h.codec_seed = 11;
    h.session = 12;
    h.decided = 1;
    h.chunk = 4;
    h.cutoff = -1;
    h.nonce.data = nonce;
    h.nonce.len = 32;
    h.mac.data = mac;
    h.mac.len = 16;
    h.frame_mac = 1;
    return h;
}

static void gen_frame_and_header(void) {
    buf_t b = {0};
    /* limits: max_header 16 + 8 * 63, max_payload 64 * 63; pool; splits */
    put8(&b, 63);
    put8(&b, 63);
    put8(&b, 2);
    put8(&b, 6);
    put8(&b, 40);
    put8(&b, 0);
    session_frames(&b);
    save(&b, "frame/session-pool");
    b.p[1] = 63 | 1u << 6; /* exact destinations */
    save(&b, "frame/session-exact");
    b.p[1] = 63 | 3u << 6; /* reads in place */
    b.p[2] = 0;
    b.p[3] = 255;
    save(&b, "frame/session-direct");

    uint8_t nonce[32], mac[16];
    memset(nonce, 0xa5, sizeof(nonce));
    memset(mac, 0x3c, sizeof(mac));
    Taups__Header all = everything(nonce, mac);
    b.len = 0;
    put8(&b, 20);
    put8(&b, 2);
    put8(&b, 0);
    put8(&b, 255);
    frame(&b, &all, "xy", 2);
    save(&b, "frame/every-field");

    struct {
        const char *name;
        Taups__Header h;
        int mode, max_header;
    } hs[] = {
        {"header/every-field", all, 0, 4096},
        {"header/every-field-small-limit", all, 0, 190},
        {"header/hello", hello(TAUPS__ROLE__WORKER, 1, 2, 1, 4), 0, 4096},
        {"header/bad-magic", hello(TAUPS__ROLE__ADMIN, 0, 1, 0, 1), 1, 4096},
        {"header/declare-hlen", declare("weights", 1000), 2, 4096},
        {"header/push-plen", push(0, 4, 1), 3, 4096},
    };
    for (size_t i = 0; i < sizeof(hs) / sizeof(hs[0]); i++) {
        b.len = 0;
        put8(&b, (unsigned)hs[i].mode);
        put_le(&b, (uint64_t)(hs[i].max_header - 16), 2);
        put_le(&b, 64, 2);
        put_le(&b, hs[i].mode == 2 ? 3 : 16, 2);
        header_bytes(&b, &hs[i].h);
        save(&b, "%s", hs[i].name);
    }
    free(b.p);
}

/* ---- shard -----------------------------------------------------------------
 */

static void rec_frame(buf_t *b, int conn, const Taups__Header *h,
                      const void *payload, size_t len) {
    buf_t hb = {0};
    header_bytes(&hb, h);
    if (hb.len > 255 || len > 65535)
        abort();
    put8(b, FUZZ_REC(conn, FUZZ_REC_FRAME));
    put8(b, (unsigned)hb.len);
    put_le(b, len, 2);
    put(b, hb.p, hb.len);
    put(b, payload, len);
    free(hb.p);
}

static void rec_fill(buf_t *b, int conn, const Taups__Header *h,
                     uint64_t count, int fill) {
    buf_t hb = {0};
    header_bytes(&hb, h);
    put8(b, FUZZ_REC(conn, FUZZ_REC_FILL));
    put8(b, (unsigned)hb.len);
    put_le(b, count, 2);
    put8(b, (unsigned)(uint8_t)fill);
    put(b, hb.p, hb.len);
    free(hb.p);
}

static void rec(buf_t *b, int conn, int op) {
    put8(b, FUZZ_REC(conn, op));
}

#define TENSOR 64

/* Both workers' hellos and declarations; *lo and *count: this shard's
 * slice of the tensor. */
static void shard_start(buf_t *b, int k, uint64_t *lo, uint64_t *count) {
    const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
    *lo = tps__slice_lo(TENSOR, (uint32_t)fc->shards, (uint32_t)fc->shard);
    *count = tps__slice_lo(TENSOR, (uint32_t)fc->shards,
                          (uint32_t)fc->shard + 1) - *lo;
    put8(b, (unsigned)k);
    for (int w = 0; w < 2; w++) {
        Taups__Header h = hello(TAUPS__ROLE__WORKER, w, fc->shards, fc->shard,
                                fc->workers);
        h.mode = (char *)fc->mode;
        rec_frame(b, w, &h, NULL, 0);
    }
    rec(b, 0, FUZZ_REC_PUMP);
    for (int w = 0; w < 2; w++) {
        Taups__Header h = declare("w", TENSOR);
        rec_frame(b, w, &h, NULL, 0);
    }
    rec(b, 0, FUZZ_REC_PUMP);
}

static void shard_clock(buf_t *b, uint64_t clock) {
    for (int w = 0; w < 2; w++) {
        Taups__Header h = simple(TAUPS__OP__CLOCK, 20 + clock);
        h.clock = clock;
        rec_frame(b, w, &h, NULL, 0);
    }
    rec(b, 0, FUZZ_REC_PUMP);
}

static void shard_pull(buf_t *b, int conn, uint64_t lo, uint64_t count,
                       uint64_t clock, uint32_t codec, float ratio) {
    Taups__Header h = simple(TAUPS__OP__PULL, 40 + clock);
    h.offset = lo;
    h.count = count;
    h.clock = clock;
    h.chunk = count / 2;
    h.codec = codec;
    h.codec_ratio = ratio;
    rec_frame(b, conn, &h, NULL, 0);
    rec(b, conn, FUZZ_REC_PUMP);
}

/* An encoded push of `spec` from both workers, zstd-wrapped if asked. */
static void shard_encoded(buf_t *b, const char *spec, int zstd, uint64_t lo,
                          uint64_t count, uint64_t clock) {
    tps__codec_t c;
    char err[128];
    if (tps__codec_parse(&c, spec, 16, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    float g[TENSOR];
    gradient(g, count, 0.25f);
    size_t want = tps__codec_wire_size(&c, count);
    uint8_t enc[8 * TENSOR], z[8 * TENSOR + 256];
    if (tps__codec_encode(&c, g, count, 99, enc, sizeof(enc)) != (int64_t)want)
        abort();
    for (int w = 0; w < 2; w++) {
        Taups__Header h = push(lo, count, clock);
        tps__codec_pack(&c, &h.codec, &h.codec_ratio);
        h.codec_seed = 99;
        h.raw_len = count * sizeof(float);
        if (zstd) {
            size_t zl = ZSTD_compress(z, sizeof(z), enc, want, 1);
            h.zstd = 1;
            h.encoded_len = want;
            rec_frame(b, w, &h, z, zl);
        } else {
            rec_frame(b, w, &h, enc, want);
        }
    }
    rec(b, 0, FUZZ_REC_PUMP);
}

/* Table "emb" of dim 4 declared on connection conn. */
static void declare_emb(buf_t *b, int conn) {
    Taups__Header h = declare("emb", 4);
    Taups__Decl d = TAUPS__DECL__INIT;
    d.kind = 1;
    d.dim = 4;
    h.decl = &d;
    rec_frame(b, conn, &h, NULL, 0);
}

/* Six ids of table 1 that the shard of config k holds. */
static void rows_ids(int k, uint64_t *ids) {
    const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
    size_t n = 0;
    for (uint64_t id = 1; n < 6; id += 977)
        if (tps__id_shard(id, (uint32_t)fc->shards) == (uint32_t)fc->shard)
            ids[n++] = id;
}

/* Frame h of those 6 rows of table 1: the ids coded at p, and a push's
 * read versions after them (read != NULL). Returns the bytes written. */
static size_t rows_frame(Taups__Header *h, Taups__Rows *r, const uint64_t *ids,
                         const uint64_t *read, uint8_t *p) {
    h->tensor_id = 1;
    h->count = 6;
    r->ids_len = tps__ids_encode(ids, 6, p);
    r->versions_len = read ? tps__varints_encode(read, 6, p + r->ids_len) : 0;
    r->versions = read == NULL;
    h->rows = r;
    return r->ids_len + r->versions_len;
}

/* A table of dim 4 declared by both workers, rows pushed (one NaN row
 * among them) and pulled with versions, by ids of this shard; then an
 * admin scans its rows in two pages. */
static void shard_rows(buf_t *b, int k) {
    const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
    uint64_t ids[6];
    rows_ids(k, ids);
    for (int w = 0; w < 2; w++)
        declare_emb(b, w);
    rec(b, 0, FUZZ_REC_PUMP);
    uint8_t p[6 * (20 + 16)];
    uint64_t read[6] = {0, 1, 2, 0, 1, 0};
    float g[6 * 4];
    for (int round = 0; round < 2; round++) {
        gradient(g, 6 * 4, 0.5f);
        if (round == 1)
            g[5] = NAN;
        Taups__Header h = simple(TAUPS__OP__PUSH_ROWS, 60 + (uint64_t)round);
        Taups__Rows r = TAUPS__ROWS__INIT;
        size_t at = rows_frame(&h, &r, ids, read, p);
        memcpy(p + at, g, sizeof(g));
        rec_frame(b, round, &h, p, at + sizeof(g));
        rec(b, round, FUZZ_REC_PUMP);
    }
    Taups__Header h = simple(TAUPS__OP__PULL_ROWS, 70);
    Taups__Rows r = TAUPS__ROWS__INIT;
    rec_frame(b, 0, &h, p, rows_frame(&h, &r, ids, NULL, p));
    rec(b, 0, FUZZ_REC_PUMP);
    h = hello(TAUPS__ROLE__ADMIN, 0, fc->shards, fc->shard, fc->workers);
    rec_frame(b, 2, &h, NULL, 0);
    for (uint64_t page = 0; page < 2; page++) {
        Taups__Header sc = simple(TAUPS__OP__PULL_ROWS, 80 + page);
        Taups__Rows sr = TAUPS__ROWS__INIT;
        sc.tensor_id = 1;
        sc.offset = 4 * page;
        sc.count = page ? 100 : 4;
        sr.scan = 1;
        sc.rows = &sr;
        rec_frame(b, 2, &sc, NULL, 0);
    }
    rec(b, 2, FUZZ_REC_PUMP);
}

/* The table of shard_rows, its rows pushed with their values in fp16
 * (the whole payload zstd-compressed when `zstd`) and pulled in bf16 by a
 * client that takes a compressed reply. */
static void shard_rows_codec(buf_t *b, int k, int zstd) {
    uint64_t ids[6], read[6] = {0};
    rows_ids(k, ids);
    declare_emb(b, 0);
    rec(b, 0, FUZZ_REC_PUMP);
    uint8_t p[6 * (20 + 16)], z[256];
    float g[6 * 4];
    gradient(g, 6 * 4, 0.5f);
    tps__codec_t c;
    Taups__Header h = simple(TAUPS__OP__PUSH_ROWS, 90);
    tps__codec_parse(&c, "fp16", 4, NULL, 0);
    tps__codec_pack(&c, &h.codec, &h.codec_ratio);
    Taups__Rows r = TAUPS__ROWS__INIT;
    size_t at = rows_frame(&h, &r, ids, read, p);
    at += (size_t)tps__codec_encode(&c, g, 6 * 4, 0, p + at, sizeof(p) - at);
    if (zstd) {
        h.zstd = 1;
        rec_frame(b, 0, &h, z, ZSTD_compress(z, sizeof(z), p, at, 1));
    } else {
        rec_frame(b, 0, &h, p, at);
    }
    rec(b, 0, FUZZ_REC_PUMP);
    h = simple(TAUPS__OP__PULL_ROWS, 91);
    tps__codec_parse(&c, "bf16", 4, NULL, 0);
    tps__codec_pack(&c, &h.codec, &h.codec_ratio);
    r = (Taups__Rows)TAUPS__ROWS__INIT;
    h.zstd = (protobuf_c_boolean)zstd;
    rec_frame(b, 0, &h, p, rows_frame(&h, &r, ids, NULL, p));
    rec(b, 0, FUZZ_REC_PUMP);
}

static void gen_shard(void) {
    buf_t b = {0};
    uint64_t lo, count;
    float g[TENSOR];
    for (int k = 0; k < FUZZ_SHARD_NCONFIGS; k++) {
        const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
        /* Two workers through two clocks, an evaluator and an admin. */
        b.len = 0;
        shard_start(&b, k, &lo, &count);
        for (uint64_t clock = 0; clock < 2; clock++) {
            gradient(g, count, 0.5f + (float)clock);
            for (int w = 0; w < 2; w++) {
                Taups__Header h = push(lo, count, clock);
                rec_frame(&b, w, &h, g, count * sizeof(float));
            }
            rec(&b, 0, FUZZ_REC_PUMP);
            shard_clock(&b, clock + 1);
            shard_pull(&b, 0, lo, count, clock + 1, 0, 0);
        }
        Taups__Header h = hello(TAUPS__ROLE__EVALUATOR, 0, fc->shards,
                                fc->shard, fc->workers);
        rec_frame(&b, 2, &h, NULL, 0);
        h = declare("w", TENSOR);
        rec_frame(&b, 2, &h, NULL, 0);
        h = simple(TAUPS__OP__VERSION, 30);
        rec_frame(&b, 2, &h, NULL, 0);
        shard_pull(&b, 2, lo, count, 0, 0, 0);
        h = simple(TAUPS__OP__STATS, 31);
        rec_frame(&b, 2, &h, NULL, 0);
        rec(&b, 2, FUZZ_REC_PUMP);
        save(&b, "shard/c%d-two-workers", k);

        /* Encoded pushes and pulls, a filled push, a reconnection. */
        b.len = 0;
        shard_start(&b, k, &lo, &count);
        shard_encoded(&b, "qsgd:4", 0, lo, count, 0);
        shard_clock(&b, 1);
        shard_encoded(&b, "topk:0.25", 1, lo, count, 1);
        shard_clock(&b, 2);
        tps__codec_t c;
        uint32_t id;
        float ratio;
        tps__codec_parse(&c, "fp16", 16, NULL, 0);
        tps__codec_pack(&c, &id, &ratio);
        shard_pull(&b, 1, lo, count, 2, id, ratio);
        h = push(lo, count, 2);
        rec_fill(&b, 0, &h, count, -3);
        rec(&b, 0, FUZZ_REC_CLOSE);
        h = hello(TAUPS__ROLE__WORKER, 0, fc->shards, fc->shard, fc->workers);
        rec_frame(&b, 0, &h, NULL, 0);
        rec(&b, 0, FUZZ_REC_PUMP);
        save(&b, "shard/c%d-codecs-reconnect", k);

        /* A table beside the tensor: rows pushed and pulled. */
        b.len = 0;
        shard_start(&b, k, &lo, &count);
        shard_rows(&b, k);
        save(&b, "shard/c%d-rows", k);

        /* Rows through a codec, and with zstd. */
        for (int zstd = 0; zstd < 2; zstd++) {
            b.len = 0;
            shard_start(&b, k, &lo, &count);
            shard_rows_codec(&b, k, zstd);
            save(&b, zstd ? "shard/c%d-rows-zstd" : "shard/c%d-rows-codec", k);
        }
    }
    /* An evaluator's declaration that waits for a worker's; garbage after a
     * hello; a half-closed connection. */
    b.len = 0;
    put8(&b, 0);
    Taups__Header h = hello(TAUPS__ROLE__EVALUATOR, 0, 1, 0, 2);
    rec_frame(&b, 2, &h, NULL, 0);
    h = declare("w", TENSOR);
    rec_frame(&b, 2, &h, NULL, 0);
    rec(&b, 2, FUZZ_REC_PUMP);
    h = hello(TAUPS__ROLE__WORKER, 1, 1, 0, 2);
    rec_frame(&b, 1, &h, NULL, 0);
    h = declare("w", TENSOR);
    rec_frame(&b, 1, &h, NULL, 0);
    rec(&b, 1, FUZZ_REC_PUMP);
    h = hello(TAUPS__ROLE__ADMIN, 0, 1, 0, 2);
    rec_frame(&b, 0, &h, NULL, 0);
    static const char garbage[] = "TPS1\xff\xff\xff\xff garbage!";
    put8(&b, FUZZ_REC(0, FUZZ_REC_RAW));
    put_le(&b, sizeof(garbage) - 1, 2);
    put(&b, garbage, sizeof(garbage) - 1);
    rec(&b, 1, FUZZ_REC_SHUTDOWN);
    rec(&b, 0, FUZZ_REC_PUMP);
    save(&b, "shard/evaluator-waits-garbage");
    free(b.p);
}

/* ---- codec -----------------------------------------------------------------
 */

static void codec_seed(const char *spec, uint32_t bucket, uint64_t n, int how,
                       float w) {
    tps__codec_t c;
    char err[128];
    if (tps__codec_parse(&c, spec, bucket, err, sizeof(err)) < 0) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    buf_t b = {0};
    put8(&b, (unsigned)how << 6);
    if (how == 2) {
        uint32_t id;
        float r;
        tps__codec_pack(&c, &id, &r);
        put_le(&b, id, 4);
        put(&b, &r, 4);
    } else {
        static const int qs[] = {2, 4, 8, 16};
        int qi = 0;
        while (c.bits && qs[qi] != c.bits)
            qi++;
        put8(&b, c.kind);
        put8(&b, (unsigned)qi | (unsigned)c.log_scale << 2 |
                     (unsigned)c.stochastic << 3);
        put_le(&b, c.bucket ? c.bucket - 1 : 0, 2);
        put8(&b, c.ratio > 0 ? (unsigned)lroundf(c.ratio * 256) - 1 : 0);
    }
    put_le(&b, n, 2);
    put_le(&b, 0x5eed, 8);
    put(&b, &w, 4);
    put8(&b, 1);
    float *x = malloc(n * sizeof(float));
    gradient(x, n, 3.0f);
    size_t want = tps__codec_wire_size(&c, n);
    uint8_t *enc = malloc(want ? want : 1);
    if (tps__codec_encode(&c, x, n, 0x5eed, enc, want) != (int64_t)want)
        abort();
    put(&b, enc, want);
    char name[64];
    snprintf(name, sizeof(name), "%s-%d", spec, how);
    for (char *p = name; *p; p++)
        if (*p == ':')
            *p = '-';
    save(&b, "codec/%s", name);
    free(x);
    free(enc);
    free(b.p);
}

static void gen_codec(void) {
    static const char *const specs[] = {
        "none",         "fp16",      "bf16",      "qsgd:2",
        "qsgd:8",       "uniform:4", "uniform:8:log:stochastic",
        "uniform:16:stochastic",     "topk:0.25", "randk:0.5",
        "sign"};
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
        codec_seed(specs[i], 32, 100, 0, 1.0f);
    codec_seed("qsgd:4", 7, 65, 2, -0.125f);
    codec_seed("topk:0.1", 1, 300, 2, 3.0f);
    buf_t b = {0};
    put8(&b, 3u << 6);
    put(&b, "uniform:4:stochastic:log", 24);
    save(&b, "codec/spec");
    free(b.p);
}

/* ---- idx -------------------------------------------------------------------
 */

static void gzip_to(buf_t *out, const buf_t *in) {
    uLongf cap = compressBound(in->len) + 32;
    uint8_t *z = malloc(cap);
    z_stream s = {0};
    deflateInit2(&s, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    s.next_in = in->p;
    s.avail_in = (uInt)in->len;
    s.next_out = z;
    s.avail_out = (uInt)cap;
    deflate(&s, Z_FINISH);
    put(out, z, cap - s.avail_out);
    deflateEnd(&s);
    free(z);
}

static void gen_idx(void) {
    buf_t img = {0}, lab = {0}, b = {0};
    put_be32(&img, 0x00000803);
    put_be32(&img, 3);
    put_be32(&img, 2);
    put_be32(&img, 3);
    for (int i = 0; i < 18; i++)
        put8(&img, (unsigned)(i * 15));
    put_be32(&lab, 0x00000801);
    put_be32(&lab, 3);
    put8(&lab, 7);
    put8(&lab, 0);
    put8(&lab, 9);
    static const struct {
        const char *name;
        unsigned flags;
    } v[] = {{"plain", 0}, {"gzip-both", 3}, {"gzip-cut", 1 | 2 << 2},
             {"parts3", 2u << 4}};
    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        b.len = 0;
        put8(&b, v[i].flags);
        put8(&b, 1);
        put_le(&b, img.len, 2);
        put(&b, img.p, img.len);
        put(&b, lab.p, lab.len);
        save(&b, "idx/%s", v[i].name);
    }
    /* Files that are gzip streams themselves, as Debian ships them. */
    buf_t zi = {0}, zl = {0};
    gzip_to(&zi, &img);
    gzip_to(&zl, &lab);
    b.len = 0;
    put8(&b, 0);
    put8(&b, 0);
    put_le(&b, zi.len, 2);
    put(&b, zi.p, zi.len);
    put(&b, zl.p, zl.len);
    save(&b, "idx/gzip-files");
    free(img.p);
    free(lab.p);
    free(zi.p);
    free(zl.p);
    free(b.p);
}

/* fuzz_ids: mode, n, then ids as varint gaps or versions as varints. */
static void gen_ids(void) {
    static const uint64_t seq[] = {1000, 1001, 1002, 1003, 1005, 1008};
    static const uint64_t wide[] = {
        0, 127, 128, 16384, 1ULL << 62, (1ULL << 63) + 1, UINT64_MAX};
    static const uint64_t versions[] = {0, 1, 300, 7, 7, 1ULL << 40, 2};
    static const struct {
        const char *name;
        unsigned mode;
        const uint64_t *v;
        size_t n;
    } s[] = {
        {"ids-seq-2shards", 1 | 1 << 1, seq, 6},
        {"ids-wide-7shards", 1 | 6 << 1, wide, 7},
        {"ids-max", 1, wide + 6, 1},
        {"versions-3shards", 2 << 1, versions, 7},
    };
    buf_t b = {0};
    uint8_t enc[TPS_IDS_MAX_BYTES(8)];
    for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
        size_t len = (s[i].mode & 1) ? tps__ids_encode(s[i].v, s[i].n, enc)
                                     : tps__varints_encode(s[i].v, s[i].n, enc);
        b.len = 0;
        put8(&b, s[i].mode);
        put_le(&b, s[i].n, 2);
        put(&b, enc, len);
        save(&b, "ids/%s", s[i].name);
    }
    free(b.p);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_corpus DIR\n");
        return 2;
    }
    dir = argv[1];
    gen_frame_and_header();
    gen_shard();
    gen_codec();
    gen_idx();
    gen_ids();
    return 0;
}
