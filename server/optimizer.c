/* SPDX-License-Identifier: MIT */
/* Server-side optimizers, lr schedules, clipping and staleness weights. */
#include "optimizer.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_float.h"

static const char *const optim_names[] = {"sgd",  "momentum", "nesterov",
                                          "adam", "adagrad",  "ftrl"};
#define NOPTIM (sizeof(optim_names) / sizeof(*optim_names))

void tps__optim_conf_default(tps__optim_conf_t *c) {
    c->optimizer = "sgd";
    c->schedule = "constant";
    c->weight = "none";
    c->lr = 0.1;
    c->momentum = 0.9;
    c->beta1 = 0.9;
    c->beta2 = 0.999;
    c->eps = 1e-8;
    c->ftrl_beta = 1.0;
    c->l1 = 0.0;
    c->l2 = 0.0;
    c->weight_decay = 0.0;
    c->clip_norm = 0.0;
    c->warmup = 0;
}

/* Decimal integer at s, stopping at *end. strtoull alone would take a sign
 * and wrap "-1" to 2^64-1, and would skip leading blanks. */
static int parse_u64(const char *s, const char **end, uint64_t *out) {
    if (!isdigit((unsigned char)*s))
        return -1;
    char *e;
    errno = 0;
    unsigned long long v = strtoull(s, &e, 10);
    if (errno != 0)
        return -1;
    *out = (uint64_t)v;
    *end = e;
    return 0;
}

/* Finite number at s, stopping at *end. */
static int parse_double(const char *s, const char **end, double *out) {
    if (*s == '\0' || isspace((unsigned char)*s))
        return -1;
    char *e;
    errno = 0;
    double v = strtod(s, &e);
    if (e == s || errno == ERANGE || !isfinite(v))
        return -1;
    *out = v;
    *end = e;
    return 0;
}

int tps__optim_parse_optimizer(tps__optim_t *o, const char *text, char *err,
                               size_t errlen) {
    for (size_t k = 0; k < NOPTIM; k++)
        if (strcmp(text, optim_names[k]) == 0) {
            o->kind = (tps__optim_kind_t)k;
            return 0;
        }
    snprintf(err, errlen,
             "--optimizer: \"%s\" is not one of "
             "sgd|momentum|nesterov|adam|adagrad|ftrl",
             text);
    return TPS_EINVAL;
}

int tps__optim_parse_schedule(tps__optim_t *o, const char *text, char *err,
                              size_t errlen) {
    const char *e;
    if (strcmp(text, "constant") == 0) {
        o->sched = TPS_SCHED_CONSTANT;
        return 0;
    }
    if (strcmp(text, "invsqrt") == 0) {
        o->sched = TPS_SCHED_INVSQRT;
        return 0;
    }
    if (strncmp(text, "step:", 5) == 0) {
        uint64_t every;
        double factor;
        if (parse_u64(text + 5, &e, &every) != 0 || *e != ':' || every < 1) {
            snprintf(err, errlen,
                     "--lr-schedule: \"%s\": EVERY in step:EVERY:FACTOR must "
                     "be an integer >= 1",
                     text);
            return TPS_EINVAL;
        }
        if (parse_double(e + 1, &e, &factor) != 0 || *e != '\0' ||
            !(factor > 0.0 && factor <= 1.0)) {
            snprintf(err, errlen,
                     "--lr-schedule: \"%s\": FACTOR in step:EVERY:FACTOR must "
                     "be a number in (0, 1]",
                     text);
            return TPS_EINVAL;
        }
        o->sched = TPS_SCHED_STEP;
        o->sched_every = every;
        o->sched_factor = factor;
        return 0;
    }
    if (strncmp(text, "cosine:", 7) == 0) {
        uint64_t total;
        if (parse_u64(text + 7, &e, &total) != 0 || *e != '\0' || total < 1) {
            snprintf(err, errlen,
                     "--lr-schedule: \"%s\": TOTAL in cosine:TOTAL must be an "
                     "integer >= 1",
                     text);
            return TPS_EINVAL;
        }
        o->sched = TPS_SCHED_COSINE;
        o->sched_total = total;
        return 0;
    }
    snprintf(err, errlen,
             "--lr-schedule: \"%s\" is not one of "
             "constant|invsqrt|step:EVERY:FACTOR|cosine:TOTAL",
             text);
    return TPS_EINVAL;
}

