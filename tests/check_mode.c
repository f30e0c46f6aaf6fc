/* SPDX-License-Identifier: MIT */
/* Unit tests of the table of consistency modes: one row per name, find()
 * returns the row whose name it was given and nothing for other names,
 * the option parser accepts exactly the names the choices string lists,
 * and each mode's row says what docs/design.md §3 says the mode does. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tps_mode.h"
#include "tps_opt.h"

START_TEST(test_rows_unique) {
    size_t n = 0;
    for (const tps__mode_row_t *a; (a = tps__mode_at(n)) != NULL; n++) {
        ck_assert_ptr_nonnull(a->name);
        ck_assert_msg(a->name[0] != '\0' && strchr(a->name, '|') == NULL,
                      "row %zu: a name must be a non-empty choice", n);
        ck_assert_msg(a->help != NULL && a->help[0] != '\0' &&
                          strchr(a->help, '\n') == NULL &&
                          strchr(a->help, ';') == NULL,
                      "mode %s: help must be one line", a->name);
        for (size_t j = 0; j < n; j++) {
            const tps__mode_row_t *b = tps__mode_at(j);
            ck_assert_str_ne(a->name, b->name);
            /* Two rows that do the same are one mode under two names. */
            ck_assert_msg(a->barrier != b->barrier ||
                              a->gates_pulls != b->gates_pulls ||
                              a->local_steps != b->local_steps ||
                              a->rejoin_highest != b->rejoin_highest ||
                              a->strict_order != b->strict_order ||
                              a->drops_stale != b->drops_stale,
                          "modes %s and %s do the same", a->name, b->name);
        }
    }
    ck_assert_int_eq(n, 4);
}
END_TEST

START_TEST(test_find_round_trips) {
    for (size_t i = 0; tps__mode_at(i) != NULL; i++) {
        const tps__mode_row_t *m = tps__mode_at(i);
        ck_assert_ptr_eq(tps__mode_find(m->name), m);
    }
    const tps__mode_row_t *d = tps__mode_default();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_eq(tps__mode_find(d->name), d);
    ck_assert_str_eq(d->name, "async");
}
END_TEST

START_TEST(test_unknown_refused) {
    ck_assert_ptr_null(tps__mode_find("bsp"));
    ck_assert_ptr_null(tps__mode_find(""));
    ck_assert_ptr_null(tps__mode_find(NULL));
    ck_assert_ptr_null(tps__mode_find("SYNC"));
    ck_assert_ptr_null(tps__mode_find("sync "));
    ck_assert_ptr_null(tps__mode_find("sync|ssp"));
}
END_TEST

START_TEST(test_choices) {
    ck_assert_str_eq(tps__mode_choices(), "sync|ssp|async|local");
    /* Built once: the same string every time. */
    ck_assert_ptr_eq(tps__mode_choices(), tps__mode_choices());
    const char *help = tps__mode_help();
    for (size_t i = 0; tps__mode_at(i) != NULL; i++) {
        const tps__mode_row_t *m = tps__mode_at(i);
        char entry[512];
        snprintf(entry, sizeof(entry), "%s: %s", m->name, m->help);
        ck_assert_msg(strstr(help, entry) != NULL, "help lacks \"%s\"", entry);
    }
}
END_TEST

static int parse_mode(const char *value, const char **mode) {
    const tps__opt_t opts[] = {
        {"mode", TPS_OPT_CHOICE, mode, tps__mode_default()->name, 0, -1,
         tps__mode_choices(), NULL, tps__mode_help()},
        TPS_OPT_END,
    };
    char *argv[] = {"check_mode", "--mode", (char *)value, NULL};
    int rc = tps__opt_parse(opts, "check_mode", "usage", 3, argv);
    tps__opt_free(opts);
    return rc;
}

START_TEST(test_option_takes_the_choices) {
    const char *mode = NULL;
    for (size_t i = 0; tps__mode_at(i) != NULL; i++) {
        ck_assert_int_eq(parse_mode(tps__mode_at(i)->name, &mode), 3);
        ck_assert_ptr_eq(tps__mode_find(mode), tps__mode_at(i));
    }
    ck_assert_int_eq(parse_mode("bsp", &mode), TPS_OPT_EXIT_ERR);
}
END_TEST

/* What the server, the client and the worker branch on. */
START_TEST(test_what_each_does) {
    const tps__mode_row_t *sync = tps__mode_find("sync");
    const tps__mode_row_t *ssp = tps__mode_find("ssp");
    const tps__mode_row_t *async = tps__mode_find("async");
    const tps__mode_row_t *local = tps__mode_find("local");
    ck_assert(tps__mode_aggregates(sync, 0) && tps__mode_aggregates(sync, 1));
    ck_assert(!tps__mode_aggregates(ssp, 1) && !tps__mode_aggregates(async, 1));
    ck_assert(tps__mode_aggregates(local, 1));
    ck_assert(!tps__mode_aggregates(local, 0));
    ck_assert(ssp->gates_pulls && !sync->gates_pulls && !async->gates_pulls &&
              !local->gates_pulls);
    ck_assert(ssp->rejoin_highest && !sync->rejoin_highest &&
              !async->rejoin_highest && !local->rejoin_highest);
    ck_assert(local->local_steps && !sync->local_steps && !ssp->local_steps &&
              !async->local_steps);
    ck_assert(sync->strict_order && local->strict_order &&
              !ssp->strict_order && !async->strict_order);
    ck_assert(async->drops_stale && local->drops_stale && !sync->drops_stale &&
              !ssp->drops_stale);
}
END_TEST

static Suite *mode_suite(void) {
    Suite *s = suite_create("mode");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_rows_unique);
    tcase_add_test(tc, test_find_round_trips);
    tcase_add_test(tc, test_unknown_refused);
    tcase_add_test(tc, test_choices);
    tcase_add_test(tc, test_option_takes_the_choices);
    tcase_add_test(tc, test_what_each_does);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(mode_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
