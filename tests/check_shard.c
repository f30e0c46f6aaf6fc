/* SPDX-License-Identifier: MIT */
/* Unit tests of shard state: the slice rule, declarations, range checks,
 * initialisation and the SGD update. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "server/optimizer.h"
#include "server/shard.h"
#include "taups.h"
#include "tps_cluster.h"
#include "tps_float.h"
#include "tps_rng.h"

/* Every element of [0, n) is owned by exactly one shard, slices are
 * contiguous and in shard order, and sizes differ by at most one. */
static void check_cover(uint64_t n, uint32_t S) {
    int *owner = calloc(n + 1, sizeof(int));
    uint64_t min = UINT64_MAX, max = 0;
    for (uint32_t s = 0; s < S; s++) {
        uint64_t lo = tps__slice_lo(n, S, s), hi = tps__slice_lo(n, S, s + 1);
        ck_assert_uint_le(lo, hi);
        for (uint64_t i = lo; i < hi; i++)
            owner[i]++;
        min = hi - lo < min ? hi - lo : min;
        max = hi - lo > max ? hi - lo : max;
    }
    ck_assert_uint_eq(tps__slice_lo(n, S, 0), 0);
    ck_assert_uint_eq(tps__slice_lo(n, S, S), n);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_msg(owner[i] == 1, "n=%llu S=%u: element %llu owned %d times",
                      (unsigned long long)n, S, (unsigned long long)i,
                      owner[i]);
    ck_assert_uint_le(max - min, 1);
    free(owner);
}

START_TEST(test_slices_10_over_7) {
    /* n = 10, S = 7: 10 = 7*1 + 3, so shards 0..2 hold 2 and 3..6 hold 1. */
    static const uint64_t lo[8] = {0, 2, 4, 6, 7, 8, 9, 10};
    for (uint32_t s = 0; s <= 7; s++)
        ck_assert_uint_eq(tps__slice_lo(10, 7, s), lo[s]);
    check_cover(10, 7);
}
END_TEST

START_TEST(test_slices_fewer_elements_than_shards) {
    /* n = 3, S = 5: shards 3 and 4 own nothing, nothing is lost. */
    check_cover(3, 5);
    ck_assert_uint_eq(tps__slice_lo(3, 5, 3), tps__slice_lo(3, 5, 4));
    check_cover(1, 256);
}
END_TEST

START_TEST(test_slices_many) {
    for (uint64_t n = 1; n < 200; n += 7)
        for (uint32_t S = 1; S < 20; S++)
            check_cover(n, S);
}
END_TEST

static tps__optim_t sgd = {.kind = TPS_OPTIM_SGD, .lr = 0.1};

/* The cluster list: TCP addresses and unix: paths, and what is refused. */
START_TEST(test_addresses) {
    tps__addr_t *a;
    char err[256];
    ck_assert_int_eq(
        tps__cluster_parse("127.0.0.1:7000,unix:/run/taups/s1,[::1]:7002", &a,
                          err, sizeof(err)),
        3);
    ck_assert_str_eq(a[0].text, "127.0.0.1:7000");
    ck_assert_int_eq(a[0].is_unix, 0);
    ck_assert_int_eq(a[1].is_unix, 1);
    ck_assert_str_eq(a[1].host, "/run/taups/s1");
    ck_assert_str_eq(a[1].text, "unix:/run/taups/s1");
    ck_assert_str_eq(a[2].host, "::1");
    ck_assert_int_eq(a[2].port, 7002);
    ck_assert_str_eq(a[2].text, "[::1]:7002");
    free(a);
    char longpath[140] = "unix:/";
    memset(longpath + 6, 'x', 107);
    longpath[113] = '\0';
    tps__addr_t one;
    ck_assert_int_eq(tps__addr_parse(longpath, &one, err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "a path of 1 to 107 bytes"));
    ck_assert_int_eq(tps__addr_parse("unix:", &one, err, sizeof(err)),
                     TPS_EINVAL);
    longpath[112] = '\0'; /* "/" and 106 x: 107 bytes, the most */
    ck_assert_int_eq(tps__addr_parse(longpath, &one, err, sizeof(err)), 0);
    ck_assert_int_eq(tps__addr_parse("localhost", &one, err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "is not HOST:PORT or unix:PATH"));
    ck_assert_int_eq(tps__cluster_parse("127.0.0.1:0", &a, err, sizeof(err)),
                     TPS_EINVAL);
}
END_TEST

