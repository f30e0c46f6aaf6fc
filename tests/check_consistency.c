/* SPDX-License-Identifier: MIT */
/* Unit tests of the consistency rules: membership and clocks, the pull
 * gates of each mode, synchronous aggregation in rank order, and the
 * staleness histogram. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "server/consistency.h"
#include "taups.h"

START_TEST(test_modes) {
    tps__consistency_t c = {.mode = tps__mode_find("local"), .local_sync = 1};
    ck_assert(tps__consistency_aggregates(&c));
    c.local_sync = 0;
    ck_assert(!tps__consistency_aggregates(&c));
    c.mode = tps__mode_find("sync");
    ck_assert(tps__consistency_aggregates(&c));
    c.mode = tps__mode_find("ssp");
    ck_assert(!tps__consistency_aggregates(&c));
}
END_TEST

START_TEST(test_members) {
    tps__members_t m;
    ck_assert_int_eq(tps__members_init(&m, 3), 0);
    /* Forming: ranks yet to join hold the minimum at 0. */
    ck_assert_uint_eq(tps__members_min_clock(&m), 0);
    tps__members_join(&m, 0, 5);
    tps__members_join(&m, 2, 3);
    ck_assert(!tps__members_formed(&m));
    ck_assert_uint_eq(tps__members_min_clock(&m), 0);
    tps__members_join(&m, 1, 4);
    tps__members_leave(&m, 1);
    ck_assert(tps__members_formed(&m));
    ck_assert_int_eq(m.nlive, 2);
    ck_assert_uint_eq(tps__members_min_clock(&m), 3);
    ck_assert_uint_eq(tps__members_max_clock(&m), 5);
    ck_assert_int_eq(tps__members_advance(&m, 2, 2), 0); /* never backwards */
    ck_assert_int_eq(tps__members_advance(&m, 2, 7), 1);
    ck_assert_uint_eq(tps__members_min_clock(&m), 5);
    tps__members_leave(&m, 0);
    tps__members_leave(&m, 0); /* twice is harmless */
    ck_assert_int_eq(m.nlive, 1);
    ck_assert_uint_eq(tps__members_min_clock(&m), 7);
    tps__members_leave(&m, 2);
    ck_assert_uint_eq(tps__members_min_clock(&m), UINT64_MAX);
    tps__members_free(&m);
}
END_TEST

START_TEST(test_ssp_gate) {
    tps__members_t m;
    tps__members_init(&m, 3);
    tps__consistency_t c = {.mode = tps__mode_find("ssp"), .staleness = 2};
    tps__members_join(&m, 0, 10);
    tps__members_join(&m, 1, 8);
    tps__members_join(&m, 2, 9);
    /* slowest is at 8: a worker at clock c is answered iff 8 >= c - 2 */
    ck_assert(tps__pull_allowed(&c, &m, 0, 10));
    ck_assert(!tps__pull_allowed(&c, &m, 0, 11));
    ck_assert(tps__pull_allowed(&c, &m, 0, 2));
    tps__members_leave(&m, 1); /* the dead never hold anyone back */
    ck_assert(tps__pull_allowed(&c, &m, 0, 11));
    ck_assert(!tps__pull_allowed(&c, &m, 0, 12));
    c.staleness = 0; /* T = 0 is legal: lockstep */
    ck_assert(tps__pull_allowed(&c, &m, 0, 9));
    ck_assert(!tps__pull_allowed(&c, &m, 0, 10));
    /* async never blocks; sync waits for the step */
    c.mode = tps__mode_find("async");
    ck_assert(tps__pull_allowed(&c, &m, 0, 1000));
    c.mode = tps__mode_find("sync");
    ck_assert(!tps__pull_allowed(&c, &m, 4, 5));
    ck_assert(tps__pull_allowed(&c, &m, 5, 5));
    tps__members_free(&m);
}
END_TEST

/* The mean is summed in rank order whatever order the pushes arrived in:
 * values chosen so that float addition order matters. */
