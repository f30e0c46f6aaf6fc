/* SPDX-License-Identifier: MIT */
/* Unit tests of the link shaper's release-time arithmetic (tps_link.h):
 * latency, jitter bounds and reproducibility, FIFO order under jitter, and
 * the token bucket against values computed by hand for 1 MB/s, i.e.
 * 1000 bytes per ms, with a 5000-byte bucket (5 ms of the rate) that
 * starts empty. Then a shaped tps_conn on a
 * loopback pair: frames arrive in order and late enough, and closing with
 * frames still held cancels them and leaves no handle open. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tps_conn.h"
#include "tps_link.h"

#define EPS 1e-9

static tps__link_sched_t sched(double lat, double jit, uint64_t bw,
                              uint64_t seed, uint64_t stream) {
    tps__link_cfg_t cfg = {lat, jit, bw, seed};
    tps__link_sched_t s;
    tps__link_sched_init(&s, &cfg, stream);
    return s;
}

START_TEST(test_enabled) {
    tps__link_cfg_t off = {0, 0, 0, 7};
    ck_assert(!tps__link_enabled(&off));
    ck_assert(!tps__link_enabled(NULL));
    tps__link_cfg_t lat = {1, 0, 0, 0}, jit = {0, 1, 0, 0}, bw = {0, 0, 1, 0};
    ck_assert(tps__link_enabled(&lat));
    ck_assert(tps__link_enabled(&jit));
    ck_assert(tps__link_enabled(&bw));
}
END_TEST

START_TEST(test_latency) {
    tps__link_sched_t s = sched(20, 0, 0, 1, 0);
    ck_assert_double_eq_tol(tps__link_release(&s, 100, 10), 120, EPS);
    ck_assert_double_eq_tol(tps__link_release(&s, 105, 1 << 20), 125, EPS);
    ck_assert_double_eq_tol(tps__link_release(&s, 105, 0), 125, EPS);
    ck_assert_double_eq_tol(tps__link_release(&s, 300, 10), 320, EPS);
}
END_TEST

START_TEST(test_jitter_bounds_and_fifo) {
    tps__link_sched_t s = sched(20, 5, 0, 42, 3);
    double prev = -1;
    int held_back = 0;
    for (int i = 0; i < 2000; i++) {
        double now = i * 0.5;
        double r = tps__link_release(&s, now, 100);
        ck_assert_msg(r >= prev, "frame %d released at %g before %g", i, r,
                      prev);
        /* Holding a frame back for its predecessor never delays it past
         * now + 25 ms, as the predecessor came earlier with the same bound. */
        ck_assert(r <= now + 25 + EPS);
        ck_assert(r >= now + 15 - EPS);
        if (r == prev)
            held_back++;
        prev = r;
    }
    /* Frames 0.5 ms apart with +-5 ms jitter would overtake each other
     * often: the FIFO rule must have held many back. */
    ck_assert_int_gt(held_back, 200);
}
END_TEST

START_TEST(test_jitter_clamped_at_zero) {
    tps__link_sched_t s = sched(1, 5, 0, 9, 0);
    for (int i = 0; i < 1000; i++) {
        double now = 1000.0 * i; /* far apart: no FIFO effect */
        double r = tps__link_release(&s, now, 1);
        ck_assert(r >= now);
        ck_assert(r <= now + 6 + EPS);
    }
}
END_TEST

START_TEST(test_jitter_uniform) {
    /* Frames far apart show the raw jitter: uniform on [-5, 5], whose mean
     * 0 has a standard error of 5/sqrt(3)/sqrt(4000) = 0.046 ms here. */
    tps__link_sched_t s = sched(20, 5, 0, 11, 0);
    double sum = 0, lo = 5, hi = -5;
    for (int i = 0; i < 4000; i++) {
        double now = 100.0 * i;
        double j = tps__link_release(&s, now, 1) - now - 20;
        sum += j;
        lo = j < lo ? j : lo;
        hi = j > hi ? j : hi;
    }
    ck_assert(fabs(sum / 4000) < 5 * 0.046);
    ck_assert(lo >= -5 - EPS && lo < -4.9);
    ck_assert(hi <= 5 + EPS && hi > 4.9);
}
END_TEST

