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

uint32_t tps__max_abs_bits(const float *g, uint64_t count) {
    /* Eight running maxima over blocks of a fixed length, so that -O2
     * vectorises it as it does the scan above. */
    const uint32_t *u = (const uint32_t *)(const void *)g;
    uint32_t lane[8] = {0};
    uint64_t i = 0;
    for (; i + 8 <= count; i += 8)
        for (int k = 0; k < 8; k++) {
            uint32_t a = u[i + k] & 0x7fffffffu;
            lane[k] = a > lane[k] ? a : lane[k];
        }
    uint32_t m = 0;
    for (int k = 0; k < 8; k++)
        m = lane[k] > m ? lane[k] : m;
    for (; i < count; i++) {
        uint32_t a = u[i] & 0x7fffffffu;
        m = a > m ? a : m;
    }
    return m;
}

float tps__bits_float(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

double tps__sum_squares(const float *g, uint64_t count) {
    double lane[8] = {0};
    uint64_t i = 0;
    for (; i + 8 <= count; i += 8)
        for (int k = 0; k < 8; k++)
            lane[k] += (double)g[i + k] * g[i + k];
    double ss = 0;
    for (; i < count; i++)
        ss += (double)g[i] * g[i];
    for (int k = 0; k < 8; k++)
        ss += lane[k];
    return ss;
}
