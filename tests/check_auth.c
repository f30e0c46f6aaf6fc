/* SPDX-License-Identifier: MIT */
/* The cluster's key, the handshake's proofs and per-frame integrity
 * (common/tps_auth.h): key files refused for the right reasons, tags that
 * catch every altered, replayed, dropped or reflected frame in the reader,
 * and a real shard on 127.0.0.1:0 that refuses a tampered stream from a raw
 * client while library clients with --frame-mac train through it. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rawclient.h"
#include "taups.h"
#include "taups_error.h"
#include "tps_auth.h"
#include "tps_frame.h"

static char dir[] = "/tmp/taups-check-auth-XXXXXX";

static void setup(void) {
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void) {
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static const char *write_file(const char *name, const char *text, int mode) {
    static char path[160];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(fchmod(fd, (mode_t)mode), 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

START_TEST(test_key_files) {
    tps__key_t k;
    char err[512];
    const char *good = "0123456789abcdef0123456789abcdef\n";
    ck_assert_int_eq(tps__key_load(write_file("open", good, 0644), &k, err,
                                  sizeof(err)),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "chmod 600") != NULL, "%s", err);
    ck_assert_int_eq(tps__key_load(write_file("short", "0123456789\n", 0600),
                                  &k, err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "at least 32") != NULL, "%s", err);
    ck_assert_int_lt(tps__key_load(dir, &k, err, sizeof(err)), 0);
    ck_assert_int_eq(tps__key_load(write_file("good", good, 0600), &k, err,
                                  sizeof(err)),
                     0);
    ck_assert(k.set);
    /* Whitespace around the text is not part of the key. */
    tps__key_t k2;
    ck_assert_int_eq(tps__key_load(write_file("spaced", "  0123456789abcdef"
                                                       "0123456789abcdef  \n\n",
                                             0600),
                                  &k2, err, sizeof(err)),
                     0);
    ck_assert_mem_eq(k.k, k2.k, TPS_KEY_BYTES);
    /* keygen makes an owner-only key and never overwrites one. */
    char path[160];
    snprintf(path, sizeof(path), "%s/new", dir);
    ck_assert_int_eq(tps__key_generate(path, err, sizeof(err)), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(tps__key_load(path, &k2, err, sizeof(err)), 0);
    ck_assert(memcmp(k.k, k2.k, TPS_KEY_BYTES) != 0);
    ck_assert_int_lt(tps__key_generate(path, err, sizeof(err)), 0);
}
END_TEST

static void load_key(tps__key_t *k, const char *name, const char *text) {
    char err[512];
    ck_assert_msg(tps__key_load(write_file(name, text, 0600), k, err,
                               sizeof(err)) == 0, "%s", err);
}

/* A proof binds the side, both nonces and every identity field. */
START_TEST(test_proofs) {
    tps__key_t k, other;
    load_key(&k, "k", "the cluster's key, 32 characters or more");
    load_key(&other, "o", "another cluster's key, 32 characters or more");
    uint8_t nc[TPS_NONCE_BYTES], ns[TPS_NONCE_BYTES], p[TPS_MAC_BYTES];
    tps__auth_nonce(nc);
    tps__auth_nonce(ns);
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO;
    h.rank = 3;
    h.workers = 4;
    h.mode = (char *)"ssp";
    tps__auth_proof(&k, TPS_AUTH_CLIENT, nc, ns, &h, p);
    ck_assert(tps__auth_check(&k, TPS_AUTH_CLIENT, nc, ns, &h, p, sizeof(p)));
    ck_assert(!tps__auth_check(&k, TPS_AUTH_CLIENT, nc, ns, &h, p, 31));
    ck_assert(!tps__auth_check(&other, TPS_AUTH_CLIENT, nc, ns, &h, p, 32));
    ck_assert(!tps__auth_check(&k, TPS_AUTH_SHARD, nc, ns, &h, p, 32));
    ck_assert(!tps__auth_check(&k, TPS_AUTH_CLIENT, ns, nc, &h, p, 32));
    Taups__Header h2 = h;
    h2.rank = 2;
    ck_assert(!tps__auth_check(&k, TPS_AUTH_CLIENT, nc, ns, &h2, p, 32));
    h2 = h;
    h2.frame_mac = 1;
    ck_assert(!tps__auth_check(&k, TPS_AUTH_CLIENT, nc, ns, &h2, p, 32));
    h2 = h;
    h2.mode = (char *)"sync";
    ck_assert(!tps__auth_check(&k, TPS_AUTH_CLIENT, nc, ns, &h2, p, 32));
}
END_TEST