START_TEST(test_sync_rank_order) {
    const float g[3][2] = {{1e8f, 1.0f}, {1.0f, -1e8f}, {-1e8f, 3.0f}};
    float out1[2], out2[2];
    for (int order = 0; order < 2; order++) {
        tps__members_t m;
        tps__syncbuf_t sb;
        tps__members_init(&m, 3);
        for (int r = 0; r < 3; r++)
            tps__members_join(&m, r, 0);
        ck_assert_int_eq(tps__syncbuf_init(&sb, 3, 2), 0);
        for (int k = 0; k < 3; k++) {
            int r = order ? 2 - k : k;
            ck_assert(!tps__sync_ready(&m, 0));
            ck_assert_int_eq(tps__syncbuf_add(&sb, r, 0, g[r], 2, 1.0f), 0);
            sb.done[r] = 1;
            tps__members_commit(&m, r, 0);
        }
        ck_assert(tps__sync_ready(&m, 0));
        ck_assert_int_eq(tps__syncbuf_mean(&sb, &m, order ? out2 : out1), 3);
        tps__syncbuf_free(&sb);
        tps__members_free(&m);
    }
    ck_assert_mem_eq(out1, out2, sizeof(out1));
    /* In double, rank order: (1e8 + 1 - 1e8) / 3 and (1 - 1e8 + 3) / 3. */
    ck_assert_float_eq(out1[0], (float)(1.0 / 3.0));
    ck_assert_float_eq(out1[1], (float)((4.0 - 1e8) / 3.0));
}
END_TEST

/* Pushes that say how many samples they average are weighted by them:
 * the mean over all samples. One that does not say makes every push count
 * once, as before. */
START_TEST(test_sync_sample_weights) {
    tps__members_t m;
    tps__syncbuf_t sb;
    tps__members_init(&m, 2);
    tps__syncbuf_init(&sb, 2, 2);
    const float a[2] = {1, 0}, b[2] = {0, 4};
    for (int r = 0; r < 2; r++) {
        tps__members_join(&m, r, 0);
        tps__syncbuf_add(&sb, r, 0, r ? b : a, 2, 1.0f);
        sb.done[r] = 1;
        tps__members_commit(&m, r, 0);
    }
    sb.samples[0] = 1;
    sb.samples[1] = 3;
    float out[2];
    ck_assert_int_eq(tps__syncbuf_mean(&sb, &m, out), 2);
    ck_assert_float_eq(out[0], 0.25f); /* (1*a + 3*b) / 4 */
    ck_assert_float_eq(out[1], 3.0f);
    sb.samples[1] = 0;
    ck_assert_int_eq(tps__syncbuf_mean(&sb, &m, out), 2);
    ck_assert_float_eq(out[0], 0.5f); /* (a + b) / 2 */
    ck_assert_float_eq(out[1], 2.0f);
    tps__syncbuf_free(&sb);
    tps__members_free(&m);
}
END_TEST

/* A worker that leaves before committing is no longer awaited and its
 * pushes do not count (the server discards them); one that committed
 * before leaving still counts in the step. */
START_TEST(test_sync_leave) {
    tps__members_t m;
    tps__syncbuf_t sb;
    tps__members_init(&m, 3);
    for (int r = 0; r < 3; r++)
        tps__members_join(&m, r, 0);
    tps__syncbuf_init(&sb, 3, 4);
    const float a[4] = {1, 2, 3, 4}, b[4] = {3, 2, 1, 0}, z[4] = {7, 7, 7, 7};
    tps__syncbuf_add(&sb, 0, 0, a, 4, 1.0f);
    sb.done[0] = 1;
    tps__members_commit(&m, 0, 0);
    tps__members_leave(&m, 0); /* pushed, committed, then finished */
    tps__syncbuf_add(&sb, 2, 0, z, 4, 1.0f); /* pushed, died before its CLOCK */
    sb.done[2] = 1;
    tps__syncbuf_discard(&sb, 2);
    tps__members_leave(&m, 2);
    ck_assert(!tps__sync_ready(&m, 0)); /* rank 1 is live and pending */
    /* Chunks land at their offsets, scaled. */
    tps__syncbuf_add(&sb, 1, 0, b, 2, 2.0f);
    tps__syncbuf_add(&sb, 1, 2, b + 2, 2, 2.0f);
    sb.done[1] = 1;
    ck_assert(!tps__sync_ready(&m, 0)); /* pushed, not committed */
    tps__members_commit(&m, 1, 0);
    ck_assert(tps__sync_ready(&m, 0));
    float out[4];
    ck_assert_int_eq(tps__syncbuf_mean(&sb, &m, out), 2);
    const float want[4] = {3.5f, 3.0f, 2.5f, 2.0f}; /* (a + 2b) / 2 */
    ck_assert_mem_eq(out, want, sizeof(out));
    tps__syncbuf_reset(&sb);
    tps__members_uncommit_all(&m);
    ck_assert(!tps__sync_ready(&m, 0));
    /* Nobody live: a committed push from a departed worker still steps. */
    tps__members_leave(&m, 1);
    sb.done[0] = 1;
    tps__members_commit(&m, 0, 0);
    ck_assert(tps__sync_ready(&m, 0));
    tps__syncbuf_free(&sb);
    tps__members_free(&m);
}
END_TEST

