/* SPDX-License-Identifier: MIT */
/* Unit tests of the .npy reader (worker/data/data_npy.c) and of lsq trained
 * from NumPy files (worker/models/model_lsq.c, --data
 * A.npy,b.npy[,xstar.npy]). The files are written here byte by byte as the
 * format describes them, and the references are worked out by hand: the
 * least-squares solution of a 3 x 2 system, and the gradient of one worker's
 * block of rows. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "worker/data/data_npy.h"
#include "worker/models/model.h"

/* ---- writing .npy files -------------------------------------------------- */

/* A file of version major.minor whose header is the dict literal `dict`,
 * padded with spaces and a newline so the data starts at a multiple of 64
 * bytes, followed by len bytes of data. */
static void write_npy_raw(const char *path, int major, int minor,
                          const char *dict, const void *data, size_t len) {
    size_t lenbytes = major == 1 ? 2 : 4, pre = 8 + lenbytes;
    size_t hlen = (pre + strlen(dict) + 1 + 63) / 64 * 64 - pre;
    unsigned char *buf = calloc(1, pre + hlen + len);
    ck_assert_ptr_nonnull(buf);
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = (unsigned char)minor;
    for (size_t i = 0; i < lenbytes; i++)
        buf[8 + i] = (unsigned char)(hlen >> (8 * i));
    memset(buf + pre, ' ', hlen);
    memcpy(buf + pre, dict, strlen(dict));
    buf[pre + hlen - 1] = '\n';
    if (len)
        memcpy(buf + pre + hlen, data, len);
    write_raw(path, buf, pre + hlen + len);
    free(buf);
}

/* The values as little-endian float32 ('<f4', word 4) or float64 ('<f8',
 * word 8), spelled out byte by byte; the caller frees the result. */
static unsigned char *le_values(const double *v, size_t n, int word) {
    unsigned char *out = malloc(n * (size_t)word + 1);
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; i++) {
        uint64_t bits;
        if (word == 4) {
            float f = (float)v[i];
            uint32_t b32;
            memcpy(&b32, &f, 4);
            bits = b32;
        } else {
            memcpy(&bits, &v[i], 8);
        }
        for (int k = 0; k < word; k++)
            out[i * (size_t)word + (size_t)k] =
                (unsigned char)(bits >> (8 * k));
    }
    return out;
}

/* A version 1.0 file of the n values v in the given dtype and shape text
 * (e.g. "(3, 2)"). */
static void write_npy(const char *path, const char *descr, const char *shape,
                      const double *v, size_t n) {
    int word = strcmp(descr, "<f4") == 0 ? 4 : 8;
    char dict[200];
    snprintf(dict, sizeof(dict),
             "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr,
             shape);
    unsigned char *data = le_values(v, n, word);
    write_npy_raw(path, 1, 0, dict, data, n * (size_t)word);
    free(data);
}

/* Opens path and expects failure rc with a message holding each of the
 * NULL-terminated `says`. */
static void expect_open_error(const char *path, int rc, const char *const *says,
                              const char *label) {
    tps__npy_t npy;
    char err[512] = "";
    ck_assert_msg(tps__npy_open(path, &npy, err, sizeof(err)) == rc,
                  "%s: expected %d, message \"%s\"", label, rc, err);
    ck_assert_msg(strstr(err, path) != NULL, "%s: \"%s\" lacks the path",
                  label, err);
    for (; *says; says++)
        ck_assert_msg(strstr(err, *says) != NULL, "%s: \"%s\" lacks \"%s\"",
                      label, err, *says);
}

/* ---- the reader -----------------------------------------------------------
 */

static const double six[6] = {1.5, -2.25, 3.0, 0.125, -1e-3, 65504.0};

