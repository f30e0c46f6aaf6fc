/* SPDX-License-Identifier: MIT */
/* xoshiro256** (Blackman & Vigna) with splitmix64 seeding. */
#include "tps_rng.h"

#include <math.h>

#include "taups.h"

static uint64_t splitmix64(uint64_t *x) {
    return tps__mix64(*x += 0x9e3779b97f4a7c15ULL);
}

static inline uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

void tps__rng_seed(tps__rng_t *r, uint64_t seed, uint64_t stream) {
    uint64_t x =
        seed ^ (stream * 0xd1342543de82ef95ULL + 0x632be59bd9b4e019ULL);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
    r->has_spare = 0;
    r->spare = 0;
}

uint64_t tps__rng_next(tps__rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double tps__rng_uniform(tps__rng_t *r) {
    return (double)(tps__rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t tps__rng_below(tps__rng_t *r, uint64_t n) {
    /* Rejection from the top of the range keeps every residue equally likely.
     */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = tps__rng_next(r);
    while (x >= limit);
    return x % n;
}

double tps__rng_normal(tps__rng_t *r) {
    if (r->has_spare) {
        r->has_spare = 0;
        return r->spare;
    }
    double u, v, q;
    do {
        u = 2.0 * tps__rng_uniform(r) - 1.0;
        v = 2.0 * tps__rng_uniform(r) - 1.0;
        q = u * u + v * v;
    } while (q >= 1.0 || q == 0.0);
    double f = sqrt(-2.0 * log(q) / q);
    r->spare = v * f;
    r->has_spare = 1;
    return u * f;
}

static double unit(uint64_t seed, uint64_t i, uint64_t k) {
    uint64_t h =
        tps__mix64(seed * 0x9e3779b97f4a7c15ULL + tps__mix64(2 * i + k + 1));
    return ((double)(h >> 11) + 0.5) * 0x1.0p-53; /* in (0, 1) */
}

float tps__init_value(int init, float scale, uint64_t seed, uint64_t i) {
    switch (init) {
    case TPS_INIT_UNIFORM:
        return (float)((2.0 * unit(seed, i, 0) - 1.0) * scale);
    case TPS_INIT_NORMAL: {
        /* Box-Muller from two hashes of the index. */
        double u = unit(seed, i, 0), v = unit(seed, i, 1);
        return (float)(sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v) * scale);
    }
    default:
        return 0.0f;
    }
}

void tps__row_init(int init, float scale, uint64_t seed, uint64_t id,
                   uint32_t dim, float *out) {
    uint64_t row_seed = tps__mix64(seed ^ tps__mix64(id));
    for (uint32_t j = 0; j < dim; j++)
        out[j] = tps__init_value(init, scale, row_seed, j);
}
