/* SPDX-License-Identifier: MIT */
/* Unit tests of the delay module: sample moments against closed forms for
 * every distribution, reproducibility of the seeded streams, the spec and
 * straggler parsers, the straggler rule, and the sleep helper's lower bound
 * and behaviour under signals. Statistical checks use a fixed seed and a
 * tolerance of 5 standard errors, so they fail on a wrong formula, not on
 * bad luck with another seed. */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "taups.h"
#include "tps_delay.h"

#define NSAMPLE 200000
#define NSE 5.0

static double mono_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void parse_ok(tps_delay_t *d, const char *spec) {
    char err[256] = "";
    int rc = tps__delay_parse(d, spec, err, sizeof(err));
    ck_assert_msg(rc == 0, "%s rejected: %s", spec, err);
}

/* Draws NSAMPLE delays of `spec`, checks that each lies in the support
 * [lo, hi) and compares their mean and sd with the expected closed forms
 * (also those the module reports). The standard error
 * of the sd comes from the sample's fourth central moment by the delta
 * method, which is valid only when that moment is finite. */
static void check_moments(const char *spec, double mean, double sd,
                          int check_sd, double lo, double hi) {
    tps_delay_t d;
    parse_ok(&d, spec);
    ck_assert_msg(fabs(tps__delay_mean_ms(&d) - mean) <= 1e-9 * mean,
                  "%s: mean_ms %.12g != %.12g", spec, tps__delay_mean_ms(&d),
                  mean);
    ck_assert_msg(fabs(tps__delay_sd_ms(&d) - sd) <= 1e-9 * sd,
                  "%s: sd_ms %.12g != %.12g", spec, tps__delay_sd_ms(&d), sd);
    tps__delay_seed(&d, 12345, 7);
    double *x = malloc(NSAMPLE * sizeof(*x));
    ck_assert_ptr_nonnull(x);
    /* One assertion per draw would cost a message to Check's parent each. */
    double sum = 0, xmin = INFINITY, xmax = -INFINITY;
    for (int i = 0; i < NSAMPLE; i++) {
        x[i] = tps__delay_sample_ms(&d);
        sum += x[i];
        xmin = fmin(xmin, x[i]);
        xmax = fmax(xmax, x[i]);
    }
    ck_assert_msg(xmin >= lo && xmax < hi && isfinite(xmax),
                  "%s: draws in [%g, %g], outside [%g, %g)", spec, xmin, xmax,
                  lo, hi);
    double m = sum / NSAMPLE, m2 = 0, m4 = 0;
    for (int i = 0; i < NSAMPLE; i++) {
        double e = (x[i] - m) * (x[i] - m);
        m2 += e;
        m4 += e * e;
    }
    free(x);
    m2 /= NSAMPLE;
    m4 /= NSAMPLE;
    double s = sqrt(m2);
    double se_mean = sd / sqrt(NSAMPLE);
    ck_assert_msg(fabs(m - mean) <= NSE * se_mean,
                  "%s: sample mean %.6g, expected %.6g +- %.3g", spec, m, mean,
                  NSE * se_mean);
    if (check_sd) {
        double se_sd = sqrt((m4 - m2 * m2) / NSAMPLE) / (2 * s);
        ck_assert_msg(fabs(s - sd) <= NSE * se_sd,
                      "%s: sample sd %.6g (cv %.4g), expected %.6g (cv %.4g) "
                      "+- %.3g",
                      spec, s, s / m, sd, sd / mean, NSE * se_sd);
    }
}

START_TEST(test_const) {
    tps_delay_t d;
    parse_ok(&d, "const:12.5");
    tps__delay_seed(&d, 1, 0);
    int other = 0;
    for (int i = 0; i < 1000; i++)
        other += tps__delay_sample_ms(&d) != 12.5;
    ck_assert_int_eq(other, 0);
    ck_assert_double_eq(tps__delay_mean_ms(&d), 12.5);
    ck_assert_double_eq(tps__delay_sd_ms(&d), 0);
}
END_TEST