START_TEST(test_npy_float32_float64) {
    tmpdir_t t;
    tmp_init(&t);
    const char *descr[2] = {"<f4", "<f8"};
    for (int k = 0; k < 2; k++) {
        const char *path = tmp_path(&t, k ? "a8.npy" : "a4.npy");
        write_npy(path, descr[k], "(3, 2)", six, 6);
        tps__npy_t npy;
        char err[256] = "";
        ck_assert_msg(tps__npy_open(path, &npy, err, sizeof(err)) == 0, "%s",
                      err);
        ck_assert_int_eq(npy.ndim, 2);
        ck_assert_uint_eq(npy.shape[0], 3);
        ck_assert_uint_eq(npy.shape[1], 2);
        ck_assert_uint_eq(npy.count, 6);
        ck_assert_int_eq(npy.word, k ? 8 : 4);
        ck_assert_uint_eq(npy.offset % 64, 0);
        float out[6];
        ck_assert_int_eq(tps__npy_read(path, &npy, 0, 6, out, err, sizeof(err)),
                         0);
        for (int i = 0; i < 6; i++)
            ck_assert_float_eq(out[i], (float)six[i]);
        /* A range: the second row only. */
        float row[2] = {0, 0};
        ck_assert_int_eq(tps__npy_read(path, &npy, 2, 2, row, err, sizeof(err)),
                         0);
        ck_assert_float_eq(row[0], 3.0f);
        ck_assert_float_eq(row[1], 0.125f);
        ck_assert_int_eq(tps__npy_read(path, &npy, 5, 2, row, err, sizeof(err)),
                         TPS_EINVAL);
        char shape[32];
        ck_assert_str_eq(tps__npy_shape(&npy, shape, sizeof(shape)), "(3, 2)");
    }
    /* float64 is rounded to the nearest float32. */
    const char *path = tmp_path(&t, "third.npy");
    double third = 1.0 / 3.0;
    write_npy(path, "<f8", "(1,)", &third, 1);
    tps__npy_t npy;
    char err[256] = "";
    float out;
    ck_assert_int_eq(tps__npy_open(path, &npy, err, sizeof(err)), 0);
    ck_assert_int_eq(tps__npy_read(path, &npy, 0, 1, &out, err, sizeof(err)),
                     0);
    ck_assert_float_eq(out, (float)third);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_npy_versions) {
    tmpdir_t t;
    tmp_init(&t);
    unsigned char *data = le_values(six, 6, 8);
    for (int major = 2; major <= 3; major++) {
        const char *path = tmp_path(&t, major == 2 ? "v2.npy" : "v3.npy");
        /* Double quotes and no trailing comma are Python too. */
        write_npy_raw(path, major, 0,
                      "{\"descr\": \"<f8\", \"fortran_order\": False, "
                      "\"shape\": (6,)}",
                      data, 48);
        tps__npy_t npy;
        char err[256] = "";
        ck_assert_msg(tps__npy_open(path, &npy, err, sizeof(err)) == 0, "%s",
                      err);
        ck_assert_int_eq(npy.ndim, 1);
        ck_assert_uint_eq(npy.shape[0], 6);
        ck_assert_uint_eq(npy.offset % 64, 0); /* 12-byte preamble */
        float out[6];
        ck_assert_int_eq(tps__npy_read(path, &npy, 0, 6, out, err, sizeof(err)),
                         0);
        ck_assert_float_eq(out[5], 65504.0f);
        char shape[32];
        ck_assert_str_eq(tps__npy_shape(&npy, shape, sizeof(shape)), "(6,)");
    }
    free(data);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_npy_bad_files) {
    tmpdir_t t;
    tmp_init(&t);
    const char *path = tmp_path(&t, "bad.npy");
    unsigned char *f8 = le_values(six, 6, 8);
    static const char ok_dict[] =
        "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }";

    write_text(path, "PK\x03\x04 this is a zip (an .npz?)");
    expect_open_error(path, TPS_EIO, (const char *[]){"bad magic", NULL},
                      "magic");
    write_npy_raw(path, 4, 0, ok_dict, f8, 48);
    expect_open_error(path, TPS_EIO,
                      (const char *[]){"unsupported", "version 4.0", NULL},
                      "version");
    write_npy_raw(path, 1, 1, ok_dict, f8, 48);
    expect_open_error(path, TPS_EIO, (const char *[]){"version 1.1", NULL},
                      "minor version");
    write_npy_raw(path, 1, 0,
                  "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 2), }",
                  f8, 48);
    expect_open_error(
        path, TPS_EIO,
        (const char *[]){"Fortran order", "np.ascontiguousarray", NULL},
        "fortran");
    const char *dtypes[] = {"<i8", ">f4", ">f8", "<f2", "|u1"};
    for (size_t i = 0; i < sizeof(dtypes) / sizeof(*dtypes); i++) {
        char dict[128], want[16];
        snprintf(dict, sizeof(dict),
                 "{'descr': '%s', 'fortran_order': False, 'shape': (6,), }",
                 dtypes[i]);
        snprintf(want, sizeof(want), "'%s'", dtypes[i]);
        write_npy_raw(path, 1, 0, dict, f8, 48);
        expect_open_error(path, TPS_EIO,
                          (const char *[]){"dtype", want, "float32", NULL},
                          dtypes[i]);
    }
    write_npy_raw(path, 1, 0, ok_dict, f8, 40);
    expect_open_error(
        path, TPS_EIO,
        (const char *[]){"truncated", "(3, 2)", "48 bytes", "found 40", NULL},
        "truncated");
    write_npy_raw(path, 1, 0, ok_dict, f8, 48);
    FILE *f = fopen(path, "ab");
    ck_assert_ptr_nonnull(f);
    fputs("junk", f);
    fclose(f);
    expect_open_error(path, TPS_EIO,
                      (const char *[]){"trailing", "found 52", NULL},
                      "trailing");
    /* Headers that are not the strict dict numpy writes. */
    static const struct {
        const char *dict, *says;
    } headers[] = {
        {"{'descr': '<f8', 'shape': (3, 2), }", "lacks 'fortran_order'"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), "
         "'extra': 1}",
         "key 'extra'"},
        {"{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, "
         "'shape': (3, 2)}",
         "'descr' twice"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (6)}",
         "not a tuple"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (-6,)}",
         "not a tuple"},
        {"{'descr': '<f8', 'fortran_order': 0, 'shape': (6,)}",
         "not True or False"},
        {"{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (6,)}",
         "structured"},
        {"{'descr': '<f8' 'fortran_order': False, 'shape': (6,)}",
         "expected ','"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (6,)} x",
         "after the closing"},
    };
    for (size_t i = 0; i < sizeof(headers) / sizeof(*headers); i++) {
        write_npy_raw(path, 1, 0, headers[i].dict, f8, 48);
        expect_open_error(path, TPS_EIO,
                          (const char *[]){headers[i].says, NULL},
                          headers[i].dict);
    }
    free(f8);
    expect_open_error(tmp_path(&t, "missing.npy"), TPS_EIO,
                      (const char *[]){"cannot open", NULL}, "missing");
    tmp_clean(&t);
}
END_TEST

