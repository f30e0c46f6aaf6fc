/* SPDX-License-Identifier: MIT */
/* Unit tests of libtaups' rooms without sockets (worker/client/): the
 * ticket table, slicing, what each shard still owes and how every reply op
 * updates a request, and the consistency rules the client keeps (hellos,
 * snapshots, the SSP cache). The tests build a client with tps__cl_new,
 * which resolves numeric addresses and starts neither a thread nor a
 * connection, and play the I/O thread's part by hand: they complete tickets
 * and hand tps__cl_reply the replies a shard would send. A shard marked as
 * reconnecting keeps what it is sent owed instead of writing it, which is
 * how the wire room's bookkeeping is reached without a socket. Row calls
 * (rows.c) are checked against the wire format of docs/design.md §2b
 * decoded here: the slot hash, varint gaps, summed duplicates.
 *
 * Expectations are computed here from the documented rules (docs/design.md
 * §2's slices, §3a's staleness decision, the SSP bound), never read back
 * from the code under test. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "worker/client/client_internal.h"

#define CLUSTER3 "127.0.0.1:1,127.0.0.1:2,127.0.0.1:3"

/* ---- helpers ------------------------------------------------------------- */

static tps_client_t *client_opts(const tps_options_t *o) {
    tps_client_t *c = NULL;
    char err[256] = "";
    int rc = tps__cl_new(o, &c, err, sizeof(err));
    ck_assert_msg(rc == 0 && c != NULL, "tps__cl_new: %d %s", rc, err);
    return c;
}

/* A client of `cluster`; chunk_bytes 0 keeps the default. */
static tps_client_t *client(const char *cluster, size_t chunk_bytes) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = cluster;
    if (chunk_bytes)
        o.chunk_bytes = chunk_bytes;
    return client_opts(&o);
}

/* A tensor as tps_declare leaves it once every shard answered: shard s
 * knows it as id 100 + s. */
static int tensor_add(tps_client_t *c, const char *name, uint64_t n) {
    int i = c->ntensors++;
    tps__tensor_t *ts = &c->tensors[i];
    snprintf(ts->name, sizeof(ts->name), "%s", name);
    ts->n = n;
    ts->ids = calloc((size_t)c->nshards, sizeof(*ts->ids));
    ts->versions = calloc((size_t)c->nshards, sizeof(*ts->versions));
    ck_assert(ts->ids != NULL && ts->versions != NULL);
    for (int s = 0; s < c->nshards; s++)
        ts->ids[s] = 100u + (uint32_t)s;
    return i;
}

static int64_t submit(tps_client_t *c, tps__op_kind_t kind, int tensor,
                      const float *src, float *dst, int pending,
                      tps__pushbuf_t *pb, const tps__tinit_t *x) {
    int err = 0;
    int64_t id =
        tps__cl_submit(c, kind, tensor, src, dst, pending, 0, pb, x, &err);
    ck_assert_msg(id > 0, "submit refused: %d", err);
    return id;
}

/* The ticket of id; the test is the only thread, so it may be read after. */
static tps__ticket_t *ticket(tps_client_t *c, int64_t id) {
    uv_mutex_lock(&c->mu);
    tps__ticket_t *t = tps__cl_find(c, (uint64_t)id);
    uv_mutex_unlock(&c->mu);
    ck_assert_ptr_nonnull(t);
    return t;
}

static void complete(tps_client_t *c, int64_t id, int result) {
    tps__ticket_t *t = ticket(c, id);
    uv_mutex_lock(&c->mu);
    tps__cl_complete(c, t, result);
    uv_mutex_unlock(&c->mu);
}

static int is_done(tps_client_t *c, int64_t id) {
    return __atomic_load_n(&ticket(c, id)->done, __ATOMIC_ACQUIRE);
}

/* Every shard is being reconnected: what it is sent stays owed. */
static void shards_rejoining(tps_client_t *c) {
    for (int s = 0; s < c->nshards; s++)
        c->shards[s].rejoining = 1;
}

/* The I/O thread's part: ticket id's frames to every shard (only < 0) or
 * what shard `only` still owes (resend). */
static void issue(tps_client_t *c, int64_t id, int only, int resend) {
    tps__ticket_t *t = ticket(c, id);
    uv_mutex_lock(&c->io_mu);
    tps__cl_issue_to(c, t, only, resend);
    uv_mutex_unlock(&c->io_mu);
}

static uint64_t owed(tps_client_t *c, int64_t id, int s) {
    tps__ticket_t *t = ticket(c, id);
    uv_mutex_lock(&c->io_mu);
    uint64_t v = *tps__cl_owed(c, t, s);
    uv_mutex_unlock(&c->io_mu);
    return v;
}

/* Shard s's reply h to ticket id, as tps__cl_on_frame hands it over. */
static int64_t reply(tps_client_t *c, int s, int64_t id, Taups__Header *h) {
    tps__ticket_t *t = ticket(c, id);
    ck_assert(!t->done);
    h->request_id = (uint64_t)id;
    uv_mutex_lock(&c->mu);
    int64_t r = tps__cl_reply(c, &c->shards[s], t, h, NULL, 0);
    uv_mutex_unlock(&c->mu);
    return r;
}

static void push_ok(tps_client_t *c, int s, int64_t id, uint64_t staleness,
                    float weight, int dropped) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PUSH_OK;
    h.staleness = staleness;
    h.weight = weight;
    h.dropped = dropped;
    reply(c, s, id, &h);
}

static void pull_ok(tps_client_t *c, int s, int64_t id, uint64_t offset,
                    uint64_t count, uint64_t version, uint64_t clock) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__PULL_OK;
    h.tensor_id = 100u + (uint32_t)s;
    h.offset = offset;
    h.count = count;
    h.version = version;
    h.clock = clock;
    reply(c, s, id, &h);
}

/* A shard's HELLO_OK, handed to the policy room as shard s. */
static int hello(tps_client_t *c, int s, const char *mode, uint64_t clock,
                 int first) {
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO_OK;
    h.mode = (char *)mode;
    h.clock = clock;
    h.bound = 2;
    h.local_steps = 5;
    uv_mutex_lock(&c->mu);
    int rc = tps__cl_adopt_hello(c, &c->shards[s], &h, first);
    uv_mutex_unlock(&c->mu);
    return rc;
}

static tps__pushbuf_t *pushbuf_new(void) {
    tps__pushbuf_t *pb = calloc(1, sizeof(*pb));
    ck_assert_ptr_nonnull(pb);
    return pb;
}

/* Shard s's slice sizes of a tensor of n elements over S shards, by the
 * rule of docs/design.md §2 (the first n mod S shards hold one element
 * more), counted by dealing the elements out one at a time. */
static void slice_sizes(uint64_t n, int S, uint64_t *size) {
    for (int s = 0; s < S; s++)
        size[s] = 0;
    for (uint64_t i = 0; i < n; i++)
        size[i % (uint64_t)S]++;
}

/* Frames a slice of `len` elements takes in chunks of `chunk`, by walking
 * the chunks. */
static uint64_t chunks_of(uint64_t len, uint64_t chunk) {
    uint64_t k = 0;
    for (uint64_t off = 0; off < len; off += chunk)
        k++;
    return k;
}

/* ---- tickets ------------------------------------------------------------- */

START_TEST(test_ticket_needs_every_reply) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    for (int k = 1; k <= 5; k++) {
        int64_t id = submit(c, OP_VERSION, w, NULL, NULL, k, NULL, NULL);
        ck_assert_int_eq(c->active, 1);
        for (int j = 0; j < k; j++) {
            ck_assert_msg(!is_done(c, id), "done after %d of %d replies", j, k);
            complete(c, id, 0);
        }
        ck_assert(is_done(c, id));
        ck_assert_int_eq(c->active, 0);
        ck_assert_int_eq(tps_wait(c, id), 0);
        /* A ticket can be waited on once. */
        ck_assert_int_eq(tps_wait(c, id), TPS_EINVAL);
    }
    tps_close(c);
}
END_TEST