/* --staleness-weight dc keeps each worker's read of every slice: 8
 * workers make a tensor of 1,000 elements take 9 copies (values and 8
 * reads, of 1,001 floats with the spare element), 36,036 bytes, so a
 * --max-memory of 36,000 refuses it with a sentence naming the bound,
 * where plain SGD (4,004 bytes) would fit; the read copy is what a push
 * is compensated against. */
START_TEST(test_dc_memory) {
    tps__optim_t dc = sgd;
    char err[256];
    ck_assert_int_eq(tps__optim_parse_weight(&dc, "dc:0.5", err, sizeof(err)),
                     0);
    tps__shard_t sh;
    ck_assert_int_eq(tps__shard_init(&sh, 0, 1, 4, 10000, &dc), 0);
    sh.dc_workers = 8;
    sh.max_bytes = 36000;
    ck_assert_int_eq(tps__shard_declare(&sh, "w", 1000, TPS_INIT_ZEROS, 0, 1,
                                        err, sizeof(err)),
                     TPS_ELIMIT);
    ck_assert_msg(strstr(err, "--max-memory") != NULL, "%s", err);
    sh.max_bytes = 36036;
    int id = tps__shard_declare(&sh, "w", 1000, TPS_INIT_ZEROS, 0, 1, err,
                                sizeof(err));
    ck_assert_int_eq(id, 0);
    ck_assert_uint_eq(sh.bytes, 36036);
    tps__tensor_t *t = &sh.tensors[id];
    float g[2] = {2, -4};
    t->param[10] = 1; /* rank 3 has not read: nothing to compensate */
    tps__shard_dc_compensate(&sh, t, 3, 10, g, 2);
    ck_assert(g[0] == 2 && g[1] == -4);
    tps__shard_dc_read(t, 3, 10, 2); /* reads 1, 0 */
    t->param[10] = 3;
    t->param[11] = -1;
    uint32_t m = tps__shard_dc_compensate(&sh, t, 3, 10, g, 2);
    /* 2 + 0.5*4*(3-1) = 6; -4 + 0.5*16*(-1-0) = -12 */
    ck_assert(g[0] == 6 && g[1] == -12);
    ck_assert(tps__bits_float(m) == 12);
    tps__shard_free(&sh);
}
END_TEST

