/* SPDX-License-Identifier: MIT */
/* Unit tests of the dense re-cut of taups-ctl reshard (tools/reshard.c):
 * for every S and S' in 1..5, a tensor cut into S slices and re-cut into
 * S' gives each new shard exactly its elements under the slice rule, as
 * computed here by handing out the remainder one element at a time, and
 * writes nothing past its slice. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tools/reshard.h"

#define MAXS 5
#define GUARD 4
#define SENTINEL -7.0f

/* Shard s's first element among `shards`, for n elements: the first
 * n mod shards shards take one element more (a reference written without
 * the library's formula). */
static uint64_t ref_lo(uint64_t n, uint32_t shards, uint32_t s) {
    uint64_t lo = 0;
    for (uint32_t k = 0; k < s; k++)
        lo += n / shards + (k < n % shards ? 1 : 0);
    return lo;
}

static float value(uint64_t i) {
    return (float)i + 0.25f;
}

static void recut_all(uint64_t n) {
    for (uint32_t S = 1; S <= MAXS; S++)
        for (uint32_t S2 = 1; S2 <= MAXS; S2++) {
            float *from[MAXS];
            for (uint32_t s = 0; s < S; s++) {
                uint64_t lo = ref_lo(n, S, s), hi = ref_lo(n, S, s + 1);
                from[s] = malloc((hi - lo + 1) * sizeof(float));
                for (uint64_t i = lo; i < hi; i++)
                    from[s][i - lo] = value(i);
            }
            uint64_t covered = 0;
            for (uint32_t j = 0; j < S2; j++) {
                uint64_t lo = ref_lo(n, S2, j), hi = ref_lo(n, S2, j + 1);
                float out[64];
                for (int k = 0; k < 64; k++)
                    out[k] = SENTINEL;
                tps__reshard_recut(n, S, (const float *const *)from, S2, j,
                                   out);
                for (uint64_t i = lo; i < hi; i++)
                    ck_assert_msg(out[i - lo] == value(i),
                                  "n %llu, %u -> %u shards, shard %u, "
                                  "element %llu",
                                  (unsigned long long)n, S, S2, j,
                                  (unsigned long long)i);
                for (uint64_t k = hi - lo; k < hi - lo + GUARD; k++)
                    ck_assert(out[k] == SENTINEL);
                covered += hi - lo;
            }
            ck_assert_uint_eq(covered, n);
            for (uint32_t s = 0; s < S; s++)
                free(from[s]);
        }
}

START_TEST(test_recut_13) {
    recut_all(13);
}
END_TEST

/* Fewer elements than shards: some slices are empty on either side. */
START_TEST(test_recut_short) {
    recut_all(3);
    recut_all(1);
}
END_TEST

/* The reference agrees with the rule the docs state,
 * lo(s) = s*floor(n/S) + min(s, n mod S). */
START_TEST(test_reference_is_the_rule) {
    for (uint64_t n = 0; n < 20; n++)
        for (uint32_t S = 1; S <= MAXS; S++)
            for (uint32_t s = 0; s <= S; s++) {
                uint64_t r = n % S, m = s < r ? s : r;
                ck_assert_uint_eq(ref_lo(n, S, s), s * (n / S) + m);
            }
}
END_TEST

static Suite *reshard_suite(void) {
    Suite *s = suite_create("reshard");
    TCase *tc = tcase_create("recut");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_recut_13);
    tcase_add_test(tc, test_recut_short);
    tcase_add_test(tc, test_reference_is_the_rule);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(reshard_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