START_TEST(test_ticket_error_finishes) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    int64_t id = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    complete(c, id, 0);
    ck_assert(!is_done(c, id));
    complete(c, id, TPS_ENOENT);
    ck_assert(is_done(c, id));
    ck_assert_int_eq(tps_wait(c, id), TPS_ENOENT);

    /* A lost shard fails what is in flight and leaves the finished alone. */
    int64_t a = submit(c, OP_VERSION, w, NULL, NULL, 1, NULL, NULL);
    int64_t b = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    complete(c, a, 0);
    complete(c, b, 0);
    uv_mutex_lock(&c->mu);
    tps__cl_fail_all(c, TPS_ECLOSED);
    uv_mutex_unlock(&c->mu);
    ck_assert_int_eq(tps_wait(c, a), 0);
    ck_assert_int_eq(tps_wait(c, b), TPS_ECLOSED);
    ck_assert_int_eq(c->active, 0);
    tps_close(c);
}
END_TEST

START_TEST(test_ticket_nothing_to_send) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    float g[10] = {0};
    int64_t id = submit(c, OP_PUSH, w, g, NULL, 0, NULL, NULL);
    ck_assert(is_done(c, id));
    ck_assert_int_eq(c->active, 0);
    ck_assert_int_eq(tps_wait(c, id), 0);
    tps_delivery_t d;
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pushes_sent, 1);
    ck_assert_uint_eq(d.pushes_applied, 1);
    tps_close(c);
}
END_TEST

START_TEST(test_ticket_broken_refuses) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    float g[10] = {0};
    uv_mutex_lock(&c->mu);
    ck_assert_int_eq(tps__cl_break(c, TPS_EUNREACH), 1);
    ck_assert_int_eq(tps__cl_break(c, TPS_EINTR), 0);
    uv_mutex_unlock(&c->mu);
    tps__pushbuf_t *pb = pushbuf_new();
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_PUSH, w, g, NULL, 3, 0, pb, NULL, &err);
    ck_assert_int_eq(id, 0);
    ck_assert_int_eq(err, TPS_EUNREACH); /* the first break's code */
    ck_assert_ptr_eq(c->spare, pb);      /* back in the pool */
    ck_assert_int_eq(c->active, 0);
    /* Closing is still possible. */
    id = tps__cl_submit(c, OP_CLOSE, 0, NULL, NULL, 1, 0, NULL, NULL, &err);
    ck_assert_int_gt(id, 0);
    tps_close(c);
}
END_TEST

START_TEST(test_ticket_table_full) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    int64_t ids[TPS__CL_MAX_TICKETS];
    int err = 0, n = 0;
    for (;;) {
        int64_t id = tps__cl_submit(c, OP_VERSION, w, NULL, NULL, 1, 0, NULL,
                                    NULL, &err);
        if (id <= 0)
            break;
        ck_assert_int_lt(n, TPS__CL_MAX_TICKETS);
        ids[n++] = id;
    }
    /* Every slot of the table holds an outstanding ticket. */
    ck_assert_int_eq(n, TPS__CL_MAX_TICKETS);
    ck_assert_int_eq(err, TPS_E2BIG);
    char want[64];
    snprintf(want, sizeof(want), "more than %d operations outstanding",
             TPS__CL_MAX_TICKETS - 1);
    ck_assert_msg(strstr(c->errmsg, want) != NULL, "error text: %s", c->errmsg);
    tps__pushbuf_t *pb = pushbuf_new();
    ck_assert_int_eq(
        tps__cl_submit(c, OP_PUSH, w, NULL, NULL, 1, 0, pb, NULL, &err), 0);
    ck_assert_ptr_eq(c->spare, pb);
    /* Once any one is waited for, there is room for one more. */
    complete(c, ids[517], 0);
    ck_assert_int_eq(tps_wait(c, ids[517]), 0);
    int64_t again = submit(c, OP_VERSION, w, NULL, NULL, 1, NULL, NULL);
    for (int i = 0; i < n; i++)
        ck_assert_int_ne(again, ids[i]);
    ck_assert_int_eq(
        tps__cl_submit(c, OP_VERSION, w, NULL, NULL, 1, 0, NULL, NULL, &err),
        0);
    ck_assert_int_eq(err, TPS_E2BIG);
    tps_close(c);
}
END_TEST

/* A ticket held for long (an evaluator's pull, say) does not stop the
 * others: the table refuses only when it is full. */
START_TEST(test_ticket_held_slot) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    int64_t held = submit(c, OP_VERSION, w, NULL, NULL, 1, NULL, NULL);
    for (int i = 0; i < 3 * TPS__CL_MAX_TICKETS; i++) {
        int err = 0;
        int64_t id = tps__cl_submit(c, OP_VERSION, w, NULL, NULL, 0, 0, NULL,
                                    NULL, &err);
        ck_assert_msg(id > 0, "submit %d refused (%d) with 2 outstanding: %s",
                      i, err, c->errmsg);
        ck_assert_int_ne(id, held);
        ck_assert_int_eq(tps_wait(c, id), 0);
    }
    complete(c, held, 0);
    ck_assert_int_eq(tps_wait(c, held), 0);
    tps_close(c);
}
END_TEST

/* What tps_delivery reports follows each push's result: "rejected" when a
 * shard said no, "lost" when none answered (taups.h). */
START_TEST(test_ticket_delivery_counts) {
    static const int rejected[] = {TPS_EINVAL, TPS_EREMOTE, TPS_EMISMATCH,
                                   TPS_ENOENT, TPS_ERANGE,  TPS_EPERM,
                                   TPS_ELIMIT};
    static const int lost[] = {TPS_ECLOSED, TPS_EUNREACH, TPS_EINTR};
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    float g[10] = {0};
    int nrej = (int)(sizeof(rejected) / sizeof(rejected[0]));
    int nlost = (int)(sizeof(lost) / sizeof(lost[0]));

    tps__pushbuf_t *pb = pushbuf_new();
    int64_t id = submit(c, OP_PUSH, w, g, NULL, 1, pb, NULL);
    push_ok(c, 0, id, 0, 1.0f, 0);
    ck_assert_ptr_eq(c->spare, pb); /* a finished push gives its buffer back */
    ck_assert_int_eq(tps_wait(c, id), 0);
    tps_traffic_t tr;
    tps_traffic(c, &tr);
    ck_assert_uint_eq(tr.raw_sent, 10 * sizeof(float));

    id = submit(c, OP_PUSH, w, g, NULL, 2, NULL, NULL);
    push_ok(c, 0, id, 0, 1.0f, 1);
    push_ok(c, 1, id, 0, 1.0f, 0);
    ck_assert_int_eq(tps_wait(c, id), 0);
    for (int i = 0; i < nrej; i++) {
        id = submit(c, OP_PUSH, w, g, NULL, 3, NULL, NULL);
        complete(c, id, rejected[i]);
        ck_assert_int_eq(tps_wait(c, id), rejected[i]);
    }
    for (int i = 0; i < nlost; i++) {
        id = submit(c, OP_PUSH, w, g, NULL, 3, NULL, NULL);
        complete(c, id, 0);
        complete(c, id, lost[i]);
        ck_assert_int_eq(tps_wait(c, id), lost[i]);
    }
    tps_delivery_t d;
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pushes_sent, (uint64_t)(2 + nrej + nlost));
    ck_assert_uint_eq(d.pushes_applied, 1);
    ck_assert_uint_eq(d.pushes_dropped, 1);
    ck_assert_uint_eq(d.pushes_rejected, (uint64_t)nrej);
    ck_assert_uint_eq(d.pushes_lost, (uint64_t)nlost);
    ck_assert_uint_eq(d.pushes_sent, d.pushes_applied + d.pushes_dropped +
                                         d.pushes_rejected + d.pushes_lost);
    tps_close(c);
}
END_TEST

/* ---- slicing ------------------------------------------------------------- */