int tps__optim_parse_weight(tps__optim_t *o, const char *text, char *err,
                            size_t errlen) {
    if (strcmp(text, "none") == 0) {
        o->weight = TPS_WEIGHT_NONE;
        return 0;
    }
    if (strcmp(text, "inverse") == 0) {
        o->weight = TPS_WEIGHT_INVERSE;
        return 0;
    }
    if (strcmp(text, "lrdiv") == 0) {
        o->weight = TPS_WEIGHT_LRDIV;
        return 0;
    }
    int dc = strncmp(text, "dc:", 3) == 0;
    if (dc || strncmp(text, "exp:", 4) == 0) {
        const char *e;
        double lambda;
        if (parse_double(text + (dc ? 3 : 4), &e, &lambda) != 0 ||
            *e != '\0' || lambda < 0.0) {
            snprintf(err, errlen,
                     "--staleness-weight: \"%s\": LAMBDA in %s:LAMBDA must "
                     "be a finite number >= 0",
                     text, dc ? "dc" : "exp");
            return TPS_EINVAL;
        }
        o->weight = dc ? TPS_WEIGHT_DC : TPS_WEIGHT_EXP;
        o->weight_lambda = lambda;
        return 0;
    }
    snprintf(err, errlen,
             "--staleness-weight: \"%s\" is not one of "
             "none|inverse|exp:LAMBDA|lrdiv|dc:LAMBDA",
             text);
    return TPS_EINVAL;
}

/* Checks lo <= v < hi (or <= hi when hi_closed); hi = INFINITY for no bound. */
static int check_range(const char *name, double v, double lo, double hi,
                       int hi_closed, char *err, size_t errlen) {
    int ok = isfinite(v) && v >= lo && (hi_closed ? v <= hi : v < hi);
    if (ok)
        return 0;
    if (isinf(hi))
        snprintf(err, errlen, "--%s: %g must be a finite number >= %g", name, v,
                 lo);
    else
        snprintf(err, errlen, "--%s: %g is outside [%g, %g%c", name, v, lo, hi,
                 hi_closed ? ']' : ')');
    return TPS_EINVAL;
}

int tps__optim_init(tps__optim_t *o, const tps__optim_conf_t *c, char *err,
                    size_t errlen) {
    memset(o, 0, sizeof(*o));
    int rc;
    if ((rc = tps__optim_parse_optimizer(o, c->optimizer, err, errlen)) != 0 ||
        (rc = tps__optim_parse_schedule(o, c->schedule, err, errlen)) != 0 ||
        (rc = tps__optim_parse_weight(o, c->weight, err, errlen)) != 0)
        return rc;
    if ((rc = check_range("lr", c->lr, 0.0, INFINITY, 0, err, errlen)) != 0 ||
        (rc = check_range("momentum", c->momentum, 0.0, 1.0, 0, err, errlen)) !=
            0 ||
        (rc = check_range("beta1", c->beta1, 0.0, 1.0, 0, err, errlen)) != 0 ||
        (rc = check_range("beta2", c->beta2, 0.0, 1.0, 0, err, errlen)) != 0 ||
        (rc = check_range("weight-decay", c->weight_decay, 0.0, INFINITY, 0,
                          err, errlen)) != 0 ||
        (rc = check_range("clip-norm", c->clip_norm, 0.0, INFINITY, 0, err,
                          errlen)) != 0 ||
        (rc = check_range("ftrl-beta", c->ftrl_beta, 0.0, INFINITY, 0, err,
                          errlen)) != 0 ||
        (rc = check_range("l1", c->l1, 0.0, INFINITY, 0, err, errlen)) != 0 ||
        (rc = check_range("l2", c->l2, 0.0, INFINITY, 0, err, errlen)) != 0)
        return rc;
    /* eps = 0 would turn a zero gradient element into 0/0 in adam and
     * adagrad. */
    if (!(isfinite(c->eps) && c->eps > 0.0)) {
        snprintf(err, errlen, "--eps: %g must be a finite number > 0", c->eps);
        return TPS_EINVAL;
    }
    o->lr = c->lr;
    o->momentum = c->momentum;
    o->beta1 = c->beta1;
    o->beta2 = c->beta2;
    o->eps = c->eps;
    o->ftrl_beta = c->ftrl_beta;
    o->l1 = c->l1;
    o->l2 = c->l2;
    o->weight_decay = c->weight_decay;
    o->clip_norm = c->clip_norm;
    o->warmup = c->warmup;
    return 0;
}

