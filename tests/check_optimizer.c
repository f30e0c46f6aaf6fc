/* SPDX-License-Identifier: MIT */
/* Unit tests of the server-side optimizer: staleness weights, the worked
 * textbook examples (SGD on one sample steps to a/||a||^2; a simplified
 * Adam; rescaling before SGD), each optimizer against hand-computed steps,
 * schedules, clipping, weight decay, the option parsers, and the rule that
 * staleness weighting comes before the optimizer state. Expected values are
 * closed forms or literals worked out by hand (arithmetic in the comments). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "server/optimizer.h"
#include "taups.h"

/* Float state and parameters: a few ulps of values near 1. */
#define TOL 1e-6

static tps__optim_t make(const char *optimizer, const char *schedule,
                        const char *weight, double lr) {
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256] = "";
    tps__optim_conf_default(&c);
    c.optimizer = optimizer;
    c.schedule = schedule;
    c.weight = weight;
    c.lr = lr;
    int rc = tps__optim_init(&o, &c, err, sizeof(err));
    ck_assert_msg(rc == 0, "init %s/%s/%s: %s", optimizer, schedule, weight,
                  err);
    return o;
}

START_TEST(test_staleness_weights) {
    static const uint64_t s[4] = {0, 1, 2, 10};
    static const struct {
        const char *weight;
        double w[4];
    } cases[] = {
        {"none", {1, 1, 1, 1}},
        /* 1/(1+s): 1/1, 1/2, 1/3, 1/11 */
        {"inverse", {1.0, 0.5, 1.0 / 3.0, 1.0 / 11.0}},
        /* e^(-0.5 s): e^0, e^-0.5, e^-1, e^-5 */
        {"exp:0.5",
         {1.0, 0.6065306597126334, 0.36787944117144233, 0.006737946999085467}},
        /* 1/max(1,s): 1/1, 1/1, 1/2, 1/10 */
        {"lrdiv", {1.0, 1.0, 0.5, 0.1}},
        /* lambda 0 is allowed and means no decay */
        {"exp:0", {1, 1, 1, 1}},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
        tps__optim_t o = make("sgd", "constant", cases[k].weight, 0.1);
        for (int i = 0; i < 4; i++)
            ck_assert_msg(
                fabs(tps__staleness_weight(&o, s[i]) - cases[k].w[i]) < 1e-15,
                "%s at s=%llu: %.17g != %.17g", cases[k].weight,
                (unsigned long long)s[i], tps__staleness_weight(&o, s[i]),
                cases[k].w[i]);
    }
}
END_TEST

START_TEST(test_ex4_one_stale_apply) {
    /* Loss ||theta||^2, gradient 2 theta; theta0 = [10, 10], lr 0.1. Both
     * workers read theta0, so both gradients are [20, 20]. */
    static const char *weights[2] = {"none", "inverse"};
    /* Fresh: 10 - 0.1*20 = 8. Stale (s = 1): none 8 - 0.1*1*20 = 6;
     * inverse 8 - 0.1*(1/2)*20 = 7. */
    static const float want[2] = {6.0f, 7.0f};
    for (int k = 0; k < 2; k++) {
        tps__optim_t o = make("sgd", "constant", weights[k], 0.1);
        float p[2] = {10.0f, 10.0f};
        const float g[2] = {20.0f, 20.0f};
        tps__optim_step(&o, p, g, tps__staleness_weight(&o, 0), NULL, NULL, 2,
                        1);
        ck_assert_float_eq_tol(p[0], 8.0f, TOL);
        ck_assert_float_eq_tol(p[1], 8.0f, TOL);
        tps__optim_step(&o, p, g, tps__staleness_weight(&o, 1), NULL, NULL, 2,
                        2);
        ck_assert_float_eq_tol(p[0], want[k], TOL);
        ck_assert_float_eq_tol(p[1], want[k], TOL);
    }
}
END_TEST

/* One gradient of the squared loss 1/2 (a.theta - 1)^2: (a.theta - 1) a. */
static void single_equation_grad(const float *th, float *g) {
    static const double a[3] = {1.0, 0.1, 0.01};
    double r = a[0] * th[0] + a[1] * th[1] + a[2] * th[2] - 1.0;
    for (int i = 0; i < 3; i++)
        g[i] = (float)(r * a[i]);
}