/* A stream of tagged frames as tps__frame_write lays it out: preamble and
 * header, payload, tag. */
typedef struct stream_s {
    uint8_t b[8192];
    size_t len;
    size_t start[8]; /* where each frame begins */
    int n;
} stream_t;

static void add_frame(stream_t *s, tps__fmac_t *tx, uint64_t id,
                      const void *payload, size_t plen) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH;
    h.request_id = id;
    h.count = plen / sizeof(float);
    s->start[s->n++] = s->len;
    size_t m = tps__frame_encode_meta(&h, plen, s->b + s->len,
                                     sizeof(s->b) - s->len);
    ck_assert_uint_gt(m, 0);
    uint8_t *meta = s->b + s->len;
    s->len += m;
    if (plen > 0)
        memcpy(s->b + s->len, payload, plen);
    s->len += plen;
    tps__frame_tag(tx, meta, m, payload, plen, s->b + s->len);
    s->len += TPS_TAG_BYTES;
}

/* Feeds bytes [from, to) of `s` `step` bytes at a time; returns the first
 * error, or the number of frames completed. */
static int feed(tps__reader_t *rd, const uint8_t *b, size_t len, size_t step,
                uint64_t *ids) {
    int frames = 0;
    size_t off = 0;
    while (off < len) {
        size_t n = len - off < step ? len - off : step, used;
        int rc = tps__reader_feed(rd, b + off, n, &used);
        if (rc < 0)
            return rc;
        off += used;
        if (rc == 1) {
            if (ids)
                ids[frames] = rd->hdr->request_id;
            frames++;
            tps__reader_next(rd);
        }
    }
    return frames;
}

/* A reader checking the tags `side` gives on the connection of nc, ns. */
typedef struct tagged_rd_s {
    tps__reader_t rd;
    tps__fmac_t mac;
} tagged_rd_t;

static tps__reader_t *tagged_reader(tagged_rd_t *t, const tps__key_t *k,
                                   int side, const uint8_t *nc,
                                   const uint8_t *ns) {
    ck_assert_int_eq(tps__reader_init(&t->rd, NULL, NULL, NULL), 0);
    tps__fmac_init(&t->mac, k, side, nc, ns);
    tps__reader_set_mac(&t->rd, &t->mac);
    return &t->rd;
}