START_TEST(test_slicing) {
    static const char *const clusters[] = {
        "127.0.0.1:1", "127.0.0.1:1,127.0.0.1:2", CLUSTER3,
        "127.0.0.1:1,127.0.0.1:2,127.0.0.1:3,127.0.0.1:4,127.0.0.1:5"};
    static const int shards[] = {1, 2, 3, 5};
    /* Bytes per frame and the elements that makes: at least one. */
    static const size_t chunk_bytes[] = {2, 4, 8, 12, 40, 1u << 20};
    static const uint64_t chunk_elems[] = {1, 1, 2, 3, 10, 1u << 18};
    static const uint64_t lengths[] = {0, 1,  2,  3,  4,    5,      6,
                                       7, 10, 11, 97, 1000, 262145, 1000003};
    for (size_t ci = 0; ci < 4; ci++) {
        int S = shards[ci];
        for (size_t bi = 0; bi < sizeof(chunk_bytes) / sizeof(*chunk_bytes);
             bi++) {
            tps_client_t *c = client(clusters[ci], chunk_bytes[bi]);
            ck_assert_int_eq(c->nshards, S);
            int w = tensor_add(c, "w", 0);
            for (size_t li = 0; li < sizeof(lengths) / sizeof(*lengths); li++) {
                uint64_t n = lengths[li], size[5], frames = 0, slices = 0;
                slice_sizes(n, S, size);
                for (int s = 0; s < S; s++) {
                    frames += chunks_of(size[s], chunk_elems[bi]);
                    slices += size[s] > 0;
                }
                c->tensors[w].n = n;
                ck_assert_msg(tps__cl_frames_for(c, w) == (int)frames,
                              "S %d chunk %zu n %llu: %d frames, want %llu", S,
                              chunk_bytes[bi], (unsigned long long)n,
                              tps__cl_frames_for(c, w),
                              (unsigned long long)frames);
                ck_assert_int_eq(tps__cl_slices_for(c, w), (int)slices);
                ck_assert_uint_eq(slices, n < (uint64_t)S ? n : (uint64_t)S);
            }
            tps_close(c);
        }
    }
}
END_TEST

/* ---- owed frames and replies --------------------------------------------- */

/* Ten elements over three shards in chunks of three: slices of 4, 3, 3
 * elements, pushed in 2, 1, 1 frames. */
START_TEST(test_push_owed_and_info) {
    tps_client_t *c = client(CLUSTER3, 3 * sizeof(float));
    int w = tensor_add(c, "w", 10);
    float g[10] = {0};
    shards_rejoining(c);
    int frames = tps__cl_frames_for(c, w);
    ck_assert_int_eq(frames, 4);
    int64_t id = submit(c, OP_PUSH, w, g, NULL, frames, NULL, NULL);
    issue(c, id, -1, 0);
    ck_assert_uint_eq(owed(c, id, 0), 2);
    ck_assert_uint_eq(owed(c, id, 1), 1);
    ck_assert_uint_eq(owed(c, id, 2), 1);

    push_ok(c, 0, id, 2, 0.8f, 0);
    ck_assert_uint_eq(owed(c, id, 0), 1);
    /* A resend sends what is unanswered and owes as much as before. */
    issue(c, id, 0, 1);
    ck_assert_uint_eq(owed(c, id, 0), 1);
    ck_assert_uint_eq(owed(c, id, 1), 1);
    push_ok(c, 1, id, 5, 0.9f, 0);
    push_ok(c, 0, id, 0, 1.0f, 0);
    ck_assert_uint_eq(owed(c, id, 0), 0);
    ck_assert_uint_eq(owed(c, id, 1), 0);
    ck_assert(!is_done(c, id));
    push_ok(c, 2, id, 1, 0.3f, 1);
    ck_assert(is_done(c, id));
    ck_assert_uint_eq(owed(c, id, 2), 0);
    ck_assert_int_eq(tps_wait(c, id), 0);

    /* Largest staleness, smallest weight, dropped if any shard dropped. */
    tps_push_info_t info;
    ck_assert_int_eq(tps_last_push(c, w, &info), 0);
    ck_assert_uint_eq(info.staleness, 5);
    ck_assert_float_eq(info.weight, 0.3f);
    ck_assert_int_eq(info.dropped, 1);
    tps_close(c);
}
END_TEST

/* A dropped push sends one header per non-empty slice. */
START_TEST(test_dropped_push_owes_slices) {
    tps_client_t *c = client(CLUSTER3, 3 * sizeof(float));
    int w = tensor_add(c, "w", 2);
    shards_rejoining(c);
    tps__tinit_t x = {.decided = 1, .dropped = 1, .stale = 9, .live = 3};
    int slices = tps__cl_slices_for(c, w);
    ck_assert_int_eq(slices, 2);
    int64_t id = submit(c, OP_PUSH, w, NULL, NULL, slices, NULL, &x);
    issue(c, id, -1, 0);
    ck_assert_uint_eq(owed(c, id, 0), 1);
    ck_assert_uint_eq(owed(c, id, 1), 1);
    ck_assert_uint_eq(owed(c, id, 2), 0);
    push_ok(c, 1, id, 9, 0.0f, 1);
    push_ok(c, 0, id, 9, 0.0f, 1);
    ck_assert_int_eq(tps_wait(c, id), 0);
    tps_delivery_t d;
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pushes_dropped, 1);
    tps_close(c);
}
END_TEST

/* Slices of 4, 3, 3 elements at 0, 4 and 7, answered in chunks; a resend
 * asks for shard 0's whole slice again. */
START_TEST(test_pull_owed_and_left) {
    tps_client_t *c = client(CLUSTER3, 3 * sizeof(float));
    int w = tensor_add(c, "w", 10);
    float dst[10];
    shards_rejoining(c);
    int64_t id = submit(c, OP_PULL, w, NULL, dst, 1, NULL, NULL);
    tps__ticket_t *t = ticket(c, id);
    ck_assert_uint_eq(t->left, 10);
    issue(c, id, -1, 0);
    ck_assert_uint_eq(owed(c, id, 0), 4);
    ck_assert_uint_eq(owed(c, id, 1), 3);
    ck_assert_uint_eq(owed(c, id, 2), 3);

    pull_ok(c, 0, id, 0, 3, 7, 5);
    ck_assert_uint_eq(owed(c, id, 0), 1);
    ck_assert_uint_eq(t->left, 7);
    pull_ok(c, 2, id, 7, 3, 9, 4);
    ck_assert_uint_eq(owed(c, id, 2), 0);
    ck_assert_uint_eq(t->left, 4);
    /* Shard 0 came back: it owes its whole slice, and the 3 elements it
     * sent count as missing again. */
    issue(c, id, 0, 1);
    ck_assert_uint_eq(owed(c, id, 0), 4);
    ck_assert_uint_eq(t->left, 7);
    pull_ok(c, 0, id, 0, 3, 8, 6);
    pull_ok(c, 0, id, 3, 1, 8, 6);
    ck_assert_uint_eq(owed(c, id, 0), 0);
    ck_assert_uint_eq(t->left, 3);
    ck_assert(!is_done(c, id));
    pull_ok(c, 1, id, 4, 3, 11, 6);
    ck_assert(is_done(c, id));
    ck_assert_uint_eq(t->reply_clock, 4); /* the smallest any reply gave */
    ck_assert_int_eq(tps_wait(c, id), 0);
    const uint64_t *v = c->tensors[w].versions;
    ck_assert_uint_eq(v[0], 8);
    ck_assert_uint_eq(v[1], 11);
    ck_assert_uint_eq(v[2], 9);

    /* More than is missing is a reply nobody asked for. */
    id = submit(c, OP_PULL, w, NULL, dst, 1, NULL, NULL);
    pull_ok(c, 0, id, 0, 4, 1, 1);
    pull_ok(c, 1, id, 4, 3, 1, 1);
    pull_ok(c, 2, id, 6, 4, 1, 1);
    ck_assert(is_done(c, id));
    ck_assert_msg(strstr(c->errmsg, "pull reply of 4 elements, 3 were "
                                    "missing") != NULL,
                  "error text: %s", c->errmsg);
    ck_assert_int_eq(tps_wait(c, id), TPS_EPROTO);
    tps_close(c);
}
END_TEST