START_TEST(test_none) {
    tps_delay_t d;
    parse_ok(&d, "none");
    ck_assert_int_eq(d.kind, TPS_DELAY_NONE);
    ck_assert_double_eq(tps__delay_sample_ms(&d), 0);
    ck_assert_double_eq(tps__delay_after(&d, 0.5), 0);
    ck_assert_double_eq(tps__delay_mean_ms(&d), 0);
    ck_assert_double_eq(tps__delay_sd_ms(&d), 0);
    /* An absent option means no delay. */
    ck_assert_int_eq(tps__delay_parse(&d, NULL, NULL, 0), 0);
    ck_assert_int_eq(d.kind, TPS_DELAY_NONE);
}
END_TEST

START_TEST(test_uniform) {
    check_moments("uniform:20:80", 50, 60 / sqrt(12.0), 1, 20, 80);
}
END_TEST

START_TEST(test_normal) {
    /* With MEAN = 10 SD the truncated mass is 8e-24: the plain moments. */
    check_moments("normal:100:10", 100, 10, 1, 0, INFINITY);
}
END_TEST

/* At MEAN = SD, 16 % of the raw draws are negative, so the way they are
 * handled shows: resampling gives the normal conditioned on >= 0 and no draw
 * of exactly 0, clamping would give 16 % zeros and other moments. */
START_TEST(test_normal_truncated) {
    double z = 1, phi = exp(-0.5) / sqrt(2 * M_PI),
           Phi = 0.5 * erfc(-z / M_SQRT2);
    double lambda = phi / Phi;
    check_moments("normal:10:10", 10 + 10 * lambda,
                  10 * sqrt(1 - z * lambda - lambda * lambda), 1, 0, INFINITY);
    tps_delay_t d;
    parse_ok(&d, "normal:10:10");
    int zeros = 0;
    for (int i = 0; i < 10000; i++)
        zeros += tps__delay_sample_ms(&d) == 0;
    ck_assert_int_eq(zeros, 0);
}
END_TEST

START_TEST(test_lognormal) {
    check_moments("lognormal:100:0.5", 100, 50, 1, 0, INFINITY);
    check_moments("lognormal:20:0.1", 20, 2, 1, 0, INFINITY);
}
END_TEST

START_TEST(test_exp) {
    check_moments("exp:40", 40, 40, 1, 0, INFINITY);
}
END_TEST

/* The mean at alpha = 3 has a finite variance behind it, so the standard
 * error is valid; the sd is not checked there because the sample variance's
 * own spread needs E[X^4], finite only for alpha > 4 (at alpha = 4 it
 * diverges logarithmically), hence alpha = 5 for the sd. */
START_TEST(test_pareto_moments) {
    double a = 3, xm = 50;
    check_moments("pareto:3:50", a * xm / (a - 1),
                  xm * sqrt(a / ((a - 1) * (a - 1) * (a - 2))), 0, xm,
                  INFINITY);
    a = 5;
    check_moments("pareto:5:50", a * xm / (a - 1),
                  xm * sqrt(a / ((a - 1) * (a - 1) * (a - 2))), 1, xm,
                  INFINITY);
}
END_TEST

/* A Pareto delay with infinite variance (shape 1.5, scale 50 ms):
 * moments are useless there, the tail P(X > t) = (x_m/t)^alpha is not. The
 * draws are also read as iterations of 256 workers: the slowest of 256 has
 * median x_m * (1 / (1 - 2^(-1/256)))^(1/alpha), about 2.6 s, for a mean
 * delay of 150 ms. */