START_TEST(test_npy_non_finite) {
    tmpdir_t t;
    tmp_init(&t);
    const char *path = tmp_path(&t, "nan.npy");
    static const struct {
        const char *descr;
        int at;
        double value;
        const char *says;
    } cases[] = {
        {"<f4", 3, NAN, "element [1, 1] is NaN"},
        {"<f8", 4, -INFINITY, "element [2, 0] is infinite"},
        {"<f8", 0, 1e300, "element [0, 0] is too large for float32"},
    };
    for (size_t c = 0; c < sizeof(cases) / sizeof(*cases); c++) {
        double v[6];
        memcpy(v, six, sizeof(v));
        v[cases[c].at] = cases[c].value;
        write_npy(path, cases[c].descr, "(3, 2)", v, 6);
        tps__npy_t npy;
        char err[256] = "";
        ck_assert_int_eq(tps__npy_open(path, &npy, err, sizeof(err)), 0);
        /* Reading only the first row still checks the whole file. */
        float out[2];
        ck_assert_int_eq(tps__npy_read(path, &npy, 0, 2, out, err, sizeof(err)),
                         TPS_EIO);
        ck_assert_msg(strstr(err, path) && strstr(err, cases[c].says),
                      "\"%s\" lacks \"%s\"", err, cases[c].says);
    }
    tmp_clean(&t);
}
END_TEST

/* ---- lsq from files ----------------------------------------------------- */

/* The 3 x 2 system solved by hand: A = [1 0; 0 1; 1 1], b = (1, 2, 4).
 * A'A = [2 1; 1 2], A'b = (5, 6), so x* = [2 -1; -1 2] (5, 6) / 3
 * = (4/3, 7/3); the residual A x* - b = (1/3, 1/3, -1/3) is not zero. */
static const double hand_a[6] = {1, 0, 0, 1, 1, 1};
static const double hand_b[3] = {1, 2, 4};
static const float hand_x[2] = {4.0f / 3.0f, 7.0f / 3.0f};

static tps__model_t *lsq_files(const char *data, int eval, int rank,
                              int workers) {
    tps__model_config_t cfg = {.model = "lsq",
                              .data = data,
                              .rank = rank,
                              .workers = workers,
                              .eval = eval};
    return model_or_fail(&cfg, "");
}