START_TEST(test_declare) {
    tps__shard_t sh;
    char err[256];
    ck_assert_int_eq(tps__shard_init(&sh, 1, 3, 2, 1000, &sgd), 0);
    int a = tps__shard_declare(&sh, "w", 10, TPS_INIT_ZEROS, 0, 1, err,
                               sizeof(err));
    ck_assert_int_eq(a, 0);
    ck_assert_uint_eq(sh.tensors[a].lo, 4);
    ck_assert_uint_eq(sh.tensors[a].hi, 7);
    ck_assert_int_eq(tps__shard_declare(&sh, "w", 10, TPS_INIT_ZEROS, 0, 1, err,
                                        sizeof(err)),
                     a);
    ck_assert_int_eq(tps__shard_declare(&sh, "w", 11, TPS_INIT_ZEROS, 0, 1, err,
                                        sizeof(err)),
                     TPS_EMISMATCH);
    ck_assert_msg(strstr(err, "\"w\"") && strstr(err, "11") &&
                      strstr(err, "10"),
                  "%s", err);
    ck_assert_int_eq(tps__shard_declare(&sh, "big", 1001, TPS_INIT_ZEROS, 0, 1,
                                        err, sizeof(err)),
                     TPS_E2BIG);
    ck_assert_int_eq(
        tps__shard_declare(&sh, "", 5, TPS_INIT_ZEROS, 0, 1, err, sizeof(err)),
        TPS_EINVAL);
    ck_assert_int_eq(
        tps__shard_declare(&sh, "b", 5, TPS_INIT_ZEROS, 0, 1, err, sizeof(err)),
        1);
    ck_assert_int_eq(
        tps__shard_declare(&sh, "c", 5, TPS_INIT_ZEROS, 0, 1, err, sizeof(err)),
        TPS_E2BIG);
    /* Range checks against the slice [4, 7). */
    ck_assert_ptr_nonnull(tps__shard_range(&sh, 0, 4, 3, err, sizeof(err)));
    ck_assert_ptr_nonnull(tps__shard_range(&sh, 0, 7, 0, err, sizeof(err)));
    ck_assert_ptr_null(tps__shard_range(&sh, 0, 3, 1, err, sizeof(err)));
    ck_assert_ptr_null(tps__shard_range(&sh, 0, 5, 3, err, sizeof(err)));
    ck_assert_ptr_null(
        tps__shard_range(&sh, 0, 6, UINT64_MAX, err, sizeof(err)));
    ck_assert_ptr_null(tps__shard_range(&sh, 9, 4, 1, err, sizeof(err)));
    tps__shard_free(&sh);
}
END_TEST

/* A tensor's initial values are the same whatever the shard count. */
START_TEST(test_init_independent_of_sharding) {
    const uint64_t n = 1001;
    float whole[1001];
    for (uint32_t S = 1; S <= 4; S++) {
        for (uint32_t s = 0; s < S; s++) {
            tps__shard_t sh;
            char err[256];
            ck_assert_int_eq(tps__shard_init(&sh, s, S, 4, n, &sgd), 0);
            int id = tps__shard_declare(&sh, "w", n, TPS_INIT_NORMAL, 0.5f, 99,
                                        err, sizeof(err));
            ck_assert_int_eq(id, 0);
            const tps__tensor_t *t = &sh.tensors[id];
            for (uint64_t i = t->lo; i < t->hi; i++) {
                if (S == 1)
                    whole[i] = t->param[i];
                else
                    ck_assert_float_eq(t->param[i - t->lo], whole[i]);
            }
            tps__shard_free(&sh);
        }
    }
    /* Normal init with scale 0.5: sample mean ~ 0, sd ~ 0.5. */
    double m = 0, v = 0;
    for (uint64_t i = 0; i < n; i++)
        m += whole[i];
    m /= (double)n;
    for (uint64_t i = 0; i < n; i++)
        v += (whole[i] - m) * (whole[i] - m);
    v /= (double)(n - 1);
    ck_assert_double_lt(fabs(m), 4 * 0.5 / sqrt((double)n));
    ck_assert_double_lt(fabs(sqrt(v) - 0.5), 0.05);
    for (uint64_t i = 0; i < 1000; i++) {
        float u = tps__init_value(TPS_INIT_UNIFORM, 2.0f, 5, i);
        ck_assert(u >= -2.0f && u <= 2.0f);
    }
}
END_TEST


START_TEST(test_first_nonfinite) {
    float g[300];
    for (int i = 0; i < 300; i++)
        g[i] = (float)i - 150.0f;
    ck_assert_uint_eq(tps__first_nonfinite(g, 300), 300);
    const int where[] = {0, 63, 64, 130, 299};
    for (size_t k = 0; k < sizeof(where) / sizeof(*where); k++) {
        float saved = g[where[k]];
        g[where[k]] = k % 2 ? INFINITY : NAN;
        ck_assert_uint_eq(tps__first_nonfinite(g, 300), (uint64_t)where[k]);
        g[where[k]] = -INFINITY;
        ck_assert_uint_eq(tps__first_nonfinite(g, 300), (uint64_t)where[k]);
        g[where[k]] = saved;
    }
    /* Largest finite values and denormals are fine. */
    g[5] = 3.4028235e38f;
    g[6] = 1e-45f;
    ck_assert_uint_eq(tps__first_nonfinite(g, 300), 300);
}
END_TEST