START_TEST(test_sgd_single_equation) {
    /* From 0, SGD stays in span(a) and reaches the minimum-norm solution
     * a/||a||^2, ||a||^2 = 1 + 0.01 + 0.0001 = 1.0101. The residual shrinks
     * by |1 - 0.5*1.0101| = 0.495 per step: 0.495^60 < 1e-18. */
    tps__optim_t o = make("sgd", "constant", "none", 0.5);
    float th[3] = {0, 0, 0}, g[3];
    for (uint64_t t = 1; t <= 60; t++) {
        single_equation_grad(th, g);
        tps__optim_step(&o, th, g, 1.0, NULL, NULL, 3, t);
    }
    ck_assert_double_eq_tol(th[0], 1.0 / 1.0101, 1e-5);  /* 0.990001 */
    ck_assert_double_eq_tol(th[1], 0.1 / 1.0101, 1e-5);  /* 0.0990001 */
    ck_assert_double_eq_tol(th[2], 0.01 / 1.0101, 1e-5); /* 0.00990001 */
}
END_TEST

START_TEST(test_adam_single_equation) {
    /* g_i = r a_i with one shared residual r, so adam's m_i / sqrt(v_i) does
     * not depend on a_i (up to eps) and every coordinate moves alike:
     * theta = c [1, 1, 1] with c (1 + 0.1 + 0.01) = 1, c = 100/111. A cosine
     * schedule lets it settle instead of circling the minimum. */
    tps__optim_t o = make("adam", "cosine:2000", "none", 0.05);
    float th[3] = {0, 0, 0}, g[3], m[3] = {0}, v[3] = {0};
    for (uint64_t t = 1; t <= 2000; t++) {
        single_equation_grad(th, g);
        tps__optim_step(&o, th, g, 1.0, m, v, 3, t);
    }
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(th[i], 100.0 / 111.0, 1e-4);
}
END_TEST

/* Gradients for three steps on [p0, p1], both starting at 1: element 0 sees
 * a constant 2, element 1 sees 1, -1, 3. */
static const float seq[3][2] = {{2, 1}, {2, -1}, {2, 3}};

static void run3(const tps__optim_t *o, float *p, float *s0, float *s1,
                 const float want[3][2], double tol) {
    for (uint64_t t = 1; t <= 3; t++) {
        tps__optim_step(o, p, seq[t - 1], 1.0, s0, s1, 2, t);
        for (int i = 0; i < 2; i++)
            ck_assert_msg(fabs(p[i] - want[t - 1][i]) < tol,
                          "step %llu element %d: %.9g != %.9g",
                          (unsigned long long)t, i, p[i], want[t - 1][i]);
    }
}

START_TEST(test_momentum_heavy_ball) {
    /* m = 0.9 m + g; p -= 0.1 m.
     * e0: m 2, p 1-0.2=0.8; m 1.8+2=3.8, p 0.8-0.38=0.42;
     *     m 3.42+2=5.42, p 0.42-0.542=-0.122.
     * e1: m 1, p 0.9; m 0.9-1=-0.1, p 0.9+0.01=0.91;
     *     m -0.09+3=2.91, p 0.91-0.291=0.619. */
    static const float want[3][2] = {
        {0.8f, 0.9f}, {0.42f, 0.91f}, {-0.122f, 0.619f}};
    tps__optim_t o = make("momentum", "constant", "none", 0.1);
    float p[2] = {1, 1}, m[2] = {0, 0};
    run3(&o, p, m, NULL, want, TOL);
    ck_assert_float_eq_tol(m[0], 5.42f, TOL);
    ck_assert_float_eq_tol(m[1], 2.91f, TOL);
}
END_TEST

