/* SPDX-License-Identifier: MIT */
/* Unit tests of FTRL-Proximal and of the optimizers run per table row
 * (server/optimizer.c, docs/design.md §2b "Optimizers"). The references are
 * written here in double from McMahan et al. 2013, Algorithm 1, and from
 * the update table in server/optimizer.h; they never call the code under
 * test. One-step cases are closed forms worked out by hand. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server/optimizer.h"
#include "taups.h"

/* splitmix64: the test's own generator, so that the draws do not depend on
 * the library's. */
static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [-1, 1), exactly representable as a float. */
static float uniform(uint64_t *s) {
    return (float)((double)(next(s) >> 40) / (double)(1 << 23) - 1.0);
}

/* ---- the references, in double ------------------------------------- */

typedef struct ref_s {
    double w, a, b; /* weight and two state values, zero at start */
    uint64_t t;     /* updates this element has had */
    /* ftrl: the sum of the magnitudes of the terms added to z, and what
     * that is in weights: z is a sum that cancels, so its rounding error
     * (and that of w) is relative to these, not to z itself. */
    double zabs, wscale;
} ref_t;

typedef struct hyper_s {
    const char *name;
    double lr, wd, beta, l1, l2; /* beta is ftrl's, or adam's beta1 */
    int invsqrt;                 /* lr_t = lr / sqrt(t) */
} hyper_t;

/* Algorithm 1 for one coordinate, the paper's own form of sigma. */
static void ftrl_ref(const hyper_t *h, double alpha, ref_t *r, double g) {
    if (g == 0.0)
        return; /* only the coordinates present are visited */
    double sigma = (sqrt(r->b + g * g) - sqrt(r->b)) / alpha;
    r->a += g - sigma * r->w;
    r->zabs += fabs(g) + fabs(sigma * r->w);
    r->b += g * g;
    double denom = (h->beta + sqrt(r->b)) / alpha + h->l2;
    if (fabs(r->a) <= h->l1)
        r->w = 0.0;
    else
        r->w = -(r->a - (r->a > 0 ? h->l1 : -h->l1)) / denom;
    r->wscale = r->zabs / denom;
}

/* One update of one element by the optimizer h names, with raw gradient g
 * scaled by `scale`, weight decay coupled, at the element's own count. */
static void ref_step(const hyper_t *h, ref_t *r, double g, double scale) {
    r->t++;
    double lr = h->invsqrt ? h->lr / sqrt((double)r->t) : h->lr;
    double ge = scale * g + h->wd * r->w;
    if (strcmp(h->name, "sgd") == 0) {
        r->w -= lr * ge;
    } else if (strcmp(h->name, "adagrad") == 0) {
        r->a += ge * ge;
        r->w -= lr * ge / (sqrt(r->a) + 1e-8);
    } else if (strcmp(h->name, "adam") == 0) {
        const double b2 = 0.999;
        r->a = h->beta * r->a + (1 - h->beta) * ge;
        r->b = b2 * r->b + (1 - b2) * ge * ge;
        double mh = r->a / (1 - pow(h->beta, (double)r->t));
        double vh = r->b / (1 - pow(b2, (double)r->t));
        r->w -= lr * mh / (sqrt(vh) + 1e-8);
    } else {
        ftrl_ref(h, lr, r, ge);
    }
}

/* Through the option checks, as the shard builds it. */
static tps__optim_t make_hyper(const hyper_t *h) {
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256] = "";
    tps__optim_conf_default(&c);
    c.optimizer = h->name;
    c.schedule = h->invsqrt ? "invsqrt" : "constant";
    c.lr = h->lr;
    c.weight_decay = h->wd;
    if (strcmp(h->name, "adam") == 0)
        c.beta1 = h->beta;
    else
        c.ftrl_beta = h->beta;
    c.l1 = h->l1;
    c.l2 = h->l2;
    ck_assert_msg(tps__optim_init(&o, &c, err, sizeof(err)) == 0, "%s: %s",
                  h->name, err);
    return o;
}