START_TEST(test_jitter_seeded) {
    tps__link_sched_t a = sched(20, 5, 0, 5, 1), b = sched(20, 5, 0, 5, 1);
    tps__link_sched_t c = sched(20, 5, 0, 5, 2);
    int differ = 0;
    for (int i = 0; i < 100; i++) {
        double now = 100.0 * i;
        double ra = tps__link_release(&a, now, 1);
        ck_assert_double_eq(ra, tps__link_release(&b, now, 1));
        differ += ra != tps__link_release(&c, now, 1);
    }
    ck_assert_int_gt(differ, 90);
}
END_TEST

START_TEST(test_bucket_by_hand) {
    tps__link_sched_t s = sched(0, 0, 1000000, 1, 0);
    /* Empty at first: the first 5000 bytes wait 5 ms for their tokens. */
    ck_assert_double_eq_tol(tps__link_release(&s, 0, 5000), 5, EPS);
    /* 1000 bytes take 1 ms to earn. */
    ck_assert_double_eq_tol(tps__link_release(&s, 0, 1000), 6, EPS);
    /* A frame larger than the bucket waits for all its bytes: 262.144 ms. */
    ck_assert_double_eq_tol(tps__link_release(&s, 0, 262144), 268.144, 1e-6);
    /* Long idle: the bucket refills only to its depth. */
    ck_assert_double_eq_tol(tps__link_release(&s, 1000, 100), 1000, EPS);
    ck_assert_double_eq_tol(tps__link_release(&s, 1000, 5000), 1000.1, 1e-6);
    /* Full again after 4 s; 262144 bytes need 257144 more than it holds. */
    ck_assert_double_eq_tol(tps__link_release(&s, 5000, 262144), 5257.144,
                            1e-6);
    /* The depth is 5 ms of the rate, within one Ethernet frame and 64 KiB. */
    ck_assert_uint_eq(tps__link_depth(1000000), 5000);
    ck_assert_uint_eq(tps__link_depth(50000), 1500);
    ck_assert_uint_eq(tps__link_depth(1000000000), 65536);
}
END_TEST

START_TEST(test_bucket_rate) {
    /* Ten 256 KiB frames at once leave at exactly 1000 bytes per ms from
     * the first byte: nothing is free. */
    tps__link_sched_t s = sched(0, 0, 1000000, 1, 0);
    double r = 0;
    for (int i = 0; i < 10; i++)
        r = tps__link_release(&s, 0, 262144);
    ck_assert_double_eq_tol(r, 10.0 * 262144 / 1000, 1e-6);
}
END_TEST

START_TEST(test_latency_then_bucket) {
    tps__link_sched_t s = sched(10, 0, 1000000, 1, 0);
    ck_assert_double_eq_tol(tps__link_release(&s, 0, 5000), 15, EPS);
    ck_assert_double_eq_tol(tps__link_release(&s, 0, 1000), 16, EPS);
    /* At 50 ms it arrives at 60 ms; the bucket is full (5000) by then, and
     * the other 45000 bytes take 45 ms. */
    ck_assert_double_eq_tol(tps__link_release(&s, 50, 50000), 105, 1e-6);
}
END_TEST

START_TEST(test_describe) {
    char buf[200];
    tps__link_cfg_t off = {0, 0, 0, 1};
    tps__link_describe(&off, buf, sizeof(buf));
    ck_assert_str_eq(buf, "off");
    tps__link_cfg_t on = {20, 5, 1000000, 3};
    tps__link_describe(&on, buf, sizeof(buf));
    ck_assert_msg(strstr(buf, "latency 20 ms") && strstr(buf, "+-5 ms") &&
                      strstr(buf, "1000000 B/s") && strstr(buf, "seed 3"),
                  "%s", buf);
}
END_TEST

/* A loopback pair: `tx` (shaped) connects to `rx`, which records frames. */
typedef struct pair_s {
    uv_loop_t loop;
    uv_tcp_t listener;
    uv_connect_t creq;
    tps__conn_t tx, rx;
    int closed; /* on_close calls */
    int got;    /* frames received by rx */
    uint64_t ids[16];
    uint64_t t_ms[16]; /* arrival, uv_now */
    uint64_t t0;       /* when the sends were made */
    int status[2048];  /* of tx's write callbacks, 1: not yet */
    int nsend;
    int disorder;      /* frames that arrived out of order */
    int close_after; /* close both 20 ms after the sends */
    uv_timer_t kill;
} pair_t;

