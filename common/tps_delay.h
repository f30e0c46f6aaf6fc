/* SPDX-License-Identifier: MIT */
/* Seeded compute delays that a worker adds after each iteration, to study
 * stragglers and heavy tails on purpose (docs/design.md §7). A delay is drawn
 * from a distribution given as text (--delay), a worker may be named a
 * straggler
 * (--straggler RANK:FACTOR), and the draws come from tps_rng so that a seed
 * and a rank reproduce the same delays on any host.
 *
 * Specs (all times in milliseconds):
 *
 * | spec               | distribution                                      |
 * |--------------------|---------------------------------------------------|
 * | none               | no delay                                          |
 * | const:MS           | exactly MS, MS >= 0                               |
 * | uniform:A:B        | uniform on [A, B), 0 <= A <= B                    |
 * | normal:MEAN:SD     | normal conditioned on >= 0 (see below), MEAN >= 0 |
 * | lognormal:MEAN:CV  | log-normal whose own mean is MEAN and own sd is   |
 * |                    | CV*MEAN: sigma^2 = ln(1+CV^2),                    |
 * |                    | mu = ln(MEAN) - sigma^2/2; MEAN > 0, CV >= 0      |
 * | pareto:SHAPE:SCALE | Pareto with alpha = SHAPE > 1, x_m = SCALE > 0:   |
 * |                    | mean alpha*x_m/(alpha-1); the variance is         |
 * |                    | infinite for alpha <= 2                           |
 * | exp:MEAN           | exponential, MEAN > 0                             |
 *
 * normal is truncated at 0 by resampling negative draws, so its samples
 * follow the normal density restricted to [0, inf) with no point mass at 0;
 * clamping would instead give exactly 0 ms to a whole fraction of the
 * iterations. The choice is about shape, not the mean: both raise the mean,
 * resampling more (normal:10:10 has mean 12.88 resampled, 10.83 clamped).
 * tps__delay_mean_ms and tps__delay_sd_ms give the exact moments of the
 * truncated law, which differ from MEAN and SD by less than 1e-5 relative
 * once MEAN >= 5 SD. MEAN >= 0 keeps the acceptance rate at least 1/2, so
 * resampling ends quickly.
 *
 * pareto with SHAPE <= 1 is rejected: its mean is infinite, so no run length
 * would show a stable iteration time. */
#ifndef TPS_DELAY_H
#define TPS_DELAY_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "tps_rng.h"

typedef enum tps__delay_kind_e {
    TPS_DELAY_NONE,
    TPS_DELAY_CONST,
    TPS_DELAY_UNIFORM,
    TPS_DELAY_NORMAL,
    TPS_DELAY_LOGNORMAL,
    TPS_DELAY_PARETO,
    TPS_DELAY_EXP
} tps__delay_kind_t;

/* Owned by the caller and free of allocations, so it needs no cleanup. The
 * parameters are kept as written in the spec; `mu` and `sigma` are derived once
 * for lognormal so that sampling does not repeat the logarithms. */
typedef struct tps_delay_s {
    tps__delay_kind_t kind;
    double p[2];      /* spec parameters in order, e.g. SHAPE, SCALE */
    double mu, sigma; /* lognormal: of the underlying normal */
    double factor;    /* straggler factor for this process, 1 if not one */
    tps__rng_t rng;
} tps_delay_t;

/* Initialises *d from `spec` (see the table above): not a straggler, RNG
 * seeded with (0, 0) until tps__delay_seed. Call it before the other
 * functions. Returns 0, or TPS_EINVAL with a sentence naming --delay and the
 * spec in `err` (if err != NULL and errlen > 0); *d is then "none". */
int tps__delay_parse(tps_delay_t *d, const char *spec, char *err,
                     size_t errlen);

/* Applies one --straggler RANK:FACTOR option (RANK an integer >= 0 and,
 * when workers > 0, below it; FACTOR a number >= 1). Every process
 * validates every option so that a typo fails on all workers alike, but
 * only the process whose rank is RANK changes *d; naming the same rank
 * again replaces the earlier factor. workers is 0 where the cluster's size
 * is not known (tps_delay_new). Returns 0, or TPS_EINVAL with a sentence in
 * `err` and *d unchanged. */
int tps__delay_set_straggler(tps_delay_t *d, const char *spec, int my_rank,
                             int workers, char *err, size_t errlen);

/* Restarts the delay stream; use the run's seed and the worker's rank so
 * that workers draw independent delays. */
void tps__delay_seed(tps_delay_t *d, uint64_t seed, uint64_t stream);

/* tps__delay_seed with the stream of worker `rank`: what taups-worker and
 * tps_delay_new use, so that both draw the same delays. */
void tps__delay_seed_rank(tps_delay_t *d, uint64_t seed, int rank);

/* One draw of the base distribution in ms, without the straggler factor. */
double tps__delay_sample_ms(tps_delay_t *d);

/* Seconds to sleep after an iteration whose compute took `compute_s`:
 * factor*sample + (factor-1)*compute_s. A straggler's iteration thus lasts
 * factor*(compute + sample), "factor times slower" than its peers, and with
 * base "none" it sleeps (factor-1)*compute_s. Negative or NaN compute_s
 * counts as 0. */
double tps__delay_after(tps_delay_t *d, double compute_s);

/* Writes a one-line description for logs and run.json, e.g.
 * "pareto:1.5:50 (mean 150 ms, sd inf ms), straggler factor 3". */
void tps__delay_describe(const tps_delay_t *d, char *buf, size_t len);

/* Exact mean and standard deviation of the base distribution in ms (0 for
 * none; the sd is INFINITY for pareto with SHAPE <= 2). The straggler factor
 * is not included, as in tps__delay_sample_ms. */
double tps__delay_mean_ms(const tps_delay_t *d);
double tps__delay_sd_ms(const tps_delay_t *d);

/* Sleeps `seconds` on CLOCK_MONOTONIC towards a fixed deadline, so that
 * signals cut nothing short: after EINTR it sleeps the remainder, unless
 * `stop` (may be NULL) has been set, e.g. by a shutdown handler. Returns 0
 * after the full time (also for seconds <= 0 or NaN) and 1 if it returned
 * early because *stop was set, including when set on entry. A signal that
 * sets *stop between the check and the sleep is noticed only at the
 * deadline. Durations beyond 1e9 s are cut to 1e9 s. */
int tps__sleep_s(double seconds, volatile sig_atomic_t *stop);

#endif