static tps__optim_t make_ftrl(double lr, double beta, double l1, double l2) {
    const hyper_t h = {"ftrl", lr, 0.0, beta, l1, l2, 0};
    return make_hyper(&h);
}

/* |got - want| within a relative tol, with an absolute floor `floor` for
 * values that cancel down to near 0. */
static int close_to(double got, double want, double tol, double floor) {
    return fabs(got - want) <= tol * fmax(fabs(want), floor);
}

/* ---- FTRL against Algorithm 1 --------------------------------------- */

/* Eight coordinates with gradients of different means (-0.6 .. 0.6) plus
 * noise, so that under L1 some z stay inside [-l1, l1] and some leave. */
enum { NC = 8, NSTEP = 200 };

static void run_ftrl(const hyper_t *h, double scale, int *zeros,
                     int *nonzeros) {
    static const float bias[NC] = {0.0f,  0.01f, -0.02f, 0.05f,
                                   -0.1f, 0.2f,  -0.4f,  0.6f};
    tps__optim_t o = make_hyper(h);
    float p[NC] = {0}, z[NC] = {0}, n[NC] = {0}, g[NC];
    ref_t r[NC];
    memset(r, 0, sizeof(r));
    uint64_t seed = 42;
    for (uint64_t t = 1; t <= NSTEP; t++) {
        for (int i = 0; i < NC; i++)
            g[i] = bias[i] + 0.5f * uniform(&seed);
        ck_assert_int_eq(tps__optim_step(&o, p, g, scale, z, n, NC, t), 0);
        for (int i = 0; i < NC; i++) {
            ref_step(h, &r[i], g[i], scale);
            double margin = fabs(fabs(r[i].a) - h->l1);
            /* Inside the float rounding of z around the threshold the two
             * may fall on different sides; nowhere else. */
            if (h->l1 > 0 && margin < 1e-5 * r[i].zabs)
                continue;
            ck_assert_msg((p[i] == 0.0f) == (r[i].w == 0.0),
                          "%s step %llu coord %d: w %.9g, reference %.17g "
                          "(z %.17g)",
                          h->name, (unsigned long long)t, i, p[i], r[i].w,
                          r[i].a);
            ck_assert_msg(close_to(p[i], r[i].w, 1e-5, r[i].wscale) &&
                              close_to(z[i], r[i].a, 1e-5, r[i].zabs) &&
                              close_to(n[i], r[i].b, 1e-5, 0.0),
                          "%s step %llu coord %d: w %.9g z %.9g n %.9g, "
                          "reference %.17g %.17g %.17g",
                          h->name, (unsigned long long)t, i, p[i], z[i], n[i],
                          r[i].w, r[i].a, r[i].b);
            *zeros += p[i] == 0.0f;
            *nonzeros += p[i] != 0.0f;
        }
    }
}

START_TEST(test_ftrl_reference) {
    static const hyper_t cases[] = {
        {"ftrl", 0.1, 0.0, 1.0, 0.0, 0.0, 0},
        {"ftrl", 0.1, 0.0, 1.0, 2.0, 0.0, 0},
        {"ftrl", 0.5, 0.0, 0.5, 5.0, 1.0, 0},
        {"ftrl", 0.05, 0.0, 0.0, 1.0, 3.0, 0},
        {"ftrl", 0.2, 0.01, 2.0, 0.5, 0.0, 1}, /* weight decay, invsqrt */
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
        int zeros = 0, nonzeros = 0;
        run_ftrl(&cases[k], k == 2 ? 0.5 : 1.0, &zeros, &nonzeros);
        ck_assert_int_gt(nonzeros, 0);
        /* L1 must produce exact zeros, and without it none appear. */
        if (cases[k].l1 > 0)
            ck_assert_msg(zeros > NSTEP / 4, "case %zu: %d zeros", k, zeros);
        else
            ck_assert_int_eq(zeros, 0);
    }
}
END_TEST