/* A request owes nothing before it is sent, whatever the last request in
 * its slot left owed when an error finished it: a reconnection resends
 * only what was sent (rejoin.c). */
START_TEST(test_fresh_ticket_owes_nothing) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    shards_rejoining(c);
    int64_t a = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    tps__ticket_t *slot = ticket(c, a);
    issue(c, a, -1, 0);
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__ERROR;
    h.status = TPS_ENOENT;
    reply(c, 0, a, &h);
    ck_assert_int_eq(tps_wait(c, a), TPS_ENOENT);
    int64_t b = 0;
    float dst[10];
    for (int i = 0; i < TPS__CL_MAX_TICKETS && b == 0; i++) {
        int64_t id = submit(c, OP_PULL, w, NULL, dst, 1, NULL, NULL);
        if (ticket(c, id) == slot) {
            b = id;
        } else {
            complete(c, id, TPS_ECLOSED);
            tps_wait(c, id);
        }
    }
    ck_assert_int_gt(b, 0);
    for (int s = 0; s < 3; s++)
        ck_assert_uint_eq(owed(c, b, s), 0);
    tps_close(c);
}
END_TEST

/* A shard neither connected nor being reconnected fails a request at once. */
START_TEST(test_send_to_closed_shard) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    float dst[10];
    int64_t id = submit(c, OP_PULL, w, NULL, dst, 1, NULL, NULL);
    issue(c, id, -1, 0);
    ck_assert(is_done(c, id));
    ck_assert_msg(strstr(c->errmsg, "shard 0 at 127.0.0.1:1: cannot send") ==
                      c->errmsg,
                  "error text: %s", c->errmsg);
    ck_assert_int_eq(tps_wait(c, id), TPS_ECLOSED);
    tps_close(c);
}
END_TEST

/* Staleness is how far each shard's version is past the one last pulled,
 * the largest over the shards; the live workers are shard 0's count. */
START_TEST(test_version_probe) {
    static const uint64_t read[3] = {5, 5, 7};
    static const uint64_t now[3] = {3, 9, 8};
    static const uint32_t workers[3] = {2, 4, 3};
    static const int order[3] = {1, 2, 0};
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    memcpy(c->tensors[w].versions, read, sizeof(read));
    shards_rejoining(c);
    uint64_t stale = 0;
    for (int s = 0; s < 3; s++)
        if (now[s] > read[s] && now[s] - read[s] > stale)
            stale = now[s] - read[s];
    int64_t id = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    issue(c, id, -1, 0);
    for (int k = 0; k < 3; k++) {
        int s = order[k];
        ck_assert_uint_eq(owed(c, id, s), 1);
        Taups__Header h = TAUPS__HEADER__INIT;
        h.op = TAUPS__OP__VERSION_OK;
        h.version = now[s];
        h.workers = workers[s];
        reply(c, s, id, &h);
        ck_assert_uint_eq(owed(c, id, s), 0);
    }
    tps__tinit_t found = {0};
    ck_assert_int_eq(tps__cl_wait_probe(c, id, &found), 0);
    ck_assert_uint_eq(found.stale, stale);
    ck_assert_uint_eq(found.live, workers[0]);
    tps_close(c);
}
END_TEST

START_TEST(test_declare_replies) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    shards_rejoining(c);
    int64_t id = submit(c, OP_DECLARE, w, NULL, NULL, 3, NULL, NULL);
    issue(c, id, -1, 0);
    for (int s = 0; s < 3; s++)
        ck_assert_uint_eq(owed(c, id, s), 1);
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__DECLARE_OK;
    h.tensor_id = 11;
    h.version = 2;
    h.length = 10;
    reply(c, 0, id, &h);
    ck_assert_uint_eq(owed(c, id, 0), 0);
    ck_assert_uint_eq(c->tensors[w].ids[0], 11);
    ck_assert_uint_eq(c->tensors[w].versions[0], 2);
    h.length = 12;
    reply(c, 1, id, &h);
    ck_assert(is_done(c, id));
    ck_assert_str_eq(c->errmsg, "tensor \"w\": shard 1 says length 12, not 10");
    ck_assert_int_eq(tps_wait(c, id), TPS_EMISMATCH);

    /* A lookup (length 0) learns the length from the first answer. */
    int l = tensor_add(c, "l", 0);
    id = submit(c, OP_DECLARE, l, NULL, NULL, 3, NULL, NULL);
    for (int s = 0; s < 3; s++) {
        h.tensor_id = 20u + (uint32_t)s;
        reply(c, s, id, &h);
    }
    ck_assert_int_eq(tps_wait(c, id), 0);
    ck_assert_uint_eq(c->tensors[l].n, 12);
    ck_assert_uint_eq(c->tensors[l].ids[2], 22);
    tps_close(c);
}
END_TEST

START_TEST(test_error_replies) {
    tps_client_t *c = client(CLUSTER3, 0);
    int w = tensor_add(c, "w", 10);
    int64_t id = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__ERROR;
    h.status = TPS_ENOENT;
    h.error = "no tensor with id 102";
    reply(c, 2, id, &h);
    ck_assert(is_done(c, id));
    ck_assert_str_eq(c->errmsg,
                     "shard 2 at 127.0.0.1:3: no tensor with id 102");
    ck_assert_int_eq(tps_wait(c, id), TPS_ENOENT);

    /* An error without a code of its own is the remote's. */
    id = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    h.status = 0;
    h.error = NULL;
    reply(c, 1, id, &h);
    ck_assert_str_eq(c->errmsg, "shard 1 at 127.0.0.1:2: error");
    ck_assert_int_eq(tps_wait(c, id), TPS_EREMOTE);

    /* A request op is no answer. */
    id = submit(c, OP_VERSION, w, NULL, NULL, 3, NULL, NULL);
    Taups__Header bad = TAUPS__HEADER__INIT;
    bad.op = TAUPS__OP__PUSH;
    reply(c, 0, id, &bad);
    ck_assert(is_done(c, id));
    char want[128];
    snprintf(want, sizeof(want),
             "shard 0 at 127.0.0.1:1: unexpected reply "
             "op %d",
             (int)TAUPS__OP__PUSH);
    ck_assert_str_eq(c->errmsg, want);
    ck_assert_int_eq(tps_wait(c, id), TPS_EPROTO);
    tps_close(c);
}
END_TEST

/* ---- policy -------------------------------------------------------------- */

/* A worker in ssp takes the highest clock any shard gives, and the last
 * hello tells the I/O thread to raise the others to it; in sync the
 * lowest, and nobody is raised. */
START_TEST(test_hello_clock) {
    static const uint64_t clocks[3][3] = {{4, 9, 7}, {9, 4, 7}, {7, 4, 9}};
    static const char *const modes[] = {"ssp", "sync"};
    for (int m = 0; m < 2; m++) {
        for (int p = 0; p < 3; p++) {
            tps_client_t *c = client(CLUSTER3, 0);
            uint64_t hi = 0, lo = UINT64_MAX;
            for (int s = 0; s < 3; s++) {
                hi = clocks[p][s] > hi ? clocks[p][s] : hi;
                lo = clocks[p][s] < lo ? clocks[p][s] : lo;
            }
            int64_t id = submit(c, OP_CONNECT, 0, NULL, NULL, 3, NULL, NULL);
            for (int s = 0; s < 3; s++) {
                Taups__Header h = TAUPS__HEADER__INIT;
                h.op = TAUPS__OP__HELLO_OK;
                h.mode = (char *)modes[m];
                h.clock = clocks[p][s];
                int64_t raise = reply(c, s, id, &h);
                ck_assert_int_eq(c->shards[s].state, SH_READY);
                ck_assert_uint_eq(c->shards[s].hello_clock, clocks[p][s]);
                int64_t want = m == 0 && s == 2 ? (int64_t)hi : -1;
                ck_assert_int_eq(raise, want);
            }
            ck_assert_int_eq(tps_wait(c, id), 0);
            ck_assert_int_eq(c->clock, (int64_t)(m == 0 ? hi : lo));
            ck_assert_str_eq(tps_mode(c), modes[m]);
            tps_close(c);
        }
    }
}
END_TEST

