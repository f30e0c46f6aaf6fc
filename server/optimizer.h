/* SPDX-License-Identifier: MIT */
/* The shard's update rule: optimizers, learning-rate schedule, warmup,
 * gradient-norm clipping and staleness weighting (docs/design.md §3).
 *
 * A push's gradient slice g becomes
 *
 *     g_eff = scale * g + weight_decay * p
 *
 * before any optimizer state sees it, where the caller's `scale` is the
 * product of the staleness weight, the clip factor and any 1/N averaging.
 * Weighting comes first, before the momentum update; weighting after would
 * let a stale gradient enter the momentum buffer at full strength and keep
 * acting for ~1/(1-beta) steps. Weight decay is coupled L2 (the gradient of
 * wd/2 ||p||^2): it is added after the scaling because it depends on the
 * current parameters, not on the stale ones the gradient was computed at, so
 * staleness says nothing about it.
 *
 * With lr_t = tps__optim_lr(o, t) and elementwise arithmetic:
 *
 * | optimizer | slots | update                                              |
 * |-----------|-------|-----------------------------------------------------|
 * | sgd       | 0     | p -= lr_t g                                         |
 * | momentum  | 1     | m = mu m + g;  p -= lr_t m            (heavy ball)  |
 * | nesterov  | 1     | m = mu m + g;  p -= lr_t (g + mu m)   (new m)       |
 * | adagrad   | 1     | v += g^2;      p -= lr_t g / (sqrt(v) + eps)        |
 * | adam      | 2     | m = b1 m + (1-b1) g;  v = b2 v + (1-b2) g^2;        |
 * |           |       | p -= lr_t (m/(1-b1^t)) / (sqrt(v/(1-b2^t)) + eps)   |
 * | ftrl      | 2     | z, n below; p = 0 if |z| <= l1, else                |
 * |           |       | p = -(z - sign(z) l1) / ((beta + sqrt(n))/lr_t + l2)|
 *
 * FTRL-Proximal is McMahan et al., "Ad Click Prediction: a View from the
 * Trenches" (KDD 2013), Algorithm 1, per element, with alpha = lr_t:
 *
 *     sigma = (sqrt(n + g^2) - sqrt(n)) / lr_t;  z += g - sigma p;  n += g^2
 *
 * (z is slot 0, n slot 1). The parameters hold the weights it derives, so
 * pulls see them, exact zeros under --l1. Choices the paper leaves open:
 * - The weights are a function of (z, n), so an element's first update
 *   replaces its initial value (which enters only through sigma p, weighted
 *   |g|/(beta + |g|)): FTRL tensors and tables are meant to start at zero,
 *   as in the paper.
 * - An element whose g is exactly 0 is left alone, as Algorithm 1 touches
 *   only the features present; so untouched elements keep their values and
 *   beta = l2 = 0 never divides 0 by 0.
 * - lr_t follows the schedule and warmup like every rate here; lr_t = 0
 *   leaves everything unchanged (the other optimizers' "0 freezes").
 * - Weight decay stays the coupled L2 term above, the same g for every
 *   optimizer: to FTRL it is part of the loss, linearised like the rest of
 *   the gradient and applied at each update of the element (a table row:
 *   each push of it), whereas --l2 is FTRL's own regulariser, exact and
 *   in closed form (usually the one to use).
 *
 * Schedules (t is the 1-based step number of the tensor being updated):
 *
 * | schedule          | lr_t before warmup                                 |
 * |-------------------|----------------------------------------------------|
 * | constant          | lr                                                 |
 * | invsqrt           | lr / sqrt(t)                                       |
 * | step:EVERY:FACTOR | lr * FACTOR^floor((t-1)/EVERY): steps 1..EVERY at  |
 * |                   | lr, EVERY+1..2 EVERY at lr*FACTOR, ...             |
 * | cosine:TOTAL      | lr * (1 + cos(pi min(t,TOTAL)/TOTAL)) / 2: reaches |
 * |                   | 0 at step TOTAL and stays there                    |
 *
 * Warmup N multiplies this by min(1, t/N), so step 1 runs at lr/N and step N
 * at the full rate; the schedule is not shifted by the warmup.
 *
 * Staleness weights: none 1, inverse 1/(1+s), exp:LAMBDA e^(-LAMBDA s),
 * lrdiv 1/max(1,s) (Zhang et al.'s rule: s = 0 and s = 1 both weigh 1).
 * dc:LAMBDA weighs 1 and compensates the gradient instead (DC-ASGD, Zheng
 * et al. 2017): g + LAMBDA g*g*(w - w_read), elementwise, w_read being
 * what the pushing worker last pulled (tps__shard_dc_compensate).
 *
 * State and parameters are float; per-step scalars are computed in double and
 * rounded once. Nothing here allocates or locks: the caller owns every
 * buffer. */
#ifndef TPS_OPTIMIZER_H
#define TPS_OPTIMIZER_H

#include <stddef.h>
#include <stdint.h>

typedef enum tps__optim_kind_e {
    TPS_OPTIM_SGD = 0,
    TPS_OPTIM_MOMENTUM,
    TPS_OPTIM_NESTEROV,
    TPS_OPTIM_ADAM,
    TPS_OPTIM_ADAGRAD,
    TPS_OPTIM_FTRL
} tps__optim_kind_t;

typedef enum tps__sched_kind_e {
    TPS_SCHED_CONSTANT = 0,
    TPS_SCHED_INVSQRT,
    TPS_SCHED_STEP,  /* sched_every, sched_factor */
    TPS_SCHED_COSINE /* sched_total */
} tps__sched_kind_t;