START_TEST(test_ftrl_one_step_closed_form) {
    /* From zero state: sigma = |g|/alpha, z = g (w was 0), n = g^2 and
     * w = -(g - sign(g) l1) / ((beta + |g|)/alpha + l2).
     * alpha 0.1, beta 1, l1 0.5, l2 2:
     *   g = 3:    w = -2.5 / (4/0.1 + 2) = -2.5/42
     *   g = -2:   w = 1.5 / (3/0.1 + 2) = 1.5/32 = 0.046875
     *   g = 0.4:  |z| <= l1, w = 0 exactly (z and n still move)
     *   g = -0.5: |z| = l1 exactly, w = 0 */
    tps__optim_t o = make_ftrl(0.1, 1.0, 0.5, 2.0);
    float p[4] = {0}, z[4] = {0}, n[4] = {0};
    const float g[4] = {3.0f, -2.0f, 0.4f, -0.5f};
    ck_assert_int_eq(tps__optim_step(&o, p, g, 1.0, z, n, 4, 1), 0);
    ck_assert_float_eq_tol(p[0], -2.5 / 42.0, 1e-7);
    ck_assert_float_eq_tol(p[1], 0.046875, 1e-7);
    ck_assert_float_eq(p[2], 0.0f);
    ck_assert_float_eq(p[3], 0.0f);
    ck_assert_float_eq(z[0], 3.0f);
    ck_assert_float_eq(z[1], -2.0f);
    ck_assert_float_eq(z[2], 0.4f);
    ck_assert_float_eq_tol(n[0], 9.0, 1e-6);
    ck_assert_float_eq_tol(n[2], 0.16, 1e-7);

    /* A nonzero initial weight enters through sigma w only: l1 = l2 = 0,
     * alpha 0.1, beta 1, w0 1, g 1: z = 1 - 10, n = 1,
     * w = 9 / ((1 + 1)/0.1) = 0.45 = |g| w0/(beta+|g|) - alpha g/(beta+|g|).
     * A zero gradient leaves its element alone (w0 0.7 stays). */
    o = make_ftrl(0.1, 1.0, 0.0, 0.0);
    float q[2] = {1.0f, 0.7f}, zz[2] = {0}, nn[2] = {0};
    const float h[2] = {1.0f, 0.0f};
    ck_assert_int_eq(tps__optim_step(&o, q, h, 1.0, zz, nn, 2, 1), 0);
    ck_assert_float_eq_tol(q[0], 0.45, 1e-7);
    ck_assert_float_eq_tol(zz[0], -9.0, 1e-6);
    ck_assert_float_eq(q[1], 0.7f);
    ck_assert_float_eq(zz[1], 0.0f);
    ck_assert_float_eq(nn[1], 0.0f);

    /* beta = l2 = 0 with a zero gradient at zero state is not 0/0. */
    o = make_ftrl(0.1, 0.0, 0.0, 0.0);
    float w0 = 0.25f, z0 = 0.0f, n0 = 0.0f, g0 = 0.0f;
    ck_assert_int_eq(tps__optim_step(&o, &w0, &g0, 1.0, &z0, &n0, 1, 1), 0);
    ck_assert_float_eq(w0, 0.25f);

    /* lr 0 freezes, as for the other optimizers. */
    o = make_ftrl(0.0, 1.0, 0.0, 0.0);
    float w1 = 0.25f, z1 = 0.0f, n1 = 0.0f, g1 = 1.0f;
    ck_assert_int_eq(tps__optim_step(&o, &w1, &g1, 1.0, &z1, &n1, 1, 1), 0);
    ck_assert_float_eq(w1, 0.25f);
    ck_assert_float_eq(n1, 0.0f);
}
END_TEST

START_TEST(test_ftrl_nonfinite_reported) {
    /* g^2 overflows float: n becomes +Inf and the step says so. */
    tps__optim_t o = make_ftrl(0.1, 1.0, 0.0, 0.0);
    float w = 0.0f, z = 0.0f, n = 0.0f, g = 1e20f;
    ck_assert_int_eq(tps__optim_step(&o, &w, &g, 1.0, &z, &n, 1, 1), 1);
}
END_TEST