START_TEST(test_nesterov) {
    /* m = 0.9 m + g; p -= 0.1 (g + 0.9 m).
     * e0: m 2,    step 2+1.8=3.8,    p 1-0.38=0.62;
     *     m 3.8,  step 2+3.42=5.42,  p 0.62-0.542=0.078;
     *     m 5.42, step 2+4.878=6.878, p 0.078-0.6878=-0.6098.
     * e1: m 1,    step 1+0.9=1.9,     p 0.81;
     *     m -0.1, step -1-0.09=-1.09, p 0.81+0.109=0.919;
     *     m 2.91, step 3+2.619=5.619, p 0.919-0.5619=0.3571. */
    static const float want[3][2] = {
        {0.62f, 0.81f}, {0.078f, 0.919f}, {-0.6098f, 0.3571f}};
    tps__optim_t o = make("nesterov", "constant", "none", 0.1);
    float p[2] = {1, 1}, m[2] = {0, 0};
    run3(&o, p, m, NULL, want, TOL);
}
END_TEST

START_TEST(test_adam) {
    /* lr 0.1, b1 0.9, b2 0.999, eps 1e-8; mh = m/(1-0.9^t),
     * vh = v/(1-0.999^t), p -= 0.1 mh/(sqrt(vh) + eps).
     * e0 (g = 2 throughout): mh = 2 and vh = 4 exactly at every t, so each
     *   step is 0.1*2/2 = 0.1 (less 5e-10 from eps): 0.9, 0.8, 0.7.
     * e1: t1 g 1: m 0.1, v 0.001, mh 1, vh 1, step 0.1, p 0.9.
     *     t2 g -1: m 0.09-0.1=-0.01, v 0.000999+0.001=0.001999;
     *        mh -0.01/0.19=-0.0526316, vh 0.001999/0.001999=1,
     *        step -0.00526316, p 0.9052632.
     *     t3 g 3: m -0.009+0.3=0.291, v 0.001997001+0.009=0.010997001;
     *        mh 0.291/0.271=1.0738007, vh 0.010997001/0.002997001=3.6693351,
     *        sqrt 1.9155509, step 0.1*1.0738007/1.9155509=0.0560570,
     *        p 0.8492061. */
    static const float want[3][2] = {
        {0.9f, 0.9f}, {0.8f, 0.9052632f}, {0.7f, 0.8492061f}};
    tps__optim_t o = make("adam", "constant", "none", 0.1);
    ck_assert_double_eq(o.beta1, 0.9);
    ck_assert_double_eq(o.beta2, 0.999);
    ck_assert_double_eq(o.eps, 1e-8);
    float p[2] = {1, 1}, m[2] = {0, 0}, v[2] = {0, 0};
    /* 1 - 0.999^t in float-rounded arithmetic costs a few 1e-7 relative. */
    run3(&o, p, m, v, want, 2e-6);
    ck_assert_float_eq_tol(m[1], 0.291f, TOL);
    ck_assert_float_eq_tol(v[1], 0.010997001f, 1e-8);
}
END_TEST

START_TEST(test_adam_first_step_is_lr_sign) {
    /* mh = g and vh = g^2 at t = 1, so p moves by lr*g/(|g| + eps): lr*sign(g)
     * whatever |g| is, short by a relative eps/|g|. For |g| = 1e-3 that is
     * 1e-5: 0.1*1e-3/(1e-3 + 1e-8) = 0.0999990. */
    tps__optim_t o = make("adam", "constant", "none", 0.1);
    float p[4] = {0, 0, 0, 0}, m[4] = {0}, v[4] = {0};
    const float g[4] = {1e-3f, -5.0f, 300.0f, -1e4f};
    tps__optim_step(&o, p, g, 1.0, m, v, 4, 1);
    ck_assert_float_eq_tol(p[0], -0.0999990f, 1e-7);
    ck_assert_float_eq_tol(p[1], 0.1f, 1e-7);
    ck_assert_float_eq_tol(p[2], -0.1f, 1e-7);
    ck_assert_float_eq_tol(p[3], 0.1f, 1e-7);
}
END_TEST