START_TEST(test_hello_mode_mismatch) {
    tps_client_t *c = client(CLUSTER3, 0);
    ck_assert_int_eq(hello(c, 0, "ssp", 3, 1), 0);
    ck_assert_int_eq(hello(c, 2, "sync", 3, 0), TPS_EMISMATCH);
    ck_assert_msg(strstr(c->errmsg, "shard 2 at 127.0.0.1:3") != NULL &&
                      strstr(c->errmsg, "ssp") != NULL &&
                      strstr(c->errmsg, "sync") != NULL,
                  "error text: %s", c->errmsg);
    ck_assert_str_eq(tps_mode(c), "ssp");
    tps_close(c);
}
END_TEST

START_TEST(test_hello_settings) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = CLUSTER3;
    o.ssp_cache = 1;
    tps_client_t *c = client_opts(&o);
    ck_assert_int_eq(hello(c, 0, "local", 0, 1), 0);
    ck_assert_int_eq(tps_local_steps(c), 5);
    ck_assert_int_eq(c->ssp_cache, 0);
    tps_close(c);
    c = client_opts(&o);
    ck_assert_int_eq(hello(c, 0, "ssp", 0, 1), 0);
    ck_assert_int_eq(tps_local_steps(c), 0); /* K means nothing in ssp */
    ck_assert_int_eq(c->ssp_cache, 1);
    ck_assert_uint_eq(c->ssp_bound, 2);
    tps_close(c);
    /* The cache is a worker's: others' pulls are not gated by a clock. */
    o.role = TPS_ROLE_EVALUATOR;
    c = client_opts(&o);
    ck_assert_int_eq(hello(c, 0, "ssp", 0, 1), 0);
    ck_assert_int_eq(c->ssp_cache, 0);
    tps_close(c);
}
END_TEST

/* Snapshots: an evaluator's or admin's pulls in a mode whose versions
 * count steps (taups.h's tps_snapshots). */
START_TEST(test_snapshots) {
    static const struct {
        const char *mode;
        int decided, steps;
    } modes[] = {{"sync", 0, 1}, {"local", 0, 1}, {"local", 1, 0},
                 {"ssp", 0, 0},  {"async", 0, 0}, {"async", 1, 0}};
    static const int roles[] = {TPS_ROLE_WORKER, TPS_ROLE_EVALUATOR,
                                TPS_ROLE_ADMIN};
    for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
        for (int r = 0; r < 3; r++) {
            tps_options_t o;
            tps_options_init(&o);
            o.cluster = CLUSTER3;
            o.role = roles[r];
            tps_client_t *c = client_opts(&o);
            Taups__Header h = TAUPS__HEADER__INIT;
            h.op = TAUPS__OP__HELLO_OK;
            h.mode = (char *)modes[m].mode;
            h.decided = modes[m].decided;
            uv_mutex_lock(&c->mu);
            ck_assert_int_eq(tps__cl_adopt_hello(c, &c->shards[0], &h, 1), 0);
            uv_mutex_unlock(&c->mu);
            int want = roles[r] != TPS_ROLE_WORKER && modes[m].steps;
            ck_assert_msg(tps_snapshots(c) == want &&
                              tps__cl_snapshots(c) == want,
                          "mode %s decided %d role %d: want %d", modes[m].mode,
                          modes[m].decided, roles[r], want);
            tps_close(c);
        }
    }
}
END_TEST

/* A copy reflecting every update up to clock k serves a pull at clock c
 * with bound s iff k + s >= c. */
START_TEST(test_cache_rule) {
    for (uint64_t k = 0; k < 12; k++)
        for (uint64_t s = 0; s < 5; s++)
            for (int64_t clock = 0; clock < 20; clock++) {
                int want = (int64_t)(k + s) >= clock;
                ck_assert_msg(tps__cl_cache_serves(k, s, clock) == want,
                              "k %llu s %llu clock %lld: want %d",
                              (unsigned long long)k, (unsigned long long)s,
                              (long long)clock, want);
            }
    ck_assert(tps__cl_cache_serves(1000000, 0, 1000000));
    ck_assert(!tps__cl_cache_serves(1000000, 0, 1000001));
}
END_TEST

/* A worker in ssp with bound 2 at clock `clock`, and a tensor of 10. */
static tps_client_t *ssp_worker(int cache, int64_t clock) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = CLUSTER3;
    o.ssp_cache = cache;
    tps_client_t *c = client_opts(&o);
    ck_assert_int_eq(hello(c, 0, "ssp", (uint64_t)clock, 1), 0);
    ck_assert_int_eq(c->clock, clock);
    tensor_add(c, "w", 10);
    return c;
}

/* The shards answer a pull of tensor 0 with values base + i, versions
 * 40 + s, reflecting every update to `clock` (the kernel writes dst). */
static void pull_from_shards(tps_client_t *c, int64_t id, float *dst,
                             float base, uint64_t clock) {
    static const uint64_t lo[4] = {0, 4, 7, 10};
    for (int i = 0; i < 10; i++)
        dst[i] = base + (float)i;
    for (int s = 0; s < 3; s++)
        pull_ok(c, s, id, lo[s], lo[s + 1] - lo[s], 40u + (uint64_t)s, clock);
}

START_TEST(test_cache_fill_and_take) {
    tps_client_t *c = ssp_worker(1, 3);
    float a[10], b[10];
    memset(b, 0, sizeof(b));
    tps_ticket_t id;
    ck_assert_int_eq(tps_pull_async(c, 0, a, &id), 0);
    ck_assert(!is_done(c, id)); /* never filled: the shards are asked */
    pull_from_shards(c, id, a, 1.0f, 3);
    ck_assert_int_eq(tps_wait(c, id), 0);

    /* Clocks 3, 4, 5 are within bound 2 of the copy at 3. */
    for (int64_t clock = 3; clock <= 5; clock++) {
        c->clock = clock;
        uint64_t *v = c->tensors[0].versions;
        v[0] = v[1] = v[2] = 0;
        ck_assert_int_eq(tps_pull_async(c, 0, b, &id), 0);
        ck_assert(is_done(c, id));
        ck_assert_int_eq(tps_wait(c, id), 0);
        for (int i = 0; i < 10; i++)
            ck_assert_float_eq(b[i], 1.0f + (float)i);
        for (int s = 0; s < 3; s++)
            ck_assert_uint_eq(v[s], 40u + (uint64_t)s);
    }
    tps_delivery_t d;
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pulls_sent, 1);
    ck_assert_uint_eq(d.pulls_cached, 3);
    ck_assert_uint_eq(d.max_read_lag, 5 - 3);

    /* Clock 6 is not: the shards are asked, and their answer, which
     * reflects clock 2 only, is the new copy read 4 clocks late. */
    c->clock = 6;
    ck_assert_int_eq(tps_pull_async(c, 0, a, &id), 0);
    ck_assert(!is_done(c, id));
    pull_from_shards(c, id, a, 100.0f, 2);
    ck_assert_int_eq(tps_wait(c, id), 0);
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pulls_sent, 2);
    ck_assert_uint_eq(d.max_read_lag, 6 - 2);
    ck_assert_uint_eq(c->tensors[0].cache_clock, 2);
    c->clock = 4;
    ck_assert_int_eq(tps_pull_async(c, 0, b, &id), 0);
    ck_assert_int_eq(tps_wait(c, id), 0);
    ck_assert_float_eq(b[9], 109.0f);
    tps_close(c);
}
END_TEST