START_TEST(test_lsq_normal_equations) {
    tmpdir_t t;
    tmp_init(&t);
    const char *a = tmp_path(&t, "A.npy"), *b = tmp_path(&t, "b.npy");
    write_npy(a, "<f8", "(3, 2)", hand_a, 6);
    write_npy(b, "<f4", "(3,)", hand_b, 3);
    char data[700];
    snprintf(data, sizeof(data), "%s,%s", a, b);
    tps__model_t *m = lsq_files(data, 1, 0, 1);
    ck_assert_str_eq(m->metric_name, "rel_err");
    ck_assert_uint_eq(m->tensors[0].len, 2);
    ck_assert_uint_eq(m->nrows, 3);
    double loss, metric;
    const float *at[1] = {hand_x};
    ck_assert_int_eq(m->evaluate(m, at, &loss, &metric), 0);
    ck_assert_msg(metric < 1e-6, "rel_err at the hand-solved x* is %g", metric);
    ck_assert_double_eq_tol(loss, (3.0 / 9.0) / 6.0, 1e-7);
    const float zero[2] = {0, 0};
    at[0] = zero;
    ck_assert_int_eq(m->evaluate(m, at, &loss, &metric), 0);
    ck_assert_double_eq_tol(metric, 1.0, 1e-7);
    /* The gradient (1/m) A'(A x - b) vanishes at the least-squares optimum
     * even though the residual does not. */
    float g[2];
    float *grads[1] = {g};
    uint32_t *rows = all_rows(3);
    at[0] = hand_x;
    m->grad(m, at, grads, rows, 3);
    ck_assert_msg(fabsf(g[0]) < 1e-6f && fabsf(g[1]) < 1e-6f,
                  "gradient at x* is (%g, %g)", g[0], g[1]);
    m->destroy(m);
    /* b as an (m, 1) column, and x* given as a file: used as given. */
    write_npy(b, "<f8", "(3, 1)", hand_b, 3);
    const char *x = tmp_path(&t, "x.npy");
    const double given[2] = {1.0, 2.0};
    write_npy(x, "<f8", "(2,)", given, 2);
    snprintf(data, sizeof(data), "%s,%s,%s", a, b, x);
    m = lsq_files(data, 1, 0, 1);
    const float xf[2] = {1.0f, 2.0f};
    at[0] = xf;
    ck_assert_int_eq(m->evaluate(m, at, &loss, &metric), 0);
    ck_assert_double_eq(metric, 0.0);
    m->destroy(m);
    free(rows);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_lsq_split_by_rank) {
    tmpdir_t t;
    tmp_init(&t);
    const char *a = tmp_path(&t, "A.npy"), *b = tmp_path(&t, "b.npy");
    /* 5 rows over 2 workers: rows 0-2 and 3-4. Columns 0 and 2 are equal,
     * so A'A is singular: workers do not solve for x*, and do not fail. */
    const double av[15] = {1, 2, 1, 0, 1, 0, 2, 0, 2, 1, 1, 1, 3, -1, 3};
    const double bv[5] = {1, 2, 3, 4, 5};
    write_npy(a, "<f4", "(5, 3)", av, 15);
    write_npy(b, "<f4", "(5,)", bv, 5);
    char data[700];
    snprintf(data, sizeof(data), "%s,%s", a, b);
    tps__model_t *w0 = lsq_files(data, 0, 0, 2), *w1 = lsq_files(data, 0, 1, 2);
    ck_assert_uint_eq(w0->nrows, 3);
    ck_assert_uint_eq(w1->nrows, 2);
    /* Worker 1's gradient at x = (1, 1, 1) over its rows 3 and 4:
     * residuals 3 - 4 = -1 and 5 - 5 = 0, so g = (1/2)(-1)(1, 1, 1). */
    const float x[3] = {1, 1, 1};
    const float *at[1] = {x};
    float g[3];
    float *grads[1] = {g};
    uint32_t rows[2] = {0, 1};
    double loss = w1->grad(w1, at, grads, rows, 2);
    ck_assert_double_eq_tol(loss, 0.25, 1e-12);
    for (int k = 0; k < 3; k++)
        ck_assert_float_eq_tol(g[k], -0.5f, 1e-7f);
    double metric;
    ck_assert_int_eq(w1->evaluate(w1, at, &loss, &metric), TPS_EINVAL);
    w0->destroy(w0);
    w1->destroy(w1);
    /* The evaluator must solve, and cannot. */
    tps__model_config_t cfg = {
        .model = "lsq", .data = data, .workers = 2, .eval = 1};
    tps__model_t *m = NULL;
    char err[700] = "";
    ck_assert_int_eq(tps__model_new(&cfg, &m, err, sizeof(err)), TPS_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(err, "singular") && strstr(err, "xstar.npy") &&
                      strstr(err, a),
                  "%s", err);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_lsq_bad_files) {
    tmpdir_t t;
    tmp_init(&t);
    const char *a = tmp_path(&t, "A.npy"), *b = tmp_path(&t, "b.npy"),
               *x = tmp_path(&t, "x.npy"), *v = tmp_path(&t, "v.npy"),
               *z = tmp_path(&t, "z.npy"), *b3 = tmp_path(&t, "b3.npy");
    write_npy(a, "<f8", "(3, 2)", hand_a, 6);
    write_npy(b, "<f8", "(4,)", six, 4);
    write_npy(x, "<f8", "(3,)", hand_b, 3);
    write_npy(v, "<f8", "(6,)", six, 6);
    const double zeros[3] = {0, 0, 0};
    write_npy(z, "<f8", "(3,)", zeros, 3);
    write_npy(b3, "<f8", "(3,)", hand_b, 3);
    char ab[700], abx[1100], vb[700], bad_b[700], zb[700], one[400];
    snprintf(ab, sizeof(ab), "%s,%s", a, b3);
    snprintf(abx, sizeof(abx), "%s,%s,%s", a, x, x);
    snprintf(vb, sizeof(vb), "%s,%s", v, x);
    snprintf(bad_b, sizeof(bad_b), "%s,%s", a, b);
    snprintf(zb, sizeof(zb), "%s,%s", a, z);
    snprintf(one, sizeof(one), "%s", a);
    const struct {
        const char *data;
        uint64_t rows;
        double cond;
        int rc;
        const char *says[4];
    } cases[] = {
        {bad_b, 0, 0, TPS_EINVAL, {"(4,)", "(3, 2)", b, NULL}},
        {abx, 0, 0, TPS_EINVAL, {"x* has shape (3,)", "(3, 2)", "(2,)", NULL}},
        {vb, 0, 0, TPS_EINVAL, {"2-D", "(6,)", v, NULL}},
        {zb, 0, 0, TPS_EINVAL, {"x* is zero", NULL}},
        {one, 0, 0, TPS_EINVAL, {"A.npy,b.npy", NULL}},
        {ab, 100, 0, TPS_EINVAL, {"--rows", "--cond", NULL}},
        {ab, 0, 10, TPS_EINVAL, {"--rows", "--cond", NULL}},
    };
    for (size_t c = 0; c < sizeof(cases) / sizeof(*cases); c++) {
        tps__model_config_t cfg = {.model = "lsq",
                                  .data = cases[c].data,
                                  .workers = 1,
                                  .eval = 1,
                                  .rows = cases[c].rows,
                                  .cond = cases[c].cond};
        tps__model_t *m = NULL;
        char err[700] = "";
        ck_assert_msg(tps__model_new(&cfg, &m, err, sizeof(err)) == cases[c].rc,
                      "case %zu: %s", c, err);
        ck_assert_ptr_null(m);
        for (int k = 0; cases[c].says[k]; k++)
            ck_assert_msg(strstr(err, cases[c].says[k]) != NULL,
                          "case %zu: \"%s\" lacks \"%s\"", c, err,
                          cases[c].says[k]);
    }
    /* A file fault is reported with the file's name. */
    write_npy_raw(b, 1, 0,
                  "{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }",
                  six, 24);
    tps__model_config_t cfg = {
        .model = "lsq", .data = bad_b, .workers = 1, .eval = 1};
    tps__model_t *m = NULL;
    char err[700] = "";
    ck_assert_int_eq(tps__model_new(&cfg, &m, err, sizeof(err)), TPS_EIO);
    ck_assert_msg(strstr(err, b) && strstr(err, "'<i8'"), "%s", err);
    tmp_clean(&t);
}
END_TEST

static Suite *data_npy_suite(void) {
    Suite *s = suite_create("data_npy");
    TCase *tc = tcase_create("reader");
    tcase_add_test(tc, test_npy_float32_float64);
    tcase_add_test(tc, test_npy_versions);
    tcase_add_test(tc, test_npy_bad_files);
    tcase_add_test(tc, test_npy_non_finite);
    suite_add_tcase(s, tc);
    tc = tcase_create("lsq");
    tcase_add_test(tc, test_lsq_normal_equations);
    tcase_add_test(tc, test_lsq_split_by_rank);
    tcase_add_test(tc, test_lsq_bad_files);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(data_npy_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