START_TEST(test_frame_tags) {
    tps__key_t k;
    load_key(&k, "k", "the cluster's key, 32 characters or more");
    uint8_t nc[TPS_NONCE_BYTES], ns[TPS_NONCE_BYTES];
    tps__auth_nonce(nc);
    tps__auth_nonce(ns);
    float g[100];
    for (int i = 0; i < 100; i++)
        g[i] = (float)i * 0.25f;
    tps__fmac_t tx;
    tps__fmac_init(&tx, &k, TPS_AUTH_CLIENT, nc, ns);
    stream_t s = {.len = 0, .n = 0};
    add_frame(&s, &tx, 1, g, sizeof(g));
    add_frame(&s, &tx, 2, NULL, 0); /* no payload: the tag follows the header */
    add_frame(&s, &tx, 3, g, 40);
    tagged_rd_t t;
    tps__reader_t *rd;

    /* Intact, in any split of the stream. */
    size_t steps[] = {1, 7, 16, 100, sizeof(s.b)};
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc, ns);
        uint64_t ids[3];
        ck_assert_int_eq(feed(rd, s.b, s.len, steps[i], ids), 3);
        ck_assert_uint_eq(ids[0], 1);
        ck_assert_uint_eq(ids[2], 3);
        tps__reader_free(rd);
    }

    /* Any bit of any byte altered: preamble, header, payload or tag. */
    for (size_t at = 0; at < s.len; at += 3) {
        stream_t bad = s;
        bad.b[at] ^= (uint8_t)(1u << (at % 8));
        rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc, ns);
        int rc = feed(rd, bad.b, bad.len, 64, NULL);
        /* The frames before the altered one complete, that one never: a
         * flipped magic or length may fail as malformed or too big first,
         * or wait for bytes that never come. */
        int hit = at >= s.start[2] ? 2 : at >= s.start[1] ? 1 : 0;
        ck_assert_msg(rc < 0 || rc <= hit, "byte %zu altered: %d frames "
                      "accepted", at, rc);
        /* Payload and tag bytes reach the check, whatever they say. */
        if ((at >= s.start[1] - sizeof(g) - TPS_TAG_BYTES && at < s.start[1]) ||
            (at >= s.start[2] - TPS_TAG_BYTES && at < s.start[2]))
            ck_assert_int_eq(rc, TPS_EAUTH);
        tps__reader_free(rd);
    }

    /* Replayed: frame 0, then frame 0 again. */
    rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc, ns);
    ck_assert_int_eq(feed(rd, s.b, s.start[1], 64, NULL), 1);
    ck_assert_int_eq(feed(rd, s.b, s.start[1], 64, NULL), TPS_EAUTH);
    tps__reader_free(rd);
    /* Dropped: frame 0, then frame 2. */
    rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc, ns);
    ck_assert_int_eq(feed(rd, s.b, s.start[1], 64, NULL), 1);
    ck_assert_int_eq(feed(rd, s.b + s.start[2], s.len - s.start[2], 64, NULL),
                     TPS_EAUTH);
    tps__reader_free(rd);
    /* Reflected: the frames one side sent, fed back to it as the peer's. */
    rd = tagged_reader(&t, &k, TPS_AUTH_SHARD, nc, ns);
    ck_assert_int_eq(feed(rd, s.b, s.len, 64, NULL), TPS_EAUTH);
    tps__reader_free(rd);
    /* Another connection's (other nonces). */
    uint8_t nc2[TPS_NONCE_BYTES];
    tps__auth_nonce(nc2);
    rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc2, ns);
    ck_assert_int_eq(feed(rd, s.b, s.len, 64, NULL), TPS_EAUTH);
    tps__reader_free(rd);
    /* Untagged frames on a tagged stream are not frames. */
    uint8_t plain[256];
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__STATS;
    size_t m = tps__frame_encode_meta(&h, 0, plain, sizeof(plain));
    memcpy(plain + m, plain, m); /* a second one where the tag belongs */
    rd = tagged_reader(&t, &k, TPS_AUTH_CLIENT, nc, ns);
    ck_assert_int_lt(feed(rd, plain, 2 * m, 64, NULL), 0);
    tps__reader_free(rd);
}
END_TEST

/* --- against a real shard ------------------------------------------------- */

static void start_keyed(cluster_t *c, int n, const tps__key_t *k,
                        int frame_mac) {
    tps__server_config_t cfg;
    tps__server_config_init(&cfg);
    cfg.workers = 1;
    cfg.optim.lr = 0.5;
    cfg.key = *k;
    cfg.frame_mac = frame_mac;
    cluster_start_cfg(c, n, &cfg);
}

static int port_of(const cluster_t *c, int s) {
    const char *p = c->list;
    for (int i = 0; i < s; i++)
        p = strchr(p, ',') + 1;
    return atoi(strchr(p, ':') + 1);
}

/* Sends h (and payload) with its tag. */
static void tagged_send(int fd, tps__fmac_t *tx, const Taups__Header *h,
                        const void *payload, size_t len, uint8_t *copy,
                        size_t *copy_len) {
    uint8_t b[4096];
    size_t m = tps__frame_encode_meta(h, len, b, sizeof(b));
    ck_assert(m > 0 && m + len + TPS_TAG_BYTES <= sizeof(b));
    if (len > 0)
        memcpy(b + m, payload, len);
    tps__frame_tag(tx, b, m, payload, len, b + m + len);
    size_t total = m + len + TPS_TAG_BYTES;
    ck_assert_int_eq(write(fd, b, total), (ssize_t)total);
    if (copy) {
        memcpy(copy, b, total);
        *copy_len = total;
    }
}

/* The handshake of a worker asking for tags, as the library does it; on
 * return tx and rx are keyed and rd checks tags. */