START_TEST(test_adagrad) {
    /* v += g^2; p -= 0.1 g/(sqrt(v) + 1e-8).
     * e0: v 4,  p 1-0.2/2=0.9; v 8, p 0.9-0.2/2.8284271=0.8292893;
     *     v 12, p 0.8292893-0.2/3.4641016=0.7715543.
     * e1: v 1,  p 0.9; v 2, p 0.9+0.1/1.4142136=0.9707107;
     *     v 11, p 0.9707107-0.3/3.3166248=0.8802573. */
    static const float want[3][2] = {
        {0.9f, 0.9f}, {0.8292893f, 0.9707107f}, {0.7715543f, 0.8802573f}};
    tps__optim_t o = make("adagrad", "constant", "none", 0.1);
    float p[2] = {1, 1}, v[2] = {0, 0};
    run3(&o, p, v, NULL, want, TOL);
    ck_assert_float_eq_tol(v[0], 12.0f, TOL);
    ck_assert_float_eq_tol(v[1], 11.0f, TOL);
}
END_TEST

START_TEST(test_adagrad_eps_outside_root) {
    /* eps is added to sqrt(v), not under it: for g = 1e-3 the first step is
     * 0.1*1e-3/(1e-3 + 1e-8) = 0.0999990, where eps under the root would give
     * 0.1*1e-3/sqrt(1.01e-6) = 0.0995037. */
    tps__optim_t o = make("adagrad", "constant", "none", 0.1);
    float p[1] = {0}, v[1] = {0};
    const float g[1] = {1e-3f};
    tps__optim_step(&o, p, g, 1.0, v, NULL, 1, 1);
    ck_assert_float_eq_tol(p[0], -0.0999990f, 1e-7);
}
END_TEST

START_TEST(test_slots) {
    static const struct {
        const char *name;
        int slots;
    } cases[] = {{"sgd", 0},
                 {"momentum", 1},
                 {"nesterov", 1},
                 {"adagrad", 1},
                 {"adam", 2},
                 {"ftrl", 2}};
    for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
        tps__optim_t o = make(cases[k].name, "constant", "none", 0.1);
        ck_assert_int_eq(tps__optim_slots(&o), cases[k].slots);
    }
}
END_TEST

START_TEST(test_weight_decay) {
    /* lr 0.1, wd 0.01, scale 0.5: the decay joins the already scaled
     * gradient. e0: 0.5*1 + 0.01*2 = 0.52, p 2-0.052 = 1.948.
     * e1: 0.5*1 + 0.01*(-4) = 0.46, p -4-0.046 = -4.046.
     * (Scaling the decay as well would give 0.51 and 1.949.) */
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256];
    tps__optim_conf_default(&c);
    c.weight_decay = 0.01;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    float p[2] = {2, -4};
    const float g[2] = {1, 1};
    tps__optim_step(&o, p, g, 0.5, NULL, NULL, 2, 1);
    ck_assert_float_eq_tol(p[0], 1.948f, TOL);
    ck_assert_float_eq_tol(p[1], -4.046f, TOL);
}
END_TEST

START_TEST(test_clip_factor) {
    ck_assert_double_eq(tps__clip_factor(0.0, 5.0), 1.0);  /* off */
    ck_assert_double_eq(tps__clip_factor(-1.0, 5.0), 1.0); /* off */
    ck_assert_double_eq(tps__clip_factor(2.0, 1.0), 1.0);  /* below */
    ck_assert_double_eq(tps__clip_factor(2.0, 2.0), 1.0);  /* at */
    ck_assert_double_eq(tps__clip_factor(2.0, 8.0), 0.25); /* 2/8 */
    ck_assert_double_eq(tps__clip_factor(3.0, 4.0), 0.75); /* 3/4 */
    ck_assert_double_eq(tps__clip_factor(1.0, INFINITY), 0.0);
    ck_assert_double_eq(tps__clip_factor(1.0, NAN), 1.0);
}
END_TEST

static void check_lr(const char *schedule, uint64_t warmup, uint64_t t,
                     double want) {
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256];
    tps__optim_conf_default(&c);
    c.lr = 0.4;
    c.schedule = schedule;
    c.warmup = warmup;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    double got = tps__optim_lr(&o, t);
    ck_assert_msg(fabs(got - want) < 1e-15,
                  "%s warmup %llu at t=%llu: %.17g != %.17g", schedule,
                  (unsigned long long)warmup, (unsigned long long)t, got, want);
}