START_TEST(test_cache_off) {
    /* ssp_cache off: a pull at the copy's own clock still asks. */
    tps_client_t *c = ssp_worker(0, 3);
    float a[10];
    tps_ticket_t id;
    ck_assert_int_eq(tps_pull_async(c, 0, a, &id), 0);
    pull_from_shards(c, id, a, 1.0f, 3);
    /* Even with a copy at hand. */
    tps__ticket_t *t = ticket(c, id);
    uv_mutex_lock(&c->mu);
    tps__cl_cache_fill(c, t);
    ck_assert(c->tensors[0].cache_valid);
    ck_assert_int_eq(tps__cl_cache_take(c, 0, a), 0);
    uv_mutex_unlock(&c->mu);
    ck_assert_int_eq(tps_wait(c, id), 0);
    ck_assert_int_eq(tps_pull_async(c, 0, a, &id), 0);
    ck_assert(!is_done(c, id));
    tps_delivery_t d;
    tps_delivery(c, &d);
    ck_assert_uint_eq(d.pulls_cached, 0);
    ck_assert_uint_eq(d.pulls_sent, 2);
    tps_close(c);

    /* On, but never filled: nothing is served, dst is left alone. */
    c = ssp_worker(1, 0);
    float b[10] = {7};
    uv_mutex_lock(&c->mu);
    ck_assert_int_eq(tps__cl_cache_take(c, 0, b), 0);
    uv_mutex_unlock(&c->mu);
    ck_assert_float_eq(b[0], 7.0f);
    ck_assert_float_eq(b[9], 0.0f);
    tps_close(c);
}
END_TEST

/* ---- rows ---------------------------------------------------------------- */

/* A table as tps_table leaves it once every shard answered. */
static int table_add(tps_client_t *c, const char *name, uint32_t dim) {
    int i = tensor_add(c, name, dim);
    c->tensors[i].dim = dim;
    return i;
}

/* The shard of an id by docs/design.md §2b, computed here: the hash of the
 * id's 8 little-endian bytes, its top 12 bits the slot, slot k on shard
 * floor(k * S / 4096). */
static int ref_shard(uint64_t id, int S) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(id >> (8 * i));
    uint64_t slot = XXH3_64bits(b, 8) >> 52;
    return (int)(slot * (uint64_t)S / 4096);
}

/* A LEB128 varint at *p, moving *p past it. */
static uint64_t ref_varint(const uint8_t **p) {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        uint8_t b = *(*p)++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
}

static size_t ref_put(uint64_t v, uint8_t *out) {
    size_t k = 0;
    for (; v >= 0x80; v >>= 7)
        out[k++] = (uint8_t)(v | 0x80);
    out[k++] = (uint8_t)v;
    return k;
}

/* Frame f's ids decoded by the wire's rule: the first id, then each gap
 * minus one. */
static void frame_ids(const tps__rowjob_t *job, size_t f, uint64_t *ids) {
    const tps__rowframe_t *fr = &job->fr[f];
    const uint8_t *p = job->buf + fr->pos, *end = p + fr->ids_len;
    for (size_t k = 0; k < fr->count; k++)
        ids[k] = k ? ids[k - 1] + ref_varint(&p) + 1 : ref_varint(&p);
    ck_assert_ptr_eq(p, end);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The distinct values of ids[0..n), sorted, by sorting a copy. */
static size_t ref_unique(const uint64_t *ids, size_t n, uint64_t *out) {
    uint64_t *t = malloc(n * sizeof(*t));
    ck_assert_ptr_nonnull(t);
    memcpy(t, ids, n * sizeof(*t));
    qsort(t, n, sizeof(*t), cmp_u64);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || out[u - 1] != t[i])
            out[u++] = t[i];
    free(t);
    return u;
}

static float row_value(uint64_t id, size_t j) {
    return (float)(id % 1000) + 0.25f * (float)j;
}

/* What the shards' rows have gained since row_version's. */
static uint64_t version_shift;

static uint64_t row_version(uint64_t id) {
    return id % 7 + (id >> 40) + version_shift;
}

/* Shard s's PULL_ROWS_OK for frame f of ticket id: the versions and the
 * values of row_version and row_value. */
static void pull_rows_ok(tps_client_t *c, int64_t id, size_t f) {
    tps__rowjob_t *job = ticket(c, id)->x.job;
    const tps__rowframe_t *fr = &job->fr[f];
    uint64_t ids[64];
    ck_assert_uint_le(fr->count, 64);
    frame_ids(job, f, ids);
    size_t d = job->dim;
    uint8_t *pay = malloc(fr->count * (10 + 4 * d));
    size_t at = 0;
    for (size_t k = 0; k < fr->count; k++)
        at += ref_put(row_version(ids[k]), pay + at);
    size_t vlen = at;
    for (size_t k = 0; k < fr->count; k++)
        for (size_t j = 0; j < d; j++, at += 4) {
            float v = row_value(ids[k], j);
            memcpy(pay + at, &v, 4);
        }
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rows = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PULL_ROWS_OK;
    h.request_id = (uint64_t)id;
    h.count = fr->count;
    h.rows = &rows;
    rows.versions_len = vlen;
    tps__ticket_t *t = ticket(c, id);
    uv_mutex_lock(&c->mu);
    tps__cl_reply(c, &c->shards[fr->shard], t, &h, pay, at);
    uv_mutex_unlock(&c->mu);
    free(pay);
}

/* A push's job: every distinct id in exactly one frame, on its shard,
 * ascending within the frame; the frame's gradients the sum of the
 * duplicates', its read versions "not known". */
START_TEST(test_rows_push_job) {
    tps_client_t *c = client(CLUSTER3, 0);
    const uint32_t d = 3;
    int tab = table_add(c, "emb", d);
    enum { N = 40 };
    uint64_t ids[N], uniq[N], got[N];
    float g[N * 3];
    for (size_t i = 0; i < N; i++) {
        ids[i] = (i * 7919u) % 13 + (i % 3 == 0 ? UINT64_C(1) << 40 : 0);
        for (size_t j = 0; j < d; j++)
            g[i * d + j] = (float)(i + 1) * (j ? -1.0f : 0.5f);
    }
    size_t nu = ref_unique(ids, N, uniq);
    shards_rejoining(c);
    tps_ticket_t id;
    ck_assert_int_eq(tps_push_rows_async(c, tab, N, ids, g, &id), 0);
    issue(c, id, -1, 0);
    tps__rowjob_t *job = ticket(c, id)->x.job;
    ck_assert_uint_eq(job->nu, nu);
    size_t seen = 0;
    int frames[3] = {0};
    double ss = 0; /* the norm of the gradient once duplicates are summed */
    for (size_t f = 0; f < job->nfr; f++) {
        const tps__rowframe_t *fr = &job->fr[f];
        frames[fr->shard]++;
        frame_ids(job, f, got);
        const uint8_t *p = job->buf + fr->pos + fr->ids_len;
        for (size_t k = 0; k < fr->count; k++) {
            ck_assert_int_eq(ref_shard(got[k], 3), fr->shard);
            ck_assert(k == 0 || got[k] > got[k - 1]);
            ck_assert_uint_eq(ref_varint(&p), 0);
        }
        for (size_t k = 0; k < fr->count; k++)
            for (size_t j = 0; j < d; j++) {
                float want = 0, v;
                for (size_t i = 0; i < N; i++)
                    if (ids[i] == got[k])
                        want += g[i * d + j];
                memcpy(&v, p, 4);
                p += 4;
                ck_assert_float_eq_tol(v, want, 1e-4);
                ss += (double)want * want;
            }
        ck_assert_ptr_eq(p, job->buf + fr->pos + fr->len);
        seen += fr->count;
    }
    ck_assert_uint_eq(seen, nu);
    ck_assert_float_eq_tol(ticket(c, id)->grad_norm, sqrt(ss), 1e-3);
    for (int s = 0; s < 3; s++)
        ck_assert_uint_eq(owed(c, id, s), (uint64_t)frames[s]);
    tps_close(c);
}
END_TEST