START_TEST(test_pareto_tail) {
    const double alpha = 1.5, xm = 50;
    tps_delay_t d;
    parse_ok(&d, "pareto:1.5:50");
    ck_assert_double_eq_tol(tps__delay_mean_ms(&d), 150, 1e-12);
    ck_assert(isinf(tps__delay_sd_ms(&d)));
    tps__delay_seed(&d, 99, 3);
    const double t[] = {60, 100, 200, 1000, 5000};
    int above[5] = {0};
    double med_max = xm * pow(1 / (1 - pow(0.5, 1.0 / 256)), 1 / alpha);
    int groups = NSAMPLE / 256, groups_above = 0;
    for (int g = 0; g < groups; g++) {
        double max = 0;
        for (int i = 0; i < 256; i++) {
            double x = tps__delay_sample_ms(&d);
            for (int j = 0; j < 5; j++)
                above[j] += x > t[j];
            max = x > max ? x : max;
        }
        groups_above += max > med_max;
    }
    int n = groups * 256;
    for (int j = 0; j < 5; j++) {
        double p = pow(xm / t[j], alpha), f = (double)above[j] / n;
        double se = sqrt(p * (1 - p) / n);
        ck_assert_msg(fabs(f - p) <= NSE * se,
                      "P(X > %g) = %.5f, expected %.5f +- %.5f", t[j], f, p,
                      NSE * se);
    }
    double f = (double)groups_above / groups, se = sqrt(0.25 / groups);
    ck_assert_msg(fabs(f - 0.5) <= NSE * se,
                  "max of 256 above %.0f ms in %.3f of iterations, expected "
                  "0.5 +- %.3f",
                  med_max, f, NSE * se);
}
END_TEST

START_TEST(test_determinism) {
    const char *specs[] = {"uniform:0:10", "normal:5:3", "lognormal:10:2",
                           "pareto:2.5:1", "exp:3"};
    for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++) {
        tps_delay_t a, b, c, e;
        parse_ok(&a, specs[k]);
        parse_ok(&b, specs[k]);
        parse_ok(&c, specs[k]);
        parse_ok(&e, specs[k]);
        tps__delay_seed(&a, 42, 1);
        tps__delay_seed(&b, 42, 1);
        tps__delay_seed(&c, 42, 2);
        tps__delay_seed(&e, 43, 1);
        double first = 0;
        int differ = 0, same_stream = 0, same_seed = 0;
        for (int i = 0; i < 1000; i++) {
            double x = tps__delay_sample_ms(&a);
            if (i == 0)
                first = x;
            differ += x != tps__delay_sample_ms(&b);
            same_stream += x == tps__delay_sample_ms(&c);
            same_seed += x == tps__delay_sample_ms(&e);
        }
        ck_assert_msg(differ == 0, "%s: %d draws differ for one seed", specs[k],
                      differ);
        ck_assert_msg(same_stream == 0 && same_seed == 0,
                      "%s: %d/%d equal draws across streams/seeds", specs[k],
                      same_stream, same_seed);
        /* Reseeding restarts the sequence, including the normal spare. */
        tps__delay_seed(&a, 42, 1);
        ck_assert_double_eq(tps__delay_sample_ms(&a), first);
    }
}
END_TEST

START_TEST(test_parse_accept) {
    static const struct {
        const char *spec;
        tps__delay_kind_t kind;
        double p0, p1;
    } ok[] = {
        {"none", TPS_DELAY_NONE, 0, 0},
        {"const:0", TPS_DELAY_CONST, 0, 0},
        {"const:12.5", TPS_DELAY_CONST, 12.5, 0},
        {"uniform:0:0", TPS_DELAY_UNIFORM, 0, 0},
        {"uniform:1:2", TPS_DELAY_UNIFORM, 1, 2},
        {"normal:0:5", TPS_DELAY_NORMAL, 0, 5},
        {"normal:10:0", TPS_DELAY_NORMAL, 10, 0},
        {"lognormal:100:0", TPS_DELAY_LOGNORMAL, 100, 0},
        {"pareto:1.01:50", TPS_DELAY_PARETO, 1.01, 50},
        {"pareto:3:0.5", TPS_DELAY_PARETO, 3, 0.5},
        {"exp:1e3", TPS_DELAY_EXP, 1000, 0},
    };
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        tps_delay_t d;
        parse_ok(&d, ok[i].spec);
        ck_assert_int_eq(d.kind, ok[i].kind);
        ck_assert_double_eq(d.p[0], ok[i].p0);
        ck_assert_double_eq(d.p[1], ok[i].p1);
        ck_assert_double_eq(d.factor, 1);
    }
    /* Degenerate parameters give a constant. */
    tps_delay_t d;
    parse_ok(&d, "lognormal:100:0");
    ck_assert_double_eq_tol(tps__delay_sample_ms(&d), 100, 1e-9);
    parse_ok(&d, "normal:0:0");
    ck_assert_double_eq(tps__delay_sample_ms(&d), 0);
}
END_TEST