START_TEST(test_lr_schedules) {
    /* lr 0.4 throughout. */
    check_lr("constant", 0, 1, 0.4);
    check_lr("constant", 0, 1000000, 0.4);
    /* 0.4/sqrt(t): t 1 -> 0.4, 4 -> 0.2, 16 -> 0.1; t 0 counts as 1 */
    check_lr("invsqrt", 0, 1, 0.4);
    check_lr("invsqrt", 0, 4, 0.2);
    check_lr("invsqrt", 0, 16, 0.1);
    check_lr("invsqrt", 0, 0, 0.4);
    /* 0.4 * 0.5^floor((t-1)/10): steps 1..10 at 0.4, 11..20 at 0.2, 21.. at
     * 0.1 */
    check_lr("step:10:0.5", 0, 1, 0.4);
    check_lr("step:10:0.5", 0, 10, 0.4);
    check_lr("step:10:0.5", 0, 11, 0.2);
    check_lr("step:10:0.5", 0, 20, 0.2);
    check_lr("step:10:0.5", 0, 21, 0.1);
    /* 0.4 * (1 + cos(pi min(t,100)/100))/2:
     * t 1: 0.2*(1 + cos(pi/100)) = 0.2*(1 + 0.99950656036573) = 0.39990131207;
     * t 25: 0.2*(1 + sqrt(2)/2) = 0.34142135624; t 50: 0.2*(1 + 0) = 0.2;
     * t 100 and beyond: 0.2*(1 - 1) = 0. */
    check_lr("cosine:100", 0, 1, 0.39990131207314633);
    check_lr("cosine:100", 0, 25, 0.2 * (1.0 + sqrt(2.0) / 2.0));
    check_lr("cosine:100", 0, 50, 0.2);
    check_lr("cosine:100", 0, 100, 0.0);
    check_lr("cosine:100", 0, 200, 0.0);
    /* warmup 4: 0.4 * min(1, t/4) = 0.1, 0.2, 0.3, 0.4, 0.4 */
    check_lr("constant", 4, 1, 0.1);
    check_lr("constant", 4, 2, 0.2);
    check_lr("constant", 4, 3, 0.3);
    check_lr("constant", 4, 4, 0.4);
    check_lr("constant", 4, 5, 0.4);
    /* warmup times schedule, unshifted: step:2:0.5 at t 3 is 0.4*0.5 = 0.2,
     * times 3/4 = 0.15 */
    check_lr("step:2:0.5", 4, 3, 0.15);
}
END_TEST

START_TEST(test_step_uses_schedule) {
    /* invsqrt with lr 0.4 at t = 4 is 0.2: p = 1 - 0.2*1 = 0.8. */
    tps__optim_t o = make("sgd", "invsqrt", "none", 0.4);
    float p[1] = {1};
    const float g[1] = {1};
    tps__optim_step(&o, p, g, 1.0, NULL, NULL, 1, 4);
    ck_assert_float_eq_tol(p[0], 0.8f, TOL);
}
END_TEST

