/* SPDX-License-Identifier: MIT */
/* Float32 vector checks; see tps_float.h. */
#include "tps_float.h"

uint64_t tps__first_nonfinite(const float *g, uint64_t count) {
    /* Branch-free scan of the exponent bits in blocks (vectorisable); the
     * exact index is looked up only when a block has a hit. */
    const uint32_t *u = (const uint32_t *)(const void *)g;
    uint64_t i = 0;
    for (; i + 64 <= count; i += 64) {
        uint32_t hit = 0;
        for (int k = 0; k < 64; k++)
            hit |= (uint32_t)((u[i + k] & 0x7f800000u) == 0x7f800000u);
        if (hit)
            break;
    }
    for (; i < count; i++)
        if ((u[i] & 0x7f800000u) == 0x7f800000u)
            return i;
    return count;
}