START_TEST(test_parse_reject) {
    static const struct {
        const char *spec, *msg;
    } bad[] = {
        {"", "unknown distribution \"\""},
        {"gamma:1:2", "unknown distribution \"gamma\" (expected none"},
        {"CONST:1", "unknown distribution \"CONST\""},
        {"none:1", "expected none"},
        {"const", "expected const:MS"},
        {"const:1:2", "expected const:MS"},
        {"uniform:1", "expected uniform:A:B"},
        {"pareto:1:2:3", "expected pareto:SHAPE:SCALE"},
        {"const:", "MS is not a finite number"},
        {"const:abc", "MS is not a finite number"},
        {"const:1x", "MS is not a finite number"},
        {"const: 1", "MS is not a finite number"},
        {"const:nan", "MS is not a finite number"},
        {"const:inf", "MS is not a finite number"},
        {"const:1e999", "MS is not a finite number"},
        {"uniform:1:", "B is not a finite number"},
        {"const:-1", "MS must be >= 0"},
        {"uniform:-1:1", "A must be >= 0"},
        {"uniform:5:1", "B must be >= A"},
        {"normal:-1:1", "MEAN must be >= 0"},
        {"normal:1:-1", "SD must be >= 0"},
        {"lognormal:0:1", "MEAN must be > 0"},
        {"lognormal:1:-0.5", "CV must be >= 0"},
        {"pareto:1:50", "SHAPE must be > 1"},
        {"pareto:2:0", "SCALE must be > 0"},
        {"exp:0", "MEAN must be > 0"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        tps_delay_t d;
        char err[256] = "", prefix[64];
        parse_ok(&d, "const:5");
        ck_assert_int_eq(tps__delay_parse(&d, bad[i].spec, err, sizeof(err)),
                         TPS_EINVAL);
        snprintf(prefix, sizeof(prefix), "--delay: \"%s\": ", bad[i].spec);
        ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0 &&
                          strstr(err, bad[i].msg) != NULL,
                      "%s: message \"%s\" lacks \"%s\"", bad[i].spec, err,
                      bad[i].msg);
        /* A failed parse leaves no half-set distribution behind. */
        ck_assert_int_eq(d.kind, TPS_DELAY_NONE);
        ck_assert_double_eq(tps__delay_sample_ms(&d), 0);
    }
    char err[256];
    tps_delay_t d;
    ck_assert_int_eq(tps__delay_parse(&d, "pareto:0.5:50", err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_str_eq(err, "--delay: \"pareto:0.5:50\": SHAPE must be > 1 (the "
                          "mean is infinite otherwise)");
    /* Short or absent buffers are fine. */
    char tiny[8];
    ck_assert_int_eq(tps__delay_parse(&d, "pareto:0.5:50", tiny, sizeof(tiny)),
                     TPS_EINVAL);
    ck_assert_str_eq(tiny, "--delay");
    ck_assert_int_eq(tps__delay_parse(&d, "bogus", NULL, 0), TPS_EINVAL);
}
END_TEST

START_TEST(test_straggler) {
    tps_delay_t d;
    char err[256];
    parse_ok(&d, "const:10");
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "3:2.5", 2, 0, err, sizeof(err)), 0);
    ck_assert_double_eq(d.factor, 1);
    ck_assert_double_eq_tol(tps__delay_after(&d, 0.1), 0.010, 1e-15);
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "3:2.5", 3, 0, err, sizeof(err)), 0);
    ck_assert_double_eq(d.factor, 2.5);
    /* 2.5 * 10 ms + 1.5 * 100 ms: the iteration lasts 2.5 * (100 + 10) ms. */
    ck_assert_double_eq_tol(tps__delay_after(&d, 0.1), 0.175, 1e-15);
    ck_assert_double_eq_tol(0.1 + tps__delay_after(&d, 0.1), 2.5 * 0.110,
                            1e-15);
    /* The sample itself stays the base distribution's. */
    ck_assert_double_eq(tps__delay_sample_ms(&d), 10);
    /* Nonsense compute times count as none. */
    ck_assert_double_eq_tol(tps__delay_after(&d, -1), 0.025, 1e-15);
    ck_assert_double_eq_tol(tps__delay_after(&d, NAN), 0.025, 1e-15);
    /* The same rank named again: the later option wins. */
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "3:4", 3, 0, err, sizeof(err)), 0);
    ck_assert_double_eq(d.factor, 4);

    /* A rank beyond --workers names no worker: refused by every one. */
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "9:2", 1, 2, err, sizeof(err)),
        TPS_EINVAL);
    ck_assert_msg(strstr(err, "RANK 9 is not a worker's (ranks are 0..1 "
                              "with --workers 2)") != NULL,
                  "%s", err);
    ck_assert_double_eq(d.factor, 4);
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "1:2", 1, 2, err, sizeof(err)), 0);
    ck_assert_double_eq(d.factor, 2);

    /* With no base delay, a straggler sleeps (factor - 1) * compute. */
    parse_ok(&d, "none");
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "0:3", 0, 0, err, sizeof(err)), 0);
    ck_assert_double_eq_tol(tps__delay_after(&d, 0.2), 0.4, 1e-15);

    /* A random base: after() scales the same draws sample_ms would give. */
    tps_delay_t a, b;
    parse_ok(&a, "lognormal:30:0.7");
    parse_ok(&b, "lognormal:30:0.7");
    ck_assert_int_eq(
        tps__delay_set_straggler(&a, "1:2", 1, 0, err, sizeof(err)), 0);
    tps__delay_seed(&a, 5, 1);
    tps__delay_seed(&b, 5, 1);
    for (int i = 0; i < 100; i++)
        ck_assert_double_eq_tol(tps__delay_after(&a, 0.05),
                                2 * tps__delay_sample_ms(&b) / 1000 + 0.05,
                                1e-12);
}
END_TEST