START_TEST(test_parse_accepted) {
    tps__optim_t o;
    char err[256];
    static const char *optims[6] = {"sgd",  "momentum", "nesterov",
                                    "adam", "adagrad",  "ftrl"};
    static const tps__optim_kind_t kinds[6] = {
        TPS_OPTIM_SGD,  TPS_OPTIM_MOMENTUM, TPS_OPTIM_NESTEROV,
        TPS_OPTIM_ADAM, TPS_OPTIM_ADAGRAD,  TPS_OPTIM_FTRL};
    for (int k = 0; k < 6; k++) {
        memset(&o, 0xff, sizeof(o));
        ck_assert_int_eq(
            tps__optim_parse_optimizer(&o, optims[k], err, sizeof(err)), 0);
        ck_assert_int_eq(o.kind, kinds[k]);
    }

    ck_assert_int_eq(tps__optim_parse_schedule(&o, "constant", err, 256), 0);
    ck_assert_int_eq(o.sched, TPS_SCHED_CONSTANT);
    ck_assert_int_eq(tps__optim_parse_schedule(&o, "invsqrt", err, 256), 0);
    ck_assert_int_eq(o.sched, TPS_SCHED_INVSQRT);
    ck_assert_int_eq(tps__optim_parse_schedule(&o, "step:100:0.5", err, 256),
                     0);
    ck_assert_int_eq(o.sched, TPS_SCHED_STEP);
    ck_assert_uint_eq(o.sched_every, 100);
    ck_assert_double_eq(o.sched_factor, 0.5);
    ck_assert_int_eq(tps__optim_parse_schedule(&o, "step:1:1", err, 256), 0);
    ck_assert_uint_eq(o.sched_every, 1);
    ck_assert_double_eq(o.sched_factor, 1.0);
    ck_assert_int_eq(tps__optim_parse_schedule(&o, "step:30:1e-1", err, 256),
                     0);
    ck_assert_double_eq(o.sched_factor, 0.1);
    ck_assert_int_eq(tps__optim_parse_schedule(&o, "cosine:1000", err, 256), 0);
    ck_assert_int_eq(o.sched, TPS_SCHED_COSINE);
    ck_assert_uint_eq(o.sched_total, 1000);

    ck_assert_int_eq(tps__optim_parse_weight(&o, "none", err, 256), 0);
    ck_assert_int_eq(o.weight, TPS_WEIGHT_NONE);
    ck_assert_int_eq(tps__optim_parse_weight(&o, "inverse", err, 256), 0);
    ck_assert_int_eq(o.weight, TPS_WEIGHT_INVERSE);
    ck_assert_int_eq(tps__optim_parse_weight(&o, "lrdiv", err, 256), 0);
    ck_assert_int_eq(o.weight, TPS_WEIGHT_LRDIV);
    ck_assert_int_eq(tps__optim_parse_weight(&o, "exp:0.5", err, 256), 0);
    ck_assert_int_eq(o.weight, TPS_WEIGHT_EXP);
    ck_assert_double_eq(o.weight_lambda, 0.5);
    ck_assert_int_eq(tps__optim_parse_weight(&o, "exp:2", err, 256), 0);
    ck_assert_double_eq(o.weight_lambda, 2.0);
}
END_TEST

/* Asserts TPS_EINVAL and a message naming the option and quoting the text. */
static void check_rejected(int rc, const char *err, const char *option,
                           const char *text) {
    ck_assert_msg(rc == TPS_EINVAL, "%s \"%s\" accepted (rc %d)", option, text,
                  rc);
    ck_assert_msg(strstr(err, option) != NULL, "\"%s\" does not name %s", err,
                  option);
    ck_assert_msg(strstr(err, text) != NULL, "\"%s\" does not quote \"%s\"",
                  err, text);
}

START_TEST(test_parse_rejected) {
    tps__optim_t o;
    char err[256];
    static const char *optims[] = {"adamw", "", "SGD", "sgd ", "momentum:0.9"};
    for (size_t k = 0; k < sizeof(optims) / sizeof(*optims); k++) {
        err[0] = '\0';
        int rc = tps__optim_parse_optimizer(&o, optims[k], err, sizeof(err));
        check_rejected(rc, err, "--optimizer", optims[k]);
    }
    static const char *scheds[] = {"step:0:0.5",
                                   "step:10",
                                   "step:10:",
                                   "step:10:0",
                                   "step:10:1.5",
                                   "step:-1:0.5",
                                   "step:x:0.5",
                                   "step: 10:0.5",
                                   "step:10:0.5x",
                                   "step:10:nan",
                                   "step",
                                   "cosine:x",
                                   "cosine:0",
                                   "cosine:",
                                   "cosine:-5",
                                   "cosine:10.5",
                                   "cosine:99999999999999999999",
                                   "",
                                   "linear",
                                   "Constant"};
    for (size_t k = 0; k < sizeof(scheds) / sizeof(*scheds); k++) {
        err[0] = '\0';
        int rc = tps__optim_parse_schedule(&o, scheds[k], err, sizeof(err));
        check_rejected(rc, err, "--lr-schedule", scheds[k]);
    }
    static const char *weights[] = {"exp:-1",  "exp:",      "exp:nan",
                                    "exp:inf", "exp:1e999", "exp",
                                    "",        "inverse:2", "sqrt"};
    for (size_t k = 0; k < sizeof(weights) / sizeof(*weights); k++) {
        err[0] = '\0';
        int rc = tps__optim_parse_weight(&o, weights[k], err, sizeof(err));
        check_rejected(rc, err, "--staleness-weight", weights[k]);
    }
}
END_TEST