static void rx_frame(tps__conn_t *c, const Taups__Header *h, uint8_t *payload,
                     uint64_t len) {
    pair_t *p = c->data;
    (void)payload;
    (void)len;
    p->disorder += h->request_id != (uint64_t)p->got + 1;
    if (p->got < 16) {
        p->ids[p->got] = h->request_id;
        p->t_ms[p->got] = uv_now(&p->loop);
    }
    if (++p->got == p->nsend) {
        tps__conn_close(&p->tx);
        tps__conn_close(&p->rx);
    }
}

static void conn_error(tps__conn_t *c, int err) {
    (void)err;
    tps__conn_close(c);
}

static void conn_closed(tps__conn_t *c) {
    pair_t *p = c->data;
    p->closed++;
}

static void sent(void *arg, int status) {
    *(int *)arg = status;
}

static void on_kill(uv_timer_t *t) {
    pair_t *p = t->data;
    tps__conn_close(&p->tx);
    tps__conn_close(&p->rx);
    uv_close((uv_handle_t *)t, NULL);
}

static void send_all(pair_t *p) {
    static uint8_t payload[3000];
    p->t0 = uv_now(&p->loop);
    for (int i = 0; i < p->nsend; i++) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.op = TAUPS__OP__PULL;
        h.request_id = (uint64_t)i + 1;
        p->status[i] = 1;
        ck_assert_int_eq(tps__conn_send(&p->tx, &h, payload, sizeof(payload),
                                       sent, &p->status[i]),
                         0);
    }
    /* Callbacks never run from within the send. */
    for (int i = 0; i < p->nsend; i++)
        ck_assert_int_eq(p->status[i], 1);
}

static void on_accept(uv_stream_t *l, int status) {
    pair_t *p = l->data;
    ck_assert_int_eq(status, 0);
    ck_assert_int_eq(tps__conn_init(&p->loop, &p->rx, NULL, NULL, NULL), 0);
    p->rx.data = p;
    p->rx.on_frame = rx_frame;
    p->rx.on_error = conn_error;
    p->rx.on_close = conn_closed;
    ck_assert_int_eq(uv_accept(l, (uv_stream_t *)&p->rx.tcp), 0);
    ck_assert_int_eq(tps__conn_start(&p->rx), 0);
    uv_close((uv_handle_t *)l, NULL);
}

static void on_connect(uv_connect_t *req, int status) {
    pair_t *p = req->data;
    ck_assert_int_eq(status, 0);
    ck_assert_int_eq(tps__conn_start(&p->tx), 0);
    send_all(p);
    if (p->close_after) {
        uv_timer_init(&p->loop, &p->kill);
        p->kill.data = p;
        uv_timer_start(&p->kill, on_kill, 20, 0);
    }
}

static void run_pair(pair_t *p, const tps__link_cfg_t *cfg) {
    struct sockaddr_in a;
    int len = sizeof(a);
    ck_assert_int_eq(uv_loop_init(&p->loop), 0);
    uv_tcp_init(&p->loop, &p->listener);
    p->listener.data = p;
    uv_ip4_addr("127.0.0.1", 0, &a);
    ck_assert_int_eq(uv_tcp_bind(&p->listener, (struct sockaddr *)&a, 0), 0);
    uv_tcp_getsockname(&p->listener, (struct sockaddr *)&a, &len);
    ck_assert_int_eq(uv_listen((uv_stream_t *)&p->listener, 4, on_accept), 0);
    ck_assert_int_eq(tps__conn_init(&p->loop, &p->tx, NULL, NULL, NULL), 0);
    ck_assert_int_eq(tps__conn_set_link(&p->tx, cfg, 0), 0);
    p->tx.data = p;
    p->tx.on_frame = rx_frame;
    p->tx.on_error = conn_error;
    p->tx.on_close = conn_closed;
    p->creq.data = p;
    ck_assert_int_eq(
        uv_tcp_connect(&p->creq, &p->tx.tcp, (struct sockaddr *)&a, on_connect),
        0);
    uv_run(&p->loop, UV_RUN_DEFAULT);
    ck_assert_int_eq(p->closed, 2);
    ck_assert_int_eq(uv_loop_close(&p->loop), 0);
}

