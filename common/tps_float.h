/* SPDX-License-Identifier: MIT */
/* Checks on float32 vectors shared by the client and the server. */
#ifndef TPS_FLOAT_H
#define TPS_FLOAT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Loops over whole tensors, run once per pushed or pulled byte: GCC
 * builds an AVX2 version beside the baseline one and the loader picks
 * the one the CPU runs (function multi-versioning; glibc's ifunc). The
 * wider lanes matter where the data is in cache, as a received chunk is:
 * the magnitude scan goes from 7 to 25 GB/s there. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TPS_WIDE __attribute__((target_clones("avx2", "default")))
#else
#define TPS_WIDE
#endif

/* Index of the first NaN or Inf in g[0..count), or count if all are finite. */
uint64_t tps__first_nonfinite(const float *g, uint64_t count);

/* The largest |g[i]| over g[0..count) as the bits of a float (0 when
 * count is 0). For finite floats the order of these bits is the order of
 * magnitudes, and NaN and Inf are the only values at or above
 * TPS_NONFINITE_BITS: one branch-free pass answers both questions. */
#define TPS_NONFINITE_BITS 0x7f800000u
uint32_t tps__max_abs_bits(const float *g, uint64_t count);
float tps__bits_float(uint32_t bits);

/* The sum of g[i]^2 over g[0..count), in double: no finite float's square
 * overflows it, so the sum is finite exactly when every g[i] is. Summed in
 * eight lanes (a single running sum waits on each add before the next). */
double tps__sum_squares(const float *g, uint64_t count);

/* d floats from src to dst, a table's row: copied inline in blocks of a
 * fixed size, since a call of memcpy for one row of 16 floats costs about
 * as much as the copy, and calls copy rows a thousand at a time. Either
 * side may be unaligned (a row in a received frame). */
static inline void tps__row_copy(void *restrict dst, const void *restrict src,
                                 size_t d) {
    unsigned char *to = dst;
    const unsigned char *from = src;
    size_t j = 0, n = d * sizeof(float);
    for (; j + 32 <= n; j += 32)
        memcpy(to + j, from + j, 32);
    if (j < n)
        memcpy(to + j, from + j, n - j);
}

#endif
