/* SPDX-License-Identifier: MIT */
/* Unit tests of the option table's config-file reader: what an operator
 * writes in a systemd EnvironmentFile (quotes, export, trailing comments,
 * TAUPS_ names) means what it says, several --config files apply in order,
 * and the command line wins over all of them. Flags take exactly the usual
 * spellings of on and off wherever their value comes from, an empty
 * variable is unset, whole numbers are decimal, and a refusal says where
 * the value came from. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tps_opt.h"

static const char *cluster, *mode, *note;
static int workers, insecure;
static double lr;
static uint64_t seed;

static const tps__opt_t opts[] = {
    {"cluster", TPS_OPT_STR, &cluster, NULL, 0, -1, NULL, NULL, "shards"},
    {"mode", TPS_OPT_CHOICE, &mode, "async", 0, -1, "sync|ssp|async", NULL,
     "mode"},
    {"note", TPS_OPT_STR, &note, NULL, 0, -1, NULL, NULL, "free text"},
    {"workers", TPS_OPT_INT, &workers, "1", 1, 64, NULL, NULL, "workers"},
    {"lr", TPS_OPT_DOUBLE, &lr, "0.05", 0, 1e3, NULL, NULL, "lr"},
    {"insecure", TPS_OPT_FLAG, &insecure, NULL, 0, 0, NULL, NULL, "flag"},
    {"seed", TPS_OPT_U64, &seed, "1", 0, -1, NULL, NULL, "seed"},
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
    return tps__opt_parse(opts, "check_opt", "usage", argc, (char **)argv);
}

/* parse() with what it writes to stderr in `msg` (static). */
static int parse_said(int argc, const char **argv, const char **msg) {
    static char text[1024];
    char path[64];
    snprintf(path, sizeof(path), "/tmp/check_opt_%d_err", (int)getpid());
    fflush(stderr);
    int saved = dup(2);
    FILE *f = fopen(path, "w+");
    ck_assert_ptr_nonnull(f);
    dup2(fileno(f), 2);
    int rc = parse(argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(f);
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(path);
    *msg = text;
    return rc;
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
    a = file_with(
        "export TAUPS_CLUSTER=\"10.0.0.1:7000,10.0.0.2:7000\"   # two\n"
        "  mode = 'sync'\n"
        "TAUPS_NOTE=\"say \\\"hi\\\" # not a comment\"\n"
        "workers=4 # four\n",
        0);
    ck_assert_int_eq(parse(3, argv), 3);
    ck_assert_str_eq(cluster, "10.0.0.1:7000,10.0.0.2:7000");
    ck_assert_str_eq(mode, "sync");
    ck_assert_str_eq(note, "say \"hi\" # not a comment");
    ck_assert_int_eq(workers, 4);
    tps__opt_free(opts);
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
    tps__opt_free(opts);
}
END_TEST

/* One file for every program: a key qualified with another program's name
 * is skipped, one qualified with this program's name applies. */
START_TEST(test_qualified_keys) {
    const char *argv[] = {"x", "--config", NULL};
    argv[2] = file_with("TAUPS_SERVER_LR=0.7\nworker-model=lsq\n"
                        "TAUPS_OPT_WORKERS=5\ncheck-opt-note=mine\n",
                        0);
    ck_assert_int_eq(tps__opt_parse(opts, "taups-opt", "usage", 3,
                                   (char **)argv),
                     TPS_OPT_EXIT_ERR); /* "opt" is not a program's name */
    argv[2] = file_with("TAUPS_SERVER_LR=0.7\nworker-model=lsq\n", 0);
    ck_assert_int_eq(
        tps__opt_parse(opts, "taups-ctl", "usage", 3, (char **)argv), 3);
    ck_assert_double_eq(lr, 0.05); /* the server's, not ctl's */
    argv[2] = file_with("TAUPS_CTL_LR=0.7\nserver-lr=9\n", 0);
    ck_assert_int_eq(
        tps__opt_parse(opts, "taups-ctl", "usage", 3, (char **)argv), 3);
    ck_assert_double_eq(lr, 0.7);
    tps__opt_free(opts);
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
    tps__opt_free(opts);
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
    ck_assert_int_eq(tps__opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.2);
    ck_assert_int_eq(workers, 1);
    const char *argv[] = {"x", "--config", NULL, "--workers", "3"};
    argv[2] = file_with("lr=0.3\nworkers=2\n", 0);
    ck_assert_int_eq(tps__opt_parse(opts, "taups-ctl", "usage", 3,
                                   (char **)argv), 3);
    ck_assert_double_eq(lr, 0.3); /* the file over the environment */
    ck_assert_int_eq(tps__opt_parse(opts, "taups-ctl", "usage", 5,
                                   (char **)argv), 5);
    ck_assert_int_eq(workers, 3); /* the command line over the file */
    setenv("TAUPS_CTL_LR", "0.7", 1);
    ck_assert_int_eq(tps__opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.7);
    ck_assert_int_eq(tps__opt_parse(opts, "taups-server", "usage", 1,
                                   (char **)none), 1);
    ck_assert_double_eq(lr, 0.2);
    ck_assert_int_eq(workers, 9);
    setenv("TAUPS_WORKERS", "many", 1);
    ck_assert_int_eq(tps__opt_parse(opts, "taups-ctl", "usage", 1,
                                   (char **)none), TPS_OPT_EXIT_ERR);
    tps__opt_free(opts);
}
END_TEST

/* Every spelling of on and off, from each source; never the opposite. */
START_TEST(test_flag_spellings) {
    static const char *const on[] = {"1", "yes", "true", "on", "ON", "Yes"};
    static const char *const off[] = {"0", "no", "false", "off", "OFF", "No"};
    for (int want = 0; want < 2; want++)
        for (int k = 0; k < 6; k++) {
            const char *v = want ? on[k] : off[k];
            char arg[32], text[32];
            snprintf(arg, sizeof(arg), "--insecure=%s", v);
            const char *argv[] = {"x", arg};
            ck_assert_int_eq(parse(2, argv), 2);
            ck_assert_msg(insecure == want, "%s: %d", arg, insecure);
            snprintf(text, sizeof(text), "insecure = %s\n", v);
            const char *file[] = {"x", "--config", file_with(text, 0)};
            ck_assert_int_eq(parse(3, file), 3);
            ck_assert_msg(insecure == want, "file %s: %d", v, insecure);
            setenv("TAUPS_INSECURE", v, 1);
            ck_assert_int_eq(parse(1, argv), 1);
            ck_assert_msg(insecure == want, "TAUPS_INSECURE=%s: %d", v,
                          insecure);
            /* The command line over the variable, both ways. */
            const char *over[] = {"x", want ? "--insecure=off" : "--insecure"};
            ck_assert_int_eq(parse(2, over), 2);
            ck_assert_int_eq(insecure, !want);
            unsetenv("TAUPS_INSECURE");
        }
    /* Bare: on. Absent: off. */
    ck_assert_int_eq(parse(2, (const char *[]){"x", "--insecure"}), 2);
    ck_assert_int_eq(insecure, 1);
    ck_assert_int_eq(parse(1, (const char *[]){"x"}), 1);
    ck_assert_int_eq(insecure, 0);
    /* A bare flag takes no value from the next argument: an operand
     * that spells one is refused, any other is the program's. */
    const char *msg;
    const char *sep[] = {"x", "--insecure", "off"};
    ck_assert_int_eq(parse_said(3, sep, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_str_eq(msg, "check_opt: --insecure takes no separate value: "
                          "write --insecure=off\n");
    ck_assert_int_eq(parse(3, (const char *[]){"x", "--insecure", "stats"}), 2);
    ck_assert_int_eq(insecure, 1);
    ck_assert_int_eq(parse(3, (const char *[]){"x", "--", "off"}), 2);
    tps__opt_free(opts);
}
END_TEST

/* Anything else is refused with the option, the value, the spellings and
 * where it came from. */
START_TEST(test_flag_refusals) {
    const char *msg;
    const char *cmd[] = {"x", "--insecure=maybe"};
    ck_assert_int_eq(parse_said(2, cmd, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_str_eq(msg, "check_opt: --insecure: \"maybe\" is neither on "
                          "nor off; write one of 1/0, yes/no, true/false, "
                          "on/off (on the command line)\n");
    const char *empty[] = {"x", "--insecure="};
    ck_assert_int_eq(parse_said(2, empty, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_msg(strstr(msg, "\"\" is neither on nor off") != NULL, "%s", msg);
    const char *file[] = {"x", "--config",
                          file_with("lr=0.1\ninsecure = 2\n", 0)};
    ck_assert_int_eq(parse_said(3, file, &msg), TPS_OPT_EXIT_ERR);
    char want[256];
    snprintf(want, sizeof(want),
             "\"2\" is neither on nor off; write one "
             "of 1/0, yes/no, true/false, on/off (in config file %s:2)\n",
             file[2]);
    ck_assert_msg(strstr(msg, want) != NULL, "%s", msg);
    file[2] = file_with("insecure =\n", 0);
    ck_assert_int_eq(parse_said(3, file, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_msg(strstr(msg, "--insecure: \"\" is neither") != NULL, "%s",
                  msg);
    setenv("TAUPS_INSECURE", "y", 1);
    ck_assert_int_eq(parse_said(1, cmd, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_msg(strstr(msg,
                         "--insecure: \"y\" is neither on nor off; "
                         "write one of 1/0, yes/no, true/false, on/off "
                         "(in environment variable TAUPS_INSECURE)\n") != NULL,
                  "%s", msg);
    tps__opt_free(opts);
}
END_TEST

/* An empty variable is unset, for every kind of option: it neither turns
 * a flag on nor blanks a value nor fails a number. */
START_TEST(test_empty_variable_is_unset) {
    setenv("TAUPS_INSECURE", "", 1);
    setenv("TAUPS_WORKERS", "", 1);
    setenv("TAUPS_CLUSTER", "", 1);
    setenv("TAUPS_MODE", "", 1);
    setenv("TAUPS_CHECK_OPT_LR", "", 1);
    setenv("TAUPS_LR", "0.25", 1);
    const char *none[] = {"x"};
    ck_assert_int_eq(parse(1, none), 1);
    ck_assert_int_eq(insecure, 0);
    ck_assert_int_eq(workers, 1);
    ck_assert_ptr_null(cluster);
    ck_assert_str_eq(mode, "async");
    ck_assert_double_eq(lr, 0.25); /* the shared one, not an empty own */
    tps__opt_free(opts);
}
END_TEST

/* Whole numbers are decimal wherever they come from: "010" is ten. */
START_TEST(test_decimal_numbers) {
    const char *argv[] = {"x", "--workers", "010", "--seed", "0010"};
    ck_assert_int_eq(parse(5, argv), 5);
    ck_assert_int_eq(workers, 10);
    ck_assert_uint_eq(seed, 10);
    const char *file[] = {"x", "--config", file_with("workers = 012\n", 0)};
    ck_assert_int_eq(parse(3, file), 3);
    ck_assert_int_eq(workers, 12);
    setenv("TAUPS_WORKERS", "011", 1);
    ck_assert_int_eq(parse(1, file), 1);
    ck_assert_int_eq(workers, 11);
    unsetenv("TAUPS_WORKERS");
    const char *msg;
    const char *hex[] = {"x", "--workers", "0x10"};
    ck_assert_int_eq(parse_said(3, hex, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_str_eq(msg, "check_opt: --workers: \"0x10\" is not a whole "
                          "number (on the command line)\n");
    const char *neg[] = {"x", "--seed=-3"};
    ck_assert_int_eq(parse_said(2, neg, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_msg(strstr(msg, "must not be negative") != NULL, "%s", msg);
    tps__opt_free(opts);
}
END_TEST

/* --config needs its FILE; it is read wherever it stands among the
 * options, but an option's value that looks like it is not one. */
START_TEST(test_config_needs_a_value) {
    const char *msg;
    const char *last[] = {"x", "--workers", "3", "--config"};
    ck_assert_int_eq(parse_said(4, last, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_str_eq(msg, "check_opt: --config needs a value (FILE)\n");
    const char *empty[] = {"x", "--config="};
    ck_assert_int_eq(parse_said(2, empty, &msg), TPS_OPT_EXIT_ERR);
    ck_assert_str_eq(msg, "check_opt: --config needs a value (FILE)\n");
    const char *later[] = {"x", "--workers", "3", "--config",
                           file_with("workers=5\nlr=0.5\n", 0)};
    ck_assert_int_eq(parse(5, later), 5);
    ck_assert_int_eq(workers, 3);
    ck_assert_double_eq(lr, 0.5);
    /* "--config" as the value of --note is a note, not a file to read. */
    const char *value[] = {"x", "--note", "--config", "--workers", "4"};
    ck_assert_int_eq(parse(5, value), 5);
    ck_assert_str_eq(note, "--config");
    ck_assert_int_eq(workers, 4);
    tps__opt_free(opts);
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
    tcase_add_test(tc, test_flag_spellings);
    tcase_add_test(tc, test_flag_refusals);
    tcase_add_test(tc, test_empty_variable_is_unset);
    tcase_add_test(tc, test_decimal_numbers);
    tcase_add_test(tc, test_config_needs_a_value);
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
        snprintf(path, sizeof(path), "/tmp/check_opt_%d_%d.conf", (int)getpid(),
                 k);
        unlink(path);
    }
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