START_TEST(test_init_rejects_numbers) {
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256];
    const struct {
        const char *option;
        double *field;
        double bad;
    } cases[] = {
        {"--lr", &c.lr, -0.1},
        {"--lr", &c.lr, INFINITY},
        {"--momentum", &c.momentum, 1.0},
        {"--momentum", &c.momentum, -0.5},
        {"--beta1", &c.beta1, 1.0},
        {"--beta2", &c.beta2, 1.5},
        {"--eps", &c.eps, 0.0},
        {"--weight-decay", &c.weight_decay, NAN},
        {"--clip-norm", &c.clip_norm, -1.0},
        {"--l1", &c.l1, -1.0},
        {"--l1", &c.l1, NAN},
        {"--l2", &c.l2, -0.5},
        {"--l2", &c.l2, INFINITY},
        {"--ftrl-beta", &c.ftrl_beta, NAN},
        {"--ftrl-beta", &c.ftrl_beta, -1e-9},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
        tps__optim_conf_default(&c);
        *cases[k].field = cases[k].bad;
        err[0] = '\0';
        ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), TPS_EINVAL);
        ck_assert_msg(strncmp(err, cases[k].option, strlen(cases[k].option)) ==
                              0 &&
                          err[strlen(cases[k].option)] == ':',
                      "\"%s\" does not start with %s:", err, cases[k].option);
    }
    /* A bad string reaches init's caller with the parser's sentence. */
    tps__optim_conf_default(&c);
    c.schedule = "cosine:x";
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "--lr-schedule"));
    /* Edges that are fine: lr 0, momentum 0, clip-norm 0, and ftrl with
     * beta, l1 and l2 all 0 (FTRL without regularisation). */
    tps__optim_conf_default(&c);
    c.lr = 0.0;
    c.momentum = 0.0;
    c.beta1 = 0.0;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    tps__optim_conf_default(&c);
    c.optimizer = "ftrl";
    c.ftrl_beta = 0.0;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
}
END_TEST

START_TEST(test_describe) {
    tps__optim_conf_t c;
    tps__optim_t o;
    char err[256], line[512];
    tps__optim_conf_default(&c);
    c.optimizer = "adam";
    c.schedule = "step:100:0.5";
    c.weight = "exp:0.25";
    c.warmup = 50;
    c.clip_norm = 5.0;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    tps__optim_describe(&o, line, sizeof(line));
    ck_assert_str_eq(line, "adam lr=0.1 beta1=0.9 beta2=0.999 eps=1e-08 "
                           "weight-decay=0 lr-schedule=step:100:0.5 "
                           "warmup=50 clip-norm=5 staleness-weight=exp:0.25");
    tps__optim_conf_default(&c);
    c.optimizer = "ftrl";
    c.ftrl_beta = 0.5;
    c.l1 = 2;
    c.l2 = 0.25;
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    tps__optim_describe(&o, line, sizeof(line));
    ck_assert_str_eq(line, "ftrl lr=0.1 ftrl-beta=0.5 l1=2 l2=0.25 "
                           "weight-decay=0 lr-schedule=constant warmup=0 "
                           "clip-norm=0 staleness-weight=none");
    tps__optim_conf_default(&c);
    ck_assert_int_eq(tps__optim_init(&o, &c, err, sizeof(err)), 0);
    tps__optim_describe(&o, line, sizeof(line));
    ck_assert_str_eq(line, "sgd lr=0.1 weight-decay=0 lr-schedule=constant "
                           "warmup=0 clip-norm=0 staleness-weight=none");
    /* Truncation still terminates. */
    tps__optim_describe(&o, line, 4);
    ck_assert_str_eq(line, "sgd");
}
END_TEST

