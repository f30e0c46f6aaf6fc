/* SPDX-License-Identifier: MIT */
/* Unit tests of the option table's config-file reader: what an operator
 * writes in a systemd EnvironmentFile (quotes, export, trailing comments,
 * TAUPS_ names) means what it says, several --config files apply in order,
 * and the command line wins over all of them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tps_opt.h"

static const char *cluster, *mode, *note;
static int workers;
static double lr;

static const tps_opt_t opts[] = {
    {"cluster", TPS_OPT_STR, &cluster, NULL, 0, -1, NULL, NULL, "shards"},
    {"mode", TPS_OPT_CHOICE, &mode, "async", 0, -1, "sync|ssp|async", NULL,
     "mode"},
    {"note", TPS_OPT_STR, &note, NULL, 0, -1, NULL, NULL, "free text"},
    {"workers", TPS_OPT_INT, &workers, "1", 1, 64, NULL, NULL, "workers"},
    {"lr", TPS_OPT_DOUBLE, &lr, "0.05", 0, 1e3, NULL, NULL, "lr"},
    TPS_OPT_END};

/* Writes text to a new temporary file and returns its path (static). */
static const char *file_with(const char *text, int which) {
    static char path[2][64];
    snprintf(path[which], sizeof(path[which]), "/tmp/check_opt_%d_%d.conf",
             (int)getpid(), which);
    FILE *f = fopen(path[which], "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path[which];
}

static int parse(int argc, const char **argv) {
    return tps_opt_parse(opts, "check_opt", "usage", argc, (char **)argv);
}

START_TEST(test_environment_file_syntax) {
    const char *a = file_with(
        "# the cluster\n"
        "export TAUPS_CLUSTER=\"10.0.0.1:7000,10.0.0.2:7000\"   # two shards\n"
        "  mode = 'sync'\n"
        "TAUPS_NOTE=\"say \\\"hi\\\" # not a comment\"\n"
        "workers=4 # four\n"
        "lr=0.5#no-space-is-not-a-comment\n",
        0);
    const char *argv[] = {"x", "--config", a};
    /* "0.5#..." is not a number: the value is the whole word. */
    ck_assert_int_eq(parse(3, argv), TPS_OPT_EXIT_ERR);
    a = file_with("export TAUPS_CLUSTER=\"10.0.0.1:7000,10.0.0.2:7000\"   # two\n"
                  "  mode = 'sync'\n"
                  "TAUPS_NOTE=\"say \\\"hi\\\" # not a comment\"\n"
                  "workers=4 # four\n",
                  0);
    ck_assert_int_eq(parse(3, argv), 3);
    ck_assert_str_eq(cluster, "10.0.0.1:7000,10.0.0.2:7000");
    ck_assert_str_eq(mode, "sync");
    ck_assert_str_eq(note, "say \"hi\" # not a comment");
    ck_assert_int_eq(workers, 4);
    tps_opt_free(opts);
}
END_TEST

START_TEST(test_later_files_and_command_line_win) {
    const char *a = file_with("workers=4\nlr=0.1\nmode=ssp\n", 0);
    const char *b = file_with("workers=8\n", 1);
    const char *argv[] = {"x", "--config", a, "--config=", "--lr", "0.3"};
    char both[80];
    snprintf(both, sizeof(both), "--config=%s", b);
    argv[3] = both;
    ck_assert_int_eq(parse(6, argv), 6);
    ck_assert_int_eq(workers, 8);         /* the later file */
    ck_assert_double_eq(lr, 0.3);         /* the command line */
    ck_assert_str_eq(mode, "ssp");        /* the first file, unopposed */
    tps_opt_free(opts);
}
END_TEST

/* One file for every program: a key qualified with another program's name
 * is skipped, one qualified with this program's name applies. */
START_TEST(test_qualified_keys) {
    const char *argv[] = {"x", "--config", NULL};
    argv[2] = file_with("TAUPS_SERVER_LR=0.7\nworker-model=lsq\n"
                        "TAUPS_OPT_WORKERS=5\ncheck-opt-note=mine\n",
                        0);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-opt", "usage", 3,
                                   (char **)argv),
                     TPS_OPT_EXIT_ERR); /* "opt" is not a program's name */
    argv[2] = file_with("TAUPS_SERVER_LR=0.7\nworker-model=lsq\n", 0);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 3, (char **)argv),
                     3);
    ck_assert_double_eq(lr, 0.05); /* the server's, not ctl's */
    argv[2] = file_with("TAUPS_CTL_LR=0.7\nserver-lr=9\n", 0);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 3, (char **)argv),
                     3);
    ck_assert_double_eq(lr, 0.7);
    tps_opt_free(opts);
}
END_TEST

START_TEST(test_bad_lines_are_named) {
    const char *argv[] = {"x", "--config", NULL};
    argv[2] = file_with("note=\"never closed\n", 0);
    ck_assert_int_eq(parse(3, argv), TPS_OPT_EXIT_ERR);
    argv[2] = file_with("note=\"closed\" and more\n", 0);
    ck_assert_int_eq(parse(3, argv), TPS_OPT_EXIT_ERR);
    argv[2] = file_with("TAUPS_NO_SUCH=1\n", 0);
    ck_assert_int_eq(parse(3, argv), TPS_OPT_EXIT_ERR);
    tps_opt_free(opts);
}
END_TEST

/* TAUPS_<OPTION> variables: above the defaults, below config files and
 * the command line; the program's own spelling wins over the shared one
 * whatever their order in the environment; variables that are no option
 * of this program are not refused; bad values are. (Check forks each
 * test, so the environment set here is this test's alone.) */
START_TEST(test_environment) {
    setenv("TAUPS_LR", "0.2", 1);
    setenv("TAUPS_BUILDDIR", "/nowhere", 1); /* not an option: ignored */
    setenv("TAUPS_SERVER_WORKERS", "9", 1);  /* another program's */
    const char *none[] = {"x"};
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.2);
    ck_assert_int_eq(workers, 1);
    const char *argv[] = {"x", "--config", NULL, "--workers", "3"};
    argv[2] = file_with("lr=0.3\nworkers=2\n", 0);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 3,
                                   (char **)argv), 3);
    ck_assert_double_eq(lr, 0.3); /* the file over the environment */
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 5,
                                   (char **)argv), 5);
    ck_assert_int_eq(workers, 3); /* the command line over the file */
    setenv("TAUPS_CTL_LR", "0.7", 1);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.7);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-server", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.2);
    ck_assert_int_eq(workers, 9);
    setenv("TAUPS_WORKERS", "many", 1);
    ck_assert_int_eq(tps_opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), TPS_OPT_EXIT_ERR);
    tps_opt_free(opts);
}
END_TEST

static Suite *opt_suite(void) {
    Suite *s = suite_create("opt");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, test_environment_file_syntax);
    tcase_add_test(tc, test_later_files_and_command_line_win);
    tcase_add_test(tc, test_qualified_keys);
    tcase_add_test(tc, test_bad_lines_are_named);
    tcase_add_test(tc, test_environment);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(opt_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    for (int k = 0; k < 2; k++) {
        char path[64];
        snprintf(path, sizeof(path), "/tmp/check_opt_%d_%d.conf", (int)getpid(), k);
        unlink(path);
    }
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
