/* SPDX-License-Identifier: MIT */
/* Float32 vector checks; see tps_float.h. */
#include "tps_float.h"

#include <string.h>

uint64_t tps__first_nonfinite(const float *g, uint64_t count) {
    /* The branch-free pass (the common case: all finite), then the exact
     * index only when there is one to find. */
    if (tps__max_abs_bits(g, count) < TPS_NONFINITE_BITS)
        return count;
    const uint32_t *u = (const uint32_t *)(const void *)g;
    for (uint64_t i = 0; i < count; i++)
        if ((u[i] & TPS_NONFINITE_BITS) == TPS_NONFINITE_BITS)
            return i;
    return count;
}

TPS_WIDE uint32_t tps__max_abs_bits(const float *g, uint64_t count) {
    /* Sixteen running maxima over blocks of a fixed length, so that -O2
     * vectorises it. Signed: with the sign bit cleared the order is the
     * same, and SSE2 has a signed compare where an unsigned one takes
     * two more instructions a vector. */
    const int32_t *u = (const int32_t *)(const void *)g;
    int32_t lane[16] = {0};
    uint64_t i = 0;
    for (; i + 16 <= count; i += 16)
        for (int k = 0; k < 16; k++) {
            int32_t a = u[i + k] & 0x7fffffff;
            lane[k] = a > lane[k] ? a : lane[k];
        }
    int32_t m = 0;
    for (int k = 0; k < 16; k++)
        m = lane[k] > m ? lane[k] : m;
    for (; i < count; i++) {
        int32_t a = u[i] & 0x7fffffff;
        m = a > m ? a : m;
    }
    return (uint32_t)m;
}

float tps__bits_float(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* Two doubles a register: the eight lanes stay in four registers, not on
 * the stack where each add would wait for the last one's store. */
typedef double v2d __attribute__((vector_size(16)));

double tps__sum_squares(const float *g, uint64_t count) {
    v2d a0 = {0, 0}, a1 = a0, a2 = a0, a3 = a0;
    uint64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        v2d x0 = {g[i], g[i + 1]}, x1 = {g[i + 2], g[i + 3]};
        v2d x2 = {g[i + 4], g[i + 5]}, x3 = {g[i + 6], g[i + 7]};
        a0 += x0 * x0;
        a1 += x1 * x1;
        a2 += x2 * x2;
        a3 += x3 * x3;
    }
    double ss = 0;
    for (; i < count; i++)
        ss += (double)g[i] * g[i];
    /* Lane by lane, in the order the lanes had before they were vectors:
     * the same sum to the last bit. */
    return ss + a0[0] + a0[1] + a1[0] + a1[1] + a2[0] + a2[1] + a3[0] + a3[1];
}