START_TEST(test_conn_shaped_in_order) {
    /* 8 frames of about 3 KB at 100 KB/s behind 30 +- 10 ms: all arrive
     * after >= 20 ms (the bucket, empty at first, adds more), in order,
     * and written (status 0). */
    pair_t *p = calloc(1, sizeof(*p));
    p->nsend = 8;
    tps__link_cfg_t cfg = {30, 10, 100000, 4};
    run_pair(p, &cfg);
    ck_assert_int_eq(p->got, 8);
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(p->ids[i], (uint64_t)i + 1);
        ck_assert_int_ge(p->t_ms[i] - p->t0, 20);
        ck_assert_int_eq(p->status[i], 0);
    }
    free(p);
}
END_TEST

START_TEST(test_conn_close_cancels_held) {
    /* Held for 10 s, closed after 20 ms: every callback runs with
     * UV_ECANCELED, nothing arrives, and the loop closes cleanly. */
    pair_t *p = calloc(1, sizeof(*p));
    p->nsend = 5;
    p->close_after = 1;
    tps__link_cfg_t cfg = {10000, 0, 0, 1};
    run_pair(p, &cfg);
    ck_assert_int_eq(p->got, 0);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(p->status[i], UV_ECANCELED);
    free(p);
}
END_TEST

START_TEST(test_conn_batches_a_turn) {
    /* 200 frames of about 3 KB sent in one turn leave in one write; 2000
     * leave in writes of 511 frames (two buffers each, at most 1024
     * buffers a write): 4 writes. Every frame arrives, in order, and every
     * callback says it was written. */
    static const int counts[] = {200, 2000};
    static const uint64_t writes[] = {1, 4};
    tps__link_cfg_t off = {0, 0, 0, 1};
    for (int k = 0; k < 2; k++) {
        pair_t *p = calloc(1, sizeof(*p));
        p->nsend = counts[k];
        run_pair(p, &off);
        ck_assert_int_eq(p->got, counts[k]);
        ck_assert_int_eq(p->disorder, 0);
        ck_assert_uint_eq(p->tx.batches_out, writes[k]);
        for (int i = 0; i < counts[k]; i++)
            ck_assert_int_eq(p->status[i], 0);
        free(p);
    }
}
END_TEST

START_TEST(test_conn_unshaped_has_no_timer) {
    tps__conn_t c;
    uv_loop_t loop;
    tps__link_cfg_t off = {0, 0, 0, 1};
    ck_assert_int_eq(uv_loop_init(&loop), 0);
    ck_assert_int_eq(tps__conn_init(&loop, &c, NULL, NULL, NULL), 0);
    int handles = c.open_handles;
    ck_assert_int_eq(tps__conn_set_link(&c, &off, 0), 0);
    ck_assert_ptr_null(c.link);
    ck_assert_int_eq(c.open_handles, handles);
    c.on_close = NULL;
    tps__conn_close(&c);
    uv_run(&loop, UV_RUN_DEFAULT);
    ck_assert_int_eq(uv_loop_close(&loop), 0);
}
END_TEST

static Suite *link_suite(void) {
    Suite *s = suite_create("link");
    TCase *tc = tcase_create("schedule");
    tcase_add_test(tc, test_enabled);
    tcase_add_test(tc, test_latency);
    tcase_add_test(tc, test_jitter_bounds_and_fifo);
    tcase_add_test(tc, test_jitter_clamped_at_zero);
    tcase_add_test(tc, test_jitter_uniform);
    tcase_add_test(tc, test_jitter_seeded);
    tcase_add_test(tc, test_bucket_by_hand);
    tcase_add_test(tc, test_bucket_rate);
    tcase_add_test(tc, test_latency_then_bucket);
    tcase_add_test(tc, test_describe);
    suite_add_tcase(s, tc);

    tc = tcase_create("conn");
    tcase_set_timeout(tc, 10);
    tcase_add_test(tc, test_conn_shaped_in_order);
    tcase_add_test(tc, test_conn_close_cancels_held);
    tcase_add_test(tc, test_conn_unshaped_has_no_timer);
    tcase_add_test(tc, test_conn_batches_a_turn);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(link_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