/* ---- a table of rows, each with its own count ---------------------- */

enum { ROWS = 5, DIM = 4, RSTEP = 300 };

/* Row 0 every step, then 1/2, 1/4, 1/8, 1/16 for rows 1..4: Zipf-ish, and
 * row 4 still touched a handful of times in 300 steps. */
static int touched(uint64_t *s, int row) {
    return row == 0 || (next(s) >> 32) < (0x100000000ULL >> row);
}

static void run_rows(const hyper_t *h, double tol) {
    tps__optim_t o = make_hyper(h);
    int slots = tps__optim_slots(&o);
    float val[ROWS][DIM], s0[ROWS][DIM] = {{0}}, s1[ROWS][DIM] = {{0}};
    float before[ROWS][DIM], g[DIM];
    uint64_t version[ROWS] = {0}, seed = 7;
    ref_t r[ROWS][DIM];
    memset(r, 0, sizeof(r));
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < DIM; j++) {
            val[i][j] = 0.5f * uniform(&seed);
            r[i][j].w = val[i][j];
        }
    for (int t = 0; t < RSTEP; t++) {
        memcpy(before, val, sizeof(val));
        int hit[ROWS];
        for (int i = 0; i < ROWS; i++) {
            hit[i] = touched(&seed, i);
            if (!hit[i])
                continue;
            double scale = 1.0 / (1.0 + (double)(next(&seed) % 3));
            for (int j = 0; j < DIM; j++) {
                g[j] = uniform(&seed) + 0.2f * (float)(i - 2);
                ref_step(h, &r[i][j], g[j], scale);
            }
            ck_assert_int_eq(
                tps__optim_step(&o, val[i], g, scale, slots > 0 ? s0[i] : NULL,
                                slots > 1 ? s1[i] : NULL, DIM, version[i] + 1),
                0);
            version[i]++;
        }
        for (int i = 0; i < ROWS; i++)
            if (!hit[i])
                ck_assert_msg(memcmp(val[i], before[i], sizeof(val[i])) == 0,
                              "%s: row %d changed at step %d untouched",
                              h->name, i, t);
    }
    for (int i = 0; i < ROWS; i++) {
        ck_assert_uint_eq(version[i], r[i][0].t);
        /* Row 4 is rare, but it must have been touched to mean anything. */
        ck_assert_uint_gt(version[i], 0);
        for (int j = 0; j < DIM; j++)
            ck_assert_msg(close_to(val[i][j], r[i][j].w, tol, 1e-2),
                          "%s row %d [%d] after %llu updates: %.9g, "
                          "reference %.17g",
                          h->name, i, j, (unsigned long long)version[i],
                          val[i][j], r[i][j].w);
    }
    ck_assert_uint_eq(version[0], RSTEP);
    ck_assert_uint_lt(version[4], RSTEP / 8);
}

START_TEST(test_rows_lazy) {
    static const hyper_t cases[] = {
        {"sgd", 0.05, 0.1, 0, 0, 0, 1}, /* weight decay, invsqrt per row */
        {"adagrad", 0.1, 0.0, 0, 0, 0, 0},
        {"adam", 0.01, 0.01, 0.9, 0, 0, 0},
        {"ftrl", 0.1, 0.0, 1.0, 0.3, 0.5, 0},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++)
        run_rows(&cases[k], 1e-5);
}
END_TEST

static Suite *optim_rows_suite(void) {
    Suite *s = suite_create("optim_rows");
    TCase *tc = tcase_create("ftrl");
    tcase_add_test(tc, test_ftrl_reference);
    tcase_add_test(tc, test_ftrl_one_step_closed_form);
    tcase_add_test(tc, test_ftrl_nonfinite_reported);
    suite_add_tcase(s, tc);
    tc = tcase_create("rows");
    tcase_add_test(tc, test_rows_lazy);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(optim_rows_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