/* Backup workers: with b = 1 of 4, three commits are enough; a rank in a
 * barrier is not awaited, and one that died leaves n - b = 2 of 3; never
 * fewer than one. */
START_TEST(test_sync_ready_backup) {
    tps__members_t m;
    ck_assert_int_eq(tps__members_init(&m, 4), 0);
    for (int r = 0; r < 4; r++)
        tps__members_join(&m, r, 0);
    ck_assert(!tps__sync_ready(&m, 1));
    tps__members_commit(&m, 0, 0);
    tps__members_commit(&m, 1, 0);
    ck_assert(!tps__sync_ready(&m, 1));
    ck_assert(tps__sync_ready(&m, 2));
    tps__members_commit(&m, 2, 0);
    ck_assert(tps__sync_ready(&m, 1));
    ck_assert(!tps__sync_ready(&m, 0));
    tps__members_uncommit_all(&m);
    tps__members_leave(&m, 3);
    tps__members_commit(&m, 0, 0);
    ck_assert(!tps__sync_ready(&m, 1));
    tps__members_commit(&m, 1, 0);
    ck_assert(tps__sync_ready(&m, 1));
    tps__members_uncommit_all(&m);
    tps__members_commit(&m, 0, 0);
    ck_assert(tps__sync_ready(&m, 3)); /* at least one, and one is in */
    tps__members_free(&m);
}
END_TEST

START_TEST(test_histogram) {
    tps__hist_t h;
    memset(&h, 0, sizeof(h));
    const uint64_t s[] = {0, 0, 1, 63, 64, 127, 128, 1000, (uint64_t)1 << 40};
    double sum = 0;
    for (size_t i = 0; i < sizeof(s) / sizeof(*s); i++) {
        tps__hist_add(&h, s[i]);
        sum += (double)s[i];
    }
    ck_assert_uint_eq(h.exact[0], 2);
    ck_assert_uint_eq(h.exact[1], 1);
    ck_assert_uint_eq(h.exact[63], 1);
    ck_assert_uint_eq(h.pow2[0], 2);  /* [64, 128) */
    ck_assert_uint_eq(h.pow2[1], 1);  /* [128, 256) */
    ck_assert_uint_eq(h.pow2[3], 1);  /* [512, 1024) holds 1000 */
    ck_assert_uint_eq(h.pow2[34], 1); /* 2^40 */
    ck_assert_uint_eq(h.count, 9);
    ck_assert_uint_eq(h.max, (uint64_t)1 << 40);
    ck_assert_double_eq_tol(tps__hist_mean(&h), sum / 9, 1e-6);
    json_t *j = tps__hist_json(&h);
    char *buf = json_dumps(j, 0);
    ck_assert_msg(strstr(buf, "\"64\": 2") &&
                      strstr(buf, "\"1099511627776\": 1"),
                  "%s", buf);
    free(buf);
    json_decref(j);
}
END_TEST

static Suite *consistency_suite(void) {
    Suite *s = suite_create("consistency");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_modes);
    tcase_add_test(tc, test_members);
    tcase_add_test(tc, test_ssp_gate);
    tcase_add_test(tc, test_sync_rank_order);
    tcase_add_test(tc, test_sync_sample_weights);
    tcase_add_test(tc, test_sync_ready_backup);
    tcase_add_test(tc, test_sync_leave);
    tcase_add_test(tc, test_histogram);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(consistency_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