static void tagged_hello(int fd, tps__reader_t *rd, const tps__key_t *k,
                         tps__fmac_t *tx, tps__fmac_t *rx) {
    uint8_t nc[TPS_NONCE_BYTES], ns[TPS_NONCE_BYTES], proof[TPS_MAC_BYTES];
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO;
    h.proto_version = TPS_PROTO_VERSION;
    h.role = TAUPS__ROLE__WORKER;
    h.workers = 1;
    h.shards = 1;
    static uint64_t session = 77;
    h.session = session++; /* each connection a new client: no dedup */
    h.mode = (char *)"";
    h.frame_mac = 1;
    tps__auth_nonce(nc);
    h.nonce.data = nc;
    h.nonce.len = sizeof(nc);
    raw_send(fd, &h, NULL, 0);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_int_eq(r->op, TAUPS__OP__CHALLENGE);
    ck_assert(tps__auth_check(k, TPS_AUTH_SHARD, nc, r->nonce.data, &h,
                             r->mac.data, r->mac.len));
    memcpy(ns, r->nonce.data, sizeof(ns));
    tps__auth_proof(k, TPS_AUTH_CLIENT, nc, ns, &h, proof);
    Taups__Header a = TAUPS__HEADER__INIT;
    a.op = TAUPS__OP__AUTH;
    a.mac.data = proof;
    a.mac.len = sizeof(proof);
    raw_send(fd, &a, NULL, 0);
    tps__fmac_init(tx, k, TPS_AUTH_CLIENT, nc, ns);
    tps__fmac_init(rx, k, TPS_AUTH_SHARD, nc, ns);
    tps__reader_set_mac(rd, rx);
    r = raw_recv(fd, rd); /* tagged: raw_recv fails the test otherwise */
    ck_assert_msg(r->op == TAUPS__OP__HELLO_OK, "%s",
                  r->error ? r->error : "?");
}

/* Declares tensor "w" of n elements; returns its id. */
static uint32_t tagged_declare(int fd, tps__reader_t *rd, tps__fmac_t *tx,
                               uint64_t n) {
    Taups__Header d = TAUPS__HEADER__INIT;
    d.op = TAUPS__OP__DECLARE;
    d.request_id = 1;
    d.name = (char *)"w";
    d.length = n;
    tagged_send(fd, tx, &d, NULL, 0, NULL, NULL);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_msg(r->op == TAUPS__OP__DECLARE_OK, "%s",
                  r->error ? r->error : "?");
    return r->tensor_id;
}

static const Taups__Header *push(int fd, tps__reader_t *rd, tps__fmac_t *tx,
                                 uint32_t id, uint64_t rid, const float *g,
                                 uint64_t n, uint8_t *copy, size_t *copy_len) {
    Taups__Header p = TAUPS__HEADER__INIT;
    p.op = TAUPS__OP__PUSH;
    p.request_id = rid;
    p.tensor_id = id;
    p.count = n;
    p.last = 1;
    tagged_send(fd, tx, &p, g, n * sizeof(float), copy, copy_len);
    return raw_recv(fd, rd);
}

static uint64_t stat_of(const cluster_t *c, const char *name) {
    char *j = tps__server_stats_json(c->srv[0]);
    ck_assert_ptr_nonnull(j);
    char key[64];
    snprintf(key, sizeof(key), "\"%s\": ", name);
    const char *p = strstr(j, key);
    ck_assert_msg(p != NULL, "%s not in %s", name, j);
    uint64_t v = strtoull(p + strlen(key), NULL, 10);
    free(j);
    return v;
}

/* After a tampered frame the shard's answer is still tagged (the client
 * can trust it), says why, and the connection is closed. */
static void expect_refused(int fd, tps__reader_t *rd) {
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_int_eq(r->op, TAUPS__OP__ERROR);
    ck_assert_int_eq(r->status, TPS_EAUTH);
    ck_assert_msg(strstr(r->error, "failed its integrity check") != NULL,
                  "%s", r->error);
    char b;
    ck_assert_int_eq(read(fd, &b, 1), 0);
}