/* The largest magnitude as float bits, against fabsf one element at a
 * time: every length around the 8-lane blocks, signs, denormals. */
START_TEST(test_max_abs_bits) {
    float g[1000];
    unsigned seed = 7;
    for (int i = 0; i < 1000; i++) {
        seed = seed * 1103515245u + 12345u;
        g[i] = ((float)(seed >> 8) / 16777216.0f - 0.5f) * 1e3f;
    }
    g[3] = 1e-45f;
    const int lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 999, 1000};
    for (size_t k = 0; k < sizeof(lens) / sizeof(*lens); k++) {
        float want = 0;
        for (int i = 0; i < lens[k]; i++)
            want = fabsf(g[i]) > want ? fabsf(g[i]) : want;
        ck_assert_float_eq(tps__bits_float(tps__max_abs_bits(g, lens[k])),
                           want);
    }
    g[998] = -3.4028235e38f;
    ck_assert_float_eq(tps__bits_float(tps__max_abs_bits(g, 1000)),
                       3.4028235e38f);
    ck_assert_uint_lt(tps__max_abs_bits(g, 1000), TPS_NONFINITE_BITS);
    g[998] = -INFINITY;
    ck_assert_uint_ge(tps__max_abs_bits(g, 1000), TPS_NONFINITE_BITS);
    g[998] = NAN;
    ck_assert_uint_ge(tps__max_abs_bits(g, 1000), TPS_NONFINITE_BITS);
}
END_TEST

/* A plain SGD step that a bound on |p| proves finite skips the undo copy;
 * it must give what the step with the copy gives, p - lr*scale*g, keep the
 * bound a bound, and still refuse, unchanged, a step that would overflow. */
START_TEST(test_apply_sgd_bound) {
    tps__optim_t o = {.kind = TPS_OPTIM_SGD, .lr = 0.5, .weight_decay = 0.25};
    tps__shard_t a, b;
    char err[256];
    ck_assert_int_eq(tps__shard_init(&a, 0, 1, 1, 1000, &o), 0);
    ck_assert_int_eq(tps__shard_init(&b, 0, 1, 1, 1000, &o), 0);
    ck_assert_int_eq(tps__shard_declare(&a, "w", 100, TPS_INIT_NORMAL, 2.0f, 3,
                                        err, sizeof(err)), 0);
    ck_assert_int_eq(tps__shard_declare(&b, "w", 100, TPS_INIT_NORMAL, 2.0f, 3,
                                        err, sizeof(err)), 0);
    tps__tensor_t *ta = &a.tensors[0], *tb = &b.tensors[0];
    float g[40], undo_ref[100];
    for (int i = 0; i < 40; i++)
        g[i] = (float)(i % 7) - 3.0f;
    float *undo = NULL;
    size_t cap = 0;
    for (int step = 0; step < 5; step++) {
        uint64_t off = (uint64_t)step * 10;
        memcpy(undo_ref, tb->param, sizeof(undo_ref));
        ck_assert_int_eq(tps__shard_apply(&a, ta, off, g, 40, 0.75, 3.0, &undo,
                                          &cap), 0);
        ck_assert_int_eq(tps__shard_apply(&b, tb, off, g, 40, 0.75, -1, &undo,
                                          &cap), 0);
        for (int i = 0; i < 100; i++) {
            float want = undo_ref[i];
            if (i >= (int)off && i < (int)off + 40)
                want = undo_ref[i] -
                       0.5f * (0.75f * g[i - off] + 0.25f * undo_ref[i]);
            ck_assert_float_eq(ta->param[i], tb->param[i]);
            ck_assert_float_eq_tol(ta->param[i], want, 1e-6);
        }
        ck_assert(ta->pmax >= 0);
        ck_assert(tb->pmax < 0); /* the slow path leaves it unknown */
        for (int i = 0; i < 100; i++)
            ck_assert(fabsf(ta->param[i]) <= ta->pmax);
        ta->version++;
        tb->version++;
    }
    /* Near the top of float: the bound proves nothing, the copy is taken,
     * and the overflow is refused with the parameters as they were. */
    ta->param[20] = 3.0e38f;
    ta->pmax = -1;
    float big[40];
    for (int i = 0; i < 40; i++)
        big[i] = -3.0e38f;
    memcpy(undo_ref, ta->param, sizeof(undo_ref));
    ck_assert_int_eq(tps__shard_apply(&a, ta, 0, big, 40, 1.0, 3.0e38, &undo,
                                      &cap), TPS_ERANGE);
    ck_assert_mem_eq(ta->param, undo_ref, sizeof(undo_ref));
    free(undo);
    tps__shard_free(&a);
    tps__shard_free(&b);
}
END_TEST