/* The library's handle (the Python package's taups.Delay) draws what
 * taups-worker draws for the same spec, seed and rank: the stream of that
 * rank, the straggler factor of that rank only. */
START_TEST(test_public_handle) {
    const char *strag[] = {"0:3", "1:2"};
    char err[256] = "";
    tps_delay_t *h = NULL, b;
    ck_assert_int_eq(tps_delay_new("lognormal:30:0.7", strag, 2, 1, 5, &h, err,
                                   sizeof(err)),
                     0);
    parse_ok(&b, "lognormal:30:0.7");
    tps__delay_seed_rank(&b, 5, 1);
    for (int i = 0; i < 100; i++)
        ck_assert_double_eq_tol(tps_delay_next(h, 0.05),
                                2 * tps__delay_sample_ms(&b) / 1000 + 0.05,
                                1e-12);
    tps_delay_describe(h, err, sizeof(err));
    ck_assert_str_eq(err, "lognormal:30:0.7 (mean 30 ms, sd 21 ms), "
                          "straggler factor 2");
    tps_delay_free(h);

    /* A NULL spec is "none"; rank 2 is no straggler. */
    ck_assert_int_eq(tps_delay_new(NULL, strag, 2, 2, 5, &h, err, sizeof(err)),
                     0);
    ck_assert_double_eq(tps_delay_next(h, 0.05), 0);
    tps_delay_free(h);

    h = (tps_delay_t *)&b;
    ck_assert_int_eq(tps_delay_new("pareto:1:5", NULL, 0, 0, 1, &h, err,
                                   sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_null(h);
    ck_assert_msg(strstr(err, "SHAPE must be > 1") != NULL, "%s", err);
    const char *bad[] = {"x:2"};
    ck_assert_int_eq(tps_delay_new("const:1", bad, 1, 0, 1, &h, err,
                                   sizeof(err)),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "--straggler") != NULL, "%s", err);
    ck_assert_int_eq(tps_delay_new("const:1", NULL, 0, -1, 1, &h, err,
                                   sizeof(err)),
                     TPS_EINVAL);
    ck_assert_msg(strstr(err, "rank -1") != NULL, "%s", err);
}
END_TEST

START_TEST(test_straggler_reject) {
    static const struct {
        const char *spec, *msg;
    } bad[] = {
        {"", "expected RANK:FACTOR"},
        {"3", "expected RANK:FACTOR"},
        {"3:2:1", "expected RANK:FACTOR"},
        {"x:2", "RANK must be an integer >= 0"},
        {":2", "RANK must be an integer >= 0"},
        {"-1:2", "RANK must be an integer >= 0"},
        {"+3:2", "RANK must be an integer >= 0"},
        {" 3:2", "RANK must be an integer >= 0"},
        {"3x:2", "RANK must be an integer >= 0"},
        {"99999999999:2", "RANK must be an integer >= 0"},
        {"3:", "FACTOR is not a finite number"},
        {"3:abc", "FACTOR is not a finite number"},
        {"3:inf", "FACTOR is not a finite number"},
        {"3:0.5", "FACTOR must be >= 1"},
        {"3:-2", "FACTOR must be >= 1"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        tps_delay_t d;
        char err[256] = "", prefix[64];
        parse_ok(&d, "const:5");
        d.factor = 2;
        /* Rejected even by workers the option does not name. */
        ck_assert_int_eq(
            tps__delay_set_straggler(&d, bad[i].spec, 3, 0, err, sizeof(err)),
            TPS_EINVAL);
        ck_assert_int_eq(
            tps__delay_set_straggler(&d, bad[i].spec, 7, 0, err, sizeof(err)),
            TPS_EINVAL);
        snprintf(prefix, sizeof(prefix), "--straggler: \"%s\": ", bad[i].spec);
        ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0 &&
                          strstr(err, bad[i].msg) != NULL,
                      "%s: message \"%s\" lacks \"%s\"", bad[i].spec, err,
                      bad[i].msg);
        ck_assert_double_eq(d.factor, 2);
    }
}
END_TEST

START_TEST(test_describe) {
    tps_delay_t d;
    char buf[256], err[64];
    parse_ok(&d, "pareto:1.5:50");
    tps__delay_describe(&d, buf, sizeof(buf));
    ck_assert_str_eq(buf, "pareto:1.5:50 (mean 150 ms, sd inf ms)");
    ck_assert_int_eq(
        tps__delay_set_straggler(&d, "0:3", 0, 0, err, sizeof(err)), 0);
    tps__delay_describe(&d, buf, sizeof(buf));
    ck_assert_str_eq(
        buf, "pareto:1.5:50 (mean 150 ms, sd inf ms), straggler factor 3");
    parse_ok(&d, "exp:40");
    tps__delay_describe(&d, buf, sizeof(buf));
    ck_assert_str_eq(buf, "exp:40 (mean 40 ms, sd 40 ms)");
    parse_ok(&d, "none");
    tps__delay_describe(&d, buf, sizeof(buf));
    ck_assert_str_eq(buf, "none");
    char tiny[6];
    parse_ok(&d, "uniform:1:2");
    tps__delay_describe(&d, tiny, sizeof(tiny));
    ck_assert_str_eq(tiny, "unifo");
}
END_TEST

START_TEST(test_sleep_at_least) {
    const double want[] = {0.001, 0.0123, 0.05};
    for (int i = 0; i < 3; i++) {
        double t0 = mono_s();
        ck_assert_int_eq(tps__sleep_s(want[i], NULL), 0);
        double took = mono_s() - t0;
        ck_assert_msg(took >= want[i], "slept %.9f s < %.9f s", took, want[i]);
    }
    ck_assert_int_eq(tps__sleep_s(0, NULL), 0);
    ck_assert_int_eq(tps__sleep_s(-1, NULL), 0);
    ck_assert_int_eq(tps__sleep_s(NAN, NULL), 0);
}
END_TEST

static volatile sig_atomic_t alarms;
static volatile sig_atomic_t stop_flag;

static void count_alarm(int sig) {
    (void)sig;
    alarms++;
}

static void stop_on_alarm(int sig) {
    (void)sig;
    stop_flag = 1;
}

/* Without SA_RESTART, so that the sleep sees EINTR. */
static void arm_timer(void (*handler)(int), long first_us, long every_us) {
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    ck_assert_int_eq(sigaction(SIGALRM, &sa, NULL), 0);
    struct itimerval it = {{0, every_us}, {0, first_us}};
    ck_assert_int_eq(setitimer(ITIMER_REAL, &it, NULL), 0);
}

static void disarm_timer(void) {
    struct itimerval it = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &it, NULL);
}

