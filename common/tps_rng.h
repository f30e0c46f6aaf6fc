/* SPDX-License-Identifier: MIT */
/* Seeded pseudo-random numbers for initialisation, data synthesis and
 * minibatch sampling. xoshiro256** seeded through splitmix64: fast, good
 * statistical quality, and identical streams on every host for a seed, which
 * is what makes runs reproducible across processes. Not for cryptography. */
#ifndef TPS_RNG_H
#define TPS_RNG_H

#include <stdint.h>

/* The splitmix64 finaliser (Steele, Lea and Flood): a bijection of 64-bit
 * words that spreads every input bit over the output. The one copy: seeds
 * derived through it decide reproducible runs, so it must not change. */
static inline uint64_t tps__mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct tps__rng_s {
    uint64_t s[4];
    double spare;   /* second Box-Muller deviate, valid when has_spare */
    int has_spare;
} tps__rng_t;

/* Seeds the generator; distinct (seed, stream) pairs give independent streams
 * (e.g. stream = worker rank). */
void tps__rng_seed(tps__rng_t *r, uint64_t seed, uint64_t stream);
uint64_t tps__rng_next(tps__rng_t *r);
/* Uniform in [0, 1) with 53 random bits. */
double tps__rng_uniform(tps__rng_t *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t tps__rng_below(tps__rng_t *r, uint64_t n);
/* Standard normal deviate (polar Box-Muller). */
double tps__rng_normal(tps__rng_t *r);

/* The value element i of a tensor starts with (init is a tps_init_t): a pure
 * function of (init, scale, seed, i), so a tensor's initial values depend
 * neither on how many shards hold it nor on who computes them (a shard, or
 * taups-worker --standalone). */
float tps__init_value(int init, float scale, uint64_t seed, uint64_t i);

/* The initial values of row `id` of a table (design §2b): element j is
 * tps__init_value(init, scale, mix64(seed ^ mix64(id)), j). Pure, so every
 * shard, restart and replay gives the same row, and a pull of a row never
 * pushed is answered without storing it. Writes dim floats to out. */
void tps__row_init(int init, float scale, uint64_t seed, uint64_t id,
                   uint32_t dim, float *out);

#endif