/* A sync step's trial (the agreement across shards): for plain SGD and
 * for adam, whose state the trial must not touch, the verdict is the
 * apply's, and the trial writes nothing, whether it passes or fails. */
static void trial_case(const char *optimizer, double lr) {
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.optimizer = optimizer;
    oc.lr = lr;
    tps__optim_t o;
    char err[256];
    ck_assert_int_eq(tps__optim_init(&o, &oc, err, sizeof(err)), 0);
    tps__shard_t sh;
    ck_assert_int_eq(tps__shard_init(&sh, 0, 1, 1, 1000, &o), 0);
    ck_assert_int_eq(tps__shard_declare(&sh, "w", 50, TPS_INIT_NORMAL, 1.0f, 5,
                                        err, sizeof(err)), 0);
    tps__tensor_t *t = &sh.tensors[0];
    float g[50], before[50], state[50], *scratch = NULL, *undo = NULL;
    size_t scap = 0, ucap = 0;
    for (int round = 0; round < 2; round++) {
        /* A gradient the step takes, then one that overflows at lr. */
        for (int i = 0; i < 50; i++)
            g[i] = round == 0 ? 0.5f : (i == 7 ? 3.0e38f : 0.5f);
        double gmax = round == 0 ? 0.5 : 3.0e38;
        memcpy(before, t->param, sizeof(before));
        if (t->slot[1])
            memcpy(state, t->slot[1], sizeof(state));
        int want = round == 0 ? 0 : TPS_ERANGE;
        int verdict =
            tps__shard_trial(&sh, t, 0, g, 50, 1.0, gmax, &scratch, &scap);
        ck_assert_int_eq(verdict, want);
        ck_assert_mem_eq(t->param, before, sizeof(before));
        if (t->slot[1])
            ck_assert_mem_eq(t->slot[1], state, sizeof(state));
        ck_assert_int_eq(
            tps__shard_apply(&sh, t, 0, g, 50, 1.0, gmax, &undo, &ucap),
            verdict);
        t->version++;
    }
    free(scratch);
    free(undo);
    tps__shard_free(&sh);
}

START_TEST(test_trial) {
    trial_case("sgd", 10.0);
    trial_case("adam", 1e37);
}
END_TEST

static Suite *shard_suite(void) {
    Suite *s = suite_create("shard");
    TCase *tc = tcase_create("slices");
    tcase_add_test(tc, test_slices_10_over_7);
    tcase_add_test(tc, test_slices_fewer_elements_than_shards);
    tcase_add_test(tc, test_slices_many);
    tcase_add_test(tc, test_addresses);
    suite_add_tcase(s, tc);
    tc = tcase_create("state");
    tcase_add_test(tc, test_declare);
    tcase_add_test(tc, test_dc_memory);
    tcase_add_test(tc, test_init_independent_of_sharding);
    tcase_add_test(tc, test_first_nonfinite);
    tcase_add_test(tc, test_max_abs_bits);
    tcase_add_test(tc, test_apply_sgd_bound);
    tcase_add_test(tc, test_trial);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(shard_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