/* tps_push_rows_read_async: each row carries the version given for it
 * plus one (a duplicate id, its first occurrence's), not the version map's
 * (empty here, so 0 for every row otherwise). */
START_TEST(test_rows_push_read_versions) {
    tps_client_t *c = client(CLUSTER3, 0);
    int tab = table_add(c, "emb", 2);
    enum { N = 30 };
    uint64_t ids[N], read[N], got[N];
    float g[N * 2];
    for (size_t i = 0; i < N; i++) {
        ids[i] = (i * 7919u) % 11 + 1;
        read[i] = 1000 + i;
        g[2 * i] = g[2 * i + 1] = 1.0f;
    }
    shards_rejoining(c);
    tps_ticket_t id;
    ck_assert_int_eq(tps_push_rows_read_async(c, tab, N, ids, g, read, &id), 0);
    issue(c, id, -1, 0);
    tps__rowjob_t *job = ticket(c, id)->x.job;
    size_t seen = 0;
    for (size_t f = 0; f < job->nfr; f++) {
        const tps__rowframe_t *fr = &job->fr[f];
        frame_ids(job, f, got);
        const uint8_t *p = job->buf + fr->pos + fr->ids_len;
        for (size_t k = 0; k < fr->count; k++, seen++) {
            size_t first = 0;
            while (ids[first] != got[k])
                first++;
            ck_assert_uint_eq(ref_varint(&p), read[first] + 1);
        }
    }
    ck_assert_uint_eq(seen, 11);
    tps_close(c);
}
END_TEST

/* Frames hold at most chunk_bytes / (20 + 4 dim) rows, and a shard's rows
 * take as many frames as that makes. */
START_TEST(test_rows_frame_split) {
    const uint32_t d = 4;
    const size_t per = 5;
    tps_client_t *c = client(CLUSTER3, per * (20 + 4 * d));
    int tab = table_add(c, "emb", d);
    enum { N = 200 };
    uint64_t ids[N];
    float g[N * 4];
    for (size_t i = 0; i < N; i++)
        ids[i] = i * 1000003u;
    for (size_t i = 0; i < N * d; i++)
        g[i] = 1.0f;
    size_t per_shard[3] = {0};
    for (size_t i = 0; i < N; i++)
        per_shard[ref_shard(ids[i], 3)]++;
    shards_rejoining(c);
    tps_ticket_t id;
    ck_assert_int_eq(tps_push_rows_async(c, tab, N, ids, g, &id), 0);
    issue(c, id, -1, 0);
    tps__rowjob_t *job = ticket(c, id)->x.job;
    for (size_t f = 0; f < job->nfr; f++) {
        ck_assert_uint_le(job->fr[f].count, per);
        ck_assert_uint_le(job->fr[f].len, per * (20 + 4 * d));
    }
    for (int s = 0; s < 3; s++)
        ck_assert_uint_eq(owed(c, id, s), chunks_of(per_shard[s], per));
    tps_close(c);
}
END_TEST

/* A pull answers duplicates once and copies them back in the caller's
 * order, with each row's version; a push then carries version + 1 for
 * the rows pulled and 0 for one never pulled. */
START_TEST(test_rows_pull_scatter_versions) {
    tps_client_t *c = client(CLUSTER3, 6 * (20 + 4 * 2));
    const uint32_t d = 2;
    int tab = table_add(c, "emb", d);
    enum { N = 50 };
    uint64_t ids[N], vers[N];
    float out[N * 2];
    for (size_t i = 0; i < N; i++)
        ids[i] = (UINT64_MAX - 3 * (i % 17)) ^ (i % 2 ? 0 : UINT64_C(1) << 45);
    shards_rejoining(c);
    tps_ticket_t id;
    ck_assert_int_eq(tps_pull_rows_async(c, tab, N, ids, out, vers, &id), 0);
    issue(c, id, -1, 0);
    tps__rowjob_t *job = ticket(c, id)->x.job;
    /* Shard by shard, the frames are answered in order. */
    for (size_t f = 0; f < job->nfr; f++) {
        ck_assert(!is_done(c, id));
        pull_rows_ok(c, id, f);
    }
    ck_assert(is_done(c, id));
    ck_assert_int_eq(tps_wait(c, id), 0);
    for (size_t i = 0; i < N; i++) {
        ck_assert_uint_eq(vers[i], row_version(ids[i]));
        for (size_t j = 0; j < d; j++)
            ck_assert_float_eq(out[i * d + j], row_value(ids[i], j));
    }

    uint64_t pids[3] = {ids[4], 12345, ids[4]};
    float g[6] = {1, 2, 3, 4, 5, 6};
    ck_assert_int_eq(tps_push_rows_async(c, tab, 3, pids, g, &id), 0);
    issue(c, id, -1, 0);
    job = ticket(c, id)->x.job;
    for (size_t f = 0; f < job->nfr; f++) {
        uint64_t got[2];
        frame_ids(job, f, got);
        const uint8_t *p = job->buf + job->fr[f].pos + job->fr[f].ids_len;
        for (size_t k = 0; k < job->fr[f].count; k++)
            ck_assert_uint_eq(ref_varint(&p),
                              got[k] == 12345 ? 0 : row_version(ids[4]) + 1);
    }
    tps_close(c);
}
END_TEST

/* Two pulls answered one after the other: a push carries the versions of
 * the later one, whose merge waits for no call between them. */
START_TEST(test_rows_versions_newest) {
    tps_client_t *c = client(CLUSTER3, 6 * (20 + 4 * 2));
    int tab = table_add(c, "emb", 2);
    uint64_t ids[4] = {7, 70000, 700, UINT64_C(7) << 41};
    float out[2][8], g[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    shards_rejoining(c);
    tps_ticket_t id[2];
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(
            tps_pull_rows_async(c, tab, 4, ids, out[k], NULL, &id[k]), 0);
        issue(c, id[k], -1, 0);
    }
    for (int k = 0; k < 2; k++) {
        version_shift = 5 * (uint64_t)k;
        tps__rowjob_t *job = ticket(c, id[k])->x.job;
        for (size_t f = 0; f < job->nfr; f++)
            pull_rows_ok(c, id[k], f);
        ck_assert_int_eq(tps_wait(c, id[k]), 0);
    }
    tps_ticket_t p;
    ck_assert_int_eq(tps_push_rows_async(c, tab, 4, ids, g, &p), 0);
    issue(c, p, -1, 0);
    tps__rowjob_t *job = ticket(c, p)->x.job;
    for (size_t f = 0; f < job->nfr; f++) {
        uint64_t got[4];
        frame_ids(job, f, got);
        const uint8_t *v = job->buf + job->fr[f].pos + job->fr[f].ids_len;
        for (size_t k = 0; k < job->fr[f].count; k++)
            ck_assert_uint_eq(ref_varint(&v), row_version(got[k]) + 1);
    }
    version_shift = 0;
    tps_close(c);
}
END_TEST

/* A push's replies sum into tps_push_rows_info; a shard back after a loss
 * is sent only the frames it has not answered. */