START_TEST(test_weight_before_momentum) {
    /* momentum 0.9, lr 0.1, p 1. Step 1: fresh g 1, m 1, p 0.9.
     * Step 2: g 1 with staleness 1 under inverse (w 1/2).
     * Weight first: m 0.9*1 + 0.5*1 = 1.4, p 0.9 - 0.14 = 0.76.
     * Weight after (wrong): m 0.9 + 1 = 1.9, p 0.9 - 0.1*0.5*1.9 = 0.805. */
    tps__optim_t o = make("momentum", "constant", "inverse", 0.1);
    float p[1] = {1}, m[1] = {0};
    const float g[1] = {1};
    tps__optim_step(&o, p, g, tps__staleness_weight(&o, 0), m, NULL, 1, 1);
    ck_assert_float_eq_tol(p[0], 0.9f, TOL);
    tps__optim_step(&o, p, g, tps__staleness_weight(&o, 1), m, NULL, 1, 2);
    ck_assert_float_eq_tol(m[0], 1.4f, TOL);
    ck_assert_float_eq_tol(p[0], 0.76f, TOL);
}
END_TEST

START_TEST(test_weight_before_adam_moments) {
    /* Adam's step is scale-invariant, but its moments are not: with scale
     * 0.25 and g 4 the moments see 1, so m = 0.1*1 = 0.1 and
     * v = 0.001*1 = 0.001 (not 0.4 and 0.016). */
    tps__optim_t o = make("adam", "constant", "none", 0.1);
    float p[1] = {0}, m[1] = {0}, v[1] = {0};
    const float g[1] = {4};
    tps__optim_step(&o, p, g, 0.25, m, v, 1, 1);
    ck_assert_float_eq_tol(m[0], 0.1f, 1e-7);
    ck_assert_float_eq_tol(v[0], 0.001f, 1e-9);
}
END_TEST

START_TEST(test_every_element_and_no_more) {
    /* Odd lengths exercise the loops' tails; the guard past n stays put. */
    static const char *names[6] = {"sgd",  "momentum", "nesterov",
                                   "adam", "adagrad",  "ftrl"};
    for (int k = 0; k < 6; k++) {
        tps__optim_t o = make(names[k], "constant", "none", 0.1);
        enum { N = 37 };
        float p[N + 1], g[N + 1], s0[N + 1], s1[N + 1];
        for (int i = 0; i <= N; i++) {
            p[i] = 1.0f;
            g[i] = 2.0f;
            s0[i] = s1[i] = 0.0f;
        }
        tps__optim_step(&o, p, g, 1.0, s0, s1, N, 1);
        for (int i = 1; i < N; i++)
            ck_assert_float_eq(p[i], p[0]);
        ck_assert_float_lt(p[0], 1.0f);
        ck_assert_float_eq(p[N], 1.0f);
        ck_assert_float_eq(s0[N], 0.0f);
        ck_assert_float_eq(s1[N], 0.0f);
    }
}
END_TEST

static Suite *optimizer_suite(void) {
    Suite *s = suite_create("optimizer");
    TCase *tc = tcase_create("staleness");
    tcase_add_test(tc, test_staleness_weights);
    tcase_add_test(tc, test_ex4_one_stale_apply);
    tcase_add_test(tc, test_weight_before_momentum);
    tcase_add_test(tc, test_weight_before_adam_moments);
    suite_add_tcase(s, tc);
    tc = tcase_create("optimizers");
    tcase_add_test(tc, test_sgd_single_equation);
    tcase_add_test(tc, test_adam_single_equation);
    tcase_add_test(tc, test_momentum_heavy_ball);
    tcase_add_test(tc, test_nesterov);
    tcase_add_test(tc, test_adam);
    tcase_add_test(tc, test_adam_first_step_is_lr_sign);
    tcase_add_test(tc, test_adagrad);
    tcase_add_test(tc, test_adagrad_eps_outside_root);
    tcase_add_test(tc, test_slots);
    tcase_add_test(tc, test_weight_decay);
    tcase_add_test(tc, test_every_element_and_no_more);
    suite_add_tcase(s, tc);
    tc = tcase_create("schedule");
    tcase_add_test(tc, test_clip_factor);
    tcase_add_test(tc, test_lr_schedules);
    tcase_add_test(tc, test_step_uses_schedule);
    suite_add_tcase(s, tc);
    tc = tcase_create("options");
    tcase_add_test(tc, test_parse_accepted);
    tcase_add_test(tc, test_parse_rejected);
    tcase_add_test(tc, test_init_rejects_numbers);
    tcase_add_test(tc, test_describe);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(optimizer_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
