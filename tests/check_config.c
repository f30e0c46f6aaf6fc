/* SPDX-License-Identifier: MIT */
/* Unit tests of the comparison of two shards' fate-deciding settings
 * (common/tps_config.c): equal strings are equal whatever the order of
 * their keys, and the sentence names the first key of the first string
 * that differs, with both shards and both values. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tps_config.h"

START_TEST(test_equal) {
    char out[200] = "x";
    ck_assert_int_eq(tps__config_diff("mode=async max-staleness=3", 0,
                                      "mode=async max-staleness=3", 1, out,
                                      sizeof(out)),
                     0);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(
        tps__config_diff("a=1 b=2", 0, "b=2 a=1", 1, out, sizeof(out)), 0);
    ck_assert_int_eq(tps__config_diff(NULL, 0, "", 1, out, sizeof(out)), 0);
}
END_TEST

START_TEST(test_first_difference_named) {
    char out[200];
    ck_assert_int_eq(tps__config_diff("mode=async max-staleness=5 lr=0.1", 1,
                                      "mode=async max-staleness=3 lr=0.2", 0,
                                      out, sizeof(out)),
                     1);
    ck_assert_str_eq(out, "shard 1 has --max-staleness 5, shard 0 has 3");
    /* A value that is a prefix of the other's still differs. */
    ck_assert_int_eq(
        tps__config_diff("lr=0.1", 0, "lr=0.15", 2, out, sizeof(out)), 1);
    ck_assert_str_eq(out, "shard 0 has --lr 0.1, shard 2 has 0.15");
}
END_TEST

START_TEST(test_missing_key) {
    char out[200];
    ck_assert_int_eq(
        tps__config_diff("a=1 clip-norm=0", 0, "a=1", 1, out, sizeof(out)), 1);
    ck_assert_str_eq(out, "shard 0 has --clip-norm 0, shard 1 has (none)");
    ck_assert_int_eq(
        tps__config_diff("a=1", 0, "a=1 warmup=4", 1, out, sizeof(out)), 1);
    ck_assert_str_eq(out, "shard 0 has --warmup (none), shard 1 has 4");
}
END_TEST

static Suite *config_suite(void) {
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("diff");
    tcase_add_test(tc, test_equal);
    tcase_add_test(tc, test_first_difference_named);
    tcase_add_test(tc, test_missing_key);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(config_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