START_TEST(test_rows_push_info_and_resend) {
    tps_client_t *c = client("127.0.0.1:1", 2 * (20 + 4 * 1));
    int tab = table_add(c, "emb", 1);
    uint64_t ids[5] = {9, 8, 7, 6, 5};
    float g[5] = {1, 1, 1, 1, 1};
    shards_rejoining(c);
    tps_ticket_t id;
    ck_assert_int_eq(tps_push_rows_async(c, tab, 5, ids, g, &id), 0);
    issue(c, id, -1, 0);
    ck_assert_uint_eq(owed(c, id, 0), 3);
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rows = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PUSH_ROWS_OK;
    h.rows = &rows;
    rows.applied = 1;
    rows.stale = 1;
    rows.max_staleness = 4;
    reply(c, 0, id, &h);
    ck_assert_uint_eq(owed(c, id, 0), 2);
    issue(c, id, 0, 1);
    ck_assert_uint_eq(owed(c, id, 0), 2);
    rows.applied = 2;
    rows.stale = 0;
    rows.max_staleness = 9;
    reply(c, 0, id, &h);
    rows.applied = 0;
    rows.not_admitted = 1;
    rows.full = 0;
    rows.refused = 2;
    rows.max_staleness = 1;
    reply(c, 0, id, &h);
    ck_assert_int_eq(tps_wait(c, id), 0);
    tps_rows_info_t info;
    ck_assert_int_eq(tps_push_rows_info(c, tab, &info), 0);
    ck_assert_uint_eq(info.applied, 3);
    ck_assert_uint_eq(info.stale, 1);
    ck_assert_uint_eq(info.not_admitted, 1);
    ck_assert_uint_eq(info.full, 0);
    ck_assert_uint_eq(info.refused, 2);
    ck_assert_uint_eq(info.max_staleness, 9);
    tps_close(c);
}
END_TEST

/* Calls of the wrong kind, NaNs and missing pointers are refused before
 * anything is sent; an empty call completes at once. */
START_TEST(test_rows_refusals) {
    tps_client_t *c = client(CLUSTER3, 0);
    int tab = table_add(c, "emb", 2);
    int w = tensor_add(c, "w", 4);
    float buf[4] = {0}, bad[4] = {1, 2, 0, 4};
    uint64_t ids[2] = {1, 2};
    tps_ticket_t id;
    ck_assert_int_eq(tps_pull_async(c, tab, buf, &id), TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(c->errmsg, "\"emb\" is a table"));
    ck_assert_int_eq(tps_push_async(c, tab, buf, &id), TPS_EINVAL);
    ck_assert_int_eq(tps_pull_rows_async(c, w, 2, ids, buf, NULL, &id),
                     TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(c->errmsg, "\"w\" is dense"));
    ck_assert_int_eq(tps_pull_rows_async(c, tab, 2, NULL, buf, NULL, &id),
                     TPS_EINVAL);
    ck_assert_int_eq(tps_push_rows_async(c, tab, 2, ids, NULL, &id),
                     TPS_EINVAL);
    bad[2] = 0.0f / 0.0f;
    ck_assert_int_eq(tps_push_rows_async(c, tab, 2, ids, bad, &id), TPS_EINVAL);
    ck_assert_msg(strstr(c->errmsg, "NaN in row id 2") != NULL, "%s",
                  c->errmsg);
    bad[2] = 0;
    bad[1] = -1.0f / 0.0f;
    ck_assert_int_eq(tps_push_rows_async(c, tab, 2, ids, bad, &id), TPS_EINVAL);
    ck_assert_msg(strstr(c->errmsg, "Inf in row id 1 (element 1)") != NULL,
                  "%s", c->errmsg);
    /* Finite rows of one id whose sum is not. */
    uint64_t twice[2] = {5, 5};
    float big[4] = {3e38f, 1, 3e38f, 1};
    ck_assert_int_eq(tps_push_rows_async(c, tab, 2, twice, big, &id),
                     TPS_EINVAL);
    ck_assert_msg(strstr(c->errmsg, "sum past the float range") != NULL, "%s",
                  c->errmsg);
    /* The refused push's job goes back to the pool: a pull that takes it
     * is not judged by that push's gradient. */
    ck_assert_int_eq(tps_pull_rows_async(c, tab, 2, twice, buf, NULL, &id), 0);
    ck_assert_int_eq(tps_pull_rows(c, tab, 0, NULL, NULL, NULL), 0);
    ck_assert_int_eq(tps_push_rows(c, tab, 0, NULL, NULL), 0);
    tps_close(c);
}
END_TEST

/* A shard whose DECLARE_OK calls the table dense, or gives another dim,
 * fails the declaration. */
START_TEST(test_rows_declare_mismatch) {
    tps_client_t *c = client(CLUSTER3, 0);
    int tab = table_add(c, "emb", 8);
    int64_t id = submit(c, OP_DECLARE, tab, NULL, NULL, 3, NULL, NULL);
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Decl decl = TAUPS__DECL__INIT;
    h.op = TAUPS__OP__DECLARE_OK;
    h.length = 8;
    h.decl = &decl;
    decl.kind = 1;
    decl.dim = 8;
    reply(c, 0, id, &h);
    ck_assert(!is_done(c, id));
    decl.dim = 16;
    reply(c, 1, id, &h);
    ck_assert(is_done(c, id));
    ck_assert_msg(strstr(c->errmsg, "shard 1 has it of dim 16, not 8"), "%s",
                  c->errmsg);
    ck_assert_int_eq(tps_wait(c, id), TPS_EMISMATCH);
    tps_close(c);
}
END_TEST

/* A second call of the same size reuses the first one's job and buffers. */
START_TEST(test_rows_job_reused) {
    tps_client_t *c = client(CLUSTER3, 0);
    int tab = table_add(c, "emb", 4);
    uint64_t ids[20];
    float g[80];
    for (size_t i = 0; i < 20; i++)
        ids[i] = i;
    for (size_t i = 0; i < 80; i++)
        g[i] = 0.5f;
    tps__rowjob_t *job[2];
    uint8_t *buf[2];
    for (int k = 0; k < 2; k++) {
        int frames =
            tps__cl_rows_prepare(c, tab, 1, 20, ids, g, NULL, NULL, &job[k]);
        ck_assert_int_gt(frames, 0);
        buf[k] = job[k]->buf;
        uv_mutex_lock(&c->mu);
        tps__cl_rows_put(c, job[k]);
        uv_mutex_unlock(&c->mu);
    }
    ck_assert_ptr_eq(job[0], job[1]);
    ck_assert_ptr_eq(buf[0], buf[1]);
    tps_close(c);
}
END_TEST

static Suite *client_suite(void) {
    Suite *s = suite_create("client");
    TCase *tc = tcase_create("tickets");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_ticket_needs_every_reply);
    tcase_add_test(tc, test_ticket_error_finishes);
    tcase_add_test(tc, test_ticket_nothing_to_send);
    tcase_add_test(tc, test_ticket_broken_refuses);
    tcase_add_test(tc, test_ticket_table_full);
    tcase_add_test(tc, test_ticket_held_slot);
    tcase_add_test(tc, test_ticket_delivery_counts);
    suite_add_tcase(s, tc);

    tc = tcase_create("wire");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_slicing);
    tcase_add_test(tc, test_push_owed_and_info);
    tcase_add_test(tc, test_dropped_push_owes_slices);
    tcase_add_test(tc, test_pull_owed_and_left);
    tcase_add_test(tc, test_fresh_ticket_owes_nothing);
    tcase_add_test(tc, test_send_to_closed_shard);
    tcase_add_test(tc, test_version_probe);
    tcase_add_test(tc, test_declare_replies);
    tcase_add_test(tc, test_error_replies);
    suite_add_tcase(s, tc);

    tc = tcase_create("policy");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_hello_clock);
    tcase_add_test(tc, test_hello_mode_mismatch);
    tcase_add_test(tc, test_hello_settings);
    tcase_add_test(tc, test_snapshots);
    tcase_add_test(tc, test_cache_rule);
    tcase_add_test(tc, test_cache_fill_and_take);
    tcase_add_test(tc, test_cache_off);
    suite_add_tcase(s, tc);

    tc = tcase_create("rows");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_rows_push_job);
    tcase_add_test(tc, test_rows_push_read_versions);
    tcase_add_test(tc, test_rows_frame_split);
    tcase_add_test(tc, test_rows_pull_scatter_versions);
    tcase_add_test(tc, test_rows_versions_newest);
    tcase_add_test(tc, test_rows_push_info_and_resend);
    tcase_add_test(tc, test_rows_refusals);
    tcase_add_test(tc, test_rows_declare_mismatch);
    tcase_add_test(tc, test_rows_job_reused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(client_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