int tps__optim_slots(const tps__optim_t *o) {
    switch (o->kind) {
    case TPS_OPTIM_MOMENTUM:
    case TPS_OPTIM_NESTEROV:
    case TPS_OPTIM_ADAGRAD:
        return 1;
    case TPS_OPTIM_ADAM:
    case TPS_OPTIM_FTRL:
        return 2;
    default:
        return 0;
    }
}

double tps__staleness_weight(const tps__optim_t *o, uint64_t s) {
    switch (o->weight) {
    case TPS_WEIGHT_INVERSE:
        return 1.0 / (1.0 + (double)s);
    case TPS_WEIGHT_EXP:
        return exp(-o->weight_lambda * (double)s);
    case TPS_WEIGHT_LRDIV:
        return 1.0 / (double)(s > 1 ? s : 1);
    default:
        return 1.0;
    }
}

double tps__optim_lr(const tps__optim_t *o, uint64_t t) {
    if (t == 0)
        t = 1;
    double lr = o->lr;
    switch (o->sched) {
    case TPS_SCHED_INVSQRT:
        lr /= sqrt((double)t);
        break;
    case TPS_SCHED_STEP:
        lr *= pow(o->sched_factor, (double)((t - 1) / o->sched_every));
        break;
    case TPS_SCHED_COSINE: {
        uint64_t T = o->sched_total, u = t < T ? t : T;
        lr *= 0.5 * (1.0 + cos(M_PI * (double)u / (double)T));
        break;
    }
    default:
        break;
    }
    if (t < o->warmup)
        lr *= (double)t / (double)o->warmup;
    return lr;
}

double tps__clip_factor(double clip_norm, double grad_norm) {
    if (clip_norm > 0.0 && grad_norm > clip_norm)
        return clip_norm / grad_norm;
    return 1.0;
}

/* Per-step scalars, rounded to float once: mixing double into the loops
 * would halve the vector width of what is a memory-bound pass anyway. */
typedef struct coef_s {
    float lr, sc, wd, mu, eps;
    float a, c2, b1, nb1, b2, nb2; /* adam */
    float ia, fb, l1, l2;          /* ftrl: 1/lr, beta, l1, l2 */
} coef_t;

/* 1 for NaN and +-Inf: a comparison the vectoriser keeps in the loop, so
 * that checking what a step wrote costs no pass of its own. */
#define NONFINITE(x) (!(fabsf(x) <= FLT_MAX))

/* Each kernel updates elements [i, i + len) and says whether it wrote a
 * non-finite value. One per optimizer so that each
 * is a branch-free pass; s0 and s1 are only touched by the kernels that own
 * them, so they may be NULL for the others. */
static inline int sgd_run(const coef_t *c, float *restrict p,
                           const float *restrict g, float *restrict s0,
                           float *restrict s1, uint64_t i, uint64_t len) {
    (void)s0;
    (void)s1;
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float x = p[k] - c->lr * (c->sc * g[k] + c->wd * p[k]);
        p[k] = x;
        bad |= NONFINITE(x);
    }
    return bad;
}

static inline int momentum_run(const coef_t *c, float *restrict p,
                                const float *restrict g, float *restrict s0,
                                float *restrict s1, uint64_t i, uint64_t len) {
    (void)s1;
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float m = c->mu * s0[k] + (c->sc * g[k] + c->wd * p[k]);
        float x = p[k] - c->lr * m;
        s0[k] = m;
        p[k] = x;
        bad |= NONFINITE(m) | NONFINITE(x);
    }
    return bad;
}

/* The look-ahead form without a shifted parameter copy: the step uses the
 * fresh gradient plus mu times the updated buffer. */