typedef enum tps__weight_kind_e {
    TPS_WEIGHT_NONE = 0,
    TPS_WEIGHT_INVERSE,
    TPS_WEIGHT_EXP, /* weight_lambda */
    TPS_WEIGHT_LRDIV,
    TPS_WEIGHT_DC /* weight 1; the gradient is compensated (shard.c) */
} tps__weight_kind_t;

/* A validated optimizer configuration; build it with tps__optim_init. */
typedef struct tps__optim_s {
    tps__optim_kind_t kind;
    double lr;
    double momentum;     /* momentum, nesterov */
    double beta1, beta2; /* adam */
    double eps;          /* adam, adagrad */
    double ftrl_beta;    /* ftrl: beta in the rate lr/(beta + sqrt(n)) */
    double l1, l2;       /* ftrl */
    double weight_decay; /* coupled L2, every optimizer */
    double clip_norm;    /* 0: no clipping */
    tps__sched_kind_t sched;
    uint64_t sched_every;
    double sched_factor;
    uint64_t sched_total;
    uint64_t warmup; /* 0: none */
    tps__weight_kind_t weight;
    double weight_lambda;
} tps__optim_t;

/* The options as the user gave them; strings are borrowed. */
typedef struct tps__optim_conf_s {
    const char *optimizer; /* --optimizer: sgd|momentum|nesterov|adam|adagrad|
                              ftrl */
    const char *schedule;  /* --lr-schedule: see the table above */
    const char *weight;    /* --staleness-weight: none|inverse|exp:L|lrdiv|
                              dc:L */
    double lr;             /* --lr, >= 0 */
    double momentum;       /* --momentum, [0, 1) */
    double beta1, beta2;   /* --beta1, --beta2, [0, 1) */
    double eps;            /* --eps, > 0 */
    double ftrl_beta;      /* --ftrl-beta, >= 0 */
    double l1, l2;         /* --l1, --l2, >= 0 */
    double weight_decay;   /* --weight-decay, >= 0 */
    double clip_norm;      /* --clip-norm, >= 0 (0: off) */
    uint64_t warmup;       /* --warmup, steps (0: off) */
} tps__optim_conf_t;

/* Fills in the defaults: sgd, constant, none, lr 0.1, momentum 0.9, beta1 0.9,
 * beta2 0.999, eps 1e-8, ftrl-beta 1, l1 0, l2 0, no weight decay, no
 * clipping, no warmup. */
void tps__optim_conf_default(tps__optim_conf_t *c);

/* Parses and checks every field of `c` into `o`. Returns 0, or TPS_EINVAL
 * with a sentence in err naming the option and the bad text; `o` is then
 * unspecified. */
int tps__optim_init(tps__optim_t *o, const tps__optim_conf_t *c, char *err,
                    size_t errlen);

/* The three text parsers tps__optim_init uses, for option validation: each
 * fills only its own fields of `o` (pass a scratch struct to just check) and
 * returns 0 or TPS_EINVAL with a sentence naming the option in err. */
int tps__optim_parse_optimizer(tps__optim_t *o, const char *text, char *err,
                               size_t errlen);
int tps__optim_parse_schedule(tps__optim_t *o, const char *text, char *err,
                              size_t errlen);
int tps__optim_parse_weight(tps__optim_t *o, const char *text, char *err,
                            size_t errlen);

/* Optimizer state slots per parameter element (0, 1 or 2): the shard keeps
 * that many zero-initialised float arrays the length of its slice (a table,
 * per row). */
int tps__optim_slots(const tps__optim_t *o);

/* Weight of a gradient whose staleness is s updates, in (0, 1]. */
double tps__staleness_weight(const tps__optim_t *o, uint64_t s);

/* Learning rate at 1-based step t (schedule times warmup); t = 0 counts as
 * step 1. */
double tps__optim_lr(const tps__optim_t *o, uint64_t t);

/* min(1, clip_norm / grad_norm), where grad_norm is the L2 norm of the
 * worker's whole gradient (a shard only sees a slice, so the worker sends the
 * norm, and the shard passes the larger of that claim and its slice's own
 * norm). 1 when clip_norm <= 0 or grad_norm <= clip_norm; a NaN norm also
 * gives 1, since such claims are refused before they get here. */
double tps__clip_factor(double clip_norm, double grad_norm);

/* One update of n elements at 1-based step t (the number of updates this
 * state has now seen; adam's bias correction depends on it, so the caller
 * keeps one count per tensor, or per table row: a row's own version + 1
 * makes the step lazy, the row's schedule and bias correction advancing
 * only when it is pushed). g is multiplied by `scale` before anything
 * else. s0 and s1 are the state slots, zero before the first step: s0 is the
 * momentum / adagrad accumulator / adam's first moment / ftrl's z, s1 adam's
 * second moment / ftrl's n; unused slots may be NULL. p, g, s0 and s1 must
 * not overlap. Borrows everything; no allocation. Returns 1 when it wrote a
 * NaN or an infinity into p or the state (the caller undoes the step), else
 * 0. */
int tps__optim_step(const tps__optim_t *o, float *p, const float *g,
                     double scale, float *s0, float *s1, uint64_t n,
                     uint64_t t);

/* One line describing the configuration, for logs and run.json, e.g.
 * "adam lr=0.1 beta1=0.9 beta2=0.999 eps=1e-08 weight-decay=0
 * lr-schedule=cosine:1000 warmup=0 clip-norm=0 staleness-weight=inverse";
 * ftrl adds "ftrl-beta=1 l1=0 l2=0". Shards compare these key by key.
 * Always NUL-terminates when len > 0. */
void tps__optim_describe(const tps__optim_t *o, char *buf, size_t len);

#endif