START_TEST(test_sleep_survives_signals) {
    alarms = 0;
    stop_flag = 0;
    arm_timer(count_alarm, 5000, 5000);
    double t0 = mono_s();
    int rc = tps__sleep_s(0.1, &stop_flag);
    double took = mono_s() - t0;
    disarm_timer();
    ck_assert_int_eq(rc, 0);
    ck_assert_msg(alarms > 0, "no signal arrived during the sleep");
    ck_assert_msg(took >= 0.1, "slept %.9f s < 0.1 s after %d signals", took,
                  (int)alarms);
}
END_TEST

/* A 30 s sleep must end at the first signal that sets the flag; if it did
 * not, the test case's timeout fails it. */
START_TEST(test_sleep_stops) {
    stop_flag = 1;
    ck_assert_int_eq(tps__sleep_s(30, &stop_flag), 1);
    stop_flag = 0;
    arm_timer(stop_on_alarm, 20000, 0);
    ck_assert_int_eq(tps__sleep_s(30, &stop_flag), 1);
    disarm_timer();
    ck_assert_int_eq(stop_flag, 1);
}
END_TEST

static Suite *delay_suite(void) {
    Suite *s = suite_create("delay");
    TCase *tc = tcase_create("distributions");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_none);
    tcase_add_test(tc, test_const);
    tcase_add_test(tc, test_uniform);
    tcase_add_test(tc, test_normal);
    tcase_add_test(tc, test_normal_truncated);
    tcase_add_test(tc, test_lognormal);
    tcase_add_test(tc, test_exp);
    tcase_add_test(tc, test_pareto_moments);
    tcase_add_test(tc, test_pareto_tail);
    tcase_add_test(tc, test_determinism);
    suite_add_tcase(s, tc);

    tc = tcase_create("options");
    tcase_add_test(tc, test_parse_accept);
    tcase_add_test(tc, test_parse_reject);
    tcase_add_test(tc, test_straggler);
    tcase_add_test(tc, test_straggler_reject);
    tcase_add_test(tc, test_describe);
    tcase_add_test(tc, test_public_handle);
    suite_add_tcase(s, tc);

    tc = tcase_create("sleep");
    tcase_set_timeout(tc, 10);
    tcase_add_test(tc, test_sleep_at_least);
    tcase_add_test(tc, test_sleep_survives_signals);
    tcase_add_test(tc, test_sleep_stops);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(delay_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