static inline int nesterov_run(const coef_t *c, float *restrict p,
                                const float *restrict g, float *restrict s0,
                                float *restrict s1, uint64_t i, uint64_t len) {
    (void)s1;
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float ge = c->sc * g[k] + c->wd * p[k];
        float m = c->mu * s0[k] + ge;
        float x = p[k] - c->lr * (ge + c->mu * m);
        s0[k] = m;
        p[k] = x;
        bad |= NONFINITE(m) | NONFINITE(x);
    }
    return bad;
}

static inline int adagrad_run(const coef_t *c, float *restrict p,
                               const float *restrict g, float *restrict s0,
                               float *restrict s1, uint64_t i, uint64_t len) {
    (void)s1;
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float ge = c->sc * g[k] + c->wd * p[k];
        float v = s0[k] + ge * ge;
        float x = p[k] - c->lr * ge / (sqrtf(v) + c->eps);
        s0[k] = v;
        p[k] = x;
        bad |= NONFINITE(v) | NONFINITE(x);
    }
    return bad;
}

static inline int adam_run(const coef_t *c, float *restrict p,
                            const float *restrict g, float *restrict s0,
                            float *restrict s1, uint64_t i, uint64_t len) {
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float ge = c->sc * g[k] + c->wd * p[k];
        float m = c->b1 * s0[k] + c->nb1 * ge;
        float v = c->b2 * s1[k] + c->nb2 * ge * ge;
        float x = p[k] - c->a * m / (sqrtf(v * c->c2) + c->eps);
        s0[k] = m;
        s1[k] = v;
        p[k] = x;
        bad |= NONFINITE(m) | NONFINITE(v) | NONFINITE(x);
    }
    return bad;
}

/* sigma is written g^2 / (sqrt(n + g^2) + sqrt(n)) / lr, the paper's
 * difference of roots without its cancellation in float once n >> g^2
 * (the max only keeps 0/0 out of the lanes that g = 0 leaves alone). The
 * selects keep the loop branch-free. */
static inline int ftrl_run(const coef_t *c, float *restrict p,
                            const float *restrict g, float *restrict s0,
                            float *restrict s1, uint64_t i, uint64_t len) {
    int bad = 0;
    for (uint64_t k = i; k < i + len; k++) {
        float ge = c->sc * g[k] + c->wd * p[k];
        float g2 = ge * ge, rn = sqrtf(s1[k]);
        float n = s1[k] + g2, rn2 = sqrtf(n);
        float sigma = g2 / fmaxf(rn2 + rn, FLT_MIN) * c->ia;
        float z = s0[k] + ge - sigma * p[k];
        float w = -(z - copysignf(c->l1, z)) / ((c->fb + rn2) * c->ia + c->l2);
        w = fabsf(z) <= c->l1 ? 0.0f : w;
        int on = ge != 0.0f;
        p[k] = on ? w : p[k];
        s0[k] = on ? z : s0[k];
        s1[k] = on ? n : s1[k];
        bad |= on & (NONFINITE(z) | NONFINITE(n) | NONFINITE(w));
    }
    return bad;
}

/* Runs a kernel in fixed-length blocks and then on the tail: GCC vectorises
 * the constant-length calls at -O2, where its cheap cost model leaves a loop
 * of unknown trip count scalar (adam and adagrad also need -fno-math-errno,
 * since sqrtf may set errno as far as GCC knows). */
#define BLOCK 16
#define BLOCKED(run)                                                           \
    do {                                                                       \
        uint64_t i_ = 0;                                                       \
        for (; i_ + BLOCK <= n; i_ += BLOCK)                                   \
            bad |= run(&c, p, g, s0, s1, i_, BLOCK);                           \
        if (i_ < n) /* a row of 16 is one block and no tail */                 \
            bad |= run(&c, p, g, s0, s1, i_, n - i_);                          \
    } while (0)

