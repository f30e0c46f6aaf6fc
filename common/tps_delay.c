/* SPDX-License-Identifier: MIT */
/* Delay distributions, straggler factors and an EINTR-proof sleep; see
 * tps_delay.h for the specs and the straggler rule. */
#include "tps_delay.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "taups.h"
#include "taups_error.h"

/* Spec names and the parameter names used in messages, by kind. */
static const struct {
    const char *name;
    int nparam;
    const char *param[2];
} kinds[] = {
    [TPS_DELAY_NONE] = {"none", 0, {NULL, NULL}},
    [TPS_DELAY_CONST] = {"const", 1, {"MS", NULL}},
    [TPS_DELAY_UNIFORM] = {"uniform", 2, {"A", "B"}},
    [TPS_DELAY_NORMAL] = {"normal", 2, {"MEAN", "SD"}},
    [TPS_DELAY_LOGNORMAL] = {"lognormal", 2, {"MEAN", "CV"}},
    [TPS_DELAY_PARETO] = {"pareto", 2, {"SHAPE", "SCALE"}},
    [TPS_DELAY_EXP] = {"exp", 1, {"MEAN", NULL}},
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int
fail(char *err, size_t errlen, const char *opt, const char *spec,
     const char *fmt, ...) {
    if (err != NULL && errlen > 0) {
        int n = snprintf(err, errlen, "%s: \"%s\": ", opt, spec);
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return TPS_EINVAL;
}

/* Reads one finite number that must end at ':' or the end of the string;
 * strtod alone would accept "1x", "nan" and "inf". */
static int parse_num(const char *s, const char **end, double *v) {
    char *e;
    errno = 0;
    *v = strtod(s, &e);
    if (e == s || isspace((unsigned char)*s) || (*e != ':' && *e != '\0') ||
        !isfinite(*v) || errno == ERANGE)
        return -1;
    *end = e;
    return 0;
}

static void set_none(tps_delay_t *d) {
    memset(d, 0, sizeof(*d));
    d->kind = TPS_DELAY_NONE;
    d->factor = 1.0;
    tps__rng_seed(&d->rng, 0, 0);
}

/* Range checks per kind; the message names the parameter as the table
 * above does. */
static int check_params(tps_delay_t *d, const char *spec, char *err,
                        size_t errlen) {
    const char *o = "--delay";
    double a = d->p[0], b = d->p[1];
    switch (d->kind) {
    case TPS_DELAY_NONE:
        break;
    case TPS_DELAY_CONST:
        if (a < 0)
            return fail(err, errlen, o, spec, "MS must be >= 0");
        return 0;
    case TPS_DELAY_UNIFORM:
        if (a < 0)
            return fail(err, errlen, o, spec, "A must be >= 0");
        if (b < a)
            return fail(err, errlen, o, spec, "B must be >= A");
        return 0;
    case TPS_DELAY_NORMAL:
        if (a < 0)
            return fail(err, errlen, o, spec,
                        "MEAN must be >= 0 (negative draws are redrawn, which "
                        "needs most of the mass above 0)");
        if (b < 0)
            return fail(err, errlen, o, spec, "SD must be >= 0");
        return 0;
    case TPS_DELAY_LOGNORMAL:
        if (a <= 0)
            return fail(err, errlen, o, spec, "MEAN must be > 0");
        if (b < 0)
            return fail(err, errlen, o, spec, "CV must be >= 0");
        d->sigma = sqrt(log1p(b * b));
        d->mu = log(a) - 0.5 * d->sigma * d->sigma;
        return 0;
    case TPS_DELAY_PARETO:
        if (a <= 1)
            return fail(err, errlen, o, spec,
                        "SHAPE must be > 1 (the mean is infinite otherwise)");
        if (b <= 0)
            return fail(err, errlen, o, spec, "SCALE must be > 0");
        return 0;
    case TPS_DELAY_EXP:
        if (a <= 0)
            return fail(err, errlen, o, spec, "MEAN must be > 0");
        return 0;
    }
    return 0;
}

int tps__delay_parse(tps_delay_t *d, const char *spec, char *err,
                     size_t errlen) {
    set_none(d);
    if (spec == NULL)
        return 0;
    size_t klen = strcspn(spec, ":");
    int k;
    for (k = 0; k < NKINDS; k++)
        if (strlen(kinds[k].name) == klen &&
            memcmp(kinds[k].name, spec, klen) == 0)
            break;
    if (k == NKINDS)
        return fail(err, errlen, "--delay", spec,
                    "unknown distribution \"%.*s\" (expected none, const, "
                    "uniform, normal, lognormal, pareto or exp)",
                    (int)klen, spec);

    int nfield = 0;
    for (const char *c = spec + klen; *c != '\0'; c++)
        nfield += *c == ':';
    if (nfield != kinds[k].nparam)
        return fail(err, errlen, "--delay", spec, "expected %s%s%s%s%s",
                    kinds[k].name, kinds[k].nparam > 0 ? ":" : "",
                    kinds[k].nparam > 0 ? kinds[k].param[0] : "",
                    kinds[k].nparam > 1 ? ":" : "",
                    kinds[k].nparam > 1 ? kinds[k].param[1] : "");

    d->kind = (tps__delay_kind_t)k;
    const char *c = spec + klen;
    for (int i = 0; i < kinds[k].nparam; i++) {
        if (parse_num(c + 1, &c, &d->p[i]) < 0) {
            set_none(d);
            return fail(err, errlen, "--delay", spec,
                        "%s is not a finite number", kinds[k].param[i]);
        }
    }
    int rc = check_params(d, spec, err, errlen);
    if (rc < 0)
        set_none(d);
    return rc;
}

int tps__delay_set_straggler(tps_delay_t *d, const char *spec, int my_rank,
                             int workers, char *err, size_t errlen) {
    const char *o = "--straggler";
    if (spec == NULL)
        spec = "";
    const char *colon = strchr(spec, ':');
    if (colon == NULL || strchr(colon + 1, ':') != NULL)
        return fail(err, errlen, o, spec, "expected RANK:FACTOR");
    /* strtol would also take a sign or leading blanks; a rank is digits. */
    char *e;
    errno = 0;
    long rank = strtol(spec, &e, 10);
    if (!isdigit((unsigned char)spec[0]) || e != colon || errno == ERANGE ||
        rank > INT_MAX)
        return fail(err, errlen, o, spec, "RANK must be an integer >= 0");
    /* A rank no worker has would make nobody slow: the experiment would
     * run without the straggler it was set up to measure. */
    if (workers > 0 && rank >= workers)
        return fail(err, errlen, o, spec,
                    "RANK %ld is not a worker's (ranks are 0..%d with "
                    "--workers %d)",
                    rank, workers - 1, workers);
    double factor;
    const char *end;
    if (parse_num(colon + 1, &end, &factor) < 0)
        return fail(err, errlen, o, spec, "FACTOR is not a finite number");
    if (factor < 1)
        return fail(err, errlen, o, spec,
                    "FACTOR must be >= 1 (it makes worker %ld slower)", rank);
    if (rank == my_rank)
        d->factor = factor;
    return 0;
}

void tps__delay_seed(tps_delay_t *d, uint64_t seed, uint64_t stream) {
    tps__rng_seed(&d->rng, seed, stream);
}

double tps__delay_sample_ms(tps_delay_t *d) {
    double x;
    switch (d->kind) {
    case TPS_DELAY_CONST:
        return d->p[0];
    case TPS_DELAY_UNIFORM:
        return d->p[0] + (d->p[1] - d->p[0]) * tps__rng_uniform(&d->rng);
    case TPS_DELAY_NORMAL:
        do
            x = d->p[0] + d->p[1] * tps__rng_normal(&d->rng);
        while (x < 0);
        return x;
    case TPS_DELAY_LOGNORMAL:
        return exp(d->mu + d->sigma * tps__rng_normal(&d->rng));
    case TPS_DELAY_PARETO:
        /* 1 - U lies in (0, 1], so the power is finite: at most
         * SCALE * 2^(53/SHAPE). */
        return d->p[1] * pow(1.0 - tps__rng_uniform(&d->rng), -1.0 / d->p[0]);
    case TPS_DELAY_EXP:
        return -d->p[0] * log1p(-tps__rng_uniform(&d->rng));
    case TPS_DELAY_NONE:
        break;
    }
    return 0;
}

double tps__delay_after(tps_delay_t *d, double compute_s) {
    if (!(compute_s > 0))
        compute_s = 0;
    return d->factor * tps__delay_sample_ms(d) / 1000.0 +
           (d->factor - 1.0) * compute_s;
}

/* Moments of N(m, s^2) conditioned on >= 0, with z = m/s and
 * lambda = phi(z)/Phi(z): mean m + s*lambda, variance
 * s^2 * (1 - z*lambda - lambda^2). */
static void truncnorm_moments(double m, double s, double *mean, double *sd) {
    if (s == 0) {
        *mean = m;
        *sd = 0;
        return;
    }
    double z = m / s;
    double lambda =
        exp(-0.5 * z * z) / sqrt(2 * M_PI) / (0.5 * erfc(-z / M_SQRT2));
    *mean = m + s * lambda;
    double v = 1 - z * lambda - lambda * lambda;
    *sd = s * sqrt(v > 0 ? v : 0);
}

double tps__delay_mean_ms(const tps_delay_t *d) {
    double mean, sd;
    switch (d->kind) {
    case TPS_DELAY_CONST:
    case TPS_DELAY_LOGNORMAL:
    case TPS_DELAY_EXP:
        return d->p[0];
    case TPS_DELAY_UNIFORM:
        return 0.5 * (d->p[0] + d->p[1]);
    case TPS_DELAY_NORMAL:
        truncnorm_moments(d->p[0], d->p[1], &mean, &sd);
        return mean;
    case TPS_DELAY_PARETO:
        return d->p[0] * d->p[1] / (d->p[0] - 1);
    case TPS_DELAY_NONE:
        break;
    }
    return 0;
}

double tps__delay_sd_ms(const tps_delay_t *d) {
    double mean, sd, a = d->p[0];
    switch (d->kind) {
    case TPS_DELAY_CONST:
        return 0;
    case TPS_DELAY_UNIFORM:
        return (d->p[1] - a) / sqrt(12.0);
    case TPS_DELAY_NORMAL:
        truncnorm_moments(a, d->p[1], &mean, &sd);
        return sd;
    case TPS_DELAY_LOGNORMAL:
        return a * d->p[1];
    case TPS_DELAY_PARETO:
        if (a <= 2)
            return INFINITY;
        return d->p[1] / (a - 1) * sqrt(a / (a - 2));
    case TPS_DELAY_EXP:
        return a;
    case TPS_DELAY_NONE:
        break;
    }
    return 0;
}

void tps__delay_describe(const tps_delay_t *d, char *buf, size_t len) {
    if (len == 0)
        return;
    const char *name = kinds[d->kind].name;
    int n;
    if (d->kind == TPS_DELAY_NONE)
        n = snprintf(buf, len, "%s", name);
    else if (kinds[d->kind].nparam == 1)
        n = snprintf(buf, len, "%s:%g (mean %g ms, sd %g ms)", name, d->p[0],
                     tps__delay_mean_ms(d), tps__delay_sd_ms(d));
    else
        n = snprintf(buf, len, "%s:%g:%g (mean %g ms, sd %g ms)", name, d->p[0],
                     d->p[1], tps__delay_mean_ms(d), tps__delay_sd_ms(d));
    if (d->factor != 1 && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ", straggler factor %g", d->factor);
}

void tps__delay_seed_rank(tps_delay_t *d, uint64_t seed, int rank) {
    tps__delay_seed(d, seed, 2000 + (uint64_t)rank);
}

int tps_delay_new(const char *spec, const char *const *stragglers, int n,
                  int rank, uint64_t seed, tps_delay_t **out, char *err,
                  size_t errlen) {
    *out = NULL;
    if (rank < 0 || n < 0 || (n > 0 && stragglers == NULL)) {
        if (err && errlen)
            snprintf(err, errlen, "delay: rank %d and %d stragglers: expected "
                     "numbers >= 0", rank, n);
        return TPS_EINVAL;
    }
    tps_delay_t *d = malloc(sizeof(*d));
    if (d == NULL)
        return TPS_ENOMEM;
    int rc = tps__delay_parse(d, spec ? spec : "none", err, errlen);
    for (int i = 0; rc == 0 && i < n; i++)
        rc = tps__delay_set_straggler(d, stragglers[i], rank, 0, err, errlen);
    if (rc < 0) {
        free(d);
        return rc;
    }
    tps__delay_seed_rank(d, seed, rank);
    *out = d;
    return 0;
}

double tps_delay_next(tps_delay_t *d, double compute_s) {
    return tps__delay_after(d, compute_s);
}

void tps_delay_describe(const tps_delay_t *d, char *buf, size_t len) {
    tps__delay_describe(d, buf, len);
}

void tps_delay_free(tps_delay_t *d) {
    free(d);
}

int tps__sleep_s(double seconds, volatile sig_atomic_t *stop) {
    if (stop != NULL && *stop)
        return 1;
    if (!(seconds > 0))
        return 0;
    /* Keeps tv_sec representable whatever a heavy tail draws. */
    if (seconds > 1e9)
        seconds = 1e9;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    double whole = floor(seconds);
    /* Rounding the fraction up keeps the sleep from ending a nanosecond
     * early. */
    t.tv_sec += (time_t)whole;
    t.tv_nsec += (long)ceil((seconds - whole) * 1e9);
    while (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    /* An absolute deadline makes "sleep the remainder" exact however often
     * signals interrupt. Other errors (EINVAL, ENOTSUP) cannot arise for a
     * normalised timespec on CLOCK_MONOTONIC. */
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
        if (stop != NULL && *stop)
            return 1;
    return 0;
}