START_TEST(test_shard_refuses_tampering) {
    tps__key_t k;
    load_key(&k, "k", "the cluster's key, 32 characters or more");
    cluster_t c;
    start_keyed(&c, 1, &k, 1);
    int port = port_of(&c, 0);
    float g[16], p[16];
    for (int i = 0; i < 16; i++)
        g[i] = 1.0f + (float)i;
    uint8_t copy[4096];
    size_t clen;

    /* A bit flipped in a push's payload: refused, nothing applied. */
    int fd = raw_connect(port);
    tps__reader_t rd;
    tps__fmac_t tx, rx;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    tagged_hello(fd, &rd, &k, &tx, &rx);
    uint32_t id = tagged_declare(fd, &rd, &tx, 16);
    const Taups__Header *r = push(fd, &rd, &tx, id, 2, g, 16, copy, &clen);
    ck_assert_int_eq(r->op, TAUPS__OP__PUSH_OK);
    uint8_t meta[512];
    Taups__Header ph = TAUPS__HEADER__INIT;
    ph.op = TAUPS__OP__PUSH;
    ph.request_id = 3;
    ph.tensor_id = id;
    ph.count = 16;
    ph.last = 1;
    size_t m = tps__frame_encode_meta(&ph, sizeof(g), meta, sizeof(meta));
    uint8_t tag[TPS_TAG_BYTES];
    tps__frame_tag(&tx, meta, m, g, sizeof(g), tag);
    float evil[16];
    memcpy(evil, g, sizeof(g));
    evil[5] = 1e30f; /* what an attacker on the path would send */
    ck_assert_int_eq(write(fd, meta, m), (ssize_t)m);
    ck_assert_int_eq(write(fd, evil, sizeof(evil)), (ssize_t)sizeof(evil));
    ck_assert_int_eq(write(fd, tag, sizeof(tag)), (ssize_t)sizeof(tag));
    expect_refused(fd, &rd);
    close(fd);
    tps__reader_free(&rd);
    ck_assert_uint_eq(stat_of(&c, "auth_failures"), 1);

    /* A recorded push replayed on the same connection: refused. */
    fd = raw_connect(port);
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    tagged_hello(fd, &rd, &k, &tx, &rx);
    id = tagged_declare(fd, &rd, &tx, 16);
    r = push(fd, &rd, &tx, id, 2, g, 16, copy, &clen);
    ck_assert_int_eq(r->op, TAUPS__OP__PUSH_OK);
    ck_assert_int_eq(write(fd, copy, clen), (ssize_t)clen);
    expect_refused(fd, &rd);
    close(fd);
    tps__reader_free(&rd);

    /* Frames without tags after the handshake: refused. */
    fd = raw_connect(port);
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    tagged_hello(fd, &rd, &k, &tx, &rx);
    Taups__Header st = TAUPS__HEADER__INIT;
    st.op = TAUPS__OP__STATS;
    raw_send(fd, &st, NULL, 0);
    raw_send(fd, &st, NULL, 0); /* its first 16 bytes stand for the tag */
    expect_refused(fd, &rd);
    close(fd);
    tps__reader_free(&rd);
    ck_assert_uint_eq(stat_of(&c, "auth_failures"), 3);

    /* Only the two intact pushes were applied: w = -0.5 * 2 * g. */
    tps_client_t *cl;
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = c.list;
    o.role = TPS_ROLE_ADMIN;
    o.key_file = write_file("k", "the cluster's key, 32 characters or more",
                            0600);
    o.frame_mac = 1;
    char err[512];
    ck_assert_msg(tps_open(&o, &cl, err, sizeof(err)) == 0, "%s", err);
    int cid = tps_declare(cl, "w", 16, TPS_INIT_ZEROS, 0, 0);
    ck_assert_int_ge(cid, 0);
    ck_assert_int_eq(tps_pull(cl, cid, p), 0);
    for (int i = 0; i < 16; i++)
        ck_assert_float_eq(p[i], -1.0f * g[i]);
    tps_close(cl);
    cluster_stop(&c);
}
END_TEST

/* Library clients with tags train through 2 shards in small chunks (many
 * frames in flight each way), shaped (the link's held frames) or not; the
 * result is exactly sequential SGD. A client without tags is told why. */