TPS_WIDE int tps__optim_step(const tps__optim_t *o, float *restrict p,
                             const float *restrict g, double scale,
                             float *restrict s0, float *restrict s1,
                             uint64_t n, uint64_t t) {
    int bad = 0;
    if (t == 0)
        t = 1;
    /* A constant rate past warmup needs no call: a table's rows are
     * stepped one at a time, 16 values each. */
    const double lr = o->sched == TPS_SCHED_CONSTANT && t >= o->warmup
                          ? o->lr
                          : tps__optim_lr(o, t);
    coef_t c = {.lr = (float)lr,
                .sc = (float)scale,
                .wd = (float)o->weight_decay,
                .mu = (float)o->momentum,
                .eps = (float)o->eps};
    switch (o->kind) {
    case TPS_OPTIM_SGD:
        BLOCKED(sgd_run);
        break;
    case TPS_OPTIM_MOMENTUM:
        BLOCKED(momentum_run);
        break;
    case TPS_OPTIM_NESTEROV:
        BLOCKED(nesterov_run);
        break;
    case TPS_OPTIM_ADAGRAD:
        BLOCKED(adagrad_run);
        break;
    case TPS_OPTIM_ADAM:
        /* Bias corrections folded into the step size for m and the factor
         * that un-biases v under the square root. */
        c.a = (float)(lr / (1.0 - pow(o->beta1, (double)t)));
        c.c2 = (float)(1.0 / (1.0 - pow(o->beta2, (double)t)));
        c.b1 = (float)o->beta1;
        c.nb1 = (float)(1.0 - o->beta1);
        c.b2 = (float)o->beta2;
        c.nb2 = (float)(1.0 - o->beta2);
        BLOCKED(adam_run);
        break;
    case TPS_OPTIM_FTRL:
        /* lr_t is the alpha of both sigma and the weights; a zero rate
         * freezes, as for the others, where the formulas would send every
         * touched weight to 0. */
        if (lr == 0.0)
            break;
        c.ia = (float)(1.0 / lr);
        c.fb = (float)o->ftrl_beta;
        c.l1 = (float)o->l1;
        c.l2 = (float)o->l2;
        BLOCKED(ftrl_run);
        break;
    }
    return bad;
}

void tps__optim_describe(const tps__optim_t *o, char *buf, size_t len) {
    char extra[128], sched[64], weight[48];
    switch (o->kind) {
    case TPS_OPTIM_MOMENTUM:
    case TPS_OPTIM_NESTEROV:
        snprintf(extra, sizeof(extra), " momentum=%.15g", o->momentum);
        break;
    case TPS_OPTIM_ADAM:
        snprintf(extra, sizeof(extra), " beta1=%.15g beta2=%.15g eps=%.15g",
                 o->beta1, o->beta2, o->eps);
        break;
    case TPS_OPTIM_ADAGRAD:
        snprintf(extra, sizeof(extra), " eps=%.15g", o->eps);
        break;
    case TPS_OPTIM_FTRL:
        snprintf(extra, sizeof(extra), " ftrl-beta=%.15g l1=%.15g l2=%.15g",
                 o->ftrl_beta, o->l1, o->l2);
        break;
    default:
        extra[0] = '\0';
        break;
    }
    switch (o->sched) {
    case TPS_SCHED_INVSQRT:
        snprintf(sched, sizeof(sched), "invsqrt");
        break;
    case TPS_SCHED_STEP:
        snprintf(sched, sizeof(sched), "step:%llu:%.15g",
                 (unsigned long long)o->sched_every, o->sched_factor);
        break;
    case TPS_SCHED_COSINE:
        snprintf(sched, sizeof(sched), "cosine:%llu",
                 (unsigned long long)o->sched_total);
        break;
    default:
        snprintf(sched, sizeof(sched), "constant");
        break;
    }
    switch (o->weight) {
    case TPS_WEIGHT_INVERSE:
        snprintf(weight, sizeof(weight), "inverse");
        break;
    case TPS_WEIGHT_EXP:
        snprintf(weight, sizeof(weight), "exp:%.15g", o->weight_lambda);
        break;
    case TPS_WEIGHT_LRDIV:
        snprintf(weight, sizeof(weight), "lrdiv");
        break;
    case TPS_WEIGHT_DC:
        snprintf(weight, sizeof(weight), "dc:%.15g", o->weight_lambda);
        break;
    default:
        snprintf(weight, sizeof(weight), "none");
        break;
    }
    unsigned k = (unsigned)o->kind;
    snprintf(buf, len,
             "%s lr=%.15g%s weight-decay=%.15g lr-schedule=%s warmup=%llu "
             "clip-norm=%.15g staleness-weight=%s",
             k < NOPTIM ? optim_names[k] : "?", o->lr, extra, o->weight_decay,
             sched, (unsigned long long)o->warmup, o->clip_norm, weight);
}