START_TEST(test_library_frame_mac) {
    tps__key_t k;
    const char *text = "the cluster's key, 32 characters or more";
    load_key(&k, "k", text);
    cluster_t c;
    start_keyed(&c, 2, &k, 1);
    char key_path[160];
    snprintf(key_path, sizeof(key_path), "%s", write_file("k", text, 0600));

    tps_options_t o;
    tps_options_init(&o);
    o.cluster = c.list;
    o.key_file = key_path;
    tps_client_t *cl;
    char err[512];
    ck_assert_int_eq(tps_open(&o, &cl, err, sizeof(err)), TPS_EAUTH);
    ck_assert_msg(strstr(err, "requires a tag on every frame") != NULL, "%s",
                  err);

    o.frame_mac = 1;
    o.key_file = NULL;
    ck_assert_int_eq(tps_open(&o, &cl, err, sizeof(err)), TPS_EINVAL);
    ck_assert_msg(strstr(err, "--frame-mac needs") != NULL, "%s", err);

    o.key_file = key_path;
    o.chunk_bytes = 64 * sizeof(float);
    o.latency_ms = 1; /* frames are held, then written by the shaper */
    ck_assert_msg(tps_open(&o, &cl, err, sizeof(err)) == 0, "%s", err);
    const uint64_t n = 1000;
    int id = tps_declare(cl, "w", n, TPS_INIT_ZEROS, 0, 1);
    ck_assert_int_ge(id, 0);
    float *g = malloc(n * sizeof(float)), *p = malloc(n * sizeof(float));
    for (uint64_t i = 0; i < n; i++)
        g[i] = (float)i;
    tps_ticket_t t[4];
    for (int j = 0; j < 4; j++)
        ck_assert_int_eq(tps_push_async(cl, id, g, &t[j]), 0);
    for (int j = 0; j < 4; j++)
        ck_assert_int_eq(tps_wait(cl, t[j]), 0);
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_float_eq(p[i], -2.0f * (float)i); /* 4 pushes x 0.5 */
    tps_close(cl);

    o.latency_ms = 0;
    o.pull_codec = "fp16"; /* replies encoded into the shard's buffers */
    o.role = TPS_ROLE_EVALUATOR;
    ck_assert_msg(tps_open(&o, &cl, err, sizeof(err)) == 0, "%s", err);
    id = tps_declare(cl, "w", n, TPS_INIT_ZEROS, 0, 1);
    ck_assert_int_ge(id, 0);
    ck_assert_int_eq(tps_pull(cl, id, p), 0);
    for (uint64_t i = 0; i < n; i += 37)
        ck_assert_float_eq_tol(p[i], -2.0f * (float)i,
                               2.0f * (float)i / 512 + 1e-3f);
    tps_close(cl);

    /* Rows, whose pull replies are read where they land: tagged all the
     * same. Id 3 twice in the push: its gradients sum. */
    o.pull_codec = NULL;
    o.role = TPS_ROLE_WORKER;
    ck_assert_msg(tps_open(&o, &cl, err, sizeof(err)) == 0, "%s", err);
    int tab = tps_table(cl, "emb", 4, TPS_INIT_ZEROS, 0, 1);
    ck_assert_int_ge(tab, 0);
    uint64_t ids[5] = {3, UINT64_C(1) << 40, 3, 99, 12};
    ck_assert_int_eq(tps_push_rows(cl, tab, 5, ids, g), 0);
    ck_assert_int_eq(tps_pull_rows(cl, tab, 5, ids, p, NULL), 0);
    for (int r = 0; r < 5; r++)
        for (int j = 0; j < 4; j++) {
            float want = -0.5f * g[r * 4 + j];
            if (ids[r] == 3)
                want = -0.5f * (g[j] + g[8 + j]);
            ck_assert_float_eq(p[r * 4 + j], want);
        }
    tps_close(cl);
    free(g);
    free(p);
    cluster_stop(&c);
}
END_TEST

int main(void) {
    Suite *s = suite_create("auth");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_key_files);
    tcase_add_test(tc, test_proofs);
    tcase_add_test(tc, test_frame_tags);
    tcase_add_test(tc, test_shard_refuses_tampering);
    tcase_add_test(tc, test_library_frame_mac);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
